"""The abstract reachability graph as plain data, for a report to draw.

An analysis' ARG holds solver terms and refers to the CPA's live objects; a report
needs only what a reader looks at: each state's location and description, the CFA
edge between states, coverage, targets and the path to a target. :func:`snapshot`
takes that once when the run ends, so the result keeps nothing of the solver alive.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from cpa.cfa.dot import escape, wrapped
from cpa.cfa.model import CFANode
from cpa.core.arg import ARGCPA, ARGState, path_to_root
from cpa.core.interfaces import describe
from cpa.core.reached import ReachedSet

#: longest text of an edge or a state description in a drawing; the DOT file keeps
#: the same cut text (the full formulas are the statistics' and the witness' business)
MAX_LABEL = 160


@dataclass(frozen=True)
class ArgNode:
    id: int
    #: the CFA node's id (``N12`` in the CFA drawing), its function and source line
    location: int
    function: str
    line: int
    #: what the CPAs say of the state (:func:`cpa.core.interfaces.describe`)
    description: str
    target: bool
    #: the id of the state that covers this one, if it is covered
    covered_by: int | None
    on_error_path: bool


@dataclass(frozen=True)
class ArgEdge:
    parent: int
    child: int
    #: the CFA edge's text (a large block's is the summary of its statements)
    text: str
    on_error_path: bool


@dataclass
class ArgGraph:
    nodes: dict[int, ArgNode] = field(default_factory=dict)
    edges: list[ArgEdge] = field(default_factory=list)
    root: int | None = None

    def error_path(self) -> list[int]:
        """The ids of the states on a path to a target, root first (empty if none)."""
        return [node.id for node in self.breadth_first() if node.on_error_path]

    def breadth_first(self) -> list[ArgNode]:
        """All nodes, breadth-first from the root; nodes it does not reach (parts of
        the graph whose parent a refinement cut off) follow in id order."""
        children: dict[int, list[int]] = {}
        for edge in self.edges:
            children.setdefault(edge.parent, []).append(edge.child)
        order: list[int] = []
        seen: set[int] = set()
        starts = ([self.root] if self.root is not None else []) + sorted(self.nodes)
        for start in starts:
            if start in seen:
                continue
            seen.add(start)
            queue = deque([start])
            while queue:
                current = queue.popleft()
                order.append(current)
                for child in sorted(children.get(current, ())):
                    if child not in seen:
                        seen.add(child)
                        queue.append(child)
        return [self.nodes[i] for i in order]

    def restricted(self, max_nodes: int) -> tuple[ArgGraph, str]:
        """A part of the graph small enough to draw, and a sentence saying which part
        (empty when the whole graph fits): the path to a target with the states one
        step off it, or else the first ``max_nodes`` states breadth-first."""
        if len(self.nodes) <= max_nodes:
            return self, ""
        path = set(self.error_path())
        if path and len(path) <= max_nodes:
            keep = set(path)
            for edge in self.edges:
                if edge.parent in path and len(keep) < max_nodes:
                    keep.add(edge.child)
            note = (
                f"the path to the target and the states one step off it: {len(keep)} of "
                f"{len(self.nodes)} states"
            )
        else:
            keep = {node.id for node in self.breadth_first()[:max_nodes]}
            note = f"the first {len(keep)} of {len(self.nodes)} states, breadth-first"
        part = ArgGraph(
            {i: n for i, n in self.nodes.items() if i in keep},
            [e for e in self.edges if e.parent in keep and e.child in keep],
            self.root if self.root in keep else None,
        )
        return part, note


def snapshot(reached: ReachedSet, cpa: ARGCPA, location: Callable[[ARGState], CFANode]) -> ArgGraph:
    """The ARG of ``reached`` (states in the reached set and the covered leaves below
    them) as an :class:`ArgGraph`; states on the paths to targets are marked."""
    states: dict[int, ARGState] = {}
    stack = list(reached)
    while stack:
        state = stack.pop()
        if state.id in states or state.destroyed:
            continue
        states[state.id] = state
        stack.extend(state.children)
    targets = {state.id: state for state in states.values() if cpa.is_target(state)}
    on_path: set[int] = set()
    path_edges: set[tuple[int, int]] = set()
    for target in targets.values():
        path = path_to_root(target)
        on_path.update(state.id for state in path)
        path_edges.update((a.id, b.id) for a, b in zip(path, path[1:], strict=False))
    graph = ArgGraph()
    for state in sorted(states.values(), key=lambda s: s.id):
        node = location(state)
        covered_by = state.covered_by.id if state.covered_by is not None else None
        graph.nodes[state.id] = ArgNode(
            state.id,
            node.id,
            node.function,
            node.line,
            _cut(describe(state.wrapped)),
            state.id in targets,
            covered_by,
            state.id in on_path,
        )
        for parent in state.parents:
            if parent.id not in states:
                continue
            edge = state.edge_from(parent)
            text = _cut(edge.text) if edge is not None else ""
            on_error_path = (parent.id, state.id) in path_edges
            graph.edges.append(ArgEdge(parent.id, state.id, text, on_error_path))
        if not state.parents and (graph.root is None or state.id < graph.root):
            graph.root = state.id
    return graph


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def to_dot(graph: ArgGraph, title: str = "ARG") -> str:
    """The graph as a DOT ``digraph``: targets red, the path to them bold red,
    covered states dashed with a dashed arrow to the state that covers them."""
    lines = [f'digraph "{escape(title)}" {{', "  node [shape=box, fontsize=10];"]
    lines.append("  edge [fontsize=9];")
    for node in graph.nodes.values():
        label = f"{node.id} @ N{node.location}\\n{escape(node.function)}:{node.line}"
        if node.description:
            label += "\\n" + wrapped(node.description)
        attributes = [f'label="{label}"', f'id="arg{node.id}"']
        if node.target:
            attributes += ["color=red", "fontcolor=red", "penwidth=2"]
        elif node.on_error_path:
            attributes += ["color=red", "penwidth=2"]
        if node.covered_by is not None:
            attributes.append("style=dashed")
        if node.id == graph.root:
            attributes.append("peripheries=2")
        lines.append(f"  A{node.id} [{', '.join(attributes)}];")
    for edge in graph.edges:
        attributes = [f'label="{wrapped(edge.text)}"']
        if edge.on_error_path:
            attributes += ["color=red", "fontcolor=red", "penwidth=2"]
        lines.append(f"  A{edge.parent} -> A{edge.child} [{', '.join(attributes)}];")
    for node in graph.nodes.values():
        if node.covered_by is not None and node.covered_by in graph.nodes:
            lines.append(
                f"  A{node.id} -> A{node.covered_by} "
                '[style=dashed, color=gray, constraint=false, label="covered by"];'
            )
    lines.append("}")
    return "\n".join(lines) + "\n"
