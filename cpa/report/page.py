"""The HTML report of one verification run (``cpa verify --report DIR``).

One self-contained page, readable offline and attachable to a bug report: the
verdict and its reason, the error path beside the source with the inputs, the CFA
the analysis explored and its ARG as Graphviz drawings (inline SVG; the DOT text
where Graphviz is missing), the statistics and the configuration. The DOT files are
written beside the page for other viewers.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cpa.cfa.dot import to_dot as cfa_to_dot
from cpa.cfa.model import CFA
from cpa.cfa.targets import Specification
from cpa.config import Configuration
from cpa.report.arg_graph import ArgGraph
from cpa.report.arg_graph import to_dot as arg_to_dot
from cpa.report.graphviz import Drawing, draw
from cpa.results import Counterexample, VerificationResult, program_steps

#: the most ARG states drawn; a larger ARG is drawn in part (ArgGraph.restricted)
#: and written whole to arg.dot
MAX_DRAWN_STATES = 800

PAGE = "index.html"

#: the longest invariant text shown whole (labels of large programs run to megabytes)
MAX_INVARIANT_TEXT = 4000


@dataclass(frozen=True)
class Figure:
    """A graph of the report: its DOT text (also written to ``file``) and drawing."""

    file: str
    dot: str
    drawing: Drawing
    caption: str


def write_report(
    directory: str | Path,
    result: VerificationResult,
    program: Path,
    configuration: Configuration,
    specification: Specification | None = None,
) -> Path:
    """Write the report of ``result`` (of a run with ``want_graphs``) on ``program``
    into ``directory`` (created if needed); returns the page's path. OSError if the
    directory cannot be written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    figures = []
    if result.cfa is not None:
        figures.append(_cfa_figure(result.cfa, specification, configuration))
    if result.arg is not None:
        figures.append(_arg_figure(result.arg))
    for figure in figures:
        (directory / figure.file).write_text(figure.dot, encoding="utf-8")
    page = directory / PAGE
    page.write_text(render_page(result, program, configuration, figures), encoding="utf-8")
    return page


def _cfa_figure(
    cfa: CFA, specification: Specification | None, configuration: Configuration
) -> Figure:
    dot = cfa_to_dot(cfa, specification)
    passes = configuration.analysis["cfa_transformations"]
    caption = "The control-flow automaton the analysis explored"
    if passes:
        caption += " (after " + ", ".join(passes) + ": an edge may be a block of statements)"
    caption += ". Targets are red, loop heads yellow boxes; calls and returns are dashed."
    return Figure("cfa.dot", dot, draw(dot), caption)


def _arg_figure(graph: ArgGraph) -> Figure:
    dot = arg_to_dot(graph)
    part, note = graph.restricted(MAX_DRAWN_STATES)
    drawing = draw(dot if part is graph else arg_to_dot(part))
    caption = (
        f"The abstract reachability graph: {len(graph.nodes)} states. Each box is a state "
        "(its number, CFA location and what the analysis knows there); the path to a "
        "target is red; covered states are dashed, with an arrow to the state covering them."
    )
    if note:
        caption += f" Drawn: {note}; arg.dot has the whole graph."
    return Figure("arg.dot", dot, drawing, caption)


def render_page(
    result: VerificationResult,
    program: Path,
    configuration: Configuration,
    figures: list[Figure],
) -> str:
    """The page's HTML."""
    source = _read_source(program)
    verdict = result.verdict.name
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(program.name)}: {verdict}</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<header>",
        f"<h1>{_e(program.name)} <span class='verdict {verdict.lower()}'>{verdict}</span></h1>",
    ]
    if result.reason:
        parts.append(f"<p class='reason'>{_e(result.reason)}</p>")
    parts.append(
        f"<p class='meta'>{_e(str(program))} &middot; configuration "
        f"<b>{_e(configuration.name)}</b> &middot; "
        f"{result.statistics.get('wall_time_s', 0)} s &middot; "
        f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}</p>"
    )
    sections = [("path" if result.counterexample else "source", _path_title(result))]
    if result.invariants and result.cfa is not None:
        sections.append(("invariants", "Invariants"))
    sections += [(Path(f.file).stem, f.file.split(".")[0].upper()) for f in figures]
    sections += [("statistics", "Statistics"), ("configuration", "Configuration")]
    links = " &middot; ".join(f"<a href='#{key}'>{title}</a>" for key, title in sections)
    parts += [f"<nav>{links}</nav>", "</header><main>"]
    if result.counterexample is not None:
        parts.append(_path_section(result, source))
    else:
        parts.append(_source_section(source, program))
    if result.invariants and result.cfa is not None:
        parts.append(_invariants_section(result.invariants, result.cfa))
    for figure in figures:
        parts.append(_figure_section(figure))
    parts.append(_statistics_section(result.statistics))
    parts.append(_configuration_section(configuration))
    parts += ["</main>", f"<script>{_SCRIPT}</script>", "</body></html>"]
    return "\n".join(parts) + "\n"


