"""Predicates read off the program's own conditions, for loops that refinement unrolls.

The interpolants of a spurious path through a counting loop are often facts about
one iteration count (``i == 5``, then ``i == 6``, ...): each refinement rules out one
more unrolling and the analysis never converges. The invariant such a loop needs is
usually made of the loop's own condition and its boundary: for ``while (i < N)``,
``i <= N`` at the head gives ``i == N`` after it. This module collects, once per run,
the atoms of every branch condition of the program and, for each comparison
``l op r``, the three comparisons ``l < r``, ``l <= r`` and ``l == r`` (with the
operator's signedness). Boolean abstraction then combines them as it combines
interpolants: ``i < N`` or ``i == N`` is ``i <= N``.

More predicates never make an answer wrong: they only make the abstraction finer
(and each abstraction more expensive). The refiner offers a location only the atoms
over its own function's variables and the globals. Option ``condition_atoms``:
``always`` from the first refinement on; ``unrolling`` from the first refinement
after which the predicates of one location compare one variable with
:data:`UNROLLED` or more different constants (``i < 1``, ``i < 2``, ``i < 3``...):
state flags of reactive programs take two or three values, a loop counter keeps
taking new ones. Every location of the refuted path gets the atoms, not only the
loop head: the interpolants of an unrolled path are false after the loop (the path
is infeasible before it leaves the loop), so nothing else would give the locations
after it the facts that make the exit safe (``cond != 0`` in ``assert(i == N)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pysmt.fnode import FNode
from pysmt.shortcuts import BVSLE, BVSLT, BVULE, BVULT, Equals

from cpa.cfa.lbe import original_edges
from cpa.cfa.model import AssumeEdge
from cpa_predicate.pathformula import PathFormulaManager, atoms_of

_SCOPE_SEPARATOR = "::"
CONDITION_ATOMS_MODES = ("off", "unrolling", "always")
#: how many different constants one variable is compared with at a location before
#: the refinement counts as unrolling a loop
UNROLLED = 4


class ConditionAtoms:
    """The program's condition atoms and their boundary variants, by function."""

    def __init__(self, paths: PathFormulaManager):
        self._by_scope: dict[str | None, dict[FNode, None]] = {}
        for atom in _atoms(paths):
            scopes = {_scope(symbol.symbol_name()) for symbol in atom.get_free_variables()}
            local = scopes - {None}
            if len(local) > 1:
                continue  # variables of two functions: true at no location of either
            self._by_scope.setdefault(next(iter(local), None), {})[atom] = None
        self._cache: dict[str, tuple[FNode, ...]] = {}

    def for_function(self, function: str) -> tuple[FNode, ...]:
        """The atoms over ``function``'s variables and the globals."""
        found = self._cache.get(function)
        if found is None:
            found = (*self._by_scope.get(function, ()), *self._by_scope.get(None, ()))
            self._cache[function] = found
        return found

    def __len__(self) -> int:
        return sum(len(atoms) for atoms in self._by_scope.values())


def unrolls(predicates: Iterable[FNode]) -> bool:
    """Whether the atoms of ``predicates`` (one location's) compare one variable with
    :data:`UNROLLED` or more different constants."""
    constants: dict[FNode, set[int]] = {}
    for atom in (atom for predicate in predicates for atom in atoms_of(predicate)):
        if len(atom.args()) != 2:
            continue
        left, right = atom.args()
        if left.is_bv_constant():
            left, right = right, left
        if left.is_symbol() and right.is_bv_constant():
            values = constants.setdefault(left, set())
            values.add(right.constant_value())
            if len(values) >= UNROLLED:
                return True
    return False


def _scope(symbol_name: str) -> str | None:
    """The function whose local a symbol is (None for a global)."""
    head, separator, _ = symbol_name.partition(_SCOPE_SEPARATOR)
    return head if separator else None


def _atoms(paths: PathFormulaManager) -> Iterator[FNode]:
    """The atoms of the conditions of ``paths.cfa`` with their boundary variants; a
    condition whose encoding needs more than its variables (an auxiliary value, a side
    constraint, an approximation) gives none."""
    seen: dict[FNode, None] = {}
    assumes = (
        edge
        for summary in paths.cfa.edges()
        for edge in original_edges(summary)
        if isinstance(edge, AssumeEdge)
    )
    for edge in assumes:
        condition = paths.plain_condition(edge)
        if condition is None:
            continue
        for atom in atoms_of(condition):
            for variant in _variants(atom):
                if variant not in seen and not variant.is_constant():
                    seen[variant] = None
                    yield variant


def _variants(atom: FNode) -> tuple[FNode, ...]:
    """``l < r``, ``l <= r`` and ``l == r`` for a comparison of ``l`` and ``r`` (its
    signedness); an equality or a Boolean atom as it is."""
    if atom.is_bv_slt() or atom.is_bv_sle():
        left, right = atom.args()
        return (BVSLT(left, right), BVSLE(left, right), Equals(left, right))
    if atom.is_bv_ult() or atom.is_bv_ule():
        left, right = atom.args()
        return (BVULT(left, right), BVULE(left, right), Equals(left, right))
    return (atom,)
