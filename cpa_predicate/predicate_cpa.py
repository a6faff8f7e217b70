"""The predicate CPA (Beyer, Keremoglu, Wendler: adjustable-block encoding).

Transfer: extend the path formula by the edge. Precision adjustment: at a block end
(asked of the block-size operator) and at targets, abstract ``abstraction ∧ path
formula`` with the predicates of the precision (Cartesian or Boolean), and start a
new empty path formula. Merge: ``sep``, or ``block``: states at the same location
with the same abstraction are joined by disjunction of their path formulas. Stop:
an abstraction state is covered by one at the same location whose region it entails.
"""

from __future__ import annotations

from pysmt.fnode import FNode
from pysmt.shortcuts import And, Not

from cpa.cfa.model import CFAEdge, CFANode
from cpa.core.context import AnalysisContext
from cpa.core.interfaces import (
    AbstractDomain,
    Adjustment,
    ConfigurableProgramAnalysis,
    MergeOperator,
    PrecisionAdjustment,
    StopOperator,
    TransferRelation,
)
from cpa.core.operators import MergeSep
from cpa.core.options import Option
from cpa.errors import ConfigError, WitnessRejected
from cpa_predicate.abstraction import PredicateAbstractionManager
from cpa_predicate.blocks import BLOCK_OPERATORS, BlockOperator
from cpa_predicate.condition_atoms import CONDITION_ATOMS_MODES
from cpa_predicate.error_interpolants import ErrorInterpolants, context_key
from cpa_predicate.labels import LABELS, BddLabels, FormulaLabels
from cpa_predicate.pathformula import PathFormulaManager, factor_joins
from cpa_predicate.precision import (
    PREDICATE_PARTS,
    SCOPES,
    PredicatePrecision,
    PredicateRegistry,
)
from cpa_predicate.reading_solver import IntegerReadingSession
from cpa_predicate.regions import RegionManager
from cpa_predicate.solver import SolverSession
from cpa_predicate.ssa import SSAMap, instantiate
from cpa_predicate.state import Abstraction, PredicateState

_ABSTRACTION_STATES = "abstraction states"  # partition key shared by all of them
_BLOCK_START = SSAMap()  # every block starts at index 0
#: Blocks of at least this many edges count as large: without predicates, their
#: abstraction is one satisfiability query, for a fresh bit-blasting solver.
_LARGE_BLOCK = 200


class PredicateDomain(AbstractDomain):
    def __init__(self, labels: BddLabels | FormulaLabels, paths: PathFormulaManager):
        self.labels = labels
        self.paths = paths

    def join(self, state1: PredicateState, state2: PredicateState) -> PredicateState:
        if state1.abstraction is not state2.abstraction:
            raise ValueError("predicate states with different abstractions do not join")
        path_formula = self.paths.make_or(state1.path_formula, state2.path_formula)
        return PredicateState(path_formula, state1.abstraction, False)

    def is_less_or_equal(self, state1: PredicateState, state2: PredicateState) -> bool:
        if state1.is_abstraction and state2.is_abstraction:
            return self.labels.entails(state1.abstraction.region, state2.abstraction.region)
        # inside a block only identical states cover each other
        return (
            state1.abstraction is state2.abstraction
            and state1.path_formula.formula is state2.path_formula.formula
            and not state1.is_abstraction
            and not state2.is_abstraction
        )


class PredicateTransferRelation(TransferRelation):
    def __init__(self, paths: PathFormulaManager):
        self.paths = paths

    def successors_for_edge(self, state: PredicateState, precision, edge: CFAEdge):
        return [
            PredicateState(self.paths.make_and(state.path_formula, edge), state.abstraction, False)
        ]

    def wants_strengthening(self, cpas) -> bool:
        return any(cpa.PROVIDES_ASSUMPTIONS for cpa in cpas)

    def strengthen(self, state: PredicateState, other_components, edge: CFAEdge, precision):
        """Conjoin the assume edges other components' states carry (a witness'
        constraints on function results) to the path formula."""
        path_formula = state.path_formula
        for other in other_components:
            for assumption in getattr(other, "assumptions", ()):
                path_formula = self.paths.make_and(path_formula, assumption)
        if path_formula is state.path_formula:
            return state
        return PredicateState(path_formula, state.abstraction, False)


