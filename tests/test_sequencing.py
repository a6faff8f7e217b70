"""Unsequenced side effects (C11 6.5p2) are reported, not given an order."""

from __future__ import annotations

import pytest
from pycparser import c_parser

from cpa.cfa.frontend import parse_source
from cpa.cfa.sequencing import Unsequenced, check_sequencing
from cpa.errors import UnsupportedFeature

#: each expression statement and whether C11 leaves it undefined (gcc 12's
#: -Wsequence-point agrees on all but ``(x++, 0) + x``, which it does not see)
_CASES = {
    "i = i++": True,
    "a[i] = i++": True,
    "x++ + x": True,
    "f(x, x++)": True,
    "x += x++": True,
    "a[i++] = b[i]": True,
    "f(x++, 0) + x": True,
    "(x++, 0) + x": True,
    "x = (x = 1) + 1": True,
    "y = x++ + x++": True,
    "s.x++ + s.x": True,
    "s = s.x++": True,
    "i = ++i + 1": True,
    "a[(l ? 3 : 0)] = (g != (l--))": True,
    "x = x + 1": False,
    "x = f(x, 0)": False,
    "i++ && i": False,
    "(i++, i)": False,
    "x ? x++ : x": False,
    "s.x = s.y++": False,
    "s = f2(s.x++)": False,
    "x = (x++, 5)": False,
    "x = (x++ || 0)": False,
    "x = y = x": False,
    "*p++ = *q++": False,
    "p = p->next": False,
    "x = x++ ? 1 : 2": False,
    "f(&x, x++)": False,
    "x = sizeof(x++)": False,
}


@pytest.mark.parametrize(("text", "undefined"), _CASES.items())
def test_unsequenced_modification_and_access(text: str, undefined: bool) -> None:
    ast = c_parser.CParser().parse("void g(void) { " + text + "; }")
    (statement,) = ast.ext[0].body.block_items
    if undefined:
        with pytest.raises(Unsequenced):
            check_sequencing(statement)
    else:
        check_sequencing(statement)


def test_an_unsequenced_statement_is_unsupported_at_its_line() -> None:
    """gcc evaluates ``a[c ? 3 : 0] = c--`` right side first, ``a[f() ? 3 : 0] = g()``
    left side first: no order to copy, so the frontend refuses the first."""
    src = "int a[4];\nint main(void) {\n  int c = 0;\n  a[c ? 3 : 0] = c--;\n  return a[3];\n}\n"
    with pytest.raises(UnsupportedFeature) as info:
        parse_source(src, "u.c")
    assert info.value.line == 4 and "'c' modified and accessed unsequenced" in str(info.value)
    # in a condition, a declaration and a for clause too
    for statement in ("if (c++ < c) c = 1;", "int d = c + c++;", "for (; c-- > c;) ;"):
        with pytest.raises(UnsupportedFeature):
            parse_source("int main(void) {\n  int c = 0;\n  " + statement + "\n  return 0;\n}\n")
    parse_source("int main(void) {\n  int c = 0;\n  c = c + 1, c++;\n  return c;\n}\n")
