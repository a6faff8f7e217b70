"""Which CFA edges pass a waypoint of a violation witness, and what passing says.

A waypoint names a source location and a kind of program point there; the CFA has
edges with lines and columns. This module finds, once per witness, the edges of each
waypoint:

* ``branching``: the assume edges of the ``if``, loop or ``?:`` at the location that
  decide its whole condition (:class:`~cpa.cfa.model.Branching`); the waypoint holds
  on those whose outcome is the constraint's ``true``/``false``. At a ``switch``, the
  constraint is a case label's value or ``default``, and the waypoint holds on the
  edge that selects that label (a value that is no label of the switch is not read).
* ``function_enter``: the call edges of the call at the location.
* ``function_return``: leaving the call that closes at the location (the function's
  return edge, or the call of a function without a body); the constraint
  ``\\result OP constant`` becomes an assume edge over the returned value.
* ``target``: the edges into a target location of the specification at that line.
* ``assumption``: the edges into the location where the statement at the waypoint
  starts; its C expression (:mod:`cpa.witness.c_expression`) becomes assume edges. An
  expression that is not read leaves a followed assumption passed whatever the values
  (more executions than the witness allows) and an avoided one never passed;
  :attr:`WaypointEdges.exact` says so.

Columns: a location without a column means the first construct of the waypoint's
kind on the line (as the format's published examples read). One with a column
selects the constructs starting there; where no
construct on the line starts at that column but all of the line's candidates start at
one column, those are taken (our columns come from the preprocessed text and may
drift); otherwise the waypoint matches nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cpa.cfa.expressions import BinaryExpression, IntConstant, VariableRef
from cpa.cfa.model import (
    CFA,
    AssumeEdge,
    CFAEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionReturnEdge,
)
from cpa.cfa.scopes import UnsupportedConstant, parse_constant
from cpa.cfa.targets import Specification
from cpa.cfa.types import INT, IntegerType
from cpa.errors import CpaError
from cpa.witness.c_expression import conditions
from cpa.witness.format import Waypoint
from cpa.witness.source import branching_column, closing_parenthesis

#: ``\\result OP constant`` (ACSL; the constant as C writes it, maybe in parentheses)
RESULT_CONSTRAINT = re.compile(
    r"\s*\\result\s*(==|!=|<=|>=|<|>)\s*\(?\s*([+-]?\s*(?:0[xX][0-9a-fA-F]+|\d+))\s*[uUlL]*\s*\)?\s*"
)


@dataclass
class WaypointEdges:
    """The edges that pass one waypoint.

    ``holds[edge]`` is whether passing along ``edge`` satisfies the constraint (for a
    branching: the outcome agrees); ``assumptions[edge]`` are assume edges that must
    hold after ``edge`` for the constraint to be satisfied (a function's result).
    """

    waypoint: Waypoint
    holds: dict[CFAEdge, bool] = field(default_factory=dict)
    assumptions: dict[CFAEdge, tuple[AssumeEdge, ...]] = field(default_factory=dict)
    #: False if passing is decided with less than the constraint says (see module doc)
    exact: bool = True
    #: why the waypoint is not exact, or matches nothing
    note: str = ""


def match_waypoints(
    cfa: CFA, specification: Specification, source_lines: list[str], waypoints: list[Waypoint]
) -> list[WaypointEdges]:
    """The edges of each of ``waypoints``, in the same order."""
    index = _EdgeIndex(cfa, specification, source_lines)
    return [index.match(waypoint) for waypoint in waypoints]


def statement_start(edges: list[CFAEdge], line: int, column: int | None) -> list[CFAEdge]:
    """Of ``edges`` (those of ``line``), the first edges of the statement at ``line``:
    ``column``: those starting at the column, or where none does (a declaration ``int
    z = ...`` starts at ``int``), the edges of the line entered from elsewhere."""

    def start(edge: CFAEdge) -> int:
        branching = edge.branching if isinstance(edge, AssumeEdge) else None
        return branching.column if branching is not None else edge.column

    statement = [e for e in edges if not isinstance(e, FunctionReturnEdge)]
    first = [e for e in statement if start(e) == column]
    if first:
        return first
    return [e for e in statement if not any(o.line == line for o in e.predecessor.entering)]


def _switch_label(value: str) -> int | str | None:
    """A switch waypoint's value: ``default``, or an integer constant read as the
    frontend reads one in the program (an optional sign in front)."""
    if value == "default":
        return value
    sign = -1 if value.startswith("-") else 1
    digits = (value[1:] if value[:1] in ("+", "-") else value).strip()
    if not digits[:1].isdigit():  # the frontend reads unsigned literals only
        return None
    try:
        number, ctype = parse_constant("int", digits)
    except (CpaError, UnsupportedConstant, ValueError, IndexError):
        return None
    return sign * number if isinstance(number, int) and isinstance(ctype, IntegerType) else None


class _EdgeIndex:
    def __init__(self, cfa: CFA, specification: Specification, lines: list[str]):
        self.cfa = cfa
        self.lines = lines
        self.by_line: dict[int, list[CFAEdge]] = {}
        #: assume edges by the line of their construct (a switch's tests are at its
        #: case labels' lines)
        self.by_construct_line: dict[int, list[AssumeEdge]] = {}
        for edge in cfa.edges():
            self.by_line.setdefault(edge.line, []).append(edge)
            if isinstance(edge, AssumeEdge) and edge.branching is not None:
                self.by_construct_line.setdefault(edge.branching.line, []).append(edge)
        self.targets = specification.violation_nodes(cfa)

    def match(self, waypoint: Waypoint) -> WaypointEdges:
        result = WaypointEdges(waypoint)
        kind = waypoint.type
        line = waypoint.location.line
        edges = self.by_line.get(line, [])
        if kind == "branching":
            candidates = [
                (branching_column(self.lines, e.branching) or 0, e)
                for e in self.by_construct_line.get(line, [])
                if e.branching.outcome is not None
            ]
            value = (waypoint.constraint or "").strip().lower()
            selected = self._select(candidates, waypoint)
            if selected and all(e.branching.construct == "switch" for e in selected):
                label = _switch_label(value)
                if label is None:
                    result.note = f"switch value {waypoint.constraint!r} is no case label"
                    result.exact = False
                    return result
                if not any(e.branching.case == label for e in selected):
                    result.note = f"the switch has no case {waypoint.constraint!r} read"
                    result.exact = False
                    return result
                for edge in selected:
                    result.holds[edge] = edge.branching.case == label
                return result
            if value not in ("true", "false", "0", "1"):
                result.note = f"branching value {waypoint.constraint!r} is not true or false"
                result.exact = False
                return result
            wanted = value in ("true", "1")
            for edge in selected:
                result.holds[edge] = edge.branching.outcome == wanted
        elif kind == "function_enter":
            candidates = self._calls(edges, FunctionCallEdge)
            for edge in self._select(candidates, waypoint):
                result.holds[edge] = True
        elif kind == "function_return":
            self._function_return(waypoint, edges, result)
        elif kind == "target":
            candidates = [(e.column, e) for e in edges if e.successor in self.targets]
            for edge in self._select(candidates, waypoint):
                result.holds[edge] = True
        elif kind == "assumption":
            self._assumption(waypoint, edges, result)
        if not result.holds and not result.note:
            result.note = f"no program point of this kind at line {line}"
        return result

    def _calls(self, edges: list[CFAEdge], internal: type) -> list[tuple[int, CFAEdge]]:
        """The calls of functions without a body and the ``internal`` edges (call or
        return) of the others, each with the column of its call's ``)``."""
        candidates: list[tuple[int, CFAEdge]] = []
        for edge in edges:
            if isinstance(edge, ExternalCallEdge) and edge.function_name != "*":
                name = edge.function_name
            elif isinstance(edge, internal):
                name = edge.callee
            else:
                continue
            close = closing_parenthesis(self.lines, edge.line, edge.column, name)
            candidates.append((close or 0, edge))
        return candidates

    def _select(self, candidates: list[tuple[int, CFAEdge]], waypoint: Waypoint) -> list[CFAEdge]:
        column = waypoint.location.column
        if column is None:  # the first such construct on the line
            first = min((start for start, _ in candidates), default=0)
            return [edge for start, edge in candidates if start == first]
        exact = [edge for start, edge in candidates if start == column]
        if exact:
            return exact
        if len({start for start, _ in candidates}) == 1:
            return [edge for _, edge in candidates]
        return []

    def _assumption(self, waypoint: Waypoint, edges: list[CFAEdge], result: WaypointEdges) -> None:
        """Before the statement at the location: after the edges into its first edge
        (the edges of the line entered from elsewhere, where no edge starts exactly at
        the column, as a declaration ``int z = ...`` starts at ``int``)."""
        line = waypoint.location.line
        first = statement_start(edges, line, waypoint.location.column)
        function = waypoint.location.function or (first[0].predecessor.function if first else None)
        found = conditions(waypoint.constraint or "", self.cfa, function, line)
        if found is None:
            result.exact = False
            result.note = f"the C expression {waypoint.constraint!r} is not read"
        for edge in first:
            for entering in edge.predecessor.entering:
                result.holds[entering] = True
                if found:
                    result.assumptions[entering] = tuple(
                        AssumeEdge(
                            entering.successor,
                            entering.successor,
                            line,
                            f"[witness: {waypoint.constraint}]",
                            condition,
                            True,
                        )
                        for condition in found
                    )

    def _function_return(
        self, waypoint: Waypoint, edges: list[CFAEdge], result: WaypointEdges
    ) -> None:
        candidates = self._calls(edges, FunctionReturnEdge)
        relation = RESULT_CONSTRAINT.fullmatch(waypoint.constraint or "")
        for edge in self._select(candidates, waypoint):
            result.holds[edge] = True
            if relation is None:
                result.exact = False
                result.note = f"constraint {waypoint.constraint!r} is not \\result OP constant"
                continue
            value = _result_value(self.cfa, edge)
            if value is None:
                if isinstance(edge, ExternalCallEdge) and edge.lhs is None:
                    continue  # the value is not used: any constraint on it is immaterial
                result.exact = False
                result.note = "the call's result is converted before it is stored"
                continue
            number = result_constant(relation)
            if not value.type.min_value <= number <= value.type.max_value:
                # ACSL compares mathematical integers: decide it on the range
                result.exact = False
                result.note = f"constant {number} is outside the range of {value.type}"
                continue
            constant = IntConstant(number, value.type)
            condition = BinaryExpression(relation.group(1), value, constant, INT)
            text = f"[witness: {waypoint.constraint}]"
            assumption = AssumeEdge(
                edge.successor, edge.successor, edge.line, text, condition, True, column=edge.column
            )
            result.assumptions[edge] = (assumption,)


def result_constant(relation: re.Match) -> int:
    """The constant of a :data:`RESULT_CONSTRAINT` match."""
    return int(relation.group(2).replace(" ", ""), 0)


def _result_value(cfa: CFA, edge: CFAEdge) -> VariableRef | None:
    """The variable that holds the call's result, unconverted, after ``edge``."""
    if isinstance(edge, FunctionReturnEdge):
        variable = cfa.functions[edge.callee].return_variable
        if variable is None or not isinstance(variable.type, IntegerType):
            return None
        return VariableRef(variable, variable.type)
    if isinstance(edge, ExternalCallEdge):
        lhs = edge.lhs
        if (
            isinstance(lhs, VariableRef)
            and isinstance(lhs.type, IntegerType)
            and lhs.type == edge.return_type
        ):
            return lhs
    return None
