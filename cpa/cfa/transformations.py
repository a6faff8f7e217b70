"""CFA passes that a configuration can apply before the analysis starts.

A transformation takes the CFA and the run's context and returns the CFA to analyse
(the same object changed in place, or a new one). They are found by name in the
``cpa.cfa_transformations`` entry-point group.
"""

from __future__ import annotations

from typing import Protocol

from cpa.cfa.model import CFA
from cpa.cfa.prune import prune_unreachable_to_target
from cpa.core.context import AnalysisContext


class CFATransformation(Protocol):
    def apply(self, cfa: CFA, context: AnalysisContext) -> CFA: ...


class PruneTransformation:
    """Drop every location that cannot reach a target of the specification."""

    def apply(self, cfa: CFA, context: AnalysisContext) -> CFA:
        targets = context.specification.target_nodes(cfa)
        removed = prune_unreachable_to_target(cfa, targets)
        context.statistics.add("cfa_pruned_locations", removed)
        return cfa
