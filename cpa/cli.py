"""The ``cpa`` command: a thin shell over the library (design.md section 5).

Exit status: 0 when an analysis ran (whatever its verdict), 1 for bad input (one
line on stderr naming file, line and problem), 2 for bad usage.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from cpa.cfa.targets import Specification
from cpa.errors import ConfigError, CpaError, UsageError

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: bad usage, exit 2
        self.print_usage(sys.stderr)
        print(f"cpa: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cpa", description="Configurable program analysis for C programs.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    verify = commands.add_parser("verify", help="verify a C program or an SV-COMP task")
    verify.add_argument("program", help="PROGRAM.c or TASK.yml")
    verify.add_argument("--config", help="configuration NAME (configs/NAME.toml) or PATH")
    verify.add_argument("--spec", help="property file (.prp)")
    verify.add_argument("--timelimit", type=float, help="wall-time limit in seconds")
    verify.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="override one entry"
    )
    verify.add_argument("--stats", action="store_true", help="print statistics")
    verify.add_argument("--stats-json", metavar="FILE", help="write statistics as JSON")

    cfa = commands.add_parser("cfa", help="build the CFA of a C program and summarise it")
    cfa.add_argument("program", help="PROGRAM.c or TASK.yml")
    cfa.add_argument("--spec", help="property file (.prp) deciding the targets")
    cfa.add_argument("--dot", metavar="FILE", help="also write the CFA as Graphviz DOT")

    _add_bench(commands)
    return parser


def _add_bench(commands) -> None:
    try:
        from cpa.bench import add_arguments
    except ImportError:  # the benchmark runner is optional
        return
    add_arguments(commands.add_parser("bench", help="run a benchmark suite"))


def _resolve_input(program: str, spec: str | None):
    """(program path, specification, entry function) from a .c or a .yml argument."""
    from cpa.task import read_property, read_task

    if program.endswith((".yml", ".yaml")):
        task = read_task(program, spec)
        return task.program, task.property.specification, task.property.entry_function
    if spec:
        prop = read_property(spec)
        return Path(program), prop.specification, prop.entry_function
    return Path(program), Specification.any_error(), "main"


def _command_verify(args) -> int:
    from cpa.cfa.frontend import parse_program
    from cpa.config import load_configuration
    from cpa.statistics import Statistics
    from cpa.verifier import analyze

    if args.timelimit is not None and args.timelimit <= 0:
        raise UsageError("--timelimit must be positive")
    configuration = load_configuration(args.config, args.option)
    try:
        program, specification, entry = _resolve_input(args.program, args.spec)
        statistics = Statistics()
        with statistics.timer("parse_time_s"):
            cfa = parse_program(program, entry)
    except ConfigError:
        raise
    except CpaError as error:
        print(f"cpa: {error}", file=sys.stderr)
        print("Verification result: UNKNOWN")
        return EXIT_INPUT
    result = analyze(cfa, configuration, specification, args.timelimit, statistics)
    print(result.result_line())
    if result.reason and result.verdict.name != "TRUE":
        print(f"Reason: {result.reason}")
    if result.counterexample is not None:
        print(result.counterexample.format())
    if args.stats:
        for key, value in sorted(result.statistics.items()):
            print(f"{key}: {value}")
    if args.stats_json:
        try:
            Path(args.stats_json).write_text(json.dumps(result.statistics, indent=2) + "\n")
        except OSError as error:
            raise UsageError(f"{args.stats_json}: {error.strerror}") from None
    return EXIT_OK


def _command_cfa(args) -> int:
    from cpa.cfa.dot import write_dot
    from cpa.cfa.frontend import parse_program
    from cpa.cfa.statistics import summarize
    from cpa.verifier import prepare_cfa

    try:
        program, specification, entry = _resolve_input(args.program, args.spec)
        cfa = prepare_cfa(parse_program(program, entry))
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


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "verify":
            return _command_verify(args)
        if args.command == "cfa":
            return _command_cfa(args)
        return args.handler(args)
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
    printed, so the process ends at once.
    """
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
