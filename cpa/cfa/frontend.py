"""The C frontend: C source file -> :class:`~cpa.cfa.model.CFA`.

Pipeline: :mod:`cpa.cfa.preprocess` (comments, GCC extensions, ``cpp`` if needed) ->
pycparser -> :mod:`cpa.cfa.lowering` (one :class:`FunctionLowering` per function).

Program-level decisions:

* Global variables (and ``static`` locals, named ``function::name``) are declared by
  :class:`DeclarationEdge` s at the start of the entry function, before its body, in
  source order. Globals without initialiser are zero-initialised: ``IntConstant(0)``
  (``FloatConstant("0.0")`` for floating types) for scalars and the empty
  ``InitializerList(())`` for structs, unions and arrays, which means "all zero"
  (an initialiser list shorter than its aggregate is zero-filled as in C). An
  ``extern`` global that is never defined gets no initialiser (unknown value).
* A function that contains an unsupported construct (inline assembly, setjmp/longjmp,
  threads, va_arg, ...) makes the frontend raise
  :class:`UnsupportedFeature` only if the function is reachable in the call graph from
  the entry function (calls and address-taken functions); an unreachable one is kept
  as a stub (entry and exit without edges) so it cannot influence any analysis.
* Nodes that cannot be reached inside their function (dead code after ``return`` or
  ``goto``, unused labels) are removed.
"""

from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager

from pycparser import c_ast, c_lexer, c_parser

from cpa.cfa import c_types
from cpa.cfa.addresses import address_taken
from cpa.cfa.allocations import allocation_sites, functions_running_once
from cpa.cfa.data_model import DEFAULT, DataModel
from cpa.cfa.escapes import contained_locals
from cpa.cfa.expressions import Variable
from cpa.cfa.gcc_check import accepted_by_gcc, check_with_gcc
from cpa.cfa.library_variables import refuse_library_reads
from cpa.cfa.lowering import (
    FunctionLowering,
    ProgramContext,
    array_definitions,
    callee_designator,
    names_with_address_taken,
)
from cpa.cfa.model import (
    CFA,
    BlankEdge,
    CFANode,
    FunctionCallEdge,
    FunctionCFA,
    FunctionEntryNode,
    FunctionExitNode,
    FunctionReturnEdge,
    connect,
    disconnect,
)
from cpa.cfa.preprocess import NORETURN_MARKER, preprocess, read_source
from cpa.cfa.scopes import FunctionSymbol, Scopes, TypedefName, declares_constant
from cpa.cfa.types import CType, FloatType, FunctionType, IntegerType, PointerType, VoidType
from cpa.cfa.undefined import add_checks
from cpa.errors import InputError, UnsupportedFeature

RETURN_VARIABLE = "__retval__"
_RECURSION_LIMIT = 20000


#: The functions whose call is a target when no property says otherwise.
DEFAULT_TARGET_FUNCTIONS = frozenset(["reach_error", "__VERIFIER_error"])


#: The messages of pycparser's lexer and parser (:func:`parse_c`).
_PARSER_ERRORS = ("syntax error",)


def parse_program(
    path: str | os.PathLike,
    entry_function: str = "main",
    data_model: DataModel = DEFAULT,
    target_functions: frozenset[str] = DEFAULT_TARGET_FUNCTIONS,
) -> CFA:
    """Read, parse and lower the C file at ``path``.

    ``target_functions``: the functions whose call violates the property (the calls
    end in target sinks; see :class:`~cpa.cfa.targets.Specification`).
    """
    text = read_source(path)
    directory = os.path.dirname(os.path.abspath(path))
    name = str(path)
    try:
        cfa = parse_source(
            text, name, entry_function, directory, data_model, target_functions, path
        )
    except UnsupportedFeature:
        # a construct the analysis does not model, or invalid C: gcc tells
        check_with_gcc(path, data_model)
        raise
    except InputError as error:
        # invalid C, or C that pycparser cannot read (digraphs, UTF-8 identifiers):
        # a program gcc accepts is no bad input, only one the frontend cannot read
        readable = not error.message.startswith(_PARSER_ERRORS)
        if readable or error.file != name or not accepted_by_gcc(path, data_model):
            raise
        construct = f"C that the frontend cannot read ({error.message})"
        raise UnsupportedFeature(construct, error.file, error.line) from None
    # what the frontend read as valid, gcc may reject (the frontend's own refusals,
    # raised above, name the problem in its terms)
    check_with_gcc(path, data_model)
    return cfa


