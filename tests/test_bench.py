"""``cpa bench``: suites, scoring, worker failures, reports and the command line."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import time

import pytest

import cpa.bench as bench
from cpa.bench import collect_tasks, display_names, run_benchmark, summarize
from cpa.bench_report import CSV_COLUMNS, InOrder, TaskResult, score, summary_line
from cpa.cli import main
from cpa.errors import ConfigError, InputError
from cpa.results import Verdict

PROPERTY = "CHECK( init(main()), LTL(G ! label(ERROR)) )\n"

PROGRAMS = {
    "safe": "int main(void) { int x = 0; if (x) { x = 1; } return 0; }\n",
    "unsafe": (
        "int nondet(void);\n"
        "int main(void) { int x = nondet(); if (x) { ERROR: goto ERROR; } return 0; }\n"
    ),
    "broken": "int main( { return 0 }\n",
}

SUMMARY = re.compile(
    r"summary (?P<config>\S+): (?P<n>\d+) tasks, correct true (?P<ct>\d+), "
    r"correct false (?P<cf>\d+), wrong (?P<w>\d+) \(wrong true (?P<wt>\d+), "
    r"wrong false (?P<wf>\d+)\), unknown (?P<u>\d+), cpu time \d+\.\d\d s, "
    r"wall time \d+\.\d\d s"
)


def write_task(folder, name: str, program: str, expected: bool | None):
    """A program and its SV-COMP task definition in ``folder``; the .yml path."""
    folder.mkdir(parents=True, exist_ok=True)
    prp = folder.parent / "unreach-label.prp"
    prp.write_text(PROPERTY)
    (folder / f"{name}.c").write_text(PROGRAMS[program])
    verdict = "" if expected is None else f"\n    expected_verdict: {str(expected).lower()}"
    (folder / f"{name}.yml").write_text(
        "format_version: '2.0'\n"
        f"input_files: '{name}.c'\n"
        "properties:\n"
        f"  - property_file: ../unreach-label.prp{verdict}\n"
    )
    return folder / f"{name}.yml"


@pytest.fixture
def suite(tmp_path):
    """Four tasks: safe (TRUE, correct), unsafe (UNKNOWN), wrongly expected (WRONG),
    unparsable (UNKNOWN with reason), and a .set file listing them."""
    folder = tmp_path / "suite"
    tasks = {
        "safe": write_task(folder, "a_safe", "safe", True),
        "unsafe": write_task(folder, "b_unsafe", "unsafe", False),
        "wrong": write_task(folder, "c_wrong", "safe", False),
        "broken": write_task(folder, "d_broken", "broken", True),
    }
    set_file = tmp_path / "all.set"
    set_file.write_text("# the tasks\n" + "".join(f"suite/{t.name}\n" for t in tasks.values()))
    return tasks, set_file


def by_task(results):
    return {result.task_file.rsplit("/", 1)[1]: result for result in results}


# --------------------------------------------------------------------- suites


def test_set_file_lists_tasks_in_order(suite):
    tasks, set_file = suite
    assert collect_tasks([set_file]) == [t.resolve() for t in tasks.values()]


def test_folder_argument_finds_all_yml_sorted(suite, tmp_path):
    tasks, _ = suite
    nested = write_task(tmp_path / "suite" / "deeper", "e_more", "safe", True)
    found = collect_tasks([tmp_path / "suite"])
    assert found == sorted([t.resolve() for t in tasks.values()] + [nested.resolve()])


def test_set_file_globs_comments_and_duplicates(suite, tmp_path):
    tasks, set_file = suite
    glob_set = tmp_path / "glob.set"
    glob_set.write_text("suite/*_safe.yml  # a comment\n\nsuite/a_safe.yml\n")
    assert collect_tasks([glob_set, tasks["safe"]]) == [tasks["safe"].resolve()]


def test_unreadable_suite_raises_input_error(tmp_path):
    with pytest.raises(InputError):
        collect_tasks([tmp_path / "missing.set"])
    (tmp_path / "x.txt").write_text("not a suite")
    with pytest.raises(InputError):
        collect_tasks([tmp_path / "x.txt"])


def test_display_names_keep_the_suite_folder(suite):
    tasks, _ = suite
    names = display_names([t.resolve() for t in tasks.values()])
    assert names[tasks["safe"].resolve()] in ("suite/a_safe.yml", str(tasks["safe"]))


# --------------------------------------------------------------------- scoring


def test_score_follows_sv_comp_conventions():
    assert score(Verdict.TRUE, True) == "correct"
    assert score(Verdict.FALSE, False) == "correct"
    assert score(Verdict.TRUE, False) == "wrong"
    assert score(Verdict.FALSE, True) == "wrong"
    assert score(Verdict.UNKNOWN, True) == "unknown"
    assert score(Verdict.TRUE, None) == "no-expected"


def test_run_benchmark_scores_each_task(suite):
    tasks, set_file = suite
    results = run_benchmark(collect_tasks([set_file]), ["location"], 30, 4096, 2, [])
    assert [r.task_file for r in results] == [str(t.resolve()) for t in tasks.values()]
    found = by_task(results)
    assert (found["a_safe.yml"].verdict, found["a_safe.yml"].status) == (Verdict.TRUE, "correct")
    assert found["b_unsafe.yml"].verdict is Verdict.UNKNOWN
    assert found["b_unsafe.yml"].status == "unknown"
    assert (found["c_wrong.yml"].verdict, found["c_wrong.yml"].status) == (Verdict.TRUE, "wrong")
    broken = found["d_broken.yml"]
    assert broken.verdict is Verdict.UNKNOWN
    assert "d_broken.c:1" in broken.reason and "syntax error" in broken.reason
    assert "Traceback" not in broken.reason
    assert found["a_safe.yml"].statistics["reached_size"] > 0

    summary = summarize(results)["location"]
    assert summary["tasks"] == 4
    assert (summary["correct_true"], summary["correct_false"]) == (1, 0)
    assert (summary["wrong"], summary["wrong_true"], summary["wrong_false"]) == (1, 1, 0)
    assert summary["unknown"] == 2


def test_several_configurations_run_per_task_in_order(suite):
    tasks, _ = suite
    results = run_benchmark([tasks["safe"]], ["location", "location-pruned"], 30, 4096, 1, [])
    assert [r.configuration for r in results] == ["location", "location-pruned"]
    assert all(r.status == "correct" for r in results)
    assert list(summarize(results)) == ["location", "location-pruned"]


def test_task_without_expected_verdict_is_counted_apart(tmp_path):
    task = write_task(tmp_path / "s", "free", "safe", None)
    results = run_benchmark([task], ["location"], 30, 4096, 1, [])
    assert results[0].status == "no-expected"
    entry = summarize(results)["location"]
    assert entry["no_expected_verdict"] == 1 and entry["wrong"] == entry["unknown"] == 0


def test_unreadable_task_definition_is_unknown_with_reason(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text("format_version: '2.0'\n")
    results = run_benchmark([bad, tmp_path / "missing.yml"], ["location"], 30, 4096, 1, [])
    assert [r.verdict for r in results] == [Verdict.UNKNOWN, Verdict.UNKNOWN]
    assert "input_files" in results[0].reason
    assert "not found" in results[1].reason


def test_bad_configuration_or_option_fails_before_running(suite):
    tasks, _ = suite
    with pytest.raises(ConfigError):
        run_benchmark([tasks["safe"]], ["no-such-config"], 30, 4096, 1, [])
    with pytest.raises(ConfigError):
        run_benchmark([tasks["safe"]], ["location"], 30, 4096, 1, ["analysis.nonsense=1"])


def test_results_are_reported_in_task_order(suite):
    tasks, set_file = suite
    seen = []
    results = run_benchmark(
        collect_tasks([set_file]), ["location"], 30, 4096, 2, [], on_result=seen.append
    )
    assert seen == results


def test_summary_line_has_the_quoted_form():
    entry = {
        "tasks": 5,
        "correct_true": 1,
        "correct_false": 2,
        "wrong": 1,
        "wrong_true": 1,
        "wrong_false": 0,
        "unknown": 1,
        "cpu_time_s": 1.234,
        "wall_time_s": 2.5,
    }
    assert summary_line("lbe", entry) == (
        "summary lbe: 5 tasks, correct true 1, correct false 2, wrong 1 "
        "(wrong true 1, wrong false 0), unknown 1, cpu time 1.23 s, wall time 2.50 s"
    )


# --------------------------------------------------------------------- worker failures


def _sleep_forever(task, configuration, timelimit):
    time.sleep(120)
    return {"verdict": "true"}


def _exit_abruptly(task, configuration, timelimit):
    os._exit(3)


def _segfault(task, configuration, timelimit):
    os.kill(os.getpid(), signal.SIGSEGV)
    time.sleep(120)


def _raise_memory_error(task, configuration, timelimit):
    raise MemoryError()


def _allocate_too_much(task, configuration, timelimit):
    blob = bytearray(8 * 1024**3)  # more than the 4096 MB address-space limit
    return {"verdict": "true", "size": len(blob)}


def _raise_bug(task, configuration, timelimit):
    raise RuntimeError("internal bug\nsecond line")


def test_hung_worker_is_killed_at_the_hard_limit(suite, monkeypatch):
    tasks, _ = suite
    monkeypatch.setattr(bench, "execute_task", _sleep_forever)
    results = run_benchmark([tasks["safe"]], ["location"], 1, 4096, 1, [], grace=1)
    assert results[0].verdict is Verdict.UNKNOWN
    assert results[0].reason == "timeout (killed)"
    assert results[0].status == "unknown"


@pytest.mark.parametrize(
    ("worker", "reason"),
    [
        (_raise_memory_error, "out of memory"),
        (_allocate_too_much, "out of memory"),
        (_exit_abruptly, "crashed: worker exited with status 3 without a result"),
        (_segfault, "crashed: killed by SIGSEGV"),
        (_raise_bug, "crashed: RuntimeError: internal bug"),
    ],
)
def test_dying_worker_gives_unknown_with_reason(suite, monkeypatch, worker, reason):
    tasks, _ = suite
    monkeypatch.setattr(bench, "execute_task", worker)
    results = run_benchmark([tasks["safe"], tasks["wrong"]], ["location"], 30, 4096, 2, [])
    assert [r.verdict for r in results] == [Verdict.UNKNOWN, Verdict.UNKNOWN]
    assert [r.reason for r in results] == [reason, reason]


def test_crash_of_one_task_does_not_stop_the_others(suite, monkeypatch):
    tasks, _ = suite
    real = bench.execute_task

    def crash_on_wrong(task, configuration, timelimit):
        if "c_wrong" in str(task.program):
            os._exit(1)
        return real(task, configuration, timelimit)

    monkeypatch.setattr(bench, "execute_task", crash_on_wrong)
    results = run_benchmark([tasks["wrong"], tasks["safe"]], ["location"], 30, 4096, 1, [])
    assert results[0].reason.startswith("crashed")
    assert results[1].status == "correct"


# --------------------------------------------------------------------- command line


def test_cli_prints_lines_wrong_marker_and_summary(suite, capsys):
    _, set_file = suite
    status = main(["bench", str(set_file), "--config", "location", "--jobs", "2"])
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    wrong_lines = [line for line in lines if "c_wrong.yml" in line]
    assert len(wrong_lines) == 1 and "WRONG" in wrong_lines[0]
    assert "<<<<< WRONG VERDICT" in wrong_lines[0]
    safe_line = next(line for line in lines if "a_safe.yml" in line)
    assert "TRUE" in safe_line and "correct" in safe_line and "WRONG" not in safe_line
    broken_line = next(line for line in lines if "d_broken.yml" in line)
    assert "UNKNOWN" in broken_line and "syntax error" in broken_line
    order = [name for line in lines for name in ("a_safe", "b_unsafe", "c_wrong") if name in line]
    assert order == ["a_safe", "b_unsafe", "c_wrong"]
    summaries = [SUMMARY.fullmatch(line) for line in lines if line.startswith("summary ")]
    assert len(summaries) == 1 and summaries[0] is not None
    counts = summaries[0].groupdict()
    assert counts["config"] == "location"
    assert (counts["n"], counts["ct"], counts["cf"], counts["w"]) == ("4", "1", "0", "1")
    assert (counts["wt"], counts["wf"], counts["u"]) == ("1", "0", "2")


def test_cli_writes_csv_and_json(suite, tmp_path, capsys):
    _, set_file = suite
    csv_path, json_path = tmp_path / "out.csv", tmp_path / "out.json"
    status = main(
        ["bench", str(set_file), "--config", "location", "--config", "location-pruned"]
        + ["--jobs", "1", "--csv", str(csv_path), "--json", str(json_path)]
    )
    assert status == 0
    capsys.readouterr()
    with csv_path.open() as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == CSV_COLUMNS
    assert len(rows) == 8
    first = rows[0]
    assert (first["configuration"], first["expected"], first["verdict"]) == (
        "location",
        "true",
        "true",
    )
    assert first["status"] == "correct" and float(first["wall_time_s"]) >= 0
    assert {row["status"] for row in rows} == {"correct", "wrong", "unknown"}

    document = json.loads(json_path.read_text())
    assert len(document["results"]) == 8
    assert set(CSV_COLUMNS) <= set(document["results"][0])
    assert set(document["summary"]) == {"location", "location-pruned"}
    assert document["summary"]["location"]["wrong_true"] == 1


def test_cli_filter_and_folder(suite, tmp_path, capsys):
    status = main(["bench", str(tmp_path / "suite"), "--config", "location", "--filter", "a_safe"])
    out = capsys.readouterr().out
    assert status == 0
    assert "a_safe.yml" in out and "c_wrong.yml" not in out
    assert "summary location: 1 tasks, correct true 1," in out


def test_cli_default_configuration_is_used(suite, capsys):
    tasks, _ = suite
    from cpa.config import DEFAULT_CONFIG

    assert main(["bench", str(tasks["safe"])]) == 0
    out = capsys.readouterr().out
    assert f"summary {DEFAULT_CONFIG}: 1 tasks, correct true 1," in out


def test_cli_exit_status_for_bad_suite_and_usage(tmp_path, suite, capsys):
    tasks, _ = suite
    assert main(["bench", str(tmp_path / "missing.set")]) == 1
    assert main(["bench", str(tasks["safe"]), "--config", "no-such-config"]) == 2
    for limit in ("0", "inf", "nan", "ten"):  # argparse's own usage error
        with pytest.raises(SystemExit) as stopped:
            main(["bench", str(tasks["safe"]), "--timelimit", limit])
        assert stopped.value.code == 2
    assert main(["bench", str(tasks["safe"]), "--jobs", "0"]) == 2
    assert main(["bench", str(tasks["safe"]), "--option", "analysis.bogus=1"]) == 2
    err = capsys.readouterr().err
    assert "missing.set" in err and "Traceback" not in err


def test_results_are_passed_on_in_task_order_as_soon_as_known():
    def result(name: str) -> TaskResult:
        return TaskResult(name, name, "c", None, Verdict.UNKNOWN, "", 0.0, 0.0)

    seen: list[str] = []
    results = InOrder(4, lambda r: seen.append(r.task))
    results.put(2, result("t2"))
    results.put(1, result("t1"))
    assert seen == [] and [r.task for r in results.known()] == ["t1", "t2"]
    results.put(0, result("t0"))
    assert seen == ["t0", "t1", "t2"]
    results.put(3, result("t3"))
    assert seen == ["t0", "t1", "t2", "t3"]
