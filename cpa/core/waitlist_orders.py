"""Waitlist orders that need to know where a state is in the CFA."""

from __future__ import annotations

from cpa.core.waitlist import SortedWaitlist


class ReversePostorderWaitlist(SortedWaitlist):
    """Lowest reverse post-order id first: a join point is explored after its
    predecessors, which lets merge-join combine paths before going on."""

    def __init__(self, location_of):
        super().__init__(key=lambda state: location_of(state).rpo_id)
