"""Regions: Boolean combinations of predicates as BDDs (design.md section 3).

Abstract states of the Boolean abstraction are BDDs whose variable ``p<i>`` stands for
the predicate with index ``i``. BDDs are canonical, so two regions denote the same
set of predicate valuations exactly when they are the same node: equality and hashing
are O(1), and coverage (entailment) is one CUDD operation, without a solver.

CUDD (``dd.cudd``) is used when available; ``dd.autoref`` (pure Python) otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pysmt.fnode import FNode
from pysmt.shortcuts import FALSE, TRUE, And, Not, Or


def _import_dd():
    """Import ``dd.cudd`` (or ``dd.autoref``) without its optional networkx support.

    ``dd`` imports networkx only for graph export, which we never use; that import
    alone costs about half a second per run, a third of a small verification task.
    Hiding networkx while ``dd`` loads makes ``dd`` take its no-networkx path.
    """
    import sys

    hidden = "networkx" not in sys.modules
    if hidden:
        sys.modules["networkx"] = None  # type: ignore[assignment]  # import fails fast
    try:
        try:  # pragma: no cover - depends on the installed wheel
            from dd import cudd as module

            return module, "cudd"
        except ImportError:  # pragma: no cover
            from dd import autoref as module

            return module, "autoref"
    finally:
        if hidden:
            del sys.modules["networkx"]


_bdd_module, BACKEND = _import_dd()
_shared_bdd = None


def shared_bdd():
    """One BDD manager per process.

    CUDD asserts, when a manager is freed, that no node of it is still referenced;
    with managers per run, Python's garbage collector may free a manager before the
    regions that refer to it. One manager that lives as long as the process avoids
    that. Variable ``p<i>`` means predicate ``i`` of whichever run uses it; runs never
    mix regions.
    """
    global _shared_bdd
    if _shared_bdd is None:
        _shared_bdd = _bdd_module.BDD()
    return _shared_bdd


# A region is a BDD node (dd Function): hashable, equal iff the same Boolean function.
Region = Any

__all__ = ["BACKEND", "Region", "RegionManager"]


class RegionManager:
    """Creates and combines regions; one manager per analysis run.

    Regions of different managers must not be mixed.
    """

    def __init__(self) -> None:
        self.bdd = shared_bdd()
        self._vars: dict[int, Region] = {}
        self._index_of: dict[str, int] = {}
        self._true = self.bdd.true
        self._false = self.bdd.false

    # -- construction ------------------------------------------------------------

    def true(self) -> Region:
        return self._true

    def false(self) -> Region:
        return self._false

    def var(self, index: int) -> Region:
        """The region of predicate ``index`` (its BDD variable is declared on first use)."""
        node = self._vars.get(index)
        if node is None:
            name = f"p{index}"
            self.bdd.declare(name)
            node = self.bdd.var(name)
            self._vars[index] = node
            self._index_of[name] = index
        return node

    def literal(self, index: int, positive: bool = True) -> Region:
        node = self.var(index)
        return node if positive else ~node

    def cube(self, literals: Iterable[tuple[int, bool]]) -> Region:
        """Conjunction of predicate literals (index, polarity)."""
        assignment: dict[str, bool] = {}
        for index, positive in literals:
            self.var(index)  # declare
            name = f"p{index}"
            if assignment.setdefault(name, positive) != positive:
                return self._false
        return self.bdd.cube(assignment)  # one call instead of one AND per literal

    def conj(self, *regions: Region) -> Region:
        result = self._true
        for region in regions:
            result = result & region
        return result

    def disj(self, *regions: Region) -> Region:
        result = self._false
        for region in regions:
            result = result | region
        return result

    def neg(self, region: Region) -> Region:
        return ~region

    # -- queries -------------------------------------------------------------------

    def entails(self, a: Region, b: Region) -> bool:
        """Whether region ``a`` implies region ``b`` (coverage check)."""
        return (a & ~b) == self._false

    def is_false(self, region: Region) -> bool:
        return region == self._false

    def is_true(self, region: Region) -> bool:
        return region == self._true

    def size(self, region: Region) -> int:
        """Number of BDD nodes of ``region``."""
        return len(region)

    def support(self, region: Region) -> set[int]:
        """Indices of the predicates the region depends on."""
        return {self._index_of[name] for name in region.support}

    def index_of_variable(self, name: str) -> int:
        return self._index_of[name]

    # -- conversion ----------------------------------------------------------------

    def to_formula(self, region: Region, predicate_formula: Callable[[int], FNode]) -> FNode:
        """The region as a pysmt formula, predicate ``i`` replaced by ``predicate_formula(i)``.

        Shannon expansion over the BDD with one formula per BDD node (shared, so the
        formula DAG is as large as the BDD); no ITE terms, only And/Or/Not.
        """
        if region == self._true:
            return TRUE()
        if region == self._false:
            return FALSE()
        true, false = self._true, self._false
        atoms: dict[str, FNode] = {}
        memo: dict[Region, FNode] = {true: TRUE(), false: FALSE()}

        def atom(name: str) -> FNode:
            result = atoms.get(name)
            if result is None:
                result = predicate_formula(self._index_of[name])
                atoms[name] = result
            return result

        def cofactors(node: Region) -> tuple[Region, Region]:
            # dd returns the children of the regular node; complement edges flip them.
            low, high = node.low, node.high
            if node.negated:
                return ~low, ~high
            return low, high

        stack: list[Region] = [region]
        while stack:
            node = stack[-1]
            if node in memo:
                stack.pop()
                continue
            low, high = cofactors(node)
            pending = [child for child in (low, high) if child not in memo]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            p = atom(node.var)
            lo, hi = memo[low], memo[high]
            if high == true:
                formula = p if low == false else Or(p, lo)
            elif high == false:
                formula = Not(p) if low == true else And(Not(p), lo)
            elif low == true:
                formula = Or(Not(p), hi)
            elif low == false:
                formula = And(p, hi)
            else:
                formula = Or(And(p, hi), And(Not(p), lo))
            memo[node] = formula
        return memo[region]
