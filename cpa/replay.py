"""Confirm a counterexample by a real execution: compile the program with gcc and run it.

A FALSE verdict confirmed by the project's own CFA interpreter shares the analysis'
model of C, so a model error confirms itself. Here the program is instead compiled by
gcc (``-fwrapv``, the project's reference semantics for signed overflow; ``-m32`` or
``-m64`` by data model) together with a small harness that serves the test case's
inputs and reports whether a target of the specification was reached.

Pipeline: the project's preprocessing (:func:`cpa.cfa.preprocess.preprocess`, with
``cpp`` for the data model when there are directives), pycparser, an AST
instrumentation (:class:`Instrumenter`), pycparser's C generator, gcc, one run with a
time limit. The instrumentation follows the verifier's input convention
(:mod:`cpa.cfa.inputs`):

* a statement labelled with a target label first reports the target;
* a call of a target function is the violation: ``f(args)`` becomes
  ``(__cpa_replay_target("call of f", line), f(args))``, whether or not ``f`` has a body;
  a target's body starts with that report too, for calls through pointers;
* a block-scope integer or pointer variable declared without initialiser reads one input;
* every read of ``__BLAST_NONDET`` reads one input;
* a function that is called but not defined (and not left to libc: ``abort``, ``exit``,
  ``malloc``, ``free``, ``__assert_fail``, ``__builtin_*``...) gets a definition: a
  ``void`` one does nothing, any other returns the next input, at every call
  (Test-Comp's rule for ``__VERIFIER_nondet_*``). ``__VERIFIER_assume(c)`` stops the
  run when ``c`` is 0; ``assert(c)`` aborts.
* but a function that the C library defines (``strcmp``, ``rand``, ``printf``: gcc
  links it, :func:`library_functions`) is the library's: the analysis read its result
  as an input, the compiled run calls the real function and skips that input, so that
  the inputs after it stay in step. A stub there would run another program than the
  one the verdict is about (``strcmp("ab", "ac")`` returning 0).

See ``docs/replay.md`` for the input file format, exit codes and limits.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pycparser import c_ast, c_parser

from cpa.cfa import builtins
from cpa.cfa.data_model import DataModel
from cpa.cfa.data_model import data_model as model_named
from cpa.cfa.frontend import parse_c
from cpa.cfa.preprocess import (
    ASM_PLACEHOLDER,
    CASE_RANGE_PLACEHOLDER,
    GnuGenerator,
    preprocess,
    read_source,
)
from cpa.cfa.targets import Specification
from cpa.cfa.types import PointerType
from cpa.errors import UnsupportedFeature
from cpa.native_stack import restore_stack_limit

#: gcc's flags: the project's reference semantics (wrap-around signed overflow, no
#: optimisation that exploits undefined behaviour, no builtin library semantics).
#: ``-fpermissive`` keeps gcc 14 from rejecting old C (implicit declarations) that
#: gcc 12 accepts with a warning; ``-w`` silences the warnings.
GCC_FLAGS = ("-std=gnu11", "-O0", "-fwrapv", "-fno-builtin", "-w", "-fpermissive")
MACHINE_FLAGS = {"ILP32": "-m32", "LP64": "-m64"}
POINTER_SIZES = {"ILP32": 4, "LP64": 8}

#: Environment variable that names the file of input texts, one per line.
INPUTS_VARIABLE = "CPA_REPLAY_INPUTS"
#: Exit codes of the harness; each comes with a marker line on stdout.
EXIT_TARGET = 86  # a target was reached: REACHED
EXIT_ASSUME = 87  # __VERIFIER_assume(0): NOT REACHED
EXIT_EXHAUSTED = 88  # the program reads more inputs than the test case has: NOT REACHED
EXIT_INVALID = 89  # an input text is no number: UNKNOWN
EXIT_UNSUPPORTED = 90  # a construct the replay cannot express was reached: UNKNOWN
EXIT_ERROR = 91  # the harness cannot read its inputs file: UNKNOWN
MARKER = "__CPA_REPLAY__"

#: Undefined functions that end the execution like ``abort`` but are not in libc.
ABORT_FUNCTIONS = frozenset(["__VERIFIER_abort", "__assert_rtn"])
#: Called functions without definition that are left to the C library (or to gcc): the
#: ones the verifier reads as ending the path or models exactly (cpa.cfa.builtins), and
#: memory allocation.
LIBRARY_FUNCTIONS = (
    (builtins.STOP_FUNCTIONS - ABORT_FUNCTIONS)
    | builtins.LIBRARY_MODELLED
    | frozenset(["malloc", "calloc", "realloc", "free", "alloca"])
)
LIBRARY_PREFIXES = ("__builtin_", "__sync_", "__atomic_")
#: Undefined error functions that are not targets do nothing (SV-COMP's reading).
SILENT_FUNCTIONS = frozenset(["reach_error", "__VERIFIER_error"])
ASSUME_FUNCTION = "__VERIFIER_assume"

_STUB_PREFIX = "__cpa_stub_"
_REF_PREFIX = "__cpa_ref_"
_RECURSION_LIMIT = 20000


@dataclass(frozen=True)
class ReplayOutcome:
    """What one compiled run of a test case showed.

    ``reached`` is None when the program could not be built or run (no gcc, no 32-bit
    libc, a construct the replay cannot express, an input text that is no number);
    ``target`` names what was reached (``"call of reach_error"``, ``"label ERROR"``).
    """

    reached: bool | None
    reason: str
    target: str | None = None


# --------------------------------------------------------------------------- toolchain
def find_gcc() -> str | None:
    return shutil.which("gcc")


def _gcc_environment() -> dict[str, str]:
    """gcc's messages in plain ASCII (no locale quotes), for one-line reasons."""
    return dict(os.environ, LC_ALL="C")


