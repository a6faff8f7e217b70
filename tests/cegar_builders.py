"""Building a CEGAR run from C source and a configuration (shared by test modules)."""

from __future__ import annotations

from algorithms.cegar import CEGARAlgorithm
from algorithms.cpa_algorithm import Deadline
from cpa.cfa.data_model import DEFAULT
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import Configuration, load_configuration
from cpa.core.context import AnalysisContext
from cpa.verifier import build, prepare_cfa


def cegar_algorithm(
    source: str, config: str, overrides=(), data_model=DEFAULT, seconds: float = 120
) -> CEGARAlgorithm:
    """The CEGAR algorithm of ``config`` on ``source``, ready to run (no gcc confirmation)."""
    cfa = prepare_cfa(parse_source(source, "test.c", data_model=data_model))
    configuration = load_configuration(config, list(overrides))
    context = AnalysisContext(
        cfa,
        Specification.any_error(),
        Deadline.after(seconds),
        options=dict(configuration.analysis),
        component_options=configuration.component_options,
    )
    cpa, reached = build(cfa, configuration, context)
    return CEGARAlgorithm(configuration.algorithm_options, context, cpa, reached)


def assert_block_hoare_triples(cpa, reached) -> int:
    """Check ``{label(u)} block {label(v)}`` with the solver for every abstraction state
    of the ARG (reached states and covered leaves); the number of blocks checked."""
    from pysmt.shortcuts import And, Not, is_unsat

    from cpa_predicate.error_path import abstraction_states
    from cpa_predicate.predicate_cpa import PredicateCPA
    from cpa_predicate.ssa import instantiate

    index = cpa.wrapped.component(PredicateCPA)

    def predicate_state_of(state):
        return state.wrapped.components[index]

    states = {s.id: s for s in reached}
    for state in list(states.values()):
        states.update({c.id: c for c in state.covering})
    checked = 0
    for state in states.values():
        predicate_state = predicate_state_of(state)
        abstraction = predicate_state.abstraction
        holders = abstraction_states(state, predicate_state_of)
        if not predicate_state.is_abstraction or len(holders) < 2:
            continue
        above = predicate_state_of(holders[-2]).abstraction  # the ARG's block start
        block = abstraction.block_formula
        after = instantiate(abstraction.formula, block.ssa)
        assert is_unsat(And(above.instantiated, block.formula, Not(after)))
        checked += 1
    return checked


def analysis_only(config: str = "lbe", overrides=()) -> Configuration:
    """``config`` without the searches by execution before and after the analysis: for
    tests of what the analysis itself answers (a run of the program may find a FALSE)."""
    searches_off = ["analysis.search_by_execution=0", "analysis.search_after_unknown=0"]
    return load_configuration(config, [*searches_off, *overrides])
