"""An exact linear-integer reading of bit-vector formulas, for interpolation.

Spacer solves the Horn problems of sequence interpolation over linear integer
arithmetic several times faster than over bit-vectors (token_ring.05: 4 s of
interpolation with integers, 22 s with bit-vectors). The path formulas are
bit-vector formulas, and stay so for abstraction, feasibility and counterexamples;
only the interpolation problem is read as integers, exactly:

* a word ``x`` of width ``w`` is the integer ``X`` in ``[-2^(w-1), 2^(w-1))`` (``[0, 1]``
  for width 1) with the same bits, and every formula states the range of its words;
* a term is read *lazily* as an integer that is congruent to its value modulo ``2^w``
  (``x + 1`` is ``X + 1``); where the exact value matters (a comparison, an equality,
  an extension, a shift right, a division) it is *normalised* into the signed or
  unsigned window by subtracting ``2^w * k`` for an integer ``k`` whose range follows
  from the term's bounds (with ``case_split``, a term with at most three such ``k`` by a
  case split on it instead). The window determines ``k``, so every auxiliary integer is a
  function of the words: the reading is exact in any polarity (under negation too),
  and the read formula has exactly the models of the original, extended by the
  auxiliaries' unique values;
* operators with no linear reading (a product or quotient of two words, a shift by a
  word, ``&``/``|``/``^`` other than with a mask of low bits) raise :class:`Unreadable`:
  the caller then interpolates the bit-vector formulas themselves.

The ranges of the words can be left out (the weakened reading of ``read``): that only weakens
the formulas, and an interpolant of weaker formulas over the same words is an
interpolant of the stronger ones. Spacer is faster without them (they invite bounds
like ``x <= 2147483647`` into its lemmas); the ranges are needed only where a path is
infeasible because of them, i.e. because a value wraps around.

Interpolants over the integer words are read back (:meth:`IntegerReading.back`) with
every word sign-extended into a bit-vector wide enough that no operation of the
interpolant can wrap: the bit-vector interpolant means exactly what the integer one
means. A comparison ``(t mod 2^k) op c`` of a sum of multiples of words is read back
as the ``k``-bit comparison of ``t`` computed in ``k`` bits (the same truth value,
without a division), ``t mod c`` for another constant ``c`` from the residues of the
words (a division of each word at its own width, not of ``t`` at a wider one), and a
comparison that the words' ranges decide as its constant.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

import z3
from pysmt.fnode import FNode


class Unreadable(Exception):
    """The formula uses an operator without an exact linear integer reading."""


@dataclass(frozen=True)
class _Value:
    """An integer term congruent (modulo 2^width) to a bit-vector term, with bounds."""

    term: z3.ArithRef
    low: int
    high: int
    width: int


def _signed_window(width: int) -> tuple[int, int]:
    """The values of a two's-complement word of ``width`` bits (-1 and 0 for one bit)."""
    return -(1 << (width - 1)), (1 << (width - 1)) - 1


def _word_window(width: int) -> tuple[int, int]:
    """The window of a word's integer: signed, but a 1-bit word (a ``_Bool``, a flag)
    is 0 or 1, so that reading it needs no wrap; a signed 1-bit bit-field's -1 comes
    from :meth:`_FormulaReader.normal` in the signed window where the formula asks."""
    return (0, 1) if width == 1 else _signed_window(width)


def _unsigned_window(width: int) -> tuple[int, int]:
    return 0, (1 << width) - 1


