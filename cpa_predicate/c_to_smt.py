"""Encoding of side-effect-free C expressions as linear integer arithmetic (pysmt).

Program integers are mathematical integers (no overflow, no wrap-around): this is the
setting of the LBE/IMPACT/UFO papers. Within that setting the encoding is exact for
``+ - ~ !``, comparisons, multiplication by a constant, ``/`` and ``%`` by a constant
(C truncation, through auxiliary quotient/remainder variables), shifts by a constant,
``&``, ``|``, ``^`` with one constant operand (bit-field extraction, two's complement on
mathematical integers) and all operators on constants. Everything else that is still an
integer operation (``x * y``, ``x / y``, ``x & y``, ...) is *over-approximated* by a
fresh auxiliary value and recorded, so a counterexample that relies on it is never
reported as real. Memory (``*p``, ``&x``, ``a[i]``, ``s.f``), floating point, string
literals and function values raise :class:`~cpa.errors.UnsupportedFeature`.

Pointer-typed variables are treated as integers: that is exact as long as they are
only copied, compared, set to 0 or havocked (the only operations allowed on them).
"""

from __future__ import annotations

from typing import Protocol

from pysmt.fnode import FNode
from pysmt.shortcuts import (
    FALSE,
    GE,
    GT,
    LE,
    LT,
    TRUE,
    And,
    Equals,
    Iff,
    Implies,
    Int,
    Ite,
    Minus,
    Not,
    Or,
    Plus,
    Times,
)

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
    SizeOf,
    StringLiteral,
    UnaryExpression,
    VariableRef,
)
from cpa.cfa.types import ArrayType, CType, FloatType, IntegerType, PointerType, StructType
from cpa.errors import UnsupportedFeature
from cpa_predicate.ssa import symbol


class EncodingContext(Protocol):
    """What the expression encoder needs from the edge being encoded."""

    file: str
    line: int

    def index(self, name: str) -> int:
        """Current SSA index of a program variable."""
        ...

    def fresh_aux(self) -> FNode:
        """A new auxiliary integer symbol (deterministically numbered)."""
        ...

    def add_constraint(self, constraint: FNode) -> None:
        """Conjoin a side constraint (e.g. defining an auxiliary quotient)."""
        ...

    def approximate(self, construct: str) -> None:
        """Record that the encoding over-approximated ``construct`` here."""
        ...


def is_storable(ctype: CType) -> bool:
    """Types whose values we track as integers: integers, enums and pointers."""
    return ctype.is_integer() or isinstance(ctype, PointerType)


def is_bool_type(ctype: CType) -> bool:
    return isinstance(ctype, IntegerType) and ctype.name == "_Bool"


def type_range(ctype: CType) -> tuple[int, int] | None:
    """The value range of an integer type (ILP32 sizes), ``None`` for other types."""
    if not isinstance(ctype, IntegerType):
        return None
    if ctype.name == "_Bool":
        return (0, 1)
    bits = 8 * ctype.size
    if ctype.signed:
        return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return (0, (1 << bits) - 1)


def to_int(term: FNode) -> FNode:
    """A condition used as a value is 1 or 0."""
    if term.get_type().is_bool_type():
        if term.is_true():
            return Int(1)
        if term.is_false():
            return Int(0)
        return Ite(term, Int(1), Int(0))
    return term


def to_bool(term: FNode) -> FNode:
    """A value used as a condition is true when non-zero."""
    if term.get_type().is_bool_type():
        return term
    if term.is_int_constant():
        return TRUE() if term.constant_value() != 0 else FALSE()
    # ite(c, 1, 0) != 0 is just c (common for conditions stored in temporaries).
    if term.is_ite():
        cond, then, other = term.args()
        if then.is_int_constant() and other.is_int_constant():
            t, o = then.constant_value(), other.constant_value()
            if t != 0 and o == 0:
                return cond
            if t == 0 and o != 0:
                return Not(cond)
    return Not(Equals(term, Int(0)))


