"""The abstract reachability graph (ARG): the ARG CPA wraps any CPA and records
parents, children (with the CFA edge between them) and coverage.

Refinement needs this graph: it walks from a target back to the root to get the
abstract error path, and cuts subtrees off (lazy abstraction) without losing what
the rest of the graph still proves.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from cpa.cfa.model import CFAEdge, CFANode
from cpa.core.interfaces import (
    AbstractDomain,
    Adjustment,
    ConfigurableProgramAnalysis,
    MergeOperator,
    PrecisionAdjustment,
    StopOperator,
    TransferRelation,
)

_ids = itertools.count()


class ARGState:
    """A node of the ARG wrapping a state of the analysed CPA."""

    __slots__ = (
        "wrapped",
        "id",
        "parents",
        "children",
        "edges",
        "covered_by",
        "covering",
        "merged_into",
        "destroyed",
        "pending",
    )

    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.id = next(_ids)
        self.parents: list[ARGState] = []
        self.children: list[ARGState] = []
        self.edges: dict[int, CFAEdge] = {}  # parent id -> edge from that parent
        self.covered_by: ARGState | None = None
        self.covering: list[ARGState] = []
        self.merged_into: ARGState | None = None
        self.destroyed = False
        # a successor not yet in the graph: (parent, edge) until precision adjustment
        self.pending: tuple[ARGState, CFAEdge | None] | None = None

    def add_parent(self, parent: ARGState, edge: CFAEdge | None) -> None:
        self.parents.append(parent)
        parent.children.append(self)
        if edge is not None:
            self.edges[parent.id] = edge

    def edge_from(self, parent: ARGState) -> CFAEdge | None:
        return self.edges.get(parent.id)

    def detach(self) -> None:
        """Remove this node from the graph (links to parents, children, coverage)."""
        for parent in self.parents:
            parent.children.remove(self)
        for child in self.children:
            child.parents.remove(self)
            child.edges.pop(self.id, None)
        if self.covered_by is not None:
            self.covered_by.covering.remove(self)
        for covered in self.covering:
            covered.covered_by = None
        self.parents = []
        self.children = []
        self.covering = []
        self.covered_by = None
        self.destroyed = True

    def is_covered(self) -> bool:
        return self.covered_by is not None

    def __repr__(self) -> str:
        return f"ARG{self.id}{self.wrapped!r}"


class ARGTransferRelation(TransferRelation):
    def __init__(self, wrapped: TransferRelation):
        self.wrapped = wrapped

    def successors(self, state: ARGState, precision) -> list[ARGState]:
        """The successors, not yet linked to ``state``: a successor joins the graph when
        the loop processes it (precision adjustment), so successors the loop never
        reaches (it returned at a target first) leave no trace in the graph."""
        children = []
        for successor, edge in self.wrapped.successors(state.wrapped, precision):
            child = ARGState(successor)
            child.pending = (state, edge)
            children.append(child)
        return children

    def successors_for_edge(self, state, precision, edge):
        raise NotImplementedError("the ARG CPA computes all successors at once")


class ARGPrecisionAdjustment(PrecisionAdjustment):
    def __init__(self, wrapped: PrecisionAdjustment):
        self.wrapped = wrapped

    def adjust(self, state: ARGState, precision, reached, full_state=None):
        result = self.wrapped.adjust(state.wrapped, precision, reached, state.wrapped)
        if result is None:
            state.pending = None
            state.detach()
            return None
        if state.pending is not None:
            parent, edge = state.pending
            state.pending = None
            state.add_parent(parent, edge)
        state.wrapped = result.state  # a fresh node: no one else refers to it yet
        return Adjustment(state, result.precision, result.action)


class ARGMerge(MergeOperator):
    """Merged states replace the reached one in the graph and inherit all its links."""

    def __init__(self, wrapped: MergeOperator):
        self.wrapped = wrapped
        self.trivial = getattr(wrapped, "trivial", False)

    def merge(self, state: ARGState, reached_state: ARGState, precision):
        merged = self.wrapped.merge(state.wrapped, reached_state.wrapped, precision)
        if merged is reached_state.wrapped:
            return reached_state
        node = ARGState(merged)
        for parent in list(reached_state.parents):
            node.add_parent(parent, reached_state.edge_from(parent))
        for child in list(reached_state.children):
            child.add_parent(node, child.edge_from(reached_state))
        for parent in state.parents:
            node.add_parent(parent, state.edge_from(parent))
        for covered in list(reached_state.covering):
            covered.covered_by = node
            node.covering.append(covered)
        reached_state.covering = []
        reached_state.detach()
        reached_state.merged_into = node
        state.merged_into = node
        return node


class ARGStop(StopOperator):
    """Covered states stay in the graph as leaves with a coverage link; states that
    were merged into another are taken out of the graph."""

    def __init__(self, wrapped: StopOperator):
        self.wrapped = wrapped
        # a stop operator that names its coverer lets the graph link coverage
        self._covering_state = getattr(wrapped, "covering_state", None)

    @property
    def names_coverer(self) -> bool:
        """Whether every covered state stays in the graph, linked to its coverer (else
        a state covered by several together is dropped without a trace)."""
        return self._covering_state is not None

    def coverer(
        self, state: ARGState, candidates: Iterable[ARGState], precision
    ) -> ARGState | None:
        """One of the uncovered ``candidates`` that covers ``state`` alone (no link is
        made), or None. Needs a wrapped stop operator that names its coverer."""
        if self._covering_state is None:
            return None
        candidates = [c for c in candidates if not c.is_covered()]
        by = self._covering_state(state.wrapped, [c.wrapped for c in candidates], precision)
        if by is None:
            return None
        return next(c for c in candidates if c.wrapped is by)

    def stop(self, state: ARGState, reached: Iterable[ARGState], precision) -> bool:
        if state.merged_into is not None:
            state.detach()
            return True
        if self._covering_state is None:
            others = [r.wrapped for r in reached if not r.is_covered()]
            if not self.wrapped.stop(state.wrapped, others, precision):
                return False
            state.detach()  # covered by several states together: no single coverer to link
            return True
        coverer = self.coverer(state, reached, precision)
        if coverer is None:
            return False
        state.covered_by = coverer
        coverer.covering.append(state)
        return True


class ARGDomain(AbstractDomain):
    def __init__(self, wrapped: AbstractDomain):
        self.wrapped = wrapped

    def join(self, state1, state2):
        return ARGState(self.wrapped.join(state1.wrapped, state2.wrapped))

    def is_less_or_equal(self, state1, state2) -> bool:
        return self.wrapped.is_less_or_equal(state1.wrapped, state2.wrapped)


class ARGCPA(ConfigurableProgramAnalysis):
    """Wraps ``cpa`` so that the reached set forms an ARG."""

    NAME = "arg"

    def __init__(self, cpa: ConfigurableProgramAnalysis):
        self.wrapped = cpa
        self.domain = ARGDomain(cpa.domain)
        self.transfer_relation = ARGTransferRelation(cpa.transfer_relation)
        self.merge_operator = ARGMerge(cpa.merge_operator)
        self.stop_operator = ARGStop(cpa.stop_operator)
        self.precision_adjustment = ARGPrecisionAdjustment(cpa.precision_adjustment)

    def initial_state(self, node: CFANode) -> ARGState:
        return ARGState(self.wrapped.initial_state(node))

    def initial_precision(self, node: CFANode):
        return self.wrapped.initial_precision(node)

    def is_target(self, state: ARGState) -> bool:
        return self.wrapped.is_target(state.wrapped)

    def partition_key(self, state: ARGState):
        return self.wrapped.partition_key(state.wrapped)


def path_to_root(state: ARGState) -> list[ARGState]:
    """The ARG path root ... state, following the first parent at each step."""
    path = [state]
    while state.parents:
        state = state.parents[0]
        path.append(state)
    path.reverse()
    return path


def subtree(root: ARGState) -> Iterator[ARGState]:
    """``root`` and all its descendants (each once)."""
    seen = {root.id}
    stack = [root]
    while stack:
        state = stack.pop()
        yield state
        for child in state.children:
            if child.id not in seen:
                seen.add(child.id)
                stack.append(child)
