"""C type rules the frontend needs: base type names, sizes, alignment, conversions.

Pure functions over :mod:`cpa.cfa.types`; sizes and alignments depend on the data model
(:mod:`cpa.cfa.data_model`). Resolving pycparser declarations into types lives in
:mod:`cpa.cfa.scopes` because it needs the symbol tables.
"""

from __future__ import annotations

import dataclasses

from cpa.cfa.data_model import DataModel
from cpa.cfa.types import (
    BOOL,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONGLONG,
    SCHAR,
    SHORT,
    UCHAR,
    UINT,
    ULONGLONG,
    USHORT,
    ArrayType,
    CType,
    FloatType,
    FunctionType,
    IntegerType,
    PointerType,
    StructType,
    VoidType,
    is_anonymous_member,
)

INT128 = IntegerType("__int128", 16, True)
UINT128 = IntegerType("unsigned __int128", 16, False)
FLOAT128 = FloatType("_Float128", 16)


class ComplexType(Exception):
    """A ``_Complex`` type was named (not supported)."""


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
    "__int128": 6,
    "unsigned __int128": 6,
}


def base_type(names: list[str], model: DataModel) -> CType | None:
    """The type named by a list of specifiers like ``["unsigned", "long", "int"]``."""
    words = [n for n in names if n not in ("signed", "unsigned", "int")]
    unsigned = "unsigned" in names
    signed = "signed" in names
    longs = words.count("long")
    rest = [w for w in words if w != "long"]
    if longs >= 4:  # the preprocessor's spelling of _Complex
        raise ComplexType()
    if rest == ["void"]:
        return VoidType()
    if rest == ["_Bool"]:
        return BOOL
    if rest == ["float"]:
        return FLOAT
    if rest == ["double"]:
        if longs == 3:  # the preprocessor's spelling of _Float128
            return FLOAT128
        return model.long_double if longs else DOUBLE
    if rest == ["char"]:
        return UCHAR if unsigned else (SCHAR if signed else CHAR)
    if rest == ["short"]:
        return USHORT if unsigned else SHORT
    if rest:
        return None
    if longs == 3:  # the preprocessor's spelling of __int128 (x86-64 only)
        if model.pointer_size < 8:
            return None
        return UINT128 if unsigned else INT128
    if longs >= 2:
        return ULONGLONG if unsigned else LONGLONG
    if longs == 1:
        return model.unsigned_long if unsigned else model.long
    return UINT if unsigned else INT


def size_of(ctype: CType, model: DataModel) -> int | None:
    """``sizeof``, or None if not known (incomplete, VLA, function, bit-fields)."""
    if isinstance(ctype, (IntegerType, FloatType)):
        return ctype.size
    if isinstance(ctype, PointerType):
        return model.pointer_size
    if isinstance(ctype, ArrayType):
        element = size_of(ctype.element, model)
        if element is None or ctype.length is None:
            return None
        return element * ctype.length
    if isinstance(ctype, StructType):
        return _struct_layout(ctype, model)[0]
    return None


def align_of(ctype: CType, model: DataModel) -> int | None:
    """C11 ``_Alignof`` (gcc), or None if not known.

    ``_Atomic`` gives a type whose size is a power of two up to 16 the alignment of its
    size (gcc: ``_Atomic long long`` is 8-aligned under ILP32, ``long long`` is 4).
    """
    if isinstance(ctype, ArrayType):
        return align_of(ctype.element, model)
    if isinstance(ctype, StructType):
        align = _struct_layout(ctype, model)[1]
    elif isinstance(ctype, (IntegerType, FloatType)):
        align = model.alignment(ctype.name, ctype.size)
    elif isinstance(ctype, PointerType):
        align = model.pointer_size
    else:
        return None
    if align is not None and getattr(ctype, "atomic", False):
        size = size_of(ctype, model)
        if size in (1, 2, 4, 8, 16) and size > align:
            return size
    return align


#: the operators that measure their operand's type: ``sizeof``, C11's and gcc's alignment
MEASURING_OPERATORS = frozenset({"sizeof", "_Alignof", "alignof", "__alignof__", "__alignof"})
#: gcc's spellings, the preferred alignment (see :func:`preferred_alignment_differs`)
GNU_ALIGNOF = frozenset({"__alignof__", "__alignof"})


def preferred_alignment_differs(ctype: CType, model: DataModel) -> bool:
    """Whether gcc's ``__alignof__`` (preferred alignment) differs from ``_Alignof``:
    under ILP32 for ``long long``, ``unsigned long long`` and ``double`` (also as array
    elements; measured with gcc 12 ``-m32``), whose ``_Alignof`` is 4 and ``__alignof__``
    8."""
    while isinstance(ctype, ArrayType):
        ctype = ctype.element
    if not isinstance(ctype, (IntegerType, FloatType)) or getattr(ctype, "atomic", False):
        return False
    return ctype.size == 8 and align_of(ctype, model) == 4