def _path_title(result: VerificationResult) -> str:
    if result.counterexample is None:
        return "Source"
    return "Error path" if result.verdict.name == "FALSE" else "Path to the target"


def _read_source(program: Path) -> list[str]:
    try:
        return program.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _path_section(result: VerificationResult, source: list[str]) -> str:
    example: Counterexample = result.counterexample
    title = _path_title(result)
    parts = [f"<section id='path'><h2>{title}</h2>"]
    if result.verdict.name != "FALSE":
        parts.append(
            "<p class='warning'>The analysis found this path but it is no confirmed "
            f"counterexample: {_e(result.reason)}</p>"
        )
    steps = program_steps(example.steps)
    notes: dict[int, list[str]] = {}
    items = []
    for number, (step, inputs) in enumerate(steps, start=1):
        values = ", ".join(f"{i.name} = {i.value}" for i in inputs)
        note = f"#{number}" + (f" input {values}" if values else "")
        notes.setdefault(step.line, []).append(note)
        item = (
            f"<li class='step' data-line='{step.line}'><span class='where'>"
            f"{_e(step.function)}:{step.line}</span> <code>{_e(step.text)}</code>"
        )
        if values:
            item += f" <span class='input'>&larr; input {_e(values)}</span>"
        items.append(item + "</li>")
    parts.append("<div class='columns'>")
    parts.append(f"<div class='steps-column'><ol class='steps'>{''.join(items)}</ol>")
    if example.inputs:
        rows = "".join(
            f"<tr><td>{i.line}</td><td>{_e(i.name)}</td><td>{_e(i.ctype)}</td>"
            f"<td class='num'>{i.value}</td></tr>"
            for i in example.inputs
        )
        parts.append(
            "<h3>Inputs</h3><table class='inputs'><tr><th>line</th><th>input</th>"
            f"<th>type</th><th>value</th></tr>{rows}</table>"
        )
    if example.confirmation:
        parts.append(
            f"<p class='confirmed'>Confirmed by a compiled run ({_e(example.confirmation)})</p>"
        )
    parts.append("</div>")
    parts.append(_source_table(source, notes))
    parts.append("</div></section>")
    return "\n".join(parts)


def _source_section(source: list[str], program: Path) -> str:
    body = _source_table(source, {}) if source else f"<p>{_e(program)} could not be read.</p>"
    return f"<section id='source'><h2>Source</h2>{body}</section>"


def _source_table(source: list[str], notes: dict[int, list[str]]) -> str:
    rows = []
    for number, line in enumerate(source, start=1):
        marked = number in notes
        cls = " class='on-path'" if marked else ""
        note = _e("; ".join(notes[number])) if marked else ""
        rows.append(
            f"<tr id='L{number}'{cls}><td class='ln'>{number}</td>"
            f"<td><code>{_e(line)}</code></td><td class='note'>{note}</td></tr>"
        )
    return f"<div class='source'><table>{''.join(rows)}</table></div>"


def _invariants_section(invariants: dict, cfa: CFA) -> str:
    """The loop invariants of a TRUE answer (the proof, as a correctness witness
    writes it), in C; cut where very long."""
    from cpa.witness.correctness import c_expression, program_variables

    variables = program_variables(cfa)
    rows = []
    for (line, column, function), formula in sorted(invariants.items()):
        text = c_expression(formula, variables, function)
        if text is None:
            shown = "<i>not expressible in C (memory, another function's locals)</i>"
        elif len(text) > MAX_INVARIANT_TEXT:
            cut = len(text) - MAX_INVARIANT_TEXT
            shown = f"<code>{_e(text[:MAX_INVARIANT_TEXT])}</code> &hellip; ({cut} more characters)"
        else:
            shown = f"<code>{_e(text)}</code>"
        place = f"<a href='#L{line}'>{_e(function)}:{line}:{column}</a>"
        rows.append(f"<tr><td class='where'>{place}</td><td>{shown}</td></tr>")
    return (
        "<section id='invariants'><h2>Invariants</h2><p>What the analysis knows at the "
        "head of each loop, over all its states there: together these are inductive and "
        "exclude the violation (<code>--witness</code> writes them as a correctness "
        f"witness).</p><table class='invariants'>{''.join(rows)}</table></section>"
    )


