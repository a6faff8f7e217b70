"""``cpa replay``: a test case run on the program compiled by gcc (issue 8: every FALSE
confirmed by a real execution). Each test compiles a small program (about 0.2 s);
without gcc (or, for ILP32, without a 32-bit libc) the tests skip with the reason."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from algorithms.cpa_algorithm import Deadline, TimeLimitExceeded
from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.cli import main
from cpa.errors import InputError
from cpa.replay import library_functions, replay, toolchain_problem
from cpa.results import AnalysisOutcome, Counterexample, InputValue, Verdict, VerificationResult
from cpa.testcase import read_testcase, write_testcase
from cpa.verifier import confirm_by_execution

ROOT = Path(__file__).resolve().parents[1]
SEMANTICS = ROOT.parent / "shared" / "benchmarks" / "c-semantics"

REACH_ERROR = Specification(error_functions=frozenset({"reach_error"}))
LABEL_ERROR = Specification(labels=frozenset({"ERROR"}))

HEADER = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
"""


def needs_gcc(data_model: str = "LP64") -> None:
    problem = toolchain_problem(data_model)
    if problem is not None:
        pytest.skip(problem)


def run(tmp_path, body: str, inputs, spec=REACH_ERROR, data_model="LP64", timelimit=10.0):
    needs_gcc()
    program = tmp_path / "program.c"
    program.write_text(HEADER + body)
    return replay(program, [str(value) for value in inputs], spec, data_model, timelimit)


def line_of(text: str, needle: str) -> int:
    """Line of ``needle`` in the program that :func:`run` writes."""
    lines = (HEADER + text).splitlines()
    return next(number for number, line in enumerate(lines, 1) if needle in line)


NONDET_CHECK = """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  return 0;
}
"""


def test_testcase_that_reaches_reach_error(tmp_path):
    outcome = run(tmp_path, NONDET_CHECK, [42])
    assert outcome.reached is True
    line = line_of(NONDET_CHECK, "reach_error();")
    assert outcome.reason == f"reached call of reach_error at line {line}"
    assert outcome.target == "call of reach_error"


def test_testcase_that_does_not_reach_says_how_the_program_ended(tmp_path):
    outcome = run(tmp_path, NONDET_CHECK, [41])
    assert outcome.reached is False
    assert outcome.reason == "program exited with status 0 without reaching a target"
    assert outcome.target is None


def test_unsigned_char_input_wraps_as_gcc_does(tmp_path):
    body = """int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  c = c + 1;
  if (c == 0) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [255]).reached is True
    assert run(tmp_path, body, [254]).reached is False


def test_negative_input_converts_to_unsigned_modulo(tmp_path):
    body = """int main(void) {
  unsigned x = __VERIFIER_nondet_int();
  if (x > 3000000000u) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, ["-1"]).reached is True
    assert run(tmp_path, body, ["1"]).reached is False


@pytest.mark.parametrize("text", ["-1", "18446744073709551615", "0xffffffffffffffff", " -1 "])
def test_input_texts_are_the_bits_of_a_64_bit_value(tmp_path, text):
    body = """extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  if (x == 18446744073709551615ULL) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [text]).reached is True


@pytest.mark.parametrize("text", ["abc", "", "1.5", "18446744073709551616", "-9223372036854775809"])
def test_input_that_is_no_integer_is_unknown(tmp_path, text):
    outcome = run(tmp_path, NONDET_CHECK, [text])
    assert outcome.reached is None
    assert "input 1 is not a number" in outcome.reason


def test_label_property(tmp_path):
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) {
  ERROR:
    return 1;
  }
  return 0;
}
"""
    outcome = run(tmp_path, body, [3], LABEL_ERROR)
    assert outcome.reached is True
    assert outcome.reason == f"reached label ERROR at line {line_of(body, 'ERROR:')}"
    assert run(tmp_path, body, [4], LABEL_ERROR).reached is False
    # a label that the property does not name is no target
    assert run(tmp_path, body, [3], REACH_ERROR).reached is False


def test_uninitialised_local_is_an_input(tmp_path):
    body = """int main(void) {
  int i;
  for (i = 0; i < 2; i++) {
    unsigned char c;
    if (i == 1 && c == 7) reach_error();
  }
  return 0;
}
"""
    # one input per execution of a declaration, converted to its type (i is one too)
    assert run(tmp_path, body, [-5, 0, 7]).reached is True
    assert run(tmp_path, body, [-5, 0, 263]).reached is True
    assert run(tmp_path, body, [-5, 7, 0]).reached is False
    assert "inputs exhausted" in run(tmp_path, body, [-5, 7]).reason


