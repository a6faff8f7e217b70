"""Which CFA edges read a program input: one convention for every component.

A counterexample is reported as the sequence of input values along the error path;
the path-formula encoding (which names those values) and the concrete interpreter
(which replays them) must agree on which edges take one. One value is taken, in
execution order, by

* a :class:`DeclarationEdge` without initializer of an integer or pointer variable,
  unless the frontend split it from its value (``int y = f();`` is a declaration
  and the call; temporaries are declared, then assigned): ``initialised_by_next_edge``;
* an :class:`ExternalCallEdge` with a left-hand side, except allocation functions,
  which return fresh memory rather than an input.
"""

from __future__ import annotations

from cpa.cfa.model import CFAEdge, DeclarationEdge, ExternalCallEdge
from cpa.cfa.types import CType, IntegerType, PointerType

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
        if edge.initializer is not None or variable is None or edge.initialised_by_next_edge:
            return False
        return is_input_type(variable.type)
    if isinstance(edge, ExternalCallEdge):
        return edge.lhs is not None and edge.function_name not in ALLOCATION_FUNCTIONS
    return False
