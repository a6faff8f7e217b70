"""The witness CPA: restricts an analysis to the executions a violation witness allows.

Its state is the number of segments of the violation sequence already passed. Along an
edge it

* blocks, if the edge passes an ``avoid`` waypoint of the current segment;
* passes the segment's ``follow`` waypoint, if the edge passes it and its constraint
  holds (a function's result: the state carries the condition as an assume edge, which
  the predicate CPA conjoins, see ``PROVIDES_ASSUMPTIONS``);
* blocks an edge into a target of the specification unless that edge passes the last
  waypoint (the ``target``): a violation elsewhere is not the witness' violation.

``matching`` says what passing the follow waypoint's location with its constraint
violated means: ``first`` (the default) ends the execution, as a guide that says
"when you get here, take this branch"; ``any`` lets the execution go on in the same
segment, so the waypoint may be met on a later visit. Which one the format means is
measured on the published example witnesses (``tests/witnesses``).

Undefined behaviour is not blocked: if the witness' executions may hit it, the
analysis answers UNKNOWN, as it would without the witness.
"""

from __future__ import annotations

from cpa.cfa.model import CFA, AssumeEdge, CFAEdge, CFANode
from cpa.cfa.targets import Specification
from cpa.core.context import AnalysisContext
from cpa.core.interfaces import (
    AbstractDomain,
    ConfigurableProgramAnalysis,
    TransferRelation,
)
from cpa.core.operators import MergeSep, StopSep
from cpa.core.options import Option
from cpa.errors import ConfigError
from cpa.witness.format import ViolationWitness, read_witness
from cpa.witness.source import source_lines
from cpa.witness.waypoints import WaypointEdges, match_waypoints


class WitnessState:
    """``segment``: how many segments are passed; ``assumptions``: what the edge that
    led here requires of the values (see the module docstring)."""

    __slots__ = ("segment", "assumptions")

    def __init__(self, segment: int, assumptions: tuple[AssumeEdge, ...] = ()):
        self.segment = segment
        self.assumptions = assumptions

    def __eq__(self, other) -> bool:
        return isinstance(other, WitnessState) and other.segment == self.segment

    def __hash__(self) -> int:
        return hash(self.segment)

    def __repr__(self) -> str:
        return f"W{self.segment}"

    def describe(self) -> str:
        """How far along the witness this state is."""
        return f"witness segment {self.segment}"


class _SegmentDomain(AbstractDomain):
    def join(self, state1: WitnessState, state2: WitnessState) -> WitnessState:
        if state1 == state2:
            return state1
        raise ValueError("witness states of different segments do not join")

    def is_less_or_equal(self, state1: WitnessState, state2: WitnessState) -> bool:
        return state1 == state2


class _Segment:
    """One segment's waypoints, matched to edges."""

    def __init__(self, avoid: list[WaypointEdges], follow: WaypointEdges, last: bool):
        self.avoid = avoid
        self.follow = follow
        self.last = last


def _negation(constraint: tuple[AssumeEdge, ...]) -> AssumeEdge:
    """An assume edge for "not all of ``constraint``" (one condition: its negation)."""
    if len(constraint) != 1:
        raise ValueError("only single conditions are negated")
    edge = constraint[0]
    return AssumeEdge(
        edge.predecessor, edge.successor, edge.line, f"[!{edge.text}]", edge.condition, False
    )


#: where on an edge each kind of waypoint is passed: a call is entered before its
#: value returns; an assumption holds after the edge, before the next statement
_EVENT_ORDER = {
    "function_enter": 0,
    "function_return": 1,
    "branching": 2,
    "target": 3,
    "assumption": 4,
}


