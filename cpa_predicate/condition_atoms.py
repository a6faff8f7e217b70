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
``always``, all of them from the first refinement on; ``unrolling`` (the default),
from the refinement that shows a variable unrolled (the predicates of one location
compare it with :data:`UNROLLED` or more different constants: ``i < 1``, ``i < 2``,
``i < 3``...), the atoms over that variable and over the variables its value flows
to. State flags of reactive programs take two or three values, a loop counter keeps
taking new ones, and the atoms over every variable made each abstraction of the
SystemC tasks dearer (``ufo-2012``: 26 FALSE instead of 31 at 10 s with ``always``).
Every location of the refuted path gets the atoms, not only the loop head: the
interpolants of an unrolled path are false after the loop (the path is infeasible
before it leaves the loop), so nothing else would give the locations after it the
facts that make the exit safe: ``cond != 0`` in ``__VERIFIER_assert(i == N)``, where
the counter's value flows into ``cond``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pysmt.fnode import FNode
from pysmt.shortcuts import BVSLE, BVSLT, BVULE, BVULT, Equals

from cpa.cfa.expressions import MemoryCheck, walk
from cpa.cfa.lbe import program_edges
from cpa.cfa.model import AssumeEdge
from cpa.errors import UnsupportedFeature
from cpa_predicate.pathformula import PathFormulaManager, atoms_of
from cpa_predicate.ssa import is_program_symbol, split_name

_SCOPE_SEPARATOR = "::"
CONDITION_ATOMS_MODES = ("off", "unrolling", "always")
#: how many different constants one variable is compared with at a location before
#: the refinement counts as unrolling a loop
UNROLLED = 4


class ConditionAtoms:
    """The program's condition atoms and their boundary variants, by function."""

    def __init__(self, paths: PathFormulaManager):
        self._paths = paths
        #: per scope (a function, None for the globals), the names of each atom's variables
        self._by_scope: dict[str | None, dict[FNode, frozenset[str]]] = {}
        for atom in _atoms(paths):
            names = frozenset(symbol.symbol_name() for symbol in atom.get_free_variables())
            local = {_scope(name) for name in names} - {None}
            if len(local) > 1:
                continue  # variables of two functions: true at no location of either
            self._by_scope.setdefault(next(iter(local), None), {})[atom] = names
        self._cache: dict[tuple[str, frozenset[str] | None], tuple[FNode, ...]] = {}
        self._flows: dict[str, set[str]] | None = None
        self._influenced: dict[frozenset[str], frozenset[str]] = {}

    def for_function(self, function: str, over: frozenset[str] | None = None) -> tuple[FNode, ...]:
        """The atoms over ``function``'s variables and the globals; with ``over``,
        only those that mention one of these variables (by name)."""
        found = self._cache.get((function, over))
        if found is None:
            found = tuple(
                atom
                for scope in (function, None)
                for atom, names in self._by_scope.get(scope, {}).items()
                if over is None or names & over
            )
            self._cache[function, over] = found
        return found

    def influenced_by(self, names: frozenset[str]) -> frozenset[str]:
        """``names`` and every variable that an assignment, a parameter or a return
        value gives a value computed from one of them, transitively: where a loop
        counter's value goes (``cond`` of ``__VERIFIER_assert(i == N)``)."""
        found = self._influenced.get(names)
        if found is not None:
            return found
        if self._flows is None:
            self._flows = _flows(self._paths)
        reached = set(names)
        pending = list(reached)
        while pending:
            for written in self._flows.get(pending.pop(), ()):
                if written not in reached:
                    reached.add(written)
                    pending.append(written)
        found = self._influenced[names] = frozenset(reached)
        return found

    def __len__(self) -> int:
        return sum(len(atoms) for atoms in self._by_scope.values())


def unrolled_variables(predicates: Iterable[FNode]) -> set[str]:
    """The names of the variables that the atoms of ``predicates`` (one location's) compare with
    :data:`UNROLLED` or more different constants."""
    constants: dict[FNode, set[int]] = {}
    for atom in (atom for predicate in predicates for atom in atoms_of(predicate)):
        if len(atom.args()) != 2:
            continue
        left, right = atom.args()
        if left.is_bv_constant():
            left, right = right, left
        if left.is_symbol() and right.is_bv_constant():
            constants.setdefault(left, set()).add(right.constant_value())
    return {
        variable.symbol_name() for variable, values in constants.items() if len(values) >= UNROLLED
    }


def _scope(symbol_name: str) -> str | None:
    """The function whose local a symbol is (None for a global)."""
    head, separator, _ = symbol_name.partition(_SCOPE_SEPARATOR)
    return head if separator else None


def _flows(paths: PathFormulaManager) -> dict[str, set[str]]:
    """Per variable, the variables an edge of the program writes with a value read
    from it (an over-approximation: every variable one edge reads goes to every
    variable it writes); an edge the encoding does not support gives none."""
    # a manager of its own: encoding records where inputs come from, for counterexamples
    paths = PathFormulaManager(paths.cfa)
    flows: dict[str, set[str]] = {}
    for edge in program_edges(paths.cfa):
        if isinstance(edge, AssumeEdge):
            continue
        try:
            step = paths.make_and(paths.empty(), edge)
        except UnsupportedFeature:
            continue
        written = {name for name, index in step.ssa.items() if index > 0}
        if not written:
            continue
        for symbol in step.formula.get_free_variables():
            if is_program_symbol(symbol):
                name, index = split_name(symbol.symbol_name())
                if index == 0:
                    flows.setdefault(name, set()).update(written - {name})
    return flows


def _atoms(paths: PathFormulaManager) -> Iterator[FNode]:
    """The atoms of the conditions of ``paths.cfa`` with their boundary variants; a
    condition whose encoding needs more than its variables (an auxiliary value, a side
    constraint, an approximation) gives none, nor does a pointer operation's check."""
    seen: dict[FNode, None] = {}
    assumes = (edge for edge in program_edges(paths.cfa) if isinstance(edge, AssumeEdge))
    for edge in assumes:
        if any(isinstance(part, MemoryCheck) for part in walk(edge.condition)):
            continue  # a pointer's check (cpa.cfa.undefined): addresses, not program facts
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
