"""Allocation sites: the heap (and ``alloca``) objects of a program.

A call of ``malloc``, ``calloc`` or ``alloca`` creates an object. The memory model
(:mod:`cpa_predicate.memory`) gives objects fixed addresses, so it represents the
object of an allocation site by one object, and that is exact only when the site
runs at most once per execution: a second run would create a second object at the
same address, and a pointer kept from the first (even a dangling one after ``free``)
would alias it. :func:`allocation_sites` therefore accepts a site only where no
execution reaches it twice: outside every cycle of its function's CFA, in a function
that itself runs at most once (the entry function, or one called from exactly one
call site that runs at most once). Every other site, and every allocation whose
object is unknown, is *unmodelled*: an analysis answers UNKNOWN with the reason when
it meets one.

The object's type comes from the program: the pointer type the result is converted to
(``int *p = malloc(...)``, ``(struct s *) malloc(...)``) and the constant size
(``sizeof(T)``: one ``T``; ``n * sizeof(T)``: an array of ``n`` ``T``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa import c_types
from cpa.cfa.expressions import (
    BinaryExpression,
    CastExpression,
    Expression,
    IntConstant,
    Variable,
    VariableRef,
    walk,
)
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    CFANode,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionCFA,
    ReturnStatementEdge,
)
from cpa.cfa.order import WTOComponent, weak_topological_order
from cpa.cfa.types import ArrayType, CType, FunctionType, PointerType, VoidType

#: allocation functions the model represents: name -> (zero-filled, may return null,
#: lives until the function returns)
MODELLED_ALLOCATORS = {
    "malloc": (False, True, False),
    "calloc": (True, True, False),
    "alloca": (False, False, True),
    "__builtin_alloca": (False, False, True),
}
#: the function that ends a heap object's lifetime
FREE = "free"


@dataclass(frozen=True, eq=False)
class AllocationSite:
    """One allocating call: the object it creates (a variable of its own, whose cells
    hold the contents), or why it is not modelled."""

    edge: ExternalCallEdge
    #: the object's variable (``malloc#1``); its type is the object's type
    variable: Variable | None
    #: why the site is not modelled (then ``variable`` is None)
    unmodelled: str | None = None
    zeroed: bool = False
    may_fail: bool = False
    #: the object ends when its function returns (``alloca``); else at ``free``
    function_scoped: bool = False
    #: the object is an array of what the result points to (the result points to its
    #: first element), not one such object
    array_of_pointee: bool = False


def allocation_sites(cfa: CFA) -> dict[ExternalCallEdge, AllocationSite]:
    """The allocating calls of ``cfa`` (built, not summarised) whose result is used."""
    calls = [
        edge
        for edge in cfa.edges()
        if isinstance(edge, ExternalCallEdge)
        and edge.lhs is not None
        and (edge.function_name in MODELLED_ALLOCATORS or edge.function_name in _OTHER_ALLOCATORS)
    ]
    if not calls:
        return {}
    cyclic = {name: _cyclic_nodes(function) for name, function in cfa.functions.items()}
    once = _functions_running_once(cfa, cyclic)
    return {
        edge: _site(
            cfa,
            edge,
            number,
            edge.predecessor.function in once,
            edge.predecessor in cyclic[edge.predecessor.function],
        )
        for number, edge in enumerate(calls, start=1)
    }


#: allocation-like functions that are recognised but not modelled
_OTHER_ALLOCATORS = frozenset(["realloc", "kmalloc", "kzalloc", "xmalloc", "reallocarray"])


def _site(cfa: CFA, edge: ExternalCallEdge, number: int, once: bool, cyclic: bool):
    name = edge.function_name
    if name not in MODELLED_ALLOCATORS:
        return AllocationSite(edge, None, f"{name}() (only malloc, calloc and alloca)")
    zeroed, may_fail, scoped = MODELLED_ALLOCATORS[name]
    if cyclic or not once:
        reason = f"{name}() that may run more than once (one object per allocation site)"
        return AllocationSite(edge, None, reason)
    found = _object_type(cfa, edge)
    if isinstance(found, str):
        return AllocationSite(edge, None, f"{name}() of {found}")
    ctype, array = found
    variable = Variable(f"{name}#{number}", f"{name}#{number}", ctype, None, True)
    return AllocationSite(edge, variable, None, zeroed, may_fail, scoped, array)


def _object_type(cfa: CFA, edge: ExternalCallEdge) -> tuple[CType, bool] | str:
    """The type of the object ``edge`` allocates and whether it is an array of what
    the result points to, or what makes the type unknown."""
    arguments = [_constant(argument) for argument in edge.arguments]
    expected = 2 if edge.function_name == "calloc" else 1
    if len(arguments) != expected or any(value is None for value in arguments):
        return "a size that is not a constant"
    size = 1
    for value in arguments:
        size *= value  # type: ignore[operator]
    target = _target_type(edge)
    if target is None:
        return "an object of unknown type (its address is not converted to a typed pointer)"
    element = c_types.size_of(target, cfa.data_model)
    if not element:
        return f"an object of type {target} (size unknown)"
    if size <= 0 or size % element:
        return f"{size} bytes, not a whole number of {target}"
    if size == element:
        return target, False
    return ArrayType(target, size // element), True


def _target_type(edge: ExternalCallEdge) -> CType | None:
    """``T`` of the ``T *`` the result is converted to: the destination's type, or
    (the result stored in a ``void *`` temporary) the conversion of that temporary on
    the next edge."""
    assert edge.lhs is not None
    found = _pointee(edge.lhs.type)
    if found is not None or not isinstance(edge.lhs, VariableRef):
        return found
    temporary = edge.lhs.variable
    targets: set[CType] = set()
    for use in edge.successor.leaving:
        targets |= _conversions_of(use, temporary)
    return targets.pop() if len(targets) == 1 else None


def _conversions_of(edge, temporary: Variable) -> set[CType]:
    """The object types ``temporary`` is converted to a pointer to on ``edge``."""
    found: set[CType] = set()
    destination = None
    value = None
    if isinstance(edge, AssignmentEdge):
        destination, value = edge.lhs.type, edge.rhs
    elif isinstance(edge, DeclarationEdge) and edge.variable is not None:
        destination, value = edge.variable.type, edge.initializer
    elif isinstance(edge, ReturnStatementEdge) and edge.return_variable is not None:
        destination, value = edge.return_variable.type, edge.expression
    if value is None:
        return found
    if _is_reference(value, temporary):
        pointee = _pointee(destination)
        if pointee is not None:
            found.add(pointee)
    for expression in walk(value):
        if isinstance(expression, CastExpression) and _is_reference(expression.operand, temporary):
            pointee = _pointee(expression.type)
            if pointee is not None:
                found.add(pointee)
    return found


def _is_reference(expression: Expression, variable: Variable) -> bool:
    return isinstance(expression, VariableRef) and expression.variable is variable


def _pointee(ctype: CType | None) -> CType | None:
    if not isinstance(ctype, PointerType):
        return None
    target = ctype.target
    if isinstance(target, (VoidType, FunctionType)):
        return None
    return target


def _constant(expression: Expression) -> int | None:
    """The value of a constant size expression (non-negative, below 2^31), or None."""
    if isinstance(expression, IntConstant):
        value = expression.value
    elif isinstance(expression, CastExpression):
        value = _constant(expression.operand)
    elif isinstance(expression, BinaryExpression) and expression.operator in ("*", "+"):
        left, right = _constant(expression.left), _constant(expression.right)
        if left is None or right is None:
            return None
        value = left * right if expression.operator == "*" else left + right
    else:
        return None
    if value is None or not 0 <= value < 1 << 31:
        return None
    return value


def _cyclic_nodes(function: FunctionCFA) -> set[CFANode]:
    """The locations of ``function`` that lie on a cycle of its CFA: those inside a
    component of its weak topological order (Bourdoncle's components are the cycles)."""
    found: set[CFANode] = set()
    pending = [e for e in weak_topological_order(function) if isinstance(e, WTOComponent)]
    while pending:
        component = pending.pop()
        found.add(component.head)
        for element in component.elements:
            if isinstance(element, WTOComponent):
                pending.append(element)
            else:
                found.add(element)
    return found


def functions_running_once(cfa: CFA) -> frozenset[str]:
    """The functions of ``cfa`` (built, not summarised) that no execution enters twice."""
    cyclic = {name: _cyclic_nodes(function) for name, function in cfa.functions.items()}
    return frozenset(_functions_running_once(cfa, cyclic))


def _functions_running_once(cfa: CFA, cyclic: dict[str, set[CFANode]]) -> set[str]:
    """The functions no execution enters twice (``cyclic``: the locations on cycles,
    by function)."""
    calls: dict[str, list[FunctionCallEdge]] = {}
    for edge in cfa.edges():
        if isinstance(edge, FunctionCallEdge):
            calls.setdefault(edge.callee, []).append(edge)
    once: dict[str, bool] = {}

    def runs_once(name: str, visiting: frozenset[str]) -> bool:
        if name in once:
            return once[name]
        if name in visiting:
            return False  # recursion
        sites = calls.get(name, [])
        if name == cfa.entry_function:
            result = not sites
        elif len(sites) != 1:
            result = False
        else:
            (call,) = sites
            caller = call.predecessor.function
            result = call.predecessor not in cyclic.get(caller, set()) and runs_once(
                caller, visiting | {name}
            )
        once[name] = result
        return result

    return {name for name in cfa.functions if runs_once(name, frozenset())}
