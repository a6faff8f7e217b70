"""The exact integer reading of bit-vector formulas (interpolation over integers)."""

from __future__ import annotations

import itertools

import pytest
import z3
from pysmt.shortcuts import (
    BV,
    BVSGE,
    BVSLT,
    BVULT,
    And,
    BVAdd,
    Equals,
    Implies,
    Not,
    Symbol,
    is_sat,
    is_valid,
)
from pysmt.typing import BVType

from cpa_predicate.integer_reading import IntegerReading, Unreadable
from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator

W = 8  # small words, so that the boundary values are few
EDGES = [0, 1, 2, 5, 63, 64, 126, 127, 128, 129, 200, 254, 255]


def _formulas(ctx: z3.Context):
    x, y = z3.BitVec("x", W, ctx), z3.BitVec("y", W, ctx)
    wide = z3.BitVec("w", 16, ctx)
    flag = z3.BitVec("b", 1, ctx)  # a 1-bit word: a _Bool, a 1-bit bit-field
    return [
        # the low bits of x after a read of x at its own width (one term, two widths)
        z3.LShR(x, 4) + z3.ZeroExt(4, z3.Extract(3, 0, x)) == 30,  # x = 255
        z3.LShR(x, 4) + (x & 15) == y + 20,  # x = 255, y = 10; x = 200, y = 0
        # a signed 1-bit value is -1 or 0
        z3.SignExt(W - 1, flag) == x,
        z3.SignExt(W - 1, flag) < x,
        z3.ZeroExt(W - 1, flag) + z3.SignExt(W - 1, flag) == x,
        x + 1 == y,
        z3.ULT(x + y, 3),
        x - y < 5,  # signed
        -x == y,
        ~x == y,
        3 * x + 7 == y,
        z3.Extract(3, 0, x) == z3.Extract(3, 0, y),
        z3.Extract(6, 2, x) == 5,
        z3.SignExt(8, x) == wide,
        z3.ZeroExt(8, x) + z3.SignExt(8, y) == wide,
        z3.Concat(x, y) == wide,
        x & 15 == 3,
        x << 3 == y,
        z3.LShR(x, 2) == y,
        x >> 2 == y,  # arithmetic
        z3.UDiv(x, 3) == y,
        z3.URem(x, 5) == y,
        x / -3 == y,  # signed, rounds toward zero
        z3.SRem(x, 3) == y,
        z3.If(x < 0, x + 100, y) == 3,
        z3.Not(x + y == 0),
        z3.Or(z3.UGT(x, 250), x * 2 == y),
    ]


@pytest.mark.parametrize("case_split", [False, True])
@pytest.mark.parametrize("index", range(len(_formulas(z3.Context()))))
def test_the_reading_has_exactly_the_models_of_the_bit_vector_formula(index, case_split):
    ctx = z3.Context()
    formula = _formulas(ctx)[index]
    reading = IntegerReading(ctx, case_split=case_split)
    _, exact, _ = reading.read(formula)
    constants = {str(c): c for c in _constants(formula)}
    names = sorted(constants)
    values = {16: [0, 1, 255, 256, 32767, 32768, 65535, 1000, 64000], 1: [0, 1]}
    for assignment in itertools.product(
        *[values.get(constants[name].size(), EDGES) for name in names]
    ):
        fixed = [
            (constants[n], z3.BitVecVal(v, constants[n].size(), ctx))
            for n, v in zip(names, assignment, strict=True)
        ]
        truth = z3.is_true(z3.simplify(z3.substitute(formula, *fixed)))
        solver = z3.Solver(ctx=ctx)
        solver.add(exact)
        for name, value in zip(names, assignment, strict=True):
            word = reading.word(constants[name])
            width = constants[name].size()
            signed = value - (1 << width) if value >= 1 << (width - 1) else value
            solver.add(word == (value if width == 1 else signed))  # a 1-bit word is 0 or 1
        assert (solver.check() == z3.sat) == truth, (formula, assignment)


def _constants(formula: z3.ExprRef) -> set[z3.ExprRef]:
    found, stack = set(), [formula]
    while stack:
        e = stack.pop()
        if z3.is_const(e) and not z3.is_bv_value(e) and z3.is_bv(e):
            found.add(e)
        stack.extend(e.children())
    return found


@pytest.mark.parametrize(
    "build",
    [
        lambda x, y: x * y == 3,
        lambda x, y: z3.UDiv(x, y) == 1,
        lambda x, y: x << y == 4,
        lambda x, y: x & y == 1,
        lambda x, y: x | 6 == y,
    ],
)
def test_operators_without_a_linear_reading_are_refused(build):
    ctx = z3.Context()
    x, y = z3.BitVec("x", W, ctx), z3.BitVec("y", W, ctx)
    with pytest.raises(Unreadable):
        IntegerReading(ctx).read(build(x, y))


