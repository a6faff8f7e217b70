"""SSA maps and path formulas: the encoding of every edge kind, checked with Z3."""

from __future__ import annotations

import itertools

import pytest
from pysmt.shortcuts import (
    GE,
    LE,
    TRUE,
    And,
    Equals,
    Iff,
    Implies,
    Int,
    Not,
    Or,
    Plus,
    Solver,
    is_sat,
    is_valid,
)

from cpa.cfa.expressions import (
    BinaryExpression,
    IntConstant,
    Variable,
    VariableRef,
)
from cpa.cfa.frontend import parse_source
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    AssumeEdge,
    CallSummaryEdge,
    CFANode,
    ChoiceEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionExitNode,
    SequenceEdge,
)
from cpa.cfa.types import INT
from cpa.errors import UnsupportedFeature
from cpa_predicate.c_to_smt import c_div, c_mod
from cpa_predicate.pathformula import PathFormula, PathFormulaManager
from cpa_predicate.ssa import (
    SSAMap,
    instantiate,
    sequence_shifts,
    split_name,
    symbol,
    uninstantiate,
)

SOLVER = "z3"


def valid(formula) -> bool:
    return is_valid(formula, solver_name=SOLVER)


def sat(formula) -> bool:
    return is_sat(formula, solver_name=SOLVER)


def equivalent(a, b) -> bool:
    return valid(Iff(a, b))


def v(name: str, index: int):
    return symbol(name, index)


def walk_path(cfa: CFA, truths: tuple[bool, ...] = ()) -> list:
    """The edges of the one path through ``main`` (entering calls) that takes the
    assume edges with the given truth values, in order."""
    branch = iter(truths)
    node = cfa.main.entry
    returns: list[CFANode] = []
    edges = []
    while True:
        leaving = [e for e in node.leaving if not isinstance(e, CallSummaryEdge)]
        if isinstance(node, FunctionExitNode):
            if not returns:
                return edges
            target = returns.pop()
            leaving = [e for e in leaving if e.successor is target]
        if not leaving:
            return edges
        if len(leaving) > 1:
            assert all(isinstance(e, AssumeEdge) for e in leaving)
            wanted = next(branch)
            leaving = [e for e in leaving if e.truth == wanted]
        edge = leaving[0]
        if isinstance(edge, FunctionCallEdge):
            returns.append(edge.summary.successor)
        edges.append(edge)
        node = edge.successor


def encode(
    source: str, truths: tuple[bool, ...] = (), **options
) -> tuple[PathFormula, PathFormulaManager]:
    cfa = parse_source(source, "prog.c")
    manager = PathFormulaManager(cfa, **options)
    pf = manager.path_formula(walk_path(cfa, truths))
    return pf, manager


def implies_value(pf: PathFormula, name: str, expected: int) -> bool:
    """The path formula forces the current value of ``name`` to be ``expected``."""
    return valid(Implies(pf.formula, Equals(v(name, pf.ssa.index(name)), Int(expected))))


# --- SSA maps and instantiation ------------------------------------------------------


def test_ssa_map_indices_and_immutability():
    empty = SSAMap()
    assert empty.index("x") == 0
    one = empty.with_increment("x")
    two = one.with_increment("x")
    assert (empty.index("x"), one.index("x"), two.index("x")) == (0, 1, 2)
    assert one == SSAMap({"x": 1}) and hash(one) == hash(SSAMap({"x": 1}))
    assert one != two


def test_ssa_merge_reports_the_side_that_is_behind():
    a = SSAMap({"x": 3, "y": 1})
    b = SSAMap({"x": 1, "z": 2, "__aux": 4})
    merged, behind_a, behind_b = a.merge(b)
    assert merged == SSAMap({"x": 3, "y": 1, "z": 2, "__aux": 4})
    assert behind_a == [("z", 0, 2)]  # auxiliary names are never unified
    assert behind_b == [("x", 1, 3), ("y", 0, 1)]