def parse_source(
    text: str,
    file_name: str = "<string>",
    entry_function: str = "main",
    directory: str | None = None,
    data_model: DataModel = DEFAULT,
    target_functions: frozenset[str] = DEFAULT_TARGET_FUNCTIONS,
    path: str | os.PathLike | None = None,
) -> CFA:
    """Parse and lower C source ``text`` (``file_name`` is used in messages; ``path``:
    the file it was read from, for the C preprocessor)."""
    with _deep_recursion():
        prepared = preprocess(text, file_name, directory, data_model, path)
        ast = parse_c(prepared, file_name)
        try:
            return build_cfa(ast, file_name, entry_function, data_model, target_functions)
        except RecursionError:  # the walks over the syntax tree recurse on nesting
            raise InputError("program nested too deeply to translate", file_name) from None


@contextmanager
def _deep_recursion():
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


_PARSE_ERROR = re.compile(r"^(?P<file>.*?):(?P<line>\d+)(?::\d+)?:\s*(?P<message>.*)$", re.DOTALL)
_NESTED_FUNCTION = re.compile(
    r"\b(?:void|int|char|short|long|unsigned|signed|float|double|_Bool|struct\s+\w+)"
    r"[\s*]+[A-Za-z_]\w*\s*\([^;{}()]*\)\s*\{"
)


class _GnuLexer(c_lexer.CLexer):
    """pycparser's lexer with GNU C's ``typeof`` and ``__alignof__`` spellings.

    ``-std=gnu11`` (what gcc compiles tasks with) makes ``typeof`` a keyword; pycparser
    parses the specifier but knows the word only in its C23 dialect, whose other
    keywords (``bool``, ``true``, ``nullptr``...) would break valid C11 programs.
    gcc's ``__alignof__`` (and ``_Alignof``, as gcc accepts it) take a type name or an
    expression, as ``sizeof`` does: they are read with ``sizeof``'s grammar and keep
    their spelling as the operator (the two differ under ILP32).
    """

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self._keyword_map.update(dict.fromkeys(("typeof", "__typeof__", "__typeof"), "TYPEOF"))
        self._keyword_map.update(dict.fromkeys(c_types.MEASURING_OPERATORS, "SIZEOF"))


class _Parser(c_parser.CParser):
    """pycparser whose errors always carry the line of the current token."""

    def __init__(self) -> None:
        super().__init__(lexer=_GnuLexer)

    def _parse_error(self, msg, coord):  # type: ignore[override]
        if not hasattr(coord, "line"):
            try:
                token = self._peek()
            except Exception:  # pragma: no cover - lexer state broken
                token = None
            if token is not None:
                coord = self._tok_coord(token)
        super()._parse_error(msg, coord)


def parse_c(text: str, file_name: str) -> c_ast.FileAST:
    """pycparser with its errors turned into :class:`InputError` (file and line)."""
    try:
        return _Parser().parse(text, file_name)
    except c_parser.ParseError as error:
        match = _PARSE_ERROR.match(str(error))
        if match is None:
            raise InputError(f"syntax error: {error}", file_name) from None
        line = int(match.group("line"))
        nested = _nested_function_line(text)
        if nested is not None and nested <= line:
            raise UnsupportedFeature("nested function definition", file_name, nested) from None
        message = match.group("message").strip()
        raise InputError(
            f"syntax error: {message}", match.group("file") or file_name, line
        ) from None
    except RecursionError:
        raise InputError("program nested too deeply to parse", file_name) from None


def _nested_function_line(text: str) -> int | None:
    """Line of a function definition inside a function body (GCC extension), if any."""
    depth = 0
    position = 0
    for match in re.finditer(r"[{}]", text):
        if match.group() == "{":
            if depth > 0:
                start = text.rfind(";", position, match.start())
                start = max(start, text.rfind("{", position, match.start()), position)
                candidate = _NESTED_FUNCTION.search(text, start, match.end())
                if candidate is not None and candidate.end() == match.end():
                    return text.count("\n", 0, candidate.start()) + 1
            depth += 1
        else:
            depth -= 1
        position = match.start()
    return None


