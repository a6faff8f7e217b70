"""What a refiner does with the interpolants of a spurious error path.

- ``predicates`` (lazy abstraction, BLAST/CPAchecker style): the interpolants' atoms
  become predicates at their locations and the ARG is cut at the first abstraction
  computed without some of them; the loop re-explores from there with the larger
  precision.
- ``strengthen`` (IMPACT, McMillan 2006): each abstraction state on the path gets
  its interpolant conjoined to its label, in place; what a strengthened state covered
  is uncovered, the infeasible rest of the path is removed, and each strengthened
  state is covered by an older one if that is now possible. Nothing is re-explored
  that was not removed.

Interpolants ``I_1 .. I_{n-1}`` belong to ``chain[1] .. chain[n-1]`` (``I_0 = true``
at the root, ``I_n = false`` at the target).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from pysmt.fnode import FNode

from cpa_predicate.error_path import ErrorPath
from cpa_predicate.ssa import uninstantiate
from cpa_predicate.state import Abstraction

if TYPE_CHECKING:
    from cpa_predicate.refiner import PredicateRefiner


def atoms_of(formula: FNode) -> list[FNode]:
    """The theory atoms of ``formula`` (comparisons, Boolean symbols), each once."""
    atoms: dict[FNode, None] = {}
    stack = [formula]
    seen = set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        if current.is_bool_constant():
            continue
        if current.is_theory_relation() or current.is_symbol():
            atoms[current] = None
            continue
        stack.extend(current.args())
    return list(atoms)


def _stale(abstraction: Abstraction, predicates: list) -> bool:
    """Whether ``abstraction`` was computed without some of ``predicates``.

    Not only the abstractions whose precision grew in this refinement: lazy
    abstraction leaves the parts of the ARG outside a cut as they are, so an error
    path can pass through an abstraction computed before an earlier refinement added
    predicates at its location. The cut must recompute it too.
    """
    used = set(abstraction.predicates)
    return any(predicate not in used for predicate in predicates)


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
    def refine(self, path: ErrorPath, interpolants: list[FNode]) -> bool:
        """Exclude the spurious ``path`` using ``interpolants``; False if nothing
        changed (the same path would come back)."""


class AddPredicates(RefinementStrategy):
    NAME = "predicates"
    NOTHING_NEW = "no new predicates"

    def check(self) -> str | None:
        if self.cpa.options["abstraction"] == "none":
            return "refinement strategy 'predicates' needs an abstraction that uses predicates"
        return None

    def refine(self, path: ErrorPath, interpolants: list[FNode]) -> bool:
        pivot = self.add_predicates(path.chain, interpolants)
        if pivot is None:
            return False
        self.refiner.arg.remove_subtree(path.nodes[pivot])
        return True

    def add_predicates(self, chain: list[Abstraction], interpolants: list[FNode]) -> int | None:
        """Add the interpolants' predicates at their locations; the first position whose
        abstraction was computed without some of them (the cut), or None."""
        cpa = self.cpa
        found: list[tuple[int, list]] = []
        for position, interpolant in enumerate(interpolants, start=1):
            if interpolant.is_true() or interpolant.is_false():
                continue
            formula = uninstantiate(interpolant)
            parts = atoms_of(formula) if cpa.options["atomic_predicates"] else [formula]
            found.append((position, [cpa.registry.get(atom) for atom in parts]))
        pivot = None
        for position, predicates in found:
            cpa.precision.add(chain[position].location, predicates)
            if pivot is None and _stale(chain[position], predicates):
                pivot = position
        if pivot is None and found:
            # Every predicate was used where it was found, yet the path came back: the
            # abstraction (Cartesian, typically) needs them elsewhere on the path too.
            everything = [p for _, predicates in found for p in predicates]
            for position in range(1, len(chain) - 1):
                cpa.precision.add(chain[position].location, everything)
                if pivot is None and _stale(chain[position], everything):
                    pivot = position
            if pivot is not None:
                self.refiner.context.statistics.add("refinements_widened")
        return pivot


class StrengthenLabels(RefinementStrategy):
    NAME = "strengthen"
    NOTHING_NEW = "no label to strengthen"

    def check(self) -> str | None:
        if not self.cpa.labels.strengthens:
            return "refinement strategy 'strengthen' needs cpa.predicate.labels = \"formula\""
        return None

    def refine(self, path: ErrorPath, interpolants: list[FNode]) -> bool:
        arg = self.refiner.arg
        statistics = self.refiner.context.statistics
        strengthened = []
        infeasible = len(path.chain) - 1  # the target, unless an interpolant is false
        for position, interpolant in enumerate(interpolants, start=1):
            if interpolant.is_false():
                infeasible = position
                break
            if interpolant.is_true():
                continue
            node = path.nodes[position]
            if self.cpa.strengthen(path.chain[position], uninstantiate(interpolant)):
                strengthened.append(node)
                statistics.add("labels_strengthened")
                statistics.add("states_uncovered", len(arg.uncover_covered_by(node)))
        arg.remove_subtree(path.nodes[infeasible])
        for node in strengthened:
            if not node.destroyed and arg.try_to_cover(node) is not None:
                statistics.add("states_covered_after_refinement")
        # Progress: a label changed, or a state derived from a label that was weaker
        # then (an interpolant before the target is false) is gone. Neither means the
        # labels entail the interpolants and the target was derived from them, which
        # interpolants rule out (partial ones do not).
        return bool(strengthened) or infeasible < len(path.chain) - 1


STRATEGIES: dict[str, type[RefinementStrategy]] = {
    cls.NAME: cls for cls in (AddPredicates, StrengthenLabels)
}
