"""Error interpolants (InterpChecker's E, Tian, Duan, Duan, Ong, ASE 2017), made sound.

After a spurious error path, take its maximal feasible suffix: the blocks from the
abstraction state at position ``i`` to the target that are satisfiable on their own,
while the blocks from ``i - 1`` on are not. The path's sequence interpolant ``I`` at
``i`` holds after every run of the prefix and contradicts the suffix, so ``¬I``
holds in every state from which the suffix runs: it over-approximates where the
suffix leads to the error. It becomes a disjunct of ``E`` at the location (and call
stack) of position ``i``, with the suffix that produced it.

InterpChecker takes a later prefix whose formula implies ``E(l)`` as proof that the
error is reachable; an over-approximation cannot prove that. Here a *hit* (the label
of a new abstraction state entails a disjunct: every state it stands for satisfies
it) makes the state a candidate the refiner checks: the ARG path to it joined with the
stored suffix, decided as one error path by one satisfiability query. Feasible: FALSE
with the concrete path (and its replay, as for every FALSE). Infeasible: the disjunct
is narrowed by the negated label, so that those states do not hit it again; a disjunct
refuted ``limit`` times is dropped. The state is explored as any other either way.

No answer rests on a hint: TRUE needs the complete ARG, FALSE the checked and replayed
path. A hint only decides which candidate paths are checked early, so learning and
narrowing may be cheap approximations (a missed or wrong hint costs time, not answers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pysmt.fnode import FNode
from pysmt.shortcuts import And, Not

from cpa_predicate.solver import SolverSession
from cpa_predicate.state import Abstraction, PredicateState


def context_key(composite_state) -> tuple:
    """Where a hint applies: the components of a composite state other than the
    predicate state (location and call stack), so that a suffix that returns from a
    call is joined only to prefixes inside the same call."""
    return tuple(c for c in composite_state.components if not isinstance(c, PredicateState))


@dataclass(eq=False)
class ErrorHint:
    """One disjunct of ``E(l)``: ``formula`` (over program variables) holds wherever
    ``suffix`` (the abstractions whose blocks lead from ``l`` to a target) runs."""

    formula: FNode
    suffix: list[Abstraction]
    refuted: int = 0


@dataclass
class ErrorInterpolants:
    """The E store: hints per context, learnt from spurious paths, checked by the
    refiner when a new abstraction state's label entails one."""

    limit: int = 3
    # learning and checking hints may take this share of the time the refinements
    # spend in interpolation (the maximal feasible suffix is a satisfiable query on
    # most of a long path: 1-2 s each on the ssh servers, where a refinement takes 2-3 s)
    budget: float = 0.25
    hints: dict[tuple, list[ErrorHint]] = field(default_factory=dict)
    learnt: int = 0
    # (label, hint formula) -> entailed: labels at a location recur, and a narrowed
    # hint is a new formula, so the answers stay right
    _entailed: dict[tuple[FNode, FNode], bool] = field(default_factory=dict)

    def __bool__(self) -> bool:
        """Whether any hint is stored (else no state needs a look): asked at every
        abstraction, so a context without hints is not kept (:meth:`discard`)."""
        return bool(self.hints)

    def learn(self, key: tuple, formula: FNode, suffix: list[Abstraction]) -> None:
        if formula.is_true() or formula.is_false():
            return  # false: never hit; true: every state would be a candidate
        entries = self.hints.setdefault(key, [])
        if any(hint.formula is formula for hint in entries):
            return
        entries.append(ErrorHint(formula, list(suffix)))
        self.learnt += 1

    def hit(self, key: tuple, label: FNode, solver: SolverSession) -> ErrorHint | None:
        """The first hint at ``key`` that ``label`` (over program variables) entails."""
        for hint in self.hints.get(key, ()):
            pair = (label, hint.formula)
            entailed = self._entailed.get(pair)
            if entailed is None:
                entailed = self._entailed[pair] = solver.is_unsat(And(label, Not(hint.formula)))
            if entailed:
                return hint
        return None

    def refute(self, key: tuple, hint: ErrorHint, excluded: FNode) -> None:
        """The hint's prefix was infeasible with its suffix: narrow the hint by
        ``¬excluded`` (the label that hit it), so that the same states do not hit it
        again; after ``limit`` refutations it is dropped."""
        hint.refuted += 1
        if hint.refuted >= self.limit or excluded.is_true():
            self.discard(key, hint)
        else:
            hint.formula = And(hint.formula, Not(excluded))

    def discard(self, key: tuple, hint: ErrorHint) -> None:
        entries = self.hints.get(key, [])
        if hint in entries:
            entries.remove(hint)
        if not entries:
            self.hints.pop(key, None)


def error_hint_source(path, interpolants: list[FNode]) -> bool:
    """Whether a spurious path can give an error interpolant: a suffix from an inner
    node (the path has one) and interpolants to read it from."""
    return len(path.blocks) >= 2 and len(interpolants) == len(path.blocks) - 1


def maximal_feasible_suffix(blocks: list[FNode], solver: SolverSession) -> int | None:
    """The smallest ``i >= 1`` such that ``blocks[i:]`` is satisfiable (None if even
    the last block is not).

    Most spurious paths are infeasible only through their first block (the initial
    values), so ``i = 1`` is asked first: one query where a binary search over the
    whole path takes logarithmically many, each on a long satisfiable suffix. After
    that a binary search: a longer suffix only adds conjuncts, so satisfiability is
    monotone in ``i``. Each suffix is asked about once, so a fresh solver decides it
    (:meth:`SolverSession.is_sat_once`: the incremental solver took 2-8 s per hint on
    the token rings).
    """
    last = len(blocks) - 1
    if last < 1:
        return None
    if solver.is_sat_once(And(blocks[1:])):
        return 1
    low, high = 2, last  # the answer is in [low, high], if the last block is sat
    if low > high or not solver.is_sat_once(And(blocks[high:])):
        return None
    while low < high:
        middle = (low + high) // 2
        if solver.is_sat_once(And(blocks[middle:])):
            high = middle
        else:
            low = middle + 1
    return low