@functools.cache
def toolchain_problem(data_model: str = "LP64") -> str | None:
    """Why gcc cannot build and run programs for ``data_model`` here, or None if it can.

    Checked once per data model by building and running a tiny program: ``-m32``
    needs a 32-bit libc (``gcc-multilib``), which many machines lack.
    """
    if data_model not in MACHINE_FLAGS:
        return f"unknown data model {data_model!r} (ILP32 or LP64)"
    gcc = find_gcc()
    if gcc is None:
        return "gcc not found: cannot compile the program for replay"
    flag = MACHINE_FLAGS[data_model]
    size = POINTER_SIZES[data_model]
    source = (
        f"int main(void) {{ return sizeof(void *) == {size} && sizeof(long) == {size} ? 0 : 3; }}\n"
    )
    with tempfile.TemporaryDirectory(prefix="cpa-replay-check-") as directory:
        program = Path(directory, "check.c")
        program.write_text(source)
        binary = Path(directory, "check")
        try:
            build = subprocess.run(
                [gcc, *GCC_FLAGS, flag, str(program), "-o", str(binary)],
                capture_output=True,
                text=True,
                timeout=60,
                env=_gcc_environment(),
            )
            if build.returncode != 0:
                first = _first_error(build.stderr, directory)
                hint = "; a 32-bit libc is needed (gcc-multilib)" if flag == "-m32" else ""
                return f"gcc cannot build {flag} programs here ({data_model}): {first}{hint}"
            run = subprocess.run([str(binary)], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"gcc cannot build and run {flag} programs here ({data_model}): {error}"
        if run.returncode != 0:
            return f"a {flag} program built by gcc does not run here ({data_model})"
    return None


@functools.cache
def library_functions(names: frozenset[str], data_model: str = "LP64") -> frozenset[str]:
    """Those of ``names`` that gcc links from the C library for ``data_model``.

    Found by linking a program that refers to each name: the ones the linker reports
    as undefined are not the library's. When that cannot be told (no gcc, a failure
    that names none), every name counts as the library's: the replay then calls the
    real functions, and a build that cannot find one fails, which confirms nothing.
    """
    if not names:
        return frozenset()
    gcc = find_gcc()
    if gcc is None or data_model not in MACHINE_FLAGS:
        return names
    ordered = sorted(names)
    source = "".join(f"extern char {name};\n" for name in ordered)
    source += "void *__cpa_refs[] = {" + ", ".join(f"&{name}" for name in ordered) + "};\n"
    source += "int main(void) { return __cpa_refs[0] == 0; }\n"
    with tempfile.TemporaryDirectory(prefix="cpa-replay-library-") as directory:
        program = Path(directory, "library.c")
        program.write_text(source)
        try:
            build = subprocess.run(
                [gcc, *GCC_FLAGS, MACHINE_FLAGS[data_model], str(program)]
                + ["-o", str(Path(directory, "library"))],
                capture_output=True,
                text=True,
                timeout=60,
                env=_gcc_environment(),
            )
        except (OSError, subprocess.TimeoutExpired):
            return names
    if build.returncode == 0:
        return names
    undefined = set(re.findall(r"undefined reference to [`']([^'`]+)'", build.stderr))
    return names - undefined if undefined else names


def _first_error(stderr: str, directory: str | None = None) -> str:
    """gcc's first error as one line, with the enclosing function if gcc names it."""
    lines = stderr.splitlines()
    if directory:
        lines = [line.replace(directory + os.sep, "") for line in lines]
    function = ""
    for line in lines:
        match = re.search(r"In function '([^']*)'", line)
        if match:
            function = match.group(1)
        elif "At top level" in line:
            function = ""
        if any(key in line for key in (": error:", "undefined reference", "cannot find")):
            message = re.sub(r"^[^:\s]*\.c:\d+:\d+:\s*", "", line.strip())
            return f"in function '{function}': {message}" if function else message
    nonempty = [line.strip() for line in lines if line.strip()]
    return nonempty[0] if nonempty else "unknown error"


# ------------------------------------------------------------------------ the harness
HARNESS = r"""/* cpa replay harness: serves the test case's inputs, reports targets (generated) */
#define offsetof(type, member) __builtin_offsetof(type, member)
extern char *__cpa_replay_getenv(const char *) __asm__("getenv");
extern int __cpa_replay_open(const char *, int, ...) __asm__("open");
extern long __cpa_replay_read(int, void *, unsigned long) __asm__("read");
extern long __cpa_replay_write(int, const void *, unsigned long) __asm__("write");
extern void __cpa_replay_exit(int) __asm__("_exit") __attribute__((__noreturn__));
extern double __cpa_replay_strtod(const char *, char **) __asm__("strtod");
static int __cpa_replay_fd = -1, __cpa_replay_opened;
static char __cpa_replay_buffer[4096];
static long __cpa_replay_length, __cpa_replay_position;
static unsigned long __cpa_replay_count;

static void __cpa_replay_puts(const char *text) {
  unsigned long length = 0;
  while (text[length]) length++;
  while (length > 0) {
    long written = __cpa_replay_write(1, text, length);
    if (written <= 0) return;
    text += written;
    length -= written;
  }
}

static void __cpa_replay_putu(unsigned long value) {
  char digits[24];
  int i = 23;
  digits[i] = 0;
  do { digits[--i] = (char) ('0' + value % 10); value /= 10; } while (value);
  __cpa_replay_puts(digits + i);
}

/* one marker line "__CPA_REPLAY__ KIND LINE INPUTS-READ WHAT", then exit with CODE */
static void __cpa_replay_stop(int code, const char *kind, int line, const char *what)
    __attribute__((__noreturn__));
static void __cpa_replay_stop(int code, const char *kind, int line, const char *what) {
  __cpa_replay_puts("\n__CPA_REPLAY__ ");
  __cpa_replay_puts(kind);
  __cpa_replay_puts(" ");
  __cpa_replay_putu((unsigned long) (line < 0 ? 0 : line));
  __cpa_replay_puts(" ");
  __cpa_replay_putu(__cpa_replay_count);
  __cpa_replay_puts(" ");
  __cpa_replay_puts(what);
  __cpa_replay_puts("\n");
  __cpa_replay_exit(code);
}

static void __cpa_replay_target(const char *what, int line) __attribute__((__noreturn__));
static void __cpa_replay_target(const char *what, int line) {
  __cpa_replay_stop(@TARGET@, "target", line, what);
}

static void __cpa_replay_assume_failed(int line) __attribute__((__noreturn__));
static void __cpa_replay_assume_failed(int line) {
  __cpa_replay_stop(@ASSUME@, "assume", line, "");
}

static void __cpa_replay_unsupported(const char *what, int line) __attribute__((__noreturn__));
static void __cpa_replay_unsupported(const char *what, int line) {
  __cpa_replay_stop(@UNSUPPORTED@, "unsupported", line, what);
}

static int __cpa_replay_getc(int line) {
  if (!__cpa_replay_opened) {
    const char *path = __cpa_replay_getenv("@VARIABLE@");
    __cpa_replay_opened = 1;
    __cpa_replay_fd = path ? __cpa_replay_open(path, 0 /* O_RDONLY */) : -1;
    if (__cpa_replay_fd < 0)
      __cpa_replay_stop(@ERROR@, "error", line, "cannot open the file named by @VARIABLE@");
  }
  if (__cpa_replay_position >= __cpa_replay_length) {
    __cpa_replay_length = __cpa_replay_read(__cpa_replay_fd, __cpa_replay_buffer,
                                            sizeof __cpa_replay_buffer);
    __cpa_replay_position = 0;
    if (__cpa_replay_length <= 0) {
      __cpa_replay_length = 0;
      return -1;
    }
  }
  return (unsigned char) __cpa_replay_buffer[__cpa_replay_position++];
}

/* the next input text (one line of the inputs file); none left: "inputs exhausted" */
static void __cpa_replay_text(char *text, int size, int line) {
  int c = __cpa_replay_getc(line), n = 0;
  if (c < 0) __cpa_replay_stop(@EXHAUSTED@, "exhausted", line, "");
  __cpa_replay_count++;
  while (c >= 0 && c != '\n') {
    if (n < size - 1) text[n++] = (char) c;
    else text[size - 2] = '?'; /* too long: cannot be a valid number */
    c = __cpa_replay_getc(line);
  }
  text[n] = 0;
}

static int __cpa_replay_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Decimal (or 0x hexadecimal) integer text, optional sign and C suffix, as the bits of
   an unsigned long long: what strtoll (leading '-') or strtoull (base 10) would give,
   but out-of-range texts are rejected. The receiving type's cast converts modulo 2^w. */
static unsigned long long __cpa_replay_next(int line) {
  char text[128];
  const char *s = text;
  unsigned long long value = 0;
  int negative = 0, digits = 0, base = 10;
  __cpa_replay_text(text, sizeof text, line);
  while (__cpa_replay_space(*s)) s++;
  if (*s == '-' || *s == '+') negative = *s++ == '-';
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
  for (;; s++) {
    int d;
    if (*s >= '0' && *s <= '9') d = *s - '0';
    else if (base == 16 && *s >= 'a' && *s <= 'f') d = *s - 'a' + 10;
    else if (base == 16 && *s >= 'A' && *s <= 'F') d = *s - 'A' + 10;
    else break;
    if (value > (~0ULL - (unsigned) d) / (unsigned) base)
      __cpa_replay_stop(@INVALID@, "invalid", line, text);
    value = value * (unsigned) base + (unsigned) d;
    digits++;
  }
  while (*s == 'u' || *s == 'U' || *s == 'l' || *s == 'L') s++;
  while (__cpa_replay_space(*s)) s++;
  if (!digits || *s) __cpa_replay_stop(@INVALID@, "invalid", line, text);
  if (negative) {
    if (value > (1ULL << 63)) __cpa_replay_stop(@INVALID@, "invalid", line, text);
    value = 0 - value;
  }
  return value;
}

static void *__cpa_replay_next_pointer(int line) {
  return (void *) (__UINTPTR_TYPE__) __cpa_replay_next(line);
}

static double __cpa_replay_next_float(int line) {
  char text[128];
  char *end;
  double value;
  __cpa_replay_text(text, sizeof text, line);
  value = __cpa_replay_strtod(text, &end);
  while (*end == 'f' || *end == 'F' || *end == 'l' || *end == 'L') end++;
  while (__cpa_replay_space(*end)) end++;
  if (end == text || *end) __cpa_replay_stop(@INVALID@, "invalid", line, text);
  return value;
}
/* end of the harness; the instrumented program follows */

"""
for _name, _value in {
    "@TARGET@": EXIT_TARGET,
    "@ASSUME@": EXIT_ASSUME,
    "@EXHAUSTED@": EXIT_EXHAUSTED,
    "@INVALID@": EXIT_INVALID,
    "@UNSUPPORTED@": EXIT_UNSUPPORTED,
    "@ERROR@": EXIT_ERROR,
    "@VARIABLE@": INPUTS_VARIABLE,
}.items():
    HARNESS = HARNESS.replace(_name, str(_value))


# --------------------------------------------------------------------- preprocessing
def parse_for_replay(program: str | os.PathLike, data_model: str = "LP64") -> c_ast.FileAST:
    """The program's AST as the frontend reads it (``cpp`` for ``data_model``)."""
    name = str(program)
    text = read_source(program)
    directory = os.path.dirname(os.path.abspath(program))
    return parse_c(preprocess(text, name, directory, model_named(data_model), program), name)


# ------------------------------------------------------------------ instrumentation
class ReplayUnsupported(Exception):
    """A construct that the replay cannot express; the outcome is UNKNOWN."""

    def __init__(self, construct: str, line: int | None = None):
        super().__init__(construct)
        self.construct = construct
        self.line = line


class _Raw(c_ast.Pragma):
    """Verbatim C text among the external declarations (printed without ``;``)."""


class _Generator(GnuGenerator):
    def visit__Raw(self, node: _Raw) -> str:
        return node.string

    def visit_IdentifierType(self, node: c_ast.IdentifierType) -> str:
        """gcc's spelling of the types that the preprocessing renamed for pycparser:
        four ``long`` mark ``_Complex``, three ``__int128`` (or ``_Float128`` with
        ``double``)."""
        names = list(node.names)
        if names.count("long") < 3:
            return " ".join(names)
        extra = []
        if names.count("long") >= 4:
            for _ in range(4):
                names.remove("long")
            extra.append("_Complex")
        if names.count("long") == 3:
            for _ in range(3):
                names.remove("long")
            if "double" in names:
                names.remove("double")
                extra.append("_Float128")
            else:
                names = [n for n in names if n != "int"]
                extra.append("__int128")
        return " ".join(names + extra)


@dataclass
class _Entry:
    """An ordinary identifier in scope."""

    kind: str  # "var", "func", "typedef", "enum"
    type: c_ast.Node | None = None
    extern: bool = False


@dataclass
class _Function:
    """A called (or referenced) function without definition."""

    name: str
    line: int
    first_use: int  # where its prototype goes: index in the external declarations
    declarations: list[c_ast.Decl] = field(default_factory=list)
    called: bool = False
    referenced: bool = False
    #: each call: the rewritten node and its original arguments
    calls: list[tuple[c_ast.FuncCall, c_ast.ExprList | None]] = field(default_factory=list)

    def prototype(self) -> c_ast.Decl | None:
        """The declaration the stubs follow: one with parameters if there is one."""
        return next(
            (d for d in self.declarations if d.type.args is not None),
            self.declarations[0] if self.declarations else None,
        )


_BASIC_TYPES = frozenset(
    "void char short int long float double signed unsigned _Bool __int128 "
    "_Float32 _Float64 __uint128_t __int128_t".split()
)


def _line(node: c_ast.Node | None) -> int:
    coord = getattr(node, "coord", None)
    return int(coord.line) if coord is not None and coord.line else 0


def _file(node: c_ast.Node | None) -> str | None:
    coord = getattr(node, "coord", None)
    return coord.file if coord is not None else None


def _string(text: str) -> c_ast.Constant:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return c_ast.Constant("string", f'"{escaped}"')


def _call(name: str, *args: c_ast.Node, coord=None) -> c_ast.FuncCall:
    return c_ast.FuncCall(c_ast.ID(name, coord), c_ast.ExprList(list(args)), coord)


def _target_report(function: str, line: int) -> c_ast.FuncCall:
    """The harness's report that a call of the target ``function`` happens."""
    return _call("__cpa_replay_target", _string(f"call of {function}"), _int(line))


def _int(value: int) -> c_ast.Constant:
    return c_ast.Constant("int", str(value))


def _innermost(node: c_ast.Node) -> c_ast.TypeDecl | None:
    while isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.FuncDecl)):
        node = node.type
    return node if isinstance(node, c_ast.TypeDecl) else None