def test_blast_nondet_is_a_fresh_input_at_every_read(tmp_path):
    body = """int __BLAST_NONDET;
int main(void) {
  int n = 0;
  while (__BLAST_NONDET) n++;
  if (n == 2) { ERROR: return 1; }
  return 0;
}
"""
    assert run(tmp_path, body, [1, 5, 0], LABEL_ERROR).reached is True
    assert run(tmp_path, body, [1, 0], LABEL_ERROR).reached is False


def test_undefined_function_consumes_an_input_even_if_its_result_is_ignored(tmp_path):
    body = """int f(void);
void g(int);
int main(void) {
  f();
  g(1);
  int x = __VERIFIER_nondet_int();
  if (x == 5) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [0, 5]).reached is True
    outcome = run(tmp_path, body, [5])
    assert outcome.reached is False
    assert "inputs exhausted" in outcome.reason


def test_c_library_function_is_the_real_one(tmp_path):
    # the analysis reads strcmp's result as an input; a stub serving that input would
    # run another program (strcmp("ab", "ac") is negative in every libc)
    body = """int strcmp(const char *, const char *);
int main(void) {
  if (strcmp("ab", "ac") >= 0) reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [0])
    assert outcome.reached is False
    assert outcome.reason == "program exited with status 0 without reaching a target"


def test_c_library_calls_skip_their_inputs_to_keep_the_others_in_step(tmp_path):
    body = """int rand(void);
int puts(const char *);
int printf(const char *, ...);
int main(void) {
  int r = rand();
  puts("a");
  printf("%d\\n", 1);
  int x = __VERIFIER_nondet_int();
  if (x == 7 && r >= 0) reach_error();
  return 0;
}
"""
    # inputs: rand, puts, printf (read by the analysis, skipped), then x
    assert run(tmp_path, body, [-5, 0, 0, 7]).reached is True
    assert run(tmp_path, body, [7]).reached is False  # x would be the fourth input


def test_address_of_c_library_function_is_unsupported(tmp_path):
    body = """int rand(void);
int main(void) {
  int (*f)(void) = rand;
  if (f() == 3) reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [3])
    assert outcome.reached is None
    assert "address of C library function rand" in outcome.reason


def test_library_functions_are_what_gcc_links(tmp_path):
    needs_gcc()
    names = frozenset({"strcmp", "rand", "__cpa_not_in_any_library", "my_sensor_value"})
    assert library_functions(names) == {"strcmp", "rand"}


def test_unconfirmed_false_from_c_library_result_is_unknown(tmp_path, capsys):
    needs_gcc()
    program = tmp_path / "program.c"
    program.write_text(
        "extern void reach_error(void);\nint rand(void);\n"
        "int main(void) { if (rand() < 0) reach_error(); return 0; }\n"
    )
    assert main(["verify", str(program), "--timelimit", "30"]) == 0
    out = capsys.readouterr().out
    assert "Verification result: UNKNOWN" in out
    assert "FALSE not confirmed" in out


def test_undeclared_nondet_function_returns_the_type_of_its_suffix(tmp_path):
    body = """int main(void) {
  int v = __VERIFIER_nondet_uchar2();
  int w = __VERIFIER_nondet_ushort();
  if (v == 256 && w == 0) reach_error();
  return 0;
}
int __VERIFIER_nondet_uchar2(void) { return 256; }
"""
    # a defined function is the program's; an undeclared nondet function converts
    assert run(tmp_path, body, [65536]).reached is True


def test_assumption_that_fails_blocks_the_path(tmp_path):
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [0])
    assert outcome.reached is False
    assert outcome.reason == f"assumption failed at line {line_of(body, '__VERIFIER_assume(x')}"
    assert run(tmp_path, body, [1]).reached is True


def test_inputs_exhausted(tmp_path):
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x == 1) reach_error();
  return y;
}
"""
    outcome = run(tmp_path, body, [1])
    assert outcome.reached is False
    line = line_of(body, "int y")
    assert outcome.reason == (
        f"inputs exhausted: the program reads input 2 at line {line}, the test case has 1"
    )