def test_instantiate_uninstantiate_round_trip():
    x, y = symbol("main::x"), symbol("g")
    formula = And(GE(x, Int(0)), Equals(Plus(x, y), Int(3)))
    ssa = SSAMap({"main::x": 4})
    inst = instantiate(formula, ssa)
    assert {s.symbol_name() for s in inst.get_free_variables()} == {"main::x@4", "g@0"}
    assert uninstantiate(inst) == formula
    assert split_name("main::x@12") == ("main::x", 12)
    assert split_name("main::x") == ("main::x", None)


def test_sequence_shifts_chain_block_local_indices():
    # block 0 writes x twice; block 1 reads x, writes x and y; block 2 reads both
    x0, x1, x2 = (symbol("main::x", i) for i in range(3))
    y0, y1 = symbol("main::y", 0), symbol("main::y", 1)
    blocks = [
        And(Equals(x1, Int(1)), Equals(x2, Plus(x1, Int(1)))),
        And(Equals(x1, Plus(x0, Int(1))), Equals(y1, x1)),
        Equals(x0, y0),
    ]
    ends = [SSAMap({"main::x": 2}), SSAMap({"main::x": 1, "main::y": 1}), SSAMap()]
    shifts = sequence_shifts(ends)
    shifted = [shift.formula(block) for shift, block in zip(shifts, blocks, strict=True)]
    assert shifted[0] is blocks[0]
    x3 = symbol("main::x", 3)
    assert shifted[1] is And(Equals(x3, Plus(x2, Int(1))), Equals(y1, x3))
    assert shifted[2] is Equals(x3, y1)
    assert shifts[2].symbol(symbol("main::x", 0)) is x3
    # the path-wide formula is the program's: x ends at 3, y at 3
    path = And(shifted)
    assert valid(Implies(path, And(Equals(x3, Int(3)), Equals(y1, Int(3)))))


# --- primitive edges -----------------------------------------------------------------


def test_declaration_without_initializer_is_unconstrained():
    pf, manager = encode("int main(){ int x; return 0; }", nondet_ranges=False)
    assert pf.ssa.index("main::x") == 1
    x1 = v("main::x", 1)
    assert not valid(Implies(pf.formula, Equals(x1, Int(0))))
    assert sat(And(pf.formula, Equals(x1, Int(-1234567))))
    assert manager.nondet_sources["main::x@1"].variable == "x"


def test_declaration_ranges_follow_the_type():
    pf, _ = encode("int main(){ unsigned char c; return 0; }")
    c1 = v("main::c", 1)
    assert valid(Implies(pf.formula, And(LE(Int(0), c1), LE(c1, Int(255)))))
    assert sat(And(pf.formula, Equals(c1, Int(255))))


def test_global_zero_initialisation_and_assignment_indices():
    pf, _ = encode("int g; int main(){ int x = 5; x = x + g; x = x * 2; return 0; }")
    assert pf.ssa.index("g") == 1
    assert pf.ssa.index("main::x") == 3
    assert implies_value(pf, "main::x", 10)
    assert valid(Implies(pf.formula, Equals(v("main::x", 2), Plus(v("main::x", 1), v("g", 1)))))


def test_c_division_and_modulo_truncate_towards_zero():
    source = """int main(){ int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();
      int q2 = a / 2; int r2 = a % 2; int q3 = a / -3; int r3 = a % -3;
      int s = a >> 1; int m = a & 3; int l = a << 2; int n = ~a; return 0; }"""
    pf, _ = encode(source)
    assert pf.approximations == ()
    a = v("main::a", pf.ssa.index("main::a"))
    expectations = {
        "main::q2": lambda x: c_div(x, 2),
        "main::r2": lambda x: c_mod(x, 2),
        "main::q3": lambda x: c_div(x, -3),
        "main::r3": lambda x: c_mod(x, -3),
        "main::s": lambda x: x >> 1,
        "main::m": lambda x: x & 3,
        "main::l": lambda x: x << 2,
        "main::n": lambda x: ~x,
    }
    assert c_div(-7, 2) == -3 and c_mod(-7, 2) == -1
    for value in (-7, -6, -1, 0, 1, 5, 7):
        assumption = And(pf.formula, Equals(a, Int(value)))
        assert sat(assumption)
        for name, expected in expectations.items():
            target = v(name, pf.ssa.index(name))
            assert valid(Implies(assumption, Equals(target, Int(expected(value))))), (name, value)


