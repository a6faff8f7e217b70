"""From a feasible abstract error path to a concrete counterexample.

Blocks join several paths (LBE, ABE), so a model of the error path's conjunction
says which one was taken: ``PathFormulaManager.path_in`` follows the model back
through the joined block formulas to one concrete path, which is solved on its own;
its model gives the inputs, and (by default) the inputs are replayed through the
CFA with the concrete interpreter before the answer may be FALSE.
"""

from __future__ import annotations

from pysmt.fnode import FNode
from pysmt.shortcuts import And, get_env

from algorithms.cegar import RefinementResult
from cpa.cfa.integers import wrap
from cpa.cfa.interpreter import run as replay
from cpa.cfa.model import (
    CFAEdge,
    ExternalCallEdge,
)
from cpa.cfa.types import IntegerType
from cpa.core.context import AnalysisContext
from cpa.results import Counterexample, InputValue, path_step
from cpa_predicate.error_path import ErrorPath
from cpa_predicate.pathformula import PathFormulaManager
from cpa_predicate.predicate_cpa import PredicateCPA
from cpa_predicate.ssa import IndexShift


def counterexample(
    cpa: PredicateCPA,
    context: AnalysisContext,
    path: ErrorPath,
    model: dict | None,
) -> RefinementResult:
    """The concrete counterexample along the feasible ``path``; ``model`` is a model of
    its conjunction if the caller has one (else the solver finds one)."""
    if model is None:
        model = cpa.solver.model_of(And(path.blocks))
    if model is None:
        return RefinementResult(
            failed="the solver found the error path feasible, then found no model"
        )

    # Blocks joined states of several paths; the model picks one of them.
    edges: list[CFAEdge] = []
    try:
        for abstraction, shift in zip(path.chain[1:], path.shifts, strict=True):

            def model_value(symbol: FNode, shift: IndexShift = shift) -> FNode | int:
                return model.get(shift.symbol(symbol), 0)

            edges.extend(cpa.paths.path_in(abstraction.block_formula, model_value))
    except ValueError as error:
        return RefinementResult(failed=f"no single error path could be rebuilt: {error}")
    result, undefined = _replayed_counterexample(cpa, context, cpa.paths, edges)
    if undefined:
        # The model's inputs overflow (say) where other inputs along the same path
        # might not: solve the path again, keeping only its defined executions.
        defined = PathFormulaManager(context.cfa, defined_only=True)
        retry, _ = _replayed_counterexample(cpa, context, defined, edges)
        if retry.counterexample is not None:
            return retry
        return RefinementResult(failed=f"{result.failed}; solved again: {retry.failed}")
    return result


#: how the concrete interpreter's reason begins for a run stopped by undefined behaviour
_UNDEFINED = "undefined behaviour: "


def _replayed_counterexample(
    cpa: PredicateCPA,
    context: AnalysisContext,
    paths: PathFormulaManager,
    edges: list[CFAEdge],
) -> tuple[RefinementResult, bool]:
    """The counterexample of the concrete path ``edges`` encoded by ``paths``: its
    inputs from a model of the path formula, replayed (by default) before it counts;
    and whether the replay stopped at undefined behaviour."""
    concrete_path = paths.empty()
    for edge in edges:
        concrete_path = paths.make_and(concrete_path, edge)
    path_model = cpa.solver.model_of(concrete_path.formula)
    if path_model is None:
        if paths.encoder.defined_only:
            failed = "no inputs take this path without undefined behaviour"
        else:
            failed = "the error path rebuilt from the joined block formulas is infeasible"
        return RefinementResult(failed=failed), False

    def value(symbol: FNode) -> int:
        constant = path_model.get(symbol)
        return 0 if constant is None else constant.constant_value()

    steps, inputs = [], []
    for edge, nondets in paths.concrete_steps(edges, value):
        read = []
        for symbol_name, source in nondets:
            symbol = get_env().formula_manager.get_symbol(symbol_name)
            bits = value(symbol)  # the model's bits, read as a value of the input's type
            number = wrap(bits, source.ctype) if isinstance(source.ctype, IntegerType) else bits
            callee = edge.function_name if isinstance(edge, ExternalCallEdge) else ""
            read.append(
                InputValue(source.variable, source.line, number, str(source.ctype or ""), callee)
            )
        inputs.extend(read)
        steps.append(path_step(edge, tuple(read)))
    result = Counterexample(steps, inputs)
    end = edges[-1].successor if edges else None
    if end is not None and end.undefined is not None:
        result.undefined_behaviour = f"{end.undefined} ({context.cfa.file}:{end.line})"
        return RefinementResult(counterexample=result), False  # no violation to replay
    if cpa.options["check_counterexample"]:
        replayed = replay(
            context.cfa, context.specification, [i.value for i in inputs], default_input=0
        )
        if not replayed.reached_target:
            reason = replayed.reason
            if concrete_path.approximations:
                approximated = "; ".join(concrete_path.approximations)
                reason = f"{reason}; the encoding approximated {approximated}"
            return RefinementResult(
                failed="the error path is feasible in the formula encoding but its "
                f"inputs do not reach the target in the concrete interpreter ({reason})"
            ), replayed.reason.startswith(_UNDEFINED)
    return RefinementResult(counterexample=result), False
