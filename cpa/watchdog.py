"""A last resort for a run's time limit: a thread that ends the run when the analysis
overruns it.

The limit is cooperative: components check the run's deadline and pass what is left
of it to the solvers as their timeouts. A call into native code that does not honour
its timeout (a Z3 tactic that ignores cancellation, a plugin's own loop in C) would
hold the run past its limit indefinitely. Native calls through ``ctypes`` release the
interpreter lock, so a watchdog thread still runs then: after the limit and a grace
period it hands over to ``on_expiry`` (``cpa verify`` prints an UNKNOWN answer with
the statistics so far and ends the process).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType

__all__ = ["Watchdog", "grace_for"]


def grace_for(limit_s: float) -> float:
    """How long after ``limit_s`` the watchdog waits: a tenth of the limit, between 2
    and 10 seconds (a cooperative stop takes milliseconds; the margin only absorbs a
    slow last step, such as a counterexample's replay checking its own deadline)."""
    return min(10.0, max(2.0, limit_s / 10.0))


class Watchdog:
    """Calls ``on_expiry`` once, from its own thread, unless the ``with`` block ends
    within ``limit_s + grace_s`` seconds of entering it. Leaving the block waits for
    an expiry already under way, so the two never both report."""

    def __init__(self, limit_s: float, grace_s: float, on_expiry: Callable[[], None]) -> None:
        self.limit_s = limit_s
        self.grace_s = grace_s
        self.on_expiry = on_expiry
        self.expired = False
        self._finished = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._watch, name="cpa-watchdog", daemon=True)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with self._lock:
            self._finished.set()
        self._thread.join()

    def _watch(self) -> None:
        if self._finished.wait(self.limit_s + self.grace_s):
            return
        with self._lock:
            if self._finished.is_set():
                return
            self.expired = True
            self.on_expiry()
