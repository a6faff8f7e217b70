"""Correctness witnesses: loop invariants written from a TRUE answer, read back and
checked; invariants that are wrong, not inductive or unreadable are not confirmed."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from pysmt.shortcuts import (
    BV,
    BVSLE,
    BVULT,
    And,
    BVExtract,
    BVSExt,
    BVZExt,
    Equals,
    Iff,
    Not,
    Or,
    Symbol,
    is_sat,
)
from pysmt.typing import BVType

from cpa.cfa.data_model import LP64
from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.cli import main
from cpa.verifier import verify
from cpa.witness.c_formula import c_formula
from cpa.witness.correctness import c_expression, correctness_witness, program_variables
from cpa.witness.format import format_witness, read_witness
from cpa.witness.validation import CONFIRMED, REFUTED, UNKNOWN, validate
from cpa.witness.violation import violation_witness

REACH_ERROR = Specification.unreach_call(("reach_error",))

PROGRAM = """\
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  int y = 0;
  while (__VERIFIER_nondet_int()) {
    x = x + 2;
    y = y + 2;
  }
  if ((int)x != y) reach_error();
  return 0;
}
"""


@pytest.fixture
def program(tmp_path):
    path = tmp_path / "even.c"
    path.write_text(PROGRAM)
    return path


def _witness(tmp_path, program, value=None, kind="loop_invariant", line=6):
    result = verify(program, "abe-l", REACH_ERROR, data_model=LP64, want_invariants=True)
    assert result.verdict.name == "TRUE"
    cfa = parse_program(program, "main", LP64, REACH_ERROR.error_functions)
    witness = correctness_witness(result.invariants, cfa, program, REACH_ERROR, "LP64")
    text = format_witness(witness)
    if value is not None:
        text = text.replace(witness.invariants[0].value, value.replace("'", "''"))
    text = text.replace("type: loop_invariant", f"type: {kind}").replace("line: 6", f"line: {line}")
    path = tmp_path / "witness.yml"
    path.write_text(text)
    return path


def test_true_answer_gives_a_loop_invariant_at_the_loop_keyword(tmp_path, program):
    (entry,) = read_witness(_witness(tmp_path, program)).entries
    (invariant,) = entry.invariants
    location = invariant.location
    assert (location.line, location.column, location.function) == (6, 3, "main")
    assert invariant.type == "loop_invariant" and invariant.format == "c_expression"
    assert "x" in invariant.value and "y" in invariant.value  # it relates the two


@pytest.mark.parametrize("config", ["abe-l", "lbe"])
def test_own_correctness_witness_is_confirmed(tmp_path, program, config, capsys):
    """Written by ``cpa verify --witness``, also after LBE, whose blocks hold the
    declarations of the variables."""
    path = tmp_path / "witness.yml"
    arguments = ["verify", str(program), "--config", config, "--witness", str(path)]
    assert main([*arguments, "--data-model", "LP64"]) == 0
    assert "Verification result: TRUE" in capsys.readouterr().out
    (entry,) = read_witness(path).entries
    assert len(entry.invariants) == 1
    result = validate(path, program, REACH_ERROR, "main", LP64, 60)
    assert result.outcome == CONFIRMED, result.reason


@pytest.mark.parametrize(
    ("value", "outcome", "words"),
    [
        ("y == 1", REFUTED, "does not hold on a path from the program's start"),
        ("y == 0", UNKNOWN, ""),  # holds on entry, not preserved
        ("y >= 0", UNKNOWN, "do not exclude the violation"),  # true but too weak
        ("y / 2 == 0", UNKNOWN, "witness invariant"),  # division: not read
        ("(int)x == y && x % 2 == 0", UNKNOWN, "witness invariant"),
    ],
)
def test_broken_invariants_are_not_confirmed(tmp_path, program, value, outcome, words):
    result = validate(_witness(tmp_path, program, value), program, REACH_ERROR, "main", LP64, 60)
    assert result.outcome == outcome, result.reason
    assert words in result.reason


def test_hand_written_invariant_is_confirmed(tmp_path, program):
    path = _witness(tmp_path, program, "(int)x == y && (y & 1) == 0")
    result = validate(path, program, REACH_ERROR, "main", LP64, 60)
    assert result.outcome == CONFIRMED, result.reason


def test_invariant_off_the_loops_is_unknown(tmp_path, program):
    path = _witness(tmp_path, program, line=9)
    result = validate(path, program, REACH_ERROR, "main", LP64, 60)
    assert result.outcome == UNKNOWN and "no loop starts there" in result.reason


def _with_location_invariant(
    tmp_path, program, line: int, column: int, value: str, loop_invariant: bool = True
):
    """Our witness of ``program`` plus a location invariant (or instead of its loop
    invariant)."""
    path = _witness(tmp_path, program)
    if not loop_invariant:
        text = path.read_text()
        path.write_text(text[: text.index("  content:\n") + len("  content:\n")])
    record = (
        "  - invariant:\n"
        "      type: location_invariant\n"
        "      location:\n"
        f"        file_name: {program}\n"
        f"        line: {line}\n"
        f"        column: {column}\n"
        "        function: main\n"
        f"      value: '{value}'\n"
        "      format: c_expression\n"
    )
    path.write_text(path.read_text() + record)
    return path


@pytest.mark.parametrize(
    ("line", "column", "value", "outcome", "words"),
    [
        # after the loop: follows from the loop invariant
        (10, 3, "(int)x == y", CONFIRMED, "location invariants hold"),
        # before the loop, on the only path there
        (5, 3, "x == 0", CONFIRMED, "location invariants hold"),
        (5, 3, "x == 1", REFUTED, "does not hold on a path from the program's start"),
        # holds after no iteration only: the loop invariant does not imply it
        (10, 3, "y == 0", UNKNOWN, "the loop invariants before it do not imply it"),
        # no statement starts on line 2
        (2, 1, "x == 0", UNKNOWN, "no single statement starts there"),
    ],
)
def test_location_invariants_are_checked_where_they_are_reached(
    tmp_path, program, line, column, value, outcome, words
):
    path = _with_location_invariant(tmp_path, program, line, column, value)
    result = validate(path, program, REACH_ERROR, "main", LP64, 60)
    assert result.outcome == outcome, result.reason
    assert words in result.reason


# ---------------------------------------------------------------- formulas as C text
X, Y = Symbol("main::x#32", BVType(32)), Symbol("main::y#32", BVType(32))
C = Symbol("main::c#8", BVType(8))
FORMULAS = [
    Equals(X, BV(3, 32)),
    BVSLE(Y, BV(2**32 - 5, 32)),  # y <= -5
    BVULT(Y, X),
    # 33-bit sums of sign-extended values (how interpolants avoid overflow)
    BVSLE(BVSExt(Y, 1) + BVSExt(BV(2**32 - 1, 32), 1) * BVSExt(X, 1), BV(7, 33)),
    Or(Not(Equals(C, BV(200, 8))), And(BVSLE(Y, X), Iff(Equals(X, Y), BVULT(X, BV(9, 32))))),
    # bits from the middle and the top (an interpolant's sign tests)
    Equals(BVExtract(X, 31, 31), BV(1, 1)),
    BVULT(BVExtract(BVSExt(Y, 1) + BVSExt(X, 1), 8, 23), BV(300, 16)),
    Equals(BVExtract(BVSExt(Y, 1) + BVSExt(X, 1), 32, 32), BVExtract(C, 7, 7)),
    BVSLE(BVExtract(Y, 4, 11), BVExtract(X, 0, 7)),
    # sums that do not wrap in their width are written as plain arithmetic ...
    Equals(BVSExt(Y, 1) + BVSExt(X, 1), BV(10, 33)),
    BVSLE(BVZExt(C, 25) * BV(3, 33), BVSExt(Y, 1) - BVSExt(X, 1)),
    # ... those that may wrap keep the modular text
    BVSLE(Y + X, BV(5, 32)),
    Equals(BVSExt(Y, 1) * BVSExt(X, 1), BV(6, 33)),
    BVSLE(BVSExt(Y, 1) + BV(2**33 - 1, 33) * BVSExt(X, 1), BVZExt(C, 25)),
    Equals(BVSExt(Y, 32) + BVSExt(X, 32) * BV(2**64 - 1, 64), BV(3, 64)),
]
DECLARATIONS = "unsigned int x; int y; unsigned char c;"
SOURCE = f"extern void reach_error(void);\nint main(void) {{\n  {DECLARATIONS}\n  return 0;\n}}\n"


@pytest.fixture
def variables(tmp_path):
    path = tmp_path / "vars.c"
    path.write_text(SOURCE)
    cfa = parse_program(path, "main", LP64, REACH_ERROR.error_functions)
    return cfa, program_variables(cfa)


def test_formulas_read_back_as_the_same_formulas(variables):
    cfa, known = variables
    for formula in FORMULAS:
        text = c_expression(formula, known, "main")
        assert text is not None, formula
        back = c_formula(text, cfa, "main", 4)
        assert back is not None, text
        assert not is_sat(Not(Iff(formula, back))), text


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_formulas_mean_the_same_to_gcc(variables, tmp_path):
    cfa, known = variables
    rng = random.Random(7)
    samples = [(rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(8)) for _ in range(40)]
    samples += [(0, 0, 0), (2**32 - 1, 2**31, 200), (3, 2**32 - 5, 200), (2**31, 2**31 - 1, 0)]
    for number, formula in enumerate(FORMULAS):
        text = c_expression(formula, known, "main")
        program = tmp_path / f"f{number}.c"
        rows = ",".join(f"{{{x}U,{y}U,{c}}}" for x, y, c in samples)
        program.write_text(
            "#include <stdio.h>\n"
            f"static const unsigned long long v[][3] = {{{rows}}};\n"
            "int main(void) {\n"
            f"  for (unsigned i = 0; i < {len(samples)}; i++) {{\n"
            f"    {DECLARATIONS}\n"
            "    x = (unsigned int)v[i][0]; y = (int)(unsigned int)v[i][1];"
            " c = (unsigned char)v[i][2];\n"
            f'    printf("%d", ({text}) ? 1 : 0);\n'
            "  }\n  return 0;\n}\n"
        )
        binary = tmp_path / f"f{number}"
        subprocess.run(["gcc", "-O0", "-o", str(binary), str(program)], check=True)
        output = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
        for (x, y, c), bit in zip(samples, output, strict=True):
            value = formula.substitute({X: BV(x, 32), Y: BV(y, 32), C: BV(c, 8)}).simplify()
            assert value.is_true() == (bit == "1"), (text, x, y, c)


# ------------------------------------------------- our witnesses on the papers' tasks
LOCKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "lbe-2009" / "locks"


@pytest.mark.skipif(not LOCKS.is_dir(), reason="../shared/benchmarks is not here")
@pytest.mark.timeout(300)
def test_every_answer_on_the_locks_tasks_has_a_confirmed_witness(tmp_path):
    from cpa.task import read_task

    tasks = sorted(LOCKS.glob("*.yml"))
    assert tasks
    for task_file in tasks:
        task = read_task(task_file)
        spec, model = task.property.specification, task.data_model
        result = verify(
            task.program, "abe-l", spec, timelimit=60, data_model=model, want_invariants=True
        )
        assert result.verdict.name in ("TRUE", "FALSE"), (task_file.name, result.reason)
        cfa = parse_program(task.program, "main", model, spec.error_functions)
        if result.verdict.name == "TRUE":
            witness = correctness_witness(result.invariants, cfa, task.program, spec, model.name)
        else:
            witness = violation_witness(result.counterexample, task.program, spec, model.name)
        path = tmp_path / f"{task_file.stem}.yml"
        path.write_text(format_witness(witness))
        checked = validate(path, task.program, spec, "main", model, 60)
        assert checked.outcome == CONFIRMED, (task_file.name, checked.reason)


def test_sums_that_do_not_wrap_read_as_plain_arithmetic(variables):
    _, known = variables
    text = c_expression(BVSLE(BVSExt(Y, 1) - BVSExt(X, 1), BV(7, 33)), known, "main")
    assert text == "(((long long)y - (long long)(int)x) <= 7)"
    # an interpolant's y + -1 * x is a difference
    minus_one = BV(2**33 - 1, 33)
    text = c_expression(BVSLE(BVSExt(Y, 1) + minus_one * BVSExt(X, 1), BV(0, 33)), known, "main")
    assert text == "(((long long)y - (long long)(int)x) <= 0)"
    # may wrap: in the unsigned type, as the analysis' modular sum
    assert c_expression(BVSLE(Y + X, BV(5, 32)), known, "main") == (
        "((int)((unsigned int)((unsigned int)y + x)) <= 5)"
    )


def test_location_invariants_are_not_placed_on_a_transformed_cfa(tmp_path, program):
    path = _with_location_invariant(tmp_path, program, 5, 3, "x == 0", loop_invariant=False)
    options = ['analysis.cfa_transformations=["lbe"]']
    result = validate(path, program, REACH_ERROR, "main", LP64, 60, None, options)
    assert result.outcome == UNKNOWN
    assert "checked on the CFA as parsed" in result.reason


def test_constants_have_their_c_types(variables):
    """Witness constants are typed as in the program (C11 6.4.4.1), by the frontend."""
    from cpa.witness.c_expression import conditions

    cfa, _ = variables
    # 0xFFFFFFFF is an unsigned int: y is converted to it, so y == -1 satisfies it
    formula = c_formula("y == 0xFFFFFFFF", cfa, "main", 4)
    assert not is_sat(Not(Iff(formula, Equals(Y, BV(2**32 - 1, 32)))))
    (condition,) = conditions("y == 0xFFFFFFFF", cfa, "main", 4)
    assert not condition.right.type.signed and condition.right.type.bits == 32
    # the decimal 4294967295 is a long: no int equals it
    assert not is_sat(c_formula("y == 4294967295", cfa, "main", 4))
    # a character constant is an int
    assert not is_sat(Not(Iff(c_formula("y == 'a'", cfa, "main", 4), Equals(Y, BV(97, 32)))))
