"""Invariants of an error path's path program, as predicates (Beyer, Henzinger,
Majumdar, Rybalchenko, "Path Invariants", PLDI 2007).

Why. The interpolants of one unrolled path describe that path: for ``for (i = 0; i <
N; i += 2)`` they say ``i = 0``, then ``i = 2``, one refinement per iteration, and the
run times out. The *path program* of the path has each of its locations once (keyed
by location and call stack) and each block between two of them as an edge, so a
location the path visits again closes a loop. Its inductive invariants speak of every
iteration (``i`` even and at most ``N``); Spacer finds them as the solution of one
recursive Horn system (:meth:`~cpa_predicate.interpolation.Interpolator.graph_invariants`).

Every step of the path is an edge of its path program, so the invariants, read at the
path's positions, are sequence interpolants of the path too, and the refinement
strategy takes them as it takes interpolants. They only become predicates (the
abstraction is computed from them by the solver), so a wrong or weak one costs
precision, never a verdict; when they add nothing, the path is interpolated as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from pysmt.fnode import FNode

from cpa.core.arg import ARGState
from cpa_predicate.error_path import ErrorPath, Refutation, block_edge, node_variables
from cpa_predicate.interpolation import DagEdge, TransitionGraph


@dataclass(frozen=True)
class PathProgram:
    """The path program of an error path: ``graph`` (node 0 the root, the last node
    the target), and the node of each position of the path (``node_of``)."""

    graph: TransitionGraph
    node_of: list[int]

    def signature(self) -> frozenset[tuple[int, int, FNode]]:
        """What identifies the program: its edges (a path that only goes round a loop
        once more has the same program, and the same invariants)."""
        return frozenset((edge.source, edge.target, edge.formula) for edge in self.graph.edges)

    def refutation(self, path: ErrorPath, labels: list[FNode]) -> Refutation:
        """The invariants ``labels`` (one per node) as the labels of ``path``."""
        return Refutation.of_path(path, [labels[node] for node in self.node_of[1:-1]])


def path_program(path: ErrorPath, key: Callable[[ARGState], Hashable]) -> PathProgram | None:
    """The path program of ``path``, its states identified by ``key``; None if the path
    visits no location twice (its interpolants have nothing to generalise over), if
    it comes back to the root's location, or if its blocks do not all lie in the ARG
    (an error hint's suffix)."""
    if len(path.chain) != len(path.nodes) or len(path.nodes) < 3:
        return None
    keys = [key(node) for node in path.nodes[:-1]]
    if len(set(keys)) == len(keys) or keys[0] in keys[1:]:
        return None
    index: dict[Hashable, int] = {}
    for each in keys:
        index.setdefault(each, len(index))
    error = len(index)
    node_of = [index[each] for each in keys] + [error]
    edges: dict[tuple, DagEdge] = {}
    for position in range(1, len(path.chain)):
        edge = block_edge(node_of[position - 1], node_of[position], path.chain[position])
        identity = (edge.source, edge.target, edge.formula, frozenset(edge.at_target.items()))
        edges.setdefault(identity, edge)
    kept = list(edges.values())
    graph = TransitionGraph(error + 1, kept, frozenset({error}), node_variables(kept))
    return PathProgram(graph, node_of)
