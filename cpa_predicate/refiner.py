"""The predicate refiner: feasibility of the error structure, interpolants, and a
refinement strategy.

The error structure (:mod:`cpa_predicate.error_path`) is the abstract error path to
one target, checked with one sequence-interpolation query, or (``error_structure =
"dag"``, UFO) the DAG of the paths to every target in the reached set, checked with
one DAG-interpolation query. A satisfiable path is a real counterexample
(:mod:`cpa_predicate.counterexample`); a satisfiable DAG is narrowed to a path (the
reachable target's, which the path query then decides). An unsatisfiable structure gives labels
at the abstraction points, and the configured strategy
(:mod:`cpa_predicate.refinement_strategy`) uses them: new predicates and a cut
(``predicates``), labels strengthened in place (``strengthen``, IMPACT and UUFO), or
both (``both``, CPUFO and BPUFO).
"""

from __future__ import annotations

from algorithms.cegar import RefinementResult, Refiner
from cpa.core.arg import ARGCPA, ARGState
from cpa.core.context import AnalysisContext
from cpa.core.options import Option
from cpa.core.reached import ReachedSet
from cpa.errors import ConfigError
from cpa_predicate.counterexample import counterexample
from cpa_predicate.error_path import Refutation, error_dag, error_path
from cpa_predicate.forced_covering import ForcedCovering
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
        "error_structure": Option(
            str,
            "path",
            "what one refinement refutes: the path to the target, or the DAG of the "
            "paths to every target in the reached set with one query (UFO)",
            ("path", "dag"),
        ),
        "forced_covering": Option(
            bool,
            False,
            "before an abstraction state is expanded, try to cover it by an older one "
            "at its location, strengthening the labels of its path where that proves "
            "the older label (IMPACT's forced covering; needs labels strengthened in place)",
        ),
    }

    def __init__(
        self,
        context: AnalysisContext,
        cpa: ARGCPA,
        reached: ReachedSet,
        options: dict | None = None,
    ):
        options = {
            "strategy": "predicates",
            "error_structure": "path",
            "forced_covering": False,
            **(options or {}),
        }
        super().__init__(context, cpa, reached, options)
        composite = self.cpa.wrapped
        self.predicate_index = composite.component(PredicateCPA)
        self.predicate_cpa: PredicateCPA = composite.cpas[self.predicate_index]
        self.strategy: RefinementStrategy = STRATEGIES[options["strategy"]](self)
        problem = self.strategy.check()
        if problem is not None:
            raise ConfigError(problem)
        if options["forced_covering"] and not self.predicate_cpa.labels.strengthens:
            raise ConfigError(
                'refiner.predicate.forced_covering needs cpa.predicate.labels = "formula"'
            )
        cpa_options = self.predicate_cpa.options
        self.interpolator = create_interpolator(
            cpa_options["interpolation"],
            core=cpa_options["interpolation_core"],
            integer_reading=cpa_options["interpolation_reading"] == "integers",
        )

    def forced_cover(self) -> ForcedCovering | None:
        if not self.options["forced_covering"]:
            return None
        return ForcedCovering(self)

    def predicate_state(self, state: ARGState) -> PredicateState:
        return state.wrapped.components[self.predicate_index]

    def refine(self, target: ARGState) -> RefinementResult:
        if self.options["error_structure"] == "dag":
            return self._refine_dag(target)
        return self._refine_path(target)

    def set_timeout(self) -> None:
        remaining = self.context.deadline.remaining()
        if remaining is not None:
            self.interpolator.timeout_ms = max(1, int(remaining * 1000))

    def _failure(self, error: InterpolationError) -> str:
        self.context.deadline.check()  # out of time: a timeout, not a failed refinement
        message = str(error).splitlines()[0][:200] if str(error) else "unknown reason"
        return f"interpolation failed: {message}"

    def _refine_path(self, target: ARGState) -> RefinementResult:
        stats = self.context.statistics
        path = error_path(target, self.predicate_state)
        # The interpolator decides feasibility itself (None: the path is feasible), so
        # the path is not checked twice.
        self.set_timeout()
        try:
            with stats.timer("interpolation_time_s"):
                interpolants = self.interpolator.sequence_interpolants(path.blocks)
        except InterpolationError as error:
            failure = self._failure(error)
            if error.partial is None:
                return RefinementResult(failed=failure)
            # Not interpolants, but predicates need not be: if they do not exclude the
            # path, it comes back and the refinement finds nothing new.
            stats.add("refinements_with_partial_interpolants")
            interpolants = error.partial
        else:
            if interpolants is None:
                # the interpolator decided the conjunction; it may have kept a model
                return counterexample(
                    self.predicate_cpa, self.context, path, self.interpolator.model
                )
            failure = self._nothing_new()
        return self._apply(Refutation.of_path(path, interpolants), failure)

    def _refine_dag(self, target: ARGState) -> RefinementResult:
        """One query for every target in the reached set (UFO's refinement); if some
        target is reachable, the path to ``target`` is decided on its own."""
        stats = self.context.statistics
        is_target = self.cpa.is_target
        targets = [state for state in self.reached if is_target(state)]
        if target not in targets:
            targets.append(target)
        if len(targets) == 1:
            return self._refine_path(target)  # the DAG of one target is its path
        dag = error_dag(targets, self.predicate_state)
        stats.add("dag_refinements")
        stats.add("dag_refinement_nodes", len(dag.nodes))
        self.set_timeout()
        try:
            with stats.timer("interpolation_time_s"):
                labels = self.interpolator.dag_interpolants(dag.problem)
        except InterpolationError as error:
            return RefinementResult(failed=self._failure(error))
        if labels is None:
            # some target is reachable: its path is the counterexample; if the back end
            # does not say which one, the oldest target's path may be spurious all the
            # same (then it is refined alone) or real
            stats.add("dag_refinements_feasible")
            error = self.interpolator.reachable_error
            if error is not None and is_target(dag.nodes[error]):
                target = dag.nodes[error]
            return self._refine_path(target)
        return self._apply(dag.refutation(labels), self._nothing_new())

    def _nothing_new(self) -> str:
        return (
            f"refinement found {self.strategy.NOTHING_NEW} (the abstraction cannot "
            "exclude this spurious error)"
        )

    def _apply(self, refutation: Refutation, failure: str) -> RefinementResult:
        progress = self.strategy.refine(refutation)
        self.predicate_cpa.update_statistics()
        return RefinementResult() if progress else RefinementResult(failed=failure)

    def finish(self) -> None:
        self.predicate_cpa.update_statistics()
        fallbacks = getattr(self.interpolator, "fallbacks", 0)
        if fallbacks:
            self.context.statistics.set("interpolation_core_fallbacks", fallbacks)
            over_budget = getattr(self.interpolator, "over_budget_s", 0.0)
            self.context.statistics.set("interpolation_over_budget_time_s", round(over_budget, 3))
        probes = getattr(self.interpolator, "probes_sat", 0)
        if probes:
            self.context.statistics.set("interpolation_feasible_by_probe", probes)
        for theory, count in getattr(self.interpolator, "readings", {}).items():
            if count:
                self.context.statistics.set(f"interpolation_problems_{theory}", count)
