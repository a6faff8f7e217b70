"""Putting a run together: CFA, components from the configuration, the algorithm.

This is the library's entry point (the command line is a thin shell over it)::

    from cpa import verify
    result = verify("program.c", config="lbe", timelimit=60)
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from algorithms.cpa_algorithm import Deadline, TimeLimitExceeded
from cpa import plugins
from cpa.cfa.data_model import DEFAULT, DataModel
from cpa.cfa.frontend import parse_program
from cpa.cfa.loops import mark_loop_heads
from cpa.cfa.model import CFA
from cpa.cfa.order import assign_rpo_ids, assign_wto_positions
from cpa.cfa.targets import Specification
from cpa.config import Configuration, load_configuration
from cpa.core.arg import ARGCPA
from cpa.core.composite import CompositeCPA
from cpa.core.context import AnalysisContext
from cpa.core.reached import ReachedSet
from cpa.errors import CpaError, UnsupportedFeature, WitnessRejected
from cpa.native_stack import with_room_for_native_recursion
from cpa.progress import Heartbeat
from cpa.results import AnalysisOutcome, Counterexample, Verdict, VerificationResult
from cpa.statistics import Statistics
from cpa.watchdog import Watchdog, grace_for
from cpa.witness.correctness import collect_invariants, loop_locations


def prepare_cfa(cfa: CFA) -> CFA:
    """The facts every analysis may rely on: loop heads, reverse post-order ids and
    positions in the weak topological order."""
    mark_loop_heads(cfa)
    assign_rpo_ids(cfa)
    assign_wto_positions(cfa)
    return cfa


def location_of(cpa: CompositeCPA):
    """A function from ARG states to their CFA node (for waitlist orders, refiners)."""
    from cpa_location.location import LocationCPA

    index = cpa.component(LocationCPA)
    return lambda arg_state: arg_state.wrapped.components[index]


def call_sites_of(cpa: CompositeCPA):
    """A function from ARG states to the call nodes of their open calls, outermost
    first (always empty without the call-stack CPA)."""
    from cpa_location.callstack import CallstackCPA

    try:
        index = cpa.component(CallstackCPA)
    except ValueError:
        return lambda arg_state: ()
    return lambda arg_state: arg_state.wrapped.components[index].call_sites


def build(
    cfa: CFA, configuration: Configuration, context: AnalysisContext
) -> tuple[ARGCPA, ReachedSet]:
    """The ARG-wrapped composite CPA of the configuration and its initial reached set."""
    cpas = [
        plugins.load(plugins.CPAS, name)(configuration.cpa_options[name], context)
        for name in configuration.analysis["cpas"]
    ]
    composite = CompositeCPA(cpas)
    cpa = ARGCPA(composite)
    waitlist_class = plugins.load(plugins.WAITLISTS, configuration.analysis["waitlist"])
    waitlist = waitlist_class(location_of(composite), call_sites_of(composite))
    reached = ReachedSet(waitlist, cpa.partition_key)
    entry = cfa.main.entry
    reached.add(cpa.initial_state(entry), cpa.initial_precision(entry))
    return cpa, reached


@with_room_for_native_recursion  # Z3's recursion does use the C stack
def analyze(
    cfa: CFA,
    configuration: Configuration,
    specification: Specification,
    timelimit: float | None = None,
    statistics: Statistics | None = None,
    progress: Callable[[str], None] | None = None,
    progress_interval: float = 5.0,
    want_invariants: bool = False,
    want_graphs: bool = False,
    on_overrun: Callable[[], None] | None = None,
) -> VerificationResult:
    """Run the configured analysis on ``cfa``; never raises for analysis limits:
    timeouts, memory exhaustion and unsupported features become UNKNOWN.

    ``progress`` (optional) receives a line with the reached states, refinements,
    predicates and abstractions every ``progress_interval`` seconds of the run.
    ``want_invariants``: a TRUE answer carries the loop invariants of its ARG (for a
    correctness witness; it reads the source and converts labels, so only on demand).
    ``want_graphs``: the result carries the explored CFA and a snapshot of the ARG
    (for ``cpa verify --report``), also after a timeout.
    ``on_overrun`` (optional, with a ``timelimit``): called from a watchdog thread if
    the work the deadline governs (the analysis, the confirmation of a FALSE) is
    still running a grace period after it (:mod:`cpa.watchdog`); the work that
    follows a finished analysis (invariants, the report's snapshot) is not watched."""
    statistics = statistics or Statistics()
    # large blocks (LBE) nest deeply; Python frames do not use the C stack in 3.11+
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    deadline = Deadline.after(timelimit)
    context = AnalysisContext(
        cfa,
        specification,
        deadline,
        statistics,
        dict(configuration.analysis),
        configuration.component_options,
    )
    reached = cpa = None
    invariants = None
    loops: dict = {}
    running: dict[str, ReachedSet] = {}

    def sample() -> dict[str, int]:
        current = running.get("reached")
        return {
            "reached": len(current) if current is not None else 0,
            "refinements": statistics.get("refinements"),
            "predicates": statistics.get("predicates_total"),
            "abstractions": statistics.get("abstractions"),
        }

    def watched():
        """The rest of the deadline's work under a watchdog, if one is asked for."""
        if on_overrun is None or timelimit is None:
            return nullcontext()
        return Watchdog(max(0.0, deadline.remaining() or 0.0), grace_for(timelimit), on_overrun)

    heartbeat = Heartbeat(sample, progress, progress_interval) if progress else nullcontext()
    program_cfa: CFA | None = None  # the CFA the runs execute, once prepared
    found_by_a_run = summarised = False
    with heartbeat:
        try:
            with watched():
                prepare_cfa(cfa)
                program_cfa = cfa
                # a counterexample found by running the program, already confirmed
                outcome = search_first(cfa, configuration, specification, deadline, statistics)
                found_by_a_run = outcome is not None
                if not found_by_a_run:
                    # before transformations merge the loops' edges
                    loops = loop_locations(cfa) if want_invariants else {}
                    for name in configuration.analysis["cfa_transformations"]:
                        transformation = plugins.load(plugins.CFA_TRANSFORMATIONS, name)()
                        with statistics.timer("cfa_transformation_time_s"):
                            cfa = prepare_cfa(transformation.apply(cfa, context))
                        context.cfa = cfa
                        summarised = True
                    cpa, reached = build(cfa, configuration, context)
                    running["reached"] = reached
                    algorithm_name = configuration.analysis["algorithm"]
                    algorithm_class = plugins.load(plugins.ALGORITHMS, algorithm_name)
                    algorithm = algorithm_class(
                        configuration.algorithm_options, context, cpa, reached
                    )
                    outcome = undefined_behaviour_is_unknown(algorithm.run())
            if want_invariants and outcome.verdict is Verdict.TRUE:
                found = collect_invariants(reached, cpa.wrapped)
                invariants = {loops[node]: f for node, f in found.items() if node in loops}
            if configuration.analysis["confirm_false"] == "gcc" and not found_by_a_run:
                with statistics.timer("confirmation_time_s"), watched():
                    outcome = confirm_by_execution(outcome, cfa, specification, deadline)
        except TimeLimitExceeded:
            outcome = AnalysisOutcome(Verdict.UNKNOWN, "timeout")
        except UnsupportedFeature as error:
            outcome = AnalysisOutcome(Verdict.UNKNOWN, str(error))
        except WitnessRejected as error:
            outcome = AnalysisOutcome(Verdict.UNKNOWN, str(error))
            statistics.set("witness_refuted", int(error.definite))
        except MemoryError:
            outcome = AnalysisOutcome(Verdict.UNKNOWN, "out of memory")
        except RecursionError:
            outcome = AnalysisOutcome(
                Verdict.UNKNOWN, "program nested too deeply for the analysis (recursion depth)"
            )
        except CpaError:  # configuration errors are the caller's to report
            raise
        except Exception as error:  # a bug of ours must not become a verdict or a traceback
            if os.environ.get("CPA_DEBUG"):
                raise
            first_line = str(error).splitlines()[0] if str(error) else ""
            outcome = AnalysisOutcome(
                Verdict.UNKNOWN,
                "out of memory"
                if _is_want_of_memory(error)
                else f"internal error: {type(error).__name__}: {first_line}",
            )
        if (
            program_cfa is not None
            and not found_by_a_run
            and outcome.verdict is Verdict.UNKNOWN
            and outcome.reason not in ("timeout", "out of memory")
        ):
            try:
                with watched():
                    outcome = search_after_unknown(
                        program_cfa,
                        configuration,
                        specification,
                        deadline,
                        statistics,
                        outcome,
                        summarised,
                    )
            except TimeLimitExceeded:
                pass  # the confirmation ran out of time: the analysis' answer stands
            except Exception as error:  # a bug of the search must not cost the answer
                if os.environ.get("CPA_DEBUG"):
                    raise
                statistics.set("execution_search_after_unknown_error", type(error).__name__)
    arg = None
    if want_graphs and reached is not None:
        from cpa.report.arg_graph import snapshot

        try:
            arg = snapshot(reached, cpa, location_of(cpa.wrapped))
        except MemoryError:  # the answer stands; the report goes without its ARG
            statistics.set("report_arg", "out of memory")
    values = statistics.as_dict()
    values.update(
        verdict=outcome.verdict.value,
        reason=outcome.reason,
        wall_time_s=round(time.perf_counter() - wall_start, 3),
        cpu_time_s=round(time.process_time() - cpu_start, 3),
        reached_size=len(reached) if reached is not None else 0,
        configuration=configuration.name,
    )
    for key in ("refinements", "predicates_total", "predicates_max", "abstractions"):
        values.setdefault(key, 0)
    for key in ("solver_time_s", "interpolation_time_s", "abstraction_time_s"):
        values.setdefault(key, 0.0)
    for key, value in values.items():
        if key.endswith("_s") and isinstance(value, float):
            values[key] = round(value, 3)
    return VerificationResult(
        outcome.verdict,
        outcome.reason,
        outcome.counterexample,
        values,
        invariants,
        cfa if want_graphs else None,
        arg,
    )


def undefined_behaviour_is_unknown(outcome: AnalysisOutcome) -> AnalysisOutcome:
    """A feasible path to undefined behaviour (:mod:`cpa.cfa.undefined`) is no
    counterexample: C gives the program no meaning there, so the answer is UNKNOWN."""
    example = outcome.counterexample
    if outcome.verdict is not Verdict.FALSE or example is None:
        return outcome
    if not example.undefined_behaviour:
        return outcome
    reason = f"undefined behaviour is reachable: {example.undefined_behaviour}"
    return AnalysisOutcome(Verdict.UNKNOWN, reason, example)


def confirm_by_execution(
    outcome: AnalysisOutcome, cfa: CFA, specification: Specification, deadline: Deadline
) -> AnalysisOutcome:
    """A FALSE answer stands only if the program, compiled by gcc for its data model and
    fed the counterexample's inputs, reaches a target (``cpa replay``); otherwise the
    answer is UNKNOWN with the reason. The analysis' own replay runs the CFA through
    the project's interpreter, which shares the frontend's reading of C: a frontend
    error would confirm itself, a compiled run cannot. The build and the run stay
    within ``deadline`` (:class:`TimeLimitExceeded` when it passes first)."""
    if outcome.verdict is not Verdict.FALSE or outcome.counterexample is None:
        return outcome
    from cpa.replay import replay

    program = Path(cfa.file)
    if not program.is_file():
        reason = f"FALSE not confirmed: no program file to compile ({cfa.file})"
        return AnalysisOutcome(Verdict.UNKNOWN, reason, outcome.counterexample)
    inputs = [str(value.value) for value in outcome.counterexample.inputs]
    deadline.check()
    result = replay(program, inputs, specification, cfa.data_model.name, 10.0, deadline.at)
    if result.reached:
        outcome.counterexample.confirmation = f"gcc: {result.reason}"
        return _confirm_on_the_file(outcome, program, inputs, specification, cfa, deadline)
    # the build or the run was cut short by the time limit: no evidence either way
    deadline.check()
    verdict = "does not reach the target" if result.reached is False else "could not be run"
    reason = f"FALSE not confirmed: the compiled program {verdict} ({result.reason})"
    return AnalysisOutcome(Verdict.UNKNOWN, reason, outcome.counterexample)


def _confirm_on_the_file(
    outcome: AnalysisOutcome,
    program: Path,
    inputs: list[str],
    specification: Specification,
    cfa: CFA,
    deadline: Deadline,
) -> AnalysisOutcome:
    """The compiled run above ran the program as the frontend read it; this one runs
    the file itself, built by gcc's own preprocessor and headers
    (:mod:`cpa.replay_original`). If that run does not reach a target, the frontend
    misread the text and the answer is UNKNOWN; if it cannot be made (inputs that
    are no calls, a label in a macro), the first run's evidence stands alone."""
    from cpa.replay_original import replay_original

    example = outcome.counterexample
    assert example is not None
    deadline.check()
    data_model = cfa.data_model.name
    result = replay_original(program, inputs, specification, data_model, 10.0, deadline.at)
    if result.reached is False:
        deadline.check()
        reason = (
            "FALSE not confirmed: the program as the frontend read it reaches the target, "
            f"the file itself compiled by gcc does not ({result.reason})"
        )
        return AnalysisOutcome(Verdict.UNKNOWN, reason, example)
    if result.reached:
        example.confirmation += "; the file itself too"
    else:
        example.confirmation += f"; {result.reason}"
    return outcome


def search_first(
    cfa: CFA,
    configuration: Configuration,
    specification: Specification,
    deadline: Deadline,
    statistics: Statistics,
) -> AnalysisOutcome | None:
    """FALSE with a counterexample that runs of the program with random inputs found
    (``analysis.search_by_execution`` seconds, at most a tenth of the time left) and,
    under ``confirm_false = "gcc"``, a compiled run confirmed; None otherwise (the
    analysis decides: an unconfirmed run is no evidence, and no run proves TRUE)."""
    seconds = configuration.analysis["search_by_execution"]
    remaining = deadline.remaining()
    if remaining is not None:
        seconds = min(seconds, remaining / 10)
    if seconds <= 0:
        return None
    from algorithms.execution_search import search_by_execution

    found = search_by_execution(cfa, specification, seconds, statistics)
    return _answer_of_run(found, cfa, configuration, specification, deadline, statistics)


#: how many times as many stale runs as the first search's the search after an UNKNOWN
#: allows: the analysis has nothing left to try, so the runs get longer to find rarer paths
_STALE_FACTOR_AFTER_UNKNOWN = 20


def search_after_unknown(
    cfa: CFA,
    configuration: Configuration,
    specification: Specification,
    deadline: Deadline,
    statistics: Statistics,
    outcome: AnalysisOutcome,
    summarised: bool = False,
) -> AnalysisOutcome:
    """``outcome`` (an UNKNOWN for a reason other than time or memory: a construct the
    analysis does not model, such as recursion, which the interpreter runs) or FALSE
    from more runs of the program (``analysis.search_after_unknown`` seconds, at most
    80 % of the time left, other inputs than the first search's, and
    :data:`_STALE_FACTOR_AFTER_UNKNOWN` times its coverage patience), confirmed as
    every run's counterexample is. Why: the analysis gave up with time left, and a
    confirmed run is as good an answer FALSE as the analysis' own. ``summarised``:
    a CFA transformation (LBE) has rewritten ``cfa`` in place, so the runs take the
    program's CFA from the file again (its constants and steps are the program's)."""
    seconds = configuration.analysis["search_after_unknown"]
    remaining = deadline.remaining()
    if remaining is not None:
        seconds = min(seconds, remaining * 0.8)
    if seconds <= 0:
        return outcome
    if summarised:
        started = time.monotonic()
        try:
            cfa = parse_program(
                cfa.file, cfa.entry_function, cfa.data_model, specification.error_functions
            )
        except (CpaError, OSError):
            return outcome  # a CFA from a string, or a file that changed since
        prepare_cfa(cfa)
        seconds -= time.monotonic() - started
        if seconds <= 0:
            return outcome
    from algorithms.execution_search import STALE_RUNS, search_by_execution

    prefix = "execution_search_after_unknown"
    stale_runs = _STALE_FACTOR_AFTER_UNKNOWN * STALE_RUNS
    found = search_by_execution(
        cfa, specification, seconds, statistics, 1, stale_runs, prefix, enumerate_small=True
    )
    answer = _answer_of_run(found, cfa, configuration, specification, deadline, statistics, prefix)
    if answer is None:
        return outcome
    statistics.set("unknown_before_the_search", outcome.reason)
    return answer


def _answer_of_run(
    found: Counterexample | None,
    cfa: CFA,
    configuration: Configuration,
    specification: Specification,
    deadline: Deadline,
    statistics: Statistics,
    prefix: str = "execution_search",
) -> AnalysisOutcome | None:
    """FALSE with the counterexample of a run that reached a target, once confirmed
    (under ``confirm_false = "gcc"``); None without one or when it is not confirmed."""
    if found is None:
        return None
    outcome = AnalysisOutcome(Verdict.FALSE, "a target is reachable (a run of the program)", found)
    if configuration.analysis["confirm_false"] == "gcc":
        with statistics.timer("confirmation_time_s"):
            outcome = confirm_by_execution(outcome, cfa, specification, deadline)
        if outcome.verdict is not Verdict.FALSE:
            statistics.set(f"{prefix}_unconfirmed", outcome.reason)
            return None
    statistics.set(f"{prefix}_found", 1)
    return outcome


def verify(
    program: str | Path,
    config: str | Configuration | None = None,
    specification: Specification | None = None,
    timelimit: float | None = None,
    entry_function: str = "main",
    data_model: DataModel = DEFAULT,
    want_invariants: bool = False,
    want_graphs: bool = False,
) -> VerificationResult:
    """Parse ``program`` (under ``data_model``) and verify it against ``specification``
    (default :meth:`Specification.any_error`); frontend errors (bad input) are raised."""
    configuration = config if isinstance(config, Configuration) else load_configuration(config)
    specification = specification or Specification.any_error()
    statistics = Statistics()
    with statistics.timer("parse_time_s"):
        cfa = parse_program(program, entry_function, data_model, specification.error_functions)
    return analyze(
        cfa,
        configuration,
        specification,
        timelimit,
        statistics,
        want_invariants=want_invariants,
        want_graphs=want_graphs,
    )


def _is_want_of_memory(error: Exception) -> bool:
    """Whether ``error`` is a library's way of saying memory ran out: Z3 raises
    ``Z3Exception("out of memory")``, and a thread cannot start when its stack does
    not fit under the address-space limit (``--memlimit``)."""
    text = str(error).lower()
    return "out of memory" in text or (
        isinstance(error, RuntimeError) and "can't start new thread" in text
    )
