"""Exact values of C integer operations, as gcc on x86 computes them.

One implementation for everything that computes with concrete values: the frontend's
constant folder and the concrete interpreter that replays counterexamples. (The SMT
encoding in :mod:`cpa_predicate.c_to_smt` states the same rules as formulas.)

Operands arrive already converted as C requires (the frontend makes integer
promotions and the usual arithmetic conversions explicit), so an operation is done
in one type ``ctype``: the mathematical result converted to ``ctype``.

* Conversion to an integer type is modulo 2^width (C for unsigned targets, gcc's
  implementation-defined choice for signed ones; a bit-field's width is its declared
  one); to ``_Bool`` it is ``value != 0``.
* Signed overflow of ``+ - * << -`` wraps around (gcc ``-fwrapv``, and gcc ``-O0``;
  the formulas' reading of this undefined behaviour). :func:`signed_overflow` says
  where it happens, for the interpreter, which stops a run there: a FALSE must not
  rest on it.
* ``/`` and ``%`` truncate toward zero. Division by zero traps on x86 (SIGFPE):
  :class:`Trap`. ``MIN / -1`` and ``MIN % -1`` are undefined and not pinned down:
  ``idiv`` traps, but gcc compiles a divisor it knows to be ``-1`` (a literal, even at
  ``-O0``; a propagated constant when optimising) as a negation (``MIN``) or as ``0``,
  and the program goes on: :class:`UndefinedOperation`. A shift by a negative amount
  or by at least the width of the promoted left operand is undefined and not pinned
  down by gcc: :class:`UndefinedOperation`.
* ``>>`` of a negative value is arithmetic (gcc).
"""

from __future__ import annotations

from cpa.cfa.types import IntegerType

ARITHMETIC_OPERATORS = frozenset(["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"])
COMPARISON_OPERATORS = frozenset(["==", "!=", "<", "<=", ">", ">="])


class UndefinedOperation(ArithmeticError):
    """An operation whose result C leaves undefined and gcc does not define either."""


class Trap(UndefinedOperation):
    """An operation that stops an x86 program (division by zero)."""


def wrap(value: int, ctype: IntegerType) -> int:
    """``value`` converted to the integer type ``ctype``."""
    if ctype.name == "_Bool":
        return int(value != 0)
    bits = ctype.bits
    value &= (1 << bits) - 1
    if ctype.signed and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def truncating_division(a: int, b: int) -> int:
    """C's ``a / b`` on mathematical integers (``b != 0``): rounds toward zero."""
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def binary(operator: str, a: int, b: int, ctype: IntegerType, count_type: IntegerType) -> int:
    """``a operator b`` for an arithmetic operator, both operands of type ``ctype``.

    For shifts ``ctype`` is the promoted type of the left operand and ``b`` has the
    (promoted) type ``count_type`` of its own; other operators ignore ``count_type``.
    """
    if operator == "+":
        return wrap(a + b, ctype)
    if operator == "-":
        return wrap(a - b, ctype)
    if operator == "*":
        return wrap(a * b, ctype)
    if operator in ("/", "%"):
        if b == 0:
            raise Trap("division by zero")
        if ctype.signed and b == -1 and a == ctype.min_value:
            raise UndefinedOperation(f"overflow in {ctype.name} division ({a} / -1)")
        quotient = truncating_division(a, b)
        return wrap(quotient if operator == "/" else a - b * quotient, ctype)
    if operator in ("<<", ">>"):
        if b < 0 or b >= ctype.bits:
            raise UndefinedOperation(f"shift of a {ctype.name} by {b}")
        return wrap(a << b, ctype) if operator == "<<" else a >> b
    if operator == "&":
        return wrap(a & b, ctype)
    if operator == "|":
        return wrap(a | b, ctype)
    if operator == "^":
        return wrap(a ^ b, ctype)
    raise ValueError(f"not an arithmetic operator: {operator}")


def overflow_is_undefined(ctype: IntegerType) -> bool:
    """Whether arithmetic in ``ctype`` can overflow undefinedly: a signed type other
    than ``_Bool`` (unsigned arithmetic wraps by definition)."""
    return ctype.signed and ctype.name != "_Bool"


def signed_overflow(operator: str, a: int, b: int | None, ctype: IntegerType) -> bool:
    """Whether ``a operator b`` (``-a`` for ``b`` None), operands of the type ``ctype``,
    overflows a signed ``ctype``: undefined in C (C11 6.5p5). gcc ``-O0`` wraps around,
    but an optimising build may assume it never happens, so no answer may rest on it.
    (A signed ``<<`` is not counted: gcc defines it as two's complement.)"""
    if not overflow_is_undefined(ctype):
        return False
    if b is None:
        exact = -a if operator == "-" else a
    elif operator == "+":
        exact = a + b
    elif operator == "-":
        exact = a - b
    elif operator == "*":
        exact = a * b
    else:
        return False
    return not ctype.min_value <= exact <= ctype.max_value


def compare(operator: str, a: int, b: int) -> int:
    """``a operator b`` (operands of one common type): 1 or 0."""
    if operator == "==":
        return int(a == b)
    if operator == "!=":
        return int(a != b)
    if operator == "<":
        return int(a < b)
    if operator == "<=":
        return int(a <= b)
    if operator == ">":
        return int(a > b)
    if operator == ">=":
        return int(a >= b)
    raise ValueError(f"not a comparison: {operator}")


def unary(operator: str, a: int, ctype: IntegerType) -> int:
    """``-a``, ``~a`` (operand of the promoted type ``ctype``) or ``!a`` (an int)."""
    if operator == "-":
        return wrap(-a, ctype)
    if operator == "~":
        return wrap(~a, ctype)
    if operator == "!":
        return int(a == 0)
    if operator == "+":
        return a
    raise ValueError(f"not a unary operator: {operator}")
