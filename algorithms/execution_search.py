"""A short search for a counterexample by running the program before analysing it.

Why: an error that needs many loop iterations (a counter that wraps after 256 steps, a
loop of 50 rounds) costs CEGAR one refinement per unrolling, and the run can end in a
timeout; a concrete execution with any inputs reaches it in milliseconds. So before the
configured analysis, the program's CFA is executed by the concrete interpreter
(:mod:`cpa.cfa.interpreter`: C's semantics as gcc computes them, every undefined
operation a stop) with inputs chosen at random, within a small time budget. A run that
reaches a target is a counterexample like the analyses' own: the verifier confirms it
with a compiled run of the program (``analysis.confirm_false``) before it answers FALSE,
and an unconfirmed one is dropped and the analysis runs as usual. A search that finds
nothing proves nothing: it never answers TRUE.

The inputs mix what tends to matter in C programs: the constants the program's
conditions compare with and their neighbours, numbers between 0 and those constants,
small numbers, the limits of the integer
types and their neighbours, powers of two, and uniform 64-bit words (the interpreter
converts each to the type of the input it fills). Each run also draws how often an input
is 0 (never, half the time, mostly): a reactive program (a scheduler loop that runs a
thread when an input is not 0) takes very different paths at the two extremes, and the
mix alone gives 0 rarely. A run ends when it has read :data:`_INPUTS_PER_RUN` inputs, so
a program whose loop only an input ends gets many short runs, not one endless one. The
first run takes 0 for every input (a program without inputs needs no other), and the
seed is fixed, so a search is reproducible.

The search after an UNKNOWN (``enumerate_small``) makes every other run one of an
enumeration of small values for the first inputs (:func:`small_vectors`): there the
analysis has given up, and an error that needs one input of one value in a range (a
binary search's key) is reached after a few dozen runs, where random draws may miss it
for thousands.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence

from cpa.cfa.expressions import IntConstant
from cpa.cfa.interpreter import REASON_STEP_LIMIT, ReplayResult, run
from cpa.cfa.model import CFA, AssumeEdge, DeclarationEdge, ExternalCallEdge
from cpa.cfa.targets import Specification
from cpa.results import Counterexample, InputValue, path_step
from cpa.statistics import Statistics

#: inputs a run reads at most: it ends when it wants one more
_INPUTS_PER_RUN = 1024
#: how often an input of a run is 0, one of these drawn per run
_ZERO_SHARES = (0.0, 0.5, 0.9)
#: the share of the time the first run (every input 0) may take unless it reads no input
_FIRST_RUN_SHARE = 0.1
#: runs in a row that execute no edge the runs before them did not: the inputs drawn
#: so far have found what they find (a small program's safe paths are covered in a
#: few dozen runs, and the search then ends long before its time)
STALE_RUNS = 200
#: limits of the integer types and their neighbours
_BOUNDARIES = tuple(
    sorted(
        {
            value + delta
            for bits in (7, 8, 15, 16, 31, 32, 63, 64)
            for value in (2**bits, -(2**bits))
            for delta in (-1, 0, 1)
        }
        | {0, 1, -1, 2, -2}
    )
)


#: at most this many of the program's own constants join the values drawn
_CONSTANTS = 256


def _program_constants(cfa: CFA) -> tuple[int, ...]:
    """The integer constants the program's conditions compare with (``x == 12345``
    is hit by drawing 12345, or a neighbour for ``<``), at most :data:`_CONSTANTS`."""
    found: set[int] = set()
    for node in cfa.nodes():
        for edge in node.leaving:
            if not isinstance(edge, AssumeEdge):
                continue
            stack = [edge.condition]
            while stack and len(found) < _CONSTANTS:
                expression = stack.pop()
                if isinstance(expression, IntConstant):
                    found.update((expression.value - 1, expression.value, expression.value + 1))
                stack.extend(expression.children())
    return tuple(sorted(found))


def _value(rnd: random.Random, constants: tuple[int, ...]) -> int:
    roll = rnd.random()
    if constants and roll < 0.2:
        return rnd.choice(constants)
    if constants and roll < 0.3:
        # a value between 0 and one of the program's constants: an input that a guard
        # bounds (``n > 20``) and a computation then needs inside the range (``n == 12``
        # only through a loop or a call)
        constant = rnd.choice(constants)
        return rnd.randint(min(0, constant), max(0, constant))
    if roll < 0.4:
        return rnd.randint(-8, 8)
    if roll < 0.5:
        return rnd.choice(_BOUNDARIES)
    if roll < 0.65:
        return (1 << rnd.randrange(64)) + rnd.choice((-1, 0, 1))
    return rnd.getrandbits(64)


class _DrawnInputs(Sequence[int]):
    """A run's inputs, drawn as the run reads them (most runs read a few, some read
    up to :data:`_INPUTS_PER_RUN`)."""

    def __init__(self, draw: Callable[[], int]):
        self._draw = draw
        self._values: list[int] = []

    def __len__(self) -> int:
        return _INPUTS_PER_RUN

    def __getitem__(self, index):  # type: ignore[override]
        if not 0 <= index < _INPUTS_PER_RUN:
            raise IndexError(index)
        while len(self._values) <= index:
            self._values.append(self._draw())
        return self._values[index]


#: how many of the first inputs a run reads :func:`small_vectors` enumerates (the
#: others are 0): (2L+1)^3 runs reach every vector of magnitude L
_ENUMERATED_INPUTS = 3


def small_vectors(width: int) -> Iterator[tuple[int, ...]]:
    """Every vector of ``width`` integers, by growing largest magnitude: layer L holds
    the vectors in [-L, L]^width with an entry of magnitude L, each layer in a fixed
    order (0, 1, -1, 2, -2, ... per entry). Endless for ``width`` > 0."""
    yield (0,) * width
    if width == 0:
        return
    for layer in itertools.count(1):
        values = [0]
        for magnitude in range(1, layer + 1):
            values += [magnitude, -magnitude]
        for vector in itertools.product(values, repeat=width):
            if layer in vector or -layer in vector:
                yield vector


def _inputs(rnd: random.Random, constants: tuple[int, ...]) -> _DrawnInputs:
    zero_share = rnd.choice(_ZERO_SHARES)

    def draw() -> int:
        return 0 if rnd.random() < zero_share else _value(rnd, constants)

    return _DrawnInputs(draw)


def search_by_execution(
    cfa: CFA,
    specification: Specification,
    seconds: float,
    statistics: Statistics | None = None,
    seed: int = 0,
    stale_runs: int = STALE_RUNS,
    statistics_prefix: str = "execution_search",
    enumerate_small: bool = False,
) -> Counterexample | None:
    """A counterexample found by executing ``cfa`` (not summarised: its steps are the
    program's) with random inputs for at most ``seconds``, and until ``stale_runs`` runs
    in a row cover no new edge; None if no run reached a target. ``statistics_prefix``
    names its statistics (``<prefix>_runs``, ``<prefix>_time_s``). ``enumerate_small``:
    every other run takes the next of :func:`small_vectors` for the inputs the first run
    read (at most :data:`_ENUMERATED_INPUTS` of them; 0 for every later one)."""
    started = time.monotonic()
    stop_at = started + seconds
    rnd = random.Random(seed)
    runs = stale = 0
    covered: set[int] = set()
    constants = _program_constants(cfa)
    found: Counterexample | None = None
    try:
        # every input 0; a program that reads none gets the whole time for this run
        result = run(
            cfa, specification, (), default_input=0, stop_at=started + seconds * _FIRST_RUN_SHARE
        )
        if result.reason == REASON_STEP_LIMIT and not result.inputs_used:
            result = run(cfa, specification, (), default_input=0, stop_at=stop_at)
        width = min(len(result.inputs_used), _ENUMERATED_INPUTS)
        vectors = small_vectors(width) if enumerate_small and width else None
        if vectors is not None:
            next(vectors)  # the first run was the zero vector
        while True:
            runs += 1
            if result.reached_target:
                found = counterexample_of_run(result)
                break
            if not result.inputs_used:
                break  # the program reads no input: every run is this one
            before = len(covered)
            covered.update(id(edge) for edge in result.trace)
            stale = 0 if len(covered) > before else stale + 1
            if time.monotonic() >= stop_at or stale >= stale_runs:
                break
            if vectors is not None and runs % 2:
                result = run(cfa, specification, next(vectors), default_input=0, stop_at=stop_at)
                continue
            inputs = _inputs(rnd, constants)
            result = run(cfa, specification, inputs, stop_at=stop_at)
    finally:
        if statistics is not None:
            statistics.set(f"{statistics_prefix}_runs", runs)
            statistics.set(f"{statistics_prefix}_time_s", time.monotonic() - started)
    return found


def counterexample_of_run(result: ReplayResult) -> Counterexample:
    """The counterexample a run of the interpreter that reached a target is: its edges
    as steps, the values it read as inputs (named as the analyses name them)."""
    used = result.inputs_used
    # every value the run read, in its order: the inputs a compiled run is given
    inputs = [_input_value(edge, value) for edge, value in used]
    position = 0
    steps = []
    for edge in result.trace:
        values: tuple[InputValue, ...] = ()
        # an edge takes at most one input per execution, in the order of the trace
        if position < len(used) and used[position][0] is edge:
            values = (inputs[position],)
            position += 1
        steps.append(path_step(edge, values))
    return Counterexample(steps, inputs)


def _input_value(edge, value: int) -> InputValue:
    if isinstance(edge, DeclarationEdge) and edge.variable is not None:
        return InputValue(edge.variable.c_name, edge.line, value)
    if isinstance(edge, ExternalCallEdge):
        name = str(edge.lhs) if edge.lhs is not None else ""
        ctype = str(edge.return_type) if edge.return_type is not None else ""
        return InputValue(name, edge.line, value, ctype, edge.function_name)
    return InputValue("", edge.line, value)
