"""Which CFA edges read a program input: one convention for every component.

A counterexample is reported as the sequence of input values along the error path;
the path-formula encoding (which names those values) and the concrete interpreter
(which replays them) must agree on which edges take one. One value is taken, in
execution order, by

* a :class:`DeclarationEdge` without initializer of a local integer or pointer
  variable, unless the frontend split it from its value (``int y = f();`` is a declaration
  and the call; temporaries are declared, then assigned): ``initialised_by_next_edge``,
  or marked ``indeterminate`` (a value no run chooses);
* an :class:`ExternalCallEdge` of a function that returns a value (with a left-hand
  side, or of a non-void return type, whether the value is used or not: Test-Comp's
  rule for ``__VERIFIER_nondet_*``, and the rule of ``cpa replay``'s harness for
  every undefined function), except allocation functions, which return fresh memory
  rather than an input.

The value of an input is a value of the called function's return type; it is then
converted to the type of the variable receiving it.
"""

from __future__ import annotations

from cpa.cfa.model import CFAEdge, DeclarationEdge, ExternalCallEdge
from cpa.cfa.types import CType, IntegerType, PointerType, VoidType

ALLOCATION_FUNCTIONS = frozenset(
    ["malloc", "calloc", "alloca", "__builtin_alloca", "kmalloc", "kzalloc", "xmalloc"]
)


def is_input_type(ctype: CType) -> bool:
    """Whether one input value fills a variable of ``ctype``."""
    return isinstance(ctype, (IntegerType, PointerType))


def consumes_input(edge: CFAEdge) -> bool:
    """Whether executing the (non-summarised) ``edge`` takes the next input value."""
    if isinstance(edge, DeclarationEdge):
        variable = edge.variable
        if edge.initializer is not None or variable is None:
            return False
        if edge.initialised_by_next_edge or edge.indeterminate:
            return False
        # an ``extern`` global that is never defined has an unknown value, but no run
        # can choose it (``cpa replay`` cannot either): it is not an input
        return not variable.is_global and is_input_type(variable.type)
    if isinstance(edge, ExternalCallEdge):
        if edge.function_name in ALLOCATION_FUNCTIONS:
            return False
        if edge.return_type is None:  # hand-built CFAs: the left-hand side says it
            return edge.lhs is not None
        return not isinstance(edge.return_type, VoidType)
    return False
