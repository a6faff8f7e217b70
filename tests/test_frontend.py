"""Tests of the C frontend: the shape of the CFA for each construct."""

from __future__ import annotations

import pytest

from cpa.cfa.data_model import ILP32, LP64
from cpa.cfa.expressions import (
    BinaryExpression,
    FieldAccess,
    InitializerList,
    IntConstant,
    SizeOf,
    VariableRef,
    walk,
)
from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.model import (
    AssignmentEdge,
    AssumeEdge,
    BlankEdge,
    CallSummaryEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionReturnEdge,
    ReturnStatementEdge,
)
from cpa.cfa.types import VoidType
from cpa.errors import InputError, UnsupportedFeature


def edges(cfa, function="main", kind=None):
    result = list(cfa.functions[function].edges())
    if kind is not None:
        result = [e for e in result if isinstance(e, kind)]
    return result


def texts(cfa, function="main", kind=None):
    return [e.text for e in edges(cfa, function, kind)]


def successors(node):
    return [e.successor for e in node.leaving]


def reachable(start, avoid=()):
    seen = {start}
    stack = [start]
    while stack:
        node = stack.pop()
        for edge in node.leaving:
            if edge in avoid or isinstance(edge, (FunctionCallEdge, FunctionReturnEdge)):
                continue
            if edge.successor not in seen:
                seen.add(edge.successor)
                stack.append(edge.successor)
    return seen


def edge_with_text(cfa, text, function="main"):
    found = [e for e in edges(cfa, function) if e.text == text]
    assert found, f"no edge {text!r} in {texts(cfa, function)}"
    return found[0]


def has_cycle_through(node):
    """Whether ``node`` lies on a cycle (a loop back edge exists)."""
    return any(node in reachable(s) for s in successors(node))


# ----------------------------------------------------------------------- basics
def test_function_entry_exit_parameters_and_return():
    cfa = parse_source("int f(int a, int b) { return a + b; } int main() { return f(1, 2); }")
    f = cfa.functions["f"]
    assert [p.name for p in f.parameters] == ["f::a", "f::b"]
    assert f.return_variable.name == "f::__retval__"
    (ret,) = edges(cfa, "f", ReturnStatementEdge)
    assert ret.successor is f.exit
    assert isinstance(ret.expression, BinaryExpression)
    assert ret.return_variable is f.return_variable
    assert f.entry.exit is f.exit


def test_fall_off_end_goes_to_exit():
    cfa = parse_source("void f(void) { int x; x = 1; } int main() { f(); }")
    f = cfa.functions["f"]
    assert f.return_variable is None
    assert f.parameters == []
    assert any(isinstance(e, BlankEdge) for e in f.exit.entering)


def test_locals_shadowing_and_uninitialised_declaration():
    cfa = parse_source("int main() { int x; { int x = 2; x = 3; } x = 4; return x; }")
    decls = edges(cfa, kind=DeclarationEdge)
    names = [d.variable.name for d in decls]
    assert names == ["main::x", "main::x::2"]
    assert decls[0].initializer is None
    assert decls[1].initializer == IntConstant(2, decls[1].variable.type)
    inner = edge_with_text(cfa, "x = 3")
    outer = edge_with_text(cfa, "x = 4")
    assert inner.lhs.variable.name == "main::x::2"
    assert outer.lhs.variable.name == "main::x"


def test_globals_declared_at_start_of_main_in_order_with_zero_initialiser():
    src = """
    int a; int b = 5; struct S { int f; } s; int arr[4]; int *p;
    int f(void) { static int calls; calls++; return calls; }
    int main() { return a + b; }
    """
    cfa = parse_source(src)
    names = [v.name for v in cfa.global_variables]
    assert names == ["a", "b", "s", "arr", "p", "f::calls"]
    main = cfa.functions["main"]
    node = main.entry
    chain = []
    while True:
        (edge,) = node.leaving
        if isinstance(edge, DeclarationEdge):
            chain.append(edge)
        if edge.text == "Function start dummy edge":
            break
        node = edge.successor
    assert [e.variable.name for e in chain] == names
    init = {e.variable.name: e.initializer for e in chain}
    assert init["a"].value == 0 and isinstance(init["a"], IntConstant)
    assert init["b"].value == 5
    assert init["s"] == InitializerList((), init["s"].type)
    assert init["arr"].elements == ()
    assert init["p"].value == 0
    assert init["f::calls"].value == 0
    static = next(v for v in cfa.global_variables if v.name == "f::calls")
    assert static.is_global
    # the static local is not declared inside f
    assert not edges(cfa, "f", DeclarationEdge)


def test_tentative_definition_and_prototypes():
    src = "int x; int g(int); extern int y; int x = 3; int main() { return g(x); }"
    cfa = parse_source(src)
    decls = [e for e in edges(cfa, kind=DeclarationEdge) if e.variable.is_global]
    assert [d.variable.name for d in decls] == ["x", "y"]
    assert decls[0].initializer.value == 3
    assert decls[1].initializer is None  # extern, never defined: unknown
    (call,) = edges(cfa, kind=ExternalCallEdge)
    assert call.function_name == "g"
    assert "g" in cfa.external_functions


def test_typedef_enum_struct():
    src = """
    typedef unsigned int u32;
    enum color { RED, GREEN = 5, BLUE };
    typedef struct node { int value; struct node *next; } node_t;
    int main() {
      u32 x = BLUE; node_t n; node_t *p = &n;
      p->next = p; n.value = GREEN; return sizeof(node_t) + sizeof(x);
    }
    """
    for model, size in ((ILP32, 12), (LP64, 20)):  # 4 + 4 + 4, and 8 (4 + padding) + 8 + 4
        cfa = parse_source(src, data_model=model)
        decl = edge_with_text(cfa, "u32 x = BLUE")
        assert decl.initializer.value == 6
        assert str(decl.variable.type) == "unsigned int"
        arrow = edge_with_text(cfa, "p->next = p")
        assert isinstance(arrow.lhs, FieldAccess) and arrow.lhs.through_pointer
        dot = edge_with_text(cfa, "n.value = GREEN")
        assert not dot.lhs.through_pointer and dot.rhs.value == 5
        (ret,) = edges(cfa, kind=ReturnStatementEdge)
        assert ret.expression == IntConstant(size, ret.expression.type)  # folded