def test_defined_reach_error_is_a_target_at_its_call(tmp_path):
    body = """extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "program.c", 1, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 9) reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [9])
    assert outcome.reached is True
    assert outcome.reason == f"reached call of reach_error at line {line_of(body, 'x == 9')}"


def test_assert_fail_is_no_target_of_reach_error(tmp_path):
    body = """extern void __assert_fail(const char *, const char *, unsigned int, const char *);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 9) __assert_fail("x != 9", "program.c", 3, "main");
  return 0;
}
"""
    outcome = run(tmp_path, body, [9])
    assert outcome.reached is False
    assert "SIGABRT" in outcome.reason
    named = Specification(error_functions=frozenset({"__assert_fail"}))
    assert run(tmp_path, body, [9], named).reached is True


def test_failing_assert_without_definition_aborts(tmp_path):
    body = """void assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 9);
  return 0;
}
"""
    assert "SIGABRT" in run(tmp_path, body, [9]).reason
    assert run(tmp_path, body, [8]).reason.startswith("program exited with status 0")


def test_crash_and_timeout_are_not_reached(tmp_path):
    body = """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 0) return 10 / x;
  while (x == 1) { }
  return 3;
}
"""
    assert "SIGFPE" in run(tmp_path, body, [0]).reason
    outcome = run(tmp_path, body, [1], timelimit=0.5)
    assert outcome.reached is False and outcome.reason.startswith("timeout after 0.5 s")
    assert run(tmp_path, body, [2]).reason.startswith("program exited with status 3")


def test_deadline_bounds_the_run(tmp_path):
    """A verifier confirms its FALSE within its own time limit: the run gets what is
    left until the deadline when that is less than its own limit."""
    needs_gcc()
    program = tmp_path / "program.c"
    program.write_text(HEADER + "int main(void) { while (1) { } }\n")
    outcome = replay(program, [], REACH_ERROR, timelimit=10.0, deadline=time.monotonic() + 2.0)
    assert outcome.reached is False
    limit = float(re.match(r"timeout after ([0-9.]+) s", outcome.reason).group(1))
    assert 0 < limit < 2.0


def test_passed_deadline_runs_nothing(tmp_path):
    needs_gcc()
    program = tmp_path / "program.c"
    program.write_text(HEADER + NONDET_CHECK)
    outcome = replay(program, ["42"], REACH_ERROR, deadline=time.monotonic())
    assert outcome.reached is None
    assert "time limit" in outcome.reason


def test_confirmation_after_the_deadline_is_a_timeout(tmp_path):
    """A FALSE that the analysis found just before its limit is not confirmed after
    it: the verdict is UNKNOWN (timeout), never a FALSE confirmed late."""
    needs_gcc()
    source = HEADER + NONDET_CHECK
    program = tmp_path / "program.c"
    program.write_text(source)
    cfa = parse_program(program)
    found = AnalysisOutcome(
        Verdict.FALSE, "a target is reachable", Counterexample([], [InputValue("x", 6, 42)])
    )
    confirmed = confirm_by_execution(found, cfa, REACH_ERROR, Deadline.after(30))
    assert (
        confirmed.verdict is Verdict.FALSE
        and "reach_error" in confirmed.counterexample.confirmation
    )
    with pytest.raises(TimeLimitExceeded):
        confirm_by_execution(found, cfa, REACH_ERROR, Deadline(time.monotonic()))


def test_extern_variable_without_definition_is_unsupported(tmp_path):
    body = """extern int config;
int main(void) {
  if (config) reach_error();
  return 0;
}
"""
    outcome = run(tmp_path, body, [])
    assert outcome.reached is None
    assert outcome.reason.startswith("unsupported in replay: extern variable config without")


def test_gcc_error_is_unknown_with_the_first_error(tmp_path):
    body = """int main(void) {
  return undeclared_variable;
}
"""
    outcome = run(tmp_path, body, [])
    assert outcome.reached is None
    assert outcome.reason.startswith("build failed: in function 'main': error:")
    assert "undeclared_variable" in outcome.reason and "\n" not in outcome.reason


def test_syntax_error_is_an_input_error(tmp_path):
    with pytest.raises(InputError) as caught:
        run(tmp_path, "int main(void) { return 0 }\n", [])
    assert caught.value.line == HEADER.count("\n") + 1


def test_missing_program_is_an_input_error_even_without_gcc(tmp_path):
    with pytest.raises(InputError, match="file not found"):
        replay(tmp_path / "missing.c", [], REACH_ERROR)


def test_ilp32_data_model(tmp_path):
    needs_gcc("ILP32")
    body = """int main(void) {
  long x = __VERIFIER_nondet_int();
  if (sizeof(long) == 4 && sizeof(void *) == 4) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [0], data_model="ILP32").reached is True
    assert run(tmp_path, body, [0], data_model="LP64").reached is False


