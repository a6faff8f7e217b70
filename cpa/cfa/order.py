"""Iteration orders over one function's CFA: reverse post-order and Bourdoncle's WTO.

Both orders tell a fixpoint engine which location to process next: reverse post-order
(RPO) visits a location after all its forward predecessors, and a weak topological
order (WTO, Bourdoncle 1993) additionally nests loops into components whose heads are
the places to widen. Everything here is intraprocedural: a call is crossed through its
:class:`CallSummaryEdge`, never through the callee. All traversals are iterative, so
long straight-line functions do not hit Python's recursion limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from cpa.cfa.model import CFA, CFANode, FunctionCallEdge, FunctionCFA, FunctionReturnEdge


def local_successors(node: CFANode) -> Iterator[CFANode]:
    """Successors of ``node`` inside its own function.

    Function call and return edges leave the function and are skipped; the call
    summary edge keeps the call location connected to its return location.
    """
    for edge in node.leaving:
        if not isinstance(edge, (FunctionCallEdge, FunctionReturnEdge)):
            yield edge.successor


def _postorder(roots: list[CFANode], visited: set[CFANode]) -> list[CFANode]:
    """Iterative DFS post-order from ``roots`` (in order), skipping ``visited``."""
    order: list[CFANode] = []
    for root in roots:
        if root in visited:
            continue
        visited.add(root)
        stack: list[tuple[CFANode, Iterator[CFANode]]] = [(root, local_successors(root))]
        while stack:
            node, successors = stack[-1]
            for succ in successors:
                if succ not in visited:
                    visited.add(succ)
                    stack.append((succ, local_successors(succ)))
                    break
            else:
                stack.pop()
                order.append(node)
    return order


def reverse_postorder(function_cfa: FunctionCFA) -> list[CFANode]:
    """Reverse post-order of the function's locations, entry first.

    Locations reachable from the entry come first; locations of ``nodes`` that the
    entry cannot reach follow (so every location gets a position). For every edge
    ``u -> v`` between entry-reachable locations that is not a DFS back edge,
    ``u`` precedes ``v``.
    """
    visited: set[CFANode] = set()
    reachable = _postorder([function_cfa.entry], visited)
    rest = _postorder(function_cfa.nodes, visited)
    return reachable[::-1] + rest[::-1]


def assign_rpo_ids(cfa: CFA) -> None:
    """Set ``node.rpo_id`` to the node's reverse post-order index within its function,
    so waitlists can cheaply prefer locations whose predecessors are already done."""
    for function_cfa in cfa.functions.values():
        for index, node in enumerate(reverse_postorder(function_cfa)):
            node.rpo_id = index


@dataclass(eq=False)
class WTOComponent:
    """A strongly connected part of a WTO: its ``head`` (where to widen), then the
    nested ``elements`` (locations and sub-components) in iteration order."""

    head: CFANode
    elements: list[WTOElement] = field(default_factory=list)

    def __str__(self) -> str:
        return format_wto([self])

    def __iter__(self) -> Iterator[WTOElement]:
        return iter(self.elements)


WTOElement = CFANode | WTOComponent


class WeakTopologicalOrder(list):
    """A list of :data:`WTOElement`; ``str`` renders Bourdoncle's notation with node ids."""

    def __str__(self) -> str:
        return format_wto(self)

    def __repr__(self) -> str:
        return f"WeakTopologicalOrder({format_wto(self, repr)})"


def format_wto(
    elements: list[WTOElement], name: Callable[[CFANode], str] = lambda node: str(node.id)
) -> str:
    """Render ``elements`` like Bourdoncle: ``1 2 (3 4 (5 6) 7) 8``."""
    parts: list[str] = []
    for element in elements:
        if isinstance(element, WTOComponent):
            inner = format_wto(element.elements, name)
            head = name(element.head)
            parts.append(f"({head} {inner})" if inner else f"({head})")
        else:
            parts.append(name(element))
    return " ".join(parts)


class _VisitFrame:
    __slots__ = ("node", "successors", "head", "loop", "partition")

    def __init__(self, node: CFANode, number: int, partition: list[WTOElement]):
        self.node = node
        self.successors = local_successors(node)
        self.head = number
        self.loop = False
        self.partition = partition  # built in reverse, Bourdoncle prepends


