"""The C-semantics suites: small programs, one C behaviour each, verdicts confirmed by gcc.

No verdict may be wrong. A FALSE answer must come with a compiled run that reaches the
target (``analysis.confirm_false = gcc``). The same tasks are also run with both
checks of a FALSE switched off (the engine's replay through the CFA interpreter and
the compiled run) and without the search by execution before the analysis: then only
the SMT encoding and the frontend decide, so an inexact encoding of any construct the
suites cover shows up as a wrong verdict here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_program
from cpa.config import load_configuration
from cpa.errors import CpaError
from cpa.replay import toolchain_problem
from cpa.results import Verdict
from cpa.task import read_task
from cpa.verifier import analyze

HERE = Path(__file__).resolve().parent
SUITES = [HERE / "c_semantics", HERE.parents[1] / "shared" / "benchmarks" / "c-semantics"]
TASKS = sorted(task for suite in SUITES if suite.is_dir() for task in suite.glob("*.yml"))
#: seconds per task: a timeout is an UNKNOWN, which these tests accept
TIMELIMIT = 5
#: the engine alone: no replay through the interpreter, no compiled run
UNCHECKED = [
    "cpa.predicate.check_counterexample=false",
    "analysis.confirm_false=none",
    "analysis.search_by_execution=0",  # a run of the program is no test of the encoding
    "analysis.search_after_unknown=0",
]


#: tasks where the encoding alone over-approximates undefined behaviour that the compiled
#: program resolves one way: the replay stops a FALSE there, the encoding cannot
UNDEFINED_IN_THE_ENCODING = {
    # MIN % -1 goes on (gcc compiles a divisor it knows to be -1 as a negation); here
    # the divisor is an input, and the compiled division traps
    "div14_min_by_minus_one_traps_safe",
}


def _run(task_file: Path, options: list[str]):
    task = read_task(task_file)
    spec = task.property.specification
    configuration = load_configuration(None, options)
    try:
        cfa = parse_program(task.program, "main", task.data_model, spec.error_functions)
    except CpaError as error:  # an unsupported construct of the frontend: UNKNOWN
        return task, None, str(error)
    result = analyze(cfa, configuration, spec, TIMELIMIT)
    return task, result, result.reason


def _expected(task) -> Verdict:
    return Verdict.TRUE if task.expected_verdict else Verdict.FALSE


def test_the_suites_are_there():
    assert len(TASKS) >= 200


@pytest.mark.parametrize("task_file", TASKS, ids=lambda path: path.stem)
def test_default_configuration_is_right_or_unknown(task_file: Path):
    task, result, reason = _run(task_file, [])
    if result is None or result.verdict is Verdict.UNKNOWN:
        return
    assert result.verdict is _expected(task), reason
    if result.verdict is Verdict.FALSE:
        problem = toolchain_problem(task.data_model.name)
        if problem is not None:
            pytest.skip(f"no compiled run possible here: {problem}")
        assert result.counterexample.confirmation.startswith("gcc: reached"), reason


@pytest.mark.parametrize(
    "task_file",
    # a C library function without body in the program (class lib) is read as any value
    # of its type, SV-COMP's reading of an undefined function: only the compiled run,
    # which calls the real function, can tell whether a FALSE through it holds
    [
        task
        for task in TASKS
        if not task.stem.startswith("lib") and task.stem not in UNDEFINED_IN_THE_ENCODING
    ],
    ids=lambda path: path.stem,
)
def test_encoding_alone_is_right_or_unknown(task_file: Path):
    task, result, reason = _run(task_file, UNCHECKED)
    if result is not None and result.verdict is not Verdict.UNKNOWN:
        assert result.verdict is _expected(task), reason
