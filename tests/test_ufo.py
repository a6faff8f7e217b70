"""UFO (UUFO, CPUFO, BPUFO) and its predicate-abstraction baselines (CP, BP) as
configurations of the one loop: weak topological order, exploration past targets,
and one DAG interpolation per refinement for every target in the reached set."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from cegar_builders import assert_block_hoare_triples, cegar_algorithm
from pysmt.shortcuts import And, Not, is_unsat
from test_impact import COUNT_TO_THREE, LOCK

from algorithms.cpa_algorithm import LoopOutcome, run_reachability
from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.results import Verdict
from cpa.verifier import analyze
from cpa_predicate.error_path import error_dag
from cpa_predicate.interpolation import create_interpolator
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.ssa import rename_symbols

UFO_CONFIGS = ["uufo", "cpufo", "bpufo", "cp", "bp"]

# three targets behind one another in a loop, none reachable: x stays even
THREE_CHECKS = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = 0, n = __VERIFIER_nondet_int();
  while (n > 0) {
    if (x % 2 != 0) reach_error();
    x = x + 2;
    n = n - 1;
  }
  if (x == 1) reach_error();
  if (x == 3) reach_error();
  return 0;
}
"""


def _predicate_state(cpa, state):
    return state.wrapped.components[cpa.wrapped.component(PredicateCPA)]


@pytest.mark.parametrize("config", UFO_CONFIGS)
@pytest.mark.parametrize("source", [LOCK, THREE_CHECKS])
def test_ufo_configurations_prove_safe_programs_with_dag_refinement(config, source):
    algorithm = cegar_algorithm(source, config, seconds=60)
    outcome = algorithm.run()
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    statistics = algorithm.context.statistics
    # several targets at once: refuted by one DAG query, not path by path
    assert statistics.get("dag_refinements") > 0
    assert statistics.get("dag_refinement_nodes") > statistics.get("dag_refinements")


@pytest.mark.parametrize("source", [LOCK, THREE_CHECKS])
def test_cp_with_shrunk_cores_proves_safe_programs(source):
    shrink = ["cpa.predicate.interpolation_core_shrink=3"]
    algorithm = cegar_algorithm(source, "cp", shrink, seconds=60)
    outcome = algorithm.run()
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    assert algorithm.context.statistics.get("interpolation_core_shrunk_literals") is not None


@pytest.mark.parametrize("config", UFO_CONFIGS)
def test_ufo_configurations_find_a_counterexample_that_replays(config):
    with tempfile.TemporaryDirectory(prefix="cpa-test-") as directory:
        path = Path(directory, "test.c")
        path.write_text(COUNT_TO_THREE)
        result = analyze(parse_program(path), load_configuration(config), Specification.any_error())
    assert result.verdict is Verdict.FALSE, result.reason
    assert [i.value for i in result.counterexample.inputs] == [3]


def test_uufo_labels_satisfy_the_hoare_triple_of_every_block():
    algorithm = cegar_algorithm(THREE_CHECKS, "uufo", seconds=60)
    assert algorithm.run().verdict is Verdict.TRUE
    # at least the way into the loop and once around it (the invariant x % 2 == 0
    # may be found on the first unrolling)
    assert assert_block_hoare_triples(algorithm.cpa, algorithm.reached) >= 2


def test_error_dag_of_the_targets_in_the_reached_set():
    """The DAG of every target (explored past them) is rooted and topological, its
    error nodes are the targets, and its labels satisfy every block's Hoare triple."""
    algorithm = cegar_algorithm(THREE_CHECKS, "uufo", seconds=60)
    cpa, reached = algorithm.cpa, algorithm.reached
    outcome = run_reachability(cpa, reached, stop_at_target=False)
    assert outcome is LoopOutcome.COMPLETE
    targets = [s for s in reached if cpa.is_target(s)]
    assert len(targets) == 3
    dag = error_dag(targets, lambda s: _predicate_state(cpa, s))
    assert dag.parents[0] is None
    assert all(p is not None and p < i for i, p in enumerate(dag.parents) if i)
    assert sorted(dag.nodes[i].id for i in dag.targets) == sorted(t.id for t in targets)
    assert dag.problem.errors == frozenset(dag.targets)
    with create_interpolator("z3") as interpolator:
        labels = interpolator.dag_interpolants(dag.problem)
    assert labels is not None
    for edge in dag.problem.edges:
        after = rename_symbols(labels[edge.target], dict(edge.at_target))
        assert is_unsat(And(labels[edge.source], edge.formula, Not(after)))


