"""Loop heads: where analyses widen, abstract (predicate abstraction at loop heads) or
unroll (bounded model checking).

A loop head is the target of a DFS back edge of a function's CFA. Unlike syntactic
``while``/``for`` detection this also finds loops made with ``goto`` and irreducible
loops (whose head then depends on the DFS order, which is fine: every cycle still
contains at least one head, which is all the analyses need to terminate).
"""

from __future__ import annotations

from collections.abc import Iterator

from cpa.cfa.model import CFA, CFANode, FunctionCFA
from cpa.cfa.order import local_successors


def function_loop_heads(function_cfa: FunctionCFA) -> set[CFANode]:
    """Targets of back edges of an iterative DFS from the entry (intraprocedural).

    Locations not reachable from the entry are explored afterwards, so every cycle
    of the function gets a head.
    """
    heads: set[CFANode] = set()
    visited: set[CFANode] = set()
    on_stack: set[CFANode] = set()
    for root in [function_cfa.entry, *function_cfa.nodes]:
        if root in visited:
            continue
        visited.add(root)
        on_stack.add(root)
        stack: list[tuple[CFANode, Iterator[CFANode]]] = [(root, local_successors(root))]
        while stack:
            node, successors = stack[-1]
            for succ in successors:
                if succ in on_stack:
                    heads.add(succ)
                elif succ not in visited:
                    visited.add(succ)
                    on_stack.add(succ)
                    stack.append((succ, local_successors(succ)))
                    break
            else:
                stack.pop()
                on_stack.discard(node)
    return heads


def find_loop_heads(cfa: CFA) -> set[CFANode]:
    """Loop heads of all functions, without touching the nodes."""
    heads: set[CFANode] = set()
    for function_cfa in cfa.functions.values():
        heads |= function_loop_heads(function_cfa)
    return heads


def mark_loop_heads(cfa: CFA) -> set[CFANode]:
    """Set ``node.is_loop_head`` for every location of ``cfa`` and return the heads."""
    heads = find_loop_heads(cfa)
    for node in cfa.nodes():
        node.is_loop_head = node in heads
    for node in heads:  # in case a head is missing from its function's node list
        node.is_loop_head = True
    return heads
