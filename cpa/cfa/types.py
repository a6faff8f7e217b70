"""A small model of C types, resolved from pycparser declarations.

Analyses ask questions like "is this an integer?" or "is this a pointer?"; they never
look at pycparser nodes. Sizes follow the ILP32 data model of the benchmark tasks.
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
    """Any integer type, including ``_Bool``, ``char`` and enums (``name`` is the C spelling)."""

    name: str
    size: int  # bytes
    signed: bool

    def is_integer(self) -> bool:
        return True

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class FloatType(CType):
    name: str
    size: int

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class PointerType(CType):
    target: CType

    def __str__(self) -> str:
        return f"{self.target}*"


@dataclass(frozen=True)
class ArrayType(CType):
    element: CType
    length: int | None  # None: unknown or variable length

    def __str__(self) -> str:
        return f"{self.element}[{'' if self.length is None else self.length}]"


@dataclass(eq=False)
class StructType(CType):
    """A struct or union; fields are filled in after creation so types may be recursive."""

    kind: str  # "struct" or "union"
    name: str | None
    fields: list[tuple[str, CType]] | None = field(default=None)  # None: incomplete

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
BOOL = IntegerType("_Bool", 1, False)
CHAR = IntegerType("char", 1, True)
INT = IntegerType("int", 4, True)
UINT = IntegerType("unsigned int", 4, False)
LONG = IntegerType("long", 4, True)
ULONG = IntegerType("unsigned long", 4, False)
LONGLONG = IntegerType("long long", 8, True)
ULONGLONG = IntegerType("unsigned long long", 8, False)
