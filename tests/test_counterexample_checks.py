"""Each of the two checks of a FALSE answer stops a wrong FALSE on its own.

The program shifts by an input: C leaves a shift by 32 or more undefined, and the
encoding leaves its result unconstrained (an approximation), so the solver finds the
error path feasible with a value that no execution produces (gcc on x86 masks the
amount: ``1 << 40`` is 256). The engine's replay through the CFA interpreter stops at
the undefined shift; the compiled run does not reach the target. Either check alone
turns the FALSE into UNKNOWN; without both the answer would be a wrong FALSE.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.replay import toolchain_problem
from cpa.results import Verdict
from cpa.verifier import analyze

PROGRAM = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  int r = 1 << s;
  if (s == 40 && r == 5) reach_error();
  return 0;
}
"""
NO_REPLAY = "cpa.predicate.check_counterexample=false"
NO_COMPILED_RUN = "analysis.confirm_false=none"


def _verify(tmp_path: Path, *options: str, main: str | None = None):
    """Verify :data:`PROGRAM`, or a program of two inputs ``x`` and ``y`` whose ``main``
    has the body ``main``."""
    path = tmp_path / "program.c"
    path.write_text(PROGRAM if main is None else INPUTS + "int main(void) {" + main + "}\n")
    return analyze(
        parse_program(path),
        load_configuration(None, list(options)),
        Specification.unreach_call(),
        timelimit=60,
    )


INPUTS = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
NO_SEARCH = "analysis.search_by_execution=0"


def test_without_both_checks_the_answer_would_be_a_wrong_false(tmp_path):
    assert _verify(tmp_path, NO_REPLAY, NO_COMPILED_RUN).verdict is Verdict.FALSE


def test_the_engines_replay_alone_refuses_the_false(tmp_path):
    result = _verify(tmp_path, NO_COMPILED_RUN)
    assert result.verdict is Verdict.UNKNOWN
    assert "do not reach the target in the concrete interpreter" in result.reason
    assert "shift" in result.reason


def test_the_compiled_run_alone_refuses_the_false(tmp_path):
    problem = toolchain_problem("LP64")
    if problem is not None:
        pytest.skip(problem)
    result = _verify(tmp_path, NO_REPLAY)
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason.startswith("FALSE not confirmed: the compiled program does not reach")


def test_a_violation_that_needs_a_signed_overflow_is_no_false(tmp_path):
    # SV-COMP's loop-zilu verdicts assume no overflow; gcc -O0 would wrap and reach it
    result = _verify(
        tmp_path,
        main=" int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
        "  int t = y; if (x > 0) y = y + x; if (!(y >= t)) reach_error(); return 0; ",
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "signed overflow in '(y + x)'" in result.reason, result.reason


def test_a_violation_that_other_inputs_reach_without_overflow_is_false(tmp_path):
    # the solver may well answer x * 1000 == y with an x that overflows; the path is
    # then solved again with no signed overflow allowed, and its inputs replay
    result = _verify(
        tmp_path,
        NO_SEARCH,
        main=" int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
        "  if (x * 1000 == y && y < 0) reach_error(); return 0; ",
    )
    assert result.verdict is Verdict.FALSE, result.reason
    x, y = (value.value for value in result.counterexample.inputs)
    assert x * 1000 == y < 0


def test_the_minimum_divided_by_minus_one_is_no_proof_of_safety(tmp_path):
    # undefined; gcc -O0 compiles "x / -1" as a negation: no trap, and the compiled
    # program reaches reach_error with x = INT_MIN. A model that let the path end there
    # (an x86 trap) answered TRUE
    result = _verify(
        tmp_path,
        NO_SEARCH,
        main=" int x = __VERIFIER_nondet_int();\n  int q = x / -1, r = x % -1;\n"
        "  if (x < 0 && q < 0 && r == 0) reach_error(); return 0; ",
    )
    assert result.verdict is Verdict.UNKNOWN, result.reason
    assert "no inputs take this path without undefined behaviour" in result.reason