def _set_declname(node: c_ast.Node, name: str | None) -> None:
    inner = _innermost(node)
    if inner is not None:
        inner.declname = name


#: The C library symbols the harness calls (through asm labels, see HARNESS).
HARNESS_SYMBOLS = frozenset(["getenv", "open", "read", "write", "_exit", "strtod"])
#: A program's own definition of one of them is renamed with this prefix.
_OWN_PREFIX = "__cpa_program_"


def _rename_harness_names(ast: c_ast.FileAST) -> None:
    """Rename what the program defines under a name the harness needs from libc.

    The harness reaches libc's ``read`` through the symbol ``read``; a program that
    defines ``void read(void)`` (the SystemC benchmarks do) would take that symbol over
    and the harness would call the program's function. Every use of such a name in
    the program is renamed alike, so the program behaves as written.
    """
    owned = set()
    for ext in ast.ext:
        if isinstance(ext, c_ast.FuncDef) and ext.decl.name in HARNESS_SYMBOLS:
            owned.add(ext.decl.name)
        elif isinstance(ext, c_ast.Decl) and ext.name in HARNESS_SYMBOLS:
            storage = ext.storage or []
            if "extern" not in storage and not isinstance(ext.type, c_ast.FuncDecl):
                owned.add(ext.name)
    if not owned:
        return
    stack: list[c_ast.Node] = [ast]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.ID) and node.name in owned:
            node.name = _OWN_PREFIX + node.name
        elif isinstance(node, c_ast.Decl) and node.name in owned:
            node.name = _OWN_PREFIX + node.name
        elif isinstance(node, c_ast.TypeDecl) and node.declname in owned:
            node.declname = _OWN_PREFIX + node.declname
        stack.extend(child for _, child in node.children())


