"""Run a counterexample on the program file itself, compiled by gcc.

:func:`cpa.replay.replay` compiles the program *as the frontend reads it*: the project's
preprocessing, pycparser and its C printer. A misreading of the
text there (a line splice, a comment, a literal, a header's constant) is then in the
compiled program too, and confirms itself. This second run compiles the file as it is,
with gcc's own preprocessor and headers, and links it with a harness in a translation
unit of its own:

* the harness defines every called function that has no body (the same stubs as the
  replay's: an input at every call, ``__VERIFIER_assume``, ``abort``-like ones), under
  its own name and with its return type spelled as a basic C type;
* a call of a target function that has a body is seen on entry to it, through gcc's
  ``-finstrument-functions`` hook, by its address (``nm``, a non-PIE binary);
* a target label gets one inserted call, ``ERROR: { ...(line); }``, in a copy of the
  file that keeps every line where it was (a line marker ``# 1 "file"``). Only where the text shows the
  label plainly and it stands among a block's items, so that the inserted statement
  cannot change which statement the label or an ``if`` governs;
* an uninitialised local that the replay reads as an input (BLAST's convention) gets an
  inserted initialiser, and a read of ``__BLAST_NONDET`` an inserted value, in the same
  copy, where the text shows the site plainly.

A C library function whose result the analysis read as an input cannot be served
without rewriting the call. Where the run cannot be made, or gcc cannot build the file,
the outcome says why (``reached=None``) and the first replay's evidence stands alone.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pycparser import c_ast

from cpa.cfa.data_model import data_model as model_named
from cpa.cfa.preprocess import ASM_PLACEHOLDER, read_source, splice_lines, strip_comments
from cpa.cfa.targets import Specification
from cpa.errors import UnsupportedFeature
from cpa.replay import (
    ASSUME_FUNCTION,
    GCC_FLAGS,
    HARNESS,
    MACHINE_FLAGS,
    Instrumenter,
    ReplayOutcome,
    ReplayUnsupported,
    build,
    find_gcc,
    library_functions,
    parse_for_replay,
    run_compiled,
    time_within,
    toolchain_problem,
)

#: The environment variable that gives the harness the target functions' addresses.
TARGETS_VARIABLE = "CPA_REPLAY_TARGETS"

#: The harness reaches the C library under glibc's other names for the same functions:
#: the file itself is linked unchanged, and may define ``read`` or ``write`` (the
#: SystemC benchmarks do), which would take the usual names over.
_LIBRARY_ALIASES = {
    '__asm__("getenv")': '__asm__("secure_getenv")',
    '__asm__("open")': '__asm__("__open")',
    '__asm__("read")': '__asm__("__read")',
    '__asm__("write")': '__asm__("__write")',
    '__asm__("_exit")': '__asm__("_Exit")',
}

_HOOKS = r"""
/* target functions with a body: seen on entry, by address (-finstrument-functions) */
static const char *const __cpa_replay_target_names[] = { @NAMES@ };
static const int __cpa_replay_target_lines[] = { @LINES@ };
static unsigned long __cpa_replay_target_addresses[@COUNT@];
static int __cpa_replay_targets_loaded;

__attribute__((__no_instrument_function__))
void __cyg_profile_func_enter(void *function, void *site) {
  int i;
  (void) site;
  if (!__cpa_replay_targets_loaded) {
    const char *text = __cpa_replay_getenv("@VARIABLE@");
    __cpa_replay_targets_loaded = 1;
    for (i = 0; text && *text && i < @COUNT@; i++) {
      unsigned long value = 0;
      while (*text == ' ') text++;
      for (; (*text >= '0' && *text <= '9') || (*text >= 'a' && *text <= 'f'); text++)
        value = value * 16 + (unsigned long) (*text <= '9' ? *text - '0' : *text - 'a' + 10);
      __cpa_replay_target_addresses[i] = value;
    }
  }
  for (i = 0; i < @COUNT@; i++)
    if (__cpa_replay_target_addresses[i] != 0
        && (unsigned long) function == __cpa_replay_target_addresses[i])
      __cpa_replay_target(__cpa_replay_target_names[i], __cpa_replay_target_lines[i]);
}

