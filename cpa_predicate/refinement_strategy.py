"""What a refiner does with the interpolants of a spurious error path.

- ``predicates`` (lazy abstraction, BLAST/CPAchecker style): the interpolants become
  predicates at their locations (each one whole, or its top-level conjuncts or its
  atoms, by ``predicate_parts``) and the ARG is cut at the first abstraction
  computed without some of them; the loop re-explores from there with the larger
  precision.
- ``strengthen`` (IMPACT, McMillan 2006; UUFO): each abstraction state of the error
  structure gets its label from the refutation conjoined to its label, in place; what
  a strengthened state covered is uncovered, the infeasible rest (from the topmost
  false labels down) is removed, and each strengthened state is covered by an older
  one if that is now possible. Nothing is re-explored that was not removed.
- ``both`` (CPUFO, BPUFO): ``strengthen``, and the labels become predicates (as for
  ``predicates``) for the abstractions computed from then on.

A strategy gets a :class:`~cpa_predicate.error_path.Refutation`: a path's sequence
interpolants or a DAG's labels, one per abstraction state (true at the root, false at
the targets).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from pysmt.fnode import FNode

from cpa_predicate.condition_atoms import ConditionAtoms, unrolled_variables
from cpa_predicate.error_path import Refutation
from cpa_predicate.pathformula import atoms_of, conjuncts
from cpa_predicate.ssa import uninstantiate
from cpa_predicate.state import Abstraction

if TYPE_CHECKING:
    from cpa_predicate.refiner import PredicateRefiner


def conjuncts_of(formula: FNode) -> list[FNode]:
    """The top-level conjuncts of ``formula``, each once, in order.

    As predicates they keep what Cartesian abstraction can use of an interpolant that
    a state entails only in part, and unlike atoms they keep its disjunctions whole."""
    return list(dict.fromkeys(conjuncts(formula)))


def parts_of(formula: FNode, parts: str) -> list[FNode]:
    """What of ``formula`` becomes a predicate (option ``predicate_parts``)."""
    if parts == "atoms":
        return atoms_of(formula)
    if parts == "conjuncts":
        return conjuncts_of(formula)
    return [formula]


def _stale(abstraction: Abstraction, predicates: list) -> bool:
    """Whether ``abstraction`` was computed without some of ``predicates``.

    Not only the abstractions whose precision grew in this refinement: lazy
    abstraction leaves the parts of the ARG outside a cut as they are, so an error
    path can pass through an abstraction computed before an earlier refinement added
    predicates at its location. The cut must recompute it too.
    """
    used = set(abstraction.predicates)
    return any(predicate not in used for predicate in predicates)


def _in_subtrees(refutation: Refutation, marked: list[bool]) -> list[bool]:
    """Per node: whether it is marked or below a marked node."""
    inside = list(marked)
    for i, parent in enumerate(refutation.parents):  # parents come first
        if parent is not None and inside[parent]:
            inside[i] = True
    return inside


def _topmost(refutation: Refutation, marked: list[bool]) -> list[int]:
    """The marked nodes with no marked node above them (their subtrees are disjoint)."""
    inside = _in_subtrees(refutation, marked)
    return [
        i
        for i, parent in enumerate(refutation.parents)
        if marked[i] and (parent is None or not inside[parent])
    ]


class RefinementStrategy(ABC):
    NAME: ClassVar[str] = ""
    NOTHING_NEW: ClassVar[str] = "nothing new"  # what the failure message says

    def __init__(self, refiner: PredicateRefiner):
        self.refiner = refiner
        self.cpa = refiner.predicate_cpa

    def check(self) -> str | None:
        """Why this strategy cannot work with the CPA's options (None: it can)."""
        return None

    @abstractmethod
    def refine(self, refutation: Refutation) -> bool:
        """Exclude the spurious error structure using the labels of ``refutation``;
        False if nothing changed (the same structure would come back)."""


