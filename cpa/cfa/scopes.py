"""Symbol tables of the C frontend and the resolution of pycparser types.

C has one namespace for ordinary identifiers (variables, functions, typedef names,
enumerators) and one for struct/union/enum tags, both block-scoped. :class:`Scopes`
keeps a stack of both; :meth:`Scopes.resolve_type` turns a pycparser type node into a
:mod:`cpa.cfa.types` type, defining struct tags and enumerators on the way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pycparser import c_ast

from cpa.cfa import builtins, c_types, integers
from cpa.cfa.attributes import LAYOUT_PRAGMAS, PACKED_MARKER, pragma_text
from cpa.cfa.data_model import DEFAULT, DataModel
from cpa.cfa.expressions import Expression, IntConstant, Variable
from cpa.cfa.types import (
    ANONYMOUS_MEMBER_PREFIX,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LONGLONG,
    UINT,
    ULONGLONG,
    USHORT,
    ArrayType,
    CType,
    FloatType,
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

    def __init__(self, file_name: str, model: DataModel = DEFAULT):
        self.file_name = file_name
        self.model = model
        self.ordinary: list[dict[str, Symbol]] = [{}]
        self.tags: list[dict[str, CType]] = [{}]
        # struct definitions already resolved, by AST node (one node may be resolved
        # several times, e.g. for ``struct s {...} a, b;``)
        self._structs: dict[int, tuple[c_ast.Node, StructType]] = {}
        #: ``#pragma pack``: the value in effect (None: none) and the pushed ones
        self.pack: int | None = None
        self._packs: list[int | None] = []
        #: how many function declarators' parameters are being resolved
        self._prototype_depth = 0
        #: an expression lowered without its side effects, for ``typeof (expression)``
        #: and ``sizeof expression`` in a constant: set by the function lowering that
        #: resolves a type (expressions are typed and measured by lowering them)
        self.unevaluated: Callable[[c_ast.Node], Expression] | None = None

    def pragma(self, node: c_ast.Pragma) -> None:
        """A ``#pragma`` at file scope: ``pack`` changes the layout of the structs
        defined after it (gcc's forms ``pack(N)``, ``pack()``, ``pack(push[, N])``,
        ``pack(pop)``); the others change nothing modelled (the preprocessor refused
        the ones that would)."""
        text = pragma_text(node)
        if text.split(" ")[0] in LAYOUT_PRAGMAS:  # as _Pragma("...") the text passed them
            raise UnsupportedFeature(f"#pragma {text}", *self._where(node))
        if not text.startswith("pack"):
            return
        inner = text[len("pack") :].strip()
        if not (inner.startswith("(") and inner.endswith(")")):
            raise UnsupportedFeature(f"#pragma {text}", *self._where(node))
        args = [arg.strip() for arg in inner[1:-1].split(",")] if inner[1:-1].strip() else []
        operation = args[0] if args and args[0] in ("push", "pop") else None
        values = args[1:] if operation else args
        if len(values) > 1 or (operation == "pop" and values):
            raise UnsupportedFeature(f"#pragma {text}", *self._where(node))
        if values and values[0] not in ("1", "2", "4", "8", "16"):
            raise UnsupportedFeature(f"#pragma {text}", *self._where(node))
        if operation == "pop":
            self.pack = self._packs.pop() if self._packs else None
            return
        if operation == "push":
            self._packs.append(self.pack)
        if values:
            self.pack = int(values[0])
        elif operation is None:
            self.pack = None  # pack(): the default

    def _where(self, node: c_ast.Node) -> tuple[str, int | None]:
        coord = node.coord
        return (coord.file or self.file_name, coord.line) if coord else (self.file_name, None)

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
            return _qualified(self.resolve_type(node.type), node.quals)
        if isinstance(node, c_ast.Typename):
            return _qualified(self.resolve_type(node.type), node.quals)
        if isinstance(node, c_ast.PtrDecl):
            return _qualified(PointerType(self.resolve_type(node.type)), node.quals)
        if isinstance(node, c_ast.ArrayDecl):
            element = self.resolve_type(node.type)
            length = None
            if node.dim is not None:
                length = self.constant_value(node.dim)
                if length is None and not self._prototype_depth:
                    # a variably modified type: its size is evaluated where the type
                    # is (a declaration, a cast, a typedef, a parameter on entry),
                    # with whatever that does, and must be positive (C11 6.7.6.2p5)
                    raise self.unsupported(
                        "variably modified type (an array size that is not a constant)",
                        node.dim,
                    )
                if length is not None and length < 0:  # C11 6.7.6.2p1; gcc rejects it
                    raise self.error(f"array size {length} is negative", node.dim)
            return ArrayType(element, length)
        if isinstance(node, c_ast.FuncDecl):
            return self.function_type(node)
        if isinstance(node, c_ast.IdentifierType):
            return self._identifier_type(node)
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return self._struct_type(node)
        if isinstance(node, c_ast.Enum):
            return self._enum_type(node)
        if isinstance(node, c_ast.TypeOf):
            return self._typeof_type(node)
        raise self.error(f"unexpected type syntax {type(node).__name__}", node)

    def _typeof_type(self, node: c_ast.TypeOf) -> CType:
        """GNU ``typeof``: the type named, or the type of the expression, which is not
        evaluated (only a variably modified type would be, and VLAs are refused)."""
        if isinstance(node.expr, c_ast.Typename):
            return self.resolve_type(node.expr)
        if self.unevaluated is None:
            raise self.unsupported("typeof of an expression outside a declaration", node)
        found = self.unevaluated(node.expr).type
        if c_types.is_bit_field(found):
            raise self.error("'typeof' applied to a bit-field", node)
        return found

    def function_type(self, node: c_ast.FuncDecl) -> FunctionType:
        """The type of a function declarator. Its parameters are in prototype scope,
        where an array size that is not a constant is never evaluated (it stands for
        ``[*]``, C11 6.7.6.2p5); a definition's own parameters are resolved again,
        where it is (the lowering of the function)."""
        return_type = self.resolve_type(node.type)
        self._prototype_depth += 1
        try:
            return FunctionType(return_type, *self._parameter_types(node))
        finally:
            self._prototype_depth -= 1

    def _parameter_types(self, node: c_ast.FuncDecl) -> tuple[tuple[CType, ...], bool]:
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
        return tuple(parameters), variadic

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
        try:
            found = c_types.base_type(names, self.model)
        except c_types.ComplexType:
            raise self.unsupported("complex types (_Complex)", node) from None
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
        ctype.pack = self.pack
        self._structs[id(node)] = (node, ctype)
        fields: list[tuple[str, CType]] = []
        for decl in node.decls:
            if isinstance(decl, c_ast.Pragma) and pragma_text(decl).startswith("pack"):
                raise UnsupportedFeature(
                    f"#pragma {decl.string} inside a {kind}", *self._where(decl)
                )
            if not isinstance(decl, c_ast.Decl):
                continue
            if decl.name == PACKED_MARKER:  # __attribute__((packed)) on the type
                ctype.pack = 1
                continue
            field_type = self.resolve_type(decl.type)
            name = decl.name
            if decl.bitsize is not None:
                width = self._bit_field_width(decl, field_type)
                ctype.bit_fields[name or f"<unnamed {len(fields)}>"] = width
                field_type = c_types.bit_field_type(field_type, width)
            elif name is None:
                if not _is_anonymous_member(decl):
                    continue  # gcc: "declaration does not declare anything" (a tag)
                name = f"{ANONYMOUS_MEMBER_PREFIX}{len(fields)}"
            fields.append((name, field_type))  # type: ignore[arg-type]
        ctype.fields = fields
        self._check_member_names(ctype, node)
        return ctype

    def _check_member_names(self, ctype: StructType, node: c_ast.Node) -> None:
        """gcc's error for a name that two members share, the members of anonymous
        members included."""
        seen: set[str] = set()
        for name in c_types.member_names(ctype):
            if name in seen:
                raise self.error(f"duplicate member '{name}'", node)
            seen.add(name)

    def _bit_field_width(self, decl: c_ast.Decl, declared: CType) -> int:
        """The width of a bit-field member; gcc's errors are bad input."""
        what = f"bit-field '{decl.name}'" if decl.name else "unnamed bit-field"
        if not isinstance(declared, IntegerType):
            raise self.error(f"{what} has invalid type", decl)
        width = self.constant_value(decl.bitsize)
        if width is None:
            raise self.error(f"{what} width not an integer constant", decl)
        if width < 0:
            raise self.error(f"negative width in {what}", decl)
        if width > declared.bits:
            raise self.error(f"width of {what} exceeds its type", decl)
        if width == 0 and decl.name:
            raise self.error(f"zero width for {what}", decl)
        return width

    def _enum_type(self, node: c_ast.Enum) -> CType:
        """Define the enumerators; the type is gcc's: ``unsigned int`` when no value is
        negative, else ``int`` (wider types when the values need them)."""
        if node.values is None:
            found = self.lookup_tag(node.name) if node.name is not None else None
            return found if isinstance(found, IntegerType) else UINT
        value = 0
        values = []
        for enumerator in node.values.enumerators:
            if enumerator.value is not None:
                value = self.constant_value(enumerator.value)
                if value is None and _has_floating_constant(enumerator.value):
                    # valid C ((int) 2.5 is an integer constant expression) we do not fold
                    raise self.unsupported(
                        "floating-point constant in an enumerator value", enumerator
                    )
                if value is None:
                    raise self.error("enumerator value is not constant", enumerator)
            elif values and values[-1] in _ENUM_OVERFLOW_POINTS:
                # gcc counts on in the previous enumerator's type: past INT_MAX an error
                raise self.error("overflow in enumeration values", enumerator)
            values.append(value)
            # an enumeration constant is an int (gcc: a wider type if it does not fit)
            self.define(enumerator.name, EnumConstant(value, _enum_constant_type(value)))
            value += 1
        low, high = min(values, default=0), max(values, default=0)
        candidates = [UINT, INT, ULONGLONG, LONGLONG] if low >= 0 else [INT, LONGLONG]
        ctype = next(
            (t for t in candidates if t.min_value <= low and high <= t.max_value), LONGLONG
        )
        if node.name is not None:
            self.tags[-1][node.name] = ctype
        return ctype

    # --- constant expressions -------------------------------------------------------
    def static_assert(self, node: c_ast.StaticAssert) -> None:
        """``_Static_assert(c, "message")``: a program whose assertion fails is not a C
        program (C11 6.7.10p2; gcc rejects it), one whose condition is not folded here
        is not analysed."""
        value = self.constant_value(node.cond)
        if value is None:
            raise self.unsupported("_Static_assert of a condition not folded here", node)
        if value == 0:
            message = node.message.value if isinstance(node.message, c_ast.Constant) else ""
            raise InputError(f"static assertion failed {message}".rstrip(), *self._where(node))

    def constant_value(self, node: c_ast.Node) -> int | None:
        """Value of an integer constant expression, or None if it is not one."""
        try:
            return self.constant(node)[0]
        except (integers.UndefinedOperation, _NotConstant):
            return None

    def constant(self, node: c_ast.Node) -> tuple[int, IntegerType]:
        """Value and type of an integer constant expression (array sizes, enumerator
        values, case labels), computed with C's conversions. Raises ``_NotConstant``
        or :class:`~cpa.cfa.integers.UndefinedOperation`."""
        if isinstance(node, c_ast.Constant):
            try:
                value, ctype = parse_constant(node.type, node.value, self.model)
            except UnsupportedConstant as construct:
                raise self.unsupported(str(construct), node) from None
            if isinstance(value, int) and isinstance(ctype, IntegerType):
                return value, ctype
            raise _NotConstant
        if isinstance(node, c_ast.ID):
            symbol = self.lookup(node.name)
            if isinstance(symbol, EnumConstant) and isinstance(symbol.type, IntegerType):
                return symbol.value, symbol.type
            raise _NotConstant
        if isinstance(node, c_ast.UnaryOp):
            if node.op in c_types.MEASURING_OPERATORS:
                operand = node.expr
                if isinstance(operand, c_ast.Typename):
                    size = c_types.measure_type(node.op, self.resolve_type(operand), self.model)
                    if size is not None:
                        return size, self.model.size_t
                elif self.unevaluated is not None:  # in a declaration: measured by lowering
                    measured = self.unevaluated(node)
                    if isinstance(measured, IntConstant):
                        return measured.value, self.model.size_t
                raise _NotConstant
            value, ctype = self.constant(node.expr)
            if node.op == "!":
                return int(value == 0), INT
            promoted = c_types.promote(ctype)
            if node.op in ("-", "+", "~") and isinstance(promoted, IntegerType):
                return integers.unary(node.op, value, promoted), promoted
            raise _NotConstant
        if isinstance(node, c_ast.BinaryOp):
            left = self.constant(node.left)
            if node.op in ("&&", "||"):
                if (node.op == "&&") != bool(left[0]):
                    return int(node.op == "||"), INT
                return int(self.constant(node.right)[0] != 0), INT
            return fold_binary(node.op, left, self.constant(node.right))
        if isinstance(node, c_ast.TernaryOp):
            condition = self.constant(node.cond)[0]
            true, false = self.constant(node.iftrue), self.constant(node.iffalse)
            common = c_types.arithmetic_type(true[1], false[1])
            assert isinstance(common, IntegerType)
            chosen = true if condition else false
            return integers.wrap(chosen[0], common), common
        if isinstance(node, c_ast.Cast):
            value, _ = self.constant(node.expr)
            target = self.resolve_type(node.to_type)
            if isinstance(target, IntegerType):
                return integers.wrap(value, target), target
            raise _NotConstant
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            return self._folded_builtin(node, node.name.name)
        raise _NotConstant

    def _folded_builtin(self, node: c_ast.FuncCall, name: str) -> tuple[int, IntegerType]:
        """gcc's bit counts and byte swaps of integer constants, which gcc folds into
        integer constant expressions (``enum { E = __builtin_popcount(7) }``)."""
        arguments = node.args.exprs if node.args is not None else []
        if len(arguments) != 1 or isinstance(self.lookup(name), Variable):
            raise _NotConstant
        bit_count = builtins.bit_count_builtin(name)
        if bit_count is not None:
            operation, suffix = bit_count
            unsigned, _ = builtins.bit_count_types(suffix, self.model)
            word = integers.wrap(self.constant(arguments[0])[0], unsigned)
            lowest = (word & -word).bit_length()  # 1 + the lowest set bit's position; 0 for 0
            if operation in ("clz", "ctz") and word == 0:
                # gcc folds it to a value of its own choosing
                raise self.unsupported(f"{name} of 0 in a constant expression", node)
            value = {
                "popcount": word.bit_count(),
                "parity": word.bit_count() & 1,
                "ffs": lowest,
                "clz": 8 * unsigned.size - word.bit_length(),
                "ctz": lowest - 1,
            }[operation]
            return value, INT
        if name in builtins.BYTE_SWAPS:
            unsigned = builtins.BYTE_SWAPS[name]
            word = integers.wrap(self.constant(arguments[0])[0], unsigned)
            return int.from_bytes(word.to_bytes(unsigned.size, "little"), "big"), unsigned
        absolute = {"__builtin_abs": INT, "__builtin_labs": self.model.long}.get(name)
        if name == "__builtin_llabs":
            absolute = LONGLONG
        if absolute is not None:
            value = integers.wrap(self.constant(arguments[0])[0], absolute)
            if value == absolute.min_value:
                raise self.unsupported(f"{name} of the minimum in a constant expression", node)
            return abs(value), absolute
        if name.startswith("__builtin_"):
            # gcc folds more of its builtins than these; not bad input
            raise self.unsupported(f"{name} in a constant expression", node)
        raise _NotConstant