def test_unknown_data_model(tmp_path):
    outcome = run(tmp_path, NONDET_CHECK, [42], data_model="LP32")
    assert outcome.reached is None and "data model" in outcome.reason


# ----------------------------------------------------------------- shared suite
def _semantics_unsafe_tasks() -> list[str]:
    if not SEMANTICS.is_dir():
        return []
    tasks = []
    for task in sorted(SEMANTICS.glob("*.yml")):
        program = task.with_suffix(".c")
        if program.is_file() and "expected: false" in program.read_text().splitlines()[0]:
            tasks.append(task.name)
    return tasks


@pytest.mark.skipif(not SEMANTICS.is_dir(), reason="benchmarks not present")
@pytest.mark.parametrize("task_name", _semantics_unsafe_tasks())
def test_semantics_suite_witness_inputs_reach_the_error(task_name):
    """The unsafe programs of the shared C-semantics suite, with the inputs their first
    comment gives (checked with gcc when the suite was written), reach ``reach_error``."""
    from cpa.task import read_task

    task = read_task(SEMANTICS / task_name)
    first = task.program.read_text().splitlines()[0]
    match = re.search(r"witness inputs:\s*((?:-?\d+[\s,]*)*)", first)
    inputs = re.findall(r"-?\d+", match.group(1)) if match else []
    spec = task.property.specification
    needs_gcc(task.data_model.name)
    outcome = replay(task.program, inputs, spec, task.data_model.name)
    assert outcome.reached is True, outcome.reason


# ------------------------------------------------------------------ command line
def cpa(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write_case(tmp_path, values, name="case.xml") -> str:
    path = tmp_path / name
    write_testcase(path, [InputValue("x", 1, value) for value in values])
    return str(path)


def test_cli_replay_reached_and_not_reached(capsys, tmp_path):
    needs_gcc()
    program = tmp_path / "p.c"
    program.write_text(HEADER + NONDET_CHECK)
    status, out, err = cpa(capsys, "replay", str(program), write_case(tmp_path, [42]))
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "Replay result: REACHED",
        f"Reason: reached call of reach_error at line {line_of(NONDET_CHECK, 'reach_error();')}",
        "The file itself: REACHED (reached call of reach_error, which has no body, "
        "declared at line 1)",
    ]
    status, out, _ = cpa(capsys, "replay", str(program), write_case(tmp_path, [1]))
    assert status == 0
    assert out.splitlines()[0] == "Replay result: NOT REACHED"


def test_cli_replay_unknown_still_exits_zero(capsys, tmp_path):
    needs_gcc()
    program = tmp_path / "p.c"
    program.write_text(HEADER + NONDET_CHECK)
    case = tmp_path / "case.xml"
    case.write_text("<testcase><input>forty-two</input></testcase>")
    status, out, _ = cpa(capsys, "replay", str(program), str(case))
    assert status == 0
    assert out.splitlines()[0] == "Replay result: UNKNOWN"


def test_cli_replay_task_file_gives_property_and_data_model(capsys, tmp_path):
    needs_gcc("ILP32")
    (tmp_path / "p.c").write_text(
        HEADER + "int main(void) { if (sizeof(long) == 4) reach_error(); return 0; }\n"
    )
    (tmp_path / "unreach-call.prp").write_text(
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
    )
    task = tmp_path / "p.yml"
    task.write_text(
        "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n"
        "  - property_file: unreach-call.prp\n    expected_verdict: false\n"
        "options:\n  language: C\n  data_model: ILP32\n"
    )
    case = write_case(tmp_path, [])
    status, out, _ = cpa(capsys, "replay", str(task), case)
    assert status == 0 and "Replay result: REACHED" in out
    status, out, _ = cpa(capsys, "replay", str(task), case, "--data-model", "LP64")
    assert status == 0 and "Replay result: NOT REACHED" in out


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda d: (str(d / "missing.c"), write_case(d, [1])), "missing.c: file not found"),
        (lambda d: (str(ROOT / "examples/unsafe.c"), str(d / "none.xml")), "none.xml:"),
    ],
)
def test_cli_replay_missing_files(capsys, tmp_path, make, expected):
    status, out, err = cpa(capsys, "replay", *make(tmp_path))
    assert status == 1
    assert len(err.strip().splitlines()) == 1 and expected in err
    assert "Traceback" not in err
    assert out.strip() == "Replay result: UNKNOWN"


