"""What a verification run answers: the verdict, why, and the evidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Verdict(Enum):
    TRUE = "true"
    FALSE = "false"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class PathStep:
    """One CFA edge of a counterexample."""

    function: str
    line: int
    text: str


@dataclass(frozen=True)
class InputValue:
    """The value a nondeterministic input takes on the counterexample."""

    name: str
    line: int
    value: int
    #: C type spelling of the value (``"unsigned char"``) when known; written as the
    #: ``type`` attribute of a Test-Comp test case
    ctype: str = ""


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
        lines = ["Error path:"]
        lines += [f"  {s.function}:{s.line}: {s.text}" for s in self.steps]
        if self.inputs:
            lines.append("Inputs:")
            lines += [f"  line {i.line}: {i.name} = {i.value}" for i in self.inputs]
        if self.confirmation:
            lines.append(f"Confirmed by a compiled run ({self.confirmation})")
        return "\n".join(lines)


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

    def result_line(self) -> str:
        return f"Verification result: {self.verdict.name}"
