"""The frontend reads a file's text as gcc does (translation phases 1-4): each program
here was a wrong TRUE found by the thirty-ninth session's hunt, and gcc's build of it
reaches the error (FALSE) or the construct is refused (UNKNOWN). A FALSE is confirmed by
compiled runs, so these tests need gcc."""

from __future__ import annotations

import shutil

import pytest

from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.verifier import verify

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not found")

HEADER = "extern void reach_error(void);\n"

REACHED = {
    # __LINE__ is the line the token is on, after a splice or in a multi-line statement
    "line_after_a_splice": "int main(void) {\n  int x = \\\n__LINE__;\n"
    "  if (x == 4) reach_error();\n  return 0;\n}\n",
    "line_in_a_statement_over_lines": "int main(void) {\n  int x = 0 +\n    __LINE__;\n"
    "  if (x == 4) reach_error();\n  return 0;\n}\n",
    # a splice after blanks other than spaces (form feed) still splices the comment
    "form_feed_before_a_splice": "int main(void) {\n  int x = 0;\n  // note \\\f\n  x = 1;\n"
    "  if (x == 0) reach_error();\n  return 0;\n}\n",
    # an apostrophe in a skipped group opens no character constant, and /* there no comment
    "apostrophe_in_a_skipped_group": "#define V 0\n#if 0\ndon't /*\n#endif\n#undef V\n"
    "#define V 1\n#if 0\n*/\n#endif\nint main(void) {\n  if (V == 1) reach_error();\n"
    "  return 0;\n}\n",
    # a comment that spans lines inside a directive continues the directive
    "comment_over_lines_in_a_directive": "#if 0 /*\n*/ || 1\n#define V 1\n#else\n#define V 0\n"
    "#endif\nint main(void) {\n  if (V == 1) reach_error();\n  return 0;\n}\n",
    # the text "<stdin>" in a string literal is the program's
    "stdin_in_a_string": '#define Z 0\nint main(void) {\n  if (sizeof("<stdin>") == 8) '
    "reach_error();\n  return 0;\n}\n",
    # a #pragma line ends at its line: a quote on it opens no literal and no comment
    "apostrophe_on_a_pragma_line": "int main(void) {\n  int x = 0;\n#pragma foo don't /*\n"
    "  x = 1;\n#pragma foo */\n  if (x == 1) reach_error();\n  return 0;\n}\n",
    # a directive after a comment on its line
    "directive_after_a_comment": "/* c */ #define X 3\nint main(void) {\n"
    "  if (X == 3) reach_error();\n  return 0;\n}\n",
    # the verifier defines no macro of its own
    "no_macro_of_the_verifier": "#ifndef __CPA__\n#define V 0\n#else\n#define V 1\n#endif\n"
    "int main(void) {\n  if (V == 0) reach_error();\n  return 0;\n}\n",
    # gnu11 predefines unix, in a file without a directive too
    "predefined_unix": "int main(void) {\n  if (unix == 1) reach_error();\n  return 0;\n}\n",
    # $ belongs to identifiers: x$restrict is no restrict
    "dollar_in_identifiers": "int x$ = 0;\nint main(void) {\n  int x$restrict = 1;\n"
    "  if (x$ == 0 && x$restrict == 1) reach_error();\n  return 0;\n}\n",
    # the f of a hex float is its suffix
    "hex_float_suffix": "int main(void) {\n  if (sizeof(0x1p0f) == 4 && sizeof(0x1P-2F) == 4) "
    "reach_error();\n  return 0;\n}\n",
}

REFUSED = {
    "a_name_of_the_verifier": (
        "int main(void) {\n  int __cpa_elvis = 5, x = 3;\n"
        "  if ((x ? __cpa_elvis : 7) == 5) reach_error();\n  return 0;\n}\n",
        "identifier __cpa_elvis",
    ),
    "a_system_header_marker_the_program_wrote": (
        '# 1 "x.c" 3\nstruct __attribute__((aligned(16))) S { char c; int i; };\n'
        "int main(void) {\n  if (sizeof(struct S) == 16) reach_error();\n  return 0;\n}\n",
        "__attribute__((aligned))",
    ),
    "a_system_header_that_is_not_there": (
        '# 1 "/usr/include/no-such-header.h" 3\nstruct __attribute__((aligned(16))) S { char c; '
        "int i; };\nint main(void) {\n  if (sizeof(struct S) == 16) reach_error();\n}\n",
        "__attribute__((aligned))",
    ),
}


@pytest.mark.parametrize("name", sorted(REACHED))
def test_what_gcc_reads_is_what_the_analysis_reads(tmp_path, name):
    program = tmp_path / f"{name}.c"
    program.write_text(HEADER + REACHED[name])
    result = verify(program, "lbe", timelimit=60)
    assert result.verdict is Verdict.FALSE, result.reason


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_what_the_analysis_cannot_read_as_gcc_does_is_refused(tmp_path, name):
    text, construct = REFUSED[name]
    program = tmp_path / f"{name}.c"
    program.write_text(HEADER + text)
    with pytest.raises(UnsupportedFeature) as caught:
        verify(program, "lbe", timelimit=60)
    assert construct in caught.value.construct


def test_include_finds_the_header_beside_the_file_not_in_the_working_directory(
    tmp_path, monkeypatch
):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "value.h").write_text("#define V 1\n")
    (tmp_path / "value.h").write_text("#define V 0\n")
    program = tmp_path / "src" / "program.c"
    program.write_text(
        HEADER + '#include "value.h"\nint main(void) {\n  if (V == 1) reach_error();\n}\n'
    )
    monkeypatch.chdir(tmp_path)
    assert verify("src/program.c", "lbe", timelimit=60).verdict is Verdict.FALSE


def test_bytes_that_are_not_utf8_are_refused_outside_comments(tmp_path):
    program = tmp_path / "latin1.c"
    program.write_bytes(
        HEADER.encode() + b'int main(void) {\n  char a[] = "\xe9";\n'
        b"  if (sizeof(a) == 2) reach_error();\n  return 0;\n}\n"
    )
    with pytest.raises(UnsupportedFeature) as caught:
        verify(program, "lbe", timelimit=60)
    assert "not UTF-8" in caught.value.construct and caught.value.line == 3
    program.write_bytes(
        HEADER.encode() + b"/* caf\xe9 */\nint main(void) {\n  reach_error();\n  return 0;\n}\n"
    )
    assert verify(program, "lbe", timelimit=60).verdict is Verdict.FALSE