class Instrumenter:
    """Rewrites a program's AST for replay and prints it as C (see module docstring)."""

    def __init__(
        self,
        specification: Specification,
        model: DataModel,
        library: Callable[[frozenset[str]], frozenset[str]] = lambda names: frozenset(),
    ):
        """``library(names)``: which of the called functions without definition the C
        library defines (their calls stay calls of the real function)."""
        self.model = model
        self.library = library
        self.labels = frozenset(specification.labels)
        functions = frozenset(specification.error_functions)
        # ``assert(c)`` is an error call only when it fails; handled in its stub
        self.call_targets = functions - {"assert"}
        self.assert_target = bool(functions & {"assert", "__assert_fail"})
        self.scopes: list[dict[str, _Entry]] = [{}]
        self.defined: set[str] = set()
        self.functions: dict[str, _Function] = {}
        self.defined_variables: set[str] = set()
        self.extern_uses: dict[str, int] = {}
        self.index = 0
        #: inputs that are no call's result: (name, file, line, kind, type) of each
        #: uninitialised local (kind ``integer`` or ``pointer``) and each read of
        #: ``__BLAST_NONDET`` (kind ``read``)
        self.implicit_inputs: list[tuple[str, str | None, int, str, c_ast.Node]] = []
        #: the called functions without body that the C library defines
        self.library_names: frozenset[str] = frozenset()
        #: called functions that the program text reaches as gcc's builtins (glibc's
        #: ``alloca`` macro), renamed to ``__builtin_NAME`` here
        self.builtin_names: set[str] = set()

    # -------------------------------------------------------------------- scopes
    def lookup(self, name: str) -> _Entry | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def define(self, name: str, entry: _Entry) -> None:
        self.scopes[-1][name] = entry

    def classify(self, node: c_ast.Node | None, depth: int = 0) -> str:
        """``integer``, ``float``, ``pointer``, ``void``, ``aggregate``, ``array``,
        ``function`` or ``unknown`` for a declarator chain (typedefs resolved)."""
        if depth > 100 or node is None:
            return "unknown"
        if isinstance(node, c_ast.PtrDecl):
            return "pointer"
        if isinstance(node, c_ast.ArrayDecl):
            return "array"
        if isinstance(node, c_ast.FuncDecl):
            return "function"
        if isinstance(node, (c_ast.TypeDecl, c_ast.Typename, c_ast.AttributedType)):
            return self.classify(node.type, depth + 1)
        if isinstance(node, c_ast.Enum):
            return "integer"
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return "aggregate"
        if isinstance(node, c_ast.IdentifierType):
            names = node.names
            if all(name in _BASIC_TYPES for name in names):
                if "void" in names:
                    return "void"
                if any(name in ("float", "double", "_Float32", "_Float64") for name in names):
                    return "float"
                return "integer"
            typedef = self.lookup(names[-1])
            if typedef is not None and typedef.kind == "typedef":
                return self.classify(typedef.type, depth + 1)
            return "unknown"
        if type(node).__name__ == "BitIntType":
            return "integer"
        return "unknown"

    # ------------------------------------------------------------- the whole file
    def run(self, ast: c_ast.FileAST) -> str:
        _rename_harness_names(ast)
        self.defined = {ext.decl.name for ext in ast.ext if isinstance(ext, c_ast.FuncDef)}
        for index, ext in enumerate(ast.ext):
            self.index = index
            if isinstance(ext, c_ast.FuncDef):
                self.function_definition(ext)
            elif isinstance(ext, c_ast.Decl):
                self.declaration(ext, file_scope=True)
            elif isinstance(ext, c_ast.Typedef):
                self.typedef(ext)
            else:
                ast.ext[index] = self.visit(ext)
        for name, line in self.extern_uses.items():
            if name not in self.defined_variables:
                raise ReplayUnsupported(f"extern variable {name} without definition", line)
        library = self.library(
            frozenset(
                name
                for name, function in self.functions.items()
                if (function.called or function.referenced) and self.answered_by_input(name)
            )
        )
        self.library_names = library
        prototypes: dict[int, list[str]] = {}
        definitions: list[str] = []
        for function in self.functions.values():
            stubs = (
                self.library_stubs(function) if function.name in library else self.stubs(function)
            )
            for prototype, definition in stubs:
                prototypes.setdefault(function.first_use, []).append(prototype + ";\n")
                definitions.append(prototype + "\n" + definition + "\n")
        ext: list[c_ast.Node] = []
        for index, node in enumerate(ast.ext):
            ext += [_Raw("".join(prototypes[index]))] if index in prototypes else []
            ext.append(node)
        if len(ast.ext) in prototypes:
            ext.append(_Raw("".join(prototypes[len(ast.ext)])))
        if definitions:
            header = "/* definitions of the called functions without body (cpa replay) */\n"
            ext.append(_Raw(header + "\n".join(definitions)))
        return HARNESS + _Generator().visit(c_ast.FileAST(ext))

    def function_definition(self, node: c_ast.FuncDef) -> None:
        decl = node.decl
        self.define(decl.name, _Entry("func", decl.type))
        self.scopes.append({})
        function = decl.type
        if isinstance(function, c_ast.FuncDecl) and function.args is not None:
            for param in function.args.params:
                if isinstance(param, c_ast.Decl) and param.name:
                    self.define(param.name, _Entry("var", param.type))
        for param in node.param_decls or []:
            if isinstance(param, c_ast.Decl) and param.name:
                self.define(param.name, _Entry("var", param.type))
        node.body = self.visit(node.body)
        self.scopes.pop()
        if decl.name in self.call_targets:
            # a call through a pointer is seen on entry (a call by name reports first)
            report = _target_report(decl.name, _line(node))
            node.body.block_items = [report, *(node.body.block_items or [])]

    def typedef(self, node: c_ast.Typedef) -> None:
        self.tags(node.type)
        self.define(node.name, _Entry("typedef", node.type))

    def tags(self, node: c_ast.Node | None) -> None:
        """Define the enumerators of enum definitions inside a type."""
        while isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.FuncDecl, c_ast.TypeDecl)):
            node = node.type
        if isinstance(node, c_ast.Enum) and node.values is not None:
            for enumerator in node.values.enumerators:
                self.define(enumerator.name, _Entry("enum"))
        elif isinstance(node, (c_ast.Struct, c_ast.Union)) and node.decls:
            for member in node.decls:
                self.tags(getattr(member, "type", None))

    def declaration(self, decl: c_ast.Decl, file_scope: bool) -> None:
        self.tags(decl.type)
        if decl.name is None:
            return
        storage = decl.storage or []
        if isinstance(decl.type, c_ast.FuncDecl):
            self.define(decl.name, _Entry("func", decl.type))
            if decl.name not in self.defined:
                # a stub's prototype goes after a file-scope declaration (its types
                # are declared by then), else before the function that uses it
                self.record(decl.name, decl, after=file_scope).declarations.append(decl)
            return
        extern = "extern" in storage
        if file_scope and not extern:
            self.defined_variables.add(decl.name)
        self.define(decl.name, _Entry("var", decl.type, extern=extern))
        decl.type = self.visit(decl.type)
        if decl.init is not None:
            decl.init = self.visit(decl.init)
            return
        if file_scope or extern or "static" in storage or "typedef" in storage:
            return
        kind = self.classify(decl.type)
        if kind in ("integer", "pointer"):
            decl.init = self.input_value(decl.type, kind, _line(decl))
            site = (decl.name, _file(decl), _line(decl), kind, decl.type)
            self.implicit_inputs.append(site)

    def input_value(self, ctype: c_ast.Node, kind: str, line: int) -> c_ast.Node:
        """``(T) __cpa_replay_next(line)``: one input converted to ``ctype``."""
        function = "__cpa_replay_next_pointer" if kind == "pointer" else "__cpa_replay_next"
        value: c_ast.Node = _call(function, _int(line))
        typename = self.typename(ctype)
        return value if typename is None else c_ast.Cast(typename, value)

    @staticmethod
    def typename(ctype: c_ast.Node) -> c_ast.Typename | None:
        """A cast's type for a declarator chain, or None when it defines an anonymous
        struct, union or enum (a copy would be another type)."""
        chain = copy.deepcopy(ctype)
        _set_declname(chain, None)
        inner = _innermost(chain)
        if inner is None:
            return None
        inner.align = None
        base = inner.type
        if isinstance(base, (c_ast.Struct, c_ast.Union)) and base.decls is not None:
            if base.name is None:
                return None
            inner.type = type(base)(base.name, None)
        elif isinstance(base, c_ast.Enum) and base.values is not None:
            if base.name is None:
                return None
            inner.type = c_ast.Enum(base.name, None, None)
        return c_ast.Typename(None, [], None, chain)

    def record(self, name: str, node: c_ast.Node, after: bool = False) -> _Function:
        function = self.functions.get(name)
        if function is None:
            function = _Function(name, _line(node), self.index + (1 if after else 0))
            self.functions[name] = function
        return function

    def stubbed(self, name: str) -> bool:
        return (
            name not in self.defined
            and name not in LIBRARY_FUNCTIONS
            and not name.startswith(LIBRARY_PREFIXES)
        )

    # ------------------------------------------------------------------ traversal
    def visit(self, node):
        if node is None:
            return None
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is not None:
            return method(node)
        self.children(node)
        return node

    def children(self, node: c_ast.Node) -> None:
        for name in node.__slots__:
            if name in ("coord", "__weakref__"):
                continue
            value = getattr(node, name)
            if isinstance(value, c_ast.Node):
                setattr(node, name, self.visit(value))
            elif isinstance(value, list):
                setattr(
                    node, name, [self.visit(v) if isinstance(v, c_ast.Node) else v for v in value]
                )

    def unchanged(self, node):
        return node

    visit_Typename = visit_Struct = visit_Union = visit_Enum = visit_FuncDecl = unchanged
    visit_TypeDecl = visit_IdentifierType = visit_Goto = visit_Constant = unchanged
    visit_Pragma = visit_EllipsisParam = unchanged

    def visit_Compound(self, node: c_ast.Compound) -> c_ast.Node:
        self.scopes.append({})
        try:
            self.children(node)
        finally:
            self.scopes.pop()
        return node

    def visit_For(self, node: c_ast.For) -> c_ast.Node:
        self.scopes.append({})
        try:
            self.children(node)
        finally:
            self.scopes.pop()
        return node

    def visit_Decl(self, node: c_ast.Decl) -> c_ast.Node:
        self.declaration(node, file_scope=False)
        return node

    def visit_Typedef(self, node: c_ast.Typedef) -> c_ast.Node:
        self.typedef(node)
        return node

    def visit_ArrayDecl(self, node: c_ast.ArrayDecl) -> c_ast.Node:
        node.dim = self.visit(node.dim)
        node.type = self.visit(node.type)
        return node

    def visit_StructRef(self, node: c_ast.StructRef) -> c_ast.Node:
        node.name = self.visit(node.name)
        return node

    def visit_NamedInitializer(self, node: c_ast.NamedInitializer) -> c_ast.Node:
        node.expr = self.visit(node.expr)
        return node

    def visit_Cast(self, node: c_ast.Cast) -> c_ast.Node:
        node.expr = self.visit(node.expr)
        return node

    def visit_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> c_ast.Node:
        node.init = self.visit(node.init)
        return node

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> c_ast.Node:
        if node.op in ("&", "++", "--", "p++", "p--") and isinstance(node.expr, c_ast.ID):
            node.expr = self.identifier(node.expr, read=False)
            return node
        self.children(node)
        return node

    def visit_Assignment(self, node: c_ast.Assignment) -> c_ast.Node:
        if isinstance(node.lvalue, c_ast.ID):
            node.lvalue = self.identifier(node.lvalue, read=False)
        else:
            node.lvalue = self.visit(node.lvalue)
        node.rvalue = self.visit(node.rvalue)
        return node

    def visit_ID(self, node: c_ast.ID) -> c_ast.Node:
        return self.identifier(node, read=True)

    def identifier(self, node: c_ast.ID, read: bool) -> c_ast.Node:
        entry = self.lookup(node.name)
        if entry is None:
            return node
        if entry.kind == "var":
            if entry.extern:
                self.extern_uses.setdefault(node.name, _line(node))
            if read and node.name == "__BLAST_NONDET":
                kind = self.classify(entry.type)
                if kind == "integer":
                    site = (node.name, _file(node), _line(node), "read", entry.type)
                    self.implicit_inputs.append(site)
                    return self.input_value(entry.type, kind, _line(node))
            return node
        if entry.kind == "func" and self.stubbed(node.name):
            self.record(node.name, node).referenced = True
            return c_ast.ID(_REF_PREFIX + node.name, node.coord)
        return node

    def visit_FuncCall(self, node: c_ast.FuncCall) -> c_ast.Node:
        callee = node.name
        entry = self.lookup(callee.name) if isinstance(callee, c_ast.ID) else None
        if not isinstance(callee, c_ast.ID) or (entry is not None and entry.kind != "func"):
            self.children(node)
            return node
        name = callee.name
        if name in ("offsetof", CASE_RANGE_PLACEHOLDER):
            return node
        node.args = self.visit(node.args)
        line = _line(node)
        if name == "alloca" and name not in self.defined:
            # glibc's alloca is a macro for the builtin, absent under -fno-builtin
            node.name = c_ast.ID("__builtin_alloca", callee.coord)
            self.builtin_names.add(name)
            return node
        if self.stubbed(name):
            function = self.record(name, node)
            function.called = True
            function.calls.append((node, node.args))
            arguments = node.args.exprs if node.args is not None else []
            node.name = c_ast.ID(_STUB_PREFIX + name, callee.coord)
            node.args = c_ast.ExprList([_int(line), *arguments], node.coord)
        if name in self.call_targets:
            return c_ast.ExprList([_target_report(name, line), node], node.coord)
        return node

    def visit_Label(self, node: c_ast.Label) -> c_ast.Node:
        node.stmt = self.visit(node.stmt)
        if node.name in self.labels:
            report = _call("__cpa_replay_target", _string(f"label {node.name}"), _int(_line(node)))
            node.stmt = c_ast.Compound([report, node.stmt], node.coord)
        return node

    # ---------------------------------------------------------------------- stubs
    def answered_by_input(self, name: str) -> bool:
        """Whether a stub of ``name`` serves inputs (or does nothing): not one of the
        functions whose stub has a meaning of its own (assume, assert, targets...)."""
        return not (
            name.startswith("__VERIFIER_")
            or name in (ASSUME_FUNCTION, "assert", ASM_PLACEHOLDER)
            or name in ABORT_FUNCTIONS
            or name in SILENT_FUNCTIONS
            or name in self.call_targets
        )

    def library_stubs(self, function: _Function) -> list[tuple[str, str]]:
        """For a function of the C library: its calls call it, a stub around each call
        skips the input the analysis read as its result (none for a ``void`` one)."""
        if function.referenced:
            raise ReplayUnsupported(f"address of C library function {function.name}", function.line)
        declaration = function.prototype()
        prototype, (kind, returns) = self.prototype(function.name, declaration, _STUB_PREFIX, True)
        if kind == "void":
            for node, arguments in function.calls:
                node.name = c_ast.ID(function.name, node.name.coord)
                node.args = arguments
            return []
        for node, arguments in function.calls:
            real = c_ast.FuncCall(c_ast.ID(function.name, node.name.coord), arguments, node.coord)
            node.args = c_ast.ExprList([node.args.exprs[0], real], node.coord)
        skip = {"pointer": "__cpa_replay_next_pointer", "float": "__cpa_replay_next_float"}
        reader = skip.get(kind, "__cpa_replay_next")
        header = (
            f"static {returns} {_STUB_PREFIX}{function.name}(int __cpa_line, {returns} __cpa_r)"
        )
        return [(header, f"{{ (void) {reader}(__cpa_line); return __cpa_r; }}")]

    def stubs(self, function: _Function) -> list[tuple[str, str]]:
        """(prototype, body) of the replacement definitions of ``function``."""
        declaration = function.prototype()
        result = []
        if function.called:
            prototype, returns = self.prototype(function.name, declaration, _STUB_PREFIX, True)
            result.append((prototype, self.body(function.name, returns, "__cpa_line")))
        if function.referenced and declaration is not None:
            prototype, returns = self.prototype(function.name, declaration, _REF_PREFIX, False)
            body = self.body(function.name, returns, str(function.line))
            if function.name in self.call_targets:  # called through a pointer
                report = f'__cpa_replay_target("call of {function.name}", {function.line});'
                body = "{ " + report + " " + body[1:]
            result.append((prototype, body))
        return result

    def prototype(
        self, name: str, declaration: c_ast.Decl | None, prefix: str, with_line: bool
    ) -> tuple[str, tuple[str, str]]:
        """The stub's declarator text and (return kind, return type text)."""
        line_param = "int __cpa_line" if with_line else ""
        needs_argument = name in (ASSUME_FUNCTION, "assert")
        if declaration is None:  # implicit declaration: int f(), or by the nondet suffix
            returns = "int"
            named = builtins.nondet_type(name, self.model)
            if named is not None:
                returns = "void *" if isinstance(named, PointerType) else str(named)
            kind = "pointer" if returns.endswith("*") else "integer"
            kind = "float" if returns in ("float", "double") else kind
            params = ", ".join(p for p in (line_param, "int __cpa_p0") if p)
            if not needs_argument:
                params = f"{line_param}, ..." if with_line else ""
            return f"static {returns} {prefix}{name}({params})", (kind, returns)
        decl = copy.deepcopy(declaration)
        decl.name = prefix + name
        decl.storage = ["static"]
        decl.funcspec = []
        decl.init = None
        if hasattr(decl, "attributes"):
            decl.attributes = []
        function = decl.type
        _set_declname(function, decl.name)
        returns_node = copy.deepcopy(function.type)
        _set_declname(returns_node, None)
        returns = _Generator().visit(c_ast.Typename(None, [], None, returns_node))
        kind = self.classify(function.type)
        params: list[c_ast.Node] = []
        # ``int g(foo);``: an identifier list without a body declares no prototype
        old_style = function.args is None or any(
            isinstance(param, c_ast.ID) for param in function.args.params
        )
        declared = [] if old_style else list(function.args.params)
        if len(declared) == 1 and self._is_void(declared[0]):
            declared = []
        for position, param in enumerate(declared):
            params.append(self._named_param(param, position))
        if needs_argument and not params:
            params.append(self._parse_param("int __cpa_p0"))
            old_style = False
        if with_line:
            params.insert(0, self._parse_param("int __cpa_line"))
            if old_style:
                params.append(c_ast.EllipsisParam())
        if params:
            function.args = c_ast.ParamList(params)
        elif not old_style:
            function.args = c_ast.ParamList([self._parse_param("void")])
        return _Generator().visit(decl), (kind, returns)

    def _is_void(self, param: c_ast.Node) -> bool:
        return (
            isinstance(param, c_ast.Typename)
            and getattr(param, "name", None) is None
            and self.classify(param.type) == "void"
            and isinstance(param.type, c_ast.TypeDecl)
        )

    @staticmethod
    def _named_param(param: c_ast.Node, position: int) -> c_ast.Node:
        if isinstance(param, c_ast.EllipsisParam):
            return param
        name = f"__cpa_p{position}"
        if isinstance(param, c_ast.Typename):
            param = c_ast.Decl(name, param.quals, param.align, [], [], param.type, None, None)
        else:
            param = copy.copy(param)
            param.name = name
        param.type = copy.deepcopy(param.type)
        _set_declname(param.type, name)
        return param

    @staticmethod
    def _parse_param(text: str) -> c_ast.Node:
        return copy.deepcopy(_parsed_param(text))

    def body(self, name: str, returns: tuple[str, str], line: str) -> str:
        kind, ctype = returns
        if name == ASSUME_FUNCTION:
            return f"{{ if (!__cpa_p0) __cpa_replay_assume_failed({line}); }}"
        if name == "assert":
            if self.assert_target:
                fail = f'__cpa_replay_target("call of __assert_fail", {line});'
            else:
                fail = "__builtin_abort();"
            return f"{{ if (!__cpa_p0) {fail} }}"
        if name in ABORT_FUNCTIONS:
            return "{ __builtin_abort(); }"
        if name == ASM_PLACEHOLDER:
            return f'{{ __cpa_replay_unsupported("inline assembly", {line}); }}'
        if name in SILENT_FUNCTIONS or name in self.call_targets:
            if kind == "void":
                return "{ }"
            if kind == "aggregate":
                return f"{{ return ({ctype}){{0}}; }}"
            return f"{{ return ({ctype}) 0; }}"
        if kind == "void":
            return "{ }"
        if kind == "pointer":
            return f"{{ return ({ctype}) __cpa_replay_next_pointer({line}); }}"
        if kind == "float":
            return f"{{ return ({ctype}) __cpa_replay_next_float({line}); }}"
        if kind == "aggregate":
            what = f"call of {name}, which has no definition and returns a struct or union"
            return f'{{ __cpa_replay_unsupported("{what}", {line}); }}'
        return f"{{ return ({ctype}) __cpa_replay_next({line}); }}"