class _NotConstant(Exception):
    pass


def _is_anonymous_member(decl: c_ast.Decl) -> bool:
    """Whether a member declaration without a name is an anonymous struct or union
    (C11 6.7.2.1p13: one without a tag); a tag or a typedef name alone declares no
    member (gcc warns and drops it)."""
    return isinstance(decl.type, (c_ast.Struct, c_ast.Union)) and decl.type.name is None


def _line(node: c_ast.Node | None) -> int | None:
    coord = getattr(node, "coord", None)
    return coord.line if coord is not None else None


def declares_constant(declarator: c_ast.Node) -> bool:
    """Whether a declaration's type (a pycparser declarator) makes the declared object
    itself ``const`` (``const int c``, ``const int a[2]``, ``int *const p``; not
    ``const int *p``, whose object is a pointer to constants)."""
    while isinstance(declarator, c_ast.ArrayDecl):
        declarator = declarator.type
    if isinstance(declarator, (c_ast.TypeDecl, c_ast.PtrDecl)):
        return "const" in (declarator.quals or [])
    return False


def _qualified(ctype: CType, quals: list[str] | None) -> CType:
    """``ctype`` with an ``_Atomic`` qualifier applied (the only one that matters here:
    it can change the alignment)."""
    if not quals or "_Atomic" not in quals:
        return ctype
    if isinstance(ctype, (IntegerType, FloatType, PointerType)):
        return type(ctype)(**{**ctype.__dict__, "atomic": True})
    if isinstance(ctype, StructType):
        return StructType(
            ctype.kind, ctype.name, ctype.fields, ctype.bit_fields, atomic=True, pack=ctype.pack
        )
    return ctype


