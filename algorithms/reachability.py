"""The plain CPA algorithm: one run of the reachability loop, no refinement.

A complete reached set without a target proves the program safe (every CPA
over-approximates). A reached target only shows that the abstract model can reach
it: without a feasibility check that is UNKNOWN, never FALSE.
"""

from __future__ import annotations

from algorithms.base import Algorithm
from algorithms.cpa_algorithm import LoopOutcome, run_reachability
from cpa.results import AnalysisOutcome, Verdict


class ReachabilityAlgorithm(Algorithm):
    NAME = "cpa"

    def run(self) -> AnalysisOutcome:
        outcome = run_reachability(
            self.cpa, self.reached, self.context.deadline, self.context.statistics
        )
        if outcome is LoopOutcome.COMPLETE:
            return AnalysisOutcome(Verdict.TRUE, "no target is reachable (the ARG is complete)")
        if outcome is LoopOutcome.TIMEOUT:
            return AnalysisOutcome(Verdict.UNKNOWN, "timeout")
        if outcome is LoopOutcome.TARGET:
            return AnalysisOutcome(
                Verdict.UNKNOWN,
                "a target is reachable in the abstract model, and this configuration "
                "does not check whether the path is feasible",
            )
        return AnalysisOutcome(Verdict.UNKNOWN, "the analysis stopped before a fixpoint")
