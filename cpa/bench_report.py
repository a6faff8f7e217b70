"""Scoring and reporting for ``cpa bench``: per-task status, summaries, CSV and JSON.

Kept apart from the process handling in :mod:`cpa.bench` so that scoring can be
tested and reused (e.g. to re-score a JSON file) without running anything.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpa.results import Verdict

CORRECT, WRONG, UNKNOWN, NO_EXPECTED = "correct", "wrong", "unknown", "no-expected"

CSV_COLUMNS = [
    "task",
    "configuration",
    "expected",
    "verdict",
    "status",
    "reason",
    "wall_time_s",
    "cpu_time_s",
    "reached_size",
    "refinements",
    "predicates_total",
    "predicates_max",
    "solver_time_s",
    "interpolation_time_s",
]

_NUMERIC_COLUMNS = CSV_COLUMNS[6:]


@dataclass
class TaskResult:
    """The outcome of one (task, configuration) run, as the benchmark scores it."""

    task: str
    task_file: str
    configuration: str
    expected: bool | None
    verdict: Verdict
    reason: str
    wall_time_s: float
    cpu_time_s: float
    statistics: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> str:
        """correct / wrong / unknown, or no-expected when the task states no verdict."""
        return score(self.verdict, self.expected)

    @classmethod
    def from_dict(cls, record: dict[str, Any]) -> TaskResult:
        """The result an :meth:`as_dict` record describes (a ``--json`` file's entry)."""
        expected = {"true": True, "false": False}.get(record.get("expected", ""))
        return cls(
            record["task"],
            record["task_file"],
            record["configuration"],
            expected,
            Verdict(record["verdict"]),
            record.get("reason", ""),
            float(record.get("wall_time_s", 0.0)),
            float(record.get("cpu_time_s", 0.0)),
            dict(record.get("statistics") or {}),
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready record: the CSV columns first, then all analysis statistics."""
        record: dict[str, Any] = {
            "task": self.task,
            "task_file": self.task_file,
            "configuration": self.configuration,
            "expected": _expected_text(self.expected),
            "verdict": self.verdict.value,
            "status": self.status,
            "reason": self.reason,
            "wall_time_s": self.wall_time_s,
            "cpu_time_s": self.cpu_time_s,
        }
        for key in _NUMERIC_COLUMNS:
            record.setdefault(key, self.statistics.get(key, 0))
        record["statistics"] = self.statistics
        return record


class InOrder:
    """Results that finish in any order, passed on in task order: each goes to
    ``on_result`` as soon as it and all before it are known (so the output of a
    parallel run reads like a sequential one)."""

    def __init__(self, size: int, on_result: Callable[[TaskResult], None] | None = None):
        self.results: list[TaskResult | None] = [None] * size
        self.on_result = on_result
        self.passed_on = 0

    def put(self, index: int, result: TaskResult) -> None:
        self.results[index] = result
        while self.passed_on < len(self.results) and self.results[self.passed_on] is not None:
            if self.on_result is not None:
                self.on_result(self.results[self.passed_on])
            self.passed_on += 1

    def known(self) -> list[TaskResult]:
        """The results known so far, in task order."""
        return [result for result in self.results if result is not None]


def score(verdict: Verdict, expected: bool | None) -> str:
    """SV-COMP style scoring: UNKNOWN is never wrong; no expectation, no judgement."""
    if verdict is Verdict.UNKNOWN:
        return UNKNOWN
    if expected is None:
        return NO_EXPECTED
    return CORRECT if (verdict is Verdict.TRUE) == expected else WRONG


def _expected_text(expected: bool | None) -> str:
    return "" if expected is None else str(expected).lower()


def _empty_entry() -> dict[str, Any]:
    counters = ["tasks", "correct_true", "correct_false", "wrong", "wrong_true", "wrong_false"]
    entry: dict[str, Any] = dict.fromkeys(counters + ["unknown", "no_expected_verdict"], 0)
    entry.update(cpu_time_s=0.0, wall_time_s=0.0)
    return entry


def summarize(
    results: list[TaskResult], configurations: list[str] = ()
) -> dict[str, dict[str, Any]]:
    """Counts and time totals per configuration: those named in ``configurations``
    first (even without results), then any others in first-seen order."""
    summary: dict[str, dict[str, Any]] = {name: _empty_entry() for name in configurations}
    for result in results:
        entry = summary.setdefault(result.configuration, _empty_entry())
        entry["tasks"] += 1
        status = result.status
        answer = "true" if result.verdict is Verdict.TRUE else "false"
        if status == CORRECT:
            entry[f"correct_{answer}"] += 1
        elif status == WRONG:
            entry["wrong"] += 1
            entry[f"wrong_{answer}"] += 1
        elif status == UNKNOWN:
            entry["unknown"] += 1
        else:
            entry["no_expected_verdict"] += 1
        entry["cpu_time_s"] = round(entry["cpu_time_s"] + result.cpu_time_s, 3)
        entry["wall_time_s"] = round(entry["wall_time_s"] + result.wall_time_s, 3)
    return summary


def summary_line(configuration: str, entry: dict[str, Any]) -> str:
    """The one-line summary whose exact form others quote and parse."""
    return (
        f"summary {configuration}: {entry['tasks']} tasks, "
        f"correct true {entry['correct_true']}, correct false {entry['correct_false']}, "
        f"wrong {entry['wrong']} (wrong true {entry['wrong_true']}, "
        f"wrong false {entry['wrong_false']}), unknown {entry['unknown']}, "
        f"cpu time {entry['cpu_time_s']:.2f} s, wall time {entry['wall_time_s']:.2f} s"
    )


def summary_lines(summary: dict[str, dict[str, Any]]) -> list[str]:
    """The summary line per configuration, plus a note for tasks without expectation."""
    lines = []
    for configuration, entry in summary.items():
        lines.append(summary_line(configuration, entry))
        if entry["no_expected_verdict"]:
            lines.append(f"  ({configuration}: no expected verdict {entry['no_expected_verdict']})")
    return lines


def result_line(result: TaskResult, task_width: int = 0, config_width: int = 0) -> str:
    """One line per finished task; a wrong verdict is impossible to overlook."""
    status = result.status
    shown_status = "WRONG" if status == WRONG else status
    line = (
        f"{result.task:<{task_width}}  {result.configuration:<{config_width}}  "
        f"{result.verdict.name:<7}  {shown_status:<11}  {result.wall_time_s:7.2f} s  "
        f"reached {result.statistics.get('reached_size', 0)}  "
        f"ref {result.statistics.get('refinements', 0)}"
    )
    if result.verdict is Verdict.UNKNOWN and result.reason:
        line += f"  ({result.reason.splitlines()[0][:160]})"
    if status == WRONG:
        expected = _expected_text(result.expected).upper()
        line += f"  <<<<< WRONG VERDICT (expected {expected})"
    return line


def write_csv(path: str | Path, results: list[TaskResult]) -> None:
    """One row per (task, configuration) with the columns of :data:`CSV_COLUMNS`."""
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=CSV_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        for result in results:
            writer.writerow(result.as_dict())


def write_json(
    path: str | Path,
    results: list[TaskResult],
    settings: dict[str, Any] | None = None,
    configurations: list[str] = (),
) -> None:
    """The per-task records, the summary per configuration and the run's settings."""
    document = {
        "settings": settings or {},
        "results": [result.as_dict() for result in results],
        "summary": summarize(results, configurations),
    }
    Path(path).write_text(json.dumps(document, indent=2, default=str) + "\n")
