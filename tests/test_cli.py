"""The command line: verdict lines, exit statuses, one-line errors, no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cpa.cli import main

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT.parent / "shared" / "benchmarks"


def cpa(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write(tmp_path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return str(path)


def test_verify_safe_example(capsys):
    status, out, err = cpa(
        capsys, "verify", "--config", "location", str(ROOT / "examples/unreachable.c")
    )
    assert status == 0
    assert out.count("Verification result:") == 1
    assert "Verification result: TRUE" in out


def test_verify_task_file_and_stats_json(capsys, tmp_path):
    if not BENCHMARKS.is_dir():
        pytest.skip("benchmarks not present")
    stats = tmp_path / "s.json"
    status, out, _ = cpa(
        capsys,
        "verify",
        "--config",
        "location",
        "--stats-json",
        str(stats),
        str(BENCHMARKS / "lbe-2009/locks/test_locks_5.yml"),
    )
    assert status == 0 and "Verification result: UNKNOWN" in out
    data = json.loads(stats.read_text())
    for key in (
        "verdict",
        "reason",
        "wall_time_s",
        "cpu_time_s",
        "reached_size",
        "refinements",
        "predicates_total",
        "predicates_max",
        "solver_time_s",
        "interpolation_time_s",
    ):
        assert key in data
    assert data["verdict"] == "unknown" and data["reached_size"] > 1


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.c", "", "empty"),
        ("binary.c", b"\x7fELF\x00\x01\x02", "binary"),
        ("syntax.c", "int main() {\n  int x = ;\n}\n", "syntax.c:2"),
        ("nomain.c", "int f() { return 0; }\n", "main"),
        # programs gcc rejects: not C, so no answer about them
        ("sa.c", '_Static_assert(sizeof(int) == 2, "int");\nint main() { return 0; }\n', "sa.c:1"),
        ("sa2.c", 'int main() {\n  _Static_assert(0, "no");\n}\n', "static assertion failed"),
        ("neg.c", "int main() {\n  int a[-1];\n  return 0;\n}\n", "neg.c:2: array size -1"),
        ("two.c", "int x;\nchar *x;\nint main() { return 0; }\n", "two.c:2: conflicting types"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(capsys, tmp_path, name, content, message):
    path = write(tmp_path, name, content)
    status, out, err = cpa(capsys, "verify", "--config", "location", path)
    assert status == 1
    assert "Verification result: UNKNOWN" in out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in err


def test_unsupported_construct_found_by_the_parser_is_an_unknown_answer(capsys, tmp_path):
    """Valid C we do not model is an answer (UNKNOWN with file:line), as when the
    analysis finds it: exit 0, the reason on stdout, nothing on stderr."""
    source = 'int main() {\n  int x = 0;\n  asm("nop");\n  return x;\n}\n'
    path = write(tmp_path, "asm.c", source)
    stats = tmp_path / "stats.json"
    status, out, err = cpa(
        capsys, "verify", "--config", "location", "--stats-json", str(stats), path
    )
    assert status == 0 and err == ""
    lines = out.strip().splitlines()
    assert lines[0] == "Verification result: UNKNOWN"
    assert lines[1].startswith("Reason: ") and "asm.c:3" in lines[1] and "unsupported" in lines[1]
    data = json.loads(stats.read_text())
    assert data["verdict"] == "unknown" and "asm.c:3" in data["reason"]


def test_missing_file(capsys, tmp_path):
    status, out, err = cpa(capsys, "verify", "--config", "location", str(tmp_path / "nope.c"))
    assert status == 1 and "not found" in err and len(err.strip().splitlines()) == 1


def test_unknown_property(capsys, tmp_path):
    prp = write(tmp_path, "p.prp", "CHECK( init(main()), LTL(G valid-free) )\n")
    program = write(tmp_path, "a.c", "int main() { return 0; }\n")
    status, out, err = cpa(capsys, "verify", "--config", "location", "--spec", prp, program)
    assert status == 1 and "unsupported property" in err and "p.prp:1" in err


def test_bad_usage_exit_2(capsys, tmp_path):
    program = write(tmp_path, "a.c", "int main() { return 0; }\n")
    assert cpa(capsys, "verify", "--config", "nonesuch", program)[0] == 2
    assert cpa(capsys, "verify", "--option", "analysis.bogus=1", program)[0] == 2
    assert cpa(capsys, "verify", "--timelimit", "-1", program)[0] == 2
    assert cpa(capsys, "frobnicate")[0] == 2
    assert cpa(capsys)[0] == 2


def test_limits_and_option_tables_of_the_wrong_kind_are_bad_usage(capsys, tmp_path):
    program = write(tmp_path, "a.c", "int main() { return 0; }\n")
    for limit in ("inf", "nan", "1e400"):
        assert cpa(capsys, "verify", "--timelimit", limit, program)[0] == 2
    assert cpa(capsys, "verify", "--memlimit", "99999999999999999999", program)[0] == 2
    for option in ("cpa=5", "cpa.predicate=5", "algorithm=5", "analysis=5"):
        status, _, err = cpa(capsys, "verify", "--option", option, program)
        assert status == 2 and "table" in err and "Traceback" not in err
    status, _, err = cpa(capsys, "verify", "--option", "analysis.search_by_execution=nan", program)
    assert status == 2 and "finite" in err
    config = tmp_path / "latin1.toml"
    config.write_bytes(b"\xff\xfe")
    status, _, err = cpa(capsys, "verify", "--config", str(config), program)
    assert status == 2 and "not UTF-8" in err


@pytest.mark.parametrize(
    "task, message",
    [
        ("input_files: 42\nproperties: []\n", "'input_files' is not"),
        ("input_files: [{a: 1}]\n", "'input_files' is not"),
        ("input_files: []\n", "no input file"),
        ("input_files: a.c\nproperties: {property_file: p.prp}\n", "'properties' is not"),
        ("input_files: a.c\nproperties: [null]\n", "'properties' is not"),
        ("input_files: a.c\nproperties: [{property_file: 5}]\n", "'properties' is not"),
        (
            "input_files: a.c\nproperties: [{property_file: p.prp, expected_verdict: maybe}]\n",
            "'expected_verdict'",
        ),
        ("input_files: a.c\nproperties: [{property_file: none.prp}]\n", "none.prp"),
        ("input_files: a.c\noptions: {language: Java}\n", "language"),
        (b"input_files: a.c # \xff\n", "not UTF-8"),
    ],
)
def test_a_malformed_task_definition_is_one_line_naming_it(capsys, tmp_path, task, message):
    write(tmp_path, "a.c", "int main() { return 0; }\n")
    write(tmp_path, "p.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    path = write(tmp_path, "t.yml", task)
    for command in (("verify",), ("cfa",)):
        status, _, err = cpa(capsys, *command, path)
        lines = err.strip().splitlines()
        assert status == 1 and len(lines) == 1, (command, err)
        assert "t.yml" in lines[0] and message in lines[0]


def test_pragma_operator_is_read_like_the_directive(capsys, tmp_path):
    # _Pragma("...") is #pragma (C11 6.10.9): pack applies, weak is refused at its line
    packed = (
        'extern void reach_error(void);\n_Pragma("pack(1)")\nstruct s { char c; int i; };\n'
        "int main() { if (sizeof(struct s) == 5) reach_error(); return 0; }\n"
    )
    status, out, _ = cpa(capsys, "verify", write(tmp_path, "packed.c", packed))
    assert status == 0 and out.startswith("Verification result: FALSE")
    weak = 'int main() {\n  _Pragma("weak") return 0;\n}\n'
    status, out, _ = cpa(capsys, "verify", write(tmp_path, "weak.c", weak))
    assert status == 0 and "weak.c:2" in out and "#pragma weak" in out


def test_cfa_command_summary_and_dot(capsys, tmp_path):
    program = write(
        tmp_path,
        "a.c",
        "int main() {\n int i = 0;\n while (i < 3) { i++; }\n"
        " if (i != 3) { ERROR: return 1; }\n return 0;\n}\n",
    )
    dot = tmp_path / "a.dot"
    status, out, err = cpa(capsys, "cfa", program, "--dot", str(dot))
    assert status == 0
    assert "functions: 1" in out and "loop heads: 1" in out and "targets: 1" in out
    text = dot.read_text()
    assert text.startswith("digraph") and "i < 3" in text


def test_command_line_entry_point_has_no_traceback(tmp_path):
    program = write(tmp_path, "bad.c", "int main( {\n")
    process = subprocess.run(
        [sys.executable, "-m", "cpa.cli", "verify", "--config", "location", program],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert process.returncode == 1
    assert "Traceback" not in process.stderr and "bad.c:1" in process.stderr


def test_a_closed_standard_output_ends_the_run_without_traceback(tmp_path):
    """``cpa verify ... | head -1`` where the reader left before the verdict."""
    program = write(
        tmp_path,
        "safe.c",
        "extern void reach_error(void);\nint main(void) {\n  int x = 1;\n"
        "  if (x == 2) reach_error();\n  return 0;\n}\n",
    )
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        process = subprocess.run(
            [sys.executable, "-m", "cpa.cli", "verify", "--config", "location", program],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert process.returncode == 141
    assert process.stderr == b""


def test_a_program_without_target_gets_a_note_on_stderr(capsys, tmp_path):
    program = write(
        tmp_path,
        "asserts.c",
        "extern int __VERIFIER_nondet_int(void);\n"
        "extern void __assert_fail(const char *, const char *, unsigned, const char *);\n"
        "#define assert(c) ((c) ? (void)0 : __assert_fail(#c, __FILE__, __LINE__, 0))\n"
        "int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 7); return 0; }\n",
    )
    status, out, err = cpa(capsys, "verify", "--config", "lbe", program)
    assert status == 0 and "Verification result: TRUE" in out
    assert "no location of" in err and "call(reach_error())" in err
    assert "naming __assert_fail" in err
    prp = write(tmp_path, "assert.prp", "CHECK( init(main()), LTL(G ! call(__assert_fail())) )\n")
    status, out, err = cpa(capsys, "verify", "--config", "lbe", "--spec", prp, program)
    assert "Verification result: FALSE" in out and "no location of" not in err


def test_an_input_whose_value_the_program_drops_is_named_by_its_call(capsys, tmp_path):
    program = write(
        tmp_path,
        "dropped.c",
        "extern void reach_error(void);\n"
        "extern int __VERIFIER_nondet_int(void);\n"
        "extern int log_value(int);\n"
        "int main(void) {\n"
        "  int x = __VERIFIER_nondet_int();\n"
        "  log_value(x);\n"
        "  if (x == 7) reach_error();\n"
        "  return 0;\n"
        "}\n",
    )
    status, out, err = cpa(capsys, "verify", "--config", "lbe", program)
    assert "Verification result: FALSE" in out
    assert "<- input log_value() = " in out
    assert "line 6: log_value() = " in out


def test_validating_against_a_missing_program_is_one_line(capsys, tmp_path):
    witness = tmp_path / "witness.yml"
    status, _, _ = cpa(capsys, "verify", "--witness", str(witness), str(ROOT / "examples/unsafe.c"))
    assert status == 0 and witness.is_file()
    for program in (tmp_path / "missing.c", tmp_path):
        status, _, err = cpa(capsys, "validate", str(witness), str(program))
        lines = err.strip().splitlines()
        assert status == 1 and len(lines) == 1 and str(program) in lines[0], err