def test_cli_replay_bad_xml(capsys, tmp_path):
    case = tmp_path / "bad.xml"
    case.write_text("<testcase>\n<input>1</input\n</testcase>\n")
    status, _, err = cpa(capsys, "replay", str(ROOT / "examples/unsafe.c"), str(case))
    assert status == 1
    assert err.strip().startswith(f"cpa: {case}:3: invalid test case XML")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "program.c"],
        ["replay", "p.c", "t.xml", "--data-model", "LP32"],
        ["replay", "p.c", "t.xml", "--timelimit", "0"],
    ],
)
def test_cli_replay_bad_usage(capsys, args):
    status, _, err = cpa(capsys, *args)
    assert status == 2 and err.startswith(("usage:", "cpa:"))


def test_verify_testcase_option_writes_the_counterexample_inputs(capsys, tmp_path, monkeypatch):
    """The plumbing of ``--testcase``, independent of what the analysis finds."""
    needs_gcc()
    inputs = [InputValue("limit", 7, 3, "int", "__VERIFIER_nondet_int")]

    def false_result(cfa, configuration, specification, timelimit, statistics, *_, **__):
        counterexample = Counterexample([], inputs)
        return VerificationResult(Verdict.FALSE, "a target is reachable", counterexample, {})

    monkeypatch.setattr("cpa.verifier.analyze", false_result)
    case = tmp_path / "case.xml"
    unsafe = str(ROOT / "examples/unsafe.c")
    status, out, _ = cpa(capsys, "verify", "--config", "location", unsafe, "--testcase", str(case))
    assert status == 0 and f"Test case written to {case}" in out
    assert read_testcase(case) == ["3"]
    assert '<input variable="limit" type="int">3</input>' in case.read_text()
    status, out, _ = cpa(capsys, "replay", unsafe, str(case))
    assert status == 0 and out.startswith("Replay result: REACHED\n")


def test_verify_testcase_is_not_written_without_a_counterexample(capsys, tmp_path):
    case = tmp_path / "case.xml"
    safe = str(ROOT / "examples/unreachable.c")
    status, out, _ = cpa(capsys, "verify", "--config", "location", safe, "--testcase", str(case))
    assert status == 0 and "Verification result: TRUE" in out
    assert not case.exists()


def test_verify_false_example_is_confirmed_by_replay(capsys, tmp_path):
    """End to end: examples/unsafe.c is FALSE (ERROR: for limit == 3); the test case
    that ``cpa verify`` writes makes the compiled program reach the label."""
    needs_gcc()
    case = tmp_path / "unsafe.xml"
    unsafe = str(ROOT / "examples/unsafe.c")
    status, out, _ = cpa(capsys, "verify", "--timelimit", "30", unsafe, "--testcase", str(case))
    assert status == 0
    assert "Verification result: FALSE" in out, out
    assert read_testcase(case) == ["3"]
    status, out, _ = cpa(capsys, "replay", unsafe, str(case))
    assert status == 0
    assert out.splitlines() == [
        "Replay result: REACHED",
        "Reason: reached label ERROR at line 17",
        "The file itself: REACHED (reached label ERROR at line 17)",
    ]


def test_without_gcc_the_replay_is_unknown_and_says_why(tmp_path, monkeypatch):
    program = tmp_path / "p.c"
    program.write_text(HEADER + NONDET_CHECK)
    monkeypatch.setattr("cpa.replay.find_gcc", lambda: None)
    toolchain_problem.cache_clear()
    try:
        outcome = replay(program, ["42"], REACH_ERROR)
    finally:
        toolchain_problem.cache_clear()
    assert outcome.reached is None
    assert outcome.reason == "gcc not found: cannot compile the program for replay"


def test_a_program_may_define_functions_the_harness_takes_from_libc(tmp_path):
    # the SystemC benchmarks define `void read(void)`; the harness reads its inputs
    # with libc's read(): the program's functions and variables of those names are
    # renamed, so both keep working
    body = """int write = 3;
int read(void) { return 7 + write; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == read()) reach_error();
  return 0;
}
"""
    assert run(tmp_path, body, [10]).reached is True
    assert run(tmp_path, body, [7]).reached is False


def test_a_deadline_passed_before_the_build_is_a_time_limit_not_a_failed_build(tmp_path):
    needs_gcc()
    program = tmp_path / "program.c"
    program.write_text(HEADER + "int main(void) { reach_error(); return 0; }\n")
    outcome = replay(program, [], REACH_ERROR, "LP64", 10.0, deadline=time.monotonic() - 1)
    assert outcome.reached is None
    assert outcome.reason == "the time limit was reached before the compiled program could run"
