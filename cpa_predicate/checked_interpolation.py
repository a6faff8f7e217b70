"""Interpolants checked by the solver before they become labels.

Where a refinement strengthens labels in place (IMPACT, UFO, forced covering), an
interpolant *is* the proof: a TRUE rests on every label being implied by the paths to
its state. The interpolants come from a back end this project does not control (Spacer,
whose models are read back from an integer reading of bit-vector formulas, or MathSAT),
so before they are used each step is checked over the exact bit-vector formulas, as a
witness validator would: ``I_{k-1} ∧ A_k ∧ ¬I_k`` must be unsatisfiable (for a DAG, the
source's label, the edge and the negated target label). An answer a step refutes is
asked again of the back end as another search variant (a solver's wrong answer depends
on where its search went: Spacer gave models violating its own Horn clauses on paths of
``pipeline``). A step that still fails after :attr:`CheckedInterpolator.retries` more
answers, or that the solver cannot decide, makes the refinement fail (UNKNOWN), never a
label.

A back end may say which problem it solved (``solved_problem``): Z3's reduces a path or
DAG to an unsat core first, weakening each formula to the part the core keeps (leaves
outside it replaced by ``true`` under ``and``/``or`` only, so the given formula implies
its weakening). A step that holds for the weaker formula holds for the given one, and
the core is small: the check reads it (on the token rings the whole blocks took 0.3 s a
step).

Where interpolants are only predicates (predicate abstraction recomputes every label
with the solver), a wrong one costs precision, not soundness, and is not checked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

import z3
from pysmt.environment import Environment, get_env
from pysmt.exceptions import PysmtException
from pysmt.fnode import FNode
from pysmt.solvers.z3 import Z3Converter

from cpa_predicate.interpolation import (
    InterpolationDag,
    InterpolationError,
    InterpolationTimeout,
    Interpolator,
    TransitionGraph,
)
from cpa_predicate.pathformula import conjuncts
from cpa_predicate.solver import ELIMINATING_BIT_BLASTING_TACTIC, raise_if_out_of_memory

T = TypeVar("T")


class InterpolantRefuted(InterpolationError):
    """A step of the back end's interpolants does not hold: the solver found a state
    of the step's premise from which its formula leads outside the next interpolant."""


def _set_on_inner(name: str) -> property:
    """An attribute of the wrapped interpolator, read and set through the wrapper."""
    return property(
        lambda self: getattr(self.inner, name),
        lambda self, value: setattr(self.inner, name, value),
    )


