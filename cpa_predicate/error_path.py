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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pysmt.fnode import FNode
from pysmt.shortcuts import FALSE, TRUE, And

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


def block_start(state: ARGState, predicate_state) -> ARGState | None:
    """The abstraction state whose block ``state`` is in, strictly above it (inside a
    block any parent leads back there: all states of a block share its abstraction);
    None above the root."""
    parents = state.parents
    while parents:
        state = parents[0]
        if predicate_state(state).is_abstraction:
            return state
        parents = state.parents
    return None


def _own_block(state: ARGState, predicate_state) -> ARGState | None:
    """``state`` if it is an abstraction state, else the one its block starts at."""
    if predicate_state(state).is_abstraction:
        return state
    return block_start(state, predicate_state)


def abstraction_states(
    state: ARGState, predicate_state: Callable[[ARGState], PredicateState]
) -> list[ARGState]:
    """The abstraction states from the root down to ``state`` (or to the abstraction
    state of its block), read off the ARG: the one graph the refiners work on."""
    current = _own_block(state, predicate_state)
    states = []
    while current is not None:
        states.append(current)
        current = block_start(current, predicate_state)
    states.reverse()
    return states


def error_path(
    target: ARGState,
    predicate_state: Callable[[ARGState], PredicateState],
    suffix: Sequence[Abstraction] = (),
) -> ErrorPath:
    """The abstract error path to ``target``: the abstraction states above it in the
    ARG and their abstractions, continued along a stored ``suffix`` of abstractions
    past ``target`` if one is given (an error hint's, whose blocks are not in the ARG)."""
    nodes = abstraction_states(target, predicate_state)
    chain = [predicate_state(node).abstraction for node in nodes]
    chain.extend(suffix)
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


def labelled_blocks(
    blocks: Sequence[FNode], shifts: Sequence[IndexShift], chain: Sequence[Abstraction]
) -> list[FNode]:
    """``blocks`` (``blocks[k]`` leads from ``chain[k]``, shifted by ``shifts[k]``), each
    preceded by the label its abstraction state holds, at the values the block starts
    from.

    Where labels are strengthened in place (IMPACT), every label on a path holds in
    every concrete state that reaches its state along the ARG, so conjoining them
    changes no concrete path: the interpolants of the labelled blocks are labels as
    sound as those of the bare ones. But the unsat core may now end the refutation at
    the last label that suffices, and only the blocks after it go to the interpolator,
    instead of proving again, from the root, what earlier refinements already proved
    (``[refiner.predicate] path_labels``; larger path formulas, so off by default).
    """
    return [
        block
        if chain[k].formula.is_true()
        else And(shifts[k].formula(chain[k].instantiated), block)
        for k, block in enumerate(blocks)
    ]


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


def block_edge(source: int, target: int, abstraction: Abstraction) -> DagEdge:
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
    # the abstraction states above the targets, each with the one above it in the ARG
    parent_of: dict[int, ARGState | None] = {}
    tops: list[ARGState] = []
    for target in targets:
        node = _own_block(target, predicate_state)
        assert node is not None, "a target above the root"
        tops.append(node)
        while node is not None and id(node) not in parent_of:
            above = block_start(node, predicate_state)
            parent_of[id(node)] = above
            node = above
    upper = {id(node) for node in tops}

    def below_another(node: ARGState) -> bool:
        above = parent_of[id(node)]
        while above is not None and id(above) not in upper:
            above = parent_of[id(above)]
        return above is not None

    tops = [node for node in tops if not below_another(node)]
    kept: dict[int, ARGState] = {}  # what leads to the remaining targets
    for top in tops:
        node = top
        while node is not None and id(node) not in kept:
            kept[id(node)] = node
            node = parent_of[id(node)]
    # an abstraction is created after the one above it: creation order is topological
    nodes = sorted(kept.values(), key=lambda node: predicate_state(node).abstraction.id)
    ordered = [predicate_state(node).abstraction for node in nodes]
    index = {id(node): i for i, node in enumerate(nodes)}
    parents: list[int | None] = []
    edges: list[DagEdge] = []
    for i, node in enumerate(nodes):
        above = parent_of[id(node)]
        if above is None:
            parents.append(None)
            continue
        parents.append(index[id(above)])
        edges.append(block_edge(index[id(above)], i, ordered[i]))
    if parents.count(None) != 1 or parents[0] is not None:
        raise AssertionError("the error DAG has not one root")
    target_nodes = [index[id(node)] for node in tops]
    problem = InterpolationDag(len(ordered), edges, frozenset(target_nodes), node_variables(edges))
    return ErrorDag(nodes, ordered, parents, target_nodes, problem)


def node_variables(edges: Sequence[DagEdge]) -> frozenset[FNode]:
    """The program variables whose values at the nodes the ``edges`` relate: those an
    edge reads at its source (index 0) or writes for its target."""
    variables: set[FNode] = set()
    for edge in edges:
        variables.update(edge.at_target)
        for free in edge.formula.get_free_variables():
            if is_program_symbol(free):
                name, ssa_index = split_name(free.symbol_name())
                if ssa_index == 0 and not is_auxiliary(name):
                    variables.add(free)
    return frozenset(variables)
