"""IMPACT (lazy abstraction with interpolants) as a configuration of the one loop:
labels strengthened in place, coverage undone and redone, and the invariants that
make a complete ARG a proof."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from cegar_builders import assert_block_hoare_triples, cegar_algorithm
from pysmt.shortcuts import And, Not, is_unsat

from algorithms.cegar import CEGARAlgorithm
from algorithms.cpa_algorithm import Deadline
from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.core.arg_reached import ARGReachedSet
from cpa.core.context import AnalysisContext
from cpa.errors import ConfigError
from cpa.results import Verdict
from cpa.verifier import analyze, build, prepare_cfa
from cpa_predicate.checked_interpolation import CheckedInterpolator
from cpa_predicate.forced_covering import ForcedCovering
from cpa_predicate.predicate_cpa import PredicateCPA

# the lock is released before the next iteration: safe, proved with loop-head states
# covered by older ones
LOCK = """
extern void reach_error(void);
int main() {
  int i = 0, lock = 0;
  while (i < 4) {
    if (lock != 0) reach_error();
    lock = 1;
    lock = 0;
    i++;
  }
  if (i != 4) reach_error();
  return 0;
}
"""

# a lock taken and released in a loop of unknown length: IMPACT covers the second
# loop-head state by the first, whose label a refinement then strengthens (uncovering
# it), and covers it again
LOCK_IN_ANY_LOOP = """
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int lock = 0;
  while (__VERIFIER_nondet_int()) {
    if (lock != 0) reach_error();
    lock = 1;
    lock = 0;
  }
  return 0;
}
"""

# reachable only after exactly three iterations
COUNT_TO_THREE = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int n = __VERIFIER_nondet_int();
  int i = 0, x = 0;
  if (n < 0 || n > 1000) return 0;
  while (i < n) { i = i + 1; x = x + 2; }
  if (x == 6) reach_error();
  return 0;
}
"""


UNFORCED = ["refiner.predicate.forced_covering=false"]


def _run(source: str, config: str = "impact", overrides=()):
    algorithm = cegar_algorithm(source, config, overrides, seconds=60)
    outcome = algorithm.run()
    cpa, reached = algorithm.cpa, algorithm.reached
    predicate = cpa.wrapped.cpas[cpa.wrapped.component(PredicateCPA)]
    return outcome, algorithm.context, cpa, reached, predicate


def _graph(reached):
    """Every state of the ARG: the reached ones and the covered leaves."""
    states = {s.id: s for s in reached}
    for state in list(states.values()):
        for covered in state.covering:
            states[covered.id] = covered
    return list(states.values())


def _predicate_state(cpa, state):
    return state.wrapped.components[cpa.wrapped.component(PredicateCPA)]


def test_impact_proves_a_program_with_strengthening_uncovering_and_recovering():
    # without forced covering, which would cover the loop head before the refinement
    outcome, context, cpa, reached, predicate = _run(LOCK_IN_ANY_LOOP, overrides=UNFORCED)
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    statistics = context.statistics
    assert statistics.get("labels_strengthened") > 0
    assert statistics.get("states_uncovered") > 0
    assert statistics.get("states_covered_after_refinement") > 0
    # formula labels, no predicate abstraction: the precision stays empty
    assert predicate.registry.predicates == []
    covered = [s for s in _graph(reached) if s.is_covered()]
    assert covered
    for state in covered:
        coverer = state.covered_by
        # coverage rules: older, uncovered, in the reached set; covered states are leaves
        assert coverer.id < state.id and not coverer.is_covered() and coverer in reached
        assert state not in reached and state.children == []
        mine = _predicate_state(cpa, state).abstraction.formula
        theirs = _predicate_state(cpa, coverer).abstraction.formula
        assert is_unsat(And(mine, Not(theirs)))


@pytest.mark.parametrize("source", [LOCK, COUNT_TO_THREE])
def test_labels_satisfy_the_hoare_triple_of_every_block(source):
    """{label(u)} block {label(v)} for every abstraction state v after u, checked by the
    solver: with it, coverage makes a complete ARG an inductive invariant."""
    outcome, context, cpa, reached, _ = _run(source)
    assert assert_block_hoare_triples(cpa, reached) > 3


