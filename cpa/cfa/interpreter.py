"""A concrete interpreter of CFAs: replays a counterexample with given input values.

The verifier reports FALSE together with the values of the nondeterministic events
along the error path. :func:`run` executes the program's CFA from the entry function
with exactly those values and says whether a target of the specification is reached,
so a FALSE verdict can be double-checked before it is reported (and tests can check
engines against ground truth).

Semantics: C's, as gcc on x86 computes it, under the CFA's data model. The analyses
encode the same rules as formulas, but this interpreter does not share their code:
it computes with :mod:`cpa.cfa.integers` on concrete values, so an error in the
encoding is not confirmed by a replay. (``cpa replay`` goes further and runs the
program compiled by gcc.)

* Integers are **machine integers**: every operation is done in the type of the
  expression (the frontend made the conversions explicit) and wraps around modulo
  2^width; a value stored into a variable is converted to its type. A signed overflow
  of ``+ - *`` or unary ``-`` stops the run as undefined behaviour: gcc ``-O0`` wraps,
  but an optimising build may assume it never happens, so no FALSE may rest on it.
  Division by zero stops the run as a trap (SIGFPE on x86): the target is not
  reached. ``MIN / -1`` and ``MIN % -1`` stop it as undefined behaviour: ``idiv``
  traps, but gcc turns a divisor it knows to be ``-1`` into a negation and the
  program goes on. A shift by an amount outside
  ``[0, width)`` stops it as undefined behaviour.
* **Inputs** (:func:`cpa.cfa.inputs.consumes_input` is the single source of truth,
  the verifier's input list follows it): one value is taken, in execution order, for

  - every :class:`DeclarationEdge` without initializer of a *scalar* local (not of an
    ``extern`` global that is never defined: no run chooses its value), except the declarations the
    frontend splits from their value (``int y = f();`` becomes a declaration and the
    call; its temporaries ``__cpa_tmp_N`` are declared, then assigned), see
    ``DeclarationEdge.initialised_by_next_edge``;
  - every :class:`ExternalCallEdge` of a function that returns a value, used or not
    (``x = g();``, ``__VERIFIER_nondet_*``), except the allocation functions
    (:data:`ALLOCATION_FUNCTIONS`), which create a fresh memory block; the value is
    taken as one of the return type. External calls have no other effect, and a
    GCC builtin that :mod:`cpa.cfa.builtins` does not model stops the run.

  Uninitialised local arrays and structs consume nothing; reading one of their cells
  before writing it stops the run as unsupported.
* Globals are initialised by their declaration edges at the start of ``main``
  (the frontend emits zero initialisers).
* Functions with a body are entered via :class:`FunctionCallEdge` (never the
  :class:`CallSummaryEdge`); each call gets a frame of locals keyed by
  ``Variable.name``; ``return e`` stores into the return variable and the
  :class:`FunctionReturnEdge` matching the frame's call site assigns it to the caller's
  left-hand side.
* Memory: every variable and every allocation is a block of cells addressed by a
  path of array indices and field names; pointers are (block, path) pairs, so ``&x``,
  ``*p``, ``p->f``, ``a[i]`` and pointer arithmetic inside arrays work (in steps of
  the pointer's type: a ``char *`` over an array of structs moves by whole elements,
  anything finer is unsupported). The blocks of a function's locals die when it
  returns; the end of an inner block is not marked, so taking the address of a
  variable declared there stops the run as unsupported (as the encoding refuses it),
  lest a pointer used after its block go unnoticed; a ``MemoryCheck`` (the frontend's
  check before a pointer operation) holds when the pointer designates a live part of
  a block of a type the access may read, or stays inside its block. A union is one cell
  of its bytes (:class:`UnionBytes`, little-endian, with the bits that are known), and
  a path into it ends in the byte offset of the part it designates (:class:`_Slice`).
  Floating point, calls through function pointers and pointer/integer mixing stop
  the run with ``unsupported: ...``.
* LBE block edges: a :class:`SequenceEdge` executes its parts in order; a
  :class:`ChoiceEdge` tries its alternatives in order (with an undo journal) and keeps
  the first one whose assumptions hold (inputs consumed by an abandoned alternative
  are given back). Summarisation deletes locations that cannot reach a target (as does
  pruning), so on such a CFA a path that misses every target may end as ``blocked``
  instead of ``program ended``; whether a target is reached is the same.
* Reasons: ``target reached``, ``program ended``, ``inputs exhausted``, ``step limit``,
  ``blocked: ...``, ``unsupported: ... at line N``, ``undefined behaviour: ... at line
  N`` (division by zero, null dereference, index out of bounds).

:func:`run` never raises for a bad program: every problem is a ``reason`` string.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cpa.cfa import builtins, c_types, integers
from cpa.cfa.addresses import edge_expressions
from cpa.cfa.allocations import FREE, AllocationSite
from cpa.cfa.data_model import DataModel
from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    BinaryExpression,
    CastExpression,
    Dereference,
    Expression,
    FieldAccess,
    FloatConstant,
    FunctionRef,
    InitializerList,
    IntConstant,
    MemoryCheck,
    SizeOf,
    StringLiteral,
    UnaryExpression,
    Variable,
    VariableRef,
    variables_of,
)
from cpa.cfa.inputs import ALLOCATION_FUNCTIONS, consumes_input
from cpa.cfa.lbe import program_edges
from cpa.cfa.lowering import order_choice_value
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    AssumeEdge,
    BlankEdge,
    CallSummaryEdge,
    CFAEdge,
    CFANode,
    ChoiceEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionExitNode,
    FunctionReturnEdge,
    ReturnStatementEdge,
    SequenceEdge,
)
from cpa.cfa.scopes import UnsupportedConstant, literal_units
from cpa.cfa.targets import Specification
from cpa.cfa.types import (
    ArrayType,
    CType,
    FloatType,
    FunctionType,
    IntegerType,
    PointerType,
    StructType,
    VoidType,
)

#: External functions that return a fresh memory block instead of consuming an input.
_ZEROING_ALLOCATORS = frozenset(["calloc", "kzalloc"])

REASON_TARGET = "target reached"
REASON_ENDED = "program ended"
REASON_EXHAUSTED = "inputs exhausted"
REASON_STEP_LIMIT = "step limit"


@dataclass
class ReplayResult:
    """Outcome of :func:`run`.

    ``trace`` lists the executed edges of the CFA as given (block edges of an LBE CFA
    stay whole); ``inputs_used`` pairs each consumed value with the edge that consumed
    it (values from ``default_input`` included), ``notes`` records oddities such as
    several enabled edges at one location.
    """

    reached_target: bool
    target_node: CFANode | None
    steps: int
    trace: list[CFAEdge]
    reason: str
    final_node: CFANode | None = None
    inputs_used: list[tuple[CFAEdge, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.reason} after {self.steps} steps"


# ----------------------------------------------------------------------------- values


class Block:
    """A memory block (a variable or an allocation): cells addressed by paths.

    A path is a tuple of array indices (int) and field names (str). Cells that were
    never written read as zero when a prefix of their path is in ``zero_prefixes``.
    """

    __slots__ = ("name", "ctype", "cells", "zero_prefixes", "alive", "read_only", "block_scoped")

    def __init__(
        self,
        name: str,
        ctype: CType | None,
        zero: bool = False,
        read_only: bool = False,
        block_scoped: bool = False,
    ):
        self.name = name
        #: a variable declared in an inner block (see ``_Interpreter._pointer_to``)
        self.block_scoped = block_scoped
        self.ctype = ctype
        self.cells: dict[tuple, object] = {}
        self.zero_prefixes: set[tuple] = {()} if zero else set()
        #: False once the block's lifetime ended (a local after its function returned)
        self.alive = True
        #: a const object (a store through a pointer into it is undefined)
        self.read_only = read_only

    def is_zero(self, path: tuple) -> bool:
        return any(path[:i] in self.zero_prefixes for i in range(len(path) + 1))


class Pointer:
    """A pointer into ``block`` at ``path``."""

    __slots__ = ("block", "path")

    def __init__(self, block: Block, path: tuple):
        self.block = block
        self.path = path

    def __repr__(self) -> str:
        return f"&{self.block.name}{list(self.path)}"


@dataclass(frozen=True)
class FunctionValue:
    """A function designator used as a value (a function pointer)."""

    name: str


@dataclass(frozen=True)
class UnionBytes:
    """The contents of a union: its bytes as one little-endian number (x86's order, in
    which gcc lays out members) and which of its bits are known (``-1``: all); a member
    reads and writes its part of them, so a member read after another was written gives
    the bytes gcc gives. A pointer stored into the union is kept as itself, with its
    byte offset and size (``pointers``): its bytes are gcc's address, which a replay
    does not know, so they are unknown as integers, and only a read of that pointer at
    that offset gets it back."""

    value: int
    known: int
    pointers: tuple[tuple[int, int, object], ...] = ()

    def bits_at(self, offset: int, size: int) -> int | None:
        """The ``size`` bytes from byte ``offset`` on, None unless all are known."""
        mask = ((1 << 8 * size) - 1) << 8 * offset
        if self.known & mask != mask:
            return None
        return (self.value & mask) >> 8 * offset

    def holds_pointer_in(self, offset: int, size: int) -> bool:
        """Whether a stored pointer has a byte among the ``size`` bytes from ``offset``."""
        return any(_overlap(entry, offset, size) for entry in self.pointers)

    def pointer_at(self, offset: int, size: int) -> object | None:
        """The pointer of ``size`` bytes at ``offset``: the one stored there, or null
        where the bytes are zero (gcc's null pointer); None for anything else, which is
        not a pointer the replay knows."""
        for at, length, pointer in self.pointers:
            if at == offset and length == size:
                return pointer
        if not self.holds_pointer_in(offset, size) and self.bits_at(offset, size) == 0:
            return 0
        return None

    def part(self, offset: int, size: int) -> UnionBytes:
        """The ``size`` bytes from ``offset`` on, as the contents of a union of their own
        (a union inside this one)."""
        mask = (1 << 8 * size) - 1
        inside = tuple(
            (at - offset, length, pointer)
            for at, length, pointer in self.pointers
            if offset <= at and at + length <= offset + size
        )
        return UnionBytes(
            (self.value >> 8 * offset) & mask, (self.known >> 8 * offset) & mask, inside
        )


@dataclass(frozen=True)
class _Slice:
    """The last key of a path into a union: the part of the union's bytes that starts
    ``offset`` bytes in (a member, an element or member inside one). An element of an
    array also knows the array (bytes ``low`` to ``high``, elements of ``element``
    bytes), the bounds of pointer arithmetic from it. Parts at one offset are one
    address: only the offset takes part in equality."""

    offset: int
    low: int = field(default=0, compare=False)
    high: int = field(default=-1, compare=False)
    element: int = field(default=0, compare=False)


@dataclass
class Aggregate:
    """The value of a whole struct: cells and zero prefixes relative to its base."""

    cells: dict[tuple, object]
    zero_prefixes: set[tuple]


class Frame:
    """The locals of one function activation and the call edge that created it."""

    __slots__ = ("function", "locals", "call_edge")

    def __init__(self, function: str, call_edge: FunctionCallEdge | None):
        self.function = function
        self.locals: dict[str, Block] = {}
        self.call_edge = call_edge


_MISSING = object()


class _State:
    """Everything an edge may change, with an undo journal for trial executions.

    While a trial runs (``ChoiceEdge`` alternatives, several candidate edges at a
    location), every change is journaled so that :meth:`rollback` restores the state,
    including the input position: inputs consumed by an abandoned trial are given back.
    """

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.globals: dict[str, Block] = {}
        self.input_position = 0
        self.inputs_used: list[tuple[CFAEdge, int]] = []
        self.journal: list[tuple] = []
        self.trials = 0  # nesting depth of active trials; journal only when > 0

    def checkpoint(self) -> tuple[int, int, int]:
        self.trials += 1
        return len(self.journal), self.input_position, len(self.inputs_used)

    def commit(self) -> None:
        self.trials -= 1
        if self.trials == 0:
            self.journal.clear()

    def rollback(self, mark: tuple[int, int, int]) -> None:
        length, position, used = mark
        journal = self.journal
        while len(journal) > length:
            record = journal.pop()
            kind = record[0]
            if kind == "cell":
                _, table, key, old = record
                if old is _MISSING:
                    table.pop(key, None)
                else:
                    table[key] = old
            elif kind == "zeros":
                record[1].zero_prefixes = record[2]
            elif kind == "dead":
                record[1].alive = True
            elif kind == "push":
                self.frames.pop()
            elif kind == "pop":
                self.frames.append(record[1])
        self.input_position = position
        del self.inputs_used[used:]
        self.commit()

    def set_cell(self, block: Block, path: tuple, value: object) -> None:
        self._set(block.cells, path, value)

    def delete_cell(self, block: Block, path: tuple) -> None:
        if self.trials:
            self.journal.append(("cell", block.cells, path, block.cells[path]))
        del block.cells[path]

    def set_zeros(self, block: Block, zeros: set[tuple]) -> None:
        if self.trials:
            self.journal.append(("zeros", block, block.zero_prefixes))
        block.zero_prefixes = zeros

    def end_lifetime(self, block: Block) -> None:
        if self.trials and block.alive:
            self.journal.append(("dead", block))
        block.alive = False

    def bind(self, table: dict[str, Block], name: str, block: Block) -> None:
        self._set(table, name, block)

    def push(self, frame: Frame) -> None:
        if self.trials:
            self.journal.append(("push",))
        self.frames.append(frame)

    def pop(self) -> Frame:
        frame = self.frames.pop()
        if self.trials:
            self.journal.append(("pop", frame))
        return frame

    def _set(self, table: dict, key: object, value: object) -> None:
        if self.trials:
            self.journal.append(("cell", table, key, table.get(key, _MISSING)))
        table[key] = value


# ------------------------------------------------------------------------- exceptions


class _Stop(Exception):
    """The run ends with ``reason`` (``line`` is added from the current edge)."""

    def __init__(self, reason: str, with_line: bool = True):
        super().__init__(reason)
        self.reason = reason
        self.with_line = with_line


class _Unsupported(_Stop):
    def __init__(self, construct: str):
        super().__init__(f"unsupported: {construct}")


class _Undefined(_Stop):
    def __init__(self, what: str):
        super().__init__(f"undefined behaviour: {what}")


class _Trapped(_Stop):
    def __init__(self, what: str):
        super().__init__(f"program stopped by a trap: {what}")


class _Exhausted(_Stop):
    def __init__(self) -> None:
        super().__init__(REASON_EXHAUSTED, with_line=False)


class _Blocked(Exception):
    """An assumption on the executed path is false."""

    def __init__(self, edge: CFAEdge):
        super().__init__(edge.text)
        self.edge = edge


class _TargetReached(Exception):
    def __init__(self, node: CFANode):
        super().__init__(repr(node))
        self.node = node


# ------------------------------------------------------------------------ interpreter


def run(
    cfa: CFA,
    spec: Specification,
    inputs: Sequence[int],
    max_steps: int = 1_000_000,
    default_input: int | None = None,
    stop_at: float | None = None,
) -> ReplayResult:
    """Execute ``cfa`` from the entry of its entry function with ``inputs``.

    When the inputs run out, ``default_input`` (if given) is used for every further
    nondeterministic value, otherwise the run stops with ``"inputs exhausted"``.
    ``max_steps`` bounds the number of executed (top-level) edges, ``stop_at`` (a
    :func:`time.monotonic` instant) the time: the run then stops with ``"step limit"``.
    """
    # a sequence is read by index only (it may draw its values as they are read)
    values = inputs if isinstance(inputs, Sequence) else list(inputs)
    return _Interpreter(cfa, spec, values, max_steps, default_input, stop_at).run()


class _Interpreter:
    def __init__(
        self,
        cfa: CFA,
        spec: Specification,
        inputs: Sequence[int],
        max_steps: int,
        default_input: int | None,
        stop_at: float | None = None,
    ):
        self.cfa = cfa
        self.spec = spec
        self.inputs = inputs
        self.max_steps = max_steps
        self.stop_at = stop_at
        self.default_input = default_input
        self.state = _State()
        self.trace: list[CFAEdge] = []
        self.notes: list[str] = []
        self.edge: CFAEdge | None = None  # innermost edge being executed, for messages
        self.node: CFANode | None = None
        #: the blocks of malloc and calloc (which free accepts)
        self.heap_blocks: set[Block] = set()
        #: each string literal's array whose bytes an earlier literal has: its name
        self.equal_literals = _equal_literals(cfa)

    # -- driver ------------------------------------------------------------------

    def run(self) -> ReplayResult:
        try:
            return self._run()
        except _TargetReached as reached:
            return self._result(REASON_TARGET, reached.node)
        except _Stop as stop:
            return self._result(self._with_line(stop))
        except _Blocked as blocked:
            return self._result(self._blocked_reason(blocked.edge))
        except RecursionError:
            return self._result("unsupported: expression nested too deeply")
        except Exception as error:  # never let a bad program crash the caller
            return self._result(f"internal error: {type(error).__name__}: {error}")

    def _result(self, reason: str, target: CFANode | None = None) -> ReplayResult:
        return ReplayResult(
            reached_target=target is not None,
            target_node=target,
            steps=len(self.trace),
            trace=self.trace,
            reason=reason,
            final_node=target or self.node,
            inputs_used=list(self.state.inputs_used),
            notes=self.notes,
        )

    def _with_line(self, stop: _Stop) -> str:
        if stop.with_line and self.edge is not None:
            return f"{stop.reason} at line {self.edge.line}"
        return stop.reason

    @staticmethod
    def _blocked_reason(edge: CFAEdge) -> str:
        return f"blocked: assumption {edge.text} is false at line {edge.line}"

    def _run(self) -> ReplayResult:
        if self.cfa.entry_function not in self.cfa.functions:
            return self._result(f"unsupported: no entry function {self.cfa.entry_function}")
        main = self.cfa.main
        read = _parameters_read(main)
        if read:  # the run has no command line to give them values from
            names = ", ".join(parameter.c_name for parameter in read)
            return self._result(
                f"unsupported: the parameters of {main.name} ({names}) at line {main.line}"
            )
        self.state.frames.append(Frame(main.name, None))
        node: CFANode = main.entry
        while True:
            self.node = node
            if node.undefined is not None:  # a check of cpa.cfa.undefined failed
                raise _Undefined(node.undefined)
            if self.spec.is_target(node):
                raise _TargetReached(node)
            steps = len(self.trace)
            if steps >= self.max_steps:
                return self._result(REASON_STEP_LIMIT)
            if self.stop_at is not None and steps % 256 == 0 and time.monotonic() > self.stop_at:
                return self._result(REASON_STEP_LIMIT)
            candidates = self._candidates(node)
            if candidates is None:
                return self._result(REASON_ENDED)
            edge = self._choose(node, candidates)
            node = self._execute_top(edge)

    def _candidates(self, node: CFANode) -> list[CFAEdge] | None:
        """The edges that may leave ``node`` now; None when the program ends here."""
        if isinstance(node, FunctionExitNode) and len(self.state.frames) > 1:
            frame = self.state.frames[-1]
            call = frame.call_edge
            for edge in node.leaving:
                if isinstance(edge, FunctionReturnEdge) and (
                    (call.summary is not None and edge.summary is call.summary)
                    or (edge.summary is not None and edge.summary.call_edge is call)
                ):
                    return [edge]
            raise _Unsupported(f"no return edge from {node.function} to its call site")
        edges = [
            e
            for e in node.leaving
            if not isinstance(e, CallSummaryEdge) and not isinstance(e, FunctionReturnEdge)
        ]
        if not edges:
            summaries = [e for e in node.leaving if isinstance(e, CallSummaryEdge)]
            edges = [s.call_edge for s in summaries if s.call_edge is not None]
        if not edges:
            if any(isinstance(e, CallSummaryEdge) for e in node.leaving):
                raise _Unsupported("call summary without call edge")
            return None  # a sink (abort, exit, end of main) or main's exit
        return edges

    def _choose(self, node: CFANode, edges: list[CFAEdge]) -> CFAEdge:
        """The one enabled edge among ``edges``; edges other than assumptions are tried
        and rolled back (the chosen one then runs for real)."""
        if len(edges) == 1:
            return edges[0]
        enabled: list[CFAEdge] = []
        exhausted = False
        for edge in edges:
            if isinstance(edge, AssumeEdge):
                self.edge = edge
                if self._holds(edge):
                    enabled.append(edge)
                continue
            mark = self.state.checkpoint()
            try:
                self._execute(edge)
            except _Blocked:
                continue
            except _Exhausted:
                exhausted = True
                continue
            except _TargetReached:
                pass
            finally:
                self.state.rollback(mark)
            enabled.append(edge)
        if not enabled:
            if exhausted:
                raise _Exhausted()
            raise _Stop(f"blocked: no enabled edge at {node!r} (line {node.line})", False)
        if len(enabled) > 1:
            self.notes.append(
                f"{len(enabled)} edges enabled at {node!r} (line {node.line}); took the first"
            )
        return enabled[0]

    def _execute_top(self, edge: CFAEdge) -> CFANode:
        """Execute a top-level edge and record it in the trace."""
        try:
            self._execute(edge)
        except _TargetReached:
            self.trace.append(edge)
            raise
        self.trace.append(edge)
        return edge.successor

    # -- edges -------------------------------------------------------------------

    def _execute(self, edge: CFAEdge) -> None:
        if isinstance(edge, SequenceEdge):
            for part in edge.parts[:-1]:
                self._execute(part)
                if part.successor.undefined is not None:
                    self.node = part.successor
                    raise _Undefined(part.successor.undefined)
                if self.spec.is_target(part.successor):  # not expected after LBE
                    raise _TargetReached(part.successor)
            if edge.parts:
                self._execute(edge.parts[-1])
            return
        if isinstance(edge, ChoiceEdge):
            self._choice(edge)
            return
        self.edge = edge
        if isinstance(edge, BlankEdge):
            return
        if isinstance(edge, AssumeEdge):
            if not self._holds(edge):
                raise _Blocked(edge)
        elif isinstance(edge, DeclarationEdge):
            self._declare(edge)
        elif isinstance(edge, AssignmentEdge):
            self._store_to(edge.lhs, self._eval(edge.rhs))
        elif isinstance(edge, ExternalCallEdge):
            self._external_call(edge)
        elif isinstance(edge, FunctionCallEdge):
            self._call(edge)
        elif isinstance(edge, FunctionReturnEdge):
            self._return(edge)
        elif isinstance(edge, ReturnStatementEdge):
            if edge.expression is not None and edge.return_variable is not None:
                value = self._eval(edge.expression)
                block = self._lookup(edge.return_variable, create=True)
                self._store(block, (), edge.return_variable.type, value)
        elif isinstance(edge, CallSummaryEdge):
            raise _Unsupported("call summary edge inside a block")
        else:
            raise _Unsupported(f"edge kind {type(edge).__name__}")

    def _choice(self, edge: ChoiceEdge) -> None:
        exhausted = False
        for alternative in edge.alternatives:
            mark = self.state.checkpoint()
            try:
                self._execute(alternative)
            except _Blocked:
                self.state.rollback(mark)
                continue
            except _Exhausted:
                self.state.rollback(mark)
                exhausted = True
                continue
            except BaseException:
                self.state.commit()
                raise
            self.state.commit()
            return
        if exhausted:
            raise _Exhausted()
        raise _Blocked(edge)

    def _holds(self, edge: AssumeEdge) -> bool:
        return _truth(self._eval(edge.condition)) == edge.truth

    def _next_input(self, edge: CFAEdge, ctype: CType | None) -> int:
        """The next input, as a value of ``ctype`` (the type the input is read as)."""
        state = self.state
        if state.input_position < len(self.inputs):
            value = self.inputs[state.input_position]
            state.input_position += 1
        elif self.default_input is not None:
            value = self.default_input
        else:
            raise _Exhausted()
        if not isinstance(value, int):
            raise _Stop(f"bad input value {value!r}")
        if isinstance(ctype, IntegerType):
            value = integers.wrap(value, ctype)
        state.inputs_used.append((edge, value))
        return value

    def _declare(self, edge: DeclarationEdge) -> None:
        variable = edge.variable
        if variable is None or isinstance(variable.type, FunctionType):
            return
        twin = self.equal_literals.get(variable.name)
        if twin is not None and twin in self.state.globals:
            # gcc (-O0 too) gives equal string literals of a file one array
            self.state.bind(self.state.globals, variable.name, self.state.globals[twin])
            return
        block = _variable_block(variable)
        table = self.state.globals if variable.is_global else self.state.frames[-1].locals
        self.state.bind(table, variable.name, block)
        if edge.initializer is not None:
            self._initialise(block, (), variable.type, edge.initializer, variable.is_global)
        elif consumes_input(edge):
            self._store(block, (), variable.type, self._next_input(edge, variable.type))

    def _initialise(
        self, block: Block, path: tuple, ctype: CType, init: Expression, static: bool
    ) -> None:
        """Store the initializer ``init`` of the part ``path`` of type ``ctype``;
        ``static``: of an object of static storage duration."""
        if isinstance(init, InitializerList):
            inside = bool(path) and isinstance(path[-1], _Slice)  # a union's bytes
            size = c_types.size_of(ctype, self.cfa.data_model) if inside else None
            if inside and size is None:
                raise _Unsupported(f"size of {ctype}")
            if c_types.is_union(ctype):
                # the first member; the other bytes are zero only in a static object
                if inside:
                    self._store_slice(block, path, 0, -1 if static else 0, size or 0)
                else:
                    self._clear(block, path)
                    if static:
                        self._add_zero(block, path)
                    else:
                        self.state.set_cell(block, path, UnionBytes(0, 0))
                if len(init.elements) > 1:
                    raise _Unsupported("initializer longer than its union")
                if init.elements:
                    name, member_type = (ctype.fields or [])[init.member]  # type: ignore[union-attr]
                    part = self._member(block, path, ctype, name)  # type: ignore[arg-type]
                    self._initialise(block, part, member_type, init.elements[0], static)
                return
            # C: members without initializer are zero
            if inside:
                self._store_slice(block, path, 0, -1, size or 0)
            else:
                self._clear(block, path)
                self._add_zero(block, path)
            for index, element in enumerate(init.elements):
                if isinstance(ctype, ArrayType):
                    part = self._element(block, path, ctype, index)
                    self._initialise(block, part, ctype.element, element, static)
                elif isinstance(ctype, StructType):
                    fields = ctype.fields or []
                    if index >= len(fields):
                        raise _Unsupported("initializer longer than its struct")
                    name, field_type = fields[index]
                    part = self._member(block, path, ctype, name)
                    self._initialise(block, part, field_type, element, static)
                elif index == 0:
                    self._initialise(block, path, ctype, element, static)
            return
        if isinstance(init, StringLiteral) and isinstance(ctype, ArrayType):
            if path and isinstance(path[-1], _Slice):
                raise _Unsupported("a string literal initialising an array in a union")
            self._clear(block, path)
            self._add_zero(block, path)
            for index, char in enumerate(_string_value(init.text, self.cfa.data_model)):
                self.state.set_cell(block, path + (index,), char)
            return
        self._store(block, path, ctype, self._eval(init))

    def _external_call(self, edge: ExternalCallEdge) -> None:
        name = edge.function_name
        if name == "*":
            raise _Unsupported("call through a function pointer")
        refused = builtins.unmodelled(name)
        if refused is not None:
            raise _Unsupported(refused)
        site = self.cfa.allocation_sites.get(edge)
        if site is not None:
            self._allocate(site)
            return
        if name in ALLOCATION_FUNCTIONS:  # hand-built CFAs: an untyped block
            if edge.lhs is not None:
                block = Block(f"{name}@{edge.line}", None, zero=name in _ZEROING_ALLOCATORS)
                self._store_to(edge.lhs, Pointer(block, (0,)))
            return
        if name == FREE and len(edge.arguments) == 1:
            self._free(self._eval(edge.arguments[0]))
            return
        if not consumes_input(edge):
            return
        if edge.lhs is not None and isinstance(edge.lhs.type, StructType):
            raise _Unsupported("external call returning a struct")
        value = self._next_input(edge, edge.return_type)
        if edge.lhs is not None:
            self._store_to(edge.lhs, value)

    def _allocate(self, site: AllocationSite) -> None:
        """A modelled allocation site creates its object (it runs at most once: see
        :mod:`cpa.cfa.allocations`); a compiled run's allocation does not fail."""
        variable = site.variable
        if variable is None:
            raise _Unsupported(f"allocation by {site.unmodelled}")
        block = Block(variable.name, variable.type, zero=site.zeroed)
        if site.function_scoped:  # alloca: dies with the calling function's frame
            self.state.bind(self.state.frames[-1].locals, variable.name, block)
        else:
            self.heap_blocks.add(block)
        path = (0,) if site.array_of_pointee else ()
        assert site.edge.lhs is not None
        self._store_to(site.edge.lhs, Pointer(block, path))

    def _free(self, pointer: object) -> None:
        if not self._freeable(pointer):
            raise _Undefined("free of a pointer that is not a live allocation")
        if isinstance(pointer, Pointer):  # not null
            self.state.end_lifetime(pointer.block)

    def _freeable(self, pointer: object) -> bool:
        """Whether ``free`` accepts ``pointer``: null or the start of a live heap block."""
        if pointer == 0:
            return True
        return (
            isinstance(pointer, Pointer)
            and pointer.block in self.heap_blocks
            and pointer.block.alive
            and all(key == 0 for key in pointer.path)
        )

    def _call(self, edge: FunctionCallEdge) -> None:
        callee = self.cfa.functions.get(edge.callee)
        if callee is None:
            raise _Unsupported(f"call of unknown function {edge.callee}")
        values = [self._eval(argument) for argument in edge.arguments]
        frame = Frame(callee.name, edge)
        for parameter, value in zip(callee.parameters, values, strict=False):
            ctype = c_types.decay(parameter.type)
            block = Block(parameter.name, ctype)
            frame.locals[parameter.name] = block
            self._store(block, (), ctype, value)
        self.state.push(frame)

    def _return(self, edge: FunctionReturnEdge) -> None:
        callee = self.cfa.functions.get(edge.callee)
        frames = self.state.frames
        if callee is None or len(frames) < 2:
            raise _Unsupported("function return without a call")
        lhs = edge.summary.lhs if edge.summary is not None else None
        value = None
        if lhs is not None:
            retvar = callee.return_variable
            block = frames[-1].locals.get(retvar.name) if retvar is not None else None
            if block is None:
                raise _Unsupported(f"{callee.name} returned without a value")
            value = self._read(block, (), retvar.type)
        frame = self.state.pop()
        for local in frame.locals.values():
            self.state.end_lifetime(local)
        if lhs is not None:
            self._store_to(lhs, value)

    # -- memory ------------------------------------------------------------------

    def _lookup(self, variable: Variable, create: bool = False) -> Block:
        if variable.is_global:
            table = self.state.globals
        else:
            table = self.state.frames[-1].locals
        block = table.get(variable.name)
        if block is None:
            if not create:
                raise _Unsupported(f"use of undeclared variable {variable.c_name}")
            block = _variable_block(variable)
            self.state.bind(table, variable.name, block)
        return block

    def _pointer_to(self, block: Block, path: tuple) -> Pointer:
        """A pointer to ``path`` in ``block``. Not to a variable declared in an inner
        block: its lifetime ends with the block, which no edge marks, so a use of the
        pointer after the block (undefined, C11 6.2.4p2) would go unnoticed."""
        if block.block_scoped:
            raise _Unsupported(f"the address of {block.name}, declared in an inner block")
        return Pointer(block, path)

    def _location(self, expression: Expression, create: bool = False) -> tuple[Block, tuple]:
        """The block and path an lvalue expression designates."""
        if isinstance(expression, VariableRef):
            return self._lookup(expression.variable, create), ()
        if isinstance(expression, Dereference):
            return self._pointer_target(self._eval(expression.operand))
        if isinstance(expression, FieldAccess):
            base_type = expression.base.type
            if expression.through_pointer:
                base_type = c_types.pointer_target(base_type)
                block, path = self._pointer_target(self._eval(expression.base))
            else:
                block, path = self._location(expression.base, create)
            if not isinstance(base_type, StructType):
                raise _Unsupported(f"member access {expression}")
            return block, self._member(block, path, base_type, expression.field)
        if isinstance(expression, ArraySubscript):
            array, index_expression = expression.array, expression.index
            if isinstance(array.type, ArrayType):
                block, path = self._location(array, create)
                index = self._eval(index_expression)
                if not isinstance(index, int):
                    raise _Unsupported("non-integer array index")
                return block, self._element(block, path, array.type, index)
            base, index = self._eval(array), self._eval(index_expression)
            if isinstance(index, Pointer) and isinstance(base, int):
                base, index = index, base
            return self._pointer_target(self._pointer_add(base, index, expression.type))
        raise _Unsupported(f"lvalue {expression}")

    def _member(self, block: Block, path: tuple, ctype: StructType, name: str) -> tuple:
        """The path of member ``name`` of the struct or union at ``path``."""
        if c_types.is_union(ctype):
            return path if path and isinstance(path[-1], _Slice) else path + (_Slice(0),)
        if path and isinstance(path[-1], _Slice):  # a struct inside a union: bytes
            found = c_types.member_offset(ctype, name, self.cfa.data_model)
            if found is None:
                raise _Unsupported(f"offset of member {name} of {ctype}")
            return path[:-1] + (_Slice(path[-1].offset + found[0]),)
        return path + (name,)

    def _element(self, block: Block, path: tuple, ctype: ArrayType, index: int) -> tuple:
        """The path of element ``index`` of the array at ``path``."""
        if not (path and isinstance(path[-1], _Slice)):
            return path + (index,)
        if ctype.length is None or not 0 <= index < ctype.length:
            raise _Undefined(f"index {index} out of bounds of {_describe(block, path)}")
        size = c_types.size_of(ctype.element, self.cfa.data_model)
        if size is None:
            raise _Unsupported(f"size of {ctype.element}")
        start = path[-1].offset
        part = _Slice(start + index * size, start, start + ctype.length * size, size)
        return path[:-1] + (part,)

    def _union_bytes(self, block: Block, path: tuple) -> UnionBytes:
        """The contents of the union at ``path``."""
        cell = block.cells.get(path)
        if isinstance(cell, UnionBytes):
            return cell
        return UnionBytes(0, -1 if block.is_zero(path) else 0)

    def _read_slice(self, block: Block, path: tuple, ctype: CType) -> object:
        """The value of type ``ctype`` in the part ``path`` of a union's bytes."""
        union, offset = path[:-1], path[-1].offset
        self._check_bounds(block, union)
        if isinstance(ctype, ArrayType) and ctype.length is not None:
            return Pointer(block, self._element(block, path, ctype, 0))  # decay
        size = c_types.size_of(ctype, self.cfa.data_model)
        if isinstance(ctype, StructType) and not c_types.is_union(ctype) and size is not None:
            return self._aggregate_in_union(block, union, offset, ctype)
        if size is None or not isinstance(ctype, (IntegerType, PointerType, StructType)):
            raise _Unsupported(f"a member of type {ctype} of a union used as a whole")
        contents = self._union_bytes(block, union)
        if c_types.is_union(ctype):
            return Aggregate({(): contents.part(offset, size)}, set())
        if isinstance(ctype, PointerType):
            pointer = contents.pointer_at(offset, size)
            if pointer is None:
                where = _describe(block, union)
                raise _Unsupported(f"a pointer read from bytes of {where} that do not hold one")
            return pointer
        if contents.holds_pointer_in(offset, size):
            raise _Unsupported(
                f"the bytes of a pointer read as an integer in {_describe(block, union)}"
            )
        bits = contents.bits_at(offset, size)
        if bits is None:
            raise _Unsupported(f"read of uninitialised memory {_describe(block, union)}")
        return integers.wrap(bits, ctype)

    def _aggregate_in_union(
        self, block: Block, union: tuple, offset: int, ctype: StructType
    ) -> Aggregate:
        """The value of the struct of type ``ctype`` at byte ``offset`` of the union at
        ``union``: its leaves whose bytes are known (a read of another is stopped)."""
        contents = self._union_bytes(block, union)
        cells: dict[tuple, object] = {}
        for path, leaf, at in _leaves_with_offsets(ctype, self.cfa.data_model):
            size = c_types.size_of(leaf, self.cfa.data_model) or 0
            if c_types.is_union(leaf):
                cells[path] = contents.part(offset + at, size)
                continue
            if isinstance(leaf, PointerType):
                pointer = contents.pointer_at(offset + at, size)
                if pointer is not None:  # else reading this member is stopped
                    cells[path] = pointer
                continue
            bits = contents.bits_at(offset + at, size)
            if bits is not None and not contents.holds_pointer_in(offset + at, size):
                cells[path] = integers.wrap(bits, leaf)
        return Aggregate(cells, set())

    def _store_aggregate_in_union(
        self, block: Block, path: tuple, ctype: StructType, value: Aggregate
    ) -> None:
        """Store the struct ``value`` into the part ``path`` of a union's bytes: its
        padding bytes become unknown (C11 6.2.6.1p6), its leaves are written."""
        model = self.cfa.data_model
        size = c_types.size_of(ctype, model)
        if size is None:
            raise _Unsupported(f"size of {ctype}")
        self._store_slice(block, path, 0, 0, size)
        offset = path[-1].offset
        for leaf_path, leaf, at in _leaves_with_offsets(ctype, model):
            leaf_size = c_types.size_of(leaf, model) or 0
            part = path[:-1] + (_Slice(offset + at),)
            cell = value.cells.get(leaf_path)
            zero = any(leaf_path[:i] in value.zero_prefixes for i in range(len(leaf_path) + 1))
            if isinstance(cell, int):
                self._store_slice(block, part, cell, -1, leaf_size)
            elif isinstance(cell, UnionBytes):
                self._store_union_bytes(block, part, cell, leaf_size)
            elif isinstance(cell, (Pointer, FunctionValue)):
                self._store_pointer(block, part, cell, leaf_size)
            elif zero:
                self._store_slice(block, part, 0, -1, leaf_size)
            elif cell is not None:
                raise _Unsupported(f"a value {cell!r} in a union's bytes")

    def _store_pointer(self, block: Block, path: tuple, value: object, size: int) -> None:
        """Store the pointer ``value`` of ``size`` bytes into the part ``path`` of a
        union's bytes: null as zero bytes (gcc's), another as itself, its bytes unknown."""
        if value == 0:
            self._store_slice(block, path, 0, -1, size)
        elif isinstance(value, (Pointer, FunctionValue)):
            self._store_slice(block, path, 0, 0, size, ((0, size, value),))
        else:
            raise _Unsupported(f"a value {value!r} stored as a pointer")

    def _store_union_bytes(self, block: Block, path: tuple, value: UnionBytes, size: int) -> None:
        """Write the contents of a union (of ``size`` bytes) into the part ``path``."""
        self._store_slice(block, path, value.value, value.known, size, value.pointers)

    def _store_slice(
        self,
        block: Block,
        path: tuple,
        bits: int,
        known: int,
        size: int,
        pointers: tuple[tuple[int, int, object], ...] = (),
    ) -> None:
        """Write ``size`` bytes (``bits``, of which the bits ``known`` are known, and the
        ``pointers`` at offsets relative to the part) into the part ``path`` of a
        union's bytes; a pointer stored before with a byte among them is gone."""
        union, offset = path[:-1], path[-1].offset
        self._check_bounds(block, union)
        contents = self._union_bytes(block, union)
        mask = ((1 << 8 * size) - 1) << 8 * offset
        value = (contents.value & ~mask) | ((bits << 8 * offset) & mask)
        known_bits = (contents.known & ~mask) | ((known << 8 * offset) & mask)
        kept = tuple(entry for entry in contents.pointers if not _overlap(entry, offset, size))
        moved = tuple((offset + at, length, pointer) for at, length, pointer in pointers)
        self.state.set_cell(block, union, UnionBytes(value, known_bits, kept + moved))

    def _pointer_target(self, value: object) -> tuple[Block, tuple]:
        if isinstance(value, Pointer):
            return value.block, value.path
        if value == 0:
            raise _Undefined("null pointer dereference")
        raise _Unsupported("dereference of a non-pointer value")

    def _pointer_add(self, pointer: object, offset: object, pointee: CType | None) -> Pointer:
        """``pointer + offset`` for a pointer to ``pointee``: ``offset`` counts objects of
        the pointee type, which need not be the array's element type (``(char *)&a[1] + 8``
        over an array of 8-byte structs is ``&a[2]``)."""
        if not isinstance(pointer, Pointer) or not isinstance(offset, int):
            raise _Unsupported("pointer arithmetic on non-pointer values")
        if offset == 0:
            return pointer
        path = pointer.path
        if path and isinstance(path[-1], _Slice):
            return self._slice_add(pointer, offset, pointee)
        if not (path and isinstance(path[-1], int)):
            raise _Unsupported("pointer arithmetic outside an array")
        step, element = self._step_and_element(pointer, pointee)
        if (offset * step) % element:
            raise _Unsupported("pointer arithmetic into the bytes of an array element")
        return Pointer(pointer.block, path[:-1] + (path[-1] + offset * step // element,))

    def _slice_add(self, pointer: Pointer, offset: int, pointee: CType | None) -> Pointer:
        """``pointer + offset`` for a pointer to an element of an array in a union."""
        part = pointer.path[-1]
        step = 1 if isinstance(pointee, VoidType) else c_types.size_of(pointee, self.cfa.data_model)
        if not part.element or step != part.element:
            raise _Unsupported("pointer arithmetic in a union other than over an array")
        moved = part.offset + offset * step
        if not part.low <= moved <= part.high:
            raise _Undefined("pointer arithmetic outside an array in a union")
        return Pointer(pointer.block, pointer.path[:-1] + (replace(part, offset=moved),))

    def _step_and_element(self, pointer: Pointer, pointee: CType | None) -> tuple[int, int]:
        """The size of one step of a pointer to ``pointee`` and the size of the elements
        of the array ``pointer`` points into (equal, 1 and 1, when either is unknown:
        the pointer then steps by elements)."""
        model = self.cfa.data_model
        step = 1 if isinstance(pointee, VoidType) else c_types.size_of(pointee, model)
        array = _type_at(pointer.block.ctype, pointer.path[:-1], False)
        if isinstance(array, ArrayType):
            element = c_types.size_of(array.element, model)
        else:  # a scalar object is an array of one element of its type
            element = c_types.size_of(array, model) if array is not None else None
        if not step or not element or step == element:
            return 1, 1
        return step, element

    def _check_bounds(self, block: Block, path: tuple) -> None:
        ctype = block.ctype
        for key in path:
            if isinstance(key, int):
                if isinstance(ctype, ArrayType):
                    if key < 0 or (ctype.length is not None and key >= ctype.length):
                        raise _Undefined(f"index {key} out of bounds of {block.name}")
                    ctype = ctype.element
                elif ctype is not None and key != 0:
                    raise _Undefined(f"access outside of {block.name}")
                elif key < 0:
                    raise _Undefined(f"negative index into {block.name}")
                else:
                    ctype = None
            else:
                ctype = ctype.field_type(key) if isinstance(ctype, StructType) else None

    def _read(self, block: Block, path: tuple, ctype: CType) -> object:
        """The rvalue stored at ``block``/``path`` read with type ``ctype``."""
        if path and isinstance(path[-1], _Slice):
            return self._read_slice(block, path, ctype)
        self._check_bounds(block, path)
        if isinstance(ctype, ArrayType):
            return self._pointer_to(block, path + (0,))  # array-to-pointer decay
        if isinstance(ctype, StructType):
            size = len(path)
            cells = {p[size:]: v for p, v in block.cells.items() if p[:size] == path}
            zeros = {z[size:] for z in block.zero_prefixes if z[:size] == path}
            if block.is_zero(path):
                zeros.add(())
            return Aggregate(cells, zeros)
        if path in block.cells:
            value = block.cells[path]
            # an lvalue of the other signedness reads the same bits (unsigned char
            # over char): the value is the stored one converted to the lvalue's type
            if isinstance(value, int) and isinstance(ctype, IntegerType):
                return integers.wrap(value, ctype)
            return value
        if block.is_zero(path):
            return 0
        order = order_choice_value(block.name) if not path else None
        if order is not None:  # the order of a read and a call: gcc's
            return order
        raise _Unsupported(f"read of uninitialised memory {_describe(block, path)}")

    def _store(self, block: Block, path: tuple, ctype: CType, value: object) -> None:
        if path and isinstance(path[-1], _Slice):
            size = c_types.size_of(ctype, self.cfa.data_model)
            if size is None:
                raise _Unsupported(f"size of {ctype}")
            if isinstance(ctype, IntegerType):
                self._store_slice(block, path, _to_integer(value, ctype), -1, size)
                return
            if isinstance(ctype, PointerType):
                self._store_pointer(block, path, value, size)
                return
            if isinstance(ctype, StructType) and not c_types.is_union(ctype):
                if not isinstance(value, Aggregate):
                    raise _Unsupported(f"a scalar stored into {ctype} in a union")
                self._store_aggregate_in_union(block, path, ctype, value)
                return
            if c_types.is_union(ctype) and isinstance(value, Aggregate):
                inner = value.cells.get(())
                if not isinstance(inner, UnionBytes):
                    inner = UnionBytes(0, -1 if () in value.zero_prefixes else 0)
                self._store_union_bytes(block, path, inner, size)
                return
            raise _Unsupported(f"a member of type {ctype} of a union used as a whole")
        self._check_bounds(block, path)
        if isinstance(value, Aggregate):
            self._clear(block, path)
            for zero in value.zero_prefixes:
                self._add_zero(block, path + zero)
            for relative, cell in value.cells.items():
                self.state.set_cell(block, path + relative, cell)
            return
        if isinstance(ctype, (StructType, ArrayType)):
            raise _Unsupported(f"scalar stored into aggregate {_describe(block, path)}")
        if isinstance(ctype, IntegerType):
            value = _to_integer(value, ctype)
        self.state.set_cell(block, path, value)

    def _store_to(self, lhs: Expression, value: object) -> None:
        block, path = self._location(lhs, create=True)
        self._store(block, path, lhs.type, value)

    def _clear(self, block: Block, path: tuple) -> None:
        size = len(path)
        for key in [p for p in block.cells if p[:size] == path]:
            self.state.delete_cell(block, key)
        if any(z[:size] == path for z in block.zero_prefixes):
            self.state.set_zeros(block, {z for z in block.zero_prefixes if z[:size] != path})

    def _add_zero(self, block: Block, path: tuple) -> None:
        if path not in block.zero_prefixes:
            self.state.set_zeros(block, block.zero_prefixes | {path})

    # -- expressions -------------------------------------------------------------

    def _eval(self, expression: Expression) -> object:
        if isinstance(expression, IntConstant):
            return expression.value
        if isinstance(expression, (VariableRef, Dereference, FieldAccess, ArraySubscript)):
            block, path = self._location(expression)
            return self._read(block, path, expression.type)
        if isinstance(expression, BinaryExpression):
            return self._binary(
                expression, self._eval(expression.left), self._eval(expression.right)
            )
        if isinstance(expression, UnaryExpression):
            return self._unary(expression, self._eval(expression.operand))
        if isinstance(expression, CastExpression):
            return self._cast(self._eval(expression.operand), expression.type)
        if isinstance(expression, AddressOf):
            operand = expression.operand
            if isinstance(operand, FunctionRef):
                return FunctionValue(operand.name)
            return self._pointer_to(*self._location(operand))
        if isinstance(expression, FunctionRef):
            return FunctionValue(expression.name)
        if isinstance(expression, StringLiteral):
            block = Block(expression.text, expression.type, zero=True)
            for index, char in enumerate(_string_value(expression.text, self.cfa.data_model)):
                block.cells[(index,)] = char
            return Pointer(block, (0,))
        if isinstance(expression, MemoryCheck):
            return int(self._memory_check(expression))
        if isinstance(expression, SizeOf):
            size = c_types.size_of(expression.operand_type, self.cfa.data_model)
            if size is None:
                raise _Unsupported(f"sizeof({expression.operand_type})")
            return size
        if isinstance(expression, FloatConstant):
            raise _Unsupported("floating point")
        raise _Unsupported(f"expression {type(expression).__name__} {expression}")

    def _memory_check(self, check: MemoryCheck) -> bool:
        """Whether a pointer operation is defined (see :class:`MemoryCheck`)."""
        pointer = self._eval(check.pointer)
        if check.kind == "free":
            return self._freeable(pointer)
        if check.kind == "live":
            return not isinstance(pointer, Pointer) or pointer.block.alive
        if check.kind == "writable":
            return not isinstance(pointer, Pointer) or not pointer.block.read_only
        if check.kind == "read_only":
            if isinstance(pointer, Pointer):
                block = pointer.block
                pointers = block.ctype is None or c_types.holds_pointers(block.ctype)
                return block.read_only and block.alive and not pointers
            return pointer == 0
        if not isinstance(pointer, Pointer):
            return False  # null, or not an address at all
        if check.kind == "access":
            if not pointer.block.alive:
                return False
            if pointer.block.ctype is None:  # an allocation: its accesses are checked
                return True  # where they read or write (_check_bounds)
            if check.target is None:
                return False
            path = pointer.path
            if path and isinstance(path[-1], _Slice):  # into a union: a part there
                union = _type_at(pointer.block.ctype, path[:-1], False)
                parts = _parts_at(union, path[-1].offset, self.cfa.data_model)
                return c_types.access_key(check.target) in parts
            ctype = _type_at(pointer.block.ctype, path, False)
            if ctype is None:
                return False
            return c_types.access_key(ctype) == c_types.access_key(check.target)
        other = self._eval(check.other)
        if check.kind == "disjoint":
            return self._disjoint(pointer, other, check.target)
        if not isinstance(other, Pointer) or other.block is not pointer.block:
            return False
        if check.kind == "same" and other.path[:-1] != pointer.path[:-1]:
            # parts of one object (the encoding's "same object" is the variable): both
            # must have a byte offset in it (see _parts_binary)
            model = self.cfa.data_model
            block = pointer.block
            if any(_byte_offset(block.ctype, p.path, model) is None for p in (pointer, other)):
                return False
        return self._points_inside(pointer) and self._points_inside(other)

    def _points_inside(self, pointer: Pointer) -> bool:
        """Whether ``pointer`` points into its block or one past an array's end."""
        path = pointer.path
        if not (path and isinstance(path[-1], _Slice)):
            return _type_at(pointer.block.ctype, path, True) is not None
        part = path[-1]
        union = _type_at(pointer.block.ctype, path[:-1], False)
        size = c_types.size_of(union, self.cfa.data_model) if union is not None else None
        if size is None:
            return False
        if part.element:
            return part.low <= part.offset <= part.high
        return 0 <= part.offset <= size

    def _disjoint(self, pointer: Pointer, other: object, ctype: CType | None) -> bool:
        """Whether ``sizeof(ctype)`` bytes at ``pointer`` and at ``other`` do not overlap
        (pointers into different blocks never do)."""
        if not isinstance(other, Pointer) or other.block is not pointer.block:
            return True
        model = self.cfa.data_model
        size = c_types.size_of(ctype, model) if ctype is not None else None
        first = _byte_offset(pointer.block.ctype, pointer.path, model)
        second = _byte_offset(pointer.block.ctype, other.path, model)
        if size is None or first is None or second is None:
            raise _Unsupported("overlap of copies inside one object")
        return first + size <= second or second + size <= first

    def _unary(self, expression: UnaryExpression, value: object) -> object:
        operator = expression.operator
        if operator == "!":
            return 0 if _truth(value) else 1
        if not isinstance(value, int) or not isinstance(expression.type, IntegerType):
            raise _Unsupported(f"operator {operator} on a pointer")
        value = integers.wrap(value, expression.type)
        if integers.signed_overflow(operator, value, None, expression.type):
            raise _Undefined(f"signed overflow in '{expression}' (-({value}))")
        return integers.unary(operator, value, expression.type)

    def _cast(self, value: object, ctype: CType) -> object:
        if isinstance(ctype, FloatType):
            raise _Unsupported("floating point")
        if isinstance(ctype, VoidType):
            return 0
        if isinstance(ctype, IntegerType):
            return _to_integer(value, ctype)
        if isinstance(value, int) and value != 0:
            raise _Unsupported("conversion of an integer to a pointer")
        return value  # pointer to pointer, or the null pointer

    def _binary(self, expression: BinaryExpression, left: object, right: object) -> object:
        operator = expression.operator
        if not (isinstance(left, int) and isinstance(right, int)):
            return self._pointer_binary(expression, left, right)
        left_type = c_types.decay(expression.left.type)
        right_type = c_types.decay(expression.right.type)
        if not isinstance(left_type, IntegerType) or not isinstance(right_type, IntegerType):
            if operator in ("==", "!=") and (left == 0 or right == 0 or left_type == right_type):
                # a null pointer, or pointers an external function returned (inputs,
                # which the compiled run converts to pointers the same way)
                return int((left == right) == (operator == "=="))
            raise _Unsupported(f"operator {operator} on a pointer and an integer")
        try:
            if operator in integers.COMPARISON_OPERATORS:
                common = c_types.arithmetic_type(left_type, right_type)
                assert isinstance(common, IntegerType)
                left, right = integers.wrap(left, common), integers.wrap(right, common)
                return integers.compare(operator, left, right)
            ctype = expression.type
            if not isinstance(ctype, IntegerType):
                raise _Unsupported(f"operator {operator} of type {ctype}")
            if operator in ("<<", ">>"):
                count_type = c_types.promote(right_type)
                assert isinstance(count_type, IntegerType)
                left, right = integers.wrap(left, ctype), integers.wrap(right, count_type)
                return integers.binary(operator, left, right, ctype, count_type)
            left, right = integers.wrap(left, ctype), integers.wrap(right, ctype)
            if integers.signed_overflow(operator, left, right, ctype):
                raise _Undefined(f"signed overflow in '{expression}' ({left} {operator} {right})")
            return integers.binary(operator, left, right, ctype, ctype)
        except integers.Trap as trap:
            raise _Trapped(str(trap)) from None
        except integers.UndefinedOperation as undefined:
            raise _Undefined(str(undefined)) from None

    def _parts_binary(self, expression: BinaryExpression, left: Pointer, right: Pointer) -> int:
        """A difference or relational comparison of pointers to different members or
        elements of one object, by their byte offsets in it: C orders the members of
        one aggregate (C11 6.5.8p5), a character pointer sees the object as its bytes
        (6.3.2.3p7), and the encoding's addresses have gcc's layout too."""
        model = self.cfa.data_model
        offsets = [_byte_offset(p.block.ctype, p.path, model) for p in (left, right)]
        if offsets[0] is None or offsets[1] is None:
            raise _Unsupported("comparison of pointers into different parts of an object")
        operator = expression.operator
        if operator in ("<", "<=", ">", ">="):
            return integers.compare(operator, offsets[0], offsets[1])
        if operator != "-":
            raise _Unsupported(f"operator {operator} on pointers")
        operand = c_types.pointer_target(c_types.decay(expression.left.type))
        size = 1 if isinstance(operand, VoidType) else c_types.size_of(operand, model)
        difference = offsets[0] - offsets[1]
        if not size or difference % size:
            raise _Unsupported("difference of pointers into the bytes of elements")
        return difference // size

    def _slice_binary(self, expression: BinaryExpression, left: object, right: object) -> object:
        """A difference or relational comparison of two pointers into one union."""
        if not isinstance(left, _Slice) or not isinstance(right, _Slice):
            raise _Unsupported("comparison of pointers into different objects")
        operator = expression.operator
        if operator == "-":
            operand = c_types.pointer_target(c_types.decay(expression.left.type))
            size = (
                1
                if isinstance(operand, VoidType)
                else c_types.size_of(operand, self.cfa.data_model)
            )
            if not size:
                raise _Unsupported(f"pointer difference over {operand}")
            return _slice_difference(size, left, right)
        if operator in ("<", "<=", ">", ">="):
            return integers.compare(operator, left.offset, right.offset)
        raise _Unsupported(f"operator {operator} on pointers")

    def _pointer_binary(self, expression: BinaryExpression, left: object, right: object) -> object:
        operator = expression.operator
        if operator in ("==", "!="):
            equal = _same_address(left, right)
            return int(equal == (operator == "=="))
        pointee = c_types.pointer_target(expression.type)
        if operator == "+":
            if isinstance(right, Pointer):
                left, right = right, left
            return self._pointer_add(left, right, pointee)
        if operator == "-" and isinstance(left, Pointer) and isinstance(right, int):
            return self._pointer_add(left, -right, pointee)
        if isinstance(left, Pointer) and isinstance(right, Pointer):
            if left.block is not right.block:
                raise _Unsupported("comparison of pointers into different objects")
            if left.path[:-1] != right.path[:-1]:
                return self._parts_binary(expression, left, right)
            if any(path and isinstance(path[-1], _Slice) for path in (left.path, right.path)):
                ends = [path[-1] if path else None for path in (left.path, right.path)]
                return self._slice_binary(expression, *ends)
            a, b = left.path[-1:] or (0,), right.path[-1:] or (0,)
            if not isinstance(a[0], int) or not isinstance(b[0], int):
                return self._parts_binary(expression, left, right)  # a member and its object
            if operator == "-":
                operand = c_types.pointer_target(c_types.decay(expression.left.type))
                step, element = self._step_and_element(left, operand)
                if ((a[0] - b[0]) * element) % step:
                    raise _Unsupported("difference of pointers into the bytes of elements")
                return (a[0] - b[0]) * element // step
            if operator in ("<", "<=", ">", ">="):
                return integers.compare(operator, a[0], b[0])
        raise _Unsupported(f"operator {operator} on pointers")


def _slice_difference(step: int, left: _Slice, right: _Slice) -> int:
    if (left.offset - right.offset) % step:
        raise _Unsupported("difference of pointers into the bytes of elements")
    return (left.offset - right.offset) // step


def _to_integer(value: object, ctype: IntegerType) -> int:
    """``value`` converted to the integer type ``ctype``."""
    if ctype.name == "_Bool":
        return 1 if _truth(value) else 0
    if not isinstance(value, int):
        raise _Unsupported(f"conversion of a pointer or function to {ctype}")
    return integers.wrap(value, ctype)


def _truth(value: object) -> bool:
    if isinstance(value, int):
        return value != 0
    if isinstance(value, (Pointer, FunctionValue)):
        return True
    raise _Unsupported("truth value of an aggregate")


def _equal_literals(cfa: CFA) -> dict[str, str]:
    """For each string literal's array with the bytes of an earlier one, that one's name.

    gcc gives equal literals of a translation unit one array, even at ``-O0`` (C11
    6.4.5p7 leaves it open): ``"abc" == "abc"`` holds in the compiled program, and a
    replay that made them two arrays would not confirm a violation that needs it. The
    tail of a longer literal (``"bc"`` in ``"abc"``) is a separate array at ``-O0``, and
    ``__func__``'s array is no literal's."""
    first: dict[tuple[bytes, str], str] = {}
    twins: dict[str, str] = {}
    for variable, contents in cfa.string_contents.items():
        if variable in cfa.function_names:
            continue
        # L"a" and "a\0\0\0" have the same bytes but are of other types: gcc keeps them apart
        name = first.setdefault((contents, str(variable.type)), variable.name)
        if name != variable.name:
            twins[variable.name] = name
    return twins


def _same_address(left: object, right: object) -> bool:
    if isinstance(left, Pointer) and isinstance(right, Pointer):
        # an aggregate and its first element or member share the address (&a, a)
        return left.block is right.block and _first_part(left.path) == _first_part(right.path)
    if isinstance(left, FunctionValue) or isinstance(right, FunctionValue):
        return left == right
    if isinstance(left, Aggregate) or isinstance(right, Aggregate):
        raise _Unsupported("comparison of aggregates")
    return False  # a valid pointer never equals an integer (e.g. NULL)


def _first_part(path: tuple) -> tuple:
    """``path`` without trailing index 0 (the first element of an array is at the
    array's address). Leading members are not dropped: their names need the type."""
    while path and (path[-1] == 0 or path[-1] == _Slice(0)):
        path = path[:-1]
    return path


def _string_value(text: str, model: DataModel) -> list[int]:
    """The units of a C string literal (with its quotes), plus the final zero: gcc's
    bytes, each as the ``char`` it is read as (signed on x86), or a wide literal's
    units as values of its element type."""
    try:
        element, units = literal_units(text, model)
    except UnsupportedConstant:
        raise _Unsupported(f"string literal {text}") from None
    return [integers.wrap(unit, element) for unit in units] + [0]


def _type_at(ctype: CType | None, path: tuple, one_past: bool) -> CType | None:
    """The type of the part of an object of type ``ctype`` at ``path``, None if the
    path leaves the object (``one_past``: the last index may be one past the end)."""
    for position, key in enumerate(path):
        if isinstance(key, int):
            if not isinstance(ctype, ArrayType) or ctype.length is None:
                return None
            last = one_past and position == len(path) - 1
            if key < 0 or key > ctype.length or (key == ctype.length and not last):
                return None
            ctype = ctype.element
        elif isinstance(ctype, StructType) and ctype.kind == "struct":
            ctype = ctype.field_type(key)
            if ctype is None:
                return None
        else:
            return None
    return ctype


def _byte_offset(ctype: CType | None, path: tuple, model) -> int | None:
    """The offset in bytes of ``path`` in an object of type ``ctype`` (None: unknown)."""
    offset = 0
    for key in path:
        if isinstance(key, int) and isinstance(ctype, ArrayType):
            size = c_types.size_of(ctype.element, model)
            if size is None:
                return None
            offset, ctype = offset + key * size, ctype.element
        elif isinstance(key, str) and ctype is not None:
            found = c_types.member_offset(ctype, key, model)
            if found is None:
                return None
            offset, ctype = offset + found[0], found[1]
        elif isinstance(key, _Slice):  # the last key: a part of a union's bytes
            offset, ctype = offset + key.offset, None
        else:
            return None
    return offset


def _parts(ctype: CType, model, into_unions: bool) -> list[tuple[tuple, CType, int]]:
    """The parts of ``ctype`` (its members and elements and theirs, outermost first),
    each as (path relative to it, type, byte offset). The members of ``ctype`` itself,
    if it is a union, are parts (all at offset 0); those of a union inside it only
    ``into_unions``."""
    found: list[tuple[tuple, CType, int]] = []

    def collect(ctype: CType, path: tuple, at: int) -> None:
        children: list[tuple[tuple, CType, int]] = []
        if isinstance(ctype, ArrayType):
            size = c_types.size_of(ctype.element, model) or 0
            for index in range(ctype.length or 0):
                children.append((path + (index,), ctype.element, at + index * size))
        elif isinstance(ctype, StructType) and (
            into_unions or not path or not c_types.is_union(ctype)
        ):
            for name, _field_type in ctype.fields or ():
                member = c_types.member_offset(ctype, name, model)
                if member is None:
                    raise _Unsupported(f"offset of member {name} of {ctype}")
                children.append((path + (name,), member[1], at + member[0]))
        for path_of_part, part, start in children:
            found.append((path_of_part, part, start))
            collect(part, path_of_part, start)

    collect(ctype, (), 0)
    return found


def _leaves_with_offsets(ctype: CType, model) -> list[tuple[tuple, CType, int]]:
    """The leaves of a struct or array made of integers and unions, each as (path
    relative to it, type, byte offset); a union is a leaf."""
    return [
        (path, part, at)
        for path, part, at in _parts(ctype, model, into_unions=False)
        if not isinstance(part, (ArrayType, StructType)) or c_types.is_union(part)
    ]


def _parts_at(union: CType | None, offset: int, model) -> set[object]:
    """The access keys (:func:`c_types.access_key`) of the parts of ``union`` (its
    members, their members and elements) that start ``offset`` bytes into it."""
    if not c_types.is_union(union):
        return set()
    parts = _parts(union, model, into_unions=True)  # type: ignore[arg-type]
    return {c_types.access_key(part) for _path, part, at in parts if at == offset}


def _variable_block(variable: Variable) -> Block:
    """A fresh block for ``variable``."""
    return Block(
        variable.name,
        variable.type,
        read_only=variable.read_only,
        block_scoped=variable.block_scoped,
    )


def _overlap(entry: tuple[int, int, object], offset: int, size: int) -> bool:
    """Whether the stored pointer ``entry`` (offset, size, value) has a byte among the
    ``size`` bytes from ``offset``."""
    at, length, _ = entry
    return at < offset + size and offset < at + length


def _describe(block: Block, path: tuple) -> str:
    text = block.name
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else f".{key}"
    return text


def _parameters_read(function) -> list[Variable]:
    """The parameters of ``function`` that its edges use (a ``main`` that never looks
    at ``argc`` and ``argv`` runs without values for them)."""
    if not function.parameters:
        return []
    used: set[Variable] = set()
    for edge in program_edges(function):
        for expression in edge_expressions(edge):
            used |= variables_of(expression)
    return [parameter for parameter in function.parameters if parameter in used]