def test_constant_folding_uses_c_semantics():
    pf, _ = encode(
        "int main(){ int x = -7; int y = x; y = (-7) % 2 + (5 & 3) + (1 << 4); return 0; }"
    )
    assert implies_value(pf, "main::y", -1 + 1 + 16)


def test_conditions_as_values_and_values_as_conditions():
    pf, _ = encode(
        "int main(){ int a = __VERIFIER_nondet_int(); int c = a < 3; int d = !a; return 0; }"
    )
    a = v("main::a", pf.ssa.index("main::a"))
    c = v("main::c", pf.ssa.index("main::c"))
    d = v("main::d", pf.ssa.index("main::d"))
    assert valid(Implies(pf.formula, Iff(Equals(c, Int(1)), a < Int(3))))
    assert valid(Implies(pf.formula, Or(Equals(c, Int(0)), Equals(c, Int(1)))))
    assert valid(Implies(pf.formula, Iff(Equals(d, Int(1)), Equals(a, Int(0)))))


def test_assume_uses_nonzero_as_true_with_polarity():
    source = "int main(){ int x = __VERIFIER_nondet_int(); if (x) { x = 1; } return 0; }"
    taken, _ = encode(source, (True,))
    skipped, _ = encode(source, (False,))
    x1 = v("main::x", 2)  # index 1: the declaration, index 2: the nondet call
    assert valid(Implies(taken.formula, Not(Equals(x1, Int(0)))))
    assert valid(Implies(skipped.formula, Equals(x1, Int(0))))
    assert taken.ssa.index("main::x") == 3 and skipped.ssa.index("main::x") == 2


def test_bool_conversion_on_assignment_and_cast():
    pf, _ = encode("int main(){ int x = 5; _Bool b = x; int y = (_Bool) x; return 0; }")
    assert implies_value(pf, "main::b", 1)
    assert implies_value(pf, "main::y", 1)


def test_external_call_havocs_lhs_and_records_input():
    pf, manager = encode(
        "int main(){ int x = 1; x = __VERIFIER_nondet_uchar(); foo(x); return 0; }"
    )
    index = pf.ssa.index("main::x")
    assert index == 2
    x = v("main::x", index)
    assert valid(Implies(pf.formula, And(LE(Int(0), x), LE(x, Int(255)))))
    assert sat(And(pf.formula, Equals(x, Int(200))))
    source = manager.nondet_sources["main::x@2"]
    assert source.variable == "x" and "__VERIFIER_nondet_uchar" in source.description


def test_function_call_and_return_bind_parameters_and_result():
    source = """int f(int a, int b) { return a - b; }
    int main(){ int x = 10; x = f(x, 3); return 0; }"""
    pf, _ = encode(source)
    assert implies_value(pf, "main::x", 7)
    assert pf.ssa.index("f::a") == 1 and pf.ssa.index("f::b") == 1


def test_pointer_variables_are_integers_when_only_copied_and_compared():
    source = "int main(){ int *p = 0; int *q = p; int r = (p == q); return 0; }"
    pf, _ = encode(source)
    assert implies_value(pf, "main::r", 1)


def test_float_writes_are_dropped_but_reads_are_unsupported():
    pf, _ = encode("int main(){ double d = 1.5; d = 2.5; return 0; }")
    assert pf.ssa.index("main::d") == 0
    with pytest.raises(UnsupportedFeature) as info:
        encode("int main(){ double d = 1.5;\n int x = d > 1; return 0; }")
    assert info.value.line == 2 and info.value.file == "prog.c"


