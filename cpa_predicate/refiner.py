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

from collections.abc import Callable, Hashable

from pysmt.fnode import FNode
from pysmt.shortcuts import FALSE, TRUE, And, Not

from algorithms.cegar import RefinementResult, Refiner
from algorithms.cpa_algorithm import TimeLimitExceeded
from cpa.core.arg import ARGCPA, ARGState, path_to_root, subtree
from cpa.core.context import AnalysisContext
from cpa.core.options import Option
from cpa.core.proven_safe import proven_safe
from cpa.core.reached import ReachedSet
from cpa.core.waitlist_orders import BranchWeights
from cpa.errors import ConfigError
from cpa_predicate.checked_interpolation import CheckedInterpolator
from cpa_predicate.condition_atoms import unrolled_variables
from cpa_predicate.counterexample import counterexample
from cpa_predicate.error_interpolants import (
    context_key,
    error_hint_source,
    maximal_feasible_suffix,
)
from cpa_predicate.error_path import (
    ErrorPath,
    Refutation,
    error_dag,
    error_path,
    labelled_blocks,
)
from cpa_predicate.forced_covering import ForcedCovering
from cpa_predicate.interpolation import (
    InterpolationError,
    InterpolationOverCap,
    InterpolationTimeout,
    Interpolator,
    create_interpolator,
)
from cpa_predicate.path_invariants import path_program
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.refinement_strategy import STRATEGIES, AddPredicates, RefinementStrategy
from cpa_predicate.ssa import uninstantiate
from cpa_predicate.state import PredicateState

