"""Every FALSE answer's inputs, replayed through a fresh CFA of the original program
by the concrete interpreter, reach the target (unsafe ufo-2012 tasks that the fast
configuration solves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_program
from cpa.cfa.interpreter import run as replay
from cpa.config import load_configuration
from cpa.replay import toolchain_problem
from cpa.results import Verdict
from cpa.task import read_task
from cpa.verifier import analyze

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"

# unsafe tasks that a configuration answers in a few seconds each; with `abe-l` the
# error path runs through blocks that joined the path formulas of several paths
UNSAFE = [
    ("lbe", "ufo-2012/ssh-simplified/s3_clnt_1_BUG.cil.yml"),
    ("lbe", "ufo-2012/ssh-simplified/s3_clnt_2_BUG.cil.yml"),
    ("lbe", "ufo-2012/ssh-simplified/s3_clnt_4_BUG.cil.yml"),
    ("lbe", "ufo-2012/ssh-simplified/s3_srvr_1_BUG.cil.yml"),
    ("lbe", "ufo-2012/ssh-simplified/s3_srvr_2_BUG.cil.yml"),
    ("abe-l", "ufo-2012/systemc/token_ring.01.BUG.cil.yml"),
    ("abe-l", "ufo-2012/systemc/token_ring.02.BUG.cil.yml"),
]


@pytest.mark.skipif(not BENCHMARKS.is_dir(), reason="benchmarks not present")
@pytest.mark.parametrize(("config", "task_file"), UNSAFE)
def test_false_answer_replays_to_the_target(config, task_file):
    task = read_task(BENCHMARKS / task_file)
    assert task.expected_verdict is False
    problem = toolchain_problem(task.data_model.name)
    if problem is not None:  # a FALSE needs a compiled run to stand
        pytest.skip(problem)
    spec = task.property.specification
    configuration = load_configuration(config)

    def parse():
        return parse_program(task.program, "main", task.data_model, spec.error_functions)

    result = analyze(parse(), configuration, spec, timelimit=120)
    assert result.verdict is Verdict.FALSE, result.reason
    inputs = [value.value for value in result.counterexample.inputs]
    # a fresh CFA: no LBE summarisation, nothing shared with the analysis
    outcome = replay(parse(), spec, inputs)
    assert outcome.reached_target, outcome.reason
    # the reported inputs are exactly the ones the program reads on the way
    assert [value for _, value in outcome.inputs_used] == inputs