@pytest.mark.parametrize(
    "body, construct",
    [
        ("int x = 1; int *p = &x;", "address-of"),
        ("int *p = 0; int y = *p;", "pointer dereference"),
        ("int a[2]; int y = a[1];", "array access"),
        ("int x; x = 1; int *p; p = 0; *p = x;", "assignment to"),
        ("struct s { int f; } t; int y = t.f;", "struct field access"),
        ('int x; scanf("%d", &x);', "passed to external function"),
        ("int (*fp)(void) = 0; int y = fp();", "function p"),
        ("int x = 1; int y = x + 1.0 > 2;", "floating-point"),
    ],
)
def test_unsupported_constructs_raise_with_line(body: str, construct: str):
    source = "int main(){\n" + body.replace(";", ";\n") + " return 0; }"
    with pytest.raises(UnsupportedFeature) as info:
        encode(source)
    assert construct in info.value.construct
    last_statement_line = body.count(";")  # the last statement raises
    assert info.value.line == last_statement_line + 1


# --- approximations ------------------------------------------------------------------


def test_bitwise_operations_with_variables_are_approximations():
    source = """int main(){ int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();
      int c = a & b; int d = a * b; int e = a & 349525; int f = a | b; return 0; }"""
    pf, _ = encode(source)
    assert len(pf.approximations) == 4
    assert all(entry.startswith("prog.c:2: ") for entry in pf.approximations)
    assert any("bitwise operation '(a & b)'" in entry for entry in pf.approximations)
    assert any("multiplication" in entry for entry in pf.approximations)
    e = v("main::e", pf.ssa.index("main::e"))
    # 349525 = 0x55555 has too many runs of one-bits: sound bounds, not exact.
    assert valid(Implies(pf.formula, And(LE(Int(0), e), LE(e, Int(349525)))))
    assert sat(And(pf.formula, Equals(e, Int(2))))


def test_bitwise_operations_with_a_constant_are_exact():
    masks = {
        "m1": ("a & 12288", lambda x: x & 12288),
        "m2": ("a & 30", lambda x: x & 30),
        "m3": ("a & 5", lambda x: x & 5),
        "m4": ("a & -4", lambda x: x & -4),
        "m5": ("a | 5", lambda x: x | 5),
        "m6": ("6 ^ a", lambda x: x ^ 6),
        "m7": ("a | -8", lambda x: x | -8),
        "m8": ("a ^ -1", lambda x: ~x),
    }
    body = " ".join(f"int {name} = {text};" for name, (text, _) in masks.items())
    pf, _ = encode(f"int main(){{ int a = __VERIFIER_nondet_int(); {body} return 0; }}")
    assert pf.approximations == ()
    a = v("main::a", pf.ssa.index("main::a"))
    for value in (-12289, -31, -7, -1, 0, 3, 12290, 16383):
        assumption = And(pf.formula, Equals(a, Int(value)))
        assert sat(assumption)
        for name, (_, expected) in masks.items():
            target = v(f"main::{name}", pf.ssa.index(f"main::{name}"))
            assert valid(Implies(assumption, Equals(target, Int(expected(value))))), (name, value)


# --- make_or, Sequence and Choice ----------------------------------------------------


def test_make_or_unifies_ssa_indices():
    cfa = parse_source("int main(){ return 0; }", "prog.c")
    manager = PathFormulaManager(cfa)
    x0, x1, x2 = (v("x", i) for i in range(3))
    left = PathFormula(Equals(x2, Int(1)), SSAMap({"x": 2}), 1)
    right = PathFormula(Equals(v("y", 1), Int(5)), SSAMap({"y": 1}), 2)
    merged = manager.make_or(left, right)
    assert merged.ssa == SSAMap({"x": 2, "y": 1})
    assert merged.length == 2
    expected = Or(
        And(Equals(x2, Int(1)), Equals(v("y", 1), v("y", 0))),
        And(Equals(v("y", 1), Int(5)), Equals(x2, x0)),
    )
    assert equivalent(merged.formula, expected)
    assert x1 not in merged.formula.get_free_variables()


def _hand_cfa():
    """A CFA object with one variable ``main::x`` for hand-built edges."""
    cfa = parse_source("int main(){ int x; return 0; }", "hand.c")
    (decl,) = [e for e in cfa.edges() if isinstance(e, DeclarationEdge)]
    return cfa, decl.variable


def _edge(cls, line=1, **fields):
    return cls(CFANode("main"), CFANode("main"), line, cls.__name__, **fields)


