"""Checking a witness with the project's own machinery: ``cpa validate``.

A **violation witness** is checked by verifying the program restricted to the
executions the witness allows (the witness CPA in product with ABE-l,
``configs/validate-violation.toml``):

* FALSE, with the counterexample confirmed by a compiled run as every FALSE, and every
  constraint of the witness read exactly: ``confirmed``;
* TRUE, with every followed waypoint found in the program: ``refuted`` (no execution
  that the witness allows reaches its violation);
* anything else: ``unknown``, with the reason.

A **correctness witness** is checked in :mod:`cpa.witness.invariants`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpa.cfa.data_model import DataModel
from cpa.cfa.frontend import parse_program
from cpa.cfa.preprocess import read_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.errors import CpaError
from cpa.results import Counterexample, Verdict
from cpa.statistics import Statistics
from cpa.verifier import analyze, prepare_cfa
from cpa.witness.format import TaskInfo, ViolationWitness, WitnessFile, read_witness

CONFIRMED, REFUTED, UNKNOWN = "confirmed", "refuted", "unknown"


@dataclass
class ValidationResult:
    outcome: str
    reason: str
    counterexample: Counterexample | None = None
    statistics: dict[str, Any] = field(default_factory=dict)

    def result_line(self) -> str:
        return f"Validation result: {self.outcome}"


def validate(
    witness_path: str | Path,
    program: str | Path,
    specification: Specification,
    entry_function: str,
    data_model: DataModel,
    timelimit: float | None = None,
    config: str | None = None,
    options: list[str] = (),
) -> ValidationResult:
    """Check the witness at ``witness_path`` against ``program`` (see the module doc).

    Bad input (an unreadable witness or program) raises :class:`CpaError`.
    """
    witness_file = read_witness(witness_path)
    mismatch = _task_mismatch(witness_file, program)
    if mismatch:
        return ValidationResult(UNKNOWN, mismatch)
    arguments = (
        witness_path,
        program,
        specification,
        entry_function,
        data_model,
        timelimit,
        config,
        list(options),
    )
    if any(isinstance(e, ViolationWitness) for e in witness_file.entries):
        return _validate_violation(*arguments)
    from cpa.witness.invariants import validate_invariants

    return validate_invariants(witness_file, *arguments)


def _task_mismatch(witness_file: WitnessFile, program: str | Path) -> str:
    """Why the witness is not about ``program`` (a recorded hash differs), or ''."""
    read_source(program)  # a missing, unreadable or binary program: one line, its name
    digest = hashlib.sha256(Path(program).read_bytes()).hexdigest()
    for entry in witness_file.entries:
        task: TaskInfo | None = entry.task
        if task is None or not task.input_file_hashes:
            continue
        hashes = {value.lower() for value in task.input_file_hashes.values()}
        if digest not in hashes:
            return (
                "the witness is for another program: its input file hash "
                f"{', '.join(sorted(hashes))} is not {Path(program).name}'s {digest}"
            )
    return ""


def _validate_violation(
    witness_path, program, specification, entry_function, data_model, timelimit, config, options
) -> ValidationResult:
    from cpa_witness.automaton import matched_segments, problems

    configuration = load_configuration(
        config or "validate-violation", [f"cpa.witness.file={witness_path}", *options]
    )
    if "witness" not in configuration.analysis["cpas"]:
        raise CpaError(f"configuration {configuration.name} has no witness CPA")
    statistics = Statistics()
    with statistics.timer("parse_time_s"):
        cfa = parse_program(program, entry_function, data_model, specification.error_functions)
    witness = next(e for e in read_witness(witness_path).entries if isinstance(e, ViolationWitness))
    found = problems(matched_segments(witness, prepare_cfa(cfa), specification))
    unmatched = [p for p in found if p.startswith("unmatched")]
    inexact = [p for p in found if p.startswith("inexact")]
    result = analyze(cfa, configuration, specification, timelimit, statistics)
    values = dict(result.statistics, witness_segments=len(witness.segments))
    if result.verdict is Verdict.TRUE:
        if unmatched:
            return ValidationResult(UNKNOWN, "; ".join(unmatched), None, values)
        reason = "no execution that follows the witness reaches its violation"
        return ValidationResult(REFUTED, reason, None, values)
    if result.verdict is Verdict.FALSE:
        if inexact:
            reason = "an execution reaches the violation, but not all constraints were read: "
            return ValidationResult(
                UNKNOWN, reason + "; ".join(inexact), result.counterexample, values
            )
        confirmation = result.counterexample.confirmation if result.counterexample else ""
        reason = "an execution that follows the witness reaches its violation"
        if confirmation:
            reason += f" (confirmed by a compiled run: {confirmation})"
        return ValidationResult(CONFIRMED, reason, result.counterexample, values)
    return ValidationResult(UNKNOWN, result.reason, result.counterexample, values)