def test_uncovered_state_is_explored_again_and_covered_again():
    outcome, context, cpa, reached, _ = _run(LOCK)
    assert outcome.verdict is Verdict.TRUE
    arg = ARGReachedSet(reached, cpa.stop_operator, cpa.is_target)
    state = next(s for s in _graph(reached) if s.is_covered())
    coverer = state.covered_by
    assert arg.uncover_covered_by(coverer) == [state]
    assert state in reached and state in reached.waitlist and not state.is_covered()
    assert coverer.covering == []
    # the labels did not change: the same older state covers it again
    assert arg.try_to_cover(state) is coverer
    assert state not in reached and state.covered_by is coverer
    with pytest.raises(ValueError, match="only older"):
        arg.cover(coverer, state)
    # uncovered and left to the loop, it is explored (its new successors are labelled
    # true: spurious targets are found and refined) and the proof completes again
    arg.uncover_covered_by(coverer)
    configuration = load_configuration("impact")
    again = CEGARAlgorithm(configuration.algorithm_options, context, cpa, reached)
    assert again.run().verdict is Verdict.TRUE


def test_impact_finds_a_counterexample_that_replays():
    with tempfile.TemporaryDirectory(prefix="cpa-test-") as directory:
        path = Path(directory, "test.c")
        path.write_text(COUNT_TO_THREE)
        # IMPACT's own counterexample: no search by execution first
        configuration = load_configuration("impact", ["analysis.search_by_execution=0"])
        result = analyze(parse_program(path), configuration, Specification.any_error())
    assert result.verdict is Verdict.FALSE, result.reason
    assert [i.value for i in result.counterexample.inputs] == [3]
    assert result.statistics["labels_strengthened"] > 0


@pytest.mark.parametrize(
    "overrides, message",
    [
        (["cpa.predicate.labels=bdd"], "strategy 'strengthen' needs cpa.predicate.labels"),
        (["refiner.predicate.strategy=predicates"], "needs an abstraction that uses predicates"),
    ],
)
def test_inconsistent_refinement_options_are_configuration_errors(overrides, message):
    with pytest.raises(ConfigError, match=message):
        _run(LOCK, overrides=overrides)


TWO_SPURIOUS_TARGETS = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = 1, y = 0;
  if (__VERIFIER_nondet_int()) y = x; else y = 2 * x;
  if (y == 0) reach_error();
  if (x != 1) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("config", ["impact", "abe-l", "sbe"])
@pytest.mark.parametrize(
    "source, expected",
    [(TWO_SPURIOUS_TARGETS, Verdict.TRUE), (LOCK, Verdict.TRUE), (COUNT_TO_THREE, Verdict.FALSE)],
)
def test_continuing_past_targets_refines_them_when_the_waitlist_is_empty(config, source, expected):
    outcome, context, *_ = _run(source, config, ["algorithm.cegar.targets=continue"])
    assert outcome.verdict is expected, outcome.reason
    stopping, *_ = _run(source, config)
    assert stopping.verdict is expected


def test_the_loop_can_go_on_past_targets():
    from algorithms.cpa_algorithm import LoopOutcome, run_reachability

    cfa = prepare_cfa(parse_source(TWO_SPURIOUS_TARGETS, "test.c"))
    configuration = load_configuration("location")
    context = AnalysisContext(cfa, Specification.any_error(), Deadline())
    cpa, reached = build(cfa, configuration, context)
    assert run_reachability(cpa, reached, stop_at_target=False) is LoopOutcome.COMPLETE
    assert len([s for s in reached if cpa.is_target(s)]) == 2
    _, reached = build(cfa, configuration, context)
    assert run_reachability(cpa, reached) is LoopOutcome.TARGET


NESTED_LOOPS = """
extern void reach_error(void);
int main() {
  int i = 0, s = 0;
  while (i < 3) {
    int j = 0;
    while (j < 2) { s++; j++; }
    i++;
  }
  if (s != 6) reach_error();
  return 0;
}
"""


def _members(component) -> list:
    from cpa.cfa.order import WTOComponent

    nodes = [component.head]
    for element in component.elements:
        nodes.extend(_members(element) if isinstance(element, WTOComponent) else [element])
    return nodes


def test_wto_positions_keep_each_loop_contiguous_with_its_head_first():
    from cpa.cfa.order import WTOComponent, weak_topological_order

    cfa = prepare_cfa(parse_source(NESTED_LOOPS, "test.c"))
    function = cfa.functions["main"]
    components, stack = [], list(weak_topological_order(function))
    while stack:
        element = stack.pop()
        if isinstance(element, WTOComponent):
            components.append(element)
            stack.extend(element.elements)
    assert len(components) == 2  # the outer and the inner loop
    for component in components:
        inside = _members(component)
        positions = sorted(node.wto_position for node in inside)
        assert positions == list(range(positions[0], positions[0] + len(inside)))
        assert component.head.wto_position == positions[0]
    positions = [node.wto_position for node in function.nodes]
    assert sorted(positions) == list(range(len(positions)))


