"""What witnesses need of the CFA: where constructs are and what each branch decides."""

from __future__ import annotations

from cpa.cfa.frontend import parse_source
from cpa.cfa.model import AssumeEdge
from cpa.cfa.preprocess import strip_comments
from cpa.witness.source import branching_column, closing_parenthesis, question_mark

PROGRAM = """\
int f(int);
int main(void) {
  int a = f(1), b = f(2);   /* two calls on one line */
  /* a comment */ if (a > 1 && b < 0) a = 2;
  int c = a ? (b ? 1 : 2) : 3;
  while (!(a < 5)) a--;
  return c;
}
"""


def _assumes(cfa, line):
    return [e for e in cfa.edges() if isinstance(e, AssumeEdge) and e.line == line]


def test_comments_keep_the_columns_of_what_follows():
    text = "x /* c */ y\n/* a\nbc */ z // d\nw"
    assert strip_comments(text) == "x         y\n\n      z     \nw"


def test_each_branch_knows_its_construct_and_what_it_decides():
    cfa = parse_source(PROGRAM, "p.c")
    lines = PROGRAM.splitlines()
    edges = [e for e in _assumes(cfa, 4) if e.branching is not None]
    assert {e.branching.column for e in edges} == {lines[3].index("if") + 1}
    # a > 1 false decides the whole condition false; a > 1 true decides nothing yet
    first = {(e.truth, e.branching.outcome) for e in edges if "a > 1" in e.text}
    assert first == {(True, None), (False, False)}
    second = {(e.truth, e.branching.outcome) for e in edges if "b < 0" in e.text}
    assert second == {(True, True), (False, False)}
    # `!` swaps: the loop runs while a < 5 is false
    loop = {(e.truth, e.branching.outcome) for e in _assumes(cfa, 6)}
    assert loop == {(True, False), (False, True)}


def test_conditional_expressions_are_located_at_their_question_mark():
    cfa = parse_source(PROGRAM, "p.c")
    lines = PROGRAM.splitlines()
    columns = {branching_column(lines, e.branching) for e in _assumes(cfa, 5)}
    outer, inner = lines[4].index("?") + 1, lines[4].index("?", lines[4].index("?") + 1) + 1
    assert columns == {outer, inner}
    assert question_mark(lines, 5, lines[4].index("(b") + 2) == inner


def test_closing_parenthesis_of_each_call():
    lines = PROGRAM.splitlines()
    first, second = lines[2].index("f(1)") + 1, lines[2].index("f(2)") + 1
    assert closing_parenthesis(lines, 3, first, "f") == first + 3
    assert closing_parenthesis(lines, 3, second, "f") == second + 3
    # a column that is off: two calls on the line, so no answer rather than a guess
    assert closing_parenthesis(lines, 3, 1, "f") is None


def test_closing_parenthesis_of_calls_through_pointers():
    """The frontend gives such a call the column where the called expression starts;
    the callee's name is not in the text."""
    text = "  int y = (*f)(x) + s->g(a, (b)) + h[1](2) + (*f)(y);"
    lines = [text]

    def close(callee: str) -> int:
        return text.index(")", text.index(callee) + len(callee)) + 1

    first = text.index("(*f)") + 1
    assert closing_parenthesis(lines, 1, first, "twice") == text.index("(x)") + 3
    member = text.index("s->g") + 1
    assert closing_parenthesis(lines, 1, member, "g_impl") == text.index("(b))") + 4
    element = text.index("h[1]") + 1
    assert closing_parenthesis(lines, 1, element, "h_impl") == close("(2")
    last = text.rindex("(*f)") + 1
    assert closing_parenthesis(lines, 1, last, "twice") == close("(y")
    # a column where no call starts
    assert closing_parenthesis(lines, 1, text.index("y =") + 1, "twice") is None
