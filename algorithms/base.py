"""The interface of algorithms around the reachability loop."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from cpa.core.arg import ARGCPA
from cpa.core.context import AnalysisContext
from cpa.core.options import Option
from cpa.core.reached import ReachedSet
from cpa.results import AnalysisOutcome


class Algorithm(ABC):
    """Runs the analysis to a verdict. Found by name in the ``cpa.algorithms`` group."""

    NAME: ClassVar[str] = ""
    OPTIONS: ClassVar[dict[str, Option]] = {}

    def __init__(self, options: dict, context: AnalysisContext, cpa: ARGCPA, reached: ReachedSet):
        self.options = options
        self.context = context
        self.cpa = cpa
        self.reached = reached

    @abstractmethod
    def run(self) -> AnalysisOutcome:
        """Explore until a verdict (or UNKNOWN with a reason)."""
