"""The interfaces of a configurable program analysis (Beyer, Henzinger, Théoduloz 2007).

A CPA is an abstract domain with a transfer relation and the merge, stop and
precision-adjustment operators. Abstract states and precisions are plain Python
objects that the CPA's own operators understand; the framework only passes them on.
Implementations must treat states as immutable: the reached set and the ARG share them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from cpa.cfa.model import CFAEdge, CFANode
from cpa.core.options import Option

AbstractState = Any
Precision = Any


class AbstractDomain(ABC):
    """The lattice of abstract states: join and the partial order."""

    @abstractmethod
    def join(self, state1: AbstractState, state2: AbstractState) -> AbstractState:
        """An upper bound of both states (the least one, where the domain has it)."""

    @abstractmethod
    def is_less_or_equal(self, state1: AbstractState, state2: AbstractState) -> bool:
        """True iff every concrete state of ``state1`` is one of ``state2``."""


class TransferRelation(ABC):
    """Abstract successors along one CFA edge.

    CPAs follow the edges that the location component offers; an empty result means
    the edge cannot be taken from ``state`` (for example an infeasible assume).
    """

    @abstractmethod
    def successors_for_edge(
        self, state: AbstractState, precision: Precision, edge: CFAEdge
    ) -> Sequence[AbstractState]:
        """The abstract successors of ``state`` along ``edge``."""

    def successors(self, state: AbstractState, precision: Precision) -> Iterable[AbstractState]:
        """All abstract successors; only the composite and ARG levels implement it."""
        raise NotImplementedError

    def strengthen(
        self,
        state: AbstractState,
        other_components: Sequence[AbstractState],
        edge: CFAEdge,
        precision: Precision,
    ) -> AbstractState | None:
        """Refine ``state`` with the other components' successors; ``None`` = infeasible."""
        return state

    def wants_strengthening(self, cpas: Sequence[ConfigurableProgramAnalysis]) -> bool:
        """Whether the composite of ``cpas`` must call :meth:`strengthen` (it costs a
        call per edge, so only transfer relations that refine anything are asked)."""
        return type(self).strengthen is not TransferRelation.strengthen


class EdgeProvider(ABC):
    """A CPA that tells which CFA edges leave a state (the location CPA)."""

    @abstractmethod
    def leaving_edges(self, state: AbstractState) -> Iterable[CFAEdge]:
        """The edges to follow from ``state``."""


class MergeOperator(ABC):
    @abstractmethod
    def merge(
        self, state: AbstractState, reached_state: AbstractState, precision: Precision
    ) -> AbstractState:
        """Combine the new ``state`` into ``reached_state``; returning ``reached_state``
        itself (the same object) means "do not merge"."""


class StopOperator(ABC):
    @abstractmethod
    def stop(
        self, state: AbstractState, reached: Iterable[AbstractState], precision: Precision
    ) -> bool:
        """True iff ``state`` need not be explored because ``reached`` covers it."""


class Action(Enum):
    CONTINUE = "continue"
    BREAK = "break"  # stop the reachability loop after this state


@dataclass(frozen=True, slots=True)
class Adjustment:
    state: AbstractState
    precision: Precision
    action: Action = Action.CONTINUE


class PrecisionAdjustment(ABC):
    @abstractmethod
    def adjust(
        self,
        state: AbstractState,
        precision: Precision,
        reached: Any,
        full_state: Any = None,
    ) -> Adjustment | None:
        """Adjust a new successor and its precision (for example abstract it).

        ``full_state`` is the composite successor, so a component can look at its
        siblings (the predicate CPA asks the location where it is). ``None`` drops
        the state.
        """


class StaticPrecisionAdjustment(PrecisionAdjustment):
    """Leaves state and precision unchanged."""

    def adjust(self, state, precision, reached, full_state=None) -> Adjustment:
        return Adjustment(state, precision)


class ConfigurableProgramAnalysis(ABC):
    """A CPA: domain and operators, initial state and precision.

    Subclasses declare their configuration options in ``OPTIONS`` and receive the
    resolved values (plus the :class:`AnalysisContext`) in ``__init__``. They are
    found by name through the ``cpa.cpas`` entry-point group.
    """

    NAME: ClassVar[str] = ""
    OPTIONS: ClassVar[dict[str, Option]] = {}
    #: its states carry ``assumptions``: assume edges that hold after the edge that led
    #: to the state (a witness' constraint on a function's result), which analyses that
    #: track values conjoin when they strengthen
    PROVIDES_ASSUMPTIONS: ClassVar[bool] = False

    domain: AbstractDomain
    transfer_relation: TransferRelation
    merge_operator: MergeOperator
    stop_operator: StopOperator
    precision_adjustment: PrecisionAdjustment = StaticPrecisionAdjustment()

    @abstractmethod
    def initial_state(self, node: CFANode) -> AbstractState:
        """The abstract state at the program's entry ``node``."""

    def initial_precision(self, node: CFANode) -> Precision:
        return None

    def is_target(self, state: AbstractState) -> bool:
        """True iff ``state`` violates the specification (only the location CPA says so)."""
        return False

    def partition_key(self, state: AbstractState) -> Any:
        """States with different keys are never merged nor compared by stop."""
        return None


def describe(state: AbstractState) -> str:
    """What a report shows of an abstract state (the ARG drawing of ``cpa verify
    --report``): the text of its ``describe()`` method if its CPA gives states one,
    else nothing. States need not implement it; the location is drawn anyway."""
    method = getattr(state, "describe", None)
    return method() if callable(method) else ""