class CheckedInterpolator(Interpolator):
    """Wraps an interpolator; its interpolants are returned only once every step holds."""

    #: how many times a refuted answer is asked again, each time as another search
    #: variant (only of a back end whose search varies)
    retries = 2

    def __init__(self, inner: Interpolator, environment: Environment | None = None):
        self.inner = inner
        self.name = inner.name
        # the back end's formula environment (the formulas and interpolants live there)
        self.env = environment or getattr(inner, "env", None) or get_env()
        # a context of its own: the checks' terms do not enter the back end's context
        self._converter: Z3Converter | None = None
        self._tactic: z3.Tactic | None = None  # built with the converter's context
        self.checks = 0
        self.check_s = 0.0
        # steps found to hold (pysmt's formulas are hash-consed): the refinements of
        # one program check some steps again, forced covering most of all
        self._held: set[tuple[FNode, FNode, FNode]] = set()
        self.known = 0
        self.refuted = 0  # answers of the back end that a step refuted

    # the caller sets the time budget, the effort cap and the core order and reads the
    # model on this object; the back end is the one that reads and sets them
    timeout_ms = _set_on_inner("timeout_ms")  # type: ignore[assignment]
    resource_cap = _set_on_inner("resource_cap")  # type: ignore[assignment]
    core_reading_first = _set_on_inner("core_reading_first")  # type: ignore[assignment]
    reading_stays_first = _set_on_inner("reading_stays_first")  # type: ignore[assignment]
    exact_images = _set_on_inner("exact_images")  # type: ignore[assignment]
    variant = _set_on_inner("variant")  # type: ignore[assignment]

    @property
    def model(self):  # type: ignore[override]
        return self.inner.model

    @property
    def reachable_error(self) -> int | None:  # type: ignore[override]
        return self.inner.reachable_error

    def _retried(self, answer: Callable[[], T | None]) -> T | None:
        """``answer()`` (the back end's answer, checked), asked again as another search
        variant while a step refutes it, at most :attr:`retries` times and within the
        time the first call was given."""
        started = time.monotonic()
        timeout_ms = self.inner.timeout_ms
        variant = self.inner.variant
        last = self.retries if self.inner.varies else 0
        attempt = 0
        while True:
            self.inner.variant = variant + attempt
            try:
                return answer()
            except InterpolantRefuted:
                self.refuted += 1
                if attempt == last:
                    raise
            finally:
                self.inner.timeout_ms = timeout_ms
                self.inner.variant = variant
            attempt += 1
            if timeout_ms is not None:
                left_ms = timeout_ms - int((time.monotonic() - started) * 1000)
                if left_ms <= 0:
                    raise InterpolationTimeout("timeout")
                self.inner.timeout_ms = left_ms

    def sequence_interpolants(self, formulas: Sequence[FNode]) -> list[FNode] | None:
        formulas = list(formulas)
        return self._retried(lambda: self._checked_sequence(formulas))

    def _checked_sequence(self, formulas: list[FNode]) -> list[FNode] | None:
        interpolants = self.inner.sequence_interpolants(formulas)
        if interpolants is None:
            return None
        solved = getattr(self.inner, "solved_problem", None)
        if isinstance(solved, list) and len(solved) == len(formulas):
            formulas = solved  # each implied by the one given: a smaller check
        true, false = self.env.formula_manager.TRUE(), self.env.formula_manager.FALSE()
        chain = [true, *interpolants, false]
        self._check(
            (chain[k], formulas[k], chain[k + 1], f"step {k + 1} of {len(formulas)}")
            for k in range(len(formulas))
        )
        return interpolants

    def graph_invariants(self, graph: TransitionGraph, effort: int) -> list[FNode] | None:
        """The back end's, unchecked: a path program's invariants only become
        predicates (:mod:`cpa_predicate.path_invariants`)."""
        return self.inner.graph_invariants(graph, effort)

    def dag_interpolants(self, dag: InterpolationDag) -> list[FNode] | None:
        return self._retried(lambda: self._checked_dag(dag))

    def _checked_dag(self, dag: InterpolationDag) -> list[FNode] | None:
        labels = self.inner.dag_interpolants(dag)
        if labels is None:
            return None
        if not labels[0].is_true():
            raise InterpolantRefuted("the DAG interpolant's root label is not true")
        solved = getattr(self.inner, "solved_problem", None)
        if (
            isinstance(solved, InterpolationDag)
            and solved.size == dag.size
            and len(solved.edges) == len(dag.edges)
        ):
            dag = solved  # its edges each implied by the one given: a smaller check
        bad = [node for node in dag.errors if not labels[node].is_false()]
        if bad:
            raise InterpolantRefuted(
                f"the DAG interpolant's label of error node {bad[0]} is not false"
            )
        self._check(
            (
                labels[edge.source],
                edge.formula,
                labels[edge.target].substitute(dict(edge.at_target)),
                f"edge {edge.source} -> {edge.target}",
            )
            for edge in dag.edges
        )
        return labels

    def _check(self, steps) -> None:
        """Raises unless ``pre ∧ formula ∧ ¬post`` is unsatisfiable for every step."""
        started = time.monotonic()
        deadline = None if self.timeout_ms is None else started + self.timeout_ms / 1000.0
        if self._converter is None:
            self._converter = Z3Converter(self.env, z3.Context())
            self._tactic = z3.Then(*ELIMINATING_BIT_BLASTING_TACTIC, ctx=self._converter.ctx)
        convert = self._converter.convert
        ctx = self._converter.ctx
        try:
            for pre, formula, post, where in steps:
                if pre.is_false() or set(conjuncts(post)) <= set(conjuncts(pre)):
                    continue  # holds whatever the formula: every conjunct of post is pre's
                step = (pre, formula, post)
                if step in self._held:
                    self.known += 1
                    continue
                try:
                    query = [convert(pre), convert(formula), z3.Not(convert(post))]
                except (PysmtException, z3.Z3Exception) as error:
                    raise InterpolationError(f"cannot check the interpolants: {error}") from None
                self.checks += 1
                reason = ""
                # bit-blasting first (half the time of Z3's default solver on these
                # steps); the default solver for what it gives up on
                for make in (self._tactic.solver, lambda: z3.Solver(ctx=ctx)):
                    solver = make()  # the default solver only if the tactic gives up
                    if deadline is not None:
                        left_ms = int((deadline - time.monotonic()) * 1000)
                        if left_ms <= 0:
                            raise InterpolationTimeout("timeout")
                        solver.set("timeout", left_ms)
                    solver.add(*query)
                    result = solver.check()
                    if result == z3.unsat:
                        break
                    if result == z3.sat:
                        raise InterpolantRefuted(
                            f"the {self.inner.name} interpolants do not hold at {where}"
                        )
                    reason = solver.reason_unknown()
                    if deadline is not None and time.monotonic() >= deadline - 0.01:
                        raise InterpolationTimeout("timeout")
                    raise_if_out_of_memory("Z3", reason)
                else:
                    raise InterpolationError(f"cannot check the interpolants at {where}: {reason}")
                self._held.add(step)
        finally:
            self.check_s += time.monotonic() - started

    def statistics(self) -> dict[str, float]:
        figures = dict(self.inner.statistics())
        if self.checks:
            figures["interpolation_checks"] = self.checks
            figures["interpolation_check_time_s"] = self.check_s
        if self.known:
            figures["interpolation_checks_known"] = self.known
        if self.refuted:
            figures["interpolation_answers_refuted"] = self.refuted
        return figures

    def close(self) -> None:
        self.inner.close()
