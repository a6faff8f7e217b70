"""Checking a witness with the project's own machinery: ``cpa validate``.

A **violation witness** is checked by verifying the program restricted to the
executions the witness allows (the witness CPA in product with ABE-l,
``configs/validate-violation.toml``):

* FALSE, with the counterexample confirmed by a compiled run as every FALSE, and every
  constraint of the witness read exactly: ``confirmed``;
* TRUE, with every followed waypoint found in the program: ``refuted`` (no execution
  that the witness allows reaches its violation);
* anything else: ``unknown``, with the reason, unless the witness gives the values
  of the program's inputs (``\\result == V`` at the calls that read them, in order)
  and a run of the program on exactly those values reaches a target, confirmed by a
  compiled run: ``confirmed`` (execution-based validation, as SV-COMP's test-based
  validators do). Why: the analysis refuses programs the interpreter runs
  (recursion), and a witness of such a program is checked by running it.

A **correctness witness** is checked in :mod:`cpa.witness.invariants`.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from algorithms.cpa_algorithm import Deadline, TimeLimitExceeded
from cpa.cfa.data_model import DataModel
from cpa.cfa.frontend import parse_program
from cpa.cfa.inputs import consumes_input
from cpa.cfa.preprocess import read_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.errors import CpaError
from cpa.results import AnalysisOutcome, Counterexample, Verdict
from cpa.statistics import Statistics
from cpa.verifier import analyze, confirm_by_execution, prepare_cfa
from cpa.witness.format import TaskInfo, ViolationWitness, Waypoint, WitnessFile, read_witness
from cpa.witness.waypoints import RESULT_CONSTRAINT, result_constant

CONFIRMED, REFUTED, UNKNOWN = "confirmed", "refuted", "unknown"


@dataclass
class ValidationResult:
    outcome: str
    reason: str
    counterexample: Counterexample | None = None
    statistics: dict[str, Any] = field(default_factory=dict)

    def result_line(self) -> str:
        return f"Validation result: {self.outcome}"


def validate(
    witness_path: str | Path,
    program: str | Path,
    specification: Specification,
    entry_function: str,
    data_model: DataModel,
    timelimit: float | None = None,
    config: str | None = None,
    options: list[str] = (),
) -> ValidationResult:
    """Check the witness at ``witness_path`` against ``program`` (see the module doc).

    Bad input (an unreadable witness or program) raises :class:`CpaError`.
    """
    witness_file = read_witness(witness_path)
    mismatch = _task_mismatch(witness_file, program)
    if mismatch:
        return ValidationResult(UNKNOWN, mismatch)
    arguments = (
        witness_path,
        program,
        specification,
        entry_function,
        data_model,
        timelimit,
        config,
        list(options),
    )
    if any(isinstance(e, ViolationWitness) for e in witness_file.entries):
        return _validate_violation(*arguments)
    from cpa.witness.invariants import validate_invariants

    return validate_invariants(witness_file, *arguments)


def _task_mismatch(witness_file: WitnessFile, program: str | Path) -> str:
    """Why the witness is not about ``program`` (a recorded hash differs), or ''."""
    read_source(program)  # a missing, unreadable or binary program: one line, its name
    digest = hashlib.sha256(Path(program).read_bytes()).hexdigest()
    for entry in witness_file.entries:
        task: TaskInfo | None = entry.task
        if task is None or not task.input_file_hashes:
            continue
        hashes = {value.lower() for value in task.input_file_hashes.values()}
        if digest not in hashes:
            return (
                "the witness is for another program: its input file hash "
                f"{', '.join(sorted(hashes))} is not {Path(program).name}'s {digest}"
            )
    return ""


def _validate_violation(
    witness_path, program, specification, entry_function, data_model, timelimit, config, options
) -> ValidationResult:
    from cpa_witness.automaton import matched_segments, problems

    started = time.monotonic()
    configuration = load_configuration(
        config or "validate-violation", [f"cpa.witness.file={witness_path}", *options]
    )
    if "witness" not in configuration.analysis["cpas"]:
        raise CpaError(f"configuration {configuration.name} has no witness CPA")
    statistics = Statistics()
    with statistics.timer("parse_time_s"):
        cfa = parse_program(program, entry_function, data_model, specification.error_functions)
    witness = next(e for e in read_witness(witness_path).entries if isinstance(e, ViolationWitness))
    found = problems(matched_segments(witness, prepare_cfa(cfa), specification))
    unmatched = [p for p in found if p.startswith("unmatched")]
    inexact = [p for p in found if p.startswith("inexact")]
    result = analyze(cfa, configuration, specification, timelimit, statistics)
    values = dict(result.statistics, witness_segments=len(witness.segments))
    if result.verdict is Verdict.TRUE:
        if unmatched:
            return ValidationResult(UNKNOWN, "; ".join(unmatched), None, values)
        reason = "no execution that follows the witness reaches its violation"
        return ValidationResult(REFUTED, reason, None, values)
    if result.verdict is Verdict.FALSE:
        if inexact:
            reason = "an execution reaches the violation, but not all constraints were read: "
            return ValidationResult(
                UNKNOWN, reason + "; ".join(inexact), result.counterexample, values
            )
        confirmation = result.counterexample.confirmation if result.counterexample else ""
        reason = "an execution that follows the witness reaches its violation"
        if confirmation:
            reason += f" (confirmed by a compiled run: {confirmation})"
        return ValidationResult(CONFIRMED, reason, result.counterexample, values)
    if timelimit is not None:
        timelimit = timelimit - (time.monotonic() - started)
    by_execution = _run_witness_inputs(
        witness, program, specification, entry_function, data_model, timelimit
    )
    values["witness_run"] = by_execution if isinstance(by_execution, str) else "confirmed"
    if isinstance(by_execution, Counterexample):
        reason = (
            "a run of the program on the witness's input values reaches its violation "
            f"(confirmed by a compiled run: {by_execution.confirmation}); the analysis "
            f"under the witness: {result.reason}"
        )
        return ValidationResult(CONFIRMED, reason, by_execution, values)
    return ValidationResult(UNKNOWN, result.reason, result.counterexample, values)


def _given_value(waypoint: Waypoint) -> int | None:
    """V of a ``\\result == V`` constraint, None for any other."""
    relation = RESULT_CONSTRAINT.fullmatch(waypoint.constraint or "")
    if relation is None or relation.group(1) != "==":
        return None
    return result_constant(relation)


def _witness_inputs(segments) -> list[int] | None:
    """The input values a witness gives, in its order: V of each followed
    ``function_return`` waypoint ``\\result == V`` (``segments``: its matched
    segments) at a call that reads an input; None where such a waypoint says less
    (another relation, another constraint)."""
    values: list[int] = []
    for segment in segments:
        follow = segment.follow
        if follow.waypoint.type != "function_return":
            continue
        if not any(consumes_input(edge) for edge in follow.holds):
            continue
        value = _given_value(follow.waypoint)
        if value is None:
            return None
        values.append(value)
    return values


def _leaves_the_witness(result, segments, targets) -> str:
    """Why the run ``result`` is not an execution the witness allows, or '' if it is:
    the witness automaton (``first`` matching) passes every segment along its edges,
    each input the run reads is at a ``function_return`` waypoint passed there whose
    value it is, and no other constraint on values is met (a run cannot check those)."""
    from cpa_witness.automaton import WitnessState, WitnessTransferRelation

    transfer = WitnessTransferRelation(segments, targets, "first")
    state = WitnessState(0)
    reads = iter(result.inputs_used)
    for edge in result.trace:
        successors = transfer.successors_for_edge(state, None, edge)
        if not successors:
            return f"the run leaves the witness at line {edge.line}"
        after = successors[0]
        own: set = set()  # the constraints the run's values meet by construction
        if consumes_input(edge):
            _, value = next(reads)
            passed = [s.follow for s in segments[state.segment : after.segment]]
            given = [
                w
                for w in passed
                if w.waypoint.type == "function_return"
                and w.holds.get(edge)
                and _given_value(w.waypoint) == value
            ]
            if not given:
                return f"the run reads an input at line {edge.line} the witness gives no value"
            own = {a for w in given for a in w.assumptions.get(edge, ())}
        if not set(after.assumptions) <= own:
            return f"the run cannot check the witness' constraint at line {edge.line}"
        state = after
    if state.segment != len(segments):
        return "the run does not pass every waypoint of the witness"
    return ""


def _run_witness_inputs(
    witness: ViolationWitness,
    program: str | Path,
    specification: Specification,
    entry_function: str,
    data_model: DataModel,
    seconds: float | None,
) -> Counterexample | str:
    """The counterexample of a run of ``program`` on the witness's input values (no
    other value: a run that wants more stops) that reaches a target along an execution
    the witness allows (:func:`_leaves_the_witness`) and that gcc confirms; otherwise
    why not, in a few words. The program is parsed again: the analysis may have
    summarised its CFA."""
    from algorithms.execution_search import counterexample_of_run
    from cpa.cfa.interpreter import run
    from cpa_witness.automaton import matched_segments, problems

    if seconds is not None and seconds <= 0:
        return "no time left"
    deadline = Deadline.after(seconds)
    cfa = prepare_cfa(
        parse_program(program, entry_function, data_model, specification.error_functions)
    )
    segments = matched_segments(witness, cfa, specification)
    if problems(segments):
        return "the witness has waypoints that are not read exactly"
    inputs = _witness_inputs(segments)
    if inputs is None:
        return "the witness's input values are not all given as \\result == V"
    try:
        result = run(cfa, specification, inputs, stop_at=deadline.at)
        if not result.reached_target:
            return f"the run does not reach a target ({result.reason})"
        leaves = _leaves_the_witness(result, segments, specification.violation_nodes(cfa))
        if leaves:
            return leaves
        found = counterexample_of_run(result)
        outcome = AnalysisOutcome(Verdict.FALSE, "", found)
        outcome = confirm_by_execution(outcome, cfa, specification, deadline)
    except TimeLimitExceeded:
        return "no time left"
    if outcome.verdict is not Verdict.FALSE:
        return outcome.reason
    return found