def test_reading_back_means_the_same_in_wide_enough_bit_vectors():
    ctx = z3.Context()
    x, y = z3.BitVec("x", 32, ctx), z3.BitVec("y", 32, ctx)
    reading = IntegerReading(ctx)
    X, Y = reading.word(x), reading.word(y)
    # 3 * X overflows 32 bits; the read-back formula must not wrap around
    integer = z3.And(3 * X - 2 * Y >= 4000000000, X % 7 == 2, Y / 5 <= -3)
    back = reading.back(integer)
    for vx, vy in [(2**31 - 1, -(2**31)), (2**31 - 5, 1000), (-9, -16), (1338, -15), (0, 0)]:
        expected = z3.is_true(
            z3.simplify(z3.substitute(integer, (X, z3.IntVal(vx, ctx)), (Y, z3.IntVal(vy, ctx))))
        )
        got = z3.simplify(
            z3.substitute(back, (x, z3.BitVecVal(vx, 32, ctx)), (y, z3.BitVecVal(vy, 32, ctx)))
        )
        assert z3.is_true(got) == expected, (vx, vy)


def test_with_case_splits_a_term_that_wraps_at_most_twice_needs_no_auxiliary():
    # x + y (two 8-bit words) lies in [-256, 254]: it wraps down, up, or not at all,
    # a case split on the term; 3 * x + 7 can wrap more often and keeps an auxiliary
    ctx = z3.Context()
    x, y = z3.BitVec("x", W, ctx), z3.BitVec("y", W, ctx)
    reading = IntegerReading(ctx, case_split=True)
    assert reading.read(x + y == 3)[2] == []
    assert reading.read(z3.ULT(z3.SignExt(8, x), 5))[2] == []
    assert len(reading.read(3 * x + 7 == y)[2]) == 1


def test_comparisons_the_word_ranges_decide_read_back_as_constants():
    # Spacer's interpolants of the reading without the words' ranges can speak of
    # values no word has (X >= 2^33); under the ranges those atoms are constants
    ctx = z3.Context()
    x, y = z3.BitVec("x", 32, ctx), z3.BitVec("y", 32, ctx)
    reading = IntegerReading(ctx)
    X, Y = reading.word(x), reading.word(y)
    assert z3.is_true(reading.back(X <= 2**40))
    assert z3.is_false(reading.back(z3.And(X >= 5, X + Y >= 2**33)))
    kept = reading.back(z3.Or(X + Y > 2**32, Y == 3, X < -(2**31)))
    assert not z3.is_or(kept) and z3.is_true(z3.simplify(kept == (y == 3)))
    both = reading.back(z3.And(X >= 5, z3.Not(X - Y == 2**32)))
    assert z3.is_true(z3.simplify(both == (x >= 5)))


def _read_back(atoms, index):
    """The read-back of atom ``index`` of ``atoms(X, Y, B)`` (over the integer words of
    two 8-bit words and a 1-bit word), and a check (solver) that atom and read-back have
    the same truth value for every value of the words."""
    ctx = z3.Context()
    x, y, b = z3.BitVec("x", W, ctx), z3.BitVec("y", W, ctx), z3.BitVec("b", 1, ctx)
    reading = IntegerReading(ctx)
    X, Y, B = reading.word(x), reading.word(y), reading.word(b)
    integer = atoms(X, Y, B)[index]
    back = reading.back(integer)

    def means_the_same() -> bool:
        solver = z3.Solver(ctx=ctx)
        for word, vector in ((X, x), (Y, y)):
            unsigned = z3.BV2Int(vector)
            solver.add(word == z3.If(unsigned >= 128, unsigned - 256, unsigned))
        solver.add(B == z3.BV2Int(b))
        solver.add(z3.Xor(integer, back))
        return solver.check() == z3.unsat

    return back, means_the_same


def _modular_atoms(X, Y, B):
    """Integer atoms ``(t mod 2^k) op c`` as Spacer states wrap-around, with the modulus
    below, at and above the words' width (8 bits; ``B`` is a 1-bit word)."""
    return [
        (10 - X - Y) % 256 == 0,
        (3 * X - Y + 7) % 256 != 5,
        (X + Y) % 16 <= 3,
        7 < (X - 2 * Y) % 32,
        (2 - X) % 512 == 300,
        (X + B) % 1024 >= 1000,
        (X * 5 + Y * -3) % 2 > 0,
    ]


@pytest.mark.parametrize("index", range(7))
def test_wrap_around_atoms_read_back_at_the_modulus_width(index):
    back, means_the_same = _read_back(_modular_atoms, index)
    # no division and nothing wider than the modulus: the point of the translation
    text = back.sexpr()
    assert "bvsdiv" not in text and "bvudiv" not in text
    assert means_the_same()


def _modulus_widths(expr: z3.ExprRef) -> set[int]:
    """The widths of the ``bvsmod`` terms in ``expr``."""
    widths, todo, seen = set(), [expr], set()
    while todo:
        term = todo.pop()
        if term.get_id() in seen:
            continue
        seen.add(term.get_id())
        if z3.is_app_of(term, z3.Z3_OP_BSMOD) or z3.is_app_of(term, z3.Z3_OP_BSMOD_I):
            widths.add(term.size())
        todo.extend(term.children())
    return widths


