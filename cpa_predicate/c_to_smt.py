"""Encoding of side-effect-free C expressions as bit-vector formulas (pysmt).

C integers are machine words, and the encoding says so: a value of an integer type
``T`` is a bit-vector of ``T``'s width (``_Bool`` has width 1, pointers the data
model's pointer width), and every operator is the bit-vector operator with ``T``'s
signedness. This is exact for all of C's integer arithmetic as gcc on x86 computes
it (see :mod:`cpa.cfa.integers`, the same rules on concrete values):

* conversions: truncation to a narrower type, sign or zero extension (by the source
  type's signedness) to a wider one, ``x != 0`` to ``_Bool``;
* ``+ - * & | ^ ~`` and unary ``-`` wrap around (signed overflow as gcc ``-fwrapv``);
* ``/`` and ``%`` truncate toward zero (``bvsdiv``/``bvsrem`` or unsigned); division
  by zero stops an x86 program (SIGFPE), so the path that performs one ends there:
  the encoding requires it not to happen. ``MIN / -1`` is undefined; the path goes
  on with ``bvsdiv``'s ``MIN`` (``bvsrem``'s ``0``), what gcc computes where it knows
  the divisor, which covers the ``idiv`` trap as well;
* ``<<`` and ``>>`` (arithmetic for signed operands, as gcc) by an amount within
  ``[0, width)``; any other amount is undefined and gives an unconstrained value
  (recorded as an approximation: a counterexample through it must still replay);
* comparisons are signed or unsigned by the operands' common type.

The frontend makes the integer promotions and usual arithmetic conversions explicit;
the encoder applies them itself as well when operand types differ (hand-built CFAs),
so an expression's value never depends on that invariant.

Memory: struct members and array elements are cells (:mod:`cpa_predicate.cells`), a
union one cell of its bytes whose members are slices (``extract`` to read, ``concat``
to write);
a pointer is a word holding an address of :mod:`cpa_predicate.memory`, and ``&``,
``*p``, ``p->f``, ``p[i]``, pointer arithmetic, subtraction and comparison compute on
addresses; :class:`~cpa.cfa.expressions.MemoryCheck` says whether such an operation
is defined.

Refused as :class:`~cpa.errors.UnsupportedFeature` (never guessed): floating point,
function values, and conversions between pointers and
integers (other than the null pointer constant and ``(_Bool) p``).
"""

from __future__ import annotations

from typing import Protocol

from pysmt.fnode import FNode
from pysmt.shortcuts import (
    BV,
    BVSGE,
    BVSGT,
    BVSLE,
    BVSLT,
    BVUGE,
    BVUGT,
    BVULE,
    BVULT,
    FALSE,
    TRUE,
    And,
    BVAdd,
    BVAnd,
    BVAShr,
    BVExtract,
    BVLShl,
    BVLShr,
    BVMul,
    BVNeg,
    BVNot,
    BVOr,
    BVSDiv,
    BVSExt,
    BVSub,
    BVXor,
    BVZExt,
    Equals,
    Iff,
    Ite,
    Not,
    Or,
)

from cpa.cfa import c_types, integers
from cpa.cfa.data_model import DataModel
from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    BinaryExpression,
    CastExpression,
    Dereference,
    Expression,
    FieldAccess,
    FloatConstant,
    FunctionRef,
    InitializerList,
    IntConstant,
    MemoryCheck,
    SizeOf,
    StringLiteral,
    UnaryExpression,
    Variable,
    VariableRef,
)
from cpa.cfa.types import (
    ArrayType,
    CType,
    FloatType,
    FunctionType,
    IntegerType,
    PointerType,
    StructType,
)
from cpa.errors import UnsupportedFeature
from cpa_predicate import cells, union_bytes
from cpa_predicate.division_lemmas import division_lemmas, quotient_and_remainder
from cpa_predicate.memory import MemoryLayout, MemoryObject, Place
from cpa_predicate.ssa import ssa_name, symbol


class EncodingContext(Protocol):
    """What the expression encoder needs from the edge being encoded."""

    file: str
    line: int

    def index(self, name: str) -> int:
        """Current SSA index of an SSA name."""
        ...

    def fresh_aux(self, bits: int) -> FNode:
        """A new auxiliary bit-vector symbol of ``bits`` bits (deterministically numbered)."""
        ...

    def add_constraint(self, constraint: FNode) -> None:
        """Conjoin a side constraint (e.g. that a division does not trap)."""
        ...

    def approximate(self, construct: str) -> None:
        """Record that the encoding over-approximated ``construct`` here."""
        ...


def is_storable(ctype: CType) -> bool:
    """Types whose values are tracked: integers (enums included) and pointers."""
    return isinstance(ctype, (IntegerType, PointerType))


def is_bool_type(ctype: CType) -> bool:
    return isinstance(ctype, IntegerType) and ctype.name == "_Bool"


_COMPARISONS = frozenset(["==", "!=", "<", "<=", ">", ">="])
_SIGNED_COMPARISON = {"<": BVSLT, "<=": BVSLE, ">": BVSGT, ">=": BVSGE}
_UNSIGNED_COMPARISON = {"<": BVULT, "<=": BVULE, ">": BVUGT, ">=": BVUGE}
_WRAPPING = {"+": BVAdd, "-": BVSub, "*": BVMul, "&": BVAnd, "|": BVOr, "^": BVXor}