__attribute__((__no_instrument_function__))
void __cyg_profile_func_exit(void *function, void *site) {
  (void) function;
  (void) site;
}

/* a target label: the call inserted after it in the copy of the file */
void __cpa_replay_label(const char *what, int line) {
  __cpa_replay_target(what, line);
}

/* an uninitialised local or a read of __BLAST_NONDET: the initialiser or the value
   inserted in the copy of the file */
unsigned long long __cpa_replay_input(int line) { return __cpa_replay_next(line); }
void *__cpa_replay_input_pointer(int line) { return __cpa_replay_next_pointer(line); }
"""


#: What the harness calls in the C library besides its aliases: a target of that name
#: would be reached by the harness itself.
_HARNESS_NEEDS = frozenset(
    ["abort", "_Exit", "secure_getenv", "__open", "__read", "__write", "strtod"]
)


@dataclass(frozen=True)
class _Plan:
    """How to build the file with the harness: the harness' text, the target functions
    that have a body (name, line of the definition) and the file's text with the label
    calls inserted (None: the file compiles unchanged), and what gcc needs besides."""

    harness: str
    defined_targets: tuple[tuple[str, int], ...]
    labelled_text: str | None
    flags: tuple[str, ...] = ()


class _NotApplicable(Exception):
    """Why the file cannot be run as it is."""


def replay_original(
    program: str | os.PathLike,
    inputs: list[str],
    specification: Specification,
    data_model: str = "LP64",
    timelimit: float = 10,
    deadline: float | None = None,
) -> ReplayOutcome:
    """Compile the file ``program`` itself with gcc for ``data_model`` (see the module
    docstring) and run it on ``inputs``; ``reached`` is None, with the reason, when
    that cannot be done. ``deadline`` (:func:`time.monotonic`) bounds build and run."""
    data_model = str(data_model)
    read_source(program)
    problem = toolchain_problem(data_model)
    if problem is not None:
        return ReplayOutcome(None, problem)
    try:
        plan = _plan(program, specification, data_model)
    except (_NotApplicable, UnsupportedFeature) as reason:
        return ReplayOutcome(None, f"the file itself cannot be run: {reason}")
    gcc = find_gcc()
    assert gcc is not None
    flags = [*GCC_FLAGS, MACHINE_FLAGS[data_model], "-fno-pie", *plan.flags]
    with tempfile.TemporaryDirectory(prefix="cpa-replay-original-") as directory:
        source = str(program)
        extra: list[str] = []
        if plan.labelled_text is not None:
            source = str(Path(directory, Path(program).name))
            Path(source).write_text(plan.labelled_text)
            extra = ["-iquote", os.path.dirname(os.path.abspath(program))]
        harness = Path(directory, "harness.c")
        harness.write_text(plan.harness)
        program_object = Path(directory, "program.o")
        binary = Path(directory, "program")
        steps = [
            [gcc, *flags, *extra, "-finstrument-functions", "-c", source, "-o", program_object],
            [gcc, *flags, "-no-pie", str(harness), str(program_object), "-o", str(binary)],
        ]
        for command in steps:
            failure = build(list(map(str, command)), deadline, directory)
            if failure is not None:
                if failure.out_of_time:
                    return ReplayOutcome(None, "the time limit was reached before the build")
                return ReplayOutcome(None, f"build of the file itself failed: {failure.reason}")
        addresses = _addresses(binary, [name for name, _ in plan.defined_targets])
        if addresses is None:
            return ReplayOutcome(None, "the file itself cannot be run: nm cannot read it")
        run_limit = time_within(timelimit, deadline)
        if run_limit <= 0:
            return ReplayOutcome(None, "the time limit was reached before the run")
        inputs_file = Path(directory, "inputs.txt")
        inputs_file.write_text("".join(text.replace("\n", " ") + "\n" for text in inputs))
        variables = {TARGETS_VARIABLE: " ".join(f"{address:x}" for address in addresses)}
        return run_compiled(binary, inputs_file, len(inputs), run_limit, directory, variables)


def _addresses(binary: Path, names: list[str]) -> list[int] | None:
    """The address of each function in ``names`` in the (non-PIE) ``binary``, 0 for
    one it does not contain (gcc drops a static function nothing calls)."""
    if not names:
        return []
    try:
        listing = subprocess.run(
            ["nm", str(binary)], capture_output=True, text=True, timeout=60
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found: dict[str, int] = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in ("T", "t") and parts[2] in names:
            found.setdefault(parts[2], int(parts[0], 16))
    return [found.get(name, 0) for name in names]


# ------------------------------------------------------------------------- the plan
def _plan(program: str | os.PathLike, specification: Specification, data_model: str) -> _Plan:
    ast = parse_for_replay(program, data_model)
    labels = _target_labels(ast, specification)
    defined = {ext.decl.name: ext for ext in ast.ext if isinstance(ext, c_ast.FuncDef)}
    library = functools.partial(library_functions, data_model=data_model)
    instrumenter = Instrumenter(specification, model_named(data_model), library)
    try:
        instrumenter.run(ast)
    except ReplayUnsupported as error:
        raise _NotApplicable(error.construct) from None
    sites = []
    for name, file, line, kind, ctype in instrumenter.implicit_inputs:
        spelled = _basic_spelling(instrumenter, ctype) if kind == "read" else ""
        if spelled is None:
            raise _NotApplicable(f"{name} has a type the harness cannot name")
        sites.append(_Input(name, file, line, kind, spelled))
    definitions = []
    emitted: set[str] = set()
    for function in instrumenter.functions.values():
        if not (function.called or function.referenced) or function.name == ASM_PLACEHOLDER:
            continue
        if function.name in instrumenter.library_names:
            if _stub_kind(instrumenter, function)[0] != "void":
                raise _NotApplicable(f"the analysis read the result of {function.name} as an input")
            continue
        definitions.append(_definition(instrumenter, function))
        emitted.add(function.name)
    call_targets = set(instrumenter.call_targets)
    if instrumenter.assert_target:
        call_targets.add("__assert_fail")  # what <assert.h>'s assert calls
    for name in sorted(call_targets - emitted - set(defined)):
        # a target the C library defines (``__assert_fail``, ``exit``): the harness'
        # definition takes the name over; it never returns, whatever the return type
        if name in _HARNESS_NEEDS:
            raise _NotApplicable(f"the harness itself needs {name}, a target")
        definitions.append(_target_definition(name, 0))
    targets = sorted(name for name in call_targets if name in defined)
    defined_targets = tuple((name, _line_of(defined[name])) for name in targets)
    names = ", ".join(f'"the body of {name}"' for name in targets) or "0"
    lines = ", ".join(str(line) for _, line in defined_targets) or "0"
    hooks = _HOOKS.replace("@NAMES@", names).replace("@LINES@", lines)
    hooks = hooks.replace("@COUNT@", str(max(1, len(targets))))
    hooks = hooks.replace("@VARIABLE@", TARGETS_VARIABLE)
    harness = HARNESS
    for usual, alias in _LIBRARY_ALIASES.items():
        harness = harness.replace(usual, alias)
    harness += "\n".join(definitions) + "\n" + hooks
    edited = _edit_text(program, labels, sites) if labels or sites else None
    # the file itself is compiled as written: what the instrumenter renamed to a builtin
    # (glibc's alloca macro, which -fno-builtin would leave undefined without its header)
    flags = tuple(f"-D{name}=__builtin_{name}" for name in sorted(instrumenter.builtin_names))
    return _Plan(harness, defined_targets, edited, flags)


def _line_of(node: c_ast.Node) -> int:
    coord = getattr(node, "coord", None)
    return int(coord.line) if coord is not None and coord.line else 0


def _stub_kind(instrumenter: Instrumenter, function) -> tuple[str, str]:
    """(kind, C spelling) of what ``function`` returns, the spelling a basic type that
    the harness can name without the program's declarations (the same in the ABI)."""
    declaration = function.prototype()
    if declaration is None:
        _, returns = instrumenter.prototype(function.name, None, "", False)
        return returns
    node = declaration.type.type
    kind = instrumenter.classify(node)
    if kind == "void":
        return kind, "void"
    if kind == "pointer":
        return kind, "void *"
    if kind == "integer" or kind == "float":
        spelling = _basic_spelling(instrumenter, node)
        if spelling is not None:
            return kind, spelling
    raise _NotApplicable(f"{function.name} returns a type the harness cannot name")


