"""Where a witness' locations are in the source text: columns that the CFA does not
keep (a call's closing parenthesis, the ``?`` of a conditional expression).

The format locates a function's entry and return at the ``)`` that closes its call and
a ``?:`` at its ``?``; the frontend records where constructs *start*. These functions
find the rest in the original source lines, the same way for writing witnesses and for
reading them.
"""

from __future__ import annotations

import re
from pathlib import Path

from cpa.cfa.model import Branching


def source_lines(program: str | Path) -> list[str]:
    """The lines of ``program`` (empty if it cannot be read: columns are then unknown)."""
    try:
        return Path(program).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def branching_column(lines: list[str], branching: Branching) -> int | None:
    """The column a witness gives the construct of ``branching`` (None if unknown)."""
    if branching.construct == "?:":
        return question_mark(lines, branching.line, branching.column)
    return branching.column or None


def question_mark(lines: list[str], line: int, column: int) -> int | None:
    """The 1-based column of the ``?`` of the conditional expression whose condition
    starts at ``line``:``column``: the first ``?`` outside parentheses after it."""
    if not 0 < line <= len(lines) or not column:
        return None
    text = lines[line - 1]
    depth = 0
    for index in range(column - 1, len(text)):
        char = text[index]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return None
        elif char == "?" and depth == 0:
            return index + 1
    return None


def closing_parenthesis(lines: list[str], line: int, column: int, function: str) -> int | None:
    """The 1-based column of the ``)`` that closes the call of ``function`` starting at
    ``line``:``column`` (or, if the column is off, the only call of it on the line);
    None if the source does not show one such call on that line."""
    if not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    start = column - 1 if column else -1
    if start < 0 or not text.startswith(function, start):
        occurrences = [i for i in _calls(text, function)]
        if not occurrences and start >= 0:
            # a call through a pointer, ``(*f)(x)`` or ``s->f(x)``: the column is
            # where the called expression starts
            opening = _arguments_after_callee(text, start)
            return None if opening is None else _matching(text, opening)
        if len(occurrences) != 1:
            return None
        start = occurrences[0]
    position = text.find("(", start + len(function))
    if position < 0 or text[start + len(function) : position].strip():
        return None
    return _matching(text, position)


_CALLEE = re.compile(r"[A-Za-z_]\w*(?:\s*(?:->|\.)\s*[A-Za-z_]\w*|\s*\[[^\]]*\])*\s*")


def _arguments_after_callee(text: str, start: int) -> int | None:
    """The index of the ``(`` of the argument list of a call whose called expression
    (a name, member or element, or a parenthesised expression) starts at ``start``."""
    if start >= len(text):
        return None
    if text[start] == "(":
        close = _matching(text, start)
        if close is None:
            return None
        position = close  # _matching is 1-based: the index just after the ``)``
    else:
        match = _CALLEE.match(text, start)
        if match is None:
            return None
        position = match.end()
    while position < len(text) and text[position] == " ":
        position += 1
    return position if position < len(text) and text[position] == "(" else None


def _matching(text: str, opening: int) -> int | None:
    """The 1-based column of the ``)`` that closes the ``(`` at index ``opening``."""
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def _calls(text: str, function: str):
    start = text.find(function)
    while start >= 0:
        before = text[start - 1] if start else " "
        after = text[start + len(function) :].lstrip()
        if not (before.isalnum() or before == "_") and after.startswith("("):
            yield start
        start = text.find(function, start + 1)
