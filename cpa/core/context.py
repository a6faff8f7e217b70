"""What every component of one verification run may need: the CFA, the
specification, the options, the deadline and the statistics.

Passing one context object keeps component constructors uniform, so a plugin CPA is
built exactly like ours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cpa.cfa.model import CFA
from cpa.statistics import Statistics

if TYPE_CHECKING:
    from algorithms.cpa_algorithm import Deadline
    from cpa.cfa.targets import Specification


@dataclass
class AnalysisContext:
    cfa: CFA
    specification: Specification
    deadline: Deadline
    statistics: Statistics = field(default_factory=Statistics)
    options: dict[str, Any] = field(default_factory=dict)  # the analysis section
    #: checked options of components other than CPAs and the algorithm, by section
    #: name ("refiner.predicate"); a component reads its own
    component_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    def options_of(self, section: str) -> dict[str, Any]:
        """The checked options of section ``section`` (empty if it has none)."""
        return self.component_options.get(section, {})
