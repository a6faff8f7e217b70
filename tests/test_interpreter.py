"""Tests of the concrete CFA interpreter (counterexample replay)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cpa.cfa.expressions import IntConstant, Variable, VariableRef
from cpa.cfa.frontend import parse_program, parse_source
from cpa.cfa.inputs import consumes_input
from cpa.cfa.interpreter import ReplayResult, run
from cpa.cfa.model import DeclarationEdge, ExternalCallEdge, FunctionCallEdge
from cpa.cfa.targets import Specification
from cpa.cfa.types import INT

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
LABEL = Specification.unreach_label()
CALL = Specification.unreach_call()

NONDET = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n"


def replay(source: str, inputs, spec: Specification = LABEL, **options) -> ReplayResult:
    return run(parse_source(NONDET + source), spec, inputs, **options)


# --------------------------------------------------------------------- basic control


def test_straight_line_reaches_error():
    result = replay("int main() { int a = 1; a = a + 2; if (a == 3) { ERROR: ; } return 0; }", [])
    assert result.reached_target
    assert result.reason == "target reached"
    assert "ERROR" in result.target_node.labels
    assert result.steps == len(result.trace) > 0


def test_safe_program_ends():
    result = replay("int main() { int a = 1; if (a == 3) { ERROR: ; } return 0; }", [])
    assert not result.reached_target
    assert result.reason == "program ended"
    assert result.target_node is None


def test_branch_depends_on_input():
    source = "int main() { int x; if (x > 3) { ERROR: ; } return 0; }"
    assert replay(source, [5]).reached_target
    assert not replay(source, [0]).reached_target


def test_nondet_call_is_an_input():
    source = (
        "int g;\nint main() { g = __VERIFIER_nondet_int(); if (g == 42) { ERROR: ; } return 0; }"
    )
    result = replay(source, [42])
    assert result.reached_target
    assert [value for _, value in result.inputs_used] == [42]
    assert not replay(source, [41]).reached_target


def test_initialised_declaration_from_call_consumes_one_input():
    # the frontend splits `int y = f();` into a declaration and the call: only the call
    # result is an input
    source = "int main() { int y = __VERIFIER_nondet_int(); if (y == 7) { ERROR: ; } return 0; }"
    result = replay(source, [7])
    assert result.reached_target
    assert len(result.inputs_used) == 1
    assert isinstance(result.inputs_used[0][0], ExternalCallEdge)


def test_void_external_call_consumes_nothing_but_every_valued_call_does():
    # Test-Comp's rule: a call of __VERIFIER_nondet_int() reads an input even if its
    # value is thrown away; a void function reads none
    source = (
        "extern void log_it(int);\n"
        "int main() { int x; log_it(x); __VERIFIER_nondet_int();"
        " int y = __VERIFIER_nondet_int(); if (x == 1 && y == 3) { ERROR: ; } return 0; }"
    )
    result = replay(source, [1, 2, 3])
    assert result.reached_target, result.reason
    assert [value for _, value in result.inputs_used] == [1, 2, 3]


def test_consumes_input_convention():
    variable = Variable("main::x", "x", INT, "main", False)
    ref = VariableRef(variable, INT)
    cfa = parse_source(NONDET + "int main() { return 0; }")
    node = cfa.main.entry
    declaration = DeclarationEdge(node, node, 1, "int x", variable=variable, initializer=None)
    initialised = DeclarationEdge(
        node, node, 1, "int x = 1", variable=variable, initializer=IntConstant(1, INT)
    )
    split = DeclarationEdge(
        node,
        node,
        1,
        "int x = f()",
        variable=variable,
        initializer=None,
        initialised_by_next_edge=True,
    )
    call = ExternalCallEdge(node, node, 1, "x = f()", function_name="f", lhs=ref)
    bare_call = ExternalCallEdge(node, node, 1, "f()", function_name="f", lhs=None)
    allocation = ExternalCallEdge(node, node, 1, "x = malloc(4)", function_name="malloc", lhs=ref)
    assert consumes_input(declaration)
    assert not consumes_input(initialised)
    assert not consumes_input(split)
    assert consumes_input(call)
    assert not consumes_input(bare_call)
    assert not consumes_input(allocation)


def test_loop_counting_down_an_input():
    source = """
    int main() {
      int n; int steps = 0;
      while (n > 0) { n = n - 1; steps = steps + 1; }
      if (steps == 10) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [10]).reached_target
    assert not replay(source, [9]).reached_target
    assert not replay(source, [-3]).reached_target