def _has_floating_constant(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.Constant) and node.type in ("float", "double", "long double"):
        return True
    return any(_has_floating_constant(child) for _, child in node.children())


#: values after which an enumerator without its own value does not fit (gcc: an error)
_ENUM_OVERFLOW_POINTS = frozenset([INT.max_value, LONGLONG.max_value, ULONGLONG.max_value])


def _enum_constant_type(value: int) -> IntegerType:
    for ctype in (INT, UINT, LONGLONG, ULONGLONG):
        if ctype.min_value <= value <= ctype.max_value:
            return ctype
    return ULONGLONG


def fold_binary(
    op: str, left: tuple[int, IntegerType], right: tuple[int, IntegerType]
) -> tuple[int, IntegerType]:
    """``left op right`` on typed constants, with the conversions C applies first.

    Raises :class:`~cpa.cfa.integers.UndefinedOperation` for an operation C leaves
    undefined (then nothing is folded) and ``_NotConstant`` for an unknown operator.
    """
    (a, a_type), (b, b_type) = left, right
    if op in ("<<", ">>"):
        promoted, count_type = c_types.promote(a_type), c_types.promote(b_type)
        assert isinstance(promoted, IntegerType) and isinstance(count_type, IntegerType)
        return integers.binary(op, a, b, promoted, count_type), promoted
    if op not in integers.ARITHMETIC_OPERATORS and op not in integers.COMPARISON_OPERATORS:
        raise _NotConstant
    common = c_types.arithmetic_type(a_type, b_type)
    assert isinstance(common, IntegerType)
    a, b = integers.wrap(a, common), integers.wrap(b, common)
    if op in integers.COMPARISON_OPERATORS:
        return integers.compare(op, a, b), INT
    return integers.binary(op, a, b, common, common), common


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


