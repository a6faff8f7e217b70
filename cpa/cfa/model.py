"""The control-flow automaton (CFA): locations and edges, one automaton per function.

Edges carry side-effect-free expressions (:mod:`cpa.cfa.expressions`). Interprocedural
structure follows CPAchecker: a call site has a :class:`FunctionCallEdge` into the
callee's entry, a :class:`FunctionReturnEdge` from the callee's exit back to the
return location, and a :class:`CallSummaryEdge` between call and return location in
the caller (which analyses that do not enter functions may follow). Calls of
functions without a body are plain :class:`ExternalCallEdge` statements.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import Enum

from cpa.cfa.data_model import DEFAULT, DataModel
from cpa.cfa.expressions import Expression, Variable
from cpa.cfa.types import CType


class EdgeKind(Enum):
    BLANK = "blank"
    DECLARATION = "declaration"
    ASSIGNMENT = "assignment"
    EXTERNAL_CALL = "external call"
    ASSUME = "assume"
    FUNCTION_CALL = "function call"
    FUNCTION_RETURN = "function return"
    CALL_SUMMARY = "call summary"
    RETURN_STATEMENT = "return statement"
    BLOCK = "block"


_node_ids = itertools.count()


class CFANode:
    """A program location.

    ``labels`` are the C labels at this location; ``error_call`` names the error
    function whose call ends here (``reach_error``, ``__VERIFIER_error``,
    ``__assert_fail``), so a specification can decide which nodes are targets.
    ``undefined`` describes the undefined behaviour that reaching the node means
    (:mod:`cpa.cfa.undefined`); such nodes are targets of every specification.
    """

    __slots__ = (
        "id",
        "function",
        "line",
        "leaving",
        "entering",
        "labels",
        "error_call",
        "undefined",
        "is_loop_head",
        "rpo_id",
        "wto_position",
    )

    def __init__(self, function: str, line: int = 0):
        self.id = next(_node_ids)
        self.function = function
        self.line = line
        self.leaving: list[CFAEdge] = []
        self.entering: list[CFAEdge] = []
        self.labels: tuple[str, ...] = ()
        self.error_call: str | None = None
        self.undefined: str | None = None
        self.is_loop_head = False
        self.rpo_id = -1  # reverse post-order index within the function, set by analysis
        self.wto_position = -1  # index in the function's flattened WTO, set by analysis

    def __repr__(self) -> str:
        return f"N{self.id}"

    def __lt__(self, other: CFANode) -> bool:
        return self.id < other.id


class FunctionEntryNode(CFANode):
    __slots__ = ("exit",)

    def __init__(self, function: str, line: int = 0):
        super().__init__(function, line)
        self.exit: FunctionExitNode | None = None


class FunctionExitNode(CFANode):
    __slots__ = ()


@dataclass(eq=False)
class CFAEdge:
    """Base class of all edges. ``text`` is the C code the edge came from; ``line`` and
    ``column`` (1-based, 0 if unknown) where it starts in the source file."""

    predecessor: CFANode
    successor: CFANode
    line: int
    text: str
    column: int = field(default=0, kw_only=True)
    kind = EdgeKind.BLANK

    def __repr__(self) -> str:
        return f"{self.predecessor!r} -{self.text}-> {self.successor!r}"

    # Edges compare by identity; hash on id for speed.
    __hash__ = object.__hash__


@dataclass(eq=False, repr=False)
class BlankEdge(CFAEdge):
    kind = EdgeKind.BLANK


@dataclass(eq=False, repr=False)
class DeclarationEdge(CFAEdge):
    """Declares ``variable``; no initializer means an unknown (nondeterministic) value
    for locals and zero for globals (the frontend emits the zero initializer)."""

    variable: Variable = None  # type: ignore[assignment]
    initializer: Expression | None = None
    #: the next edge assigns the value (``int y = f();`` split in two; temporaries),
    #: so the declaration itself reads no input
    initialised_by_next_edge: bool = False
    #: no initializer and no input: the value is indeterminate and no run chooses it
    #: (a jump into the local's scope; the result of a function that ends without
    #: ``return``)
    indeterminate: bool = False
    kind = EdgeKind.DECLARATION


@dataclass(eq=False, repr=False)
class AssignmentEdge(CFAEdge):
    lhs: Expression = None  # type: ignore[assignment]
    rhs: Expression = None  # type: ignore[assignment]
    kind = EdgeKind.ASSIGNMENT


@dataclass(eq=False, repr=False)
class ExternalCallEdge(CFAEdge):
    """A call of a function without a body: an unknown value of ``return_type``,
    converted to the type of ``lhs`` (if any) and stored there.

    ``__VERIFIER_nondet_*`` calls are external calls too. A call through a function
    pointer has ``function_name == "*"`` and the called pointer expression in
    ``function_pointer`` (the frontend does not resolve the possible targets).
    """

    function_name: str = ""
    arguments: tuple[Expression, ...] = ()
    lhs: Expression | None = None
    function_pointer: Expression | None = None
    return_type: CType | None = None  # None: void (or unknown, in hand-built CFAs)
    kind = EdgeKind.EXTERNAL_CALL


@dataclass(frozen=True)
class Branching:
    """The C construct whose condition an assume edge tests (``if``, a loop, ``?:``),
    and the value of the whole condition when the edge is taken.

    The CFA splits ``a && b`` into one edge per operand; a witness speaks of the whole
    condition at the construct's keyword, so each edge says where that is and, if
    taking it decides the condition, to what (``None``: another operand decides).
    """

    line: int
    column: int
    outcome: bool | None
    #: the construct's keyword (``if``, ``while``, ``for``, ``do``, ``switch``) or
    #: ``?:``, whose location in a witness is its ``?`` (the column here is the
    #: condition's start)
    construct: str = "if"
    #: for a ``switch``: the label an edge selects, the case's value or ``"default"``
    #: (``outcome`` True); the tests that pass a case label by have outcome None, and
    #: a case whose value is not a constant of the frontend has case None
    case: int | str | None = None


@dataclass(eq=False, repr=False)
class AssumeEdge(CFAEdge):
    """Passable only when ``condition`` evaluates to ``truth`` (non-zero for True)."""

    condition: Expression = None  # type: ignore[assignment]
    truth: bool = True
    branching: Branching | None = field(default=None, kw_only=True)
    kind = EdgeKind.ASSUME


@dataclass(eq=False, repr=False)
class FunctionCallEdge(CFAEdge):
    """Caller's call location -> callee's entry; binds ``arguments`` to the callee's
    parameters. ``summary`` links to the caller-side summary edge."""

    callee: str = ""
    arguments: tuple[Expression, ...] = ()
    summary: CallSummaryEdge | None = None
    kind = EdgeKind.FUNCTION_CALL


@dataclass(eq=False, repr=False)
class FunctionReturnEdge(CFAEdge):
    """Callee's exit -> caller's return location; assigns the callee's return
    variable to ``summary.lhs``."""

    callee: str = ""
    summary: CallSummaryEdge | None = None
    kind = EdgeKind.FUNCTION_RETURN


@dataclass(eq=False, repr=False)
class CallSummaryEdge(CFAEdge):
    """Call location -> return location in the caller, standing for the whole call."""

    callee: str = ""
    arguments: tuple[Expression, ...] = ()
    lhs: Expression | None = None
    call_edge: FunctionCallEdge | None = None
    return_edge: FunctionReturnEdge | None = None
    kind = EdgeKind.CALL_SUMMARY


@dataclass(eq=False, repr=False)
class ReturnStatementEdge(CFAEdge):
    """``return expr;``: assigns ``expr`` to the function's return variable, goes to exit."""

    expression: Expression | None = None
    return_variable: Variable | None = None
    kind = EdgeKind.RETURN_STATEMENT


