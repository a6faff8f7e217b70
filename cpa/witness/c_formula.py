"""A witness' C expression as a bit-vector formula over the program's variables.

Invariants are C expressions with arbitrary Boolean structure; this reads them into
the formulas the predicate analysis uses (uninstantiated SSA names, ``main::x#32``),
with C's semantics under gcc on x86 and the program's data model: integer variables
in scope, integer constants (suffixes ``U``, ``L``, ``LL``), casts to integer types,
unary ``- ~ !``, ``+ - * & | ^``, shifts by a constant, comparisons, ``&& || ?:``, and
the usual arithmetic conversions (signed arithmetic wraps, as the analysis assumes:
``-fwrapv``). Division, memory, floating point, calls: not read (None), never guessed.
"""

from __future__ import annotations

from pycparser import c_ast, c_parser
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
    BVSExt,
    BVSub,
    BVXor,
    BVZExt,
    Equals,
    Ite,
    Not,
    NotEquals,
    Or,
)

from cpa.cfa import c_types
from cpa.cfa.model import CFA
from cpa.cfa.types import INT, IntegerType
from cpa.witness.c_expression import _Scope, integer_constant
from cpa_predicate.ssa import ssa_name, symbol

_COMPARE = {"<", "<=", ">", ">=", "==", "!="}


class _Unreadable(Exception):
    pass


def c_formula(text: str, cfa: CFA, function: str | None, line: int) -> FNode | None:
    """The formula of the C expression ``text`` at ``line`` of ``function`` (None:
    not read, see the module docstring)."""
    try:
        ast = c_parser.CParser().parse(f"void __cpa_witness(void) {{ ({text}); }}")
    except Exception:  # pycparser's ParseError, or worse on odd input
        return None
    items = ast.ext[0].body.block_items
    if not items or len(items) != 1:
        return None
    reader = _Reader(cfa, _Scope(cfa, function, line))
    try:
        return reader.truth(items[0])
    except (_Unreadable, TypeError, ValueError):
        return None


class _Reader:
    def __init__(self, cfa: CFA, scope: _Scope):
        self.cfa = cfa
        self.model = cfa.data_model
        self.scope = scope

    # -- Boolean level ---------------------------------------------------------------
    def truth(self, node: c_ast.Node) -> FNode:
        if isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
            left, right = self.truth(node.left), self.truth(node.right)
            return And(left, right) if node.op == "&&" else Or(left, right)
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            return Not(self.truth(node.expr))
        if isinstance(node, c_ast.BinaryOp) and node.op in _COMPARE:
            return self._compare(node)
        if isinstance(node, c_ast.TernaryOp):
            return Ite(self.truth(node.cond), self.truth(node.iftrue), self.truth(node.iffalse))
        term, ctype = self.value(node)
        return NotEquals(term, BV(0, ctype.bits))

    def _compare(self, node: c_ast.BinaryOp) -> FNode:
        (left, left_type), (right, right_type) = self.value(node.left), self.value(node.right)
        common = c_types.arithmetic_type(left_type, right_type)
        left, right = self.convert(left, left_type, common), self.convert(right, right_type, common)
        op = node.op
        if op == "==":
            return Equals(left, right)
        if op == "!=":
            return NotEquals(left, right)
        signed = {"<": BVSLT, "<=": BVSLE, ">": BVSGT, ">=": BVSGE}
        unsigned = {"<": BVULT, "<=": BVULE, ">": BVUGT, ">=": BVUGE}
        return (signed if common.signed else unsigned)[op](left, right)

    # -- values -------------------------------------------------------------------------
    def value(self, node: c_ast.Node) -> tuple[FNode, IntegerType]:
        if isinstance(node, c_ast.ID):
            variable = self.scope.lookup(node.name)
            if variable is None or not isinstance(variable.type, IntegerType):
                raise _Unreadable(node.name)
            return symbol(ssa_name(variable.name, variable.type.bits)), variable.type
        if isinstance(node, c_ast.Constant):
            return self._constant(node)
        if isinstance(node, c_ast.Cast):
            target = self._type(node.to_type)
            term, ctype = self.value(node.expr)
            return self.convert(term, ctype, target), target
        if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "~", "+"):
            term, ctype = self.value(node.expr)
            promoted = c_types.promote(ctype)
            term = self.convert(term, ctype, promoted)
            if node.op == "-":
                term = BVNeg(term)
            elif node.op == "~":
                term = BVNot(term)
            return term, promoted
        if isinstance(node, (c_ast.BinaryOp, c_ast.UnaryOp, c_ast.TernaryOp)) and (
            getattr(node, "op", None) in _COMPARE | {"&&", "||", "!"}
            or isinstance(node, c_ast.TernaryOp)
        ):
            if isinstance(node, c_ast.TernaryOp):
                (yes, yes_type), (no, no_type) = self.value(node.iftrue), self.value(node.iffalse)
                common = c_types.arithmetic_type(yes_type, no_type)
                yes, no = self.convert(yes, yes_type, common), self.convert(no, no_type, common)
                return Ite(self.truth(node.cond), yes, no), common
            return Ite(self.truth(node), BV(1, 32), BV(0, 32)), INT
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*", "&", "|", "^"):
            (left, left_type), (right, right_type) = self.value(node.left), self.value(node.right)
            common = c_types.arithmetic_type(left_type, right_type)
            left = self.convert(left, left_type, common)
            right = self.convert(right, right_type, common)
            operation = {"+": BVAdd, "-": BVSub, "*": BVMul, "&": BVAnd, "|": BVOr, "^": BVXor}
            return operation[node.op](left, right), common
        if isinstance(node, c_ast.BinaryOp) and node.op in ("<<", ">>"):
            left, left_type = self.value(node.left)
            promoted = c_types.promote(left_type)
            left = self.convert(left, left_type, promoted)
            amount, _ = self.value(node.right)
            if not amount.is_bv_constant() or amount.constant_value() >= promoted.bits:
                raise _Unreadable("shift by a variable or too far")
            count = BV(amount.constant_value(), promoted.bits)
            if node.op == "<<":
                return BVLShl(left, count), promoted
            return (BVAShr if promoted.signed else BVLShr)(left, count), promoted
        raise _Unreadable(type(node).__name__)

    def convert(self, term: FNode, source: IntegerType, target: IntegerType) -> FNode:
        """C's conversion of a value of ``source`` to ``target`` (modulo, as gcc)."""
        if target.name == "_Bool" and source.name != "_Bool":
            return Ite(NotEquals(term, BV(0, term.bv_width())), BV(1, 1), BV(0, 1))
        have, want = term.bv_width(), target.bits
        if have == want:
            return term
        if have > want:
            return BVExtract(term, 0, want - 1)
        if source.signed:
            return BVSExt(term, want - have)
        return BVZExt(term, want - have)

    def _constant(self, node: c_ast.Constant) -> tuple[FNode, IntegerType]:
        found = integer_constant(node, self.cfa)
        if found is None:
            raise _Unreadable(node.value)
        value, ctype = found
        return BV(value % (1 << ctype.bits), ctype.bits), ctype

    def _type(self, typename: c_ast.Typename) -> IntegerType:
        declaration = typename.type
        if not isinstance(declaration, c_ast.TypeDecl) or not isinstance(
            declaration.type, c_ast.IdentifierType
        ):
            raise _Unreadable("a cast to a non-integer type")
        ctype = c_types.base_type(declaration.type.names, self.model)
        if not isinstance(ctype, IntegerType) or ctype.bits > 64:
            raise _Unreadable(" ".join(declaration.type.names))
        return ctype