def parse_constant(kind: str, text: str, model: DataModel = DEFAULT) -> tuple[int | str, CType]:
    """Value and type of a pycparser ``Constant``; floats and strings keep their text."""
    if kind == "char" or (text.startswith("'") or text[:2] in ("L'", "u'", "U'")):
        prefix, body = text[: text.index("'")], text[text.index("'") + 1 : -1]
        if prefix in ("L", "u", "U"):  # one code point of the prefix's type
            element = {"L": model.wchar, "u": USHORT, "U": UINT}[prefix]
            units = _wide_units(body, element, prefix == "u")
            if len(units) != 1:  # gcc: too long for its type, or more than one
                raise UnsupportedConstant(f"character constant {text}")
            return integers.wrap(units[0], element), element
        value = _char_value(body, False)
        if len(char_units(body)) > 1:  # a multi-character constant
            return integers.wrap(value, INT), INT
        return integers.wrap(value, c_types.CHAR), INT  # an int of a (signed) char's value
    if kind == "string":
        return text, c_types.CHAR
    if kind in ("float", "double", "long double"):
        ctype: CType = DOUBLE
        if text[-1] in "fF":  # in a hex float too: its exponent ends in digits
            ctype = FLOAT
        elif text[-1] in "lL":
            ctype = model.long_double
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
    ctype = _integer_constant_type(value, suffix, decimal, model)
    if ctype is None and decimal and "u" not in suffix and value <= ULONGLONG.max_value:
        # no standard type holds it: gcc gives it __int128 (LP64) or warns
        raise UnsupportedConstant(f"integer constant {text} too large for long long")
    if ctype is None:
        raise InputError(f"integer constant {text} is too large for any integer type")
    return value, ctype


