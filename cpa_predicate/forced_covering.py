"""Forced covering (McMillan, "Lazy Abstraction with Interpolants", CAV 2006).

An abstraction state ``v`` about to be expanded is not covered by an older state
``w`` at its location when its label does not entail ``w``'s. IMPACT then asks
whether the *path* does: from ``x``, the nearest common ancestor of ``v`` and ``w``
among the abstraction states, is ``label(x) ∧ blocks(x → v) ∧ ¬label(w)``
unsatisfiable? If so, its sequence interpolants strengthen the labels along the path
(each is implied by every concrete path through ``x`` to its state, as a refinement's
interpolants are), the last one entails ``label(w)``, and ``v`` is covered by ``w``
instead of being unrolled once more. When ``w`` is an ancestor of ``v`` (the previous
unrolling of a loop), this is the check that ``label(w)`` is inductive along the
loop's body, made before a spurious target forces the next refinement.

Sound as covering is: ``w`` is older and uncovered (so coverage stays well-founded),
strengthened labels stay implied by the concrete paths, and what a strengthened
state covered is uncovered (its label changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysmt.shortcuts import And, Not

from algorithms.cpa_algorithm import TimeLimitExceeded
from cpa.core.arg import ARGState
from cpa_predicate.error_path import abstraction_states, shifted_blocks
from cpa_predicate.interpolation import InterpolationError, InterpolationTimeout
from cpa_predicate.ssa import uninstantiate

if TYPE_CHECKING:
    from cpa_predicate.refiner import PredicateRefiner


class ForcedCovering:
    """Tries to cover abstraction states before the loop expands them."""

    def __init__(self, refiner: PredicateRefiner, candidates: int = 0):
        """``candidates``: at most this many older states are tried per state, newest
        first (each try is one interpolation query); 0: every one."""
        self.refiner = refiner
        self.cpa = refiner.predicate_cpa
        self.candidates = candidates

    def __call__(self, state: ARGState) -> bool:
        """Whether ``state`` is now covered (the loop does not expand it)."""
        refiner = self.refiner
        mine = refiner.predicate_state(state)
        if not mine.is_abstraction or state.is_covered() or refiner.cpa.is_target(state):
            return False
        if mine.abstraction.formula.is_false():
            return False
        reached = refiner.reached
        older = [
            other
            for other in reached.partition(state)
            if other.id < state.id and not other.is_covered()
        ]
        older.sort(key=lambda other: other.id, reverse=True)
        statistics = refiner.context.statistics
        tried = 0
        for other in older:
            label = refiner.predicate_state(other).abstraction.formula
            if label.is_true():
                continue  # the stop operator would have covered the state
            if self.candidates and tried == self.candidates:
                break
            tried += 1
            statistics.add("forced_covering_attempts")
            if self._force(state, other):
                statistics.add("forced_coverings")
                return True
        return False

    def _force(self, state: ARGState, other: ARGState) -> bool:
        refiner = self.refiner
        theirs = refiner.predicate_state(other).abstraction
        nodes = abstraction_states(state, refiner.predicate_state)
        ancestors = {id(node) for node in abstraction_states(other, refiner.predicate_state)}
        start = max(i for i, node in enumerate(nodes) if id(node) in ancestors)
        if len(nodes) - start < 2:
            return False  # the other state is a descendant (or the same abstraction)
        holders = nodes[start:]
        path = [refiner.predicate_state(node).abstraction for node in holders]
        blocks, shifts = shifted_blocks(path[1:])
        formulas = [
            And(path[0].instantiated, blocks[0]),
            *blocks[1:],
            Not(shifts[-1].formula(theirs.instantiated)),
        ]
        refiner.set_timeout()
        try:
            with refiner.context.statistics.timer("forced_covering_time_s"):
                interpolants = refiner.interpolator.sequence_interpolants(formulas)
        except InterpolationTimeout:
            raise TimeLimitExceeded() from None
        except InterpolationError:
            refiner.context.deadline.check()
            return False
        if interpolants is None:
            return False  # some path through x reaches v outside label(w)
        arg = refiner.arg
        for holder, abstraction, interpolant in zip(
            holders[1:], path[1:], interpolants, strict=True
        ):
            if self.cpa.strengthen(abstraction, uninstantiate(interpolant)) and holder is not state:
                arg.uncover_covered_by(holder)
        if state.destroyed or other.is_covered() or state not in refiner.reached:
            return False
        arg.cover(state, other)
        return True
