"""The composite CPA: the product of any list of CPAs.

The location component (an :class:`EdgeProvider`) says which edges leave a state;
every component computes its successors along each edge, and the product of those is
strengthened component by component. Merge combines states only when every component
agrees (a component whose merge declines keeps the states apart); stop needs one
reached state that covers the new state in every component.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from cpa.cfa.model import CFAEdge, CFANode
from cpa.core.interfaces import (
    AbstractDomain,
    Action,
    Adjustment,
    ConfigurableProgramAnalysis,
    EdgeProvider,
    MergeOperator,
    PrecisionAdjustment,
    StopOperator,
    TransferRelation,
    describe,
)
from cpa.core.operators import MergeSep


class CompositeState:
    """A tuple of component states; the composite's abstract state."""

    __slots__ = ("components",)

    def __init__(self, components: tuple):
        self.components = components

    def __repr__(self) -> str:
        return "(" + ", ".join(map(repr, self.components)) + ")"

    def describe(self) -> str:
        """The components' descriptions, one per line (those that have one)."""
        return "\n".join(text for text in map(describe, self.components) if text)


class CompositeDomain(AbstractDomain):
    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.domains = [cpa.domain for cpa in cpas]

    def join(self, state1: CompositeState, state2: CompositeState) -> CompositeState:
        return CompositeState(
            tuple(
                d.join(a, b)
                for d, a, b in zip(self.domains, state1.components, state2.components, strict=True)
            )
        )

    def is_less_or_equal(self, state1: CompositeState, state2: CompositeState) -> bool:
        return all(
            d.is_less_or_equal(a, b)
            for d, a, b in zip(self.domains, state1.components, state2.components, strict=True)
        )


class CompositeTransferRelation(TransferRelation):
    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.transfers = [cpa.transfer_relation for cpa in cpas]
        providers = [i for i, cpa in enumerate(cpas) if isinstance(cpa, EdgeProvider)]
        if not providers:
            raise ValueError("a composite CPA needs a location component (an EdgeProvider)")
        self.provider_index = providers[0]
        self.provider = cpas[self.provider_index]
        self.needs_strengthening = [t.wants_strengthening(cpas) for t in self.transfers]

    def successors(self, state: CompositeState, precision: tuple) -> Iterable:
        """Pairs ``(successor, edge)`` over all edges that leave ``state``."""
        for edge in self.provider.leaving_edges(state.components[self.provider_index]):
            for successor in self.successors_for_edge(state, precision, edge):
                yield successor, edge

    def successors_for_edge(
        self, state: CompositeState, precision: tuple, edge: CFAEdge
    ) -> list[CompositeState]:
        per_component = []
        for transfer, component, component_precision in zip(
            self.transfers, state.components, precision, strict=True
        ):
            successors = transfer.successors_for_edge(component, component_precision, edge)
            if not successors:
                return []
            per_component.append(successors)
        results = []
        for combination in product(*per_component):
            strengthened = self._strengthen(list(combination), edge, precision)
            if strengthened is not None:
                results.append(CompositeState(tuple(strengthened)))
        return results

    def _strengthen(self, components: list, edge: CFAEdge, precision: tuple) -> list | None:
        for index, needed in enumerate(self.needs_strengthening):
            if needed:
                others = components[:index] + components[index + 1 :]
                result = self.transfers[index].strengthen(
                    components[index], others, edge, precision[index]
                )
                if result is None:
                    return None
                components[index] = result
        return components


class CompositeMerge(MergeOperator):
    """Merge-agree: merge only if every component's merge combines (or the states agree)."""

    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.merges = [cpa.merge_operator for cpa in cpas]
        #: no component ever merges: the loop can skip merging altogether
        self.trivial = all(isinstance(merge, MergeSep) for merge in self.merges)

    def merge(self, state: CompositeState, reached_state: CompositeState, precision: tuple):
        merged = []
        changed = False
        for merge, new, old, component_precision in zip(
            self.merges, state.components, reached_state.components, precision, strict=True
        ):
            result = merge.merge(new, old, component_precision)
            if result is old and new is not old and new != old:
                return reached_state  # this component keeps them apart
            changed = changed or result is not old
            merged.append(result)
        return CompositeState(tuple(merged)) if changed else reached_state


class CompositeStop(StopOperator):
    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.stops = [cpa.stop_operator for cpa in cpas]

    def covering_state(self, state: CompositeState, reached: Iterable, precision: tuple):
        """A reached state that covers ``state`` in every component, or ``None``."""
        for other in reached:
            if all(
                stop.stop(mine, (theirs,), component_precision)
                for stop, mine, theirs, component_precision in zip(
                    self.stops, state.components, other.components, precision, strict=True
                )
            ):
                return other
        return None

    def stop(self, state: CompositeState, reached: Iterable, precision: tuple) -> bool:
        return self.covering_state(state, reached, precision) is not None


class CompositePrecisionAdjustment(PrecisionAdjustment):
    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.adjustments = [cpa.precision_adjustment for cpa in cpas]

    def adjust(self, state: CompositeState, precision: tuple, reached, full_state=None):
        states = []
        precisions = []
        action = Action.CONTINUE
        for adjustment, component, component_precision in zip(
            self.adjustments, state.components, precision, strict=True
        ):
            result = adjustment.adjust(component, component_precision, reached, state)
            if result is None:
                return None
            states.append(result.state)
            precisions.append(result.precision)
            if result.action is Action.BREAK:
                action = Action.BREAK
        return Adjustment(CompositeState(tuple(states)), tuple(precisions), action)


class CompositeCPA(ConfigurableProgramAnalysis):
    """The product of ``cpas``; states are :class:`CompositeState`, precisions tuples."""

    NAME = "composite"

    def __init__(self, cpas: Sequence[ConfigurableProgramAnalysis]):
        self.cpas = list(cpas)
        self.domain = CompositeDomain(self.cpas)
        self.transfer_relation = CompositeTransferRelation(self.cpas)
        self.merge_operator = CompositeMerge(self.cpas)
        self.stop_operator = CompositeStop(self.cpas)
        self.precision_adjustment = CompositePrecisionAdjustment(self.cpas)

    def component(self, cpa_type: type) -> int:
        """Index of the first component of type ``cpa_type`` (ValueError if none)."""
        for index, cpa in enumerate(self.cpas):
            if isinstance(cpa, cpa_type):
                return index
        raise ValueError(f"no component of type {cpa_type.__name__}")

    def initial_state(self, node: CFANode) -> CompositeState:
        return CompositeState(tuple(cpa.initial_state(node) for cpa in self.cpas))

    def initial_precision(self, node: CFANode) -> tuple:
        return tuple(cpa.initial_precision(node) for cpa in self.cpas)

    def is_target(self, state: CompositeState) -> bool:
        return any(
            cpa.is_target(component)
            for cpa, component in zip(self.cpas, state.components, strict=True)
        )

    def partition_key(self, state: CompositeState):
        keys = tuple(
            cpa.partition_key(component)
            for cpa, component in zip(self.cpas, state.components, strict=True)
        )
        return keys