def _integer_constant_type(
    value: int, suffix: str, decimal: bool, model: DataModel
) -> IntegerType | None:
    """The first type of C11 6.4.4.1's list for the suffix that can represent ``value``
    (None if none does: a decimal constant without ``u`` never becomes unsigned)."""
    unsigned = "u" in suffix
    longs = suffix.count("l")
    long, ulong = model.long, model.unsigned_long
    candidates: list[IntegerType]
    if longs >= 2:
        candidates = [LONGLONG, ULONGLONG]
    elif longs == 1:
        candidates = [long, ulong, LONGLONG, ULONGLONG]
    else:
        candidates = [INT, UINT, long, ulong, LONGLONG, ULONGLONG]
    for candidate in candidates:
        if unsigned and candidate.signed:
            continue
        if decimal and not unsigned and not candidate.signed:
            continue
        if value <= candidate.max_value:
            return candidate
    return None


class UnsupportedConstant(Exception):
    """A constant gcc accepts with a meaning this frontend does not reproduce."""


def char_units(body: str) -> list[int]:
    """The code units of a character constant's or string literal's body (between the
    quotes), escapes decoded: one per source character, a character outside ASCII and a
    universal character name (``\\u00e9``) as its UTF-8 bytes (gcc's execution character
    set). A hex escape keeps its whole value (a string stores it modulo 256, as gcc
    truncates it)."""
    units: list[int] = []
    for value, is_character in _decoded(body):
        units.extend(chr(value).encode("utf-8") if is_character else [value])
    return units


