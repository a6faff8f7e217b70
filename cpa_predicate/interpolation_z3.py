"""Sequence interpolation with Z3's Horn-clause engine (Spacer).

Modern Z3 has no interpolation API, but a solution of non-recursive constrained Horn clauses
is an interpolant: for A_1..A_n we introduce one uninterpreted predicate P_k per cut point k,
over the symbols common to A_1..A_k and A_{k+1}..A_n (sorted by name, so deterministic), and
solve

    A_1                   -> P_1(v_1)
    P_k(v_k) & A_{k+1}    -> P_{k+1}(v_{k+1})
    P_{n-1}(v_{n-1}) & A_n -> false

with every symbol of a clause universally quantified.  "sat" yields an interpretation of
each P_k, i.e. the interpolant I_k; "unsat" means the path formula is satisfiable.
Spacer's pre-processing is switched off so that no predicate is inlined away.

Two cheap steps make this fast enough for CEGAR paths of hundreds of blocks: a plain SMT
check with one assumption literal per conjunct (optionally also per leaf inside the
disjunctions of joined paths) first decides feasibility and drops what lies outside the
unsat core (interpolants of the weakened sequence are interpolants of the original one),
and Spacer starts its search at level n instead of deepening level by level.

Spacer's bit-vector interpolants may use Z3's internal operators (``bit2bool``, the
division variants without a zero case, ``bvsmod``); :class:`BitVectorConverter` brings
them back as pysmt terms. One that cannot be represented raises
:class:`InterpolationError`, which carries the representable atoms.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import z3
from pysmt.environment import Environment, get_env
from pysmt.exceptions import PysmtException
from pysmt.fnode import FNode
from pysmt.solvers.z3 import Z3Converter

from cpa_predicate.arg_condition import arg_condition
from cpa_predicate.decider_choice import DeciderChoice
from cpa_predicate.integer_reading import AtomwiseReading, IntegerReading, Unreadable
from cpa_predicate.interpolation import (
    DagEdge,
    InterpolationDag,
    InterpolationError,
    InterpolationOverCap,
    InterpolationTimeout,
    Interpolator,
    TransitionGraph,
)
from cpa_predicate.pathformula import conjuncts, factor_joins
from cpa_predicate.solver import (
    BIT_BLASTING_TACTIC,
    ELIMINATING_BIT_BLASTING_TACTIC,
    raise_if_out_of_memory,
)

__all__ = ["CORE_MODES", "Z3SpacerInterpolator"]

#: what the unsat core before interpolation may drop (see Z3SpacerInterpolator)
CORE_MODES = ("conjuncts", "leaves", "auto")

# Horn solver parameters: keep every predicate (no slicing/inlining), so the model has an
# interpretation for each cut point.
_HORN_PARAMS: dict[str, object] = {
    "xform.slice": False,
    "xform.inline_linear": False,
    "xform.inline_eager": False,
}
#: Spacer's last attempt after a failure: the clauses inlined into each other. An
#: internal assertion of Spacer's lemma propagation failed ("unreachable") on a three-clause
#: chain of arr08 for every seed and schedule, not when inlined; Z3's model converter
#: gives the inlined predicates their interpretations back.
_INLINED: dict[str, object] = {"xform.inline_eager": True, "xform.inline_linear": True}


#: the budgets of the "auto" portfolio grow up to this many Z3 resource units (hours of
#: work here); the round after runs without a budget
_LAST_BUDGET = 10**11
# the seeds of one search variant (Interpolator.variant) lie this many levels of budget
# below the next variant's: more fourfold steps than any budget reaches
_SEED_STRIDE = 1000
# resource units per formula node for the bit-blasting probe of a path's feasibility
_PROBE_UNITS_PER_NODE = 5_000
# how many models of the probe's satisfiable queries are kept to decide later queries
# by evaluation (see _known_witness)
_WITNESSES = 8
# the probe's tactics: Z3's simplifier and value propagation before bit-blasting, and the
# same with equations solved and unconstrained terms eliminated first. The second made
# the probes of impact on mem_slave_tlm.3 three times faster (17.5 -> 6.0 s, mostly
# satisfiable forced-covering attempts) and those on token_ring.12 half as slow again
# (10.5 -> 15.3 s): the probe picks by time (DeciderChoice)
_PROBE_TACTICS = (BIT_BLASTING_TACTIC, ELIMINATING_BIT_BLASTING_TACTIC)
_PROBE_WARM_UP = 4
# resource units for each check that tries to shrink an unsat core (a check that runs
# out of them keeps what it tried to drop)
_SHRINK_UNITS = 1_000_000
# resource units for the bit-vector attempt at an unsat core of a path before the
# integer reading is tried (about 0.1 s of bit-blasting; see _unsat_core)
_BIT_VECTOR_CORE_UNITS = 1_000_000
# resource units for the integer reading's attempt at that core before bit-vectors go on
# without a budget: the reading's cores that were found took at most 9.4 M units (1 s,
# s3_srvr_7 with bp; at most 2.4 M on other ssh, token_ring, mem_slave_tlm and
# pipeline_BUG paths), while one that was not ran 36 s (110 M units) on kundu1_BUG and
# another more than 50 s on toy, where bit-vectors then needed 0.3 s. Loose, because a
# core found over bit-vectors instead is another core, and the refinements after it
# differ (with 4 M, bp took 108 s on s3_srvr_7 instead of 40 s)
_READING_CORE_UNITS = 32_000_000


#: a guarded query: its assertions, and the leaf each guard literal stands for
_GuardedQuery = tuple[list[z3.ExprRef], dict[z3.ExprRef, FNode]]
#: a logic, how to build the query in it (None: no such encoding), and a budget in Z3's
#: resource units (None: none)
_Encoding = tuple[str, Callable[[str], _GuardedQuery | None], int | None]


#: a reduction of an interpolation problem to an unsat core and the leaves it kept
#: (both None when the problem is satisfiable)
_Reduction = tuple[object | None, set[FNode] | None]


class _OverBudget(Exception):
    """Spacer used up the resource budget of a first, cheaper attempt."""


def _over_cap() -> InterpolationOverCap:
    """The failure of a call whose Spacer budget reached the caller's ``resource_cap``
    (not a timeout: the run goes on)."""
    return InterpolationOverCap("Spacer ran out of the call's resource cap")


class _NotRefuted(Exception):
    """Even the exact integer reading of the path was satisfiable (it never should be)."""


class _Unconvertible(Exception):
    """An interpolant uses operators pysmt cannot represent (integer div/mod)."""


#: Z3's n-ary bit-vector operators and the binary pysmt operator each one folds into
_NARY_BV = {
    z3.Z3_OP_BADD: "BVAdd",
    z3.Z3_OP_BMUL: "BVMul",
    z3.Z3_OP_BAND: "BVAnd",
    z3.Z3_OP_BOR: "BVOr",
    z3.Z3_OP_BXOR: "BVXor",
    z3.Z3_OP_CONCAT: "BVConcat",
}


class BitVectorConverter(Z3Converter):
    """pysmt's Z3 converter, plus the Z3 operators that Spacer's bit-vector solutions use
    and pysmt does not convert back (each is an exact rewriting into pysmt's operators)."""

    def __init__(self, environment: Environment, z3_ctx: z3.Context):
        super().__init__(environment, z3_ctx)
        mgr = self.mgr
        extra = {
            z3.Z3_OP_BIT2BOOL: self._bit2bool,
            # the "_i" forms are the operators without their division-by-zero case;
            # the solutions only use them where the divisor is not zero
            z3.Z3_OP_BSDIV_I: lambda args, expr: mgr.BVSDiv(*args),
            z3.Z3_OP_BUDIV_I: lambda args, expr: mgr.BVUDiv(*args),
            z3.Z3_OP_BSREM_I: lambda args, expr: mgr.BVSRem(*args),
            z3.Z3_OP_BUREM_I: lambda args, expr: mgr.BVURem(*args),
            z3.Z3_OP_BSMOD: self._bvsmod,
            z3.Z3_OP_BSMOD_I: self._bvsmod,
            z3.Z3_OP_BNAND: lambda args, expr: mgr.BVNot(mgr.BVAnd(*args)),
            z3.Z3_OP_BNOR: lambda args, expr: mgr.BVNot(mgr.BVOr(*args)),
            z3.Z3_OP_BXNOR: lambda args, expr: mgr.BVNot(mgr.BVXor(*args)),
            z3.Z3_OP_BCOMP: lambda args, expr: mgr.Ite(
                mgr.Equals(*args), mgr.BV(1, 1), mgr.BV(0, 1)
            ),
        }
        self._back_fun.update(extra)

    def _back_single_term(self, expr, args, model=None):
        """Z3 keeps ``bvadd``, ``bvmul`` and the bitwise operators n-ary; pysmt's
        converter takes only the arithmetic ones n-ary, so these are folded here."""
        if len(args) > 2:
            build = _NARY_BV.get(expr.decl().kind())
            if build is not None:
                operator = getattr(self.mgr, build)
                result = args[0]
                for argument in args[1:]:
                    result = operator(result, argument)
                return result
        return super()._back_single_term(expr, args, model)

    def _bit2bool(self, args: list[FNode], expr: z3.ExprRef) -> FNode:
        (bit,) = expr.params()
        mgr = self.mgr
        return mgr.Equals(mgr.BVExtract(args[0], bit, bit), mgr.BV(1, 1))

    def _bvsmod(self, args: list[FNode], expr: z3.ExprRef) -> FNode:
        """``bvsmod`` (remainder with the divisor's sign) from ``bvsrem``."""
        mgr = self.mgr
        a, b = args
        width = a.bv_width()
        remainder = mgr.BVSRem(a, b)
        zero = mgr.BV(0, width)
        same_sign = mgr.Iff(mgr.BVSLT(a, zero), mgr.BVSLT(b, zero))
        keep = mgr.Or(mgr.Equals(remainder, zero), same_sign)
        return mgr.Ite(keep, remainder, mgr.BVAdd(remainder, b))


def _dag_size(formulas: Sequence[FNode]) -> int:
    """The number of distinct subterms of ``formulas`` (pysmt's ``SizeOracle`` counts
    DAG nodes by uniting frozensets bottom-up: quadratic on a chain of joins)."""
    seen: set[FNode] = set()
    stack = list(formulas)
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(node.args())
    return len(seen)


def _isolated(
    query: _GuardedQuery, ctx: z3.Context
) -> tuple[z3.Context, list[z3.ExprRef], dict[z3.ExprRef, z3.ExprRef]]:
    """``query`` (terms of ``ctx``) translated into a Z3 context of its own: that
    context, the assertions there, and each guard literal there mapped to the
    original literal.

    Z3's answers depend on the ids of the terms (a core query's search follows
    them), and in a long-lived context a new term's id depends on which terms
    Python's garbage collector freed before it. So the same analysis found other
    cores and interpolants, and took another course, when the collector ran at other
    times: ``impact`` on ``mem_slave_tlm.4`` made 84 to 97 refinements under
    different collector thresholds, or started from ``cpa verify`` rather than from
    ``cpa bench``. In a fresh context the ids follow the query alone. One translation
    of everything keeps the subterms the assertions share translated once."""
    assertions, literals = query
    source = z3.AstVector(ctx=ctx)
    for term in assertions:
        source.push(term)
    guards = list(literals)
    for literal in guards:
        source.push(literal)
    fresh = z3.Context()
    translated = source.translate(fresh)
    moved = [translated[i] for i in range(len(translated))]
    count = len(assertions)
    return fresh, moved[:count], dict(zip(moved[count:], guards, strict=True))


def _free_symbols(parts: list[list[FNode]]) -> list[frozenset[FNode]]:
    """The symbols of each conjunction (uninterpreted functions are refused)."""
    fvars = [frozenset().union(*(c.get_free_variables() for c in cs)) for cs in parts]
    for vs in fvars:
        for v in vs:
            if v.symbol_type().is_function_type():
                raise InterpolationError(
                    f"uninterpreted function {v.symbol_name()} not supported by Spacer"
                )
    return fvars


def _dag_predicates(dag: InterpolationDag, fvars: list[frozenset[FNode]]) -> list[list[FNode]]:
    """The node variables each node's label is over: those with a value from above
    (mentioned on a path from the root) that a path below still reads (a DAG
    interpolant's scope); sorted by name, so the Horn system is deterministic."""
    variables = dag.node_variables
    above: list[set[FNode]] = [set() for _ in range(dag.size)]
    below: list[set[FNode]] = [set() for _ in range(dag.size)]
    # an edge's source is final when the edges are taken by source (numbering is
    # topological), forwards for what is above, backwards for what is below
    pairs = sorted(zip(dag.edges, fvars, strict=True), key=lambda pair: pair[0].source)
    for edge, symbols in pairs:
        above[edge.target] |= above[edge.source] | (symbols & variables) | set(edge.at_target)
    for edge, symbols in reversed(pairs):
        kept = {v for v in below[edge.target] if v not in edge.at_target}
        below[edge.source] |= (symbols & variables) | kept
    return [
        sorted(above[node] & below[node], key=lambda s: s.symbol_name()) for node in range(dag.size)
    ]


def _horn_clauses(
    edges: list[DagEdge],
    fvars: list[frozenset[FNode]],
    inner: list[int],
    scopes: list[list[FNode]],
) -> list[_HornClause]:
    """One clause per edge: the source's predicate (none at the root) over its scope,
    the edge's formula, and the target's predicate (none at an error, which is false)
    over the scope's values at the target; ``inner`` numbers the predicates."""
    predicate_of = {node: k for k, node in enumerate(inner)}
    clauses = []
    for edge, symbols in zip(edges, fvars, strict=True):
        body = predicate_of.get(edge.source)
        head = predicate_of.get(edge.target)
        clauses.append(
            _HornClause(
                body,
                scopes[edge.source] if body is not None else [],
                head,
                [edge.at_target.get(v, v) for v in scopes[edge.target]] if head is not None else [],
                symbols,
            )
        )
    return clauses


def _auxiliaries(steps: list[tuple[IntegerReading | None, list]]) -> int:
    """How many auxiliary integers the reading of Spacer's ``steps`` introduces."""
    return sum(len(auxiliaries) for _, auxiliaries in steps[-1][1])


#: how long (ms) Z3's ``qe`` may take to make an inlined answer quantifier-free
_INLINED_QE_MS = 500
#: the sorts of the bound variables that ``qe`` is tried on: the integer reading's
_QE_SORTS = (z3.Z3_INT_SORT, z3.Z3_BOOL_SORT)


def _eliminable(expr: z3.ExprRef, declaration: z3.FuncDeclRef) -> bool:
    """Whether Z3's ``qe`` makes ``expr``, the interpretation of ``declaration`` (its
    arguments the free variables), quantifier-free within
    :data:`_INLINED_QE_MS`. Tried only where every bound variable is an integer or a
    Boolean: over bit-vectors ``qe`` blasts the words and seldom ends. A time limit, so
    the answer may depend on the machine; what is eliminated is exact either way."""
    stack, seen, bound_sorts = [expr], set(), []
    while stack:
        term = stack.pop()
        if term.get_id() in seen:
            continue
        seen.add(term.get_id())
        if z3.is_quantifier(term):
            bound_sorts += [term.var_sort(i).kind() for i in range(term.num_vars())]
            stack.append(term.body())
        elif z3.is_app(term):
            stack.extend(term.children())
    if not all(kind in _QE_SORTS for kind in bound_sorts):
        return False
    ctx = expr.ctx
    arguments = [z3.FreshConst(declaration.domain(i), "a") for i in range(declaration.arity())]
    body = z3.substitute_vars(expr, *arguments) if arguments else expr
    tactic = z3.TryFor(z3.Tactic("qe", ctx=ctx), _INLINED_QE_MS)
    try:
        goals = tactic(body)
    except z3.Z3Exception:
        return False
    return not any(_has_quantifier(goal.as_expr()) for goal in goals)


def _has_quantifier(expr: z3.ExprRef) -> bool:
    """True if ``expr`` contains a quantifier or lambda.

    Z3 prints the whole DAG in C; searching the text is far cheaper than walking the
    expression through the Python API (a variable named like a binder is quoted
    ``|forall|`` in SMT-LIB, so it cannot match ``(forall``).
    """
    text = expr.sexpr()
    return "(forall" in text or "(exists" in text or "(lambda" in text


def _is_connective(node: FNode, inside_disjunctions: bool) -> bool:
    """Whether the core reduction looks inside ``node`` rather than guarding it whole."""
    return node.is_and() or (inside_disjunctions and node.is_or())


def _fold_skeleton(
    formula: FNode,
    inside_disjunctions: bool,
    memo: dict[FNode, object],
    combine: Callable[[FNode, list], object],
    leaf: Callable[[FNode], object],
) -> object:
    """Post-order fold over the And/Or skeleton of ``formula`` (see :func:`_is_connective`):
    ``leaf(node)`` for each leaf, ``combine(node, values of its arguments)`` for each
    connective. ``memo`` holds the values and may be shared between calls."""
    stack = [formula]
    while stack:
        node = stack[-1]
        if node in memo:
            stack.pop()
            continue
        if _is_connective(node, inside_disjunctions):
            pending = [arg for arg in node.args() if arg not in memo]
            if pending:
                stack.extend(pending)
                continue
            memo[node] = combine(node, [memo[arg] for arg in node.args()])
        else:
            memo[node] = leaf(node)
        stack.pop()
    return memo[formula]


def _weaken(formula: FNode, kept: set[FNode], env: Environment, inside_disjunctions: bool) -> FNode:
    """``formula`` with every leaf (see :func:`_is_connective`) outside ``kept``
    replaced by ``true``."""
    mgr = env.formula_manager
    true = mgr.TRUE()

    def combine(node: FNode, arguments: list[FNode]) -> FNode:
        if node.is_and():
            arguments = [a for a in arguments if not a.is_true()]
            return mgr.And(arguments) if arguments else true
        return true if any(a.is_true() for a in arguments) else mgr.Or(arguments)

    return _fold_skeleton(
        formula, inside_disjunctions, {}, combine, lambda node: node if node in kept else true
    )


def _enclosing_conjuncts(formulas: list[FNode], leaves: set[FNode]) -> set[FNode]:
    """The conjunct-level leaves of ``formulas`` that contain one of ``leaves`` (leaf-level
    leaves, see :func:`_is_connective`).

    If the formulas weakened to ``leaves`` are unsatisfiable, so are the formulas
    weakened to these conjuncts: each kept conjunct entails its own weakening, and a
    dropped one weakens to ``true`` at either level. So a core at the leaf level gives
    one at the conjunct level without a query of its own.
    """
    contains: dict[FNode, object] = {}  # shared: a subterm is looked into once

    def inside(node: FNode) -> object:
        return _fold_skeleton(node, True, contains, lambda _, args: any(args), leaves.__contains__)

    kept: set[FNode] = set()

    def conjunct(node: FNode) -> None:
        if inside(node):
            kept.add(node)

    for formula in formulas:
        _fold_skeleton(formula, False, {}, lambda node, arguments: None, conjunct)
    return kept


def _kept_leaves(
    deep: bool,
    earlier: _Reduction | None,
    formulas: Callable[[], list[FNode]],
    core: Callable[[object | None], set[FNode] | None],
) -> set[FNode] | None:
    """The leaves a reduction at the conjunct or (``deep``) leaf level keeps; None if
    the problem is satisfiable. Only the first reduction of a problem queries all of it
    (``core(None)``); with an earlier reduction (``earlier``), the conjunct level is read
    off its leaves (:func:`_enclosing_conjuncts` of ``formulas()``) and the leaf level
    is searched within what it kept (``core(reduced)``: the conjuncts of a conjunct-level
    reduction, or the leaves of a leaf-level one, when its core is to be shrunk)."""
    if earlier is None:
        return core(None)
    reduced, leaves = earlier
    if deep:
        return core(reduced)
    return _enclosing_conjuncts(formulas(), leaves)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error goes to the null device for the block.

    Spacer writes some diagnostics straight to it whatever Z3's verbosity ("Failed to
    find a lemma for: ..." and the lemmas it has, some 80 lines on a three-element copy
    loop); a verifier's standard error is for its own messages. Python writes nothing
    there while Z3 runs, and the descriptor is restored however the block ends."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 (a daemon): nothing to silence
        yield
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _zand(parts: list[z3.ExprRef], ctx: z3.Context) -> z3.ExprRef:
    if not parts:
        return z3.BoolVal(True, ctx)
    return parts[0] if len(parts) == 1 else z3.And(*parts)