def test_for_loop_with_array():
    source = """
    int main() {
      int a[5]; int i; int sum = 0;
      for (i = 0; i < 5; i++) { a[i] = i * i; }
      for (i = 0; i < 5; i++) { sum += a[i]; }
      if (sum == 30) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [99]).reached_target  # i is uninitialised: one input


# ---------------------------------------------------------------------- functions


def test_function_calls_with_parameters_and_return_values():
    source = """
    int add(int a, int b) { return a + b; }
    int twice(int a) { int r = add(a, a); return r; }
    int compute(int x) { return add(twice(x), 1); }
    int main() {
      int x;
      int y = compute(x);
      if (y == 11) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [5]).reached_target
    assert not replay(source, [4]).reached_target


def test_recursion():
    source = """
    int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
    int main() { int x; if (fact(x) == 120) { ERROR: ; } return 0; }"""
    assert replay(source, [5]).reached_target
    assert not replay(source, [6]).reached_target


def test_same_function_called_from_two_sites_returns_to_each():
    source = """
    int inc(int v) { return v + 1; }
    int main() {
      int a = inc(1);
      int b = inc(a);
      if (a == 2 && b == 3) { ERROR: ; }
      return 0;
    }"""
    result = replay(source, [])
    assert result.reached_target
    assert sum(isinstance(e, FunctionCallEdge) for e in result.trace) == 2


def test_global_zero_initialisation():
    source = """
    int g; int arr[3]; struct S { int a; int b; } s;
    int main() { if (g == 0 && arr[2] == 0 && s.b == 0) { ERROR: ; } return 0; }"""
    assert replay(source, []).reached_target


def test_globals_shared_between_functions():
    source = """
    int counter;
    void bump(void) { counter = counter + 1; }
    int main() { bump(); bump(); bump(); if (counter == 3) { ERROR: ; } return 0; }"""
    assert replay(source, []).reached_target


# --------------------------------------------------------------------- arithmetic


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("-7 / 2", -3),
        ("-7 % 2", -1),
        ("7 / -2", -3),
        ("7 % -2", 1),
        ("-7 / -2", 3),
        ("-7 % -2", -1),
        ("(x > 2) + (x < 2)", 1),
        ("!x", 0),
        ("x & 6", 2),
        ("x | 8", 11),
        ("x ^ 1", 2),
        ("x << 4", 48),
        ("-x >> 1", -2),
        ("~x", -4),
        ("(_Bool) x", 1),
        ("(unsigned char) (x + 1000)", 235),  # 1003 modulo 256
        ("(signed char) (x + 125)", -128),  # gcc: modulo 256 into [-128, 127]
        ("(int) (4294967295u + x)", 2),  # unsigned arithmetic is modulo 2^32
        ("-1 < (unsigned) x", 0),  # -1 converts to 4294967295
        ("(unsigned char) 255 + x", 258),  # operands are promoted to int first
    ],
)
def test_c_arithmetic(expression, value):
    source = (
        f"int main() {{ int x; int r = {expression}; if (r == {value}) {{ ERROR: ; }} return 0; }}"
    )
    result = replay(source, [3])
    assert result.reached_target, result.reason


@pytest.mark.parametrize(
    "expression",
    ["2147483647 + x", "x - 2147483647 - 5", "x * 1073741824", "-(x - 3 - 2147483647 - 1)"],
)
def test_signed_overflow_stops_the_run_as_undefined(expression):
    # gcc -O0 wraps around, but C leaves it undefined and an optimising build may assume
    # it never happens: a FALSE must not rest on it
    source = f"int main() {{ int x; int r = {expression}; ERROR: return r; }}"
    result = replay(source, [3])
    assert not result.reached_target
    assert result.reason.startswith("undefined behaviour: signed overflow in"), result.reason
    # in a wider type, or unsigned, the same values do not overflow
    wide = replay(
        source.replace("int r = ", "long long r = (long long) ").replace(
            expression, f"({expression.replace('x', '(long long) x')})"
        ),
        [3],
    )
    assert wide.reached_target, wide.reason


