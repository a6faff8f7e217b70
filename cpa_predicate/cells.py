"""Struct and array variables as scalar cells.

A variable of struct or array type is, for the formulas, the set of its scalar leaves:
one *cell* per integer or pointer member and per array element, named by the
variable's name and the access path (``main::p.y[2]``). The cell names are SSA names
like any variable's, so path formulas, predicates and interpolants need nothing new,
and the encoding is exact: a constant index names one cell; an index that is not a
constant reads through a chain of ``ite`` over the array's cells and writes each cell
under the guard that the index selects it. Out-of-bounds indices never reach the
encoding: the frontend sends them to an undefined-behaviour location
(:mod:`cpa.cfa.undefined`).

A bit-field member is a cell of its width (unnamed ones hold nothing and have none).
Accesses through pointers reach the same cells (:mod:`cpa_predicate.memory` gives
address-taken variables addresses; not to objects with bit-fields, whose members share
bytes). Bit-fields of types wider than ``int``, arrays of unknown length
and aggregates of more than :data:`MAX_CELLS` cells are unsupported (the ``ite``
encoding grows with the number of cells).

A union is one cell: its bytes, a bit-vector of ``8 * sizeof`` bits whose byte ``k``
is bits ``8k .. 8k+7`` (x86 is little-endian, as gcc lays the union out). A member, or
an element or member inside one, is a *slice* of that cell, named by the union's path,
the byte offset and the cell's width (``main::v~2:32``): a read extracts the slice's
bits, a write replaces them and keeps the others, so reading another member than the
one written gives the bytes gcc gives. Only unions whose members are made of integers
and pointers (no floating point, ``_Bool`` or bit-fields) are cells; a struct inside a
union is read and written leaf by leaf, each leaf the slice at its offset.

A pointer's bytes are an address of our layout, not gcc's, so no verdict may rest on
reading them as anything but that pointer. A union that holds a pointer somewhere
therefore has *provenance* bits after its bytes (:mod:`cpa_predicate.union_bytes`):
which bytes hold a pointer and where each such pointer starts. A read that finds what
was written (the pointer stored at that offset, or integer bytes read as integers)
is exact; another read (an integer from a pointer's bytes, a pointer from integer
bytes other than all zero) is any value, and the encoding says it approximated.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from cpa.cfa import c_types
from cpa.cfa.types import ArrayType, CType, FloatType, IntegerType, PointerType, StructType

#: the most cells an aggregate variable may have
MAX_CELLS = 1024


class NotScalarisable(Exception):
    """The type cannot be split into cells; the message says why."""


@lru_cache(maxsize=4096)
def leaves(ctype: CType) -> tuple[tuple[str, CType], ...]:
    """The scalar leaves of ``ctype`` as (access path suffix, leaf type), in layout order.

    Integer and pointer leaves carry values; floating-point leaves are listed too (their
    writes are dropped and their reads refused, as for scalar variables)."""
    found: list[tuple[str, CType]] = []
    _collect(ctype, "", found)
    return tuple(found)


def _collect(ctype: CType, prefix: str, found: list[tuple[str, CType]]) -> None:
    if isinstance(ctype, (IntegerType, PointerType, FloatType)):
        found.append((prefix, ctype))
    elif isinstance(ctype, ArrayType):
        if ctype.length is None:
            raise NotScalarisable(f"array of unknown length ({ctype})")
        for index in range(ctype.length):
            _collect(ctype.element, f"{prefix}[{index}]", found)
            if len(found) > MAX_CELLS:
                raise NotScalarisable(f"more than {MAX_CELLS} cells")
    elif isinstance(ctype, StructType):
        if c_types.is_union(ctype):
            problem = union_problem(ctype)
            if problem is not None:
                raise NotScalarisable(f"{ctype}: {problem}")
            found.append((prefix, ctype))
            return
        if ctype.fields is None:
            raise NotScalarisable(f"incomplete type {ctype}")
        for index, (name, field_type) in enumerate(ctype.fields):
            if ctype.bit_field_width(index) is not None:
                if not name:
                    continue  # an unnamed bit-field is padding
                if not c_types.is_modelled_bit_field(field_type):
                    raise NotScalarisable(f"bit-field of type {field_type.name}")  # type: ignore[attr-defined]
            if not name:
                raise NotScalarisable(f"{ctype} has an anonymous member")
            _collect(field_type, f"{prefix}.{name}", found)
        if len(found) > MAX_CELLS:
            raise NotScalarisable(f"more than {MAX_CELLS} cells")
    else:
        raise NotScalarisable(f"member of type {ctype}")


@lru_cache(maxsize=1024)
def union_problem(ctype: StructType) -> str | None:
    """Why the union ``ctype`` cannot be one cell of bytes, None if it can: every member
    must be made of integers whose values are all their bits."""
    return _bytes_problem(ctype)


def _bytes_problem(ctype: CType) -> str | None:
    if isinstance(ctype, IntegerType):
        if ctype.width is not None:
            return "a union with bit-fields is not modelled"
        if ctype.name == "_Bool":
            return "a union with a _Bool member is not modelled"
        return None
    if isinstance(ctype, ArrayType):
        if ctype.length is None:
            return "a union with an array of unknown length is not modelled"
        return _bytes_problem(ctype.element)
    if isinstance(ctype, StructType):
        if ctype.fields is None:
            return f"incomplete type {ctype}"
        for index, (name, field_type) in enumerate(ctype.fields):
            if ctype.bit_field_width(index) is not None:
                return "a union with bit-fields is not modelled"
            if not name:
                return "a union with an anonymous member is not modelled"
            problem = _bytes_problem(field_type)
            if problem is not None:
                return problem
        return None
    if isinstance(ctype, PointerType):
        return None
    return f"a union with a member of type {ctype} is not modelled"


@lru_cache(maxsize=1024)
def union_cell_bits(ctype: StructType, model) -> int | None:
    """The width of the cell of the union ``ctype`` (None if it is not one cell): its
    bytes, and for a union that holds a pointer two provenance bits per byte."""
    if union_problem(ctype) is not None:
        return None
    size = c_types.size_of(ctype, model)
    if not size:
        return None
    return 10 * size if c_types.holds_pointers(ctype) else 8 * size


#: separates a union cell's path from a slice's byte offset and the cell's width
SLICE = "~"
#: marks the slice of a cell with provenance bits
PROVENANCE = "p"


class Slice(NamedTuple):
    """A part of a union's cell: ``offset`` bytes in, of the cell ``cell`` of ``width``
    bits; ``provenance``: the cell has provenance bits after its bytes."""

    cell: str
    offset: int
    width: int
    provenance: bool = False

    @property
    def size(self) -> int:
        """The number of bytes of the cell."""
        return self.width // 10 if self.provenance else self.width // 8


def slice_path(cell: str, offset: int, width: int, provenance: bool = False) -> str:
    """The path of the slice at byte ``offset`` of the union cell ``cell`` of ``width``
    bits (with ``provenance`` bits)."""
    return f"{cell}{SLICE}{offset}:{width}{PROVENANCE if provenance else ''}"


def parse_slice(path: str) -> Slice | None:
    """The slice a path names, None for the path of a cell."""
    cell, separator, rest = path.rpartition(SLICE)
    if not separator:
        return None
    offset, _, width = rest.partition(":")
    provenance = width.endswith(PROVENANCE)
    return Slice(cell, int(offset), int(width.removesuffix(PROVENANCE)), provenance)


def moved_slice(path: str, delta: int) -> str:
    """The slice ``delta`` bytes after the slice ``path``."""
    found = parse_slice(path)
    assert found is not None
    return slice_path(found.cell, found.offset + delta, found.width, found.provenance)


@lru_cache(maxsize=1024)
def byte_parts(ctype: CType, model, into_unions: bool) -> tuple[tuple[str, CType, int], ...]:
    """The parts of ``ctype`` (a type :func:`union_problem` accepts, or a union of one):
    its members and elements and theirs, outermost first, each as (access path suffix,
    type, byte offset). The members of ``ctype`` itself, if it is a union, are parts
    (all at offset 0); those of a union inside it only ``into_unions``."""
    found: list[tuple[str, CType, int]] = []

    def collect(ctype: CType, prefix: str, offset: int) -> None:
        children: list[tuple[str, CType, int]] = []
        if isinstance(ctype, ArrayType):
            size = c_types.size_of(ctype.element, model) or 0
            for index in range(ctype.length or 0):
                children.append((f"{prefix}[{index}]", ctype.element, offset + index * size))
        elif isinstance(ctype, StructType) and (
            into_unions or not prefix or not c_types.is_union(ctype)
        ):
            for name, _field_type in ctype.fields or ():
                member = c_types.member_offset(ctype, name, model)
                assert member is not None  # named members of a complete type
                children.append((f"{prefix}.{name}", member[1], offset + member[0]))
        for suffix, part, start in children:
            found.append((suffix, part, start))
            collect(part, suffix, start)

    collect(ctype, "", 0)
    return tuple(found)


@lru_cache(maxsize=1024)
def byte_leaves(ctype: CType, model) -> tuple[tuple[str, CType, int], ...]:
    """The leaves of ``ctype`` (a type :func:`union_problem` accepts) with their byte
    offsets: (access path suffix, leaf type, offset); a union is one leaf."""
    if not is_aggregate(ctype) or c_types.is_union(ctype):
        return (("", ctype, 0),)
    parts = byte_parts(ctype, model, into_unions=False)
    return tuple(p for p in parts if not is_aggregate(p[1]) or c_types.is_union(p[1]))


def has_bit_fields(ctype: CType) -> bool:
    """Whether a struct in ``ctype`` (a member, an element) has bit-fields."""
    while isinstance(ctype, ArrayType):
        ctype = ctype.element
    if not isinstance(ctype, StructType):
        return False
    return bool(ctype.bit_fields) or any(has_bit_fields(t) for _n, t in ctype.fields or ())


def is_aggregate(ctype: CType) -> bool:
    return isinstance(ctype, (ArrayType, StructType))