def _figure_section(figure: Figure) -> str:
    key = Path(figure.file).stem
    parts = [f"<section id='{key}'><h2>{key.upper()}</h2>", f"<p>{_e(figure.caption)}</p>"]
    if figure.drawing.svg is not None:
        parts.append(f"<div class='drawing'>{figure.drawing.svg}</div>")
    else:
        parts.append(
            f"<p class='warning'>Not drawn: {_e(figure.drawing.reason)}. The DOT text "
            f"follows (also in {_e(figure.file)}).</p>"
        )
        parts.append(f"<pre class='dot'>{_e(figure.dot)}</pre>")
    parts.append("</section>")
    return "\n".join(parts)


def _statistics_section(statistics: dict[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{_e(key)}</td><td class='num'>{_e(value)}</td></tr>"
        for key, value in sorted(statistics.items())
    )
    return f"<section id='statistics'><h2>Statistics</h2><table>{rows}</table></section>"


def _configuration_section(configuration: Configuration) -> str:
    sections: list[tuple[str, dict[str, Any]]] = [("analysis", configuration.analysis)]
    sections += [(f"cpa.{name}", o) for name, o in configuration.cpa_options.items()]
    algorithm = configuration.analysis["algorithm"]
    sections.append((f"algorithm.{algorithm}", configuration.algorithm_options))
    sections += sorted(configuration.component_options.items())
    rows = []
    for section, options in sections:
        for key, value in options.items():
            rows.append(f"<tr><td>{_e(section)}.{_e(key)}</td><td>{_e(_toml(value))}</td></tr>")
    return (
        f"<section id='configuration'><h2>Configuration</h2><p>{_e(configuration.name)} "
        f"(<code>{_e(configuration.source)}</code>), with every option's value:</p>"
        f"<table>{''.join(rows)}</table></section>"
    )


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
header { background: #f4f4f4; padding: 0.6em 1.2em; border-bottom: 1px solid #ccc; }
h1 { margin: 0.2em 0; font-size: 1.4em; }
main { padding: 0 1.2em 2em; }
section { margin-top: 1.5em; }
nav a { margin: 0 0.2em; }
.verdict { padding: 0.1em 0.5em; border-radius: 4px; color: white; font-size: 0.9em; }
.verdict.true { background: #2e7d32; }
.verdict.false { background: #c62828; }
.verdict.unknown { background: #757575; }
.reason, .meta { margin: 0.2em 0; }
.meta { color: #555; font-size: 0.9em; }
.warning { color: #8a4b00; }
.confirmed { color: #2e7d32; }
.columns { display: flex; gap: 1.5em; align-items: flex-start; }
.steps-column { flex: 1 1 40%; min-width: 18em; }
.steps { font-size: 0.9em; padding-left: 2.5em; }
.step { cursor: pointer; padding: 0.1em 0.2em; }
.step:hover, .step.current { background: #fff3c4; }
.where { color: #555; }
.input { color: #1565c0; font-weight: bold; }
.source { flex: 1 1 60%; max-height: 80vh; overflow: auto; border: 1px solid #ddd; }
.source table { border-collapse: collapse; font-size: 0.85em; width: 100%; }
.source td { padding: 0 0.5em; white-space: pre; vertical-align: top; }
.source td.ln { color: #999; text-align: right; user-select: none; }
.source tr.on-path { background: #ffe0e0; }
.source tr.current { background: #ffd54f; }
.source td.note { color: #1565c0; white-space: nowrap; }
.drawing { overflow: auto; max-height: 90vh; border: 1px solid #ddd; }
pre.dot { max-height: 40vh; overflow: auto; background: #fafafa; border: 1px solid #ddd; }
table { border-collapse: collapse; }
#statistics td, #configuration td, .inputs td, .inputs th { border-bottom: 1px solid #eee;
  padding: 0.1em 0.8em 0.1em 0; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.invariants td { vertical-align: top; padding: 0.2em 0.8em 0.2em 0; }
.invariants code { white-space: pre-wrap; word-break: break-all; }
"""

#: marks the source line of a clicked step, and records what the browser rendered
#: (the drawings' nodes and the path's steps) on <body> for tests and scripts
_SCRIPT = """
document.querySelectorAll('.step').forEach(function (step) {
  step.addEventListener('click', function () {
    document.querySelectorAll('.current').forEach(function (e) {
      e.classList.remove('current');
    });
    step.classList.add('current');
    var row = document.getElementById('L' + step.dataset.line);
    if (row) { row.classList.add('current'); row.scrollIntoView({block: 'center'}); }
  });
});
['cfa', 'arg'].forEach(function (key) {
  var nodes = document.querySelectorAll('#' + key + ' svg g.node');
  document.body.dataset[key + 'Nodes'] = nodes.length;
});
document.body.dataset.pathSteps = document.querySelectorAll('#path .step').length;
"""
