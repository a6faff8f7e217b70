"""Which GCC attributes and pragmas the frontend may drop, and where text came from.

pycparser knows no ``__attribute__``, so the preprocessor removes them. Most promise
the optimiser something or steer diagnostics, inlining or linkage, and change nothing
that a run computes; those are dropped (:data:`HARMLESS_ATTRIBUTES`). The others change
the layout of objects (``packed``, ``aligned``, ``mode``, ``vector_size``), run code
where no call is written (``cleanup``, ``constructor``, ``destructor``) or rename what a
call reaches (``alias``, ``ifunc``, ``weak``); a few matter only on a function with a
body (:data:`BODY_ATTRIBUTES`). Dropping them was a wrong verdict each (a packed
struct's ``sizeof``, a constructor's store before ``main``): in the program's own text
they are refused at their line; a system header that declares a type or object with
one (glibc's ``register_t``, ``max_align_t``) makes the program refused only where it
names that declaration.
"""

from __future__ import annotations

import bisect
import functools
import os
import re
from dataclasses import dataclass

from pycparser import c_ast

__all__ = [
    "BODY_ATTRIBUTES",
    "NORETURN_ATTRIBUTE",
    "PACKED_MARKER",
    "HARMLESS_ATTRIBUTES",
    "LAYOUT_PRAGMAS",
    "Origins",
    "attribute_names",
    "pragma_text",
]

#: the name of the member the preprocessing puts first into the body of a struct or
#: union that ``__attribute__((packed))`` packs (the attribute is gone from the text
#: pycparser reads); the frontend drops the member and lays the type out as
#: ``#pragma pack(1)`` would
PACKED_MARKER = "__cpa_packed"

#: attributes (without leading and trailing underscores) that change no value, layout
#: or order of execution of a defined program
HARMLESS_ATTRIBUTES = frozenset(
    {
        "access",
        "alloc_align",
        "alloc_size",
        "always_inline",
        "artificial",
        "assume_aligned",
        "cdecl",
        "cold",
        "counted_by",
        "deprecated",
        "designated_init",
        "error",
        "externally_visible",
        "fallthrough",
        "fastcall",
        "flatten",
        "format",
        "format_arg",
        "gnu_inline",
        "hot",
        "leaf",
        "malloc",
        "may_alias",
        "maybe_unused",
        "ms_abi",
        "no_instrument_function",
        "no_reorder",
        "no_sanitize",
        "no_sanitize_address",
        "no_sanitize_thread",
        "no_sanitize_undefined",
        "no_split_stack",
        "no_stack_protector",
        "noclone",
        "noinline",
        "noipa",
        "nonstring",
        "nothrow",
        "optimize",
        "regparm",
        "retain",
        "returns_twice",
        "section",
        "sentinel",
        "stdcall",
        "sysv_abi",
        "target",
        "tls_model",
        "unavailable",
        "unused",
        "used",
        "visibility",
        "warn_unused_result",
        "warning",
    }
)

#: attributes that change nothing for a function without a body here, but on a function
#: with one let gcc skip its calls whose value is unused (``const``, ``pure``), or make
#: its body break a promise, which is undefined (``nonnull``, ``returns_nonnull``):
#: refused where the program defines such a function
BODY_ATTRIBUTES = frozenset({"const", "nonnull", "pure", "returns_nonnull"})
#: lets gcc drop the code after a call (also C11's ``_Noreturn``): on a function the
#: program defines, modelled by making a return from it undefined
#: (:data:`cpa.cfa.preprocess.NORETURN_MARKER`); dropped on one without a body
NORETURN_ATTRIBUTE = "noreturn"

#: pragmas that change the layout of objects or the names calls reach, refused (``pack``
#: is modelled: the parser keeps it, the layout of the structs after it follows it;
#: ``weak`` makes an undefined object's address null, or a name another function's)
LAYOUT_PRAGMAS = frozenset({"scalar_storage_order", "redefine_extname", "weak"})


def pragma_text(node: c_ast.Pragma) -> str:
    """The words of a pragma, from ``#pragma words`` (a string) or from the operator
    ``_Pragma("words")`` (a string literal, which C11 6.10.9 destringizes)."""
    string = node.string
    if isinstance(string, c_ast.Constant):
        literal = string.value
        if literal.startswith("L"):
            literal = literal[1:]
        string = literal[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return " ".join((string or "").split())


_NAME = re.compile(r"\s*([A-Za-z_]\w*)")
_MARKER = re.compile(
    r'^[ \t]*#[ \t]*(?:line[ \t]+)?(\d+)[ \t]+"((?:\\.|[^"\\])*)"([ \t\d]*)$', re.M
)


def attribute_names(group: str) -> list[str]:
    """The names in ``__attribute__((a, b(x), __c__))`` (given from ``__attribute__``
    on), without leading and trailing underscores; the names of ``__declspec(a)``."""
    start = group.find("(")
    inner = group[start + 1 : group.rfind(")")]
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    names = []
    depth = 0
    item_start = 0
    for index, char in enumerate(inner + ","):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            match = _NAME.match(inner, item_start, index)
            if match:
                names.append(match.group(1).strip("_"))
            item_start = index + 1
    return names


@dataclass(frozen=True)
class Origin:
    file: str
    line: int
    system: bool


#: Where system headers live. A marker's flag 3 alone is no evidence: a program can
#: write ``# 1 "x.c" 3`` itself, and its own text would then pass for a header's (whose
#: harmless attributes are dropped). The preprocessor's pseudo-files (``<built-in>``)
#: hold no code.
SYSTEM_PREFIXES = ("/usr/", "/opt/", "/lib/", "/Library/", "/Applications/")


@functools.cache
def _is_system_header(path: str) -> bool:
    """A header file of the system's, where a line marker with flag 3 says so (a
    ``.i`` file made elsewhere may name headers this machine lacks: its text then
    counts as the program's, and its attributes are refused, not dropped)."""
    return path.startswith(SYSTEM_PREFIXES) and os.path.isfile(path)


class Origins:
    """Where each offset of preprocessed text came from, by its line markers
    (``# N "file" flags``; flag 3: a system header)."""

    def __init__(self, text: str, file_name: str):
        self.text = text
        self.file_name = file_name
        self._offsets: list[int] = []
        self._markers: list[tuple[int, str, int, bool]] = []  # (offset after, file, line, system)
        for match in _MARKER.finditer(text):
            after = match.end() + 1
            flags = match.group(3).split()
            self._offsets.append(after)
            system = "3" in flags and _is_system_header(match.group(2))
            self._markers.append((after, match.group(2), int(match.group(1)), system))

    def without_markers(self) -> str:
        """The text with its line markers blanked (offsets kept): for scanning words."""
        return _MARKER.sub(lambda match: " " * len(match.group()), self.text)

    def at(self, offset: int) -> Origin:
        """The file, line and system-header flag of the text at ``offset``."""
        index = bisect.bisect_right(self._offsets, offset) - 1
        if index < 0:
            return Origin(self.file_name, self.text.count("\n", 0, offset) + 1, False)
        after, file, line, system = self._markers[index]
        return Origin(file, line + self.text.count("\n", after, offset), system)
