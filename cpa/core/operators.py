"""The standard merge and stop operators, shared by all CPAs.

``merge-sep`` never combines states, ``merge-join`` uses the domain's join;
``stop-sep`` checks coverage by one reached state, ``stop-join`` by the join of all,
``stop-never`` explores everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from cpa.core.interfaces import AbstractDomain, MergeOperator, StopOperator


class MergeSep(MergeOperator):
    def merge(self, state, reached_state, precision):
        return reached_state


class MergeJoin(MergeOperator):
    def __init__(self, domain: AbstractDomain):
        self.domain = domain

    def merge(self, state, reached_state, precision):
        return self.domain.join(state, reached_state)


class StopSep(StopOperator):
    def __init__(self, domain: AbstractDomain):
        self.domain = domain

    def stop(self, state, reached: Iterable, precision) -> bool:
        less_or_equal = self.domain.is_less_or_equal
        return any(less_or_equal(state, other) for other in reached)


class StopJoin(StopOperator):
    def __init__(self, domain: AbstractDomain):
        self.domain = domain

    def stop(self, state, reached: Iterable, precision) -> bool:
        joined = None
        for other in reached:
            joined = other if joined is None else self.domain.join(joined, other)
        return joined is not None and self.domain.is_less_or_equal(state, joined)


class StopNever(StopOperator):
    def stop(self, state, reached: Iterable, precision) -> bool:
        return False


class StopAlways(StopOperator):
    """For components whose coverage is decided by the others (flat domains)."""

    def stop(self, state, reached: Iterable, precision) -> bool:
        return True


def merge_operator(name: str, domain: AbstractDomain) -> MergeOperator:
    """``sep`` or ``join`` by name (the configuration's vocabulary)."""
    if name == "sep":
        return MergeSep()
    if name == "join":
        return MergeJoin(domain)
    raise ValueError(f"unknown merge operator {name!r}")


def stop_operator(name: str, domain: AbstractDomain) -> StopOperator:
    """``sep``, ``join`` or ``never`` by name."""
    if name == "sep":
        return StopSep(domain)
    if name == "join":
        return StopJoin(domain)
    if name == "never":
        return StopNever()
    raise ValueError(f"unknown stop operator {name!r}")
