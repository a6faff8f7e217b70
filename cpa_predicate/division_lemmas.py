"""Facts about a division's quotient and remainder, added beside the division.

Why: a solver proves ``(a / b) * b + a % b == a``, or that ``a % b`` has the sign of
``a``, over 32-bit words only by bit-blasting a divider and a multiplier, and gave up
after minutes (``div02``: a timeout with every configuration). The same facts stated
beside the division let its simplifier close such a query at once. Each lemma holds for
every value of its words under SMT-LIB's definition of ``bvudiv``, ``bvurem``,
``bvsdiv`` and ``bvsrem`` (division by zero included), so conjoining them changes no
model of a path: they are tautologies (``tests/test_division_lemmas.py`` proves each
for 8-bit words).
"""

from __future__ import annotations

from pysmt.fnode import FNode
from pysmt.shortcuts import (
    BV,
    BVSLT,
    BVULE,
    BVULT,
    BVAdd,
    BVMul,
    BVNeg,
    BVSDiv,
    BVSRem,
    BVUDiv,
    BVURem,
    Equals,
    Iff,
    Implies,
    Ite,
    Or,
)

__all__ = ["division_lemmas", "quotient_and_remainder"]


def quotient_and_remainder(left: FNode, right: FNode, signed: bool) -> tuple[FNode, FNode]:
    """The terms of ``left / right`` and ``left % right`` (C's truncating ones)."""
    if signed:
        return BVSDiv(left, right), BVSRem(left, right)
    return BVUDiv(left, right), BVURem(left, right)


def division_lemmas(left: FNode, right: FNode, bits: int, signed: bool) -> list[FNode]:
    """Valid facts relating ``left``, ``right`` (``bits`` wide) and their quotient and
    remainder: the quotient times the divisor plus the remainder is the dividend; the
    remainder is smaller than a non-zero divisor and the quotient no larger than the
    dividend, in magnitude; a signed remainder is 0 or has the dividend's sign."""
    quotient, remainder = quotient_and_remainder(left, right, signed)
    zero = BV(0, bits)
    nonzero = Or(BVULT(zero, right), BVULT(right, zero))  # right != 0, without Not
    lemmas = [Equals(BVAdd(BVMul(quotient, right), remainder), left)]
    if not signed:
        lemmas.append(Implies(nonzero, BVULT(remainder, right)))
        lemmas.append(Implies(nonzero, BVULE(quotient, left)))
        return lemmas

    def magnitude(term: FNode) -> FNode:
        # as an unsigned word: the magnitude of the minimum is 2^(bits-1), its own word
        return Ite(BVSLT(term, zero), BVNeg(term), term)

    lemmas.append(Implies(nonzero, BVULT(magnitude(remainder), magnitude(right))))
    lemmas.append(Implies(nonzero, BVULE(magnitude(quotient), magnitude(left))))
    lemmas.append(Or(Equals(remainder, zero), Iff(BVSLT(remainder, zero), BVSLT(left, zero))))
    return lemmas