@functools.cache
def _parsed_param(text: str) -> c_ast.Node:
    ast = c_parser.CParser().parse(f"void f({text});")
    return ast.ext[0].type.args.params[0]


def instrument(
    program: str | os.PathLike,
    specification: Specification,
    data_model: str = "LP64",
    library: Callable[[frozenset[str]], frozenset[str]] | None = None,
) -> str:
    """The C text that ``replay`` compiles: harness and instrumented program;
    ``library(names)``: which called functions without definition the C library
    defines (default: :func:`library_functions` for the data model).

    Raises :class:`InputError` for a program that does not parse and
    :class:`UnsupportedFeature` for what the replay cannot express.
    """
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, _RECURSION_LIMIT))
    try:
        ast = parse_for_replay(program, data_model)
        try:
            if library is None:
                library = functools.partial(library_functions, data_model=data_model)
            return Instrumenter(specification, model_named(data_model), library).run(ast)
        except ReplayUnsupported as error:
            raise UnsupportedFeature(error.construct, str(program), error.line) from None
    finally:
        sys.setrecursionlimit(previous)


# ------------------------------------------------------------------------- running
def replay(
    program: str | os.PathLike,
    inputs: list[str],
    specification: Specification,
    data_model: str = "LP64",
    timelimit: float = 10,
    deadline: float | None = None,
) -> ReplayOutcome:
    """Compile ``program`` with gcc for ``data_model`` and run it on ``inputs``.

    Never raises for a program gcc rejects (that is ``reached=None`` with gcc's first
    error); a program that does not parse is an :class:`InputError`. ``deadline`` (a
    :func:`time.monotonic` instant) bounds the build and the run together: a verifier
    confirming its FALSE must not outlive its own time limit.
    """
    data_model = str(data_model)
    read_source(program)  # a missing or empty program is bad input, with or without gcc
    problem = toolchain_problem(data_model)
    if problem is not None:
        return ReplayOutcome(None, problem)
    try:
        source = instrument(program, specification, data_model)
    except UnsupportedFeature as error:
        where = f" ({error.location})" if error.location else ""
        return ReplayOutcome(None, f"unsupported in replay: {error.construct}{where}")
    gcc = find_gcc()
    assert gcc is not None
    with tempfile.TemporaryDirectory(prefix="cpa-replay-") as directory:
        source_file = Path(directory, "replay.c")
        source_file.write_text(source)
        binary = Path(directory, "replay")
        command = [gcc, *GCC_FLAGS, MACHINE_FLAGS[data_model], str(source_file)]
        failure = build([*command, "-o", str(binary)], deadline, directory)
        if failure is not None:
            return ReplayOutcome(
                None, _OUT_OF_TIME if failure.out_of_time else f"build failed: {failure.reason}"
            )
        run_limit = time_within(timelimit, deadline)
        if run_limit <= 0:
            return ReplayOutcome(None, _OUT_OF_TIME)
        inputs_file = Path(directory, "inputs.txt")
        inputs_file.write_text("".join(text.replace("\n", " ") + "\n" for text in inputs))
        return run_compiled(binary, inputs_file, len(inputs), run_limit, directory)


