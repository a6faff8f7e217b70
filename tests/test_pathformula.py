"""SSA maps and path formulas: the encoding of every edge kind, checked with Z3."""

from __future__ import annotations

import itertools

import pytest
from pysmt.shortcuts import (
    BV,
    BVSGE,
    BVSLE,
    BVSLT,
    BVULE,
    TRUE,
    And,
    BVAdd,
    Equals,
    Iff,
    Implies,
    Not,
    Or,
    Solver,
    is_sat,
    is_valid,
)

from cpa.cfa import integers
from cpa.cfa.data_model import ILP32, LP64
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
from cpa.cfa.types import INT, IntegerType
from cpa.errors import UnsupportedFeature
from cpa_predicate.pathformula import PathFormula, PathFormulaManager
from cpa_predicate.ssa import (
    SSAMap,
    instantiate,
    sequence_shifts,
    split_name,
    ssa_name,
    symbol,
    uninstantiate,
)

SOLVER = "z3"
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def valid(formula) -> bool:
    return is_valid(formula, solver_name=SOLVER)


def sat(formula) -> bool:
    return is_sat(formula, solver_name=SOLVER)


def equivalent(a, b) -> bool:
    return valid(Iff(a, b))


def n(name: str, bits: int = 32) -> str:
    """The SSA name of a variable whose values have ``bits`` bits."""
    return ssa_name(name, bits)


def v(name: str, index: int, bits: int = 32):
    return symbol(n(name, bits), index)


def Int(value: int, bits: int = 32):  # noqa: N802 - a C int is a 32-bit word
    return BV(value % (1 << bits), bits)


def GE(a, b):  # noqa: N802 - signed comparison of ints
    return BVSGE(a, b)


def LE(a, b):  # noqa: N802
    return BVSLE(a, b)


def walk_path(cfa: CFA, truths: tuple[bool, ...] = ()) -> list:
    """The edges of the one path through ``main`` (entering calls) that takes the
    assume edges with the given truth values, in order (and passes every check for
    undefined behaviour)."""
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
            defined = [e for e in leaving if e.successor.undefined is None]
            if len(defined) == 1:  # the check before a memory access: it passes
                leaving = defined
            else:
                wanted = next(branch)
                leaving = [e for e in leaving if e.truth == wanted]
        edge = leaving[0]
        if isinstance(edge, FunctionCallEdge):
            returns.append(edge.summary.successor)
        edges.append(edge)
        node = edge.successor


def encode(
    source: str, truths: tuple[bool, ...] = (), model=LP64, defined_only: bool = False
) -> tuple[PathFormula, PathFormulaManager]:
    cfa = parse_source(source, "prog.c", data_model=model)
    manager = PathFormulaManager(cfa, defined_only=defined_only)
    pf = manager.path_formula(walk_path(cfa, truths))
    return pf, manager


def current(pf: PathFormula, name: str, bits: int = 32):
    """The symbol of the current value of variable ``name``."""
    return v(name, pf.ssa.index(n(name, bits)), bits)


def implies_value(pf: PathFormula, name: str, expected: int, bits: int = 32) -> bool:
    """The path formula forces the current value of ``name`` to be ``expected``."""
    return valid(Implies(pf.formula, Equals(current(pf, name, bits), Int(expected, bits))))


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
    b = SSAMap({"x": 1, "z": 2, "__aux#32": 4})
    merged, behind_a, behind_b = a.merge(b)
    assert merged == SSAMap({"x": 3, "y": 1, "z": 2, "__aux#32": 4})
    assert behind_a == [("z", 0, 2)]  # auxiliary names are never unified
    assert behind_b == [("x", 1, 3), ("y", 0, 1)]


def test_symbols_carry_the_width_of_their_values():
    assert symbol(n("main::c", 8), 3).symbol_type().width == 8
    assert symbol(n("main::p", 64)).symbol_type().width == 64
    assert split_name("main::x#32@12") == ("main::x#32", 12)
    assert split_name("main::x#32") == ("main::x#32", None)


def test_instantiate_uninstantiate_round_trip():
    x, y = symbol(n("main::x")), symbol(n("g"))
    formula = And(GE(x, Int(0)), Equals(BVAdd(x, y), Int(3)))
    ssa = SSAMap({n("main::x"): 4})
    inst = instantiate(formula, ssa)
    assert {s.symbol_name() for s in inst.get_free_variables()} == {"main::x#32@4", "g#32@0"}
    assert uninstantiate(inst) == formula


