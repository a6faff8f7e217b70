"""Counterexample-guided abstraction refinement around the one reachability loop.

When the loop adds a target state, a refiner decides: the abstract error path is
feasible (FALSE, with a concrete counterexample), or spurious (the refiner adds
precision and cuts the ARG back, and the loop continues on the same reached set:
lazy abstraction, not a restart). Refiners are found by name in the
``cpa.refiners`` entry-point group.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import ClassVar

from algorithms.base import Algorithm
from algorithms.cpa_algorithm import LoopOutcome, run_reachability
from cpa import plugins
from cpa.core.arg import ARGCPA, ARGState
from cpa.core.arg_reached import ARGReachedSet
from cpa.core.context import AnalysisContext
from cpa.core.options import Option
from cpa.core.reached import ReachedSet
from cpa.results import AnalysisOutcome, Counterexample, Verdict


@dataclass
class RefinementResult:
    """``counterexample`` set: the path is real. ``failed`` set: no progress possible.
    ``counted`` false: the refiner decided a candidate that was not a target (a hint)
    and refined nothing; the run goes on without counting a refinement."""

    counterexample: Counterexample | None = None
    failed: str | None = None
    counted: bool = True


class Refiner(ABC):
    """Checks error paths and refines. Found by name in the ``cpa.refiners`` group; its
    options are the ``[refiner.NAME]`` section, checked against ``OPTIONS``."""

    OPTIONS: ClassVar[dict[str, Option]] = {}

    def __init__(self, context: AnalysisContext, cpa: ARGCPA, reached: ReachedSet, options: dict):
        self.context = context
        self.cpa = cpa
        self.reached = reached
        self.options = options
        #: every change of the ARG and the reached set goes through this
        self.arg = ARGReachedSet(reached, cpa.stop_operator, cpa.is_target)

    @abstractmethod
    def refine(self, target: ARGState) -> RefinementResult:
        """Check the error path to ``target``; refine and cut the ARG if it is spurious."""

    def forced_cover(self) -> Callable[[ARGState], bool] | None:
        """What tries to cover a state before the loop expands it (True: covered, not
        expanded), such as IMPACT's forced covering; None: nothing does."""
        return None

    def finish(self) -> None:
        """Called once at the end of the run (to publish statistics)."""
        return None


class CEGARAlgorithm(Algorithm):
    NAME = "cegar"
    OPTIONS = {
        "refiner": Option(str, "predicate", "which refiner checks error paths"),
        "max_refinements": Option(int, 0, "give up (UNKNOWN) after this many; 0 = no limit"),
        "targets": Option(
            str,
            "stop",
            "stop the loop at the first target and refine it, or continue until the "
            "waitlist is empty and then refine the oldest target in the reached set",
            ("stop", "continue"),
        ),
    }

    #: the refiner of the current or last run (see :meth:`steps`: kept, not collected)
    refiner: Refiner | None = None

    def run(self) -> AnalysisOutcome:
        steps = self.steps()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def steps(self) -> Generator[None, None, AnalysisOutcome]:
        """The run as a generator that pauses after each refinement and returns the
        outcome: a caller may interleave several analyses in one process."""
        name = self.options["refiner"]
        refiner_class = plugins.load(plugins.REFINERS, name)
        refiner: Refiner = refiner_class(
            self.context, self.cpa, self.reached, self.context.options_of(f"refiner.{name}")
        )
        # Kept as long as the algorithm: a finished refiner left to the garbage collector
        # is freed whenever it runs next, e.g. in the middle of confirming a FALSE answer,
        # and freeing its Z3 context can take longer than the analysis (28 of 41 s with
        # ``bp`` on token_ring.12.BUG). One-shot processes exit without freeing it.
        self.refiner = refiner
        statistics = self.context.statistics
        limit = self.options["max_refinements"]
        stop_at_target = self.options["targets"] == "stop"
        cover = refiner.forced_cover()
        try:
            while True:
                outcome = run_reachability(
                    self.cpa, self.reached, self.context.deadline, statistics, stop_at_target, cover
                )
                target = self.reached.last_state
                if outcome is LoopOutcome.COMPLETE:
                    target = self._oldest_target()
                    if target is None:
                        return AnalysisOutcome(
                            Verdict.TRUE, "no target is reachable (the ARG is complete)"
                        )
                    outcome = LoopOutcome.TARGET
                if outcome is LoopOutcome.TIMEOUT:
                    return AnalysisOutcome(Verdict.UNKNOWN, "timeout")
                if outcome is not LoopOutcome.TARGET:
                    return AnalysisOutcome(Verdict.UNKNOWN, "the analysis stopped early")
                if limit and statistics.get("refinements") >= limit:
                    return AnalysisOutcome(Verdict.UNKNOWN, f"refinement limit ({limit}) reached")
                with statistics.timer("refinement_time_s"):
                    result = refiner.refine(target)
                if result.counterexample is not None:
                    return AnalysisOutcome(
                        Verdict.FALSE, "a target is reachable", result.counterexample
                    )
                if result.failed is not None:
                    return AnalysisOutcome(Verdict.UNKNOWN, result.failed)
                if result.counted:
                    statistics.add("refinements")
                yield
        finally:
            refiner.finish()

    def _oldest_target(self):
        """The first target in reached order, or None (the loop went on past targets)."""
        is_target = self.cpa.is_target
        return next((state for state in self.reached if is_target(state)), None)
