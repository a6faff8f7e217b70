"""The error structure refinement works on: the abstract error path.

The path is the chain of abstractions that leads to the target, read off the ARG
(each abstraction state's block leads to the next). Its blocks are path formulas
with block-local SSA indices; shifted one past the other they form the sequence the
interpolator (or the solver) checks as one conjunction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pysmt.fnode import FNode

from cpa.core.arg import ARGState
from cpa_predicate.ssa import IndexShift, sequence_shifts
from cpa_predicate.state import Abstraction, PredicateState


@dataclass
class ErrorPath:
    """Abstractions ``chain[0]`` (the root) ... ``chain[-1]`` (the target), the ARG
    states that hold them, and the blocks between them, shifted into one sequence
    (``blocks[i]`` leads from ``chain[i]`` to ``chain[i + 1]``)."""

    target: ARGState
    chain: list[Abstraction]
    nodes: list[ARGState]
    blocks: list[FNode]
    shifts: list[IndexShift]


def error_path(
    target: ARGState, predicate_state: Callable[[ARGState], PredicateState]
) -> ErrorPath:
    """The abstract error path to ``target``.

    The chain follows the abstractions' predecessors; the ARG states holding them are
    found on the way up from ``target`` (inside a block, any parent leads back to the
    block's abstraction state: all states of a block share its abstraction).
    """
    chain = predicate_state(target).abstraction.chain()
    holders: dict[int, ARGState] = {}
    state: ARGState | None = target
    while state is not None:
        current = predicate_state(state)
        if current.is_abstraction:
            holders.setdefault(id(current.abstraction), state)
        state = state.parents[0] if state.parents else None
    try:
        nodes = [holders[id(abstraction)] for abstraction in chain]
    except KeyError:
        raise AssertionError("an abstraction of the error path is not in the ARG") from None
    block_formulas = [abstraction.block_formula for abstraction in chain[1:]]
    shifts = sequence_shifts(pf.ssa for pf in block_formulas)
    blocks = [shift.formula(pf.formula) for shift, pf in zip(shifts, block_formulas, strict=True)]
    return ErrorPath(target, chain, nodes, blocks, shifts)