def test_typeof_in_every_place_a_type_goes():
    """GNU ``typeof`` in its three spellings: at file scope, in members, signatures,
    casts and declarations; the operand keeps its array type and is not evaluated."""
    src = """
    unsigned char g;
    typeof(g) h;
    struct s { __typeof__(g + 0) wide; __typeof(h) narrow; };
    typeof(g) f(typeof(g + 0) k) { return k; }
    int main() {
      int a[5]; int x = 0;
      typeof(a) b; typeof(x++) y = (typeof(g)) 300; struct s v;
      return sizeof b + sizeof v;
    }
    """
    cfa = parse_source(src)
    h = next(v for v in cfa.global_variables if v.name == "h")
    assert str(h.type) == "unsigned char"
    assert str(cfa.functions["f"].parameters[0].type) == "int"
    assert str(cfa.functions["f"].return_variable.type) == "unsigned char"
    declaration = edge_with_text(cfa, "typeof(x++) y = (typeof(g)) 300")
    assert declaration.initializer.value == 44  # the cast to unsigned char, folded
    assert str(declaration.variable.type) == "int"
    # x++ is not evaluated: main has declarations and its return only
    kinds = {type(edge).__name__ for edge in edges(cfa)}
    assert kinds == {"BlankEdge", "DeclarationEdge", "ReturnStatementEdge"}
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert ret.expression == IntConstant(28, ret.expression.type)  # int[5] + {int, uchar}


def test_typeof_of_an_undeclared_name_is_bad_input():
    with pytest.raises(InputError) as info:
        parse_source("int main() {\n  typeof(nope) x = 1;\n  return x;\n}\n", "t.c")
    assert info.value.line == 2 and "nope" in str(info.value)


def test_an_array_declared_without_length_takes_the_length_of_its_later_definition():
    """C's composite type: ``extern int t[];`` used before ``int t[] = {...}`` is the
    defined array, at file scope and in a block (whose names do not shadow the
    definition's). A definition whose element type
    differs (gcc's error), or whose length names what is declared only after the first
    declaration, leaves the type incomplete."""
    src = """
    struct q { int x; };
    extern int t[];
    extern char c[];
    extern struct q u[];
    extern int e[];
    enum { M = 5 };
    int first(void) {
      enum { M = 2 };
      extern int b[];
      return t[0] + b[1] + c[0] + u[1].x + e[0];
    }
    int t[] = {1, 2, 3};
    int b[M];
    int c[2];
    struct q u[] = {{1}, {2}};
    enum { N = 5 };
    int e[N];
    int main(void) { return first(); }
    """
    cfa = parse_source(src)
    types = {v.name: str(v.type) for v in cfa.global_variables}
    assert types["t"] == "int[3]"
    assert types["b"] == "int[5]"
    assert types["u"] == "struct q[2]"
    assert types["c"] == "char[]"
    assert types["e"] == "int[]"


def test_sizeof_an_array_before_the_definition_that_gives_its_length_is_bad_input():
    """gcc: "invalid application of 'sizeof' to incomplete type"; after it, the size."""
    src = "extern int t[];\nint f(void) {\n  return sizeof t;\n}\nint t[3];\n"
    with pytest.raises(InputError) as info:
        parse_source(src + "int main(void) { return f(); }\n", "t.c")
    assert info.value.line == 3 and "unknown length" in str(info.value)
    cfa = parse_source("extern int t[];\nint t[3];\nint main(void) { return sizeof t; }\n")
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert ret.expression.value == 12


def test_sizeof_and_alignof_of_expressions_are_constants_in_declarations():
    """An array size or enumerator from ``sizeof``/``__alignof__`` of an expression is an
    integer constant expression (it was taken for a variable-length array); the
    operand is not evaluated, and a bit-field operand stays refused where it is."""
    src = """struct P { char c; long long v; } gp;
int g[7];
int h[sizeof g / sizeof g[0] + 1];
int main(void) {
  int x = 0;
  char buf[sizeof (x++) + __alignof__(gp.v) + sizeof "ab"];
  enum { E = sizeof h };
  return sizeof buf + E;
}
"""
    cfa = parse_source(src, "t.c")
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert ret.expression.value == 4 + 8 + 3 + 32
    # x++ is not evaluated: x is assigned once, by its declaration
    assert [str(e.lhs) for e in edges(cfa, kind=AssignmentEdge) if "x" in str(e.lhs)] == []
    bit_field = "struct B { int b : 3; } s;\nint main(void) { char a[sizeof s.b]; return 0; }\n"
    with pytest.raises(InputError, match="'sizeof' applied to a bit-field"):
        parse_source(bit_field, "t.c")  # gcc: the same error
    member = (
        "struct P { char c; long long v; } gp;\nint main(void) { char a[__alignof__(gp.v)]; }\n"
    )
    with pytest.raises(UnsupportedFeature, match="under ILP32"):
        parse_source(member, "t.c", data_model=ILP32)


def test_the_printed_program_keeps_alignof_operands_in_parentheses():
    """pycparser parenthesises only sizeof's operand: ``__alignof__(gp.v)`` was printed
    as ``__alignof__gp.v``, and the compiled check of a FALSE did not build."""
    from cpa.cfa.frontend import parse_c
    from cpa.cfa.preprocess import GnuGenerator

    ast = parse_c(
        "struct P { char c; long long v; } gp;\n"
        "int f(void) { return __alignof__(gp.v) + _Alignof(int) + sizeof gp.c; }",
        "t.c",
    )
    text = GnuGenerator().visit(ast)
    assert "__alignof__(gp.v)" in text and "_Alignof(int)" in text and "sizeof(gp.c)" in text


_BIT_FIELD_STRUCTS = """
struct A { unsigned u : 3; int i : 3; unsigned int w : 32; _Bool b : 1;
           unsigned char c : 4; char d : 4; int : 0; short h : 9; };
struct B { char c; int x : 3; long long y; };
struct C { char a; int : 0; char b; };
struct D { char a; int : 4; char b; };
struct E { short s : 9; short t : 9; char z; };
struct F { unsigned char a : 7; unsigned char b : 2; unsigned char z; };
struct G { int a : 31; int b : 2; };
"""

#: sizeof, _Alignof and the offset of the last plain member, printed by gcc 12
#: (-m64 and -m32) for the structs above
_GCC_BIT_FIELD_LAYOUTS = {
    "LP64": {"A": (16, 4), "B": (16, 8, 8), "C": (5, 1, 4), "D": (3, 1, 2), "E": (6, 2, 4),
             "F": (3, 1, 2), "G": (8, 4)},
    "ILP32": {"A": (16, 4), "B": (12, 4, 4), "C": (5, 1, 4), "D": (3, 1, 2), "E": (6, 2, 4),
              "F": (3, 1, 2), "G": (8, 4)},
}  # fmt: skip


