"""Violation witnesses: the published examples, our own witnesses, broken ones."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cpa.cfa.data_model import LP64
from cpa.cfa.targets import Specification
from cpa.results import Verdict
from cpa.verifier import verify
from cpa.witness.format import format_witness, read_witness
from cpa.witness.validation import CONFIRMED, REFUTED, UNKNOWN, validate
from cpa.witness.violation import violation_witness

PUBLISHED = Path(__file__).parent / "witnesses" / "published"
REACH_ERROR = Specification.unreach_call(("reach_error",))
needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="confirmation needs gcc")

#: examples that take longer than the test's limit: their answer may be unknown,
#: never the opposite of the expected one
MAY_BE_UNKNOWN = {"while/bad3_col_b", "while/bad3_nocol_b"}
#: twenty iterations of a loop with a nondeterministic array: 10 to 40 s each, so
#: these run with a short limit and may answer unknown
SLOW = "for"


def _published():
    for witness in sorted(PUBLISHED.glob("*/*.yml")):
        yield pytest.param(witness, id=f"{witness.parent.name}/{witness.stem}")


@needs_gcc
@pytest.mark.timeout(120)
@pytest.mark.parametrize("witness", list(_published()))
def test_published_witnesses_are_confirmed_or_refuted(witness: Path):
    program = next(witness.parent.glob("*.c"))
    slow = witness.parent.name == SLOW
    result = validate(witness, program, REACH_ERROR, "main", LP64, timelimit=3 if slow else 10)
    expected = CONFIRMED if witness.name.startswith("good") else REFUTED
    opposite = REFUTED if expected == CONFIRMED else CONFIRMED
    name = f"{witness.parent.name}/{witness.stem}"
    assert result.outcome != opposite, result.reason
    if name not in MAY_BE_UNKNOWN and not slow:
        assert result.outcome == expected, result.reason


UNSAFE = """\
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int limit = __VERIFIER_nondet_int();
  int i = 0, seen = 0;
  while (i < 4) {
    if (i == limit) { seen = 1; }
    i = i + 1;
  }
  int k = __VERIFIER_nondet_int() > 5 ? 1 : 0;
  if (seen && k) {
    reach_error();
  }
  return 0;
}
"""


@pytest.fixture
def own_witness(tmp_path):
    program = tmp_path / "unsafe.c"
    program.write_text(UNSAFE)
    result = verify(program, "lbe", REACH_ERROR, data_model=LP64)
    assert result.verdict.name == "FALSE"
    witness = tmp_path / "witness.yml"
    witness.write_text(
        format_witness(violation_witness(result.counterexample, program, REACH_ERROR, "LP64"))
    )
    return program, witness


def test_own_violation_witness_has_the_path_and_its_inputs(own_witness):
    program, witness = own_witness
    (entry,) = read_witness(witness).entries
    kinds = [segment[-1].type for segment in entry.segments]
    assert kinds[-1] == "target" and kinds.count("target") == 1
    returns = [s[-1] for s in entry.segments if s[-1].type == "function_return"]
    assert len(returns) == 2  # both inputs, at the closing parenthesis of each call
    lines = program.read_text().splitlines()
    for waypoint in returns:
        location = waypoint.location
        assert lines[location.line - 1][location.column - 1] == ")"
        assert re.fullmatch(r"\\result == -?\d+", waypoint.constraint)
    ternary = [
        s[-1] for s in entry.segments if s[-1].type == "branching" and s[-1].location.line == 10
    ]
    assert ternary and lines[9][ternary[0].location.column - 1] == "?"
    assert entry.task.input_file_hashes[str(program)]


@needs_gcc
def test_own_violation_witness_is_confirmed(own_witness):
    program, witness = own_witness
    result = validate(witness, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == CONFIRMED, result.reason


def test_flipped_branch_is_refuted(own_witness):
    program, witness = own_witness
    text = witness.read_text()
    # the last decision before the target is the `if (seen && k)`: say it was false
    position = text.rfind("value: 'true'")
    broken = witness.with_name("broken.yml")
    broken.write_text(text[:position] + "value: 'false'" + text[position + len("value: 'true'") :])
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == REFUTED, result.reason


def test_impossible_input_value_is_refuted(own_witness):
    program, witness = own_witness
    text = re.sub(r"\\result == -?\d+", r"\\result == -7", witness.read_text(), count=1)
    assert "\\result == -7" in text
    broken = witness.with_name("broken.yml")
    broken.write_text(text)  # limit = -7: `i == limit` never holds, `seen` stays 0
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == REFUTED, result.reason


def test_witness_of_another_program_is_not_checked(own_witness):
    program, witness = own_witness
    program.write_text(UNSAFE + "\n/* changed */\n")
    result = validate(witness, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN and "another program" in result.reason


def test_waypoint_at_a_line_without_such_construct_is_unknown_not_refuted(own_witness):
    program, witness = own_witness
    text = witness.read_text()
    broken = witness.with_name("broken.yml")
    # move the target to a line with no call of reach_error
    broken.write_text(re.sub(r"(type: target[\s\S]*?line: )\d+", r"\g<1>5", text))
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN and "unmatched" in result.reason


SWITCH = """\
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  switch (a) {
  case 1:
    return 0;
  case 0x7:
    switch (b) {
    default:
      reach_error();
    case 2:
      return 0;
    }
  default:
    return 0;
  }
}
"""


@pytest.fixture
def switch_witness(tmp_path):
    program = tmp_path / "switch.c"
    program.write_text(SWITCH)
    result = verify(program, "abe-l", REACH_ERROR, timelimit=60)
    assert result.verdict is Verdict.FALSE, result.reason
    witness = tmp_path / "witness.yml"
    witness.write_text(
        format_witness(violation_witness(result.counterexample, program, REACH_ERROR, "LP64"))
    )
    return program, witness


def _replaced(witness: Path, old: str, new: str) -> Path:
    text = witness.read_text()
    assert text.count(old) == 1, text
    broken = witness.with_name("broken.yml")
    broken.write_text(text.replace(old, new))
    return broken


def test_own_witness_gives_the_case_a_switch_selects(switch_witness):
    program, witness = switch_witness
    (entry,) = read_witness(witness).entries
    switches = [s[-1] for s in entry.segments if s[-1].type == "branching"]
    lines = program.read_text().splitlines()
    assert [(w.location.line, w.constraint) for w in switches] == [(6, "7"), (10, "default")]
    for waypoint in switches:
        assert lines[waypoint.location.line - 1][waypoint.location.column - 1 :].startswith(
            "switch"
        )


@needs_gcc
def test_switch_witnesses_are_confirmed_refuted_or_unknown(switch_witness):
    program, witness = switch_witness
    result = validate(witness, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == CONFIRMED, result.reason
    # the inner switch took case 2: it returns before the error
    broken = _replaced(witness, "value: default", "value: '2'")
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == REFUTED, result.reason
    # the outer switch took case 1
    broken = _replaced(witness, "value: '7'", "value: '1'")
    assert validate(broken, program, REACH_ERROR, "main", LP64, 30).outcome == REFUTED
    # 5 is no label of the outer switch: not read, so never refuted
    broken = _replaced(witness, "value: '7'", "value: '5'")
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN and "no case '5'" in result.reason


@pytest.mark.parametrize(
    "value, label",
    [
        ("7", 7),
        ("-7", -7),
        ("+7", 7),
        ("0x10", 16),
        ("010", 8),
        ("7u", 7),
        ("default", "default"),
        ("--7", None),
        ("+-7", None),
        ("x", None),
        ("", None),
    ],
)
def test_a_switch_waypoint_value_is_one_constant_with_at_most_one_sign(value, label):
    from cpa.witness.waypoints import _switch_label

    assert _switch_label(value) == label


RECURSIVE = """\
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int sum(int n) { return n <= 0 ? 0 : n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (n < 0 || n > 20 || m != 1) return 0;
  if (sum(n) == 78) reach_error();
  return 0;
}
"""


@pytest.fixture
def recursive_witness(tmp_path):
    """A witness of a program the analysis refuses (recursion), written from the FALSE
    of a run that found its violation (n = 12, m = 1)."""
    program = tmp_path / "recursive.c"
    program.write_text(RECURSIVE)
    result = verify(program, "lbe", REACH_ERROR, timelimit=60, data_model=LP64)
    assert result.verdict is Verdict.FALSE, result.reason
    assert [value.value for value in result.counterexample.inputs] == [12, 1]
    witness = tmp_path / "witness.yml"
    witness.write_text(
        format_witness(violation_witness(result.counterexample, program, REACH_ERROR, "LP64"))
    )
    return program, witness


@needs_gcc
def test_witness_of_a_recursive_program_is_confirmed_by_its_input_values(recursive_witness):
    program, witness = recursive_witness
    result = validate(witness, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == CONFIRMED, result.reason
    assert "witness's input values" in result.reason and "recursion" in result.reason
    assert [value.value for value in result.counterexample.inputs] == [12, 1]
    assert result.statistics["witness_run"] == "confirmed"


@pytest.mark.parametrize(
    ("replace", "why"),
    [
        # n = 11: sum is 66, the run ends without the violation
        (("\\result == 12", "\\result == 11"), "does not reach a target"),
        # a relation gives no value to run with
        (("\\result == 12", "\\result >= 12"), "not all given"),
    ],
)
def test_witness_whose_input_values_do_not_reach_the_violation_stays_unknown(
    recursive_witness, replace, why
):
    program, witness = recursive_witness
    text = witness.read_text()
    assert replace[0] in text
    broken = witness.with_name("broken.yml")
    broken.write_text(text.replace(replace[0], replace[1], 1))
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN and "recursion" in result.reason
    assert why in result.statistics["witness_run"]


def test_witness_without_the_second_value_stays_unknown(recursive_witness):
    """A run that wants an input the witness does not give stops: no default value."""
    program, witness = recursive_witness
    (entry,) = read_witness(witness).entries
    returns = [s for s in entry.segments if s[-1].type == "function_return"]
    assert [s[-1].constraint for s in returns] == ["\\result == 12", "\\result == 1"]
    entry.segments.remove(returns[1])
    broken = witness.with_name("broken.yml")
    broken.write_text(format_witness(entry))
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN
    assert "inputs exhausted" in result.statistics["witness_run"]


def test_run_on_the_witness_values_along_another_branch_confirms_nothing(recursive_witness):
    """The values reach the violation, but the witness says the last branch before it
    went the other way: the run is not an execution the witness allows."""
    program, witness = recursive_witness
    text = witness.read_text()
    position = text.rfind("value: 'true'")
    assert position > 0
    broken = witness.with_name("broken.yml")
    broken.write_text(text[:position] + "value: 'false'" + text[position + len("value: 'true'") :])
    result = validate(broken, program, REACH_ERROR, "main", LP64, timelimit=30)
    assert result.outcome == UNKNOWN and "recursion" in result.reason
    assert "leaves the witness" in result.statistics["witness_run"]