@dataclass(eq=False, repr=False)
class SequenceEdge(CFAEdge):
    """LBE Rule 1: ``parts`` executed one after the other (a summarised straight line).

    Parts are ordinary edges or nested Sequence/Choice edges; their own end points are
    the locations of the original CFA that summarisation removed.
    """

    parts: tuple[CFAEdge, ...] = ()
    kind = EdgeKind.BLOCK


@dataclass(eq=False, repr=False)
class ChoiceEdge(CFAEdge):
    """LBE Rule 2: exactly one of ``alternatives`` is executed (parallel edges merged)."""

    alternatives: tuple[CFAEdge, ...] = ()
    kind = EdgeKind.BLOCK


def connect(edge: CFAEdge) -> CFAEdge:
    """Register ``edge`` at both of its end points and return it."""
    edge.predecessor.leaving.append(edge)
    edge.successor.entering.append(edge)
    return edge


def disconnect(edge: CFAEdge) -> None:
    """Remove ``edge`` from both of its end points."""
    edge.predecessor.leaving.remove(edge)
    edge.successor.entering.remove(edge)


@dataclass(eq=False)
class FunctionCFA:
    """The automaton of one function."""

    name: str
    entry: FunctionEntryNode
    exit: FunctionExitNode
    parameters: list[Variable]
    return_variable: Variable | None
    nodes: list[CFANode] = field(default_factory=list)
    line: int = 0

    def edges(self):
        """All edges leaving nodes of this function."""
        for node in self.nodes:
            yield from node.leaving


@dataclass(eq=False)
class CFA:
    """The whole program: functions by name, the entry function, global variables, and
    the data model its types were resolved under.

    Global declarations are edges at the start of the entry function, as in CPAchecker.
    """

    file: str
    functions: dict[str, FunctionCFA]
    entry_function: str
    global_variables: list[Variable]
    external_functions: set[str] = field(default_factory=set)
    data_model: DataModel = DEFAULT
    #: the variables whose address the program takes (``&x``, an array used as a
    #: pointer); pointers may point only to these, to their members and elements
    address_taken: frozenset[Variable] = frozenset()
    #: the functions with a body, and the property's target functions, whose address
    #: the program takes (the possible callees of a call through a pointer)
    address_taken_functions: frozenset[str] = frozenset()
    #: the allocating calls (``malloc``...) and the objects they create
    #: (:mod:`cpa.cfa.allocations`)
    allocation_sites: dict = field(default_factory=dict)
    #: the functions no execution enters twice, computed when a local's address is
    #: taken (:func:`cpa.cfa.allocations.functions_running_once`); only their locals
    #: can be objects at fixed addresses
    functions_running_once: frozenset[str] = frozenset()
    #: the address-taken locals of the other functions to which no pointer outlives an
    #: activation (:func:`cpa.cfa.escapes.contained_locals`): they can be objects at
    #: fixed addresses too
    contained_locals: frozenset = frozenset()
    #: the bytes of each string literal's array (its final zero included), by the
    #: read-only global that holds it (:meth:`cpa.cfa.lowering.FunctionLowering.string_value`)
    string_contents: dict[Variable, bytes] = field(default_factory=dict)
    #: the arrays among those of ``__func__`` and gcc's synonyms, one per function and
    #: name: no string literal's, so never merged with an equal literal
    function_names: frozenset = frozenset()

    @property
    def main(self) -> FunctionCFA:
        return self.functions[self.entry_function]

    def nodes(self):
        for function in self.functions.values():
            yield from function.nodes

    def edges(self):
        for function in self.functions.values():
            yield from function.edges()
