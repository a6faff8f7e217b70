"""Waitlist orders that need to know where a state is in the program."""

from __future__ import annotations

from collections.abc import Callable

from cpa.cfa.model import CFANode
from cpa.core.waitlist import SortedWaitlist


class _ProgramPositionWaitlist(SortedWaitlist):
    """Lowest position of the state's location first, by a per-function position
    (``POSITION``, a node attribute set by ``prepare_cfa``).

    Positions are per function, so the position of a state inside a call is its call
    nodes' positions followed by its own: everything a call does sorts after the call
    node and before the caller's next location, as in the inlined program.
    """

    POSITION: Callable[[CFANode], int]

    def __init__(self, location_of, call_sites_of=None):
        super().__init__(key=program_position(type(self).POSITION, location_of, call_sites_of))


def program_position(
    position: Callable[[CFANode], int], location_of: Callable, call_sites_of: Callable | None
) -> Callable[[object], tuple]:
    """A state's key: the positions of its call nodes, outermost first, then its own."""
    if call_sites_of is None:
        return lambda state: (position(location_of(state)),)
    return lambda state: (
        *(position(node) for node in call_sites_of(state)),
        position(location_of(state)),
    )


class ReversePostorderWaitlist(_ProgramPositionWaitlist):
    """Reverse post-order: a join point is explored after its predecessors, which
    lets merge-join combine paths before going on."""

    @staticmethod
    def POSITION(node: CFANode) -> int:  # noqa: N802 - the class's position function
        return node.rpo_id


class WeakTopologicalWaitlist(_ProgramPositionWaitlist):
    """Weak topological order (Bourdoncle's recursive strategy, the order UFO unrolls a
    program in): a loop's body before what follows the loop, inner loops before the
    rest of the outer body."""

    @staticmethod
    def POSITION(node: CFANode) -> int:  # noqa: N802 - the class's position function
        return node.wto_position


class BranchWeights:
    """Weights of program locations for the weight-guided order (InterpChecker's W,
    Tian et al., ASE 2017), written by a refiner and read by
    :class:`WeightedWaitlist`.

    A location's weight is undefined at first. After a spurious error path, each
    location where the ARG left the path (a child of a path state that is not on the
    path: an alternative the error path did not take) gains one, so that the next
    exploration finishes those alternatives first and more of the graph becomes a
    closed, proven-safe part before the next cut (:mod:`cpa.core.proven_safe`). A
    location where a proven-safe part was kept gets weight 0: states arriving there are
    likely covered, and go last. The weights only order the search.
    """

    def __init__(self, location_of: Callable) -> None:
        self.location_of = location_of
        self.weights: dict[CFANode, int] = {}
        #: the locations of spurious error paths (where a rewarded alternative ends)
        self.on_paths: set[CFANode] = set()
        self.updates = 0

    def reward_alternatives(self, path: list) -> None:
        """``path``: ARG states from the root to a spurious target."""
        on_path = set(path)
        self.on_paths.update(self.location_of(state) for state in path)
        for state in path[:-1]:
            for child in state.children:
                if child not in on_path:
                    location = self.location_of(child)
                    if self.weights.get(location) != 0:
                        self.weights[location] = self.weights.get(location, 0) + 1
                        self.updates += 1

    def settle(self, states) -> None:
        """Weight 0 at the locations of ``states`` (kept as proven safe)."""
        for state in states:
            location = self.location_of(state)
            if self.weights.get(location) != 0:
                self.weights[location] = 0
                self.updates += 1

    def rank(self, location: CFANode) -> tuple[int, int]:
        """Positive weights first (larger first), then undefined, then 0."""
        weight = self.weights.get(location)
        if weight is None:
            return (1, 0)
        return (0, -weight) if weight > 0 else (2, 0)


class WeightedWaitlist(SortedWaitlist):
    """InterpChecker's weight-guided order: by :class:`BranchWeights` rank, ties in
    reverse post-order (then newest first): the same input gives the same order. A
    state's rank is read when it is added; below a state of positive weight, a state
    ranks at least as high until it joins a spurious path again (the rewarded
    alternative is explored through)."""

    def __init__(self, location_of, call_sites_of=None):
        self.weights = BranchWeights(location_of)
        rank = self.weights.rank
        on_paths = self.weights.on_paths
        # a state below a rewarded alternative keeps its rank: the alternative is
        # explored to its end (where it joins a spurious path), not only its first
        # location
        inherited: dict[int, tuple[int, int]] = {}
        in_rpo = program_position(ReversePostorderWaitlist.POSITION, location_of, call_sites_of)

        def position(state) -> tuple:
            node = location_of(state)
            own = rank(node)
            parents = getattr(state, "parents", None)
            if parents and node not in on_paths:
                above = inherited.get(parents[0].id)
                if above is not None and above < own:
                    own = above
            if own[0] == 0:
                inherited[state.id] = own
            return (own, *in_rpo(state))

        super().__init__(key=position)
