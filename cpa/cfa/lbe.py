"""Large-block encoding: summarise loop-free parts of a CFA into single edges.

Beyer, Cimatti, Griggio, Keremoglu, Sebastiani, "Software model checking via
large-block encoding" (FMCAD 2009), Section 3, rewrites the CFA with three rules until
none applies:

* **Rule 0 (error sink)**: remove every edge leaving a target (error) location.
* **Rule 1 (sequence)**: a location ``l2`` with exactly one incoming edge
  ``(l1, op1, l2)``, ``l1 != l2``, is removed; each outgoing edge ``(l2, op2, l3)`` is
  replaced by ``(l1, op1;op2, l3)`` (so ``op1`` is copied onto every outgoing edge; a
  location without outgoing edges simply disappears with its incoming edge, since no
  path through it can reach a target).
* **Rule 2 (choice)**: parallel edges ``(l1, op1, l2)``, ``(l1, op2, l2)`` become one
  edge ``(l1, op1 || op2, l2)``.

Every rule keeps the set of paths from the program entry to a target, seen as
sequences of original edges (a summarised edge stands for the paths it expands to,
:func:`expand_paths`), so reachability of targets is unchanged. After summarisation
every remaining location (besides entries, exits, call and return locations and
targets) is the head of a cycle or a join point that cannot be merged, and the
analysis abstracts once per large block instead of once per statement.

Interprocedural edges (:class:`FunctionCallEdge`, :class:`FunctionReturnEdge`,
:class:`CallSummaryEdge`) are never summarised: call and return locations, function
entries and exits are block boundaries, as in the paper, which handles a program one
function at a time. Summarisation works in place, per function, with a worklist (each
rule application removes at least one edge, and only the neighbourhood of a change is
revisited), so functions with thousands of locations are cheap.

Besides the paper's rules, locations that Rule 0 made unreachable from their function's
entry (typically the code after an ``ERROR:`` label) are deleted: no execution can reach
them, and leaving them would keep spurious edges into live locations.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from cpa.cfa.model import (
    CFA,
    CallSummaryEdge,
    CFAEdge,
    CFANode,
    ChoiceEdge,
    FunctionCallEdge,
    FunctionCFA,
    FunctionEntryNode,
    FunctionExitNode,
    FunctionReturnEdge,
    SequenceEdge,
    connect,
    disconnect,
)
from cpa.cfa.order import local_successors, reverse_postorder
from cpa.cfa.targets import Specification

#: Longest ``text`` of a summarised edge; longer descriptions are cut with "...".
MAX_TEXT = 120

_INTERPROCEDURAL = (FunctionCallEdge, FunctionReturnEdge, CallSummaryEdge)


@dataclass
class LBEStatistics:
    """What summarisation did, for ``--stats`` and for tests."""

    rule0_edges: int = 0  # edges removed because they leave a target
    rule1_applications: int = 0  # locations removed by the sequence rule
    rule2_applications: int = 0  # groups of parallel edges merged by the choice rule
    dead_locations: int = 0  # locations unreachable from their function's entry, removed

    def add(self, other: LBEStatistics) -> None:
        """Accumulate ``other`` (one function's figures) into this total."""
        self.rule0_edges += other.rule0_edges
        self.rule1_applications += other.rule1_applications
        self.rule2_applications += other.rule2_applications
        self.dead_locations += other.dead_locations


# --------------------------------------------------------------------------- edges


def is_summarisable(edge: CFAEdge) -> bool:
    """Whether ``edge`` may become part of a large block: every intraprocedural edge
    (including blank and already summarised edges), never a call, return or summary."""
    return not isinstance(edge, _INTERPROCEDURAL)


def _shorten(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


def _sequence_parts(edge: CFAEdge) -> tuple[CFAEdge, ...]:
    return edge.parts if isinstance(edge, SequenceEdge) else (edge,)


def _choice_alternatives(edge: CFAEdge) -> tuple[CFAEdge, ...]:
    return edge.alternatives if isinstance(edge, ChoiceEdge) else (edge,)


def _sequence_text(parts: tuple[CFAEdge, ...]) -> str:
    texts: list[str] = []
    length = 0
    for part in parts:  # stop early: parts may be many, the text is cut anyway
        if part.text:
            texts.append(part.text)
            length += len(part.text) + 2
            if length > MAX_TEXT:
                break
    return _shorten("; ".join(texts))


def _choice_text(alternatives: tuple[CFAEdge, ...]) -> str:
    return _shorten("choice(" + " | ".join(a.text for a in alternatives[:8]) + ")")


def make_sequence(first: CFAEdge, second: CFAEdge) -> SequenceEdge:
    """The edge ``first;second`` from ``first``'s predecessor to ``second``'s successor
    (not connected). Nested sequences are flattened: parts are never SequenceEdges."""
    parts = _sequence_parts(first) + _sequence_parts(second)
    return SequenceEdge(
        predecessor=first.predecessor,
        successor=second.successor,
        line=parts[0].line,
        text=_sequence_text(parts),
        parts=parts,
    )


def make_choice(edges: Iterable[CFAEdge]) -> ChoiceEdge:
    """One edge standing for exactly one of the parallel ``edges`` (not connected).
    Nested choices are flattened: alternatives are never ChoiceEdges."""
    edges = list(edges)
    first = edges[0]
    if any(
        e.predecessor is not first.predecessor or e.successor is not first.successor for e in edges
    ):
        raise ValueError("choice of edges that are not parallel")
    alternatives = tuple(itertools.chain.from_iterable(_choice_alternatives(e) for e in edges))
    return ChoiceEdge(
        predecessor=first.predecessor,
        successor=first.successor,
        line=first.line,
        text=_choice_text(alternatives),
        alternatives=alternatives,
    )


def original_edges(edge: CFAEdge) -> Iterator[CFAEdge]:
    """The ordinary (unsummarised) edges inside ``edge``, in order, each occurrence once."""
    stack = [edge]
    while stack:
        current = stack.pop()
        if isinstance(current, SequenceEdge):
            stack.extend(reversed(current.parts))
        elif isinstance(current, ChoiceEdge):
            stack.extend(reversed(current.alternatives))
        else:
            yield current


def program_edges(graph: CFA | FunctionCFA) -> Iterator[CFAEdge]:
    """The edges of ``graph`` as the frontend made them: inside LBE's large blocks too."""
    for block in graph.edges():
        yield from original_edges(block)


def expand_paths(edge: CFAEdge) -> Iterator[tuple[CFAEdge, ...]]:
    """Every path of original edges that ``edge`` stands for (exponentially many in
    general: for tests, witnesses and debugging, not for the analysis)."""
    if isinstance(edge, SequenceEdge):
        for combination in itertools.product(*(list(expand_paths(p)) for p in edge.parts)):
            yield tuple(itertools.chain.from_iterable(combination))
    elif isinstance(edge, ChoiceEdge):
        for alternative in edge.alternatives:
            yield from expand_paths(alternative)
    else:
        yield (edge,)


def block_size(edge: CFAEdge) -> int:
    """Number of original edges inside ``edge`` (1 for an ordinary edge)."""
    return sum(1 for _ in original_edges(edge))


# --------------------------------------------------------------------------- rules


def _remove_edge(edge: CFAEdge) -> None:
    """Disconnect ``edge``; a call edge takes its summary and return edges along, so no
    return edge is left that belongs to a call that can no longer happen."""
    disconnect(edge)
    if isinstance(edge, FunctionCallEdge) and edge.summary is not None:
        summary = edge.summary
        for other in (summary, summary.return_edge):
            if other is not None and other in other.predecessor.leaving:
                disconnect(other)


def apply_rule0(function_cfa: FunctionCFA, is_target: Callable[[CFANode], bool]) -> int:
    """Rule 0: remove all edges leaving target locations; returns how many."""
    removed = 0
    for node in function_cfa.nodes:
        if is_target(node):
            for edge in list(node.leaving):
                if edge in node.leaving:  # a call edge may have removed its summary already
                    _remove_edge(edge)
                    removed += 1
    return removed


def remove_dead_locations(function_cfa: FunctionCFA) -> int:
    """Delete locations that cannot be reached from the function's entry (with their
    edges, also interprocedural ones); returns how many were deleted. The exit stays
    even when unreachable (a function that never returns), as in the frontend."""
    reached = {function_cfa.entry, function_cfa.exit}
    pending = [function_cfa.entry]
    while pending:
        for succ in local_successors(pending.pop()):
            if succ not in reached:
                reached.add(succ)
                pending.append(succ)
    dead = [node for node in function_cfa.nodes if node not in reached]
    if not dead:
        return 0
    for node in dead:
        for edge in list(node.leaving):
            if edge in node.leaving:
                _remove_edge(edge)
        for edge in list(node.entering):
            if edge in node.entering:
                disconnect(edge)
    function_cfa.nodes = [node for node in function_cfa.nodes if node in reached]
    return len(dead)


def _is_boundary(node: CFANode, is_target: Callable[[CFANode], bool]) -> bool:
    return isinstance(node, (FunctionEntryNode, FunctionExitNode)) or is_target(node)


def rule1_applicable(node: CFANode, is_target: Callable[[CFANode], bool]) -> bool:
    """Whether the sequence rule may remove ``node``: one incoming edge from another
    location, not an entry, exit or target, and only summarisable edges around it."""
    if len(node.entering) != 1 or _is_boundary(node, is_target):
        return False
    incoming = node.entering[0]
    if incoming.predecessor is node or not is_summarisable(incoming):
        return False
    return all(is_summarisable(edge) for edge in node.leaving)


def apply_rule1(node: CFANode, lazy: bool = False) -> list[SequenceEdge]:
    """Rule 1 on ``node`` (check :func:`rule1_applicable` first): replace its incoming
    edge and each outgoing edge by one sequence edge; ``node`` is left without edges.
    Returns the new (connected) edges. ``lazy`` nests instead of flattening (then call
    :func:`finalise_block` on the survivors)."""
    (incoming,) = node.entering
    disconnect(incoming)
    build = _lazy_sequence if lazy else make_sequence
    new_edges = []
    for outgoing in list(node.leaving):
        disconnect(outgoing)
        new_edges.append(connect(build(incoming, outgoing)))
    return new_edges


def apply_rule2(predecessor: CFANode, successor: CFANode) -> ChoiceEdge | None:
    """Rule 2: merge all summarisable edges ``predecessor -> successor`` into one
    choice edge, if there are at least two. Returns the new (connected) edge."""
    # Scan the shorter list: a join after a large switch has thousands of entering edges.
    if len(predecessor.leaving) <= len(successor.entering):
        candidates = [edge for edge in predecessor.leaving if edge.successor is successor]
    else:
        candidates = [edge for edge in successor.entering if edge.predecessor is predecessor]
    parallel = [edge for edge in candidates if is_summarisable(edge)]
    if len(parallel) < 2:
        return None
    for edge in parallel:
        disconnect(edge)
    return connect(make_choice(parallel))  # type: ignore[return-value]


def _merge_leaving(node: CFANode) -> list[CFANode]:
    """Rule 2 for every successor of ``node``; returns successors that lost edges."""
    counts: dict[CFANode, int] = {}
    for edge in node.leaving:
        if is_summarisable(edge):
            counts[edge.successor] = counts.get(edge.successor, 0) + 1
    changed = [succ for succ, count in counts.items() if count > 1]
    for succ in changed:
        apply_rule2(node, succ)
    return changed


# --------------------------------------------------------------------------- lazy blocks
#
# Flattening eagerly in the fixpoint copies a growing tuple at every Rule 1 step, which
# is quadratic on long straight-line code. Inside the fixpoint, sequences are therefore
# built nested (constant time); one pass at the end flattens every remaining edge.


def _lazy_sequence(first: CFAEdge, second: CFAEdge) -> SequenceEdge:
    return SequenceEdge(
        predecessor=first.predecessor,
        successor=second.successor,
        line=first.line,
        text="",
        parts=(first, second),
    )


def _block_children(edge: CFAEdge) -> tuple[list[CFAEdge], list[CFAEdge]]:
    """For a block edge: its flat parts (sequence) or alternatives (choice), and the
    block edges among them that must be finalised first."""
    if isinstance(edge, SequenceEdge):
        leaves: list[CFAEdge] = []
        stack = [edge]
        while stack:  # inline nested sequences, iteratively (nesting can be deep)
            current = stack.pop()
            if isinstance(current, SequenceEdge):
                stack.extend(reversed(current.parts))
            else:
                leaves.append(current)
        return leaves, [leaf for leaf in leaves if isinstance(leaf, ChoiceEdge)]
    assert isinstance(edge, ChoiceEdge)
    alternatives = list(_flat_alternatives(edge))
    return alternatives, [a for a in alternatives if isinstance(a, SequenceEdge)]


def _flat_alternatives(edge: ChoiceEdge) -> Iterator[CFAEdge]:
    for alternative in edge.alternatives:
        if isinstance(alternative, ChoiceEdge):
            yield from _flat_alternatives(alternative)
        else:
            yield alternative


def finalise_block(edge: CFAEdge, done: set[CFAEdge] | None = None) -> None:
    """Flatten ``edge`` in place (sequences without nested sequences, choices without
    nested choices, also inside) and set ``text`` and ``line`` from the contents.

    ``done`` remembers finalised blocks across calls (blocks may be shared)."""
    done = set() if done is None else done
    if not isinstance(edge, (SequenceEdge, ChoiceEdge)) or edge in done:
        return
    children: dict[CFAEdge, list[CFAEdge]] = {}
    stack = [edge]
    while stack:  # post-order over the DAG of blocks, iteratively
        current = stack[-1]
        if current in done:
            stack.pop()
            continue
        if current not in children:
            flat, pending = _block_children(current)
            children[current] = flat
            stack.extend(p for p in pending if p not in done)
            continue
        stack.pop()
        flat = children.pop(current)
        if isinstance(current, SequenceEdge):
            current.parts = tuple(flat)
            current.text = _sequence_text(current.parts)
        else:
            assert isinstance(current, ChoiceEdge)
            current.alternatives = tuple(flat)
            current.text = _choice_text(current.alternatives)
        current.line = flat[0].line if flat else current.line
        done.add(current)


# --------------------------------------------------------------------------- fixpoint


def _postorder(function_cfa: FunctionCFA) -> list[CFANode]:
    """Locations successors-first, so inner diamonds collapse before their branch
    location is merged into its predecessor (which keeps conditions unduplicated)."""
    return reverse_postorder(function_cfa)[::-1]


def summarise_function(
    function_cfa: FunctionCFA,
    is_target: Callable[[CFANode], bool],
    remove_dead: bool = True,
) -> LBEStatistics:
    """Apply Rules 0, 1, 2 to one function until none applies (in place)."""
    stats = LBEStatistics()
    stats.rule0_edges = apply_rule0(function_cfa, is_target)
    if remove_dead:
        stats.dead_locations = remove_dead_locations(function_cfa)

    removed: set[CFANode] = set()
    order = _postorder(function_cfa)
    # A stack popped from the end: the first location of the post-order comes first.
    worklist = order[::-1]
    queued = set(worklist)
    while worklist:
        node = worklist.pop()
        queued.discard(node)
        if node in removed:
            continue
        touched = _merge_leaving(node)  # successors that lost entering edges
        stats.rule2_applications += len(touched)
        if rule1_applicable(node, is_target):
            predecessor = node.entering[0].predecessor
            new_edges = apply_rule1(node, lazy=True)
            removed.add(node)
            stats.rule1_applications += 1
            # Only the new edges can be parallel to others; a merge lowers the in-degree
            # of their target, which may enable Rule 1 there. Nothing else changed.
            for edge in new_edges:
                succ = edge.successor
                if apply_rule2(predecessor, succ) is not None:
                    stats.rule2_applications += 1
                    touched.append(succ)
        for other in touched:
            if other not in queued and other not in removed:
                queued.add(other)
                worklist.append(other)
    if removed:
        function_cfa.nodes = [node for node in function_cfa.nodes if node not in removed]
    done: set[CFAEdge] = set()
    for node in function_cfa.nodes:
        for edge in node.leaving:
            finalise_block(edge, done)
    return stats


def summarise(
    cfa: CFA, specification: Specification | None = None, remove_dead: bool = True
) -> LBEStatistics:
    """Large-block encoding of the whole program, function by function, in place.

    ``specification`` decides which locations are targets (default
    :meth:`Specification.any_error`)."""
    spec = specification or Specification.any_error()
    total = LBEStatistics()
    for function_cfa in cfa.functions.values():
        total.add(summarise_function(function_cfa, spec.is_target, remove_dead))
    return total