class IntegerReading:
    """Reads bit-vector formulas (z3 terms) as linear integer formulas and back.

    The integer word of each bit-vector constant is shared by all formulas read, so that
    cut points can name it. One reading can serve a whole run: the reading of each
    formula is kept (refinements share most of their blocks); its auxiliary integers
    belong to it alone, so a kept reading is valid in any later problem (each Horn
    clause quantifies its own).
    """

    def __init__(self, ctx: z3.Context, case_split: bool = False):
        self.ctx = ctx
        #: normalise a term that wraps at most twice by a case split on it, not by an
        #: auxiliary integer (the interpolator's second integer encoding: Spacer finds
        #: some refutations only with one of the two; docs/results.md)
        self.case_split = case_split
        #: integer word -> its bit-vector constant (by the integer word's name)
        self.words: dict[str, z3.BitVecRef] = {}
        self._integers: dict[int, z3.ArithRef] = {}  # bit-vector constant id -> word
        self._fresh = 0
        # formula id -> (the formula, kept alive so that its id stays its own, reading)
        self._read: dict[int, tuple[z3.BoolRef, tuple | None]] = {}

    # --- reading ------------------------------------------------------------------------

    def word(self, constant: z3.BitVecRef) -> z3.ArithRef:
        """The integer word of a bit-vector constant."""
        key = constant.get_id()
        integer = self._integers.get(key)
        if integer is None:
            name = f"{constant.decl().name()}!int"
            integer = z3.Int(name, self.ctx)
            self._integers[key] = integer
            self.words[name] = constant
        return integer

    def read(self, formula: z3.BoolRef) -> tuple[z3.BoolRef, z3.BoolRef, list[z3.ArithRef]]:
        """The integer reading of a Boolean formula: without the ranges of its words
        (weakened) and with them (exact), each with the definitions it needs, and the
        auxiliary integers it introduced (each a function of the words)."""
        body, side, ranges, auxiliaries = self.parts(formula)
        relaxed = z3.And(body, *side) if side else body
        exact = z3.And(relaxed, *ranges) if ranges else relaxed
        return relaxed, exact, auxiliaries

    def parts(
        self, formula: z3.BoolRef
    ) -> tuple[z3.BoolRef, list[z3.BoolRef], list[z3.BoolRef], list[z3.ArithRef]]:
        """The reading of ``formula`` in parts: its body, the definitions of its
        auxiliaries, the ranges of its words, and the auxiliaries. Definitions and
        ranges hold for every value of the words; they belong at the top level of a
        query, never under a negation or a guard."""
        kept = self._read.get(formula.get_id())
        if kept is not None:
            if kept[1] is None:
                raise Unreadable("(as before)")
            return kept[1]
        reader = _FormulaReader(self)
        try:
            body = reader.boolean(formula)
        except Unreadable:
            self._read[formula.get_id()] = (formula, None)
            raise
        result = (body, reader.side, reader.ranges, reader.auxiliaries)
        self._read[formula.get_id()] = (formula, result)
        return result

    def fresh(self, prefix: str) -> z3.ArithRef:
        self._fresh += 1
        return z3.Int(f"itp!{prefix}{self._fresh}", self.ctx)

    # --- reading back -------------------------------------------------------------------

    def back(self, formula: z3.ExprRef) -> z3.BoolRef:
        """A bit-vector formula over the words that means exactly ``formula``.

        Each comparison is translated at its own width: the narrowest in which none of
        its terms can wrap around (``4 <= X`` stays a 32-bit comparison, ``X = Y + 1``
        needs 33 bits).
        """
        booleans: dict[int, z3.ExprRef] = {}
        terms: dict[tuple[int, int], z3.ExprRef] = {}
        intervals: dict[int, tuple[int, int]] = {}

        def boolean(e: z3.ExprRef) -> z3.ExprRef:
            key = e.get_id()
            done = booleans.get(key)
            if done is None:
                done = booleans[key] = self._back_boolean(e, boolean, atom)
            return done

        def term_at(width: int) -> Callable[[z3.ExprRef], z3.ExprRef]:
            def term(t: z3.ExprRef) -> z3.ExprRef:
                key = (t.get_id(), width)
                done = terms.get(key)
                if done is None:
                    done = terms[key] = self._back_term(t, width, term_at)
                return done

            return term

        def atom(e: z3.ExprRef) -> z3.ExprRef:
            modular = _modular_comparison(e, term_at)
            if modular is not None:
                return modular
            bounds = [self._interval(child, intervals) for child in e.children()]
            decided = _decided(e.decl().kind(), bounds)
            if decided is not None:
                return z3.BoolVal(decided, self.ctx)
            term = term_at(max(_bits(b) for b in bounds))
            return _rebuild_comparison(e, [term(child) for child in e.children()])

        return boolean(formula)

    def _back_boolean(self, e: z3.ExprRef, boolean, atom) -> z3.ExprRef:
        if z3.is_true(e) or z3.is_false(e) or (z3.is_const(e) and z3.is_bool(e)):
            return e
        kind = e.decl().kind()
        children = e.children()
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT) and z3.is_arith(children[0]):
            return atom(e)
        if kind in (z3.Z3_OP_LE, z3.Z3_OP_LT, z3.Z3_OP_GE, z3.Z3_OP_GT):
            return atom(e)
        args = [boolean(child) for child in children]
        if kind in (z3.Z3_OP_AND, z3.Z3_OP_OR):
            # atoms decided by the words' ranges drop out (Spacer's interpolants of the
            # reading without those ranges speak of values no word has)
            absorbing = z3.is_false if kind == z3.Z3_OP_AND else z3.is_true
            if any(absorbing(arg) for arg in args):
                return z3.BoolVal(kind == z3.Z3_OP_OR, self.ctx)
            args = [arg for arg in args if not (z3.is_true(arg) or z3.is_false(arg))]
            if not args:
                return z3.BoolVal(kind == z3.Z3_OP_AND, self.ctx)
            if len(args) == 1:
                return args[0]
            return z3.And(*args) if kind == z3.Z3_OP_AND else z3.Or(*args)
        if kind == z3.Z3_OP_NOT:
            if z3.is_true(args[0]) or z3.is_false(args[0]):
                return z3.BoolVal(z3.is_false(args[0]), self.ctx)
            return z3.Not(args[0])
        if kind == z3.Z3_OP_IMPLIES:
            return z3.Implies(*args)
        if kind == z3.Z3_OP_ITE:
            return z3.If(*args)
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF):
            return args[0] == args[1]
        if kind == z3.Z3_OP_XOR:
            return z3.Xor(*args)
        raise Unreadable(f"interpolant operator {e.decl().name()}")

    def _back_term(self, e: z3.ExprRef, width: int, term_at) -> z3.ExprRef:
        """``e`` as a bit-vector at ``width``; ``term_at(w)`` translates a subterm at
        width ``w`` (memoised per term and width)."""
        ctx = self.ctx
        term = term_at(width)
        if z3.is_int_value(e):
            return z3.BitVecVal(e.as_long(), width, ctx)
        if z3.is_const(e):
            return self._word_at(e.decl().name(), width)
        kind = e.decl().kind()
        if kind in (z3.Z3_OP_IDIV, z3.Z3_OP_MOD):
            dividend, divisor = e.children()
            if z3.is_int_value(divisor) and divisor.as_long() < 0:
                # SMT-LIB's remainder lies in [0, |c|) for either sign of c, and the
                # quotient changes sign: x mod -c = x mod c, x div -c = -(x div c)
                positive = z3.IntVal(-divisor.as_long(), ctx)
                return term(dividend % positive if kind == z3.Z3_OP_MOD else -(dividend / positive))
        residue = _residue_operands(e)
        if residue is not None:
            return _fitted(self._residue(*residue, term_at), width)
        if kind == z3.Z3_OP_ITE:
            condition, then, other = e.children()
            return z3.If(self.back(condition), term(then), term(other))
        args = [term(arg) for arg in e.children()]
        if kind == z3.Z3_OP_ADD:
            total = args[0]
            for arg in args[1:]:
                total = total + arg
            return total
        if kind == z3.Z3_OP_SUB:
            total = args[0]
            for arg in args[1:]:
                total = total - arg
            return total
        if kind == z3.Z3_OP_UMINUS:
            return -args[0]
        if kind == z3.Z3_OP_MUL:
            constants = [c for c in e.children() if z3.is_int_value(c)]
            if len(constants) < len(args) - 1:
                raise Unreadable(f"non-linear interpolant {e}")
            product = args[0]
            for arg in args[1:]:
                product = product * arg
            return product
        if kind in (z3.Z3_OP_IDIV, z3.Z3_OP_MOD):
            divisor = e.children()[1]
            if not z3.is_int_value(divisor) or divisor.as_long() <= 0:
                raise Unreadable(f"division in an interpolant {e}")
            a, c = args[0], args[1]  # the divisor fits: its bounds are among the width's
            if kind == z3.Z3_OP_MOD:
                # bvsmod by a positive divisor is the floor modulus: one division
                return a % c
            # SMT-LIB div rounds toward minus infinity (for a positive divisor): the
            # truncating quotient of the dividend moved down by c - 1 where it is
            # negative, one bit wider (a - c + 1 may not fit at the width)
            wide, divisor_wide = z3.SignExt(1, a), z3.SignExt(1, c)
            dividend = z3.If(a >= z3.BitVecVal(0, width, ctx), wide, wide - divisor_wide + 1)
            return z3.Extract(width - 1, 0, dividend / divisor_wide)
        raise Unreadable(f"interpolant operator {e.decl().name()}")

    def _residue(self, e: z3.ExprRef, divisor: int, term_at) -> z3.BitVecRef:
        """``e mod divisor`` (in ``[0, divisor)``) of a ring term ``e`` over the words,
        from the residues of the words: reduction modulo ``divisor`` commutes with sums
        and products, so each word is reduced at its own width (``bvsmod`` by a positive
        constant is the floor modulus of its signed value) and only the small weighted sum
        of residues is reduced again. Read back as ``e - divisor * div(e, divisor)`` at
        the width of ``e`` instead, a sum like ``2 * i + 1`` over a 32-bit ``i`` cost two
        divisions of 66-bit words per predicate, and abstraction with a few such
        predicates took seconds per query. Modulo ``2^k`` no division is needed: ``e``
        computed in ``k`` bits is the residue (as in :func:`_modular_comparison`)."""
        if divisor & (divisor - 1) == 0 and divisor > 1:
            return z3.ZeroExt(1, term_at(divisor.bit_length() - 1)(e))  # non-negative
        words, constant = _linear_form(e)
        weighted = [(word, c % divisor) for word, c in words if c % divisor]
        largest = (divisor - 1) * (1 + sum(coefficient for _, coefficient in weighted))
        width = largest.bit_length() + 1
        total = z3.BitVecVal(constant % divisor, width, self.ctx)
        for word, coefficient in weighted:
            # wide enough for the word's value and the divisor as a positive number
            wide = max(_bits(self._interval(word, {})), divisor.bit_length() + 1)
            value = term_at(wide)(word)
            residue = _fitted(value % z3.BitVecVal(divisor, wide, self.ctx), width)
            total = total + z3.BitVecVal(coefficient, width, self.ctx) * residue
        return z3.URem(total, z3.BitVecVal(divisor, width, self.ctx))

    def _word_at(self, name: str, width: int) -> z3.BitVecRef:
        """The bit-vector of the integer word ``name`` at ``width``: extended as its
        value (a 1-bit word is unsigned), or cut to its low bits (the word modulo
        ``2^width``, where only that matters)."""
        constant = self.words.get(name)
        if constant is None:
            raise Unreadable(f"unknown integer {name} in an interpolant")
        extra = width - constant.size()
        if extra == 0:
            return constant
        if extra < 0:
            return z3.Extract(width - 1, 0, constant)
        return z3.ZeroExt(extra, constant) if constant.size() == 1 else z3.SignExt(extra, constant)

    def _interval(self, e: z3.ExprRef, memo: dict[int, tuple[int, int]]) -> tuple[int, int]:
        """Bounds of an integer term of an interpolant over the words (each subterm's
        bounds included: the width must hold every intermediate value)."""
        key = e.get_id()
        done = memo.get(key)
        if done is not None:
            return done
        if z3.is_int_value(e):
            value = e.as_long()
            bounds = (value, value)
        elif z3.is_const(e):
            constant = self.words.get(e.decl().name())
            if constant is None:
                raise Unreadable(f"unknown integer {e} in an interpolant")
            bounds = _word_window(constant.size())
        else:
            kind = e.decl().kind()
            children = e.children()
            if kind == z3.Z3_OP_ITE:
                parts = [self._interval(child, memo) for child in children[1:]]
            else:
                parts = [self._interval(child, memo) for child in children]
            if kind == z3.Z3_OP_ADD:
                bounds = (sum(p[0] for p in parts), sum(p[1] for p in parts))
            elif kind == z3.Z3_OP_SUB:
                low, high = parts[0]
                for other_low, other_high in parts[1:]:
                    low, high = low - other_high, high - other_low
                bounds = (low, high)
            elif kind == z3.Z3_OP_UMINUS:
                bounds = (-parts[0][1], -parts[0][0])
            elif kind == z3.Z3_OP_MUL:
                low, high = parts[0]
                for other_low, other_high in parts[1:]:
                    products = [
                        low * other_low,
                        low * other_high,
                        high * other_low,
                        high * other_high,
                    ]
                    low, high = min(products), max(products)
                bounds = (low, high)
            elif kind == z3.Z3_OP_ITE:
                bounds = (min(p[0] for p in parts), max(p[1] for p in parts))
            elif _residue_operands(e) is not None:
                # read back from the residues of the words (:meth:`_residue`): no
                # intermediate value at this width
                memo[key] = (0, parts[1][0] - 1)
                return memo[key]
            elif kind in (z3.Z3_OP_IDIV, z3.Z3_OP_MOD):
                low, high = parts[0]
                divisor = max(1, parts[1][0])
                if kind == z3.Z3_OP_IDIV:
                    bounds = (min(low // divisor, 0), max(high // divisor, 0))
                else:
                    bounds = (0, divisor - 1)
            else:
                raise Unreadable(f"interpolant operator {e.decl().name()}")
            # every intermediate value must fit too
            for part in parts:
                bounds = (min(bounds[0], part[0]), max(bounds[1], part[1]))
        memo[key] = bounds
        return bounds


#: a term that may wrap around this many times or fewer is normalised by a case split
#: (more: by an auxiliary integer)
_MAX_CASES = 3

#: the comparison with its operands swapped
_MIRRORED = {
    z3.Z3_OP_LE: z3.Z3_OP_GE,
    z3.Z3_OP_GE: z3.Z3_OP_LE,
    z3.Z3_OP_LT: z3.Z3_OP_GT,
    z3.Z3_OP_GT: z3.Z3_OP_LT,
}


#: the unsigned bit-vector comparison for each integer comparison
_UNSIGNED = {
    z3.Z3_OP_EQ: lambda a, b: a == b,
    z3.Z3_OP_DISTINCT: lambda a, b: a != b,
    z3.Z3_OP_LE: z3.ULE,
    z3.Z3_OP_LT: z3.ULT,
    z3.Z3_OP_GE: z3.UGE,
    z3.Z3_OP_GT: z3.UGT,
}


def _modular_comparison(e: z3.ExprRef, term_at) -> z3.BoolRef | None:
    """``(t mod 2^k) op c`` for a constant ``c`` in ``[0, 2^k)`` and a term ``t`` built by
    ring operations (sums, products with constants) from words and constants: the
    unsigned comparison of ``t`` computed in ``k``-bit arithmetic (``term_at(k)``) with
    ``c``; None for any other atom.

    Exact because reduction modulo ``2^k`` commutes with ring operations, and a word is
    congruent modulo ``2^k`` to its low ``k`` bits (sign-extended beyond its width).
    Spacer states wrap-around this way (``(10 - i - s) mod 2^32 = 0``); the general
    translation would divide in 35 bits, which bit-blasting pays for in every later
    query, where this is the 32-bit ``i + s = 10``."""
    compare = _UNSIGNED.get(e.decl().kind())
    if compare is None or e.num_args() != 2:
        return None
    left, right = e.children()
    if z3.is_int_value(left):
        left, right = right, left
        compare = _UNSIGNED[_MIRRORED.get(e.decl().kind(), e.decl().kind())]
    if not z3.is_int_value(right) or left.decl().kind() != z3.Z3_OP_MOD:
        return None
    term, modulus = left.children()
    if not z3.is_int_value(modulus):
        return None
    width = modulus.as_long().bit_length() - 1
    value = right.as_long()
    if width < 1 or modulus.as_long() != 1 << width or not 0 <= value < 1 << width:
        return None
    if not _ring_term(term):
        return None
    return compare(term_at(width)(term), z3.BitVecVal(value, width, e.ctx))


def _ring_term(e: z3.ExprRef) -> bool:
    """Whether ``e`` is built from integer constants and words by sums, differences,
    negation and products with constants (its value modulo 2^k is then the k-bit
    computation of it)."""
    if z3.is_int_value(e) or z3.is_const(e):
        return True
    kind = e.decl().kind()
    if kind == z3.Z3_OP_MUL:
        if sum(not z3.is_int_value(child) for child in e.children()) > 1:
            return False
    elif kind not in (z3.Z3_OP_ADD, z3.Z3_OP_SUB, z3.Z3_OP_UMINUS):
        return False
    return all(_ring_term(child) for child in e.children())


def _residue_operands(e: z3.ExprRef) -> tuple[z3.ExprRef, int] | None:
    """``(t, c)`` if ``e`` is ``t mod c`` of a ring term ``t`` (:func:`_ring_term`) and a
    positive constant ``c``, read back from residues (:meth:`IntegerReading._residue`)."""
    if not z3.is_app_of(e, z3.Z3_OP_MOD):
        return None
    term, divisor = e.children()
    if not z3.is_int_value(divisor) or divisor.as_long() <= 0 or not _ring_term(term):
        return None
    return term, divisor.as_long()


def _linear_form(e: z3.ExprRef) -> tuple[list[tuple[z3.ExprRef, int]], int]:
    """The words with their coefficients and the constant of a ring term
    (:func:`_ring_term`)."""
    coefficients: dict[int, tuple[z3.ExprRef, int]] = {}
    constant = 0
    todo = [(e, 1)]
    while todo:
        term, factor = todo.pop()
        if z3.is_int_value(term):
            constant += factor * term.as_long()
            continue
        if z3.is_const(term):
            _, earlier = coefficients.get(term.get_id(), (term, 0))
            coefficients[term.get_id()] = (term, earlier + factor)
            continue
        kind = term.decl().kind()
        children = term.children()
        if kind == z3.Z3_OP_ADD:
            todo.extend((child, factor) for child in children)
        elif kind == z3.Z3_OP_SUB:
            todo.append((children[0], factor))
            todo.extend((child, -factor) for child in children[1:])
        elif kind == z3.Z3_OP_UMINUS:
            todo.append((children[0], -factor))
        else:  # a product with at most one factor that is not a constant
            rest = [child for child in children if not z3.is_int_value(child)]
            for child in children:
                if z3.is_int_value(child):
                    factor *= child.as_long()
            if rest:
                todo.append((rest[0], factor))
            else:
                constant += factor
    return list(coefficients.values()), constant


def _fitted(value: z3.BitVecRef, width: int) -> z3.BitVecRef:
    """A non-negative ``value`` that fits both widths, zero-extended or cut to ``width``."""
    if width > value.size():
        return z3.ZeroExt(width - value.size(), value)
    if width < value.size():
        return z3.Extract(width - 1, 0, value)
    return value


def _decided(kind: int, bounds: list[tuple[int, int]]) -> bool | None:
    """The truth value of a comparison whose operands lie in ``bounds``, if those bounds
    decide it."""
    if len(bounds) != 2:
        return None
    (a_low, a_high), (b_low, b_high) = bounds
    if kind in (z3.Z3_OP_GE, z3.Z3_OP_GT):
        kind = _MIRRORED[kind]
        (a_low, a_high), (b_low, b_high) = (b_low, b_high), (a_low, a_high)
    if kind == z3.Z3_OP_LE:
        return True if a_high <= b_low else False if a_low > b_high else None
    if kind == z3.Z3_OP_LT:
        return True if a_high < b_low else False if a_low >= b_high else None
    if kind in (z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT):
        if a_high < b_low or b_high < a_low:
            equal = False
        elif a_low == a_high == b_low == b_high:
            equal = True
        else:
            return None
        return equal if kind == z3.Z3_OP_EQ else not equal
    return None


def _bits(bounds: tuple[int, int]) -> int:
    """The width of the narrowest signed bit-vector that holds the interval."""
    low, high = bounds
    width = 2
    while not (-(1 << (width - 1)) <= low and high <= (1 << (width - 1)) - 1):
        width += 1
    return width


def _rebuild_comparison(e: z3.ExprRef, args: list[z3.ExprRef]) -> z3.BoolRef:
    kind = e.decl().kind()
    a, b = args
    if kind == z3.Z3_OP_EQ:
        return a == b
    if kind == z3.Z3_OP_DISTINCT:
        return a != b
    if kind == z3.Z3_OP_LE:
        return a <= b
    if kind == z3.Z3_OP_LT:
        return a < b
    if kind == z3.Z3_OP_GE:
        return a >= b
    return a > b


class _FormulaReader:
    """The reading of one formula: its terms and the definitions they need."""

    def __init__(self, reading: IntegerReading):
        self.reading = reading
        self.ctx = reading.ctx
        self.side: list[z3.BoolRef] = []
        self.ranges: list[z3.BoolRef] = []
        self.auxiliaries: list[z3.ArithRef] = []
        self._booleans: dict[int, z3.BoolRef] = {}
        self._values: dict[int, _Value] = {}
        self._normal: dict[tuple[int, bool], z3.ArithRef] = {}
        self._ranged: set[int] = set()

    def _fresh(self, prefix: str) -> z3.ArithRef:
        auxiliary = self.reading.fresh(prefix)
        self.auxiliaries.append(auxiliary)
        return auxiliary

    # --- Boolean structure --------------------------------------------------------------

    def boolean(self, e: z3.BoolRef) -> z3.BoolRef:
        key = e.get_id()
        done = self._booleans.get(key)
        if done is None:
            done = self._booleans[key] = self._boolean(e)
        return done

    def _boolean(self, e: z3.BoolRef) -> z3.BoolRef:
        if z3.is_true(e) or z3.is_false(e) or (z3.is_const(e) and not e.children()):
            return e
        kind = e.decl().kind()
        children = e.children()
        if kind == z3.Z3_OP_AND:
            return z3.And(*[self.boolean(c) for c in children])
        if kind == z3.Z3_OP_OR:
            return z3.Or(*[self.boolean(c) for c in children])
        if kind == z3.Z3_OP_NOT:
            return z3.Not(self.boolean(children[0]))
        if kind == z3.Z3_OP_IMPLIES:
            return z3.Implies(self.boolean(children[0]), self.boolean(children[1]))
        if kind == z3.Z3_OP_XOR:
            return z3.Xor(self.boolean(children[0]), self.boolean(children[1]))
        if kind == z3.Z3_OP_ITE:
            condition, then, other = children
            return z3.If(self.boolean(condition), self.boolean(then), self.boolean(other))
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF, z3.Z3_OP_DISTINCT):
            left, right = children[0], children[-1]
            if len(children) != 2:
                raise Unreadable("n-ary equality")
            if z3.is_bool(left):
                equal = self.boolean(left) == self.boolean(right)
            else:
                equal = self.equal(left, right)
            return z3.Not(equal) if kind == z3.Z3_OP_DISTINCT else equal
        comparison = _COMPARISONS.get(kind)
        if comparison is not None:
            signed, operator = comparison
            left = self.normal(self.value(children[0]), signed)
            right = self.normal(self.value(children[1]), signed)
            return operator(left, right)
        raise Unreadable(f"Boolean operator {e.decl().name()}")

    def equal(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        a, b = self.value(left), self.value(right)
        # equal words are equal in any window of their width: 1-bit ones in their own
        signed = a.width > 1
        return self.normal(a, signed) == self.normal(b, signed)

    # --- words --------------------------------------------------------------------------

    def normal(self, value: _Value, signed: bool) -> z3.ArithRef:
        """The value's term moved into the signed or unsigned window of its width."""
        low, high = (_signed_window if signed else _unsigned_window)(value.width)
        if low <= value.low and value.high <= high:
            return value.term
        # the low bits of a word share its term at a narrower width: the width is part
        # of the key ((unsigned char) x is x modulo 2^8, not x)
        key = (value.term.get_id(), signed, value.width)
        done = self._normal.get(key)
        if done is not None:
            return done
        modulus = 1 << value.width
        k_low = -((high - value.low) // modulus)  # ceil((value.low - high) / modulus)
        k_high = (value.high - low) // modulus
        if self.reading.case_split and k_high - k_low <= _MAX_CASES - 1:
            # few possible wraps: a case split on the term instead of an auxiliary with a
            # coefficient 2^w (Spacer's lemmas over those grow large); the conditions
            # compare the term itself, so the common case carries no 2^w
            normal = value.term - modulus * k_high
            for k in range(k_high - 1, k_low - 1, -1):
                normal = z3.If(value.term <= high + modulus * k, value.term - modulus * k, normal)
            # the term's range, as an auxiliary's range and window would bound it: without
            # it the reading without the words' ranges is weaker than that one, and Spacer
            # refuted it less often (s3_srvr_2 with cp: 24 -> 87 s)
            self.side += [
                value.term >= low + modulus * k_low,
                value.term <= high + modulus * k_high,
            ]
            self._normal[key] = normal
            return normal
        k = self._fresh("k")
        normal = value.term - modulus * k
        self.side += [k >= k_low, k <= k_high, normal >= low, normal <= high]
        self._normal[key] = normal
        return normal

    def value(self, e: z3.BitVecRef) -> _Value:
        key = e.get_id()
        done = self._values.get(key)
        if done is None:
            done = self._values[key] = self._value(e)
        return done

    def _value(self, e: z3.BitVecRef) -> _Value:
        ctx = self.ctx
        width = e.size()
        if z3.is_bv_value(e):
            signed = e.as_signed_long() if width > 1 else e.as_long()
            return _Value(z3.IntVal(signed, ctx), signed, signed, width)
        if z3.is_const(e):
            word = self.reading.word(e)
            low, high = _word_window(width)
            if e.get_id() not in self._ranged:
                self._ranged.add(e.get_id())
                self.ranges += [word >= low, word <= high]
            return _Value(word, low, high, width)
        kind = e.decl().kind()
        children = e.children()
        if kind == z3.Z3_OP_ITE:
            condition = self.boolean(children[0])
            then, other = self.value(children[1]), self.value(children[2])
            low, high = min(then.low, other.low), max(then.high, other.high)
            return _Value(z3.If(condition, then.term, other.term), low, high, width)
        if kind == z3.Z3_OP_BADD:
            parts = [self.value(c) for c in children]
            return _Value(
                z3.Sum([p.term for p in parts]),
                sum(p.low for p in parts),
                sum(p.high for p in parts),
                width,
            )
        if kind == z3.Z3_OP_BSUB:
            a, b = self.value(children[0]), self.value(children[1])
            return _Value(a.term - b.term, a.low - b.high, a.high - b.low, width)
        if kind == z3.Z3_OP_BNEG:
            a = self.value(children[0])
            return _Value(-a.term, -a.high, -a.low, width)
        if kind == z3.Z3_OP_BNOT:  # ~a == -a - 1
            a = self.value(children[0])
            return _Value(-a.term - 1, -a.high - 1, -a.low - 1, width)
        if kind == z3.Z3_OP_BMUL:
            factor, rest = 1, []
            for child in children:
                if z3.is_bv_value(child):
                    factor *= child.as_signed_long()
                else:
                    rest.append(child)
            if len(rest) != 1:
                raise Unreadable("product of two words")
            a = self.value(rest[0])
            bounds = (a.low * factor, a.high * factor)
            return _Value(a.term * factor, min(bounds), max(bounds), width)
        if kind == z3.Z3_OP_EXTRACT:
            high_bit, low_bit = e.params()
            a = self.value(children[0])
            if low_bit == 0:  # the low bits: the same integer, modulo 2^width
                return _Value(a.term, a.low, a.high, width)
            quotient = self._floor_division(self.normal(a, False), 1 << low_bit, a.width, False)
            return _Value(quotient, 0, (1 << (a.width - low_bit)) - 1, width)
        if kind in (z3.Z3_OP_ZERO_EXT, z3.Z3_OP_SIGN_EXT):
            a = self.value(children[0])
            signed = kind == z3.Z3_OP_SIGN_EXT
            low, high = (_signed_window if signed else _unsigned_window)(a.width)
            return _Value(self.normal(a, signed), low, high, width)
        if kind == z3.Z3_OP_CONCAT:
            total: z3.ArithRef | None = None
            low = high = 0
            for child in children:
                part = self.value(child)
                unsigned = self.normal(part, False)
                shifted = unsigned if total is None else total * (1 << part.width) + unsigned
                total = shifted
                low, high = 0, (high << part.width) | ((1 << part.width) - 1)
            assert total is not None
            return _Value(total, low, high, width)
        if kind == z3.Z3_OP_BAND:
            masks = [c for c in children if z3.is_bv_value(c)]
            words = [c for c in children if not z3.is_bv_value(c)]
            if len(masks) == 1 and len(words) == 1:
                mask = masks[0].as_long()
                if mask & (mask + 1) == 0:  # 2^k - 1: the low k bits
                    bits = mask.bit_length()
                    a = self.value(words[0])
                    if bits == 0:
                        return _Value(z3.IntVal(0, ctx), 0, 0, width)
                    narrow = _Value(a.term, a.low, a.high, bits)
                    return _Value(self.normal(narrow, False), 0, mask, width)
            raise Unreadable("bitwise and with a word or a mask that is not 2^k - 1")
        if kind in (z3.Z3_OP_BSHL, z3.Z3_OP_BLSHR, z3.Z3_OP_BASHR):
            amount = children[1]
            if not z3.is_bv_value(amount) or amount.as_long() >= width:
                raise Unreadable("shift by a word")
            shift = amount.as_long()
            a = self.value(children[0])
            if kind == z3.Z3_OP_BSHL:
                factor = 1 << shift
                return _Value(a.term * factor, a.low * factor, a.high * factor, width)
            signed = kind == z3.Z3_OP_BASHR
            low, high = (_signed_window if signed else _unsigned_window)(width)
            quotient = self._floor_division(self.normal(a, signed), 1 << shift, width, signed)
            return _Value(quotient, low >> shift, high >> shift, width)
        if kind in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUREM, z3.Z3_OP_BSDIV, z3.Z3_OP_BSREM):
            divisor = children[1]
            if not z3.is_bv_value(divisor) or divisor.as_long() == 0:
                raise Unreadable("division by a word")
            signed = kind in (z3.Z3_OP_BSDIV, z3.Z3_OP_BSREM)
            a = self.value(children[0])
            dividend = self.normal(a, signed)
            c = divisor.as_signed_long() if signed else divisor.as_long()
            low, high = (_signed_window if signed else _unsigned_window)(width)
            quotient, remainder = self._truncating_division(dividend, c, signed)
            if kind in (z3.Z3_OP_BUDIV, z3.Z3_OP_BSDIV):
                bound = max(abs(low), abs(high)) + 1
                return _Value(quotient, -bound, bound, width)
            return _Value(remainder, -abs(c), abs(c), width)
        raise Unreadable(f"bit-vector operator {e.decl().name()}")

    def _floor_division(self, dividend: z3.ArithRef, divisor: int, width: int, signed: bool):
        """``floor(dividend / divisor)`` for a positive constant, as a defined integer."""
        quotient = self._fresh("q")
        remainder = dividend - divisor * quotient
        self.side += [remainder >= 0, remainder <= divisor - 1]
        return quotient

    def _truncating_division(self, dividend: z3.ArithRef, divisor: int, signed: bool):
        """C's quotient and remainder (rounded toward zero) by a non-zero constant."""
        quotient = self._fresh("q")
        remainder = dividend - divisor * quotient
        bound = abs(divisor) - 1
        if signed:
            self.side += [
                z3.Implies(dividend >= 0, z3.And(remainder >= 0, remainder <= bound)),
                z3.Implies(dividend < 0, z3.And(remainder <= 0, remainder >= -bound)),
            ]
        else:
            self.side += [remainder >= 0, remainder <= bound]
        return quotient, remainder


_COMPARISONS = {
    z3.Z3_OP_SLEQ: (True, lambda a, b: a <= b),
    z3.Z3_OP_SLT: (True, lambda a, b: a < b),
    z3.Z3_OP_SGEQ: (True, lambda a, b: a >= b),
    z3.Z3_OP_SGT: (True, lambda a, b: a > b),
    z3.Z3_OP_ULEQ: (False, lambda a, b: a <= b),
    z3.Z3_OP_ULT: (False, lambda a, b: a < b),
    z3.Z3_OP_UGEQ: (False, lambda a, b: a >= b),
    z3.Z3_OP_UGT: (False, lambda a, b: a > b),
}


class AtomwiseReading:
    """Integer readings of pysmt formulas put together from their atoms' readings.

    The Boolean structure (``and``, ``or``, ``not``, ``=>``, ``<=>``) is rebuilt over
    the readings of the atoms beneath it; each atom is read once and each connective
    rebuilt once per run. Refinements and abstractions meet the same atoms again and
    again (the same block after the same abstraction is the same formula), and reading
    whole formulas each time cost more than solving them (22 s of a 90 s run on
    ``token_ring.13``). ``convert`` turns a pysmt formula into its Z3 bit-vector term.
    """

    def __init__(
        self,
        reading: IntegerReading,
        is_connective: Callable[[FNode], bool] | None = None,
    ):
        """``is_connective``: which nodes are rebuilt over their arguments' readings
        (default: every Boolean connective); any other node is read whole."""
        self.reading = reading
        self._is_connective = is_connective or _is_connective
        self._bodies: dict[FNode, z3.BoolRef] = {}

    def _post_order(
        self, formula: FNode, done: Container[FNode], visit: Callable[[FNode], None]
    ) -> None:
        """``visit`` each node under ``formula`` not in ``done``, arguments first (the
        order of the old fold over the And/Or skeleton); ``visit`` puts it in ``done``."""
        is_connective = self._is_connective
        stack = [formula]
        while stack:
            node = stack[-1]
            if node in done:
                stack.pop()
                continue
            if is_connective(node):
                pending = [arg for arg in node.args() if arg not in done]
                if pending:
                    stack.extend(pending)
                    continue
            visit(node)
            stack.pop()

    def body(self, formula: FNode, convert: Callable[[FNode], z3.BoolRef]) -> z3.BoolRef:
        """The body of the reading of ``formula`` (raises :class:`Unreadable`)."""
        bodies = self._bodies

        def visit(node: FNode) -> None:
            if self._is_connective(node):
                bodies[node] = _rebuild(node, [bodies[arg] for arg in node.args()])
            else:
                bodies[node] = self.reading.parts(convert(node))[0]

        self._post_order(formula, bodies, visit)
        return bodies[formula]

    def facts(
        self, formulas: Iterable[FNode], convert: Callable[[FNode], z3.BoolRef]
    ) -> tuple[list[z3.BoolRef], list[z3.BoolRef], list[z3.ArithRef]]:
        """The definitions, the word ranges and the auxiliaries of the readings of the
        atoms of ``formulas``, each once, in a fixed order (Spacer's run time depends
        on the order of its input; call :meth:`body` first)."""
        side: dict[int, z3.BoolRef] = {}
        ranges: dict[int, z3.BoolRef] = {}
        auxiliaries: list[z3.ArithRef] = []

        done: set[FNode] = set()

        def visit(node: FNode) -> None:
            done.add(node)
            if self._is_connective(node):
                return
            _, node_side, node_ranges, node_auxiliaries = self.reading.parts(convert(node))
            for fact in node_side:
                side[fact.get_id()] = fact
            for fact in node_ranges:
                ranges[fact.get_id()] = fact
            auxiliaries.extend(node_auxiliaries)

        for formula in formulas:
            self._post_order(formula, done, visit)
        return list(side.values()), list(ranges.values()), auxiliaries


def _is_connective(node: FNode) -> bool:
    return node.is_and() or node.is_or() or node.is_not() or node.is_implies() or node.is_iff()


def _rebuild(node: FNode, arguments: list[z3.BoolRef]) -> z3.BoolRef:
    if node.is_and():
        return z3.And(*arguments)
    if node.is_or():
        return z3.Or(*arguments)
    if node.is_not():
        return z3.Not(arguments[0])
    if node.is_implies():
        return z3.Implies(*arguments)
    return arguments[0] == arguments[1]