def test_unsigned_wrap_and_narrowing_are_not_overflow():
    source = (
        "int main() { int x; unsigned u = 4294967295u + x; short s = 32767; s = s + x;"
        " signed char c = 127; c++; int m = 1 << 31; if (u == 2 && s == -32766 && c == -128"
        " && m < 0) { ERROR: ; } return 0; }"
    )
    result = replay(source, [3])
    assert result.reached_target, result.reason


def test_the_address_of_a_variable_of_an_inner_block_stops_the_run():
    # its lifetime ends with the block, which no edge marks: a comparison of the
    # pointer after the block is undefined (C11 6.2.4p2), yet gcc's build would reach
    source = (
        "int main() { int k; int *p = 0; { int y = 1; if (k) p = &y; }"
        " if (p != 0) { ERROR: ; } return 0; }"
    )
    stopped = replay(source, [1])
    assert not stopped.reached_target
    assert "the address of main::y" in stopped.reason and "inner block" in stopped.reason
    # the block's variable by name, and the function's own variables, are fine
    by_name = "int main() { int k; { int y = k; if (y == 2) { ERROR: ; } } return 0; }"
    assert replay(by_name, [2]).reached_target


def test_division_by_zero_stops():
    result = replay("int main() { int x; int y = 10 / x; return y; }", [0])
    assert not result.reached_target
    assert result.reason.startswith("program stopped by a trap: division by zero at line")


def test_division_of_the_minimum_by_minus_one_traps():
    source = "int main() { int x; int y = (-2147483647 - 1) / x; ERROR: return y; }"
    result = replay(source, [-1])
    assert not result.reached_target
    assert "overflow in int division" in result.reason


def test_shift_out_of_range_is_undefined():
    result = replay("int main() { int x; int y = 1 << x; ERROR: return y; }", [32])
    assert not result.reached_target
    assert result.reason.startswith("undefined behaviour: shift of a int by 32")


# ------------------------------------------------------------------ blocking, limits


def test_verifier_assume_blocks():
    source = """
    int main() {
      int x = __VERIFIER_nondet_int();
      __VERIFIER_assume(x > 10);
      if (x < 20) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [15]).reached_target
    blocked = replay(source, [5])
    assert not blocked.reached_target
    assert blocked.reason.startswith("blocked")


def test_error_call_sink_with_unreach_call():
    source = """
    void reach_error(void);
    int main() { int x; if (x == 3) { reach_error(); } return 0; }"""
    result = replay(source, [3], spec=CALL)
    assert result.reached_target
    assert result.target_node.error_call == "reach_error"
    assert not replay(source, [2], spec=CALL).reached_target
    # the label specification does not care about reach_error
    assert not replay(source, [3], spec=LABEL).reached_target


def test_abort_ends_program():
    source = """
    void abort(void);
    int main() { int x; if (x) abort(); ERROR: return 0; }"""
    ended = replay(source, [1])
    assert not ended.reached_target
    assert ended.reason == "program ended"
    assert replay(source, [0]).reached_target


def test_step_limit():
    result = replay("int main() { while (1) { } return 0; }", [], max_steps=50)
    assert not result.reached_target
    assert result.reason == "step limit"
    assert result.steps == 50


def test_inputs_exhausted_and_default_input():
    source = "int main() { int x; int y; if (x + y == 4) { ERROR: ; } return 0; }"
    exhausted = replay(source, [4])
    assert not exhausted.reached_target
    assert exhausted.reason == "inputs exhausted"
    with_default = replay(source, [4], default_input=0)
    assert with_default.reached_target
    assert [value for _, value in with_default.inputs_used] == [4, 0]


# ------------------------------------------------------------------ memory model


def test_pointers_structs_and_arrays():
    source = """
    struct point { int x; int y; };
    void move(struct point *p, int dx) { p->x = p->x + dx; (*p).y = 7; }
    int sum(int *a, int n) { int s = 0; int i = 0; while (i < n) { s += a[i]; i++; } return s; }
    int main() {
      struct point pt = {1, 2};
      struct point copy;
      int values[4] = {1, 2, 3};
      int *q = &values[1];
      int v;
      move(&pt, v);
      copy = pt;
      *(q + 1) = 10;
      if (copy.x == 5 && copy.y == 7 && sum(values, 4) == 13 && q - values == 1) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [4]).reached_target
    assert not replay(source, [3]).reached_target