@dataclass(frozen=True)
class _HornClause:
    """``body(body_args) & formula -> head(head_args)`` (no body predicate: None; head
    None: false), with ``bound`` the formula's free symbols."""

    body: int | None
    body_args: list[FNode]
    head: int | None
    head_args: list[FNode]
    bound: frozenset[FNode]


@dataclass(frozen=True)
class _HornShape:
    """The predicates of a Horn system (each given by the symbols its interpretation
    is read over) and one clause per formula; ``depth``: the longest derivation."""

    predicates: list[list[FNode]]
    clauses: list[_HornClause]
    depth: int
    #: an SMT check found the formulas unsatisfiable before (a Horn system without a
    #: solution is then a failure of the back end, not a satisfiable problem)
    decided: bool
    #: Spacer parameters of this system's own, beside :data:`_HORN_PARAMS`
    spacer: tuple[tuple[str, object], ...] = ()


class Z3SpacerInterpolator(Interpolator):
    """Sequence interpolants from Spacer solutions of a chain of Horn clauses."""

    name = "z3"
    varies = True  # Spacer's seeds (see _seed) and the reduction first (see _reduced)

    def __init__(
        self,
        timeout_ms: int | None = None,
        environment: Environment | None = None,
        reduce_with_core: bool = True,
        core: str = "conjuncts",
        conjuncts_budget: int = 3_000_000,
        integer_reading: bool = False,
        core_shrink: int = 0,
        case_split_reading: bool = False,
    ):
        """``reduce_with_core``: first drop what lies outside an unsat core (faster, and the
        interpolants mention only what refutes the path). ``core``: ``"conjuncts"`` drops
        whole conjuncts; ``"leaves"`` also reaches into the disjuncts of joined paths
        (much smaller Horn problems for large joined blocks, but on ssh its predicates
        needed more refinements); ``"auto"`` alternates between the two with a Spacer
        budget in Z3's deterministic resource units (``rlimit``), starting at
        ``conjuncts_budget`` (about a second here) and growing fourfold per round.
        ``integer_reading``: give Spacer the exact integer reading of bit-vector paths
        (:mod:`cpa_predicate.integer_reading`), where there is one. ``core_shrink``:
        how many rounds of :meth:`_shrink` make a leaf-level core smaller (0: Z3's
        core); with ``"auto"``, only once Spacer ran out of a budget on it.
        ``case_split_reading``: with ``integer_reading``, also give Spacer, last in each
        budget round, the integer reading that splits cases instead of introducing
        auxiliaries (:meth:`_portfolio`)."""
        if core not in CORE_MODES:
            raise ValueError(f"unknown core mode {core!r}; known: {', '.join(CORE_MODES)}")
        self.timeout_ms = timeout_ms
        self.reduce_with_core = reduce_with_core
        self.core = core
        self.conjuncts_budget = conjuncts_budget
        self.integer_reading = integer_reading
        self.core_shrink = core_shrink
        #: literals the cores lost by shrinking, and the seconds it took
        self.shrunk_literals = 0
        self.shrink_s = 0.0
        #: how many Horn problems were solved over the integer reading / over bit-vectors
        self.readings = {"integers": 0, "integers-split": 0, "bit-vectors": 0}
        #: the order in which the theories are tried: the one of the first two that
        #: succeeded last goes first (unless ``reading_stays_first``), the case split
        #: (if asked for) is always last
        self._theories = ["integers", "bit-vectors"]
        if case_split_reading:
            self._theories.append("integers-split")
        self._first_budget = conjuncts_budget  # auto: where the next call starts
        #: auto: the largest budget a call succeeded with after smaller ones ran out
        self._needed_budget = 0
        self._reading: IntegerReading | None = None  # kept for the run
        #: integer reading per atom, for the run, per reading (auxiliaries / case split)
        self._atoms: dict[bool, AtomwiseReading] = {}
        self._leaves_first = False  # auto: the reduction that succeeded last goes first
        #: how many paths the bit-blasting probe found feasible
        self.probes_sat = 0
        #: seconds the probe took, whatever it found
        self.probe_s = 0.0
        #: which probe tactic runs next, by the time per node each took so far
        # (a short warm-up: a program may have a dozen probes, of seconds each)
        self._probe_choice = DeciderChoice(warm_up=_PROBE_WARM_UP)
        #: how many probes ran the tactic that eliminates equations and free terms first
        self.probes_eliminating = 0
        #: how many paths a kept model of an earlier one showed feasible (no probe run)
        self.witnesses_reused = 0
        #: the model of the last satisfiable query (its ``model`` read off it when asked)
        self._z3_model: z3.ModelRef | None = None
        #: the probe's latest models, most recently useful first (its own context)
        self._witnesses: deque[z3.ModelRef] = deque(maxlen=_WITNESSES)
        #: how often ``"auto"`` ran out of a budget and moved on, and the seconds spent
        #: on those attempts (work thrown away)
        self.fallbacks = 0
        self.over_budget_s = 0.0
        #: Spacer ran out of a budget and the inlined clauses were tried; how often
        #: they answered (see _inlined_within)
        self.inlined_attempts = 0
        self.inlined_answers = 0
        self._quantified_inlined: set[tuple[int, ...]] = set()
        self._deadline: float | None = None  # of the current call
        #: the problem whose interpolants the last call returned: the one given, or
        #: (reduced to an unsat core) its formulas or edges weakened, each implied by
        #: the one given; interpolants of it are interpolants of the one given, and a
        #: check of them may read this smaller problem (checked_interpolation)
        self.solved_problem: list[FNode] | InterpolationDag | None = None
        self.env = environment if environment is not None else get_env()
        # One Z3 context per interpolator: isolates us from other Z3 users (and threads).
        self._ctx = z3.Context()
        self._converter: BitVectorConverter | None = None
        self._probe_converter: Z3Converter | None = None  # for the probe's own context
        self._factored: dict[FNode, FNode] = {}  # the probe's formulas, joins factored
        # per granularity (inside disjunctions or not): the guarded Z3 term of each
        # connective and leaf, and the literal guarding each leaf
        # (and for the leaves' integer readings or not)
        self._guarded: dict[tuple[bool, bool], dict[FNode, z3.ExprRef]] = {
            (deep, read): {} for deep in (False, True) for read in (False, True)
        }
        self._literal: dict[FNode, z3.ExprRef] = {}

    @property
    def model(self) -> dict[FNode, int | bool] | None:  # type: ignore[override]
        """See :attr:`Interpolator.model`: read off Z3's model when asked (most
        satisfiable queries are forced-covering attempts, which do not ask)."""
        if self._z3_model is None:
            return None
        return self._pysmt_model(self._z3_model)

    def statistics(self) -> dict[str, float]:
        """See :meth:`Interpolator.statistics`: attempts over budget and their time, the
        probe's feasible paths and time, and the Horn problems solved per theory."""
        figures: dict[str, float] = {}
        if self.fallbacks:
            figures["interpolation_core_fallbacks"] = self.fallbacks
            figures["interpolation_over_budget_time_s"] = round(self.over_budget_s, 3)
        if self.inlined_attempts:
            figures["interpolation_inlined_attempts"] = self.inlined_attempts
            figures["interpolation_inlined_answers"] = self.inlined_answers
        if self.probes_sat:
            figures["interpolation_feasible_by_probe"] = self.probes_sat
        if self.probes_eliminating:
            figures["interpolation_probes_eliminating"] = self.probes_eliminating
        if self.witnesses_reused:
            figures["interpolation_feasible_by_earlier_model"] = self.witnesses_reused
        if self.probe_s:
            figures["interpolation_probe_time_s"] = round(self.probe_s, 3)
        if self.core_shrink:
            figures["interpolation_core_shrunk_literals"] = self.shrunk_literals
            figures["interpolation_core_shrink_time_s"] = round(self.shrink_s, 3)
        for theory, count in self.readings.items():
            if count:
                figures[f"interpolation_problems_{theory}"] = count
        return figures

    def sequence_interpolants(self, formulas: Sequence[FNode]) -> list[FNode] | None:
        """See :meth:`Interpolator.sequence_interpolants`."""
        formulas = list(formulas)
        n = len(formulas)
        self._z3_model = None
        self.solved_problem = None
        if n == 0:
            return None
        # one budget for the whole call: every query inside gets what is left of it
        self._deadline = (
            None if self.timeout_ms is None else time.monotonic() + self.timeout_ms / 1000.0
        )
        ctx = self._ctx
        # One converter for the run: refinements share most of their blocks, and the
        # converter's memo table turns their repeated conversion into look-ups.
        if self._converter is None:
            self._converter = BitVectorConverter(self.env, ctx)
        conv = self._converter
        started = time.monotonic()
        try:
            feasible = self._feasible_by_bit_blasting(formulas)
        finally:
            self.probe_s += time.monotonic() - started
        if feasible:
            return None
        if not self.reduce_with_core:
            self.solved_problem = formulas
            return self._within_cap(lambda: self._interpolate(formulas, conv))
        return self._reduced(
            lambda deep, earlier, shrink: self._reduce(formulas, conv, deep, earlier, shrink),
            lambda reduction, budget: self._solve(reduction, conv, budget),
        )

    def _reduced(
        self, reduce: Callable[[bool, _Reduction | None, bool], _Reduction], solve: Callable
    ) -> object | None:
        """Interpolants of a problem reduced to an unsat core first: ``reduce(deep,
        earlier, shrink)`` gives the reduction at the conjunct or (``deep``) leaf level
        and the leaves it kept (None, None if the problem is satisfiable), searched
        within the reduction ``earlier`` when given, a leaf-level core made smaller by
        :meth:`_shrink` if ``shrink``; ``solve(reduction, budget)`` its interpolants."""
        cap = self.resource_cap
        if self.core != "auto":
            # no budget to run out of: a leaf-level core is shrunk at once
            reduction, _ = reduce(self.core == "leaves", None, bool(self.core_shrink))
            if reduction is None:
                return None
            return self._within_cap(lambda: solve(reduction, None))
        # Portfolio: both reductions in turn, each within a budget of Z3 resource units
        # that grows fourfold per round, until one succeeds or the time runs out. Spacer's
        # effort on the two differs by orders of magnitude either way, so this stays
        # within a small factor of the better one, and it is deterministic. The one that
        # succeeded last goes first: which one suits Spacer depends on the program (on
        # the token rings the leaf level, on ssh the conjunct level).
        reductions: dict[bool, _Reduction] = {}
        # the budget one level below the one the previous call succeeded with, and at
        # least the largest one a call needed after smaller ones ran out: the paths of
        # one program tend to be alike and grow with the unrolling, and every budget
        # that is too small is work thrown away (four Spacer runs per round: both
        # reductions, both readings), while a larger budget costs more only where the
        # alternative tried first is the slower one (Spacer stops when it has the
        # interpolants).
        budget: int | None = self._first_budget if cap is None else min(self._first_budget, cap)
        # an odd search variant starts from the other reduction: after a refuted
        # answer, another problem for Spacer rather than only another seed
        first = self._leaves_first != bool(self.variant % 2)
        # With ``core_shrink``, the leaf-level core is shrunk only once Spacer ran out of
        # a budget on it (its core searched within it, then shrunk), and the smaller
        # problem is tried again at the same budget: a problem Spacer solves at once
        # gains nothing from a smaller core, and on ssh shrinking every core cost more
        # interpolation than it saved.
        shrunk = not self.core_shrink
        ran_out = False
        while True:
            for deep in (first, not first):
                if deep not in reductions:
                    reductions[deep] = reduce(deep, reductions.get(not deep), False)
                reduction = reductions[deep][0]
                if reduction is None:
                    return None
                interpolants = self._attempt(solve, reduction, budget)
                ran_out = ran_out or interpolants is _OverBudget
                if interpolants is _OverBudget and deep and not shrunk:
                    shrunk = True
                    reductions[True] = reduce(True, reductions[True], True)
                    interpolants = self._attempt(solve, reductions[True][0], budget)
                if interpolants is _OverBudget:
                    continue
                self._leaves_first = deep
                if ran_out and budget is not None:
                    self._needed_budget = max(self._needed_budget, budget)
                self._first_budget = (
                    _LAST_BUDGET
                    if budget is None
                    else max(self.conjuncts_budget, budget // 4, self._needed_budget)
                )
                return interpolants
            if cap is not None and budget is not None:  # capped: fails after the round at the cap
                if budget >= cap:
                    raise _over_cap()
                budget = min(budget * 4, cap)
                continue
            # the round after the largest budget has none: a genuine "unknown" is reported
            budget = None if budget is None or budget > _LAST_BUDGET else budget * 4

    def _within_cap(self, solve: Callable[[], object]) -> object:
        """``solve()``, whose budget schedule (:meth:`_portfolio`) ends at the caller's
        ``resource_cap`` where one is set: running out of it is the call's failure."""
        try:
            return solve()
        except _OverBudget:
            if self.resource_cap is None:
                raise
            raise _over_cap() from None

    def _attempt(self, solve: Callable, reduction: object, budget: int | None) -> object:
        """``solve(reduction, budget)``, or the class ``_OverBudget`` if Spacer ran out of
        the budget (the attempt counted, its time as work thrown away)."""
        started = time.monotonic()
        try:
            return solve(reduction, budget)
        except _OverBudget:
            self.fallbacks += 1
            self.over_budget_s += time.monotonic() - started
            return _OverBudget

    def dag_interpolants(self, dag: InterpolationDag) -> list[FNode] | None:
        """See :meth:`Interpolator.dag_interpolants`: an unsat core of the DAG's ARG
        condition (:func:`~cpa_predicate.arg_condition.arg_condition`) first, then one
        Horn system over the weakened edges, a predicate per inner node over its
        variables, a clause per edge."""
        self._z3_model = None
        self.reachable_error = None
        self.solved_problem = None
        self._deadline = (
            None if self.timeout_ms is None else time.monotonic() + self.timeout_ms / 1000.0
        )
        if self._converter is None:
            self._converter = BitVectorConverter(self.env, self._ctx)
        conv = self._converter
        if not self.reduce_with_core:
            self.solved_problem = dag
            return self._dag_horn(dag, conv, None, decided=False)
        return self._reduced(
            lambda deep, earlier, shrink: self._reduce_dag(dag, conv, deep, earlier, shrink),
            lambda reduced, budget: self._solved_dag(reduced, conv, budget),
        )

    def _solved_dag(
        self, reduced: InterpolationDag, conv: Z3Converter, budget: int | None
    ) -> list[FNode] | None:
        self.solved_problem = reduced
        return self._dag_horn(reduced, conv, budget, decided=True)

    def _reduce_dag(
        self,
        dag: InterpolationDag,
        conv: Z3Converter,
        deep: bool,
        earlier: _Reduction | None = None,
        shrink: bool = False,
    ) -> _Reduction:
        """``dag`` with every edge weakened to the leaves of an unsat core of its ARG
        condition (a leaf shared by several edges is kept in all of them), and those
        leaves; None, None if an error is reachable. Every path of the weakened DAG
        stays infeasible, so its DAG interpolants are those of ``dag``. With the
        reduction at the other level (``earlier``), no query of its own is needed at
        the conjunct level, and the leaf level searches only what it kept; ``shrink``:
        a leaf-level core is made smaller by :meth:`_shrink`."""
        kept = _kept_leaves(
            deep,
            earlier,
            lambda: [edge.formula for edge in dag.edges],
            lambda reduced: self._dag_core(dag if reduced is None else reduced, conv, deep, shrink),
        )
        if kept is None:
            return None, None
        return self._weakened_dag(dag, kept, deep), kept

    def _weakened_dag(
        self, dag: InterpolationDag, kept: set[FNode], deep: bool
    ) -> InterpolationDag:
        """``dag`` with the leaves of its edges outside ``kept`` weakened to ``true``."""
        edges = [
            DagEdge(e.source, e.target, _weaken(e.formula, kept, self.env, deep), e.at_target)
            for e in dag.edges
        ]
        return InterpolationDag(dag.size, edges, dag.errors, dag.node_variables)

    def _dag_core(
        self, dag: InterpolationDag, conv: Z3Converter, deep: bool, shrink: bool = False
    ) -> set[FNode] | None:
        """The leaves of an unsat core of the DAG's ARG condition (a leaf-level one made
        smaller if ``shrink``); None (and the reachable error noted) if it is satisfiable."""
        symbols = [edge.formula.get_free_variables() for edge in dag.edges]
        scopes = _dag_predicates(dag, [frozenset(s) for s in symbols])
        literals: dict[z3.ExprRef, FNode] = {}
        try:
            bodies = [self._guarded_formula(e.formula, conv, literals, deep) for e in dag.edges]
            condition = arg_condition(dag, symbols, scopes, bodies, conv.convert, self._ctx)
        except PysmtException as exc:
            raise InterpolationError(f"cannot convert formula to Z3: {exc}") from exc
        # bit-vectors, the exact encoding
        query = (condition.assertions, literals)
        solver, result, _, core = self._decide(
            [("QF_BV", lambda _logic: query, None)], shrink=deep and shrink
        )
        if result == z3.sat:
            model = solver.model()
            self.reachable_error = next(
                error
                for error in sorted(dag.errors)
                if z3.is_true(model.eval(condition.reach[error].translate(model.ctx)))
            )
            return None
        return {literals[literal] for literal in core}

    def _dag_horn(
        self, dag: InterpolationDag, conv: Z3Converter, budget: int | None, decided: bool
    ) -> list[FNode] | None:
        """The DAG interpolant from one Horn system (None if an error is reachable)."""
        parts = [conjuncts(edge.formula) for edge in dag.edges]
        fvars = _free_symbols(parts)
        scopes = _dag_predicates(dag, fvars)
        inner = [n for n in range(1, dag.size) if n not in dag.errors]
        clauses = _horn_clauses(dag.edges, fvars, inner, scopes)
        shape = _HornShape([scopes[n] for n in inner], clauses, dag.depth(), decided=decided)
        try:
            zformulas = [_zand([conv.convert(c) for c in cs], self._ctx) for cs in parts]
            labels = self._portfolio(parts, zformulas, shape, conv, budget)
        except PysmtException as exc:
            raise InterpolationError(f"cannot convert formula to Z3: {exc}") from exc
        except _OverBudget as exc:
            if budget is not None:
                raise
            raise InterpolationError(f"Spacer returned unknown: {exc}") from exc
        if labels is None:
            return None
        return self._node_labels(dag.size, dag.errors, inner, labels)

    def _node_labels(
        self, size: int, errors: frozenset[int], inner: list[int], labels: list[FNode]
    ) -> list[FNode]:
        """One label per node: true at the root, false at the errors, ``labels`` at the
        ``inner`` nodes."""
        mgr = self.env.formula_manager
        out = [mgr.FALSE() if n in errors else mgr.TRUE() for n in range(size)]
        for node, label in zip(inner, labels, strict=True):
            out[node] = label
        return out

    def graph_invariants(self, graph: TransitionGraph, effort: int) -> list[FNode] | None:
        """See :meth:`Interpolator.graph_invariants`: one recursive Horn system, a
        predicate per inner node over all node variables, a clause per edge, given to
        Spacer within ``effort`` resource units, over the blocks read as mathematical
        integers (:meth:`_unwrapped_steps`)."""
        self._deadline = (
            None if self.timeout_ms is None else time.monotonic() + self.timeout_ms / 1000.0
        )
        if self._converter is None:
            self._converter = BitVectorConverter(self.env, self._ctx)
        conv = self._converter
        parts = [conjuncts(edge.formula) for edge in graph.edges]
        fvars = _free_symbols(parts)
        scope = sorted(graph.node_variables, key=lambda s: s.symbol_name())
        inner = [n for n in range(1, graph.size) if n not in graph.errors]
        clauses = _horn_clauses(graph.edges, fvars, inner, [scope] * graph.size)
        # depth 0: Spacer's schedule from the first level (the system is recursive); its
        # global guidance generalises a loop's counters (without it Spacer had no answer
        # for ``for (i = 0; i < 1000000; i++) j += 2`` within 8 s)
        shape = _HornShape(
            [scope] * len(inner), clauses, 0, decided=False, spacer=(("spacer.global", True),)
        )
        try:
            steps = self._unwrapped_steps(parts, conv)
        except PysmtException as exc:
            raise InterpolationError(f"cannot convert formula to Z3: {exc}") from exc
        except Unreadable as exc:
            raise InterpolationError(f"no integer reading: {exc}") from exc
        try:
            labels = self._refute(steps, shape, conv, effort)
        except _NotRefuted:
            return None  # Spacer found the error reachable over the integers
        except _OverBudget as exc:
            raise InterpolationError(f"no invariants within the effort: {exc}") from exc
        if labels is None:
            return None
        return self._node_labels(graph.size, graph.errors, inner, labels)

    def _unwrapped_steps(
        self, parts: list[list[FNode]], conv: Z3Converter
    ) -> list[tuple[IntegerReading | None, list]]:
        """The conjunctions ``parts`` read as mathematical integers: the integer reading
        with no value wrapping around (each auxiliary that counts the wraps of a word
        is 0) and without the facts that bound the words and the auxiliaries. Not the
        formulas' meaning: Spacer ran out of its effort on a loop ``j += 2`` over
        ``i < 1000000`` when it had those bounds, and found ``j = 2 i`` at once without
        them. The solutions only become predicates, which the abstraction then reads
        exactly over bit-vectors."""
        self._left_ms()
        atoms = self._atomwise(False)
        zero = z3.IntVal(0, self._ctx)
        read = []
        for cs in parts:
            body = _zand([atoms.body(c, conv.convert) for c in cs], self._ctx)
            _, _, auxiliaries = atoms.facts(cs, conv.convert)
            if auxiliaries:
                body = z3.substitute(body, *[(a, zero) for a in auxiliaries])
            read.append((body, []))
        return [(atoms.reading, read)]

    def _feasible_by_bit_blasting(self, formulas: list[FNode]) -> bool:
        """Whether a bit-blasting probe finds the conjunction satisfiable (model kept).

        A feasible error path is decided in one shot by bit-blasting, where the guarded
        queries below split forever (linear arithmetic on a chain of 1,000 joined
        disequalities: 50 s at 500) or pay for their guards. The probe gets a budget of
        Z3 resource units linear in the formulas' size, so that it gives up on hard
        (mostly infeasible) paths, which the core queries then decide. (Resource units
        bound the search, they do not measure time: Z3 spends them very unevenly
        between simplification and search.)
        """
        formulas = [factor_joins(formula, self._factored) for formula in formulas]
        size = _dag_size(formulas)
        # A context of its own: the terms that simplification creates would otherwise
        # enter the context that the interpolation queries use, and Spacer's run time
        # depends on the order of its terms (a reordering of the same facts turned
        # kundu2_BUG from 26 s into a timeout).
        if self._probe_converter is None:
            self._probe_converter = Z3Converter(self.env, z3.Context())
        conv = self._probe_converter
        ctx = conv.ctx
        try:
            terms = [conv.convert(f) for f in formulas]
        except (z3.Z3Exception, PysmtException):
            return False  # not a pure bit-vector formula: the core queries decide
        witness = self._known_witness(terms)
        if witness is not None:
            self.witnesses_reused += 1
            self._z3_model = witness
            return True
        # the two tactics decide alike; which is faster depends on the program
        plain = self._probe_choice.pick()
        tactic = z3.Then(*_PROBE_TACTICS[not plain], ctx=ctx)
        solver = tactic.solver()
        self._bound(solver, _PROBE_UNITS_PER_NODE * size)
        started = time.monotonic()
        try:
            solver.add(*terms)
            if solver.check() != z3.sat:
                return False
            model = solver.model()
            self._z3_model = model
        except (z3.Z3Exception, PysmtException):
            return False  # not a pure bit-vector formula: the core queries decide
        finally:
            # per node: the choice compares paths of every length
            self._probe_choice.record(plain, (time.monotonic() - started) / max(1, size))
            self.probes_eliminating += not plain
        self._witnesses.appendleft(model)
        self.probes_sat += 1
        return True

    def _known_witness(self, terms: list[z3.ExprRef]) -> z3.ModelRef | None:
        """A kept model of an earlier satisfiable probe that satisfies ``terms`` too
        (moved to the front), else None.

        Forced covering asks, for one state, one query per older state it tries, and
        many differ only in the last formula (the other state's negated label) while
        the path, and so the model found for the previous one, is the same: on
        ``mem_slave_tlm.3`` 207 of the 364 satisfiable queries were decided by one of
        the eight models before. Evaluation is exact: a model under which every
        formula evaluates to true is a model of the conjunction (symbols the model
        does not mention are completed with Z3's defaults, and the completion is kept
        in the model, so the values reported are the ones that were evaluated)."""
        for position, model in enumerate(self._witnesses):
            try:
                if all(z3.is_true(model.eval(t, model_completion=True)) for t in terms):
                    if position:
                        del self._witnesses[position]
                        self._witnesses.appendleft(model)
                    return model
            except z3.Z3Exception:
                continue
        return None

    def _bound(self, solver: z3.Solver, units: int | None = None) -> None:
        """Bound ``solver``'s next checks by this call's deadline and, if given, by
        ``units`` of Z3's resource budget (raises when no time is left)."""
        left_ms = self._left_ms()
        if left_ms is not None:
            solver.set("timeout", left_ms)
        if units is not None:
            solver.set("rlimit", units)

    def _left_ms(self) -> int | None:
        """Milliseconds left of this call's budget; None if unbounded (raises when none is left)."""
        if self._deadline is None:
            return None
        left_ms = int((self._deadline - time.monotonic()) * 1000)
        if left_ms <= 0:
            raise InterpolationTimeout("timeout")
        return left_ms

    def _out_of_time(self, reason: str, timed: bool) -> bool:
        """Whether an ``unknown`` answer with ``reason`` means the call's time ran out:
        the deadline passed, or Z3 says "timeout" (its timer may fire a little before
        our clock reaches the deadline), or (``timed``: the query had no resource
        budget of its own) it was canceled."""
        return self._deadline is not None and (
            time.monotonic() >= self._deadline
            or "timeout" in reason
            or (timed and "cancel" in reason)
        )

    def _unknown(self, backend: str, reason: str, timed: bool) -> InterpolationError:
        """The error for an ``unknown`` answer: :class:`InterpolationTimeout` if the
        call's time ran out (:meth:`_out_of_time`), else a failure with Z3's reason
        (raises :class:`MemoryError` if that is want of memory)."""
        if self._out_of_time(reason, timed):
            return InterpolationTimeout("timeout")
        raise_if_out_of_memory(backend, reason)
        return InterpolationError(f"{backend} returned unknown: {reason}")

    def _reduce(
        self,
        formulas: list[FNode],
        conv: Z3Converter,
        deep: bool,
        earlier: _Reduction | None = None,
        shrink: bool = False,
    ) -> _Reduction:
        """The formulas weakened to an unsat core (see :meth:`_unsat_core`), as (number of
        formulas, positions the core touches, weakened formulas), and the core's leaves;
        None, None if satisfiable. With the reduction at the other level (``earlier``),
        the conjunct level is read off the kept leaves without a query, and the leaf
        level searches only what it kept; ``shrink``: a leaf-level core is made smaller
        by :meth:`_shrink`."""
        try:
            kept = _kept_leaves(
                deep,
                earlier,
                lambda: formulas,
                lambda reduced: self._unsat_core(
                    formulas if reduced is None else reduced[2], conv, deep, shrink
                ),
            )
        except PysmtException as exc:
            raise InterpolationError(f"cannot convert formula to Z3: {exc}") from exc
        if kept is None:
            return None, None
        weakened = [_weaken(f, kept, self.env, deep) for f in formulas]
        relevant = [i for i, f in enumerate(weakened) if not f.is_true()]
        return (len(formulas), relevant, weakened), kept

    def _solve(
        self, reduction: tuple[int, list[int], list[FNode]], conv: Z3Converter, budget=None
    ) -> list[FNode] | None:
        """Interpolants of a reduction; only the blocks the core touches go to Spacer."""
        n, relevant, formulas = reduction
        self.solved_problem = formulas
        if 0 < len(relevant) < n:
            try:
                inner = self._interpolate([formulas[i] for i in relevant], conv, budget)
            except InterpolationError as error:
                if error.partial is not None:
                    error.partial = self._expand(n, relevant, error.partial)
                raise
            return self._expand(n, relevant, inner)
        return self._interpolate(formulas, conv, budget)

    def _interpolate(
        self, formulas: list[FNode], conv: Z3Converter, budget: int | None = None
    ) -> list[FNode] | None:
        parts = [conjuncts(f) for f in formulas]
        try:
            zparts = [[conv.convert(c) for c in cs] for cs in parts]
        except PysmtException as exc:
            raise InterpolationError(f"cannot convert formula to Z3: {exc}") from exc
        return self._chain(parts, zparts, conv, budget)

    def _expand(self, n: int, relevant: list[int], inner: list[FNode] | None) -> list[FNode]:
        """Interpolants of the full sequence from those of its non-trivial blocks.

        A block weakened to ``true`` by the core changes nothing: the interpolant after
        it is the one before it. So the chain that Spacer solves only has the blocks of
        the core (often a handful out of hundreds), which is what makes long error paths
        affordable.
        """
        if inner is None:
            raise InterpolationError("Spacer found a satisfiable core the SMT check refuted")
        env = self.env.formula_manager
        out: list[FNode] = []
        seen = 0  # relevant blocks among A_1..A_k
        position = set(relevant)
        for k in range(n - 1):
            if k in position:
                seen += 1
            if seen == 0:
                out.append(env.TRUE())
            elif seen == len(relevant):
                out.append(env.FALSE())
            else:
                out.append(inner[seen - 1])
        return out

    def _chain(
        self,
        parts: list[list[FNode]],
        zparts: list[list[z3.ExprRef]],
        conv: Z3Converter,
        budget: int | None = None,
    ) -> list[FNode] | None:
        """Sequence interpolants of the conjunctions ``parts`` via one Horn problem: a
        chain, one predicate per cut point over the symbols common to both sides."""
        n = len(parts)
        ctx = self._ctx
        zformulas = [_zand(cs, ctx) for cs in zparts]

        fvars = _free_symbols(parts)
        # cut[k] = symbols common to A_1..A_{k+1} and A_{k+2}..A_n (0-based: k in 0..n-2)
        suffix: list[frozenset[FNode]] = [frozenset()] * (n + 1)
        for i in range(n - 1, -1, -1):
            suffix[i] = suffix[i + 1] | fvars[i]
        cut: list[list[FNode]] = []
        prefix: set[FNode] = set()
        for k in range(n - 1):
            prefix |= fvars[k]
            common = prefix & suffix[k + 1]
            cut.append(sorted(common, key=lambda s: s.symbol_name()))
        clauses = [
            _HornClause(
                i - 1 if i > 0 else None,
                cut[i - 1] if i > 0 else [],
                i if i < n - 1 else None,
                cut[i] if i < n - 1 else [],
                fvars[i],
            )
            for i in range(n)
        ]
        shape = _HornShape(cut, clauses, n, decided=self.reduce_with_core)
        return self._portfolio(parts, zformulas, shape, conv, budget)

    def _portfolio(
        self,
        parts: list[list[FNode]],
        zformulas: list[z3.ExprRef],
        shape: _HornShape,
        conv: Z3Converter,
        budget: int | None,
    ) -> list[FNode] | None:
        """Solve the Horn system of ``shape`` over the formulas ``parts``.

        With ``integer_reading``, Spacer first gets the formulas' integer reading without
        the ranges of the words (a weakening: its solutions are interpolants of the
        formulas), then with them (exact), and the bit-vector formulas only if they have
        no integer reading or the weakened and exact readings are not refuted. With
        ``case_split_reading``, last, the integer reading that normalises a value
        wrapping at most twice by a case split rather than by an auxiliary integer
        (where it differs): on some small loops Spacer refutes only that one, on the ssh
        programs it took far longer with it, so it stays last, and its failed attempts
        made ``impact`` slower (docs/results.md). Of the first two, the one that
        succeeded last goes first.
        """
        # the alternatives, each built when first tried (on programs where bit-vectors go
        # first and succeed, reading every block was most of the Python work of a
        # refinement)
        built: dict[str, list[tuple[IntegerReading | None, list]] | None] = {}

        def steps_of(theory: str) -> list[tuple[IntegerReading | None, list]] | None:
            if theory not in built:
                if theory == "bit-vectors":
                    built[theory] = [(None, [(formula, []) for formula in zformulas])]
                elif theory == "integers":
                    built[theory] = self._reading_steps(parts, conv)
                else:  # the split reading, where it differs: a split drops an auxiliary
                    split = self._reading_steps(parts, conv, split=True)
                    unsplit = steps_of("integers")
                    differs = (
                        split is not None
                        and unsplit is not None
                        and _auxiliaries(split) < _auxiliaries(unsplit)
                    )
                    built[theory] = split if differs else None
            return built[theory]

        theories = self._theories if self.integer_reading else ["bit-vectors"]
        if budget is None and len(theories) > 1 and steps_of("integers") is None:
            theories = ["bit-vectors"]  # no reading: no portfolio of budgets either
        if budget is not None:
            budgets: list[int | None] = [budget]
        elif len(theories) == 1:
            # one reading: first within the first budget, so that a chain on which Spacer
            # diverges gets the inlined clauses (_inlined_within), then without a budget
            budgets = [self.conjuncts_budget, None]
        else:  # a portfolio of its own: the readings in turn, budgets growing fourfold
            budgets = []
            grown: int | None = self.conjuncts_budget
            while grown is not None:
                budgets.append(grown)
                grown = None if grown > _LAST_BUDGET else grown * 4
            budgets.append(None)
        cap = self.resource_cap
        if budget is None and cap is not None:
            # the caller's cap ends the schedule: its rounds below the cap, then one at
            # the cap (running out of it raises _OverBudget, the call's failure)
            budgets = [b for b in budgets if b is not None and b < cap] + [cap]
        failed = 0
        try:
            for each in budgets:
                for theory in list(theories):
                    steps = steps_of(theory)
                    if steps is None:
                        continue  # no (other) integer reading of these formulas
                    try:
                        interpolants = self._refute(steps, shape, conv, each)
                    except (_OverBudget, _NotRefuted):
                        failed += 1
                        continue
                    if (
                        len(theories) > 1
                        and theory != "integers-split"
                        and not self.reading_stays_first
                    ):
                        self._theories.remove(theory)
                        self._theories.insert(0, theory)
                    self.readings[theory] += 1
                    return interpolants
            raise _OverBudget("no reading of the formulas within the budget")
        finally:
            # failed attempts count as fallbacks where the formulas have both readings
            if built.get("integers") is not None:
                self.fallbacks += failed

    def _reading_steps(
        self, parts: list[list[FNode]], conv: Z3Converter, split: bool = False
    ) -> list[tuple[IntegerReading | None, list]] | None:
        """Spacer's steps over the integer reading of the conjunctions ``parts``: without
        the ranges of the words (a weakening: its solutions are interpolants of the
        formulas), then with them (exact); None if some formula has no integer reading.
        ``split``: the reading with case splits."""
        try:
            read = [self._read_conjunction(cs, conv, split) for cs in parts]
        except Unreadable:
            return None
        reading = self._atoms[split].reading
        relaxed = [(weakened, auxiliaries) for weakened, _, auxiliaries in read]
        exact = [(formula, auxiliaries) for _, formula, auxiliaries in read]
        return [(reading, relaxed), (reading, exact)]

    def _read_conjunction(
        self, conjuncts: list[FNode], conv: Z3Converter, split: bool = False
    ) -> tuple[z3.BoolRef, z3.BoolRef, list[z3.ArithRef]]:
        """The integer reading of a conjunction (as :meth:`IntegerReading.read`), put
        together from the readings of its atoms, kept for the run (the formulas of
        successive refinements are weakenings of the same blocks); ``split``: with case
        splits."""
        self._left_ms()  # a block's reading is Python work: none after the deadline
        atoms = self._atomwise(split)
        body = [atoms.body(c, conv.convert) for c in conjuncts]
        side, ranges, auxiliaries = atoms.facts(conjuncts, conv.convert)
        relaxed = _zand(body + side, self._ctx)
        exact = _zand(body + side + ranges, self._ctx)
        return relaxed, exact, auxiliaries

    def _atomwise(self, split: bool) -> AtomwiseReading:
        """The reading of atoms kept for the run (with case splits if ``split``)."""
        atoms = self._atoms.get(split)
        if atoms is None:
            if self._reading is None:  # shared with the unsat cores' reading
                self._reading = IntegerReading(self._ctx)
            reading = IntegerReading(self._ctx, case_split=True) if split else self._reading
            # only And/Or are rebuilt; a negated atom is read whole, as an atom
            atoms = self._atoms[split] = AtomwiseReading(reading, lambda n: n.is_and() or n.is_or())
        return atoms

    def _refute(
        self,
        steps: list[tuple[IntegerReading | None, list]],
        shape: _HornShape,
        conv: Z3Converter,
        budget: int | None,
    ) -> list[FNode] | None:
        """Interpolants from the first of ``steps`` whose Horn problem Spacer solves; a
        step whose formulas Spacer finds satisfiable passes on to the next (a weakened
        integer reading to the exact one); if the exact integer reading is satisfiable
        too, :class:`_NotRefuted` (the bit-vector formulas decide)."""
        for position, (reading, read) in enumerate(steps):
            last = position == len(steps) - 1
            clauses, preds, pargs = self._clauses(read, shape, conv, reading)
            try:
                model = self._solve_horn(clauses, shape.depth, budget=budget, own=shape.spacer)
                if model is None and reading is not None:
                    if last:
                        raise _NotRefuted()
                    continue  # this reading does not refute the path: a stronger one
                if model is None and not shape.decided:
                    return None  # the formulas are satisfiable
                return self._read_interpolants(model, preds, pargs, conv, reading)
            except _Unconvertible:
                # Spacer's first schedule sometimes generalises to divisibility (``mod``,
                # ``div``) that pysmt cannot express; its default schedule rarely does. A
                # failed conversion leaves the converter's memo table inconsistent: drop it.
                self._converter = None
                fresh = BitVectorConverter(self.env, self._ctx)
                model = self._solve_horn(
                    clauses, shape.depth, first_attempt=False, budget=budget, own=shape.spacer
                )
                if model is None and not shape.decided:
                    return None
                try:
                    return self._read_interpolants(model, preds, pargs, fresh, reading)
                except _Unconvertible as error:
                    partial = self._representable_parts(model, preds, pargs, reading)
                    raise InterpolationError(str(error), partial) from None
        raise AssertionError("every step returns or raises")  # pragma: no cover

    def _clauses(
        self,
        read: list[tuple[z3.ExprRef, list[z3.ExprRef]]],
        shape: _HornShape,
        conv: Z3Converter,
        reading: IntegerReading | None,
    ) -> tuple[list[z3.ExprRef], list[z3.FuncDeclRef], list[list[z3.ExprRef]]]:
        """The Horn clauses of ``shape``: one predicate per cut point (a node of a DAG)
        over its symbols (their integer words for a reading); every symbol and
        auxiliary of a clause is universally quantified."""
        ctx = self._ctx
        zsym: dict[FNode, z3.ExprRef] = {}

        def zs(sym: FNode) -> z3.ExprRef:
            e = zsym.get(sym)
            if e is None:
                e = conv.convert(sym)
                if reading is not None:
                    e = reading.word(e)
                zsym[sym] = e
            return e

        preds: list[z3.FuncDeclRef] = []
        pargs: list[list[z3.ExprRef]] = []
        for k, syms in enumerate(shape.predicates):
            args = [zs(s) for s in syms]
            sorts = [a.sort() for a in args]
            preds.append(z3.Function(f"itp!P{k + 1}", *sorts, z3.BoolSort(ctx)))
            pargs.append(args)

        false = z3.BoolVal(False, ctx)
        clauses: list[z3.ExprRef] = []
        for clause, (formula, auxiliaries) in zip(shape.clauses, read, strict=True):
            body = [formula]
            bound: set[FNode] = set(clause.bound)
            if clause.body is not None:
                body.insert(0, preds[clause.body](*[zs(s) for s in clause.body_args]))
                bound.update(clause.body_args)
            if clause.head is not None:
                head = preds[clause.head](*[zs(s) for s in clause.head_args])
                bound.update(clause.head_args)
            else:
                head = false
            horn = z3.Implies(z3.And(*body) if len(body) > 1 else body[0], head)
            qvars = [zs(s) for s in sorted(bound, key=lambda s: s.symbol_name())]
            qvars += auxiliaries
            if qvars:
                horn = z3.ForAll(qvars, horn)
            clauses.append(horn)
        return clauses, preds, pargs

    def _representable_parts(self, model, preds, pargs, reading=None) -> list[FNode]:
        """Per cut point, the conjunction of the interpolant's atoms pysmt can represent.

        Atoms are the maximal subterms below And, Or and Not. Each conversion gets a
        fresh converter, because a failed one leaves the memo table inconsistent.
        """
        mgr = self.env.formula_manager
        out: list[FNode] = []
        for k, pred in enumerate(preds):
            itp = self._eliminate_quantifiers(self._interpretation(model, pred(*pargs[k])))
            atoms: list[FNode] = []
            seen: set[int] = set()
            stack = [itp]
            while stack:
                term = stack.pop()
                if term.get_id() in seen:
                    continue
                seen.add(term.get_id())
                if z3.is_and(term) or z3.is_or(term) or z3.is_not(term):
                    stack.extend(term.children())
                    continue
                if z3.is_true(term) or z3.is_false(term):
                    continue
                try:
                    if reading is not None:
                        term = reading.back(term)
                    atoms.append(BitVectorConverter(self.env, self._ctx).back(term))
                except (PysmtException, NotImplementedError, KeyError, TypeError, Unreadable):
                    continue
            out.append(mgr.And(atoms) if atoms else mgr.TRUE())
        return out

    def _read_interpolants(
        self, model, preds, pargs, conv, reading: IntegerReading | None = None
    ) -> list[FNode] | None:
        """The interpretations of the cut predicates as pysmt formulas (read back from
        integers into bit-vectors when the problem was the integer reading)."""
        if model is None:
            # clauses unsolvable <=> the formulas are satisfiable, which the caller's
            # SMT check refuted (an undecided shape returns before reading)
            raise InterpolationError("Spacer found a satisfiable core the SMT check refuted")
        out: list[FNode] = []
        # ``pred in model`` compares against every declaration: quadratic; names are unique
        interpreted = {decl.name() for decl in model.decls()}
        for k, pred in enumerate(preds):
            if pred.name() not in interpreted:
                # A predicate without an interpretation was eliminated by pre-processing;
                # guessing true/false could be unsound, so refuse.
                raise InterpolationError(f"Spacer model lacks an interpretation for {pred}")
            itp = self._eliminate_quantifiers(self._interpretation(model, pred(*pargs[k])))
            try:
                if reading is not None:
                    itp = reading.back(itp)
                out.append(conv.back(itp))
            except (PysmtException, NotImplementedError, KeyError, TypeError, Unreadable) as exc:
                first_line = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
                raise _Unconvertible(
                    f"cannot convert Spacer interpolant back to pysmt ({first_line})"
                ) from exc
        return out

    def _interpretation(self, model: z3.ModelRef, application: z3.ExprRef) -> z3.ExprRef:
        """The interpretation of a predicate ``application`` (a term of this
        interpolator's context) in Spacer's ``model``, evaluated in the model's own
        context and brought back here."""
        there = application.translate(model.ctx)
        return model.eval(there, model_completion=False).translate(self._ctx)

    def _solve_horn(
        self,
        clauses: list[z3.ExprRef],
        depth: int,
        first_attempt: bool = True,
        budget: int | None = None,
        own: tuple[tuple[str, object], ...] = (),
    ) -> z3.ModelRef | None:
        """Solve the Horn clauses: a model if solvable, None if not, else raise (with the
        Spacer parameters ``own`` in every attempt).

        The chain is non-recursive with the given depth, so Spacer first starts its
        level-by-level search right at that depth (an order of magnitude faster than
        deepening one level at a time); if Spacer fails (not for want of time or
        budget: "stuck on a lemma", or "unreachable" when one of its internal assertions
        fails), it is retried with its default schedule and then with the clauses
        inlined, a different problem that avoids the failure seen (:data:`_INLINED`).
        ``budget`` bounds each attempt in Z3 resource units (:class:`_OverBudget`).

        Each budget level runs Spacer with another random seed (:meth:`_seed`). Its
        effort on one problem is heavy-tailed over seeds: on Horn problems of kundu that
        ran out of 3 M units, 24 M units were too few for one seed and 2-4 M enough for
        another. With one seed, the attempt at the next budget
        would first repeat the search that ran out; with another it is a fresh sample.
        """
        attempts: list[dict[str, object]] = [{"spacer.min_level": depth}, {}, _INLINED]
        if not first_attempt:
            attempts = attempts[1:]
        reason = ""
        # Spacer's search depends on the history of the context it runs in (the order
        # of its terms' ids): solved in the interpolator's long-lived context, the same
        # Horn problem got different solutions after different earlier calls. In a
        # context of its own the problem alone decides the search.
        spacer_ctx = z3.Context()
        problem = tuple(clause.hash() for clause in clauses)
        clauses = [clause.translate(spacer_ctx) for clause in clauses]
        for extra in attempts:
            solver = self._horn_solver(
                spacer_ctx, clauses, {**extra, **dict(own)}, budget, self._seed(budget)
            )
            if solver is None:
                break
            with _quiet_stderr():
                result = solver.check()
            if result == z3.sat:
                # read in Spacer's context: evaluation rewrites, and in this
                # interpolator's context the rewriting could depend on its history
                # (see _isolated)
                return solver.model()
            if result == z3.unsat:
                return None
            reason = solver.reason_unknown()
            if "timeout" in reason or self._out_of_time(reason, timed=budget is None):
                break
            # the budget ends the search as "max. resource limit exceeded", as
            # "canceled" inside a push, or (tiny budgets) as plain "unknown"
            if "resource" in reason or "cancel" in reason or reason in ("", "unknown"):
                if budget is not None:
                    if extra is not _INLINED:
                        inlined = self._inlined_within(problem, clauses, spacer_ctx, budget)
                        if inlined is not False:
                            return inlined
                    raise _OverBudget(reason)
                break
        raise self._unknown("Spacer", reason or "timeout", timed=budget is None)

    def _horn_solver(
        self,
        spacer_ctx: z3.Context,
        clauses: list[z3.ExprRef],
        extra: dict[str, object],
        rlimit: int | None,
        seed: int = 0,
    ) -> z3.Solver | None:
        """A Horn solver over ``clauses`` with our parameters and ``extra``, within the
        call's deadline and ``rlimit`` resource units; None once the deadline passed."""
        solver = z3.SolverFor("HORN", ctx=spacer_ctx)
        solver.set(**_HORN_PARAMS)
        solver.set(**extra)
        if seed:
            solver.set("random_seed", seed)
            solver.set("spacer.random_seed", seed)
        if self._deadline is not None:
            left_ms = int((self._deadline - time.monotonic()) * 1000)
            if left_ms <= 0:
                return None
            solver.set("timeout", left_ms)
        if rlimit is not None:
            solver.set("rlimit", rlimit)
        solver.add(*clauses)
        return solver

    def _inlined_within(
        self,
        problem: tuple[int, ...],
        clauses: list[z3.ExprRef],
        spacer_ctx: z3.Context,
        budget: int,
    ) -> z3.ModelRef | None | bool:
        """The clauses inlined (:data:`_INLINED`) within a sixteenth of ``budget``, after
        Spacer ran out of it: a model, None (unsolvable), or False (no answer).

        Spacer's lemmas are linear bounds, and a chain whose interpolants need a value
        modulo 2^N (``r = a * 100000 + g`` over words, and its integer reading with a wrap
        term) can make it diverge while the inlined chain is one easy query; the
        interpolants read back are then the strongest postconditions along the chain.
        A ``problem`` (the clauses' hashes) whose inlined answer had a quantifier is not
        asked again at the next budget: the answer would be the same."""
        if problem in self._quantified_inlined:
            return False
        solver = self._horn_solver(spacer_ctx, clauses, _INLINED, max(1, budget // 16))
        if solver is None:
            return False
        with _quiet_stderr():
            result = solver.check()
        self.inlined_attempts += 1
        if result == z3.unsat:
            return None
        if result != z3.sat:
            return False
        model = solver.model()
        # a predicate that the inlining eliminated is interpreted as the image of the
        # path to it, existentially quantified where a symbol could not be substituted
        # away: no interpolant without quantifier elimination, which may not end. With
        # ``exact_images`` it is tried briefly over the integer reading (a value read
        # from one of several cells, ``r = ite(i = 0, a0, ite(i = 1, a1, a2))``, whose
        # interpolant is the disjunction of the cells' values, makes Spacer's convex
        # lemmas diverge); else Spacer's next budget decides
        for declaration in model.decls():
            interpretation = model[declaration]
            if isinstance(interpretation, z3.FuncInterp):
                value = interpretation.else_value()
                if (
                    value is not None
                    and _has_quantifier(value)
                    and not (self.exact_images and _eliminable(value, declaration))
                ):
                    self._quantified_inlined.add(problem)
                    return False
        self.inlined_answers += 1
        return model

    def _seed(self, budget: int | None) -> int:
        """Spacer's random seed for an attempt within ``budget``: how many fourfold
        steps the budget lies above the first one (0, Z3's default, for the first
        budget and for none), plus ``_SEED_STRIDE`` per unit of ``variant``. Every
        schedule grows its budgets fourfold from ``conjuncts_budget``, so each of its
        rounds gets a seed of its own, and a variant gives each round another one."""
        level = 0
        if budget is not None:
            grown = self.conjuncts_budget
            while grown < budget:
                grown *= 4
                level += 1
        return level + _SEED_STRIDE * self.variant

    def _unsat_core(
        self, formulas: list[FNode], conv: Z3Converter, deep: bool, shrink: bool = False
    ) -> set[FNode] | None:
        """The leaves of an unsat core of the conjunction (a leaf-level one made smaller
        if ``shrink``), or None if it is satisfiable.

        Every leaf of each formula (a maximal subterm that is not an And, nor an Or
        when ``deep``) is guarded by its own assumption literal.
        And and Or are monotone, so replacing the leaves outside the core by ``true``
        weakens each formula while the sequence stays unsat, and every interpolant of
        the weakened sequence is one of the original.
        """

        # Two exact encodings of the same query: the integer reading of every leaf under
        # its guard, with the definitions and ranges of all readings at the top level (a
        # core of it is a core of the bit-vector formulas: the reading is exact, and its
        # definitions and ranges hold for every value of the words), and the bit-vector
        # formulas themselves. Bit-vectors go first, within ``_BIT_VECTOR_CORE_UNITS`` of
        # Z3's resource units; then the reading, then bit-vectors without a budget. Z3's
        # units measure bit-blasting effort but not linear arithmetic's: on mem_slave_tlm
        # one reading query took 43 s with 0.5 M units in its first 3.4 s (with
        # bit-vector cores no core query of that run took more than 0.15 s), while on ssh
        # the reading finds the large cores about three times faster (0.3 s where
        # bit-vectors take 5 M units, 0.65 s). So the bit-vector attempt goes first. The
        # reading gets a budget too (``_READING_CORE_UNITS``), loose because its units
        # are uneven in time: a reading query that does not end is a forced-covering
        # attempt that ends the run (kundu1_BUG, toy), where bit-vectors take well under
        # a second; they go on without a budget where their first attempt stopped.
        # With ``core_reading_first`` the reading goes first, and bit-vectors follow
        # once, without a budget.
        def reading() -> _GuardedQuery | None:
            literals: dict[z3.ExprRef, FNode] = {}
            facts: dict[int, z3.ExprRef] = {}
            try:
                guarded = [self._guarded_formula(f, conv, literals, deep, facts) for f in formulas]
            except Unreadable:
                return None
            return guarded + list(facts.values()), literals

        def bit_vectors() -> _GuardedQuery:
            literals: dict[z3.ExprRef, FNode] = {}
            return [self._guarded_formula(f, conv, literals, deep) for f in formulas], literals

        # built when first tried: the reading of a long block costs as much as a quick
        # bit-vector query
        built: dict[str, _GuardedQuery | None] = {}

        def encoding(logic: str) -> _GuardedQuery | None:
            if logic not in built:
                built[logic] = reading() if logic == "QF_LIA" else bit_vectors()
            return built[logic]

        encodings: list[_Encoding] = [("QF_BV", encoding, None)]
        if self.integer_reading:
            reading_attempt: _Encoding = ("QF_LIA", encoding, _READING_CORE_UNITS)
            # with the reading first, bit-vectors come once, without a budget (a budget
            # then would only split their one search in two)
            encodings[:0] = (
                [reading_attempt]
                if self.core_reading_first
                else [("QF_BV", encoding, _BIT_VECTOR_CORE_UNITS), reading_attempt]
            )
        solver, result, logic, core = self._decide(encodings, shrink=deep and shrink)
        if result == z3.unsat:
            return {built[logic][1][literal] for literal in core}
        if logic == "QF_BV":
            self._z3_model = solver.model()
        return None

    def _decide(
        self, encodings: list[_Encoding], shrink: bool = False
    ) -> tuple[z3.Solver, z3.CheckSatResult, str, list[z3.ExprRef] | None]:
        """The first definite answer to a guarded query: Z3 configured for each
        encoding's logic in turn (``build(logic)``; None: no such encoding), within
        ``units`` of Z3's resource budget where given, then Z3's default solver on the
        last one; with the solver and the logic that answered, and for "unsat" an unsat
        core (made smaller by :meth:`_shrink` if ``shrink``).

        Z3 configured for the formulas' logic found the cores of big joined blocks
        several times faster than the default solver. It must be the formulas' logic:
        Z3 set to QF_LIA answers "sat" for unsatisfiable bit-vector formulas under
        assumptions. Raises when Z3 gives up on all of them or runs out of time.
        """
        reason = ""
        last_logic, last_build, _ = encodings[-1]
        attempts = [(logic, build, logic, units) for logic, build, units in encodings]
        attempts.append((last_logic, last_build, None, None))  # the default solver
        # a solver that ran out of its budget goes on where it stopped when its logic
        # comes again (over bit-vectors, what it bit-blasted and learnt is kept)
        stopped: dict[str | None, tuple[z3.Solver, dict[z3.ExprRef, z3.ExprRef]]] = {}
        for logic, build, configured, units in attempts:
            solver, originals = stopped.pop(configured, (None, None))
            if solver is None:
                query = build(logic)
                if query is None:
                    continue
                # a context of its own: the answer independent of this one's history
                context, assertions, originals = _isolated(query, self._ctx)
                if configured is None:
                    solver = z3.Solver(ctx=context)
                else:
                    solver = z3.SolverFor(configured, ctx=context)
                solver.add(*assertions)
            self._bound(solver, 0 if units is None else units)  # 0: no budget
            result = solver.check(*originals)
            if result == z3.unsat:
                core = solver.unsat_core()
                core = self._shrink(solver, core) if shrink else list(core)
                return solver, result, logic, [originals[literal] for literal in core]
            if result == z3.sat:
                return solver, result, logic, None
            if units is not None:
                self._left_ms()  # raises when the call is out of time
                stopped[configured] = (solver, originals)
                continue  # out of its budget: the next encoding
            reason = solver.reason_unknown() or reason
            if "timeout" in reason or "cancel" in reason:
                break
        raise self._unknown("Z3", reason, timed=True)

    def _shrink(self, solver: z3.Solver, core: Sequence[z3.ExprRef]) -> list[z3.ExprRef]:
        """A subset of the unsat ``core`` (guard literals) that is still a core,
        found in ``core_shrink`` rounds; used on leaf-level cores.

        A smaller core is a smaller Horn problem for Spacer: on the token rings, paths
        weakened to leaf-level cores of hundreds of literals often ran out of the first
        budgets. A minimal core costs a check per literal, so this stops short of one.
        First, Z3's core of a check under the core alone, until it stops shrinking (a
        few cheap checks); then round ``k`` tries to drop each ``2**k``-th part of what
        is left.
        Every check runs within a small resource budget; one that runs out keeps its
        part. Every subset returned was found unsatisfiable: it is a core, and any core
        will do. (The conjunct level is not shrunk: its cores are a handful of whole
        conjuncts, and each check costs about as much as the core query.)
        """
        if not self.core_shrink:
            return list(core)
        started = time.monotonic()
        before = len(core)
        try:
            current = self._core_of(solver, list(core)) or list(core)
            parts = 2
            for _ in range(self.core_shrink):
                size = -(-len(current) // parts)  # ceiling: at most ``parts`` parts
                position = 0
                while position < len(current):
                    smaller = self._core_of(solver, current[:position] + current[position + size :])
                    if smaller is None:
                        position += size  # the part is needed (or undecided): keep it
                    else:
                        current = smaller
                if size == 1:
                    break
                parts *= 2
        finally:
            self.shrink_s += time.monotonic() - started
        self.shrunk_literals += before - len(current)
        return current

    def _core_of(self, solver: z3.Solver, assumptions: list[z3.ExprRef]) -> list[z3.ExprRef] | None:
        """Z3's unsat core of a check under ``assumptions``, checked again under the
        core while it shrinks; None if the first check is not "unsat" within the
        shrink budget."""
        core = None
        while True:
            self._bound(solver, _SHRINK_UNITS)
            if solver.check(*assumptions) != z3.unsat:
                return core
            kept = set(solver.unsat_core())
            smaller = [literal for literal in assumptions if literal in kept]
            if len(smaller) == len(assumptions):
                return smaller
            core = assumptions = smaller

    def _pysmt_model(self, model: z3.ModelRef) -> dict[FNode, int | bool]:
        """The model's values of the formulas' symbols (the guards are Z3's own)."""
        symbols = self.env.formula_manager.symbols
        values: dict[FNode, int | bool] = {}
        for declaration in model.decls():
            symbol = symbols.get(declaration.name())
            if symbol is None or declaration.arity() != 0:
                continue
            value = model[declaration]
            if z3.is_bv_value(value):
                values[symbol] = value.as_long()
            elif z3.is_true(value) or z3.is_false(value):
                values[symbol] = z3.is_true(value)
        return values

    def _guarded_formula(
        self,
        formula: FNode,
        conv: Z3Converter,
        literals: dict[z3.ExprRef, FNode],
        deep: bool,
        facts: dict[int, z3.ExprRef] | None = None,
    ) -> z3.ExprRef:
        """``formula`` in Z3 with each leaf ``c`` replaced by ``literal -> c``.

        With ``facts``, each leaf is its integer reading, and the definitions and ranges
        of the readings are collected in ``facts`` (raises :class:`Unreadable`).
        Guards and guarded subformulas are kept for the whole run: refinements share
        most of their blocks.
        """
        ctx = self._ctx
        read = facts is not None
        if read and self._reading is None:
            self._reading = IntegerReading(ctx)

        def leaf_facts(node: FNode) -> list[z3.ExprRef]:
            _, side, ranges, _ = self._reading.parts(conv.convert(node))
            return side + ranges

        def guard(node: FNode) -> z3.ExprRef:
            # reading the leaves of a long path is seconds of Python: stop at the deadline
            self._left_ms()
            literal = self._literal.get(node)
            if literal is None:
                # numbered in the order first met, not by node id: pysmt's ids depend on
                # what else was built before (a model-guided loop builds different
                # nodes), and Z3's search depends on the names
                literal = self._literal[node] = z3.Bool(f"itp!g{len(self._literal)}", ctx)
            leaf = conv.convert(node)
            if read:
                leaf = self._reading.parts(leaf)[0]
            return z3.Implies(literal, leaf)

        def combine(node: FNode, arguments: list[z3.ExprRef]) -> z3.ExprRef:
            return z3.And(*arguments) if node.is_and() else z3.Or(*arguments)

        guarded = _fold_skeleton(formula, deep, self._guarded[deep, read], combine, guard)
        if read:

            def collect_facts(node: FNode) -> None:
                for fact in leaf_facts(node):
                    facts[fact.get_id()] = fact

            _fold_skeleton(formula, deep, {}, lambda node, arguments: None, collect_facts)

        # the literals of this formula's leaves (the memo above spans earlier formulas)
        def collect(node: FNode) -> None:
            literals[self._literal[node]] = node

        _fold_skeleton(formula, deep, {}, lambda node, arguments: None, collect)
        return guarded

    def _eliminate_quantifiers(self, expr: z3.ExprRef) -> z3.ExprRef:
        """Return ``expr`` quantifier-free (via Z3's ``qe`` tactic) or raise."""
        if not _has_quantifier(expr):
            return expr
        tactic = z3.Then(z3.Tactic("qe", ctx=self._ctx), z3.Tactic("simplify", ctx=self._ctx))
        left_ms = self._left_ms()
        if left_ms is not None:
            tactic = z3.TryFor(tactic, left_ms)
        try:
            goals = tactic(expr)
        except z3.Z3Exception as exc:
            raise InterpolationError(f"quantifier elimination failed on {expr}: {exc}") from exc
        res = z3.And(*[g.as_expr() for g in goals]) if len(goals) != 1 else goals[0].as_expr()
        if _has_quantifier(res):
            raise InterpolationError(f"interpolant is not quantifier-free: {res}")
        return res
