"""The composite CPA, the ARG, the reached set and the reachability loop."""

from __future__ import annotations

import pytest

from algorithms.cpa_algorithm import Deadline, LoopOutcome, run_reachability
from cpa.cfa.frontend import parse_source
from cpa.cfa.model import AssumeEdge, CFANode, FunctionCallEdge, FunctionReturnEdge
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.core.arg import ARGState, path_to_root, subtree
from cpa.core.arg_reached import ARGReachedSet
from cpa.core.composite import CompositeCPA, CompositeState
from cpa.core.context import AnalysisContext
from cpa.core.reached import ReachedSet
from cpa.core.waitlist import BreadthFirstWaitlist, DepthFirstWaitlist, SortedWaitlist
from cpa.core.waitlist_orders import ReversePostorderWaitlist
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import analyze, build, prepare_cfa
from cpa_location.callstack import CallstackState

CALLS = """
int g;
int inc(int x) { return x + 1; }
int twice(int y) { int a = inc(y); return inc(a); }
int main() {
  int r = twice(1);
  if (r == 3) { r = inc(r); }
  return 0;
}
"""

REACHABLE = """
int main() {
  int x;
  if (x > 0) { goto ERROR; }
  return 0;
ERROR:
  return 1;
}
"""


def run(source: str, config: str = "location"):
    cfa = prepare_cfa(parse_source(source))
    configuration = load_configuration(config)
    context = AnalysisContext(
        cfa, Specification.any_error(), Deadline(), options=dict(configuration.analysis)
    )
    cpa, reached = build(cfa, configuration, context)
    outcome = run_reachability(cpa, reached)
    return cfa, cpa, reached, outcome


def test_composite_state_has_one_component_per_cpa():
    cfa, cpa, reached, outcome = run(CALLS)
    assert outcome is LoopOutcome.COMPLETE
    composite = cpa.wrapped
    assert isinstance(composite, CompositeCPA)
    assert [type(c).__name__ for c in composite.cpas] == ["LocationCPA", "CallstackCPA"]
    for state in reached:
        assert isinstance(state, ARGState)
        assert isinstance(state.wrapped, CompositeState)
        node, stack = state.wrapped.components
        assert isinstance(stack, CallstackState)
        # the call stack's top function is the function of the location
        assert stack.function == node.function


def test_arg_links_parents_children_and_edges():
    cfa, cpa, reached, _ = run(CALLS)
    root = reached.first_state
    assert root.parents == []
    for state in reached:
        for child in state.children:
            assert state in child.parents
            edge = child.edge_from(state)
            assert edge.predecessor is state.wrapped.components[0]
            assert edge.successor is child.wrapped.components[0]
    # every reached state is connected to the root
    assert set(subtree(root)) >= set(reached)


def test_call_stack_returns_to_the_right_call_site():
    cfa, cpa, reached, _ = run(CALLS)
    returns = [
        child.edge_from(state)
        for state in reached
        for child in state.children
        if isinstance(child.edge_from(state), FunctionReturnEdge)
    ]
    calls = [
        child.edge_from(state)
        for state in reached
        for child in state.children
        if isinstance(child.edge_from(state), FunctionCallEdge)
    ]
    # inc is called from three sites; each return goes back to its own site only
    assert len([c for c in calls if c.callee == "inc"]) == 3
    assert len([r for r in returns if r.callee == "inc"]) == 3
    for state in reached:
        node, stack = state.wrapped.components
        if stack.previous is not None:
            assert stack.call_node.function == stack.previous.function


def test_target_stops_the_loop_and_path_leads_to_it():
    cfa, cpa, reached, outcome = run(REACHABLE)
    assert outcome is LoopOutcome.TARGET
    target = reached.last_state
    assert cpa.is_target(target)
    path = path_to_root(target)
    assert path[0] is reached.first_state
    edges = [path[i + 1].edge_from(path[i]) for i in range(len(path) - 1)]
    assert any(isinstance(e, AssumeEdge) and e.truth for e in edges)


def test_location_analysis_verdicts():
    configuration = load_configuration("location")
    safe = analyze(parse_source(CALLS), configuration, Specification.any_error())
    assert safe.verdict is Verdict.TRUE
    unsafe = analyze(parse_source(REACHABLE), configuration, Specification.any_error())
    assert unsafe.verdict is Verdict.UNKNOWN
    assert "feasible" in unsafe.reason


def test_recursion_is_unsupported_not_guessed():
    source = "int f(int n) { if (n > 0) return f(n - 1); return 0; }\nint main() { return f(3); }\n"
    result = analyze(
        parse_source(source, "rec.c"), load_configuration("location"), Specification.any_error()
    )
    assert result.verdict is Verdict.UNKNOWN
    assert "recursion" in result.reason and "rec.c:1" in result.reason


