"""Progress output: the heartbeat of a run and the status line of cpa bench."""

from __future__ import annotations

import io
import time

from cpa.bench_report import TaskResult
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.progress import Heartbeat, ProgressBar, format_heartbeat
from cpa.results import Verdict
from cpa.verifier import analyze

LOOP = """
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  while (i < n) { i = i + 1; }
  if (n > 0 && i < n) { ERROR: return 1; }
  return 0;
}
"""


def test_heartbeat_reports_while_running_and_stops_after():
    lines = []
    with Heartbeat(lambda: {"reached": 7, "refinements": 2}, lines.append, interval=0.02):
        time.sleep(0.15)
    count = len(lines)
    time.sleep(0.06)
    assert count >= 3 and len(lines) == count  # nothing after the run
    assert "reached 7 states, 2 refinements, 0 predicates" in lines[0]


def test_verbose_analysis_reports_the_reached_set_and_gives_the_same_answer():
    lines = []
    cfa = parse_source(LOOP, "loop.c")
    configuration = load_configuration("lbe")
    result = analyze(cfa, configuration, Specification.any_error(), 60, None, lines.append, 0.001)
    assert result.verdict is Verdict.TRUE
    quiet = analyze(parse_source(LOOP, "loop.c"), configuration, Specification.any_error(), 60)
    assert quiet.verdict is Verdict.TRUE
    assert result.statistics["refinements"] == quiet.statistics["refinements"]
    assert lines and all(line.startswith("[") and "states" in line for line in lines)


def _result(status_verdict, expected):
    return TaskResult("t", "t.yml", "lbe", expected, status_verdict, "", 1.0, 1.0)


def test_progress_bar_counts_and_estimates():
    stream = io.StringIO()
    bar = ProgressBar(4, stream, enabled=True)
    bar.update(_result(Verdict.TRUE, True))
    bar.update(_result(Verdict.TRUE, False))
    line = bar.line(elapsed=20.0)
    assert line.startswith("[############............] 2/4")
    assert "correct 1, wrong 1, unknown 0" in line and "about 20 s left" in line
    assert "\r" in stream.getvalue()
    assert format_heartbeat(1.0, {}).startswith("[   1.0 s] reached 0 states")


def test_no_progress_bar_when_not_a_terminal():
    stream = io.StringIO()  # not a terminal
    bar = ProgressBar(2, stream)
    bar.update(_result(Verdict.UNKNOWN, True))
    bar.finish()
    assert stream.getvalue() == ""
