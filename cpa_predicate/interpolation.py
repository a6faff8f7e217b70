"""Craig interpolation behind one interface.

The refiners of every engine (predicate CEGAR, IMPACT, UFO, InterpChecker) need sequence
interpolants of an infeasible path.  pysmt's own interpolators require MathSAT, which is
optional, so the default implementation obtains interpolants from Z3's Horn-clause engine
(Spacer); see ``interpolation_z3``.  MathSAT is used through pysmt when it is installed; see
``interpolation_msat``.  Callers depend only on :class:`Interpolator` and
:func:`create_interpolator`.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from pysmt.environment import Environment
from pysmt.fnode import FNode

__all__ = [
    "DagEdge",
    "InterpolationDag",
    "InterpolationError",
    "InterpolationOverCap",
    "InterpolationTimeout",
    "Interpolator",
    "TransitionGraph",
    "available_interpolators",
    "create_interpolator",
    "msat_available",
]


class InterpolationError(Exception):
    """The backend could not decide the query or produce a usable interpolant.

    Raised on timeouts, ``unknown`` answers, interpolants that are not quantifier-free after
    quantifier elimination, and terms the converter back to pysmt cannot represent.  The
    caller must then treat the refinement as failed (UNKNOWN), never guess.

    ``partial``, when set, holds one formula per cut point made of the parts of the
    interpolants that could be represented (e.g. the atoms without integer ``div``).
    They are *not* interpolants; a caller may still try them as predicates, since
    predicates only steer the abstraction and never decide a verdict.
    """

    def __init__(self, message: str, partial: list[FNode] | None = None):
        super().__init__(message)
        self.partial = partial


class InterpolationTimeout(InterpolationError):
    """The call's time (``timeout_ms``) ran out before the backend decided.

    A refiner sets ``timeout_ms`` to what is left of the run, so this is the run's time
    limit reached inside the backend: the run ends as a timeout, not as a failed
    refinement (a backend's timer may fire a few milliseconds before the run's clock
    says the deadline has passed)."""


class InterpolationOverCap(InterpolationError):
    """The call reached the caller's ``resource_cap`` before the backend decided.

    Not a timeout: the run goes on. A caller sets a cap where it has something else to
    try once a query is dear (forced covering gives the attempt up, a refinement takes
    the program's condition atoms instead); counted in deterministic resource units, so
    the course of a run does not depend on the machine's load."""


@dataclass(frozen=True)
class DagEdge:
    """An edge ``source -> target`` of an :class:`InterpolationDag`.

    ``formula`` relates the values at the two ends: a *node variable* (a symbol) in it
    is the variable's value at ``source``; ``at_target`` maps a node variable to the
    symbol holding its value at ``target`` (a variable not in it keeps its value). Any
    other symbol is local to the edge.
    """

    source: int
    target: int
    formula: FNode
    at_target: Mapping[FNode, FNode] = field(default_factory=dict)


@dataclass
class InterpolationDag:
    """A rooted DAG of formulas: the ARG condition of UFO's refinement.

    Nodes are ``0 .. size - 1`` with ``0`` the root; ``errors`` are the nodes that
    must be unreachable. ``node_variables`` are the symbols a label may mention.
    Every edge leads from a smaller node to a larger one (a topological numbering).
    """

    size: int
    edges: list[DagEdge]
    errors: frozenset[int]
    node_variables: frozenset[FNode]

    def __post_init__(self) -> None:
        for edge in self.edges:
            if not 0 <= edge.source < edge.target < self.size:
                raise ValueError(f"edge {edge.source} -> {edge.target} is not topological")
        _no_edge_leaves_an_error(self.edges, self.errors)

    def depth(self) -> int:
        """The number of edges on the longest path from the root."""
        longest = [0] * self.size
        for edge in sorted(self.edges, key=lambda e: e.source):
            longest[edge.target] = max(longest[edge.target], longest[edge.source] + 1)
        return max(longest, default=0)


def _no_edge_leaves_an_error(edges: list[DagEdge], errors: frozenset[int]) -> None:
    for edge in edges:
        if edge.source in errors:
            raise ValueError(f"edge leaves error node {edge.source}")


@dataclass
class TransitionGraph:
    """A graph of formulas that may have cycles: the path program of an error path
    (:mod:`cpa_predicate.path_invariants`).

    Node ``0`` is the root (label true, no edge enters it); ``errors`` must be
    unreachable (no edge leaves them). Edges are :class:`DagEdge` read the same way,
    in any direction; ``node_variables`` are the symbols every label is over.
    """

    size: int
    edges: list[DagEdge]
    errors: frozenset[int]
    node_variables: frozenset[FNode]

    def __post_init__(self) -> None:
        for edge in self.edges:
            if not (0 <= edge.source < self.size and 0 < edge.target < self.size):
                raise ValueError(f"edge {edge.source} -> {edge.target} leaves the graph")
        _no_edge_leaves_an_error(self.edges, self.errors)


class Interpolator(ABC):
    """Computes sequence interpolants of a sequence of pysmt formulas."""

    #: Short backend name, as accepted by :func:`create_interpolator`.
    name: str = "abstract"
    #: Time budget of one call in milliseconds (None: unbounded); a caller with a
    #: deadline sets it to the time left before each call.
    timeout_ms: int | None = None
    #: Largest effort one call may reach, in the back end's deterministic resource
    #: units (Z3's ``rlimit``), before it fails with :class:`InterpolationOverCap` instead
    #: of going on until ``timeout_ms``; None: no cap. Set by a caller for which a
    #: failed call is as good as a negative answer (forced covering); a back end that
    #: cannot bound its effort ignores it.
    resource_cap: int | None = None
    #: Whether an unsat core of a path is sought over the formulas' integer reading
    #: before bit-vectors (a back end without such a reading ignores it). Set for the
    #: refinements' long paths, where the reading answered in a fraction of the time
    #: the bit-vector query spent before its budget ran out; forced covering's many
    #: short queries keep bit-vectors first (:mod:`cpa_predicate.forced_covering`).
    core_reading_first: bool = False
    #: Whether Spacer always gets a path's integer reading before its bit-vectors in
    #: each budget round, rather than the theory that succeeded last (a back end without
    #: such a reading ignores it). Bit-vector solutions of small loops are often clauses
    #: over single bits that exclude one iteration each; once bit-vectors have won, the
    #: last winner's order kept them first for every later path.
    reading_stays_first: bool = False
    #: Whether an answer may be the exact images of the prefixes (their strongest
    #: postconditions, with quantifiers eliminated) where the back end's search for more
    #: general interpolants runs out of its budget. Such labels do not generalise across
    #: a loop's iterations (one refinement per iteration), so a refiner sets this only
    #: for a path that visits no location twice, where there is nothing to generalise
    #: over (a back end without such answers ignores it).
    exact_images: bool = False
    #: Which search the back end makes: 0 its own; another number another search for
    #: the same problem (Z3's: other random seeds, and the other unsat-core reduction
    #: first). A caller whose check refuted an answer asks again with another variant:
    #: a solver's wrong answer (Spacer's, on rare problems) depends on where its search
    #: went.
    variant: int = 0
    #: Whether ``variant`` changes the back end's search (if not, asking again would
    #: repeat the answer).
    varies: bool = False
    #: After a call that found the conjunction satisfiable: a model of it as
    #: {symbol: value} if the back end kept one (None otherwise), so that a caller
    #: that wants the counterexample need not solve the same query again.
    model: dict[FNode, int | bool] | None = None
    #: After :meth:`dag_interpolants` found an error node reachable: that node, if the
    #: back end knows which one (None otherwise).
    reachable_error: int | None = None

    @contextlib.contextmanager
    def configured(self, **settings: object) -> Iterator[Interpolator]:
        """The interpolator with ``settings`` (attributes such as ``resource_cap``) for
        the calls inside the block, and each restored as found after it: a caller
        whose queries differ from the refinements' (forced covering) changes them for
        its own calls only."""
        saved = {name: getattr(self, name) for name in settings}
        for name, value in settings.items():
            setattr(self, name, value)
        try:
            yield self
        finally:
            for name, value in saved.items():
                setattr(self, name, value)

    @abstractmethod
    def sequence_interpolants(self, formulas: Sequence[FNode]) -> list[FNode] | None:
        """Return interpolants I_1..I_{n-1} for A_1..A_n, or None if the conjunction is sat.

        The result satisfies: A_1 |= I_1; I_k & A_{k+1} |= I_{k+1}; I_{n-1} & A_n is unsat;
        and each I_k only mentions symbols that occur both in A_1..A_k and in A_{k+1}..A_n.
        For n == 1 the result is ``[]`` if A_1 is unsat (and None otherwise); for n == 0 the
        empty conjunction is true, hence the result is None.
        """

    def dag_interpolants(self, dag: InterpolationDag) -> list[FNode] | None:
        """One label per node of ``dag``, or None if an error node is reachable.

        The labels are a DAG interpolant: the root's is true, an error node's false,
        each mentions only node variables, and for every edge ``u -> v`` the label of
        ``u`` and the edge's formula entail the label of ``v`` (read at the target
        end). One query for the whole DAG: UFO's refinement.
        """
        raise InterpolationError(f"the {self.name} interpolator has no DAG interpolation")

    def graph_invariants(self, graph: TransitionGraph, effort: int) -> list[FNode] | None:
        """One label per node of ``graph`` that is inductive on it (the root's true, an
        error node's false, and for every edge ``u -> v`` the label of ``u`` and the
        edge's formula entail the label of ``v``), searched within ``effort`` of the
        back end's resource units; None if the back end finds an error node reachable
        (Z3's reading of the formulas need not be exact: its labels are meant as
        predicates, and a caller that needs them inductive checks them). Raises
        :class:`InterpolationError` when none is found within the effort."""
        raise InterpolationError(f"the {self.name} interpolator has no graph invariants")

    def statistics(self) -> dict[str, float]:
        """What the back end counted over the run, by statistic name (only figures
        that are not zero; none by default)."""
        return {}

    def close(self) -> None:  # noqa: B027 - optional hook, default does nothing
        """Release backend resources (optional)."""

    def __enter__(self) -> Interpolator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def msat_available() -> bool:
    """True when MathSAT's Python bindings (and pysmt's interpolator for them) are installed."""
    try:
        import mathsat  # noqa: F401
    except ImportError:
        return False
    try:
        from pysmt.solvers.msat import MSatInterpolator  # noqa: F401
    except ImportError:
        return False
    return True


def available_interpolators() -> list[str]:
    """Names accepted by :func:`create_interpolator` that work in this installation."""
    names = ["z3"]
    if msat_available():
        names.append("msat")
    return names


def create_interpolator(
    name: str = "z3",
    timeout_ms: int | None = None,
    environment: Environment | None = None,
    core: str = "conjuncts",
    integer_reading: bool = False,
    core_shrink: int = 0,
    case_split_reading: bool = False,
) -> Interpolator:
    """Create the interpolator called ``name`` ("z3" or "msat").

    ``timeout_ms`` bounds each call (InterpolationError on expiry; best effort for MathSAT).
    ``environment`` is the pysmt environment the input formulas live in (default: global).
    ``core``, ``integer_reading``, ``core_shrink`` and ``case_split_reading`` are
    options of the Z3 back end (see its class).
    """
    key = name.strip().lower()
    if key in ("z3", "spacer", "z3-spacer"):
        from cpa_predicate.interpolation_z3 import Z3SpacerInterpolator

        return Z3SpacerInterpolator(
            timeout_ms=timeout_ms,
            environment=environment,
            core=core,
            integer_reading=integer_reading,
            core_shrink=core_shrink,
            case_split_reading=case_split_reading,
        )
    if key in ("msat", "mathsat", "mathsat5"):
        from cpa_predicate.interpolation_msat import MathSatInterpolator

        return MathSatInterpolator(timeout_ms=timeout_ms, environment=environment)
    raise ValueError(f"unknown interpolator {name!r}; known: 'z3', 'msat'")
