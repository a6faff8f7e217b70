"""A small model of C types, resolved from pycparser declarations.

Analyses ask questions like "is this an integer?" or "is this a pointer?"; they never
look at pycparser nodes. An integer type carries its size, so ``long`` under ILP32 and
``long`` under LP64 are different types (:mod:`cpa.cfa.data_model` creates them); sizes
that are not part of a type (pointers, alignment) come from the data model.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class CType:
    """Base class of all C types."""

    def is_integer(self) -> bool:
        return False

    def is_scalar(self) -> bool:
        return self.is_integer() or isinstance(self, (PointerType, FloatType))


@dataclass(frozen=True)
class VoidType(CType):
    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True)
class IntegerType(CType):
    """Any integer type, including ``_Bool``, ``char`` and enums (``name`` is the C spelling).

    ``atomic`` (``_Atomic``) changes only the alignment, so it takes no part in equality.
    A bit-field member has the type of its declared type (``name``, ``size``) with the
    ``width`` of its declaration: its values are those of a ``width``-bit integer.
    """

    name: str
    size: int  # bytes
    signed: bool
    atomic: bool = field(default=False, compare=False)
    #: the width of a bit-field member (None: not a bit-field)
    width: int | None = None

    def is_integer(self) -> bool:
        return True

    @property
    def bits(self) -> int:
        """Width in bits of the values (1 for ``_Bool``, whose values are 0 and 1)."""
        if self.width is not None:
            return self.width
        return 1 if self.name == "_Bool" else 8 * self.size

    @property
    def min_value(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max_value(self) -> int:
        return (1 << (self.bits - 1 if self.signed else self.bits)) - 1

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class FloatType(CType):
    name: str
    size: int
    atomic: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class PointerType(CType):
    target: CType
    atomic: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{self.target}*"


@dataclass(frozen=True)
class ArrayType(CType):
    element: CType
    length: int | None  # None: unknown or variable length

    def __str__(self) -> str:
        return f"{self.element}[{'' if self.length is None else self.length}]"


#: the name given to an anonymous struct or union member (C11 6.7.2.1p13), followed by
#: its position; ``__cpa_`` names are refused in programs, so it names nothing else.
#: Its members are members of the enclosing type: ``s.x`` reads ``s.__cpa_anon_1.x``
ANONYMOUS_MEMBER_PREFIX = "__cpa_anon_"


def is_anonymous_member(name: str | None) -> bool:
    """Whether a member name is that of an anonymous struct or union member."""
    return name is not None and name.startswith(ANONYMOUS_MEMBER_PREFIX)


@dataclass(eq=False)
class StructType(CType):
    """A struct or union; fields are filled in after creation so types may be recursive."""

    kind: str  # "struct" or "union"
    name: str | None
    fields: list[tuple[str, CType]] | None = field(default=None)  # None: incomplete
    #: widths of the bit-field members by name (an unnamed one by ``<unnamed i>``,
    #: ``i`` its index in ``fields``)
    bit_fields: dict[str, int] = field(default_factory=dict)
    atomic: bool = False
    #: the ``#pragma pack`` in effect where it was defined: its members' alignment is
    #: at most this (None: their own)
    pack: int | None = None

    def bit_field_width(self, index: int) -> int | None:
        """The width of member ``index`` if it is a bit-field."""
        if not self.bit_fields or self.fields is None:
            return None
        name = self.fields[index][0]
        return self.bit_fields.get(name if name is not None else f"<unnamed {index}>")

    def field_type(self, name: str) -> CType | None:
        for field_name, field_type in self.fields or ():
            if field_name == name:
                return field_type
        return None

    def __str__(self) -> str:
        return f"{self.kind} {self.name or '<anonymous>'}"


@dataclass(frozen=True)
class FunctionType(CType):
    return_type: CType
    parameters: tuple[CType, ...]
    variadic: bool = False

    def __str__(self) -> str:
        params = ", ".join(map(str, self.parameters))
        return f"{self.return_type}({params})"


VOID = VoidType()
# The integer types whose size is the same under ILP32 and LP64 (x86, gcc); ``long``
# and the types defined by it (size_t, ptrdiff_t) come from the data model.
BOOL = IntegerType("_Bool", 1, False)
CHAR = IntegerType("char", 1, True)  # plain char is signed on x86
SCHAR = IntegerType("signed char", 1, True)
UCHAR = IntegerType("unsigned char", 1, False)
SHORT = IntegerType("short", 2, True)
USHORT = IntegerType("unsigned short", 2, False)
INT = IntegerType("int", 4, True)
UINT = IntegerType("unsigned int", 4, False)
LONGLONG = IntegerType("long long", 8, True)
ULONGLONG = IntegerType("unsigned long long", 8, False)
FLOAT = FloatType("float", 4)
DOUBLE = FloatType("double", 8)