def _x_edges(x: Variable):
    ref = VariableRef(x, INT)

    def assign(value: int, line: int = 1):
        rhs = BinaryExpression("+", ref, IntConstant(value, INT), INT)
        return _edge(AssignmentEdge, line, lhs=ref, rhs=rhs)

    def assume(op: str, value: int, truth: bool = True, line: int = 1):
        condition = BinaryExpression(op, ref, IntConstant(value, INT), INT)
        return _edge(AssumeEdge, line, condition=condition, truth=truth)

    def nondet(line: int = 1):
        return _edge(
            ExternalCallEdge, line, function_name="__VERIFIER_nondet_int", arguments=(), lhs=ref
        )

    return assign, assume, nondet


def test_sequence_and_choice_equal_the_expanded_paths():
    cfa, x = _hand_cfa()
    assign, assume, nondet = _x_edges(x)
    manager = PathFormulaManager(cfa)
    then_part = SequenceEdge(
        CFANode("main"), CFANode("main"), 1, "", parts=(assume(">", 0), assign(1), assign(2))
    )
    else_part = assume(">", 0, truth=False)
    choice = ChoiceEdge(
        CFANode("main"), CFANode("main"), 1, "", alternatives=(then_part, else_part)
    )
    block = SequenceEdge(
        CFANode("main"), CFANode("main"), 1, "", parts=(nondet(), choice, assign(10))
    )

    start = manager.empty()
    summarised = manager.make_and(start, block)

    pf_then = manager.path_formula([nondet(), assume(">", 0), assign(1), assign(2)])
    pf_else = manager.path_formula([nondet(), assume(">", 0, truth=False)])
    expanded = manager.make_and(manager.make_or(pf_then, pf_else), assign(10))

    assert summarised.ssa == expanded.ssa
    assert equivalent(summarised.formula, expanded.formula)
    assert summarised.length == expanded.length == 5
    final = v(x.name, summarised.ssa.index(x.name))
    x1 = v(x.name, 1)
    assert valid(Implies(And(summarised.formula, GE(x1, Int(1))), Equals(final, Plus(x1, Int(13)))))
    assert valid(Implies(And(summarised.formula, LE(x1, Int(0))), Equals(final, Plus(x1, Int(10)))))


def test_encoding_is_deterministic_across_managers():
    source = """int main(){ int a = __VERIFIER_nondet_int(); int b = a / 3;
      if (b > 2) { b = b & 7; } return b; }"""
    cfa = parse_source(source, "prog.c")
    path = walk_path(cfa, (True,))
    first = PathFormulaManager(cfa).path_formula(path)
    second = PathFormulaManager(cfa).path_formula(path)
    again = PathFormulaManager(cfa)
    again.path_formula(path[:3])
    third = again.path_formula(path)  # partly served from the cache
    assert first.formula is second.formula is third.formula
    assert first.ssa == second.ssa == third.ssa


def test_make_conjunction_instantiates_at_current_ssa():
    pf, manager = encode("int main(){ int x = 1; x = x + 1; return 0; }")
    extended = manager.make_conjunction(pf, GE(symbol("main::x"), Int(2)))
    assert extended.ssa == pf.ssa
    assert valid(Implies(pf.formula, extended.formula))
    infeasible = manager.make_conjunction(pf, LE(symbol("main::x"), Int(1)))
    assert not sat(infeasible.formula)
    assert manager.empty().formula == TRUE()


# --- counterexamples -----------------------------------------------------------------


def _model_value(formula):
    solver = Solver(name=SOLVER)
    solver.add_assertion(formula)
    assert solver.solve()
    model = solver.get_model()
    return lambda s: model.get_value(s, model_completion=True)


