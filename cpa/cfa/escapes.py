"""Which address-taken locals no pointer outlives: their address may stay fixed.

A local of a function that runs more than once is a new object at each activation. The
memory model (:mod:`cpa_predicate.memory`) gives an object one fixed address, so a
pointer kept from an earlier activation would reach the later object as if it were
still valid, where C makes its use undefined. That cannot happen when no pointer into
the local survives its activation, which this module proves for a local ``x`` of ``f``
by a flow-insensitive over-approximation of where pointers into ``x`` can go.

A *carrier* is a variable that may hold a pointer into ``x`` (``x`` itself stands for
its address). An expression carries if it mentions a carrier and its value can hold an
address: anything but an integer, or an integer converted from a pointer. A carrying
value may flow

* into a local that is neither ``static`` nor address-taken (an assignment to it, to
  one of its members or elements, its initialiser, a parameter bound to an argument):
  that local becomes a carrier. Such a local is declared anew (or bound) at each
  activation of its function before it is read (a jump into its scope declares it too,
  :mod:`cpa.cfa.lowering`), so a value it holds is read only in the activation that
  stored it. By induction, that activation runs inside the activation of ``f`` whose
  ``x`` the value points into: it was created by code running in it (a call passes an
  argument into a new, nested activation; nothing else moves a value between
  functions here);
* anywhere else: a global or ``static`` variable, an address-taken object or through
  a pointer (memory that may outlive ``f``), a ``return`` (the caller outlives ``f``),
  an argument of an external function other than ``free`` (it may keep it). Then the
  pointer *escapes*, and ``x`` keeps being refused.

So if nothing escapes, every pointer into ``x`` dies with the activation it points
into, and one address serves all activations.
"""

from __future__ import annotations

from collections.abc import Iterable

from cpa.cfa.addresses import addresses_in, root_variable
from cpa.cfa.expressions import (
    ArraySubscript,
    CastExpression,
    Expression,
    FieldAccess,
    SizeOf,
    Variable,
    VariableRef,
    variables_of,
)
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    ReturnStatementEdge,
)
from cpa.cfa.types import IntegerType

#: where a pointer escapes to (see the module doc)
_ESCAPE = "escape"
#: ``(_ADDRESS, v)`` stands for the address of ``v`` (``&v``, ``&v.f``, ``v`` decayed)
_ADDRESS = "&"


def contained_locals(cfa: CFA, candidates: Iterable[Variable]) -> frozenset[Variable]:
    """Those of ``candidates`` (address-taken locals of ``cfa``, built and not
    summarised) to which no pointer can outlive the activation of their function."""
    flows = _flows(cfa)
    contained = set()
    for variable in candidates:
        address = (_ADDRESS, variable)
        seen: set[object] = {address}
        pending: list[object] = [address]
        while pending and _ESCAPE not in seen:
            for target in flows.get(pending.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    pending.append(target)
        if _ESCAPE not in seen:
            contained.add(variable)
    return frozenset(contained)


def _flows(cfa: CFA) -> dict[object, set[object]]:
    """For each variable and address, where a value holding it may be stored (a
    carrier variable or :data:`_ESCAPE`), over all edges of ``cfa``."""
    flows: dict[object, set[object]] = {}
    address_taken = cfa.address_taken

    def holder(variable: Variable | None) -> object:
        if variable is None or variable.is_global or variable in address_taken:
            return _ESCAPE
        return variable

    def store(value: Expression | None, target: object) -> None:
        if value is None:
            return
        for source in _carried(value):
            flows.setdefault(source, set()).add(target)

    for edge in cfa.edges():
        if isinstance(edge, AssignmentEdge):
            store(edge.rhs, holder(root_variable(edge.lhs)))
        elif isinstance(edge, DeclarationEdge):
            if edge.variable is not None:
                store(edge.initializer, holder(edge.variable))
        elif isinstance(edge, FunctionCallEdge):
            callee = cfa.functions.get(edge.callee)
            parameters = callee.parameters if callee is not None else []
            for position, argument in enumerate(edge.arguments):
                bound = parameters[position] if position < len(parameters) else None
                store(argument, holder(bound))
        elif isinstance(edge, ReturnStatementEdge):
            store(edge.expression, _ESCAPE)
        elif isinstance(edge, ExternalCallEdge):
            if edge.function_name != "free":
                for argument in edge.arguments:
                    store(argument, _ESCAPE)
            if edge.function_pointer is not None:
                store(edge.function_pointer, _ESCAPE)
    return flows


def _carried(expression: Expression) -> set[object]:
    """What ``expression``'s value may hold a pointer from: variables (their values)
    and ``("&", v)`` (the address of ``v``)."""
    if isinstance(expression, SizeOf):
        return set()
    if not isinstance(expression.type, IntegerType):
        return _mentioned(expression)
    # an integer computed from pointers holds no address (``*p``, ``p - q``, ``p == q``),
    # but one converted from a pointer does, and an integer variable (or member,
    # element) may hold one converted before
    if isinstance(expression, CastExpression) and not isinstance(
        expression.operand.type, IntegerType
    ):
        return _mentioned(expression.operand)
    found: set[object] = set()
    if isinstance(expression, (VariableRef, FieldAccess, ArraySubscript)):
        root = root_variable(expression)
        if root is not None:
            found.add(root)
    for child in expression.children():
        if isinstance(child.type, IntegerType):
            found |= _carried(child)
    return found


def _mentioned(expression: Expression) -> set[object]:
    """The variables ``expression`` reads and the addresses it takes."""
    return {(_ADDRESS, v) for v in addresses_in(expression)} | variables_of(expression)