@pytest.mark.parametrize("model", [LP64, ILP32], ids=str)
def test_bit_field_layout_is_gccs(model):
    """Bit-fields share units of their declared type, move to the next unit rather than
    cross one, a zero-width one closes the unit, and only named ones align the struct."""
    from cpa.cfa import c_types
    from cpa.cfa.frontend import parse_c
    from cpa.cfa.scopes import Scopes

    scopes = Scopes("t.c", model)
    for ext in parse_c(_BIT_FIELD_STRUCTS, "t.c").ext:
        ctype = scopes.resolve_type(ext.type)
        expected = _GCC_BIT_FIELD_LAYOUTS[model.name][ctype.name]
        found = (c_types.size_of(ctype, model), c_types.align_of(ctype, model))
        if len(expected) == 3:
            last = ctype.fields[-1][0]
            found += (c_types.member_offset(ctype, last, model)[0],)
        assert found == expected, ctype.name


def test_bit_field_values_and_gccs_errors():
    """A bit-field's type has its width (reads promote by it); gcc's errors are bad input."""
    from cpa.cfa import c_types

    cfa = parse_source(
        "struct S { unsigned u : 3; unsigned w : 32; int i : 5; _Bool b : 1; } s;\n"
        "int main() { s.u = 9; s.i = s.u; return s.w; }"
    )
    store = edge_with_text(cfa, "s.u = 9")
    assert store.lhs.type.bits == 3 and store.rhs.value == 1  # 9 folded into 3 bits
    assert c_types.promote(store.lhs.type) == c_types.INT
    struct_type = store.lhs.base.type
    assert c_types.promote(c_types.find_field(struct_type, "w")) == c_types.UINT
    assert c_types.find_field(struct_type, "b").bits == 1
    for body, message in [
        ("return sizeof s.u;", "'sizeof' applied to a bit-field"),
        ("unsigned *p = &s.u; return 0;", "address of a bit-field"),
        ("typeof(s.u) v = 0; return v;", "'typeof' applied to a bit-field"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_source(f"struct S {{ unsigned u : 3; }} s;\nint main() {{ {body} }}")
    for member, message in [
        ("int x : 33;", "exceeds its type"),
        ("int x : 0;", "zero width"),
        ("int x : -1;", "negative width"),
        ("int *x : 3;", "invalid type"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_source(f"struct S {{ {member} }} s;\nint main() {{ return 0; }}")


# --------------------------------------------------------------- statements
def test_compound_assignment_and_increments_in_statements():
    cfa = parse_source("int main() { int x = 0; x += 2; x <<= 1; x++; --x; return x; }")
    assigns = edges(cfa, kind=AssignmentEdge)
    assert len(assigns) == 4
    assert all(isinstance(a.rhs, BinaryExpression) for a in assigns)
    assert [a.rhs.operator for a in assigns] == ["+", "<<", "+", "-"]
    assert not [d for d in edges(cfa, kind=DeclarationEdge) if "__cpa_tmp" in d.variable.name]


def test_post_and_pre_increment_in_expressions():
    cfa = parse_source("int main() { int i = 0; int a; int b; a = i++; b = ++i; return a + b; }")
    tmps = [d for d in edges(cfa, kind=DeclarationEdge) if "__cpa_tmp" in d.variable.name]
    assert len(tmps) == 1  # only i++ needs the old value
    assert tmps[0].initializer.variable.name == "main::i"
    a_assign = edge_with_text(cfa, "a = i++")
    assert a_assign.rhs.variable is tmps[0].variable
    b_assign = edge_with_text(cfa, "b = ++i")
    assert b_assign.rhs.variable.name == "main::i"


def test_if_else_polarities():
    cfa = parse_source("int main() { int x; if (x > 0) x = 1; else x = 2; return x; }")
    assumes = edges(cfa, kind=AssumeEdge)
    assert len(assumes) == 2
    true_edge = next(a for a in assumes if a.truth)
    false_edge = next(a for a in assumes if not a.truth)
    assert true_edge.predecessor is false_edge.predecessor
    assert true_edge.text == "[x > 0]" and false_edge.text == "[!(x > 0)]"
    assert true_edge.successor.leaving[0].text == "x = 1"
    assert false_edge.successor.leaving[0].text == "x = 2"


def test_short_circuit_and():
    cfa = parse_source("int main() { int a; int b; int x = 0; if (a && b) x = 1; return x; }")
    assumes = edges(cfa, kind=AssumeEdge)
    assert len(assumes) == 4  # two conditions, both polarities
    target = edge_with_text(cfa, "x = 1")
    # x = 1 is reached only via [a] then [b]
    (into,) = target.predecessor.entering
    assert isinstance(into, AssumeEdge) and into.truth and into.text == "[b]"
    (into_b,) = into.predecessor.entering
    assert isinstance(into_b, AssumeEdge) and into_b.truth and into_b.text == "[a]"
    true_assumes = [a for a in assumes if a.truth]
    assert len(true_assumes) == 2


def test_short_circuit_or_and_not():
    cfa = parse_source("int main() { int a; int b; int x = 0; if (!(a || b)) x = 1; return x; }")
    target = edge_with_text(cfa, "x = 1")
    (into,) = target.predecessor.entering
    assert into.text == "[!(b)]" and not into.truth
    (into_b,) = into.predecessor.entering
    assert not into_b.truth and into_b.text == "[!(a)]"


def test_condition_with_side_effects_emits_them_first():
    src = "int f(void); int main() { int x; if ((x = f()) != 0) return 1; return 0; }"
    cfa = parse_source(src)
    (call,) = edges(cfa, kind=ExternalCallEdge)
    assert call.lhs.variable.name == "main::x"
    assume = next(a for a in edges(cfa, kind=AssumeEdge) if a.truth)
    assert assume.predecessor is call.successor
    assert all(not isinstance(e, ExternalCallEdge) for e in walk(assume.condition))


def test_value_context_logical_ternary_comma_and_nested_calls():
    src = """
    int g(int v) { return v; }
    int main() { int a; int b; int x;
      x = a && b; x = a ? g(1) : 2; x = (a = 1, b + 1); x = g(g(a)) + g(b); return x; }
    """
    cfa = parse_source(src)
    tmps = [d for d in edges(cfa, kind=DeclarationEdge) if "__cpa_tmp" in d.variable.name]
    assert len(tmps) >= 5
    assert all(t.variable.name.startswith("main::__cpa_tmp_") for t in tmps)
    summaries = edges(cfa, kind=CallSummaryEdge)
    assert len(summaries) == 4
    # nothing but side-effect-free expressions remain
    last = edge_with_text(cfa, "x = g(g(a)) + g(b)")
    assert isinstance(last.rhs, BinaryExpression)
    assert all(isinstance(v, VariableRef) for v in (last.rhs.left, last.rhs.right))


def test_while_loop_has_back_edge_break_continue():
    src = """int main() { int i = 0;
      while (i < 10) { i++; if (i == 3) continue; if (i == 7) break; }
      return i; }"""
    cfa = parse_source(src)
    head_assume = edge_with_text(cfa, "[i < 10]")
    head = head_assume.predecessor
    assert has_cycle_through(head)
    exit_edge = edge_with_text(cfa, "[!(i < 10)]")
    brk = edge_with_text(cfa, "break")
    assert brk.successor is exit_edge.successor
    cont = edge_with_text(cfa, "continue")
    assert cont.successor is head


def test_do_while_and_for_with_continue_to_increment():
    src = """int main() { int i = 0; int s = 0;
      do { s++; } while (s < 3);
      for (i = 0; i < 5; i++) { if (i == 2) continue; s += i; }
      return s; }"""
    cfa = parse_source(src)
    do_true = edge_with_text(cfa, "[s < 3]")
    assert do_true.successor.leaving[0].text == "s = (s + 1)"
    inc = edge_with_text(cfa, "i = (i + 1)")
    cont = edge_with_text(cfa, "continue")
    assert cont.successor is inc.predecessor
    head = edge_with_text(cfa, "[i < 5]").predecessor
    assert inc.successor in reachable(inc.successor) and head in reachable(inc.successor)


def test_infinite_loop_condition_is_blank():
    cfa = parse_source("int main() { int x = 0; while (1) { x++; if (x > 3) break; } return x; }")
    assert not [a for a in edges(cfa, kind=AssumeEdge) if "1" == a.text.strip("[]")]
    assert edge_with_text(cfa, "[1]")


def test_switch_fallthrough_default_and_nested_break():
    src = """int main() { int x; int y = 0;
      switch (x) {
        case 1: y = 1;
        case 2: y = 2; break;
        case 3: { while (y < 5) { y++; break; } } break;
        default: y = 9;
      }
      return y; }"""
    cfa = parse_source(src)
    assumes = edges(cfa, kind=AssumeEdge)
    case_assumes = [a for a in assumes if "x ==" in a.text]
    assert len(case_assumes) == 6  # three cases, both polarities
    y1 = edge_with_text(cfa, "y = 1")
    y2 = edge_with_text(cfa, "y = 2")
    assert y2.predecessor in successors(y1.successor)  # fall through
    # default reached after all three comparisons failed
    y9 = edge_with_text(cfa, "y = 9")
    (into_default,) = y9.predecessor.entering
    assert into_default.text == "default"
    case3_false = next(a for a in case_assumes if a.text == "[!(x == 3)]")
    assert into_default.predecessor is case3_false.successor
    # inner break leaves only the while loop
    ret = edges(cfa, kind=ReturnStatementEdge)[0]
    breaks = [e for e in edges(cfa) if e.text == "break"]
    assert len(breaks) == 3
    assert all(ret.predecessor in reachable(b.successor) for b in breaks)


def test_goto_forward_backward_and_labels():
    src = """int main() { int x = 0;
      loop: x++;
      if (x < 3) goto loop;
      goto end;
      x = 100;
      end: return x; }"""
    cfa = parse_source(src)
    nodes = cfa.functions["main"].nodes
    loop = next(n for n in nodes if "loop" in n.labels)
    end = next(n for n in nodes if "end" in n.labels)
    assert has_cycle_through(loop)
    back = edge_with_text(cfa, "goto loop")
    assert back.successor is loop
    forward = edge_with_text(cfa, "goto end")
    assert forward.successor is end
    assert "x = 100" not in texts(cfa)  # dead code removed


def test_a_jump_into_the_scope_of_a_local_declares_it_anew_without_value():
    src = """int main() { int c = 0;
      if (c) goto inside;
      { int v; v = 5;
      inside: c = v; }
      switch (c) { int w; case 1: w = 2; break; case 2: c = w; }
      return c; }"""
    cfa = parse_source(src)
    into = edge_with_text(cfa, "goto inside").successor.leaving
    assert [type(e).__name__ for e in into] == ["DeclarationEdge"]
    assert into[0].variable.c_name == "v" and into[0].initializer is None
    assert "inside" in into[0].successor.leaving[0].successor.labels
    entered = [
        e.variable.c_name
        for e in edges(cfa, kind=DeclarationEdge)
        if "entering its scope" in e.text
    ]
    assert sorted(entered) == ["v", "w", "w"]  # the goto, and the dispatch to each case


def test_a_jump_within_the_scope_of_its_locals_goes_straight_to_its_label():
    src = """int main() { int x = 0;
      loop: { int y = x; x = y + 1; if (x < 3) goto loop; }
      switch (x) { case 3: x = 1; break; default: x = 2; }
      return x; }"""
    cfa = parse_source(src)
    assert edge_with_text(cfa, "goto loop").successor.labels == ("loop",)
    assert not [e for e in edges(cfa, kind=DeclarationEdge) if "entering" in e.text]


def test_goto_to_undefined_label():
    with pytest.raises(InputError) as info:
        parse_source("int main() {\n goto nowhere;\n return 0; }", "t.c")
    assert info.value.line == 2 and "nowhere" in str(info.value)


# -------------------------------------------------------------------- calls
def test_call_return_summary_linking():
    src = "int f(int a) { return a * 2; } int main() { int x; x = f(3); f(4); return x; }"
    cfa = parse_source(src)
    f = cfa.functions["f"]
    calls = edges(cfa, kind=FunctionCallEdge)
    summaries = edges(cfa, kind=CallSummaryEdge)
    assert len(calls) == len(summaries) == 2
    returns = [e for e in f.exit.leaving if isinstance(e, FunctionReturnEdge)]
    assert len(returns) == 2
    for summary in summaries:
        call, ret = summary.call_edge, summary.return_edge
        assert call.summary is summary and ret.summary is summary
        assert call.predecessor is summary.predecessor
        assert call.successor is f.entry
        assert ret.predecessor is f.exit and ret.successor is summary.successor
        assert call.callee == ret.callee == summary.callee == "f"
    with_lhs = [s for s in summaries if s.lhs is not None]
    assert len(with_lhs) == 1 and with_lhs[0].lhs.variable.name == "main::x"
    assert with_lhs[0].arguments[0].value == 3


def test_external_and_nondet_calls():
    src = "int main() { int x = __VERIFIER_nondet_int(); unsigned u; u = __VERIFIER_nondet_uint(); foo(x); return 0; }"
    cfa = parse_source(src)
    ext = edges(cfa, kind=ExternalCallEdge)
    assert [e.function_name for e in ext] == [
        "__VERIFIER_nondet_int",
        "__VERIFIER_nondet_uint",
        "foo",
    ]
    assert ext[0].lhs.variable.name == "main::x"
    assert ext[2].lhs is None and len(ext[2].arguments) == 1


def test_verifier_assume_has_only_true_branch():
    cfa = parse_source("int main() { int x; __VERIFIER_assume(x > 0 && x < 5); return x; }")
    assumes = edges(cfa, kind=AssumeEdge)
    assert len(assumes) == 2
    assert all(a.truth for a in assumes)


@pytest.mark.parametrize(
    "declaration, condition",
    [
        ("extern void __VERIFIER_assume(int);", "((int) l)"),
        ("", "((int) l)"),  # implicitly declared: x86-64 passes the low 32 bits
        ("extern void __VERIFIER_assume(long);", "l"),
        ("extern void __VERIFIER_assume(_Bool);", "l"),
    ],
)
def test_verifier_assume_converts_its_argument_to_its_parameter(declaration, condition):
    # (int) (2L << 32) is 0: gcc's run stops at the assumption
    cfa = parse_source(f"{declaration} int main() {{ long l; __VERIFIER_assume(l); return 0; }}")
    (assume,) = edges(cfa, kind=AssumeEdge)
    assert str(assume.condition) == condition


@pytest.mark.parametrize("call", ["reach_error()", "__VERIFIER_error()"])
def test_error_calls_end_in_error_sink(call):
    src = f"void reach_error() {{ }} int main() {{ int x; if (x) {{ {call}; }} return 0; }}"
    cfa = parse_source(src)
    name = call.split("(")[0]
    sinks = [n for n in cfa.functions["main"].nodes if n.error_call]
    assert len(sinks) == 1
    assert sinks[0].error_call == name and not sinks[0].leaving
    assert not edges(cfa, kind=FunctionCallEdge)  # the body is not entered


def test_abort_and_exit_end_paths():
    src = "int main() { int x; if (x) abort(); if (x > 1) exit(1); return 0; }"
    cfa = parse_source(src)
    sinks = [n for n in cfa.functions["main"].nodes if not n.leaving and n.function == "main"]
    sinks = [n for n in sinks if n is not cfa.functions["main"].exit]
    assert len(sinks) == 2
    assert all(n.error_call is None for n in sinks)


def test_only_the_named_function_is_a_target():
    src = "void foo(void) { } int main() { int x; if (x) __assert_fail(0, 0, 0, 0); foo(); }"
    sinks = [n for n in parse_source(src).nodes() if n.error_call]
    assert sinks == []  # __assert_fail ends the path, it is no error by default
    cfa = parse_source(src, target_functions=frozenset({"foo"}))
    (sink,) = [n for n in cfa.nodes() if n.error_call]
    assert sink.error_call == "foo" and not edges(cfa, kind=FunctionCallEdge)
    cfa = parse_source(src, target_functions=frozenset({"__assert_fail"}))
    (sink,) = [n for n in cfa.nodes() if n.error_call]
    assert sink.error_call == "__assert_fail"


def test_failed_assert_without_definition_calls_assert_fail():
    source = "int main() { int x = 1; assert(x == 1); return x; }"
    for targets, error_call in (
        (frozenset(), None),
        (frozenset({"__assert_fail"}), "__assert_fail"),
    ):
        cfa = parse_source(source, target_functions=targets)
        sink = next(
            n
            for n in cfa.functions["main"].nodes
            if not n.leaving and n.entering and isinstance(n.entering[0], AssumeEdge)
        )
        assert sink.error_call == error_call
        (into,) = sink.entering
        assert isinstance(into, AssumeEdge) and not into.truth


def test_a_call_through_a_pointer_branches_to_the_functions_whose_address_is_taken():
    src = (
        "int f(int a) { return a; } int g(int a) { return -a; } int h(void) { return 0; }\n"
        "int main() { int (*fp)(int) = &f; int (*hp)(void) = h; if (hp()) fp = g;"
        " int y = (*fp)(2); return y; }"
    )
    cfa = parse_source(src)
    assert cfa.address_taken_functions == {"f", "g", "h"}
    assert not edges(cfa, kind=ExternalCallEdge)
    tests = [e for e in edges(cfa, kind=AssumeEdge) if e.truth and "==" in str(e.condition)]
    # h has another type: the call through fp never reaches it
    assert sorted(str(e.condition) for e in tests if "fp" in str(e.condition)) == [
        "(fp == f)",
        "(fp == g)",
    ]
    undefined = [n.undefined for n in cfa.nodes() if n.undefined and "call through" in n.undefined]
    assert len(undefined) == 2 and any("'fp'" in text for text in undefined)
    called = sorted(e.callee for e in edges(cfa, kind=FunctionCallEdge))
    assert called == ["f", "g", "h"]


def test_expressions_pointers_arrays_casts_strings_floats():
    src = """
    struct P { int x; int y; };
    int main() {
      int a[10]; int *p = a; struct P pt; struct P *pp = &pt; char *s = "hi";
      double d = 1.5; long long big = 1LL << 40;
      p = p + 2; *p = 3; a[2] = *(p - 1); pp->y = (int) d; pt.x = sizeof(struct P);
      return (int) big + s[0];
    }"""
    cfa = parse_source(src)
    pointer_add = edge_with_text(cfa, "p = p + 2")
    assert str(pointer_add.rhs.type) == "int*"
    assert edge_with_text(cfa, "pt.x = sizeof(struct P)").rhs.value == 8
    assert str(edge_with_text(cfa, "double d = 1.5").initializer) == "1.5"
    # a string literal as a value is its array, a read-only global, decayed
    string = edge_with_text(cfa, 'char *s = "hi"').initializer
    assert str(string.type) == "char*"
    (array,) = [v for v in cfa.address_taken if v.described() == "a string literal"]
    assert array.read_only and array.is_global and str(array.type) == "char[3]"
    declaration = edge_with_text(cfa, '"hi"')
    assert declaration.variable is array
    assert [element.value for element in declaration.initializer.elements] == [104, 105, 0]
    assert str(edge_with_text(cfa, "long long big = 1LL << 40").initializer.type) == "long long"


def test_line_numbers_and_line_directives():
    src = 'int main() {\n  int x = 0;\n#line 100 "orig.c"\n  x = 5;\n  return x;\n}\n'
    cfa = parse_source(src, "t.c")
    assert edge_with_text(cfa, "int x = 0").line == 2
    assert edge_with_text(cfa, "x = 5").line == 100


# ------------------------------------------------------- unsupported / errors
@pytest.mark.parametrize(
    ("body", "construct"),
    [
        ('__asm__ volatile ("nop");', "inline assembly"),
        ('asm("nop");', "inline assembly"),
        ("setjmp(buf);", "setjmp"),
        ("pthread_create(0, 0, 0, 0);", "threads"),
        ("__builtin_va_start(ap, x);", "variadic"),
        ("int *z = (int *)(x ? (int *)buf : (char *)buf);", "?: of pointers to different types"),
    ],
)
def test_unsupported_constructs_report_line(body, construct):
    src = f"int buf[10]; int ap;\nint main() {{\n  int x = 0;\n  {body}\n  return 0;\n}}\n"
    with pytest.raises(UnsupportedFeature) as info:
        parse_source(src, "u.c")
    assert info.value.line == 4
    assert construct in str(info.value)
    assert str(info.value).startswith("u.c:4:")


@pytest.mark.parametrize(
    ("spelling", "ilp32"), [("__alignof__", 8), ("__alignof", 8), ("_Alignof", 4)]
)
def test_gccs_alignof_is_the_preferred_alignment(spelling, ilp32):
    """gcc -m32 gives __alignof__(long long) == 8 but _Alignof(long long) == 4 (also as
    array elements); a struct's alignment is the same for both spellings (4)."""
    src = f"int main() {{\n  return {spelling}(double[2]) + {spelling}(long long);\n}}\n"
    (ret,) = edges(parse_source(src, data_model=ILP32), kind=ReturnStatementEdge)
    assert ret.expression.value == 2 * ilp32
    (ret,) = edges(parse_source(src, data_model=LP64), kind=ReturnStatementEdge)
    assert ret.expression.value == 16
    src = f"int main() {{ return {spelling}(struct {{ long long x; }}); }}"
    (ret,) = edges(parse_source(src, data_model=ILP32), kind=ReturnStatementEdge)
    assert ret.expression.value == 4
    # an enumerator or an array length folds the same way
    src = f"enum {{ A = {spelling}(long long) }};\nint a[A];\nint main() {{ return sizeof a; }}"
    (ret,) = edges(parse_source(src, data_model=ILP32), kind=ReturnStatementEdge)
    assert ret.expression.value == 4 * ilp32


@pytest.mark.parametrize("spelling", ["__alignof__", "_Alignof"])
def test_alignment_of_an_8_byte_scalar_object_is_unknown_under_ilp32(spelling):
    """Of an object gcc -m32 gives 8 for a long long variable or array element but 4 for
    a struct member, with either spelling: no guess. Other objects fold."""
    src = (
        "struct s { long long x; } v;\nlong long w;\nshort h;\n"
        f"int main() {{\n  return {spelling}(h) + {spelling} v.x;\n}}\n"
    )
    with pytest.raises(UnsupportedFeature) as info:
        parse_source(src, "a.c", data_model=ILP32)
    assert info.value.line == 5 and "alignment of an 8-byte scalar" in str(info.value)
    (ret,) = edges(parse_source(src, data_model=LP64), kind=ReturnStatementEdge)
    assert ret.expression.value == 10
    src = f"short h;\nint main() {{ return {spelling}(h) + {spelling} h; }}"
    (ret,) = edges(parse_source(src, data_model=ILP32), kind=ReturnStatementEdge)
    assert ret.expression.value == 4


def test_unsupported_in_unreachable_function_is_ignored():
    src = 'void unused(void) { asm("nop"); }\nint main() { return 0; }'
    cfa = parse_source(src)
    assert not cfa.functions["unused"].entry.leaving


def test_nested_function_is_unsupported():
    src = "int main() {\n  int x = 1;\n  int inner(int y) { return y; }\n  return inner(x);\n}\n"
    with pytest.raises(UnsupportedFeature) as info:
        parse_source(src, "n.c")
    assert info.value.line == 3


def test_gcc_extensions_are_accepted():
    src = """
    typedef __builtin_va_list va;
    static __inline__ int f(int * __restrict__ p) __attribute__((always_inline));
    __extension__ typedef long long ll;
    extern int printf(const char *__restrict fmt, ...) __asm__("" "printf");
    static __inline int f(int * __restrict p) { return *p; }
    int main() { int x __attribute__((unused)) = 1; /* c */ // d
      return f(&x); }
    """
    cfa = parse_source(src)
    assert "f" in cfa.functions


def test_bad_inputs(tmp_path):
    with pytest.raises(InputError, match="file not found"):
        parse_program(tmp_path / "missing.c")
    empty = tmp_path / "empty.c"
    empty.write_text("  \n")
    with pytest.raises(InputError, match="empty file"):
        parse_program(empty)
    binary = tmp_path / "bin.c"
    binary.write_bytes(b"\x7fELF\x00\x01\x02")
    with pytest.raises(InputError, match="binary file"):
        parse_program(binary)
    syntax = tmp_path / "syntax.c"
    syntax.write_text("int main() {\n  int x = ;\n}\n")
    with pytest.raises(InputError) as info:
        parse_program(syntax)
    assert info.value.line == 2 and "syntax error" in str(info.value)
    no_main = tmp_path / "nomain.c"
    no_main.write_text("int f() { return 0; }\n")
    with pytest.raises(InputError, match="no function 'main'"):
        parse_program(no_main)
    # a left-nested sum parses (an LR parser does not recurse on it) but is too
    # deep for the recursive walks that translate it: one line, not a traceback
    deep = tmp_path / "deep.c"
    deep.write_text("int main() { int x = 1" + " + 1" * 12000 + "; return x; }\n")
    with pytest.raises(InputError, match="nested too deeply to translate"):
        parse_program(deep)


def test_include_goes_through_preprocessor(tmp_path):
    (tmp_path / "verifier.h").write_text(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
    )
    source = tmp_path / "inc.c"
    source.write_text(
        '#include "verifier.h"\n#define LIMIT 3\n'
        "int main() { int x = __VERIFIER_nondet_int();\n"
        "  if (x > LIMIT) reach_error();\n  return 0; }\n"
    )
    cfa = parse_program(source)
    assert edge_with_text(cfa, "[x > 3]").line == 4
    assert any(n.error_call == "reach_error" for n in cfa.functions["main"].nodes)


def test_designated_initialisers_and_array_length():
    src = """struct A { int x; int y[3]; };
    int main() { struct A a = { .y = {1, 2}, .x = 4 }; int arr[] = {1, [4] = 7};
      return sizeof(arr); }"""
    cfa = parse_source(src)
    a = edge_with_text(cfa, "struct A a = {.y = {1, 2}, .x = 4}")
    assert str(a.initializer) == "{4, {1, 2}}"
    arr = edge_with_text(cfa, "int arr[] = {1, [4] = 7}")
    assert str(arr.initializer) == "{1, 0, 0, 0, 7}"
    assert arr.variable.type.length == 5
    assert edges(cfa, kind=ReturnStatementEdge)[0].expression.value == 20


def test_recursion_and_kr_parameters_and_later_definition():
    src = """int later(int);
    int fact(n) int n; { if (n <= 1) return 1; return n * fact(n - 1); }
    int main() { return fact(later(3)); }
    int later(int v) { return v; }"""
    cfa = parse_source(src)
    assert [p.name for p in cfa.functions["fact"].parameters] == ["fact::n"]
    callees = sorted(e.callee for e in cfa.edges() if isinstance(e, FunctionCallEdge))
    assert callees == ["fact", "fact", "later"]


def test_statement_expression():
    cfa = parse_source("int main() { int x = ({ int t = 2; t + 1; }); return x; }")
    decl = next(e for e in edges(cfa, kind=DeclarationEdge) if e.variable.c_name == "x")
    # the value is kept in a temporary, declared after the block's statements
    value = next(
        e for e in edges(cfa, kind=DeclarationEdge) if e.variable.c_name.startswith("__cpa_tmp")
    )
    assert edge_with_text(cfa, "int t = 2").successor is value.predecessor
    assert value.successor is decl.predecessor
    assert isinstance(value.initializer, BinaryExpression)
    assert decl.initializer.variable is value.variable


def test_include_without_preprocessor_is_input_error(monkeypatch):
    import cpa.cfa.preprocess as preprocess

    monkeypatch.setattr(preprocess, "find_preprocessor", lambda: None)
    with pytest.raises(InputError, match="no C preprocessor"):
        parse_source("#include <stdio.h>\nint main() { return 0; }\n", "i.c")


def test_comments_keep_line_numbers_and_strings():
    src = 'int main() { /* a\n b\n */ char *s = "/* not a comment */";\n // x\n int y = 1; return y; }'
    cfa = parse_source(src)
    assert edge_with_text(cfa, 'char *s = "/* not a comment */"').line == 3
    assert edge_with_text(cfa, "int y = 1").line == 5


def test_a_backslash_at_the_end_of_a_line_joins_it_to_the_next():
    # C's phase 2 comes before comments: the line comment swallows "x = 1;" (gcc's
    # program reaches the error), and "*\\" then "/" end the block comment before
    # "x = 2" (gcc's program does not); spaces after the backslash as gcc allows them.
    # A file with a splice goes through the C preprocessor, which does all this.
    src = (
        "int main() {\n  int x = 0; // comment \\  \n  x = 1;\n"
        "  int y = 0; /* a *\\\n/ y = 2; /* */\n"
        "  int z = 1\\\n2;\n  return x + y + z;\n}\n"
    )
    cfa = parse_source(src)
    assert not [e for e in cfa.edges() if e.text.startswith("x = 1")]
    assert edge_with_text(cfa, "y = 2").line == 5  # gcc's: the line the token is on
    assert edge_with_text(cfa, "int z = 12").line == 6
    assert edge_with_text(cfa, "return (x + y) + z;").line == 8  # later lines keep theirs


def test_a_chain_of_conditionals_is_lowered_in_time_linear_in_its_arms():
    # each ?: lowers its arms once for their type and once on their branch: without
    # keeping the first, a chain of 40 would be lowered 2^40 times
    arms = " ".join(f"x == {k} ? {k} :" for k in range(40))
    cfa = parse_source(
        f"int f(int);\nint main() {{ int x = f(0); int y = {arms} -1; return y; }}\n"
    )
    edges = list(cfa.edges())
    assert 40 * 4 <= len(edges) < 40 * 20
    assert sum(e.text.endswith("= 39") for e in edges) == 1


@pytest.mark.parametrize("operand", ["g(1)", "__VERIFIER_nondet_int()", "x"])
def test_a_long_sum_is_lowered_with_work_linear_in_its_terms(monkeypatch, operand):
    """Each ``+`` of ``t1 + t2 + ... + tn`` asks whether its left operand reads an
    object (for the order of a read and a call); answered afresh, those questions
    walked every prefix of the chain: n^2/2 steps (15 s for 3000 calls)."""
    import cpa.cfa.lowering as lowering

    original, steps = lowering._reads_objects, []

    def counted(expression, known):
        steps.append(expression)
        return original(expression, known)

    monkeypatch.setattr(lowering, "_reads_objects", counted)
    terms = 400
    cfa = parse_source(
        "extern int __VERIFIER_nondet_int(void);\nint g(int v) { return v; }\n"
        f"int main() {{ int x = 1; int y = {' + '.join([operand] * terms)}; return y; }}\n"
    )
    assert edge_with_text(cfa, "return y;")
    assert len(steps) <= 4 * terms


def test_a_byte_order_mark_is_skipped(tmp_path):
    program = tmp_path / "bom.c"
    program.write_bytes(b"\xef\xbb\xbfint main() {\n  int y = 1;\n  return y;\n}\n")
    cfa = parse_program(program, "main", LP64, ())
    assert edge_with_text(cfa, "int y = 1").line == 2


def test_split_declarations_are_not_inputs():
    """``int y = f();`` is a declaration and the call; only the call reads an input."""
    from cpa.cfa.inputs import consumes_input

    cfa = parse_source("int f(void);\nint main() {\n  int y = f();\n  int z;\n  return y + z;\n}\n")
    declarations = {e.variable.c_name: e for e in cfa.edges() if isinstance(e, DeclarationEdge)}
    assert declarations["y"].initialised_by_next_edge
    assert not consumes_input(declarations["y"])
    assert consumes_input(declarations["z"])
    calls = [e for e in cfa.edges() if isinstance(e, ExternalCallEdge)]
    assert len(calls) == 1 and consumes_input(calls[0])


def test_blast_nondet_is_fresh_at_every_read_other_locals_keep_their_value():
    """BLAST's ``__BLAST_NONDET`` is a new choice at each read; an ordinary
    uninitialised local keeps the one unknown value of its declaration."""
    source = (
        "int main() {\n  int __BLAST_NONDET;\n  int p;\n  int k = 0;\n"
        "  while (k < 2) { if (__BLAST_NONDET) { k = k + 1; } if (p) { k = k + 2; } }\n"
        "  if (p) { k = 0; }\n  return k;\n}\n"
    )
    cfa = parse_source(source)
    fresh = [e for e in cfa.edges() if isinstance(e, ExternalCallEdge)]
    assert len(fresh) == 1 and fresh[0].line == 5 and fresh[0].lhs is not None
    assert "__BLAST_NONDET" in fresh[0].text
    conditions = [e for e in cfa.edges() if isinstance(e, AssumeEdge) and e.truth]
    assert sum("[p]" == e.text for e in conditions) == 2  # both reads of p: the variable


def test_gnu_elvis_and_case_ranges_are_spelled_for_pycparser():
    from cpa.cfa.preprocess import rewrite_gnu_syntax

    text = (
        'int f(int, ...);\nint g(int c) { char *s = "?: 1 ... 2";\n'
        "switch (c) {\ncase 1 ... 3: return c ?: 4;\ncase ':' ... '?': return c ? 1 : 2;\n"
        "case 7: return 0; }\nreturn 1; }\n"
    )
    out = rewrite_gnu_syntax(text)
    assert out.count("\n") == text.count("\n")  # lines do not move
    assert "int f(int, ...);" in out and '"?: 1 ... 2"' in out  # varargs, strings kept
    assert "case __cpa_case_range(1, 3):" in out
    assert "case __cpa_case_range(':', '?'):" in out  # character literals are not split
    assert "c ? __cpa_elvis :" in out and "c ? 1 : 2" in out and "case 7:" in out


def test_gnu_range_designators_are_written_out_for_pycparser():
    """``[lo ... hi] = v`` becomes one designator per element where ``v`` is a constant
    or a name (evaluated once or per element: the same); another value, bounds that are
    not decimal or an empty range stay as they are (pycparser cannot read them:
    UNKNOWN), and so does the text of a string literal."""
    from cpa.cfa.preprocess import rewrite_gnu_syntax

    text = (
        'char *s = "[0 ... 1] = 2,";\nint a[6] = { [1 ... 3] = 7, [2] = 1 };\n'
        "char c[3] = {[0 ... 2] = 'z'}; int b[] = {[0 ... 1] = - 0x1fU, [3 ... 3] = E};\n"
        "int d[3] = {[0 ... 2] = f(1)}; int e[2] = {[1 ... 0] = 1}; int h[2] = {[0x0 ... 1] = 1};\n"
    )
    out = rewrite_gnu_syntax(text)
    assert out.count("\n") == text.count("\n")
    assert '"[0 ... 1] = 2,"' in out
    assert "{ [1] = 7, [2] = 7, [3] = 7, [2] = 1 }" in out
    assert "{[0] = 'z', [1] = 'z', [2] = 'z'}" in out
    assert "{[0] = - 0x1fU, [1] = - 0x1fU, [3] = E}" in out
    for kept in ("[0 ... 2] = f(1)", "[1 ... 0] = 1", "[0x0 ... 1] = 1"):
        assert kept in out


def test_a_range_after_other_designators_repeats_them(tmp_path):
    # [1][0 ... 2] = 7 is [1][0], [1][1], [1][2]; writing out only the range's part gave
    # [1][0] = 7, [1] = 7, [2] = 7 and a wrong TRUE (gcc: m[1][2] is 7, reached)
    from cpa.cfa.preprocess import rewrite_gnu_syntax

    out = rewrite_gnu_syntax("int m[3][4] = {[1][0 ... 2] = 7}; union A a = {.b[1 ... 2] = 5};")
    assert "{[1][0] = 7, [1][1] = 7, [1][2] = 7}" in out
    assert "{.b[1] = 5, .b[2] = 5}" in out
    assert rewrite_gnu_syntax("int a[3] = {x[0 ... 1] = 2};") == "int a[3] = {x[0 ... 1] = 2};"
    program = tmp_path / "range.c"
    program.write_text(
        "extern void reach_error(void);\nint m[3][4] = {[1][0 ... 2] = 7};\n"
        "union A { unsigned char b[4]; unsigned int i; } a = {.b[1 ... 2] = 5};\n"
        "int main(void) {\n  if (m[1][2] == 7 && m[2][0] == 0 && a.i == 0x050500u)"
        " reach_error();\n  return 0;\n}\n"
    )
    from cpa.cfa.targets import Specification
    from cpa.results import Verdict
    from cpa.verifier import verify

    result = verify(program, None, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.FALSE, result.reason


def test_gnu_elvis_and_case_ranges_reach_gcc_as_written(tmp_path):
    from cpa.cfa.targets import Specification
    from cpa.replay import instrument

    program = tmp_path / "gnu.c"
    program.write_text(
        "int main(void) { int c = 2, r = 0;\n"
        "switch (c) { case 1 ... 3: r = c ?: 9; break; }\n"
        "return r; }\n"
    )
    source = instrument(program, Specification.unreach_call())
    assert "1 ... 3" in source and "?:" in source and "__cpa_" + "elvis" not in source


def test_the_type_of_a_conditional_with_pointer_operands():
    """C11 6.5.15p6: a null pointer constant takes the other operand's type, a pointer
    to void makes the result a pointer to void; ``(int *) 0`` is no such constant."""
    src = (
        "int a[2]; void *v; char *k;\n"
        "int main() { int c = 1;\n"
        "  int s1 = sizeof *(c ? (void *)0 : a);\n"
        "  int s2 = sizeof (c ? a : v);\n"
        "  int s3 = sizeof *(c ? (char *)0 : k);\n"
        "  return sizeof (0, a) + sizeof &*a; }\n"
    )
    cfa = parse_source(src)
    assert (
        edge_with_text(cfa, "int s1 = sizeof(*((c) ? ((void *) 0) : (a)))").initializer.value == 4
    )
    assert (
        edge_with_text(cfa, "int s3 = sizeof(*((c) ? ((char *) 0) : (k)))").initializer.value == 1
    )
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert ret.expression.value == 16
    cfa = parse_source("int a[2]; void *v;\nint main() { int c = 1; return sizeof *(c ? a : v); }")
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert isinstance(ret.expression.operand, SizeOf)  # sizeof (void): left to the analysis
    assert isinstance(ret.expression.operand.operand_type, VoidType)


def test_enumerators_past_int_max_and_floating_values():
    """gcc counts an enumerator without a value on from the previous one in its type:
    past INT_MAX it is an error (bad input); a floating constant in an enumerator's
    value is valid C that we do not fold (UNKNOWN)."""
    with pytest.raises(InputError, match="overflow in enumeration values") as info:
        parse_source("enum E { A = 2147483647, B };\nint main() { return B; }", "e.c")
    assert info.value.line == 1
    cfa = parse_source("enum E { A = 2147483648, B };\nint main() { return B == 2147483649; }")
    assert cfa.functions["main"] is not None
    with pytest.raises(UnsupportedFeature, match="floating-point constant"):
        parse_source("enum E { A = (int) 2.5, B };\nint main() { return B; }")


def test_dereferencing_an_address_is_the_object_itself():
    # C11 6.5.3.2, footnote 102: *&E is E (an lvalue, of E's type: sizeof *&a is the array's)
    cfa = parse_source(
        "int main(void) { int a[3] = {1, 2, 3}; *&a[1] = 7; return sizeof *&a + (*&a)[1]; }"
    )
    store = edge_with_text(cfa, "*(&a[1]) = 7")
    assert str(store.lhs) == "a[1]"
    (ret,) = edges(cfa, kind=ReturnStatementEdge)
    assert "*" not in str(ret.expression) and "&" not in str(ret.expression)
