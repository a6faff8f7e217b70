"""The second confirmation of a FALSE: the file itself, compiled by gcc with its own
preprocessor and headers and linked with a harness (:mod:`cpa.replay_original`).
Each test builds a small program (about 0.3 s); without gcc they skip."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import cpa.cfa.frontend
import cpa.cfa.preprocess
import cpa.replay
from cpa.cfa.targets import Specification
from cpa.replay import toolchain_problem
from cpa.replay_original import replay_original
from cpa.results import Verdict
from cpa.verifier import verify

ANY_ERROR = Specification.any_error()
HEADER = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
"""


def run(tmp_path: Path, body: str, inputs, data_model: str = "LP64", header: str = HEADER):
    problem = toolchain_problem(data_model)
    if problem is not None:
        pytest.skip(problem)
    program = tmp_path / "program.c"
    program.write_text(header + body)
    return replay_original(program, [str(value) for value in inputs], ANY_ERROR, data_model)


DEFINED_TARGET = """extern void abort(void);
static void reach_error_impl(void) { abort(); }
void reach_error(void) { reach_error_impl(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("data_model", ["LP64", "ILP32"])
def test_a_target_function_with_a_body_is_seen_on_entry(tmp_path, data_model):
    reached = run(tmp_path, DEFINED_TARGET, [42], data_model, header="")
    assert reached.reached is True and reached.target == "the body of reach_error"
    assert reached.reason == "reached the body of reach_error at line 3"
    missed = run(tmp_path, DEFINED_TARGET, [41], data_model, header="")
    assert missed.reached is False and "status 0" in missed.reason


def test_a_target_label_gets_a_call_and_keeps_the_lines(tmp_path):
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 7) { /* a comment */ ERROR: goto ERROR; }
  if (__LINE__ != 7) return 1;
  return 0;
}
"""
    reached = run(tmp_path, body, [7])
    assert reached.reached is True and reached.reason == "reached label ERROR at line 6"
    # __LINE__ is still the line of the file: the run ends normally, not with 1
    missed = run(tmp_path, body, [6])
    assert missed.reached is False and "status 0" in missed.reason


def test_a_target_label_in_a_preprocessed_file_is_reached_too(tmp_path):
    # gcc takes a .i file as preprocessed: a line marker is allowed there, #line is not
    problem = toolchain_problem("LP64")
    if problem is not None:
        pytest.skip(problem)
    program = tmp_path / "program.i"
    program.write_text(
        HEADER + "int main(void) {\n  int x = __VERIFIER_nondet_int();\n"
        "  if (x == 5) { ERROR: reach_error(); }\n  return 0;\n}\n"
    )
    reached = replay_original(program, ["5"], ANY_ERROR, "LP64")
    assert reached.reached is True, reached.reason


def test_a_label_that_an_if_governs_is_not_rewritten(tmp_path):
    # ``ERROR: { call } x = 1;`` would take the assignment out of the ``if``
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 7) ERROR: x = 1;
  return 0;
}
"""
    outcome = run(tmp_path, body, [7])
    assert outcome.reached is None and "is no block item" in outcome.reason


def test_inputs_of_other_types_are_served_by_the_harness(tmp_path):
    body = """typedef unsigned char byte;
enum colour { RED, GREEN };
extern byte get_byte(void);
extern long get_long(void);
extern enum colour get_colour(void);
extern int *get_pointer(void);
int main(void) {
  byte b = get_byte();
  long l = get_long();
  enum colour c = get_colour();
  int *p = get_pointer();
  __VERIFIER_assume(l < 0);
  if (b == 255 && l == -5 && c == GREEN && p == 0) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [-1, -5, 1, 0]).reached is True
    assert run(tmp_path, body, [255, -5, 1, 8]).reached is False
    stopped = run(tmp_path, body, [255, 5, 1, 0])
    assert stopped.reached is False and stopped.reason.startswith("assumption failed")


def test_a_program_that_defines_read_and_write_still_gets_its_inputs(tmp_path):
    # the SystemC benchmarks define functions named like the C library's
    body = """int data;
void read(void) { data = __VERIFIER_nondet_int(); }
void write(void) { if (data == 3) reach_error(); }
int main(void) { read(); write(); return 0; }
"""
    assert run(tmp_path, body, [3]).reached is True
    assert run(tmp_path, body, [4]).reached is False


