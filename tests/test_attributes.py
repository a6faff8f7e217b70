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
from cpa.errors import UnsupportedFeature

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
        "int f(int x) { return g(x) + 1; }\n" + MAIN
    )
    cfa = parse_source(text, "prog.c")
    assert {"f", "g", "main"} <= set(cfa.functions)


@pytest.mark.parametrize(
    ("line", "construct"),
    [
        ("struct __attribute__((packed)) P { char c; int x; };", "__attribute__((packed))"),
        ("struct Q { char c; int x; } __attribute__((__packed__));", "__attribute__((packed))"),
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
