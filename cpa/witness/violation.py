"""A violation witness from a confirmed counterexample.

Each decided branch of the error path becomes a ``branching`` waypoint (the outcome of
the whole condition of the ``if``, loop or ``?:``, at its keyword, or the case label a
``switch`` takes), each value returned
by an undefined function a ``function_return`` waypoint (``\\result == v`` at the
call's closing parenthesis), and the violation the ``target`` waypoint; each in a
segment of its own, in path order. A validator then follows exactly the branches of
the path and may read every input from the witness.

Inputs that no call returns (an uninitialised local read as an input) have no
waypoint: the branching waypoints still pin the path, and a validator solves for them.
"""

from __future__ import annotations

from pathlib import Path

from cpa import __version__
from cpa.cfa.targets import Specification
from cpa.results import Counterexample, PathStep
from cpa.witness.format import Location, TaskInfo, ViolationWitness, Waypoint, task_info
from cpa.witness.source import branching_column, closing_parenthesis, source_lines

PRODUCER = {"name": "cpa-framework", "version": __version__}


def specification_text(specification: Specification) -> str:
    """The property in the LTL form of SV-COMP property files (``G ! call(f())``)."""
    parts = [f"G ! call({name}())" for name in sorted(specification.error_functions)]
    parts += [f"G ! label({label})" for label in sorted(specification.labels)]
    return " && ".join(parts)


def violation_witness(
    counterexample: Counterexample,
    program: str | Path,
    specification: Specification,
    data_model: str,
    configuration: str = "",
) -> ViolationWitness:
    """The witness of ``counterexample``, a path of ``program``."""
    task = task_info(program, specification_text(specification), data_model)
    return ViolationWitness(
        waypoint_segments(counterexample.steps, task, source_lines(program)),
        task,
        dict(PRODUCER, **({"configuration": configuration} if configuration else {})),
    )


def waypoint_segments(
    steps: list[PathStep], task: TaskInfo, lines: list[str]
) -> list[list[Waypoint]]:
    """One follow waypoint per segment, in the order of ``steps``; the last one is the
    target, at the last step."""
    file_name = task.input_files[0]
    segments: list[list[Waypoint]] = []
    for step in steps:
        branching = step.branching
        if step.kind == "assume" and branching is not None and branching.outcome is not None:
            column = branching_column(lines, branching)
            where = Location(file_name, branching.line, column, step.function)
            if branching.construct == "switch":
                value = str(branching.case)
            else:
                value = "true" if branching.outcome else "false"
            segments.append([Waypoint("branching", "follow", where, value)])
        for value in step.inputs:
            if not value.function or not _is_integer(value.ctype):
                continue
            column = closing_parenthesis(lines, step.line, step.column, value.function)
            where = Location(file_name, step.line, column, step.function)
            constraint = f"\\result == {value.value}"
            segments.append(
                [Waypoint("function_return", "follow", where, constraint, "acsl_expression")]
            )
    if not steps:
        raise ValueError("a counterexample without steps has no target")
    last = steps[-1]
    target = Location(file_name, last.line, last.column or None, last.function)
    segments.append([Waypoint("target", "follow", target)])
    return segments


def _is_integer(ctype: str) -> bool:
    return bool(ctype) and "*" not in ctype and "float" not in ctype and "double" not in ctype
