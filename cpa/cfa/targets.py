"""Which locations count as property violations (targets) for a reachability property.

A target is what the property names, nothing else: the calls of the function of
``G ! call(f())`` (SV-COMP: reaching the call is the violation, whether or not ``f``
has a body), or the C label of ``G ! label(L)``. The frontend lowers the calls of the
named functions into sinks whose ``error_call`` names the function (so it must be
given the functions, :attr:`Specification.error_functions`); ``abort``, ``exit``,
``__assert_fail`` and failing ``assert`` s merely end a path unless the property names
them (``assert`` fails by calling ``__assert_fail``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cpa.cfa.model import CFA, CFANode


@dataclass(frozen=True)
class Specification:
    """A reachability specification: reaching a labelled location or an error call."""

    labels: frozenset[str] = frozenset()
    error_functions: frozenset[str] = frozenset()

    @classmethod
    def unreach_label(cls, label: str = "ERROR") -> Specification:
        """Old-style tasks: the label ``label`` must not be reachable."""
        return cls(labels=frozenset({label}))

    @classmethod
    def unreach_call(
        cls, functions: tuple[str, ...] | list[str] = ("reach_error",)
    ) -> Specification:
        """SV-COMP ``unreach-call``: none of ``functions`` may be called."""
        return cls(error_functions=frozenset(functions))

    @classmethod
    def any_error(cls) -> Specification:
        """The default for a program without a property: the label ``ERROR`` and the
        calls of ``reach_error`` and ``__VERIFIER_error`` (today's and older SV-COMP
        error functions) are targets."""
        return cls(
            labels=frozenset({"ERROR"}),
            error_functions=frozenset({"reach_error", "__VERIFIER_error"}),
        )

    @classmethod
    def from_property(cls, text: str) -> Specification:
        """Parse an SV-COMP property (``.prp``) text such as
        ``CHECK( init(main()), LTL(G ! call(reach_error())) )`` or ``G ! label(ERROR)``."""
        calls = re.findall(r"call\(\s*([A-Za-z_]\w*)\s*\(", text)
        labels = re.findall(r"label\(\s*([A-Za-z_]\w*)\s*\)", text)
        if not calls and not labels:
            raise ValueError(f"unsupported property: {text.strip()!r}")
        return cls(labels=frozenset(labels), error_functions=frozenset(calls))

    def is_target(self, node: CFANode) -> bool:
        """Whether reaching ``node`` violates this specification, or is undefined
        behaviour (which the verifier reports as UNKNOWN, never as FALSE)."""
        if node.undefined is not None:
            return True
        if node.error_call is not None and node.error_call in self.error_functions:
            return True
        return any(label in self.labels for label in node.labels)

    def target_nodes(self, cfa: CFA) -> list[CFANode]:
        """All target locations of ``cfa``, in id order."""
        return sorted(node for node in cfa.nodes() if self.is_target(node))

    def violation_nodes(self, cfa: CFA) -> frozenset[CFANode]:
        """The target locations that violate the property itself (not undefined
        behaviour): where a violation witness may end."""
        return frozenset(n for n in cfa.nodes() if self.is_target(n) and n.undefined is None)

    def __str__(self) -> str:
        parts = [f"label({label})" for label in sorted(self.labels)]
        parts += [f"call({name}())" for name in sorted(self.error_functions)]
        return " | ".join(parts) or "nothing"


def is_target(node: CFANode, spec: Specification | None = None) -> bool:
    """:meth:`Specification.is_target` with the :meth:`Specification.any_error` default."""
    return (spec or Specification.any_error()).is_target(node)


def target_nodes(cfa: CFA, spec: Specification | None = None) -> list[CFANode]:
    """:meth:`Specification.target_nodes` with the :meth:`Specification.any_error` default."""
    return (spec or Specification.any_error()).target_nodes(cfa)
