"""The ``cpa`` command: a thin shell over the library (design.md section 5).

Exit status: 0 when an analysis ran (whatever its verdict), 1 for bad input (one
line on stderr naming file, line and problem), 2 for bad usage, 3 when the analysis
process (the child ``cpa verify`` runs it in) died after printing its answer (what
should have followed it, a witness or a report, is missing).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

from cpa.arguments import megabytes, seconds
from cpa.cfa.targets import Specification
from cpa.errors import ConfigError, CpaError, UnsupportedFeature, UsageError

EXIT_OK, EXIT_INPUT, EXIT_USAGE, EXIT_DIED = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: bad usage, exit 2
        self.print_usage(sys.stderr)
        print(f"cpa: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cpa", description="Configurable program analysis for C programs.")
    from cpa import __version__

    parser.add_argument("--version", action="version", version=f"cpa-framework {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    verify = commands.add_parser("verify", help="verify a C program or an SV-COMP task")
    verify.add_argument("program", help="PROGRAM.c or TASK.yml")
    _add_analysis_arguments(verify, "configuration NAME (configs/NAME.toml) or PATH")
    verify.add_argument(
        "--verbose",
        action="store_true",
        help="report reached states, refinements and predicates every few seconds (stderr)",
    )
    verify.add_argument("--stats-json", metavar="FILE", help="write statistics as JSON")
    verify.set_defaults(configuration=None)  # loaded once, before a child process starts
    verify.add_argument(
        "--memlimit",
        type=megabytes,
        metavar="MB",
        help="limit the analysis to MB megabytes of address space (it runs in a child "
        "process; UNKNOWN if it dies of want of memory)",
    )
    verify.add_argument(
        "--testcase", metavar="FILE", help="for FALSE, write the inputs as a Test-Comp test case"
    )
    verify.add_argument(
        "--witness",
        metavar="FILE",
        help="write an SV-COMP witness (YAML 2.0): a violation witness for FALSE, "
        "a correctness witness for TRUE",
    )
    verify.add_argument(
        "--report",
        metavar="DIR",
        help="write an HTML report into DIR: verdict, error path beside the source, "
        "CFA and ARG drawings (Graphviz), statistics and configuration",
    )

    cfa = commands.add_parser("cfa", help="build the CFA of a C program and summarise it")
    cfa.add_argument("program", help="PROGRAM.c or TASK.yml")
    cfa.add_argument("--spec", help="property file (.prp) deciding the targets")
    cfa.add_argument("--dot", metavar="FILE", help="also write the CFA as Graphviz DOT")
    cfa.add_argument("--data-model", choices=["ILP32", "LP64"], help="data model (default LP64)")

    replay = commands.add_parser(
        "replay", help="run a test case on the program compiled with gcc (confirms FALSE)"
    )
    replay.add_argument("program", help="PROGRAM.c or TASK.yml")
    replay.add_argument("testcase", help="Test-Comp test case (.xml)")
    replay.add_argument("--spec", help="property file (.prp)")
    replay.add_argument(
        "--data-model",
        choices=["ILP32", "LP64"],
        help="data model of a bare .c file (default LP64), or instead of the one a task file names",
    )
    replay.add_argument(
        "--timelimit", type=seconds, default=10.0, help="wall-time limit of the run in seconds"
    )

    validate = commands.add_parser(
        "validate", help="check an SV-COMP witness (YAML 2.0) against a program or task"
    )
    validate.add_argument("witness", help="WITNESS.yml")
    validate.add_argument("program", help="PROGRAM.c or TASK.yml")
    _add_analysis_arguments(validate, "validation configuration NAME or PATH")

    _add_bench(commands)
    return parser


def _add_analysis_arguments(parser: argparse.ArgumentParser, config_help: str) -> None:
    """The options of a command that runs an analysis on one program or task."""
    parser.add_argument("--config", help=config_help)
    parser.add_argument("--spec", help="property file (.prp)")
    parser.add_argument("--timelimit", type=seconds, help="wall-time limit in seconds")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="override one entry"
    )
    parser.add_argument(
        "--data-model",
        choices=["ILP32", "LP64"],
        help="data model of a bare .c file (default LP64), or instead of the one a task file names",
    )
    parser.add_argument("--stats", action="store_true", help="print statistics")


def _add_bench(commands) -> None:
    try:
        from cpa.bench import add_arguments
    except ImportError:  # the benchmark runner is optional
        return
    add_arguments(commands.add_parser("bench", help="run a benchmark suite"))


def _resolve_input(program: str, spec: str | None, data_model: str | None):
    """(program path, specification, entry function, data model) from a .c or a .yml
    argument; ``--data-model`` overrides a task's model."""
    from cpa.cfa.data_model import DEFAULT
    from cpa.cfa.data_model import data_model as model_named
    from cpa.task import read_property, read_task

    model = None if data_model is None else model_named(data_model)
    if program.endswith((".yml", ".yaml")):
        task = read_task(program, spec)
        prop = task.property
        return task.program, prop.specification, prop.entry_function, model or task.data_model
    if spec:
        prop = read_property(spec)
        return Path(program), prop.specification, prop.entry_function, model or DEFAULT
    return Path(program), Specification.any_error(), "main", model or DEFAULT


