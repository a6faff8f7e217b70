"""A user-written CPA: counts the assume edges on a path, saturating at ``bound``.

It shows everything a plugin needs: options, a domain, a transfer relation and the
standard operators, built from the same context as the project's own CPAs.
"""

from __future__ import annotations

from cpa.cfa.model import AssumeEdge
from cpa.core.interfaces import AbstractDomain, ConfigurableProgramAnalysis, TransferRelation
from cpa.core.operators import MergeSep, StopSep
from cpa.core.options import Option


class CountDomain(AbstractDomain):
    def join(self, a: int, b: int) -> int:
        return max(a, b)

    def is_less_or_equal(self, a: int, b: int) -> bool:
        return a == b


class CountTransfer(TransferRelation):
    def __init__(self, bound: int):
        self.bound = bound

    def successors_for_edge(self, state: int, precision, edge):
        if isinstance(edge, AssumeEdge):
            return [min(state + 1, self.bound)]
        return [state]


class BranchCountCPA(ConfigurableProgramAnalysis):
    NAME = "branchcount"
    OPTIONS = {"bound": Option(int, 3, "saturate the count here")}

    def __init__(self, options: dict, context):
        self.domain = CountDomain()
        self.transfer_relation = CountTransfer(options["bound"])
        self.merge_operator = MergeSep()
        self.stop_operator = StopSep(self.domain)

    def initial_state(self, node) -> int:
        return 0