def _basic_spelling(instrumenter: Instrumenter, node: c_ast.Node, depth: int = 0) -> str | None:
    """The basic type behind typedefs, or None."""
    if depth > 100:
        return None
    if isinstance(node, (c_ast.TypeDecl, c_ast.Typename)):
        return _basic_spelling(instrumenter, node.type, depth + 1)
    if isinstance(node, c_ast.Enum):
        # gcc gives an enum int, unsigned int or (values past 32 bits) a 64-bit type;
        # the caller reads as many low bits as its type has, the cast's value
        return "unsigned long long"
    if isinstance(node, c_ast.IdentifierType):
        if instrumenter.classify(node) not in ("integer", "float"):
            return None
        entry = instrumenter.lookup(node.names[-1])
        if entry is not None and entry.kind == "typedef":
            return _basic_spelling(instrumenter, entry.type, depth + 1)
        text = " ".join(node.names)
        # the preprocessing's spellings of __int128 and _Float128 (see replay._Generator)
        return None if node.names.count("long") >= 3 else text
    return None


def _definition(instrumenter: Instrumenter, function) -> str:
    """The harness' definition of a called function without body, under its own name."""
    name = function.name
    if name in instrumenter.call_targets:
        return _target_definition(name, function.line)
    kind, ctype = _stub_kind(instrumenter, function)
    if name in (ASSUME_FUNCTION, "assert"):
        parameter = _first_parameter(instrumenter, function)
        body = instrumenter.body(name, (kind, ctype), str(function.line))
        return f"{ctype} {name}({parameter} __cpa_p0) {body}"
    return f"{ctype} {name}() {instrumenter.body(name, (kind, ctype), str(function.line))}"


