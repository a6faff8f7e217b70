"""A file that gcc rejects is bad input (:mod:`cpa.cfa.gcc_check`): the frontend would
otherwise read it as some valid program and answer for that one."""

from __future__ import annotations

import shutil

import pytest

from cpa.cfa.data_model import ILP32, LP64
from cpa.cfa.frontend import parse_program
from cpa.cfa.gcc_check import _can_check
from cpa.cli import main
from cpa.errors import InputError, UnsupportedFeature

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not found")

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

INVALID = {
    "division_by_zero_in_a_constant": ("int g = 1 / 0;\nint main(void) { return g; }\n", 3),
    "non_constant_static_initialiser": (
        "int g = 1;\nstatic int h = g;\nint main(void) { return h; }\n",
        4,
    ),
    "address_of_a_register_variable": (
        "int main(void) {\n  register int r = 0;\n  int *p = &r;\n  return *p;\n}\n",
        5,
    ),
    "object_of_incomplete_type": ("struct S;\nstruct S s;\nint main(void) { return 0; }\n", 4),
    "conflicting_prototypes": ("int f(int);\nint f(long);\nint main(void) { return 0; }\n", 4),
    "too_many_arguments": (
        "int f(int x) { return x; }\nint main(void) { return f(1, 2); }\n",
        4,
    ),
    "duplicate_case_label": (
        "int main(void) {\n  switch (__VERIFIER_nondet_int()) { case 1: case 1: reach_error(); }\n}\n",
        4,
    ),
    "case_label_not_constant": (
        "int main(void) {\n  int k = 1;\n  switch (__VERIFIER_nondet_int()) { case k: reach_error(); }\n}\n",
        5,
    ),
    "assignment_to_const": (
        "const int c = 1;\nint main(void) {\n  c = 2;\n  if (c == 2) reach_error();\n}\n",
        5,
    ),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_a_program_gcc_rejects_is_bad_input_at_gccs_line(tmp_path, name):
    text, line = INVALID[name]
    program = tmp_path / f"{name}.c"
    program.write_text(HEADER + text)
    with pytest.raises(InputError) as caught:
        parse_program(program, data_model=LP64)
    assert caught.value.line == line
    assert caught.value.file == str(program)
    assert caught.value.message.startswith("gcc rejects the program: ")


def test_the_command_line_says_so_in_one_line_and_exits_1(tmp_path, capsys):
    program = tmp_path / "constant.c"
    program.write_text(HEADER + INVALID["division_by_zero_in_a_constant"][0])
    assert main(["verify", str(program)]) == 1
    error = capsys.readouterr().err.strip()
    assert (
        error == f"cpa: {program}:3: gcc rejects the program: initializer element is not constant"
    )


def test_what_gcc_only_warns_about_is_still_verified(tmp_path):
    # an implicit declaration and an int-to-pointer conversion: old C, warnings only
    program = tmp_path / "old.c"
    program.write_text(
        "int main(void) {\n  int *p = 0x10;\n"
        "  if (__VERIFIER_nondet_int() == 1 && p) reach_error();\n  return 0;\n}\n"
    )
    cfa = parse_program(program, data_model=LP64)
    assert cfa.entry_function == "main"


def test_the_data_model_is_gccs_too(tmp_path):
    # an array of size 3 in LP64; in ILP32, sizeof(long) - 5 wraps to a size too large
    program = tmp_path / "sizes.c"
    program.write_text(HEADER + "int check[sizeof(long) - 5];\nint main(void) { return 0; }\n")
    parse_program(program, data_model=LP64)
    if not _can_check(shutil.which("gcc"), "-m32"):
        pytest.skip("no 32-bit C headers (gcc-multilib)")
    with pytest.raises(InputError) as caught:
        parse_program(program, data_model=ILP32)
    assert caught.value.message.startswith("gcc rejects the program: ")


def test_c_that_gcc_accepts_and_the_parser_cannot_read_is_unsupported(tmp_path):
    # digraphs are C (since C95); pycparser's lexer does not know them
    program = tmp_path / "digraphs.c"
    program.write_text(HEADER + "int main(void) <% int a<:2:> = <%1, 2%>; return a<:1:>; %>\n")
    with pytest.raises(UnsupportedFeature) as caught:
        parse_program(program, data_model=LP64)
    assert caught.value.line == 3 and "cannot read" in caught.value.construct
    # a syntax error gcc sees too stays bad input
    program.write_text(HEADER + "int main(void) {\n  int x = ;\n}\n")
    with pytest.raises(InputError) as caught:
        parse_program(program, data_model=LP64)
    assert caught.value.line == 4 and "syntax error" in caught.value.message
