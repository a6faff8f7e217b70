"""The predicate analysis as configurations of the one loop: verdicts, refinement,
block encodings, counterexamples and their replay."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from algorithms.cegar import CEGARAlgorithm
from algorithms.cpa_algorithm import Deadline, LoopOutcome, run_reachability
from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.interpreter import run as replay
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.core.context import AnalysisContext
from cpa.results import Verdict
from cpa.verifier import analyze, build, prepare_cfa
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.refiner import PredicateRefiner

CONFIGS = ["sbe", "sbe-boolean", "lbe", "lbe-cartesian", "abe-l", "abe-lf"]
BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"

NONDET = "int __VERIFIER_nondet_int(void);\n"

# needs the predicate x == y at the loop head: one refinement at least
EQUAL_COUNTERS = (
    NONDET
    + """
int main() {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x = x + 1; y = y + 1; }
  if (x != y) { ERROR: return 1; }
  return 0;
}
"""
)

# unsafe only when the input is exactly 42 and the loop ran at least twice
UNSAFE = (
    NONDET
    + """
int check(int v) { return v == 42; }
int main() {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 2) { i = i + 1; }
  if (check(n) && i == 2) { ERROR: return 1; }
  return 0;
}
"""
)

SPURIOUS = """
int main() {
  int x = 1;
  int y = x;
  if (y != 1) { ERROR: return 1; }
  return 0;
}
"""


def _built(source: str, config: str, overrides=()):
    """The CFA, configuration, context, CPA and reached set of ``source``, unexplored."""
    cfa = prepare_cfa(parse_source(source, "test.c"))
    configuration = load_configuration(config, list(overrides))
    context = AnalysisContext(
        cfa, Specification.any_error(), Deadline(), options=dict(configuration.analysis)
    )
    cpa, reached = build(cfa, configuration, context)
    return cfa, configuration, context, cpa, reached


def verify(source: str, config: str, **kwargs):
    """Verify ``source`` from a file, so that a FALSE answer is confirmed by gcc."""
    with tempfile.TemporaryDirectory(prefix="cpa-test-") as directory:
        path = Path(directory, "test.c")
        path.write_text(source)
        cfa = parse_program(path)
        return analyze(cfa, load_configuration(config), Specification.any_error(), **kwargs)


@pytest.mark.parametrize("config", CONFIGS)
def test_safe_program_needing_a_loop_invariant(config):
    result = verify(EQUAL_COUNTERS, config)
    assert result.verdict is Verdict.TRUE, result.reason
    assert result.statistics["refinements"] >= 1
    assert result.statistics["predicates_total"] >= 1


@pytest.mark.parametrize("config", CONFIGS)
def test_unsafe_program_gives_inputs_that_replay_to_the_target(config):
    result = verify(UNSAFE, config)
    assert result.verdict is Verdict.FALSE, result.reason
    counterexample = result.counterexample
    assert [i.value for i in counterexample.inputs if i.name == "n"] == [42]
    assert counterexample.steps[-1].function == "main"
    # replay on a fresh CFA of the original program (no LBE, no pruning)
    fresh = parse_source(UNSAFE, "test.c")
    outcome = replay(fresh, Specification.any_error(), [i.value for i in counterexample.inputs])
    assert outcome.reached_target, outcome.reason


def test_refinement_on_a_spurious_path_adds_predicates_and_cuts_lazily():
    cfa, configuration, context, cpa, reached = _built(SPURIOUS, "sbe")
    assert run_reachability(cpa, reached) is LoopOutcome.TARGET
    target = reached.last_state
    root = reached.first_state
    refiner = PredicateRefiner(context, cpa, reached)
    before = len(reached)
    result = refiner.refine(target)
    assert result.counterexample is None and result.failed is None
    predicate_cpa = cpa.wrapped.cpas[cpa.wrapped.component(PredicateCPA)]
    formulas = {p.formula.serialize() for p in predicate_cpa.registry.predicates}
    assert any("x" in f or "y" in f for f in formulas), formulas
    # lazy: the root and the states before the cut stay, the target is gone
    assert root in reached and target not in reached
    assert 1 < len(reached) < before
    assert reached.has_waiting()
    assert run_reachability(cpa, reached) is LoopOutcome.COMPLETE


def test_blocks_use_block_local_indices_and_states_are_partitioned_by_abstraction():
    cfa, configuration, context, cpa, reached = _built(EQUAL_COUNTERS, "abe-l")
    algorithm = CEGARAlgorithm(configuration.algorithm_options, context, cpa, reached)
    assert algorithm.run().verdict is Verdict.TRUE
    index = cpa.wrapped.component(PredicateCPA)
    states = [(s, s.wrapped.components[index]) for s in reached]
    abstractions = [p.abstraction for _, p in states if p.is_abstraction]
    instantiated_names = set()
    for abstraction in abstractions:
        # the region is instantiated where the next block starts: at index 0
        names = {v.symbol_name() for v in abstraction.instantiated.get_free_variables()}
        assert all(name.endswith("@0") for name in names), names
        instantiated_names |= names
        if abstraction.block_formula is not None:
            # one loop iteration writes x and y once: indices do not grow along the ARG
            assert max(abstraction.block_formula.ssa.values(), default=0) <= 2
    assert instantiated_names  # the loop head's region mentions x and y (x == y)
    for state, predicate_state in states:
        partition = [other.wrapped.components[index] for other in reached.partition(state)]
        if predicate_state.is_abstraction:
            assert all(other.is_abstraction for other in partition)
        else:
            assert all(
                not other.is_abstraction and other.abstraction is predicate_state.abstraction
                for other in partition
            )


@pytest.mark.parametrize("used_before", [False, True])
def test_refinement_cuts_at_an_abstraction_computed_before_its_predicates(used_before):
    from pysmt.shortcuts import BV, FALSE, TRUE, Symbol
    from pysmt.shortcuts import BVSGT as GT
    from pysmt.typing import BVType

    def Int(value):  # noqa: N802 - a 32-bit word, as the path formulas encode an int
        return BV(value, 32)

    INT = BVType(32)

    from cpa_predicate.error_path import Refutation
    from cpa_predicate.state import Abstraction

    cfa, configuration, context, cpa, reached = _built(SPURIOUS, "abe-l")
    refiner = PredicateRefiner(context, cpa, reached)
    predicate_cpa = refiner.predicate_cpa
    node, target_node = list(cfa.nodes())[:2]
    predicate = predicate_cpa.registry.get(GT(Symbol("main::x#32", INT), Int(0)))
    predicate_cpa.precision.add(node, [predicate])  # by an earlier refinement
    true = predicate_cpa.regions.true()
    root = predicate_cpa.initial_state(node).abstraction
    # an abstraction outside that refinement's cut: computed with the older precision
    used = (predicate,) if used_before else ()
    middle = Abstraction(true, TRUE(), TRUE(), None, node, used)
    target = Abstraction(true, TRUE(), TRUE(), None, target_node, ())
    labels = [TRUE(), GT(Symbol("main::x#32@1", INT), Int(0)), FALSE()]
    refutation = Refutation([None] * 3, [root, middle, target], [None, 0, 1], labels)
    pivots = refiner.strategy.add_predicates(refutation)
    # no predicate is new, but the stale abstraction must be recomputed
    assert pivots == ([] if used_before else [1])


def test_unsupported_construct_is_unknown_with_location():
    source = "int main() {\n  union { int a; float f; } u;\n  u.a = 1;\n  if (u.a != 1) { ERROR: return 1; }\n  return 0;\n}\n"
    result = verify(source, "lbe")
    assert result.verdict is Verdict.UNKNOWN
    assert "test.c:3" in result.reason and "unsupported" in result.reason


def test_timeout_is_unknown_with_statistics():
    result = verify(EQUAL_COUNTERS, "sbe", timelimit=1e-9)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "timeout"
    assert "wall_time_s" in result.statistics


def test_lbe_needs_its_cfa_transformation():
    from cpa.errors import ConfigError

    with pytest.raises(ConfigError, match="needs 'lbe'"):
        analyze(
            parse_source(SPURIOUS),
            load_configuration("lbe", ["analysis.cfa_transformations=[]"]),
            Specification.any_error(),
        )


@pytest.mark.skipif(not BENCHMARKS.is_dir(), reason="benchmarks not present")
def test_locks_lbe_reached_set_does_not_grow_and_sbe_does():
    sizes = {}
    for n in (5, 6):
        program = BENCHMARKS / f"lbe-2009/locks/test_locks_{n}.c"
        spec = Specification.unreach_label("ERROR")
        lbe = analyze(parse_program(program), load_configuration("lbe"), spec)
        sbe = analyze(parse_program(program), load_configuration("sbe"), spec)
        assert lbe.verdict is Verdict.TRUE and sbe.verdict is Verdict.TRUE
        assert lbe.statistics["refinements"] == 0
        sizes[n] = (lbe.statistics["reached_size"], sbe.statistics["reached_size"])
    assert sizes[5][0] == sizes[6][0]
    assert sizes[6][1] > sizes[5][1] > sizes[5][0]


@pytest.mark.parametrize("parts", ["whole", "conjuncts", "atoms"])
def test_an_interpolant_becomes_predicates_whole_or_by_conjuncts_or_by_atoms(parts):
    from pysmt.shortcuts import BV, FALSE, TRUE, And, Or, Symbol
    from pysmt.shortcuts import BVSLT as LT
    from pysmt.typing import BVType

    from cpa_predicate.error_path import Refutation
    from cpa_predicate.state import Abstraction

    def facts(suffix: str):
        """0 < x, 0 < y | y < 5 and their label, over the variables with ``suffix``."""
        x, y = Symbol(f"x#32{suffix}", BVType(32)), Symbol(f"y#32{suffix}", BVType(32))
        positive, either = LT(BV(0, 32), x), Or(LT(BV(0, 32), y), LT(y, BV(5, 32)))
        # a nested conjunction with a true conjunct: flattened, the true dropped
        return positive, either, And(And(positive, TRUE()), either)

    cfa, configuration, context, cpa, reached = _built(
        SPURIOUS, "abe-l", [f"cpa.predicate.predicate_parts={parts}"]
    )
    refiner = PredicateRefiner(context, cpa, reached)
    predicate_cpa = refiner.predicate_cpa
    node, target_node = list(cfa.nodes())[:2]
    true = predicate_cpa.regions.true()
    root = predicate_cpa.initial_state(node).abstraction
    middle = Abstraction(true, TRUE(), TRUE(), None, node, ())
    target = Abstraction(true, TRUE(), TRUE(), None, target_node, ())
    label = facts("@1")[2]
    refutation = Refutation(
        [None] * 3, [root, middle, target], [None, 0, 1], [TRUE(), label, FALSE()]
    )
    refiner.strategy.add_predicates(refutation)
    found = {p.formula for p in predicate_cpa.precision.predicates_at(node)}
    positive, either, whole = facts("")
    expected = {
        "whole": {whole},
        "conjuncts": {positive, either},
        "atoms": {positive, *either.args()},
    }[parts]
    assert found == expected
