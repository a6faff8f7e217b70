"""Side-effect-free C expressions as they appear on CFA edges.

The frontend lowers every side effect (assignments, calls, ``++``, ``&&``/``||``,
``?:``, comma) into separate edges, so an expression here only reads memory.
Analyses pattern-match on these classes; each node carries its C type.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa.types import CType, StructType, is_anonymous_member


@dataclass(frozen=True, eq=False)
class Variable:
    """A program variable with a unique qualified name.

    Locals are ``function::name`` (with a suffix when an inner block shadows a name),
    globals keep their C name. ``function`` is ``None`` for globals and static locals
    live for the whole run like globals (``is_global``).
    """

    name: str
    c_name: str
    type: CType
    function: str | None
    is_global: bool
    #: declared in a block inside the function body: its lifetime ends with the block
    block_scoped: bool = False
    #: a ``const`` object: a write through a pointer into it is undefined
    read_only: bool = False

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Variable({self.name})"

    def described(self) -> str:
        """The variable as a message names it: a compound literal has no name of its
        own in the program."""
        if self.c_name.startswith(COMPOUND_LITERAL_PREFIX):
            return "a compound literal"
        if self.c_name.startswith(STRING_LITERAL_PREFIX):
            return "a string literal"
        return f"'{self.c_name}'"


#: the name of the variable that holds a compound literal's object, before its number
COMPOUND_LITERAL_PREFIX = "__cpa_literal_"
#: the name of the read-only global that holds a string literal's array (C11 6.4.5p6),
#: before its number
STRING_LITERAL_PREFIX = "__cpa_string_"


class Expression:
    """Base class; subclasses are frozen dataclasses with a ``type`` field."""

    type: CType

    def children(self) -> tuple[Expression, ...]:
        return ()


@dataclass(frozen=True)
class IntConstant(Expression):
    value: int
    type: CType

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class FloatConstant(Expression):
    text: str
    type: CType

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class StringLiteral(Expression):
    text: str  # with quotes, as written
    type: CType

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class VariableRef(Expression):
    variable: Variable
    type: CType

    def __str__(self) -> str:
        return self.variable.c_name


@dataclass(frozen=True)
class FunctionRef(Expression):
    """The name of a function used as a value (function pointers)."""

    name: str
    type: CType

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class UnaryExpression(Expression):
    operator: str  # "-", "+", "~", "!"
    operand: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.operand,)

    def __str__(self) -> str:
        return f"{self.operator}({self.operand})"


BINARY_OPERATORS = frozenset(
    ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">="]
)
COMPARISON_OPERATORS = frozenset(["==", "!=", "<", "<=", ">", ">="])


@dataclass(frozen=True)
class BinaryExpression(Expression):
    """Arithmetic, bitwise and comparison operators; never ``&&``/``||`` (lowered to edges)."""

    operator: str
    left: Expression
    right: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.left, self.right)

    def __str__(self) -> str:
        return f"({self.left} {self.operator} {self.right})"


@dataclass(frozen=True)
class CastExpression(Expression):
    operand: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.operand,)

    def __str__(self) -> str:
        return f"(({self.type}) {self.operand})"


@dataclass(frozen=True)
class Dereference(Expression):
    operand: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.operand,)

    def __str__(self) -> str:
        return f"*({self.operand})"


@dataclass(frozen=True)
class AddressOf(Expression):
    operand: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.operand,)

    def __str__(self) -> str:
        return f"&({self.operand})"


@dataclass(frozen=True)
class FieldAccess(Expression):
    """``base.field`` or, with ``through_pointer``, ``base->field``."""

    base: Expression
    field: str
    through_pointer: bool
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.base,)

    def __str__(self) -> str:
        base, through_pointer = self.base, self.through_pointer
        while isinstance(base, FieldAccess) and is_anonymous_member(base.field):
            base, through_pointer = base.base, base.through_pointer  # as the program wrote it
        return f"{base}{'->' if through_pointer else '.'}{self.field}"


@dataclass(frozen=True)
class ArraySubscript(Expression):
    array: Expression
    index: Expression
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.array, self.index)

    def __str__(self) -> str:
        return f"{self.array}[{self.index}]"


@dataclass(frozen=True)
class SizeOf(Expression):
    """``sizeof`` of a type whose size the frontend did not fold to a constant."""

    operand_type: CType
    type: CType

    def __str__(self) -> str:
        return f"sizeof({self.operand_type})"


@dataclass(frozen=True)
class InitializerList(Expression):
    """A brace initializer ``{a, b, ...}`` (only on declaration edges).

    A union's list has at most one element, the value of the member at position
    ``member`` (0: the first, which a list without designator initialises)."""

    elements: tuple[Expression, ...]
    type: CType
    member: int = 0

    def children(self) -> tuple[Expression, ...]:
        return self.elements

    def __str__(self) -> str:
        if self.member and isinstance(self.type, StructType) and self.type.fields:
            name = self.type.fields[self.member][0]
            return "{." + name + " = " + ", ".join(map(str, self.elements)) + "}"
        return "{" + ", ".join(map(str, self.elements)) + "}"


@dataclass(frozen=True)
class MemoryCheck(Expression):
    """Whether a pointer operation is defined (1) or undefined (0); only in the
    conditions that :mod:`cpa.cfa.undefined` inserts before the operation.

    ``kind``:

    * ``"access"``: ``pointer`` points to a live object (or member or element) of a
      type that an lvalue of type ``target`` may access;
    * ``"offset"``: ``pointer`` and ``pointer + other`` (``other`` counted in elements
      of ``target``) lie in the same object or one past its end;
    * ``"same"``: ``pointer`` and ``other`` point into (or one past) the same object,
      as relational comparison and subtraction of pointers require;
    * ``"free"``: ``pointer`` is null or the start of a live object of ``malloc`` or
      ``calloc``, as ``free`` requires;
    * ``"disjoint"``: the ``sizeof(target)`` bytes from ``pointer`` and those from
      ``other`` do not overlap, as ``memcpy`` requires;
    * ``"live"``: ``pointer`` does not point into (or one past) an object whose
      lifetime has ended, as every use of its value requires;
    * ``"writable"``: ``pointer`` (the address a store writes) does not point into a
      ``const`` object;
    * ``"read_only"``: ``pointer`` is null or points into a ``const`` object without
      pointers in it or a string literal's array (what a function without a body may
      be given: through a ``const`` pointer it could reach writable memory).
    """

    kind: str
    pointer: Expression
    other: Expression | None
    target: CType | None
    type: CType

    def children(self) -> tuple[Expression, ...]:
        return (self.pointer,) if self.other is None else (self.pointer, self.other)

    def __str__(self) -> str:
        if self.kind == "access":
            return f"valid_access({self.pointer}, {self.target})"
        if self.kind == "offset":
            return f"valid_offset({self.pointer}, {self.other})"
        if self.kind == "free":
            return f"valid_free({self.pointer})"
        if self.kind == "live":
            return f"live({self.pointer})"
        if self.kind == "writable":
            return f"writable({self.pointer})"
        if self.kind == "read_only":
            return f"read_only({self.pointer})"
        if self.kind == "disjoint":
            return f"disjoint({self.pointer}, {self.other}, {self.target})"
        return f"same_object({self.pointer}, {self.other})"


def walk(expression: Expression):
    """Yield ``expression`` and all its sub-expressions (pre-order)."""
    stack = [expression]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children()))


def variables_of(expression: Expression) -> set[Variable]:
    """The variables an expression reads (directly, not through pointers)."""
    return {e.variable for e in walk(expression) if isinstance(e, VariableRef)}
