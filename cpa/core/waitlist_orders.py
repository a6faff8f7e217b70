"""Waitlist orders that need to know where a state is in the program."""

from __future__ import annotations

from cpa.core.waitlist import SortedWaitlist


class ReversePostorderWaitlist(SortedWaitlist):
    """Lowest reverse post-order position first: a join point is explored after its
    predecessors, which lets merge-join combine paths before going on.

    Reverse post-order ids are per function, so the position of a state inside a
    call is its call nodes' ids followed by its own: everything a call does sorts
    after the call node and before the caller's next location, as in the inlined
    program.
    """

    def __init__(self, location_of, call_sites_of=None):
        if call_sites_of is None:
            super().__init__(key=lambda state: (location_of(state).rpo_id,))
        else:
            super().__init__(
                key=lambda state: (
                    *(node.rpo_id for node in call_sites_of(state)),
                    location_of(state).rpo_id,
                )
            )


class WeakTopologicalWaitlist(SortedWaitlist):
    """Lowest position in the weak topological order first (Bourdoncle's recursive
    strategy, the order UFO unrolls a program in): a loop's body before what follows
    the loop, inner loops before the rest of the outer body. Calls are ordered as in
    :class:`ReversePostorderWaitlist`, by their call nodes' positions first."""

    def __init__(self, location_of, call_sites_of=None):
        if call_sites_of is None:
            super().__init__(key=lambda state: (location_of(state).wto_position,))
        else:
            super().__init__(
                key=lambda state: (
                    *(node.wto_position for node in call_sites_of(state)),
                    location_of(state).wto_position,
                )
            )
