"""Where a witness' locations are in the source text: columns that the CFA does not
keep (a call's closing parenthesis, the ``?`` of a conditional expression).

The format locates a function's entry and return at the ``)`` that closes its call and
a ``?:`` at its ``?``; the frontend records where constructs *start*. These functions
find the rest in the original source lines, the same way for writing witnesses and for
reading them.
"""

from __future__ import annotations

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
        if len(occurrences) != 1:
            return None
        start = occurrences[0]
    position = text.find("(", start + len(function))
    if position < 0 or text[start + len(function) : position].strip():
        return None
    depth = 0
    for index in range(position, len(text)):
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
