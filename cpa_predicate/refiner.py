"""The predicate refiner: feasibility of the abstract error path, interpolants, and
a refinement strategy.

The error path (:mod:`cpa_predicate.error_path`) is checked with one interpolation
query. A satisfiable path is a real counterexample
(:mod:`cpa_predicate.counterexample`). An unsatisfiable one gives sequence
interpolants at the abstraction points, and the configured strategy
(:mod:`cpa_predicate.refinement_strategy`) uses them: new predicates and a cut
(``predicates``), or labels strengthened in place (``strengthen``, IMPACT).
"""

from __future__ import annotations

from algorithms.cegar import RefinementResult, Refiner
from cpa.core.arg import ARGCPA, ARGState
from cpa.core.context import AnalysisContext
from cpa.core.options import Option
from cpa.core.reached import ReachedSet
from cpa.errors import ConfigError
from cpa_predicate.counterexample import counterexample
from cpa_predicate.error_path import error_path
from cpa_predicate.interpolation import InterpolationError, create_interpolator
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.refinement_strategy import STRATEGIES, RefinementStrategy
from cpa_predicate.state import PredicateState


class PredicateRefiner(Refiner):
    OPTIONS = {
        "strategy": Option(
            str,
            "predicates",
            "what a spurious path changes: predicates added and the ARG cut (lazy "
            "abstraction), or labels strengthened in place (IMPACT)",
            tuple(STRATEGIES),
        ),
    }

    def __init__(
        self,
        context: AnalysisContext,
        cpa: ARGCPA,
        reached: ReachedSet,
        options: dict | None = None,
    ):
        options = {"strategy": "predicates", **(options or {})}
        super().__init__(context, cpa, reached, options)
        composite = self.cpa.wrapped
        self.predicate_index = composite.component(PredicateCPA)
        self.predicate_cpa: PredicateCPA = composite.cpas[self.predicate_index]
        self.strategy: RefinementStrategy = STRATEGIES[options["strategy"]](self)
        problem = self.strategy.check()
        if problem is not None:
            raise ConfigError(problem)
        cpa_options = self.predicate_cpa.options
        self.interpolator = create_interpolator(
            cpa_options["interpolation"],
            core=cpa_options["interpolation_core"],
            integer_reading=cpa_options["interpolation_reading"] == "integers",
        )

    def _predicate_state(self, state: ARGState) -> PredicateState:
        return state.wrapped.components[self.predicate_index]

    def refine(self, target: ARGState) -> RefinementResult:
        stats = self.context.statistics
        path = error_path(target, self._predicate_state)
        # The interpolator decides feasibility itself (None: the path is feasible), so
        # the path is not checked twice.
        remaining = self.context.deadline.remaining()
        if remaining is not None:
            self.interpolator.timeout_ms = max(1, int(remaining * 1000))
        try:
            with stats.timer("interpolation_time_s"):
                interpolants = self.interpolator.sequence_interpolants(path.blocks)
        except InterpolationError as error:
            self.context.deadline.check()  # out of time: a timeout, not a failed refinement
            message = str(error).splitlines()[0][:200] if str(error) else "unknown reason"
            if error.partial is None:
                return RefinementResult(failed=f"interpolation failed: {message}")
            # Not interpolants, but predicates need not be: if they do not exclude the
            # path, it comes back and the refinement finds nothing new.
            stats.add("refinements_with_partial_interpolants")
            interpolants, failure = error.partial, f"interpolation failed: {message}"
        else:
            if interpolants is None:
                # the interpolator decided the conjunction; it may have kept a model
                return counterexample(
                    self.predicate_cpa, self.context, path, self.interpolator.model
                )
            failure = (
                f"refinement found {self.strategy.NOTHING_NEW} (the abstraction cannot "
                "exclude this spurious path)"
            )
        progress = self.strategy.refine(path, interpolants)
        self.predicate_cpa.update_statistics()
        return RefinementResult() if progress else RefinementResult(failed=failure)

    def finish(self) -> None:
        self.predicate_cpa.update_statistics()
        fallbacks = getattr(self.interpolator, "fallbacks", 0)
        if fallbacks:
            self.context.statistics.set("interpolation_core_fallbacks", fallbacks)
        probes = getattr(self.interpolator, "probes_sat", 0)
        if probes:
            self.context.statistics.set("interpolation_feasible_by_probe", probes)
        for theory, count in getattr(self.interpolator, "readings", {}).items():
            if count:
                self.context.statistics.set(f"interpolation_problems_{theory}", count)
