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