def _residue_atoms(X, Y, B):
    """Integer atoms with ``t mod c`` as Spacer states facts of ``i % 3`` loops: ``c``
    not a power of two, above the 8-bit words' range too, and powers of two inside
    larger terms (outside the comparisons ``_modular_atoms`` read at the modulus width)."""
    return [
        (X + 1) % 3 == 0,
        (2 * X - Y) % 3 >= 1,
        (1 - X) % 5 == 4,
        (7 * X + B) % 6 != 2,
        (3 * X + 2 * Y - 100) % 7 < 3,
        (-X) % 200 == 57,
        (X + Y) % 1 == 0,
        X + (3 * X - Y) % 16 <= 20,
        (Y - B) % 512 + X > 300,
    ]


@pytest.mark.parametrize("index", range(9))
def test_residue_atoms_read_back_from_the_residues_of_the_words(index):
    back, means_the_same = _read_back(_residue_atoms, index)
    # each word reduced at its own width (wider only where the divisor needs it: 200
    # is a 9-bit signed constant), then the small sum of residues: no quotient, and no
    # division of a word wider than that
    assert "bvsdiv" not in back.sexpr()
    assert max(_modulus_widths(back), default=0) <= 9
    assert means_the_same()


def _division_atoms(X, Y, B):
    """Integer atoms with floor division and with moduli of terms that are not sums of
    multiples of words (the general translation: one division each)."""
    return [
        X / 3 <= -2,
        (X - Y) / 7 == 5,
        ((X % 3) * 2 + Y) % 5 == 1,
        (X / 100) % 3 == 2,
        (X - 4294967296 * ((2 * X) % 3)) % 12884901888 != 0,
        (Y + B) / 127 >= 1,
        X / 1 == Y,
        X % -4 == 1,  # Spacer writes negative divisors too (SMT-LIB: x mod -c = x mod c)
        (X - Y) / -7 == 5,
        (3 * X + Y) % -6 != 2,
    ]


@pytest.mark.parametrize("index", range(10))
def test_division_atoms_read_back_exactly(index):
    back, means_the_same = _read_back(_division_atoms, index)
    assert means_the_same()


def test_wrap_around_of_a_32_bit_sum_is_a_32_bit_equation():
    ctx = z3.Context()
    i, s = z3.BitVec("i", 32, ctx), z3.BitVec("s", 32, ctx)
    reading = IntegerReading(ctx)
    back = reading.back((10 - reading.word(i) - reading.word(s)) % 2**32 == 0)
    assert "sign_extend" not in back.sexpr()
    assert z3.is_true(
        z3.simplify(
            z3.substitute(back, (i, z3.BitVecVal(-5, 32, ctx)), (s, z3.BitVecVal(15, 32, ctx)))
        )
    )
    assert z3.is_false(
        z3.simplify(
            z3.substitute(back, (i, z3.BitVecVal(2**31, 32, ctx)), (s, z3.BitVecVal(10, 32, ctx)))
        )
    )


def _symbol(name: str):
    return Symbol(name, BVType(32))


@pytest.mark.parametrize("reading", [True, False])
def test_interpolants_account_for_wrap_around(reading):
    # x0 == INT_MAX; x1 == x0 + 1 wraps to INT_MIN, so x1 >= 0 is infeasible only with
    # machine integers; the interpolant must say so in bit-vector terms
    x0, x1 = _symbol("rd::x#32@1"), _symbol("rd::x#32@2")
    a = And(Equals(x0, BV(2**31 - 1, 32)), Equals(x1, BVAdd(x0, BV(1, 32))))
    b = BVSGE(x1, BV(0, 32))
    interpolator = Z3SpacerInterpolator(integer_reading=reading)
    (interpolant,) = interpolator.sequence_interpolants([a, b])
    assert is_valid(Implies(a, interpolant), solver_name="z3")
    assert not is_sat(And(interpolant, b), solver_name="z3")
    assert interpolator.readings["integers" if reading else "bit-vectors"] == 1


def test_a_path_that_is_feasible_with_machine_integers_has_no_interpolants():
    x0, x1 = _symbol("rd::y#32@1"), _symbol("rd::y#32@2")
    a = And(Equals(x0, BV(2**31 - 1, 32)), Equals(x1, BVAdd(x0, BV(1, 32))))
    b = BVSLT(x1, BV(0, 32))  # true: x1 is INT_MIN
    assert Z3SpacerInterpolator(integer_reading=True).sequence_interpolants([a, b]) is None


def test_unsigned_comparisons_read_the_unsigned_value():
    x0, x1 = _symbol("rd::z#32@1"), _symbol("rd::z#32@2")
    a = And(BVSLT(x0, BV(0, 32)), Equals(x1, x0))  # negative as a signed int
    b = BVULT(x1, BV(2**31, 32))  # but at least 2^31 unsigned
    interpolator = Z3SpacerInterpolator(integer_reading=True)
    (interpolant,) = interpolator.sequence_interpolants([a, Not(Not(b))])
    assert is_valid(Implies(a, interpolant), solver_name="z3")
    assert not is_sat(And(interpolant, b), solver_name="z3")