def build_cfa(
    ast: c_ast.FileAST,
    file_name: str,
    entry_function: str = "main",
    data_model: DataModel = DEFAULT,
    target_functions: frozenset[str] = DEFAULT_TARGET_FUNCTIONS,
) -> CFA:
    """Lower a parsed translation unit."""
    return _ProgramBuilder(file_name, entry_function, data_model, target_functions).build(ast)


class _ProgramBuilder:
    def __init__(
        self,
        file_name: str,
        entry_function: str,
        data_model: DataModel,
        target_functions: frozenset[str],
    ):
        self.file_name = file_name
        self.entry_function = entry_function
        self.scopes = Scopes(file_name, data_model)
        self.context = ProgramContext(
            file_name, self.scopes, entry_function, frozenset(target_functions)
        )
        self.lowerings: dict[str, FunctionLowering] = {}
        self.failures: dict[str, UnsupportedFeature] = {}

    def build(self, ast: c_ast.FileAST) -> CFA:
        definitions = [ext for ext in ast.ext if isinstance(ext, c_ast.FuncDef)]
        for definition in definitions:
            self._allocate(definition)
        self.context.noreturn_functions = frozenset(
            ext.name[len(NORETURN_MARKER) :]
            for ext in ast.ext
            if isinstance(ext, c_ast.Decl) and (ext.name or "").startswith(NORETURN_MARKER)
        )
        if self.entry_function not in self.context.functions:
            raise InputError(f"no function '{self.entry_function}'", self.file_name)
        # a target function may be called through a pointer without having a body
        callees = set(self.context.functions) | self.context.target_functions
        self.context.address_taken_functions = _functions_used_as_values(ast, callees)
        entry_cfa = self.context.functions[self.entry_function]
        chain_start = CFANode(self.entry_function, entry_cfa.line)
        init = FunctionLowering(self.context, self.entry_function, chain_start)
        self.context.init = init
        self.context.array_definitions = array_definitions(ast)
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                self._function(ext)
            elif isinstance(ext, c_ast.Decl):
                self._global_declaration(ext)
            elif isinstance(ext, c_ast.Typedef):
                self.scopes.define(ext.name, TypedefName(init.resolve_type(ext.type)))
            elif isinstance(ext, c_ast.Pragma):
                self.scopes.pragma(ext)
            elif isinstance(ext, c_ast.StaticAssert):
                self.scopes.static_assert(ext)
        for name, lowering in self.lowerings.items():
            if name not in self.failures:
                try:
                    lowering.build_dispatches()
                except UnsupportedFeature as error:
                    self.failures[name] = error
        self._link_global_initialisers(entry_cfa, chain_start, init)
        self._check_reachable_failures(init)
        for name, function in self.context.functions.items():
            nodes = list(self.lowerings[name].nodes)
            if name == self.entry_function:
                nodes += init.nodes
            _prune(function, nodes)
        cfa = CFA(
            file=self.file_name,
            functions=self.context.functions,
            entry_function=self.entry_function,
            global_variables=self.context.global_variables,
            external_functions=self.context.external_functions,
            data_model=self.scopes.model,
            string_contents=self.context.string_contents,
            function_names=frozenset(self.context.function_names.values()),
        )
        refuse_library_reads(cfa, self.context.global_declarations, self.context.target_functions)
        cfa.address_taken = address_taken(cfa)
        if any(not variable.is_global for variable in cfa.address_taken):
            cfa.functions_running_once = functions_running_once(cfa)
            cfa.contained_locals = contained_locals(
                cfa,
                (
                    variable
                    for variable in cfa.address_taken
                    if not variable.is_global
                    and variable.function not in cfa.functions_running_once
                ),
            )
        cfa.address_taken_functions = self.context.address_taken_functions
        cfa.allocation_sites = allocation_sites(cfa)
        add_checks(cfa)
        return cfa

    def _allocate(self, definition: c_ast.FuncDef) -> None:
        name = definition.decl.name
        if name in self.context.functions:
            raise self.scopes.error(f"redefinition of function '{name}'", definition)
        line = definition.coord.line if definition.coord else 0
        entry = FunctionEntryNode(name, line)
        exit_node = FunctionExitNode(name, line)
        entry.exit = exit_node
        self.context.functions[name] = FunctionCFA(name, entry, exit_node, [], None, line=line)

    def _global_declaration(self, decl: c_ast.Decl) -> None:
        init = self.context.init
        assert init is not None
        if decl.name is None:
            init.resolve_type(decl.type)
            return
        ctype = init.resolve_type(decl.type)
        if isinstance(ctype, FunctionType):
            self.context.function_types[decl.name] = ctype
            has_body = decl.name in self.context.functions
            if not isinstance(self.scopes.lookup(decl.name), FunctionSymbol):
                self.scopes.define(decl.name, FunctionSymbol(decl.name, ctype, has_body))
            return
        existing = self.scopes.lookup(decl.name)
        if isinstance(existing, Variable):
            if _conflicting_scalars(existing.type, ctype):
                raise self.scopes.error(
                    f"conflicting types for '{decl.name}' ({existing.type} and {ctype})", decl
                )
            variable = existing
        else:
            ctype = init.completed_global_type(
                decl.name, init._complete_array_type(ctype, decl.init)
            )
            variable = Variable(
                decl.name, decl.name, ctype, None, True, read_only=declares_constant(decl.type)
            )
            self.scopes.define(decl.name, variable)
        if self.context.array_definitions.get(decl.name) is decl:
            self.context.completed_ahead.discard(decl.name)  # the length is known from here
        init.declare_global(variable, decl)

    def _function(self, definition: c_ast.FuncDef) -> None:
        name = definition.decl.name
        function = self.context.functions[name]
        init = self.context.init
        assert init is not None
        function_type = init.resolve_type(definition.decl.type)
        assert isinstance(function_type, FunctionType)
        self.context.function_types[name] = function_type
        self.scopes.define(name, FunctionSymbol(name, function_type, True))
        if name == self.entry_function:
            start = CFANode(name, function.line)
        else:
            start = function.entry
        lowering = FunctionLowering(self.context, name, start)
        lowering.addressed_names = names_with_address_taken(definition.body)
        self.lowerings[name] = lowering
        depth = len(self.scopes.ordinary)
        self.scopes.push()
        try:
            function.parameters = self._parameters(definition, lowering)
            if not isinstance(function_type.return_type, VoidType):
                function.return_variable = Variable(
                    f"{name}::{RETURN_VARIABLE}",
                    RETURN_VARIABLE,
                    function_type.return_type,
                    name,
                    False,
                )
            lowering.statement(definition.body)
            if lowering.current is not None and name in self.context.noreturn_functions:
                lowering.noreturn_returns()
            if lowering.current is not None:
                lowering.indeterminate_result("ends without return")
            lowering.jump(function.exit, "default return")
            lowering.finish_labels()
        except UnsupportedFeature as error:
            self.failures[name] = error
        finally:
            del self.scopes.ordinary[depth:]
            del self.scopes.tags[depth:]

    def _parameters(self, definition: c_ast.FuncDef, lowering: FunctionLowering) -> list[Variable]:
        declarator = definition.decl.type
        params = declarator.args.params if declarator.args is not None else []
        kr_types = {d.name: d for d in definition.param_decls or ()}
        result = []
        for param in params:
            if isinstance(param, c_ast.EllipsisParam):
                continue
            if isinstance(param, c_ast.ID):
                declared = kr_types.get(param.name)
                param_name = param.name
                ctype = lowering.resolve_type(declared.type) if declared else None
                if ctype is None:
                    from cpa.cfa.types import INT

                    ctype = INT
            else:
                param_name = param.name
                ctype = lowering.resolve_type(param.type)
                if param_name is None:
                    if isinstance(ctype, VoidType):
                        continue
                    param_name = f"__cpa_param_{len(result)}"
            ctype = Scopes.parameter_type(ctype)
            variable = lowering.new_variable(param_name, ctype)
            self.scopes.define(param_name, variable)
            result.append(variable)
        return result

    def _link_global_initialisers(
        self, entry_cfa: FunctionCFA, chain_start: CFANode, init: FunctionLowering
    ) -> None:
        if self.entry_function in self.failures:
            raise self.failures[self.entry_function]
        body_start = self.lowerings[self.entry_function].nodes[0]
        line = entry_cfa.line
        connect(BlankEdge(entry_cfa.entry, chain_start, line, "INIT GLOBAL VARS"))
        tail = init.here()
        connect(BlankEdge(tail, body_start, line, "Function start dummy edge"))

    def _check_reachable_failures(self, init: FunctionLowering) -> None:
        """Raise the unsupported feature of a reachable function; stub the others."""
        reached = {self.entry_function}
        work = [self.entry_function]
        work_refs = set(init.referenced_functions)
        while work or work_refs:
            references = set(work_refs)
            work_refs = set()
            for name in work:
                lowering = self.lowerings.get(name)
                if lowering is not None:
                    references |= lowering.referenced_functions
            work = [name for name in references if name not in reached]
            reached.update(work)
        failed = [name for name in self.failures if name in reached]
        if failed:
            error = min((self.failures[n] for n in failed), key=lambda e: e.line or 0)
            raise error
        for name in self.failures:
            function = self.context.functions[name]
            lowering = self.lowerings[name]
            for node in lowering.nodes:
                edges = list(node.leaving)
                if node is not function.entry:
                    edges += node.entering
                for edge in edges:
                    if edge in edge.predecessor.leaving:
                        disconnect(edge)
            lowering.nodes = [function.entry]


