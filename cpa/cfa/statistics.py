"""Size figures of a CFA, printed by ``cpa cfa`` to see what an analysis is up against."""

from __future__ import annotations

from dataclasses import dataclass

from cpa.cfa.loops import find_loop_heads
from cpa.cfa.model import CFA
from cpa.cfa.targets import Specification


@dataclass(frozen=True)
class CFASummary:
    functions: int
    locations: int
    edges: int
    loop_heads: int
    targets: int

    def format(self, multiline: bool = False) -> str:
        """``functions: 2, locations: 40, ...`` or one ``name: value`` per line."""
        items = [
            ("functions", self.functions),
            ("locations", self.locations),
            ("edges", self.edges),
            ("loop heads", self.loop_heads),
            ("targets", self.targets),
        ]
        if multiline:
            width = max(len(name) for name, _ in items) + 1
            return "\n".join(f"{name + ':':<{width}} {value}" for name, value in items)
        return ", ".join(f"{name}: {value}" for name, value in items)

    def __str__(self) -> str:
        return self.format()


def summarize(cfa: CFA, spec: Specification | None = None) -> CFASummary:
    """Count functions, locations, edges (summary edges included), loop heads and
    targets (per ``spec``, default any error) without modifying the CFA."""
    spec = spec or Specification.any_error()
    nodes = list(cfa.nodes())
    return CFASummary(
        functions=len(cfa.functions),
        locations=len(nodes),
        edges=sum(len(node.leaving) for node in nodes),
        loop_heads=len(find_loop_heads(cfa)),
        targets=sum(1 for node in nodes if spec.is_target(node)),
    )
