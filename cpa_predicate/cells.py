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
bytes). Unions, bit-fields of types wider than ``int``, arrays of unknown length and
aggregates of more than :data:`MAX_CELLS` cells are unsupported (the ``ite``
encoding grows with the number of cells).
"""

from __future__ import annotations

from functools import lru_cache

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
        if ctype.kind != "struct":
            raise NotScalarisable(f"{ctype}: unions are not modelled")
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


def has_bit_fields(ctype: CType) -> bool:
    """Whether a struct in ``ctype`` (a member, an element) has bit-fields."""
    while isinstance(ctype, ArrayType):
        ctype = ctype.element
    if not isinstance(ctype, StructType):
        return False
    return bool(ctype.bit_fields) or any(has_bit_fields(t) for _n, t in ctype.fields or ())


def is_aggregate(ctype: CType) -> bool:
    return isinstance(ctype, (ArrayType, StructType))
