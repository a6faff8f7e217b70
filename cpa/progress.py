"""Progress of long runs, for a person at a terminal.

* :class:`Heartbeat`: while an analysis runs, a background thread reports the reached
  states, refinements, predicates and abstractions every few seconds
  (``cpa verify --verbose``). It only reads counters, so the run is the same with it.
* :class:`ProgressBar`: ``cpa bench`` on a terminal redraws one status line below the
  result lines: a bar, the counts so far (correct, wrong, unknown) and an estimate of
  the time left. Not on a terminal, nothing is drawn: the output stays plain lines.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from cpa.bench_report import CORRECT, WRONG, TaskResult


class Heartbeat:
    """Calls ``report(line)`` every ``interval`` seconds while it runs (a context
    manager); ``sample()`` gives the figures, read from the run's counters."""

    def __init__(
        self,
        sample: Callable[[], dict[str, Any]],
        report: Callable[[str], None],
        interval: float = 5.0,
    ):
        self.sample = sample
        self.report = report
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cpa-heartbeat", daemon=True)
        self._start = time.monotonic()

    def __enter__(self) -> Heartbeat:
        self._start = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.report(format_heartbeat(time.monotonic() - self._start, self.sample()))


def format_heartbeat(elapsed: float, figures: dict[str, Any]) -> str:
    return (
        f"[{elapsed:6.1f} s] reached {figures.get('reached', 0)} states, "
        f"{figures.get('refinements', 0)} refinements, "
        f"{figures.get('predicates', 0)} predicates, "
        f"{figures.get('abstractions', 0)} abstractions"
    )


class ProgressBar:
    """The status line of ``cpa bench`` (see the module docstring)."""

    WIDTH = 24

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None):
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.done = 0
        self.counts = {"correct": 0, "wrong": 0, "unknown": 0}
        self.start = time.monotonic()

    def clear(self) -> None:
        """Remove the status line (before a result line is printed)."""
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def update(self, result: TaskResult) -> None:
        self.done += 1
        status = result.status
        key = "correct" if status == CORRECT else "wrong" if status == WRONG else "unknown"
        self.counts[key] += 1
        self.draw()

    def draw(self) -> None:
        if self.enabled:
            self.stream.write("\r\033[K" + self.line(time.monotonic() - self.start))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        filled = self.WIDTH * self.done // self.total if self.total else self.WIDTH
        bar = "#" * filled + "." * (self.WIDTH - filled)
        counts = ", ".join(f"{name} {count}" for name, count in self.counts.items())
        if self.done and self.done < self.total:
            left = elapsed / self.done * (self.total - self.done)
            eta = f", about {_duration(left)} left"
        else:
            eta = ""
        return f"[{bar}] {self.done}/{self.total}: {counts}{eta}"

    def finish(self) -> None:
        self.clear()


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"