class _ComponentFrame:
    __slots__ = ("node", "successors", "head", "inner", "partition")

    def __init__(self, node: CFANode, head: int, partition: list[WTOElement]):
        self.node = node
        self.successors = local_successors(node)
        self.head = head
        self.inner: list[WTOElement] = []  # built in reverse
        self.partition = partition


def weak_topological_order(function_cfa: FunctionCFA) -> WeakTopologicalOrder:
    """Bourdoncle's recursive-strategy WTO of the locations reachable from the entry.

    This is the algorithm of "Efficient chaotic iteration strategies with widenings"
    (Fig. 4, ``visit``/``component``), with the recursion turned into an explicit
    frame stack. Component heads are exactly the widening points; for reducible
    graphs they coincide with the loop heads found by :mod:`cpa.cfa.loops`.
    Cost is O(depth * edges) for loop nesting depth ``depth``: linear for structured
    code, but quadratic for pathological unstructured graphs.
    """
    infinity = float("inf")
    dfn: dict[CFANode, float] = {}
    stack: list[CFANode] = []
    top: list[WTOElement] = []
    frames: list[_VisitFrame | _ComponentFrame] = []
    counter = 0

    def start_visit(node: CFANode, partition: list[WTOElement]) -> None:
        nonlocal counter
        stack.append(node)
        counter += 1
        dfn[node] = counter
        frames.append(_VisitFrame(node, counter, partition))

    start_visit(function_cfa.entry, top)
    returned: float | None = None
    while frames:
        frame = frames[-1]
        if isinstance(frame, _ComponentFrame):
            returned = None  # component() ignores the heads its visits return
            for succ in frame.successors:
                if dfn.get(succ, 0) == 0:
                    start_visit(succ, frame.inner)
                    break
            else:
                frames.pop()
                frame.partition.append(WTOComponent(frame.node, frame.inner[::-1]))
                returned = frame.head
            continue

        if returned is not None:
            if returned <= frame.head:
                frame.head = returned  # type: ignore[assignment]
                frame.loop = True
            returned = None
        descended = False
        for succ in frame.successors:
            number = dfn.get(succ, 0)
            if number == 0:
                start_visit(succ, frame.partition)
                descended = True
                break
            if number <= frame.head:
                frame.head = number  # type: ignore[assignment]
                frame.loop = True
        if descended:
            continue

        frames.pop()
        node = frame.node
        if frame.head == dfn[node]:
            dfn[node] = infinity
            element = stack.pop()
            if frame.loop:
                while element is not node:
                    dfn[element] = 0
                    element = stack.pop()
                frames.append(_ComponentFrame(node, frame.head, frame.partition))
                continue
            frame.partition.append(node)
        returned = frame.head

    return WeakTopologicalOrder(top[::-1])


def wto_heads(elements: list[WTOElement]) -> set[CFANode]:
    """Heads of all (nested) components: the locations where widening must happen."""
    heads: set[CFANode] = set()
    pending = list(elements)
    while pending:
        element = pending.pop()
        if isinstance(element, WTOComponent):
            heads.add(element.head)
            pending.extend(element.elements)
    return heads


def assign_wto_positions(cfa: CFA) -> None:
    """Set ``node.wto_position`` to the node's index in its function's weak topological
    order, read left to right (a component's head, then its body, then what follows
    the component); locations the entry does not reach come last.

    Sorting by it is Bourdoncle's recursive iteration strategy: the states of a loop
    body sort before everything after the loop, and a state back at the head before
    the rest of the body, so an inner loop is iterated until it is stable first."""
    for function_cfa in cfa.functions.values():
        position = 0
        stack: list = [iter(weak_topological_order(function_cfa))]
        while stack:
            element = next(stack[-1], None)
            if element is None:
                stack.pop()
            elif isinstance(element, WTOComponent):
                element.head.wto_position = position
                position += 1
                stack.append(iter(element.elements))
            else:
                element.wto_position = position
                position += 1
        for node in function_cfa.nodes:
            if node.wto_position < 0:
                node.wto_position = position
                position += 1
