"""Symbol tables of the C frontend and the resolution of pycparser types.

C has one namespace for ordinary identifiers (variables, functions, typedef names,
enumerators) and one for struct/union/enum tags, both block-scoped. :class:`Scopes`
keeps a stack of both; :meth:`Scopes.resolve_type` turns a pycparser type node into a
:mod:`cpa.cfa.types` type, defining struct tags and enumerators on the way.
"""

from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast

from cpa.cfa import c_types
from cpa.cfa.expressions import Variable
from cpa.cfa.types import (
    INT,
    UINT,
    ArrayType,
    CType,
    FunctionType,
    IntegerType,
    PointerType,
    StructType,
    VoidType,
)
from cpa.errors import InputError, UnsupportedFeature


@dataclass(frozen=True)
class TypedefName:
    type: CType


@dataclass(frozen=True)
class EnumConstant:
    value: int
    type: CType


@dataclass
class FunctionSymbol:
    name: str
    type: FunctionType
    has_body: bool


Symbol = Variable | TypedefName | EnumConstant | FunctionSymbol


class Scopes:
    """Block-structured symbol tables plus type resolution."""

    def __init__(self, file_name: str):
        self.file_name = file_name
        self.ordinary: list[dict[str, Symbol]] = [{}]
        self.tags: list[dict[str, CType]] = [{}]
        # struct definitions already resolved, by AST node (one node may be resolved
        # several times, e.g. for ``struct s {...} a, b;``)
        self._structs: dict[int, tuple[c_ast.Node, StructType]] = {}

    # --- scope handling -------------------------------------------------------------
    def push(self) -> None:
        self.ordinary.append({})
        self.tags.append({})

    def pop(self) -> None:
        self.ordinary.pop()
        self.tags.pop()

    @property
    def at_file_scope(self) -> bool:
        return len(self.ordinary) == 1

    def lookup(self, name: str) -> Symbol | None:
        for table in reversed(self.ordinary):
            symbol = table.get(name)
            if symbol is not None:
                return symbol
        return None

    def define(self, name: str, symbol: Symbol) -> None:
        self.ordinary[-1][name] = symbol

    def define_global(self, name: str, symbol: Symbol) -> None:
        self.ordinary[0][name] = symbol

    def in_current_scope(self, name: str) -> Symbol | None:
        return self.ordinary[-1].get(name)

    def lookup_tag(self, name: str) -> CType | None:
        for table in reversed(self.tags):
            found = table.get(name)
            if found is not None:
                return found
        return None

    # --- errors ---------------------------------------------------------------------
    def error(self, message: str, node: c_ast.Node | None) -> InputError:
        return InputError(message, self._file(node), _line(node))

    def unsupported(self, construct: str, node: c_ast.Node | None) -> UnsupportedFeature:
        return UnsupportedFeature(construct, self._file(node), _line(node))

    def _file(self, node: c_ast.Node | None) -> str:
        coord = getattr(node, "coord", None)
        if coord is not None and coord.file:
            return coord.file
        return self.file_name

    # --- types ----------------------------------------------------------------------
    def resolve_type(self, node: c_ast.Node) -> CType:
        """The type described by a pycparser type node (TypeDecl, PtrDecl, ...)."""
        if isinstance(node, c_ast.TypeDecl):
            return self.resolve_type(node.type)
        if isinstance(node, c_ast.Typename):
            return self.resolve_type(node.type)
        if isinstance(node, c_ast.PtrDecl):
            return PointerType(self.resolve_type(node.type))
        if isinstance(node, c_ast.ArrayDecl):
            element = self.resolve_type(node.type)
            length = None
            if node.dim is not None:
                length = self.constant_value(node.dim)
            return ArrayType(element, length)
        if isinstance(node, c_ast.FuncDecl):
            return self.function_type(node)
        if isinstance(node, c_ast.IdentifierType):
            return self._identifier_type(node)
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return self._struct_type(node)
        if isinstance(node, c_ast.Enum):
            self._define_enum(node)
            return INT
        raise self.error(f"unexpected type syntax {type(node).__name__}", node)

    def function_type(self, node: c_ast.FuncDecl) -> FunctionType:
        return_type = self.resolve_type(node.type)
        parameters: list[CType] = []
        variadic = False
        for param in node.args.params if node.args else ():
            if isinstance(param, c_ast.EllipsisParam):
                variadic = True
                continue
            if isinstance(param, c_ast.ID):  # K&R identifier list
                parameters.append(INT)
                continue
            param_type = self.resolve_type(param.type)
            if isinstance(param_type, VoidType) and getattr(param, "name", None) is None:
                continue
            parameters.append(self.parameter_type(param_type))
        return FunctionType(return_type, tuple(parameters), variadic)

    @staticmethod
    def parameter_type(ctype: CType) -> CType:
        """Parameters of array or function type are adjusted to pointers."""
        if isinstance(ctype, ArrayType):
            return PointerType(ctype.element)
        if isinstance(ctype, FunctionType):
            return PointerType(ctype)
        return ctype

    def _identifier_type(self, node: c_ast.IdentifierType) -> CType:
        names = node.names
        if len(names) == 1:
            symbol = self.lookup(names[0])
            if isinstance(symbol, TypedefName):
                return symbol.type
        found = c_types.base_type(names)
        if found is not None:
            return found
        for name in names:
            symbol = self.lookup(name)
            if isinstance(symbol, TypedefName):
                return symbol.type
        raise self.error(f"unknown type name '{' '.join(names)}'", node)

    def _struct_type(self, node: c_ast.Struct | c_ast.Union) -> CType:
        kind = "struct" if isinstance(node, c_ast.Struct) else "union"
        name = node.name
        if node.decls is None:
            if name is None:
                raise self.error(f"anonymous {kind} without fields", node)
            found = self.lookup_tag(name)
            if found is None:
                found = StructType(kind, name)
                self.tags[0 if self.at_file_scope else -1][name] = found
            return found
        cached = self._structs.get(id(node))
        if cached is not None:
            return cached[1]
        ctype = None
        if name is not None:
            ctype = self.tags[-1].get(name)
        if not isinstance(ctype, StructType) or ctype.fields is not None:
            ctype = StructType(kind, name)
            if name is not None:
                self.tags[-1][name] = ctype
        self._structs[id(node)] = (node, ctype)
        fields: list[tuple[str, CType]] = []
        for decl in node.decls:
            if not isinstance(decl, c_ast.Decl):
                continue
            fields.append((decl.name, self.resolve_type(decl.type)))  # type: ignore[arg-type]
        ctype.fields = fields
        return ctype

    def _define_enum(self, node: c_ast.Enum) -> None:
        if node.values is None:
            return
        value = 0
        for enumerator in node.values.enumerators:
            if enumerator.value is not None:
                value = self.constant_value(enumerator.value)
                if value is None:
                    raise self.error("enumerator value is not constant", enumerator)
            self.define(enumerator.name, EnumConstant(value, INT))
            value += 1
        if node.name is not None:
            self.tags[-1][node.name] = INT

    # --- constant expressions -------------------------------------------------------
    def constant_value(self, node: c_ast.Node) -> int | None:
        """Value of an integer constant expression, or None if it is not one."""
        try:
            return self._const(node)
        except (ZeroDivisionError, _NotConstant):
            return None

    def _const(self, node: c_ast.Node) -> int:
        if isinstance(node, c_ast.Constant):
            value = parse_constant(node.type, node.value)
            if isinstance(value[0], int):
                return value[0]
            raise _NotConstant
        if isinstance(node, c_ast.ID):
            symbol = self.lookup(node.name)
            if isinstance(symbol, EnumConstant):
                return symbol.value
            raise _NotConstant
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "sizeof":
                operand = node.expr
                if isinstance(operand, c_ast.Typename):
                    size = c_types.size_of(self.resolve_type(operand))
                    if size is not None:
                        return size
                raise _NotConstant
            value = self._const(node.expr)
            if node.op == "-":
                return -value
            if node.op == "+":
                return value
            if node.op == "~":
                return ~value
            if node.op == "!":
                return int(not value)
            raise _NotConstant
        if isinstance(node, c_ast.BinaryOp):
            left = self._const(node.left)
            if node.op == "&&":
                return int(bool(left) and bool(self._const(node.right)))
            if node.op == "||":
                return int(bool(left) or bool(self._const(node.right)))
            right = self._const(node.right)
            return fold_binary(node.op, left, right)
        if isinstance(node, c_ast.TernaryOp):
            return self._const(node.iftrue if self._const(node.cond) else node.iffalse)
        if isinstance(node, c_ast.Cast):
            value = self._const(node.expr)
            target = self.resolve_type(node.to_type)
            if isinstance(target, IntegerType):
                return wrap(value, target)
            return value
        raise _NotConstant


