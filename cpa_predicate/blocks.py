"""Block-size operators: where the predicate analysis computes an abstraction.

Between two abstraction points the analysis only collects a path formula; at an
abstraction point it abstracts that formula with the predicates of the precision.
This single choice gives single-block encoding (``sbe``: after every edge),
adjustable-block encoding (``abe-l``: at loop heads; ``abe-lf``: also at function
entries and exits) and large-block encoding (``lbe``: after every edge of the
summarised CFA, see :mod:`cpa.cfa.lbe`). Target locations are always abstraction
points, so a target is only reported when its abstraction is satisfiable.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from cpa.cfa.model import CFANode, FunctionEntryNode, FunctionExitNode


class BlockOperator(ABC):
    NAME = ""
    #: The CFA transformation this block operator assumes (checked by the CPA).
    REQUIRES_TRANSFORMATION: str | None = None

    @abstractmethod
    def is_block_end(self, node: CFANode) -> bool:
        """True iff the analysis abstracts when it arrives at ``node``."""


class EveryEdge(BlockOperator):
    NAME = "sbe"

    def is_block_end(self, node: CFANode) -> bool:
        return True


class LargeBlocks(EveryEdge):
    """Every edge of the summarised CFA ends a block: each edge is a large block."""

    NAME = "lbe"
    REQUIRES_TRANSFORMATION = "lbe"


class LoopHeads(BlockOperator):
    NAME = "abe-l"

    def is_block_end(self, node: CFANode) -> bool:
        return node.is_loop_head


class LoopHeadsAndFunctions(BlockOperator):
    NAME = "abe-lf"

    def is_block_end(self, node: CFANode) -> bool:
        return node.is_loop_head or isinstance(node, (FunctionEntryNode, FunctionExitNode))


BLOCK_OPERATORS: dict[str, type[BlockOperator]] = {
    cls.NAME: cls for cls in (EveryEdge, LargeBlocks, LoopHeads, LoopHeadsAndFunctions)
}
