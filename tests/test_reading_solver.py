"""Abstraction through the exact integer reading gives the bit-vector abstraction."""

from __future__ import annotations

import pytest
from pysmt.shortcuts import (
    BV,
    BVSLT,
    BVULT,
    And,
    BVAdd,
    BVAnd,
    BVMul,
    Equals,
    Not,
    Or,
    Symbol,
)
from pysmt.typing import BVType

from cpa.statistics import Statistics
from cpa_predicate.abstraction import PredicateAbstractionManager
from cpa_predicate.decider_choice import DeciderChoice
from cpa_predicate.integer_reading import Unreadable
from cpa_predicate.reading_solver import IntegerReadingSession, ReadingOverBudget
from cpa_predicate.regions import RegionManager
from cpa_predicate.solver import SolverSession

W = 8
X = Symbol("main::x#8@0", BVType(W))
X1 = Symbol("main::x#8@1", BVType(W))
Y = Symbol("main::y#8@0", BVType(W))


def c(value: int):
    return BV(value % (1 << W), W)


# Formulas whose abstraction depends on wrap-around: over mathematical integers each
# of them would give another region.
CASES = [
    # x1 = x + 1 wraps from 127 to -128: "x1 < x" is possible
    (Equals(X1, BVAdd(X, c(1))), [BVSLT(X1, X), BVSLT(X, c(0)), Equals(X, c(127))]),
    # unsigned: x + 1 < x only at 255
    (Equals(X1, BVAdd(X, c(1))), [BVULT(X1, X), Equals(X, c(255)), Equals(X1, c(0))]),
    # 2 * x == 0 has two solutions, 0 and 128
    (Equals(BVMul(c(2), X), c(0)), [Equals(X, c(0)), Equals(X, c(-128)), BVSLT(X, c(0))]),
    # the low bits of a sum
    (
        And(Equals(X1, BVAnd(BVAdd(X, Y), c(15))), BVSLT(c(100), X), BVSLT(c(100), Y)),
        [Equals(X1, c(0)), BVSLT(X1, c(8)), BVSLT(X, Y)],
    ),
    (Or(Equals(X, c(-1)), Equals(Y, c(-128))), [BVULT(c(200), X), BVSLT(Y, c(0))]),
]


@pytest.mark.parametrize("index", range(len(CASES)))
@pytest.mark.parametrize("kind", ["boolean", "cartesian"])
def test_integer_reading_gives_the_bit_vector_abstraction(index, kind):
    formula, predicates = CASES[index]
    indexed = [(position, predicate) for position, predicate in enumerate(predicates)]
    stats = Statistics()
    regions = RegionManager()
    plain = PredicateAbstractionManager(SolverSession(), regions)
    read = PredicateAbstractionManager(SolverSession(), regions, stats, IntegerReadingSession())
    expected = getattr(plain, kind)(formula, indexed)
    found = getattr(read, kind)(formula, indexed)
    assert found == expected
    assert stats.as_dict().get("abstractions_integers") == 1


def test_a_formula_without_a_reading_is_abstracted_over_bit_vectors():
    formula = Equals(BVMul(X, Y), c(6))  # a product of two words has no linear reading
    predicates = [(0, Equals(X, c(3))), (1, Equals(X, c(0)))]
    stats = Statistics()
    regions = RegionManager()
    plain = PredicateAbstractionManager(SolverSession(), regions)
    session = IntegerReadingSession()
    read = PredicateAbstractionManager(SolverSession(), regions, stats, session)
    assert read.boolean(formula, predicates) == plain.boolean(formula, predicates)
    assert stats.as_dict().get("abstractions_bit_vectors") == 1
    assert session.depth == 0
    with pytest.raises(Unreadable):
        session.add(formula)


def test_the_reading_session_gives_no_bit_vector_models():
    session = IntegerReadingSession()
    with session.scope(Equals(X, c(5))):
        assert session.check()
        with pytest.raises(ValueError):
            session.values([X])
        with pytest.raises(ValueError):  # its reading has auxiliaries
            session.truth_values([Equals(BVAdd(X, c(1)), Y)])
    with session.scope(Not(Equals(X, X))):
        assert not session.check()
    with pytest.raises(ValueError):
        session.model_of(Equals(X, c(5)))


def test_large_blocks_without_predicates_are_decided_once_through_the_reading():
    """A large block without predicates goes to a one-shot solver: through the integer
    reading, its facts (the words' ranges, the wrap-around auxiliaries) go with it."""
    step = Equals(X1, BVAdd(X, c(1)))
    wrapped = And(step, BVSLT(X1, X))  # only x = 127 wraps
    queries = [step, wrapped, And(wrapped, Not(Equals(X, c(127))))]  # sat, sat, unsat
    regions = RegionManager()
    plain = PredicateAbstractionManager(SolverSession(), regions)
    stats = Statistics()
    read = PredicateAbstractionManager(SolverSession(), regions, stats, IntegerReadingSession())
    for kind in ("boolean", "cartesian"):
        answers = [getattr(read, kind)(query, [], large=True) for query in queries]
        assert answers == [getattr(plain, kind)(query, [], large=True) for query in queries]
        assert [regions.is_false(answer) for answer in answers] == [False, False, True]
    assert stats.as_dict().get("abstractions_integers") == 6


