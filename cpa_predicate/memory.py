"""The memory model of the predicate encoding: addresses for address-taken objects.

Encoding, and why. Every variable whose address the program takes
(:func:`cpa.cfa.addresses.address_taken`) is an *object* with a fixed address; its
contents stay the scalar cells of :mod:`cpa_predicate.cells` (``main::s.a[2]``), which
reads and writes by name use as before. A pointer is a bit-vector of the data model's
pointer width holding an address: ``&s.a[i]`` is ``base(s) + offsetof(a) + i *
sizeof(int)`` with the data model's layout, the null pointer is 0 (no object is
there), and pointer arithmetic, subtraction and comparison are the bit-vector
operations on addresses. A dereference of an address ``A`` as type ``T`` denotes the
cell (or aggregate part) of type ``T`` whose address is ``A``: reads are an ``ite``
over those candidates, writes update each candidate under its guard, exactly as a
variable array index does.

So the formulas stay quantifier-free bit-vector formulas over the same cells: no SMT
arrays, nothing new for interpolation, predicates or SSA, and a pointer that can point
to few objects costs little. The price is that a dereference grows with the number of
address-taken cells of its type (one ``ite`` per candidate), which is small in the
programs this targets; per-type SMT arrays (CPAchecker's uninterpreted functions)
would not grow, but their interpolants need array theory.

Exactness. Objects lie apart (a gap after each), so a pointer one past the end of an
object never equals the address of another object, and the addresses themselves are
never observable: converting a pointer to an integer stays unsupported, relational
comparison and subtraction of pointers into different objects are undefined, and so
is every dereference that hits no candidate (null, dangling, out of bounds, another
type): :mod:`cpa.cfa.undefined` puts a check before each of them, encoded here, so TRUE
proves none happens. A local of a function other than the entry function lives from its
declaration to the function's return; a one-bit *lifetime* cell (``f::x$live``) says
whether it lives, and a dereference of a dead object is undefined too.

Not modelled (every access through a pointer is then UNKNOWN with ``file:line``): the
address of a variable declared in an inner block (its lifetime ends with the block,
which the CFA does not mark), and address-taken objects that cells cannot represent
(unions, bit-fields, unknown length, more than :data:`cells.MAX_CELLS` cells).
Functions, string literals and the heap have no addresses here yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa import c_types
from cpa.cfa.expressions import Variable
from cpa.cfa.model import CFA
from cpa.cfa.types import ArrayType, CType, StructType
from cpa_predicate import cells

#: the address of the first object (small integers are never addresses)
FIRST_ADDRESS = 0x10000
#: objects start at multiples of this
ALIGNMENT = 16
#: free bytes after every object, so that one past its end is no other object
GAP = 16
#: the suffix of an object's lifetime cell
LIFETIME_SUFFIX = "$live"


@dataclass(frozen=True, eq=False)
class MemoryObject:
    """An address-taken variable: where it lies, and its lifetime cell if it has one."""

    variable: Variable
    base: int
    size: int
    #: the cell saying whether the object lives (None: it lives for the whole run)
    lifetime: str | None


@dataclass(frozen=True, eq=False)
class Place:
    """A part of an object that an lvalue can denote: the whole object, a member or an
    element (also an aggregate one), with its access path and address."""

    path: str
    ctype: CType
    address: int
    owner: MemoryObject


class MemoryLayout:
    """The objects of one program and the places they consist of."""

    def __init__(self, cfa: CFA):
        self.model = cfa.data_model
        self.pointer_bits = 8 * self.model.pointer_size
        self.objects: dict[Variable, MemoryObject] = {}
        #: address-taken variables this model cannot represent, with the reason
        self.unmodelled: dict[Variable, str] = {}
        self._places: dict[object, list[Place]] = {}
        address = FIRST_ADDRESS
        for variable in sorted(cfa.address_taken, key=lambda v: v.name):
            reason = self._unmodelled_reason(variable)
            if reason is not None:
                self.unmodelled[variable] = reason
                continue
            size = c_types.size_of(variable.type, self.model) or 0
            align = max(ALIGNMENT, c_types.align_of(variable.type, self.model) or 1)
            address = (address + align - 1) // align * align
            local = variable.function not in (None, cfa.entry_function)
            lifetime = variable.name + LIFETIME_SUFFIX if local and not variable.is_global else None
            memory_object = MemoryObject(variable, address, size, lifetime)
            self.objects[variable] = memory_object
            self._collect(memory_object, variable.name, variable.type, address)
            address += size + GAP
        #: the objects with a lifetime cell, by the function they are locals of
        self._lifetimes: dict[str, list[MemoryObject]] = {}
        for memory_object in self.objects.values():
            if memory_object.lifetime is not None:
                function = memory_object.variable.function
                self._lifetimes.setdefault(function, []).append(memory_object)
        #: the size of the largest object (bounds the offsets of pointer arithmetic)
        self.largest_size = max((o.size for o in self.objects.values()), default=0)
        if address >= 1 << (self.pointer_bits - 1):
            for variable in self.objects:
                self.unmodelled[variable] = "the objects do not fit half the address space"

    def _unmodelled_reason(self, variable: Variable) -> str | None:
        if variable.block_scoped:
            return "declared in an inner block (lifetimes of blocks are not modelled)"
        try:
            cells.leaves(variable.type)
        except cells.NotScalarisable as reason:
            return str(reason)
        if c_types.size_of(variable.type, self.model) is None:
            return f"size of {variable.type} unknown"
        return None

    def _collect(self, owner: MemoryObject, path: str, ctype: CType, address: int) -> None:
        self._places.setdefault(c_types.access_key(ctype), []).append(
            Place(path, ctype, address, owner)
        )
        if isinstance(ctype, ArrayType):
            element_size = c_types.size_of(ctype.element, self.model) or 0
            for index in range(ctype.length or 0):
                self._collect(
                    owner, f"{path}[{index}]", ctype.element, address + index * element_size
                )
        elif isinstance(ctype, StructType):
            for name, field_type in ctype.fields or ():
                found = c_types.member_offset(ctype, name, self.model)
                assert found is not None  # cells.leaves accepted the struct
                self._collect(owner, f"{path}.{name}", field_type, address + found[0])

    def places(self, ctype: CType) -> list[Place]:
        """The places an lvalue of type ``ctype`` may access."""
        return self._places.get(c_types.access_key(ctype), [])

    def lifetimes(self, function: str) -> list[MemoryObject]:
        """The objects with a lifetime cell among ``function``'s locals."""
        return self._lifetimes.get(function, [])
