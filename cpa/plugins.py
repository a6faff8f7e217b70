"""Finding components by name: Python entry points first, then our built-ins.

A user's package adds a CPA by declaring, in its own ``pyproject.toml``::

    [project.entry-points."cpa.cpas"]
    mycpa = "my_package.module:MyCPA"

and a configuration file can then name ``mycpa`` without any change to this project.
The built-in table makes the framework usable from a source tree that was not
installed (no entry-point metadata).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from cpa.errors import ConfigError, PluginError

CPAS = "cpa.cpas"
ALGORITHMS = "cpa.algorithms"
WAITLISTS = "cpa.waitlists"
CFA_TRANSFORMATIONS = "cpa.cfa_transformations"
REFINERS = "cpa.refiners"

_KIND = {
    CPAS: "CPA",
    ALGORITHMS: "algorithm",
    WAITLISTS: "waitlist order",
    CFA_TRANSFORMATIONS: "CFA transformation",
    REFINERS: "refiner",
}

BUILTINS: dict[str, dict[str, str]] = {
    CPAS: {
        "location": "cpa_location.location:LocationCPA",
        "callstack": "cpa_location.callstack:CallstackCPA",
        "predicate": "cpa_predicate.predicate_cpa:PredicateCPA",
        "witness": "cpa_witness.automaton:WitnessCPA",
    },
    ALGORITHMS: {
        "cpa": "algorithms.reachability:ReachabilityAlgorithm",
        "cegar": "algorithms.cegar:CEGARAlgorithm",
    },
    WAITLISTS: {
        "dfs": "cpa.core.waitlist:DepthFirstWaitlist",
        "bfs": "cpa.core.waitlist:BreadthFirstWaitlist",
        "rpo": "cpa.core.waitlist_orders:ReversePostorderWaitlist",
        "wto": "cpa.core.waitlist_orders:WeakTopologicalWaitlist",
        "weighted": "cpa.core.waitlist_orders:WeightedWaitlist",
    },
    REFINERS: {
        "predicate": "cpa_predicate.refiner:PredicateRefiner",
    },
    CFA_TRANSFORMATIONS: {
        "prune": "cpa.cfa.transformations:PruneTransformation",
        "lbe": "cpa.cfa.transformations:LargeBlockEncoding",
    },
}


def _import(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


def available(group: str) -> list[str]:
    names = set(BUILTINS.get(group, {}))
    names.update(ep.name for ep in entry_points(group=group))
    return sorted(names)


def _cause(error: Exception) -> str:
    """``error`` as one line: its class and its message with line breaks folded."""
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def load(group: str, name: str) -> Any:
    """The component registered as ``name`` in ``group``.

    ConfigError if no component has that name; PluginError if its module does not
    import (whatever the import raises) or lacks the named attribute.
    """
    kind = _KIND.get(group, group)
    for entry_point in entry_points(group=group):
        if entry_point.name == name:
            try:
                return entry_point.load()
            except MemoryError:  # the run's want of memory, not the plugin's fault
                raise
            except Exception as error:  # whatever the plugin's module raises on import
                raise PluginError(
                    f"cannot load {kind} '{name}' (entry point '{entry_point.value}' "
                    f"in group '{group}'): {_cause(error)}"
                ) from error
    target = BUILTINS.get(group, {}).get(name)
    if target is not None:
        try:
            return _import(target)
        except MemoryError:
            raise
        except Exception as error:
            raise PluginError(
                f"cannot load {kind} '{name}' (built-in '{target}'): {_cause(error)}"
            ) from error
    raise ConfigError(f"unknown {kind} '{name}' (available: {', '.join(available(group))})")
