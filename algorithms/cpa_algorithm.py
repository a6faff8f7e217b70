"""The reachability loop (design.md section 2), written once.

Every engine is this loop with other components: the CPA decides what a state is,
how successors, merge, stop and precision adjustment behave; the reached set's
waitlist decides the order. The loop stops when the waitlist is empty (the ARG is
complete), when a target state is added, when precision adjustment says BREAK, or
when the time limit passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from cpa.core.interfaces import AbstractState, Action, ConfigurableProgramAnalysis
from cpa.core.operators import MergeSep
from cpa.core.reached import ReachedSet
from cpa.statistics import Statistics


class LoopOutcome(Enum):
    COMPLETE = "complete"  # waitlist empty: the reached set is a fixpoint
    TARGET = "target"  # a target state was added (reached.last_state)
    BREAK = "break"  # precision adjustment asked to stop
    TIMEOUT = "timeout"


class TimeLimitExceeded(Exception):
    """Raised by components (solver calls) when the run's deadline has passed."""


@dataclass
class Deadline:
    """Wall-clock deadline shared by the loop and long-running components."""

    at: float | None = None

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        return cls(None if not seconds else time.monotonic() + seconds)

    def remaining(self) -> float | None:
        return None if self.at is None else self.at - time.monotonic()

    def expired(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def check(self) -> None:
        if self.expired():
            raise TimeLimitExceeded()


def _interrupted(reached: ReachedSet, state, successors: list, processed: int) -> None:
    """The loop returns before it processed all successors of ``state``: explore
    ``state`` again later, or its other successors would be in neither the reached set
    nor the waitlist (a complete-looking ARG would miss them). Re-exploring recomputes
    the processed successors too; stop covers them by their first copies."""
    if processed < len(successors):
        reached.readd_to_waitlist(state)


def run_reachability(
    cpa: ConfigurableProgramAnalysis,
    reached: ReachedSet,
    deadline: Deadline | None = None,
    statistics: Statistics | None = None,
    stop_at_target: bool = True,
    cover: Callable[[AbstractState], bool] | None = None,
) -> LoopOutcome:
    """Explore from the waitlist of ``reached`` until one of the outcomes above.

    With ``stop_at_target`` false the loop does not return at a target: it adds the
    target to the reached set and goes on, so COMPLETE may leave targets in the
    reached set; the caller must look for them before it concludes anything.
    ``cover`` (optional) may cover a state taken from the waitlist before it is
    expanded (forced covering); it returns True if it did, and then the state is
    no longer in the reached set and is not expanded.
    """
    transfer = cpa.transfer_relation
    adjust = cpa.precision_adjustment.adjust
    merge = cpa.merge_operator
    stop = cpa.stop_operator.stop
    is_target = cpa.is_target
    merges = not (isinstance(merge, MergeSep) or getattr(merge, "trivial", False))
    deadline = deadline or Deadline()
    iterations = 0
    try:
        while reached.has_waiting():
            iterations += 1
            if deadline.expired():
                return LoopOutcome.TIMEOUT
            state = reached.pop()
            if cover is not None and cover(state):
                continue
            precision = reached.precision(state)
            successors = transfer.successors(state, precision)
            for position, successor in enumerate(successors, 1):
                adjustment = adjust(successor, precision, reached)
                if adjustment is None:
                    continue
                successor = adjustment.state
                successor_precision = adjustment.precision
                if adjustment.action is Action.BREAK:
                    reached.add(successor, successor_precision)
                    _interrupted(reached, state, successors, position)
                    return LoopOutcome.BREAK
                # a live view: it shows the states merged into it below
                partition = reached.partition(successor)
                if merges:
                    for other in list(partition):
                        merged = merge.merge(successor, other, successor_precision)
                        if merged is not other:
                            reached.replace(other, merged, successor_precision)
                if not stop(successor, partition, successor_precision):
                    reached.add(successor, successor_precision)
                    if stop_at_target and is_target(successor):
                        _interrupted(reached, state, successors, position)
                        return LoopOutcome.TARGET
        return LoopOutcome.COMPLETE
    except TimeLimitExceeded:
        return LoopOutcome.TIMEOUT
    finally:
        if statistics is not None:
            statistics.add("loop_iterations", iterations)
