"""Remove the parts of a CFA that cannot matter for a reachability property.

Why this is sound: a location is kept iff it is forward-reachable from ``main``'s entry
*and* can reach a target in the interprocedural supergraph (ordinary edges plus
function call and return edges, ignoring calling contexts). Every real (feasible,
properly nested) execution that ends in a target is in particular a path of that
supergraph from ``main``'s entry to the target, so each location on it satisfies both
conditions and survives, and so does each edge between two surviving locations. A
removed location therefore cannot lie on any execution reaching a target: cutting it
only removes executions that could never violate the property, and the set of
reachable targets (and the counterexamples leading to them) is unchanged.

Call summary edges are not followed: the location after a call is only useful if the
callee can return, which the supergraph path through the callee's exit expresses. A
summary edge is kept only while its call location, return location, call edge and
return edge all survive, so it still stands for a call that can return.
"""

from __future__ import annotations

from collections.abc import Iterable

from cpa.cfa.model import CFA, CallSummaryEdge, CFAEdge, CFANode
from cpa.cfa.targets import Specification


def _supergraph_edge(edge: CFAEdge) -> bool:
    return not isinstance(edge, CallSummaryEdge)


def backward_reachable(targets: Iterable[CFANode]) -> set[CFANode]:
    """Locations that can reach one of ``targets`` in the interprocedural supergraph."""
    reached = set(targets)
    pending = list(reached)
    while pending:
        node = pending.pop()
        for edge in node.entering:
            pred = edge.predecessor
            if pred not in reached and _supergraph_edge(edge):
                reached.add(pred)
                pending.append(pred)
    return reached


def forward_reachable(start: CFANode, within: set[CFANode] | None = None) -> set[CFANode]:
    """Locations reachable from ``start`` in the supergraph, optionally only through
    locations in ``within``."""
    reached = {start}
    pending = [start]
    while pending:
        node = pending.pop()
        for edge in node.leaving:
            succ = edge.successor
            if (
                succ not in reached
                and _supergraph_edge(edge)
                and (within is None or succ in within)
            ):
                reached.add(succ)
                pending.append(succ)
    return reached


def _summary_survives(edge: CallSummaryEdge, keep: set[CFANode]) -> bool:
    for part in (edge.call_edge, edge.return_edge):
        if part is not None and (part.predecessor not in keep or part.successor not in keep):
            return False
    return True


def prune_unreachable_to_target(
    cfa: CFA, targets: Iterable[CFANode] | Specification | None = None
) -> int:
    """Delete every location that cannot lie on a path from ``main``'s entry to a target.

    ``targets`` are target locations or a :class:`Specification` (default
    :meth:`Specification.any_error`). ``main``'s entry always stays, so the analysis
    has a start; without reachable targets main shrinks to that single location.
    Removed locations lose all their edges, edges into or out of removed locations are
    detached from the survivors, ``FunctionCFA.nodes`` is filtered, and functions
    left without any location are dropped from ``cfa.functions`` (no call edge can
    lead there any more). ``FunctionCFA.exit`` keeps pointing to a possibly removed
    exit location. Returns the number of removed locations.
    """
    if targets is None:
        targets = Specification.any_error()
    if isinstance(targets, Specification):
        targets = targets.target_nodes(cfa)
    main_entry = cfa.main.entry
    keep = backward_reachable(targets)
    keep.add(main_entry)
    keep = forward_reachable(main_entry, keep)

    removed = 0
    for node in set(cfa.nodes()) | keep:
        if node in keep:
            node.leaving = [edge for edge in node.leaving if edge.successor in keep]
            node.entering = [edge for edge in node.entering if edge.predecessor in keep]
        else:
            node.leaving = []
            node.entering = []
    for node in keep:
        for edge in list(node.leaving):
            if isinstance(edge, CallSummaryEdge) and not _summary_survives(edge, keep):
                node.leaving.remove(edge)
                edge.successor.entering.remove(edge)

    for name in list(cfa.functions):
        function_cfa = cfa.functions[name]
        before = len(function_cfa.nodes)
        function_cfa.nodes = [node for node in function_cfa.nodes if node in keep]
        removed += before - len(function_cfa.nodes)
        if not function_cfa.nodes and name != cfa.entry_function:
            del cfa.functions[name]
    if main_entry not in cfa.main.nodes:
        cfa.main.nodes.insert(0, main_entry)
    return removed


def check_consistency(cfa: CFA) -> list[str]:
    """Problems with the edge bookkeeping: an edge listed at one end but not the other,
    or an edge ending at a location outside every function. Empty when consistent."""
    problems: list[str] = []
    known = set(cfa.nodes())
    for node in known:
        for edge in node.leaving:
            if edge.predecessor is not node:
                problems.append(f"{edge!r} listed as leaving {node!r}")
            if edge not in edge.successor.entering:
                problems.append(f"{edge!r} missing in entering of {edge.successor!r}")
            if edge.successor not in known:
                problems.append(f"{edge!r} leads to unknown {edge.successor!r}")
        for edge in node.entering:
            if edge.successor is not node:
                problems.append(f"{edge!r} listed as entering {node!r}")
            if edge not in edge.predecessor.leaving:
                problems.append(f"{edge!r} missing in leaving of {edge.predecessor!r}")
            if edge.predecessor not in known:
                problems.append(f"{edge!r} comes from unknown {edge.predecessor!r}")
    return problems
