"""SSA path formulas of CFA edges (the strongest-postcondition encoding of a path).

A :class:`PathFormula` is the conjunction of the SSA encodings of the edges since the
last abstraction, with the SSA map that says which instance of each variable is
current. :class:`PathFormulaManager` builds them edge by edge; Sequence edges (LBE
Rule 1) are folded, Choice edges (Rule 2) become disjunctions with SSA unification,
as in CPAchecker.

Encoding decisions (see also :mod:`cpa_predicate.c_to_smt`):

* machine integers as bit-vectors; pointers are words holding addresses of the
  program's address-taken objects (:mod:`cpa_predicate.memory`); a local object of a
  function other than the entry one has a lifetime cell, set at its declaration (or
  the call, for a parameter) and cleared at the function's return;
* a value stored by an assignment, initialiser, argument or ``return`` is converted
  to the type of the variable receiving it;
* a local declared without initializer, the result of an external call (including
  ``__VERIFIER_nondet_*``) and the result of a summarised call get a fresh,
  unconstrained value of their type. A program input (:func:`cpa.cfa.inputs.
  consumes_input`: every call of an undefined non-void function, used or not) is a
  symbol of the called function's return type, recorded in
  :attr:`PathFormulaManager.nondet_sources`; the receiving variable gets its
  conversion;
* writes of floating-point, struct and array variables are dropped: every *read* of
  such a variable is unsupported, so the dropped value can never matter;
* external functions have no side effects except through arguments, so passing an
  address (``&x``, an array, or any pointer value once some object has an address)
  to one is unsupported;
* the encoding is a pure function of the edge and the SSA indices it touches, so
  re-encoding a path (for counterexamples) yields the very same symbols; encodings
  are memoised on exactly that key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from pysmt import operators as pysmt_operators
from pysmt.fnode import FNode
from pysmt.shortcuts import (
    BV,
    FALSE,
    TRUE,
    And,
    Bool,
    Equals,
    Ite,
    Not,
    Or,
    get_env,
)

from cpa.cfa import allocations, builtins, c_types
from cpa.cfa.addresses import root_variable
from cpa.cfa.expressions import (
    AddressOf,
    ArraySubscript,
    CastExpression,
    Dereference,
    Expression,
    FieldAccess,
    InitializerList,
    IntConstant,
    StringLiteral,
    VariableRef,
)
from cpa.cfa.inputs import consumes_input
from cpa.cfa.model import (
    CFA,
    AssignmentEdge,
    AssumeEdge,
    BlankEdge,
    CallSummaryEdge,
    CFAEdge,
    ChoiceEdge,
    DeclarationEdge,
    ExternalCallEdge,
    FunctionCallEdge,
    FunctionReturnEdge,
    ReturnStatementEdge,
    SequenceEdge,
)
from cpa.cfa.types import (
    VOID,
    ArrayType,
    CType,
    PointerType,
    StructType,
    VoidType,
)
from cpa.cfa.undefined import read_only_arguments
from cpa.errors import UnsupportedFeature
from cpa_predicate import cells, union_bytes
from cpa_predicate.c_to_smt import ExpressionEncoder, is_storable
from cpa_predicate.memory import MemoryLayout, MemoryObject
from cpa_predicate.ssa import (
    AUX_PREFIX,
    SSAMap,
    instantiate,
    is_auxiliary,
    merge_all,
    rebuild,
    ssa_name,
    symbol,
    unification,
    uninstantiate,
)

#: the expressions that designate objects
_LVALUES = (VariableRef, FieldAccess, ArraySubscript, Dereference)


@dataclass(frozen=True)
class NondetSource:
    """Where a program input came from; ``ctype`` is the type of its value (the
    called function's return type), so the model's bits read as that type."""

    variable: str  # the C name of the variable that received the value, or ""
    line: int
    description: str
    ctype: CType | None = None


@dataclass(frozen=True)
class PathFormula:
    """An SSA formula with its SSA map.

    ``approximations`` lists ``file:line: construct`` for every place whose encoding
    over-approximated the C semantics; a satisfiable path formula with approximations
    does not prove a real counterexample.
    """

    formula: FNode
    ssa: SSAMap
    length: int = 0
    approximations: tuple[str, ...] = ()
    #: how this formula was built, so that a model can be traced back to one path:
    #: ``None`` (block start), ``(previous, edge)``, or for a disjunction ``(left,
    #: left disjunct, right, right disjunct)``, each disjunct being that side's formula
    #: with its SSA unification (see :meth:`PathFormulaManager.path_in`)
    origin: tuple | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class _Block:
    """The encoding of one (possibly composite) edge from a given SSA map."""

    formula: FNode
    writes: tuple[tuple[str, int], ...]  # absolute new indices
    length: int
    approximations: tuple[str, ...]
    nondets: tuple[tuple[str, NondetSource], ...]


_BOOL_CONSTANT = pysmt_operators.BOOL_CONSTANT
_AND = pysmt_operators.AND
_OR = pysmt_operators.OR
#: Operands that are ``And``s with at most this many arguments are flattened; larger ones
#: (a long path so far) stay one operand, so extending a path is not quadratic.
_FLATTEN_LIMIT = 32
#: Entries of the per-manager encoding cache before it is cleared.
_CACHE_LIMIT = 500_000


def conjunction(parts: Iterable[FNode]) -> FNode:
    """``And`` without TRUE conjuncts; small ``And`` operands are flattened."""
    # Runs on every transfer: node types are compared directly (FNode.is_true goes
    # through pysmt's generic constant test, several calls per part).
    args: list[FNode] = []
    for part in parts:
        kind = part.node_type()
        if kind == _BOOL_CONSTANT:
            if part.constant_value():
                continue
            return FALSE()
        if kind == _AND and len(part.args()) <= _FLATTEN_LIMIT:
            args.extend(part.args())
        else:
            args.append(part)
    if not args:
        return TRUE()
    if len(args) == 1:
        return args[0]
    return And(args)


def conjuncts(formula: FNode) -> list[FNode]:
    """The top-level conjuncts of ``formula``, nested ``And`` flattened and ``true``
    dropped, in order (the inverse of :func:`conjunction`)."""
    out: list[FNode] = []
    todo = [formula]
    while todo:
        f = todo.pop()
        if f.is_and():
            todo.extend(reversed(f.args()))
        elif not f.is_true():
            out.append(f)
    return out


def atoms_of(formula: FNode) -> list[FNode]:
    """The theory atoms of ``formula`` (comparisons, Boolean symbols), each once."""
    atoms: dict[FNode, None] = {}
    stack = [formula]
    seen = set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        if current.is_bool_constant():
            continue
        if current.is_theory_relation() or current.is_symbol():
            atoms[current] = None
            continue
        stack.extend(current.args())
    return list(atoms)


def disjunction(parts: Iterable[FNode]) -> FNode:
    """``Or`` without FALSE disjuncts."""
    args: list[FNode] = []
    for part in parts:
        if part.is_false():
            continue
        if part.is_true():
            return TRUE()
        args.append(part)
    if not args:
        return FALSE()
    if len(args) == 1:
        return args[0]
    return Or(args)


def factored_disjunction(left: FNode, right: FNode) -> FNode:
    """``left ∨ right`` with the conjuncts both share taken out: ``A ∧ (l ∨ r)``."""
    if left.node_type() != _AND or right.node_type() != _AND:
        return disjunction((left, right))
    together = set(left.args()).intersection(right.args())
    mine, theirs = _join_operands(left, together), _join_operands(right, together)
    other = set(theirs)
    common = [part for part in mine if part in other]
    if not common:
        return disjunction((left, right))
    shared = set(common)
    rest_left = conjunction(part for part in mine if part not in shared)
    rest_right = conjunction(part for part in theirs if part not in shared)
    # The shared part as one operand: flattened while small, nested once it is large,
    # so a chain of N joins costs O(N), not a fresh And of every conjunct per join.
    return conjunction([conjunction(common), disjunction((rest_left, rest_right))])


def factor_joins(formula: FNode, memo: dict[FNode, FNode]) -> FNode:
    """``formula`` with every join of two paths factored (:func:`factored_disjunction`);
    ``memo`` holds the factored form of every node seen (kept by the caller, so that
    blocks that extend one another are factored once).

    Two paths joined at a location share the path before their branch; inside both
    disjuncts the shared part nests once per join, and a block of N joins becomes a
    formula N levels deep, which Z3 decides several times slower than the same formula
    flat (a chain of 1,000 joined ``if``s: 5.6 s against 0.9 s). Equivalent, so it is
    used where only satisfiability and models matter (abstraction, the feasibility
    probe). Interpolation keeps the joins as built: Spacer's interpolants depend on the
    formula's shape, and factored joins gave worse predicates on the ssh programs
    (`s3_clnt_1`: 10 refinements instead of 5, 24 s instead of 10 s).
    """
    return rebuild(formula, memo, _factor_node)


def _factor_node(node: FNode, args: tuple[FNode, ...]) -> FNode | None:
    kind = node.node_type()
    if kind == _OR and len(args) == 2:
        return factored_disjunction(args[0], args[1])
    if kind == _AND:
        return conjunction(args)
    return None


def _join_operands(formula: FNode, shared: set[FNode]) -> list[FNode]:
    """The arguments of the ``And`` ``formula``, those that are ``And`` themselves and
    not in ``shared`` opened one level: ``conjunction`` stops flattening at a size
    limit, so the same shared path may sit one level deeper on one side of a join than
    on the other. An operand both sides have stays closed, so a long shared path is
    one operand (opened, it would be copied into a new ``And`` at every join)."""
    parts: list[FNode] = []
    for part in formula.args():
        if part.node_type() == _AND and part not in shared:
            parts.extend(part.args())
        else:
            parts.append(part)
    return parts


def _union(*groups: Sequence[str]) -> tuple[str, ...]:
    if len(groups) == 2 and not groups[1]:  # the usual case: no approximation added
        return tuple(groups[0])
    return tuple(dict.fromkeys(item for group in groups for item in group))


def _apply(ssa: SSAMap, writes: Sequence[tuple[str, int]]) -> SSAMap:
    if not writes:
        return ssa
    return ssa.with_indices(writes)


class _EdgeContext:
    """Encoding state of one primitive edge; records which SSA names it touches."""

    __slots__ = (
        "file",
        "line",
        "base",
        "current",
        "accessed",
        "constraints",
        "approximations",
        "nondets",
    )

    def __init__(self, file: str, line: int, base: SSAMap):
        self.file = file
        self.line = line
        self.base = base
        self.current: dict[str, int] = {}
        self.accessed: dict[str, None] = {}
        self.constraints: list[FNode] = []
        self.approximations: list[str] = []
        self.nondets: list[tuple[str, NondetSource]] = []

    def index(self, name: str) -> int:
        self.accessed[name] = None
        idx = self.current.get(name)
        return self.base.index(name) if idx is None else idx

    def increment(self, name: str) -> int:
        idx = self.index(name) + 1
        self.current[name] = idx
        return idx

    def fresh_aux(self, bits: int) -> FNode:
        name = ssa_name(AUX_PREFIX, bits)
        return symbol(name, self.increment(name))

    def add_constraint(self, constraint: FNode) -> None:
        self.constraints.append(constraint)

    def approximate(self, construct: str) -> None:
        self.approximations.append(f"{self.file}:{self.line}: {construct}")


class PathFormulaManager:
    """Builds SSA path formulas for the edges of one program (under its data model)."""

    def __init__(self, cfa: CFA, *, defined_only: bool = False):
        self.cfa = cfa
        self.file = cfa.file
        self.memory = MemoryLayout(cfa)
        self.encoder = ExpressionEncoder(cfa.data_model, self.memory, defined_only=defined_only)
        #: symbol name -> where that fresh input value came from (last encoding wins)
        self.nondet_sources: dict[str, NondetSource] = {}
        self._names: dict[CFAEdge, tuple[str, ...]] = {}
        self._cache: dict[tuple, _Block] = {}

    # --- public API -------------------------------------------------------------------

    def empty(self, ssa: SSAMap | None = None) -> PathFormula:
        """The path formula TRUE (start of a block) at ``ssa``."""
        return PathFormula(TRUE(), ssa if ssa is not None else SSAMap(), 0, ())

    def make_and(self, pf: PathFormula, edge: CFAEdge) -> PathFormula:
        """``pf`` extended by the encoding of ``edge`` (any kind, LBE blocks included)."""
        block = self._block(edge, pf.ssa)
        return PathFormula(
            conjunction((pf.formula, block.formula)),
            _apply(pf.ssa, block.writes),
            pf.length + block.length,
            _union(pf.approximations, block.approximations),
            (pf, edge),
        )

    def make_or(self, pf1: PathFormula, pf2: PathFormula) -> PathFormula:
        """Disjunction of two path formulas with SSA unification.

        For a variable with different indices, the side that is behind gets
        ``x@max = x@own`` so the merged SSA map is right for both disjuncts.
        """
        if pf1.formula == pf2.formula and pf1.ssa == pf2.ssa:
            return PathFormula(
                pf1.formula,
                pf1.ssa,
                max(pf1.length, pf2.length),
                _union(pf1.approximations, pf2.approximations),
                pf1.origin,
            )
        merged, behind = merge_all([pf1.ssa, pf2.ssa])
        left = conjunction([pf1.formula, *unification(behind[0])])
        right = conjunction([pf2.formula, *unification(behind[1])])
        formula = disjunction((left, right))
        return PathFormula(
            formula,
            merged,
            max(pf1.length, pf2.length),
            _union(pf1.approximations, pf2.approximations),
            (pf1, left, pf2, right),
        )

    def make_conjunction(self, pf: PathFormula, formula: FNode) -> PathFormula:
        """``pf`` and an uninstantiated ``formula`` instantiated at ``pf.ssa``."""
        return PathFormula(
            conjunction((pf.formula, instantiate(formula, pf.ssa))),
            pf.ssa,
            pf.length,
            pf.approximations,
            pf.origin,
        )

    def plain_condition(self, edge: AssumeEdge) -> FNode | None:
        """The condition of ``edge`` over uninstantiated program variables, or None if
        its encoding needs more (an auxiliary value, a side constraint, an
        approximation, an unsupported construct): a candidate predicate."""
        ctx = _EdgeContext(self.file, edge.line, SSAMap())
        try:
            condition = self.encoder.condition(edge.condition, ctx)
        except UnsupportedFeature:
            return None
        if ctx.current or ctx.constraints or ctx.approximations:
            return None
        return uninstantiate(condition)

    def path_formula(
        self, edges: Iterable[CFAEdge], start: PathFormula | None = None
    ) -> PathFormula:
        """The path formula of a sequence of edges (convenience for refiners)."""
        pf = start if start is not None else self.empty()
        for edge in edges:
            pf = self.make_and(pf, edge)
        return pf

    def path_in(
        self, pf: PathFormula, model_value: Callable[[FNode], int | bool | FNode]
    ) -> list[CFAEdge]:
        """The original edges of one path that ``pf`` contains and a model of it satisfies.

        ``pf`` may be a disjunction of many paths (joined states of a block); its
        ``origin`` is followed back to the block start, taking at each disjunction
        the side (with its SSA unification) that holds in the model. Composite edges
        (LBE's sequences and choices) are resolved with the same model, at the SSA map
        they were encoded at, so the path has no disjunction left: solving it again
        for its inputs is a straight-line query, not the whole block once more.
        Raises ``ValueError`` if neither side holds, i.e. the values are no model of ``pf``.
        """
        holds = ModelEvaluator(model_value).holds
        edges: list[CFAEdge] = []
        current = pf
        while current.origin is not None:
            if len(current.origin) == 2:
                current, edge = current.origin
                steps: list[tuple[CFAEdge, list[tuple[str, NondetSource]]]] = []
                self._concrete(edge, current.ssa, steps, holds)
                edges.extend(primitive for primitive, _ in reversed(steps))
                continue
            left, left_disjunct, right, right_disjunct = current.origin
            if holds(left_disjunct):
                current = left
            elif holds(right_disjunct):
                current = right
            else:
                raise ValueError("the values satisfy neither side of a joined path formula")
        edges.reverse()
        return edges

    def concrete_steps(
        self,
        edges: Sequence[CFAEdge],
        model_value: Callable[[FNode], int | bool | FNode],
        start_ssa: SSAMap | None = None,
    ) -> list[tuple[CFAEdge, list[tuple[str, NondetSource]]]]:
        """The original edges a model of the path formula of ``edges`` executes.

        ``model_value(symbol)`` gives the value of an SSA symbol in the model. Each
        Choice edge is resolved to the first alternative whose encoding (with its SSA
        unification) holds in the model; each returned step carries the fresh input
        symbols created on that edge, in execution order.
        """
        ssa = start_ssa if start_ssa is not None else SSAMap()
        steps: list[tuple[CFAEdge, list[tuple[str, NondetSource]]]] = []
        holds = ModelEvaluator(model_value).holds
        for edge in edges:
            ssa = self._concrete(edge, ssa, steps, holds)
        return steps

    # --- composite edges --------------------------------------------------------------

    def _block(self, edge: CFAEdge, ssa: SSAMap) -> _Block:
        names = self._names.get(edge)
        if names is not None:
            index = ssa.index
            cached = self._cache.get((edge, tuple([index(n) for n in names])))
            if cached is not None:
                if cached.nondets:
                    self.nondet_sources.update(cached.nondets)
                return cached
        if isinstance(edge, SequenceEdge):
            block, names = self._sequence(edge, ssa)
        elif isinstance(edge, ChoiceEdge):
            block, names = self._choice(edge, ssa)
        else:
            block, names = self._primitive(edge, ssa)
        self._names[edge] = names
        if len(self._cache) > _CACHE_LIMIT:
            self._cache.clear()
        self._cache[(edge, tuple(ssa.index(n) for n in names))] = block
        return block

    def _sequence(self, edge: SequenceEdge, ssa: SSAMap) -> tuple[_Block, tuple[str, ...]]:
        current = ssa
        formulas: list[FNode] = []
        writes: dict[str, int] = {}
        names: dict[str, None] = {}
        approximations: list[str] = []
        nondets: list[tuple[str, NondetSource]] = []
        length = 0
        for part in edge.parts:
            block = self._block(part, current)
            names.update(dict.fromkeys(self._names[part]))
            formulas.append(block.formula)
            writes.update(block.writes)
            approximations.extend(block.approximations)
            nondets.extend(block.nondets)
            length += block.length
            current = _apply(current, block.writes)
        block = _Block(
            conjunction(formulas),
            tuple(writes.items()),
            length,
            _union(approximations),
            tuple(nondets),
        )
        return block, tuple(names)

    def _choice_parts(
        self, edge: ChoiceEdge, ssa: SSAMap
    ) -> tuple[list[tuple[_Block, FNode]], tuple[tuple[str, int], ...]]:
        """Each alternative's block with its unification equalities, and the merged writes.

        The merged index of a variable is the maximum over the alternatives; an
        alternative behind it gets ``x@max = x@own`` (auxiliary names: no equality).
        """
        blocks = [self._block(alt, ssa) for alt in edge.alternatives]
        written = sorted({name for block in blocks for name, _ in block.writes})
        own = [dict(block.writes) for block in blocks]
        merged = {name: max(o.get(name, ssa.index(name)) for o in own) for name in written}
        parts = []
        for block, o in zip(blocks, own, strict=True):
            equalities = [block.formula]
            for name in written:
                if is_auxiliary(name):
                    continue
                mine = o.get(name, ssa.index(name))
                if mine < merged[name]:
                    equalities.append(Equals(symbol(name, merged[name]), symbol(name, mine)))
            parts.append((block, conjunction(equalities)))
        return parts, tuple(merged.items())

    def _choice(self, edge: ChoiceEdge, ssa: SSAMap) -> tuple[_Block, tuple[str, ...]]:
        parts, writes = self._choice_parts(edge, ssa)
        blocks = [block for block, _ in parts]
        names = _union(*(self._names[alt] for alt in edge.alternatives))
        block = _Block(
            disjunction(formula for _, formula in parts),
            writes,
            max((b.length for b in blocks), default=0),
            _union(*(b.approximations for b in blocks)),
            tuple(n for b in blocks for n in b.nondets),
        )
        return block, names

    def _concrete(self, edge, ssa, steps, holds) -> SSAMap:
        if isinstance(edge, SequenceEdge):
            for part in edge.parts:
                ssa = self._concrete(part, ssa, steps, holds)
            return ssa
        if isinstance(edge, ChoiceEdge):
            parts, writes = self._choice_parts(edge, ssa)
            for alternative, (_, formula) in zip(edge.alternatives, parts, strict=True):
                if holds(formula):
                    self._concrete(alternative, ssa, steps, holds)
                    return _apply(ssa, writes)
            raise ValueError(f"no alternative of {edge!r} holds in the model")
        block = self._block(edge, ssa)
        steps.append((edge, list(block.nondets)))
        return _apply(ssa, block.writes)

    # --- primitive edges --------------------------------------------------------------

    def _primitive(self, edge: CFAEdge, ssa: SSAMap) -> tuple[_Block, tuple[str, ...]]:
        ctx = _EdgeContext(self.file, edge.line, ssa)
        if isinstance(edge, AssumeEdge):
            condition = self.encoder.condition(edge.condition, ctx)
            ctx.add_constraint(condition if edge.truth else _negate(condition))
        elif isinstance(edge, AssignmentEdge):
            self._assignment(edge, ctx)
        elif isinstance(edge, DeclarationEdge):
            self._declaration(edge, ctx)
        elif isinstance(edge, ExternalCallEdge):
            self._external_call(edge, ctx)
        elif isinstance(edge, FunctionCallEdge):
            self._function_call(edge, ctx)
        elif isinstance(edge, ReturnStatementEdge):
            self._return_statement(edge, ctx)
        elif isinstance(edge, FunctionReturnEdge):
            self._function_return(edge, ctx)
        elif isinstance(edge, CallSummaryEdge):
            if edge.lhs is not None:
                callee = self.cfa.functions.get(edge.callee)
                result = callee.return_variable if callee is not None else None
                self._havoc_lhs(
                    edge.lhs,
                    ctx,
                    None if result is None else result.type,
                    f"result of the call of {edge.callee}()",
                )
        elif not isinstance(edge, BlankEdge):
            raise UnsupportedFeature(f"edge kind {type(edge).__name__}", self.file, edge.line)
        if ctx.nondets:
            self.nondet_sources.update(ctx.nondets)
        block = _Block(
            conjunction(ctx.constraints),
            tuple(ctx.current.items()),
            1,
            tuple(ctx.approximations),
            tuple(ctx.nondets),
        )
        return block, tuple(ctx.accessed)

    def _assign(self, ctx: _EdgeContext, variable, value: FNode, source_type: CType):
        """New SSA instance of ``variable`` equal to ``value`` (of type ``source_type``)
        converted to the variable's type, as C converts what it stores."""
        if self.encoder.bits(variable.type) is None:
            return
        self._store(ctx, [(variable.name, TRUE())], variable.type, value, source_type)

    def _store(
        self,
        ctx: _EdgeContext,
        places: list[tuple[str, FNode]],
        ctype: CType,
        value: FNode,
        source_type: CType,
    ) -> None:
        """Store ``value`` (of ``source_type``), converted to ``ctype``, into the cell
        that ``places`` selects: each cell gets a new SSA instance, equal to the value
        where its guard holds and to its old value elsewhere."""
        encoder = self.encoder
        bits = encoder.bits(ctype)
        if bits is None:
            return  # floating point: writes are dropped, reads are refused
        if source_type != ctype:
            value = encoder.convert(value, source_type, ctype, ctx)
        else:
            value = encoder.as_value(value, source_type, ctx)
        for path, guard in places:
            _write(ctx, path, guard, value, ctype)

    def _havoc(
        self,
        ctx: _EdgeContext,
        variable,
        value_type: CType | None,
        description: str,
        is_input: bool = False,
    ):
        """New unconstrained SSA instance of ``variable``: any value of ``value_type``
        (default: the variable's type) converted to the variable's type. ``is_input``:
        a program input in the sense of :func:`cpa.cfa.inputs.consumes_input`
        (reported, replayed)."""
        self._havoc_places(
            ctx,
            [(variable.name, TRUE())],
            variable.type,
            variable.c_name,
            value_type,
            description,
            is_input,
        )

    def _havoc_places(
        self,
        ctx: _EdgeContext,
        places: list[tuple[str, FNode]],
        ctype: CType,
        receiver: str,
        value_type: CType | None,
        description: str,
        is_input: bool,
    ) -> None:
        """Store a fresh value of ``value_type`` (default ``ctype``) into the cell
        ``places`` selects (see :meth:`_havoc`)."""
        encoder = self.encoder
        bits = encoder.bits(ctype)
        if bits is None or not places:
            if is_input:
                self._input(ctx, value_type, description, receiver)
            return
        value_type = value_type if value_type is not None else ctype
        if len(places) == 1 and places[0][1].is_true() and not cells.parse_slice(places[0][0]):
            name = ssa_name(places[0][0], bits)
            new = symbol(name, ctx.increment(name))
            if encoder.bits(value_type) == bits:
                source = new  # the conversion is the identity: no symbol of its own
            else:
                source = self._input(ctx, value_type, description, receiver, False)
                if source is None:
                    return
                ctx.add_constraint(Equals(new, encoder.convert(source, value_type, ctype, ctx)))
        else:
            source = self._input(ctx, value_type, description, receiver, False)
            if source is None:
                return
            self._store(ctx, places, ctype, source, value_type)
        if is_input:
            source_info = NondetSource(receiver, ctx.line, description, value_type)
            ctx.nondets.append((source.symbol_name(), source_info))

    def _input(
        self,
        ctx: _EdgeContext,
        value_type: CType | None,
        description: str,
        receiver: str = "",
        record: bool = True,
    ) -> FNode | None:
        """A fresh value of ``value_type`` (None if its type is not tracked); with
        ``record``, it is a program input of the counterexample."""
        bits = None if value_type is None else self.encoder.bits(value_type)
        if bits is None:
            return None
        value = ctx.fresh_aux(bits)
        if record:
            source = NondetSource(receiver, ctx.line, description, value_type)
            ctx.nondets.append((value.symbol_name(), source))
        return value

    # --- destinations: scalars, cells, aggregates ---------------------------------------

    def _places(self, lhs, ctx: _EdgeContext) -> list[tuple[str, FNode]]:
        """The cells a scalar destination ``lhs`` may denote (see
        :meth:`ExpressionEncoder.locations`); pointer dereferences are unsupported."""
        if not isinstance(lhs, _LVALUES):
            raise UnsupportedFeature(f"assignment to '{lhs}'", ctx.file, ctx.line)
        return self.encoder.locations(lhs, ctx)

    def _leaves(self, ctype: CType, ctx: _EdgeContext, what: str) -> tuple:
        try:
            return cells.leaves(ctype)
        except cells.NotScalarisable as reason:
            raise UnsupportedFeature(f"{what}: {reason}", ctx.file, ctx.line) from None

    def _aggregate_values(self, source, ctx: _EdgeContext) -> list[FNode | None]:
        """The values of all leaves of the aggregate lvalue ``source`` (None for a
        floating-point leaf), read before anything is written."""
        if not isinstance(source, _LVALUES):
            raise UnsupportedFeature(f"struct or array value '{source}'", ctx.file, ctx.line)
        origin = self.encoder.locations(source, ctx)
        return self._read_leaves(origin, source.type, ctx, str(source))

    def _read_leaves(self, origin, ctype: CType, ctx: _EdgeContext, what: str):
        values: list[FNode | None] = []
        for suffix, leaf_type in self._leaves(ctype, ctx, what):
            if self.encoder.bits(leaf_type) is None:
                values.append(None)
                continue
            places = self._leaf_places(origin, ctype, suffix)
            values.append(self.encoder.read(places, leaf_type, ctx))
        return values

    def _store_leaves(self, ctx: _EdgeContext, target, ctype: CType, values) -> None:
        """Store ``values`` (one per leaf of ``ctype``) into the aggregate at ``target``."""
        self._unspecified_padding(ctx, target, ctype)
        for (suffix, leaf_type), value in zip(
            self._leaves(ctype, ctx, str(ctype)), values, strict=True
        ):
            if value is None:
                continue
            places = self._leaf_places(target, ctype, suffix)
            self._store(ctx, places, leaf_type, value, leaf_type)

    def _leaf_places(
        self, places: list[tuple[str, FNode]], ctype: CType, suffix: str
    ) -> list[tuple[str, FNode]]:
        """The places of the leaf ``suffix`` of the aggregates of type ``ctype`` at
        ``places``. Inside a union, an aggregate is bytes of the union's cell: its leaf
        is the slice at the leaf's offset."""
        if suffix and any(cells.parse_slice(path) for path, _ in places):
            leaves = cells.byte_leaves(ctype, self.encoder.model)
            offset = next(at for leaf, _, at in leaves if leaf == suffix)
            return [(cells.moved_slice(path, offset), guard) for path, guard in places]
        return [(path + suffix, guard) for path, guard in places]

    def _unspecified_padding(self, ctx: _EdgeContext, target, ctype: CType) -> None:
        """Before a struct or array inside a union is stored as a whole: its bytes get
        any value, so that its padding, which no leaf writes, is unspecified (C11
        6.2.6.1p6; gcc copies the source's padding bytes)."""
        if not cells.is_aggregate(ctype) or c_types.is_union(ctype):
            return
        if not any(cells.parse_slice(path) for path, _ in target):
            return
        size = c_types.size_of(ctype, self.encoder.model)
        if not size:
            raise UnsupportedFeature(f"size of {ctype} unknown", ctx.file, ctx.line)
        for path, guard in target:
            _write(ctx, path, guard, ctx.fresh_aux(8 * size))

    def _havoc_leaves(self, ctx: _EdgeContext, target, ctype: CType, description: str) -> None:
        self._unspecified_padding(ctx, target, ctype)
        for suffix, leaf_type in self._leaves(ctype, ctx, str(ctype)):
            places = self._leaf_places(target, ctype, suffix)
            self._havoc_places(ctx, places, leaf_type, "", None, description, False)

    def _assignment(self, edge: AssignmentEdge, ctx: _EdgeContext) -> None:
        lhs = edge.lhs
        if cells.is_aggregate(lhs.type):
            values = self._aggregate_values(edge.rhs, ctx)
            self._store_leaves(ctx, self._places(lhs, ctx), lhs.type, values)
            return
        if self.encoder.bits(lhs.type) is None:
            self._places(lhs, ctx)  # refuses what needs a pointer; the write is dropped
            return
        value = self.encoder.encode(edge.rhs, ctx)
        self._store(ctx, self._places(lhs, ctx), lhs.type, value, edge.rhs.type)

    def _declaration(self, edge: DeclarationEdge, ctx: _EdgeContext) -> None:
        variable = edge.variable
        if variable is None:
            return
        self._begin_lifetime(variable, ctx)
        if cells.is_aggregate(variable.type):
            self._aggregate_declaration(edge, ctx)
            return
        if not is_storable(variable.type):
            return  # float/function: no value tracked, reads are unsupported
        init = edge.initializer
        if isinstance(init, InitializerList):
            if len(init.elements) > 1:
                raise UnsupportedFeature(
                    f"initializer list for scalar '{variable.c_name}'", ctx.file, ctx.line
                )
            init = init.elements[0] if init.elements else None
            if init is None:  # {} : zero
                self._assign(ctx, variable, BV(0, self.encoder.bits(variable.type)), variable.type)
                return
        if init is None:
            kind = "global variable" if variable.is_global else "uninitialised variable"
            self._havoc(ctx, variable, None, kind, consumes_input(edge))
            return
        value = self.encoder.encode(init, ctx)
        self._assign(ctx, variable, value, init.type)

    def _begin_lifetime(self, variable, ctx: _EdgeContext) -> None:
        """An address-taken local with a lifetime cell lives from its declaration."""
        memory_object = self.memory.objects.get(variable)
        if memory_object is not None and memory_object.lifetime is not None:
            self._set_lifetime(ctx, memory_object, lambda _: BV(1, 1))

    @staticmethod
    def _set_lifetime(ctx: _EdgeContext, memory_object: MemoryObject, value) -> None:
        """A new instance of the object's lifetime cell, ``value(old instance)``."""
        assert memory_object.lifetime is not None
        name = ssa_name(memory_object.lifetime, 1)
        old = symbol(name, ctx.index(name))
        ctx.add_constraint(Equals(symbol(name, ctx.increment(name)), value(old)))

    def _aggregate_declaration(self, edge: DeclarationEdge, ctx: _EdgeContext) -> None:
        """A struct or array variable: every cell gets its initial value, zero where an
        initializer list leaves it out (C), an unknown one without initializer (an
        uninitialised local's contents are indeterminate: no program input)."""
        variable = edge.variable
        try:
            leaves = cells.leaves(variable.type)
        except cells.NotScalarisable:
            return  # not modelled: every access is refused where it is encoded
        target = [(variable.name, TRUE())]
        init = edge.initializer
        if init is None:
            self._havoc_leaves(ctx, target, variable.type, "indeterminate contents")
            return
        if not isinstance(init, InitializerList):
            values = self._aggregate_values(init, ctx)
            self._store_leaves(ctx, target, variable.type, values)
            return
        initial: dict[str, tuple[FNode, CType]] = {}
        self._initial_values("", variable.type, init, initial, ctx, variable.is_global)
        values = []
        for suffix, leaf_type in leaves:
            bits = self.encoder.bits(leaf_type)
            if bits is None:
                values.append(None)
                continue
            value, value_type = initial.get(suffix, (BV(0, bits), leaf_type))
            if value_type != leaf_type:
                value = self.encoder.convert(value, value_type, leaf_type, ctx)
            values.append(value)
        self._store_leaves(ctx, target, variable.type, values)

    def _union_initial(self, union: StructType, init, ctx, static: bool) -> FNode:
        """The bytes of a union that the list ``init`` initialises: the member
        ``init.member`` from the list's one element (the frontend resolved designators),
        zero where that element leaves a part of the member out. The bytes the member
        does not cover (and padding inside it) are zero for a static object (C11
        6.7.9p10) and indeterminate, any value, for another."""
        encoder = self.encoder
        width = encoder.bits(union)
        if width is None:
            problem = cells.union_problem(union) or f"size of {union} unknown"
            raise UnsupportedFeature(f"initializer of {union}: {problem}", ctx.file, ctx.line)
        if len(init.elements) > 1:
            raise UnsupportedFeature(
                f"initializer longer than its object '{init}'", ctx.file, ctx.line
            )
        raw = BV(0, width) if static else ctx.fresh_aux(width)
        if not init.elements:
            return raw
        member_type = union.fields[init.member][1]  # type: ignore[index]
        member: dict[str, tuple[FNode, CType]] = {}
        self._initial_values("", member_type, init.elements[0], member, ctx, static)
        provenance = c_types.holds_pointers(union)
        for suffix, leaf_type, offset in cells.byte_leaves(member_type, encoder.model):
            bits = encoder.bits(leaf_type)
            assert bits is not None  # unions of integers and pointers only
            value, value_type = member.get(suffix, (BV(0, bits), leaf_type))
            if value_type != leaf_type:
                value = encoder.convert(value, value_type, leaf_type, ctx)
            part = cells.Slice("", offset, width, provenance)
            value = encoder.as_value(value, leaf_type, ctx)
            raw = union_bytes.store(raw, part, value, leaf_type)
        return raw

    def _initial_values(
        self, prefix: str, ctype: CType, init, initial: dict, ctx, static: bool
    ) -> None:
        """The values an initializer gives to the leaves under ``prefix`` (positional
        elements, as the frontend hands them over; the rest stays zero). ``static``: of
        an object of static storage duration."""
        if isinstance(init, InitializerList):
            if c_types.is_union(ctype):
                initial[prefix] = (self._union_initial(ctype, init, ctx, static), ctype)
                return
            if isinstance(ctype, ArrayType):
                slots = [(f"[{i}]", ctype.element) for i in range(ctype.length or 0)]
            elif isinstance(ctype, StructType):
                slots = [(f".{name}", field_type) for name, field_type in ctype.fields or ()]
            else:
                slots = [("", ctype)]
            if len(init.elements) > len(slots):
                raise UnsupportedFeature(
                    f"initializer longer than its object '{init}'", ctx.file, ctx.line
                )
            for (suffix, slot_type), element in zip(slots, init.elements, strict=False):
                self._initial_values(prefix + suffix, slot_type, element, initial, ctx, static)
            return
        if cells.is_aggregate(ctype):
            if isinstance(init, StringLiteral) or not cells.is_aggregate(init.type):
                raise UnsupportedFeature(
                    f"initializer '{init}' for a struct or array member", ctx.file, ctx.line
                )
            values = self._aggregate_values(init, ctx)
            for (suffix, leaf_type), value in zip(
                self._leaves(ctype, ctx, str(ctype)), values, strict=True
            ):
                if value is not None:
                    initial[prefix + suffix] = (value, leaf_type)
            return
        if self.encoder.bits(ctype) is None:
            return
        initial[prefix] = (self.encoder.encode(init, ctx), init.type)

    def _havoc_lhs(
        self,
        lhs,
        ctx: _EdgeContext,
        value_type: CType | None,
        description: str,
        is_input: bool = False,
    ):
        if cells.is_aggregate(lhs.type):
            if is_input:
                raise UnsupportedFeature(
                    f"a struct or array value as an input '{lhs}'", ctx.file, ctx.line
                )
            self._havoc_leaves(ctx, self._places(lhs, ctx), lhs.type, description)
            return
        places = self._places(lhs, ctx)
        self._havoc_places(ctx, places, lhs.type, str(lhs), value_type, description, is_input)

    def _external_call(self, edge: ExternalCallEdge, ctx: _EdgeContext) -> None:
        name = edge.function_name
        if name == "*":
            raise UnsupportedFeature(
                f"call through a function pointer '{edge.text}'", ctx.file, ctx.line
            )
        refused = builtins.unmodelled(name)
        if refused is not None:
            raise UnsupportedFeature(refused, ctx.file, ctx.line)
        if edge in self.cfa.allocation_sites:
            self._allocation(edge, ctx)
            return
        if name == allocations.FREE and len(edge.arguments) == 1:
            self._free(edge.arguments[0], ctx)
            return
        memory = self.memory
        # a pointer may reach an object the callee could write, or a function it could call
        objects = bool(memory.objects or memory.unmodelled or memory.functions)
        checked = set(read_only_arguments(edge)) if memory.has_read_only_objects else set()
        for argument in edge.arguments:
            escaping = _address_in(argument)
            if escaping is None and argument in checked:
                continue  # null or read-only memory: the check before the call says so
            if escaping is None and objects and _may_hold_pointer(argument):
                # it may point to an object the callee could write, or to a function
                # it could call (a callback: the callee would run program code)
                escaping = argument
            if escaping is not None:
                raise UnsupportedFeature(
                    f"address '{escaping}' passed to external function {name}()",
                    ctx.file,
                    ctx.line,
                )
        return_type = edge.return_type
        if isinstance(return_type, VoidType):
            return_type = None
        description = f"return value of {name}()"
        if not name.startswith(builtins.NONDET_PREFIX):
            description += " (a function without a body: any value)"
        if edge.lhs is not None:
            self._havoc_lhs(edge.lhs, ctx, return_type, description, consumes_input(edge))
        elif consumes_input(edge):
            self._input(ctx, return_type, description)

    def _allocation(self, edge: ExternalCallEdge, ctx: _EdgeContext) -> None:
        """``p = malloc(...)``: the site's object begins to live with indeterminate
        contents (``calloc``: zeros) and ``p`` gets its address, or null where the
        allocation may fail."""
        memory_object = self.memory.allocations.get(edge)
        if memory_object is None:
            reason = self.memory.unmodelled_allocations.get(edge, edge.function_name + "()")
            raise UnsupportedFeature(f"allocation by {reason}", ctx.file, ctx.line)
        site = self.cfa.allocation_sites[edge]
        bits = self.encoder.pointer_bits
        address: FNode = BV(memory_object.base, bits)
        alive: FNode = BV(1, 1)
        if site.may_fail:
            fails = Equals(ctx.fresh_aux(1), BV(1, 1))
            address = Ite(fails, BV(0, bits), address)
            alive = Ite(fails, BV(0, 1), alive)
        variable = memory_object.variable
        target = [(variable.name, TRUE())]
        if site.zeroed:
            widths = [self.encoder.bits(leaf) for _, leaf in self._leaves(variable.type, ctx, "")]
            values = [None if bits is None else BV(0, bits) for bits in widths]
            self._store_leaves(ctx, target, variable.type, values)
        else:
            description = f"indeterminate contents of {variable.c_name}"
            self._havoc_leaves(ctx, target, variable.type, description)
        if memory_object.lifetime is not None:
            self._set_lifetime(ctx, memory_object, lambda _: alive)
        assert edge.lhs is not None
        result_type = edge.return_type or PointerType(VOID)
        self._store(ctx, self._places(edge.lhs, ctx), edge.lhs.type, address, result_type)

    def _free(self, argument: Expression, ctx: _EdgeContext) -> None:
        """``free(p)`` ends the life of the object ``p`` points to the start of (the
        check before it, :mod:`cpa.cfa.undefined`, makes every other pointer but
        null undefined)."""
        pointer = self.encoder.value(argument, ctx)
        bits = self.encoder.pointer_bits
        for memory_object in self.memory.freeable():
            freed = Equals(pointer, BV(memory_object.base, bits))
            self._set_lifetime(
                ctx, memory_object, lambda old, freed=freed: Ite(freed, BV(0, 1), old)
            )

    def _function_call(self, edge: FunctionCallEdge, ctx: _EdgeContext) -> None:
        callee = self.cfa.functions.get(edge.callee)
        if callee is None:
            raise UnsupportedFeature(f"call of unknown function {edge.callee}", ctx.file, ctx.line)
        # Evaluate all arguments in the caller's SSA before binding any parameter.
        bindings = []
        for position, parameter in enumerate(callee.parameters):
            aggregate = cells.is_aggregate(parameter.type)
            if not aggregate and not is_storable(parameter.type):
                continue
            if position < len(edge.arguments):
                argument = edge.arguments[position]
                if aggregate:
                    value = self._aggregate_values(argument, ctx)
                else:
                    value = self.encoder.encode(argument, ctx)
                bindings.append((parameter, value, argument.type))
            else:
                bindings.append((parameter, None, None))
        for parameter in callee.parameters:
            self._begin_lifetime(parameter, ctx)
        for parameter, value, value_type in bindings:
            target = [(parameter.name, TRUE())]
            if value is None:
                description = f"missing argument of {edge.callee}()"
                if cells.is_aggregate(parameter.type):
                    self._havoc_leaves(ctx, target, parameter.type, description)
                else:
                    self._havoc(ctx, parameter, None, description)
            elif cells.is_aggregate(parameter.type):
                self._store_leaves(ctx, target, parameter.type, value)
            else:
                self._assign(ctx, parameter, value, value_type)

    def _return_statement(self, edge: ReturnStatementEdge, ctx: _EdgeContext) -> None:
        variable = edge.return_variable
        if edge.expression is None or variable is None:
            return
        if cells.is_aggregate(variable.type):
            values = self._aggregate_values(edge.expression, ctx)
            self._store_leaves(ctx, [(variable.name, TRUE())], variable.type, values)
            return
        if not is_storable(variable.type):
            return
        value = self.encoder.encode(edge.expression, ctx)
        self._assign(ctx, variable, value, edge.expression.type)

    def _function_return(self, edge: FunctionReturnEdge, ctx: _EdgeContext) -> None:
        for memory_object in self.memory.lifetimes(edge.callee):
            self._set_lifetime(ctx, memory_object, lambda _: BV(0, 1))
        lhs = edge.summary.lhs if edge.summary is not None else None
        if lhs is None:
            return
        callee = self.cfa.functions.get(edge.callee)
        result = callee.return_variable if callee is not None else None
        if cells.is_aggregate(lhs.type):
            if result is None:
                raise UnsupportedFeature(f"struct result of {edge.callee}()", ctx.file, ctx.line)
            values = self._read_leaves([(result.name, TRUE())], result.type, ctx, str(lhs))
            self._store_leaves(ctx, self._places(lhs, ctx), lhs.type, values)
            return
        places = self._places(lhs, ctx)
        if self.encoder.bits(lhs.type) is None:
            return
        result_name = None if result is None else self.encoder.variable_name(result)
        if result_name is None:
            self._havoc_places(
                ctx,
                places,
                lhs.type,
                str(lhs),
                None,
                f"untracked result of {edge.callee}()",
                False,
            )
            return
        value = symbol(result_name, ctx.index(result_name))
        self._store(ctx, places, lhs.type, value, result.type)


def _write(
    ctx: _EdgeContext, path: str, guard: FNode, value: FNode, ctype: CType | None = None
) -> None:
    """A new SSA instance of the cell at ``path``: ``value`` (of type ``ctype``; None:
    plain bytes) where ``guard`` holds, the old contents elsewhere. A slice of a
    union's cell (:mod:`cpa_predicate.union_bytes`) replaces its bytes and keeps the
    cell's others."""
    found = cells.parse_slice(path)
    if found is None:
        name = ssa_name(path, value.bv_width())
    else:
        name = ssa_name(found.cell, found.width)
        value = union_bytes.store(symbol(name, ctx.index(name)), found, value, ctype)
    if not guard.is_true():
        value = Ite(guard, value, symbol(name, ctx.index(name)))
    ctx.add_constraint(Equals(symbol(name, ctx.increment(name)), value))


def _read_only_root(lvalue: Expression) -> bool:
    variable = root_variable(lvalue)
    return variable is not None and variable.read_only


def _may_hold_pointer(argument: Expression) -> bool:
    """Whether the value of ``argument`` is or contains a pointer (string literals,
    read-only, excepted)."""
    inner = argument
    while isinstance(inner, CastExpression):
        inner = inner.operand
    if isinstance(inner, (StringLiteral, IntConstant)):  # also the null pointer
        return False
    ctype = c_types.decay(argument.type)
    if isinstance(ctype, PointerType):
        return True
    if cells.is_aggregate(ctype):
        try:
            cells.leaves(ctype)
        except cells.NotScalarisable:
            return True
        return c_types.holds_pointers(ctype)  # in a union too
    return False


def _address_in(argument: Expression) -> Expression | None:
    """The part of ``argument`` that hands an object's address to the callee: ``&x``,
    or an array that decays to a pointer (string literals and ``const`` variables
    excepted: read-only, which the ``read_only`` check before the call confirms)."""
    if isinstance(argument, AddressOf):
        return None if _read_only_root(argument.operand) else argument
    if isinstance(argument.type, ArrayType) and not isinstance(argument, StringLiteral):
        return None if _read_only_root(argument) else argument
    children = argument.children()
    if isinstance(argument, ArraySubscript):
        children = (argument.index,)  # the array itself is only indexed
        if not isinstance(argument.array.type, ArrayType):
            children = (argument.array, argument.index)
    for child in children:
        found = _address_in(child)
        if found is not None:
            return found
    return None


class ModelEvaluator:
    """Evaluates formulas under one model, remembering the value of every subterm.

    ``model_value(symbol)`` gives a symbol's value (int, bool or constant). Values
    are shared across calls, so tracing a model back through nested joins (which
    evaluates overlapping subformulas again and again) costs time linear in the
    formula DAG. A term that does not reduce to a constant raises ``ValueError``.
    """

    def __init__(self, model_value: Callable[[FNode], int | bool | FNode]):
        self.model_value = model_value
        self.values: dict[FNode, FNode] = {}

    def holds(self, formula: FNode) -> bool:
        return self.value(formula).is_true()

    def value(self, formula: FNode) -> FNode:
        values = self.values
        create = get_env().formula_manager.create_node
        stack = [formula]
        while stack:
            node = stack[-1]
            if node in values:
                stack.pop()
                continue
            if node.is_constant():
                values[node] = node
                stack.pop()
                continue
            if node.is_symbol():
                values[node] = _as_constant(self.model_value(node), node)
                stack.pop()
                continue
            pending = [arg for arg in node.args() if arg not in values]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            arguments = tuple(values[arg] for arg in node.args())
            # the operator applied to constants: the simplifier folds it to a constant
            result = create(node.node_type(), arguments, node._content.payload).simplify()
            if not result.is_constant():
                raise ValueError(f"model does not fix {node}")
            values[node] = result
        return values[formula]


def _negate(condition: FNode) -> FNode:
    if condition.is_true():
        return FALSE()
    if condition.is_false():
        return TRUE()
    if condition.is_not():
        return condition.arg(0)
    return Not(condition)


def _as_constant(value: int | bool | FNode, s: FNode) -> FNode:
    if isinstance(value, FNode):
        return value
    if s.symbol_type().is_bool_type():
        return Bool(bool(value))
    width = s.bv_width()
    return BV(int(value) % (1 << width), width)


__all__ = [
    "ModelEvaluator",
    "NondetSource",
    "PathFormula",
    "PathFormulaManager",
    "conjunction",
    "conjuncts",
    "disjunction",
]
