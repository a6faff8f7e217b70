"""Reads and writes of a union's cell: its bytes, and the provenance of pointers in them.

A union is one bit-vector cell (:mod:`cpa_predicate.cells`): byte ``k`` of the union is
bits ``8k .. 8k+7``, and a member is a *slice* that a read extracts and a write splices
in. That is exact for integers: the bytes are the bytes gcc has.

A pointer's bytes are different: they are an address of *our* layout
(:mod:`cpa_predicate.memory`), not of gcc's. Reading them as an integer, or reading a
pointer out of integer bytes, would give a value that no compiled run has, and a
verdict could rest on it. So a union that holds a pointer has two more bits per byte
after its ``8 * size`` bits of bytes:

* a *mark* per byte (bits ``8 * size + k``): byte ``k`` is part of a stored pointer;
* a *start* per byte (bits ``9 * size + k``): a stored pointer starts at byte ``k``.

A pointer store marks its bytes and its start (a null pointer stores zero bytes: gcc's
null pointer is all bits zero); any other store clears the marks and starts of the
bytes it writes. A pointer read is exact when it finds a pointer stored at exactly its
bytes, or zero bytes (null); an integer read is exact when no byte it reads is marked.
Any other read is an unconstrained value, and the encoding records that it
approximated: a counterexample through it must still replay. Copying a whole union
copies the marks with the bytes, so a copy reads as the original.
"""

from __future__ import annotations

from pysmt.fnode import FNode
from pysmt.shortcuts import BV, And, BVConcat, BVExtract, Equals, Ite, Or

from cpa.cfa import c_types
from cpa.cfa.types import CType, PointerType
from cpa_predicate import cells


def splice(cell: FNode, value: FNode, low: int) -> FNode:
    """``cell`` with its bits from ``low`` on replaced by ``value``."""
    width, high = cell.bv_width(), low + value.bv_width()
    assert high <= width
    parts = []
    if high < width:
        parts.append(BVExtract(cell, high, width - 1))
    parts.append(value)
    if low > 0:
        parts.append(BVExtract(cell, 0, low - 1))
    result = parts[0]
    for part in parts[1:]:
        result = BVConcat(result, part)
    return result


def _has_provenance(ctype: CType | None) -> bool:
    return c_types.is_union(ctype) and c_types.holds_pointers(ctype)  # type: ignore[arg-type]


def store(cell: FNode, part: cells.Slice, value: FNode, ctype: CType | None) -> FNode:
    """The cell ``cell`` after ``value``, of type ``ctype`` (None: plain bytes), is
    stored into the slice ``part``."""
    low = 8 * part.offset
    if not part.provenance:
        return splice(cell, value, low)
    if _has_provenance(ctype):  # a whole union: its bytes, marks and starts
        count = value.bv_width() // 10
        data = BVExtract(value, 0, 8 * count - 1)
        marks = BVExtract(value, 8 * count, 9 * count - 1)
        starts = BVExtract(value, 9 * count, 10 * count - 1)
    else:
        count, data = value.bv_width() // 8, value
        if isinstance(ctype, PointerType):
            null = Equals(value, BV(0, value.bv_width())).simplify()
            marks = Ite(null, BV(0, count), BV((1 << count) - 1, count)).simplify()
            starts = Ite(null, BV(0, count), BV(1, count)).simplify()
        else:
            marks = starts = BV(0, count)
    size = part.size
    cell = splice(cell, data, low)
    cell = splice(cell, marks, 8 * size + part.offset)
    return splice(cell, starts, 9 * size + part.offset)


def load(cell: FNode, part: cells.Slice, ctype: CType, bits: int, ctx) -> FNode:
    """The value of type ``ctype`` (``bits`` wide) in the slice ``part`` of ``cell``;
    where the bytes may hold something else than such a value, any value (and ``ctx``
    records the approximation)."""
    low = 8 * part.offset
    if not part.provenance:
        return BVExtract(cell, low, low + bits - 1)
    size, whole_union = part.size, _has_provenance(ctype)
    count = bits // 10 if whole_union else bits // 8
    data = BVExtract(cell, low, low + 8 * count - 1)
    mark_low, start_low = 8 * size + part.offset, 9 * size + part.offset
    marks = BVExtract(cell, mark_low, mark_low + count - 1)
    starts = BVExtract(cell, start_low, start_low + count - 1)
    if whole_union:  # a union with provenance of its own: its bytes, marks and starts
        return BVConcat(BVConcat(starts, marks), data)
    unmarked = Equals(marks, BV(0, count))
    if isinstance(ctype, PointerType):
        stored = And(Equals(marks, BV((1 << count) - 1, count)), Equals(starts, BV(1, count)))
        exact = Or(stored, And(unmarked, Equals(data, BV(0, 8 * count))))
        what = "a pointer read from bytes of a union that may not hold that pointer"
    else:
        exact = unmarked
        what = "bytes of a union read as an integer that may hold a pointer"
    exact = exact.simplify()
    if exact.is_true():
        return data
    ctx.approximate(what)
    return Ite(exact, data, ctx.fresh_aux(8 * count))
