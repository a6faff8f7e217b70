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


class LargeBlockEncoding:
    """LBE (Beyer et al., FMCAD 2009): summarise loop-free parts of every function into
    Sequence/Choice edges (Rules 0-2), so the analysis abstracts once per large block."""

    def apply(self, cfa: CFA, context: AnalysisContext) -> CFA:
        from cpa.cfa.lbe import summarise

        before = sum(1 for _ in cfa.nodes())
        stats = summarise(cfa, context.specification)
        context.statistics.add("lbe_removed_locations", before - sum(1 for _ in cfa.nodes()))
        context.statistics.add("lbe_rule0_edges", stats.rule0_edges)
        context.statistics.add("lbe_rule1_applications", stats.rule1_applications)
        context.statistics.add("lbe_rule2_applications", stats.rule2_applications)
        return cfa
