"""Lowering of one C function body (pycparser AST) into CFA nodes and edges.

Design decisions (see also :mod:`cpa.cfa.frontend`):

* **Conditions** are lowered with short-circuit branching: ``a && b``, ``a || b`` and
  ``!a`` become chains of :class:`AssumeEdge` pairs; an atomic condition ``c`` that is
  not a comparison stays as it is (``AssumeEdge(condition=c, truth=...)``: analyses
  read a non-zero value as true). A condition that is an integer constant (``while
  (1)``) becomes a single blank edge to the branch it selects.
* **Side effects** inside expressions (assignments, ``++``/``--``, calls, ``&&``/``||``
  and ``?:`` used as values, comma) are emitted as edges before the edge that uses the
  value; their values go through fresh temporaries ``function::__cpa_tmp_N`` declared
  by a :class:`DeclarationEdge`. Expressions left on edges are side-effect free.
* **Calls through function pointers** (``(*fp)(x)``, ``s->op(x)``) become a branch
  per possible callee: ``[fp == f]`` then an ordinary call of ``f``, for every function
  with a body whose address the program takes (``ProgramContext.
  address_taken_functions``) and whose type is compatible with the pointer's (for a
  function the property names, with or without a body, the target's sink, as for a
  call by name); the remaining case (null, a function without a body, another type) ends in an
  undefined-behaviour location (:mod:`cpa.cfa.undefined`). Only a pointer whose type
  is no function type stays an :class:`ExternalCallEdge` with ``function_name="*"``.
* **Conversions are explicit.** Integer promotions and the usual arithmetic
  conversions become :class:`CastExpression` s (constants are converted at once), so
  the operands of an arithmetic operator have the operator's type, and those of a
  comparison have one common type. The value stored by an assignment, initialiser,
  ``return`` or argument is converted to the type of its destination.
* **Calls**: a call of a function the property names (``ProgramContext.
  target_functions``) ends in a fresh sink node whose ``error_call`` names it: reaching
  the call is the violation, whether or not the function has a body. Calls of the
  functions in :mod:`cpa.cfa.builtins` are modelled there (``abort``/``exit``/
  ``__assert_fail`` end the path, ``__VERIFIER_assume``, ``assert``, GCC builtins);
  a builtin that is not modelled is an unsupported feature. Any other function
  without a body is an :class:`ExternalCallEdge`: it returns an unknown value of its
  return type.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container

from pycparser import c_ast

from cpa.cfa import builtins, c_types, integers
from cpa.cfa.attributes import LAYOUT_PRAGMAS, pragma_text
from cpa.cfa.data_model import DataModel
from cpa.cfa.expressions import (
    COMPOUND_LITERAL_PREFIX,
    STRING_LITERAL_PREFIX,
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
    MemoryCheck,
    SizeOf,
    StringLiteral,
    UnaryExpression,
    Variable,
    VariableRef,
)
from cpa.cfa.model import (
    AssignmentEdge,
    AssumeEdge,
    BlankEdge,
    Branching,
    CallSummaryEdge,
    CFAEdge,
    CFANode,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionCFA,
    FunctionReturnEdge,
    ReturnStatementEdge,
    connect,
    disconnect,
)
from cpa.cfa.preprocess import (
    ASM_PLACEHOLDER,
    CASE_RANGE_PLACEHOLDER,
    ELVIS_PLACEHOLDER,
    GnuGenerator,
)
from cpa.cfa.scopes import (
    EnumConstant,
    FunctionSymbol,
    Scopes,
    TypedefName,
    UnsupportedConstant,
    declares_constant,
    fold_binary,
    literal_units,
    parse_constant,
)
from cpa.cfa.sequencing import Unsequenced, check_sequencing
from cpa.cfa.types import (
    INT,
    UCHAR,
    UINT,
    ULONGLONG,
    VOID,
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

UNSUPPORTED_CALLS = {
    "setjmp": "setjmp/longjmp",
    "_setjmp": "setjmp/longjmp",
    "__builtin_setjmp": "setjmp/longjmp",
    "sigsetjmp": "setjmp/longjmp",
    "__sigsetjmp": "setjmp/longjmp",
    "longjmp": "setjmp/longjmp",
    "_longjmp": "setjmp/longjmp",
    "__builtin_longjmp": "setjmp/longjmp",
    "siglongjmp": "setjmp/longjmp",
    "va_start": "variadic arguments (va_start)",
    "va_arg": "variadic arguments (va_arg)",
    "va_end": "variadic arguments (va_end)",
    "va_copy": "variadic arguments (va_copy)",
    "__builtin_va_start": "variadic arguments (va_start)",
    "__builtin_va_arg": "variadic arguments (va_arg)",
    "__builtin_va_end": "variadic arguments (va_end)",
    "__builtin_va_copy": "variadic arguments (va_copy)",
    "__builtin_apply": "__builtin_apply",
    "thrd_create": "threads (thrd_create)",
    "fork": "processes (fork)",
    "__cpa_unsupported_computed_goto": "computed goto",
    ASM_PLACEHOLDER: "inline assembly",
}
#: ``function_name`` of the :class:`ExternalCallEdge` of a call through a pointer
POINTER_CALL = "*"
_COMPARISONS = frozenset(["==", "!=", "<", "<=", ">", ">="])
_ARITHMETIC = frozenset(["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"])


def unsupported_call(name: str) -> str | None:
    """The construct a call of ``name`` stands for, if it is not supported."""
    if name in UNSUPPORTED_CALLS:
        return UNSUPPORTED_CALLS[name]
    if name.startswith("pthread_"):
        return f"threads ({name})"
    return None


class ProgramContext:
    """State shared by the lowering of all functions of one program."""

    def __init__(
        self,
        file_name: str,
        scopes: Scopes,
        entry_function: str,
        target_functions: frozenset[str] = frozenset(),
    ):
        self.file_name = file_name
        self.scopes = scopes
        self.model: DataModel = scopes.model
        self.entry_function = entry_function
        #: functions whose call violates the property (a sink with ``error_call``)
        self.target_functions = target_functions
        self.generator = GnuGenerator()
        self.functions: dict[str, FunctionCFA] = {}  # functions with a body
        self.function_types: dict[str, FunctionType] = {}
        self.external_functions: set[str] = set()
        #: functions with a body (or targets) whose address is taken: the callees a
        #: pointer may reach
        self.address_taken_functions: frozenset[str] = frozenset()
        self.global_variables: list[Variable] = []
        self.global_declarations: dict[Variable, DeclarationEdge] = {}
        #: the first file-scope declaration of each array that gives its length
        self.array_definitions: dict[str, c_ast.Decl] = {}
        #: arrays given the length of a definition not yet reached (sizeof is gcc's error)
        self.completed_ahead: set[str] = set()
        #: lowers the global initialisers; its nodes become the start of the entry function
        self.init: FunctionLowering | None = None
        #: the functions the program defines ``_Noreturn`` or ``noreturn``: returning
        #: from one is undefined (C11 6.7.4p8)
        self.noreturn_functions: frozenset[str] = frozenset()
        #: the bytes of the string literals' arrays (:meth:`FunctionLowering.string_value`)
        self.string_contents: dict[Variable, bytes] = {}
        #: the array of ``__func__`` (and gcc's synonyms) of each function, by name and
        #: function: one object, not a literal (gcc merges it with no other array)
        self.function_names: dict[tuple[str, str], Variable] = {}

    def text(self, node: c_ast.Node) -> str:
        try:
            text = self.generator.visit(node)
        except Exception:  # pragma: no cover - the generator is total on parsed ASTs
            return type(node).__name__
        text = " ".join(text.split())
        return text if len(text) <= 200 else text[:197] + "..."


#: Variables whose every read is a fresh nondeterministic value: BLAST's convention
#: (``#define NONDET __BLAST_NONDET``), used by the CIL benchmark programs of BLAST
#: and UFO (``int __BLAST_NONDET; ... if (__BLAST_NONDET) ...`` in a loop).
NONDET_VARIABLES = frozenset({"__BLAST_NONDET"})
#: ``function_name`` of the unknown-value call that such a read becomes
FRESH_VALUE_FUNCTION = "__VERIFIER_nondet_int"


class FunctionLowering:
    """Builds the nodes and edges of one function (or of the global initialisers)."""

    def __init__(self, context: ProgramContext, function: str, start: CFANode):
        self.context = context
        self.scopes = context.scopes
        self.function = function
        self.cfa: FunctionCFA | None = context.functions.get(function)
        self.nodes: list[CFANode] = [start]
        self.current: CFANode | None = start
        self.line = start.line
        self.column = 0
        #: how many :meth:`unevaluated` lowerings are under way (``sizeof``, ``typeof``)
        self.unevaluated_depth = 0
        #: a string literal being lowered is an argument whose text is all that counts
        self.literal_text = False
        #: what :meth:`unevaluated` gave for an AST node, by the node's id (with the node,
        #: which keeps the id its own)
        self._unevaluated: dict[int, tuple[c_ast.Node, Expression]] = {}
        #: the branching constructs whose conditions are being lowered (innermost
        #: last): coordinates and true/false targets, or None for a condition that is
        #: no construct of its own (``x = a && b``, ``assert(c)``)
        self.branchings: list[tuple[int, int, CFANode | None, CFANode | None, str] | None] = []
        self.labels: dict[str, CFANode] = {}
        self.defined_labels: set[str] = set()
        self.gotos: dict[str, c_ast.Node] = {}
        self.break_targets: list[CFANode] = []
        self.continue_targets: list[CFANode] = []
        self.switch_cases: list[dict[int, CFANode]] = []
        #: jumps to a label or case, each to a node of its own until
        #: :meth:`finish_labels` knows which locals it enters the scope of: the node,
        #: the locals in scope at the jump, the target's key (label name or case id)
        #: and its node
        self.jumps: list[tuple[CFANode, frozenset[Variable], object, CFANode]] = []
        #: the locals in scope at each label and case (keys as in :attr:`jumps`)
        self.in_scope_at: dict[object, tuple[CFANode, frozenset[Variable]]] = {}
        self.name_counts: dict[str, int] = {}
        self.temporaries = 0
        #: the operands evaluated after the expression being lowered and before its
        #: value is read (the right operands around a left one; see :meth:`_held`)
        self.evaluated_later: list[c_ast.Node] = []
        #: :func:`_reads_objects` of the expressions asked about, by identity (the
        #: expression kept, so that its id is not reused): a chain ``f() + ... + f()``
        #: asks about every prefix of itself
        self.reads_objects: dict[int, tuple[Expression, bool]] = {}
        #: the scope depth of the function body's own declarations (file scope, the
        #: parameters, the body); deeper ones are block-scoped
        self.body_depth = len(context.scopes.ordinary) + 2
        #: functions this one calls or whose address it takes
        self.referenced_functions: set[str] = set()
        #: the calls through pointers whose branches are built once every function has
        #: been read (:meth:`build_dispatches`)
        self.pending_dispatches: list[tuple[CFANode, tuple[int, int], Callable[[], None]]] = []
        #: the names whose address the function body takes (``&x``; set by the
        #: frontend), and those of arrays: a callee may change such a local
        self.addressed_names: frozenset[str] = frozenset()
        self._statement_handlers: dict[type, Callable[[c_ast.Node], None]] = {
            c_ast.Compound: self._compound,
            c_ast.Decl: self._local_declaration,
            c_ast.DeclList: self._declaration_list,
            c_ast.Typedef: self._typedef,
            c_ast.If: self._if,
            c_ast.While: self._while,
            c_ast.DoWhile: self._do_while,
            c_ast.For: self._for,
            c_ast.Switch: self._switch,
            c_ast.Case: self._case,
            c_ast.Default: self._case,
            c_ast.Break: self._break,
            c_ast.Continue: self._continue,
            c_ast.Goto: self._goto,
            c_ast.Label: self._label,
            c_ast.Return: self._return,
            c_ast.EmptyStatement: lambda node: None,
            c_ast.Pragma: self._pragma,
            c_ast.StaticAssert: self.scopes.static_assert,
        }

    def _pragma(self, node: c_ast.Pragma) -> None:
        """A ``#pragma`` in a function body: ``pack`` there would change the layout of
        the structs the body defines (not modelled); the others change nothing."""
        text = pragma_text(node)
        if text.startswith("pack") or text.split(" ")[0] in LAYOUT_PRAGMAS:
            raise self.unsupported(f"#pragma {text} inside a function", node)

    # ------------------------------------------------------------------ infrastructure
    def new_node(self, line: int | None = None) -> CFANode:
        node = CFANode(self.function, self.line if line is None else line)
        self.nodes.append(node)
        return node

    def here(self) -> CFANode:
        """The current node; in dead code (after ``return``, ``goto``) a fresh one."""
        if self.current is None:
            self.current = self.new_node()
        return self.current

    def add(self, edge_class: type[CFAEdge], text: str, target: CFANode | None = None, **fields):
        """Add an edge from the current node to ``target`` (default: a new node)."""
        source = self.here()
        if target is None:
            target = self.new_node()
        edge = connect(edge_class(source, target, self.line, text, column=self.column, **fields))
        self.current = target
        return edge

    def jump(self, target: CFANode, text: str = "") -> None:
        """Blank edge from the current node (if any) to ``target``; then no current node."""
        if self.current is not None:
            connect(BlankEdge(self.current, target, self.line, text, column=self.column))
        self.current = None

    def at(self, node: c_ast.Node) -> None:
        coord = getattr(node, "coord", None)
        if coord is not None and coord.line:
            self.line = coord.line
            self.column = coord.column or 0

    def text(self, node: c_ast.Node) -> str:
        return self.context.text(node)

    def error(self, message: str, node: c_ast.Node | None) -> InputError:
        return self.scopes.error(message, node)

    def unsupported(self, construct: str, node: c_ast.Node | None):
        return self.scopes.unsupported(construct, node)

    def new_variable(self, name: str, ctype: CType, read_only: bool = False) -> Variable:
        count = self.name_counts.get(name, 0) + 1
        self.name_counts[name] = count
        qualified = f"{self.function}::{name}" + (f"::{count}" if count > 1 else "")
        return Variable(
            qualified, name, ctype, self.function, False, self._in_inner_block(), read_only
        )

    def fresh_value(self, variable: Variable, node: c_ast.Node) -> VariableRef:
        """A read of a :data:`NONDET_VARIABLES` variable: a fresh unknown value.

        Ordinary uninitialised locals keep one unknown value from their declaration on
        (the programs rely on that: ``int p; ... if (p) lock(); ... if (p) unlock();``);
        BLAST's nondeterminism variable is a new choice at every read, so the read
        becomes an unknown-value call into a temporary.
        """
        self.at(node)
        temporary = self.temporary(variable.type)
        self.add(
            ExternalCallEdge,
            f"{temporary} = {variable.c_name} (uninitialised: unknown value)",
            function_name=FRESH_VALUE_FUNCTION,
            arguments=(),
            lhs=temporary,
            return_type=variable.type,
        )
        return temporary

    def _in_inner_block(self) -> bool:
        """Whether a declaration here is in a block inside the function body."""
        return len(self.scopes.ordinary) > self.body_depth

    def temporary(
        self, ctype: CType, initializer: Expression | None = None, prefix: str = "__cpa_tmp_"
    ) -> VariableRef:
        """Declare a fresh temporary (with an optional initialiser) and return it."""
        self.temporaries += 1
        ctype = c_types.decay(ctype)
        name = f"{prefix}{self.temporaries}"
        variable = Variable(f"{self.function}::{name}", name, ctype, self.function, False)
        text = f"{ctype} {name}" + ("" if initializer is None else f" = {initializer}")
        self.add(
            DeclarationEdge,
            text,
            variable=variable,
            initializer=initializer,
            initialised_by_next_edge=initializer is None,
        )
        return VariableRef(variable, ctype)

    def sink(self, error_call: str | None = None) -> CFANode:
        node = self.new_node()
        node.error_call = error_call
        return node

    # ------------------------------------------------------------------- statements
    def statement(self, node: c_ast.Node) -> None:
        self.at(node)
        for expression in _full_expressions(node):
            try:
                check_sequencing(expression, self._storage)
            except Unsequenced as error:
                self._unsequenced(node, error)
                return
        handler = self._statement_handlers.get(type(node))
        if handler is not None:
            handler(node)
        elif isinstance(node, c_ast.AttributedStatement):
            self.statement(node.stmt)
        elif isinstance(node, c_ast.FuncDef):
            raise self.unsupported("nested function definition", node)
        else:
            self.effect(node)

    def _storage(self, name: tuple[str, ...]) -> tuple[str, ...]:
        """The named object whose storage the named object ``name`` (``u.s.x``) is: the
        members of a union share the union's, so the name ends at the union."""
        symbol = self.scopes.lookup(name[0])
        ctype = symbol.type if isinstance(symbol, Variable) else None
        for position, member in enumerate(name[1:], 1):
            if not isinstance(ctype, StructType) or c_types.is_union(ctype):
                return name[:position]
            ctype = ctype.field_type(member)
        return name

    def _unsequenced(self, node: c_ast.Node, error: Unsequenced) -> None:
        """The statement ``node`` is undefined once it runs (C11 6.5p2): an
        undefined-behaviour location in its place, so that a path to it is UNKNOWN and
        TRUE proves that it never runs. A statement with labels inside (a ``goto`` may
        enter it elsewhere) is refused instead."""
        description = f"'{error.name}' modified and accessed unsequenced"
        if any(isinstance(inner, c_ast.Label) for inner in _subtree(node)):
            raise self.unsupported(f"{description} (undefined behaviour)", error.node)
        self.at(error.node)
        invalid = self.new_node()
        invalid.undefined = f"{description} ('{self.text(error.node)}')"
        self.jump(invalid)

    def _compound(self, node: c_ast.Compound) -> None:
        self.scopes.push()
        try:
            for item in node.block_items or ():
                self.statement(item)
        finally:
            self.scopes.pop()

    def _declaration_list(self, node: c_ast.DeclList) -> None:
        for decl in node.decls:
            self.statement(decl)

    def _typedef(self, node: c_ast.Typedef) -> None:
        self.scopes.define(node.name, TypedefName(self.resolve_type(node.type)))

    def resolve_type(self, node: c_ast.Node) -> CType:
        """The type a declarator describes; a ``typeof`` or ``sizeof`` of an expression in
        it is typed and measured by this lowering."""
        previous = self.scopes.unevaluated
        self.scopes.unevaluated = self.unevaluated
        try:
            return self.scopes.resolve_type(node)
        finally:
            self.scopes.unevaluated = previous

    def _local_declaration(self, decl: c_ast.Decl) -> None:
        storage = decl.storage or []
        if decl.name is None:  # struct/union/enum declaration
            self.resolve_type(decl.type)
            return
        ctype = self.resolve_type(decl.type)
        if isinstance(ctype, FunctionType) or "extern" in storage:
            self.context_declare_extern(decl, ctype)
            return
        ctype = self._complete_array_type(ctype, decl.init)
        if "static" in storage:
            count = self.name_counts.get(decl.name, 0) + 1
            self.name_counts[decl.name] = count  # two blocks' 'static int k' differ
            variable = Variable(
                f"{self.function}::{decl.name}" + (f"::{count}" if count > 1 else ""),
                decl.name,
                ctype,
                self.function,
                True,
                read_only=declares_constant(decl.type),
            )
            self.scopes.define(decl.name, variable)
            init = self.context.init
            assert init is not None
            init.declare_global(variable, decl)
            return
        variable = self.new_variable(decl.name, ctype, declares_constant(decl.type))
        self.scopes.define(decl.name, variable)
        self.declare(variable, decl)

    def context_declare_extern(self, decl: c_ast.Decl, ctype: CType) -> None:
        if isinstance(ctype, FunctionType):
            symbol = self.scopes.lookup(decl.name)
            if not isinstance(symbol, FunctionSymbol):
                has_body = decl.name in self.context.functions
                self.scopes.define(decl.name, FunctionSymbol(decl.name, ctype, has_body))
                self.context.function_types.setdefault(decl.name, ctype)
            return
        symbol = self.scopes.ordinary[0].get(decl.name)
        if isinstance(symbol, Variable):
            self.scopes.define(decl.name, symbol)
            return
        variable = Variable(
            decl.name,
            decl.name,
            self.completed_global_type(decl.name, ctype),
            None,
            True,
            read_only=declares_constant(decl.type),
        )
        self.scopes.define_global(decl.name, variable)
        self.scopes.define(decl.name, variable)
        init = self.context.init
        assert init is not None
        init.declare_global(variable, decl)

    def completed_global_type(self, name: str, ctype: CType) -> CType:
        """The type of a global first declared as an array without length.

        C gives every declaration of the object the composite type (C11 6.2.7p4), so
        ``extern int t[];`` takes the length of a definition ``int t[3] = ...`` that
        may come after the functions that use it. The definition is typed where the
        first declaration stands, at file scope; if it cannot be (a name declared in
        between, a tag it defines), the type stays incomplete and accesses remain
        unsupported.
        """
        definition = self.context.array_definitions.get(name)
        if not (isinstance(ctype, ArrayType) and ctype.length is None) or definition is None:
            return ctype
        if any(_defines_a_tag(node) for node in _subtree(definition.type)):
            return ctype
        # typed at file scope: a block's names must not shadow those of the definition
        inner = self.scopes.ordinary[1:], self.scopes.tags[1:]
        del self.scopes.ordinary[1:], self.scopes.tags[1:]
        try:
            defined = self._complete_array_type(self.resolve_type(definition.type), definition.init)
        except (InputError, UnsupportedFeature):
            return ctype
        finally:
            self.scopes.ordinary += inner[0]
            self.scopes.tags += inner[1]
        if (
            isinstance(defined, ArrayType)
            and defined.length is not None
            and defined.element == ctype.element
        ):
            self.context.completed_ahead.add(name)
            return defined
        return ctype

    def _completed_ahead(self, node: c_ast.Node) -> bool:
        """Whether ``node`` names an array whose length comes from a definition below."""
        if not isinstance(node, c_ast.ID):
            return False
        symbol = self.scopes.lookup(node.name)
        return isinstance(symbol, Variable) and symbol.name in self.context.completed_ahead

    def _complete_array_type(self, ctype: CType, init: c_ast.Node | None) -> CType:
        if isinstance(ctype, ArrayType) and ctype.length is None and init is not None:
            if isinstance(init, c_ast.InitList) and self._braced_string(init, ctype):
                init = init.exprs[0]  # char s[] = {"ab"}: the literal's length
            if isinstance(init, c_ast.InitList):
                if isinstance(ctype.element, (ArrayType, StructType)) and any(
                    not isinstance(_item_value(item), c_ast.InitList)
                    and not self._initialises_array(_item_value(item), ctype.element)
                    for item in init.exprs
                ):
                    raise self.unsupported(
                        "array of unknown length initialised without inner braces", init
                    )
                for item in init.exprs:  # the items after `[1].b = ...` go on inside [1]
                    if isinstance(item, c_ast.NamedInitializer) and len(item.name) > 1:
                        raise self.unsupported(
                            "array of unknown length initialised with a member's designator",
                            item.name[0],
                        )
                return ArrayType(ctype.element, _initializer_length(init, self.scopes))
            if isinstance(init, c_ast.Constant) and init.type == "string":
                return ArrayType(ctype.element, self._string_type(init).length)
        return ctype

    def declare(self, variable: Variable, decl: c_ast.Decl) -> None:
        """Declaration edge(s) for a local variable with its initialiser."""
        self.at(decl)
        init = decl.init
        text = self.text(decl)
        if init is None:
            self.add(DeclarationEdge, text, variable=variable, initializer=None)
            return
        if isinstance(init, c_ast.FuncCall) and self._call_has_result(init):
            self.add(
                DeclarationEdge,
                text,
                variable=variable,
                initializer=None,
                initialised_by_next_edge=True,
            )
            self.call(init, lhs=VariableRef(variable, variable.type), text=text)
            return
        value = self.initializer(init, variable.type)
        self.add(DeclarationEdge, text, variable=variable, initializer=value)

    def declare_global(self, variable: Variable, decl: c_ast.Decl) -> None:
        """Declaration edge of a global (or static local) variable in the init chain.

        A global without initialiser is zero-initialised: scalars get ``0`` of their
        type, aggregates get the empty :class:`InitializerList` ``{}`` (all zero).
        ``extern`` declarations get no initialiser (unknown value) unless a definition
        follows; a later definition replaces the initialiser of the earlier edge.
        """
        self.at(decl)
        storage = decl.storage or []
        if decl.init is not None:
            value: Expression | None = self.initializer(decl.init, variable.type)
        elif "extern" in storage:
            value = None
        else:
            value = zero_value(variable.type)
        text = self.text(decl)
        existing = self.context.global_declarations.get(variable)
        if existing is not None:
            if decl.init is not None or (existing.initializer is None and value is not None):
                existing.initializer = value
                existing.text = text
            return
        edge = self.add(DeclarationEdge, text, variable=variable, initializer=value)
        self.context.global_declarations[variable] = edge
        self.context.global_variables.append(variable)

    def initializer(self, init: c_ast.Node, ctype: CType) -> Expression:
        """The value of an initialiser for an object of type ``ctype`` (converted)."""
        if isinstance(init, c_ast.InitList):
            if _is_scalar(ctype) and len(init.exprs) == 1:  # int x = {1};
                return self.initializer(init.exprs[0], ctype)
            string = self._braced_string(init, ctype)
            if string is not None:  # char s[4] = {"ab"};
                return self._string_initializer(string, ctype)  # type: ignore[arg-type]
            self._check_initializer_order(init)
            return self.initializer_list(init, ctype)
        if isinstance(init, c_ast.NamedInitializer):
            return convert(self.expression(init.expr), ctype)
        if self._initialises_array(init, ctype):
            return self._string_initializer(init, ctype)
        return convert(self.expression(init), ctype)

    def _check_initializer_order(self, init: c_ast.InitList) -> None:
        """Refuse a brace initialiser whose value may depend on what C leaves open: its
        items are evaluated in an unspecified order (C11 6.7.9p23), one that a later
        designator overrides may not be evaluated at all (footnote 151), and gcc
        evaluates designated items in member order and skips overridden ones (a
        wrong TRUE each, evaluated here in source order). Refused where two items may
        change variables, or one may and the list has a designator."""
        items: list[c_ast.Node] = []
        designated = _initializer_items(init, items)
        effects = [
            item
            for item in items
            if _calls_a_defined_function(item, self.scopes, self.context.functions)
            or _may_have_effects(item, calls=False)
        ]
        if len(effects) > 1 or (effects and designated):
            raise self.unsupported(
                "initialiser items with side effects (their order is unspecified, and "
                "a designator may skip or reorder them)",
                effects[-1],
            )

    def _braced_string(self, init: c_ast.InitList, ctype: CType) -> c_ast.Constant | None:
        """The string literal of ``{"ab"}`` where it initialises an array of ``ctype``:
        a string literal for a char array may be enclosed in braces (C11 6.7.9p14)."""
        if len(init.exprs) == 1 and self._initialises_array(init.exprs[0], ctype):
            return init.exprs[0]
        return None

    def _initialises_array(self, node: c_ast.Node, ctype: CType) -> bool:
        """Whether ``node`` is a string literal that initialises an array of ``ctype``
        (C11 6.7.9p14-15): a narrow one a char array, a wide one an array of its
        element type (gcc rejects any other pairing)."""
        if not _is_string(node) or not isinstance(ctype, ArrayType):
            return False
        element = self._string_type(node).element
        if element.size == 1:
            return _is_char_array(ctype)
        target = ctype.element
        return isinstance(target, IntegerType) and (target.name, target.size) == (
            element.name,
            element.size,
        )

    def _string_initializer(self, init: c_ast.Constant, ctype: ArrayType) -> InitializerList:
        """``char s[N] = "..."`` (``wchar_t w[N] = L"..."``): the literal's units, then
        zeros; as many as fit (C drops the terminating zero when exactly the characters
        fit)."""
        try:
            element, units = literal_units(init.value, self.context.model)
        except UnsupportedConstant as construct:
            raise self.unsupported(str(construct), init) from None
        codes = [integers.wrap(unit, element) for unit in units] + [0]
        if ctype.length is not None:
            codes = codes[: ctype.length]
        return InitializerList(
            tuple(convert(IntConstant(code, element), ctype.element) for code in codes), ctype
        )

    def initializer_list(self, init: c_ast.InitList, ctype: CType) -> InitializerList:
        """A brace initialiser; designators are resolved to positions (gaps are 0). An
        aggregate element written without its own braces takes as many of the items
        that follow as it has scalars (brace elision, C11 6.7.9:20)."""
        element_types, _ = _members(ctype)
        slots: _Slots = {}
        position = 0
        items = list(init.exprs)
        index = 0
        while index < len(items):
            item = items[index]
            if isinstance(item, c_ast.NamedInitializer):
                position, index = self._designated(ctype, slots, item.name, item, items, index + 1)
            else:
                while _is_unnamed_bit_field(ctype, position):  # initialises nothing
                    position += 1
                element_type = _element_type(ctype, element_types, position)
                slots[position], index = self._element(
                    element_type, item, items, index + 1, slots.get(position)
                )
            position += 1
        return _assembled(ctype, slots)

    def _designated(
        self,
        ctype: CType,
        slots: _Slots,
        designators: list[c_ast.Node],
        item: c_ast.NamedInitializer,
        items: list[c_ast.Node],
        following: int,
    ) -> tuple[int, int]:
        """Put the value of ``item`` (whose remaining designators are
        ``designators``) into ``slots`` of an aggregate of type ``ctype``; the position
        the first designator names and the index in ``items`` after what was taken.

        After ``.b.u = 1`` the items that follow initialise the members after ``u`` in
        ``b`` before those after ``b`` (C11 6.7.9p17), and a member given by a
        designator keeps what earlier items gave its other members."""
        designators = _through_anonymous_members(ctype, designators)
        position = self._designator_position(ctype, designators[0])
        if c_types.is_union(ctype):
            # a union holds one member: the one designated last (C11 6.7.9p19)
            element = ctype.fields[position][1]  # type: ignore[union-attr]
            if position not in slots:
                slots.clear()
        else:
            element = _element_type(ctype, _members(ctype)[0], position)
        if len(designators) == 1:
            slots[position], following = self._element(
                element, item.expr, items, following, slots.get(position)
            )
            return position, following
        if not isinstance(element, (ArrayType, StructType)):
            raise self.error("designator into a member that is not an aggregate", designators[1])
        inner = self._partial(slots.get(position), item.expr)
        inner_position, following = self._designated(
            element, inner, designators[1:], item, items, following
        )
        following = self._continued(element, inner, inner_position + 1, items, following)
        slots[position] = inner
        return position, following

    def _designator_position(self, ctype: CType, designator: c_ast.Node) -> int:
        """The position a designator ``[k]`` or ``.name`` names in ``ctype``."""
        if isinstance(ctype, ArrayType):
            if not isinstance(designator, c_ast.ArrayDesignator):
                raise self.error(f"member designator in an initializer of {ctype}", designator)
            value = self.scopes.constant_value(designator.expr)
            if value is None:
                raise self.error("array index in initializer is not constant", designator)
            if value < 0 or (ctype.length is not None and value >= ctype.length):
                raise self.error(
                    f"array index {value} in initializer exceeds the bounds", designator
                )
            return value
        if not isinstance(designator, c_ast.ID) or not isinstance(ctype, StructType):
            raise self.error(f"designator in an initializer of {ctype}", designator)
        names = [name for name, _ in ctype.fields or ()]
        if designator.name not in names:
            raise self.error(f"{ctype} has no member named '{designator.name}'", designator)
        return names.index(designator.name)

    def _partial(self, existing: Expression | _Slots | None, item: c_ast.Node) -> _Slots:
        """The slots of a member that a designator, or items without braces,
        initialise in part: empty, or what an earlier initialiser gave it."""
        if existing is None:
            return {}
        if isinstance(existing, dict):
            return existing
        if isinstance(existing, InitializerList):
            if c_types.is_union(existing.type):
                return dict(zip([existing.member], existing.elements, strict=False))
            return dict(enumerate(existing.elements))
        raise self.unsupported(
            "initializer into part of a member initialised by a whole value", item
        )

    def _continued(
        self, ctype: CType, slots: _Slots, position: int, items: list[c_ast.Node], index: int
    ) -> int:
        """Give the members of ``ctype`` from ``position`` on the items from ``index`` on
        (until they run out or a designator, which belongs to the enclosing braces);
        the index after what was taken."""
        element_types, _ = _members(ctype)
        count = ctype.length if isinstance(ctype, ArrayType) else len(element_types or ())
        while index < len(items) and not isinstance(items[index], c_ast.NamedInitializer):
            while _is_unnamed_bit_field(ctype, position):
                position += 1
            if count is None or position >= count:
                break
            element = _element_type(ctype, element_types, position)
            slots[position], index = self._element(
                element, items[index], items, index + 1, slots.get(position)
            )
            position += 1
        return index

    def _element(
        self,
        ctype: CType,
        item: c_ast.Node,
        items: list[c_ast.Node],
        following: int,
        existing: Expression | _Slots | None = None,
    ) -> tuple[Expression, int]:
        """The value of an element of type ``ctype`` written as ``item``, and the
        position in ``items`` after what it took: an aggregate given a scalar (no
        braces) takes the items from ``following`` on for its other scalars, and keeps
        what earlier items gave (``existing``) to the members it does not reach."""
        if (
            isinstance(item, c_ast.InitList)
            or not isinstance(ctype, (ArrayType, StructType))
            or self._initialises_array(item, ctype)
        ):
            return self.initializer(item, ctype), following
        if _is_string(item):  # for the char array the aggregate starts with
            return self._elided(ctype, item, items, following, existing, item)
        value = self.expression(item)
        if isinstance(value.type, (ArrayType, StructType)):  # a whole struct
            return convert(value, ctype), following
        return self._elided(ctype, value, items, following, existing, item)

    def _elided(
        self,
        ctype: CType,
        first: Expression | c_ast.Node,
        items: list[c_ast.Node],
        index: int,
        existing: Expression | _Slots | None,
        where: c_ast.Node,
    ) -> tuple[InitializerList, int]:
        """The aggregate of type ``ctype`` whose first scalar is ``first`` (a value, or
        a string literal for its first char array) and whose other ones come from
        ``items[index:]`` (until they run out or a designator, which belongs to the
        enclosing braces); ``where`` is the item that starts it.

        The items initialise only the scalars they reach: the others keep what an
        earlier designator gave them (``existing``; in ``{ [1][1] = 7, [1] = 5 }`` the
        row is ``{5, 7}``, C11 6.7.9p19, as gcc builds it), else zero. A union's first
        member replaces another one given earlier (a union holds one)."""
        element_types, _ = _members(ctype)
        count = ctype.length if isinstance(ctype, ArrayType) else len(element_types or ())
        if count is None:
            raise self.unsupported(f"initializer without braces for {ctype}", where)
        positions = [p for p in range(count) if not _is_unnamed_bit_field(ctype, p)]
        if not positions:
            return InitializerList((), ctype), index
        slots = dict(self._partial(existing, where))
        if c_types.is_union(ctype) and any(key != positions[0] for key in slots):
            slots.clear()
        member = _element_type(ctype, element_types, positions[0])
        prior = slots.get(positions[0])
        if isinstance(first, c_ast.Node):
            head, index = self._element(member, first, items, index, prior)
        elif isinstance(member, (ArrayType, StructType)):
            head, index = self._elided(member, first, items, index, prior, where)
        else:
            head = convert(first, member)
        slots[positions[0]] = head
        index = self._continued(ctype, slots, positions[0] + 1, items, index)
        return _assembled(ctype, slots), index

    def _if(self, node: c_ast.If) -> None:
        then_node = self.new_node()
        join = self.new_node()
        else_node = self.new_node() if node.iffalse is not None else join
        self.decide(node, node.cond, then_node, else_node)
        self.current = then_node
        self.statement(node.iftrue)
        self.jump(join)
        if node.iffalse is not None:
            self.current = else_node
            self.statement(node.iffalse)
            self.jump(join)
        self.current = join if join.entering else None

    def _loop(self, head: CFANode, exit_node: CFANode, continue_target: CFANode, body) -> None:
        self.break_targets.append(exit_node)
        self.continue_targets.append(continue_target)
        try:
            self.statement(body)
        finally:
            self.break_targets.pop()
            self.continue_targets.pop()

    def _while(self, node: c_ast.While) -> None:
        head = self.new_node()
        self.jump(head, "while")
        self.current = head
        body = self.new_node()
        exit_node = self.new_node()
        self.decide(node, node.cond, body, exit_node)
        self.current = body
        self._loop(head, exit_node, head, node.stmt)
        self.jump(head)
        self.current = exit_node if exit_node.entering else None

    def _do_while(self, node: c_ast.DoWhile) -> None:
        body = self.new_node()
        self.jump(body, "do")
        condition = self.new_node()
        exit_node = self.new_node()
        self.current = body
        self._loop(body, exit_node, condition, node.stmt)
        self.jump(condition)
        self.current = condition
        self.at(node.cond)
        self.decide(node, node.cond, body, exit_node)
        self.current = exit_node if exit_node.entering else None

    def _for(self, node: c_ast.For) -> None:
        self.scopes.push()
        try:
            if node.init is not None:
                self.statement(node.init)
            head = self.new_node()
            self.jump(head, "for")
            self.current = head
            body = self.new_node()
            exit_node = self.new_node()
            if node.cond is not None:
                self.decide(node, node.cond, body, exit_node)
            else:
                self.jump(body)
            self.current = body
            increment = self.new_node()
            self._loop(head, exit_node, increment, node.stmt)
            self.jump(increment)
            self.current = increment if increment.entering else None
            if node.next is not None and self.current is not None:
                self.at(node.next)
                self.effect(node.next)
            self.jump(head)
            self.current = exit_node if exit_node.entering else None
        finally:
            self.scopes.pop()

    def _switch(self, node: c_ast.Switch) -> None:
        self.at(node)
        value = self.expression(node.cond)
        value_type = c_types.promote(value.type)
        value = convert(value, value_type)
        if not _is_pure_cheap(value):
            value = self.temporary(value_type, value)
        cases: dict[int, CFANode] = {}
        labels: list[tuple[c_ast.Node, CFANode]] = []
        in_scope = self.locals_in_scope()
        for case in _switch_labels(node.stmt):
            line = case.coord.line if case.coord else None
            cases[id(case)] = self.new_node(line)
            # the dispatch may enter the scope of locals declared before the case
            dispatch = self.new_node(line)
            self.jumps.append((dispatch, in_scope, id(case), cases[id(case)]))
            labels.append((case, dispatch))
        exit_node = self.new_node()
        default = next((t for c, t in labels if isinstance(c, c_ast.Default)), exit_node)
        text = self.text(node.cond)
        line, column = node.coord.line, node.coord.column or 0
        tests = [(c, t) for c, t in labels if not isinstance(c, c_ast.Default)]
        for number, (case, target) in enumerate(tests, start=1):
            self.at(case)
            if _is_case_range(case.expr):
                condition, constant = self._case_range(case.expr, value, value_type), None
            else:
                constant = convert(self.expression(case.expr), value_type)
                condition = BinaryExpression("==", value, constant, INT)
            source = self.here()
            case_text = f"{text} == {self.text(case.expr)}"
            label = constant.value if isinstance(constant, IntConstant) else None
            selects = Branching(line, column, True if label is not None else None, "switch", label)
            connect(
                AssumeEdge(
                    source,
                    target,
                    self.line,
                    f"[{case_text}]",
                    condition,
                    True,
                    column=self.column,
                    branching=selects,
                )
            )
            # the last test's failure selects the default label (or the end)
            last = number == len(tests)
            passes = Branching(
                line, column, True if last else None, "switch", "default" if last else None
            )
            self.current = self.new_node()
            connect(
                AssumeEdge(
                    source,
                    self.current,
                    self.line,
                    f"[!({case_text})]",
                    condition,
                    False,
                    column=self.column,
                    branching=passes,
                )
            )
        self.jump(default, "default")
        self.switch_cases.append(cases)
        self.break_targets.append(exit_node)
        try:
            self.statement(node.stmt)
        finally:
            self.switch_cases.pop()
            self.break_targets.pop()
        self.jump(exit_node)
        self.current = exit_node if exit_node.entering else None

    def _case_range(self, label: c_ast.FuncCall, value: Expression, value_type: CType):
        """The test of GNU's ``case lo ... hi:``: ``lo <= value <= hi`` as one unsigned
        comparison, ``(U) value - (U) lo <= (U) (hi - lo)`` in the unsigned type ``U`` of
        the promoted controlling type (exact modulo 2^w); an empty range matches nothing."""
        low, high = (convert(self.expression(bound), value_type) for bound in label.args.exprs)
        if not (isinstance(low, IntConstant) and isinstance(high, IntConstant)):
            raise self.unsupported("case range whose bounds are not constants", label)
        if low.value > high.value:
            return IntConstant(0, INT)
        unsigned = c_types.unsigned_of(value_type)
        width = 1 << (8 * unsigned.size)
        offset = BinaryExpression(
            "-", convert(value, unsigned), IntConstant(low.value % width, unsigned), unsigned
        )
        return BinaryExpression(
            "<=", offset, IntConstant((high.value - low.value) % width, unsigned), INT
        )

    def _case(self, node: c_ast.Case | c_ast.Default) -> None:
        if not self.switch_cases or id(node) not in self.switch_cases[-1]:
            raise self.error("case label outside of a switch", node)
        target = self.switch_cases[-1][id(node)]
        self.in_scope_at[id(node)] = (target, self.locals_in_scope())
        self.jump(target, "fall through")
        self.current = target
        for statement in node.stmts or ():
            self.statement(statement)

    def _break(self, node: c_ast.Break) -> None:
        if not self.break_targets:
            raise self.error("break outside of a loop or switch", node)
        self.jump(self.break_targets[-1], "break")

    def _continue(self, node: c_ast.Continue) -> None:
        if not self.continue_targets:
            raise self.error("continue outside of a loop", node)
        self.jump(self.continue_targets[-1], "continue")

    def label_node(self, name: str) -> CFANode:
        node = self.labels.get(name)
        if node is None:
            node = self.labels[name] = self.new_node()
        return node

    def _goto(self, node: c_ast.Goto) -> None:
        if not isinstance(node.name, str):
            raise self.unsupported("computed goto", node)
        self.gotos.setdefault(node.name, node)
        via = self.new_node()
        self.jumps.append((via, self.locals_in_scope(), node.name, self.label_node(node.name)))
        self.jump(via, f"goto {node.name}")

    def _label(self, node: c_ast.Label) -> None:
        if node.name in self.defined_labels:
            raise self.error(f"duplicate label '{node.name}'", node)
        self.defined_labels.add(node.name)
        target = self.label_node(node.name)
        target.line = self.line
        target.labels = target.labels + (node.name,)
        self.in_scope_at[node.name] = (target, self.locals_in_scope())
        self.jump(target, f"Label: {node.name}")
        self.current = target
        if node.stmt is not None:
            self.statement(node.stmt)

    def _return(self, node: c_ast.Return) -> None:
        assert self.cfa is not None
        value = None
        if node.expr is not None:
            value = self.expression(node.expr)
            if self.cfa.return_variable is not None:
                value = convert(value, self.cfa.return_variable.type)
        self.at(node)
        if self.function in self.context.noreturn_functions:
            self.noreturn_returns()
            return
        if value is None:  # ``return;`` in a function with a result (gcc accepts it)
            self.indeterminate_result("returns no value")
        self.add(
            ReturnStatementEdge,
            self.text(node),
            target=self.cfa.exit,
            expression=value,
            return_variable=self.cfa.return_variable,
        )
        self.current = None

    def noreturn_returns(self) -> None:
        """A return from a function declared ``_Noreturn`` or ``noreturn``: undefined
        (C11 6.7.4p8), so an undefined-behaviour location instead of the exit (gcc may
        drop the code after its calls)."""
        undefined = self.new_node()
        undefined.undefined = f"{self.function}() returns, but it is declared noreturn"
        self.jump(undefined)

    def indeterminate_result(self, why: str) -> None:
        """Where a function with a result returns without a value, the result is
        indeterminate (a caller that uses it is undefined, C11 6.9.1p12): it is
        declared anew, so that no former call's value remains in it."""
        assert self.cfa is not None
        result = self.cfa.return_variable
        if result is not None and self.function != self.context.entry_function:
            text = f"{self.function}() {why}: its value is indeterminate"
            self.add(DeclarationEdge, text, variable=result, indeterminate=True)

    def finish_labels(self) -> None:
        for name, goto in self.gotos.items():
            if name not in self.defined_labels:
                raise self.error(f"goto to undefined label '{name}'", goto)
        self._finish_jumps()

    def locals_in_scope(self) -> frozenset[Variable]:
        """The function's automatic variables whose scope includes this point."""
        return frozenset(
            symbol
            for table in self.scopes.ordinary[self.body_depth - 2 :]
            for symbol in table.values()
            if isinstance(symbol, Variable) and not symbol.is_global
        )

    def _finish_jumps(self) -> None:
        """Connect each jump to its label or case. A jump into the scope of a local
        passes no declaration of it, so its value is indeterminate there (C11 6.2.4p6,
        6.8p3): the jump declares it anew, without initialiser. Otherwise the jump
        goes straight to its target."""
        unused: set[CFANode] = set()
        for via, at_jump, key, target in self.jumps:
            # (a case label lowered nowhere: no scope is known, none is entered)
            target, at_target = self.in_scope_at.get(key, (target, at_jump))
            entered = sorted(at_target - at_jump, key=lambda variable: variable.name)
            if not entered:
                for edge in list(via.entering):
                    disconnect(edge)
                    edge.successor = target
                    connect(edge)
                unused.add(via)
                continue
            self.current = via
            for variable in entered:
                self.line = target.line
                text = f"{variable.c_name} (entering its scope by a jump: indeterminate)"
                self.add(DeclarationEdge, text, variable=variable, indeterminate=True)
            self.jump(target)
        if unused:
            self.nodes = [node for node in self.nodes if node not in unused]

    # ------------------------------------------------------------------ conditions
    def decide(
        self,
        construct: c_ast.Node | None,
        condition: c_ast.Node,
        true: CFANode | None,
        false: CFANode | None,
    ) -> None:
        """:meth:`branch` on the condition of ``construct`` (``if``, a loop, ``?:``;
        None: a condition that is no construct of its own), so that its assume edges
        know the construct and the outcome they decide (:class:`Branching`)."""
        coord = getattr(construct, "coord", None)
        if coord is None:
            self.branchings.append(None)
        else:
            kind = _CONSTRUCTS.get(type(construct), "if")
            self.branchings.append((coord.line, coord.column or 0, true, false, kind))
        try:
            self.branch(condition, true, false)
        finally:
            self.branchings.pop()

    def _branching(self, target: CFANode | None) -> Branching | None:
        construct = self.branchings[-1] if self.branchings else None
        if construct is None:
            return None
        line, column, true, false, kind = construct
        outcome = True if target is true else False if target is false else None
        return Branching(line, column, outcome, kind)

    def branch(self, node: c_ast.Node, true: CFANode | None, false: CFANode | None) -> None:
        """Go to ``true`` if ``node`` holds, to ``false`` otherwise (None: no edge).

        Afterwards there is no current node.
        """
        self.at(node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            self.branch(node.expr, false, true)
            return
        if isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
            middle = self.new_node()
            if node.op == "&&":
                self.branch(node.left, middle, false)
            else:
                self.branch(node.left, true, middle)
            self.current = middle if middle.entering else None
            if self.current is not None:
                self.branch(node.right, true, false)
            return
        if isinstance(node, c_ast.ExprList):
            for item in node.exprs[:-1]:
                self.effect(item)
            self.branch(node.exprs[-1], true, false)
            return
        condition = self.expression(node)
        text = self.text(node)
        if isinstance(condition, IntConstant):
            target = true if condition.value else false
            if target is not None:
                self.jump(target, f"[{text}]")
            self.current = None
            return
        source = self.here()
        for target, truth, label in ((true, True, f"[{text}]"), (false, False, f"[!({text})]")):
            if target is not None:
                edge = AssumeEdge(
                    source,
                    target,
                    self.line,
                    label,
                    condition,
                    truth,
                    column=self.column,
                    branching=self._branching(target),
                )
                connect(edge)
        self.current = None

    # ----------------------------------------------------------------- expressions
    def effect(self, node: c_ast.Node) -> None:
        """Lower ``node`` for its side effects only (expression statement)."""
        self.at(node)
        if isinstance(node, c_ast.Assignment):
            self.assignment(node)
        elif isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
            self.increment(node, used=False)
        elif isinstance(node, c_ast.FuncCall):
            self.call(node, lhs=None, text=self.text(node))
        elif isinstance(node, c_ast.ExprList):
            for item in node.exprs:
                self.effect(item)
        elif isinstance(node, c_ast.Cast) and isinstance(self.resolve_type(node.to_type), VoidType):
            self.effect(node.expr)
        elif isinstance(node, c_ast.TernaryOp):
            then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
            self.decide(node, node.cond, then_node, else_node)
            for start, arm in ((then_node, node.iftrue), (else_node, node.iffalse)):
                self.current = start if start.entering else None
                if self.current is not None and arm is not None:
                    self.effect(arm)
                self.jump(join)
            self.current = join if join.entering else None
        elif isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
            middle, join = self.new_node(), self.new_node()
            if node.op == "&&":
                self.decide(None, node.left, middle, join)
            else:
                self.decide(None, node.left, join, middle)
            self.current = middle if middle.entering else None
            if self.current is not None:
                self.effect(node.right)
            self.jump(join)
            self.current = join if join.entering else None
        else:
            self.expression(node)

    def expression(self, node: c_ast.Node) -> Expression:
        """Lower ``node`` to a side-effect-free expression, emitting its side effects."""
        method = getattr(self, "_expr_" + type(node).__name__, None)
        if method is None:
            raise self.unsupported(f"expression {type(node).__name__}", node)
        return method(node)

    def type_of(self, node: c_ast.Node) -> CType:
        """The type of an expression that is not evaluated (``sizeof``, ``typeof``)."""
        return self.unevaluated(node).type

    def unevaluated(self, node: c_ast.Node) -> Expression:
        """``node`` lowered without keeping its side effects (its edges are dropped).
        Kept per node: a ``?:`` lowers its arms once for their type and once on their
        branch, so a chain of n ``?:`` would otherwise be lowered 2^n times."""
        known = self._unevaluated.get(id(node))
        if known is not None and known[0] is node:
            return known[1]
        value = self._lower_unevaluated(node)
        self._unevaluated[id(node)] = (node, value)
        return value

    def _lower_unevaluated(self, node: c_ast.Node) -> Expression:
        saved_current, saved_line, mark = self.current, (self.line, self.column), len(self.nodes)
        saved_refs = set(self.referenced_functions)
        saved_temporaries = self.temporaries
        self.current = self.new_node()
        self.unevaluated_depth += 1
        try:
            return self.expression(node)
        finally:
            self.unevaluated_depth -= 1
            self.temporaries = saved_temporaries
            for dead in self.nodes[mark:]:
                for edge in list(dead.leaving) + list(dead.entering):
                    if edge in edge.predecessor.leaving:
                        disconnect(edge)
            del self.nodes[mark:]
            self.current, (self.line, self.column) = saved_current, saved_line
            self.referenced_functions = saved_refs

    def _expr_Constant(self, node: c_ast.Constant) -> Expression:
        try:
            value, ctype = parse_constant(node.type, node.value, self.context.model)
        except InputError as error:
            raise self.error(error.message, node) from None
        except UnsupportedConstant as construct:
            raise self.unsupported(str(construct), node) from None
        if node.type == "string":
            return self.string_value(node.value, self._string_type(node), node)
        if isinstance(value, int):
            return IntConstant(value, ctype)
        return FloatConstant(value, ctype)

    def string_value(
        self,
        text: str,
        ctype: ArrayType,
        node: c_ast.Node,
        reuse: tuple[str, str] | None = None,
    ) -> Expression:
        """A string literal used as a value: its array, a read-only object of static
        storage duration (C11 6.4.5p6: writing it is undefined), one per occurrence,
        declared among the globals and decayed to a pointer to its first char.
        Where only the text matters it stays a :class:`StringLiteral`: under
        ``sizeof``/``typeof``, and as an argument of a function without a body or of
        ``__assert_fail`` (see :meth:`_arguments`), which cannot change it. With
        ``reuse`` (a function-name array's name and function), every occurrence is
        the one array :attr:`ProgramContext.function_names` keeps."""
        if self.unevaluated_depth or self.literal_text:
            return StringLiteral(text, ctype)
        variable = self.context.function_names.get(reuse) if reuse else None
        if variable is None:
            name = f"{STRING_LITERAL_PREFIX}{len(self.context.string_contents) + 1}"
            variable = Variable(name, name, ctype, None, True, read_only=True)
            init = self.context.init
            assert init is not None
            contents = init.declare_string(variable, text, node)
            self.context.string_contents[variable] = contents
            if reuse:
                self.context.function_names[reuse] = variable
        return CastExpression(VariableRef(variable, ctype), c_types.decay(ctype))

    def _function_name(self, node: c_ast.ID) -> Expression:
        """``__func__`` (``__FUNCTION__``, ``__PRETTY_FUNCTION__``): the function's name
        in a read-only array declared once per function and name (C11 6.4.2.2; gcc
        gives each of the three its own array, which is no string literal's)."""
        text = f'"{self.function}"'
        ctype = ArrayType(c_types.CHAR, len(self.function) + 1)
        return self.string_value(text, ctype, node, reuse=(node.name, self.function))

    def declare_string(self, variable: Variable, text: str, node: c_ast.Node) -> bytes:
        """The declaration of a string literal's array, in the init chain; its bytes."""
        assert isinstance(variable.type, ArrayType)
        self.at(node)
        literal = c_ast.Constant("string", text, node.coord)
        value = self._string_initializer(literal, variable.type)
        edge = self.add(DeclarationEdge, text, variable=variable, initializer=value)
        self.context.global_declarations[variable] = edge
        self.context.global_variables.append(variable)
        size = variable.type.element.size  # type: ignore[attr-defined]
        return b"".join(
            (unit.value % (1 << (8 * size))).to_bytes(size, "little")  # type: ignore[attr-defined]
            for unit in value.elements
        )

    def _string_type(self, node: c_ast.Constant) -> ArrayType:
        """The type of a string literal: ``char[N]``, N its bytes and the final zero;
        a wide literal's elements are of its own type (:func:`literal_units`)."""
        try:
            element, units = literal_units(node.value, self.context.model)
        except UnsupportedConstant as construct:
            raise self.unsupported(str(construct), node) from None
        return ArrayType(element, len(units) + 1)

    def _expr_ID(self, node: c_ast.ID) -> Expression:
        symbol = self.scopes.lookup(node.name)
        if isinstance(symbol, Variable):
            if symbol.c_name in NONDET_VARIABLES and symbol.type.is_integer():
                return self.fresh_value(symbol, node)
            return VariableRef(symbol, symbol.type)
        if isinstance(symbol, EnumConstant):
            return IntConstant(symbol.value, symbol.type)
        if isinstance(symbol, FunctionSymbol):
            self.referenced_functions.add(node.name)
            return FunctionRef(node.name, symbol.type)
        if node.name in self.context.functions:
            self.referenced_functions.add(node.name)
            return FunctionRef(node.name, self.context.function_types.get(node.name, _UNKNOWN_FN))
        if node.name in FUNCTION_NAME_IDS:
            return self._function_name(node)
        # predefined macros, in a file that needed no preprocessor otherwise
        if node.name == "__LINE__":
            return IntConstant(self.line, INT)
        if node.name == "__FILE__":
            name = self.context.file_name
            text = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
            length = len(name.encode("utf-8")) + 1
            return self.string_value(text, ArrayType(c_types.CHAR, length), node)
        raise self.error(f"undeclared identifier '{node.name}'", node)

    def _expr_UnaryOp(self, node: c_ast.UnaryOp) -> Expression:
        op = node.op
        if op in ("++", "--", "p++", "p--"):
            return self.increment(node, used=True)
        if op in c_types.MEASURING_OPERATORS:
            model = self.context.model
            if isinstance(node.expr, c_ast.Typename):
                operand_type = self.resolve_type(node.expr)
            else:
                operand_type = self.type_of(node.expr)
                if c_types.is_bit_field(operand_type):
                    raise self.error(f"'{op}' applied to a bit-field", node)
                if op == "sizeof" and self._completed_ahead(node.expr):
                    raise self.error(f"'{op}' applied to an array of unknown length", node)
                if op != "sizeof" and c_types.preferred_alignment_differs(operand_type, model):
                    raise self.unsupported(
                        "alignment of an 8-byte scalar object under ILP32 (gcc: 8 for a "
                        "variable, 4 for a struct member)",
                        node,
                    )
            size = c_types.measure_type(op, operand_type, model)
            if size is None:
                return SizeOf(operand_type, model.size_t)
            return IntConstant(size, model.size_t)
        if op == "&&":  # GCC label address
            raise self.unsupported("address of a label (computed goto)", node)
        operand = self.expression(node.expr)
        if op == "&":
            if isinstance(operand, Dereference):  # &*E is E, converted as an operand of *
                return _decayed(operand.operand)
            if _is_text(node.expr) and isinstance(operand, CastExpression):
                operand = operand.operand  # the string literal's array, not its decay
            if c_types.is_bit_field(operand.type):
                raise self.error("cannot take the address of a bit-field", node)
            return AddressOf(operand, PointerType(operand.type))
        if op == "*":
            if isinstance(operand.type, FunctionType):
                return operand
            if isinstance(operand, AddressOf):  # *&E is E (C11 6.5.3.2, footnote 102)
                return operand.operand
            target = c_types.pointer_target(operand.type)
            if target is None:
                raise self.error("dereference of a non-pointer", node)
            return Dereference(operand, target)
        if op == "!":
            if isinstance(operand, IntConstant):
                return IntConstant(int(operand.value == 0), INT)
            return UnaryExpression("!", operand, INT)
        if op in ("-", "+", "~"):
            ctype = c_types.promote(operand.type)
            operand = convert(operand, ctype)
            if op == "+":
                return operand
            if isinstance(operand, IntConstant) and isinstance(ctype, IntegerType):
                return IntConstant(integers.unary(op, operand.value, ctype), ctype)
            return UnaryExpression(op, operand, ctype)
        raise self.unsupported(f"unary operator {op}", node)

    def _expr_BinaryOp(self, node: c_ast.BinaryOp) -> Expression:
        op = node.op
        if op in ("&&", "||"):
            result = self.temporary(INT)
            true_node, false_node, join = self.new_node(), self.new_node(), self.new_node()
            self.decide(None, node, true_node, false_node)
            for start, value in ((true_node, 1), (false_node, 0)):
                self.current = start if start.entering else None
                if self.current is not None:
                    self.add(
                        AssignmentEdge,
                        f"{result} = {value}",
                        lhs=result,
                        rhs=IntConstant(value, INT),
                    )
                    self.jump(join)
            self.current = join
            return result
        left = self._read_after(node.left, node.right)
        # the call test first: in a chain ``a + b + ... + z`` the right operand is the
        # small one, and walking the left every time made the chain quadratic
        if _calls_a_defined_function(
            node.right, self.scopes, self.context.functions
        ) and _reads_objects(left, self.reads_objects):
            return self._either_order(op, left, node)
        right = self.expression(node.right)
        return self.binary(op, left, right, node)

    def _either_order(self, op: str, left: Expression, node: c_ast.BinaryOp) -> Expression:
        """``left op right`` where ``right`` calls a function that may change what
        ``left`` reads: the read and the call are indeterminately sequenced (C11
        6.5.2.2p10), so the value is the one read before the call or the one read
        after, either. gcc -O0 reads a plain variable after the call and anything else
        before; the concrete interpreter follows that (:func:`order_choice_value`),
        so a counterexample that needs the other order is not confirmed."""
        before = self.temporary(left.type, left)
        right = self.expression(node.right)
        left_type, right_type = c_types.decay(left.type), c_types.decay(right.type)
        operand_type = left_type
        if c_types.is_arithmetic(left_type) and c_types.is_arithmetic(right_type):
            if op in ("<<", ">>"):
                operand_type = c_types.promote(left_type)
            else:
                operand_type = c_types.arithmetic_type(left_type, right_type)
        gcc_after = isinstance(left, VariableRef) and operand_type == left_type
        choice = self.temporary(INT, prefix=f"{ORDER_CHOICE}{'after' if gcc_after else 'before'}_")
        value = self.temporary(left.type)
        condition = BinaryExpression("!=", choice, IntConstant(0, INT), INT)
        self._select(condition, f"{choice} != 0", value, lambda: before, lambda: left)
        return self.binary(op, value, right, node)

    def _read_after(self, node: c_ast.Node, later: c_ast.Node) -> Expression:
        """``node`` lowered as an operand whose value is read only after ``later`` is
        evaluated (a left operand; an assignment's object)."""
        self.evaluated_later.append(later)
        try:
            return self.expression(node)
        finally:
            self.evaluated_later.pop()

    def binary(self, op: str, left: Expression, right: Expression, node=None) -> Expression:
        """``left op right`` with C's conversions made explicit (and constants folded)."""
        left_type, right_type = c_types.decay(left.type), c_types.decay(right.type)
        if op in ("+", "-") and (_is_void_pointer(left_type) or _is_void_pointer(right_type)):
            return self._void_pointer_arithmetic(op, left, right, node)
        arithmetic = c_types.is_arithmetic(left_type) and c_types.is_arithmetic(right_type)
        if op in _COMPARISONS:
            ctype: CType = INT
            addresses = self._addresses_compared(op, left, right)
            if addresses is not None:
                return self.binary(op, *addresses, node)
            if arithmetic:
                common = c_types.arithmetic_type(left_type, right_type)
                left, right = convert(left, common), convert(right, common)
            elif isinstance(left_type, PointerType) and _is_null(right):
                right = IntConstant(0, left_type)
            elif isinstance(right_type, PointerType) and _is_null(left):
                left = IntConstant(0, right_type)
        elif op in ("<<", ">>"):
            if not arithmetic:
                raise self.error(f"operands of {op} must be integers", node)
            ctype = c_types.promote(left_type)
            left, right = convert(left, ctype), convert(right, c_types.promote(right_type))
        elif op == "+" and isinstance(left_type, PointerType):
            ctype = left_type
        elif op == "+" and isinstance(right_type, PointerType):
            ctype = right_type
        elif op == "-" and isinstance(left_type, PointerType):
            if isinstance(right_type, PointerType):
                ctype = self.context.model.ptrdiff_t
            else:
                ctype = left_type
        elif op in _ARITHMETIC:
            if not arithmetic:
                raise self.error(f"invalid operands of {op} ({left_type} and {right_type})", node)
            ctype = c_types.arithmetic_type(left_type, right_type)
            left, right = convert(left, ctype), convert(right, ctype)
        else:
            raise self.unsupported(f"binary operator {op}", node)
        if (
            isinstance(left, IntConstant)
            and isinstance(right, IntConstant)
            and isinstance(left.type, IntegerType)
            and isinstance(right.type, IntegerType)
        ):
            try:
                value, folded_type = fold_binary(
                    op, (left.value, left.type), (right.value, right.type)
                )
            except integers.UndefinedOperation:
                pass  # left to the analysis, which knows what the undefined case does
            else:
                return IntConstant(value, folded_type)
        return BinaryExpression(op, left, right, ctype)

    def _void_pointer_arithmetic(
        self, op: str, left: Expression, right: Expression, node
    ) -> Expression:
        """gcc's arithmetic on ``void *`` (``sizeof (void)`` is 1): as on ``char *``,
        the result converted back to ``void *`` (a difference stays a ``ptrdiff_t``)."""
        as_bytes = [
            CastExpression(side, PointerType(c_types.CHAR))
            if _is_void_pointer(c_types.decay(side.type))
            else side
            for side in (left, right)
        ]
        result = self.binary(op, as_bytes[0], as_bytes[1], node)
        if isinstance(result.type, PointerType):
            return CastExpression(result, PointerType(VOID))
        return result

    def _addresses_compared(
        self, op: str, left: Expression, right: Expression
    ) -> tuple[Expression, Expression] | None:
        """The pointers behind ``(unsigned long) p == (unsigned long) q`` (or ``!=``, or
        one side the constant 0), CIL's spelling of a pointer comparison.

        A conversion to an integer at least as wide as a pointer keeps every address
        apart, so the integers are equal exactly when the pointers are; comparing the
        pointers needs no integer value for an address, which stays unsupported."""
        if op not in ("==", "!="):
            return None
        pointers = [self._converted_address(left), self._converted_address(right)]
        if pointers == [None, None]:
            return None
        for index, (side, other) in enumerate(((left, pointers[1]), (right, pointers[0]))):
            if pointers[index] is None and other is not None and _is_null(side):
                pointers[index] = IntConstant(0, c_types.decay(other.type))
        if pointers[0] is None or pointers[1] is None:
            return None
        return pointers[0], pointers[1]

    def _converted_address(self, expression: Expression) -> Expression | None:
        """``p`` if ``expression`` is ``(T) p`` for a pointer (or array, or function)
        ``p`` and an integer type ``T`` that holds every address."""
        if not isinstance(expression, CastExpression):
            return None
        target = expression.type
        if not isinstance(target, IntegerType) or target.name == "_Bool":
            return None
        if not isinstance(c_types.decay(expression.operand.type), PointerType):
            return None
        if target.bits < 8 * self.context.model.pointer_size:
            return None
        return expression.operand

    def _expr_Assignment(self, node: c_ast.Assignment) -> Expression:
        return self._held(self.assignment(node))

    def _held(self, stored: Expression) -> Expression:
        """The value an assignment or ``++``/``--`` just stored, read now: it is the
        expression's value (C11 6.5.16p3) even if the rest of the full expression changes
        the object later (``(i = 3) + f()`` with ``f`` setting ``i`` is 3, and gcc
        holds the value so). The object itself is read only when the enclosing
        expression is, which is the same value unless an operand evaluated in between
        may change it (``evaluated_later``, looked into only here: values of
        assignments are rarely used)."""
        if (
            not _is_scalar(c_types.decay(stored.type))
            or isinstance(stored, IntConstant)
            or not any(_may_have_effects(later) for later in self.evaluated_later)
        ):
            return stored
        return self.temporary(stored.type, stored)

    def assignment(self, node: c_ast.Assignment) -> Expression:
        self._check_destination_order(node)
        # the object is located when the store happens, after the right side (a value
        # stored inside it, ``*(p = q) = f()``, is held)
        lhs = self._read_after(node.lvalue, node.rvalue)
        text = self.text(node)
        if node.op == "=" and isinstance(node.rvalue, c_ast.FuncCall):
            if self._call_has_result(node.rvalue):
                self.call(node.rvalue, lhs=lhs, text=text)
                return lhs
        rhs = self.expression(node.rvalue)
        if node.op != "=":
            rhs = self.binary(node.op[:-1], lhs, rhs, node)
        self.at(node)
        self.add(AssignmentEdge, text, lhs=lhs, rhs=convert(rhs, lhs.type))
        return lhs

    def _check_destination_order(self, node: c_ast.Assignment) -> None:
        """Refuse an assignment whose destination may be located before or after a call
        on its right side with different results (C11 6.5.16p3: the operands are
        unsequenced, and the call indeterminately sequenced with the destination).

        The lowering locates a plain destination (``a[g]``, ``p->x``) when it stores,
        after the right side, as gcc does for ``a[g] += f()``; but the parts of a
        destination lowered into edges of their own (``a[g ? 1 : 0]``, ``a[g++]``,
        ``*p++``, ``a[k()]``) come before the call, where gcc evaluates them after it,
        and gcc locates ``a[g]`` in ``a[g] = f() + 0`` before the call (it folds the
        sum into a bare call, whose destination it locates first, as the lowering
        does). So where the callee could change what locating the destination reads,
        the order decides and the assignment is refused: unless the right side is a
        bare call with ``=``, or the destination is plain and the operator compound,
        or the destination reads only locals that no callee can change (automatic
        scalars whose address the function never takes)."""
        rvalue = node.rvalue
        if node.op == "=" and isinstance(rvalue, c_ast.FuncCall):
            return
        lowered_first = _lowered_into_edges(node.lvalue)
        if node.op != "=" and not lowered_first:
            return
        if not _calls_a_defined_function(rvalue, self.scopes, self.context.functions):
            return
        if self._locates_by_private_locals(node.lvalue):
            return
        raise self.unsupported(
            f"the destination '{self.text(node.lvalue)}' may be located before or after "
            "the call on the right side (unspecified order)",
            node,
        )

    def _locates_by_private_locals(self, lvalue: c_ast.Node) -> bool:
        """Whether locating ``lvalue`` reads only automatic scalar locals whose address
        the function never takes (no callee can change them) and no memory."""
        names: list[str] = []
        if not _location_reads(lvalue, names):
            return False
        for name in names:
            symbol = self.scopes.lookup(name)
            if isinstance(symbol, (EnumConstant, FunctionSymbol)):
                continue
            if not isinstance(symbol, Variable):
                return False
            if isinstance(symbol.type, ArrayType):
                continue  # its address, not a value a callee could change
            if symbol.is_global or name in self.addressed_names:
                return False
        return True

    def increment(self, node: c_ast.UnaryOp, used: bool) -> Expression:
        """Lower ``++``/``--``; its value if ``used``: a copy of the old value (postfix)
        or the new value (prefix, see :meth:`_held`)."""
        target = self.expression(node.expr)
        op = "+" if node.op in ("++", "p++") else "-"
        new_value = self.binary(op, target, IntConstant(1, INT), node)
        result = target
        if used and node.op.startswith("p"):
            result = self.temporary(target.type, target)
        self.at(node)
        new_value = convert(new_value, target.type)
        self.add(AssignmentEdge, f"{target} = {new_value}", lhs=target, rhs=new_value)
        if used and not node.op.startswith("p"):
            return self._held(target)
        return result

    def _expr_TernaryOp(self, node: c_ast.TernaryOp) -> Expression:
        if isinstance(node.iftrue, c_ast.ID) and node.iftrue.name == ELVIS_PLACEHOLDER:
            return self._elvis(node)
        true_value, false_value = self.unevaluated(node.iftrue), self.unevaluated(node.iffalse)
        if isinstance(true_value.type, VoidType) or isinstance(false_value.type, VoidType):
            self.effect(node)
            return IntConstant(0, VOID)
        result = self.temporary(self._conditional_result_type(true_value, false_value, node))
        ctype = result.type
        then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
        self.decide(node, node.cond, then_node, else_node)
        for start, arm in ((then_node, node.iftrue), (else_node, node.iffalse)):
            self.current = start if start.entering else None
            if self.current is None:
                continue
            value = convert(self.expression(arm), ctype)
            self.add(AssignmentEdge, f"{result} = {value}", lhs=result, rhs=value)
            self.jump(join)
        self.current = join
        return result

    def _conditional_result_type(
        self, true_value: Expression, false_value: Expression, node: c_ast.TernaryOp
    ) -> CType:
        """The type of the ``?:`` at ``node`` (:func:`_conditional_type`), or UNKNOWN."""
        ctype = _conditional_type(true_value, false_value)
        if ctype is None:
            raise self.unsupported("?: of pointers to different types", node)
        return ctype

    def _elvis(self, node: c_ast.TernaryOp) -> Expression:
        """GNU's ``a ?: b``: ``a`` evaluated once, its value if it is not zero, else ``b``
        (the type as for ``a ? a : b``)."""
        first = self.expression(node.cond)
        first_type = c_types.decay(first.type)
        held = self.temporary(first_type, convert(first, first_type))
        false_value = self.unevaluated(node.iffalse)
        if isinstance(false_value.type, VoidType) or isinstance(first_type, VoidType):
            raise self.unsupported("void operand of ?:", node)
        result = self.temporary(self._conditional_result_type(held, false_value, node))
        self._select(
            held,
            f"({self.text(node.cond)})",
            result,
            lambda: held,
            lambda: self.expression(node.iffalse),
        )
        return result

    def _select(
        self,
        condition: Expression,
        text: str,
        result: Variable,
        if_true: Callable[[], Expression],
        if_false: Callable[[], Expression],
    ) -> None:
        """``result`` assigned the value of ``if_true()`` where ``condition`` holds, else
        of ``if_false()``, each evaluated (with its side effects) on its own branch;
        ``text`` is the condition as the assume edges show it."""
        source = self.here()
        join = self.new_node()
        for truth, arm in ((True, if_true), (False, if_false)):
            start = self.new_node()
            label = f"[{'' if truth else '!'}{text}]"
            connect(
                AssumeEdge(source, start, self.line, label, condition, truth, column=self.column)
            )
            self.current = start
            value = convert(arm(), result.type)
            self.add(AssignmentEdge, f"{result} = {value}", lhs=result, rhs=value)
            self.jump(join)
        self.current = join

    def _expr_ExprList(self, node: c_ast.ExprList) -> Expression:
        for item in node.exprs[:-1]:
            self.effect(item)
        return _decayed(self.expression(node.exprs[-1]))  # a comma's value is an rvalue

    def _expr_Cast(self, node: c_ast.Cast) -> Expression:
        target = self.resolve_type(node.to_type)
        if isinstance(target, VoidType):
            self.effect(node.expr)
            return IntConstant(0, VOID)
        operand = self.expression(node.expr)
        if isinstance(operand.type, (ArrayType, FunctionType)) or not _is_scalar(target):
            return CastExpression(operand, target)
        return convert(operand, target, explicit=True)

    def _expr_ArrayRef(self, node: c_ast.ArrayRef) -> Expression:
        array = self.expression(node.name)
        index = self.expression(node.subscript)
        if not c_types.is_pointer_like(array.type) and c_types.is_pointer_like(index.type):
            array, index = index, array
        element = c_types.pointer_target(array.type)
        if element is None:
            raise self.error("subscript of a non-array", node)
        return ArraySubscript(array, index, element)

    def _expr_StructRef(self, node: c_ast.StructRef) -> Expression:
        base = self.expression(node.name)
        through_pointer = node.type == "->"
        struct_type = c_types.pointer_target(base.type) if through_pointer else base.type
        field = node.field.name
        path = c_types.member_path(struct_type, field) if struct_type else None
        if path is None:
            raise self.error(f"no field '{field}' in {struct_type}", node)
        for step in path:  # through the anonymous members that hold it
            assert isinstance(struct_type, StructType)
            field_type = struct_type.field_type(step)
            assert field_type is not None
            base = FieldAccess(base, step, through_pointer, field_type)
            through_pointer, struct_type = False, field_type
        if c_types.is_bit_field(field_type) and not c_types.is_modelled_bit_field(field_type):
            raise self.unsupported(f"bit-field of type {field_type}", node)
        return base

    def _expr_FuncCall(self, node: c_ast.FuncCall) -> Expression:
        result = self.call(node, lhs=None, text=self.text(node), want_value=True)
        return result if result is not None else IntConstant(0, VOID)

    def _expr_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> Expression:
        ctype = self.resolve_type(node.type)
        ctype = self._complete_array_type(ctype, node.init)
        value = self.initializer(node.init, ctype)
        self.temporaries += 1
        name = f"{COMPOUND_LITERAL_PREFIX}{self.temporaries}"
        nested = self._in_inner_block()
        variable = Variable(f"{self.function}::{name}", name, ctype, self.function, False, nested)
        self.add(DeclarationEdge, self.text(node), variable=variable, initializer=value)
        return VariableRef(variable, ctype)

    def _expr_Compound(self, node: c_ast.Compound) -> Expression:
        """GCC statement expression ``({ ...; e; })``: the value of the last statement.

        The value is copied into a temporary when it could still change: it is read
        after the statement expression ends, and later side effects of the enclosing
        expression (another statement expression, an assignment) must not alter it.
        """
        items = node.block_items or []
        self.scopes.push()
        try:
            for item in items[:-1]:
                self.statement(item)
            if not items:
                return IntConstant(0, VOID)
            last = items[-1]
            if type(last) in self._statement_handlers or isinstance(
                last, c_ast.AttributedStatement
            ):
                self.statement(last)
                return IntConstant(0, VOID)
            value = _decayed(self.expression(last))  # the value of an expression statement
            if isinstance(value, IntConstant) or not _is_scalar(value.type):
                return value
            return self.temporary(value.type, value)
        finally:
            self.scopes.pop()

    def _expr_InitList(self, node: c_ast.InitList) -> Expression:
        raise self.error("brace initializer outside of a declaration", node)

    def _expr_Typename(self, node: c_ast.Typename) -> Expression:
        raise self.error("type name used as a value", node)

    def _expr_GenericSelection(self, node: c_ast.GenericSelection) -> Expression:
        raise self.unsupported("_Generic", node)

    # ------------------------------------------------------------------------ calls
    def _callee_name(self, node: c_ast.FuncCall) -> str | None:
        """The name of the called function, or None for a call through a pointer."""
        callee = callee_designator(node)
        if not isinstance(callee, c_ast.ID):
            return None
        symbol = self.scopes.lookup(callee.name)
        if symbol is None or isinstance(symbol, FunctionSymbol):
            return callee.name
        return None

    def _call_has_result(self, node: c_ast.FuncCall) -> bool:
        """Whether the call can deliver its value directly into an lvalue."""
        name = self._callee_name(node)
        if name is None:
            return True
        return self._kind_of_call(name) == "call"

    def _kind_of_call(self, name: str) -> str:
        """How a call of ``name`` is lowered: ``target`` (the property names it),
        ``stop`` (ends the path), ``modelled`` (plain edges), ``call`` (an ordinary
        call, internal or external)."""
        if name in self.context.target_functions:
            return "target"
        if name in self.context.functions:
            return "call"
        if name in builtins.STOP_FUNCTIONS:
            return "stop"
        if builtins.is_modelled(name):
            return "modelled"
        return "call"

    def _as_assume_argument(self, argument: c_ast.Node) -> c_ast.Node:
        """The argument of ``__VERIFIER_assume`` converted to its parameter's integer
        type (``int`` without a prototype, as x86's calling convention passes it): a
        ``long`` 2^33 is 0 there, so the assumption fails."""
        declared = self._function_type("__VERIFIER_assume")
        parameter = declared.parameters[0] if declared and len(declared.parameters) == 1 else INT
        argument_type = self.type_of(argument)
        if (
            not isinstance(parameter, IntegerType)
            or not isinstance(argument_type, IntegerType)
            or argument_type.bits <= parameter.bits
            or parameter.name == "_Bool"
        ):
            return argument  # the truth value is the same
        spelled = c_ast.IdentifierType(parameter.name.split())
        to_type = c_ast.Typename(None, [], None, c_ast.TypeDecl(None, [], None, spelled))
        return c_ast.Cast(to_type, argument, argument.coord)

    def _arguments(
        self, node: c_ast.FuncCall, literal_text: bool = False
    ) -> tuple[Expression, ...]:
        """The arguments' values, evaluated last to first: C leaves the order open, and
        gcc (x86, ILP32 and LP64, -O0 and -O2) evaluates them right to left, so the
        model and a compiled run agree (and replay serves the inputs in that order).
        ``literal_text``: the callee has no body, so a string literal argument stays
        its text (no object: the callee can neither change it nor call back)."""
        if node.args is None:
            return ()
        exprs = node.args.exprs
        values: list[Expression] = []
        for position in range(len(exprs) - 1, -1, -1):
            self.literal_text = literal_text and _is_text(exprs[position])
            try:
                value = self.expression(exprs[position])
            finally:
                self.literal_text = False
            if not isinstance(value, IntConstant) and any(
                _may_have_effects(earlier) for earlier in exprs[:position]
            ):
                # read now: the arguments to its left, evaluated later, may change it
                value = self.temporary(value.type, value)
            values.append(value)
        return tuple(reversed(values))

    def call(
        self,
        node: c_ast.FuncCall,
        lhs: Expression | None,
        text: str,
        want_value: bool = False,
    ) -> Expression | None:
        """Lower a call; its value goes to ``lhs`` or (``want_value``) a temporary."""
        self.at(node)
        name = self._callee_name(node)
        if name is None:
            return self._pointer_call(node, lhs, text, want_value)
        construct = unsupported_call(name)
        if construct is not None:
            raise self.unsupported(construct, node)
        kind = self._kind_of_call(name)
        plan = self._memory_plan(name, node) if kind == "modelled" else None
        if isinstance(plan, str):
            kind = "call"  # bytes that typed stores cannot write: a call without a body
        if kind == "target":
            self.jump(self.sink(name), text)
            return None
        if kind == "stop":
            self._arguments(node, literal_text=True)
            self.at(node)
            self.jump(self.sink(), text)
            return None
        if kind == "modelled":
            if plan is None:
                value = self._modelled_call(name, node)
            elif name in builtins.MEMORY_FILL:
                value = self._fill(node, plan)
            else:
                value = self._copy(node, plan, overlap_allowed=name.endswith("memmove"))
            if lhs is not None and value is not None:
                self.add(AssignmentEdge, text, lhs=lhs, rhs=convert(value, lhs.type))
                return None
            return value
        function_type = self._function_type(name)
        arguments = self._arguments(node, literal_text=name not in self.context.functions)
        if function_type is not None and len(function_type.parameters) == len(arguments):
            arguments = tuple(
                convert(argument, c_types.decay(parameter))
                for argument, parameter in zip(arguments, function_type.parameters, strict=True)
            )
        self.at(node)
        if function_type is not None:
            return_type = function_type.return_type
        else:  # implicit declaration: int, or what a __VERIFIER_nondet_ name says
            implicit = builtins.implicit_type(name, self.context.model)
            if implicit is None and self.unevaluated_depth:
                # only the type is asked for (sizeof), and the call is never made to be
                # refused: gcc's builtins have types of their own (size_t, uint64_t...)
                raise self.unsupported(f"the type of a call to undeclared {name}()", node)
            return_type = implicit or INT
        result = None
        if lhs is None and want_value and not isinstance(return_type, VoidType):
            lhs = result = self.temporary(return_type)
        if name in self.context.functions:
            self.referenced_functions.add(name)
            self._into(
                lhs,
                return_type,
                text,
                lambda receiver: self._internal_call(name, arguments, receiver, text),
            )
        else:
            self.context.external_functions.add(name)
            self.add(
                ExternalCallEdge,
                text,
                function_name=name,
                arguments=arguments,
                lhs=lhs,
                return_type=return_type,
            )
            if name != "free" and any(_may_be_function(argument) for argument in arguments):
                self._callback_sink(name)
        return result

    def _callback_sink(self, name: str) -> None:
        """After a call that passes a function of the program to a function without
        a body (``atexit(h)``, ``qsort(..., cmp)``, ``signal(s, h)``), which may run
        it later, even after the path ends in ``exit``: a branch to a location that
        counts as a target, so that no analysis drops the path as one that cannot
        reach a target (large blocks do) before meeting the call, which the encoding
        refuses. Reached otherwise, it is reported as unsupported."""
        sink = self.new_node()
        sink.undefined = f"a function passed to {name}(), which may call it (unsupported)"
        connect(BlankEdge(self.here(), sink, self.line, f"{name}() may call back"))

    def _frozen(self, lvalue: Expression) -> Expression:
        """``lvalue`` with the values it reads to find its object (pointers, indices)
        taken into temporaries now, so that it designates the same object later."""
        if isinstance(lvalue, FieldAccess):
            if lvalue.through_pointer:
                base = self._snapshot(lvalue.base)
            else:
                base = self._frozen(lvalue.base)
            return FieldAccess(base, lvalue.field, lvalue.through_pointer, lvalue.type)
        if isinstance(lvalue, ArraySubscript):
            if isinstance(lvalue.array.type, ArrayType):
                array = self._frozen(lvalue.array)
            else:
                array = self._snapshot(lvalue.array)
            return ArraySubscript(array, self._snapshot(lvalue.index), lvalue.type)
        if isinstance(lvalue, Dereference):
            return Dereference(self._snapshot(lvalue.operand), lvalue.type)
        return lvalue

    def _snapshot(self, value: Expression) -> Expression:
        if isinstance(value, IntConstant):
            return value
        return self.temporary(value.type, value)

    # ------------------------------------------------------------ modelled functions
    def _modelled_call(self, name: str, node: c_ast.FuncCall) -> Expression | None:
        """The value of a call of a function of :data:`builtins.MODELLED` (None: void)."""
        args = node.args.exprs if node.args is not None else []
        overflow = builtins.overflow_builtin(name)
        if overflow is not None:
            return self._overflow_builtin(name, node, args, *overflow)
        if name in builtins.BYTE_SWAPS:
            if len(args) != 1:
                raise self.error(f"{name} takes one argument", node)
            return self._byte_swap(builtins.BYTE_SWAPS[name], self.expression(args[0]))
        bit_count = builtins.bit_count_builtin(name)
        if bit_count is not None:
            if len(args) != 1:
                raise self.error(f"{name} takes one argument", node)
            return self._bit_count(name, *bit_count, self.expression(args[0]))
        if name == "__VERIFIER_assume" or name == "assert":
            if len(args) != 1:
                raise self.error(f"{name} takes one argument", node)
            cont = self.new_node()
            # a failed assert calls __assert_fail: a target only if the property says so
            failed = None
            condition = args[0]
            if name == "assert":
                is_target = "__assert_fail" in self.context.target_functions
                failed = self.sink("__assert_fail" if is_target else None)
            else:
                condition = self._as_assume_argument(condition)
            self.decide(None, condition, cont, failed)
            self.current = cont if cont.entering else None
            return None
        if name in ("__builtin_expect", "__builtin_expect_with_probability"):
            if len(args) < 2:
                raise self.error(f"{name} takes two arguments", node)
            value = convert(self.expression(args[0]), self.context.model.long)
            for arg in args[1:]:
                self.effect(arg)
            return value
        if name == "__builtin_constant_p":
            if len(args) != 1:
                raise self.error(f"{name} takes one argument", node)
            folded = self.unevaluated(args[0])
            if isinstance(folded, (IntConstant, FloatConstant)):
                return IntConstant(1, INT)
            # gcc answers by what its own folding finds, at -O0 too (1 for ``x - x``,
            # ``x * 0`` or a string literal): unknown here, so either answer
            return self._either_zero_or_one()
        if name in ("abs", "labs", "llabs", "__builtin_abs", "__builtin_labs", "__builtin_llabs"):
            if len(args) != 1:
                raise self.error(f"{name} takes one argument", node)
            ctype = {"abs": INT, "labs": self.context.model.long, "llabs": c_types.LONGLONG}[
                name.removeprefix("__builtin_")
            ]
            return self._absolute_value(convert(self.expression(args[0]), ctype))
        if name == "__builtin_assume_aligned":
            if not args:
                raise self.error(f"{name} takes two or three arguments", node)
            value = self.expression(args[0])
            void_pointer = PointerType(VOID)  # gcc's result type, whatever the argument's
            if isinstance(value.type, (ArrayType, FunctionType)):
                value = CastExpression(value, void_pointer)
            else:
                value = convert(value, void_pointer, explicit=True)
            for arg in args[1:]:
                self.effect(arg)
            return value
        if name == "__builtin_prefetch":
            for arg in args:
                self.effect(arg)
            return None
        if name == "offsetof":
            return self._offsetof(node, args)
        raise AssertionError(f"no model for {name}")  # pragma: no cover - MODELLED is closed

    def _memory_plan(self, name: str, node: c_ast.FuncCall) -> tuple[CType, int] | str | None:
        """The plan of a ``memset``/``memcpy``/``memmove`` call (None: another function)."""
        if name in builtins.MEMORY_FILL:
            return self.fill_plan(node)
        if name in builtins.MEMORY_COPY:
            return self.copy_plan(node)
        return None

    def copy_plan(self, node: c_ast.FuncCall) -> tuple[CType, int] | str:
        """What ``memcpy(d, s, n)`` copies: ``n / sizeof(T)`` elements of the type ``T``
        that ``d`` and ``s`` both point to, leaf by leaf (or why it cannot: then the call
        stays a call without a body). Copying the scalar leaves copies the bytes that
        matter: padding is never read, and the checks before the accesses require the
        objects to hold what the pointers' types say."""
        args = node.args.exprs if node.args is not None else []
        if len(args) != 3:
            return "memcpy takes three arguments"
        types = [c_types.decay(self.type_of(arg)) for arg in args[:2]]
        if not isinstance(types[0], PointerType) or not isinstance(types[1], PointerType):
            return "memcpy of a value that is not a pointer"
        destination, source = types[0].target, types[1].target
        if c_types.access_key(destination) != c_types.access_key(source):
            return f"memcpy from a {types[1]} to a {types[0]}"
        return self._elements(destination, args[2], "memcpy", whole_unions=True)

    def _elements(
        self, element: CType, size_node: c_ast.Node, what: str, whole_unions: bool = False
    ) -> tuple[CType, int] | str:
        """``(element, count)`` if the constant ``size_node`` is ``count`` whole elements
        whose scalar leaves typed stores can write (else why not); ``whole_unions``: a
        union is a leaf, written whole (a copy carries all its bytes); else a union is
        filled through a member that covers its bytes (a ``memset``)."""
        element_size = c_types.size_of(element, self.context.model)
        size = self.unevaluated(size_node)
        if not isinstance(size, IntConstant):
            return f"{what} of a size that is not a constant"
        if not element_size or size.value <= 0 or size.value % element_size:
            return f"{what} of {size.value} bytes of {element}"
        try:
            fill_model = None if whole_unions else self.context.model
            leaves = _leaf_types(element, whole_unions, fill_model)
        except ValueError as reason:
            return f"{what} of {reason}"
        count = size.value // element_size
        if count * len(leaves) > MAX_FILL_STORES:
            return f"{what} of more than {MAX_FILL_STORES} scalars"
        for leaf in leaves:
            if isinstance(leaf, IntegerType) and leaf.size > 8:
                return f"{what} of a {leaf}"
        return element, count

    def _copy(
        self, node: c_ast.FuncCall, plan: tuple[CType, int], overlap_allowed: bool
    ) -> Expression:
        """``memcpy``/``memmove`` as leaf-wise copies (:meth:`copy_plan` accepted it);
        ``memcpy`` of overlapping bytes is undefined, ``memmove`` reads all first."""
        element, count = plan
        args = node.args.exprs
        text = self.text(node)
        pointer_type = PointerType(element)
        destination = self.temporary(pointer_type, convert(self.expression(args[0]), pointer_type))
        source = self.temporary(pointer_type, convert(self.expression(args[1]), pointer_type))
        self.expression(args[2])
        self.at(node)
        if not overlap_allowed:
            check = MemoryCheck("disjoint", destination, source, ArrayType(element, count), INT)
            apart, overlapping = self._split(check)
            overlapping.undefined = f"memcpy of overlapping bytes ('{text}')"
            self.current = apart
        pairs = []
        for index in range(count):
            to = _leaf_lvalues(ArraySubscript(destination, IntConstant(index, INT), element), True)
            of = _leaf_lvalues(ArraySubscript(source, IntConstant(index, INT), element), True)
            pairs.extend(zip(to, of, strict=True))
        if overlap_allowed:  # read every byte before writing any
            pairs = [(lhs, self.temporary(rhs.type, rhs)) for lhs, rhs in pairs]
        for lhs, rhs in pairs:
            self.at(node)
            self.add(AssignmentEdge, text, lhs=lhs, rhs=convert(rhs, lhs.type))
        return convert(destination, PointerType(VOID))

    def fill_plan(self, node: c_ast.FuncCall) -> tuple[CType, int] | str:
        """What ``memset(p, c, n)`` writes: ``n / sizeof(T)`` elements of ``p``'s
        pointee type ``T``, as typed stores of the byte ``c`` repeated; or why the bytes
        cannot be written so (then the call stays a call without a body).

        Typed stores are exact because every leaf is an integer or pointer that the
        bytes fill completely: padding is never read (the model has no byte access),
        and the stores go through the pointer, so the checks before them
        (:mod:`cpa.cfa.undefined`) catch a fill beyond the object."""
        args = node.args.exprs if node.args is not None else []
        if len(args) != 3:
            return "memset takes three arguments"
        pointer_type = c_types.decay(self.type_of(args[0]))
        if not isinstance(pointer_type, PointerType):
            return "memset of a value that is not a pointer"
        plan = self._elements(pointer_type.target, args[2], "memset")
        if isinstance(plan, str):
            return plan
        value = self.unevaluated(args[1])
        byte = value.value & 0xFF if isinstance(value, IntConstant) else None
        for leaf in _leaf_types(plan[0], fill_model=self.context.model):
            if isinstance(leaf, PointerType) and byte != 0:
                return "memset of a pointer with a byte other than 0"
            if isinstance(leaf, IntegerType) and leaf.name == "_Bool" and byte not in (0, 1):
                return "memset of a _Bool with a byte other than 0 or 1"
        return plan

    def _fill(self, node: c_ast.FuncCall, plan: tuple[CType, int]) -> Expression:
        """``memset`` as typed stores (:meth:`fill_plan` accepted it); its value is ``p``."""
        element, count = plan
        args = node.args.exprs
        text = self.text(node)
        pointer = self.temporary(
            PointerType(element), convert(self.expression(args[0]), PointerType(element))
        )
        value = self.expression(args[1])
        byte = (
            IntConstant(value.value & 0xFF, UCHAR)
            if isinstance(value, IntConstant)
            else self.temporary(UCHAR, convert(value, UCHAR))
        )
        self.expression(args[2])
        for index in range(count):
            element_lvalue = ArraySubscript(pointer, IntConstant(index, INT), element)
            for leaf in _leaf_lvalues(element_lvalue, fill_model=self.context.model):
                self.at(node)
                self.add(AssignmentEdge, text, lhs=leaf, rhs=self._filled(byte, leaf.type))
        return convert(pointer, PointerType(VOID))

    def _filled(self, byte: Expression, ctype: CType) -> Expression:
        """The value of a ``ctype`` whose bytes are all ``byte`` (an ``unsigned char``)."""
        if isinstance(ctype, PointerType) or c_types.size_of(ctype, self.context.model) == 1:
            return convert(byte, ctype)
        size = c_types.size_of(ctype, self.context.model) or 1
        repeated = self.binary(
            "*",
            convert(byte, ULONGLONG),
            IntConstant(int.from_bytes(b"\x01" * size, "little"), ULONGLONG),
        )
        return convert(repeated, ctype)

    def _offsetof(self, node: c_ast.FuncCall, args: list[c_ast.Node]) -> Expression:
        """``offsetof(type, member-designator)`` under the data model."""
        if len(args) != 2 or not isinstance(args[0], c_ast.Typename):
            raise self.error("offsetof takes a type and a member designator", node)
        model = self.context.model
        steps: list[c_ast.Node] = []
        designator = args[1]
        while isinstance(designator, (c_ast.StructRef, c_ast.ArrayRef)):
            steps.append(designator)
            designator = designator.name
        if not isinstance(designator, c_ast.ID):
            raise self.error("invalid member designator in offsetof", node)
        ctype = self.resolve_type(args[0])
        found = c_types.member_offset(ctype, designator.name, model)
        if found is None:
            raise self.unsupported(f"offsetof of a member of {ctype}", node)
        offset, ctype = found
        for step in reversed(steps):  # from the outermost member inwards
            if isinstance(step, c_ast.StructRef):
                found = c_types.member_offset(ctype, step.field.name, model)
            else:
                index = self.scopes.constant_value(step.subscript)
                element = ctype.element if isinstance(ctype, ArrayType) else None
                size = None if element is None else c_types.size_of(element, model)
                found = None if index is None or size is None else (index * size, element)
            if found is None:
                raise self.unsupported(f"offsetof of a member of {ctype}", node)
            offset += found[0]
            ctype = found[1]
        return IntConstant(offset, model.size_t)

    def _either_zero_or_one(self) -> Expression:
        """An unknown ``int`` that is 0 or 1 (no program input: a temporary that
        nothing assigns, so its value is unconstrained)."""
        unknown = self.temporary(INT)
        return BinaryExpression("!=", unknown, IntConstant(0, INT), INT)

    def _bit_count(
        self, name: str, operation: str, suffix: str, argument: Expression
    ) -> Expression:
        """gcc's ``__builtin_popcount``, ``parity``, ``ffs``, ``clz`` or ``ctz`` of
        ``argument`` (``suffix``: its width, "" ``unsigned int``, "l" ``unsigned long``,
        "ll" ``unsigned long long``; ``ffs`` takes the signed ones), exactly, as shifts,
        masks and sums of the argument as an unsigned word (no multiplication, which
        bit-blasting pays for). ``clz`` and ``ctz`` of 0 are undefined in gcc's manual
        (x86's instruction leaves a register unchanged): that path is undefined behaviour."""
        unsigned, signed = builtins.bit_count_types(suffix, self.context.model)
        if operation == "ffs":
            argument = convert(argument, signed)
        word = self.temporary(unsigned, convert(argument, unsigned))
        bits = 8 * unsigned.size
        zero = IntConstant(0, unsigned)
        if operation in ("clz", "ctz"):
            nonzero, zero_path = self._split(BinaryExpression("!=", word, zero, INT))
            zero_path.undefined = f"{name} of 0 (gcc: its result is undefined)"
            self.current = nonzero
        if operation == "clz":
            # every bit below the highest set one set, then count the others
            smeared: Expression = word
            shift = 1
            while shift < bits:
                smeared = self.temporary(
                    unsigned, self._binary("|", smeared, self._shifted(smeared, shift), unsigned)
                )
                shift *= 2
            count = self._population(smeared, unsigned)
            return BinaryExpression("-", IntConstant(bits, INT), count, INT)
        if operation == "ctz":  # the bits below the lowest set one
            below = self._binary(
                "&",
                UnaryExpression("~", word, unsigned),
                self._binary("-", word, IntConstant(1, unsigned), unsigned),
                unsigned,
            )
            return self._population(self.temporary(unsigned, below), unsigned)
        if operation == "ffs":  # the bits up to the lowest set one; 0 for 0
            upto = self._binary(
                "^", word, self._binary("-", word, IntConstant(1, unsigned), unsigned), unsigned
            )
            count = self._population(self.temporary(unsigned, upto), unsigned)
            # all ones where the word is not 0 (no multiplication to bit-blast)
            nonzero_mask = UnaryExpression("-", BinaryExpression("!=", word, zero, INT), INT)
            return BinaryExpression("&", nonzero_mask, count, INT)
        count = self._population(word, unsigned)
        if operation == "parity":
            return BinaryExpression("&", count, IntConstant(1, INT), INT)
        return count

    def _byte_swap(self, unsigned: IntegerType, argument: Expression) -> Expression:
        """gcc's ``__builtin_bswap16/32/64``: the argument as an unsigned word of
        ``bits`` bits (``unsigned short``, ``unsigned int``, ``unsigned long long``),
        its bytes in the opposite order, as shifts and masks of that word."""
        bits = 8 * unsigned.size
        # shifts and masks in a type at least as wide as int: a short promotes anyway
        wide = UINT if bits == 16 else unsigned
        word = self.temporary(wide, convert(convert(argument, unsigned), wide))
        swapped: Expression | None = None
        for byte in range(bits // 8):
            mask = IntConstant(0xFF << (8 * byte), wide)
            moved = 8 * (bits // 8 - 1 - 2 * byte)  # left by this much (right if negative)
            part = self._binary("&", word, mask, wide)
            shift = IntConstant(abs(moved), INT)
            if moved:
                part = BinaryExpression("<<" if moved > 0 else ">>", part, shift, wide)
            swapped = part if swapped is None else self._binary("|", swapped, part, wide)
        assert swapped is not None
        return convert(swapped, unsigned)

    @staticmethod
    def _binary(
        operator: str, left: Expression, right: Expression, ctype: IntegerType
    ) -> Expression:
        return BinaryExpression(operator, left, right, ctype)

    @staticmethod
    def _shifted(value: Expression, amount: int) -> Expression:
        return BinaryExpression(">>", value, IntConstant(amount, INT), value.type)

    def _population(self, word: Expression, unsigned: IntegerType) -> Expression:
        """The number of bits set in ``word`` (of the unsigned type ``unsigned``), an
        ``int``: sums of neighbouring bit fields, widened by halves (each step a
        temporary, so no term is repeated)."""
        bits = 8 * unsigned.size

        def mask(pattern: int) -> IntConstant:
            return IntConstant(int(f"{pattern:02x}" * unsigned.size, 16), unsigned)

        def step(value: Expression) -> VariableRef:
            return self.temporary(unsigned, value)

        pairs = step(
            self._binary(
                "-", word, self._binary("&", self._shifted(word, 1), mask(0x55), unsigned), unsigned
            )
        )
        nibbles = step(
            self._binary(
                "+",
                self._binary("&", pairs, mask(0x33), unsigned),
                self._binary("&", self._shifted(pairs, 2), mask(0x33), unsigned),
                unsigned,
            )
        )
        total: Expression = step(
            self._binary(
                "&",
                self._binary("+", nibbles, self._shifted(nibbles, 4), unsigned),
                mask(0x0F),
                unsigned,
            )
        )
        shift = 8
        while shift < bits:
            total = step(self._binary("+", total, self._shifted(total, shift), unsigned))
            shift *= 2
        counted = self._binary("&", total, IntConstant(0xFF, unsigned), unsigned)
        return convert(counted, INT)

    def _absolute_value(self, value: Expression) -> Expression:
        """``value < 0 ? -value : value`` in the type of ``value`` (wraps like gcc's
        ``abs(INT_MIN)``)."""
        ctype = value.type
        operand = value if _is_pure_cheap(value) else self.temporary(ctype, value)
        result = self.temporary(ctype)
        negative = BinaryExpression("<", operand, IntConstant(0, ctype), INT)
        self._select(
            negative,
            f"({negative})",
            result,
            lambda: UnaryExpression("-", operand, ctype),
            lambda: operand,
        )
        return result

    def _overflow_builtin(
        self,
        name: str,
        node: c_ast.FuncCall,
        args: list[c_ast.Node],
        operator: str,
        predicate: bool,
        operand_type: str | None,
        signed: bool,
    ) -> Expression:
        """``__builtin_add_overflow(a, b, &r)`` and friends, exactly.

        The result of ``a op b`` in infinite precision (a wide internal type holds it)
        is converted to ``r``'s type and stored; the call's value says whether the
        conversion changed it. The ``_p`` forms only take the type of the third argument.
        """
        if len(args) != 3:
            raise self.error(f"{name} takes three arguments", node)
        left, right = self.expression(args[0]), self.expression(args[1])
        if operand_type is not None:
            names = (["unsigned"] if not signed else []) + operand_type.split()
            fixed = c_types.base_type(names, self.context.model)
            assert fixed is not None
            left, right = convert(left, fixed), convert(right, fixed)
        target: Expression | None = None
        if predicate:
            # gcc: "the value of the third argument is ignored, just the side effects
            # in the third argument are evaluated"; a bit-field's own width would be
            # the precision (bit-fields are not modelled)
            if _is_bit_field(args[2], self):
                raise self.unsupported(f"{name} with a bit-field as third argument", node)
            result_type = self.type_of(args[2])
            self.effect(args[2])
        else:
            pointer = self.expression(args[2])
            if not isinstance(pointer, AddressOf):
                raise self.unsupported(f"{name} storing through a pointer value", node)
            target = pointer.operand
            result_type = target.type
        for operand in (left, right):
            if not isinstance(operand.type, IntegerType):
                raise self.error(f"{name} needs integer operands", node)
        if not isinstance(result_type, IntegerType) or result_type.name == "_Bool":
            raise self.error(f"{name} needs an integer result type", node)
        wide = _wide_type(operator, left.type, right.type)
        exact = BinaryExpression(operator, convert(left, wide), convert(right, wide), wide)
        exact = self.temporary(wide, exact)
        converted = CastExpression(exact, result_type)
        overflow = BinaryExpression("!=", CastExpression(converted, wide), exact, INT)
        flag = self.temporary(c_types.BOOL, convert(overflow, c_types.BOOL))
        if target is not None:
            self.add(AssignmentEdge, f"{target} = {converted}", lhs=target, rhs=converted)
        return flag

    def _pointer_call(
        self, node: c_ast.FuncCall, lhs: Expression | None, text: str, want_value: bool
    ) -> Expression | None:
        callee = node.name
        # ``(*fp)(x)`` is ``fp(x)``: a function pointer dereferenced is the function,
        # which decays back to the pointer. A ``*`` whose operand is a pointer to a
        # function pointer loads that pointer (``(*pf)(x)`` with ``op_t *pf``) and stays.
        while (
            isinstance(callee, c_ast.UnaryOp)
            and callee.op == "*"
            and _is_function_designator_or_pointer(self.type_of(callee.expr))
        ):
            callee = callee.expr
        pointer = self.expression(callee)
        arguments = self._arguments(node)
        self.at(node)
        function_type = c_types.pointer_target(pointer.type)
        if isinstance(function_type, FunctionType):
            return self._dispatch(pointer, function_type, arguments, lhs, text, want_value)
        return_type = INT
        result = None
        if lhs is None and want_value:
            lhs = result = self.temporary(return_type)
        self.add(
            ExternalCallEdge,
            text,
            function_name=POINTER_CALL,
            arguments=arguments,
            lhs=lhs,
            function_pointer=pointer,
            return_type=return_type,
        )
        return result

    def _dispatch(
        self,
        pointer: Expression,
        function_type: FunctionType,
        arguments: tuple[Expression, ...],
        lhs: Expression | None,
        text: str,
        want_value: bool,
    ) -> Expression | None:
        """A call through ``pointer``: a branch per function with a body whose address
        the program takes and whose type matches (``pointer == &f``: call ``f``); any
        other value (null, a function without a body, data, a function of another
        type) is undefined behaviour or unknown code, an undefined-behaviour location
        here (:mod:`cpa.cfa.undefined`)."""
        return_type = function_type.return_type
        returns = not isinstance(return_type, VoidType)
        result = None
        if lhs is None and want_value and returns:
            lhs = result = self.temporary(return_type)
        self._into(
            lhs if returns else None,
            return_type,
            text,
            lambda receiver: self._branch_to_callees(
                pointer, function_type, arguments, receiver, text
            ),
        )
        return result

    def _branch_to_callees(
        self,
        pointer: Expression,
        function_type: FunctionType,
        arguments: tuple[Expression, ...],
        receiver: Expression | None,
        text: str,
    ) -> None:
        """``[pointer == &f]`` then a call of ``f``, for each possible callee. The
        branches are built once every function has been read (:meth:`build_dispatches`):
        a callee may be defined after the caller with no declaration before it, and its
        type is known only then."""
        start, join = self.here(), self.new_node()
        branches = functools.partial(
            self._dispatch_branches, join, pointer, function_type, arguments, receiver, text
        )
        site = (start, (self.line, self.column), branches)
        if self.unevaluated_depth:  # sizeof, typeof: nodes that are dropped at once
            self._build_at(*site)
        else:
            self.pending_dispatches.append(site)
        self.current = join

    def build_dispatches(self) -> None:
        """The branches of this function's calls through pointers (see
        :meth:`_branch_to_callees`)."""
        pending, self.pending_dispatches = self.pending_dispatches, []
        for site in pending:
            self._build_at(*site)

    def _build_at(
        self, start: CFANode, position: tuple[int, int], build: Callable[[], None]
    ) -> None:
        """``build()`` from ``start``, at the source position of the call it lowers."""
        saved = self.current, (self.line, self.column)
        self.current, (self.line, self.column) = start, position
        try:
            build()
        finally:
            self.current, (self.line, self.column) = saved

    def _dispatch_branches(
        self,
        join: CFANode,
        pointer: Expression,
        function_type: FunctionType,
        arguments: tuple[Expression, ...],
        receiver: Expression | None,
        text: str,
    ) -> None:
        for name in sorted(self.context.address_taken_functions):
            callee_type = self._function_type(name)
            if callee_type is None or not _callable_as(callee_type, function_type, arguments):
                continue
            condition = BinaryExpression("==", pointer, FunctionRef(name, callee_type), INT)
            taken, other = self._split(condition)
            self.current = taken
            if name in self.context.target_functions:  # the property's call, as by name
                self.jump(self.sink(name), text)
            else:
                converted = tuple(
                    convert(argument, c_types.decay(parameter))
                    for argument, parameter in zip(arguments, callee_type.parameters, strict=True)
                )
                self.referenced_functions.add(name)
                self._internal_call(name, converted, receiver, text)
                self.jump(join)
            self.current = other
        invalid = self.new_node()
        invalid.undefined = (
            f"call through '{pointer}' that points to no function of type {function_type}"
        )
        self.jump(invalid)

    def _split(self, condition: Expression) -> tuple[CFANode, CFANode]:
        """Two new locations after the current one: where ``condition`` holds, and
        where it does not (the current location is left unchanged)."""
        holds, fails = self.new_node(), self.new_node()
        source = self.here()
        connect(AssumeEdge(source, holds, self.line, f"[{condition}]", condition=condition))
        connect(
            AssumeEdge(
                source, fails, self.line, f"[!({condition})]", condition=condition, truth=False
            )
        )
        return holds, fails

    def _into(
        self,
        lhs: Expression | None,
        return_type: CType,
        text: str,
        call: Callable[[Expression | None], None],
    ) -> None:
        """Emit ``call(receiver)``, which stores the result into ``receiver``. A
        destination through a pointer or index (``a[i] = f()``, ``*p = f()``: the callee
        may change ``i`` or ``p``) is the one before the call, as gcc evaluates it (C
        leaves the order open): the result goes to a temporary, stored there after."""
        if lhs is None or isinstance(lhs, VariableRef):
            call(lhs)
            return
        line = self.line, self.column
        destination = self._frozen(lhs)
        value = self.temporary(return_type)
        call(value)
        self.line, self.column = line
        self.add(AssignmentEdge, text, lhs=destination, rhs=convert(value, lhs.type))

    def _function_type(self, name: str) -> FunctionType | None:
        symbol = self.scopes.lookup(name)
        if isinstance(symbol, FunctionSymbol):
            return symbol.type
        return self.context.function_types.get(name)

    def _internal_call(
        self, name: str, arguments: tuple[Expression, ...], lhs: Expression | None, text: str
    ) -> None:
        callee = self.context.functions[name]
        call_node = self.here()
        return_node = self.new_node()
        call_edge = connect(
            FunctionCallEdge(
                call_node, callee.entry, self.line, text, name, arguments, column=self.column
            )
        )
        return_edge = connect(
            FunctionReturnEdge(callee.exit, return_node, self.line, text, name, column=self.column)
        )
        summary = connect(
            CallSummaryEdge(
                call_node, return_node, self.line, text, name, arguments, lhs, column=self.column
            )
        )
        summary.call_edge = call_edge
        summary.return_edge = return_edge
        call_edge.summary = summary
        return_edge.summary = summary
        self.current = return_node


_UNKNOWN_FN = FunctionType(INT, (), True)


def _is_bit_field(node: c_ast.Node, lowering: FunctionLowering) -> bool:
    """Whether ``node`` names a bit-field member (a cast of one has the cast's type)."""
    return isinstance(node, c_ast.StructRef) and c_types.is_bit_field(lowering.type_of(node))


def _is_function_designator_or_pointer(ctype: CType) -> bool:
    """Whether dereferencing a value of ``ctype`` gives a function (which decays back)."""
    return isinstance(ctype, FunctionType) or (
        isinstance(ctype, PointerType) and isinstance(ctype.target, FunctionType)
    )


def _wide_type(operator: str, left: IntegerType, right: IntegerType) -> IntegerType:
    """An internal signed type wide enough for the exact result of ``left operator
    right`` (the ``__builtin_*_overflow`` family): a byte more than the wider operand
    for ``+`` and ``-``, than twice it for ``*`` (two ``__int128`` operands need 257
    bits; a fixed 136 bits took ``2^68 * 2^68`` for 0, without overflow)."""
    size = max(left.size, right.size)
    size = 2 * size + 1 if operator == "*" else size + 1
    return IntegerType(f"__cpa_wide_int{8 * size}", size, True)


def _is_scalar(ctype: CType) -> bool:
    return isinstance(ctype, (IntegerType, PointerType, FloatType))


#: the most scalar stores one ``memset``/``memcpy``/``memmove`` is lowered into: each
#: store gets its own checks, so a large fill as straight-line code swamps the CFA (a
#: 1022-byte ``memset`` in ``cdaudio`` made large-block encoding take 30 s)
MAX_FILL_STORES = 64


def _leaf_types(
    ctype: CType, whole_unions: bool = False, fill_model: DataModel | None = None
) -> list[CType]:
    """The scalar leaves of ``ctype`` in layout order (ValueError: it has none that
    typed stores can fill: see :func:`_leaf_lvalues`)."""
    base = IntConstant(0, ctype)
    return [leaf.type for leaf in _leaf_lvalues(base, whole_unions, fill_model)]


def _through_anonymous_members(ctype: CType, designators: list[c_ast.Node]) -> list[c_ast.Node]:
    """``.x`` naming a member of an anonymous member ``__cpa_anon_k`` of ``ctype`` as
    ``.__cpa_anon_k.x``: the items after it go on in that member (C11 6.7.9p17)."""
    first = designators[0]
    if not isinstance(first, c_ast.ID) or not isinstance(ctype, StructType):
        return designators
    path = c_types.member_path(ctype, first.name)
    if path is None or len(path) == 1:
        return designators
    steps: list[c_ast.Node] = [c_ast.ID(step, first.coord) for step in path[:-1]]
    return [*steps, *designators]


def _leaf_lvalues(
    base: Expression, whole_unions: bool = False, fill_model: DataModel | None = None
) -> list[Expression]:
    """The scalar members and elements of the lvalue ``base``, as lvalues (ValueError:
    bit-fields, a float, an unknown length, or a union neither case below covers).

    With ``whole_unions``, a complete union is one leaf (copied as union assignment
    copies it: all its bytes; one the encoding does not model is refused where it is
    accessed). With ``fill_model`` (a ``memset``: every byte gets the same value), a
    union is the leaves of its first member whose leaves cover the bytes of all members
    under that data model: writing them writes every byte the other members read
    (``union { int c; unsigned char b[4]; }``); a member with padding would leave bytes
    unwritten, so a union without such a member is refused."""
    ctype = base.type
    if isinstance(ctype, ArrayType):
        if ctype.length is None:
            raise ValueError(f"an array of unknown length ({ctype})")
        found: list[Expression] = []
        for index in range(ctype.length):
            element = ArraySubscript(base, IntConstant(index, INT), ctype.element)
            found.extend(_leaf_lvalues(element, whole_unions, fill_model))
            if len(found) > MAX_FILL_STORES:
                raise ValueError(f"more than {MAX_FILL_STORES} scalars")
        return found
    if isinstance(ctype, StructType):
        if whole_unions and ctype.kind == "union" and ctype.fields is not None:
            return [base]
        if fill_model is not None and ctype.kind == "union" and ctype.fields is not None:
            return _covering_member_leaves(base, ctype, fill_model)
        if ctype.kind != "struct" or ctype.fields is None or ctype.bit_fields:
            raise ValueError(f"a {ctype} (a union, incomplete, or with bit-fields)")
        found = []
        for name, field_type in ctype.fields:
            if not name:
                raise ValueError(f"a {ctype} with an anonymous member")
            member = FieldAccess(base, name, False, field_type)
            found.extend(_leaf_lvalues(member, whole_unions, fill_model))
        return found
    if isinstance(ctype, (IntegerType, PointerType)):
        return [base]
    raise ValueError(f"a {ctype}")


def _covering_member_leaves(base: Expression, union: StructType, model: DataModel):
    """The leaves of the first member of ``union`` whose leaves fill all the bytes its
    members occupy (:func:`_leaf_lvalues` with ``fill_model``); ValueError if none does."""
    # the bytes past the largest member are padding, which no member reads
    size = max((c_types.size_of(member, model) or 0 for _, member in union.fields or []), default=0)
    if union.bit_fields:
        raise ValueError(f"a {union} with bit-fields")
    for name, member_type in union.fields or []:
        try:
            leaves = _leaf_lvalues(FieldAccess(base, name, False, member_type), False, model)
        except ValueError:
            continue
        if sum(c_types.size_of(leaf.type, model) or 0 for leaf in leaves) == size:
            return leaves
    raise ValueError(f"a {union} without a member that covers all its bytes")


#: the prefix of the temporary that chooses between an operand's value read before a
#: call in the other operand and the value read after it (``_either_order``); the word
#: after it says which one gcc takes
ORDER_CHOICE = "__cpa_order_"


def order_choice_value(name: str) -> int | None:
    """For the (unassigned) order-choice temporary ``name``, the value that makes the
    choice gcc's (1: the read before the call); None for any other variable."""
    local = name.rpartition("::")[2]
    if not local.startswith(ORDER_CHOICE):
        return None
    return 0 if local.startswith(ORDER_CHOICE + "after") else 1


def _calls_a_defined_function(node: c_ast.Node, scopes: Scopes, functions: Container) -> bool:
    """Whether evaluating ``node`` may call a function with a body (which may change
    variables; a function without one changes none), directly or through a pointer."""
    if isinstance(node, c_ast.FuncCall):
        if not isinstance(node.name, c_ast.ID) or node.name.name in functions:
            return True
        if not isinstance(scopes.lookup(node.name.name), (FunctionSymbol, type(None))):
            return True  # a call through a pointer variable
    if isinstance(node, c_ast.UnaryOp) and node.op in c_types.MEASURING_OPERATORS:
        return False
    return any(_calls_a_defined_function(child, scopes, functions) for _, child in node.children())


def names_with_address_taken(body: c_ast.Node) -> frozenset[str]:
    """The names ``&`` is applied to anywhere in ``body`` (``&x``, ``&x.f``, ``&x[i]``):
    a callee may change such an object through the pointer."""
    names: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            base = node.expr
            while isinstance(base, (c_ast.ArrayRef, c_ast.StructRef)):
                base = base.name
            if isinstance(base, c_ast.ID):
                names.add(base.name)
        stack.extend(child for _, child in node.children())
    return frozenset(names)


def _lowered_into_edges(node: c_ast.Node) -> bool:
    """Whether lowering ``node`` emits edges of its own before its value is used: an
    effect (:func:`_may_have_effects`), a conditional or ``&&``/``||`` inside it."""
    return _may_have_effects(node) or _branches(node)


def _branches(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.TernaryOp):
        return True
    if isinstance(node, c_ast.BinaryOp) and node.op in ("&&", "||"):
        return True
    if isinstance(node, c_ast.UnaryOp) and node.op in c_types.MEASURING_OPERATORS:
        return False
    return any(_branches(child) for _, child in node.children())


def _location_reads(lvalue: c_ast.Node, names: list[str]) -> bool:
    """Collect into ``names`` the identifiers whose values locating ``lvalue`` reads
    (its indices, the pointers it goes through; not the object itself, nor an array
    it is an element of); False if it also reads memory (a dereference, a subscript of
    anything but a named array, ``->``)."""
    if isinstance(lvalue, c_ast.ID):
        return True
    if isinstance(lvalue, c_ast.StructRef):
        if lvalue.type == ".":
            return _location_reads(lvalue.name, names)
        return _value_reads(lvalue.name, names)  # p->f: the pointer's value
    if isinstance(lvalue, c_ast.UnaryOp) and lvalue.op == "*":
        return _value_reads(lvalue.expr, names)  # *p: the pointer's value
    if isinstance(lvalue, c_ast.ArrayRef):
        base = lvalue.name
        if isinstance(base, c_ast.ID):
            names.append(base.name)  # an array (a constant address) or a pointer's value
        elif not (isinstance(base, c_ast.StructRef) and _location_reads(base, names)):
            return False  # a[i][j], f()[i], ...: may read a pointer from memory
        return _value_reads(lvalue.subscript, names)
    return False


def _value_reads(node: c_ast.Node, names: list[str]) -> bool:
    """Collect the identifiers ``node``'s value reads; False if it reads memory."""
    if isinstance(node, c_ast.ID):
        names.append(node.name)
        return True
    if isinstance(node, c_ast.UnaryOp) and node.op in c_types.MEASURING_OPERATORS:
        return True
    if isinstance(node, c_ast.UnaryOp) and node.op == "*":
        return False
    if isinstance(node, (c_ast.ArrayRef, c_ast.FuncCall, c_ast.Compound)):
        return False
    if isinstance(node, c_ast.StructRef):
        return False if node.type == "->" else _value_reads(node.name, names)
    if isinstance(node, c_ast.Cast):
        return _value_reads(node.expr, names)
    return all(_value_reads(child, names) for _, child in node.children())


def _reads_objects(expression: Expression, known: dict[int, tuple[Expression, bool]]) -> bool:
    """Whether ``expression`` reads a program variable or memory (not only temporaries
    and constants); ``known``: the answers so far, by identity."""
    if isinstance(expression, VariableRef):
        return not expression.variable.c_name.startswith("__cpa_")
    if isinstance(expression, (Dereference, FieldAccess, ArraySubscript)):
        return True
    entry = known.get(id(expression))
    if entry is not None:
        return entry[1]
    answer = any(_reads_objects(child, known) for child in expression.children())
    known[id(expression)] = (expression, answer)
    return answer


def _initializer_items(init: c_ast.InitList, items: list[c_ast.Node]) -> bool:
    """Collect the expressions of a brace initialiser (nested lists flattened) into
    ``items``; whether it has a designator."""
    designated = False
    for named in init.exprs:
        designated = designated or isinstance(named, c_ast.NamedInitializer)
        item = _item_value(named)
        if isinstance(item, c_ast.InitList):
            designated = _initializer_items(item, items) or designated
        else:
            items.append(item)
    return designated


def _may_have_effects(node: c_ast.Node, calls: bool = True) -> bool:
    """Whether evaluating ``node`` may change a variable: an assignment, ``++`` or
    ``--``, and (``calls``) a call or a statement expression; ``sizeof`` operands are
    included with ``calls``, which only costs a temporary."""
    if isinstance(node, c_ast.Assignment):
        return True
    if calls and isinstance(node, (c_ast.FuncCall, c_ast.Compound)):
        return True
    if isinstance(node, c_ast.UnaryOp):
        if node.op in ("++", "--", "p++", "p--"):
            return True
        if not calls and node.op in c_types.MEASURING_OPERATORS:
            return False
    return any(_may_have_effects(child, calls) for _, child in node.children())


def _is_null(expression: Expression) -> bool:
    """The constant 0 of any scalar type: the integer 0 or a null pointer of any type
    (``(int *) 0`` too), which compare alike with a pointer; C's narrower notion of a
    null pointer constant, which decides the type of ``?:``, is :func:`_is_null_constant`."""
    return isinstance(expression, IntConstant) and expression.value == 0


def _is_void_pointer(ctype: CType) -> bool:
    return isinstance(ctype, PointerType) and isinstance(ctype.target, VoidType)


def _decayed(value: Expression) -> Expression:
    """``value`` as an rvalue: an array or a function becomes a pointer to its first
    element or to itself (``sizeof (0, a)`` is a pointer's size, not the array's)."""
    if isinstance(value.type, (ArrayType, FunctionType)):
        return CastExpression(value, c_types.decay(value.type))
    return value


def convert(expression: Expression, ctype: CType, explicit: bool = False) -> Expression:
    """``expression`` converted to the scalar type ``ctype`` (as by assignment).

    Integer constants are converted at once (modulo 2^width, as gcc does); the
    constant 0 becomes a null pointer, and a null pointer converted to an integer is 0. Other conversions are a :class:`CastExpression`
    (the identity when the types agree). Arrays and functions keep their decayed
    value. ``explicit``: a cast written in the program (kept even between pointers).
    """
    source = expression.type
    if source == ctype or not _is_scalar(ctype):
        return expression
    if isinstance(source, (ArrayType, FunctionType)):
        return expression
    if isinstance(expression, IntConstant):
        if isinstance(ctype, IntegerType) and isinstance(source, IntegerType):
            return IntConstant(integers.wrap(expression.value, ctype), ctype)
        if isinstance(ctype, PointerType) and expression.value == 0:
            return IntConstant(0, ctype)
        if isinstance(ctype, IntegerType) and isinstance(source, PointerType):
            if expression.value == 0:  # the null pointer is the address 0 (gcc, x86)
                return IntConstant(0, ctype)
    if not explicit and isinstance(source, PointerType) and isinstance(ctype, PointerType):
        return expression  # pointers to different types have the same representation
    return CastExpression(expression, ctype)


def _is_pure_cheap(expression: Expression) -> bool:
    return isinstance(expression, (VariableRef, IntConstant))


def zero_value(ctype: CType) -> Expression:
    """The value of a zero-initialised object: ``0`` for scalars, ``{}`` for aggregates
    but unions, ``{0}`` for a union: its first member is zero (C11 6.7.9p10), and
    ``{}`` would leave a union in an automatic object all indeterminate."""
    if isinstance(ctype, FloatType):
        return FloatConstant("0.0", ctype)
    if c_types.is_union(ctype) and ctype.fields:  # type: ignore[union-attr]
        return InitializerList((zero_value(ctype.fields[0][1]),), ctype)  # type: ignore[union-attr]
    if isinstance(ctype, (ArrayType, StructType)):
        return InitializerList((), ctype)
    return IntConstant(0, ctype)


def _conditional_type(true_value: Expression, false_value: Expression) -> CType | None:
    """The type of ``c ? a : b`` for non-void operands (C11 6.5.15): the usual
    arithmetic conversions; for two pointers, the other's type where one is a null
    pointer constant, else ``void *`` where one points to void, else their common type;
    a pointer's type beside an integer (a null pointer constant). None for pointers to
    two different types (gcc makes that ``void *`` with a warning; not modelled)."""
    true_type, false_type = c_types.decay(true_value.type), c_types.decay(false_value.type)
    if c_types.is_arithmetic(true_type) and c_types.is_arithmetic(false_type):
        return c_types.arithmetic_type(true_type, false_type)
    if isinstance(true_type, PointerType) and isinstance(false_type, PointerType):
        true_null, false_null = _is_null_constant(true_value), _is_null_constant(false_value)
        if true_null != false_null:
            return false_type if true_null else true_type
        for ctype in (true_type, false_type):
            if isinstance(ctype.target, VoidType):
                return ctype
        return true_type if true_type == false_type else None
    if isinstance(true_type, PointerType):
        return true_type
    return false_type


def _is_null_constant(expression: Expression) -> bool:
    """A null pointer constant in C's sense: an integer constant 0, or one cast to
    ``void *`` (``(int *) 0`` is a null pointer, but not such a constant)."""
    if not (isinstance(expression, IntConstant) and expression.value == 0):
        return False
    ctype = expression.type
    return isinstance(ctype, IntegerType) or (
        isinstance(ctype, PointerType) and isinstance(ctype.target, VoidType)
    )


def _may_be_function(value: Expression) -> bool:
    """Whether ``value`` may be, or lead to, a function of the program: a function, a
    pointer to one, a pointer to data that holds one (``&ops`` with a member
    ``void (*cb)(void)``), also converted (``(void *) h``)."""
    while True:
        ctype = c_types.decay(value.type)
        if isinstance(ctype, FunctionType) or _leads_to_function(ctype, set()):
            return True
        if not isinstance(value, CastExpression):
            return False
        value = value.operand


def _leads_to_function(ctype: CType, seen: set[int]) -> bool:
    """Whether a value of ``ctype`` may hold a function pointer or point (through any
    chain of pointers, members and elements) to one."""
    if id(ctype) in seen:
        return False
    seen.add(id(ctype))
    if isinstance(ctype, PointerType):
        return isinstance(ctype.target, FunctionType) or _leads_to_function(ctype.target, seen)
    if isinstance(ctype, ArrayType):
        return _leads_to_function(ctype.element, seen)
    if isinstance(ctype, StructType):
        return any(_leads_to_function(field, seen) for _, field in ctype.fields or ())
    return False


def _is_case_range(node: c_ast.Node) -> bool:
    return (
        isinstance(node, c_ast.FuncCall)
        and isinstance(node.name, c_ast.ID)
        and node.name.name == CASE_RANGE_PLACEHOLDER
        and node.args is not None
        and len(node.args.exprs) == 2
    )


#: the elements of an aggregate an initialiser gave so far, by position: a value, or
#: the slots of a member that designators initialise in part
_Slots = dict[int, "Expression | _Slots"]


def _assembled(ctype: CType, slots: _Slots) -> InitializerList:
    """The initialiser list of ``slots`` (a member not given is zero; a union's one
    slot is the member it initialises)."""
    if not slots:
        return zero_value(ctype)  # type: ignore[return-value]
    if c_types.is_union(ctype) and len(slots) == 1:  # more: refused where encoded
        ((member, value),) = slots.items()
        member_type = ctype.fields[member][1]  # type: ignore[union-attr]
        if isinstance(value, dict):
            value = _assembled(member_type, value)
        return InitializerList((value,), ctype, member)
    element_types, _ = _members(ctype)
    elements = []
    for position in range(max(slots) + 1 if slots else 0):
        element = _element_type(ctype, element_types, position)
        value = slots.get(position)
        if value is None:
            value = zero_value(element)
        elif isinstance(value, dict):
            value = _assembled(element, value)
        elements.append(value)
    return InitializerList(tuple(elements), ctype)


def _members(ctype: CType) -> tuple[list[CType] | None, list[str] | None]:
    """The member types and names of a struct, of a union (its first member, the one a
    brace initialiser initialises), None, None for an array; a scalar is its own."""
    if isinstance(ctype, StructType) and ctype.kind == "struct" and ctype.fields:
        return [t for _, t in ctype.fields], [n for n, _ in ctype.fields]
    if isinstance(ctype, ArrayType):
        return None, None
    if isinstance(ctype, StructType) and ctype.fields:
        return [ctype.fields[0][1]], [ctype.fields[0][0]]
    return [ctype], None


def _item_value(item: c_ast.Node) -> c_ast.Node:
    return item.expr if isinstance(item, c_ast.NamedInitializer) else item


def callee_designator(node: c_ast.FuncCall) -> c_ast.Node:
    """The callee of a call without the ``*`` and ``&`` that leave a function
    designator one (``(*f)()``, ``(&f)()``, ``(**&f)()`` all call ``f``; for a pointer
    ``fp``, ``(*fp)()`` calls through ``fp``)."""
    callee = node.name
    while isinstance(callee, c_ast.UnaryOp) and callee.op in ("*", "&"):
        callee = callee.expr
    return callee


def _is_string(node: c_ast.Node) -> bool:
    return isinstance(node, c_ast.Constant) and node.type == "string"


#: the predefined names whose value is the function's name (C11's ``__func__``, gcc's)
FUNCTION_NAME_IDS = frozenset({"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"})
#: the predefined names whose value is a string literal
STRING_NAMES = FUNCTION_NAME_IDS | {"__FILE__"}


def _is_text(node: c_ast.Node) -> bool:
    """A string literal or a predefined name that stands for one."""
    return _is_string(node) or (isinstance(node, c_ast.ID) and node.name in STRING_NAMES)


def _is_char_array(ctype: CType) -> bool:
    return (
        isinstance(ctype, ArrayType)
        and isinstance(ctype.element, IntegerType)
        and ctype.element.size == 1
        and ctype.element.name != "_Bool"
    )


def _is_unnamed_bit_field(ctype: CType, index: int) -> bool:
    """Whether member ``index`` of ``ctype`` is an unnamed bit-field, which brace
    initialisers pass over (C11 6.7.9p9)."""
    return (
        isinstance(ctype, StructType)
        and ctype.kind == "struct"
        and index < len(ctype.fields or ())
        and ctype.fields[index][0] is None  # type: ignore[index]
        and ctype.bit_field_width(index) is not None
    )


def _element_type(ctype: CType, element_types: list[CType] | None, index: int) -> CType:
    if isinstance(ctype, ArrayType):
        return ctype.element
    if element_types and index < len(element_types):
        return element_types[index]
    return INT


def _full_expressions(node: c_ast.Node) -> list[c_ast.Node]:
    """The full expressions a statement evaluates itself (not those of the statements
    inside it): each is one unit for :func:`check_sequencing`."""
    if isinstance(node, (c_ast.If, c_ast.While, c_ast.DoWhile, c_ast.Switch)):
        found = [node.cond]
    elif isinstance(node, c_ast.For):
        found = [node.cond, node.next]
        found += _full_expressions(node.init) if node.init is not None else []
    elif isinstance(node, c_ast.Return):
        found = [node.expr]
    elif isinstance(node, c_ast.Decl):
        found = [node.init]
    elif isinstance(node, c_ast.DeclList):
        found = [decl.init for decl in node.decls]
    elif isinstance(node, (c_ast.Compound, c_ast.Label, c_ast.Case, c_ast.Default)):
        found = []
    else:
        found = [node]  # an expression statement
    return [expression for expression in found if expression is not None]


def array_definitions(ast: c_ast.FileAST) -> dict[str, c_ast.Decl]:
    """Each file-scope array's first declaration with a length or an initialiser."""
    definitions: dict[str, c_ast.Decl] = {}
    for ext in ast.ext:
        if (
            isinstance(ext, c_ast.Decl)
            and ext.name is not None
            and isinstance(ext.type, c_ast.ArrayDecl)
            and (ext.type.dim is not None or ext.init is not None)
        ):
            definitions.setdefault(ext.name, ext)
    return definitions


def _subtree(node: c_ast.Node) -> list[c_ast.Node]:
    nodes = [node]
    for _, child in node.children():
        nodes.extend(_subtree(child))
    return nodes


def _defines_a_tag(node: c_ast.Node) -> bool:
    if isinstance(node, (c_ast.Struct, c_ast.Union)):
        return node.decls is not None
    return isinstance(node, c_ast.Enum) and node.values is not None


def _initializer_length(init: c_ast.InitList, scopes: Scopes) -> int:
    position = 0
    length = 0
    for item in init.exprs:
        if isinstance(item, c_ast.NamedInitializer):
            index = scopes.constant_value(_designator(item.name[0]))
            if index is not None:
                position = index
        position += 1
        length = max(length, position)
    return length


def _designator(node: c_ast.Node) -> c_ast.Node:
    return node.expr if isinstance(node, c_ast.ArrayDesignator) else node


#: the name of each branching construct (:class:`Branching`)
_CONSTRUCTS = {
    c_ast.If: "if",
    c_ast.While: "while",
    c_ast.DoWhile: "do",
    c_ast.For: "for",
    c_ast.TernaryOp: "?:",
}


def _switch_labels(node: c_ast.Node):
    """The case/default labels of a switch body (not those of nested switches)."""
    stack = [node]
    found = []
    while stack:
        current = stack.pop()
        if current is None or isinstance(current, c_ast.Switch):
            continue
        if isinstance(current, (c_ast.Case, c_ast.Default)):
            found.append(current)
        if isinstance(current, c_ast.Compound):
            stack.extend(reversed(current.block_items or ()))
        elif isinstance(current, (c_ast.Case, c_ast.Default)):
            stack.extend(reversed(current.stmts or ()))
        elif isinstance(current, c_ast.Label):
            stack.append(current.stmt)
        elif isinstance(current, c_ast.If):
            stack.extend([current.iffalse, current.iftrue])
        elif isinstance(current, (c_ast.While, c_ast.DoWhile, c_ast.For)):
            stack.append(current.stmt)
    return found


def _callable_as(
    callee: FunctionType, pointer: FunctionType, arguments: tuple[Expression, ...]
) -> bool:
    """Whether a call through a pointer of type ``pointer`` may reach ``callee``: the
    types are compatible (C makes a call through another function type undefined)."""
    if str(callee.return_type) != str(pointer.return_type) or callee.variadic:
        return False
    if len(callee.parameters) != len(arguments):
        return False
    if not pointer.parameters and not pointer.variadic:  # unprototyped: T (*)()
        return True
    own = [str(c_types.decay(parameter)) for parameter in callee.parameters]
    expected = [str(c_types.decay(parameter)) for parameter in pointer.parameters]
    return own == expected and not pointer.variadic