#: how many seconds the search for path invariants may be ahead of interpolation. On
#: the programs whose loops need them, interpolation unrolls and takes the time; on
#: state machines whose paths take little to interpolate (``pc_sfifo_1``: 0.1 s for
#: five refinements), their path programs changed with every path and each took
#: seconds, their invariants refining without converging
_PATH_INVARIANTS_AHEAD_S = 2.0


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
        "forced_covering_candidates": Option(
            int,
            0,
            "forced covering: how many older states at the location are tried per state, "
            "newest first (one interpolation query each); 0: every one",
            minimum=0,
        ),
        "forced_covering_resource_cap": Option(
            int,
            48_000_000,
            "forced covering: the Z3 resource units (rlimit) at which one attempt's "
            "interpolation query is given up, as one that fails (0: none, up to the "
            "time limit); back ends without such units ignore it",
            minimum=0,
        ),
        "core_reading_first": Option(
            bool,
            False,
            "a refinement seeks the unsat core of its path over the integer reading "
            "first, then over bit-vectors (forced covering keeps bit-vectors first)",
        ),
        "condition_atoms_after": Option(
            int,
            3_000_000,
            "Z3 resource units (about 3 M a second) a path's interpolation may take "
            "before, once, the program's condition atoms (cpa.predicate.condition_atoms, "
            "all of them) at the path's locations refine it instead (0: never); where they "
            "add nothing, the interpolation runs again without this cap; back ends "
            "without such units (MathSAT) ignore it",
            minimum=0,
        ),
        "path_invariants": Option(
            int,
            0,
            "Z3 resource units (about 3 M a second) Spacer may spend per reading on the "
            "inductive invariants of a spurious path's path program (the path's "
            "locations, a loop where it comes back) before the path is interpolated; "
            "the invariants become predicates (0: off; strategy 'predicates' only)",
        ),
        "reading_stays_first": Option(
            bool,
            False,
            "Spacer gets a path's integer reading first in every budget round, not the "
            "theory (integers or bit-vectors) that succeeded last",
        ),
        "forced_covering_one_block": Option(
            bool,
            False,
            "forced covering: first check each candidate on the last block alone, from "
            "the label of the state it starts at (one satisfiability query, no "
            "interpolation); the path from the common ancestor only if none is proved",
        ),
        "check_interpolants": Option(
            str,
            "labels",
            "check every step of the interpolants with the solver before they are used: "
            "labels (where they become labels, strengthened in place: IMPACT, UFO, forced "
            "covering; a wrong one there could prove a false TRUE), always, or never",
            ("labels", "always", "never"),
        ),
        "path_labels": Option(
            bool,
            False,
            "where labels are strengthened in place: a refinement's error path carries "
            "the labels along it, so that its refutation can start from the last label "
            "that suffices instead of proving again what earlier refinements proved",
        ),
        "keep_proven_safe": Option(
            bool,
            False,
            "when a refinement cuts the ARG, keep the parts below the cut that the ARG "
            "proves safe (closed, target-free: InterpChecker's safety interpolants, made "
            "sound); they cover later states at their locations",
        ),
    }

    def __init__(
        self,
        context: AnalysisContext,
        cpa: ARGCPA,
        reached: ReachedSet,
        options: dict | None = None,
    ):
        # the declared defaults, for callers that pass a partial section
        options = {
            **{name: option.default for name, option in self.OPTIONS.items()},
            **(options or {}),
        }
        super().__init__(context, cpa, reached, options)
        composite = self.cpa.wrapped
        self.predicate_index = composite.component(PredicateCPA)
        self.predicate_cpa: PredicateCPA = composite.cpas[self.predicate_index]
        self.strategy: RefinementStrategy = STRATEGIES[options["strategy"]](self)
        #: whether a path's interpolation still has a budget before the condition atoms
        #: refine it instead (until they add nothing)
        self._atoms_instead = True
        #: the path programs whose invariants were sought (their signatures)
        self._path_programs: set[frozenset] = set()
        problem = self.strategy.check()
        if problem is not None:
            raise ConfigError(problem)
        if self.predicate_cpa.error_hints is not None and options["error_structure"] != "path":
            raise ConfigError(
                'cpa.predicate.error_interpolants needs refiner.predicate.error_structure = "path"'
            )
        if options["forced_covering"] and not self.predicate_cpa.labels.strengthens:
            raise ConfigError(
                'refiner.predicate.forced_covering needs cpa.predicate.labels = "formula"'
            )
        if options["path_labels"] and not self.predicate_cpa.labels.strengthens:
            raise ConfigError(
                'refiner.predicate.path_labels needs cpa.predicate.labels = "formula"'
            )
        if options["keep_proven_safe"] and not self.arg.stop.names_coverer:
            raise ConfigError(
                "refiner.predicate.keep_proven_safe needs a stop operator that names the "
                "state covering another"
            )
        # a weight-guided waitlist learns from refinements (InterpChecker's W)
        self.weights: BranchWeights | None = getattr(reached.waitlist, "weights", None)
        # kept states (proven safe) -> how many states they covered when kept
        self._kept: dict[ARGState, int] = {}
        cpa_options = self.predicate_cpa.options
        self.interpolator = create_interpolator(
            cpa_options["interpolation"],
            core=cpa_options["interpolation_core"],
            core_shrink=cpa_options["interpolation_core_shrink"],
            integer_reading=cpa_options["interpolation_reading"] != "bit-vectors",
            case_split_reading=cpa_options["interpolation_reading"] == "integers-split",
        )
        self.interpolator.core_reading_first = options["core_reading_first"]
        self.interpolator.reading_stays_first = options["reading_stays_first"]
        check = options["check_interpolants"]
        # Unchecked interpolants only become predicates, and a wrong one costs precision:
        # a refinement that found nothing new asks again, checked (``_apply_or_check``).
        self._checked: CheckedInterpolator | None = None
        if check == "always" or (check == "labels" and self.predicate_cpa.labels.strengthens):
            self.interpolator = CheckedInterpolator(self.interpolator)
        elif check == "labels":
            self._checked = CheckedInterpolator(self.interpolator)

    def forced_cover(self) -> ForcedCovering | None:
        if not self.options["forced_covering"]:
            return None
        return ForcedCovering(
            self,
            self.options["forced_covering_candidates"],
            one_block=self.options["forced_covering_one_block"],
            resource_cap=self.options["forced_covering_resource_cap"],
        )

    def proven_safe(self, roots: list[ARGState]) -> set[ARGState]:
        """The states below ``roots`` that a cut there may keep (none unless
        ``keep_proven_safe``): the ARG proves them safe (:mod:`cpa.core.proven_safe`)."""
        if not self.options["keep_proven_safe"] or not roots:
            return set()
        with self.context.statistics.timer("proven_safe_time_s"):
            return self._proven_safe_below(roots)

    def _proven_safe_below(self, roots: list[ARGState]) -> set[ARGState]:
        safe = proven_safe(self.reached, self.cpa.is_target)
        # Only what an abstraction state proven safe starts: a state inside a block
        # whose abstraction state goes covers nothing later (its block is gone).
        kept: set[ARGState] = set()
        starts: list[ARGState] = []  # the abstraction states among them
        for root in roots:
            for state in subtree(root):
                if state in safe and self.predicate_state(state).is_abstraction:
                    starts.append(state)
                    if state not in kept:
                        kept.update(subtree(state))
        for state in kept:
            self._kept.setdefault(state, len(state.covering))
        if self.weights is not None:
            self.weights.settle(starts)
        if kept:
            self.context.statistics.add("safe_states_kept", len(kept))
        return kept

    def predicate_state(self, state: ARGState) -> PredicateState:
        return state.wrapped.components[self.predicate_index]

    def refine(self, target: ARGState) -> RefinementResult:
        if self.predicate_state(target).hint is not None:
            return self._check_hint(target)
        if self.options["error_structure"] == "dag":
            return self._refine_dag(target)
        return self._refine_path(target)

    def set_timeout(self) -> None:
        """Bound the next interpolation by the time left."""
        remaining = self.context.deadline.remaining()
        self.interpolator.timeout_ms = None if remaining is None else max(1, int(remaining * 1000))

    def _atoms_cap(self) -> int | None:
        """The Z3 resource units a path's interpolation may take before the condition
        atoms refine it instead (None: no such cap, the atoms are used or off).

        Counted in resource units, not seconds: with a budget of 4 s, a loaded machine
        gave the atoms paths that an idle one interpolated, and a test's course
        depended on it. Paths of state machines take seconds too, and there the atoms
        make abstractions dear: with a budget of 2 s, one of ``s3_clnt_2``'s paths (up
        to 3 s each, TRUE in 10 s) got them, and the run timed out at 30 s."""
        units = self.options["condition_atoms_after"]
        if (
            not units
            or not self._atoms_instead
            or not isinstance(self.strategy, AddPredicates)
            or self.predicate_cpa.options["condition_atoms"] == "off"
        ):
            return None
        return units

    def _refine_with_condition_atoms(self, path: ErrorPath) -> RefinementResult | None:
        """Refine ``path`` with the condition atoms at its locations, once Spacer has
        spent the cap on it: interpolants of a loop over nonlinear or wrapping
        arithmetic can take it minutes to find, and the program's own conditions are
        often the invariant (``while (i * i < 100) i++`` needs ``i * i < 100``).
        Predicates never make an answer wrong; None if they add nothing here (the
        path then gets its interpolants after all)."""
        strategy = self.strategy
        assert isinstance(strategy, AddPredicates)
        refutation = Refutation.of_path(path, [TRUE()] * (len(path.nodes) - 2))
        if not strategy.refine_with_condition_atoms(refutation):
            self._atoms_instead = False  # they are all there: no more budgets
            return None
        self.context.statistics.add("refinements_by_condition_atoms")
        self.predicate_cpa.update_statistics()
        return RefinementResult()

    def _location_key(self, state: ARGState) -> Hashable:
        """What identifies ``state``'s place in a path program: its components other
        than the predicate state (location and call stack), or its location where one
        of them cannot be hashed (a path program that joins two call sites of a
        function over-approximates: its invariants are weaker, still predicates)."""
        components = state.wrapped.components
        key = tuple(c for k, c in enumerate(components) if k != self.predicate_index)
        try:
            hash(key)
        except TypeError:  # a component whose states are not hashable: the location alone
            return self.predicate_state(state).abstraction.location
        return key

    def _refine_with_path_invariants(self, path: ErrorPath) -> RefinementResult | None:
        """Refine ``path`` with the invariants of its path program
        (:mod:`cpa_predicate.path_invariants`); None where the path has no loop, where
        its program was tried before, where Spacer finds none within the effort, or
        where they add no predicate (the path is then interpolated)."""
        statistics = self.context.statistics
        spent = statistics.get("path_invariants_time_s", 0.0)
        if spent > statistics.get("interpolation_time_s", 0.0) + _PATH_INVARIANTS_AHEAD_S:
            return None  # they took more than the interpolants: not the way here
        if not self._unrolls(path):
            return None
        program = path_program(path, self._location_key)
        if program is None:
            return None
        signature = program.signature()
        if signature in self._path_programs:
            return None
        self._path_programs.add(signature)
        statistics.add("path_invariant_attempts")
        self.set_timeout()
        try:
            with statistics.timer("path_invariants_time_s"):
                labels = self.interpolator.graph_invariants(
                    program.graph, self.options["path_invariants"]
                )
        except InterpolationTimeout:
            raise TimeLimitExceeded() from None
        except InterpolationError as error:
            self.context.deadline.check()
            if error.partial is None:
                return None
            labels = [TRUE(), *error.partial]  # the inner nodes' parts, as predicates
            labels += [FALSE()] * (program.graph.size - len(labels))
        if labels is None:
            return None  # the path program reaches the error: its invariants say nothing
        assert isinstance(self.strategy, AddPredicates)
        if not self.strategy.refine(program.refutation(path, labels)):
            return None
        statistics.add("refinements_by_path_invariants")
        self.predicate_cpa.update_statistics()
        return RefinementResult()

    def _unrolls(self, path: ErrorPath) -> bool:
        """Whether the predicates at some location of ``path`` show a loop unrolled
        (a variable compared with :data:`~cpa_predicate.condition_atoms.UNROLLED`
        constants or more)."""
        precision = self.predicate_cpa.precision
        return any(
            unrolled_variables(p.formula for p in precision.predicates_at(location))
            for location in {abstraction.location for abstraction in path.chain}
        )

    def _failure(self, error: InterpolationError) -> str:
        # out of time: a timeout, not a failed refinement
        if isinstance(error, InterpolationTimeout):
            raise TimeLimitExceeded() from error
        self.context.deadline.check()
        message = str(error).splitlines()[0][:200] if str(error) else "unknown reason"
        return f"interpolation failed: {message}"

    def _refine_path(self, target: ARGState) -> RefinementResult:
        stats = self.context.statistics
        path = error_path(target, self.predicate_state)
        if self.options["path_invariants"] and isinstance(self.strategy, AddPredicates):
            refined = self._refine_with_path_invariants(path)
            if refined is not None:
                return refined
        # The interpolator decides feasibility itself (None: the path is feasible), so
        # the path is not checked twice.
        cap = self._atoms_cap()
        self.set_timeout()
        try:
            with (
                stats.timer("interpolation_time_s"),
                self.interpolator.configured(resource_cap=cap),
            ):
                interpolants = self._sequence_interpolants(path)
        except InterpolationTimeout:
            raise TimeLimitExceeded() from None
        except InterpolationOverCap:
            self.context.deadline.check()
            refined = self._refine_with_condition_atoms(path)
            if refined is not None:
                return refined
            return self._refine_path(target)  # once more, without the cap
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
        if self.weights is not None:
            self.weights.reward_alternatives(path_to_root(target))
        if self.predicate_cpa.error_hints is not None and error_hint_source(path, interpolants):
            self._learn_hint(path, interpolants)
        return self._apply_or_check(
            lambda labels: Refutation.of_path(path, labels),
            interpolants,
            failure,
            lambda checker: self._sequence_interpolants(path, checker),
        )

    def _apply_or_check(
        self,
        refutation: Callable[[list[FNode]], Refutation],
        labels: list[FNode],
        failure: str,
        interpolate: Callable[[Interpolator], list[FNode] | None],
    ) -> RefinementResult:
        """Refine with the refutation of ``labels``; if that adds nothing new and the
        labels were not checked, with interpolants asked again through the checker.

        Spacer may answer with a step that does not hold (an interpolant ``false``
        after a feasible prefix of ``fnptr06_callback_parameter_safe``): as predicates
        it adds nothing, the same spurious error comes back, and the run would end
        UNKNOWN. Checked, the refuted answer is asked again as another search variant."""
        result = self._apply(refutation(labels), failure)
        if result.failed is None or self._checked is None:
            return result
        self.context.statistics.add("refinements_checked_again")
        self.set_timeout()
        try:
            with self.context.statistics.timer("interpolation_time_s"):
                checked = interpolate(self._checked)
        except InterpolationTimeout as error:
            raise TimeLimitExceeded() from error
        except InterpolationError:
            return result
        if checked is None or checked == labels:
            return result
        return self._apply(refutation(checked), failure)

    def _sequence_interpolants(
        self, path: ErrorPath, interpolator: Interpolator | None = None
    ) -> list[FNode] | None:
        """The interpolants that refute ``path`` (None: it is feasible): of its blocks,
        with the labels along it if ``path_labels`` (:func:`labelled_blocks`; the
        constructor refuses it unless labels are strengthened in place). Exact images
        may answer for a path that visits no location twice (``exact_images``)."""
        locations = [abstraction.location for abstraction in path.chain]
        loop_free = len(set(locations)) == len(locations)
        chosen = interpolator or self.interpolator
        with chosen.configured(exact_images=loop_free) as interpolator:
            if self.options["path_labels"]:
                return interpolator.sequence_interpolants(
                    labelled_blocks(path.blocks, path.shifts, path.chain)
                )
            return interpolator.sequence_interpolants(path.blocks)

    def _learn_hint(self, path: ErrorPath, interpolants: list[FNode]) -> None:
        """An error interpolant from the maximal feasible suffix of the spurious
        ``path`` (:mod:`cpa_predicate.error_interpolants`), within the time budget of
        the hints (learning is optional: skipping it costs hints, not answers)."""
        stats = self.context.statistics
        if not self._hints_within_budget():
            stats.add("error_hints_skipped")
            return
        with stats.timer("error_interpolant_time_s"):
            start = maximal_feasible_suffix(path.blocks, self.predicate_cpa.solver)
        if start is None:
            return
        # interpolants[k] holds at path node k + 1; the suffix starts at node ``start``
        excluded = uninstantiate(interpolants[start - 1])
        node = path.nodes[start]
        self.predicate_cpa.error_hints.learn(
            context_key(node.wrapped), Not(excluded), path.chain[start + 1 :]
        )

    def _hints_within_budget(self) -> bool:
        """Whether learning and checking hints took at most the store's share of the
        time the refinements spent in interpolation."""
        stats = self.context.statistics
        spent = stats.get("error_interpolant_time_s", 0.0)
        spent += stats.get("error_hint_check_time_s", 0.0)
        share = self.predicate_cpa.error_hints.budget
        return spent <= share * stats.get("interpolation_time_s", 0.0)

    def _check_hint(self, target: ARGState) -> RefinementResult:
        """The path to ``target`` joined with the suffix of the error interpolant its
        label entails, decided as one error path: FALSE if feasible (and replayed),
        else the hint is narrowed and exploration goes on from ``target``.

        One satisfiability query decides it, with no interpolation: a hint only
        guides the search (a missed hit costs time, not answers), so a refuted hint
        is narrowed by the negated label of the state that hit it. The interpolant
        at the junction of prefix and suffix generalises better (``kundu1_BUG``:
        confirmed in 1.7 s after one refutation, against 9 s and three refutations
        with labels), but on the token rings and ssh servers it took longer than
        the refinements (``s3_srvr_1``: 49 s against 43 s, ``token_ring.10``:
        45 s against 37 s).
        """
        stats = self.context.statistics
        state = self.predicate_state(target)
        key, hint = state.hint
        state.hint = None  # decided here, one way or the other
        store = self.predicate_cpa.error_hints
        path = error_path(target, self.predicate_state, hint.suffix)
        with stats.timer("error_hint_check_time_s"):
            model = self.predicate_cpa.solver.model_of(And(path.blocks))
        if model is None:
            stats.add("error_hints_refuted")
            store.refute(key, hint, state.abstraction.formula)
            return RefinementResult(counted=False)
        result = counterexample(self.predicate_cpa, self.context, path, model)
        if result.counterexample is not None:
            stats.add("error_hints_confirmed")
            return result
        # feasible as formulas, not when replayed: not evidence; forget the hint
        store.discard(key, hint)
        stats.add("error_hints_undecided")
        return RefinementResult(counted=False)

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
        return self._apply_or_check(
            dag.refutation,
            labels,
            self._nothing_new(),
            lambda checker: checker.dag_interpolants(dag.problem),
        )

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
        if self.weights is not None and self.weights.updates:
            self.context.statistics.set("weight_updates", self.weights.updates)
        if self._kept:
            covered = sum(
                max(0, len(state.covering) - before)
                for state, before in self._kept.items()
                if not state.destroyed
            )
            self.context.statistics.set("states_covered_by_kept", covered)
        store = self.predicate_cpa.error_hints
        if store is not None and store.learnt:
            self.context.statistics.set("error_hints_learnt", store.learnt)
        for key, value in self.interpolator.statistics().items():
            self.context.statistics.set(key, value)
