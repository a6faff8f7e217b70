"""The error structures refinement works on: the abstract error path to one target
and the error DAG of all targets, and the labels that refute either.

The path is the chain of abstractions that leads to the target, read off the ARG
(each abstraction state's block leads to the next). Its blocks are path formulas
with block-local SSA indices; shifted one past the other they form the sequence the
interpolator (or the solver) checks as one conjunction.

The DAG (UFO's ARG condition) is the union of the paths to every target in the
reached set: abstraction states as nodes, their blocks as edges. Block-local SSA
makes its encoding direct: ``x@0`` is the value of ``x`` at an edge's source, the
last index of ``x`` in the block its value at the target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pysmt.fnode import FNode
from pysmt.shortcuts import FALSE, TRUE

from cpa.core.arg import ARGState
from cpa_predicate.interpolation import DagEdge, InterpolationDag
from cpa_predicate.ssa import (
    IndexShift,
    SSAMap,
    is_auxiliary,
    is_program_symbol,
    sequence_shifts,
    split_name,
    symbol,
)
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


@dataclass
class Refutation:
    """Labels that rule out an error structure: ``labels[i]`` holds at ``nodes[i]``
    (whose abstraction is ``abstractions[i]``) whenever a concrete state gets there,
    and is false at the targets. ``parents[i]`` is the node whose block leads to node
    ``i`` (None at the root); nodes come after their parents. Labels mention program
    variables with SSA indices, which a strategy drops."""

    nodes: list[ARGState]
    abstractions: list[Abstraction]
    parents: list[int | None]
    labels: list[FNode]

    @staticmethod
    def of_path(path: ErrorPath, interpolants: list[FNode]) -> Refutation:
        """The path's sequence interpolants as labels (true at the root, false at the
        target)."""
        n = len(path.nodes)
        return Refutation(
            path.nodes,
            path.chain,
            [None, *range(n - 1)],
            [TRUE(), *interpolants, FALSE()],
        )


def _holders(
    target: ARGState,
    predicate_state: Callable[[ARGState], PredicateState],
    holders: dict[int, ARGState],
) -> None:
    """The ARG states holding the abstractions on the way up from ``target`` (inside
    a block, any parent leads back to the block's abstraction state: all states of a
    block share its abstraction)."""
    state: ARGState | None = target
    while state is not None:
        current = predicate_state(state)
        if current.is_abstraction:
            if id(current.abstraction) in holders:
                return  # the rest of the way up is known
            holders[id(current.abstraction)] = state
        state = state.parents[0] if state.parents else None


def state_holders(
    state: ARGState, predicate_state: Callable[[ARGState], PredicateState]
) -> dict[int, ARGState]:
    """The ARG states holding the abstractions on the way up from ``state``, by the
    abstraction's ``id()``."""
    holders: dict[int, ARGState] = {}
    _holders(state, predicate_state, holders)
    return holders


def error_path(
    target: ARGState, predicate_state: Callable[[ARGState], PredicateState]
) -> ErrorPath:
    """The abstract error path to ``target``: the chain of the abstractions'
    predecessors and the ARG states holding them."""
    chain = predicate_state(target).abstraction.chain()
    holders = state_holders(target, predicate_state)
    try:
        nodes = [holders[id(abstraction)] for abstraction in chain]
    except KeyError:
        raise AssertionError("an abstraction of the error path is not in the ARG") from None
    blocks, shifts = shifted_blocks(chain[1:])
    return ErrorPath(target, chain, nodes, blocks, shifts[:-1])


def shifted_blocks(chain: list[Abstraction]) -> tuple[list[FNode], list[IndexShift]]:
    """The blocks that end in the abstractions of ``chain``, shifted one past the other
    into one sequence, and the shifts: one per block and one past the last (it takes
    an index-0 formula to the values the sequence ends with)."""
    block_formulas = [abstraction.block_formula for abstraction in chain]
    shifts = sequence_shifts([*(pf.ssa for pf in block_formulas), SSAMap()])
    blocks = [
        shift.formula(pf.formula) for shift, pf in zip(shifts[:-1], block_formulas, strict=True)
    ]
    return blocks, shifts


@dataclass
class ErrorDag:
    """The abstraction states on the paths to ``targets`` (root first, every node
    after its parent), and the interpolation problem of their blocks."""

    nodes: list[ARGState]
    abstractions: list[Abstraction]
    parents: list[int | None]
    targets: list[int]
    problem: InterpolationDag

    def refutation(self, labels: list[FNode]) -> Refutation:
        return Refutation(self.nodes, self.abstractions, self.parents, labels)


def _block_edge(source: int, target: int, abstraction: Abstraction) -> DagEdge:
    """The block that ends in ``abstraction`` as a DAG edge: ``x@0`` at the source,
    ``x@k`` (the block's last index of ``x``) at the target."""
    block = abstraction.block_formula
    assert block is not None, "the root has no block"
    at_target = {
        symbol(name, 0): symbol(name, index)
        for name, index in block.ssa.items()
        if index > 0 and not is_auxiliary(name)
    }
    return DagEdge(source, target, block.formula, at_target)


def error_dag(
    targets: list[ARGState], predicate_state: Callable[[ARGState], PredicateState]
) -> ErrorDag:
    """The error DAG of ``targets`` (abstraction states of target locations).

    A target below another (an ``ERROR:`` label is not a sink: the program, and the
    loop, go on past it) is left out: its paths pass through the upper target, which
    is the error node, and an error node has no edges leaving it."""
    upper = {id(predicate_state(target).abstraction) for target in targets}

    def below_another(target: ARGState) -> bool:
        above = predicate_state(target).abstraction.predecessor
        while above is not None and id(above) not in upper:
            above = above.predecessor
        return above is not None

    targets = [target for target in targets if not below_another(target)]
    holders: dict[int, ARGState] = {}
    abstractions: dict[int, Abstraction] = {}
    for target in targets:
        _holders(target, predicate_state, holders)
        abstraction: Abstraction | None = predicate_state(target).abstraction
        while abstraction is not None and id(abstraction) not in abstractions:
            abstractions[id(abstraction)] = abstraction
            abstraction = abstraction.predecessor
    # an abstraction is created after its predecessor: creation order is topological
    ordered = sorted(abstractions.values(), key=lambda a: a.id)
    try:
        nodes = [holders[id(abstraction)] for abstraction in ordered]
    except KeyError:
        raise AssertionError("an abstraction of the error DAG is not in the ARG") from None
    index = {id(abstraction): i for i, abstraction in enumerate(ordered)}
    parents: list[int | None] = []
    edges: list[DagEdge] = []
    for i, abstraction in enumerate(ordered):
        if abstraction.predecessor is None:
            parents.append(None)
            continue
        parents.append(index[id(abstraction.predecessor)])
        edges.append(_block_edge(index[id(abstraction.predecessor)], i, abstraction))
    if parents.count(None) != 1 or parents[0] is not None:
        raise AssertionError("the error DAG has not one root")
    variables = set()
    for edge in edges:
        variables.update(edge.at_target)
        for free in edge.formula.get_free_variables():
            if is_program_symbol(free):
                name, ssa_index = split_name(free.symbol_name())
                if ssa_index == 0 and not is_auxiliary(name):
                    variables.add(free)
    target_nodes = [index[id(predicate_state(t).abstraction)] for t in targets]
    problem = InterpolationDag(len(ordered), edges, frozenset(target_nodes), frozenset(variables))
    return ErrorDag(nodes, ordered, parents, target_nodes, problem)