def _prune(function: FunctionCFA, nodes: list[CFANode]) -> None:
    """Keep the nodes reachable from the entry; drop the others with their edges."""
    reachable = {function.entry}
    stack = [function.entry]
    while stack:
        node = stack.pop()
        for edge in node.leaving:
            if isinstance(edge, (FunctionCallEdge, FunctionReturnEdge)):
                continue
            successor = edge.successor
            if successor not in reachable:
                reachable.add(successor)
                stack.append(successor)
    kept = []
    seen = set()
    for node in nodes:
        if node in seen:
            continue
        seen.add(node)
        if node in reachable:
            kept.append(node)
        elif node is not function.exit:
            for edge in list(node.leaving):
                disconnect(edge)
            for edge in list(node.entering):
                disconnect(edge)
    for node in (function.entry, function.exit):
        if node not in seen:
            kept.append(node)
    kept.sort(key=lambda n: n.id)
    function.nodes = kept


class _FunctionValues(c_ast.NodeVisitor):
    """Collects the names of functions used other than as the callee of a call."""

    def __init__(self, functions: set[str]):
        self.functions = functions
        self.found: set[str] = set()

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        callee = callee_designator(node)
        if not isinstance(callee, c_ast.ID):
            self.visit(node.name)
        if node.args is not None:
            self.visit(node.args)

    def visit_ID(self, node: c_ast.ID) -> None:
        if node.name in self.functions:
            self.found.add(node.name)


def _functions_used_as_values(ast: c_ast.FileAST, functions: set[str]) -> frozenset[str]:
    """The functions whose address the program takes (``fp = f``, ``&f``) among
    ``functions`` (those with a body, and the property's targets): the only possible
    callees of a call through a pointer. A local variable that shadows
    a function's name may add a function that is never called this way (harmless: no
    pointer then holds its address)."""
    visitor = _FunctionValues(functions)
    visitor.visit(ast)
    return frozenset(visitor.found)


def _conflicting_scalars(first: CType, second: CType) -> bool:
    """Whether two declarations of one object give it scalar types that gcc calls
    conflicting (``int x; char *x;``): kinds, sizes or signedness differ. (Types that
    differ only in ways that change no value, ``long`` and ``long long`` under LP64,
    and aggregates are not compared.)"""
    scalars = (IntegerType, FloatType, PointerType)
    if not isinstance(first, scalars) or not isinstance(second, scalars):
        return False
    if type(first) is not type(second):
        return True
    if isinstance(first, IntegerType) and isinstance(second, IntegerType):
        return (first.size, first.signed, first.width) != (second.size, second.signed, second.width)
    if isinstance(first, FloatType) and isinstance(second, FloatType):
        return first.size != second.size
    return False