class BlockMerge(MergeOperator):
    """Join path formulas of states inside the same block (same abstraction)."""

    def __init__(self, domain: PredicateDomain):
        self.domain = domain

    def merge(self, state: PredicateState, reached_state: PredicateState, precision):
        if (
            state.is_abstraction
            or reached_state.is_abstraction
            or state.abstraction is not reached_state.abstraction
        ):
            return reached_state
        return self.domain.join(state, reached_state)


class PredicateStop(StopOperator):
    def __init__(self, domain: PredicateDomain):
        self.domain = domain

    def stop(self, state, reached, precision) -> bool:
        less_or_equal = self.domain.is_less_or_equal
        return any(less_or_equal(state, other) for other in reached)


class PredicateAbstraction(PrecisionAdjustment):
    """Abstract at block ends and targets; drop states whose abstraction is false."""

    def __init__(self, cpa: PredicateCPA):
        self.cpa = cpa
        self._location_index: int | None = None

    def _location(self, full_state) -> CFANode:
        if self._location_index is None:
            for index, component in enumerate(full_state.components):
                if isinstance(component, CFANode):
                    self._location_index = index
                    break
            else:
                raise ConfigError("the predicate CPA needs the location CPA in the composite")
        return full_state.components[self._location_index]

    def adjust(self, state: PredicateState, precision, reached, full_state=None):
        if full_state is None:
            return Adjustment(state, precision)
        node = self._location(full_state)
        cpa = self.cpa
        if not (cpa.block_operator.is_block_end(node) or node in cpa.targets):
            check = cpa.location_checks.get(node)
            if check is not None:
                formula = And(state.abstraction.instantiated, state.path_formula.formula)
                cpa.check_invariant(state, node, formula, check, at_loop_head=False)
            return Adjustment(state, precision)
        abstraction = cpa.abstract(state, node, precision)
        if abstraction is None:
            return None
        hint = None
        if cpa.error_hints and node not in cpa.targets:
            key = context_key(full_state)
            found = cpa.error_hints.hit(key, abstraction.formula, cpa.solver)
            if found is not None:
                hint = (key, found)
        # The next block starts at index 0 again (see ssa.IndexShift).
        return Adjustment(PredicateState(cpa.paths.empty(), abstraction, True, hint), precision)


