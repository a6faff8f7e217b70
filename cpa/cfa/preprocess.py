"""Turn C source text into text that pycparser accepts.

* The text goes through the system C preprocessor (``cpp`` or ``gcc -E``, ``-std=gnu11
  -m32|-m64`` by data model, on the file itself so that ``#include "..."`` and
  ``__FILE__`` are gcc's) whenever gcc's preprocessing would change it: a directive
  other than a line marker (``#pragma`` too), a line splice, or the name of a macro gcc
  predefines (``__LINE__``, ``__x86_64__``, ``unix``). The preprocessor then does
  translation phases 1-4 as gcc does: splices, comments (also in skipped groups and in
  directives), ``__LINE__`` on the token's own line. No header or macro of the
  verifier's own is added. Never for a ``.i`` file, which gcc does not preprocess.
* Otherwise only comments are removed (string-literal aware); line breaks inside
  comments are kept so line numbers do not move, and columns too.
* ``#line N "file"`` / ``# N "file"`` markers are kept (pycparser reads them);
  ``#pragma pack`` is kept (the layout follows it), ``scalar_storage_order`` and
  ``redefine_extname`` are refused, other ``#pragma`` lines are blanked.
* Names of the form ``__cpa_*``, which the rewritings below use, are refused in a
  program (:func:`_refuse_own_names`).
* GCC extensions pycparser does not know are removed or rewritten: ``__attribute__``
  (balanced parentheses; only the harmless ones of ``attributes.py``, the others are
  refused at their line), ``__extension__``, ``__inline__``, ``__restrict__``,
  ``__const``, ``__signed__``, ``__volatile__``, ``__builtin_va_list``, ``_Float128``...
* GNU syntax pycparser cannot parse is spelled so that it can: ``a ?: b`` as
  ``a ? __cpa_elvis : b`` and ``case lo ... hi:`` as ``case __cpa_case_range(lo, hi):``
  (:func:`rewrite_gnu_syntax`; the lowering gives them GNU's meaning).
* ``asm``: at file scope (``int f(void) __asm__("x");`` in system headers) it is
  dropped; inside a function body it becomes the call ``__cpa_unsupported_asm()``
  which the lowering reports as :class:`~cpa.errors.UnsupportedFeature` at its line.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from pycparser import c_ast, c_generator

from cpa.cfa.attributes import (
    BODY_ATTRIBUTES,
    HARMLESS_ATTRIBUTES,
    LAYOUT_PRAGMAS,
    NORETURN_ATTRIBUTE,
    PACKED_MARKER,
    Origins,
    attribute_names,
)
from cpa.cfa.c_types import MEASURING_OPERATORS
from cpa.cfa.data_model import DEFAULT, DataModel
from cpa.errors import InputError, UnsupportedFeature

#: Call that stands for an inline-assembly statement in a function body.
ASM_PLACEHOLDER = "__cpa_unsupported_asm"

_REPLACEMENTS = {
    "__extension__": "",
    "__inline": "inline",
    "__inline__": "inline",
    "__restrict": "",
    "__restrict__": "",
    "restrict": "",
    "__const": "const",
    "__const__": "const",
    "__signed": "signed",
    "__signed__": "signed",
    "__volatile": "volatile",
    "__volatile__": "volatile",
    "__builtin_va_list": "void *",
    "__builtin_offsetof": "offsetof",
    "__thread": "",
    # Types pycparser does not know keep their identity through spellings it accepts
    # (see c_types.base_type): "long long long" is __int128, "long long long double"
    # is _Float128, four times "long" marks a complex type (unsupported).
    "__float128": "long long long double",
    "_Float128": "long long long double",
    "_Float64x": "long double",
    "_Float64": "double",
    "_Float32x": "double",
    "_Float32": "float",
    "__int128": "long long long",
    "__int128_t": "long long long",
    "__uint128_t": "unsigned long long long",
    "__complex__": "long long long long",
    "_Complex": "long long long long",
}
#: C11's function specifier, the keyword of ``__attribute__((noreturn))``
_NORETURN = frozenset(["_Noreturn", "__noreturn__"])
_ATTRIBUTES = frozenset(["__attribute__", "__attribute", "__declspec"])
_ASM = frozenset(["asm", "__asm__", "__asm"])
_ASM_QUALIFIERS = frozenset(["volatile", "__volatile__", "__volatile", "goto", "inline"])

#: a string or character literal
_LITERAL = r"""(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')"""
_TOKEN = re.compile(
    r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | """
    + _LITERAL
    + r"""
  | (?P<ident>[A-Za-z_$][\w$]*)
  | (?P<brace>[{}])
  | (?P<open_comment>/\*)
    """,
    re.DOTALL | re.VERBOSE,
)
#: C11's alignment specifier: the layout it asks for is not modelled (refused like
#: ``__attribute__((aligned))``)
_ALIGNAS = "_Alignas"
#: GNU constructs that pycparser cannot read (type arguments, local labels): refused as
#: unsupported at their line rather than reported as a syntax error
_UNREADABLE = frozenset(["__builtin_types_compatible_p", "__label__"])
_KEYWORDS = frozenset(_REPLACEMENTS) | _ATTRIBUTES | _ASM | _NORETURN | _UNREADABLE | {_ALIGNAS}
_LINE_MARKER = re.compile(r"\s*#\s*(line\s+)?\d+(\s+\"[^\"]*\")?[\s\d]*$")
_DIRECTIVE = re.compile(r"^[ \t]*#", re.MULTILINE)


def read_source(path: str | os.PathLike) -> str:
    """Read a C file; missing, empty or binary files are an :class:`InputError`."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a C file", name) from None
    except OSError as error:
        raise InputError(f"cannot read file: {error.strerror}", name) from None
    return decode_source(data, name)


def decode_source(data: bytes, file_name: str) -> str:
    if b"\0" in data:
        raise InputError("binary file (contains NUL bytes), not C source", file_name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        # latin-1 decodes every byte, but the string literals would then be measured
        # in UTF-8: such bytes only in comments are fine, elsewhere unsupported
        text = data.decode("latin-1")
        code = strip_comments(text, file_name)
        stray = re.search(r"[^\x00-\x7f]", code)
        if stray:
            line = code.count("\n", 0, stray.start()) + 1
            raise UnsupportedFeature(
                "source text that is not UTF-8 (outside comments)", file_name, line
            ) from None
    if text.startswith("\ufeff"):  # a UTF-8 byte order mark, which gcc skips
        text = text[1:]
    check_not_empty(text, file_name)
    return text


def check_not_empty(text: str, file_name: str) -> None:
    if not text.strip():
        raise InputError("empty file", file_name)


def preprocess(
    text: str,
    file_name: str = "<string>",
    directory: str | None = None,
    data_model: DataModel = DEFAULT,
    path: str | os.PathLike | None = None,
) -> str:
    """Return ``text`` rewritten for pycparser (see module docstring); ``path``: the
    file ``text`` was read from, which the C preprocessor then reads itself."""
    check_not_empty(text, file_name)
    if _needs_cpp(text, file_name, data_model):
        # the preprocessor sees the text as gcc does: line splices, comments (also in
        # skipped groups and directives), __LINE__ and __FILE__ are its business
        text = run_cpp(text, file_name, directory, data_model, path)
    else:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = _blank_pragmas(strip_comments(text, file_name), file_name)
    _refuse_own_names(text, file_name)
    return rewrite_gnu_syntax(rewrite_gcc_extensions(text, file_name))


_OWN_NAME = re.compile(r"(?<![\w$])__cpa_[\w$]*")


def _refuse_own_names(text: str, file_name: str) -> None:
    """The rewritings below spell GNU syntax with names of the form ``__cpa_...``
    (``__cpa_elvis``); a program that uses such a name itself would be read as that
    syntax. Reserved identifiers, but gcc accepts them: unsupported, not guessed."""
    if "__cpa_" not in text:
        return
    for match in _OWN_NAME.finditer(text):
        if not _inside_literal(text, match.start()):
            origin = Origins(text, file_name).at(match.start())
            construct = f"identifier {match.group()} (names __cpa_* are the verifier's own)"
            raise UnsupportedFeature(construct, origin.file, origin.line)


def _inside_literal(text: str, position: int) -> bool:
    """Whether ``position`` of comment-free ``text`` is inside a string or character
    literal (the literals of its line, scanned from the line's start)."""
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    for literal in re.finditer(_LITERAL, text[start : end if end >= 0 else len(text)]):
        if literal.start() + start <= position < literal.end() + start:
            return True
    return False


#: The middle operand that stands for the condition in GNU's ``a ?: b``; the lowering
#: evaluates ``a`` once (:meth:`~cpa.cfa.lowering.FunctionLowering._expr_TernaryOp`).
ELVIS_PLACEHOLDER = "__cpa_elvis"
#: The call that stands for a GNU case range ``case lo ... hi:`` in a case label.
CASE_RANGE_PLACEHOLDER = "__cpa_case_range"

_GNU_SYNTAX = re.compile(
    _LITERAL
    + r"""
  | (?P<elvis>\?(?=\s*:))
  | (?P<case>\bcase\b)
  | (?P<range>\[[ \t]*(?P<low>\d+)[ \t]*\.\.\.[ \t]*(?P<high>\d+)[ \t]*\][ \t]*=[ \t]*
       (?P<value>-?[ \t]*(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*|'(?:\\.|[^'\\\n])'|[A-Za-z_]\w*)
       (?=[ \t]*[,}]))
    """,
    re.VERBOSE,
)
#: the most elements a GNU range designator is written out into
MAX_RANGE_ELEMENTS = 1024


class GnuGenerator(c_generator.CGenerator):
    """pycparser's C printer with the placeholders of :func:`rewrite_gnu_syntax` printed
    back as GNU's ``a ?: b`` and ``lo ... hi`` (edge texts, the replayed program)."""

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> str:
        if isinstance(node.iftrue, c_ast.ID) and node.iftrue.name == ELVIS_PLACEHOLDER:
            return f"({self._visit_expr(node.cond)}) ?: ({self._visit_expr(node.iffalse)})"
        return super().visit_TernaryOp(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> str:
        # pycparser parenthesises only sizeof's operand: ``__alignof__(s.v)`` came out
        # as ``__alignof__s.v``
        if node.op in MEASURING_OPERATORS and node.op != "sizeof":
            return f"{node.op}({self._visit_expr(node.expr, allow_comma=True)})"
        return super().visit_UnaryOp(node)

    def _generate_struct_union_enum(self, n, name: str) -> str:  # type: ignore[no-untyped-def]
        """A struct or union that :func:`_mark_packed_types` marked: packed again."""
        decls = getattr(n, "decls", None) or []
        kept = [decl for decl in decls if getattr(decl, "name", None) != PACKED_MARKER]
        if len(kept) == len(decls):
            return super()._generate_struct_union_enum(n, name)
        unmarked = copy.copy(n)
        unmarked.decls = kept
        text = super()._generate_struct_union_enum(unmarked, name)
        return f"{name} __attribute__((packed)){text[len(name) :]}"

    def visit_FuncCall(self, node: c_ast.FuncCall) -> str:
        if isinstance(node.name, c_ast.ID) and node.name.name == CASE_RANGE_PLACEHOLDER:
            low, high = node.args.exprs
            return f"{self._visit_expr(low)} ... {self._visit_expr(high)}"
        return super().visit_FuncCall(node)


def rewrite_gnu_syntax(text: str) -> str:
    """GNU C's ``a ?: b``, ``case lo ... hi:`` and range designators, which pycparser
    cannot parse, in spellings it can: ``a ? __cpa_elvis : b``, ``case
    __cpa_case_range(lo, hi):``, and ``[lo] = v, [lo + 1] = v, ..., [hi] = v`` for a
    designator ``[lo ... hi] = v`` with decimal bounds and a value that is one constant
    or name (evaluating it once or once per element is the same; another range stays
    unreadable, UNKNOWN). String and character literals are left alone; lines and
    columns before the rewritten text do not move."""
    if "?" not in text and "..." not in text:
        return text
    out: list[str] = []
    last = 0
    for match in _GNU_SYNTAX.finditer(text):
        kind = match.lastgroup
        if kind == "range":
            low, high = int(match.group("low")), int(match.group("high"))
            if not low <= high < low + MAX_RANGE_ELEMENTS:
                continue
            chain = _designator_chain_start(text, match.start())
            if chain is None or chain < last:
                continue  # not a designator where an item starts: left unreadable
            while text[chain] in " \t\n":
                chain += 1
            prefix = text[chain : match.start()]
            if "\n" in prefix:
                continue  # repeating it would move the lines after it
            value = match.group("value")
            out.append(text[last:chain])
            items = (f"{prefix}[{index}] = {value}" for index in range(low, high + 1))
            out.append(", ".join(items))
            last = match.end()
        elif kind == "elvis":
            out.append(text[last : match.end()] + f" {ELVIS_PLACEHOLDER} ")
            last = match.end()
        elif kind == "case":
            colon = _label_colon(text, match.end())
            if colon is None:
                continue
            label = text[match.end() : colon]
            parts = _split_range(label)
            if parts is None:
                continue
            low, high = parts
            newlines = "\n" * label.count("\n")
            out.append(text[last : match.end()])
            out.append(f" {CASE_RANGE_PLACEHOLDER}({low.strip()}, {high.strip()}){newlines}")
            last = colon
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _outside_literals(text: str, position: int = 0):
    """``(index, character)`` of ``text`` from ``position`` on, string and character
    literals skipped; stops at a literal that does not end."""
    index = position
    while index < len(text):
        char = text[index]
        if char in "'\"":
            match = _TOKEN.match(text, index)
            if match is None:
                return
            index = match.end()
            continue
        yield index, char
        index += 1


def _label_colon(text: str, position: int) -> int | None:
    """Index of the ``:`` that ends a case label starting at ``position`` (outside
    parentheses and character literals), None if there is none before a ``;`` or brace."""
    depth = 0
    for index, char in _outside_literals(text, position):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == ":" and depth == 0:
            return index
        elif char in ";{}":
            return None
    return None


def _designator_chain_start(text: str, position: int) -> int | None:
    """Where the designators before the range designator at ``position`` start: the
    range may follow others (``.b[1 ... 2] = v``, ``[1][0 ... 2] = v``), which every
    element written out must repeat; None unless an item of a brace list starts there
    (after ``{`` or ``,``)."""
    index = position
    while True:
        while index > 0 and text[index - 1] in " \t\n":
            index -= 1
        if index == 0:
            return None
        char = text[index - 1]
        if char in "{,":
            return index
        if char == "]":
            opening = text.rfind("[", 0, index - 1)
            inner = text[opening + 1 : index - 1] if opening >= 0 else ""
            if opening < 0 or not re.fullmatch(r"[\w \t+\-*/()]*", inner):
                return None
            index = opening
        else:
            name = re.search(r"\.[ \t]*[A-Za-z_]\w*[ \t]*$", text[max(0, index - 256) : index])
            if name is None:
                return None
            index -= len(name.group())


def _split_range(label: str) -> tuple[str, str] | None:
    """``(lo, hi)`` of a label ``lo ... hi`` (the ``...`` outside character literals)."""
    for index, _ in _outside_literals(label):
        if label.startswith("...", index):
            return label[:index], label[index + 3 :]
    return None


#: a backslash that ends a line (gcc allows spaces and tabs between the two)
#: a backslash at the end of a line, blanks after it allowed (gcc warns, and splices)
_SPLICE = re.compile(r"\\[ \t\f\v\r]*$", re.MULTILINE)


def splice_lines(text: str) -> str:
    """C's translation phase 2: a line that ends in a backslash continues on the next,
    before comments and tokens are recognised (``// a comment \\`` swallows the next
    line; ``*\\`` and ``/`` on the next line end a block comment). The line breaks taken
    out are put back after the joined line, so every later line keeps its number."""
    if not _SPLICE.search(text):  # most programs have none: no split into lines
        return text
    lines = text.split("\n")
    out: list[str] = []
    joined: list[str] = []
    for index, line in enumerate(lines):
        continued = _SPLICE.search(line)
        if continued and index < len(lines) - 1:
            joined.append(line[: continued.start()])
            continue
        joined.append(line)
        out.append("".join(joined))
        out.extend([""] * (len(joined) - 1))
        joined = []
    return "\n".join(out)


def strip_comments(text: str, file_name: str = "<string>") -> str:
    """Replace each comment by spaces (plus the newlines it spanned), keeping the line
    and column of every token after it (witnesses and reports point at columns)."""
    if "/" not in text:
        return text
    out: list[str] = []
    last = 0
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind == "comment":
            comment = match.group()
            out.append(text[last : match.start()])
            lines = comment.count("\n")
            width = len(comment) - comment.rfind("\n") - 1 if lines else len(comment)
            out.append("\n" * lines + " " * max(width, 1))
            last = match.end()
        elif kind == "open_comment":
            line = text.count("\n", 0, match.start()) + 1
            raise InputError("unterminated comment", file_name, line)
    out.append(text[last:])
    return "".join(out)


def _needs_cpp(text: str, file_name: str, data_model: DataModel) -> bool:
    """Whether gcc would preprocess ``text`` into something else than the comment
    stripping does: a directive other than a line marker (``#pragma`` too: gcc reads a
    comment or a quote on its line as part of it), a line splice, or a predefined
    macro's name (``__LINE__``, ``__FILE__``, ``__x86_64__``, ``unix``). Never for a
    ``.i`` file, which gcc compiles without preprocessing."""
    if file_name.endswith(".i"):
        return False
    if _SPLICE.search(text):
        return True
    predefined = predefined_macros(data_model.pointer_size)
    if any(name in predefined for name in set(_IDENTIFIER.findall(text))):
        return True
    try:  # a directive after a comment (``/* c */ #define X``) is one too
        texts = [text, strip_comments(text, file_name)] if "/*" in text else [text]
    except InputError:  # an unterminated comment: the preprocessor says where
        return True
    for candidate in texts:
        for match in _DIRECTIVE.finditer(candidate):
            end = candidate.find("\n", match.start())
            line = candidate[match.start() : end if end >= 0 else len(candidate)]
            if not _LINE_MARKER.match(line):
                return True
    return False


_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma\b[ \t]*(\w*)[^\n]*", re.MULTILINE)


def _blank_pragmas(text: str, file_name: str) -> str:
    """``text`` without its ``#pragma`` lines (gcc ignores the ones it does not know);
    one of :data:`~cpa.cfa.attributes.LAYOUT_PRAGMAS` is refused at its line."""
    if "pragma" not in text:
        return text
    for match in _PRAGMA.finditer(text):
        if match.group(1) in LAYOUT_PRAGMAS:
            origin = Origins(text, file_name).at(match.start())
            raise UnsupportedFeature(f"#pragma {match.group(1)}", origin.file, origin.line)
    # ``pack`` stays for the parser: the layout of the structs after it follows it
    return _PRAGMA.sub(lambda match: match.group() if match.group(1) == "pack" else "", text)


def find_preprocessor() -> list[str] | None:
    """The command of the system C preprocessor, or None if there is none."""
    for candidate in ("cpp", "gcc", "clang", "cc"):
        path = shutil.which(candidate)
        if path:
            return [path] if candidate == "cpp" else [path, "-E"]
    return None


#: Macros whose value the preprocessor makes up as it goes (``cpp -dM`` lists none).
DYNAMIC_MACROS = frozenset(
    "__LINE__ __FILE__ __FILE_NAME__ __BASE_FILE__ __COUNTER__ __INCLUDE_LEVEL__ "
    "__DATE__ __TIME__ __TIMESTAMP__".split()
)


@functools.cache
def predefined_macros(pointer_size: int) -> frozenset[str]:
    """The names gcc's preprocessor defines for the data model (``-std=gnu11`` defines
    ``unix`` and ``linux`` too, ``-m32`` ``i386``): a program that uses one needs it."""
    command = find_preprocessor()
    if command is None:
        return DYNAMIC_MACROS
    target = "-m32" if pointer_size == 4 else "-m64"
    try:
        result = subprocess.run(
            command + ["-dM", "-x", "c", "-std=gnu11", target, os.devnull],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return DYNAMIC_MACROS
    names = re.findall(r"^#define\s+([A-Za-z_]\w*)", result.stdout, re.MULTILINE)
    return DYNAMIC_MACROS | frozenset(names)


def run_cpp(
    text: str,
    file_name: str,
    directory: str | None = None,
    data_model: DataModel = DEFAULT,
    path: str | os.PathLike | None = None,
) -> str:
    """Run the C preprocessor, as gcc does, for the data model's target
    (``-m32``/``-m64``: headers and predefined macros differ): on the file at ``path``
    when there is one (it then reads the bytes, finds ``#include "..."`` beside the
    file, and ``__FILE__`` is its name), else on ``text`` named ``file_name`` through a
    ``#line`` (``directory`` then stands for the file's for ``#include "..."``)."""
    command = find_preprocessor()
    if command is None:
        raise InputError(
            "the program needs the C preprocessor (a directive, a line splice or a "
            "predefined macro), and no C preprocessor (cpp, gcc) is installed",
            file_name,
        )
    target = "-m32" if data_model.pointer_size == 4 else "-m64"
    args = command + ["-x", "c", "-std=gnu11", target]
    source: str | None = None
    if path is not None and os.path.isfile(path):
        args.append(os.fspath(path))
    else:
        if directory:
            args += ["-iquote", directory]
        quoted = '"' + file_name.replace("\\", "\\\\").replace('"', '\\"') + '"'
        source = f"#line 1 {quoted}\n" + text
        args.append("-")
    try:
        result = subprocess.run(
            args,
            input=None if source is None else source.encode("utf-8"),
            capture_output=True,
            timeout=60,
            env=dict(os.environ, LC_ALL="C"),
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise InputError(f"C preprocessor failed: {error}", file_name) from None
    errors = result.stderr.decode("utf-8", "replace")
    if result.returncode != 0:
        first = next((ln for ln in errors.splitlines() if "error" in ln), errors)
        match = re.match(r"^(.*?):(\d+):(?:\d+:)?\s*(?:fatal )?error:\s*(.*)$", first.strip())
        where, line, message = file_name, None, first.strip()
        if match:
            where = file_name if match[1] == "<stdin>" else match[1]
            line, message = int(match[2]), match[3]
        if target == "-m32" and "No such file" in message:
            message += " (the 32-bit C headers of the ILP32 data model are missing: gcc-multilib)"
        raise InputError(f"C preprocessor: {message}", where, line)
    output = decode_source(result.stdout, file_name)
    if source is not None:  # the markers of the standard input, before the #line
        output = _STDIN_MARKER.sub("", output)
    # the preprocessor took the comments out; a #pragma line it passes on as it is
    return _blank_pragmas(output, file_name)


_STDIN_MARKER = re.compile(r'^# \d+ "<stdin>"[^\n]*$', re.MULTILINE)


def rewrite_gcc_extensions(text: str, file_name: str = "<string>") -> str:
    """Remove or rewrite the GCC extensions listed in the module docstring; refuse
    the attributes that change what the analysis models (:mod:`cpa.cfa.attributes`)."""
    keywords = ("__", "asm", "restrict", "_Float", "_Complex", "_Noreturn", _ALIGNAS)
    if not any(keyword in text for keyword in keywords):
        return text
    text = _mark_packed_types(text)
    origins: Origins | None = None
    words: str | None = None  # the text without line markers, when needed

    def source() -> Origins:  # built once, when first needed
        nonlocal origins
        origins = origins or Origins(text, file_name)
        return origins

    def marker_free() -> str:
        nonlocal words
        words = words or source().without_markers()
        return words

    tainted: dict[str, str] = {}  # a system header's name -> the attribute it has
    # a declared name -> an attribute of BODY_ATTRIBUTES it has, and where
    promised: dict[str, tuple[str, int]] = {}
    noreturn: set[str] = set()  # the names declared _Noreturn or noreturn
    out: list[str] = []
    last = 0
    depth = 0
    position = 0
    length = len(text)
    while position < length:
        match = _TOKEN.search(text, position)
        if match is None:
            break
        position = match.end()
        kind = match.lastgroup
        if kind == "brace":
            depth += 1 if match.group() == "{" else -1
            continue
        if kind != "ident":
            continue
        word = match.group()
        if word not in _KEYWORDS:
            continue
        out.append(text[last : match.start()])
        if word in _REPLACEMENTS:
            out.append(" " + _REPLACEMENTS[word] + " ")
            last = position
            continue
        if word in _UNREADABLE:
            origin = source().at(match.start())
            if not origin.system:
                raise UnsupportedFeature(word, origin.file, origin.line)
            out.append(word)  # a system header's: left to the parser
            last = position
            continue
        if word in _NORETURN:
            noreturn.update(_function_names(marker_free(), match.start(), position))
            out.append(" ")
            last = position
            continue
        # attribute or asm: skip qualifiers and a balanced parenthesised group
        end = position
        if word in _ASM:
            while True:
                qualifier = re.compile(r"\s*([A-Za-z_]\w*)").match(text, end)
                if qualifier and qualifier.group(1) in _ASM_QUALIFIERS:
                    end = qualifier.end()
                else:
                    break
        group_end = _skip_parens(text, end)
        if group_end is None:
            line = text.count("\n", 0, match.start()) + 1
            raise InputError(f"malformed {word}(...)", file_name, line)
        skipped = text[match.start() : group_end]
        if word in _ASM and depth == 0:
            # an asm label renames what a declaration names (``__asm__("h")``, unless
            # to its own name), a file-scope asm defines anything
            label = "".join(re.findall(r'"((?:\\.|[^"\\])*)"', skipped))
            renamed = label != _labelled_name(marker_free(), match.start())
            unsafe = ["asm"] if renamed else []
        elif word not in _ASM:
            names = ["alignas"] if word == _ALIGNAS else attribute_names(skipped)
            if NORETURN_ATTRIBUTE in names:
                noreturn.update(_function_names(marker_free(), match.start(), group_end))
            body_only = [name for name in names if name in BODY_ATTRIBUTES]
            if body_only:
                construct = f"__attribute__(({body_only[0]}))"
                for name in _function_names(marker_free(), match.start(), group_end):
                    promised.setdefault(name, (construct, match.start()))
            unsafe = [
                name
                for name in names
                if name not in HARMLESS_ATTRIBUTES
                and name not in BODY_ATTRIBUTES
                and name != NORETURN_ATTRIBUTE
            ]
        else:
            unsafe = []
        if unsafe:
            origin = source().at(match.start())
            if word in _ASM:
                construct = "asm label or file-scope asm"
            elif word == _ALIGNAS:
                construct = _ALIGNAS
            else:
                construct = f"__attribute__(({unsafe[0]}))"
            if not origin.system:
                raise UnsupportedFeature(construct, origin.file, origin.line)
            for name in _declared_names(marker_free(), match.start(), depth):
                tainted.setdefault(name, construct)
        newlines = "\n" * skipped.count("\n")
        if word in _ASM and depth > 0:
            out.append(f" {ASM_PLACEHOLDER}(){newlines}")
        else:
            out.append(" " + newlines)
        last = position = group_end
    out.append(text[last:])
    if tainted:
        assert origins is not None and words is not None
        _refuse_uses(words, origins, tainted)
    if promised:
        _refuse_bodies(marker_free(), source(), promised)
    defined = _defined_functions(marker_free(), noreturn) if noreturn else {}
    # the frontend makes a return from these undefined (C11 6.7.4p8): see NORETURN_MARKER
    markers = "".join(f"\nextern void {NORETURN_MARKER}{name}(void);" for name in defined)
    return "".join(out) + markers


#: words that are no declared names
_C_KEYWORDS = frozenset(
    """auto break case char const continue default do double else enum extern float for
    goto if inline int long register restrict return short signed sizeof static struct
    switch typedef union unsigned void volatile while _Bool _Atomic _Thread_local
    __attribute__ __attribute __extension__ __restrict __inline __inline__
    typeof __typeof__ __typeof""".split()
)


def _declared_names(text: str, position: int, depth: int) -> list[str]:
    """The names the top-level declaration around ``position`` (``depth`` braces deep)
    declares: its words outside braces (a typedef's name, a struct's tag, an
    object's name)."""
    start = position
    while depth > 0:  # out of the enclosing bodies
        start = _open_brace_before(text, start)
        depth -= 1
    while True:  # back to the end of the previous declaration, over closed bodies
        start = max(text.rfind(";", 0, start), text.rfind("}", 0, start))
        if start < 0 or text[start] == ";":
            break
        start = _open_brace_before(text, start)
    names: list[str] = []
    level = parens = 0
    for match in re.finditer(r"[A-Za-z_]\w*|[{};()]", text[start + 1 : start + 1 + 20000]):
        token = match.group()
        if token in "{}":
            level += 1 if token == "{" else -1
        elif token in "()":
            parens += 1 if token == "(" else -1
        elif token == ";" and level <= 0:
            break
        elif level == 0 and parens == 0 and token not in _C_KEYWORDS:
            names.append(token)
    return names


def _open_brace_before(text: str, position: int) -> int:
    """The ``{`` that is open at ``position`` (``position`` may be its ``}``)."""
    depth = 0
    for index in range(position - 1, -1, -1):
        char = text[index]
        if char == "}":
            depth += 1
        elif char == "{":
            if depth == 0:
                return index
            depth -= 1
    return 0


def _refuse_uses(text: str, origins: Origins, tainted: dict[str, str]) -> None:
    """Refuse the first place in the program's own text that names a declaration that
    a system header made with an attribute the analysis does not model."""
    for match in re.finditer(r"[A-Za-z_]\w*", text):
        construct = tainted.get(match.group())
        if construct is None:
            continue
        origin = origins.at(match.start())
        if not origin.system:
            raise UnsupportedFeature(
                f"{match.group()} (declared with {construct} in a system header)",
                origin.file,
                origin.line,
            )


_CALLED = re.compile(r"([A-Za-z_]\w*)\s*\(")
#: an identifier; gcc allows ``$`` in them (``x$restrict`` is no ``restrict``)
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_DECLARATION_END = re.compile(r"[;{]")


def _function_names(text: str, start: int, end: int) -> list[str]:
    """The functions a specifier or attribute at ``text[start:end]`` applies to: those
    declared after it up to the declaration's end (``__attribute__((a)) void f(void)``),
    else those declared before it from the declaration's start (``void f(void)
    __attribute__((a));``), each a name followed by its parameter list."""
    after = _DECLARATION_END.search(text, end)
    following = text[end : after.start() if after else len(text)]
    before = max(text.rfind(";", 0, start), text.rfind("{", 0, start), text.rfind("}", 0, start))
    for region in (following, text[before + 1 : start]):
        names = [
            name
            for name in _CALLED.findall(region)
            if name not in _C_KEYWORDS and name not in _ATTRIBUTES | _ASM | _NORETURN
        ]
        if names:
            return names
    return []


def _labelled_name(text: str, start: int) -> str | None:
    """The name an asm label at ``start`` belongs to: the declarator just before it,
    back to the declaration's start (a function's name before its parameter list,
    else the last name outside parentheses)."""
    before = max(text.rfind(";", 0, start), text.rfind("{", 0, start), text.rfind("}", 0, start))
    region = text[before + 1 : start]
    functions = _function_names(text, start, start)[:1] if "(" in region else []
    if functions:
        return functions[0]
    names, depth = [], 0
    for token in re.findall(r"[A-Za-z_]\w*|[()]", region):
        if token in "()":
            depth += 1 if token == "(" else -1
        elif depth == 0 and token not in _C_KEYWORDS:
            names.append(token)
    return names[-1] if names else None


_PACKED = r"__attribute__\s*\(\(\s*(?:__)?packed(?:__)?\s*\)\)"
#: ``struct __attribute__((packed)) [tag] {`` (group ``brace``: the body's brace)
_PACKED_BEFORE = re.compile(
    r"\b(?:struct|union)\s+(?P<attribute>" + _PACKED + r")\s*(?:[A-Za-z_]\w*\s*)?(?P<brace>\{)"
)
#: ``} __attribute__((packed))`` after a struct's or union's body
_PACKED_AFTER = re.compile(r"(?P<brace>\})\s*(?P<attribute>" + _PACKED + r")")


def _mark_packed_types(text: str) -> str:
    """Replace ``__attribute__((packed))`` on a struct or union type (before its tag,
    or after its body) by the member :data:`PACKED_MARKER` at the start of its body.
    gcc gives each member of such a type the alignment 1, as ``#pragma pack(1)``; the
    attribute on a member or a variable, or with other attributes, stays refused."""
    if "packed" not in text:
        return text
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), no overlaps
    marker = f" int {PACKED_MARKER};"
    for match in _PACKED_BEFORE.finditer(text):
        start, end = match.span("attribute")
        edits.append((start, end, _blank(text[start:end])))
        brace = match.end("brace")
        edits.append((brace, brace, marker))
    for match in _PACKED_AFTER.finditer(text):
        opening = _opening_brace(text, match.start("brace"))
        if opening is None or not re.search(r"\b(?:struct|union)\b[^;{}()]*$", text[:opening]):
            continue  # not a struct's or union's body
        start, end = match.span("attribute")
        edits.append((start, end, _blank(text[start:end])))
        edits.append((opening + 1, opening + 1, marker))
    out = []
    last = 0
    for start, end, replacement in sorted(edits):
        out.append(text[last:start])
        out.append(replacement)
        last = end
    out.append(text[last:])
    return "".join(out)


def _blank(text: str) -> str:
    """Spaces for ``text``, keeping its line breaks (lines keep their numbers)."""
    return re.sub(r"[^\n]", " ", text)


def _opening_brace(text: str, closing: int) -> int | None:
    """Where the ``{`` that the ``}`` at ``closing`` closes stands (a struct body holds
    no string literal with a brace, so a plain count will do), None if none does."""
    depth = 0
    for index in range(closing, -1, -1):
        if text[index] == "}":
            depth += 1
        elif text[index] == "{":
            depth -= 1
            if depth == 0:
                return index
    return None


#: the prefix of the declaration added after the program for each function it defines
#: ``_Noreturn`` or ``__attribute__((noreturn))``, followed by the function's name: the
#: keyword and the attribute are gone from the text pycparser reads
NORETURN_MARKER = "__cpa_noreturn_"


def _defined_functions(text: str, names: Iterable[str]) -> dict[str, int]:
    """The functions among ``names`` that ``text`` defines, in order, each with where
    its definition's name stands."""
    wanted = set(names)
    found: dict[str, int] = {}
    for match in _IDENTIFIER.finditer(text):
        name = match.group()
        if name in wanted and name not in found and _is_definition(text, match.end()):
            found[name] = match.start()
    return found


def _refuse_bodies(text: str, origins: Origins, promised: dict[str, tuple[str, int]]) -> None:
    """Refuse a function the program defines that has an attribute of
    :data:`~cpa.cfa.attributes.BODY_ATTRIBUTES` (on its definition or a declaration):
    at the attribute in the program's own text, else at the definition."""
    for name, definition in _defined_functions(text, promised).items():
        construct, where = promised[name]
        origin = origins.at(where)
        if origin.system:
            origin = origins.at(definition)
        raise UnsupportedFeature(
            f"{construct} on {name}(), a function with a body", origin.file, origin.line
        )


def _is_definition(text: str, position: int) -> bool:
    """Whether the name ending at ``position`` is the declarator of a function
    definition: a parameter list, then (after attributes) a body or the declarations
    of a K&R definition."""
    end = _skip_parens(text, position)
    while end is not None:
        end = _skip_space(text, end)
        word = _IDENTIFIER.match(text, end)
        if word is not None and word.group() in _ATTRIBUTES | _ASM:
            end = _skip_parens(text, word.end())
            continue
        return end < len(text) and (text[end] == "{" or word is not None)
    return False


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _skip_parens(text: str, position: int) -> int | None:
    """Index after the balanced ``( ... )`` group starting at ``position`` (after blanks)."""
    while position < len(text) and text[position] in " \t\n":
        position += 1
    if position >= len(text) or text[position] != "(":
        return None
    depth = 0
    for index, char in _outside_literals(text, position):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index + 1
    return None
