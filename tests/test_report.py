"""HTML reports (``cpa verify --report``): the page, the ARG snapshot, the drawings,
and the page as a real browser renders it."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cpa.cli import main
from cpa.report import arg_graph, graphviz, page
from cpa.report.arg_graph import ArgEdge, ArgGraph, ArgNode
from cpa.results import Verdict, program_steps
from cpa.verifier import verify

FALSE_PROGRAM = """\
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int limit = __VERIFIER_nondet_int();
  int i = 0;
  while (i < limit) {
    i++;
  }
  if (i == 3) {
    reach_error();
  }
  return 0;
}
"""

TRUE_PROGRAM = """\
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int lock = 0;
  while (__VERIFIER_nondet_int()) {
    if (lock != 0) {
      reach_error();
    }
    lock = 1;
    lock = 0;
  }
  return 0;
}
"""

needs_dot = pytest.mark.skipif(graphviz.dot_program() is None, reason="Graphviz' dot missing")


def _run(tmp_path: Path, text: str, config: str = "abe-l", **options):
    program = tmp_path / "program.c"
    program.write_text(text)
    return program, verify(program, config, timelimit=60, want_graphs=True, **options)


def _write(tmp_path: Path, program: Path, result, config: str = "abe-l") -> str:
    from cpa.config import load_configuration

    written = page.write_report(tmp_path / "report", result, program, load_configuration(config))
    assert written == tmp_path / "report" / "index.html"
    return written.read_text()


def test_arg_snapshot_of_a_false_run_marks_the_path_from_root_to_target(tmp_path):
    _, result = _run(tmp_path, FALSE_PROGRAM)
    assert result.verdict is Verdict.FALSE
    graph = result.arg
    path = graph.error_path()
    assert path[0] == graph.root
    assert graph.nodes[path[-1]].target
    assert graph.nodes[path[-1]].line == 10
    on_path_edges = [e for e in graph.edges if e.on_error_path]
    assert len(on_path_edges) == len(path) - 1
    assert all(e.parent in graph.nodes and e.child in graph.nodes for e in graph.edges)
    # the predicate CPA describes its abstraction states by their labels, without the
    # widths and SSA indices of its variable names and constants
    labels = [node.description for node in graph.nodes.values() if node.description]
    assert any("main::i" in label for label in labels)
    assert not any("#" in label or "'" in label or "_32" in label for label in labels)


def test_arg_snapshot_of_a_true_run_has_coverage_and_no_target(tmp_path):
    _, result = _run(tmp_path, TRUE_PROGRAM)
    assert result.verdict is Verdict.TRUE
    graph = result.arg
    assert not any(node.target or node.on_error_path for node in graph.nodes.values())
    covered = [node for node in graph.nodes.values() if node.covered_by is not None]
    assert covered
    assert all(node.covered_by in graph.nodes for node in covered)
    dot = arg_graph.to_dot(graph)
    assert dot.count("covered by") == len(covered)


def test_without_want_graphs_the_result_keeps_no_graph(tmp_path):
    program = tmp_path / "program.c"
    program.write_text(FALSE_PROGRAM)
    result = verify(program, "abe-l", timelimit=60)
    assert result.cfa is None and result.arg is None


def _graph(nodes: int, path: list[int]) -> ArgGraph:
    """A chain 0-1-2-... with a side child of each node (ids from 1000)."""
    graph = ArgGraph(root=0)
    for i in range(nodes):
        target = bool(path) and i == path[-1]
        graph.nodes[i] = ArgNode(i, i, "main", i, "", target, None, i in path)
        graph.nodes[1000 + i] = ArgNode(1000 + i, i, "main", i, "", False, None, False)
        graph.edges.append(ArgEdge(i, 1000 + i, "", False))
        if i:
            graph.edges.append(ArgEdge(i - 1, i, "", i in path))
    return graph


def test_a_large_arg_is_drawn_around_the_error_path():
    graph = _graph(50, list(range(10)))
    part, note = graph.restricted(30)
    assert set(range(10)) <= set(part.nodes)
    assert set(range(1000, 1010)) <= set(part.nodes)  # the states one step off the path
    assert len(part.nodes) <= 30
    assert "path to the target" in note and "of 100 states" in note
    assert all(e.parent in part.nodes and e.child in part.nodes for e in part.edges)
    assert graph.restricted(100) == (graph, "")


def test_a_large_arg_without_a_target_is_drawn_breadth_first():
    graph = _graph(50, [])
    part, note = graph.restricted(7)
    # breadth-first from the root: 0, its children 1 and 1000, then 2 and 1001, ...
    assert set(part.nodes) == {0, 1, 1000, 2, 1001, 3, 1002}
    assert note == "the first 7 of 100 states, breadth-first"


def test_report_of_a_false_program(tmp_path):
    program, result = _run(tmp_path, FALSE_PROGRAM)
    text = _write(tmp_path, program, result)
    assert "<title>program.c: FALSE</title>" in text
    steps = program_steps(result.counterexample.steps)
    items = re.findall(r"<li class='step' data-line='(\d+)'>", text)
    assert [int(line) for line in items] == [step.line for step, _ in steps]
    for step, _ in steps:
        assert f"<code>{html.escape(step.text)}</code>" in text
    for value in result.counterexample.inputs:
        assert f"input {value.name} = {value.value}" in text
    # the source beside the path: every line, those on the path marked
    marked = {int(n) for n in re.findall(r"<tr id='L(\d+)' class='on-path'>", text)}
    assert marked == {step.line for step, _ in steps}
    assert "reach_error();" in text
    assert "Confirmed by a compiled run" in text
    assert (tmp_path / "report" / "cfa.dot").read_text().startswith("digraph")
    assert "color=red" in (tmp_path / "report" / "arg.dot").read_text()
    assert "<td>analysis.cpas</td>" in text
    assert f"<td>wall_time_s</td><td class='num'>{result.statistics['wall_time_s']}" in text


@needs_dot
def test_report_draws_cfa_and_arg_as_inline_svg(tmp_path):
    program, result = _run(tmp_path, FALSE_PROGRAM)
    text = _write(tmp_path, program, result)
    for key in ("cfa", "arg"):
        section = text.split(f"<section id='{key}'>")[1].split("</section>")[0]
        assert "<svg" in section and "<?xml" not in section
        assert "Not drawn" not in section
    arg_section = text.split("<section id='arg'>")[1].split("</section>")[0]
    assert arg_section.count('class="node"') == len(result.arg.nodes)


def test_report_without_graphviz_keeps_the_dot_text(tmp_path, monkeypatch):
    monkeypatch.setattr(graphviz, "dot_program", lambda: None)
    program, result = _run(tmp_path, TRUE_PROGRAM)
    text = _write(tmp_path, program, result)
    assert "<title>program.c: TRUE</title>" in text
    assert "<section id='source'>" in text and "class='on-path'" not in text
    assert "<svg" not in text
    assert text.count("Not drawn: Graphviz&#x27; dot program is not installed") == 2
    dot = (tmp_path / "report" / "arg.dot").read_text()
    assert html.escape(dot, quote=True) in text


def test_report_of_a_run_stopped_by_its_time_limit(tmp_path):
    program = tmp_path / "program.c"
    program.write_text(TRUE_PROGRAM)
    result = verify(program, "abe-l", timelimit=1e-9, want_graphs=True)
    assert (result.verdict, result.reason) == (Verdict.UNKNOWN, "timeout")
    text = _write(tmp_path, program, result)
    assert "<title>program.c: UNKNOWN</title>" in text
    assert "<p class='reason'>timeout</p>" in text


def test_cli_report_option(tmp_path, capsys):
    program = tmp_path / "program.c"
    program.write_text(FALSE_PROGRAM)
    directory = tmp_path / "out" / "report"
    assert main(["verify", str(program), "--config", "abe-l", "--report", str(directory)]) == 0
    assert f"Report written to {directory / 'index.html'}" in capsys.readouterr().out
    assert (directory / "index.html").is_file()
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["verify", str(program), "--report", str(blocker / "report")]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and error[0].startswith(f"cpa: {blocker / 'report'}")


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@needs_dot
@pytest.mark.skipif(_browser() is None, reason="no headless Chromium")
def test_a_real_browser_renders_the_drawings_and_the_path(tmp_path):
    """Chromium loads the page; its script records on <body> how many nodes of each
    drawing and how many path steps the rendered document has."""
    program, result = _run(tmp_path, FALSE_PROGRAM)
    _write(tmp_path, program, result)
    url = (tmp_path / "report" / "index.html").as_uri()
    run = subprocess.run(
        [_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    body = re.search(r"<body([^>]*)>", run.stdout)
    assert body, run.stderr[-2000:]
    rendered = dict(re.findall(r'data-([a-z-]+)="(\d+)"', body.group(1)))
    cfa_nodes = sum(len(f.nodes) for f in result.cfa.functions.values())
    assert rendered == {
        "cfa-nodes": str(cfa_nodes),
        "arg-nodes": str(len(result.arg.nodes)),
        "path-steps": str(len(program_steps(result.counterexample.steps))),
    }


def test_report_of_a_true_answer_shows_the_loop_invariants(tmp_path):
    program, result = _run(tmp_path, TRUE_PROGRAM, want_invariants=True)
    assert result.verdict is Verdict.TRUE
    text = _write(tmp_path, program, result)
    section = text.split("<section id='invariants'>")[1].split("</section>")[0]
    # the while loop of line 5, keyword at column 3; the proof keeps lock at 0
    assert "<a href='#L5'>main:5:3</a>" in section
    assert "lock" in section
    assert "<a href='#invariants'>Invariants</a>" in text