def test_sequence_shifts_chain_block_local_indices():
    # block 0 writes x twice; block 1 reads x, writes x and y; block 2 reads both
    x0, x1, x2 = (v("main::x", i) for i in range(3))
    y0, y1 = v("main::y", 0), v("main::y", 1)
    blocks = [
        And(Equals(x1, Int(1)), Equals(x2, BVAdd(x1, Int(1)))),
        And(Equals(x1, BVAdd(x0, Int(1))), Equals(y1, x1)),
        Equals(x0, y0),
    ]
    ends = [SSAMap({n("main::x"): 2}), SSAMap({n("main::x"): 1, n("main::y"): 1}), SSAMap()]
    shifts = sequence_shifts(ends)
    shifted = [shift.formula(block) for shift, block in zip(shifts, blocks, strict=True)]
    assert shifted[0] is blocks[0]
    x3 = v("main::x", 3)
    assert shifted[1] is And(Equals(x3, BVAdd(x2, Int(1))), Equals(y1, x3))
    assert shifted[2] is Equals(x3, y1)
    assert shifts[2].symbol(v("main::x", 0)) is x3
    # the path-wide formula is the program's: x ends at 3, y at 3
    path = And(shifted)
    assert valid(Implies(path, And(Equals(x3, Int(3)), Equals(y1, Int(3)))))


# --- primitive edges -----------------------------------------------------------------


def test_declaration_without_initializer_is_unconstrained():
    pf, manager = encode("int main(){ int x; return 0; }")
    assert pf.ssa.index(n("main::x")) == 1
    x1 = v("main::x", 1)
    assert not valid(Implies(pf.formula, Equals(x1, Int(0))))
    assert sat(And(pf.formula, Equals(x1, Int(INT_MIN))))
    assert manager.nondet_sources["main::x#32@1"].variable == "x"


def test_values_of_narrow_types_are_narrow_words():
    pf, _ = encode("int main(){ unsigned char c; _Bool b; return 0; }")
    assert current(pf, "main::c", 8).symbol_type().width == 8
    assert current(pf, "main::b", 1).symbol_type().width == 1


def test_global_zero_initialisation_and_assignment_indices():
    pf, _ = encode("int g; int main(){ int x = 5; x = x + g; x = x * 2; return 0; }")
    assert pf.ssa.index(n("g")) == 1
    assert pf.ssa.index(n("main::x")) == 3
    assert implies_value(pf, "main::x", 10)
    x1, x2, g1 = v("main::x", 1), v("main::x", 2), v("g", 1)
    assert valid(Implies(pf.formula, Equals(x2, BVAdd(x1, g1))))


DEFINED_ONLY_CASES = [
    # (declarations, expression, operands and whether the operation is defined)
    (
        "int a, b;",
        "a + b",
        [(INT_MAX, 1, False), (INT_MAX, 0, True), (INT_MIN, -1, False), (-5, 7, True)],
    ),
    ("int a, b;", "a - b", [(INT_MIN, 1, False), (-1, INT_MAX, True), (0, INT_MIN, False)]),
    ("int a, b;", "a * b", [(65536, 32768, False), (65536, 32767, True), (-1, INT_MIN, False)]),
    ("int a, b;", "a * b", [(-65536, 32768, True), (46341, 46341, False), (46340, 46340, True)]),
    ("int a, b;", "-a + 0 * b", [(INT_MIN, 0, False), (INT_MAX, 0, True)]),
    ("int a, b;", "a << b", [(1, 31, True), (1, 32, False), (1, -1, False), (-1, 3, True)]),
    ("unsigned a, b;", "a + b", [(2**32 - 1, 1, True), (2**31, 2**31, True)]),
    ("signed char a, b;", "a + b", [(127, 127, True), (-128, -128, True)]),  # int arithmetic
    ("long long a, b;", "a / b", [(-(2**63), -1, False), (-(2**63), 1, True)]),
    ("int a, b;", "a / b", [(INT_MIN, -1, False), (INT_MIN, 1, True), (INT_MAX, -1, True)]),
    ("short a, b;", "a % b", [(-32768, -1, True), (5, -1, True)]),  # in int: defined
    ("int a, b;", "a % b", [(INT_MIN, -1, False), (INT_MIN, 2, True)]),
]