class AddPredicates(RefinementStrategy):
    NAME = "predicates"
    NOTHING_NEW = "no new predicates"

    def __init__(self, refiner: PredicateRefiner):
        super().__init__(refiner)
        #: created once the mode turns the atoms on (they stay on)
        self._condition_atoms: ConditionAtoms | None = None
        #: mode ``unrolling``: the names of the variables seen unrolled (None: all atoms
        #: are on); their atoms are on, and those of the variables they influence
        self._unrolled: frozenset[str] | None = (
            None if self.cpa.options["condition_atoms"] == "always" else frozenset()
        )

    def check(self) -> str | None:
        if self.cpa.options["abstraction"] == "none":
            return "refinement strategy 'predicates' needs an abstraction that uses predicates"
        return None

    def refine(self, refutation: Refutation) -> bool:
        return self._cut(refutation, self.add_predicates(refutation))

    def refine_with_condition_atoms(self, refutation: Refutation) -> bool:
        """Refine with every condition atom at the inner locations of ``refutation``
        (whatever the mode), not with its labels; False if none was new."""
        found = self._add_condition_atoms(refutation, every=True)
        return self._cut(refutation, self._cut_points(refutation, found))

    def _cut(self, refutation: Refutation, pivots: list[int]) -> bool:
        """Cut the ARG at the nodes ``pivots`` of ``refutation``; False if none."""
        roots = [refutation.nodes[pivot] for pivot in pivots]
        keep = self.refiner.proven_safe(roots)
        for root in roots:
            self.refiner.arg.remove_subtree(root, keep)
        return bool(pivots)

    def add_predicates(self, refutation: Refutation) -> list[int]:
        """Add the labels' predicates at their locations; the topmost nodes whose
        abstraction was computed without some of them (where to cut)."""
        return self._cut_points(refutation, self.add_where_found(refutation))

    def add_where_found(self, refutation: Refutation) -> list[tuple[int, list]]:
        """Add the labels' predicates at their locations; per labelled node, the
        predicates found there."""
        cpa = self.cpa
        found: list[tuple[int, list]] = []
        for position, label in enumerate(refutation.labels):
            if label.is_true() or label.is_false():
                continue
            formula = uninstantiate(label)
            parts = parts_of(formula, cpa.options["predicate_parts"])
            predicates = [cpa.registry.get(part) for part in parts]
            cpa.precision.add(refutation.abstractions[position].location, predicates)
            found.append((position, predicates))
        if cpa.options["condition_atoms"] != "off":
            found.extend(self._add_condition_atoms(refutation))
        return found

    def _add_condition_atoms(
        self, refutation: Refutation, every: bool = False
    ) -> list[tuple[int, list]]:
        """The program's condition atoms (:mod:`cpa_predicate.condition_atoms`) at the
        inner locations of the refutation: all of them (mode ``always``, or ``every``),
        or those over the variables that some location's predicates show unrolled."""
        cpa = self.cpa
        inner = range(1, len(refutation.abstractions) - 1)
        locations = [refutation.abstractions[position].location for position in inner]
        statistics = self.refiner.context.statistics
        over = None
        if self._unrolled is not None and not every:
            unrolled = self._unrolled.union(
                *(
                    unrolled_variables(p.formula for p in cpa.precision.predicates_at(node))
                    for node in set(locations)  # a loop head recurs once per unrolling
                )
            )
            if not unrolled:
                return []
            if unrolled != self._unrolled:
                self._unrolled = unrolled
                statistics.set("condition_atoms_variables", len(unrolled))
        if self._condition_atoms is None:
            self._condition_atoms = ConditionAtoms(cpa.paths)
            statistics.set("condition_atoms", len(self._condition_atoms))
            statistics.set("condition_atoms_from_refinement", statistics.get("refinements", 0))
        if self._unrolled is not None and not every:
            over = self._condition_atoms.influenced_by(self._unrolled)
        found: list[tuple[int, list]] = []
        for position, location in zip(inner, locations, strict=True):
            atoms = self._condition_atoms.for_function(location.function, over)
            predicates = [cpa.registry.get(atom) for atom in atoms]
            if predicates and cpa.precision.add(location, predicates):
                found.append((position, predicates))
        return found

    def _cut_points(self, refutation: Refutation, found: list[tuple[int, list]]) -> list[int]:
        """The topmost nodes whose abstraction was computed without some of the
        predicates ``found`` at them (where to cut)."""
        abstractions = refutation.abstractions
        stale = [False] * len(abstractions)
        for position, predicates in found:
            stale[position] = _stale(abstractions[position], predicates)
        pivots = _topmost(refutation, stale)
        if not pivots and found:
            # Every predicate was used where it was found, yet the error came back: the
            # abstraction (Cartesian, typically) needs them elsewhere on the way too.
            everything = [p for _, predicates in found for p in predicates]
            inner = set(refutation.parents) - {None}
            for position in sorted(inner - {0}):
                self.cpa.precision.add(abstractions[position].location, everything)
                stale[position] = _stale(abstractions[position], everything)
            pivots = _topmost(refutation, stale)
            if pivots:
                self.refiner.context.statistics.add("refinements_widened")
        return pivots


class StrengthenLabels(RefinementStrategy):
    NAME = "strengthen"
    NOTHING_NEW = "no label to strengthen"

    def check(self) -> str | None:
        if not self.cpa.labels.strengthens:
            return f"refinement strategy '{self.NAME}' needs cpa.predicate.labels = \"formula\""
        return None

    def refine(self, refutation: Refutation) -> bool:
        arg = self.refiner.arg
        statistics = self.refiner.context.statistics
        infeasible = [label.is_false() for label in refutation.labels]
        infeasible[0] = False
        cut = _topmost(refutation, infeasible)
        removed = _in_subtrees(refutation, infeasible)
        strengthened = []
        for position, label in enumerate(refutation.labels):
            if removed[position] or label.is_true():
                continue
            node = refutation.nodes[position]
            if self.cpa.strengthen(refutation.abstractions[position], uninstantiate(label)):
                strengthened.append(node)
                statistics.add("labels_strengthened")
                statistics.add("states_uncovered", len(arg.uncover_covered_by(node)))
        for position in cut:
            arg.remove_subtree(refutation.nodes[position])
        for node in strengthened:
            if not node.destroyed and arg.try_to_cover(node) is not None:
                statistics.add("states_covered_after_refinement")
        # Progress: a label changed, or a state derived from a label that was weaker
        # then (a label above a target is false) is gone. Neither means the labels
        # entail the interpolants and the targets were derived from them, which
        # interpolants rule out (partial ones do not).
        inner = set(refutation.parents)
        return bool(strengthened) or any(position in inner for position in cut)


class StrengthenAndAddPredicates(StrengthenLabels):
    """UFO with an abstract post (Cartesian or Boolean): the labels are strengthened
    in place and become predicates (whole, conjuncts or atoms, by ``predicate_parts``),
    so that the abstractions computed from now on use them; nothing is cut."""

    NAME = "both"

    def __init__(self, refiner: PredicateRefiner):
        super().__init__(refiner)
        self.predicates = AddPredicates(refiner)

    def check(self) -> str | None:
        return super().check() or self.predicates.check()

    def refine(self, refutation: Refutation) -> bool:
        self.predicates.add_where_found(refutation)
        return super().refine(refutation)


STRATEGIES: dict[str, type[RefinementStrategy]] = {
    cls.NAME: cls for cls in (AddPredicates, StrengthenLabels, StrengthenAndAddPredicates)
}
