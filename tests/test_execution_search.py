"""Runs of the program with random inputs before the analysis
(algorithms/execution_search.py, ``analysis.search_by_execution``)."""

from __future__ import annotations

from itertools import islice, product
from pathlib import Path

import pytest

import cpa.verifier as verifier_module
from algorithms import execution_search
from algorithms.execution_search import search_by_execution, small_vectors
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.results import AnalysisOutcome, Verdict
from cpa.statistics import Statistics
from cpa.verifier import verify

HEADER = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

# the error needs 300 iterations of the loop and one small input: CEGAR unrolls the
# loop one refinement at a time, a run gets there at once
DEEP = (
    HEADER
    + """int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = 0;
  int rounds = 0;
  while (rounds < 300) {
    c++;
    rounds++;
  }
  if (c == 44 && x == 3) reach_error();
  return 0;
}
"""
)

SAFE = (
    HEADER
    + """int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x & 7;
  if (y > 7) reach_error();
  return 0;
}
"""
)


def test_a_run_that_reaches_the_target_is_the_counterexample():
    cfa = parse_source(DEEP, "deep.c")
    statistics = Statistics()
    found = search_by_execution(cfa, Specification.unreach_call(), 10.0, statistics)
    assert found is not None
    assert [(i.name, i.value, i.function) for i in found.inputs] == [
        ("x", 3, "__VERIFIER_nondet_int")
    ]
    (reading,) = [step for step in found.steps if step.inputs]
    assert reading.line == 4 and reading.inputs == (found.inputs[0],)
    assert found.steps[-1].line == 11 and "reach_error" in found.steps[-1].text
    assert sum(step.line == 8 for step in found.steps) == 300  # c++ in every round
    assert statistics.get("execution_search_runs") > 1  # the first run reads x = 0


def test_a_safe_program_ends_the_search_once_runs_cover_nothing_new():
    cfa = parse_source(SAFE, "safe.c")
    statistics = Statistics()
    assert search_by_execution(cfa, Specification.unreach_call(), 30.0, statistics) is None
    runs = statistics.get("execution_search_runs")
    assert 200 <= runs < 1000  # stopped by coverage, long before the time
    assert statistics.get("execution_search_time_s") < 30.0


def test_a_program_without_inputs_runs_once():
    source = HEADER + "int main(void) { int i = 0; while (i < 10) i++; return i; }"
    statistics = Statistics()
    cfa = parse_source(source, "once.c")
    assert search_by_execution(cfa, Specification.unreach_call(), 30.0, statistics) is None
    assert statistics.get("execution_search_runs") == 1


def test_a_run_through_undefined_behaviour_is_no_counterexample():
    # the only way to the error reads outside the array: the interpreter stops there
    source = (
        HEADER
        + """int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i > 3 && a[i] == 0) reach_error();
  return 0;
}
"""
    )
    cfa = parse_source(source, "ub.c")
    statistics = Statistics()
    assert search_by_execution(cfa, Specification.unreach_call(), 5.0, statistics) is None
    assert statistics.get("execution_search_runs") >= 200


def _verify(tmp_path: Path, source: str, overrides: list[str]):
    program = tmp_path / "program.c"
    program.write_text(source)
    configuration = load_configuration("lbe", overrides)
    return verify(program, configuration, Specification.unreach_call(), timelimit=60)


def test_the_verifier_answers_false_from_a_run_confirmed_by_gcc(tmp_path: Path):
    # a budget that a loaded machine does not use up before the run with x = 3
    result = _verify(tmp_path, DEEP, ["analysis.search_by_execution=30"])
    assert result.verdict is Verdict.FALSE
    assert "a run of the program" in result.reason
    assert result.counterexample.confirmation.startswith("gcc:")
    assert result.statistics["execution_search_found"] == 1
    assert result.statistics["refinements"] == 0  # the analysis did not run


def test_an_unconfirmed_run_leaves_the_answer_to_the_analysis(tmp_path: Path, monkeypatch):
    def not_confirmed(outcome, *args):
        return AnalysisOutcome(Verdict.UNKNOWN, "FALSE not confirmed (test)")

    monkeypatch.setattr(verifier_module, "confirm_by_execution", not_confirmed)
    source = (
        HEADER + "int main(void) { if (__VERIFIER_nondet_int() == 3) reach_error(); return 0; }"
    )
    result = _verify(tmp_path, source, [])
    assert result.statistics["execution_search_unconfirmed"] == "FALSE not confirmed (test)"
    assert "execution_search_found" not in result.statistics
    assert result.statistics["reached_size"] > 0  # the analysis ran
    assert result.verdict is Verdict.UNKNOWN  # its own FALSE is not confirmed either


