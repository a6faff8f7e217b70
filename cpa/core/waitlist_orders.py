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
        position = type(self).POSITION
        if call_sites_of is None:
            super().__init__(key=lambda state: (position(location_of(state)),))
        else:
            super().__init__(
                key=lambda state: (
                    *(position(node) for node in call_sites_of(state)),
                    position(location_of(state)),
                )
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