def _target_definition(name: str, line: int) -> str:
    """The harness' definition of a target function that has no body in the file."""
    what = f"call of {name}, which has no body" + (", declared" if line else "")
    return f'void {name}() {{ __cpa_replay_target("{what}", {line}); }}'


def _first_parameter(instrumenter: Instrumenter, function) -> str:
    declaration = function.prototype()
    params = getattr(getattr(declaration, "type", None), "args", None)
    if params is None or not params.params:
        return "int"  # no prototype: the argument is promoted, an int for a condition
    param = params.params[0]
    if instrumenter.classify(param.type) == "integer":
        spelling = _basic_spelling(instrumenter, param.type)
        if spelling is not None:
            return spelling
    raise _NotApplicable(f"{function.name} takes an argument the harness cannot name")


# -------------------------------------------------------------------- target labels
@dataclass(frozen=True)
class _Label:
    name: str
    file: str
    line: int


def _target_labels(ast: c_ast.FileAST, specification: Specification) -> list[_Label]:
    """The target labels of the file, each where a statement inserted after its colon
    is one more block item (a label that is the body of an ``if`` or a loop would
    then govern only the inserted statement)."""
    found: list[_Label] = []
    wanted = frozenset(specification.labels)

    def walk(node: c_ast.Node, in_block: bool) -> None:
        if isinstance(node, c_ast.Label):
            if node.name in wanted:
                if not in_block:
                    raise _NotApplicable(
                        f"label {node.name} at line {_line_of(node)} is no block item"
                    )
                found.append(_Label(node.name, node.coord.file, _line_of(node)))
            if node.stmt is not None:
                walk(node.stmt, in_block)
            return
        if isinstance(node, c_ast.Compound):
            for item in node.block_items or []:
                walk(item, True)
            return
        if isinstance(node, (c_ast.Case, c_ast.Default)):
            if isinstance(node, c_ast.Case):
                walk(node.expr, False)
            for item in node.stmts or []:
                walk(item, True)
            return
        for _, child in node.children():
            walk(child, False)

    walk(ast, False)
    return found


@dataclass(frozen=True)
class _Input:
    """An input that is no call's result, as the replay's instrumentation found it."""

    name: str
    file: str | None
    line: int
    kind: str  # "integer" or "pointer" (an uninitialised local), "read" (__BLAST_NONDET)
    spelled: str  # a read's type, as a basic type


