"""Waitlist orders: which reached state the loop explores next.

Removal is lazy (a removed entry is skipped when it reaches the front), so merge and
refinement can take states out cheaply. New orders plug in through the
``cpa.waitlists`` entry-point group.
"""

from __future__ import annotations

import heapq
import itertools
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable
from typing import Any


class Waitlist(ABC):
    """Subclasses are built as ``cls(location_of, call_sites_of)``, for orders that
    depend on the program position: ``location_of(state)`` gives the CFA node of a
    state, ``call_sites_of(state)`` the call nodes of its open calls, outermost first."""

    def __init__(
        self,
        location_of: Callable[[Any], Any] | None = None,
        call_sites_of: Callable[[Any], Any] | None = None,
    ) -> None:
        self._members: set = set()

    def add(self, state) -> None:
        if state not in self._members:
            self._members.add(state)
            self._push(state)

    def remove(self, state) -> None:
        self._members.discard(state)

    def pop(self):
        while True:
            state = self._pop()
            if state in self._members:
                self._members.remove(state)
                return state

    def __len__(self) -> int:
        return len(self._members)

    def __contains__(self, state) -> bool:
        return state in self._members

    @abstractmethod
    def _push(self, state) -> None: ...

    @abstractmethod
    def _pop(self): ...


class DepthFirstWaitlist(Waitlist):
    def __init__(
        self,
        location_of: Callable[[Any], Any] | None = None,
        call_sites_of: Callable[[Any], Any] | None = None,
    ) -> None:
        super().__init__()
        self._stack: list = []

    def _push(self, state) -> None:
        self._stack.append(state)

    def _pop(self):
        return self._stack.pop()


class BreadthFirstWaitlist(Waitlist):
    def __init__(
        self,
        location_of: Callable[[Any], Any] | None = None,
        call_sites_of: Callable[[Any], Any] | None = None,
    ) -> None:
        super().__init__()
        self._queue: deque = deque()

    def _push(self, state) -> None:
        self._queue.append(state)

    def _pop(self):
        return self._queue.popleft()


class SortedWaitlist(Waitlist):
    """Smallest ``key(state)`` first; among equal keys the newest (depth-first)."""

    def __init__(self, key: Callable[[Any], Any]):
        super().__init__()
        self._key = key
        self._heap: list = []
        self._counter = itertools.count()

    def _push(self, state) -> None:
        heapq.heappush(self._heap, (self._key(state), -next(self._counter), state))

    def _pop(self):
        return heapq.heappop(self._heap)[2]
