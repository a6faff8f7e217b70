"""Predicate refinement: feasibility of the abstract error path, interpolants, cut.

The abstract error path is the chain of abstractions that leads to the target; its
blocks' path formulas are checked with one solver query. A satisfiable path is a
real counterexample: the refiner follows the model back through the joined block
formulas to one concrete path (``PathFormulaManager.path_in``), solves
it, reads the inputs from the model and (by default) replays them through the CFA
with the concrete interpreter before answering FALSE. An unsatisfiable path gives
sequence interpolants at the abstraction points; their atoms become predicates at
those locations, and the ARG is cut at the first abstraction whose precision grew.
"""

from __future__ import annotations

from pysmt.fnode import FNode
from pysmt.shortcuts import And, get_env

from algorithms.cegar import RefinementResult, Refiner
from cpa.cfa.integers import wrap
from cpa.cfa.interpreter import run as replay
from cpa.cfa.model import CFAEdge, CFANode
from cpa.cfa.types import IntegerType
from cpa.core.arg import ARGState, remove_subtree
from cpa.results import Counterexample, InputValue, PathStep
from cpa_predicate.interpolation import InterpolationError, create_interpolator
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.ssa import IndexShift, sequence_shifts, uninstantiate
from cpa_predicate.state import Abstraction, PredicateState


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


class PredicateRefiner(Refiner):
    def __init__(self, algorithm):
        super().__init__(algorithm)
        composite = self.cpa.wrapped
        self.predicate_index = composite.component(PredicateCPA)
        self.predicate_cpa: PredicateCPA = composite.cpas[self.predicate_index]
        self.location_index = next(
            i
            for i, s in enumerate(self.reached.first_state.wrapped.components)
            if isinstance(s, CFANode)
        )
        options = self.predicate_cpa.options
        self.interpolator = create_interpolator(
            options["interpolation"],
            core=options["interpolation_core"],
            integer_reading=options["interpolation_reading"] == "integers",
        )

    def _predicate_state(self, state: ARGState) -> PredicateState:
        return state.wrapped.components[self.predicate_index]

    def refine(self, target: ARGState) -> RefinementResult:
        cpa = self.predicate_cpa
        stats = self.context.statistics
        chain = self._predicate_state(target).abstraction.chain()
        blocks, shifts = self._path_blocks(chain)
        # The interpolator decides feasibility itself (None: the path is feasible), so
        # the path is not checked twice.
        remaining = self.context.deadline.remaining()
        if remaining is not None:
            self.interpolator.timeout_ms = max(1, int(remaining * 1000))
        try:
            with stats.timer("interpolation_time_s"):
                interpolants = self.interpolator.sequence_interpolants(blocks)
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
                return self._counterexample(chain, blocks, shifts)
            failure = (
                "refinement found no new predicates (the abstraction cannot "
                "exclude this spurious path)"
            )
        pivot = self._add_predicates(chain, interpolants)
        cpa.update_statistics()
        if pivot is None:
            return RefinementResult(failed=failure)
        self._cut(target, chain[pivot])
        return RefinementResult()

    @staticmethod
    def _path_blocks(chain: list[Abstraction]) -> tuple[list[FNode], list[IndexShift]]:
        """The block formulas of the error path, each shifted past the blocks before
        it (blocks are encoded with block-local SSA indices)."""
        block_formulas = [a.block_formula for a in chain[1:]]
        shifts = sequence_shifts(pf.ssa for pf in block_formulas)
        blocks = [
            shift.formula(pf.formula) for shift, pf in zip(shifts, block_formulas, strict=True)
        ]
        return blocks, shifts

    def _add_predicates(self, chain: list[Abstraction], interpolants: list[FNode]) -> int | None:
        """Add the interpolants' predicates at their locations; the first position whose
        abstraction was computed without some of them (the cut), or None."""
        cpa = self.predicate_cpa
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
                self.context.statistics.add("refinements_widened")
        return pivot

    def _cut(self, target: ARGState, abstraction: Abstraction) -> None:
        """Remove the ARG subtree of the state holding ``abstraction`` (lazy abstraction)."""
        state = target
        while state is not None:
            predicate_state = self._predicate_state(state)
            if predicate_state.is_abstraction and predicate_state.abstraction is abstraction:
                remove_subtree(self.reached, state)
                return
            state = state.parents[0] if state.parents else None
        raise AssertionError("abstraction of the error path not found in the ARG")

    # ----------------------------------------------------------------- counterexamples

    def _counterexample(
        self, chain: list[Abstraction], blocks: list[FNode], shifts: list[IndexShift]
    ) -> RefinementResult:
        cpa = self.predicate_cpa
        # the interpolator decided the same conjunction; solve it again only if it kept no model
        model = self.interpolator.model
        if model is None:
            model = cpa.solver.model_of(And(blocks))
        if model is None:
            return RefinementResult(
                failed="the solver found the error path feasible, then found no model"
            )

        # Blocks joined states of several paths; the model picks one of them.
        edges: list[CFAEdge] = []
        try:
            for abstraction, shift in zip(chain[1:], shifts, strict=True):

                def model_value(symbol: FNode, shift: IndexShift = shift) -> FNode | int:
                    return model.get(shift.symbol(symbol), 0)

                edges.extend(cpa.paths.path_in(abstraction.block_formula, model_value))
        except ValueError as error:
            return RefinementResult(failed=f"no single error path could be rebuilt: {error}")
        path = cpa.paths.empty()
        for edge in edges:
            path = cpa.paths.make_and(path, edge)
        path_model = cpa.solver.model_of(path.formula)
        if path_model is None:
            return RefinementResult(
                failed="the error path rebuilt from the joined block formulas is infeasible"
            )

        def value(symbol: FNode) -> int:
            constant = path_model.get(symbol)
            return 0 if constant is None else constant.constant_value()

        concrete = cpa.paths.concrete_steps(edges, value)
        steps, inputs = [], []
        for edge, nondets in concrete:
            steps.append(PathStep(edge.predecessor.function, edge.line, edge.text))
            for symbol_name, source in nondets:
                symbol = get_env().formula_manager.get_symbol(symbol_name)
                bits = value(symbol)  # the model's bits, read as a value of the input's type
                number = wrap(bits, source.ctype) if isinstance(source.ctype, IntegerType) else bits
                inputs.append(
                    InputValue(source.variable, source.line, number, str(source.ctype or ""))
                )
        counterexample = Counterexample(steps, inputs)
        if cpa.options["check_counterexample"]:
            result = replay(
                self.context.cfa,
                self.context.specification,
                [i.value for i in inputs],
                default_input=0,
            )
            if not result.reached_target:
                reason = "; ".join(path.approximations) or result.reason
                return RefinementResult(
                    failed="the error path is feasible in the formula encoding but its "
                    f"inputs do not reach the target when replayed ({reason})"
                )
        return RefinementResult(counterexample=counterexample)

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
