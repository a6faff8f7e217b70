"""What a verification run answers: the verdict, why, and the evidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cpa.cfa.model import (
    AssumeEdge,
    Branching,
    CallSummaryEdge,
    CFAEdge,
    ExternalCallEdge,
    FunctionCallEdge,
)


class Verdict(Enum):
    TRUE = "true"
    FALSE = "false"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class InputValue:
    """The value a nondeterministic input takes on the counterexample."""

    name: str
    line: int
    value: int
    #: C type spelling of the value (``"unsigned char"``) when known; written as the
    #: ``type`` attribute of a Test-Comp test case
    ctype: str = ""
    #: the function whose call returned the value (``__VERIFIER_nondet_int``); empty
    #: for an uninitialised local
    function: str = ""

    @property
    def label(self) -> str:
        """How an error path names the value: the variable it fills, else the call
        (``printf()``, whose result the program drops)."""
        return self.name or (f"{self.function}()" if self.function else "?")


@dataclass(frozen=True)
class PathStep:
    """One CFA edge of a counterexample, with what a witness or a reader needs of it."""

    function: str
    line: int
    text: str
    column: int = 0
    #: the edge's :class:`~cpa.cfa.model.EdgeKind` value (``"assume"``, ``"external call"``)
    kind: str = ""
    #: for an assume edge of an ``if``, a loop or ``?:``: the construct and the value of
    #: its whole condition on this step (:class:`~cpa.cfa.model.Branching`)
    branching: Branching | None = None
    #: the inputs this step reads, in order
    inputs: tuple[InputValue, ...] = ()
    #: the function this step calls (with or without a body), if any
    callee: str = ""


@dataclass
class Counterexample:
    steps: list[PathStep]
    inputs: list[InputValue] = field(default_factory=list)
    #: how a real execution confirmed it (``"gcc: call of reach_error at line 7"``)
    confirmation: str = ""
    #: the undefined behaviour at the path's end (``cpa.cfa.undefined``), if the target
    #: is such a location rather than a violation of the property
    undefined_behaviour: str = ""

    def format(self) -> str:
        """One line per program step: ``function:line: C code`` (a condition as
        ``[c]`` or ``[!(c)]``, as taken) and the input values the step reads."""
        lines = ["Error path:"]
        for step, inputs in program_steps(self.steps):
            text = step.text
            if inputs:
                text += "  <- input " + ", ".join(f"{i.label} = {i.value}" for i in inputs)
            lines.append(f"  {step.function}:{step.line}: {text}")
        if self.inputs:
            lines.append("Inputs:")
            lines += [f"  line {i.line}: {i.label} = {i.value}" for i in self.inputs]
        if self.confirmation:
            lines.append(f"Confirmed by a compiled run ({self.confirmation})")
        return "\n".join(lines)


#: texts of blank edges that are no program step (the frontend's markers of a
#: function's start and of loop heads; the next step shows the condition)
_MARKERS = frozenset(["", "INIT GLOBAL VARS", "Function start dummy edge", "while", "for", "do"])


def program_steps(steps: list[PathStep]) -> list[tuple[PathStep, list[InputValue]]]:
    """The steps worth a line: blank edges dropped, and a step that repeats the one
    before it (``int x = f();`` is a declaration and then the call) folded into it,
    its inputs kept."""
    shown: list[tuple[PathStep, list[InputValue]]] = []
    for step in steps:
        if step.kind in ("blank", "") and step.text in _MARKERS and not step.inputs:
            continue
        previous = shown[-1][0] if shown else None
        if previous is not None and (previous.function, previous.line, previous.text) == (
            step.function,
            step.line,
            step.text,
        ):
            shown[-1][1].extend(step.inputs)
            continue
        shown.append((step, list(step.inputs)))
    return shown


@dataclass
class AnalysisOutcome:
    """What an algorithm concludes; the driver adds times and statistics."""

    verdict: Verdict
    reason: str = ""
    counterexample: Counterexample | None = None


@dataclass
class VerificationResult:
    verdict: Verdict
    reason: str
    counterexample: Counterexample | None
    statistics: dict[str, Any]
    #: for TRUE from an analysis with abstraction states at loop heads: the invariant
    #: of each loop, by its source location (line, column, function), as a formula
    #: over SSA names (:mod:`cpa.witness.correctness`)
    invariants: dict[tuple[int, int, str], Any] | None = None
    #: for a report (``want_graphs``): the CFA the analysis explored (after its
    #: transformations) and its ARG (:class:`cpa.report.arg_graph.ArgGraph`)
    cfa: Any = None
    arg: Any = None

    def result_line(self) -> str:
        return f"Verification result: {self.verdict.name}"


def path_step(edge: CFAEdge, inputs: tuple[InputValue, ...] = ()) -> PathStep:
    """The step of a counterexample that executing ``edge`` is."""
    callee = ""
    if isinstance(edge, ExternalCallEdge):
        callee = edge.function_name
    elif isinstance(edge, (FunctionCallEdge, CallSummaryEdge)):
        callee = edge.callee
    return PathStep(
        edge.predecessor.function,
        edge.line,
        edge.text,
        column=edge.column,
        kind=edge.kind.value,
        branching=edge.branching if isinstance(edge, AssumeEdge) else None,
        inputs=inputs,
        callee=callee,
    )