def _edit_text(program: str | os.PathLike, labels: list[_Label], inputs: list[_Input]) -> str:
    """The file's text with the inserted calls, and a line marker that keeps every line's
    number and the file's name for ``__FILE__``:

    * ``{ ...(line); }`` after each target label's colon;
    * `` = __cpa_replay_input(line)`` after the name of each uninitialised local, where
      the name, followed by ``;`` or ``,``, is on its line as often as declarations of
      it are (so that no use is taken for it);
    * ``((T) __cpa_replay_input(line))`` for each read of ``__BLAST_NONDET``, where
      its line has as many of them as reads.

    Raises :class:`_NotApplicable` where the text does not show a site plainly."""
    text = read_source(program)
    lines = text.split("\n")
    # where to look: the text without comments (same columns), unless a line splice
    # makes comments span lines differently; then the raw line, more strictly
    stripped = splice_lines(text) == text
    view = strip_comments(text).split("\n") if stripped else lines
    marks = ('"', "'") if stripped else ('"', "'", "/*", "*/", "//")
    if len(view) != len(lines):
        raise _NotApplicable("the file's lines cannot be told apart")
    edits: list[tuple[int, int, int, str]] = []  # (line index, start, end, new text)

    def find(what: str, file: str | None, line: int, pattern: str, count: int) -> list:
        if file is None or os.path.normpath(file) != os.path.normpath(str(program)):
            raise _NotApplicable(f"{what} is not in the file itself ({file})")
        if not 0 < line <= len(lines):
            raise _NotApplicable(f"{what} has no line in the file")
        seen = view[line - 1]
        matches = list(re.finditer(pattern, seen))
        if len(matches) != count or any(
            mark in seen[: match.start()] for match in matches for mark in marks
        ):
            raise _NotApplicable(f"{what} at line {line} is not plain text")
        return matches

    for label in labels:
        pattern = rf"(?<![\w.>$]){re.escape(label.name)}\s*:(?!:)"
        (match,) = find(f"label {label.name}", label.file, label.line, pattern, 1)
        call = (
            f" {{ extern void __cpa_replay_label(const char *, int); "
            f'__cpa_replay_label("label {label.name}", {label.line}); }}'
        )
        edits.append((label.line - 1, match.end(), match.end(), call))
    groups: dict[tuple[str, str | None, int, bool, str], int] = {}
    for site in inputs:
        group = (site.name, site.file, site.line, site.kind == "read", site.spelled)
        groups[group] = groups.get(group, 0) + 1
    for (name, file, line, read, spelled), count in groups.items():
        word = rf"(?<![\w$]){re.escape(name)}(?![\w$])"
        if read:
            value = f"(({spelled}) __cpa_replay_input({line}))"
            for match in find(f"a read of {name}", file, line, word, count):
                edits.append((line - 1, match.start(), match.end(), value))
            continue
        kinds = {
            site.kind for site in inputs if (site.name, site.file, site.line) == (name, file, line)
        }
        reader = "__cpa_replay_input_pointer" if "pointer" in kinds else "__cpa_replay_input"
        if len(kinds) != 1:
            raise _NotApplicable(f"declarations of {name} at line {line} differ")
        declared = word + r"(?=\s*[;,])"
        for match in find(f"the declaration of {name}", file, line, declared, count):
            edits.append((line - 1, match.end(), match.end(), f" = {reader}({line})"))
    prototypes = (
        "extern unsigned long long __cpa_replay_input(int); "
        "extern void *__cpa_replay_input_pointer(int); "
    )
    for index, start, end, new in sorted(edits, reverse=True):  # right to left in a line
        lines[index] = lines[index][:start] + new + lines[index][end:]
    escaped = str(program).replace("\\", "\\\\").replace('"', '\\"')
    # the prototypes on the marker's line: line 1 of the file stays line 1; a line
    # marker (``# 1 "file"``, GNU cpp's own) rather than ``#line``, which gcc rejects in
    # a file it takes as preprocessed already (``.i``)
    return prototypes + f'\n# 1 "{escaped}"\n' + "\n".join(lines)