class WitnessTransferRelation(TransferRelation):
    def __init__(self, segments: list[_Segment], targets: frozenset[CFANode], matching: str):
        self.segments = segments
        self.targets = targets
        self.any_visit = matching == "any"

    def successors_for_edge(self, state: WitnessState, precision, edge: CFAEdge):
        """Pass as many segments as ``edge`` passes, in event order (an external call
        may be entered and return in one edge)."""
        segments = self.segments
        index, position, assumptions = state.segment, 0, ()
        while index < len(segments):
            segment = segments[index]
            for avoid in segment.avoid:
                if (
                    avoid.exact
                    and avoid.holds.get(edge)
                    and _EVENT_ORDER[avoid.waypoint.type] >= position
                ):
                    constraint = avoid.assumptions.get(edge)
                    if not constraint:
                        return []
                    # passed only where the constraint holds: go on where it does not
                    assumptions += (_negation(constraint),)
            follow = segment.follow
            holds = follow.holds.get(edge)
            order = _EVENT_ORDER[follow.waypoint.type]
            if holds is None or order < position:
                break
            if not holds:
                if self.any_visit and index == state.segment:
                    break  # wait for a later visit
                return []
            assumptions += follow.assumptions.get(edge, ())
            index, position = index + 1, order + 1
        if edge.successor in self.targets and index < len(segments):
            return []  # a violation, but not the witness' one
        if index == state.segment and not assumptions:
            return [state] if not state.assumptions else [WitnessState(index)]
        return [WitnessState(index, assumptions)]


class WitnessCPA(ConfigurableProgramAnalysis):
    """See the module docstring. Option ``file``: the witness; ``matching``."""

    NAME = "witness"
    OPTIONS = {
        "file": Option(str, "", "the violation witness (YAML 2.0) to follow"),
        "matching": Option(
            str,
            "first",
            "a follow waypoint's location passed with its constraint violated: "
            "'first' ends the execution, 'any' waits for a later visit",
            ("first", "any"),
        ),
    }
    #: states carry ``assumptions`` that data analyses conjoin (strengthening)
    PROVIDES_ASSUMPTIONS = True

    def __init__(self, options: dict, context: AnalysisContext):
        if not options["file"]:
            raise ConfigError("the witness CPA needs option 'cpa.witness.file'")
        witness = next(
            (e for e in read_witness(options["file"]).entries if isinstance(e, ViolationWitness)),
            None,
        )
        if witness is None:
            raise ConfigError(f"{options['file']}: no violation_sequence entry")
        self.segments = matched_segments(witness, context.cfa, context.specification)
        targets = context.specification.violation_nodes(context.cfa)
        self.domain = _SegmentDomain()
        self.transfer_relation = WitnessTransferRelation(
            self.segments, targets, options["matching"]
        )
        self.merge_operator = MergeSep()
        self.stop_operator = StopSep(self.domain)

    def initial_state(self, node: CFANode) -> WitnessState:
        return WitnessState(0)

    def partition_key(self, state: WitnessState) -> int:
        return state.segment

    def problems(self) -> list[str]:
        return problems(self.segments)


def matched_segments(
    witness: ViolationWitness, cfa: CFA, specification: Specification
) -> list[_Segment]:
    """The segments of ``witness`` with the edges of their waypoints in ``cfa``."""
    lines = source_lines(cfa.file)
    flat = [waypoint for segment in witness.segments for waypoint in segment]
    matched = iter(match_waypoints(cfa, specification, lines, flat))
    segments: list[_Segment] = []
    for number, segment in enumerate(witness.segments):
        edges = [next(matched) for _ in segment]
        for avoided in edges[:-1]:
            if any(len(c) > 1 for c in avoided.assumptions.values()):
                # avoiding a conjunction needs a disjunction: not read
                avoided.exact = False
                avoided.note = "an avoided assumption with '&&' is not read"
        segments.append(_Segment(edges[:-1], edges[-1], number == len(witness.segments) - 1))
    return segments


def problems(segments: list[_Segment]) -> list[str]:
    """Why a verdict under the witness may not be its validation: followed waypoints
    that match no edge (a TRUE would be no refutation), and constraints not read
    exactly (a FALSE would be no confirmation). Each says which."""
    found = []
    for number, segment in enumerate(segments, 1):
        for waypoint_edges in segment.avoid + [segment.follow]:
            waypoint = waypoint_edges.waypoint
            where = f"segment {number}, {waypoint.action} {waypoint.type} at line {waypoint.location.line}"
            if waypoint_edges is segment.follow and not waypoint_edges.holds:
                found.append(f"unmatched: {where}: {waypoint_edges.note or 'matches no edge'}")
            elif not waypoint_edges.holds:  # never avoided: more executions than allowed
                found.append(f"inexact: {where}: {waypoint_edges.note or 'matches no edge'}")
            elif not waypoint_edges.exact:
                found.append(f"inexact: {where}: {waypoint_edges.note}")
    return found
