"""BenchExec: the tool-info module and the result XML that table-generator reads."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cpa.bench_report import TaskResult
from cpa.benchexec_results import result_xml, write_result_xml
from cpa.results import Verdict

NAMES = ["test_locks_5", "test_locks_14.BUG", "test_locks_15.BUG", "test_locks_6", "test_locks_7"]


@pytest.fixture
def results(tmp_path):
    """Task files as in SV-COMP (program, property file, task definition) and one
    result of each kind for them."""
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    (tasks / "unreach-label.prp").write_text("CHECK( init(main()), LTL(G ! label(ERROR)) )\n")
    for name in NAMES:
        (tasks / f"{name}.c").write_text("int main(void) { return 0; }\n")
        expected = "false" if name.endswith("BUG") else "true"
        (tasks / f"{name}.yml").write_text(
            f"format_version: '2.0'\ninput_files: '{name}.c'\nproperties:\n"
            f"  - property_file: unreach-label.prp\n    expected_verdict: {expected}\n"
            "options:\n  language: C\n  data_model: ILP32\n"
        )

    def result(name, expected, verdict, reason="", configuration="lbe"):
        task = tasks / f"{name}.yml"
        return TaskResult(name, str(task), configuration, expected, verdict, reason, 1.5, 1.25)

    return [
        result("test_locks_5", True, Verdict.TRUE),
        result("test_locks_14.BUG", False, Verdict.TRUE),
        result("test_locks_15.BUG", False, Verdict.FALSE),
        result("test_locks_6", True, Verdict.UNKNOWN, "timeout"),
        result("test_locks_7", True, Verdict.UNKNOWN, "unsupported feature: x"),
        result("test_locks_5", True, Verdict.TRUE, configuration="sbe"),
    ]


def _runs(text):
    root = ET.fromstring(text.split("\n", 2)[2])  # after the declaration and DOCTYPE
    runs = {}
    for run in root.findall("run"):
        values = {c.get("title"): c.get("value") for c in run.findall("column")}
        runs[Path(run.get("name")).stem] = (run.attrib, values)
    return root, runs


def test_result_xml_has_benchexec_statuses_and_categories(tmp_path, results):
    start = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    text = result_xml(results, "lbe", "locks", 60, 4096, start, start, tmp_path)
    assert "+//IDN sosy-lab.org//DTD BenchExec result" in text
    root, runs = _runs(text)
    assert root.get("timelimit") == "60s" and root.get("toolmodule") == "cpa.benchexec_tool"
    assert [c.get("title") for c in root.find("columns")] == ["status", "cputime", "walltime"]
    assert len(runs) == 5  # the sbe run belongs to another file
    expect = {
        "test_locks_5": ("true", "correct"),
        "test_locks_14.BUG": ("true", "wrong"),
        "test_locks_15.BUG": ("false(unreach-call)", "correct"),
        "test_locks_6": ("TIMEOUT", "error"),
        "test_locks_7": ("unknown", "unknown"),
    }
    for name, (status, category) in expect.items():
        attributes, values = runs[name]
        assert (values["status"], values["category"]) == (status, category), name
        assert values["cputime"] == "1.25s" and values["walltime"] == "1.5s"
    attributes, _ = runs["test_locks_15.BUG"]
    assert attributes["expectedVerdict"] == "false"
    assert attributes["files"].endswith("test_locks_15.BUG.c]")
    assert attributes["properties"] == "unreach-label"


@pytest.mark.skipif(shutil.which("table-generator") is None, reason="BenchExec not installed")
def test_table_generator_reads_our_results(tmp_path, results):
    start = datetime.now(UTC)
    paths = write_result_xml(tmp_path, results, ["lbe", "sbe"], "locks", 60, 4096, start)
    completed = subprocess.run(
        ["table-generator", "--format", "csv", "-o", str(tmp_path), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    (table,) = tmp_path.glob("*.table.csv")
    rows = table.read_text().splitlines()
    assert any(
        row.startswith("test_locks_15.BUG.yml") and "false(unreach-call)" in row for row in rows
    )


@pytest.mark.skipif(shutil.which("cpa") is None, reason="the cpa command is not installed")
def test_tool_info_module():
    pytest.importorskip("benchexec")
    completed = subprocess.run(
        [sys.executable, "-m", "benchexec.test_tool_info", "cpa.benchexec_tool", "--no-container"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = completed.stdout + completed.stderr  # the report goes to stderr
    assert completed.returncode == 0, report
    assert "Name of tool: “cpa-framework”" in report
    assert "'--spec', 'PROPERTY.PRP', '--data-model', 'ILP32'" in report


def test_tool_info_reads_verdicts():
    pytest.importorskip("benchexec")
    from benchexec.tools.template import BaseTool2
    from benchexec.util import ProcessExitCode

    from cpa.benchexec_tool import Tool

    def verdict(*lines, code=0):
        output = BaseTool2.RunOutput(list(lines))
        run = BaseTool2.Run([], ProcessExitCode.create(value=code), output, None)
        return Tool().determine_result(run)

    assert verdict("Verification result: TRUE") == "true"
    assert verdict("Verification result: FALSE", "Error path:") == "false(unreach-call)"
    assert verdict("Verification result: UNKNOWN", "Reason: timeout") == "TIMEOUT"
    assert verdict("Verification result: UNKNOWN", "Reason: out of memory") == "OUT OF MEMORY"
    assert verdict("Verification result: UNKNOWN", "Reason: unsupported feature") == "unknown"
    assert verdict("cpa: a.c:3: syntax error", code=1).startswith("ERROR")
