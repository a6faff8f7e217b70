"""Abstract states of the predicate CPA.

A state is the abstraction computed at the last abstraction point (a region over the
predicates) plus the path formula of the edges taken since then. An abstraction
remembers the block formula it abstracted; which abstraction came before it is the
ARG's to say (:func:`cpa_predicate.error_path.abstraction_states`): the ARG is the
one graph, strengthened, cut and covered in one place.
"""

from __future__ import annotations

import itertools
import re

from pysmt.fnode import FNode

from cpa.cfa.model import CFANode
from cpa_predicate.pathformula import PathFormula

_ids = itertools.count()


class Abstraction:
    __slots__ = (
        "region",
        "formula",
        "instantiated",
        "block_formula",
        "location",
        "predicates",
        "id",
    )

    def __init__(
        self,
        region,
        formula: FNode,
        instantiated: FNode,
        block_formula: PathFormula | None,
        location: CFANode,
        predicates: tuple = (),
    ):
        # the label: a BDD over predicate indices or a formula (cpa_predicate.labels);
        # refinement by strengthening changes it (and the two below) in place
        self.region = region
        self.formula = formula  # the label as a formula over program variables
        self.instantiated = instantiated  # ... at index 0, where the next block starts
        self.block_formula = block_formula  # what was abstracted (None for the initial one)
        self.location = location
        # the precision it was computed with: a refinement recomputes an abstraction
        # whose predicates are older than the precision (lazy abstraction leaves such
        # states in the parts of the ARG it does not cut)
        self.predicates = predicates
        self.id = next(_ids)

    def __repr__(self) -> str:
        return f"A{self.id}@{self.location!r}"


class PredicateState:
    __slots__ = ("path_formula", "abstraction", "is_abstraction", "hint")

    def __init__(
        self,
        path_formula: PathFormula,
        abstraction: Abstraction,
        is_abstraction: bool,
        hint: tuple | None = None,
    ):
        self.path_formula = path_formula
        self.abstraction = abstraction
        self.is_abstraction = is_abstraction
        # (context, ErrorHint): an error interpolant this abstraction state's label
        # entails (cpa_predicate.error_interpolants); the refiner checks it, then clears it
        self.hint = hint

    def __repr__(self) -> str:
        kind = "abs" if self.is_abstraction else "pf"
        return f"{kind}:{self.abstraction!r}+{self.path_formula.length}"

    def describe(self) -> str:
        """An abstraction state's label (its formula over program variables); other
        states are their abstraction plus a path formula, which a reader gets from the
        path."""
        return readable(self.abstraction.formula) if self.is_abstraction else ""


#: a quoted variable name with its width and SSA index (``'main::x#32@3'``), and a
#: bit-vector constant with its width (``3_32``)
_VARIABLE = re.compile(r"'([^'#@]+)#\w+(?:@\d+)?'")
_CONSTANT = re.compile(r"\b(\d+)_\d+\b")


def readable(formula: FNode) -> str:
    """``formula`` as pysmt writes it, without the widths and quotes that make labels
    hard to read (``(3_32 s<= 'main::i#32')`` becomes ``(3 s<= main::i)``; the
    operators keep their signedness)."""
    return _CONSTANT.sub(r"\1", _VARIABLE.sub(r"\1", formula.serialize()))