def _decoded(body: str) -> Iterator[tuple[int, bool]]:
    """What a constant's or literal's body holds, in order: ``(code point, True)`` for a
    source character or a universal character name, ``(value, False)`` for another
    escape. An escape gcc rejects or only warns about raises :class:`UnsupportedConstant`."""
    position = 0
    while position < len(body):
        char = body[position]
        if char != "\\":
            yield ord(char), True
            position += 1
            continue
        escape = body[position + 1 : position + 2]
        if escape == "x":
            end = position + 2
            while end < len(body) and body[end] in "0123456789abcdefABCDEF":
                end += 1
            if end == position + 2:
                raise UnsupportedConstant(f"character constant '{body}'")
            yield int(body[position + 2 : end], 16), False
            position = end
        elif escape in "01234567" and escape:
            end = position + 1
            while end < len(body) and end < position + 4 and body[end] in "01234567":
                end += 1
            yield int(body[position + 1 : end], 8), False
            position = end
        elif escape in _ESCAPES:
            yield _ESCAPES[escape], False
            position += 2
        elif escape in ("e", "E"):  # GNU escape for ESC
            yield 27, False
            position += 2
        elif escape in ("u", "U"):  # a universal character name
            end = position + (6 if escape == "u" else 10)
            code = _universal_character(body[position + 2 : end])
            if code is None:
                raise UnsupportedConstant(f"character constant '{body}'")
            yield code, True
            position = end
        else:  # an escape gcc only warns about
            raise UnsupportedConstant(f"character constant '{body}'")


