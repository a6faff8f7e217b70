"""A configurable program analysis (CPA) framework for verifying C programs.

The small public API::

    from cpa import verify, parse_program, load_configuration, Specification, Verdict

Everything else lives in subpackages: ``cpa.cfa`` (C frontend and CFA), ``cpa.core``
(CPA interfaces, composite, ARG, reached set), ``algorithms`` (the reachability loop
and what wraps it), ``cpa_location`` and ``cpa_predicate`` (the CPAs).
"""

from __future__ import annotations

__version__ = "0.1.0"

_EXPORTS = {
    "verify": "cpa.verifier",
    "analyze": "cpa.verifier",
    "parse_program": "cpa.cfa.frontend",
    "parse_source": "cpa.cfa.frontend",
    "load_configuration": "cpa.config",
    "Specification": "cpa.cfa.targets",
    "Verdict": "cpa.results",
    "VerificationResult": "cpa.results",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    """Import lazily, so that ``import cpa`` (and the command line) stays fast."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cpa' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
