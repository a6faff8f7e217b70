"""Checking a correctness witness: its loop invariants, in one run of the analysis.

``configs/validate-correctness.toml`` is ABE-l (abstraction at loop heads) without
refinement and without predicates: at a loop head with an invariant the abstraction
*is* the invariant, after the solver has shown that the path into the loop head (from
the program's start, or from the invariant of the loop head before) implies it; at
other loop heads it is ``true``. So the run

* completes without a target: every invariant holds on entry, is preserved by every
  path through its loop, and together they exclude the target (and every location
  invariant holds wherever its location is reached): ``confirmed``;
* finds a path from the program's start (exact, no invariant assumed) that violates an
  invariant: ``refuted``, with the location;
* otherwise (an invariant is true but not inductive, or too weak to exclude the target,
  or a timeout): ``unknown``, with the reason.

A ``location_invariant`` is checked, not assumed: every path to the location (from
the last loop head, under its invariant) must imply it; where the configuration's
blocks end at that location it is the abstraction there, as a loop invariant is.

Invariants are read by :mod:`cpa.witness.c_formula`; one that cannot be read, or is
at no loop or statement of the program, makes the answer unknown.
"""

from __future__ import annotations

from pathlib import Path

from pysmt.fnode import FNode
from pysmt.shortcuts import And

from cpa.cfa.data_model import DataModel
from cpa.cfa.frontend import parse_program
from cpa.cfa.model import CFA, CFANode
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.errors import UnsupportedFeature
from cpa.results import Verdict
from cpa.statistics import Statistics
from cpa.verifier import analyze
from cpa.witness.c_formula import c_formula
from cpa.witness.correctness import loop_locations
from cpa.witness.format import CorrectnessWitness, WitnessFile, read_witness
from cpa.witness.waypoints import statement_start


def witness_invariants(
    witness_path: str | Path, cfa: CFA, transformations: list[str] | None = None
) -> tuple[dict[CFANode, FNode], dict[CFANode, FNode]]:
    """The witness' invariants as formulas at nodes of ``cfa``: those at loop heads
    (``loop_invariant``s) and those at other locations (``location_invariant``s, at
    the node where the statement at their location starts; one at a loop head counts
    as a loop invariant). Raises :class:`UnsupportedFeature` for an invariant that
    cannot be placed or read, and for a location invariant on a CFA changed by
    ``transformations`` (a pass may merge its statement into a block)."""
    loops = loop_locations(cfa)
    by_line: dict[int, list] = {}
    for edge in cfa.edges():
        by_line.setdefault(edge.line, []).append(edge)
    at_loops: dict[CFANode, list[FNode]] = {}
    at_locations: dict[CFANode, list[FNode]] = {}
    for entry in read_witness(witness_path).entries:
        if not isinstance(entry, CorrectnessWitness):
            continue
        for invariant in entry.invariants:
            location = invariant.location
            where = f"{location.file_name}:{location.line}"
            if invariant.type == "loop_invariant":
                node = _loop_at(loops, location.line, location.column)
                if node is None:
                    raise UnsupportedFeature(
                        f"witness loop invariant at {where}: no loop starts there"
                    )
            elif invariant.type == "location_invariant":
                if transformations:
                    raise UnsupportedFeature(
                        f"witness location invariant at {where}: location invariants are "
                        f"checked on the CFA as parsed, not after {', '.join(transformations)}"
                    )
                starts = statement_start(
                    by_line.get(location.line, []), location.line, location.column
                )
                nodes = {edge.predecessor for edge in starts}
                if len(nodes) != 1:
                    raise UnsupportedFeature(
                        f"witness location invariant at {where}: no single statement starts there"
                    )
                (node,) = nodes
            else:
                raise UnsupportedFeature(f"witness {invariant.type} at {where} (not read)")
            formula = c_formula(invariant.value, cfa, node.function, location.line)
            if formula is None:
                raise UnsupportedFeature(f"witness invariant {invariant.value!r} at {where}")
            found = at_loops if node in loops or node.is_loop_head else at_locations
            found.setdefault(node, []).append(formula)
    return (
        {node: And(formulas) for node, formulas in at_loops.items()},
        {node: And(formulas) for node, formulas in at_locations.items()},
    )


def _loop_at(loops: dict[CFANode, tuple[int, int, str]], line: int, column: int | None):
    on_line = [node for node, (at, _, _) in loops.items() if at == line]
    exact = [node for node in on_line if column is not None and loops[node][1] == column]
    if len(exact) == 1:
        return exact[0]
    return on_line[0] if len(on_line) == 1 else None


def validate_invariants(
    witness_file: WitnessFile,
    witness_path: str | Path,
    program: str | Path,
    specification: Specification,
    entry_function: str,
    data_model: DataModel,
    timelimit: float | None,
    config: str | None,
    options: list[str],
):
    """See the module docstring; a :class:`~cpa.witness.validation.ValidationResult`."""
    from cpa.witness.validation import CONFIRMED, REFUTED, UNKNOWN, ValidationResult

    configuration = load_configuration(
        config or "validate-correctness", [f"cpa.predicate.invariants={witness_path}", *options]
    )
    statistics = Statistics()
    with statistics.timer("parse_time_s"):
        cfa = parse_program(program, entry_function, data_model, specification.error_functions)
    result = analyze(cfa, configuration, specification, timelimit, statistics)
    count = sum(
        len(e.invariants) for e in witness_file.entries if isinstance(e, CorrectnessWitness)
    )
    values = dict(result.statistics, witness_invariants=count)
    if result.verdict is Verdict.TRUE:
        reason = (
            "the invariants hold on entry, are preserved by every path through their loops, "
            "and exclude the violation"
        )
        if any(
            i.type == "location_invariant"
            for e in witness_file.entries
            if isinstance(e, CorrectnessWitness)
            for i in e.invariants
        ):
            reason += "; the location invariants hold where they are reached"
        return ValidationResult(CONFIRMED, reason, None, values)
    if result.statistics.get("witness_refuted"):
        return ValidationResult(REFUTED, result.reason, None, values)
    if result.verdict is Verdict.FALSE:
        reason = "the program violates the property (" + result.reason + ")"
        return ValidationResult(REFUTED, reason, result.counterexample, values)
    reason = result.reason
    if reason.startswith("a target is reachable"):
        reason = "the invariants do not exclude the violation: a target is reachable from them"
    return ValidationResult(UNKNOWN, reason, None, values)