def measure_type(operator: str, ctype: CType, model: DataModel) -> int | None:
    """``sizeof``, ``_Alignof`` or gcc's ``__alignof__`` of a type name, None if not known.

    gcc 12 ``-m32``: ``__alignof__(long long)`` is 8, ``_Alignof(long long)`` 4. Of an
    object the two spellings agree, but not with either: a ``long long`` variable or
    array element is 8-aligned, a struct member 4; callers refuse those operands."""
    if operator == "sizeof":
        return size_of(ctype, model)
    if operator in GNU_ALIGNOF and preferred_alignment_differs(ctype, model):
        return 8
    return align_of(ctype, model)


def _struct_layout(ctype: StructType, model: DataModel) -> tuple[int | None, int | None]:
    """Size and alignment of a struct or union (System V layout), None if unknown."""
    layout = _member_offsets(ctype, model)
    if layout is None:
        return None, None
    size, alignment, _offsets = layout
    return size, alignment


def _member_offsets(ctype: StructType, model: DataModel) -> tuple[int, int, list[int]] | None:
    """Size, alignment and the offset of each member, or None if not known; counted in
    bits, for bit-fields.

    Bit-fields follow gcc's x86 layout (the System V psABI): each takes the next bits
    unless it would cross a boundary of its declared type's alignment, then it starts at
    the next one; a zero-width one moves to that boundary; a named one aligns the struct
    as its declared type does, an unnamed one does not. Their offset is the byte of their
    first bit (``offsetof`` of a bit-field is an error). Packed ones and those of a union
    are not modelled."""
    if ctype.fields is None:
        return None
    if ctype.bit_fields and (ctype.kind != "struct" or ctype.pack is not None):
        return None
    bits = 0
    alignment = 1
    offsets = []
    for index, (name, field_type) in enumerate(ctype.fields):
        field_size = size_of(field_type, model)
        if field_size is None:
            if not (isinstance(field_type, ArrayType) and field_type.length is None):
                return None
            field_size = 0  # flexible array member
        field_align = align_of(field_type, model)
        if field_align is None:
            return None
        if ctype.pack is not None:
            field_align = min(field_align, ctype.pack)
        width = ctype.bit_field_width(index)
        if ctype.kind == "union":
            offsets.append(0)
            bits = max(bits, 8 * field_size)
        elif width is None:
            offset = _round_up(-(-bits // 8), field_align)
            offsets.append(offset)
            bits = 8 * (offset + field_size)
        else:
            if field_size != field_align:  # long long under ILP32: not measured
                return None
            unit = 8 * field_align
            if width == 0 or bits // unit != (bits + width - 1) // unit:
                bits = _round_up(bits, unit)
            offsets.append(bits // 8)
            bits += width
        if width is None or name is not None:
            alignment = max(alignment, field_align)
    return _round_up(-(-bits // 8), alignment), alignment, offsets


def _round_up(value: int, multiple: int) -> int:
    return (value + multiple - 1) // multiple * multiple


def member_offset(ctype: CType, name: str, model: DataModel) -> tuple[int, CType] | None:
    """Offset and type of member ``name`` of a struct/union (``offsetof``), looking
    into anonymous members; None if unknown."""
    path = member_path(ctype, name)
    if path is None:
        return None
    total = 0
    for step in path:  # the anonymous members that hold it, then the member
        assert isinstance(ctype, StructType)
        layout = _member_offsets(ctype, model)
        if layout is None:
            return None
        index = [field_name for field_name, _ in ctype.fields or ()].index(step)
        if ctype.bit_field_width(index) is not None:
            return None  # a bit-field has no byte offset of its own
        total += layout[2][index]
        ctype = ctype.fields[index][1]  # type: ignore[index]
    return total, ctype


#: declared types of the bit-fields whose values are modelled at any width (their
#: promotion is C's). Of a wider declared type (``long``, ``long long``) gcc promotes a
#: bit-field of at most int's width as C promotes an int one (``unsigned long x : 20``
#: to int, ``: 32`` to unsigned int), and those are modelled too; a wider one
#: (``long x : 40``) computes in a type of its own and is refused where it is used
BIT_FIELD_TYPES = frozenset(
    ["_Bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int"]
    + ["unsigned int"]
)


def bit_field_type(declared: IntegerType, width: int) -> IntegerType:
    """The type of a bit-field member: ``declared`` with ``width`` bits of value (an
    unnamed zero-width one, which holds nothing, keeps ``declared``)."""
    return dataclasses.replace(declared, width=width) if width else declared


def is_union(ctype: CType | None) -> bool:
    return isinstance(ctype, StructType) and ctype.kind == "union"


def is_bit_field(ctype: CType) -> bool:
    """Whether ``ctype`` is the type of a bit-field member (it has a width)."""
    return isinstance(ctype, IntegerType) and ctype.width is not None


def is_modelled_bit_field(ctype: CType) -> bool:
    """Whether ``ctype`` is a bit-field type whose values the analyses model (see
    :data:`BIT_FIELD_TYPES`)."""
    if not is_bit_field(ctype):
        return False
    assert isinstance(ctype, IntegerType) and ctype.width is not None
    return ctype.name in BIT_FIELD_TYPES or ctype.width <= INT.bits


def decay(ctype: CType) -> CType:
    """Array-to-pointer and function-to-pointer conversion."""
    if isinstance(ctype, ArrayType):
        return PointerType(ctype.element)
    if isinstance(ctype, FunctionType):
        return PointerType(ctype)
    return ctype


def promote(ctype: CType) -> CType:
    """Integer promotion: types of rank below ``int`` become ``int``.

    (All of them fit into ``int`` on x86: ``unsigned short`` too.) A bit-field becomes
    ``int``, or ``unsigned int`` if it is a 32-bit unsigned one.
    """
    if isinstance(ctype, IntegerType) and ctype.width is not None:
        # a bit-field: int if int holds all its values (C11 6.3.1.1p2)
        return INT if ctype.width < INT.bits or ctype.signed else UINT
    if isinstance(ctype, IntegerType) and _RANK.get(ctype.name, 3) < 3:
        return INT
    return ctype


def unsigned_of(ctype: IntegerType) -> IntegerType:
    """The unsigned type of the same rank and size."""
    if not ctype.signed:
        return ctype
    name = "unsigned char" if ctype.name in ("char", "signed char") else f"unsigned {ctype.name}"
    return IntegerType(name, ctype.size, False)


def arithmetic_type(left: CType, right: CType) -> CType:
    """The common type of the usual arithmetic conversions (C11 6.3.1.8)."""
    if isinstance(left, FloatType) or isinstance(right, FloatType):
        candidates = [t for t in (left, right) if isinstance(t, FloatType)]
        return max(candidates, key=lambda t: t.size)
    left, right = promote(left), promote(right)
    if not isinstance(left, IntegerType) or not isinstance(right, IntegerType):
        raise TypeError(f"no usual arithmetic conversion of {left} and {right}")
    if left == right:
        return left
    left_rank, right_rank = _rank(left), _rank(right)
    if left.signed == right.signed:
        return left if left_rank >= right_rank else right
    unsigned, signed = (left, right) if not left.signed else (right, left)
    unsigned_rank = left_rank if unsigned is left else right_rank
    signed_rank = right_rank if unsigned is left else left_rank
    if unsigned_rank >= signed_rank:
        return unsigned
    if signed.size > unsigned.size:
        return signed
    return unsigned_of(signed)


def _rank(ctype: IntegerType) -> int:
    rank = _RANK.get(ctype.name)
    if rank is None:  # enum types are int or unsigned int
        rank = 3 if ctype.size <= 4 else 5
    return rank


def is_arithmetic(ctype: CType) -> bool:
    return isinstance(ctype, (IntegerType, FloatType))


def holds_pointers(ctype: CType) -> bool:
    """Whether an object of ``ctype`` contains a pointer (a member or element of one)."""
    if isinstance(ctype, PointerType):
        return True
    if isinstance(ctype, ArrayType):
        return holds_pointers(ctype.element)
    if isinstance(ctype, StructType):
        return any(holds_pointers(field_type) for _, field_type in ctype.fields or ())
    return False


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
    path = member_path(ctype, name)
    if path is None:
        return None
    for step in path:
        assert isinstance(ctype, StructType)
        ctype = ctype.field_type(step)  # type: ignore[assignment]
    return ctype


def member_path(ctype: CType, name: str) -> tuple[str, ...] | None:
    """The members to go through from a struct/union to its member ``name``: the
    anonymous members that hold it (C11 6.7.2.1p13), then ``name``; None if it has no
    such member."""
    if not isinstance(ctype, StructType):
        return None
    for field_name, field_type in ctype.fields or ():
        if field_name == name:
            return (name,)
        if is_anonymous_member(field_name):
            inner = member_path(field_type, name)
            if inner is not None:
                return (field_name, *inner)  # type: ignore[arg-type]
    return None


def member_names(ctype: StructType) -> list[str]:
    """The names of the members of ``ctype``, those of its anonymous members' members
    included (they are its own, C11 6.7.2.1p13)."""
    names: list[str] = []
    for field_name, field_type in ctype.fields or ():
        if is_anonymous_member(field_name) and isinstance(field_type, StructType):
            names.extend(member_names(field_type))
        elif field_name is not None:
            names.append(field_name)
    return names


def access_key(ctype: CType) -> object:
    """What the type of an object and the type of an lvalue must share for the lvalue
    to access the object (C11 6.5p7, narrowed): the same type, up to the signedness of
    an integer type; any pointer type for a pointer (all have one representation).
    Character lvalues reading other objects byte-wise are not included."""
    if isinstance(ctype, IntegerType):
        name = ctype.name
        for prefix in ("unsigned ", "signed "):
            if name.startswith(prefix):
                name = name[len(prefix) :]
        return ("integer", name, ctype.size)
    if isinstance(ctype, PointerType):
        return ("pointer",)
    if isinstance(ctype, ArrayType):
        return ("array", access_key(ctype.element), ctype.length)
    if isinstance(ctype, FloatType):
        return ("float", ctype.name)
    return ctype
