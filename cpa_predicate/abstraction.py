"""Cartesian and Boolean predicate abstraction of a formula (design.md sections 2-3).

Given a (path) formula and a set of predicates instantiated at the formula's SSA
indices, the abstraction is the strongest region over the predicates implied by the
formula:

- *Cartesian* (SBE): the conjunction of predicate literals the formula entails; one
  solver query per predicate, against one solver scope in which the formula is asserted
  once. Models found along the way rule out literals without a query of their own.
- *Boolean* (LBE/ABE): the exact projection of the formula onto the predicates
  (All-SMT). Each satisfying assignment of the predicate indicators becomes a cube of
  the BDD and is then blocked. Predicates that share no variable with the formula (nor,
  transitively, with predicates that do) are abstracted separately against ``true``:
  the projection of a conjunction over disjoint variables is the conjunction of the
  projections, which avoids enumerating the cross product of independent groups.

Both are cached by (formula, predicates); pysmt formulas are hash-consed, so the
formula node itself is the key. With a ``reading_solver`` both decide the formula
through its exact integer reading where the formula and the predicates have one
(:mod:`cpa_predicate.reading_solver`: same models, so the same region, and Z3 is
faster on it than on bit-vectors); otherwise, and where a check of the reading runs
out of its resource budget, over bit-vectors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pysmt.fnode import FNode
from pysmt.shortcuts import TRUE, Iff, Not, Or, Symbol
from pysmt.typing import BOOL

from cpa_predicate.decider_choice import DeciderChoice
from cpa_predicate.integer_reading import Unreadable
from cpa_predicate.reading_solver import ReadingOverBudget
from cpa_predicate.regions import Region, RegionManager
from cpa_predicate.solver import SolverSession

if TYPE_CHECKING:
    from cpa.statistics import Statistics

__all__ = ["PredicateAbstractionManager"]

Predicates = Sequence[tuple[int, FNode]]
_NEITHER = object()  # a predicate that is neither valid nor unsatisfiable


class PredicateAbstractionManager:
    """Computes (and caches) Cartesian and Boolean abstractions as regions."""

    def __init__(
        self,
        solver: SolverSession,
        regions: RegionManager,
        statistics: Statistics | None = None,
        reading_solver: SolverSession | None = None,
        choose_by_time: bool = False,
    ) -> None:
        """``reading_solver`` (optional) decides the formulas through their exact
        integer reading (:mod:`cpa_predicate.reading_solver`); formulas without one
        go to ``solver``. With ``choose_by_time`` the two decide in turn and then
        the faster one goes on (:class:`DeciderChoice`)."""
        self.solver = solver
        self.reading_solver = reading_solver
        self.choice = DeciderChoice() if choose_by_time and reading_solver is not None else None
        self.regions = regions
        self.statistics = statistics
        self._cartesian_cache: dict[tuple[FNode, tuple[tuple[int, FNode], ...]], Region] = {}
        self._boolean_cache: dict[tuple[FNode, tuple[tuple[int, FNode], ...]], Region] = {}
        self._indicators: list[FNode] = []
        self._validity: dict[FNode, object] = {}
        self._definitions: dict[tuple[int, FNode], FNode] = {}

    def clear_cache(self) -> None:
        self._cartesian_cache.clear()
        self._boolean_cache.clear()

    def _indicator(self, position: int) -> FNode:
        """Boolean symbol standing for the predicate at ``position`` of the current query.

        The symbols are reused across queries: their definitions live only inside the
        push/pop scope of one abstraction.
        """
        while len(self._indicators) <= position:
            self._indicators.append(Symbol(f"__abs#b{len(self._indicators)}", BOOL))
        return self._indicators[position]

    def _definition(self, position: int, predicate: FNode) -> FNode:
        """``indicator(position) <-> predicate``, memoised (pysmt's Iff type-checks)."""
        key = (position, predicate)
        definition = self._definitions.get(key)
        if definition is None:
            definition = Iff(self._indicator(position), predicate)
            self._definitions[key] = definition
        return definition

    def _count(self, key: str, amount: float = 1) -> None:
        if self.statistics is not None:
            self.statistics.add(key, amount)

    # -- Cartesian -----------------------------------------------------------------

    def cartesian(self, formula: FNode, predicates: Predicates, large: bool = False) -> Region:
        """Conjunction of the predicate literals entailed by ``formula`` (false if unsat).

        ``large``: the caller knows ``formula`` is large (a long block); without
        predicates it is then decided by a fresh bit-blasting solver
        (:meth:`SolverSession.is_sat_once`), which pays a fixed cost per query that
        only large formulas repay.
        """
        return self._abstraction(self._cartesian_cache, self._cartesian, formula, predicates, large)

    def _abstraction(
        self,
        cache: dict[tuple[FNode, tuple[tuple[int, FNode], ...]], Region],
        compute: Callable[[FNode, tuple[tuple[int, FNode], ...]], Region],
        formula: FNode,
        predicates: Predicates,
        large: bool,
    ) -> Region:
        """The abstraction of ``formula`` from ``cache``, else by ``compute`` (counted
        and timed; a large formula without predicates by one fresh solver)."""
        key = (formula, tuple(predicates))
        cached = cache.get(key)
        if cached is not None:
            self._count("abstraction_cache_hits")
            return cached
        if large and not key[1]:
            compute = self._satisfiable
        stats = self.statistics
        if stats is None:
            region = compute(formula, key[1])
        else:
            stats.add("abstractions")
            with stats.timer("abstraction_time_s"):
                region = compute(formula, key[1])
        cache[key] = region
        return region

    def _cartesian(self, formula: FNode, predicates: tuple[tuple[int, FNode], ...]) -> Region:
        main, others = _split_independent(formula, predicates)
        region = self._cartesian_connected(formula, main)
        if self.regions.is_false(region):
            return region
        # A predicate sharing no symbol with the (satisfiable) formula is entailed
        # only if it is valid on its own; that is cached per predicate.
        for group in others:
            for index, pred in group:
                value = self._validity.get(pred)
                if value is None:
                    if self.solver.is_unsat(Not(pred)):
                        value = True
                    elif self.solver.is_unsat(pred):
                        value = False
                    else:
                        value = _NEITHER
                    self._validity[pred] = value
                if value is not _NEITHER:
                    region = region & self.regions.literal(index, value)
        return region

    def _decide(self, method, formula: FNode, predicates: tuple[tuple[int, FNode], ...]) -> Region:
        """``method(solver, formula, predicates)`` with the integer-reading solver where
        the formula and the predicates have a reading, else with the bit-vector one;
        with a :class:`DeciderChoice`, with the one it picks, timed for it."""
        if self.reading_solver is None:
            return method(self.solver, formula, predicates)
        choice = self.choice
        reading = choice is None or choice.pick()
        started = time.perf_counter()
        if reading:
            try:
                region = method(self.reading_solver, formula, predicates)
            except ReadingOverBudget:
                # the reading was tried and was slow: the choice learns its time, and
                # bit-vectors decide (their time is recorded below)
                self._count("abstractions_reading_over_budget")
                if choice is not None:
                    choice.record(True, time.perf_counter() - started)
                reading = False
                started = time.perf_counter()
                region = method(self.solver, formula, predicates)
            except Unreadable:  # no reading: the time is no decider's to record
                self._count("abstractions_bit_vectors")
                return method(self.solver, formula, predicates)
        else:
            region = method(self.solver, formula, predicates)
        self._count("abstractions_integers" if reading else "abstractions_bit_vectors")
        if choice is not None:
            choice.record(reading, time.perf_counter() - started)
        return region

    def _satisfiable(self, formula: FNode, predicates: tuple[()]) -> Region:
        """True or false: the abstraction of a large formula without predicates.

        With a choice by time it is decided over bit-vectors, outside the choice: the
        reading pays off for queries about predicates, while one satisfiability check of
        a large block is what the fresh bit-blasting solver was made for (a straight line
        of 250 ``if``: 0.12 s over bit-vectors, 1.6 s until the reading ran out of its
        budget), and its time would say nothing about the next predicate query."""
        if self.choice is not None:
            self._count("abstractions_bit_vectors")
            return self._satisfiable_once(self.solver, formula, predicates)
        return self._decide(self._satisfiable_once, formula, predicates)

    def _satisfiable_once(
        self, solver: SolverSession, formula: FNode, predicates: tuple[()]
    ) -> Region:
        return self.regions.true() if solver.is_sat_once(formula) else self.regions.false()

    def _cartesian_connected(
        self, formula: FNode, predicates: tuple[tuple[int, FNode], ...]
    ) -> Region:
        return self._decide(self._cartesian_with, formula, predicates)

    def _cartesian_with(
        self, solver: SolverSession, formula: FNode, predicates: tuple[tuple[int, FNode], ...]
    ) -> Region:
        regions = self.regions
        with solver.scope(formula):
            n = len(predicates)
            indicators = [self._indicator(k) for k in range(n)]
            for k in range(n):
                solver.add(self._definition(k, predicates[k][1]))
            # The definitions are conservative (fresh indicators): same satisfiability.
            if not solver.check():
                return regions.false()
            if n == 0:
                return regions.true()
            # Candidates: literals true in every model seen so far. Ask whether the
            # formula entails all of them at once; a counter-model drops at least one
            # candidate, so the loop ends after at most (non-entailed + 1) queries and
            # usually after two or three, whatever the number of predicates.
            values = solver.truth_values(indicators)
            candidates = [indicators[k] if values[k] else Not(indicators[k]) for k in range(n)]
            positions = list(range(n))
            activations = 0
            while candidates:
                if len(candidates) == 1:
                    sat = solver.check([Not(candidates[0])])
                else:
                    activation = self._indicator(n + activations)
                    activations += 1
                    solver.add(Or(Not(activation), *[Not(c) for c in candidates]))
                    sat = solver.check([activation])
                if not sat:
                    break
                values = solver.truth_values(candidates)
                kept = [j for j, value in enumerate(values) if value]
                candidates = [candidates[j] for j in kept]
                positions = [positions[j] for j in kept]
            region = regions.true()
            for k, candidate in zip(positions, candidates, strict=True):
                region = region & regions.literal(predicates[k][0], candidate.is_symbol())
            return region

    # -- Boolean ---------------------------------------------------------------------

    def boolean(self, formula: FNode, predicates: Predicates, large: bool = False) -> Region:
        """Exact projection of ``formula`` onto the predicates, as a BDD (false if unsat);
        ``large`` as for :meth:`cartesian`."""
        return self._abstraction(self._boolean_cache, self._boolean, formula, predicates, large)

    def _boolean(self, formula: FNode, predicates: tuple[tuple[int, FNode], ...]) -> Region:
        main, others = _split_independent(formula, predicates)
        region = self._all_sat(formula, main)
        if self.regions.is_false(region):
            return region
        true = TRUE()
        for group in others:
            # Cached on its own: the same independent group recurs across formulas.
            key = (true, group)
            group_region = self._boolean_cache.get(key)
            if group_region is None:
                group_region = self._all_sat(true, group)
                self._boolean_cache[key] = group_region
            region = region & group_region
            if self.regions.is_false(region):  # pragma: no cover - predicates unsat alone
                break
        return region

    def _all_sat(self, formula: FNode, predicates: tuple[tuple[int, FNode], ...]) -> Region:
        return self._decide(self._all_sat_with, formula, predicates)

    def _all_sat_with(
        self, solver: SolverSession, formula: FNode, predicates: tuple[tuple[int, FNode], ...]
    ) -> Region:
        regions = self.regions
        with solver.scope(formula):
            n = len(predicates)
            indicators = [self._indicator(k) for k in range(n)]
            for k in range(n):
                solver.add(self._definition(k, predicates[k][1]))
            negated = [Not(indicator) for indicator in indicators]
            indices = [index for index, _ in predicates]
            region = regions.false()
            models = 0
            while solver.check():
                models += 1
                values = solver.truth_values(indicators)
                region = region | regions.cube(zip(indices, values, strict=True))
                if n == 0:
                    break
                # Block this valuation of the predicates (not the model of the formula).
                solver.add_clause([negated[k] if values[k] else indicators[k] for k in range(n)])
            self._count("allsat_models", models)
            return region


def _split_independent(
    formula: FNode, predicates: tuple[tuple[int, FNode], ...]
) -> tuple[tuple[tuple[int, FNode], ...], list[tuple[tuple[int, FNode], ...]]]:
    """Split predicates into those connected to ``formula`` by shared symbols and
    groups of the others, connected among themselves.

    The formula's symbols are only tested against, never put into a union-find: a
    path formula has hundreds of symbols and a predicate a few.
    """
    if len(predicates) <= 1:
        return predicates, []
    formula_symbols = formula.get_free_variables()
    reached: set[FNode] = set()  # symbols of predicates found connected so far
    symbols_of = [pred.get_free_variables() for _, pred in predicates]
    connected = [False] * len(predicates)
    changed = True
    while changed:
        changed = False
        for k, symbols in enumerate(symbols_of):
            if connected[k]:
                continue
            # a constant predicate stays with the formula
            if (
                not symbols
                or not symbols.isdisjoint(formula_symbols)
                or not symbols.isdisjoint(reached)
            ):
                connected[k] = True
                reached.update(symbols)
                changed = True
    main = tuple(pred for pred, inside in zip(predicates, connected, strict=True) if inside)
    # The rest: groups of predicates linked by shared symbols (union-find on symbols).
    parent: dict[FNode, FNode] = {}

    def find(x: FNode) -> FNode:
        while parent.get(x, x) is not x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    rest = [k for k, inside in enumerate(connected) if not inside]
    for k in rest:
        symbols = iter(symbols_of[k])
        root = find(next(symbols))
        for symbol in symbols:
            other = find(symbol)
            if other is not root:
                parent[other] = root
    groups: dict[FNode, list[tuple[int, FNode]]] = {}
    for k in rest:
        groups.setdefault(find(next(iter(symbols_of[k]))), []).append(predicates[k])
    return main, [tuple(group) for group in groups.values()]
