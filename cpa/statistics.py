"""Counters and timers that components fill in and ``--stats`` prints.

One :class:`Statistics` object per run is passed to every component, so the figures
(solver time, refinements, ...) are collected where the work happens.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Statistics:
    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def add(self, key: str, amount: float = 1) -> None:
        self.values[key] = self.values.get(key, 0) + amount

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value

    def maximum(self, key: str, value: float) -> None:
        if value > self.values.get(key, value - 1):
            self.values[key] = value

    def get(self, key: str, default: Any = 0) -> Any:
        return self.values.get(key, default)

    @contextmanager
    def timer(self, key: str) -> Iterator[None]:
        """Add the wall time of the ``with`` block to ``key`` (seconds)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(key, time.perf_counter() - start)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)
