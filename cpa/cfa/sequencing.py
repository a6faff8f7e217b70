"""Unsequenced side effects: C11 6.5p2.

"If a side effect on a scalar object is unsequenced relative to either a different side
effect on the same scalar object or a value computation using the value of the same
scalar object, the behavior is undefined": ``i = i++``, ``a[i] = i++``, ``x++ + x``,
``f(x, x++)``. Compilers differ there, and gcc itself follows no rule a lowering could
copy (``a[c ? i : j] = i--`` evaluates the right side first, ``a[i & 3] = i--`` too),
so the frontend reports such an expression as unsupported instead of picking an order.

The check is gcc's ``-Wsequence-point`` in spirit: it follows named objects (variables
and their members, ``s.x``), not what pointers or array indices designate, so it finds
the common cases and misses some (missing one keeps the lowering's order, as before).
``&&``, ``||``, the comma operator and the first operand of ``?:`` are sequence
points; a call's body is indeterminately sequenced with the caller's evaluations (not
undefined), so only its arguments count; both arms of ``?:`` count (one of them runs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pycparser import c_ast

from cpa.cfa.c_types import MEASURING_OPERATORS

#: a named object: a variable and the members selected from it with ``.``
Key = tuple[str, ...]


@dataclass
class _Effects:
    """What an expression's evaluation reads and writes, unsequenced relative to the
    evaluation of a sibling operand; ``pending``: the writes that may still happen after
    its value is computed (none after a sequence point: a comma, ``&&``, ``||``, the
    condition of ``?:``, a call), which an assignment's store is unsequenced with."""

    reads: set[Key] = field(default_factory=set)
    writes: set[Key] = field(default_factory=set)
    pending: set[Key] = field(default_factory=set)

    def union(self, other: _Effects) -> _Effects:
        return _Effects(
            self.reads | other.reads, self.writes | other.writes, self.pending | other.pending
        )

    def settled(self) -> _Effects:
        """The effects once a sequence point follows them."""
        return _Effects(self.reads, self.writes)


class Unsequenced(Exception):
    """A full expression whose behaviour is undefined by C11 6.5p2."""

    def __init__(self, name: str, node: c_ast.Node):
        super().__init__(name)
        self.name = name
        self.node = node


def check_sequencing(node: c_ast.Node, storage: Callable[[Key], Key] | None = None) -> None:
    """Raise :class:`Unsequenced` if the full expression ``node`` modifies a named
    object and reads or modifies it again in an operand unsequenced with it.
    ``storage`` maps a named object to the one whose storage it is: the members of a
    union share theirs (``u.i`` and ``u.c`` are both ``u``)."""
    _Checker(storage or (lambda key: key)).effects(node)


def _overlap(a: Key, b: Key) -> bool:
    """Whether two named objects share storage: one contains the other."""
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


def _conflict(first: _Effects, second: _Effects, node: c_ast.Node) -> None:
    for written, other in ((first.writes, second), (second.writes, first)):
        for key in written:
            for touched in other.reads | other.writes:
                if _overlap(key, touched):
                    raise Unsequenced(".".join(key if len(key) <= len(touched) else touched), node)


def _name(node: c_ast.Node) -> Key | None:
    """The named object an lvalue designates, if it is one (``x``, ``s.x.y``)."""
    if isinstance(node, c_ast.ID):
        return (node.name,)
    if isinstance(node, c_ast.StructRef) and node.type == ".":
        base = _name(node.name)
        if base is not None and isinstance(node.field, c_ast.ID):
            return (*base, node.field.name)
    return None


class _Checker:
    """The reads and writes of expressions, with named objects mapped to their storage."""

    def __init__(self, storage: Callable[[Key], Key]):
        self.storage = storage

    def key(self, node: c_ast.Node) -> Key | None:
        """The named object whose storage an lvalue designates, if it is one (``x``,
        ``s.x.y``)."""
        name = _name(node)
        return None if name is None else self.storage(name)

    def lvalue(self, node: c_ast.Node) -> _Effects:
        """What evaluating ``node`` as an lvalue (its designation, not its value) reads."""
        if isinstance(node, c_ast.ID):
            return _Effects()
        if isinstance(node, c_ast.StructRef) and node.type == ".":
            return self.lvalue(node.name)
        return self.effects(node, value=False)

    def effects(self, node: c_ast.Node | None, value: bool = True) -> _Effects:
        """The reads and writes of evaluating ``node`` (for its value if ``value``, else
        only the operands that designate the object)."""
        if node is None:
            return _Effects()
        if isinstance(node, c_ast.ID):
            return _Effects({(node.name,)}) if value else _Effects()
        if isinstance(node, c_ast.Assignment):
            left, right = self.lvalue(node.lvalue), self.effects(node.rvalue)
            target = self.key(node.lvalue)
            if target is not None and node.op != "=":
                left = left.union(_Effects({target}))
            _conflict(left, right, node)
            both = left.union(right)
            if target is not None:  # the store is unsequenced with the operands' side effects
                _conflict(_Effects(writes={target}), _Effects(writes=both.pending), node)
                both = both.union(_Effects(writes={target}, pending={target}))
            return both
        if isinstance(node, c_ast.UnaryOp):
            if node.op in MEASURING_OPERATORS:
                return _Effects()  # not evaluated (a VLA operand aside)
            if node.op in ("++", "--", "p++", "p--"):
                target = self.key(node.expr)
                inner = self.lvalue(node.expr)
                if target is None:
                    return inner
                _conflict(_Effects(writes={target}), _Effects(writes=inner.pending), node)
                return inner.union(_Effects({target}, {target}, {target}))
            if node.op == "&":
                return self.lvalue(node.expr)
            return self.effects(node.expr)
        if isinstance(node, c_ast.BinaryOp):
            left, right = self.effects(node.left), self.effects(node.right)
            if node.op in ("&&", "||"):
                return left.settled().union(right)
            _conflict(left, right, node)
            return left.union(right)
        if isinstance(node, c_ast.TernaryOp):
            arms = self.effects(node.iftrue).union(self.effects(node.iffalse))
            return self.effects(node.cond).settled().union(arms)
        if isinstance(node, c_ast.ExprList):  # the comma operator
            combined = _Effects()
            for item in node.exprs:
                combined = combined.settled().union(self.effects(item))
            return combined
        if isinstance(node, c_ast.FuncCall):
            operands = [self.effects(node.name)]
            operands += [
                self.effects(argument) for argument in (node.args.exprs if node.args else [])
            ]
            combined = _Effects()
            for operand in operands:
                _conflict(combined, operand, node)
                combined = combined.union(operand)
            return combined.settled()  # the arguments' side effects come before the call
        if isinstance(node, c_ast.ArrayRef):
            array, index = self.effects(node.name), self.effects(node.subscript)
            _conflict(array, index, node)
            return array.union(index)
        if isinstance(node, c_ast.StructRef):
            key = self.key(node)
            if key is not None:
                return _Effects({key}) if value else _Effects()
            return self.effects(node.name)
        if isinstance(node, c_ast.Cast):
            return self.effects(node.expr)
        if isinstance(node, (c_ast.InitList, c_ast.CompoundLiteral)):
            # the elements of an initializer list are indeterminately sequenced (C11 6.7.9p23)
            combined = _Effects()
            for _, child in node.children():
                combined = combined.union(self.effects(child))
            return combined
        # constants, statement expressions (their statements are full expressions of their
        # own), type names
        return _Effects()
