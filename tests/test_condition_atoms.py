"""The program's condition atoms as predicates (``cpa.predicate.condition_atoms``)."""

from __future__ import annotations

from pathlib import Path

from pysmt.shortcuts import BV, BVSLE, BVSLT, BVULE, BVULT, Equals, Symbol
from pysmt.typing import BVType

from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.lbe import summarise
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.results import Verdict
from cpa.verifier import analyze
from cpa_predicate.condition_atoms import UNROLLED, ConditionAtoms, unrolled_variables
from cpa_predicate.pathformula import PathFormulaManager

PROGRAM = """
int __VERIFIER_nondet_int(void);
unsigned g;
int *p;
int twice(int a) { if (a != 3) return 2 * a; return 0; }
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  while (i < 100) i++;
  if (g >= 7u) return 1;
  if (*p == 0) return 2;
  if (n / 2 == 5) return 3;
  return twice(n);
}
"""


def word(name: str, bits: int = 32):
    return Symbol(f"{name}#{bits}", BVType(bits))


def _atoms(source: str, lbe: bool) -> ConditionAtoms:
    cfa = parse_source(source, "atoms.c")
    if lbe:
        summarise(cfa)
    return ConditionAtoms(PathFormulaManager(cfa))


def test_each_comparison_comes_with_its_boundary_variants_in_its_function():
    for lbe in (False, True):  # LBE's summarised edges hold the same conditions
        atoms = _atoms(PROGRAM, lbe)
        i, g, a = word("main::i"), word("g"), word("twice::a")
        hundred, seven = BV(100, 32), BV(7, 32)
        in_main = set(atoms.for_function("main"))
        loop = {BVSLT(i, hundred), BVSLE(i, hundred), Equals(i, hundred)}
        unsigned = {BVULT(seven, g), BVULE(seven, g), Equals(seven, g)}  # 7 <= g
        assert loop | unsigned <= in_main
        # a global's atoms everywhere, a local's only in its own function
        in_twice = set(atoms.for_function("twice"))
        assert unsigned <= in_twice
        assert Equals(a, BV(3, 32)) in in_twice
        assert not loop & in_twice
        assert Equals(a, BV(3, 32)) not in in_main


def test_only_the_atoms_over_given_variables_when_asked():
    atoms = _atoms(PROGRAM, True)
    i, g = word("main::i"), word("g")
    over_i = set(atoms.for_function("main", frozenset({"main::i#32"})))
    assert over_i == {
        BVSLT(i, BV(100, 32)),
        BVSLE(i, BV(100, 32)),
        Equals(i, BV(100, 32)),
    }
    assert not atoms.for_function("twice", frozenset({"main::i#32"}))
    assert set(atoms.for_function("twice", frozenset({"g#32"}))) == {
        BVULT(BV(7, 32), g),
        BVULE(BV(7, 32), g),
        Equals(BV(7, 32), g),
    }


def test_the_checks_of_pointer_operations_give_no_atoms():
    source = """
    int main(void) {
      int a[2] = {1, 2}, s = 0;
      const char *t = "ab";
      for (int i = 0; i < 2; i++) { s += t[i]; s += a[i]; }
      return s == 3;
    }
    """
    for lbe in (False, True):
        atoms = _atoms(source, lbe)
        names = {
            s.symbol_name()
            for atom in atoms.for_function("main")
            for s in atom.get_free_variables()
        }
        # the loop condition; not the address ranges that the
        # checks of t[i] compare (cpa.cfa.undefined), which are no facts of the program
        assert names == {"main::i#32"}, names


def test_a_variable_influences_where_its_value_goes():
    atoms = _atoms(PROGRAM, True)
    # n's value goes to twice's parameter a (and on to twice's result and main's)
    reached = atoms.influenced_by(frozenset({"main::n#32"}))
    assert {"main::n#32", "twice::a#32"} <= reached
    assert "main::i#32" not in reached and "g#32" not in reached
    assert atoms.influenced_by(frozenset({"main::i#32"})) == {"main::i#32"}
    assert Equals(word("twice::a"), BV(3, 32)) in atoms.for_function("twice", reached)


def test_a_variable_compared_with_enough_constants_is_unrolled():
    i, j = word("main::i"), word("main::j")
    predicates = [BVSLT(i, BV(k, 32)) for k in range(1, UNROLLED + 1)]
    predicates += [Equals(j, BV(k, 32)) for k in range(UNROLLED - 1)]
    assert unrolled_variables(predicates) == {"main::i#32"}
    assert unrolled_variables(predicates[1:]) == set()