class ExpressionEncoder:
    """Turns CFA expressions into pysmt terms at the SSA indices of a context.

    Stateless apart from the data model and the program's memory layout, so one
    encoder serves a whole run. Without a layout no object has an address.

    Signed overflow and out-of-range shifts are undefined in C; the encoding wraps and
    leaves such shifts unconstrained, which over-approximates. With ``defined_only``
    it keeps only the paths on which no such operation happens (a side constraint
    each): that is how a counterexample that does not rest on undefined behaviour is
    looked for, after a first one did (:mod:`cpa_predicate.counterexample`).
    """

    def __init__(
        self, model: DataModel, memory: MemoryLayout | None = None, *, defined_only: bool = False
    ):
        self.model = model
        self.memory = memory
        self.pointer_bits = 8 * model.pointer_size
        self.defined_only = defined_only

    # --- public API ---------------------------------------------------------------------

    def bits(self, ctype: CType) -> int | None:
        """Width of the values of ``ctype`` (None for types that are not tracked)."""
        if isinstance(ctype, IntegerType):
            return ctype.bits
        if isinstance(ctype, PointerType):
            return 8 * self.model.pointer_size
        if c_types.is_union(ctype):  # its bytes (:mod:`cpa_predicate.cells`)
            return cells.union_cell_bits(ctype, self.model)  # type: ignore[arg-type]
        return None

    def variable_name(self, variable: Variable) -> str | None:
        """The SSA name of ``variable`` (None if its values are not tracked)."""
        bits = self.bits(variable.type)
        return None if bits is None else ssa_name(variable.name, bits)

    def encode(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as a bit-vector of its type's width, or as a Boolean for a condition."""
        return self._encode(expr, ctx)

    def value(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as a bit-vector of its type's width."""
        return self.as_value(self._encode(expr, ctx), expr.type, ctx)

    def condition(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as a Boolean (non-zero is true)."""
        return to_bool(self._encode(expr, ctx))

    def as_value(self, term: FNode, ctype: CType, ctx: EncodingContext) -> FNode:
        """``term`` (a bit-vector, or a condition that is 1 or 0) as a value of ``ctype``."""
        if term.get_type().is_bool_type():
            bits = self.bits(ctype)
            if bits is None:
                raise _unsupported(f"truth value used as a {ctype}", ctx)
            return _bool_to_bv(term, bits)
        return term

    def convert(self, term: FNode, source: CType, target: CType, ctx: EncodingContext) -> FNode:
        """The value ``term`` of type ``source`` converted to ``target`` (C's conversion)."""
        source = c_types.decay(source)  # an array's value is its first element's address
        if is_bool_type(target):
            if is_bool_type(source) and not term.get_type().is_bool_type():
                return term
            return _bool_to_bv(to_bool(term), 1)
        source_bits, target_bits = self.bits(source), self.bits(target)
        if source_bits is None or target_bits is None:
            raise _unsupported(f"conversion from {source} to {target}", ctx)
        if isinstance(source, PointerType) != isinstance(target, PointerType):
            raise _unsupported(
                f"conversion between a pointer and an integer ({source} to {target})", ctx
            )
        term = self.as_value(term, source, ctx)
        if target_bits == source_bits:
            return term
        if target_bits < source_bits:
            return BVExtract(term, 0, target_bits - 1)
        extend = BVSExt if isinstance(source, IntegerType) and source.signed else BVZExt
        return extend(term, target_bits - source_bits)

    # --- dispatch -----------------------------------------------------------------------

    def _encode(self, expr: Expression, ctx: EncodingContext) -> FNode:
        if isinstance(expr.type, ArrayType) and not isinstance(
            expr, (StringLiteral, InitializerList)
        ):
            return self.address(expr, ctx)  # an array used as a value: its first element
        if isinstance(expr, IntConstant):
            bits = self.bits(expr.type)
            if bits is None:
                raise _unsupported(f"constant {expr} of type {expr.type}", ctx)
            return BV(expr.value % (1 << bits), bits)
        if isinstance(expr, VariableRef):
            return self._variable(expr, ctx)
        if isinstance(expr, BinaryExpression):
            return self._binary(expr, ctx)
        if isinstance(expr, UnaryExpression):
            return self._unary(expr, ctx)
        if isinstance(expr, CastExpression):
            return self._cast(expr, ctx)
        if isinstance(expr, FloatConstant):
            raise _unsupported(f"floating-point constant {expr}", ctx)
        if isinstance(expr, StringLiteral):
            raise _unsupported("string literal used as a value", ctx)
        if isinstance(expr, Dereference) and isinstance(expr.type, FunctionType):
            return self.value(expr.operand, ctx)  # *fp designates the function fp points to
        if isinstance(expr, (FieldAccess, ArraySubscript, Dereference)):
            return self._member(expr, ctx)
        if isinstance(expr, AddressOf):
            if isinstance(expr.operand, FunctionRef):
                return self._function_address(expr.operand, ctx)
            return self.address(expr.operand, ctx)
        if isinstance(expr, MemoryCheck):
            return self._memory_check(expr, ctx)
        if isinstance(expr, SizeOf):
            raise _unsupported(f"sizeof of a type of unknown size '{expr}'", ctx)
        if isinstance(expr, FunctionRef):
            return self._function_address(expr, ctx)
        if isinstance(expr, InitializerList):
            raise _unsupported("initializer list used as a value", ctx)
        raise _unsupported(f"expression '{expr}'", ctx)

    def _function_address(self, function: FunctionRef, ctx: EncodingContext) -> FNode:
        """The address of a function with a body whose address the program takes."""
        address = None if self.memory is None else self.memory.functions.get(function.name)
        if address is None:  # a function without a body: its callers are unknown
            raise _unsupported(f"the address of function {function.name}", ctx)
        return BV(address, self.pointer_bits)

    def _variable(self, expr: VariableRef, ctx: EncodingContext) -> FNode:
        var = expr.variable
        name = self.variable_name(var)
        if name is not None:
            return symbol(name, ctx.index(name))
        vtype = var.type
        if isinstance(vtype, FloatType):
            raise _unsupported(f"floating-point variable '{var.c_name}'", ctx)
        if isinstance(vtype, ArrayType):
            raise _unsupported(f"array variable '{var.c_name}' used as a value", ctx)
        if isinstance(vtype, StructType):
            raise _unsupported(f"struct or union variable '{var.c_name}' used as a value", ctx)
        raise _unsupported(f"variable '{var.c_name}' of type {vtype}", ctx)

    # --- struct and array cells (:mod:`cpa_predicate.cells`) ------------------------------

    def locations(self, expr: Expression, ctx: EncodingContext) -> list[tuple[str, FNode]]:
        """The access paths of the cells (or aggregates) that the lvalue ``expr`` may
        denote, each with the condition under which it does (conditions exclude each
        other; an in-bounds index or a valid pointer selects exactly one)."""
        if isinstance(expr, VariableRef):
            if cells.is_aggregate(expr.type):  # once per access, for the whole variable
                self._check_scalarisable(expr.type, f"'{expr}'", ctx)
            return [(expr.variable.name, TRUE())]
        if isinstance(expr, Dereference):
            return self._places_at(self.value(expr.operand, ctx), expr.type, ctx)
        if isinstance(expr, FieldAccess):
            base_type = expr.base.type
            if expr.through_pointer:
                base_type = c_types.pointer_target(base_type)
            if not isinstance(base_type, StructType):
                raise _unsupported(f"member access '{expr}'", ctx)
            if base_type.field_type(expr.field) is None:
                raise _unsupported(f"member of an anonymous struct or union '{expr}'", ctx)
            if expr.through_pointer:
                base = self._places_at(self.value(expr.base, ctx), base_type, ctx)
            else:
                base = self.locations(expr.base, ctx)
            if c_types.is_union(base_type):
                return [(self._union_slice(path, base_type, expr, ctx), g) for path, g in base]
            if any(cells.parse_slice(path) for path, _ in base):
                found = c_types.member_offset(base_type, expr.field, self.model)
                if found is None:
                    raise _unsupported(f"offset of member '{expr}'", ctx)
                return [(cells.moved_slice(path, found[0]), guard) for path, guard in base]
            return [(f"{path}.{expr.field}", guard) for path, guard in base]
        if isinstance(expr, ArraySubscript):
            array_type = expr.array.type
            if not isinstance(array_type, ArrayType):
                return self._places_at(self.address(expr, ctx), expr.type, ctx)
            if array_type.length is None:
                raise _unsupported(f"array of unknown length '{expr}'", ctx)
            index_type = expr.index.type
            if not isinstance(index_type, IntegerType) or index_type.bits > 64:
                raise _unsupported(f"array index of type {index_type} '{expr}'", ctx)
            base = self.locations(expr.array, ctx)
            index = self.value(expr.index, ctx)
            element_size = c_types.size_of(array_type.element, self.model) or 0
            in_union = any(cells.parse_slice(path) for path, _ in base)  # bytes of a union
            chosen = []
            for position in range(min(array_type.length, index_type.max_value + 1)):
                selects = Equals(index, BV(position, index.bv_width())).simplify()
                if selects.is_false():
                    continue
                for path, guard in base:
                    both = selects if guard.is_true() else And(guard, selects)
                    if in_union:
                        chosen.append((cells.moved_slice(path, position * element_size), both))
                    else:
                        chosen.append((f"{path}[{position}]", both))
                if selects.is_true():
                    break
            return chosen
        raise _unsupported(f"memory access '{expr}'", ctx)

    def _union_slice(
        self, path: str, union: StructType, member: Expression, ctx: EncodingContext
    ) -> str:
        """The slice of the union cell (or slice) ``path`` that ``member`` (at offset 0,
        as every member of a union) is."""
        if cells.parse_slice(path):
            return path
        width = self.bits(union)
        if width is None:
            problem = cells.union_problem(union) or f"size of {union} unknown"
            raise _unsupported(f"union member access '{member}': {problem}", ctx)
        return cells.slice_path(path, 0, width, c_types.holds_pointers(union))

    # --- addresses (:mod:`cpa_predicate.memory`) --------------------------------------

    def _layout(self, ctx: EncodingContext) -> MemoryLayout:
        """The memory layout; refuses pointers when an object they may reach is not
        modelled (an access could then go anywhere)."""
        memory = self.memory
        if memory is None:
            raise _unsupported("pointers to objects (no memory layout)", ctx)
        if memory.unmodelled:
            variable, reason = next(iter(memory.unmodelled.items()))
            raise _unsupported(f"the address of {variable.described()} ({reason})", ctx)
        return memory

    def _object(self, variable, ctx: EncodingContext) -> MemoryObject:
        memory_object = self._layout(ctx).objects.get(variable)
        if memory_object is None:  # only on CFAs built without the address analysis
            raise _unsupported(f"the address of {variable.described()}", ctx)
        return memory_object

    def address(self, lvalue: Expression, ctx: EncodingContext) -> FNode:
        """The address of the object ``lvalue`` designates (a pointer-wide bit-vector)."""
        bits = self.pointer_bits
        if isinstance(lvalue, VariableRef):
            return BV(self._object(lvalue.variable, ctx).base, bits)
        if isinstance(lvalue, Dereference):
            return self.value(lvalue.operand, ctx)
        if isinstance(lvalue, FieldAccess):
            base_type = lvalue.base.type
            if lvalue.through_pointer:
                base_type = c_types.pointer_target(base_type)
                base = self.value(lvalue.base, ctx)
            else:
                base = self.address(lvalue.base, ctx)
            if not isinstance(base_type, StructType):
                raise _unsupported(f"member access '{lvalue}'", ctx)
            found = c_types.member_offset(base_type, lvalue.field, self.model)
            if found is None:
                raise _unsupported(f"offset of member '{lvalue}'", ctx)
            return _plus(base, BV(found[0], bits))
        if isinstance(lvalue, ArraySubscript):
            array, index = lvalue.array, lvalue.index
            if isinstance(array.type, ArrayType):
                base = self.address(array, ctx)
            else:
                if isinstance(c_types.decay(index.type), PointerType):
                    array, index = index, array
                base = self.value(array, ctx)
            return _plus(base, self._scaled(index, lvalue.type, ctx))
        if isinstance(lvalue, StringLiteral):
            raise _unsupported("string literal used as a value", ctx)
        raise _unsupported(f"address of '{lvalue}'", ctx)

    def _scaled(self, count: Expression, element: CType, ctx: EncodingContext) -> FNode:
        """``count * sizeof(element)`` as a pointer-wide bit-vector (wrapping)."""
        size = c_types.size_of(element, self.model)
        if size is None or size == 0:
            raise _unsupported(f"pointer arithmetic on {element}", ctx)
        count_type = count.type
        if not isinstance(count_type, IntegerType):
            raise _unsupported(f"pointer offset of type {count_type}", ctx)
        offset = self.convert(self.value(count, ctx), count_type, self.model.ptrdiff_t, ctx)
        if size != 1:
            offset = BVMul(offset, BV(size, self.pointer_bits))
        return offset.simplify() if isinstance(count, IntConstant) else offset

    def _places_at(
        self, address: FNode, ctype: CType, ctx: EncodingContext
    ) -> list[tuple[str, FNode]]:
        """The places of type ``ctype`` an access at ``address`` may denote, each with
        the condition that the address is its address (an access that matches none is
        undefined; the check before it says so)."""
        if cells.is_aggregate(ctype):
            self._check_scalarisable(ctype, f"access of type {ctype}", ctx)
        return [(place.path, guard) for place, guard in self._candidates(address, ctype, ctx)]

    def _candidates(
        self, address: FNode, ctype: CType, ctx: EncodingContext
    ) -> list[tuple[Place, FNode]]:
        """The places of type ``ctype`` whose address ``address`` may be, with the
        condition that it is (just the one place if the address is a constant)."""
        bits = self.pointer_bits
        chosen = []
        for place in self._layout(ctx).places(ctype):
            guard = Equals(address, BV(place.address, bits)).simplify()
            if guard.is_false():
                continue
            if guard.is_true():
                return [(place, guard)]
            chosen.append((place, guard))
        return chosen

    def _live(self, memory_object: MemoryObject, ctx: EncodingContext) -> FNode:
        if memory_object.lifetime is None:
            return TRUE()
        name = ssa_name(memory_object.lifetime, 1)
        return Equals(symbol(name, ctx.index(name)), BV(1, 1))

    def _memory_check(self, check: MemoryCheck, ctx: EncodingContext) -> FNode:
        """Whether the pointer operation ``check`` describes is defined."""
        memory = self._layout(ctx)
        bits = self.pointer_bits
        if check.kind == "access":
            assert check.target is not None
            options = []
            for place, here in self._candidates(self.value(check.pointer, ctx), check.target, ctx):
                live = self._live(place.owner, ctx)
                options.append(here if live.is_true() else And(here, live))
            return Or(options).simplify() if options else FALSE()
        pointer = self.value(check.pointer, ctx)
        if check.kind == "writable":
            inside = self._in_read_only_object(pointer, for_callee=False)
            return Not(inside).simplify()
        if check.kind == "read_only":
            inside = self._in_read_only_object(pointer, for_callee=True)
            return Or(Equals(pointer, BV(0, bits)), inside).simplify()
        if check.kind == "live":
            dead = []
            for memory_object in memory.objects.values():
                live = self._live(memory_object, ctx)
                if live.is_true():
                    continue
                inside = self._within(pointer, memory_object, one_past=True)
                dead.append(And(inside, Not(live)))
            return Not(Or(dead)).simplify() if dead else TRUE()
        if check.kind == "free":
            options = [Equals(pointer, BV(0, bits))]
            for memory_object in memory.freeable():
                at_start = Equals(pointer, BV(memory_object.base, bits))
                options.append(And(at_start, self._live(memory_object, ctx)))
            return Or(options)
        if check.kind == "disjoint":
            assert check.other is not None and check.target is not None
            other = self.value(check.other, ctx)
            size = BV(c_types.size_of(check.target, self.model) or 0, bits)
            # addresses lie below half the address space: adding a size cannot wrap
            return Or(BVULE(_plus(pointer, size), other), BVULE(_plus(other, size), pointer))
        if check.kind == "offset":
            other, count_in_range = self._offset_result(check, ctx)
        else:
            assert check.other is not None
            other, count_in_range = self.value(check.other, ctx), TRUE()
        options = []
        for memory_object in memory.objects.values():
            low = BV(memory_object.base, bits)
            high = BV(memory_object.base + memory_object.size, bits)
            options.append(
                And(
                    BVULE(low, pointer),
                    BVULE(pointer, high),
                    BVULE(low, other),
                    BVULE(other, high),
                )
            )
        if not options:
            return FALSE()
        return And(count_in_range, Or(options)) if not count_in_range.is_true() else Or(options)

    def _in_read_only_object(self, pointer: FNode, for_callee: bool) -> FNode:
        """Whether ``pointer`` points into a read-only object (``const``, a string
        literal's array); ``for_callee``: one that a function without a body cannot
        reach writable memory through (it holds no pointer, and it never dies)."""
        assert self.memory is not None
        inside = [
            self._within(pointer, memory_object, one_past=False)
            for memory_object in self.memory.objects.values()
            if memory_object.variable.read_only
            and not (
                for_callee
                and (
                    memory_object.lifetime is not None
                    or c_types.holds_pointers(memory_object.variable.type)
                )
            )
        ]
        return Or(inside)

    def _within(self, address: FNode, memory_object: MemoryObject, one_past: bool) -> FNode:
        """Whether ``address`` lies in ``memory_object`` (``one_past``: or one past it)."""
        bits = self.pointer_bits
        end = memory_object.base + memory_object.size - (0 if one_past else 1)
        return And(BVULE(BV(memory_object.base, bits), address), BVULE(address, BV(end, bits)))

    def _offset_result(self, check: MemoryCheck, ctx: EncodingContext) -> tuple[FNode, FNode]:
        """``pointer + count`` (or ``- count``) of an ``offset`` check, and the condition
        that ``count`` is at most the largest object's size in elements: then the sum
        cannot wrap around (all objects lie below half the address space), so its
        being inside the pointer's object is exactly C's condition."""
        arithmetic = check.other
        if not isinstance(arithmetic, BinaryExpression):
            raise _unsupported(f"pointer arithmetic '{arithmetic}'", ctx)
        count = arithmetic.right if arithmetic.left is check.pointer else arithmetic.left
        count_type = count.type
        size = c_types.size_of(check.target, self.model) if check.target is not None else None
        if not isinstance(count_type, IntegerType) or not size or count_type.bits > 64:
            raise _unsupported(f"pointer arithmetic '{arithmetic}'", ctx)
        assert self.memory is not None
        limit = self.memory.largest_size // size
        value = self.value(count, ctx)
        width = value.bv_width()
        if count_type.signed:
            if limit >= count_type.max_value:
                in_range = TRUE()
            else:
                in_range = And(
                    BVSLE(BV(-limit % (1 << width), width), value),
                    BVSLE(value, BV(limit, width)),
                )
        else:
            in_range = TRUE() if limit >= count_type.max_value else BVULE(value, BV(limit, width))
        return self.value(arithmetic, ctx), in_range.simplify()

    def _check_scalarisable(self, ctype: CType, what: str, ctx: EncodingContext) -> None:
        try:
            cells.leaves(ctype)
        except cells.NotScalarisable as reason:
            raise _unsupported(f"{what}: {reason}", ctx) from None

    def read(self, places: list[tuple[str, FNode]], ctype: CType, ctx: EncodingContext) -> FNode:
        """The value of type ``ctype`` in the cell that ``places`` selects."""
        bits = self.bits(ctype)
        if bits is None:
            raise _unsupported(f"member of type {ctype} read", ctx)
        if not places:  # no index selects a cell: only on paths that are infeasible
            return ctx.fresh_aux(bits)
        values = []
        for path, guard in places:
            found = cells.parse_slice(path)
            if found is None:
                name = ssa_name(path, bits)
                values.append((symbol(name, ctx.index(name)), guard))
                continue
            name = ssa_name(found.cell, found.width)
            cell = symbol(name, ctx.index(name))
            values.append((union_bytes.load(cell, found, ctype, bits, ctx), guard))
        result = values[-1][0]
        for value, guard in reversed(values[:-1]):
            result = Ite(guard, value, result)
        return result

    def _member(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """A member, element or dereference read as a value."""
        if not is_storable(expr.type):
            if isinstance(expr.type, FloatType):
                raise _unsupported(f"floating-point member '{expr}'", ctx)
            raise _unsupported(f"struct or array value '{expr}'", ctx)
        return self.read(self.locations(expr, ctx), expr.type, ctx)

    def _cast(self, expr: CastExpression, ctx: EncodingContext) -> FNode:
        source, target = c_types.decay(expr.operand.type), expr.type
        if isinstance(target, FloatType) or isinstance(source, FloatType):
            raise _unsupported(f"floating-point conversion '{expr}'", ctx)
        if isinstance(source, FunctionType):
            raise _unsupported(f"conversion of a function address '{expr}'", ctx)
        if not is_storable(target):
            raise _unsupported(f"cast to {target}", ctx)
        inner = self._encode(expr.operand, ctx)
        if isinstance(source, PointerType) and is_bool_type(target):
            return _bool_to_bv(to_bool(inner), 1)
        if isinstance(source, PointerType) != isinstance(target, PointerType):
            raise _unsupported(f"cast between a pointer and an integer '{expr}'", ctx)
        return self.convert(inner, source, target, ctx)

    # --- operators ----------------------------------------------------------------------

    def _unary(self, expr: UnaryExpression, ctx: EncodingContext) -> FNode:
        op = expr.operator
        if op == "!":
            return Not(self.condition(expr.operand, ctx))
        ctype = expr.type
        if not isinstance(ctype, IntegerType) or not isinstance(expr.operand.type, IntegerType):
            raise _unsupported(f"operator {op} on a {expr.operand.type} value '{expr}'", ctx)
        operand = self._operand(expr.operand, ctype, ctx)
        if op == "-":
            if self.defined_only and integers.overflow_is_undefined(ctype):
                ctx.add_constraint(Not(Equals(operand, BV(1 << (ctype.bits - 1), ctype.bits))))
            return BVNeg(operand)
        if op == "~":
            return BVNot(operand)
        if op == "+":
            return operand
        raise _unsupported(f"unary operator '{op}'", ctx)

    def _operand(self, expr: Expression, ctype: CType, ctx: EncodingContext) -> FNode:
        """``expr`` as a value of ``ctype`` (converted if its type differs)."""
        return self.convert(self._encode(expr, ctx), expr.type, ctype, ctx)

    def _binary(self, expr: BinaryExpression, ctx: EncodingContext) -> FNode:
        op = expr.operator
        left_type, right_type = c_types.decay(expr.left.type), c_types.decay(expr.right.type)
        if any(isinstance(t, FloatType) for t in (left_type, right_type, expr.type)):
            raise _unsupported(f"floating-point arithmetic '{expr}'", ctx)
        if op in _COMPARISONS:
            return self._comparison(expr, left_type, right_type, ctx)
        ctype = expr.type
        if isinstance(left_type, PointerType) or isinstance(right_type, PointerType):
            return self._pointer_arithmetic(expr, left_type, right_type, ctx)
        if not (
            isinstance(ctype, IntegerType)
            and isinstance(left_type, IntegerType)
            and isinstance(right_type, IntegerType)
        ):
            raise _unsupported(f"arithmetic '{expr}'", ctx)
        if op in ("<<", ">>"):
            return self._shift(expr, ctype, right_type, ctx)
        left = self._operand(expr.left, ctype, ctx)
        right = self._operand(expr.right, ctype, ctx)
        wrapping = _WRAPPING.get(op)
        if wrapping is not None:
            result = wrapping(left, right)
            if self.defined_only and op in _OVERFLOWING and integers.overflow_is_undefined(ctype):
                ctx.add_constraint(_no_signed_overflow(op, left, right, result, ctype.bits))
            return result
        if op in ("/", "%"):
            return self._division(op, left, right, ctype, ctx)
        raise _unsupported(f"binary operator '{op}'", ctx)

    def _pointer_arithmetic(
        self, expr: BinaryExpression, left_type: CType, right_type: CType, ctx: EncodingContext
    ) -> FNode:
        """``p + n``, ``n + p``, ``p - n`` (addresses, in units of the pointed-to type)
        and ``p - q`` (the number of elements between them); the checks before the
        operation make sure it stays inside one object."""
        op = expr.operator
        if isinstance(left_type, PointerType) and isinstance(right_type, PointerType):
            if op != "-" or not isinstance(expr.type, IntegerType):
                raise _unsupported(f"operator {op} on pointers '{expr}'", ctx)
            size = c_types.size_of(left_type.target, self.model)
            if not size:
                raise _unsupported(f"pointer subtraction on {left_type} '{expr}'", ctx)
            difference = BVSub(self.value(expr.left, ctx), self.value(expr.right, ctx))
            if size != 1:
                difference = BVSDiv(difference, BV(size, self.pointer_bits))
            return self.convert(difference, self.model.ptrdiff_t, expr.type, ctx)
        if op not in ("+", "-"):
            raise _unsupported(f"operator {op} on a pointer '{expr}'", ctx)
        if isinstance(left_type, PointerType):
            pointer, count, pointer_type = expr.left, expr.right, left_type
        elif op == "+":
            pointer, count, pointer_type = expr.right, expr.left, right_type
        else:
            raise _unsupported(f"integer minus pointer '{expr}'", ctx)
        offset = self._scaled(count, pointer_type.target, ctx)
        base = self.value(pointer, ctx)
        return BVSub(base, offset) if op == "-" else _plus(base, offset)

    def _comparison(
        self, expr: BinaryExpression, left_type: CType, right_type: CType, ctx: EncodingContext
    ) -> FNode:
        op = expr.operator
        pointers = isinstance(left_type, PointerType) or isinstance(right_type, PointerType)
        if pointers:
            if not (isinstance(left_type, PointerType) and isinstance(right_type, PointerType)):
                raise _unsupported(f"comparison of a pointer and an integer '{expr}'", ctx)
            left, right = self.value(expr.left, ctx), self.value(expr.right, ctx)
            if op in ("==", "!="):
                equal = self._pointer_equality(left, right, expr, ctx)
                return equal if op == "==" else Not(equal)
            # addresses in one object (checked before): their order is the elements'
            return _UNSIGNED_COMPARISON[op](left, right)
        if not isinstance(left_type, IntegerType) or not isinstance(right_type, IntegerType):
            raise _unsupported(f"comparison '{expr}'", ctx)
        common = (
            left_type if left_type == right_type else c_types.arithmetic_type(left_type, right_type)
        )
        left_raw, right_raw = self._encode(expr.left, ctx), self._encode(expr.right, ctx)
        if op in ("==", "!=") and left_type == right_type:
            # two conditions (values 0/1) compare as Booleans: no detour through ite
            if left_raw.get_type().is_bool_type() and right_raw.get_type().is_bool_type():
                equal = Iff(left_raw, right_raw)
                return equal if op == "==" else Not(equal)
        left = self.convert(left_raw, left_type, common, ctx)
        right = self.convert(right_raw, right_type, common, ctx)
        if left.is_bv_constant() and right.is_bv_constant():
            return TRUE() if _compare_constants(op, left, right, common) else FALSE()
        if op == "==":
            return Equals(left, right)
        if op == "!=":
            return Not(Equals(left, right))
        assert isinstance(common, IntegerType)
        table = _SIGNED_COMPARISON if common.signed else _UNSIGNED_COMPARISON
        return table[op](left, right)

    def _pointer_equality(
        self, left: FNode, right: FNode, expr: BinaryExpression, ctx: EncodingContext
    ) -> FNode:
        """``left == right`` for two addresses.

        C lets a pointer one past the end of an object compare equal to a pointer to
        the start of another object that happens to follow it in memory (C11 6.5.9p6).
        Our objects lie apart, so there the encoding cannot know the answer: it is an
        unconstrained bit, and the encoding says it approximated (a counterexample
        through it must replay). Everywhere else equality of addresses is exact."""
        equal = Equals(left, right).simplify()
        memory_objects = list(self.memory.objects.values()) if self.memory is not None else []
        if len(memory_objects) < 2 or equal.is_true():
            return equal
        bits = self.pointer_bits

        def at(address: FNode, offset: int) -> FNode:
            return Equals(address, BV(offset, bits))

        def ambiguous(end: FNode, start: FNode) -> FNode:
            ends = Or(at(end, o.base + o.size) for o in memory_objects)
            starts = Or(at(start, o.base) for o in memory_objects)
            same = Or(And(at(end, o.base + o.size), at(start, o.base)) for o in memory_objects)
            return And(ends, starts, Not(same))

        either = Or(ambiguous(left, right), ambiguous(right, left)).simplify()
        merged = self._two_strings(left, right)
        if either.is_false() and merged.is_false():
            return equal
        if not merged.is_false():  # first: the reason names the first approximation
            ctx.approximate(f"equality of pointers into two string literals '{expr}'")
        if not either.is_false():
            ctx.approximate(f"equality of a pointer past an object and another object '{expr}'")
        return Ite(Or(either, merged), Equals(ctx.fresh_aux(1), BV(1, 1)), equal)

    def _two_strings(self, left: FNode, right: FNode) -> FNode:
        """Whether the addresses lie in (or one past) two string literals' arrays that
        may overlap (:attr:`MemoryLayout.overlapping_strings`): whether those are
        distinct arrays C leaves open, so equality there is unknown to the encoding."""
        assert self.memory is not None
        pairs = self.memory.overlapping_strings
        if not pairs:
            return FALSE()

        def into(first: MemoryObject, second: MemoryObject) -> FNode:
            return And(self._within(left, first, True), self._within(right, second, True))

        return Or(Or(into(a, b), into(b, a)) for a, b in pairs).simplify()

    def _division(
        self, op: str, left: FNode, right: FNode, ctype: IntegerType, ctx: EncodingContext
    ) -> FNode:
        """``/`` or ``%``; the path continues only where the divisor is not zero.

        ``MIN / -1`` is undefined: ``idiv`` traps, but gcc compiles a divisor it knows
        to be ``-1`` as a negation, and ``bvsdiv``/``bvsrem`` give that program's
        values (``MIN`` and ``0``); going on covers the trap too (a stopped program
        reaches nothing more). A 64-bit division under ILP32 is gcc's library routine,
        which returns some value: that result is left unconstrained. A FALSE through
        either must replay, and the replay stops at the undefined operation."""
        bits = ctype.bits
        ctx.add_constraint(Not(Equals(right, BV(0, bits))))
        overflow = None
        if ctype.signed:
            minimum = BV(1 << (bits - 1), bits)
            undefined = And(Equals(left, minimum), Equals(right, BV((1 << bits) - 1, bits)))
            if self.defined_only:
                ctx.add_constraint(Not(undefined))
            elif bits == 64 and self.model.pointer_size == 4:
                ctx.approximate(f"64-bit {op} that may overflow under ILP32")
                overflow = undefined
        # facts that a solver would otherwise find only by bit-blasting the divider
        for lemma in division_lemmas(left, right, bits, ctype.signed):
            ctx.add_constraint(lemma)
        quotient, remainder = quotient_and_remainder(left, right, ctype.signed)
        result = quotient if op == "/" else remainder
        if overflow is None:
            return result
        return Ite(overflow, ctx.fresh_aux(bits), result)

    def _shift(
        self, expr: BinaryExpression, ctype: IntegerType, count_type: IntegerType, ctx
    ) -> FNode:
        """``<<``/``>>`` of ``ctype`` by an amount of ``count_type`` (its own promoted type).

        An amount outside ``[0, width)`` is undefined: the result is then an
        unconstrained value, and the encoding says it approximated.
        """
        bits = ctype.bits
        value = self._operand(expr.left, ctype, ctx)
        promoted = c_types.promote(count_type)
        assert isinstance(promoted, IntegerType)
        count = self._operand(expr.right, promoted, ctx)
        count_bits = promoted.bits
        limit = BV(bits, count_bits)
        in_range = BVULT(count, limit)  # unsigned: a negative amount is out of range too
        if count_bits > bits:
            count = BVExtract(count, 0, bits - 1)
        elif count_bits < bits:
            count = BVZExt(count, bits - count_bits)
        if expr.operator == "<<":
            shifted = BVLShl(value, count)
        else:
            shifted = BVAShr(value, count) if ctype.signed else BVLShr(value, count)
        in_range = in_range.simplify()
        if in_range.is_true():
            return shifted
        if self.defined_only:
            ctx.add_constraint(in_range)
            return shifted
        ctx.approximate(f"shift by an amount that may be out of range '{expr}'")
        fresh = ctx.fresh_aux(bits)
        if in_range.is_false():
            return fresh
        return Ite(in_range, shifted, fresh)


_OVERFLOWING = frozenset(["+", "-", "*"])


def _no_signed_overflow(op: str, left: FNode, right: FNode, result: FNode, bits: int) -> FNode:
    """That the ``bits``-bit signed ``left op right`` (wrapped: ``result``) equals the
    exact result: done on operands sign-extended far enough that nothing wraps."""
    extra = bits if op == "*" else 1
    exact = _WRAPPING[op](BVSExt(left, extra), BVSExt(right, extra))
    return Equals(exact, BVSExt(result, extra))


def _plus(base: FNode, offset: FNode) -> FNode:
    if offset.is_bv_constant() and offset.constant_value() == 0:
        return base
    if base.is_bv_constant() and offset.is_bv_constant():
        width = base.bv_width()
        return BV((base.constant_value() + offset.constant_value()) % (1 << width), width)
    return BVAdd(base, offset)


def _unsupported(construct: str, ctx: EncodingContext) -> UnsupportedFeature:
    return UnsupportedFeature(construct, ctx.file, ctx.line)


def _bool_to_bv(condition: FNode, bits: int) -> FNode:
    if condition.is_true():
        return BV(1, bits)
    if condition.is_false():
        return BV(0, bits)
    return Ite(condition, BV(1, bits), BV(0, bits))


def to_bool(term: FNode) -> FNode:
    """A value used as a condition is true when non-zero."""
    if term.get_type().is_bool_type():
        return term
    if term.is_bv_constant():
        return TRUE() if term.constant_value() != 0 else FALSE()
    # ite(c, 1, 0) != 0 is just c (conditions stored in temporaries)
    if term.is_ite():
        cond, then, other = term.args()
        if then.is_bv_constant() and other.is_bv_constant():
            t, o = then.constant_value(), other.constant_value()
            if t != 0 and o == 0:
                return cond
            if t == 0 and o != 0:
                return Not(cond)
    return Not(Equals(term, BV(0, term.bv_width())))


def _compare_constants(op: str, left: FNode, right: FNode, ctype: CType) -> bool:
    a, b = left.constant_value(), right.constant_value()
    if isinstance(ctype, IntegerType) and ctype.signed:
        bits = left.bv_width()
        a = a - (1 << bits) if a >= 1 << (bits - 1) else a
        b = b - (1 << bits) if b >= 1 << (bits - 1) else b
    return {
        "==": a == b,
        "!=": a != b,
        "<": a < b,
        "<=": a <= b,
        ">": a > b,
        ">=": a >= b,
    }[op]
