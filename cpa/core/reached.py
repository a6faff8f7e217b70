"""The reached set with its waitlist.

States are partitioned by the CPA's partition key (the location and call stack), so
merge and stop only look at states that could possibly combine or cover each other.
Each state is stored with its precision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cpa.core.waitlist import Waitlist


class ReachedSet:
    def __init__(self, waitlist: Waitlist, partition_key: Callable[[Any], Any]):
        self.waitlist = waitlist
        self._partition_key = partition_key
        self._precisions: dict[Any, Any] = {}  # insertion ordered: reached order
        self._partitions: dict[Any, dict[Any, None]] = {}
        self._keys: dict[Any, Any] = {}  # state -> its partition key
        self.last_state = None

    def add(self, state, precision) -> None:
        """Add ``state`` to the reached set and the waitlist."""
        self._precisions[state] = precision
        key = self._partition_key(state)
        self._keys[state] = key
        self._partitions.setdefault(key, {})[state] = None
        self.waitlist.add(state)
        self.last_state = state

    def remove(self, state) -> None:
        del self._precisions[state]
        del self._partitions[self._keys.pop(state)][state]
        self.waitlist.remove(state)

    def replace(self, old, new, precision) -> None:
        """Put ``new`` where ``old`` was (after a merge); ``new`` is to be explored."""
        self.remove(old)
        self.add(new, precision)

    def readd_to_waitlist(self, state) -> None:
        """Explore ``state`` again (its successors were removed by refinement)."""
        if state in self._precisions and state not in self.waitlist:
            self.waitlist.add(state)

    def update_precision(self, state, precision) -> None:
        self._precisions[state] = precision

    def pop(self):
        return self.waitlist.pop()

    def precision(self, state):
        return self._precisions[state]

    def partition(self, state) -> Iterable:
        """The reached states that may merge with or cover ``state``.

        A live view: states added to or removed from the partition later show in it
        (partitions are never dropped, so the view stays the partition's).
        """
        key = self._keys.get(state)
        if key is None:
            key = self._partition_key(state)
        partition = self._partitions.get(key)
        if partition is None:
            partition = self._partitions[key] = {}
        return partition.keys()

    def has_waiting(self) -> bool:
        return len(self.waitlist) > 0

    def __contains__(self, state) -> bool:
        return state in self._precisions

    def __len__(self) -> int:
        return len(self._precisions)

    def __iter__(self) -> Iterator:
        return iter(list(self._precisions))

    @property
    def first_state(self):
        return next(iter(self._precisions), None)
