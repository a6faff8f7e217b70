"""Which variables have their address taken.

A pointer can only point to an object whose address the program takes somewhere:
``&x`` (also ``&s.f``, ``&a[i]``), or an array used as a value, which C converts to a
pointer to its first element. Analyses give exactly these variables addresses
(:mod:`cpa_predicate.memory`); every other variable is accessed by name only, so no
pointer can alias it.
"""

from __future__ import annotations

from collections.abc import Iterator

from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    Expression,
    FieldAccess,
    Variable,
    VariableRef,
)
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    AssumeEdge,
    CallSummaryEdge,
    CFAEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    ReturnStatementEdge,
)
from cpa.cfa.types import ArrayType


def address_taken(cfa: CFA) -> frozenset[Variable]:
    """The variables of ``cfa`` (built, not yet summarised) whose address is taken."""
    found: set[Variable] = set()
    for edge in cfa.edges():
        for expression in edge_expressions(edge):
            _visit(expression, True, found)
    return frozenset(found)


def edge_expressions(edge: CFAEdge) -> Iterator[Expression]:
    """The expressions a primitive edge evaluates (destinations included)."""
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
        yield from edge.arguments
        if isinstance(edge, CallSummaryEdge) and edge.lhs is not None:
            yield edge.lhs
    elif isinstance(edge, ReturnStatementEdge):
        if edge.expression is not None:
            yield edge.expression


def addresses_in(expression: Expression) -> set[Variable]:
    """The variables whose address the value of ``expression`` takes (``&x``, ``&s.f``,
    an array ``a`` used as a value)."""
    found: set[Variable] = set()
    _visit(expression, True, found)
    return found


def root_variable(lvalue: Expression) -> Variable | None:
    """The variable an lvalue is part of without going through a pointer (``s`` of
    ``s.a[2].f``), or None."""
    while True:
        if isinstance(lvalue, VariableRef):
            return lvalue.variable
        if isinstance(lvalue, FieldAccess) and not lvalue.through_pointer:
            lvalue = lvalue.base
        elif isinstance(lvalue, ArraySubscript) and isinstance(lvalue.array.type, ArrayType):
            lvalue = lvalue.array
        else:
            return None


def _visit(expression: Expression, as_value: bool, found: set[Variable]) -> None:
    """``as_value``: the expression's value is used, so an array here decays."""
    if isinstance(expression, AddressOf):
        taken = root_variable(expression.operand)
        if taken is not None:
            found.add(taken)
        _visit(expression.operand, False, found)
        return
    if as_value and isinstance(expression.type, ArrayType):
        taken = root_variable(expression)
        if taken is not None:
            found.add(taken)
    if isinstance(expression, ArraySubscript):
        _visit(expression.array, not isinstance(expression.array.type, ArrayType), found)
        _visit(expression.index, True, found)
    elif isinstance(expression, FieldAccess):
        _visit(expression.base, expression.through_pointer, found)
    else:
        for child in expression.children():
            _visit(child, True, found)
