"""The one way refiners change the ARG and the reached set together.

Refinement strategies differ (cut and re-explore with more predicates; strengthen
labels in place, uncover, re-cover), but every change keeps the same invariants, so
they live here once:

- a state is either in the reached set or covered (a leaf of the graph with a
  coverage link), never both; covered states are kept in the graph;
- a covered state has no children, and a state covers only if it is older (smaller
  id) and not covered itself, so coverage never forms a cycle;
- whatever leaves the graph takes its coverage with it: states it covered are
  explored again (their parents go back to the waitlist).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from cpa.core.arg import ARGState, ARGStop, subtree
from cpa.core.reached import ReachedSet


class ARGReachedSet:
    """The reached set of an ARG-wrapped CPA, changed only through these operations."""

    def __init__(
        self,
        reached: ReachedSet,
        stop: ARGStop | None = None,
        is_target: Callable[[ARGState], bool] | None = None,
    ):
        self.reached = reached
        self.stop = stop
        self.is_target = is_target or (lambda state: False)

    # -- removing --------------------------------------------------------------------

    def remove_subtree(
        self, root: ARGState, keep: Collection[ARGState] = frozenset()
    ) -> list[ARGState]:
        """Cut ``root`` and its descendants off; their surviving parents (and those of
        states they covered) are explored again. Returns those parents.

        States in ``keep`` stay: a closed set (:mod:`cpa.core.proven_safe`), whose
        states below ``root`` stay as parts of the graph that lost their parent.
        """
        parents = self._remove([state for state in subtree(root) if state not in keep])
        for parent in parents:
            self.reached.readd_to_waitlist(parent)
        return parents

    def remove_descendants(self, node: ARGState) -> None:
        """Cut everything below ``node``; ``node`` itself stays as it is (not re-added)."""
        removed = [s for child in list(node.children) for s in subtree(child)]
        unique = list({s.id: s for s in removed if s is not node}.values())
        for parent in self._remove(unique):
            if parent is not node:
                self.reached.readd_to_waitlist(parent)

    def _remove(self, removed: list[ARGState]) -> list[ARGState]:
        removed_ids = {s.id for s in removed}
        to_reexplore: dict[int, ARGState] = {}
        for state in removed:
            for parent in state.parents:
                if parent.id not in removed_ids:
                    to_reexplore[parent.id] = parent
            for covered in state.covering:
                if covered.id not in removed_ids:
                    for parent in covered.parents:
                        if parent.id not in removed_ids:
                            to_reexplore[parent.id] = parent
        for state in removed:
            for covered in list(state.covering):
                if covered.id not in removed_ids:
                    covered.detach()
        for state in removed:
            if state in self.reached:
                self.reached.remove(state)
            state.detach()
        return list(to_reexplore.values())

    # -- coverage ----------------------------------------------------------------------

    def uncover_covered_by(self, node: ARGState) -> list[ARGState]:
        """``node``'s label changed: the states it covered are explored again.

        An uncovered state goes back to the reached set and the waitlist as it is (its
        label may have been strengthened before it was covered). A target is instead
        taken out and derived again from its parents, so the loop reports it.
        """
        uncovered = list(node.covering)
        for state in uncovered:
            state.covered_by = None
            parents = list(state.parents)
            if self.is_target(state) or not parents or parents[0] not in self.reached:
                state.detach()
                for parent in parents:
                    self.reached.readd_to_waitlist(parent)
                continue
            self.reached.add(state, self.reached.precision(parents[0]))
        node.covering = []
        return uncovered

    def cover(self, node: ARGState, by: ARGState) -> None:
        """Let ``by`` cover ``node``: ``node`` leaves the reached set and keeps no
        children; what ``node`` covered is explored again."""
        if by.id >= node.id or by.is_covered():
            raise ValueError(f"{by!r} cannot cover {node!r}: only older, uncovered states cover")
        self.remove_descendants(node)
        self.uncover_covered_by(node)
        if node in self.reached:
            self.reached.remove(node)
        node.covered_by = by
        by.covering.append(node)

    def try_to_cover(self, node: ARGState) -> ARGState | None:
        """Cover ``node`` by an older, uncovered reached state that covers it (the CPA's
        stop operator decides); the coverer, or ``None``."""
        if self.stop is None or node.is_covered() or node not in self.reached:
            return None
        older = [
            other
            for other in self.reached.partition(node)
            if other.id < node.id and not other.is_covered()
        ]
        if not older:
            return None
        by = self.stop.coverer(node, older, self.reached.precision(node))
        if by is None:
            return None
        self.cover(node, by)
        return by