def test_uninitialised_locals_and_blast_nondet_get_their_inputs_in_the_text(tmp_path):
    # BLAST's convention (the papers' programs): an inserted initialiser or value
    body = """int __BLAST_NONDET;
int main(void) {
  int x ;
  char *p, c;
  if (x == 3 && __BLAST_NONDET == -1 && p == 0 && c == 'a') reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [3, 0, 97, -1]).reached is True
    assert run(tmp_path, body, [3, 0, 97, 1]).reached is False


def test_a_declaration_whose_name_is_also_used_on_its_line_is_not_rewritten(tmp_path):
    body = """int main(void) {
  int y = 0; int x; y = x;
  if (y == 3) reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [3])
    assert outcome.reached is None and "is not plain text" in outcome.reason


def test_a_misreading_makes_the_false_unknown(tmp_path, monkeypatch):
    """A stand-in for any misreading of the text: the frontend's preprocessing (for the
    analysis and for the first compiled run alike) reads ``INT_MAX`` as 5. The first
    run confirms what the analysis read; gcc's build of the file itself does not."""
    if toolchain_problem("LP64") is not None:
        pytest.skip(toolchain_problem("LP64"))
    original = cpa.cfa.preprocess.preprocess

    def misreading(text, *args, **kwargs):
        return original(text, *args, **kwargs).replace("0x7fffffff", "5")

    monkeypatch.setattr(cpa.cfa.frontend, "preprocess", misreading)
    monkeypatch.setattr(cpa.replay, "preprocess", misreading)
    program = tmp_path / "program.c"
    program.write_text(
        "#include <limits.h>\n" + HEADER + "int main(void) { if (INT_MAX == 5) reach_error(); }\n"
    )
    result = verify(program, "lbe", timelimit=60)
    assert result.verdict is Verdict.UNKNOWN
    assert "the file itself compiled by gcc does not" in result.reason
    monkeypatch.undo()
    program.write_text(
        "#include <limits.h>\n" + HEADER + "int main(void) { if (INT_MAX > 5) reach_error(); }\n"
    )
    result = verify(program, "lbe", timelimit=60)
    assert result.verdict is Verdict.FALSE
    assert result.counterexample.confirmation.endswith("; the file itself too")


def test_a_target_that_the_c_library_defines_is_taken_over(tmp_path):
    # <assert.h> from gcc's headers calls libc's __assert_fail, which would abort
    if toolchain_problem("LP64") is not None:
        pytest.skip(toolchain_problem("LP64"))
    program = tmp_path / "program.c"
    program.write_text(
        "#include <assert.h>\n"
        + HEADER
        + "int main(void) { assert(__VERIFIER_nondet_int() != 7); }\n"
    )
    spec = Specification.unreach_call(["__assert_fail"])
    reached = replay_original(program, ["7"], spec)
    assert reached.reached is True and reached.target == "call of __assert_fail, which has no body"
    assert replay_original(program, ["6"], spec).reached is False


@pytest.mark.parametrize("data_model", ["LP64", "ILP32"])
def test_enums_of_every_width_are_served(tmp_path, data_model):
    body = """enum small { NEGATIVE = -2, ZERO };
enum large { HUGE = 1ULL << 40 };
extern enum small get_small(void);
extern enum large get_large(void);
int main(void) {
  enum small s = get_small();
  enum large l = get_large();
  if (s == NEGATIVE && l == HUGE) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [-2, 1 << 40], data_model).reached is True
    assert run(tmp_path, body, [-2, 1 << 41], data_model).reached is False


@pytest.mark.parametrize("header_line", ["", "#include <alloca.h>\n"])
def test_alloca_without_or_with_its_header_builds(tmp_path, header_line):
    """glibc's alloca is a macro for gcc's builtin; the replay's -fno-builtin left a
    call without <alloca.h> an undefined reference."""
    body = """int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = alloca(2 * sizeof(int));
  p[0] = n; p[1] = n + 1;
  if (p[1] == 4) reach_error();
  return 0;
}
"""
    reached = run(tmp_path, header_line + body, [3], header=HEADER)
    assert reached.reached is True, reached.reason
    missed = run(tmp_path, header_line + body, [2], header=HEADER)
    assert missed.reached is False and "status 0" in missed.reason


def test_a_deadline_passed_before_the_build_is_a_time_limit_not_a_failed_build(tmp_path):
    problem = toolchain_problem("LP64")
    if problem is not None:
        pytest.skip(problem)
    program = tmp_path / "program.c"
    program.write_text(HEADER + "int main(void) { reach_error(); return 0; }\n")
    outcome = replay_original(program, [], ANY_ERROR, deadline=time.monotonic() - 1)
    assert outcome.reached is None
    assert outcome.reason == "the time limit was reached before the build"