def test_concrete_steps_resolve_choices_and_list_inputs_in_order():
    cfa, x = _hand_cfa()
    assign, assume, nondet = _x_edges(x)
    manager = PathFormulaManager(cfa)
    first_input = nondet(line=10)
    second_input = nondet(line=12)
    positive = SequenceEdge(
        CFANode("main"),
        CFANode("main"),
        11,
        "",
        parts=(assume(">", 0, line=11), second_input, assign(1, line=13)),
    )
    other = assume(">", 0, truth=False, line=11)
    choice = ChoiceEdge(CFANode("main"), CFANode("main"), 11, "", alternatives=(other, positive))
    check = assume(">", -100, line=14)
    edges = [first_input, choice, check]

    for first_value, expected_branch in ((5, positive), (-3, other)):
        pf = manager.path_formula(edges)
        first_symbol = v(x.name, 1)
        query = And(pf.formula, Equals(first_symbol, Int(first_value)))
        steps = manager.concrete_steps(edges, _model_value(query))
        taken = [edge for edge, _ in steps]
        if expected_branch is positive:
            assert taken == [first_input, *positive.parts, check]
            inputs = [name for _, sources in steps for name, _ in sources]
            assert inputs == ["main::x@1", "main::x@2"]
            assert [source.line for _, sources in steps for _, source in sources] == [10, 12]
        else:
            assert taken == [first_input, other, check]
            assert [name for _, sources in steps for name, _ in sources] == ["main::x@1"]


def test_path_in_follows_the_model_through_joined_formulas():
    """Three paths joined in two steps (as the block merge does); the model of the
    joined formula, pinned to each path's input, traces back to exactly that path."""
    cfa, x = _hand_cfa()
    assign, assume, nondet = _x_edges(x)
    manager = PathFormulaManager(cfa)
    start = manager.make_and(manager.empty(), nondet())
    paths = {
        5: [assume(">", 0), assign(1), assign(2)],
        -5: [assume(">", 0, truth=False), assume("<", -3)],
        -1: [assume(">", 0, truth=False), assume("<", -3, truth=False), assign(7)],
    }
    formulas = {}
    for value, edges in paths.items():
        pf = start
        for edge in edges:
            pf = manager.make_and(pf, edge)
        formulas[value] = pf
    joined = manager.make_or(manager.make_or(formulas[5], formulas[-5]), formulas[-1])
    tail = assume(">", -100)
    block = manager.make_and(joined, tail)
    first_input = start.origin[1]
    for value, edges in paths.items():
        query = And(block.formula, Equals(v(x.name, 1), Int(value)))
        assert manager.path_in(block, _model_value(query)) == [first_input, *edges, tail]
    # values that are no model of the joined formula are rejected, not guessed
    with pytest.raises(ValueError):
        manager.path_in(joined, lambda s: 1 if s == v(x.name, 1) else -50)


def test_concrete_steps_on_a_parsed_path_with_calls():
    source = """int inc(int a) { return a + 1; }
    int main(){ int x = __VERIFIER_nondet_int(); int y = inc(x);
      if (y == 8) { return 1; } return 0; }"""
    cfa = parse_source(source, "prog.c")
    path = walk_path(cfa, (True,))
    manager = PathFormulaManager(cfa)
    pf = manager.path_formula(path)
    model_value = _model_value(pf.formula)
    steps = manager.concrete_steps(path, model_value)
    assert [edge for edge, _ in steps] == path
    inputs = [
        (name, model_value(symbol(*split_name(name))).constant_value())
        for _, sources in steps
        for name, _ in sources
        if "nondet" in manager.nondet_sources[name].description
    ]
    assert inputs == [("main::x@2", 7)]


def test_choice_with_infeasible_alternatives_is_their_disjunction():
    cfa, x = _hand_cfa()
    assign, assume, _ = _x_edges(x)
    manager = PathFormulaManager(cfa)
    alternatives = tuple(assume("==", k) for k in range(3))
    choice = ChoiceEdge(CFANode("main"), CFANode("main"), 1, "", alternatives=alternatives)
    pf = manager.make_and(manager.empty(), choice)
    x0 = v(x.name, 0)
    expected = Or(*(Equals(x0, Int(k)) for k in range(3)))
    assert equivalent(pf.formula, expected)
    for a, b in itertools.combinations(range(3), 2):
        assert not sat(And(pf.formula, Equals(x0, Int(a)), Equals(x0, Int(b))))