class _NotConstant(Exception):
    pass


def _line(node: c_ast.Node | None) -> int | None:
    coord = getattr(node, "coord", None)
    return coord.line if coord is not None else None


def fold_binary(op: str, left: int, right: int) -> int:
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "/":
        quotient = abs(left) // abs(right)
        return quotient if (left >= 0) == (right >= 0) else -quotient
    if op == "%":
        return left - right * fold_binary("/", left, right)
    if op == "<<":
        return left << right
    if op == ">>":
        return left >> right
    if op == "&":
        return left & right
    if op == "|":
        return left | right
    if op == "^":
        return left ^ right
    comparisons = {
        "==": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }
    if op in comparisons:
        return int(comparisons[op])
    raise _NotConstant


def wrap(value: int, ctype: IntegerType) -> int:
    """``value`` converted to the integer type ``ctype`` (two's complement)."""
    if ctype.name == "_Bool":
        return int(value != 0)
    bits = 8 * ctype.size
    value &= (1 << bits) - 1
    if ctype.signed and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


_ESCAPES = {
    "n": 10,
    "t": 9,
    "r": 13,
    "0": 0,
    "a": 7,
    "b": 8,
    "f": 12,
    "v": 11,
    "\\": 92,
    "'": 39,
    '"': 34,
    "?": 63,
}