@pytest.mark.parametrize("model", [ILP32, LP64], ids=["ILP32", "LP64"])
@pytest.mark.parametrize(("declarations", "expression", "cases"), DEFINED_ONLY_CASES)
def test_the_defined_only_encoding_keeps_exactly_the_defined_operations(
    model, declarations, expression, cases
):
    """With ``defined_only`` the operands of an operation that C leaves undefined (signed
    overflow, ``MIN / -1``, an out-of-range shift amount) have no model, as the
    interpreter stops there; the default encoding keeps them (wrapping, or an
    unconstrained value)."""
    source = f"int main(){{ {declarations} long long r = {expression}; return 0; }}"
    bits = 64 if declarations.startswith("long long") else 8 if "char" in declarations else 32
    for defined_only in (False, True):
        pf, _ = encode(source, model=model, defined_only=defined_only)
        for a, b, defined in cases:
            operands = And(
                Equals(current(pf, "main::a", bits), Int(a, bits)),
                Equals(current(pf, "main::b", bits), Int(b, bits)),
            )
            assert sat(And(pf.formula, operands)) == (defined or not defined_only), (
                expression,
                a,
                b,
                defined_only,
            )


INT_OPERATIONS = {
    "q2": ("a / 2", lambda x, y: integers.truncating_division(x, 2)),
    "r2": ("a % 2", lambda x, y: x - 2 * integers.truncating_division(x, 2)),
    "q3": ("a / -3", lambda x, y: integers.truncating_division(x, -3)),
    "r3": ("a % -3", lambda x, y: x + 3 * integers.truncating_division(x, -3)),
    "s": ("a >> 1", lambda x, y: x >> 1),
    "m": ("a & 3", lambda x, y: x & 3),
    "l": ("a << 2", lambda x, y: x << 2),
    "t": ("~a", lambda x, y: ~x),
    "u": ("a + b", lambda x, y: x + y),
    "d": ("a - b", lambda x, y: x - y),
    "p": ("a * b", lambda x, y: x * y),
    "k": ("a & b", lambda x, y: x & y),
    "o": ("a | b", lambda x, y: x | y),
    "x": ("a ^ b", lambda x, y: x ^ y),
    "g": ("-a", lambda x, y: -x),
}


def test_int_operations_are_exact_machine_arithmetic():
    body = " ".join(f"int {name} = {text};" for name, (text, _) in INT_OPERATIONS.items())
    source = f"""int main(){{ int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();
      {body} return 0; }}"""
    pf, _ = encode(source)
    assert pf.approximations == ()
    a, b = current(pf, "main::a"), current(pf, "main::b")
    values = (INT_MIN, INT_MIN + 1, -7, -1, 0, 1, 5, 65536, INT_MAX)
    for x, y in ((x, y) for x in values for y in (INT_MIN, -3, 0, 7, INT_MAX)):
        assumption = And(pf.formula, Equals(a, Int(x)), Equals(b, Int(y)))
        assert sat(assumption)
        for name, (_, expected) in INT_OPERATIONS.items():
            target = current(pf, f"main::{name}")
            value = integers.wrap(expected(x, y), INT)
            assert valid(Implies(assumption, Equals(target, Int(value)))), (name, x, y)


