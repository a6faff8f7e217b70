"""Two analyses in one process, one after the other and interleaved: nothing that
belongs to one run (formula caches, BDD variables, solver state, data model) may
change the other's answer."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from cegar_builders import cegar_algorithm

from cpa.cfa.data_model import ILP32, LP64
from cpa.results import Verdict
from cpa_predicate import refiner as refiner_module

# long is 4 bytes under ILP32 and 8 under LP64: the loop stops at 4 only under ILP32
LONG_SIZE = """
extern void reach_error(void);
int main() {
  int i = 0;
  int n = sizeof(long);
  while (i < n) i++;
  if (i == 4) reach_error();
  return 0;
}
"""

# safe, and needs an invariant relating two counters
EQUAL_COUNTERS = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x = x + 1; y = y + 1; }
  if (x != y) reach_error();
  return 0;
}
"""


RUNS = [
    (LONG_SIZE, "abe-l", ILP32, Verdict.FALSE),
    (LONG_SIZE, "impact", LP64, Verdict.TRUE),
    (EQUAL_COUNTERS, "impact", ILP32, Verdict.TRUE),
    (LONG_SIZE, "sbe", LP64, Verdict.TRUE),
    (LONG_SIZE, "impact", ILP32, Verdict.FALSE),
]


def test_analyses_one_after_the_other():
    for source, config, data_model, expected in RUNS:
        outcome = cegar_algorithm(source, config, data_model=data_model).run()
        assert outcome.verdict is expected, (config, data_model.name, outcome.reason)


def test_analyses_interleaved_refinement_by_refinement():
    runs = [(cegar_algorithm(s, c, data_model=m).steps(), expected) for s, c, m, expected in RUNS]
    outcomes: dict[int, object] = {}
    refinements = 0
    while len(outcomes) < len(runs):
        for index, (steps, _) in enumerate(runs):
            if index in outcomes:
                continue
            try:
                next(steps)
                refinements += 1
            except StopIteration as done:
                outcomes[index] = done.value
    assert refinements > len(runs)  # they did interleave
    for index, (_, expected) in enumerate(runs):
        assert outcomes[index].verdict is expected, (index, outcomes[index].reason)


# several counters and checks: cartesian abstraction and DAG refinements with many leaves
TWO_PHASES = """
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int a = 0, b = 0, c = 0, phase = 0;
  while (__VERIFIER_nondet_int()) {
    if (phase == 0) { a = a + 1; b = b + 1; phase = 1; }
    else { c = c + 2; phase = 0; }
    if (a != b) reach_error();
    if (c % 2 != 0) reach_error();
  }
  if (phase > 1) reach_error();
  return 0;
}
"""


def _run_with_hash_seed(program: Path, seed: str) -> dict:
    """The statistics of ``cpa verify`` in a fresh interpreter with ``PYTHONHASHSEED``."""
    out = program.with_suffix(f".{seed}.json")
    env = {**os.environ, "PYTHONHASHSEED": seed}
    command = [sys.executable, "-m", "cpa.cli", "verify", str(program), "--config", "cpufo"]
    # cpufo picks the faster reading for abstraction by measured time (the same regions
    # either way, other counts of each): pinned, so that only the hash seed differs
    command += ["--option", "cpa.predicate.abstraction_reading=bit-vectors"]
    return _untimed_statistics(command, out, env)


def _untimed_statistics(command: list[str], out: Path, env=None, also=()) -> dict:
    """Run ``command`` (a ``cpa verify``) with ``--stats-json out``; its statistics but
    the times and the counts named in ``also`` (and the runs of the search by execution,
    which its time budget bounds as much as the coverage)."""
    subprocess.run([*command, "--stats-json", str(out)], env=env, check=True, timeout=300)
    statistics = json.loads(out.read_text())
    also = (*also, "execution_search_runs")
    return {k: v for k, v in statistics.items() if not k.endswith("_s") and k not in also}


def test_the_same_run_whatever_the_hash_seed(tmp_path):
    """Same input, same run: Python's string hashing (a new seed per process) must not
    reach the order of anything Z3 sees (names, terms, queries), or the solver's answers
    (interpolants, and with them the refinements) differ from run to run."""
    program = tmp_path / "two_phases.c"
    program.write_text(TWO_PHASES)
    first = _run_with_hash_seed(program, "1")
    assert first["refinements"] > 0
    assert _run_with_hash_seed(program, "2") == first


BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
# impact on it took 16 or 18 refinements, 2,531 to 2,787 reached states, as the collector
# ran more or less often, when Z3's core queries and Spacer's interpretations were
# answered in the interpolator's long-lived context (whose new terms' ids follow the
# terms the collector freed before)
COLLECTOR_SENSITIVE = BENCHMARKS / "ufo-2012" / "systemc" / "pc_sfifo_2.cil.yml"


def _run_with_collector_threshold(task: Path, threshold: int, out: Path) -> dict:
    """The statistics of ``cpa verify`` (impact) in a fresh interpreter whose garbage
    collector's first threshold is ``threshold``."""
    start = (
        f"import gc, sys; gc.set_threshold({threshold}, 10, 10); "
        "from cpa.cli import main; sys.argv = ['cpa'] + sys.argv[1:]; sys.exit(main())"
    )
    command = [sys.executable, "-c", start, "verify", str(task), "--config", "impact"]
    # nor how often the probe took the tactic that was faster so far
    return _untimed_statistics(command, out, also=("interpolation_probes_eliminating",))


@pytest.mark.skipif(not COLLECTOR_SENSITIVE.is_file(), reason="benchmarks not present")
@pytest.mark.timeout(240)  # two whole impact runs of about 15 s each, more on a busy machine
def test_the_same_run_whatever_the_garbage_collector_does(tmp_path):
    """Same input, same run: when Python's garbage collector frees Z3 terms must not
    change what Z3 answers (cores, interpolants), so neither how often it runs nor
    what the process did before (``cpa verify`` or a ``cpa bench`` worker)."""
    often = _run_with_collector_threshold(COLLECTOR_SENSITIVE, 100, tmp_path / "often.json")
    assert often["verdict"] == "true" and often["refinements"] > 0
    seldom = _run_with_collector_threshold(COLLECTOR_SENSITIVE, 5000, tmp_path / "seldom.json")
    assert seldom == often


def test_a_finished_analysis_keeps_its_refiner_until_it_is_dropped(monkeypatch):
    """The refiner (and its interpolator's Z3 context) lives as long as the algorithm:
    left to the garbage collector, it would be freed at the next collection, e.g. while
    a FALSE answer is confirmed, and freeing a long run's Z3 context can take longer
    than the run."""
    created = []
    create = refiner_module.create_interpolator

    def recorded(*args, **kwargs):
        created.append(create(*args, **kwargs))
        return created[-1]

    monkeypatch.setattr(refiner_module, "create_interpolator", recorded)
    algorithm = cegar_algorithm(LONG_SIZE, "lbe", data_model=ILP32)
    assert algorithm.run().verdict is Verdict.FALSE
    assert len(created) == 1
    interpolator = weakref.ref(created.pop())
    gc.collect()
    assert interpolator() is not None
    del algorithm
    gc.collect()
    assert interpolator() is None  # dropped with the algorithm: nothing else keeps it
