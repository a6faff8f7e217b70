"""The call-stack CPA: makes the analysis interprocedural.

A function return edge is only taken back to the call site on top of the stack, so
paths stay valid across calls. Recursion is reported as unsupported rather than
unrolled to a bound, because a bounded unrolling could not prove a program safe.
"""

from __future__ import annotations

from cpa.cfa.model import CFAEdge, CFANode, FunctionCallEdge, FunctionReturnEdge
from cpa.core.context import AnalysisContext
from cpa.core.interfaces import ConfigurableProgramAnalysis, TransferRelation
from cpa.core.operators import MergeSep, StopSep
from cpa.errors import UnsupportedFeature
from cpa_location.location import FlatDomain


class CallstackState:
    """An immutable stack of (function, call node) frames; equal stacks compare equal."""

    __slots__ = ("function", "call_node", "previous", "call_sites", "_key", "_hash")

    def __init__(self, function: str, call_node: CFANode | None, previous: CallstackState | None):
        self.function = function
        self.call_node = call_node
        self.previous = previous
        #: the call nodes of the open calls, outermost first
        self.call_sites: tuple[CFANode, ...] = (
            () if previous is None else (*previous.call_sites, call_node)
        )
        self._key = (
            function,
            None if call_node is None else call_node.id,
            None if previous is None else previous._key,
        )
        self._hash = hash(self._key)

    def functions(self) -> list[str]:
        frames, state = [], self
        while state is not None:
            frames.append(state.function)
            state = state.previous
        return frames

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, CallstackState) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return "/".join(reversed(self.functions()))

    def describe(self) -> str:
        """The open calls (``main/f/g``), or nothing in the entry function."""
        return "" if self.previous is None else "call stack " + repr(self)


class CallstackTransferRelation(TransferRelation):
    def __init__(self, file: str):
        self.file = file

    def successors_for_edge(self, state: CallstackState, precision, edge: CFAEdge):
        if isinstance(edge, FunctionCallEdge):
            frame = state
            while frame is not None:
                if frame.function == edge.callee:
                    raise UnsupportedFeature(f"recursion ({edge.callee})", self.file, edge.line)
                frame = frame.previous
            return [CallstackState(edge.callee, edge.predecessor, state)]
        if isinstance(edge, FunctionReturnEdge):
            call_node = edge.summary.predecessor
            if state.call_node is call_node and state.previous is not None:
                return [state.previous]
            return []
        return [state]


class CallstackCPA(ConfigurableProgramAnalysis):
    NAME = "callstack"
    OPTIONS = {}

    def __init__(self, options: dict, context: AnalysisContext):
        self.domain = FlatDomain()
        self.transfer_relation = CallstackTransferRelation(context.cfa.file)
        self.merge_operator = MergeSep()
        self.stop_operator = StopSep(self.domain)

    def initial_state(self, node: CFANode) -> CallstackState:
        return CallstackState(node.function, None, None)

    def partition_key(self, state: CallstackState) -> CallstackState:
        return state