@pytest.mark.parametrize(
    ("config", "seconds", "after_unknown"),
    [
        ("lbe", 1.0, 30.0),
        ("impact", 1.0, 30.0),
        ("validate-violation", 0.0, 0.0),
        ("validate-correctness", 0.0, 0.0),
        ("location", 0.0, 0.0),
    ],
)
def test_the_search_is_part_of_the_engines_not_of_witness_validation(
    config, seconds, after_unknown
):
    analysis = load_configuration(config).analysis
    assert analysis["search_by_execution"] == seconds
    assert analysis["search_after_unknown"] == after_unknown


def test_without_the_search_the_analysis_decides(tmp_path: Path):
    result = _verify(tmp_path, SAFE, ["analysis.search_by_execution=0"])
    assert result.verdict is Verdict.TRUE
    assert "execution_search_runs" not in result.statistics


def test_the_programs_own_constants_are_drawn():
    # 1 in 2^64 for uniform words; the conditions' constants make it a few runs
    source = (
        HEADER
        + """int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 123457) reach_error();
  return 0;
}
"""
    )
    cfa = parse_source(source, "magic.c")
    found = search_by_execution(cfa, Specification.unreach_call(), 10.0)
    assert found is not None
    assert [value.value for value in found.inputs] == [123457]


# a scheduler loop that only an input ends: with every input 0 it never ends, and the
# error needs three rounds in which the input is not 0
REACTIVE = (
    HEADER
    + """int main(void) {
  int turns = 0;
  while (1) {
    if (__VERIFIER_nondet_int()) {
      turns++;
      if (turns == 3) reach_error();
    }
  }
  return 0;
}
"""
)


def test_a_first_run_that_does_not_end_leaves_time_for_others():
    cfa = parse_source(REACTIVE, "reactive.c")
    statistics = Statistics()
    found = search_by_execution(cfa, Specification.unreach_call(), 10.0, statistics)
    assert found is not None
    assert sum(value.value != 0 for value in found.inputs) == 3
    assert statistics.get("execution_search_runs") > 1


def test_runs_end_after_a_bounded_number_of_inputs(monkeypatch):
    # inputs are always 0 here, so no run reaches the error: each must end by itself
    monkeypatch.setattr(execution_search, "_ZERO_SHARES", (1.0,))
    monkeypatch.setattr(execution_search, "_INPUTS_PER_RUN", 16)
    cfa = parse_source(REACTIVE, "reactive.c")
    statistics = Statistics()
    assert search_by_execution(cfa, Specification.unreach_call(), 5.0, statistics) is None
    assert statistics.get("execution_search_runs") >= 200  # ended by coverage, not time


def test_a_program_without_inputs_gets_the_whole_time(monkeypatch):
    # the first run's share of the time is too short for the loop; as the program
    # reads no input, the run is made again with all of it
    monkeypatch.setattr(execution_search, "_FIRST_RUN_SHARE", 1e-9)
    source = HEADER + "int main(void) { int i = 0; while (i < 1000) i++; reach_error(); return 0; }"
    cfa = parse_source(source, "long.c")
    assert search_by_execution(cfa, Specification.unreach_call(), 30.0) is not None


# recursion, which the analyses refuse and the interpreter runs; the error needs x = 5
RECURSIVE = (
    HEADER
    + """int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  if (depth(x) == 5) reach_error();
  return 0;
}
"""
)


@pytest.mark.parametrize("config", ["lbe", "impact"])
def test_after_an_unsupported_construct_the_search_goes_on_and_answers_false(
    tmp_path: Path, config: str
):
    # no first search: the analysis stops at the recursion, the second search finds x = 5
    # (lbe has summarised the analysed CFA in place: the runs read the file again)
    program = tmp_path / "program.c"
    program.write_text(RECURSIVE)
    overrides = ["analysis.search_by_execution=0", "analysis.search_after_unknown=30"]
    configuration = load_configuration(config, overrides)
    result = verify(program, configuration, Specification.unreach_call(), timelimit=60)
    assert result.verdict is Verdict.FALSE
    assert [value.value for value in result.counterexample.inputs] == [5]
    assert result.counterexample.confirmation.startswith("gcc:")
    assert "recursion (depth)" in result.statistics["unknown_before_the_search"]
    assert result.statistics["execution_search_after_unknown_found"] == 1
    assert "execution_search_runs" not in result.statistics
    # the steps are the program's statements, not LBE's blocks
    assert [step.text for step in result.counterexample.steps if step.inputs] == [
        "int x = __VERIFIER_nondet_int()"
    ]