@pytest.mark.parametrize("kind", ["boolean", "cartesian"])
def test_auto_decides_large_blocks_without_predicates_over_bit_vectors(kind):
    """With the decider chosen by time, a large block without predicates is one
    satisfiability check for the bit-blasting solver: the reading is not tried, and
    the choice learns nothing from it (its first pick is still the reading)."""
    step = Equals(X1, BVAdd(X, c(1)))
    wrapped = And(step, BVSLT(X1, X))
    queries = [step, wrapped, And(wrapped, Not(Equals(X, c(127))))]  # sat, sat, unsat
    regions = RegionManager()
    stats = Statistics()
    auto = PredicateAbstractionManager(
        SolverSession(), regions, stats, IntegerReadingSession(), choose_by_time=True
    )
    answers = [getattr(auto, kind)(query, [], large=True) for query in queries]
    assert [regions.is_false(answer) for answer in answers] == [False, False, True]
    counts = stats.as_dict()
    assert counts.get("abstractions_bit_vectors") == 3
    assert counts.get("abstractions_integers") is None
    assert auto.choice.calls == 0
    getattr(auto, kind)(step, [(0, BVSLT(X1, X))])
    assert stats.as_dict().get("abstractions_integers") == 1


@pytest.mark.parametrize("kind", ["boolean", "cartesian"])
def test_auto_gives_the_bit_vector_abstraction_with_either_decider(kind):
    """With a decider chosen by time, every case gets the bit-vector region, whichever
    decider answered; during the warm-up both answer in turn."""
    stats = Statistics()
    regions = RegionManager()
    plain = PredicateAbstractionManager(SolverSession(), regions)
    auto = PredicateAbstractionManager(
        SolverSession(), regions, stats, IntegerReadingSession(), choose_by_time=True
    )
    for formula, predicates in CASES:
        indexed = list(enumerate(predicates))
        assert getattr(auto, kind)(formula, indexed) == getattr(plain, kind)(formula, indexed)
    counts = stats.as_dict()
    assert counts.get("abstractions_integers") == 3
    assert counts.get("abstractions_bit_vectors") == 2


def test_the_decider_choice_follows_the_faster_one_and_samples_the_other():
    choice = DeciderChoice()
    picks = []
    for _ in range(DeciderChoice.WARM_UP):
        reading = choice.pick()
        picks.append(reading)
        choice.record(reading, 0.001 if reading else 0.010)  # the reading is faster
    assert picks == [True, False] * (DeciderChoice.WARM_UP // 2)
    later = []
    for _ in range(2 * DeciderChoice.RESAMPLE):
        reading = choice.pick()
        later.append(reading)
        choice.record(reading, 0.001 if reading else 0.010)
    assert later.count(False) == 2  # the slower one, once per RESAMPLE calls
    # the bit-vectors get faster (the program's blocks changed): the choice follows
    for _ in range(8 * DeciderChoice.RESAMPLE):
        reading = choice.pick()
        choice.record(reading, 0.050 if reading else 0.002)
    assert [choice.pick() for _ in range(DeciderChoice.RESAMPLE - 1)].count(False) >= (
        DeciderChoice.RESAMPLE - 2
    )


@pytest.mark.parametrize("kind", ["boolean", "cartesian"])
def test_a_reading_over_its_budget_is_decided_over_bit_vectors(kind):
    """A check of the reading that runs out of its resource budget is no answer: the
    abstraction is decided with bit-vectors and is the same region."""
    formula, predicates = CASES[0]
    indexed = [(position, predicate) for position, predicate in enumerate(predicates)]
    stats = Statistics()
    regions = RegionManager()
    plain = PredicateAbstractionManager(SolverSession(), regions)
    starved = IntegerReadingSession(check_units=1)
    read = PredicateAbstractionManager(SolverSession(), regions, stats, starved, True)
    assert getattr(read, kind)(formula, indexed) == getattr(plain, kind)(formula, indexed)
    counts = stats.as_dict()
    assert counts.get("abstractions_reading_over_budget") == 1
    assert counts.get("abstractions_bit_vectors") == 1
    assert "abstractions_integers" not in counts
    # the choice learnt the reading's time as well as the bit-vectors'
    assert read.choice.mean[True] is not None and read.choice.mean[False] is not None


def test_a_reading_check_within_its_budget_answers():
    session = IntegerReadingSession(check_units=10**7)
    assert session.is_sat(Equals(X1, BVAdd(X, c(1))))
    starved = IntegerReadingSession(check_units=1)
    with pytest.raises(ReadingOverBudget):
        starved.is_sat(Equals(X1, BVAdd(X, c(1))))
