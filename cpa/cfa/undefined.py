"""Undefined behaviour as locations: the checks that make TRUE sound for array accesses.

An out-of-bounds array access is undefined in C: a compiled program may overwrite any
other object, so an analysis that merely ignored the access (or assumed it away) could
prove a program TRUE that gcc's build violates. :func:`add_bounds_checks` therefore puts
before every edge that indexes an array of known length a branch on the index: the
out-of-bounds side ends in a location whose ``undefined`` attribute describes the
behaviour. Every specification counts these locations as targets
(:meth:`cpa.cfa.targets.Specification.is_target`), so the ordinary reachability
machinery proves them unreachable (then TRUE holds for the program as C defines it)
or finds a feasible path to one, which the verifier reports as UNKNOWN with the
behaviour and its line, never as FALSE.

Indices are compared as ``(unsigned long long) i >= N``: a negative index converts to
a value of at least 2^63, so one unsigned comparison covers both bounds exactly.
``&a[N]`` (one past the end, without access) is allowed. A check evaluates only the
index, so the checks of nested accesses (``a[b[i]]``) come inner first.
"""

from __future__ import annotations

from collections.abc import Iterator

from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    BinaryExpression,
    CastExpression,
    Expression,
    IntConstant,
)
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    AssumeEdge,
    CallSummaryEdge,
    CFAEdge,
    CFANode,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    ReturnStatementEdge,
    connect,
)
from cpa.cfa.types import INT, ULONGLONG, ArrayType, IntegerType

#: the widest index a check compares exactly (after conversion to unsigned long long)
_INDEX_BITS = 64


def add_bounds_checks(cfa: CFA) -> int:
    """Insert the index checks into ``cfa`` (in place); returns how many were added."""
    added = 0
    for function in cfa.functions.values():
        for node in list(function.nodes):
            checks = _checks_at(node)
            if not checks:
                continue
            _insert(function.nodes, node, checks)
            added += len(checks)
    return added


def _checks_at(node: CFANode) -> list[tuple[Expression, str, int]]:
    """(out-of-bounds condition, description, line) for the accesses of ``node``'s edges."""
    checks: dict[str, tuple[Expression, str, int]] = {}
    for edge in node.leaving:
        for expression in _expressions(edge):
            for subscript, one_past in _subscripts(expression, False):
                condition = _out_of_bounds(subscript, one_past)
                if condition is None:
                    continue
                key = str(condition)
                if key not in checks:
                    what = f"array index out of bounds in '{subscript}'"
                    checks[key] = (condition, what, edge.line)
    return list(checks.values())


def _expressions(edge: CFAEdge) -> Iterator[Expression]:
    if isinstance(edge, AssignmentEdge):
        yield edge.lhs
        yield edge.rhs
    elif isinstance(edge, AssumeEdge):
        yield edge.condition
    elif isinstance(edge, DeclarationEdge):
        if edge.initializer is not None:
            yield edge.initializer
    elif isinstance(edge, ExternalCallEdge):
        yield from edge.arguments
        if edge.lhs is not None:
            yield edge.lhs
        if edge.function_pointer is not None:
            yield edge.function_pointer
    elif isinstance(edge, (FunctionCallEdge, CallSummaryEdge)):
        # the result's destination (``a[i] = f()``) is checked at the call
        yield from edge.arguments
        if isinstance(edge, CallSummaryEdge) and edge.lhs is not None:
            yield edge.lhs
    elif isinstance(edge, ReturnStatementEdge):
        if edge.expression is not None:
            yield edge.expression


def _subscripts(
    expression: Expression, under_address: bool
) -> Iterator[tuple[ArraySubscript, bool]]:
    """The array subscripts of ``expression``, inner ones first; the flag says whether
    the subscript only forms an address (``&a[i]``), where one past the end is allowed."""
    if isinstance(expression, AddressOf):
        yield from _subscripts(expression.operand, True)
        return
    for child in expression.children():
        yield from _subscripts(child, False)
    if isinstance(expression, ArraySubscript):
        yield expression, under_address


def _out_of_bounds(subscript: ArraySubscript, one_past: bool) -> Expression | None:
    array_type = subscript.array.type
    index_type = subscript.index.type
    if not isinstance(array_type, ArrayType) or array_type.length is None:
        return None  # pointers and arrays of unknown length: not an access of known bounds
    if not isinstance(index_type, IntegerType) or index_type.bits > _INDEX_BITS:
        return None  # the predicate encoding refuses such an index
    limit = array_type.length + (1 if one_past else 0)
    index = subscript.index
    if isinstance(index, IntConstant) and 0 <= index.value < limit:
        return None
    wide = CastExpression(index, ULONGLONG)
    return BinaryExpression(">=", wide, IntConstant(limit, ULONGLONG), INT)


def _insert(nodes: list[CFANode], node: CFANode, checks: list[tuple[Expression, str, int]]):
    """Move ``node``'s leaving edges behind a chain of checks, one per condition."""
    leaving = list(node.leaving)
    current = node
    for condition, what, line in checks:
        undefined = CFANode(node.function, line)
        undefined.undefined = what
        passed = CFANode(node.function, line)
        nodes.extend((undefined, passed))
        text = f"[{condition}]"
        connect(AssumeEdge(current, undefined, line, text, condition=condition, truth=True))
        connect(AssumeEdge(current, passed, line, f"[!{condition}]", condition, truth=False))
        current = passed
    for edge in leaving:
        node.leaving.remove(edge)
        edge.predecessor = current
        current.leaving.append(edge)