def test_a_second_search_that_finds_nothing_leaves_the_analysis_reason(tmp_path: Path):
    source = RECURSIVE.replace("depth(x) == 5", "depth(x) < 0")
    overrides = ["analysis.search_by_execution=0", "analysis.search_after_unknown=30"]
    result = _verify(tmp_path, source, overrides)
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported feature: recursion (depth)" in result.reason
    runs = result.statistics["execution_search_after_unknown_runs"]
    # ended by coverage: 20 times the first search's patience, long before 30 s
    assert runs >= 20 * execution_search.STALE_RUNS
    assert result.statistics["execution_search_after_unknown_time_s"] < 30.0


def test_without_the_second_search_an_unsupported_construct_is_unknown(tmp_path: Path):
    overrides = ["analysis.search_by_execution=0", "analysis.search_after_unknown=0"]
    result = _verify(tmp_path, RECURSIVE, overrides)
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported feature: recursion (depth)" in result.reason
    assert "execution_search_after_unknown_runs" not in result.statistics


def test_a_timeout_gets_no_second_search(tmp_path: Path):
    program = tmp_path / "program.c"
    program.write_text(DEEP)
    configuration = load_configuration(
        "lbe", ["analysis.search_by_execution=0", "analysis.search_after_unknown=30"]
    )
    result = verify(program, configuration, Specification.unreach_call(), timelimit=0.5)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "timeout"
    assert "execution_search_after_unknown_runs" not in result.statistics


def test_an_error_in_the_second_search_leaves_the_analysis_answer(tmp_path: Path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("test")

    monkeypatch.delenv("CPA_DEBUG", raising=False)
    monkeypatch.setattr(execution_search, "search_by_execution", broken)
    overrides = ["analysis.search_by_execution=0", "analysis.search_after_unknown=30"]
    result = _verify(tmp_path, RECURSIVE, overrides)
    assert result.verdict is Verdict.UNKNOWN
    assert "unsupported feature: recursion (depth)" in result.reason
    assert result.statistics["execution_search_after_unknown_error"] == "RuntimeError"


def test_small_vectors_come_by_growing_magnitude_each_once():
    assert list(small_vectors(0)) == [()]
    assert list(islice(small_vectors(1), 5)) == [(0,), (1,), (-1,), (2,), (-2,)]
    # the first (2L+1)^2 vectors are exactly those of [-L, L]^2
    first = list(islice(small_vectors(2), 25))
    assert first[0] == (0, 0) and len(set(first)) == 25
    assert set(first) == set(product(range(-2, 3), repeat=2))
    first = list(islice(small_vectors(3), 27))
    assert set(first) == set(product(range(-1, 2), repeat=3))


BINARY_SEARCH = (
    HEADER
    + """int a[8] = {1, 3, 5, 7, 9, 11, 13, 15};
int find(int lo, int hi, int key) {
  if (lo > hi) return -1;
  int mid = (lo + hi) / 2;
  if (a[mid] == key) return mid;
  if (a[mid] < key) return find(mid + 1, hi, key);
  return find(lo, mid - 1, key);
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 16) return 0;
  if (find(0, 7, k) == 6) reach_error();
  return 0;
}
"""
)


def test_the_second_search_enumerates_small_inputs(tmp_path: Path):
    """Key 13 is one value of 17 that only the recursion tells apart, and 13 is no
    constant of a condition: random draws missed it in 4000 runs; every other run of
    the second search takes the next small value, and 13 is the 26th after 0."""
    overrides = ["analysis.search_by_execution=0", "analysis.search_after_unknown=30"]
    result = _verify(tmp_path, BINARY_SEARCH, overrides)
    assert result.verdict is Verdict.FALSE, result.reason
    assert [value.value for value in result.counterexample.inputs] == [13]
    assert result.statistics["execution_search_after_unknown_found"] == 1
    assert result.statistics["execution_search_after_unknown_runs"] <= 2 * 26 + 1