def test_unsigned_operations_wrap_and_compare_unsigned():
    source = """int main(){ unsigned a = __VERIFIER_nondet_uint();
      unsigned d = a - 1; unsigned q = a / 3; int below = a < 5; return 0; }"""
    pf, _ = encode(source)
    a = current(pf, "main::a")
    for x in (0, 1, 4, 5, 2**31, 2**32 - 1):
        assumption = And(pf.formula, Equals(a, Int(x)))
        assert valid(Implies(assumption, Equals(current(pf, "main::d"), Int((x - 1) % 2**32))))
        assert valid(Implies(assumption, Equals(current(pf, "main::q"), Int(x // 3))))
        assert valid(Implies(assumption, Equals(current(pf, "main::below"), Int(int(x < 5)))))


def test_division_by_zero_ends_the_path_and_minimum_by_minus_one_goes_on():
    source = """int main(){ int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();
      int q = a / b; int r = a % b; return 0; }"""
    pf, _ = encode(source)
    a, b = v("main::a", 2), v("main::b", 2)
    q, r = current(pf, "main::q"), current(pf, "main::r")
    assert not sat(And(pf.formula, Equals(b, Int(0))))  # SIGFPE on x86
    assert sat(And(pf.formula, Equals(a, Int(INT_MIN)), Equals(b, Int(1))))
    # undefined; gcc computes a divisor it knows to be -1 as a negation (no trap), and
    # the path goes on with those values
    minimum = And(pf.formula, Equals(a, Int(INT_MIN)), Equals(b, Int(-1)))
    assert valid(Implies(minimum, And(Equals(q, Int(INT_MIN)), Equals(r, Int(0)))))
    assert sat(minimum)
    assert not pf.approximations


def test_shift_by_a_variable_amount_is_exact_in_range_and_free_outside():
    source = """int main(){ int s = __VERIFIER_nondet_int(); int r = 1 << s; return 0; }"""
    pf, _ = encode(source)
    assert len(pf.approximations) == 1 and "shift" in pf.approximations[0]
    s, r = current(pf, "main::s"), current(pf, "main::r")
    for amount in (0, 5, 31):
        assumption = And(pf.formula, Equals(s, Int(amount)))
        assert valid(Implies(assumption, Equals(r, Int(integers.wrap(1 << amount, INT)))))
    # undefined: any value is possible
    assert sat(And(pf.formula, Equals(s, Int(32)), Equals(r, Int(12345))))
    assert sat(And(pf.formula, Equals(s, Int(-1)), Equals(r, Int(-9))))


def test_conversions_on_assignment_follow_gcc():
    source = """int main(){ int i = __VERIFIER_nondet_int();
      unsigned char c = i; signed char sc = i; unsigned u = i; long l = i; unsigned long ul = i;
      _Bool b = i; return 0; }"""
    pf, _ = encode(source, model=LP64)
    i = current(pf, "main::i")
    uchar, schar = IntegerType("unsigned char", 1, False), IntegerType("signed char", 1, True)
    ulong = IntegerType("unsigned long", 8, False)
    for x in (INT_MIN, -129, -1, 0, 200, 300, INT_MAX):
        assumption = And(pf.formula, Equals(i, Int(x)))
        assert valid(Implies(assumption, Equals(current(pf, "main::c", 8), Int(x % 256, 8))))
        value = integers.wrap(x, schar)
        assert valid(Implies(assumption, Equals(current(pf, "main::sc", 8), Int(value, 8))))
        assert valid(Implies(assumption, Equals(current(pf, "main::u"), Int(x))))
        assert valid(Implies(assumption, Equals(current(pf, "main::l", 64), Int(x, 64))))
        value = integers.wrap(x, ulong)
        assert valid(Implies(assumption, Equals(current(pf, "main::ul", 64), Int(value, 64))))
        assert valid(Implies(assumption, Equals(current(pf, "main::b", 1), Int(int(x != 0), 1))))
    assert uchar.max_value == 255


def test_long_follows_the_data_model():
    source = "int main(){ long x = 2147483647; x = x + 1; int neg = x < 0; return 0; }"
    pf, _ = encode(source, model=LP64)
    assert implies_value(pf, "main::neg", 0)
    pf, _ = encode(source, model=ILP32)
    assert implies_value(pf, "main::neg", 1)  # 32-bit long wraps (gcc -fwrapv)


def test_constant_folding_uses_c_semantics():
    pf, _ = encode(
        "int main(){ int x = -7; int y = x; y = (-7) % 2 + (5 & 3) + (1 << 4); return 0; }"
    )
    assert implies_value(pf, "main::y", -1 + 1 + 16)


def test_conditions_as_values_and_values_as_conditions():
    pf, _ = encode(
        "int main(){ int a = __VERIFIER_nondet_int(); int c = a < 3; int d = !a; return 0; }"
    )
    a, c, d = current(pf, "main::a"), current(pf, "main::c"), current(pf, "main::d")
    assert valid(Implies(pf.formula, Iff(Equals(c, Int(1)), BVSLT(a, Int(3)))))
    assert valid(Implies(pf.formula, Or(Equals(c, Int(0)), Equals(c, Int(1)))))
    assert valid(Implies(pf.formula, Iff(Equals(d, Int(1)), Equals(a, Int(0)))))


def test_assume_uses_nonzero_as_true_with_polarity():
    source = "int main(){ int x = __VERIFIER_nondet_int(); if (x) { x = 1; } return 0; }"
    taken, _ = encode(source, (True,))
    skipped, _ = encode(source, (False,))
    x2 = v("main::x", 2)  # index 1: the declaration, index 2: the nondet call
    assert valid(Implies(taken.formula, Not(Equals(x2, Int(0)))))
    assert valid(Implies(skipped.formula, Equals(x2, Int(0))))
    assert taken.ssa.index(n("main::x")) == 3 and skipped.ssa.index(n("main::x")) == 2


def test_bool_conversion_on_assignment_and_cast():
    pf, _ = encode("int main(){ int x = 256; _Bool b = x; int y = (_Bool) x; return 0; }")
    assert implies_value(pf, "main::b", 1, bits=1)
    assert implies_value(pf, "main::y", 1)


def test_external_call_input_has_the_return_type_then_is_converted():
    pf, manager = encode("int main(){ int x = 1; x = __VERIFIER_nondet_char(); foo(x); return 0; }")
    index = pf.ssa.index(n("main::x"))
    assert index == 2
    x = v("main::x", index)
    # a char input, sign-extended: x lies in [-128, 127]
    assert valid(Implies(pf.formula, And(LE(Int(-128), x), LE(x, Int(127)))))
    assert sat(And(pf.formula, Equals(x, Int(-100))))
    (name,) = [k for k, s in manager.nondet_sources.items() if "nondet_char" in s.description]
    source = manager.nondet_sources[name]
    assert name.startswith("__aux#8@") and str(source.ctype) == "char"
    # foo() returns an int nobody reads: still an input (every call reads one)
    assert any("foo" in s.description for s in manager.nondet_sources.values())


def test_unsigned_receiver_of_an_int_input_sees_every_value():
    pf, _ = encode("int main(){ unsigned x = __VERIFIER_nondet_int(); return 0; }")
    x = current(pf, "main::x")
    assert sat(And(pf.formula, Equals(x, Int(2**32 - 1))))
    assert not valid(Implies(pf.formula, BVULE(x, Int(INT_MAX))))


def test_function_call_and_return_bind_parameters_and_result():
    source = """unsigned char f(unsigned char a, int b) { return a - b; }
    int main(){ int x = 10; x = f(x + 256, 3); return 0; }"""
    pf, _ = encode(source)
    assert implies_value(pf, "main::x", 7)  # 266 arrives as 10; 10 - 3 = 7
    assert pf.ssa.index(n("f::a", 8)) == 1 and pf.ssa.index(n("f::b")) == 1


def test_pointer_variables_are_words_when_only_copied_and_compared():
    source = "int main(){ int *p = 0; int *q = p; int r = (p == q); return 0; }"
    pf, _ = encode(source)
    assert implies_value(pf, "main::r", 1)
    assert current(pf, "main::p", 64).symbol_type().width == 64


def test_float_writes_are_dropped_but_reads_are_unsupported():
    pf, _ = encode("int main(){ double d = 1.5; d = 2.5; return 0; }")
    assert all(not name.startswith("main::d") for name in pf.ssa)
    with pytest.raises(UnsupportedFeature) as info:
        encode("int main(){ double d = 1.5;\n int x = d > 1; return 0; }")
    assert info.value.line == 2 and info.value.file == "prog.c"


@pytest.mark.parametrize(
    "body, construct",
    [
        ("int *p = 0; { int y = 1; p = &y; }", "inner block"),
        ("int x = 1; int *p = &x; extern void g(int *); g(p);", "passed to external function"),
        ("union u { int f; float g; } t; int y = t.f;", "a member of type float"),
        ("union u { int f; _Bool q; } t; int *p = &t.f;", "a _Bool member"),
        ('int x; scanf("%d", &x);', "passed to external function"),
        ("extern int ext(void); int (*fp)(void) = ext;", "the address of function ext"),
        ("int x = 1; int y = x + 1.0 > 2;", "floating-point"),
        ("int *p = 0; long y = (long) p;", "between a pointer and an integer"),
        ("long x = 5; int *p = (int *) x;", "between a pointer and an integer"),
        ("int main(void); int (*f)(void) = main; f = f + 1;", "pointer arithmetic"),
        ("int x = __builtin_clrsb(7);", "GCC builtin __builtin_clrsb"),
    ],
)
def test_unsupported_constructs_raise_with_line(body: str, construct: str):
    source = "int main(){\n" + body.replace(";", ";\n") + " return 0; }"
    with pytest.raises(UnsupportedFeature) as info:
        encode(source)
    assert construct in info.value.construct
    last_statement_line = body.count(";")  # the last statement raises
    assert info.value.line == last_statement_line + 1


# --- make_or, Sequence and Choice ----------------------------------------------------


def test_make_or_unifies_ssa_indices():
    cfa = parse_source("int main(){ return 0; }", "prog.c")
    manager = PathFormulaManager(cfa)
    x0, x2 = v("x", 0), v("x", 2)
    y0, y1 = v("y", 0), v("y", 1)
    left = PathFormula(Equals(x2, Int(1)), SSAMap({n("x"): 2}), 1)
    right = PathFormula(Equals(y1, Int(5)), SSAMap({n("y"): 1}), 2)
    merged = manager.make_or(left, right)
    assert merged.ssa == SSAMap({n("x"): 2, n("y"): 1})
    assert merged.length == 2
    expected = Or(And(Equals(x2, Int(1)), Equals(y1, y0)), And(Equals(y1, Int(5)), Equals(x2, x0)))
    assert equivalent(merged.formula, expected)
    assert v("x", 1) not in merged.formula.get_free_variables()


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
            ExternalCallEdge,
            line,
            function_name="__VERIFIER_nondet_int",
            arguments=(),
            lhs=ref,
            return_type=INT,
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
    name = n(x.name)
    final, x1 = symbol(name, summarised.ssa.index(name)), symbol(name, 1)
    small = And(summarised.formula, BVSLT(x1, Int(1000)))  # no wrap-around in +13
    assert valid(Implies(And(small, GE(x1, Int(1))), Equals(final, BVAdd(x1, Int(13)))))
    assert valid(Implies(And(small, LE(x1, Int(0))), Equals(final, BVAdd(x1, Int(10)))))


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
    x = symbol(n("main::x"))
    extended = manager.make_conjunction(pf, GE(x, Int(2)))
    assert extended.ssa == pf.ssa
    assert valid(Implies(pf.formula, extended.formula))
    infeasible = manager.make_conjunction(pf, LE(x, Int(1)))
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
        query = And(pf.formula, Equals(symbol(n(x.name), 1), Int(first_value)))
        steps = manager.concrete_steps(edges, _model_value(query))
        taken = [edge for edge, _ in steps]
        if expected_branch is positive:
            assert taken == [first_input, *positive.parts, check]
            inputs = [name for _, sources in steps for name, _ in sources]
            assert inputs == ["main::x#32@1", "main::x#32@2"]
            assert [source.line for _, sources in steps for _, source in sources] == [10, 12]
        else:
            assert taken == [first_input, other, check]
            assert [name for _, sources in steps for name, _ in sources] == ["main::x#32@1"]


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
    x1 = symbol(n(x.name), 1)
    for value, edges in paths.items():
        query = And(block.formula, Equals(x1, Int(value)))
        assert manager.path_in(block, _model_value(query)) == [first_input, *edges, tail]
    # values that are no model of the joined formula are rejected, not guessed
    with pytest.raises(ValueError):
        manager.path_in(joined, lambda s: 1 if s == x1 else -50)


def test_path_in_resolves_the_choices_of_a_large_block_with_the_model():
    """A Choice edge (LBE) on the path is resolved to the alternative the model takes,
    at the SSA map it was encoded at: the path returned has no disjunction left."""
    cfa, x = _hand_cfa()
    assign, assume, nondet = _x_edges(x)
    manager = PathFormulaManager(cfa)
    start = manager.make_and(manager.empty(), nondet())
    choices = [
        (
            assume("==", k),
            SequenceEdge(
                CFANode("main"),
                CFANode("main"),
                1,
                "",
                parts=(assume("==", k, truth=False), assign(k)),
            ),
        )
        for k in range(3)
    ]
    flat_choices = [
        ChoiceEdge(CFANode("main"), CFANode("main"), 1, "", alternatives=pair) for pair in choices
    ]
    pf = start
    for choice in flat_choices:
        pf = manager.make_and(pf, choice)
    x1 = symbol(n(x.name), 1)
    first_input = start.origin[1]
    # input 1: choice 0 takes its second alternative (x != 0; x += 0), choice 1 its
    # first (x == 1), choice 2 its second (x != 2; x += 2)
    query = And(pf.formula, Equals(x1, Int(1)))
    taken = manager.path_in(pf, _model_value(query))
    expected = [
        first_input,
        *choices[0][1].parts,
        choices[1][0],
        *choices[2][1].parts,
    ]
    assert taken == expected
    replayed = manager.path_formula(taken)
    assert not any(node.is_or() for node in _subformulas(replayed.formula))
    assert sat(And(replayed.formula, Equals(x1, Int(1))))


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
    assert inputs == [("main::x#32@2", 7)]


def test_choice_with_infeasible_alternatives_is_their_disjunction():
    cfa, x = _hand_cfa()
    assign, assume, _ = _x_edges(x)
    manager = PathFormulaManager(cfa)
    alternatives = tuple(assume("==", k) for k in range(3))
    choice = ChoiceEdge(CFANode("main"), CFANode("main"), 1, "", alternatives=alternatives)
    pf = manager.make_and(manager.empty(), choice)
    x0 = symbol(n(x.name), 0)
    expected = Or(*(Equals(x0, Int(k)) for k in range(3)))
    assert equivalent(pf.formula, expected)
    for a, b in itertools.combinations(range(3), 2):
        assert not sat(And(pf.formula, Equals(x0, Int(a)), Equals(x0, Int(b))))


@pytest.mark.parametrize("prefix_length", [3, 32, 40])
def test_joined_paths_keep_their_shared_prefix_outside_the_disjunction(prefix_length):
    from pysmt.shortcuts import Iff, Not, Symbol, is_valid

    from cpa_predicate.pathformula import conjunction, factored_disjunction

    shared = [Symbol(f"p{i}") for i in range(prefix_length)]
    a = Symbol("a")
    # one side built in one step, the other in two: conjunction() stops flattening at
    # its size limit, so the shared prefix may sit one level deeper on one side
    left = conjunction([conjunction([*shared, a]), Symbol("x")])
    right = conjunction([*shared, Not(a), Symbol("y")])
    joined = factored_disjunction(left, right)
    assert is_valid(Iff(joined, Or(left, right)))
    disjunctions = [n for n in _subformulas(joined) if n.is_or()]
    assert len(disjunctions) == 1
    assert not set(shared) & set(_subformulas(disjunctions[0]))


def _subformulas(formula):
    seen, stack = set(), [formula]
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(node.args())
    return seen


def test_factoring_a_chain_of_joins_flattens_it_and_keeps_its_meaning():
    from pysmt.shortcuts import Iff, Not, Symbol, is_valid

    from cpa_predicate.pathformula import conjunction, disjunction, factor_joins

    # the shape of N joined ifs: D_i = (D_{i-1} ∧ c_i ∧ t_i) ∨ (D_{i-1} ∧ ¬c_i ∧ e_i)
    joined = Symbol("start")
    for i in range(40):
        c, t, e = Symbol(f"c{i}"), Symbol(f"t{i}"), Symbol(f"e{i}")
        joined = disjunction((conjunction([joined, c, t]), conjunction([joined, Not(c), e])))
    factored = factor_joins(joined, {})
    assert is_valid(Iff(factored, joined))
    for node in _subformulas(factored):
        if node.is_or():  # no disjunction contains another: the chain is flat
            assert not any(n.is_or() for n in _subformulas(node) if n is not node)


def test_factoring_a_long_chain_of_joins_takes_linear_work():
    from pysmt.shortcuts import Not, Symbol, get_env

    from cpa_predicate.pathformula import conjunction, disjunction, factor_joins

    # N joined ifs: factoring shares each join's prefix as one operand; copying the
    # prefix's conjuncts into a new And per join built quadratically many operands
    def operands_created(joins: int) -> int:
        joined = Symbol(f"start{joins}")
        for i in range(joins):
            c, t, e = (Symbol(f"{name}{i}_{joins}") for name in "cte")
            joined = disjunction((conjunction([joined, c, t]), conjunction([joined, Not(c), e])))
        manager = get_env().formula_manager
        before = set(manager.formulae.values())
        factor_joins(joined, {})
        created = set(manager.formulae.values()) - before
        return sum(len(node.args()) for node in created)

    assert operands_created(400) < 2.5 * operands_created(200)
