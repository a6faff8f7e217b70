"""Undefined behaviour as locations: the checks that make TRUE sound for memory accesses.

An out-of-bounds array access or an invalid dereference is undefined in C: a compiled
program may overwrite any other object, so an analysis that merely ignored the access
(or assumed it away) could prove a program TRUE that gcc's build violates.
:func:`add_checks` therefore puts before every edge that performs such an operation a
branch on its definedness: the undefined side ends in a location whose ``undefined``
attribute describes the behaviour. The operations checked:

* indexing an array of known length (below);
* dereferencing a pointer (``*p``, ``p->f``, ``p[i]``): the pointer must point to a
  live object of a type the access may read (a :class:`MemoryCheck` ``access``);
* pointer arithmetic: the result must stay in the pointer's object or one past it
  (``offset``); relational comparison and subtraction of pointers: both must point
  into the same object (``same``);
* ``free(p)``: ``p`` must be null or the start of a live ``malloc``/``calloc`` object
  (``free``).

The lowering itself puts one more check before the copies of a ``memcpy``: the two
ranges of bytes must not overlap (``disjoint``).

Every specification counts these locations as targets
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

from cpa.cfa import c_types
from cpa.cfa.addresses import edge_expressions
from cpa.cfa.allocations import FREE
from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    BinaryExpression,
    CastExpression,
    Dereference,
    Expression,
    FieldAccess,
    FunctionRef,
    IntConstant,
    MemoryCheck,
    StringLiteral,
    UnaryExpression,
)
from cpa.cfa.model import (
    CFA,
    AssumeEdge,
    CFANode,
    ExternalCallEdge,
    connect,
)
from cpa.cfa.types import (
    INT,
    ULONGLONG,
    ArrayType,
    CType,
    FunctionType,
    IntegerType,
    PointerType,
    VoidType,
)

#: the widest index a check compares exactly (after conversion to unsigned long long)
_INDEX_BITS = 64


def add_checks(cfa: CFA) -> int:
    """Insert the checks into ``cfa`` (in place); returns how many were added."""
    added = 0
    lifetimes_end = _objects_may_die(cfa)
    read_only = _read_only_objects(cfa)
    for function in cfa.functions.values():
        for node in list(function.nodes):
            checks = _checks_at(node, lifetimes_end, read_only)
            if not checks:
                continue
            _insert(function.nodes, node, checks)
            added += len(checks)
    return added


def _read_only_objects(cfa: CFA) -> str | None:
    """What a pointer may point to that a store must not modify (None: nothing)."""
    kinds = []
    if any(v.read_only and v not in cfa.string_contents for v in cfa.address_taken):
        kinds.append("a const object")
    if any(v in cfa.string_contents for v in cfa.address_taken):
        kinds.append("a string literal")
    return " or ".join(kinds) or None


def _objects_may_die(cfa: CFA) -> bool:
    """Whether an object can reach the end of its lifetime before the run ends (a
    local of a function other than the entry function, or an allocation)."""
    if cfa.allocation_sites:
        return True
    return any(
        not variable.is_global and variable.function != cfa.entry_function
        for variable in cfa.address_taken
    )


def _checks_at(
    node: CFANode, lifetimes_end: bool, read_only: str | None
) -> list[tuple[Expression, str, int]]:
    """(undefinedness condition, description, line) for the operations of ``node``'s
    edges, inner operations first; ``lifetimes_end``: uses of pointer values are
    checked too (a pointer to an object whose lifetime ended is indeterminate);
    ``read_only``: what read-only objects there are (``const`` ones, string literals'
    arrays), so stores through pointers are checked."""
    checks: dict[str, tuple[Expression, str, int]] = {}
    for edge in node.leaving:
        destination = getattr(edge, "lhs", None)
        if read_only is not None and destination is not None and _through_pointer(destination):
            condition = _fails(
                MemoryCheck(
                    "writable",
                    AddressOf(destination, PointerType(destination.type)),
                    None,
                    None,
                    INT,
                )
            )
            what = f"store to '{destination}' that may modify {read_only}"
            checks.setdefault(str(condition), (condition, what, edge.line))
        for expression in edge_expressions(edge):
            found = list(_checks(expression, False))
            if lifetimes_end:
                found.extend(_pointer_uses(expression))
            for condition, what in found:
                key = str(condition)
                if key not in checks:
                    checks[key] = (condition, what, edge.line)
        if (
            lifetimes_end
            and isinstance(edge, AssumeEdge)
            and isinstance(c_types.decay(edge.condition.type), PointerType)
        ):
            for condition, what in _live(edge.condition):
                checks.setdefault(str(condition), (condition, what, edge.line))
        if isinstance(edge, ExternalCallEdge) and read_only is not None:
            for pointer in read_only_arguments(edge):
                condition = _fails(MemoryCheck("read_only", pointer, None, None, INT))
                what = (
                    f"pointer '{pointer}' passed to {edge.function_name}(), which may write"
                    " through it, to memory other than a string literal or a const object"
                    " (unsupported)"
                )
                checks.setdefault(str(condition), (condition, what, edge.line))
        if isinstance(edge, ExternalCallEdge) and edge.function_name == FREE:
            if len(edge.arguments) == 1:
                (pointer,) = edge.arguments
                condition = _fails(MemoryCheck("free", pointer, None, None, INT))
                what = f"free of '{pointer}' that is not null or a live allocation"
                checks.setdefault(str(condition), (condition, what, edge.line))
    return list(checks.values())


def read_only_arguments(edge: ExternalCallEdge) -> list[Expression]:
    """The pointer arguments of a call of a function without a body that are checked to
    point to read-only memory (a string literal's array, a ``const`` object) or be
    null: such a callee cannot change what they point to, as writing there is
    undefined, so the call needs no model of its effects (``puts(msg)``). Other
    arguments that hold addresses are refused where the call is encoded."""
    if edge.function_name in (FREE, "*"):
        return []
    found = []
    for argument in edge.arguments:
        ctype = c_types.decay(argument.type)
        if (
            isinstance(ctype, PointerType)
            and not isinstance(ctype.target, FunctionType)
            and not isinstance(argument, (StringLiteral, IntConstant))
        ):
            found.append(argument)
    return found


def _checks(expression: Expression, under_address: bool) -> Iterator[tuple[Expression, str]]:
    """The checks of ``expression``'s operations, inner ones first; ``under_address``:
    the expression only forms an address (``&a[i]``), where one past the end is
    allowed."""
    if isinstance(expression, AddressOf):
        yield from _checks(expression.operand, True)
        return
    for child in expression.children():
        yield from _checks(child, False)
    if isinstance(expression, ArraySubscript):
        condition = _out_of_bounds(expression, under_address)
        if condition is not None:
            yield condition, f"array index out of bounds in '{expression}'"
        yield from _subscript_through_pointer(expression)
    elif isinstance(expression, Dereference):
        target = expression.type
        if not isinstance(target, (VoidType, FunctionType)):
            yield (
                _fails(MemoryCheck("access", expression.operand, None, target, INT)),
                _may_be_invalid(f"dereference of '{expression.operand}'", target),
            )
    elif isinstance(expression, FieldAccess) and expression.through_pointer:
        target = c_types.pointer_target(expression.base.type)
        if target is not None:
            yield (
                _fails(MemoryCheck("access", expression.base, None, target, INT)),
                _may_be_invalid(f"dereference of '{expression.base}'", target),
            )
    elif isinstance(expression, BinaryExpression):
        yield from _pointer_operation(expression)


def _may_be_invalid(access: str, target: CType) -> str:
    """How an access check describes its failure. A character lvalue may read any
    object byte-wise in C; the model has no bytes, so it fails the check there too,
    and the description says that this need not be undefined."""
    if isinstance(target, IntegerType) and target.size == 1 and target.name != "_Bool":
        return (
            f"{access} that may be invalid (or read another object byte by byte, which"
            " is defined but not modelled)"
        )
    return f"{access} that may be invalid"


def _subscript_through_pointer(subscript: ArraySubscript) -> Iterator[tuple[Expression, str]]:
    """``p[i]`` is ``*(p + i)``: the offset and the access are checked."""
    pointer, index = subscript.array, subscript.index
    if isinstance(c_types.decay(index.type), PointerType):
        pointer, index = index, pointer
    pointer_type = pointer.type
    if not isinstance(pointer_type, PointerType):
        return  # an array of known or unknown length
    address = BinaryExpression("+", pointer, index, pointer_type)
    if not (isinstance(index, IntConstant) and index.value == 0):
        yield (
            _fails(MemoryCheck("offset", pointer, address, subscript.type, INT)),
            f"pointer arithmetic that may leave its object in '{subscript}'",
        )
    yield (
        _fails(MemoryCheck("access", address, None, subscript.type, INT)),
        _may_be_invalid(f"access '{subscript}'", subscript.type),
    )


def _pointer_operation(expression: BinaryExpression) -> Iterator[tuple[Expression, str]]:
    left_type = c_types.decay(expression.left.type)
    right_type = c_types.decay(expression.right.type)
    left_pointer = isinstance(left_type, PointerType)
    right_pointer = isinstance(right_type, PointerType)
    operator = expression.operator
    if left_pointer and right_pointer:
        if operator in ("<", "<=", ">", ">=", "-"):
            yield (
                _fails(MemoryCheck("same", expression.left, expression.right, None, INT)),
                f"pointers into different objects in '{expression}'",
            )
        return
    if operator not in ("+", "-") or not (left_pointer or right_pointer):
        return
    pointer = expression.left if left_pointer else expression.right
    target = c_types.pointer_target(c_types.decay(pointer.type))
    yield (
        _fails(MemoryCheck("offset", pointer, expression, target, INT)),
        f"pointer arithmetic that may leave its object in '{expression}'",
    )


def _through_pointer(lvalue: Expression) -> bool:
    """Whether the object ``lvalue`` designates is reached through a pointer."""
    while True:
        if isinstance(lvalue, Dereference):
            return True
        if isinstance(lvalue, FieldAccess):
            if lvalue.through_pointer:
                return True
            lvalue = lvalue.base
        elif isinstance(lvalue, ArraySubscript):
            if not isinstance(lvalue.array.type, ArrayType):
                return True
            lvalue = lvalue.array
        else:
            return False


def _pointer_uses(expression: Expression) -> Iterator[tuple[Expression, str]]:
    """Checks that the pointer values ``expression`` compares, converts or computes
    with do not point to an object whose lifetime has ended (C11 6.2.4p2: such a
    value is indeterminate, and gcc's build may hold anything there, e.g. null for
    the address of a local that a function returned)."""
    for child in expression.children():
        yield from _pointer_uses(child)
    if isinstance(expression, BinaryExpression):
        for operand in (expression.left, expression.right):
            if isinstance(c_types.decay(operand.type), PointerType):
                yield from _live(operand)
    elif isinstance(expression, (UnaryExpression, CastExpression)) and not isinstance(
        expression.type, PointerType
    ):
        operand = expression.operand
        if isinstance(c_types.decay(operand.type), PointerType):
            yield from _live(operand)


def _live(pointer: Expression) -> Iterator[tuple[Expression, str]]:
    inner = pointer
    while isinstance(inner, CastExpression):
        inner = inner.operand
    if isinstance(inner, (IntConstant, AddressOf, FunctionRef)) or isinstance(
        inner.type, (ArrayType, FunctionType)
    ):
        return  # null, or an address formed here (its own check says if it is valid)
    yield (
        _fails(MemoryCheck("live", pointer, None, None, INT)),
        f"use of '{pointer}' that may point to an object whose lifetime has ended",
    )


def _fails(check: MemoryCheck) -> Expression:
    return UnaryExpression("!", check, INT)


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
