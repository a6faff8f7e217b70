"""The ARG condition of an :class:`~cpa_predicate.interpolation.InterpolationDag` as
one SMT formula: satisfiable exactly when some error node is reachable.

UFO decides a whole DAG of blocks with one query before it interpolates; an unsat
core of that query tells which parts of the blocks refute *all* errors together, so
the Horn system that yields the DAG interpolant only gets those parts (as the unsat
core does for one path).

Every node gets its own copy of the node variables (``x#n3``), every edge its own
copy of its local symbols (``t@2#e5``), and the Boolean ``reach`` of a node holds
only if one of its incoming edges is taken, which needs the edge's source reached,
its formula true and the variables the edge does not assign unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import z3
from pysmt.fnode import FNode

from cpa_predicate.interpolation import InterpolationDag

__all__ = ["ArgCondition", "arg_condition"]


@dataclass
class ArgCondition:
    """The assertions, and the literal per node that holds when the node is reached
    (in a model, the ``reach`` literals of the errors say which one is reachable)."""

    assertions: list[z3.BoolRef]
    reach: list[z3.BoolRef]


def arg_condition(
    dag: InterpolationDag,
    symbols: Sequence[frozenset[FNode]],
    scopes: Sequence[Sequence[FNode]],
    bodies: Sequence[z3.BoolRef],
    to_z3: Callable[[FNode], z3.ExprRef],
    ctx: z3.Context,
) -> ArgCondition:
    """The ARG condition of ``dag``.

    ``symbols[k]`` are the free symbols of edge ``k``'s formula and ``bodies[k]`` that
    formula in Z3 (possibly with guard literals of its own, which stay as they are);
    ``scopes[n]`` the node variables node ``n``'s value must carry on to the edges below
    it; ``to_z3`` converts a symbol.
    """
    copies: dict[tuple[FNode, str], z3.ExprRef] = {}

    def copy(sym: FNode, where: str) -> z3.ExprRef:
        key = (sym, where)
        const = copies.get(key)
        if const is None:
            const = copies[key] = z3.Const(f"{sym.symbol_name()}#{where}", to_z3(sym).sort())
        return const

    reach = [z3.Bool(f"arg!reach{n}", ctx) for n in range(dag.size)]
    incoming: dict[int, list[z3.BoolRef]] = {}
    assertions: list[z3.BoolRef] = []
    for k, (edge, free, body) in enumerate(zip(dag.edges, symbols, bodies, strict=True)):
        source, target = f"n{edge.source}", f"n{edge.target}"
        holders: dict[FNode, list[FNode]] = {}
        for variable, value in edge.at_target.items():
            holders.setdefault(value, []).append(variable)
        renaming: list[tuple[z3.ExprRef, z3.ExprRef]] = []
        aliased: set[FNode] = set()
        # by name: Z3's search depends on the order its terms are made in
        for sym in sorted(free, key=FNode.symbol_name):
            owners = holders.get(sym, [])
            if len(owners) == 1 and sym not in dag.node_variables:
                renamed = copy(owners[0], target)  # the value the target starts from
                aliased.add(owners[0])
            elif sym in dag.node_variables:
                renamed = copy(sym, source)
            else:
                renamed = copy(sym, f"e{k}")
            renaming.append((to_z3(sym), renamed))
        taken = [reach[edge.source], z3.substitute(body, *renaming) if renaming else body]
        for variable, value in edge.at_target.items():
            if variable not in aliased:
                at_source = copy(value, source if value in dag.node_variables else f"e{k}")
                taken.append(copy(variable, target) == at_source)
        for variable in scopes[edge.target]:
            if variable not in edge.at_target:
                taken.append(copy(variable, target) == copy(variable, source))
        edge_taken = z3.Bool(f"arg!edge{k}", ctx)
        incoming.setdefault(edge.target, []).append(edge_taken)
        assertions.append(z3.Implies(edge_taken, z3.And(*taken)))
    for node, edges in incoming.items():
        assertions.append(z3.Implies(reach[node], z3.Or(*edges)))
    assertions.append(z3.Or(*[reach[node] for node in sorted(dag.errors)]))
    return ArgCondition(assertions, reach)
