"""Unsequenced side effects (C11 6.5p2) are reported, not given an order."""

from __future__ import annotations

import pytest
from pycparser import c_parser

from cpa.cfa.frontend import parse_source
from cpa.cfa.sequencing import Unsequenced, check_sequencing
from cpa.cfa.targets import Specification
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify

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


def _undefined_locations(cfa) -> list[tuple[int, str]]:
    return [
        (node.line, node.undefined)
        for function in cfa.functions.values()
        for node in function.nodes
        if getattr(node, "undefined", None)
    ]


def test_an_unsequenced_statement_is_an_undefined_behaviour_location() -> None:
    """gcc evaluates ``a[c ? 3 : 0] = c--`` right side first, ``a[f() ? 3 : 0] = g()``
    left side first: no order to copy. The statement becomes an undefined-behaviour
    location (a path to it is UNKNOWN, TRUE proves it never runs)."""
    src = "int a[4];\nint main(void) {\n  int c = 0;\n  a[c ? 3 : 0] = c--;\n  return a[3];\n}\n"
    ((line, description),) = _undefined_locations(parse_source(src, "u.c"))
    assert line == 4 and description.startswith("'c' modified and accessed unsequenced")
    # in a condition, a declaration and a for clause too
    for statement in ("if (c++ < c) c = 1;", "int d = c + c++;", "for (; c-- > c;) ;"):
        body = "int main(void) {\n  int c = 0;\n  " + statement + "\n  return 0;\n}\n"
        assert [line for line, _ in _undefined_locations(parse_source(body))] == [3]
    sequenced = "int main(void) {\n  int c = 0;\n  c = c + 1, c++;\n  return c;\n}\n"
    assert _undefined_locations(parse_source(sequenced)) == []
    # a goto may enter a statement with a label inside: refused
    with pytest.raises(UnsupportedFeature) as info:
        parse_source("int main(void) {\n  int c = 0;\n  for (; c-- > c;) { L: ; }\n  goto L;\n}\n")
    assert info.value.line == 3


def test_an_unsequenced_statement_reached_is_unknown_and_one_never_reached_is_not(
    tmp_path,
) -> None:
    program = tmp_path / "u.c"
    template = (
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "int main(void) {\n  int c = __VERIFIER_nondet_int();\n"
        "  if (GUARD) c = c++;\n  if (c == 7) reach_error();\n  return 0;\n}\n"
    )
    program.write_text(template.replace("GUARD", "c > 5"))
    result = verify(program, "lbe", Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.UNKNOWN
    assert "modified and accessed unsequenced" in result.reason
    program.write_text(template.replace("GUARD", "c > 5 && c < 3"))
    result = verify(program, "lbe", Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.FALSE