#: seconds gcc may take for one program when no deadline is nearer
_BUILD_TIMELIMIT = 300.0
_OUT_OF_TIME = "the time limit was reached before the compiled program could run"


@dataclass(frozen=True)
class BuildFailure:
    """Why a gcc step did not produce its output: ``reason`` in gcc's words (or its
    timeout), ``out_of_time`` when the deadline had passed before gcc could start, which
    each replay words as a time limit rather than a failed build."""

    reason: str
    out_of_time: bool = False


def build(command: list[str], deadline: float | None, directory: str) -> BuildFailure | None:
    """Run one gcc ``command`` within :data:`_BUILD_TIMELIMIT` and ``deadline``: None
    when it succeeded, else why not (gcc's first error, with ``directory``'s paths
    shortened, or its timeout), for both replays to word as theirs."""
    limit = time_within(_BUILD_TIMELIMIT, deadline)
    if limit <= 0:
        return BuildFailure("no time was left for the build", out_of_time=True)
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=limit, env=_gcc_environment()
        )
    except subprocess.TimeoutExpired:
        return BuildFailure(f"gcc took longer than {limit:.3g} s")
    except OSError as error:
        return BuildFailure(str(error))
    if result.returncode != 0:
        return BuildFailure(_first_error(result.stderr, directory))
    return None


