"""A solver session that decides bit-vector formulas through their exact integer reading.

Predicate abstraction enumerates the valuations of the predicates that a block formula
allows (All-SMT). Over bit-vectors Z3 bit-blasts every block; on the token rings that
made abstraction eight times slower than it was with mathematical integers (22-29 s
instead of 3 s for the 44 abstractions of ``token_ring.13``). The exact linear-integer
reading of :mod:`cpa_predicate.integer_reading` has exactly the models of the
bit-vector formula (extended by the unique values of its auxiliaries), under negation
too, so deciding the reading decides the formula: the abstraction computed through it
is the same region. Measured on ``ufo-2012`` with ``abe-l`` (``docs/results.md``) it
was not faster overall: Z3's time per abstraction fell (``token_ring.13``: 7.8 s of
checks instead of about 21 s) but the words' ranges and the reading itself cost back
most of it, so it is an option (``abstraction_reading``), not the default. For Cartesian
abstraction (entailment queries) it is faster on some programs and slower on others;
``abstraction_reading = "auto"`` lets the two take turns and then keeps the faster
(:class:`~cpa_predicate.decider_choice.DeciderChoice`).

Linear integer arithmetic has its own hard cases: on ``kundu`` one check of the reading
of an abstraction ran for over 60 s where the bit-vector check took 0.1 s, and on
``pc_sfifo_2`` one took 4.5 M resource units where no bit-vector check took more than
0.12 M. Each check therefore runs within :data:`CHECK_UNITS` of Z3's deterministic
resource budget; one that runs out raises :class:`ReadingOverBudget` and the caller
decides the formula with bit-vectors, which always answer.

Each asserted formula is replaced by its reading's body; the definitions of its
auxiliaries and the ranges of its words are asserted beside it (they constrain only the
auxiliaries, to their unique values, and the words, to their windows). A formula with
no reading raises :class:`~cpa_predicate.integer_reading.Unreadable` before anything
is asserted; the caller then decides it with bit-vectors. Models answer only for
formulas without auxiliaries (the abstraction's indicators and their negations).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import z3
from pysmt.fnode import FNode
from pysmt.logics import QF_LIA

from cpa_predicate.integer_reading import AtomwiseReading, IntegerReading, Unreadable
from cpa_predicate.solver import SolverSession

if TYPE_CHECKING:
    from algorithms.cpa_algorithm import Deadline
    from cpa.statistics import Statistics

__all__ = ["CHECK_UNITS", "IntegerReadingSession", "ReadingOverBudget"]

#: Z3 resource units one check of a reading may take. Checks of abstractions took at
#: most 0.83 M on ``token_ring.10``, 0.11 M on ``mem_slave_tlm.2`` and 0.04 M on
#: ``s3_srvr_2`` (``cp``); beyond a few million a check has left the reading's good cases.
CHECK_UNITS = 3_000_000


class ReadingOverBudget(Unreadable):
    """A check of the reading ran out of its resource budget (:data:`CHECK_UNITS`):
    decide the formula with bit-vectors instead."""


class IntegerReadingSession(SolverSession):
    """A Z3 session (``QF_LIA``) over the integer readings of bit-vector formulas."""

    def __init__(
        self,
        statistics: Statistics | None = None,
        deadline: Deadline | None = None,
        check_units: int = CHECK_UNITS,
    ):
        super().__init__("z3", statistics, deadline, logic=QF_LIA)
        if self._z3 is None:  # pragma: no cover - pysmt always wraps z3 here
            raise RuntimeError("the integer-reading session needs Z3")
        self.check_units = check_units
        self._z3.set("rlimit", check_units)  # Z3 counts it per check
        self._atoms = AtomwiseReading(IntegerReading(self._z3.ctx))
        #: formula -> its reading's facts (definitions and ranges), as Z3 ASTs
        self._facts: dict[FNode, list[Any]] = {}

    def _ast(self, formula: FNode) -> Any:
        entry = self._asts.get(formula)
        if entry is None:
            body = self._atoms.body(formula, self._convert)
            side, ranges, _ = self._atoms.facts([formula], self._convert)
            facts = side + ranges
            # keep the Z3 terms alive beside the pointers
            entry = (body.as_ast(), (body, facts))
            self._asts[formula] = entry
            self._facts[formula] = [fact.as_ast() for fact in facts]
        return entry[0]

    def _assert_facts(self, formula: FNode) -> None:
        for fact in self._facts[formula]:
            z3.Z3_solver_assert(self._ctx, self._raw, fact)

    def add(self, formula: FNode) -> None:
        """Assert the reading of ``formula`` with its facts (raises ``Unreadable``)."""
        ast = self._ast(formula)
        self._assert_facts(formula)
        z3.Z3_solver_assert(self._ctx, self._raw, ast)

    def add_clause(self, literals: Sequence[FNode]) -> None:
        for literal in literals:
            self._ast(literal)
            self._assert_facts(literal)
        super().add_clause(literals)

    def _check(self, assumptions: Sequence[FNode]) -> bool:
        for assumption in assumptions:
            self._ast(assumption)
            self._assert_facts(assumption)
        return super()._check(assumptions)

    def _unknown(self, timed: bool, reason: str) -> None:
        """Out of time is the caller's deadline; otherwise the check ran out of its
        resource budget (Z3 says "canceled" for both)."""
        deadline = self.deadline
        if deadline is None or not deadline.expired():
            raise ReadingOverBudget(
                f"a check of the integer reading took over {self.check_units} units ({reason})"
            )
        super()._unknown(timed, reason)

    def _bounded(self, solver: Any) -> Any:
        """A one-shot solver gets the same budget as the session's checks."""
        solver.set("rlimit", self.check_units)
        return solver

    def truth_values(self, formulas: Sequence[FNode]) -> list[bool]:
        for formula in formulas:
            self._ast(formula)
            if self._facts[formula]:  # its auxiliaries are not defined in this model
                raise ValueError(f"cannot evaluate {formula} over the integer reading")
        return super().truth_values(formulas)

    def values(self, terms: Iterable[FNode]) -> dict[FNode, FNode]:
        raise ValueError("the integer-reading session has no bit-vector models")

    def model_of(
        self, formula: FNode, symbols: Iterable[FNode] | None = None
    ) -> dict[FNode, FNode] | None:
        raise ValueError("the integer-reading session has no bit-vector models")

    def _assertions(self, formula: FNode) -> list[Any]:
        """The reading's body of ``formula`` with its facts (one-shot queries)."""
        self._ast(formula)
        body, facts = self._asts[formula][1]
        return [body, *facts]
