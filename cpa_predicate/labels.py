"""What an abstraction state's label is: a BDD region or a formula.

Predicate abstraction yields regions over the predicates, and a BDD decides their
entailment exactly in one operation, without a solver. Lazy abstraction with
interpolants (IMPACT) instead strengthens labels in place with interpolants, which
are formulas over program variables: a BDD over their atoms would not see that
``x > 5`` entails ``x > 3``, so such labels are formulas and the solver decides
entailment. Both kinds turn into a formula over program variables for the next
block, and both start from the region abstraction computed.
"""

from __future__ import annotations

from typing import Any

from pysmt.fnode import FNode
from pysmt.shortcuts import And, Not

from cpa_predicate.precision import PredicateRegistry
from cpa_predicate.regions import Region, RegionManager
from cpa_predicate.solver import SolverSession

Label = Any  # a BDD region or a formula, depending on the manager

__all__ = ["BddLabels", "FormulaLabels", "LABELS", "Label"]


class BddLabels:
    """Labels are the BDD regions themselves (predicate abstraction)."""

    NAME = "bdd"
    strengthens = False

    def __init__(self, regions: RegionManager, registry: PredicateRegistry, solver: SolverSession):
        self.regions = regions
        self.registry = registry

    def of_region(self, region: Region) -> Label:
        return region

    def formula(self, label: Label) -> FNode:
        """The label as a formula over program variables (uninstantiated)."""
        return self.regions.to_formula(label, self.registry.formula)

    def entails(self, a: Label, b: Label) -> bool:
        return self.regions.entails(a, b)

    def conjoin(self, label: Label, formula: FNode) -> Label:
        raise TypeError("BDD labels are computed by abstraction, not strengthened by formulas")


class FormulaLabels:
    """Labels are formulas over program variables; entailment asks the solver (cached:
    formulas are hash-consed, and a label only changes by becoming a new formula)."""

    NAME = "formula"
    strengthens = True

    def __init__(self, regions: RegionManager, registry: PredicateRegistry, solver: SolverSession):
        self.regions = regions
        self.registry = registry
        self.solver = solver
        self._entailed: dict[tuple[FNode, FNode], bool] = {}

    def of_region(self, region: Region) -> Label:
        return self.regions.to_formula(region, self.registry.formula)

    def formula(self, label: Label) -> FNode:
        return label

    def entails(self, a: FNode, b: FNode) -> bool:
        if b.is_true() or a.is_false() or a is b:
            return True
        key = (a, b)
        known = self._entailed.get(key)
        if known is None:
            known = self.solver.is_unsat(And(a, Not(b)))
            self._entailed[key] = known
        return known

    def conjoin(self, label: FNode, formula: FNode) -> FNode:
        """``label ∧ formula`` (the label strengthened by an interpolant)."""
        if label.is_true():
            return formula
        return And(label, formula)


LABELS: dict[str, type[BddLabels] | type[FormulaLabels]] = {
    cls.NAME: cls for cls in (BddLabels, FormulaLabels)
}
