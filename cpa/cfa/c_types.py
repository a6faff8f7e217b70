"""C type rules the frontend needs: base type names, sizes (ILP32), conversions.

Pure functions over :mod:`cpa.cfa.types`; resolving pycparser declarations into types
lives in :mod:`cpa.cfa.scopes` because it needs the symbol tables.
"""

from __future__ import annotations

from cpa.cfa.types import (
    BOOL,
    CHAR,
    INT,
    LONG,
    LONGLONG,
    UINT,
    ULONG,
    ULONGLONG,
    ArrayType,
    CType,
    FloatType,
    FunctionType,
    IntegerType,
    PointerType,
    StructType,
    VoidType,
)

SHORT = IntegerType("short", 2, True)
USHORT = IntegerType("unsigned short", 2, False)
SCHAR = IntegerType("signed char", 1, True)
UCHAR = IntegerType("unsigned char", 1, False)
FLOAT = FloatType("float", 4)
DOUBLE = FloatType("double", 8)
LONGDOUBLE = FloatType("long double", 12)
POINTER_SIZE = 4
#: ``ptrdiff_t`` and ``size_t`` under ILP32.
PTRDIFF = INT
SIZE_T = UINT

_RANK = {
    "_Bool": 0,
    "char": 1,
    "signed char": 1,
    "unsigned char": 1,
    "short": 2,
    "unsigned short": 2,
    "int": 3,
    "unsigned int": 3,
    "long": 4,
    "unsigned long": 4,
    "long long": 5,
    "unsigned long long": 5,
}
_UNSIGNED_OF = {INT: UINT, LONG: ULONG, LONGLONG: ULONGLONG}


def base_type(names: list[str]) -> CType | None:
    """The type named by a list of specifiers like ``["unsigned", "long", "int"]``."""
    words = [n for n in names if n not in ("signed", "unsigned", "int")]
    unsigned = "unsigned" in names
    signed = "signed" in names
    longs = words.count("long")
    rest = [w for w in words if w != "long"]
    if rest == ["void"]:
        return VoidType()
    if rest == ["_Bool"]:
        return BOOL
    if rest == ["float"]:
        return FLOAT
    if rest == ["double"]:
        return LONGDOUBLE if longs else DOUBLE
    if rest == ["char"]:
        return UCHAR if unsigned else (SCHAR if signed else CHAR)
    if rest == ["short"]:
        return USHORT if unsigned else SHORT
    if rest:
        return None
    if longs >= 2:
        return ULONGLONG if unsigned else LONGLONG
    if longs == 1:
        return ULONG if unsigned else LONG
    return UINT if unsigned else INT


def size_of(ctype: CType) -> int | None:
    """Size in bytes under ILP32, or None if unknown (incomplete, VLA, function)."""
    if isinstance(ctype, (IntegerType, FloatType)):
        return ctype.size
    if isinstance(ctype, PointerType):
        return POINTER_SIZE
    if isinstance(ctype, ArrayType):
        element = size_of(ctype.element)
        if element is None or ctype.length is None:
            return None
        return element * ctype.length
    if isinstance(ctype, StructType):
        return _struct_layout(ctype)[0]
    return None


def align_of(ctype: CType) -> int:
    if isinstance(ctype, ArrayType):
        return align_of(ctype.element)
    if isinstance(ctype, StructType):
        return _struct_layout(ctype)[1]
    size = size_of(ctype)
    return min(size, 4) if size else 1


def _struct_layout(ctype: StructType) -> tuple[int | None, int]:
    if ctype.fields is None:
        return None, 1
    size = 0
    alignment = 1
    for _name, field_type in ctype.fields:
        field_size = size_of(field_type)
        if field_size is None:
            if isinstance(field_type, ArrayType) and field_type.length is None:
                field_size = 0  # flexible array member
            else:
                return None, 1
        field_align = align_of(field_type)
        alignment = max(alignment, field_align)
        if ctype.kind == "union":
            size = max(size, field_size)
        else:
            size = (size + field_align - 1) // field_align * field_align + field_size
    size = (size + alignment - 1) // alignment * alignment
    return size, alignment


def decay(ctype: CType) -> CType:
    """Array-to-pointer and function-to-pointer conversion."""
    if isinstance(ctype, ArrayType):
        return PointerType(ctype.element)
    if isinstance(ctype, FunctionType):
        return PointerType(ctype)
    return ctype


def promote(ctype: CType) -> CType:
    """Integer promotion: types of rank below ``int`` become ``int``."""
    if isinstance(ctype, IntegerType) and (ctype.size < 4 or _RANK.get(ctype.name, 3) < 3):
        return INT
    return ctype


def arithmetic_type(left: CType, right: CType) -> CType:
    """The usual arithmetic conversions (approximated; unknown types give ``int``)."""
    if isinstance(left, FloatType) or isinstance(right, FloatType):
        candidates = [t for t in (left, right) if isinstance(t, FloatType)]
        return max(candidates, key=lambda t: t.size)
    left, right = promote(left), promote(right)
    if not isinstance(left, IntegerType) or not isinstance(right, IntegerType):
        return INT
    if left == right:
        return left
    left_rank = _RANK.get(left.name, 3 if left.size <= 4 else 5)
    right_rank = _RANK.get(right.name, 3 if right.size <= 4 else 5)
    if left.signed == right.signed:
        return left if left_rank >= right_rank else right
    unsigned, signed = (left, right) if not left.signed else (right, left)
    unsigned_rank = left_rank if unsigned is left else right_rank
    signed_rank = right_rank if unsigned is left else left_rank
    if unsigned_rank >= signed_rank:
        return unsigned
    if signed.size > unsigned.size:
        return signed
    return _UNSIGNED_OF.get(signed, UINT)


def is_arithmetic(ctype: CType) -> bool:
    return isinstance(ctype, (IntegerType, FloatType))


def is_pointer_like(ctype: CType) -> bool:
    return isinstance(ctype, (PointerType, ArrayType))


def pointer_target(ctype: CType) -> CType | None:
    if isinstance(ctype, (PointerType,)):
        return ctype.target
    if isinstance(ctype, ArrayType):
        return ctype.element
    if isinstance(ctype, FunctionType):
        return ctype
    return None


def find_field(ctype: CType, name: str) -> CType | None:
    """Type of field ``name`` of a struct/union, looking into anonymous members."""
    if not isinstance(ctype, StructType):
        return None
    for field_name, field_type in ctype.fields or ():
        if field_name == name:
            return field_type
        if field_name is None and isinstance(field_type, StructType):
            found = find_field(field_type, name)
            if found is not None:
                return found
    return None
