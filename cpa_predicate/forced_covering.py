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

from collections.abc import Callable
from typing import TYPE_CHECKING

from pysmt.shortcuts import And, Not

from algorithms.cpa_algorithm import TimeLimitExceeded
from cpa.core.arg import ARGState
from cpa_predicate.error_path import abstraction_states, block_start, shifted_blocks
from cpa_predicate.interpolation import InterpolationError, InterpolationTimeout
from cpa_predicate.solver import SolverUnknownError
from cpa_predicate.ssa import uninstantiate

if TYPE_CHECKING:
    from pysmt.fnode import FNode

    from cpa_predicate.refiner import PredicateRefiner
    from cpa_predicate.ssa import IndexShift
    from cpa_predicate.state import PredicateState


class ForcedCovering:
    """Tries to cover abstraction states before the loop expands them."""

    def __init__(
        self,
        refiner: PredicateRefiner,
        candidates: int = 0,
        one_block: bool = False,
        resource_cap: int = 0,
    ):
        """``candidates``: at most this many older states are tried per state, newest
        first (each try is one interpolation query); 0: every one. ``one_block``: each
        is first checked on the last block alone (:meth:`_local_coverer`).
        ``resource_cap``: the interpolator's effort at which an attempt is given up (0:
        none). An attempt is optional, a failed one costs only its time, and without a
        cap one attempt whose Horn query Spacer does not solve at the first budgets
        goes on to the time limit: on ``toy``, forced covering took 105 of 150 s in one
        run (61 % of it in Spacer; 18 s in a run with the cap), while the attempts
        that succeeded on ``toy`` and ``mem_slave_tlm.3`` needed at most 48 M units."""
        self.refiner = refiner
        self.cpa = refiner.predicate_cpa
        self.candidates = candidates
        self.one_block = one_block
        self.resource_cap = resource_cap or None

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
        candidates = [
            other
            for other in older
            if not refiner.predicate_state(other).abstraction.formula.is_true()
        ]  # a label true: the stop operator would have covered the state
        if self.candidates:
            candidates = candidates[: self.candidates]
        if not candidates:
            return False
        local = self._local_coverer(state, candidates) if self.one_block else None
        if local is not None:
            statistics.add("forced_coverings_local")
            return True
        path = _PathAbove(state, refiner.predicate_state)
        for other in candidates:
            statistics.add("forced_covering_attempts")
            if self._force(state, other, path):
                statistics.add("forced_coverings")
                return True
        return False

    def _local_coverer(self, state: ARGState, candidates: list[ARGState]) -> ARGState | None:
        """The first of ``candidates`` whose label the last block proves, from the label
        of the state it starts at, and which now covers ``state`` (None if none).

        The path from the common ancestor is the general case, and each try is an
        interpolation query; but often one block suffices: if ``label(u) ∧ block(u →
        v) ∧ ¬label(w)`` is unsatisfiable for ``v``'s parent ``u``, then ``label(w)``
        holds in every concrete state reaching ``v`` (``label(u)`` does at ``u``), so
        it strengthens ``v``'s label directly and ``w`` covers ``v``: one
        satisfiability check per candidate on one block, and no interpolation (on
        ``mem_slave_tlm.4``, 77 of 151 forced coverings, each of which was a full
        interpolation query before). Only ``v``'s label changes, where the general
        attempt strengthens every label from the common ancestor on.
        """
        refiner = self.refiner
        mine = refiner.predicate_state(state).abstraction
        parent = block_start(state, refiner.predicate_state)
        if parent is None:
            return None
        start = refiner.predicate_state(parent).abstraction
        blocks, shifts = shifted_blocks([mine])
        solver = self.cpa.solver
        statistics = refiner.context.statistics
        with (
            statistics.timer("forced_covering_local_time_s"),
            solver.scope(And(start.instantiated, blocks[0])),
        ):
            for other in candidates:
                theirs = refiner.predicate_state(other).abstraction
                statistics.add("forced_covering_local_attempts")
                with solver.scope(Not(shifts[-1].formula(theirs.instantiated))):
                    try:
                        if solver.check():
                            continue
                    except SolverUnknownError:
                        continue  # undecided: the general attempt may still decide it
                self.cpa.strengthen(mine, theirs.formula)
                refiner.arg.cover(state, other)
                return other
        return None

    def _force(self, state: ARGState, other: ARGState, above: _PathAbove) -> bool:
        refiner = self.refiner
        theirs = refiner.predicate_state(other).abstraction
        start = above.common_ancestor(other)
        if len(above.nodes) - start < 2:
            return False  # the other state is a descendant (or the same abstraction)
        holders = above.nodes[start:]
        path = [refiner.predicate_state(node).abstraction for node in holders]
        blocks, shifts = above.blocks_from(start)
        formulas = [
            And(shifts[0].formula(path[0].instantiated), blocks[0]),
            *blocks[1:],
            Not(shifts[-1].formula(theirs.instantiated)),
        ]
        refiner.set_timeout()
        # The attempt's own settings, restored for the refinements: its effort capped,
        # and its unsat cores over bit-vectors first, which find the cores of these
        # short queries fastest (on mem_slave_tlm.4 the reading first took forced
        # covering from 23 to 58 s).
        own = {"resource_cap": self.resource_cap, "core_reading_first": False}
        try:
            with (
                refiner.interpolator.configured(**own) as interpolator,
                refiner.context.statistics.timer("forced_covering_time_s"),
            ):
                interpolants = interpolator.sequence_interpolants(formulas)
        except InterpolationTimeout:
            raise TimeLimitExceeded() from None
        except InterpolationError:
            refiner.context.deadline.check()
            refiner.context.statistics.add("forced_covering_attempts_failed")
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


class _PathAbove:
    """The abstraction states from the root down to one state, and the blocks between
    them shifted into one sequence from the root: the candidates tried for one state
    share them (their blocks do not change when an attempt fails, and the first
    success ends the tries).

    The path from a common ancestor is a suffix of that sequence, so the attempts from
    different ancestors name each value alike: a model found for one is evaluated on
    the next as it stands (the interpolator's kept models), and the blocks are shifted
    once per state instead of once per ancestor."""

    def __init__(self, state: ARGState, predicate_state: Callable[[ARGState], PredicateState]):
        self.predicate_state = predicate_state
        self.nodes = abstraction_states(state, predicate_state)
        self._position = {id(node): i for i, node in enumerate(self.nodes)}
        self._shifted: tuple[list[FNode], list[IndexShift]] | None = None

    def common_ancestor(self, other: ARGState) -> int:
        """The position on the path of the nearest abstraction state above ``other``
        (or ``other`` itself) that is on it."""
        node: ARGState | None = other
        while node is not None and id(node) not in self._position:
            node = block_start(node, self.predicate_state)
        assert node is not None, "the root is on every path"
        return self._position[id(node)]

    def blocks_from(self, start: int) -> tuple[list[FNode], list[IndexShift]]:
        """The blocks of the path below position ``start`` and their shifts (one per
        block and one past the last, as :func:`shifted_blocks` gives them): the label
        at ``start`` is taken to the values the first block starts from by the first
        shift."""
        if self._shifted is None:
            chain = [self.predicate_state(node).abstraction for node in self.nodes[1:]]
            self._shifted = shifted_blocks(chain)
        blocks, shifts = self._shifted
        return blocks[start:], shifts[start:]
