"""Predicates and the predicate precision.

A predicate is an uninstantiated formula over program variables, numbered once for
the whole run so that the same predicate is the same BDD variable everywhere. The
precision says which predicates the abstraction uses at a location; its scope
(per location, per function, or global) is an option.

The precision only grows, and all states share it: a refinement adds predicates and
cuts the ARG back (lazy abstraction), and the re-explored part sees the new
predicates. Parts of the ARG that are not cut keep the abstractions they have, which
stay sound because every abstraction over-approximates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pysmt.fnode import FNode

from cpa.cfa.model import CFANode

SCOPES = ("location", "function", "global")
# what of an interpolant becomes a predicate (option ``predicate_parts``)
PREDICATE_PARTS = ("whole", "conjuncts", "atoms")


@dataclass(frozen=True, eq=False)
class Predicate:
    index: int  # the BDD variable
    formula: FNode  # uninstantiated

    def __repr__(self) -> str:
        return f"p{self.index}: {self.formula.serialize()}"


class PredicateRegistry:
    """Numbers predicates: equal formulas (pysmt hash-consing) get the same index."""

    def __init__(self) -> None:
        self._by_formula: dict[FNode, Predicate] = {}
        self.predicates: list[Predicate] = []

    def get(self, formula: FNode) -> Predicate:
        predicate = self._by_formula.get(formula)
        if predicate is None:
            predicate = Predicate(len(self.predicates), formula)
            self._by_formula[formula] = predicate
            self.predicates.append(predicate)
        return predicate

    def formula(self, index: int) -> FNode:
        return self.predicates[index].formula


class PredicatePrecision:
    """Predicates per location, per function, or for the whole program."""

    def __init__(self, scope: str = "location"):
        if scope not in SCOPES:
            raise ValueError(f"unknown predicate scope {scope!r}")
        self.scope = scope
        self._sets: dict[object, dict[Predicate, None]] = {}
        self._cache: dict[object, tuple[Predicate, ...]] = {}

    def _key(self, node: CFANode) -> object:
        if self.scope == "location":
            return node
        if self.scope == "function":
            return node.function
        return None

    def predicates_at(self, node: CFANode) -> tuple[Predicate, ...]:
        key = self._key(node)
        cached = self._cache.get(key)
        if cached is None:
            cached = tuple(self._sets.get(key, ()))
            self._cache[key] = cached
        return cached

    def add(self, node: CFANode, predicates: Iterable[Predicate]) -> bool:
        """Add predicates for ``node``'s scope; True iff something was new."""
        key = self._key(node)
        current = self._sets.setdefault(key, {})
        changed = False
        for predicate in predicates:
            if predicate not in current:
                current[predicate] = None
                changed = True
        if changed:
            self._cache.pop(key, None)
        return changed

    def total(self) -> int:
        """Distinct predicates over all scopes."""
        return len({p for preds in self._sets.values() for p in preds})

    def max_per_location(self) -> int:
        return max((len(preds) for preds in self._sets.values()), default=0)