def time_within(seconds: float, deadline: float | None) -> float:
    """``seconds``, or what is left until ``deadline`` if that is less."""
    return seconds if deadline is None else min(seconds, deadline - time.monotonic())


def run_compiled(
    binary: Path,
    inputs_file: Path,
    count: int,
    timelimit: float,
    directory: str,
    variables: dict[str, str] | None = None,
) -> ReplayOutcome:
    """Run ``binary`` (built with the harness) on the ``count`` inputs in ``inputs_file``,
    ``variables`` added to its environment, in its own session so that a timeout kills
    everything it started; what the harness's marker says it reached."""
    environment = dict(os.environ, **(variables or {}), **{INPUTS_VARIABLE: str(inputs_file)})
    output_file = Path(directory, "stdout.txt")
    with open(output_file, "wb") as output:
        try:
            process = subprocess.Popen(
                [str(binary)],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.DEVNULL,
                env=environment,
                cwd=directory,
                start_new_session=True,
                preexec_fn=restore_stack_limit,
            )
        except OSError as error:
            return ReplayOutcome(None, f"cannot run the compiled program: {error}")
        try:
            status = process.wait(timeout=timelimit)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover - ended in between
                pass
            process.wait()
            return ReplayOutcome(False, f"timeout after {timelimit:g} s without reaching a target")
    with open(output_file, "rb") as output:
        output.seek(max(0, output_file.stat().st_size - 8192))
        tail = output.read().decode("utf-8", "replace")
    return _interpret(status, _marker(tail), count)