def test_a_condition_that_needs_more_than_its_variables_gives_no_atom():
    atoms = _atoms(PROGRAM, False)
    for atom in atoms.for_function("main"):
        names = {s.symbol_name() for s in atom.get_free_variables()}
        # the division's side constraints and the dereference's cells are left out
        assert names <= {"main::i#32", "g#32"}, atom


COUNT_TO_A_MILLION = """
int main(void) {
  int i;
  for (i = 0; i < 1000000; i++) ;
  if (i != 1000000) { ERROR: return 1; }
  return 0;
}
"""


def _verify(tmp_path: Path, source: str, mode: str, atoms_after: int = 0):
    path = tmp_path / "program.c"
    path.write_text(source)
    options = [
        f"cpa.predicate.condition_atoms={mode}",
        # by default none here: the modes alone (the cap is tested below)
        f"refiner.predicate.condition_atoms_after={atoms_after}",
    ]
    configuration = load_configuration("lbe", options)
    return analyze(parse_program(path), configuration, Specification.any_error(), 60)


def test_a_counting_loop_is_proved_with_its_own_condition(tmp_path: Path):
    # interpolants alone are i < 1, i < 2, ...: a refinement per iteration
    result = _verify(tmp_path, COUNT_TO_A_MILLION, "unrolling")
    assert result.verdict is Verdict.TRUE, result.reason
    # the atoms came once the loop head's predicates compared i with UNROLLED constants
    assert 1 <= result.statistics["condition_atoms_from_refinement"] <= UNROLLED + 1
    assert result.statistics["condition_atoms_variables"] == 1
    assert result.statistics["refinements"] <= UNROLLED + 2
    always = _verify(tmp_path, COUNT_TO_A_MILLION, "always")
    assert always.verdict is Verdict.TRUE, always.reason
    assert always.statistics["condition_atoms_from_refinement"] == 0


STATE_FLAG = """
int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0, t = 0;
  while (__VERIFIER_nondet_int()) {
    if (s == 0) { s = 1; t = 0; } else if (s == 1) { s = 2; t = 1; } else { s = 0; t = 0; }
  }
  if (s == 2 && t != 1) { ERROR: return 1; }
  return 0;
}
"""


def test_a_state_flag_with_few_values_is_no_unrolling(tmp_path: Path):
    for mode in ("unrolling", "off"):
        result = _verify(tmp_path, STATE_FLAG, mode)
        assert result.verdict is Verdict.TRUE, result.reason
        assert result.statistics["refinements"] >= 1
        assert "condition_atoms" not in result.statistics


SQUARES = """
int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (!(i < 10 && i > -10)) return 0;
  while (i * i < 100) i = i + 1;
  if (i != 10) { ERROR: return 1; }
  return 0;
}
"""


def test_the_atoms_refine_a_path_whose_interpolation_outlasts_its_cap(tmp_path: Path):
    # Spacer takes minutes over the square's bit-vectors; i * i < 100 is the invariant.
    # A cap of one resource unit is reached on every path: the atoms refine the first one
    result = _verify(tmp_path, SQUARES, "unrolling", atoms_after=1)
    assert result.verdict is Verdict.TRUE, result.reason
    assert result.statistics["refinements_by_condition_atoms"] == 1
    assert result.statistics["condition_atoms_from_refinement"] == 0
    # the same cap on a loop whose interpolants alone prove it, atoms off: no atoms
    plain = _verify(tmp_path, STATE_FLAG, "off", atoms_after=1)
    assert plain.verdict is Verdict.TRUE, plain.reason
    assert "refinements_by_condition_atoms" not in plain.statistics


NO_ATOM_HELPS = """
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = 0;
  while (__VERIFIER_nondet_uint()) b = a & 1u;
  if (b / 2 != 0) { ERROR: return 1; }
  return 0;
}
"""


def test_a_path_the_atoms_add_nothing_to_gets_its_interpolants_after_all(tmp_path: Path):
    # the division's condition gives no atom; the loop's gives one, which refines the
    # first path and not the next: that one, and every later one, is interpolated
    result = _verify(tmp_path, NO_ATOM_HELPS, "unrolling", atoms_after=1)
    assert result.verdict is Verdict.TRUE, result.reason
    assert result.statistics["refinements_by_condition_atoms"] == 1
    assert result.statistics["refinements"] >= 2
