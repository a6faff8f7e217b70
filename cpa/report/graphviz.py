"""Drawing DOT graphs with Graphviz' ``dot`` program, where the machine has it.

Graphviz is a system package (``apt install graphviz``), not a Python dependency: a
report without it keeps the DOT text, which any Graphviz viewer opens later.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

#: wall time one drawing may take; ``dot`` is superlinear in the graph's size
DOT_TIMELIMIT_S = 60.0


@dataclass(frozen=True)
class Drawing:
    """An SVG drawing, or ``None`` with the reason there is none."""

    svg: str | None
    reason: str = ""


def dot_program() -> str | None:
    """The path of Graphviz' ``dot``, or None where it is not installed."""
    return shutil.which("dot")


def draw(dot_text: str, timelimit: float = DOT_TIMELIMIT_S) -> Drawing:
    """``dot_text`` laid out by ``dot -Tsvg``: the ``<svg>`` element alone (no XML
    prolog, so it can stand inside an HTML page)."""
    program = dot_program()
    if program is None:
        return Drawing(None, "Graphviz' dot program is not installed (apt install graphviz)")
    try:
        run = subprocess.run(
            [program, "-Tsvg"],
            input=dot_text,
            capture_output=True,
            text=True,
            timeout=timelimit,
        )
    except subprocess.TimeoutExpired:
        return Drawing(None, f"dot did not finish within {timelimit:g} s")
    except OSError as error:
        return Drawing(None, f"dot could not be run: {error.strerror}")
    start = run.stdout.find("<svg")
    if run.returncode != 0 or start < 0:
        first = (run.stderr.strip().splitlines() or ["no output"])[0]
        return Drawing(None, f"dot failed: {first}")
    return Drawing(run.stdout[start:])