# ERROR is a label, not a sink: the program goes on past it, and so does the loop, so
# the second check's target is reached through the first one
TARGET_BEHIND_TARGET = """
extern int __VERIFIER_nondet_int(void);
void error(void) {
  ERROR: ;
}
int main() {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    if (x > 5) error();
    if (x > 7) error();
    x = x + 1;
    if (x > 3) x = 0;
  }
  return 0;
}
"""


def _abstractions_above(cpa, state):
    from cpa_predicate.error_path import abstraction_states

    holders = abstraction_states(state, lambda s: _predicate_state(cpa, s))
    return [_predicate_state(cpa, holder).abstraction for holder in holders[:-1]]


def test_error_dag_of_a_target_behind_another_has_the_upper_one_as_error():
    """The upper target is the error node; one reached through it is not in the DAG
    (an error node has no edges leaving it)."""
    algorithm = cegar_algorithm(TARGET_BEHIND_TARGET, "uufo", seconds=60)
    cpa, reached = algorithm.cpa, algorithm.reached
    assert run_reachability(cpa, reached, stop_at_target=False) is LoopOutcome.COMPLETE
    targets = [s for s in reached if cpa.is_target(s)]
    target_abstractions = {id(_predicate_state(cpa, t).abstraction) for t in targets}
    behind = [
        t for t in targets if any(id(a) in target_abstractions for a in _abstractions_above(cpa, t))
    ]
    assert behind, "the program should put a target behind another"
    dag = error_dag(targets, lambda s: _predicate_state(cpa, s))
    in_dag = {id(a) for a in dag.abstractions}
    assert all(id(_predicate_state(cpa, t).abstraction) not in in_dag for t in behind)
    assert len(dag.targets) == len(targets) - len(behind)
    with create_interpolator("z3") as interpolator:
        labels = interpolator.dag_interpolants(dag.problem)
    assert labels is not None
    assert all(labels[error].is_false() for error in dag.targets)


@pytest.mark.parametrize("config", UFO_CONFIGS)
def test_ufo_configurations_prove_a_program_whose_targets_are_not_sinks(config):
    outcome = cegar_algorithm(TARGET_BEHIND_TARGET, config, seconds=60).run()
    assert outcome.verdict is Verdict.TRUE, outcome.reason


#: a 3x4 matrix filled in a loop nest, read at a nondeterministic index (FALSE)
MATRIX = (Path(__file__).parent / "c_semantics" / "arr08_matrix_row_major_unsafe.c").read_text()


@pytest.mark.parametrize("reading", ["integers", "integers-split", "bit-vectors"])
def test_the_interpolation_reading_option_selects_spacer_s_theories(reading):
    # the case-split reading is given to Spacer only when asked for, and then last in
    # each budget round (its behaviour: test_interpolation); the answer is the same
    option = [f"cpa.predicate.interpolation_reading={reading}"]
    algorithm = cegar_algorithm(MATRIX, "lbe", option, seconds=60)
    outcome = algorithm.run()
    assert outcome.verdict is Verdict.FALSE, outcome.reason
    interpolator = algorithm.refiner.interpolator
    interpolator = getattr(interpolator, "inner", interpolator)
    assert ("integers-split" in interpolator._theories) == (reading == "integers-split")
    assert interpolator._theories[-1] == "integers-split" or reading != "integers-split"
    assert interpolator.integer_reading == (reading != "bit-vectors")