def _universal_character(digits: str) -> int | None:
    """The code point of ``\\u``/``\\U`` with these hex digits, or None where gcc rejects
    it (C11 6.4.3p2: below 0xA0 except ``$``, ``@`` and the grave accent; a surrogate;
    beyond Unicode)."""
    if len(digits) not in (4, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return None
    code = int(digits, 16)
    if code < 0xA0 and code not in (0x24, 0x40, 0x60):
        return None
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return None
    return code


_STRING_SEGMENT = re.compile(r'(u8|u|U|L)?"((?:\\.|[^"\\])*)"')


def string_units(literal: str) -> list[int]:
    """The code units of a narrow string literal as pycparser gives it, without the
    final zero: one or more quoted segments (adjacent literals are kept apart where
    joining their text would change an escape, ``"\\x4" "1"``), each decoded by
    :func:`char_units`. A wide literal (``L``, ``u``, ``U``: other element types)
    raises :class:`UnsupportedConstant`."""
    segments = _segments(literal)
    if any(prefix in ("L", "u", "U") for prefix, _ in segments):
        raise UnsupportedConstant(f"string literal {literal}")
    return [unit for _, body in segments for unit in char_units(body)]


def literal_units(literal: str, model: DataModel = DEFAULT) -> tuple[IntegerType, list[int]]:
    """The element type of a string literal as pycparser gives it (``char``; ``L``: the
    data model's ``wchar_t``, ``int`` or ``long``; ``u``: ``char16_t``, ``unsigned
    short``; ``U``: ``char32_t``, ``unsigned int``) and its code units without the final
    zero. A wide literal's unit is a character's code point (in UTF-16 for ``u``: two
    units beyond U+FFFF), an escape's value; segments without prefix take the other
    segments' (C11 6.4.5p5); two different prefixes, and an escape beyond the element
    type, raise :class:`UnsupportedConstant` (gcc rejects the first, warns and
    truncates the second)."""
    segments = _segments(literal)
    prefixes = {prefix for prefix, _ in segments} - {"", "u8"}
    if not prefixes:
        return CHAR, [unit for _, body in segments for unit in char_units(body)]
    if len(prefixes) > 1:
        raise UnsupportedConstant(f"string literal {literal}")
    (prefix,) = prefixes
    element = {"L": model.wchar, "u": USHORT, "U": UINT}[prefix]
    units = [unit for _, body in segments for unit in _wide_units(body, element, prefix == "u")]
    return element, units


def _segments(literal: str) -> list[tuple[str, str]]:
    """The ``(prefix, body)`` of each quoted segment of a literal as pycparser gives it
    (adjacent literals, kept apart); anything else in it raises :class:`UnsupportedConstant`."""
    segments: list[tuple[str, str]] = []
    end = 0
    for match in _STRING_SEGMENT.finditer(literal):
        if literal[end : match.start()].strip():
            raise UnsupportedConstant(f"string literal {literal}")
        segments.append((match.group(1) or "", match.group(2)))
        end = match.end()
    if end == 0 or literal[end:].strip():
        raise UnsupportedConstant(f"string literal {literal}")
    return segments


def _wide_units(body: str, element: IntegerType, utf16: bool) -> list[int]:
    """The code units of a wide literal's or constant's body (see :func:`literal_units`)."""
    units: list[int] = []
    for value, is_character in _decoded(body):
        if is_character:
            units.extend(_code_units(value, utf16))
        elif value >= 1 << (8 * element.size):
            raise UnsupportedConstant(f"escape beyond {element} in '{body}'")
        else:
            units.append(value)
    return units


def _code_units(code: int, utf16: bool) -> list[int]:
    """A code point as one unit, or as UTF-16 (a surrogate pair beyond U+FFFF)."""
    if utf16 and code > 0xFFFF:
        code -= 0x10000
        return [0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)]
    return [code]


def _char_value(body: str, wide: bool) -> int:
    """The value of a character constant: a single unit; several units (a multi-
    character constant) combine as gcc does, each a byte, the first the most
    significant, in an ``int``."""
    units = char_units(body)
    if len(units) == 1:
        return units[0]
    if wide or not units or len(units) > 4 or any(unit > 0xFF for unit in units):
        raise UnsupportedConstant(f"character constant '{body}'")
    value = 0
    for unit in units:
        value = (value << 8) | unit
    return value
