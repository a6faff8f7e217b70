"""A witness' ``c_expression`` as conditions over the program's variables.

Assumption waypoints and invariants are C expressions evaluated in the scope of a
location. This reads the part of C that witnesses use: integer variables of the
function (or globals), integer constants, ``+ - * == != < <= > >=``, unary ``-`` and
``!``, parentheses and ``&&``, with C's usual arithmetic conversions. The result is a
list of conditions whose conjunction is the expression. Anything else, or a name that
is not one variable of that scope, is None: the caller must then treat the expression
as unknown, never guess.
"""

from __future__ import annotations

from pycparser import c_ast, c_parser

from cpa.cfa import c_types, integers
from cpa.cfa.expressions import (
    BinaryExpression,
    Expression,
    IntConstant,
    UnaryExpression,
    VariableRef,
)
from cpa.cfa.lowering import convert
from cpa.cfa.model import CFA, DeclarationEdge
from cpa.cfa.scopes import UnsupportedConstant, parse_constant
from cpa.cfa.types import INT, IntegerType
from cpa.errors import CpaError

_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_ARITHMETIC = ("+", "-", "*")


def conditions(text: str, cfa: CFA, function: str | None, line: int) -> list[Expression] | None:
    """The conjuncts of the C expression ``text`` at ``line`` of ``function`` (None:
    not read, see the module docstring)."""
    try:
        ast = c_parser.CParser().parse(f"void __cpa_witness(void) {{ ({text}); }}")
    except Exception:  # pycparser raises its own ParseError and, on odd input, others
        return None
    body = ast.ext[0].body.block_items
    if not body or len(body) != 1:
        return None
    scope = _Scope(cfa, function, line)
    result: list[Expression] = []
    if not _conjuncts(body[0], scope, result):
        return None
    return result


def _conjuncts(node: c_ast.Node, scope: _Scope, out: list[Expression]) -> bool:
    if isinstance(node, c_ast.BinaryOp) and node.op == "&&":
        return _conjuncts(node.left, scope, out) and _conjuncts(node.right, scope, out)
    value = _value(node, scope)
    if value is None:
        return False
    if not (isinstance(value, BinaryExpression) and value.operator in _COMPARISONS):
        value = BinaryExpression("!=", value, IntConstant(0, value.type), INT)
    out.append(value)
    return True


class _Scope:
    """The integer variables a name may mean at a location: the function's parameters
    and locals declared up to that line, then the globals; a name declared twice there
    (a shadowed block variable) is not read."""

    def __init__(self, cfa: CFA, function: str | None, line: int):
        self.cfa = cfa
        self.names: dict[str, list] = {}
        if function and function in cfa.functions:
            body = cfa.functions[function]
            for parameter in body.parameters:
                self.names.setdefault(parameter.c_name, []).append(parameter)
            for edge in body.edges():
                if isinstance(edge, DeclarationEdge) and edge.variable is not None:
                    if edge.line <= line:
                        self.names.setdefault(edge.variable.c_name, []).append(edge.variable)
        self.globals = {variable.c_name: variable for variable in cfa.global_variables}

    def lookup(self, name: str):
        local = {id(v): v for v in self.names.get(name, [])}
        if len(local) > 1:
            return None
        if local:
            return next(iter(local.values()))
        return self.globals.get(name)


def _value(node: c_ast.Node, scope: _Scope) -> Expression | None:
    if isinstance(node, c_ast.ID):
        variable = scope.lookup(node.name)
        if variable is None or not isinstance(variable.type, IntegerType):
            return None
        return VariableRef(variable, variable.type)
    if isinstance(node, c_ast.Constant):
        found = integer_constant(node, scope.cfa)
        return IntConstant(*found) if found is not None else None
    if isinstance(node, c_ast.UnaryOp):
        operand = _value(node.expr, scope)
        if operand is None:
            return None
        if node.op == "-":
            ctype = c_types.promote(operand.type)
            operand = convert(operand, ctype)
            if isinstance(operand, IntConstant):
                return IntConstant(integers.wrap(-operand.value, ctype), ctype)
            return UnaryExpression("-", operand, ctype)
        if node.op == "!":
            return BinaryExpression("==", operand, IntConstant(0, operand.type), INT)
        return None
    if isinstance(node, c_ast.BinaryOp) and node.op in _COMPARISONS + _ARITHMETIC:
        left, right = _value(node.left, scope), _value(node.right, scope)
        if left is None or right is None:
            return None
        common = c_types.arithmetic_type(left.type, right.type)
        left, right = convert(left, common), convert(right, common)
        result_type = INT if node.op in _COMPARISONS else common
        return BinaryExpression(node.op, left, right, result_type)
    return None


def integer_constant(node: c_ast.Constant, cfa: CFA) -> tuple[int, IntegerType] | None:
    """The value and C type of an integer or character constant, as the frontend
    reads one in the program (C11 6.4.4.1 under the program's data model); None for
    other constants and for those the frontend does not read."""
    try:
        value, ctype = parse_constant(node.type, node.value, cfa.data_model)
    except (CpaError, UnsupportedConstant, ValueError):
        return None
    if not isinstance(value, int) or not isinstance(ctype, IntegerType):
        return None
    return value, ctype