def parse_constant(kind: str, text: str) -> tuple[int | str, CType]:
    """Value and type of a pycparser ``Constant``; floats and strings keep their text."""
    if kind == "char" or (text.startswith("'") or text[:2] in ("L'", "u'", "U'")):
        body = text[text.index("'") + 1 : -1]
        return _char_value(body), INT
    if kind == "string":
        return text, c_types.CHAR
    if kind in ("float", "double", "long double"):
        ctype = c_types.DOUBLE
        if text[-1] in "fF" and not text.lower().startswith("0x"):
            ctype = c_types.FLOAT
        elif text[-1] in "lL":
            ctype = c_types.LONGDOUBLE
        return text, ctype
    digits = text.rstrip("uUlL")
    suffix = text[len(digits) :].lower()
    if digits.lower().startswith("0x"):
        value = int(digits[2:], 16)
        decimal = False
    elif digits.lower().startswith("0b"):
        value = int(digits[2:], 2)
        decimal = False
    elif len(digits) > 1 and digits.startswith("0"):
        value = int(digits, 8)
        decimal = False
    else:
        value = int(digits)
        decimal = True
    return value, _integer_constant_type(value, suffix, decimal)


def _integer_constant_type(value: int, suffix: str, decimal: bool) -> CType:
    unsigned = "u" in suffix
    longs = suffix.count("l")
    candidates: list[IntegerType]
    if longs >= 2:
        candidates = [c_types.LONGLONG, c_types.ULONGLONG]
    elif longs == 1:
        candidates = [c_types.LONG, c_types.ULONG, c_types.LONGLONG, c_types.ULONGLONG]
    else:
        candidates = [INT, UINT, c_types.LONG, c_types.ULONG, c_types.LONGLONG]
        candidates.append(c_types.ULONGLONG)
    for candidate in candidates:
        if unsigned and candidate.signed:
            continue
        if decimal and not unsigned and not candidate.signed:
            continue
        bits = 8 * candidate.size - (1 if candidate.signed else 0)
        if value < 1 << bits:
            return candidate
    return c_types.ULONGLONG


def _char_value(body: str) -> int:
    if not body.startswith("\\"):
        return ord(body[0]) if body else 0
    escape = body[1:]
    if escape[:1] == "x":
        value = int(escape[1:], 16)
    elif escape[:1].isdigit():
        value = int(escape, 8)
    else:
        value = _ESCAPES.get(escape[:1], ord(escape[:1]) if escape else 0)
    return value - 256 if 128 <= value < 256 else value
