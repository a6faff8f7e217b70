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
object is no address of another object. C lets such a pointer compare equal to the
start of an object that happens to follow (C11 6.5.9p6); the encoding leaves that one
comparison open (an unconstrained bit, recorded as an approximation), so no verdict
rests on our layout. The addresses themselves are never observable: converting a pointer to an integer stays unsupported, relational
comparison and subtraction of pointers into different objects are undefined, and so
is every dereference that hits no candidate (null, dangling, out of bounds, another
type): :mod:`cpa.cfa.undefined` puts a check before each of them, encoded here, so TRUE
proves none happens. A local of a function other than the entry function lives from its
declaration to the function's return; a one-bit *lifetime* cell (``f::x$live``) says
whether it lives, and a dereference of a dead object is undefined too, as is any other
use of a pointer into it (a comparison, a truth value, arithmetic: the ``live`` check).
A local of a function that an execution may enter twice is an object only if no
pointer into it can outlive an activation (:mod:`cpa.cfa.escapes`): otherwise the
second activation would revive the object at the same address, and a pointer kept
from the first would reach it as if it were valid.

Not modelled (every access through a pointer is then UNKNOWN with ``file:line``): the
address of a variable declared in an inner block (its lifetime ends with the block,
which the CFA does not mark), and address-taken objects that cells cannot represent
(bit-fields, whose members share bytes, unions other than those of integers,
unknown length, more than :data:`cells.MAX_CELLS` cells). A union's members, and
their members and elements, are places too: slices of the union's cell.
A function whose address the program takes has an address too (no object is there,
so a data access through it is invalid); a call through a pointer compares it with
these (:mod:`cpa.cfa.lowering`). A string literal used as a value is a read-only
global array (``__cpa_string_N``); two of them may be one array or overlap where their
bytes allow (C11 6.4.5p7, :attr:`MemoryLayout.overlapping_strings`), so the encoding
leaves equality of pointers into such a pair open.

