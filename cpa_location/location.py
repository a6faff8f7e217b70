"""The location CPA: tracks the program counter.

Its states are the CFA nodes themselves (a flat domain), it offers the edges that
leave a node (calls are entered, call summaries are not followed) and it is the
component that knows which states are targets of the specification.
"""

from __future__ import annotations

from collections.abc import Iterable

from cpa.cfa.model import CallSummaryEdge, CFAEdge, CFANode
from cpa.core.context import AnalysisContext
from cpa.core.interfaces import (
    AbstractDomain,
    ConfigurableProgramAnalysis,
    EdgeProvider,
    TransferRelation,
)
from cpa.core.operators import MergeSep, StopSep


class FlatDomain(AbstractDomain):
    """Equal states only: join of different states is not defined (never needed with merge-sep)."""

    def join(self, state1, state2):
        if state1 == state2:
            return state1
        raise ValueError("flat domain: cannot join different states")

    def is_less_or_equal(self, state1, state2) -> bool:
        return state1 == state2


class LocationTransferRelation(TransferRelation):
    def successors_for_edge(self, state: CFANode, precision, edge: CFAEdge) -> list[CFANode]:
        return [edge.successor] if edge.predecessor is state else []


class LocationCPA(ConfigurableProgramAnalysis, EdgeProvider):
    NAME = "location"
    OPTIONS = {}

    def __init__(self, options: dict, context: AnalysisContext):
        self.domain = FlatDomain()
        self.transfer_relation = LocationTransferRelation()
        self.merge_operator = MergeSep()
        self.stop_operator = StopSep(self.domain)
        self._leaving: dict[CFANode, tuple[CFAEdge, ...]] = {}
        spec = context.specification
        self.targets = frozenset(node for node in context.cfa.nodes() if spec.is_target(node))

    def leaving_edges(self, state: CFANode) -> Iterable[CFAEdge]:
        # on the hot path: filter each node's edges once (the CFA is fixed during a run)
        edges = self._leaving.get(state)
        if edges is None:
            edges = tuple(e for e in state.leaving if not isinstance(e, CallSummaryEdge))
            self._leaving[state] = edges
        return edges

    def initial_state(self, node: CFANode) -> CFANode:
        return node

    def is_target(self, state: CFANode) -> bool:
        return state in self.targets

    def partition_key(self, state: CFANode) -> CFANode:
        return state
