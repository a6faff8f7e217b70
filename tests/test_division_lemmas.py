"""The facts stated beside a division (cpa_predicate/division_lemmas.py) are valid, and
they let the analysis prove what bit-blasting a divider did not."""

from __future__ import annotations

from pathlib import Path

import pytest
from pysmt.shortcuts import BVType, Not, Solver, Symbol

from cpa.config import load_configuration
from cpa.results import Verdict
from cpa.task import read_task
from cpa.verifier import verify
from cpa_predicate.division_lemmas import division_lemmas

SEMANTICS = Path(__file__).parent / "c_semantics"
ENGINE_ALONE = ["analysis.search_by_execution=0", "analysis.search_after_unknown=0"]


@pytest.mark.parametrize("signed", [True, False])
@pytest.mark.parametrize("bits", [4, 8])
def test_every_lemma_holds_for_every_pair_of_words(signed: bool, bits: int):
    # division by zero and the minimum by -1 included: SMT-LIB defines both
    left, right = Symbol(f"l{bits}", BVType(bits)), Symbol(f"r{bits}", BVType(bits))
    lemmas = division_lemmas(left, right, bits, signed)
    assert len(lemmas) == (4 if signed else 3)
    with Solver(name="z3") as solver:
        for lemma in lemmas:
            assert solver.is_unsat(Not(lemma)), lemma.serialize()


@pytest.mark.parametrize("config", ["lbe", "impact"])
@pytest.mark.parametrize(
    "task", ["div02_div_mod_identity_safe", "div05_unsigned_div_mod_bounds_safe"]
)
def test_identity_and_bounds_of_a_division_are_proved(config: str, task: str):
    # before the lemmas, both were timeouts (10 s) with every configuration
    task_file = read_task(SEMANTICS / f"{task}.yml")
    configuration = load_configuration(config, ENGINE_ALONE)
    result = verify(
        task_file.program,
        configuration,
        task_file.property.specification,
        timelimit=60,
        data_model=task_file.data_model,
    )
    assert result.verdict is Verdict.TRUE, result.reason
