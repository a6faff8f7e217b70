"""One incremental SMT solver shared by the predicate analysis (design.md section 3).

Abstraction, coverage checks and feasibility checks all ask many small queries over
formulas that share most of their structure. Keeping one solver alive lets the solver
reuse its term conversion cache and learned facts, and keeps the time accounting
(``solver_time_s``, ``solver_queries``) and the deadline handling in one place.

With Z3 the hot operations (push/pop/assert/check/model evaluation) go straight to
the ``z3`` Python API behind pysmt's converter, which avoids pysmt's bookkeeping on
every call; other pysmt solvers (MathSAT, cvc5) use the generic pysmt API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from ctypes import byref
from typing import TYPE_CHECKING, Any, TypeVar

import z3
from pysmt.exceptions import SolverReturnedUnknownResultError
from pysmt.fnode import FNode
from pysmt.logics import QF_BV
from pysmt.shortcuts import And, Not, Or, Solver

from algorithms.cpa_algorithm import TimeLimitExceeded

if TYPE_CHECKING:
    from algorithms.cpa_algorithm import Deadline
    from cpa.statistics import Statistics

T = TypeVar("T")

__all__ = [
    "BIT_BLASTING_TACTIC",
    "ELIMINATING_BIT_BLASTING_TACTIC",
    "SolverSession",
    "SolverUnknownError",
    "TimeLimitExceeded",
    "raise_if_out_of_memory",
]


_Z3_L_TRUE = 1  # Z3_lbool value of 'true'

#: Z3's tactic for one-shot bit-vector checks: simplify, propagate values, bit-blast,
#: SAT (the interpolator's feasibility probe starts from it too)
BIT_BLASTING_TACTIC = ("simplify", "propagate-values", "bit-blast", "sat")
#: the same with equations solved and unconstrained terms eliminated before bit-blasting
#: (the probe's second tactic; the interpolant checks use it)
ELIMINATING_BIT_BLASTING_TACTIC = (
    "simplify",
    "propagate-values",
    "solve-eqs",
    "elim-uncnstr",
    "simplify",
    "bit-blast",
    "sat",
)


class SolverUnknownError(RuntimeError):
    """The solver answered 'unknown' although the deadline had not passed."""


def raise_if_out_of_memory(backend: str, reason: str) -> None:
    """Raise :class:`MemoryError` if Z3's reason for an ``unknown`` answer is want of
    memory ("out of memory" under an address-space limit, "max. memory exceeded"): the
    run's memory limit, which ends the run (UNKNOWN, out of memory), not an undecided
    query that a caller may step over."""
    if "memory" in reason:
        raise MemoryError(f"{backend} answered 'unknown' ({reason})")


class SolverSession:
    """One incremental solver with timing, query counting and deadline checks.

    ``is_sat``/``entails``/``model_of`` are self-contained (they run in their own
    push/pop scope). ``push``/``add``/``check``/``pop`` give direct incremental access
    for callers that ask many queries against one asserted formula.
    """

    def __init__(
        self,
        name: str = "z3",
        statistics: Statistics | None = None,
        deadline: Deadline | None = None,
        logic: Any = QF_BV,
    ) -> None:
        self.name = name
        self.statistics = statistics
        self.deadline = deadline
        # With Z3, pysmt passes the logic on to SolverFor, which configures the SMT core
        # for it. The logic must cover the formulas: Z3 configured for QF_LIA answered
        # "sat" for an unsatisfiable bit-vector formula under assumptions. Path formulas
        # are bit-vector formulas (QF_BV); pass logic=None for anything beyond that
        # (e.g. uninterpreted functions, arrays).
        self._solver = Solver(name=name, logic=logic) if logic is not None else Solver(name=name)
        self._logic_name = None if logic is None else str(logic)
        z3solver = getattr(self._solver, "z3", None)
        self._z3 = z3solver if name == "z3" and z3solver is not None else None
        self._convert = self._solver.converter.convert if self._z3 is not None else None
        # FNode -> z3 AST pointer. pysmt memoises conversions too, but its wrappers cost
        # ~15us per call; formulas here are converted again and again (predicates,
        # indicators). The z3 ExprRef is kept alive beside the pointer.
        self._asts: dict[FNode, tuple[Any, Any]] = {}
        if self._z3 is not None:
            self._ctx = self._z3.ctx.ref()
            self._raw = self._z3.solver
        self._timeout_ms: int | None = None
        self._depth = 0
        self.queries = 0

    # -- incremental interface -------------------------------------------------

    @property
    def pysmt_solver(self) -> Any:
        """The underlying pysmt solver (for callers needing solver-specific features)."""
        return self._solver

    @property
    def depth(self) -> int:
        """Number of open push scopes."""
        return self._depth

    def push(self) -> None:
        if self._z3 is not None:
            self._z3.push()
        else:
            self._solver.push()
        self._depth += 1

    def pop(self) -> None:
        if self._depth <= 0:
            raise RuntimeError("SolverSession.pop without matching push")
        if self._z3 is not None:
            self._z3.pop()
        else:
            self._solver.pop()
        self._depth -= 1

    def add(self, formula: FNode) -> None:
        """Assert ``formula`` in the current scope."""
        if self._z3 is not None:
            # Low-level assert: z3's Solver.add spends 3x the assert time in Python.
            z3.Z3_solver_assert(self._ctx, self._raw, self._ast(formula))
        else:
            self._solver.add_assertion(formula)

    def add_clause(self, literals: Sequence[FNode]) -> None:
        """Assert the disjunction of ``literals`` (blocking clauses of All-SMT).

        With Z3 the clause is built from the cached literal terms directly, without a
        pysmt formula that would be type-checked and converted once and never again.
        """
        if self._z3 is None:
            self.add(Or(literals) if len(literals) != 1 else literals[0])
            return
        count = len(literals)
        array = (z3.Ast * count)(*[self._ast(literal) for literal in literals])
        clause = z3.BoolRef(z3.Z3_mk_or(self._ctx, count, array), self._z3.ctx)
        z3.Z3_solver_assert(self._ctx, self._raw, clause.as_ast())

    def _ast(self, formula: FNode) -> Any:
        entry = self._asts.get(formula)
        if entry is None:
            term = self._convert(formula)
            entry = (term.as_ast(), term)
            self._asts[formula] = entry
        return entry[0]

    @contextmanager
    def scope(self, *formulas: FNode) -> Iterator[SolverSession]:
        """A push/pop scope with ``formulas`` asserted inside it."""
        self.push()
        try:
            for formula in formulas:
                self.add(formula)
            yield self
        finally:
            self.pop()

    def check(self, assumptions: Sequence[FNode] = ()) -> bool:
        """Satisfiability of the asserted formulas under literal ``assumptions``.

        Raises TimeLimitExceeded when the deadline has passed (before the query, or
        when the solver gave up because of the timeout derived from it).
        """
        return self._counted(lambda: self._check(assumptions))

    def _counted(self, query: Callable[[], T]) -> T:
        """Run ``query`` after the deadline check, counted and timed in the statistics."""
        deadline = self.deadline
        if deadline is not None:
            deadline.check()
        self.queries += 1
        stats = self.statistics
        if stats is None:
            return query()
        stats.add("solver_queries")
        with stats.timer("solver_time_s"):
            return query()

    def _check(self, assumptions: Sequence[FNode]) -> bool:
        timed = self._apply_timeout()
        if self._z3 is not None:
            count = len(assumptions)
            array = (z3.Ast * count)(*[self._ast(a) for a in assumptions])
            answer = z3.Z3_solver_check_assumptions(self._ctx, self._raw, count, array)
            # Z3_lbool: 1 sat, -1 unsat, 0 unknown
            if answer != 0:
                return answer > 0
            reason = self._z3.reason_unknown()
            self._unknown(timed, reason)
        try:
            return self._solver.solve(list(assumptions) if assumptions else None)
        except SolverReturnedUnknownResultError:
            self._unknown(timed, "unknown")
        raise AssertionError("unreachable")

    def _apply_timeout(self) -> bool:
        """Give Z3 a timeout so that one query cannot run past the deadline."""
        if self._z3 is None or self.deadline is None:
            return False
        remaining = self.deadline.remaining()
        if remaining is None:
            return False
        millis = max(1, int(remaining * 1000) + 1)
        # Setting a Z3 option costs ~70us, as much as a small query: refresh the
        # timeout only when the one set earlier could overrun the deadline by more
        # than 5% of the remaining time (and at least by 200 ms).
        current = self._timeout_ms
        if current is None or current - millis > max(200, millis // 20):
            self._z3.set("timeout", millis)
            self._timeout_ms = millis
        return True

    def _unknown(self, timed: bool, reason: str) -> None:
        deadline = self.deadline
        if deadline is not None:
            remaining = deadline.remaining()
            gave_up = timed and ("timeout" in reason or "cancel" in reason)
            if deadline.expired() or gave_up or (remaining is not None and remaining < 0.01):
                raise TimeLimitExceeded()
        raise_if_out_of_memory(f"solver {self.name}", reason)
        raise SolverUnknownError(f"solver {self.name} answered 'unknown' ({reason})")

    # -- models (valid after check() returned True) ---------------------------------

    def truth_values(self, formulas: Sequence[FNode]) -> list[bool]:
        """Truth values of boolean ``formulas`` in the last model (missing symbols: false)."""
        if self._z3 is not None:
            # Low-level Z3 calls: about 5x faster than ModelRef.eval + is_true, and
            # this runs once per model in All-SMT enumeration.
            model = self._z3.model()
            ctx = self._ctx
            raw_model = model.model
            ast = self._ast
            result = z3.Ast(0)
            values = []
            for formula in formulas:
                z3.Z3_model_eval(ctx, raw_model, ast(formula), True, byref(result))
                values.append(z3.Z3_get_bool_value(ctx, result) == _Z3_L_TRUE)
            return values
        return [self._solver.get_value(f).is_true() for f in formulas]

    def values(self, terms: Iterable[FNode]) -> dict[FNode, FNode]:
        """Values (pysmt constants) of ``terms`` in the last model.

        With Z3 the model is fetched once: pysmt's ``get_value`` fetches it anew for
        every term, which cost 44 s for the 2,164 symbols of one error path.
        """
        if self._z3 is None:
            return {t: self._solver.get_value(t) for t in terms}
        model = self._z3.model()
        back = self._solver.converter.back
        result = {}
        for term in terms:
            self._ast(term)  # keeps the Z3 term alive beside its pointer
            value = model.eval(self._asts[term][1], model_completion=True)
            result[term] = back(value)
        return result

    # -- self-contained queries -----------------------------------------------------

    def is_sat(self, formula: FNode) -> bool:
        with self.scope(formula):
            return self.check()

    def is_sat_once(self, formula: FNode) -> bool:
        """``is_sat`` for a formula asked about once, by a fresh solver (:meth:`_once`)."""
        if self._z3 is None:
            return self.is_sat(formula)
        return self._once(formula) is not None

    def is_unsat(self, formula: FNode) -> bool:
        return not self.is_sat(formula)

    def entails(self, a: FNode, b: FNode) -> bool:
        """Whether ``a`` implies ``b`` (a and not b is unsatisfiable)."""
        return self.is_unsat(And(a, Not(b)))

    def model_of(
        self, formula: FNode, symbols: Iterable[FNode] | None = None
    ) -> dict[FNode, FNode] | None:
        """A model of ``formula`` as {symbol: constant}, or None when unsatisfiable.

        The model covers ``symbols`` (default: the free symbols of ``formula``).
        """
        wanted = formula.get_free_variables() if symbols is None else symbols
        wanted = sorted(wanted, key=lambda s: s.symbol_name())
        if self._z3 is not None:
            return self._one_shot_model(formula, wanted)
        with self.scope(formula):
            if not self.check():
                return None
            return self.values(wanted)

    def _one_shot_model(self, formula: FNode, wanted: list[FNode]) -> dict[FNode, FNode] | None:
        """``model_of`` with a fresh Z3 solver for the one formula (:meth:`_once`)."""
        solver = self._once(formula)
        if solver is None:
            return None
        model = solver.model()
        back = self._solver.converter.back
        result = {}
        for term in wanted:
            self._ast(term)  # keeps the Z3 term alive beside its pointer
            result[term] = back(model.eval(self._asts[term][1], model_completion=True))
        return result

    def _once(self, formula: FNode) -> Any:
        """A fresh Z3 solver that found ``formula`` satisfiable, or None if it is not.

        A formula asked about once gains nothing from the incremental solver, and
        loses much: Z3's incremental core took 0.7 s for a straight-line path of
        1,000 bit-vector (dis)equalities that a non-incremental solver decides in
        0.03 s. For bit-vectors the solver simplifies and bit-blasts (on a block of
        1,000 joined ``if``s: 1.2 s, where ``SolverFor("QF_BV")`` took 5 s); where
        that tactic gives up for another reason than time, the solver for the logic
        decides.
        """
        ctx = self._z3.ctx
        terms = self._assertions(formula)
        logic = self._logic_name
        makers: list[Callable[[], Any]] = []
        if logic == "QF_BV":
            makers.append(lambda: z3.Then(*BIT_BLASTING_TACTIC, ctx=ctx).solver())
        makers.append(lambda: z3.SolverFor(logic, ctx=ctx) if logic else z3.Solver(ctx=ctx))
        for position, make in enumerate(makers):
            solver = self._bounded(make())
            remaining = None if self.deadline is None else self.deadline.remaining()
            if remaining is not None:
                solver.set("timeout", max(1, int(remaining * 1000) + 1))
            solver.add(*terms)
            answer = self._counted(solver.check)
            if answer == z3.sat:
                return solver
            if answer == z3.unsat:
                return None
            reason = solver.reason_unknown()
            timed_out = remaining is not None and ("timeout" in reason or "cancel" in reason)
            if timed_out or position == len(makers) - 1:
                self._unknown(remaining is not None, reason)
        raise AssertionError("unreachable")

    def _bounded(self, solver: Any) -> Any:
        """``solver`` with the limits this session puts on every check (none here)."""
        return solver

    def _assertions(self, formula: FNode) -> list[Any]:
        """The Z3 terms that assert ``formula`` in a solver of its own."""
        self._ast(formula)
        return [self._asts[formula][1]]

    def close(self) -> None:
        """Release the solver."""
        self._solver.exit()