def _marker(tail: str) -> tuple[str, int, int, str] | None:
    for line in reversed(tail.splitlines()):
        if line.startswith(MARKER + " "):
            parts = line.split(" ", 4)
            if len(parts) >= 4 and parts[2].isdigit() and parts[3].isdigit():
                return parts[1], int(parts[2]), int(parts[3]), parts[4] if len(parts) > 4 else ""
    return None


_EXPECTED_KIND = {
    EXIT_TARGET: "target",
    EXIT_ASSUME: "assume",
    EXIT_EXHAUSTED: "exhausted",
    EXIT_INVALID: "invalid",
    EXIT_UNSUPPORTED: "unsupported",
    EXIT_ERROR: "error",
}
_SIGNALS = {
    signal.SIGABRT: "abort",
    signal.SIGSEGV: "segmentation fault",
    signal.SIGFPE: "arithmetic exception",
    signal.SIGKILL: "killed",
}


def _interpret(status: int, marker, count: int) -> ReplayOutcome:
    if marker is not None and _EXPECTED_KIND.get(status) == marker[0]:
        kind, line, read, what = marker
        if kind == "target":
            return ReplayOutcome(True, f"reached {what} at line {line}", what)
        if kind == "assume":
            return ReplayOutcome(False, f"assumption failed at line {line}")
        if kind == "exhausted":
            return ReplayOutcome(
                False,
                f"inputs exhausted: the program reads input {read + 1} at line {line}, "
                f"the test case has {count}",
            )
        if kind == "invalid":
            return ReplayOutcome(None, f"input {read} is not a number: {what!r} (line {line})")
        if kind == "unsupported":
            return ReplayOutcome(None, f"unsupported in replay: {what} (line {line})")
        return ReplayOutcome(None, f"replay harness: {what}")
    if status < 0:
        try:
            name = signal.Signals(-status)
        except ValueError:
            described = f"signal {-status}"
        else:
            described = f"signal {name.name}" + (f" ({_SIGNALS[name]})" if name in _SIGNALS else "")
        return ReplayOutcome(False, f"program ended by {described} without reaching a target")
    return ReplayOutcome(False, f"program exited with status {status} without reaching a target")
