"""The part of an ARG that is a proof of safety on its own, kept across refinements.

InterpChecker (Tian, Duan, Duan, Ong, ASE 2017) attaches to a location a *safety
interpolant*: a condition under which every path from the location is safe, so that a
later prefix arriving there under it needs no exploration. Its paper derives the
condition from interpolants of spurious paths and calls it *full* when the conditions
of all successors are; with loops that argument is circular, and the paper says wrong
answers "may occur in principle". Here the condition is the label of an ARG state
that the ARG itself proves safe, and the proof is kept:

A set ``N`` of ARG states is *closed* if no state in it is a target, none waits to be
explored, each one not covered has all its children in ``N`` (it was expanded, and a
successor the analysis dropped was infeasible), and each covered one is covered by an
uncovered state in ``N``. The labels of a closed set over-approximate the concrete
states they stand for and are closed under the transfer relation, and none meets a
target: no execution from a state under a label in ``N`` reaches a target (induction
on the execution's length; coverage goes to an uncovered state, so a step of the
induction never loops on coverage alone). The largest closed set is the complement of
what reaches a target, a waiting state or a state of unknown status backwards along
parent and coverage links, computed here in one backward sweep.

A cut (:meth:`cpa.core.arg_reached.ARGReachedSet.remove_subtree`) may then spare the
closed states below its root: they stay in the reached set as a sub-graph whose
roots lost their parent, and cover the states that later arrive at their location
under a stronger label, exactly as coverage always does. The ARG of a TRUE answer
still is a complete ARG: the kept parts are closed.

This needs a stop operator that names its coverer (a state covered "by several states
together" leaves no trace in the graph, and its parent would look fully explored).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cpa.core.arg import ARGState
from cpa.core.reached import ReachedSet


def proven_safe(reached: ReachedSet, is_target: Callable[[ARGState], bool]) -> set[ARGState]:
    """The largest closed set of states of the ARG of ``reached`` (see the module)."""
    states = _graph_states(reached)
    bad: set[ARGState] = set()
    pending: list[ARGState] = []

    def mark(state: ARGState) -> None:
        if state not in bad:
            bad.add(state)
            pending.append(state)

    for state in states:
        if state.covered_by is not None:
            coverer = state.covered_by
            if coverer.is_covered() or coverer.destroyed or coverer not in reached:
                mark(state)
        elif state not in reached or state in reached.waitlist or is_target(state):
            mark(state)
        elif state.pending is not None or state.destroyed:
            mark(state)
    while pending:
        state = pending.pop()
        for parent in state.parents:
            mark(parent)
        for covered in state.covering:
            mark(covered)
    return {state for state in states if state not in bad}


def _graph_states(reached: Iterable[ARGState]) -> list[ARGState]:
    """The reached states and the covered leaves below them, each once."""
    seen: dict[ARGState, None] = {}
    for state in reached:
        seen[state] = None
        for child in state.children:
            seen[child] = None
    return list(seen)