def test_a_pointer_steps_by_its_own_type_over_the_array_it_points_into():
    source = """
    struct pair { int x; int y; };
    int main() {
      struct pair a[3] = {{1, 2}, {3, 4}, {5, 6}};
      int i = __VERIFIER_nondet_int();
      char *base = (char *)a;
      long d = (char *)&a[i] - base;
      struct pair *q = (struct pair *)(base + d);
      if (d == 16 && q->y == 6 && (char *)&a[2] - 8 == (char *)&a[1]) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [2]).reached_target
    assert replay(source, [1]).reason == "program ended"
    inside = replay("int main() { int a[2] = {1, 2}; char *c = (char *)a + 1; return 0; }", [])
    assert inside.reason.startswith("unsupported: pointer arithmetic into the bytes of an array")


def test_malloc_gives_fresh_memory_without_input():
    source = """
    void *malloc(unsigned int);
    struct node { int value; struct node *next; };
    int main() {
      struct node *a = malloc(sizeof(struct node));
      struct node *b = malloc(sizeof(struct node));
      a->next = b; b->next = 0; a->value = 1; b->value = 2;
      if (a != b && a->next->value == 2 && b->next == 0) { ERROR: ; }
      return 0;
    }"""
    result = replay(source, [])
    assert result.reached_target, result.reason
    assert result.inputs_used == []


def test_null_dereference_stops():
    result = replay("int main() { int *p = 0; int x = *p; return x; }", [])
    assert not result.reached_target
    assert result.reason.startswith("undefined behaviour: dereference of 'p'")


def test_pointers_an_external_function_returned_compare_with_null_and_each_other():
    source = """extern int *get(void);
    int main() {
      int *p = get(), *q = get();
      if (p != 0 && p != (void *) 0 && !(0 == p) && p == q) { ERROR: ; }
      return 0;
    }"""
    assert replay(source, [8, 8]).reached_target
    assert not replay(source, [0, 0]).reached_target
    assert not replay(source, [8, 16]).reached_target
    # ordering them is undefined unless both point into one object (the frontend's check)
    ordered = replay("extern int *get(void);\nint main() { return get() < get(); }", [8, 16])
    assert ordered.reason.startswith("undefined behaviour: pointers into different objects")


def test_out_of_bounds_stops():
    result = replay("int main() { int a[2]; int i; a[i] = 1; return 0; }", [2])
    # the frontend's bounds check (cpa.cfa.undefined) stops the run before the access
    assert result.reason.startswith("undefined behaviour: array index out of bounds in 'a[i]'")
    assert "at line" in result.reason
    assert not result.reached_target


def test_uninitialised_array_read_is_unsupported():
    result = replay("int main() { int a[2]; if (a[0]) { ERROR: ; } return 0; }", [])
    assert not result.reached_target
    assert result.reason.startswith("unsupported: read of uninitialised memory")
    assert "at line" in result.reason


def test_a_call_through_a_pointer_runs_the_function_it_points_to():
    pointer_call = """
    int f(int a) { return a + 1; }
    int g(int a) { return a - 1; }
    int main() { int (*fp)(int) = f; if (__VERIFIER_nondet_int()) fp = g;
      if (fp(1) == 0) { ERROR: ; } return 0; }"""
    assert replay(pointer_call, [1]).reached_target
    assert not replay(pointer_call, [0]).reached_target


def test_unsupported_constructs_become_reasons():
    floats = replay("int main() { double d = 1.5; if (d > 1.0) { ERROR: ; } return 0; }", [])
    assert floats.reason.startswith("unsupported: floating point")
    # no command line gives main's parameters values: named, with main's line
    parameters = replay("int main(int argc, char **argv) {\n if (argc > 5) { ERROR: ; } }", [])
    assert not parameters.reached_target
    assert parameters.reason.startswith("unsupported: the parameters of main (argc) at line ")
    # parameters that main never reads need no values
    unused = (
        "int main(int argc, char **argv) { (void) argv; if (__VERIFIER_nondet_int()) { ERROR: ; } }"
    )
    assert replay(unused, [1]).reached_target


# ------------------------------------------------------------------ LBE summaries

LBE_PROGRAMS = [
    (
        "int g;\nint main() { int r = 0; g = __VERIFIER_nondet_int();"
        " if (g > 5) { r = 1; } else { r = 2; } if (r == 2) { ERROR: ; } return 0; }",
        [[3], [9], [5], [6]],
    ),
    (
        """
        int main() {
          int n; int i = 0; int s = 0;
          while (i < n) { if (i % 2 == 0) s = s + i; else s = s - 1; i++; }
          if (s == 3) { ERROR: ; }
          return 0;
        }""",
        [[0], [4], [5], [6], [7]],
    ),
    (
        """
        int abs_value(int v) { if (v < 0) return -v; return v; }
        int main() {
          int a; int b;
          __VERIFIER_assume(a != 0);
          if (abs_value(a) + abs_value(b) == 7 && a < b) { ERROR: ; }
          return 0;
        }""",
        [[-3, 4], [3, 4], [0, 7], [-7, 0], [2, -5]],
    ),
]


@pytest.mark.parametrize(("source", "input_sets"), LBE_PROGRAMS)
def test_lbe_summarised_cfa_gives_the_same_verdicts(source, input_sets):
    lbe = pytest.importorskip("cpa.cfa.lbe")
    summarise = getattr(lbe, "summarise", None) or lbe.summarize
    original = parse_source(NONDET + source)
    summarised = parse_source(NONDET + source)
    summarise(summarised, LABEL)
    verdicts = []
    for inputs in input_sets:
        expected = run(original, LABEL, inputs)
        actual = run(summarised, LABEL, inputs)
        assert actual.reached_target == expected.reached_target, (inputs, actual.reason)
        assert [v for _, v in actual.inputs_used] == [v for _, v in expected.inputs_used]
        assert actual.steps <= expected.steps
        verdicts.append(expected.reached_target)
    assert any(verdicts) and not all(verdicts)  # the input sets exercise both outcomes


def test_lbe_choice_gives_back_inputs_of_abandoned_alternative():
    lbe = pytest.importorskip("cpa.cfa.lbe")
    summarise = getattr(lbe, "summarise", None) or lbe.summarize
    source = LBE_PROGRAMS[0][0]
    cfa = parse_source(NONDET + source)
    summarise(cfa, LABEL)
    result = run(cfa, LABEL, [3])
    assert result.reached_target
    assert [value for _, value in result.inputs_used] == [3]


# ------------------------------------------------------------------ benchmarks


def _benchmark(relative: str) -> Path:
    path = BENCHMARKS / relative
    if not path.exists():
        pytest.skip(f"benchmark {relative} not available")
    return path


def test_locks_14_bug_replay():
    cfa = parse_program(_benchmark("lbe-2009/locks/test_locks_14.BUG.c"))
    # 29 uninitialised locals (p1, lk1, ..., p14, lk14, cond), then cond = nondet_int():
    # with p2 == 0 and cond != 0 the unlock phase jumps to ERROR
    inputs = [0] * 29 + [1]
    result = run(cfa, LABEL, inputs)
    assert result.reached_target, result.reason
    assert len(result.inputs_used) == 30
    safe = run(cfa, LABEL, [1] * 29 + [0])  # cond == 0: leave the loop at once
    assert not safe.reached_target
    assert safe.reason == "program ended"


def test_toy1_bug_replay_by_seeded_search():
    cfa = parse_program(_benchmark("ufo-2012/systemc/toy1_BUG.cil.c"))
    rng = random.Random(2012)
    found = None
    for _ in range(500):
        inputs = [rng.choice([0, 1, 2, -1]) for _ in range(300)]
        result = run(cfa, LABEL, inputs, max_steps=20_000)
        if result.reached_target:
            found = result
            break
    assert found is not None
    # the consumed inputs alone replay the same error path
    used = [value for _, value in found.inputs_used]
    again = run(cfa, LABEL, used)
    assert again.reached_target
    assert again.trace == found.trace
