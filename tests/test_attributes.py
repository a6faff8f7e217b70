"""GCC attributes and pragmas: the ones that change nothing a run computes are dropped,
the ones that change layout or run code are refused at their line (never dropped: each
was a wrong verdict), and a system header's declaration made with one is refused where
the program names it."""

from __future__ import annotations

import pytest
from pycparser import c_ast

from cpa.cfa.attributes import attribute_names
from cpa.cfa.frontend import parse_source
from cpa.cfa.preprocess import find_preprocessor
from cpa.cfa.targets import Specification
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify

MAIN = "int main(void) { return 0; }\n"


def _refusal(text: str) -> UnsupportedFeature:
    with pytest.raises(UnsupportedFeature) as caught:
        parse_source(text, "prog.c")
    return caught.value


def test_attribute_names_are_read_without_underscores_or_arguments():
    group = "__attribute__((__nothrow__, aligned(8), __format__(printf, 1, 2)))"
    assert attribute_names(group) == ["nothrow", "aligned", "format"]
    assert attribute_names("__declspec(noreturn)") == ["noreturn"]


def test_attributes_that_change_no_value_are_dropped():
    text = (
        "int f(int) __attribute__((const, __nothrow__, __leaf__));\n"
        "__attribute__((noinline, unused)) static int g(int x) { return x; }\n"
        "int h(int x) { return g(x) + f(x); }\n"
        'extern int k(int) __asm__("" "k") __attribute__((pure, nonnull, noreturn));\n' + MAIN
    )
    cfa = parse_source(text, "prog.c")
    assert {"g", "h", "main"} <= set(cfa.functions)


@pytest.mark.parametrize(
    "text, construct",
    [
        # gcc emits no call of a const or pure function whose value is unused
        ("__attribute__((const)) int f(void) { return 0; }", "__attribute__((const))"),
        (
            "int f(void) __attribute__((__pure__));\nint f(void) { return 0; }",
            "__attribute__((pure))",
        ),
        # a body that breaks the promise is undefined
        ("__attribute__((nonnull)) void f(int *p) { }", "__attribute__((nonnull))"),
        (
            "__attribute__((returns_nonnull)) int *f(void) { return 0; }",
            "__attribute__((returns_nonnull))",
        ),
    ],
)
def test_attributes_that_matter_on_a_function_with_a_body_are_refused_there(text, construct):
    refusal = _refusal("int a;\n" + text + "\n" + MAIN)
    assert refusal.construct == f"{construct} on f(), a function with a body"
    assert (refusal.file, refusal.line) == ("prog.c", 2)