Heap and ``alloca`` objects. An allocation site that runs at most once
(:mod:`cpa.cfa.allocations`) has one object, placed like an address-taken variable
after them; a ``malloc``/``calloc`` object has a lifetime cell that the allocation
sets and ``free`` clears, an ``alloca`` object one that its function's return clears.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa import c_types
from cpa.cfa.expressions import Variable
from cpa.cfa.model import CFA, ExternalCallEdge
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
    #: an object of ``malloc``/``calloc``, whose lifetime ``free`` ends
    freeable: bool = False


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
        #: the objects of allocation sites (:mod:`cpa.cfa.allocations`), by site
        self.allocations: dict[ExternalCallEdge, MemoryObject] = {}
        #: why an allocation site is not modelled, by site
        self.unmodelled_allocations: dict[ExternalCallEdge, str] = {}
        #: the objects with a lifetime cell, by the function whose return ends them
        self._lifetimes: dict[str, list[MemoryObject]] = {}
        self._address = FIRST_ADDRESS
        for variable in sorted(cfa.address_taken, key=lambda v: v.name):
            if (
                not variable.is_global
                and variable.function not in cfa.functions_running_once
                and variable not in cfa.contained_locals
                and self._unmodelled_reason(variable) is None
            ):
                # a second activation would revive the object at the same address, and a
                # pointer kept from the first would reach it as if it were valid
                self.unmodelled[variable] = (
                    f"a local of {variable.function}(), which may run more than once,"
                    " whose address may outlive the call (its activations would share"
                    " one address)"
                )
                continue
            local = variable.function not in (None, cfa.entry_function) and not variable.is_global
            self._add(variable, variable.function if local else None, False)
        for edge, site in cfa.allocation_sites.items():
            if site.variable is None:
                self.unmodelled_allocations[edge] = site.unmodelled or "allocation"
                continue
            function = edge.predecessor.function
            scope = function if site.function_scoped and function != cfa.entry_function else None
            memory_object = self._add(site.variable, scope, not site.function_scoped)
            if memory_object is None:
                reason = self.unmodelled.pop(site.variable)
                self.unmodelled_allocations[edge] = f"{edge.function_name}() of {reason}"
            else:
                self.allocations[edge] = memory_object
        #: the addresses of the functions with a body whose address the program takes
        self.functions: dict[str, int] = {}
        for name in sorted(cfa.address_taken_functions):
            self._address = (self._address + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
            self.functions[name] = self._address
            self._address += GAP
        #: whether some object is read-only (``const``, a string literal's array)
        self.has_read_only_objects = any(v.read_only for v in self.objects)
        #: the pairs of string literals' arrays that may overlap (C11 6.4.5p7)
        self.overlapping_strings = _overlapping_strings(
            [
                (o, cfa.string_contents[v])
                for v, o in self.objects.items()
                if v in cfa.string_contents
            ]
        )
        #: the size of the largest object (bounds the offsets of pointer arithmetic)
        self.largest_size = max((o.size for o in self.objects.values()), default=0)
        if self._address >= 1 << (self.pointer_bits - 1):
            for variable in self.objects:
                self.unmodelled[variable] = "the objects do not fit half the address space"
            for edge in self.allocations:
                self.unmodelled_allocations[edge] = "objects that do not fit the address space"
            self.allocations.clear()

    def _add(self, variable: Variable, scope: str | None, freeable: bool) -> MemoryObject | None:
        """Place ``variable``'s object after the previous ones. ``scope``: the
        function whose return ends its lifetime; ``freeable``: ``free`` ends it."""
        reason = self._unmodelled_reason(variable)
        if reason is not None:
            self.unmodelled[variable] = reason
            return None
        size = c_types.size_of(variable.type, self.model) or 0
        align = max(ALIGNMENT, c_types.align_of(variable.type, self.model) or 1)
        address = (self._address + align - 1) // align * align
        lifetime = None
        if scope is not None or freeable:
            lifetime = variable.name + LIFETIME_SUFFIX
        memory_object = MemoryObject(variable, address, size, lifetime, freeable)
        self.objects[variable] = memory_object
        self._collect(memory_object, variable.name, variable.type, address)
        if scope is not None:
            self._lifetimes.setdefault(scope, []).append(memory_object)
        self._address = address + size + GAP
        return memory_object

    def _unmodelled_reason(self, variable: Variable) -> str | None:
        if variable.block_scoped:
            return "declared in an inner block (lifetimes of blocks are not modelled)"
        try:
            cells.leaves(variable.type)
        except cells.NotScalarisable as reason:
            return str(reason)
        if cells.has_bit_fields(variable.type):
            return f"{variable.type} has bit-fields (members that share bytes)"
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
        elif c_types.is_union(ctype):
            # its members and their parts: slices of its cell (:mod:`cpa_predicate.cells`)
            width = cells.union_cell_bits(ctype, self.model) or 0  # type: ignore[arg-type]
            provenance = c_types.holds_pointers(ctype)
            for _suffix, part, offset in cells.byte_parts(ctype, self.model, into_unions=True):
                at = cells.slice_path(path, offset, width, provenance)
                self._places.setdefault(c_types.access_key(part), []).append(
                    Place(at, part, address + offset, owner)
                )
        elif isinstance(ctype, StructType):
            for name, field_type in ctype.fields or ():
                found = c_types.member_offset(ctype, name, self.model)
                assert found is not None  # cells.leaves accepted the struct
                self._collect(owner, f"{path}.{name}", field_type, address + found[0])

    def places(self, ctype: CType) -> list[Place]:
        """The places an lvalue of type ``ctype`` may access."""
        return self._places.get(c_types.access_key(ctype), [])

    def freeable(self) -> list[MemoryObject]:
        """The objects whose lifetime ``free`` ends (of ``malloc`` and ``calloc``)."""
        return [o for o in self.allocations.values() if o.freeable]

    def lifetimes(self, function: str) -> list[MemoryObject]:
        """The objects with a lifetime cell among ``function``'s locals."""
        return self._lifetimes.get(function, [])


def _overlapping_strings(
    strings: list[tuple[MemoryObject, bytes]],
) -> list[tuple[MemoryObject, MemoryObject]]:
    """The pairs of string literals' arrays that may share bytes: C leaves open whether
    two literals are distinct arrays "provided their elements have the appropriate
    values" (C11 6.4.5p7), so two overlap where they can lie with equal bytes on every
    byte they share (gcc gives equal literals one array; a linker may make ``"bc"`` the
    tail of ``"abc"``). Arrays whose bytes differ at every placement never share one."""
    pairs = []
    for index, (first, first_bytes) in enumerate(strings):
        for second, second_bytes in strings[index + 1 :]:
            if any(
                _agree(first_bytes, second_bytes, shift)
                for shift in range(-len(first_bytes) + 1, len(second_bytes))
            ):
                pairs.append((first, second))
    return pairs


def _agree(first: bytes, second: bytes, shift: int) -> bool:
    """Whether ``first`` placed at offset ``shift`` of ``second`` agrees with it on
    every byte they share."""
    low, high = max(0, shift), min(len(second), shift + len(first))
    return second[low:high] == first[low - shift : high - shift]