def test_wto_waitlist_pops_in_weak_topological_order_and_verifies():
    import random

    from cpa.core.waitlist_orders import WeakTopologicalWaitlist

    cfa = prepare_cfa(parse_source(NESTED_LOOPS, "test.c"))
    nodes = list(cfa.functions["main"].nodes)
    random.Random(1).shuffle(nodes)
    waitlist = WeakTopologicalWaitlist(lambda node: node)
    for node in nodes:
        waitlist.add(node)
    popped = [waitlist.pop() for _ in nodes]
    assert [n.wto_position for n in popped] == sorted(n.wto_position for n in nodes)
    for config in ("abe-l", "impact"):
        outcome, *_ = _run(NESTED_LOOPS, config, ["analysis.waitlist=wto"])
        assert outcome.verdict is Verdict.TRUE, (config, outcome.reason)


# the state machine cycles through 0, 1, 2: IMPACT proves 0 <= s <= 2 at the loop head
# after a refinement per unrolling, forced covering once the label holds along the body
CYCLE = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int s = 0, t = 0;
  while (__VERIFIER_nondet_int()) {
    if (s == 0) { s = 1; } else if (s == 1) { s = 2; } else { s = 0; }
    t = t + 1;
    if (t > 100) t = 0;
  }
  if (s > 2 || s < 0) reach_error();
  return 0;
}
"""

FORCED = ["refiner.predicate.forced_covering=true"]
ONE_BLOCK = ["refiner.predicate.forced_covering_one_block=true"]


@pytest.mark.parametrize("config", ["impact", "uufo", "cpufo"])
def test_forced_covering_covers_an_unrolling_and_saves_refinements(config):
    plain, plain_context, *_ = _run(CYCLE, config, UNFORCED)
    outcome, context, cpa, reached, _ = _run(CYCLE, config, FORCED)
    assert plain.verdict is outcome.verdict is Verdict.TRUE, outcome.reason
    statistics = context.statistics
    coverings = statistics.get("forced_coverings", 0) + statistics.get("forced_coverings_local", 0)
    assert coverings >= 1
    assert statistics.get("refinements") < plain_context.statistics.get("refinements")
    # the strengthened labels are still implied by the paths: every block's Hoare triple
    assert assert_block_hoare_triples(cpa, reached) >= 2
    for state in (s for s in _graph(reached) if s.is_covered()):
        coverer = state.covered_by
        assert coverer.id < state.id and not coverer.is_covered() and coverer in reached
        mine = _predicate_state(cpa, state).abstraction.formula
        theirs = _predicate_state(cpa, coverer).abstraction.formula
        assert is_unsat(And(mine, Not(theirs)))


@pytest.mark.parametrize("source, expected", [(COUNT_TO_THREE, [3]), (LOCK, None)])
def test_forced_covering_keeps_verdicts_and_counterexamples(source, expected):
    outcome, context, *_ = _run(source, "impact", FORCED)
    assert outcome.verdict is (Verdict.TRUE if expected is None else Verdict.FALSE)
    if expected is not None:
        assert [i.value for i in outcome.counterexample.inputs] == expected


def test_forced_covering_names_the_values_of_one_path_alike_from_every_ancestor(monkeypatch):
    """The attempts for one state, from different common ancestors, ask the same
    blocks (the same terms) from where their paths meet on, so that a model of one can
    be evaluated on the next; the shorter one's first formula (its ancestor's label
    and block) entails the block the longer one has there."""
    asked: list[tuple[int, list]] = []
    force = ForcedCovering._force
    attempt: dict[str, int | None] = {"state": None}

    def record_force(self, state, other, above):
        attempt["state"] = state.id
        try:
            return force(self, state, other, above)
        finally:
            attempt["state"] = None

    interpolate = CheckedInterpolator.sequence_interpolants

    def ask(self, formulas):
        if attempt["state"] is not None:
            asked.append((attempt["state"], list(formulas)))
        return interpolate(self, formulas)

    monkeypatch.setattr(ForcedCovering, "_force", record_force)
    monkeypatch.setattr(CheckedInterpolator, "sequence_interpolants", ask)
    # the refinements' cores over bit-vectors first: the course of the run that has
    # attempts from several ancestors of one state
    bit_vectors_first = "refiner.predicate.core_reading_first=false"
    outcome, *_ = _run(LOCK, "impact", [*FORCED, bit_vectors_first])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    compared = 0
    for state, longer in asked:
        for other_state, shorter in asked:
            if other_state != state or not 3 <= len(shorter) < len(longer):
                continue
            # [label(x) & block, blocks..., not label(w)]: where the paths meet, the
            # later blocks are the same terms, and the first one is the shorter's start
            tail = len(shorter) - 1
            assert longer[-tail:-1] == shorter[1:-1]
            assert is_unsat(And(shorter[0], Not(longer[-tail - 1])))
            compared += 1
    assert compared >= 2


def test_forced_covering_needs_formula_labels():
    with pytest.raises(ConfigError, match="forced_covering needs"):
        _run(LOCK, "abe-l", FORCED)


@pytest.mark.parametrize("candidates", [0, 1, 2])
def test_forced_covering_tries_as_many_older_states_as_configured(candidates, monkeypatch):
    # every attempt fails here, so each loop-head state goes through its whole list
    # (each time it is about to be expanded: one list per call)
    tried: list[tuple[int, list[int]]] = []
    attempt = ForcedCovering.__call__

    def call(self, state):
        tried.append((state.id, []))
        return attempt(self, state)

    def fail(self, state, other, above):
        assert tried[-1][0] == state.id
        tried[-1][1].append(other.id)
        return False

    monkeypatch.setattr(ForcedCovering, "__call__", call)
    monkeypatch.setattr(ForcedCovering, "_force", fail)
    # every one-block check fails too, after seeing the same candidates
    local: list[tuple[int, list[int]]] = []

    def no_local(self, state, candidates):
        local.append((state.id, [other.id for other in candidates]))

    monkeypatch.setattr(ForcedCovering, "_local_coverer", no_local)
    option = f"refiner.predicate.forced_covering_candidates={candidates}"
    outcome, *_ = _run(LOCK, "impact", [*FORCED, *ONE_BLOCK, option])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    tried = [(state, others) for state, others in tried if others]
    assert tried
    for state, others in tried:
        # older states, newest first, each once
        assert all(other < state for other in others)
        assert others == sorted(set(others), reverse=True)
    assert local == tried
    longest = max(len(others) for _, others in tried)
    if candidates:
        assert longest == candidates
    else:
        # every older state at the loop head: more than the old fixed two
        assert longest > 2


def test_forced_covering_gives_up_an_attempt_at_its_resource_cap():
    """An attempt whose query needs more than the cap fails as an attempt does (the
    state is expanded), not the run; the verdict stands, and the refinements, which
    have no cap, still prove the program."""
    capped = "refiner.predicate.forced_covering_resource_cap=1"
    outcome, context, cpa, reached, _ = _run(CYCLE, "impact", [*FORCED, capped])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    statistics = context.statistics
    assert statistics.get("forced_covering_attempts_failed", 0) >= 1
    assert statistics.get("forced_coverings", 0) == 0
    assert statistics.get("refinements") >= 1
    assert assert_block_hoare_triples(cpa, reached) >= 2
    _, uncapped, *_ = _run(CYCLE, "impact", FORCED)
    assert uncapped.statistics.get("forced_covering_attempts_failed", 0) == 0
    assert uncapped.statistics.get("forced_coverings") >= 1


@pytest.mark.parametrize("reading_first", [False, True])
def test_refinement_cores_go_to_the_integer_reading_first_only_when_asked(
    monkeypatch, reading_first
):
    """With ``core_reading_first`` a refinement's unsat-core query tries the integer
    reading before bit-vectors; forced covering's queries keep bit-vectors first either
    way (and the option is restored after each attempt); the proof stands."""
    from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator

    first_logic = {"refinement": set(), "forced": set()}
    forcing = []
    original_decide = Z3SpacerInterpolator._decide
    original_force = ForcedCovering._force

    def decide(self, encodings, shrink=False):
        kind = "forced" if forcing else "refinement"
        first_logic[kind].add(encodings[0][0] if len(encodings) > 1 else "only")
        return original_decide(self, encodings, shrink)

    def force(self, *arguments):
        forcing.append(True)
        try:
            return original_force(self, *arguments)
        finally:
            forcing.pop()
            assert self.refiner.interpolator.core_reading_first is reading_first

    monkeypatch.setattr(Z3SpacerInterpolator, "_decide", decide)
    monkeypatch.setattr(ForcedCovering, "_force", force)
    option = f"refiner.predicate.core_reading_first={str(reading_first).lower()}"
    outcome, context, cpa, reached, _ = _run(CYCLE, "impact", [*FORCED, option])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    assert assert_block_hoare_triples(cpa, reached) >= 2
    assert first_logic["refinement"] == {"QF_LIA" if reading_first else "QF_BV"}
    assert first_logic["forced"] == {"QF_BV"}


def test_forced_covering_candidates_must_not_be_negative():
    option = "refiner.predicate.forced_covering_candidates=-1"
    with pytest.raises(ConfigError, match="forced_covering_candidates"):
        _run(LOCK, "impact", [*FORCED, option])


LABELLED = ["refiner.predicate.path_labels=true"]


@pytest.mark.parametrize("source, expected", [(COUNT_TO_THREE, [3]), (LOCK, None), (CYCLE, None)])
def test_path_labels_keep_verdicts_counterexamples_and_hoare_triples(source, expected):
    outcome, context, cpa, reached, _ = _run(source, "impact", [*UNFORCED, *LABELLED])
    assert outcome.verdict is (Verdict.TRUE if expected is None else Verdict.FALSE)
    if expected is None:
        assert assert_block_hoare_triples(cpa, reached) >= 2
    else:
        assert [i.value for i in outcome.counterexample.inputs] == expected


def test_path_labels_give_the_interpolator_each_block_with_the_label_it_starts_from(
    monkeypatch,
):
    from cpa_predicate.refiner import PredicateRefiner

    seen = []
    original = PredicateRefiner._sequence_interpolants

    def record(self, path):
        # labels as they are now: the refinement strengthens them
        starts = [
            shift.formula(abstraction.instantiated)
            for shift, abstraction in zip(path.shifts, path.chain, strict=False)
        ]
        seen.append((list(path.blocks), starts))
        return original(self, path)

    asked = []
    interpolate = CheckedInterpolator.sequence_interpolants

    def ask(self, formulas):
        asked.append(list(formulas))
        return interpolate(self, formulas)

    monkeypatch.setattr(PredicateRefiner, "_sequence_interpolants", record)
    monkeypatch.setattr(CheckedInterpolator, "sequence_interpolants", ask)
    outcome, *_ = _run(CYCLE, "impact", [*UNFORCED, *LABELLED])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    # the later refinements' paths pass states whose labels earlier ones strengthened
    assert len(asked) == len(seen)
    labelled = [
        (*entry, problem)
        for entry, problem in zip(seen, asked, strict=True)
        if any(not start.is_true() for start in entry[1])
    ]
    assert labelled
    for blocks, starts, problem in labelled:
        assert len(problem) == len(blocks) == len(starts)
        for block, start, formula in zip(blocks, starts, problem, strict=True):
            # the block and its start label, nothing more, nothing less
            assert is_unsat(And(formula, Not(And(start, block))))
            assert is_unsat(And(start, block, Not(formula)))


def test_path_labels_need_labels_strengthened_in_place():
    with pytest.raises(ConfigError, match="path_labels needs"):
        _run(LOCK, "abe-l", LABELLED)


def test_forced_covering_by_one_block_strengthens_the_label_it_proves(monkeypatch):
    """The one-block check covers where the parent's label and the last block prove
    the older label; the covered state's label then entails it, and every block's
    Hoare triple still holds."""
    covered = []
    original = ForcedCovering._local_coverer

    def record(self, state, candidates):
        coverer = original(self, state, candidates)
        if coverer is not None:
            covered.append((state, coverer))
        return coverer

    monkeypatch.setattr(ForcedCovering, "_local_coverer", record)
    outcome, context, cpa, reached, _ = _run(CYCLE, "impact", [*FORCED, *ONE_BLOCK])
    assert outcome.verdict is Verdict.TRUE, outcome.reason
    assert covered
    assert context.statistics.get("forced_coverings_local") == len(covered)
    for state, coverer in covered:
        assert state.covered_by is coverer and coverer.id < state.id
        mine = _predicate_state(cpa, state).abstraction.formula
        theirs = _predicate_state(cpa, coverer).abstraction.formula
        assert is_unsat(And(mine, Not(theirs)))
    assert assert_block_hoare_triples(cpa, reached) >= 2
    # off by default: only the general attempt
    _, plain, *_ = _run(CYCLE, "impact", FORCED)
    assert plain.statistics.get("forced_coverings_local") == 0
    assert plain.statistics.get("forced_coverings") >= 1