def c_div(a: int, b: int) -> int:
    """C integer division (truncation towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_mod(a: int, b: int) -> int:
    """C remainder: the sign follows the dividend, ``a == (a/b)*b + a%b``."""
    return a - c_div(a, b) * b


def _const(term: FNode) -> int | None:
    return term.constant_value() if term.is_int_constant() else None


class ExpressionEncoder:
    """Turns CFA expressions into pysmt terms at the SSA indices of a context.

    Stateless apart from the context passed in, so one encoder serves a whole run.
    """

    def encode(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as an integer term, or as a Boolean when it is a condition."""
        return self._encode(expr, ctx)

    def value(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as an integer term."""
        return to_int(self._encode(expr, ctx))

    def condition(self, expr: Expression, ctx: EncodingContext) -> FNode:
        """``expr`` as a Boolean (non-zero is true)."""
        return to_bool(self._encode(expr, ctx))

    # --- dispatch ---------------------------------------------------------------------

    def _unsupported(self, construct: str, ctx: EncodingContext) -> UnsupportedFeature:
        return UnsupportedFeature(construct, ctx.file, ctx.line)

    def _encode(self, expr: Expression, ctx: EncodingContext) -> FNode:
        if isinstance(expr, IntConstant):
            return Int(expr.value)
        if isinstance(expr, VariableRef):
            return self._variable(expr, ctx)
        if isinstance(expr, BinaryExpression):
            if isinstance(expr.type, FloatType):
                raise self._unsupported(f"floating-point arithmetic '{expr}'", ctx)
            return self._binary(expr, ctx)
        if isinstance(expr, UnaryExpression):
            if isinstance(expr.type, FloatType):
                raise self._unsupported(f"floating-point arithmetic '{expr}'", ctx)
            return self._unary(expr, ctx)
        if isinstance(expr, CastExpression):
            return self._cast(expr, ctx)
        if isinstance(expr, FloatConstant):
            raise self._unsupported(f"floating-point constant {expr}", ctx)
        if isinstance(expr, StringLiteral):
            raise self._unsupported("string literal used as a value", ctx)
        if isinstance(expr, Dereference):
            raise self._unsupported(f"pointer dereference '{expr}'", ctx)
        if isinstance(expr, AddressOf):
            raise self._unsupported(f"address-of '{expr}'", ctx)
        if isinstance(expr, FieldAccess):
            raise self._unsupported(f"struct field access '{expr}'", ctx)
        if isinstance(expr, ArraySubscript):
            raise self._unsupported(f"array access '{expr}'", ctx)
        if isinstance(expr, SizeOf):
            raise self._unsupported(f"sizeof of a type of unknown size '{expr}'", ctx)
        if isinstance(expr, FunctionRef):
            raise self._unsupported(f"function pointer value '{expr}'", ctx)
        if isinstance(expr, InitializerList):
            raise self._unsupported("initializer list used as a value", ctx)
        raise self._unsupported(f"expression '{expr}'", ctx)

    def _variable(self, expr: VariableRef, ctx: EncodingContext) -> FNode:
        var = expr.variable
        vtype = var.type
        if is_storable(vtype):
            return symbol(var.name, ctx.index(var.name))
        if isinstance(vtype, FloatType):
            raise self._unsupported(f"floating-point variable '{var.c_name}'", ctx)
        if isinstance(vtype, ArrayType):
            raise self._unsupported(f"array variable '{var.c_name}' used as a value", ctx)
        if isinstance(vtype, StructType):
            raise self._unsupported(f"struct variable '{var.c_name}' used as a value", ctx)
        raise self._unsupported(f"variable '{var.c_name}' of type {vtype}", ctx)

    def _cast(self, expr: CastExpression, ctx: EncodingContext) -> FNode:
        target = expr.type
        if isinstance(target, FloatType) or isinstance(expr.operand.type, FloatType):
            raise self._unsupported(f"floating-point conversion '{expr}'", ctx)
        if not is_storable(target):
            raise self._unsupported(f"cast to {target}", ctx)
        inner = self._encode(expr.operand, ctx)
        if is_bool_type(target):
            return to_bool(inner)
        # Integer and pointer conversions are the identity on mathematical integers.
        return inner

    # --- operators --------------------------------------------------------------------

    def _unary(self, expr: UnaryExpression, ctx: EncodingContext) -> FNode:
        op = expr.operator
        if op == "!":
            return Not(to_bool(self._encode(expr.operand, ctx)))
        if isinstance(expr.operand.type, PointerType):
            raise self._unsupported(f"pointer arithmetic '{expr}'", ctx)
        operand = to_int(self._encode(expr.operand, ctx))
        c = _const(operand)
        if op == "+":
            return operand
        if op == "-":
            return Int(-c) if c is not None else Minus(Int(0), operand)
        if op == "~":
            # Two's complement identity: ~x == -x - 1, exact on mathematical integers.
            return Int(~c) if c is not None else Minus(Minus(Int(0), operand), Int(1))
        raise self._unsupported(f"unary operator '{op}'", ctx)

    def _binary(self, expr: BinaryExpression, ctx: EncodingContext) -> FNode:
        op = expr.operator
        if op in ("==", "!=", "<", "<=", ">", ">="):
            return self._comparison(expr, ctx)
        if isinstance(expr.left.type, (PointerType, ArrayType)) or isinstance(
            expr.right.type, (PointerType, ArrayType)
        ):
            raise self._unsupported(f"pointer arithmetic '{expr}'", ctx)
        left_raw = self._encode(expr.left, ctx)
        right_raw = self._encode(expr.right, ctx)
        # Bitwise operators on two conditions (values 0/1) are the Boolean operators.
        if (
            op in ("&", "|", "^")
            and left_raw.get_type().is_bool_type()
            and right_raw.get_type().is_bool_type()
        ):
            if op == "&":
                return And(left_raw, right_raw)
            if op == "|":
                return Or(left_raw, right_raw)
            return Not(Iff(left_raw, right_raw))
        left, right = to_int(left_raw), to_int(right_raw)
        a, b = _const(left), _const(right)
        if op == "+":
            return Int(a + b) if a is not None and b is not None else Plus(left, right)
        if op == "-":
            return Int(a - b) if a is not None and b is not None else Minus(left, right)
        if op == "*":
            return self._times(expr, left, right, a, b, ctx)
        if op in ("/", "%"):
            return self._division(expr, left, right, a, b, ctx)
        if op == "<<":
            return self._shift_left(expr, left, a, b, ctx)
        if op == ">>":
            return self._shift_right(expr, left, a, b, ctx)
        if op in ("&", "|", "^"):
            return self._bitwise(expr, left, right, a, b, ctx)
        raise self._unsupported(f"binary operator '{op}'", ctx)

    def _comparison(self, expr: BinaryExpression, ctx: EncodingContext) -> FNode:
        left_raw = self._encode(expr.left, ctx)
        right_raw = self._encode(expr.right, ctx)
        op = expr.operator
        # (condition) == 0 / != 0 without going through ite.
        if op in ("==", "!="):
            for cond, other in ((left_raw, right_raw), (right_raw, left_raw)):
                if cond.get_type().is_bool_type() and other.is_int_constant():
                    value = other.constant_value()
                    if value == 0:
                        return Not(cond) if op == "==" else cond
                    if value == 1:
                        return cond if op == "==" else Not(cond)
        left, right = to_int(left_raw), to_int(right_raw)
        a, b = _const(left), _const(right)
        if a is not None and b is not None:
            result = {
                "==": a == b,
                "!=": a != b,
                "<": a < b,
                "<=": a <= b,
                ">": a > b,
                ">=": a >= b,
            }[op]
            return TRUE() if result else FALSE()
        if op == "==":
            return Equals(left, right)
        if op == "!=":
            return Not(Equals(left, right))
        if op == "<":
            return LT(left, right)
        if op == "<=":
            return LE(left, right)
        if op == ">":
            return GT(left, right)
        return GE(left, right)

    def _approximation(self, expr: Expression, ctx: EncodingContext, why: str) -> FNode:
        ctx.approximate(f"{why} '{expr}'")
        return ctx.fresh_aux()

    def _times(self, expr, left, right, a, b, ctx) -> FNode:
        if a is not None and b is not None:
            return Int(a * b)
        if a is not None:
            return Int(0) if a == 0 else (right if a == 1 else Times(left, right))
        if b is not None:
            return Int(0) if b == 0 else (left if b == 1 else Times(left, right))
        return self._approximation(expr, ctx, "non-linear multiplication")

    def _division(self, expr, left, right, a, b, ctx) -> FNode:
        is_div = expr.operator == "/"
        if b == 0:
            return self._approximation(expr, ctx, "division by zero")
        if a is not None and b is not None:
            return Int(c_div(a, b) if is_div else c_mod(a, b))
        if b is None:
            if a == 0:
                return Int(0)  # 0 / y and 0 % y are 0 for every y != 0
            return self._approximation(expr, ctx, "division by a non-constant")
        if b in (1, -1):
            if not is_div:
                return Int(0)
            return left if b == 1 else Minus(Int(0), left)
        # left == b*q + r with |r| < |b| and r having the sign of left (C truncation).
        q, r = ctx.fresh_aux(), ctx.fresh_aux()
        bound = abs(b) - 1
        zero = Int(0)
        ctx.add_constraint(Equals(left, Plus(Times(Int(b), q), r)))
        ctx.add_constraint(Implies(GE(left, zero), And(LE(zero, r), LE(r, Int(bound)))))
        ctx.add_constraint(Implies(LT(left, zero), And(LE(Int(-bound), r), LE(r, zero))))
        return q if is_div else r

    def _shift_left(self, expr, left, a, b, ctx) -> FNode:
        if b is not None and b >= 0:
            if a is not None:
                return Int(a << b)
            return left if b == 0 else Times(Int(1 << b), left)
        return self._approximation(expr, ctx, "shift by a non-constant")

    def _shift_right(self, expr, left, a, b, ctx) -> FNode:
        if b is not None and b >= 0:
            if a is not None:
                return Int(a >> b)  # Python's >> is floor division: arithmetic shift
            if b == 0:
                return left
            return self._floor_div_pow2(left, b, ctx)[0]
        return self._approximation(expr, ctx, "shift by a non-constant")

    def _floor_div_pow2(self, left: FNode, k: int, ctx: EncodingContext) -> tuple[FNode, FNode]:
        """(q, r) with left == 2**k * q + r and 0 <= r < 2**k (floor division)."""
        q, r = ctx.fresh_aux(), ctx.fresh_aux()
        ctx.add_constraint(Equals(left, Plus(Times(Int(1 << k), q), r)))
        ctx.add_constraint(And(LE(Int(0), r), LE(r, Int((1 << k) - 1))))
        return q, r

    def _bitwise(self, expr, left, right, a, b, ctx) -> FNode:
        op = expr.operator
        if a is not None and b is not None:
            return Int(a & b if op == "&" else (a | b if op == "|" else a ^ b))
        if a is not None:  # constant on the right from here on
            left, right, a, b = right, left, b, a
        if b is None:
            return self._approximation(expr, ctx, "bitwise operation")
        conjunction = self._and_constant(expr, left, b, ctx)
        if op == "&":
            return conjunction
        if op == "|":  # x | c == x + c - (x & c)
            return Minus(Plus(left, Int(b)), conjunction)
        # x ^ c == x + c - 2 * (x & c)
        return Minus(Plus(left, Int(b)), Times(Int(2), conjunction))

    def _and_constant(self, expr, left: FNode, c: int, ctx: EncodingContext) -> FNode:
        """``left & c`` for a constant ``c``, exact through bit-field extraction.

        Each maximal run of one-bits ``lo..hi`` of ``c`` contributes
        ``2**lo * m`` where ``left == 2**(hi+1) * q + 2**lo * m + r`` with
        ``0 <= m < 2**(hi-lo+1)`` and ``0 <= r < 2**lo`` (floor decomposition, i.e.
        two's complement on mathematical integers). A negative ``c`` uses
        ``x & c == x - (x & ~c)``. Masks with too many runs are over-approximated.
        """
        if c == 0:
            return Int(0)
        if c == -1:
            return left
        if c < 0:
            return Minus(left, self._and_constant(expr, left, ~c, ctx))
        runs = _bit_runs(c)
        if len(runs) > _MAX_BIT_RUNS:
            result = self._approximation(expr, ctx, "bitwise operation with a complex mask")
            ctx.add_constraint(And(LE(Int(0), result), LE(result, Int(c))))
            return result
        terms = []
        zero = Int(0)
        for lo, hi in runs:
            q, m = ctx.fresh_aux(), ctx.fresh_aux()
            parts = [Times(Int(1 << (hi + 1)), q), Times(Int(1 << lo), m) if lo else m]
            ctx.add_constraint(And(LE(zero, m), LE(m, Int((1 << (hi - lo + 1)) - 1))))
            if lo:
                r = ctx.fresh_aux()
                parts.append(r)
                ctx.add_constraint(And(LE(zero, r), LE(r, Int((1 << lo) - 1))))
            ctx.add_constraint(Equals(left, Plus(parts)))
            terms.append(Times(Int(1 << lo), m) if lo else m)
        return terms[0] if len(terms) == 1 else Plus(terms)


#: Masks with more runs of one-bits than this are over-approximated.
_MAX_BIT_RUNS = 8


def _bit_runs(c: int) -> list[tuple[int, int]]:
    """The maximal runs ``(lo, hi)`` of one-bits of ``c > 0``, lowest first."""
    runs = []
    bit = 0
    while c >> bit:
        if (c >> bit) & 1:
            lo = bit
            while (c >> (bit + 1)) & 1:
                bit += 1
            runs.append((lo, bit))
        bit += 1
    return runs