def _command_verify(args) -> int:
    from cpa.cfa.frontend import parse_program
    from cpa.config import load_configuration
    from cpa.statistics import Statistics
    from cpa.verifier import analyze

    started = time.monotonic()
    configuration = args.configuration or load_configuration(args.config, args.option)
    statistics = Statistics()
    try:
        program, specification, entry, model = _resolve_input(
            args.program, args.spec, args.data_model
        )
        with statistics.timer("parse_time_s"):
            cfa = parse_program(program, entry, model, specification.error_functions)
    except ConfigError:
        raise
    except UnsupportedFeature as error:  # valid C we do not model: an answer, as in the analysis
        print("Verification result: UNKNOWN")
        print(f"Reason: {error}")
        _answer_statistics(args, dict(statistics.as_dict(), verdict="unknown", reason=str(error)))
        return EXIT_OK
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        print("Verification result: UNKNOWN")
        return EXIT_INPUT
    _note_missing_targets(cfa, program, specification)
    timelimit = args.timelimit
    if timelimit is not None:  # reading the program counts against the limit
        timelimit = max(timelimit - (time.monotonic() - started), 0.001)
    progress = None
    if args.verbose:

        def progress(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

    result = analyze(
        cfa,
        configuration,
        specification,
        timelimit,
        statistics,
        progress,
        want_invariants=bool(args.witness or args.report),
        want_graphs=bool(args.report),
        on_overrun=_overrun_handler(args, statistics),
    )
    print(result.result_line())
    if result.reason and result.verdict.name != "TRUE":
        print(f"Reason: {result.reason}")
    if result.counterexample is not None:
        print(result.counterexample.format())
    if args.testcase and result.verdict.name == "FALSE" and result.counterexample is not None:
        from cpa.testcase import write_testcase

        try:
            write_testcase(args.testcase, result.counterexample.inputs)
        except OSError as error:
            raise UsageError(f"{args.testcase}: {error.strerror}") from None
        print(f"Test case written to {args.testcase}")
    if args.witness:
        _write_witness(args.witness, result, cfa, program, specification, model, configuration)
    if args.report:
        from cpa.report import write_report

        try:
            page = write_report(args.report, result, program, configuration, specification)
        except OSError as error:
            raise UsageError(f"{args.report}: {error.strerror}") from None
        print(f"Report written to {page}")
    _answer_statistics(args, result.statistics)
    return EXIT_OK


def _answer_statistics(args, values: dict) -> None:
    """The statistics of an answer, as asked; a ``--stats-json`` file that cannot be
    written is a usage error."""
    try:
        _report_statistics(args, values)
    except OSError as error:
        raise UsageError(f"{args.stats_json}: {error.strerror}") from None


def _report_statistics(args, values: dict) -> None:
    """The statistics as ``--stats`` prints them and ``--stats-json`` writes them
    (OSError if the file cannot be written)."""
    if args.stats:
        for key, value in sorted(values.items()):
            print(f"{key}: {value}")
    if args.stats_json:
        Path(args.stats_json).write_text(json.dumps(values, indent=2, default=str) + "\n")


def _overrun_handler(args, statistics):
    """What ``cpa verify`` does when the analysis overruns its time limit by the
    watchdog's grace period (:mod:`cpa.watchdog`): print UNKNOWN (timeout) and, as
    asked, the statistics collected so far, and end the process at once."""
    from cpa.watchdog import grace_for

    if args.timelimit is None:
        return None
    grace = grace_for(args.timelimit)
    wall_start, cpu_start = time.perf_counter(), time.process_time()

    def expire() -> None:
        values = dict(statistics.as_dict())
        values.update(
            verdict="unknown",
            reason="timeout",
            watchdog_grace_s=grace,
            wall_time_s=round(time.perf_counter() - wall_start, 3),
            cpu_time_s=round(time.process_time() - cpu_start, 3),
        )
        print("Verification result: UNKNOWN")
        print(
            f"Reason: timeout (the analysis did not stop within {grace:g} s after the "
            "time limit; ended by the watchdog)"
        )
        with contextlib.suppress(OSError):  # the answer is printed; the process ends
            _report_statistics(args, values)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(EXIT_OK)

    return expire


def _note_missing_targets(cfa, program: Path, specification: Specification) -> None:
    """Say on stderr when no location of the program violates the property: TRUE is
    then immediate, and a user who wrote ``assert`` (not a target of SV-COMP's
    ``unreach-call``) or named another error function should learn why."""
    if specification.violation_nodes(cfa):
        return
    hint = ""
    if "__assert_fail" not in specification.error_functions:
        hint = "; a failing assert() is a target only under a property naming __assert_fail"
    print(
        f"cpa: note: no location of {program} violates the property ({specification}){hint}",
        file=sys.stderr,
    )


def _write_witness(path, result, cfa, program, specification, model, configuration) -> None:
    """Write the witness of a TRUE or FALSE ``result`` to ``path`` (nothing for UNKNOWN)."""
    from cpa.witness.correctness import correctness_witness
    from cpa.witness.format import write_witness
    from cpa.witness.violation import violation_witness

    name = configuration.name
    if result.verdict.name == "FALSE" and result.counterexample is not None:
        witness = violation_witness(result.counterexample, program, specification, model.name, name)
    elif result.verdict.name == "TRUE" and result.invariants is not None:
        witness = correctness_witness(
            result.invariants, cfa, program, specification, model.name, name
        )
    else:
        print(f"No witness written for {result.verdict.name}")
        return
    try:
        write_witness(path, witness)
    except OSError as error:
        raise UsageError(f"{path}: {error.strerror}") from None
    print(f"Witness written to {path}")


def _command_replay(args) -> int:
    from cpa.replay import replay
    from cpa.testcase import read_testcase

    try:
        program, specification, _, model = _resolve_input(args.program, args.spec, args.data_model)
        inputs = read_testcase(args.testcase)
        outcome = replay(program, inputs, specification, model.name, args.timelimit)
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        print("Replay result: UNKNOWN")
        return EXIT_INPUT
    verdicts = {True: "REACHED", False: "NOT REACHED", None: "UNKNOWN"}
    print(f"Replay result: {verdicts[outcome.reached]}")
    print(f"Reason: {outcome.reason}")
    if outcome.reached is not None:
        from cpa.replay_original import replay_original

        itself = replay_original(program, inputs, specification, model.name, args.timelimit)
        print(f"The file itself: {verdicts[itself.reached]} ({itself.reason})")
    return EXIT_OK


def _command_validate(args) -> int:
    from cpa.witness.validation import validate

    try:
        program, specification, entry, model = _resolve_input(
            args.program, args.spec, args.data_model
        )
        result = validate(
            args.witness,
            program,
            specification,
            entry,
            model,
            args.timelimit,
            args.config,
            args.option,
        )
    except ConfigError:
        raise
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        print("Validation result: unknown")
        return EXIT_INPUT
    print(result.result_line())
    print(f"Reason: {result.reason}")
    if result.counterexample is not None and result.outcome == "confirmed":
        print(result.counterexample.format())
    if args.stats:
        for key, value in sorted(result.statistics.items()):
            print(f"{key}: {value}")
    return EXIT_OK


def _command_cfa(args) -> int:
    from cpa.cfa.dot import write_dot
    from cpa.cfa.frontend import parse_program
    from cpa.cfa.statistics import summarize
    from cpa.verifier import prepare_cfa

    try:
        program, specification, entry, model = _resolve_input(
            args.program, args.spec, args.data_model
        )
        cfa = prepare_cfa(parse_program(program, entry, model, specification.error_functions))
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        return EXIT_INPUT
    print(summarize(cfa, specification).format())
    if args.dot:
        try:
            write_dot(cfa, args.dot)
        except OSError as error:
            raise UsageError(f"{args.dot}: {error.strerror}") from None
    return EXIT_OK


def main(argv: list[str] | None = None, isolated: bool = False) -> int:
    """Run the command line ``argv``; ``cpa verify`` with ``--memlimit``, or any
    ``cpa verify`` when ``isolated`` (the console entry point), runs the analysis in a
    child process, so that a crash of a native library is an UNKNOWN answer."""
    args = _parser().parse_args(argv)
    if args.command == "verify" and (args.memlimit is not None or isolated):
        return _verify_in_child(args)
    return _dispatch(args)


def _verify_in_child(args) -> int:
    """``cpa verify`` with the analysis in a child process, under ``--memlimit`` if
    given (:mod:`cpa.memory_limit`); UNKNOWN with the reason and what is known of the
    run if the child dies before its answer (Z3 and CUDD can end a process)."""
    from cpa.memory_limit import run_under_memory_limit
    from cpa.watchdog import grace_for

    limit = args.memlimit
    args.memlimit = None
    status = _guarded(lambda: _load_analysis(args))
    if status != EXIT_OK:
        return status
    wall_limit = None
    if args.timelimit is not None:  # past the child's own watchdog, and a margin
        grace = grace_for(args.timelimit)
        wall_limit = args.timelimit + grace + max(5.0, grace)
    outcome = run_under_memory_limit(limit, lambda: _dispatch(args), wall_limit)
    if outcome.ended_by_parent == "interrupted":
        print("cpa: interrupted", file=sys.stderr)
        return 130
    if outcome.ended_by_parent == "timeout":
        outcome.reason = (
            f"timeout (the run did not end within {wall_limit:g} s; ended by the parent process)"
        )
    if outcome.reason is None:
        return outcome.status
    if outcome.answered:
        print(f"cpa: the analysis process died after its answer: {outcome.reason}", file=sys.stderr)
        return EXIT_DIED
    print("Verification result: UNKNOWN")
    print(f"Reason: {outcome.reason}")
    values = {
        "verdict": "unknown",
        "reason": outcome.reason,
        "cpu_time_s": outcome.cpu_time_s,
        "wall_time_s": outcome.wall_time_s,
        "max_rss_mb": outcome.max_rss_mb,
    }
    if limit is not None:
        values["memlimit_mb"] = limit
    try:
        _answer_statistics(args, values)
    except UsageError as error:
        print(f"cpa: {error}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def _load_analysis(args) -> int:
    """Load the configuration, its components and the frontend before the memory
    limit: a bad configuration is the same error with a limit as without, and the
    child under a small limit does not compile or map modules (an import that runs
    out of memory need not raise MemoryError: CPython's compiler has raised
    ValueError there)."""
    import cpa.cfa.frontend  # noqa: F401 - imported for the child
    import cpa.verifier  # noqa: F401 - imported for the child
    from cpa.config import load_configuration

    args.configuration = load_configuration(args.config, args.option)
    return EXIT_OK


def _dispatch(args) -> int:
    """Run the command; errors become one line on stderr and an exit status."""
    return _guarded(lambda: _command(args))


def _command(args) -> int:
    if args.command == "verify":
        return _command_verify(args)
    if args.command == "cfa":
        return _command_cfa(args)
    if args.command == "replay":
        return _command_replay(args)
    if args.command == "validate":
        return _command_validate(args)
    return args.handler(args)


def _guarded(action) -> int:
    """``action``'s status; its errors become one line on stderr and an exit status."""
    try:
        return action()
    except (ConfigError, UsageError) as error:
        print(f"cpa: {error}", file=sys.stderr)
        return EXIT_USAGE
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("cpa: interrupted", file=sys.stderr)
        return 130


def run() -> None:
    """Console entry point: ``main`` and then exit without interpreter teardown.

    Freeing a Z3 context that holds a long run's terms can take longer than the
    run itself (12 s after a 30 s analysis of token_ring.07); the answer is already
    printed, so the process ends at once. A closed standard output ends it quietly.
    """
    try:
        code = main(isolated=True)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left (``cpa ... | head``): as if by SIGPIPE
        code = 128 + 13
    try:
        sys.stderr.flush()
    except BrokenPipeError:
        pass
    os._exit(code)


if __name__ == "__main__":
    run()