@pytest.mark.parametrize(
    "declaration",
    [
        "_Noreturn void f(int x)",
        "__attribute__((noreturn)) void f(int x)",
        "void f(int x) __attribute__((__noreturn__)); void f(int x)",
    ],
)
def test_a_return_from_a_noreturn_function_is_undefined(tmp_path, declaration):
    # gcc may drop the code after a call of a noreturn function: returning is
    # undefined (C11 6.7.4p8), an undefined-behaviour location instead of the exit
    text = (
        "extern void reach_error(void); extern void abort(void);"
        " extern int __VERIFIER_nondet_int(void);\n"
        f"{declaration} {{ if (x == 3) reach_error(); if (x != 5) abort(); }}\n"
        "int main(void) { int k = __VERIFIER_nondet_int(); if (k < 0 || k > 9) return 0;"
        " f(k); reach_error(); return 0; }"
    )
    cfa = parse_source(text, "prog.c")
    (undefined,) = [node for node in cfa.nodes() if node.undefined and "noreturn" in node.undefined]
    assert undefined.function == "f"
    assert not cfa.functions["f"].exit.entering  # f never returns to main
    program = tmp_path / "prog.c"
    program.write_text(text)
    result = verify(program, None, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.FALSE  # k == 3, confirmed by gcc
    program.write_text(text.replace("x == 3", "x == 30"))
    result = verify(program, None, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.UNKNOWN  # k == 5 returns from f
    assert "f() returns, but it is declared noreturn" in result.reason
    program.write_text(text.replace("x == 3", "x == 30").replace("x != 5", "1"))
    result = verify(program, None, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.TRUE


@pytest.mark.parametrize(
    "line, construct",
    [
        # an undefined weak object's address is null; a weak alias is another function
        ("extern int missing __attribute__((weak));", "__attribute__((weak))"),
        ("#pragma weak missing", "#pragma weak"),
        # an asm label renames what the declaration names
        ('extern void foo(void) __asm__("h");', "asm label or file-scope asm"),
        # ... also right after the definition of the name it takes
        ('void h(void) { } extern void foo(void) __asm__("h");', "asm label or file-scope asm"),
        # GNU constructs pycparser cannot read: unsupported, not a syntax error
        ("int t = __builtin_types_compatible_p(int, long);", "__builtin_types_compatible_p"),
        ("void f(void) { __label__ out; goto out; out:; }", "__label__"),
    ],
)
def test_weak_names_asm_labels_and_unreadable_gnu_constructs_are_refused(line, construct):
    refusal = _refusal("int a;\n" + line + "\n" + MAIN)
    assert refusal.construct == construct
    assert (refusal.file, refusal.line) == ("prog.c", 2)


@pytest.mark.parametrize(
    ("line", "construct"),
    [
        # packed on a member, or with another attribute (packed on a type is modelled)
        ("struct P { char c; int x __attribute__((packed)); };", "__attribute__((packed))"),
        (
            "struct Q { char c; int x; } __attribute__((packed, aligned(8)));",
            "__attribute__((packed))",
        ),
        ("struct R { char c; int x __attribute__((aligned(16))); };", "__attribute__((aligned))"),
        ("typedef int i8 __attribute__((mode(QI)));", "__attribute__((mode))"),
        ("__attribute__((constructor)) void s(void) { }", "__attribute__((constructor))"),
        ("void d(void) __attribute__((destructor));", "__attribute__((destructor))"),
        ("struct S { _Alignas(8) char c; };", "_Alignas"),
        ("#pragma scalar_storage_order big-endian", "#pragma scalar_storage_order"),
    ],
)
def test_attributes_that_change_layout_or_run_code_are_refused_at_their_line(line, construct):
    refusal = _refusal("int a;\n" + line + "\n" + MAIN)
    assert refusal.construct == construct
    assert (refusal.file, refusal.line) == ("prog.c", 2)


def test_cleanup_inside_a_function_is_refused_at_its_line():
    text = (
        "void release(int *p) { *p = 0; }\n"
        "int main(void) {\n"
        "  int x __attribute__((cleanup(release))) = 1;\n"
        "  return 0;\n"
        "}\n"
    )
    refusal = _refusal(text)
    assert (refusal.construct, refusal.line) == ("__attribute__((cleanup))", 3)


def test_other_pragmas_are_blanked():
    text = '#pragma once\n#pragma GCC diagnostic ignored "-Wall"\n' + MAIN
    assert "main" in parse_source(text, "prog.c").functions


@pytest.mark.skipif(find_preprocessor() is None, reason="no C preprocessor")
def test_a_system_headers_attribute_matters_only_where_the_program_names_it():
    unused = "#include <stddef.h>\n#include <stdlib.h>\n" + MAIN
    assert "main" in parse_source(unused, "prog.c").functions  # max_align_t, register_t
    used = "#include <stddef.h>\nint main(void) {\n  max_align_t m;\n  return 0;\n}\n"
    refusal = _refusal(used)
    assert refusal.construct.startswith("max_align_t (declared with __attribute__((aligned))")
    assert (refusal.file, refusal.line) == ("prog.c", 3)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("struct S {\n#pragma pack(1)\n  char c; int x;\n};\n" + MAIN, 2),
        ("int main(void) {\n#pragma pack(1)\n  return 0;\n}\n", 2),
        ("#pragma pack(push, 3)\n" + MAIN, 1),
    ],
)
def test_pragma_pack_outside_file_scope_or_with_another_value_is_refused(text, line):
    refusal = _refusal(text)
    assert refusal.construct.startswith("#pragma pack")
    assert refusal.line == line


def test_pragma_pack_aligns_the_members_of_the_structs_defined_under_it():
    from cpa.cfa import c_types
    from cpa.cfa.data_model import LP64
    from cpa.cfa.frontend import parse_c
    from cpa.cfa.preprocess import preprocess
    from cpa.cfa.scopes import Scopes

    text = (
        "#pragma pack(push, 1)\nstruct P { char c; int x; short s; };\n"
        "#pragma pack(push, 2)\nstruct Q { char c; int x; };\n#pragma pack(pop)\n"
        "struct R { char c; long long x; };\n#pragma pack(pop)\n"
        "struct N { char c; int x; };\n#pragma pack(4)\nstruct M { char c; double d; };\n"
        "#pragma pack()\nstruct D { char c; double d; };\n"
    )
    scopes = Scopes("prog.c", LP64)
    for ext in parse_c(preprocess(text, "prog.c"), "prog.c").ext:
        if isinstance(ext, c_ast.Pragma):
            scopes.pragma(ext)
        else:
            scopes.resolve_type(ext.type)
    sizes = {tag: c_types.size_of(scopes.lookup_tag(tag), LP64) for tag in "PQRNMD"}
    assert sizes == {"P": 7, "Q": 6, "R": 9, "N": 8, "M": 12, "D": 16}  # gcc -m64


def test_a_packed_struct_or_union_is_laid_out_as_under_pragma_pack_1():
    from cpa.cfa import c_types
    from cpa.cfa.data_model import LP64

    text = (
        "struct I { char a; int b; };\n"
        "struct __attribute__((packed)) O { char c; struct I i; short s; };\n"
        "typedef struct { char c; long long w; } __attribute__((__packed__)) T;\n"
        "union __attribute__((packed)) U { char c[3]; short h; };\n"
        "struct W { char c; T t; };\n"
        "int main(void) { struct O o; T t; union U u; struct W w; return 0; }\n"
    )
    cfa = parse_source(text, "prog.c")
    types = {
        edge.variable.c_name: edge.variable.type
        for edge in cfa.edges()
        if getattr(edge, "variable", None) is not None
    }
    layouts = {
        name: (c_types.size_of(types[name], LP64), c_types.align_of(types[name], LP64))
        for name in ("o", "t", "u", "w")
    }
    assert layouts == {"o": (11, 1), "t": (9, 1), "u": (3, 1), "w": (10, 1)}
    assert [name for name, _ in types["o"].fields] == ["c", "i", "s"]  # no marker member


@pytest.mark.parametrize(("total", "expected"), [("7", "FALSE"), ("8", "TRUE")])
def test_packed_members_are_read_and_the_replay_packs_them_too(tmp_path, total, expected):
    # gcc: o.i.b is at offset 5, o.s at 9; reached for k = 2 (the compiled run confirms)
    from cegar_builders import analysis_only

    from cpa.cfa.targets import Specification
    from cpa.verifier import verify

    program = tmp_path / "packed.c"
    program.write_text(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "struct I { char a; int b; };\n"
        "struct __attribute__((packed)) O { char c; struct I i; short s; };\n"
        "int main(void) {\n  int k = __VERIFIER_nondet_int();\n"
        "  struct O o = {1, {2, 3}, 4};\n  struct O *p = &o;\n"
        "  if (sizeof o == 11 && p->i.b + p->s == TOTAL && k == 2) reach_error();\n"
        "  return 0;\n}\n".replace("TOTAL", total)
    )
    result = verify(program, analysis_only(), Specification.unreach_call(), timelimit=60)
    assert result.verdict.name == expected, result.reason
