"""Graphviz rendering of a CFA, for looking at what the frontend and pruning produced.

One cluster per function; targets are red double circles, loop heads are filled
boxes, interprocedural call/return edges are dashed and call summary edges dotted.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TextIO

from cpa.cfa.loops import find_loop_heads
from cpa.cfa.model import CFA, CallSummaryEdge, CFANode, FunctionCallEdge, FunctionReturnEdge
from cpa.cfa.targets import Specification


def escape(text: str) -> str:
    """Escape ``text`` for use inside a double-quoted DOT string."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "").replace("\n", "\\n")


def wrapped(text: str, width: int = 48) -> str:
    """``text`` escaped for DOT, with line breaks (at spaces) so that no line is much
    longer than ``width``: a large block's statements would draw as one very wide label."""
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "\\n".join(escape(line) for line in lines)


def _node_label(node: CFANode) -> str:
    label = f"N{node.id}"
    if node.line:
        label += f"\\nline {node.line}"
    if node.labels:
        label += "\\n" + escape(", ".join(node.labels)) + ":"
    if node.error_call:
        label += "\\n" + escape(node.error_call)
    return label


def to_dot(cfa: CFA, spec: Specification | None = None) -> str:
    """The CFA as a DOT ``digraph`` (targets decided by ``spec``, default any error)."""
    spec = spec or Specification.any_error()
    loop_heads = find_loop_heads(cfa) | {node for node in cfa.nodes() if node.is_loop_head}
    lines = [f'digraph "{escape(cfa.file)}" {{', "  node [shape=circle];"]
    cross_edges: list[str] = []
    for index, (name, function_cfa) in enumerate(cfa.functions.items()):
        lines.append(f"  subgraph cluster_{index} {{")
        lines.append(f'    label="{escape(name)}";')
        for node in function_cfa.nodes:
            attributes = [f'label="{_node_label(node)}"']
            if spec.is_target(node):
                attributes += ["shape=doublecircle", "color=red", "fontcolor=red"]
            elif node in loop_heads:
                attributes += ["shape=box", "style=filled", 'fillcolor="lightyellow"']
            if node is function_cfa.entry:
                attributes.append("penwidth=2")
            lines.append(f"    N{node.id} [{', '.join(attributes)}];")
        for node in function_cfa.nodes:
            for edge in node.leaving:
                attributes = [f'label="{wrapped(edge.text)}"']
                if isinstance(edge, (FunctionCallEdge, FunctionReturnEdge)):
                    attributes.append("style=dashed")
                elif isinstance(edge, CallSummaryEdge):
                    attributes.append("style=dotted")
                line = f"N{edge.predecessor.id} -> N{edge.successor.id} [{', '.join(attributes)}];"
                if edge.successor.function == node.function and not isinstance(
                    edge, (FunctionCallEdge, FunctionReturnEdge)
                ):
                    lines.append("    " + line)
                else:
                    cross_edges.append("  " + line)
        lines.append("  }")
    lines.extend(cross_edges)
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_dot(cfa: CFA, file: str | Path | TextIO, spec: Specification | None = None) -> None:
    """Write :func:`to_dot` to a path or an open text file."""
    text = to_dot(cfa, spec)
    if isinstance(file, (str, Path)):
        Path(file).write_text(text, encoding="utf-8")
    else:
        file.write(text)