def test_remove_subtree_readds_parents():
    cfa, cpa, reached, _ = run(CALLS)
    root = reached.first_state
    child = root.children[0]
    removed = set(subtree(child))
    kept = [s for s in reached if s not in removed]
    size = len(reached)
    parents = ARGReachedSet(reached).remove_subtree(child)
    assert parents == [root]
    assert root in reached.waitlist
    assert list(reached) == kept
    assert child.destroyed and child not in reached
    # exploring again rebuilds the same graph
    assert run_reachability(cpa, reached) is LoopOutcome.COMPLETE
    assert len(reached) == size


@pytest.mark.parametrize(
    "waitlist, expected",
    [
        (DepthFirstWaitlist(), [3, 2, 1]),
        (BreadthFirstWaitlist(), [1, 2, 3]),
        (SortedWaitlist(key=lambda s: -s), [3, 2, 1]),
    ],
)
def test_waitlist_orders_and_lazy_removal(waitlist, expected):
    for state in (1, 2, 3, 4):
        waitlist.add(state)
    waitlist.remove(4)
    assert 4 not in waitlist and len(waitlist) == 3
    assert [waitlist.pop() for _ in range(3)] == expected


def test_reverse_postorder_puts_a_call_between_its_call_node_and_the_next_location():
    """RPO ids are per function: the callee's locations (ids up to 40 here) must still
    come before the caller's next locations (ids 16, 20) and after its call node (15)."""
    from types import SimpleNamespace as At

    call_node = At(rpo_id=15)
    states = {
        "before call": (At(rpo_id=14), ()),
        "at call": (call_node, ()),
        "callee entry": (At(rpo_id=0), (call_node,)),
        "callee end": (At(rpo_id=40), (call_node,)),
        "return site": (At(rpo_id=16), ()),
        "join": (At(rpo_id=20), ()),
    }
    waitlist = ReversePostorderWaitlist(lambda name: states[name][0], lambda name: states[name][1])
    for name in reversed(list(states)):
        waitlist.add(name)
    assert [waitlist.pop() for _ in states] == list(states)


def test_reached_set_partitions_by_key():
    reached = ReachedSet(DepthFirstWaitlist(), partition_key=lambda s: s % 2)
    for state in (1, 2, 3):
        reached.add(state, None)
    assert set(reached.partition(5)) == {1, 3}
    reached.replace(3, 7, "p")
    assert set(reached.partition(1)) == {1, 7} and reached.precision(7) == "p"
    assert 3 not in reached and len(reached) == 3


def test_unsupported_feature_reports_location():
    error = UnsupportedFeature("inline assembly", "a.c", 7)
    assert str(error) == "a.c:7: unsupported feature: inline assembly"


def test_internal_error_is_unknown_not_a_traceback(monkeypatch):
    from cpa_location.location import LocationCPA

    def broken(self, state):
        raise RuntimeError("simulated bug\nsecond line")

    monkeypatch.setattr(LocationCPA, "leaving_edges", broken)
    monkeypatch.delenv("CPA_DEBUG", raising=False)
    result = analyze(parse_source(CALLS), load_configuration("location"), Specification.any_error())
    assert result.verdict is Verdict.UNKNOWN
    assert result.reason == "internal error: RuntimeError: simulated bug"


LOOP_WITH_ERROR = """
extern void reach_error(void);
int main() {
  int i = 0;
  while (i < 10) {
    if (i == 5) { reach_error(); }
    i++;
  }
  return 0;
}
"""


def _location(state):
    return next(c for c in state.wrapped.components if isinstance(c, CFANode))


def test_successors_left_behind_at_a_target_are_explored_later():
    # The loop returns as soon as it adds a target; the other successors of the state
    # it was expanding must still be explored when the loop resumes (they were lost:
    # neither reached nor waiting), or a resumed run would look complete without them.
    from cpa import plugins

    cfa = prepare_cfa(parse_source(LOOP_WITH_ERROR))
    configuration = load_configuration("location")
    context = AnalysisContext(
        cfa, Specification.any_error(), Deadline(), options=dict(configuration.analysis)
    )
    cfa = prepare_cfa(plugins.load(plugins.CFA_TRANSFORMATIONS, "lbe")().apply(cfa, context))
    context.cfa = cfa
    cpa, reached = build(cfa, configuration, context)
    targets = 0
    while (outcome := run_reachability(cpa, reached)) is LoopOutcome.TARGET:
        targets += 1
        assert targets < 20
    assert outcome is LoopOutcome.COMPLETE and targets >= 1
    start = _location(reached.first_state)
    reachable, stack = {start}, [start]
    while stack:
        for edge in stack.pop().leaving:
            if edge.successor not in reachable:
                reachable.add(edge.successor)
                stack.append(edge.successor)
    assert {_location(s) for s in reached} == reachable
    # and every state in the graph is linked to its parent: no successor is half-added
    for state in reached:
        assert state is reached.first_state or state.parents