class PredicateCPA(ConfigurableProgramAnalysis):
    NAME = "predicate"
    OPTIONS = {
        "block": Option(str, "lbe", "where to abstract", tuple(BLOCK_OPERATORS)),
        "abstraction": Option(
            str,
            "boolean",
            "how to abstract: Boolean or Cartesian predicate abstraction, or none (only "
            "a satisfiability check; labels come from refinement, as in IMPACT)",
            ("boolean", "cartesian", "none"),
        ),
        "labels": Option(
            str,
            "bdd",
            "what an abstraction state's label is: a BDD region over the predicates, or a "
            "formula (entailment by the solver; labels can be strengthened in place)",
            tuple(LABELS),
        ),
        "merge": Option(str, "sep", "merge inside blocks", ("sep", "block")),
        "scope": Option(str, "location", "where new predicates apply", SCOPES),
        "solver": Option(str, "z3", "SMT solver (pysmt name)"),
        "interpolation": Option(str, "z3", "interpolation back end", ("z3", "msat")),
        "interpolation_core": Option(
            str,
            "conjuncts",
            "what the unsat core before interpolation may drop: whole conjuncts, also "
            "leaves inside the disjunctions of joined paths, or auto (conjuncts within a "
            "Spacer budget, else leaves); z3 back end",
            ("conjuncts", "leaves", "auto"),
        ),
        "interpolation_core_shrink": Option(
            int,
            0,
            "rounds that make a leaf-level unsat core before interpolation smaller: Z3's "
            "core of the core, then dropping halves, quarters, ... of it while it stays a "
            "core (smaller Horn problems for Spacer); 0: Z3's core as it is; z3 back end",
            tuple(range(9)),
        ),
        "interpolation_reading": Option(
            str,
            "integers",
            "how Spacer reads a bit-vector error path: as its exact linear-integer reading "
            "where every operator has one (much faster), or as bit-vectors; "
            "integers-split: as integers, and where Spacer runs out of a budget on both, "
            "also as the integer reading that splits cases on values that wrap at most "
            "twice (some small loops; slower on others); z3 back end",
            ("integers", "bit-vectors", "integers-split"),
        ),
        "abstraction_reading": Option(
            str,
            "bit-vectors",
            "how abstraction decides a block formula: through its exact linear-integer "
            "reading where the formula and the predicates have one (z3), as bit-vectors, "
            "or auto (both in turn, then the one that has been faster; the same regions)",
            ("integers", "bit-vectors", "auto"),
        ),
        "predicate_parts": Option(
            str,
            "whole",
            "what of an interpolant becomes a predicate: the whole interpolant, each of its "
            "top-level conjuncts, or each of its atoms",
            PREDICATE_PARTS,
        ),
        "condition_atoms": Option(
            str,
            "unrolling",
            "on each refinement, also add at the refuted path's abstraction locations "
            "atoms of the program's branch conditions over their function's variables, "
            "each comparison also as < <= == (for counting loops that refinement would "
            "unroll): always, or once a location's predicates compare one variable "
            "with several constants, the atoms over that variable and those its value "
            "flows to (unrolling)",
            CONDITION_ATOMS_MODES,
        ),
        "invariants": Option(
            str,
            "",
            "a correctness witness (YAML 2.0) whose loop invariants are the abstraction at "
            "their loop heads, each checked to follow from the path into it (validation)",
        ),
        "check_counterexample": Option(
            bool, True, "replay a counterexample concretely before answering FALSE"
        ),
        "error_interpolants": Option(
            bool,
            False,
            "learn error interpolants from spurious paths (InterpChecker's E); a new "
            "abstraction state whose label entails one is a candidate the refiner checks "
            "with the stored suffix (needs refiner.predicate.error_structure = path)",
        ),
        "error_interpolants_budget": Option(
            float,
            0.25,
            "the share of the time spent in interpolation that learning and checking "
            "error interpolants may take; beyond it a spurious path teaches no hint",
        ),
    }

    def __init__(self, options: dict, context: AnalysisContext):
        self.options = options
        self.context = context
        self.block_operator: BlockOperator = BLOCK_OPERATORS[options["block"]]()
        required = self.block_operator.REQUIRES_TRANSFORMATION
        if required and required not in context.options.get("cfa_transformations", ()):
            raise ConfigError(
                f"block operator '{options['block']}' needs '{required}' in "
                "analysis.cfa_transformations"
            )
        stats = context.statistics
        self.solver = SolverSession(options["solver"], stats, context.deadline)
        self.paths = PathFormulaManager(context.cfa)
        self._factored: dict[FNode, FNode] = {}  # block formulas with their joins factored
        self.regions = RegionManager()
        self.registry = PredicateRegistry()
        self.labels = LABELS[options["labels"]](self.regions, self.registry, self.solver)
        reading_solver = None
        reading = options["abstraction_reading"]
        if reading in ("integers", "auto") and options["solver"] == "z3":
            reading_solver = IntegerReadingSession(stats, context.deadline)
        self.abstractions = PredicateAbstractionManager(
            self.solver, self.regions, stats, reading_solver, choose_by_time=reading == "auto"
        )
        self.precision = PredicatePrecision(options["scope"])
        spec = context.specification
        self.targets = frozenset(n for n in context.cfa.nodes() if spec.is_target(n))
        self.domain = PredicateDomain(self.labels, self.paths)
        self.transfer_relation = PredicateTransferRelation(self.paths)
        self.merge_operator = BlockMerge(self.domain) if options["merge"] == "block" else MergeSep()
        self.stop_operator = PredicateStop(self.domain)
        self.precision_adjustment = PredicateAbstraction(self)
        self.error_hints = (
            ErrorInterpolants(budget=options["error_interpolants_budget"])
            if options["error_interpolants"]
            else None
        )
        # a witness' invariants: the abstraction at their block ends (checked to
        # follow from the path there), checked only at other locations
        self.invariants: dict[CFANode, FNode] = {}
        self.location_checks: dict[CFANode, FNode] = {}
        if options["invariants"]:
            from cpa.witness.invariants import witness_invariants

            at_loops, at_locations = witness_invariants(
                options["invariants"], context.cfa, context.options.get("cfa_transformations")
            )
            self.invariants = at_loops
            for node, invariant in at_locations.items():
                if self.block_operator.is_block_end(node):
                    self.invariants[node] = invariant
                else:
                    self.location_checks[node] = invariant

    def initial_state(self, node: CFANode) -> PredicateState:
        true = self.labels.of_region(self.regions.true())
        formula = self.labels.formula(true)
        abstraction = Abstraction(true, formula, formula, None, node)
        return PredicateState(self.paths.empty(), abstraction, True)

    def initial_precision(self, node: CFANode) -> PredicatePrecision:
        return self.precision

    def abstract(
        self, state: PredicateState, node: CFANode, precision: PredicatePrecision
    ) -> Abstraction | None:
        """The abstraction of ``state`` at ``node``; ``None`` if it is unsatisfiable."""
        path_formula = state.path_formula
        ssa = path_formula.ssa
        factored = factor_joins(path_formula.formula, self._factored)
        formula = And(state.abstraction.instantiated, factored)
        kind = self.options["abstraction"]
        used = () if kind == "none" else precision.predicates_at(node)
        predicates = [(p.index, instantiate(p.formula, ssa)) for p in used]
        large = path_formula.length >= _LARGE_BLOCK
        if kind == "cartesian":
            region = self.abstractions.cartesian(formula, predicates, large)
        else:  # Boolean; without predicates only the satisfiability check
            region = self.abstractions.boolean(formula, predicates, large)
        if self.regions.is_false(region):
            return None
        label = self.labels.of_region(region)
        invariant = self.invariants.get(node)
        if invariant is not None:
            self.check_invariant(state, node, formula, invariant)
            label = self.labels.conjoin(label, invariant)
        uninstantiated = self.labels.formula(label)
        return Abstraction(
            label,
            uninstantiated,
            instantiate(uninstantiated, _BLOCK_START),
            path_formula,
            node,
            used,
        )

    def check_invariant(
        self,
        state: PredicateState,
        node: CFANode,
        formula: FNode,
        invariant: FNode,
        at_loop_head: bool = True,
    ) -> None:
        """The witness' invariant at ``node`` must follow from the path into it
        (``formula``: the block from the last abstraction); else the witness is
        rejected, definitely if that block starts at the program's entry."""
        ssa = state.path_formula.ssa
        if self.solver.is_unsat(And(formula, Not(instantiate(invariant, ssa)))):
            return
        from_entry = state.abstraction.block_formula is None
        exact = from_entry and not state.path_formula.approximations
        where = f"{self.context.cfa.file}:{node.line}"
        if exact:
            message = f"the invariant at {where} does not hold on a path from the program's start"
        elif from_entry:
            message = (
                f"the invariant at {where} may not hold on a path from the program's start "
                "(the encoding approximates that path)"
            )
        elif at_loop_head:
            message = (
                f"the invariant at {where} is not inductive: a path through the loops violates it"
            )
        else:
            message = (
                f"the invariant at {where} may not hold: the loop invariants before it do "
                "not imply it"
            )
        raise WitnessRejected(message, exact)

    def strengthen(self, abstraction: Abstraction, formula: FNode) -> bool:
        """Conjoin ``formula`` (over program variables) to the label of ``abstraction``,
        in place; False if the label entails it already.

        In place because the states inside the block after ``abstraction`` extend it:
        their next abstraction must start from the strengthened label. Sound only for
        a formula that every concrete state reaching the abstraction satisfies (an
        interpolant of the path to it); the caller uncovers what the label covered.
        """
        labels = self.labels
        if labels.entails(abstraction.region, formula):
            return False
        label = labels.conjoin(abstraction.region, formula)
        abstraction.region = label
        abstraction.formula = labels.formula(label)
        abstraction.instantiated = instantiate(abstraction.formula, _BLOCK_START)
        return True

    def is_target(self, state: PredicateState) -> bool:
        """A state with an error hint is a candidate the refiner must check."""
        return state.hint is not None

    def partition_key(self, state: PredicateState) -> object:
        """Abstraction states together; the others by their abstraction.

        Inside a block a state merges with, or is covered by, only states of the same
        abstraction; an abstraction state only by abstraction states. Keying on that
        keeps merge and stop from scanning a location's whole history.
        """
        return _ABSTRACTION_STATES if state.is_abstraction else state.abstraction

    def update_statistics(self) -> None:
        stats = self.context.statistics
        stats.set("predicates_total", len(self.registry.predicates))
        stats.set("predicates_max", self.precision.max_per_location())
