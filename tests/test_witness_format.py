"""Reading and writing witness files (YAML format 2.0): structure checks, one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.witness.format import (
    Location,
    TaskInfo,
    ViolationWitness,
    Waypoint,
    WitnessError,
    format_witness,
    parse_witness,
)

PUBLISHED = Path(__file__).parent / "witnesses" / "published"


def test_published_examples_parse():
    witnesses = sorted(PUBLISHED.glob("*/*.yml"))
    assert len(witnesses) == 100
    for path in witnesses:
        (entry,) = parse_witness(path.read_text(), str(path)).entries
        assert entry.segments[-1][-1].type == "target"
        assert entry.task.input_files


def _witness(segments: str) -> str:
    return f"""
- entry_type: violation_sequence
  metadata:
    format_version: "2.0"
    uuid: 1
    creation_time: now
    producer: {{name: test, version: "1"}}
    task: {{input_files: [a.c], specification: x, data_model: LP64, language: C}}
  content:
{segments}
"""


TARGET = """
  - segment:
    - waypoint: {type: target, action: follow, location: {file_name: a.c, line: 3}}
"""


@pytest.mark.parametrize(
    ("segments", "message"),
    [
        ("", "expected a list"),
        (
            "  - segment:\n    - waypoint: {type: branching, action: follow, location: {file_name: a.c, line: 2}, constraint: {value: 'true'}}\n",
            "the last waypoint must be the target",
        ),
        (
            "  - segment:\n    - waypoint: {type: jump, action: follow, location: {file_name: a.c, line: 2}}\n"
            + TARGET,
            "'type' must be one of",
        ),
        (
            "  - segment:\n    - waypoint: {type: branching, action: maybe, location: {file_name: a.c, line: 2}, constraint: {value: 'true'}}\n"
            + TARGET,
            "'action' must be one of",
        ),
        (
            "  - segment:\n    - waypoint: {type: branching, action: follow, location: {file_name: a.c, line: 2}, constraint: {value: 'true'}}\n"
            "    - waypoint: {type: branching, action: follow, location: {file_name: a.c, line: 2}, constraint: {value: 'true'}}\n"
            + TARGET,
            "exactly one follow waypoint",
        ),
        (
            "  - segment:\n    - waypoint: {type: branching, action: follow, location: {file_name: a.c, line: 0}, constraint: {value: 'true'}}\n"
            + TARGET,
            "'line' must be a positive integer",
        ),
        (
            TARGET + TARGET,
            "only the last segment may end in the target",
        ),
        (
            "  - segment:\n    - waypoint: {type: function_return, action: follow, location: {file_name: a.c, line: 2}, constraint: {value: 'x', format: c_expression}}\n"
            + TARGET,
            "acsl_expression",
        ),
    ],
)
def test_broken_witnesses_are_reported_in_one_line(segments, message):
    with pytest.raises(WitnessError) as caught:
        parse_witness(_witness(segments), "w.yml")
    text = str(caught.value)
    assert text.startswith("w.yml") and message in text and "\n" not in text


def test_bad_yaml_names_the_line():
    with pytest.raises(WitnessError) as caught:
        parse_witness("- entry_type: [\n  : :\n", "w.yml")
    assert caught.value.line is not None and "invalid YAML" in str(caught.value)


def test_unsupported_version_and_unknown_entries():
    with pytest.raises(WitnessError, match="format_version"):
        parse_witness(_witness(TARGET).replace('"2.0"', '"1.0"'), "w.yml")
    text = _witness(TARGET) + "- entry_type: ghost_instrumentation\n  content: []\n"
    parsed = parse_witness(text, "w.yml")
    assert parsed.ignored == {"ghost_instrumentation": 1} and len(parsed.entries) == 1


def test_written_witness_reads_back():
    task = TaskInfo(["a.c"], {"a.c": "00"}, "G ! call(reach_error())", "ILP32")
    witness = ViolationWitness(
        [
            [Waypoint("branching", "follow", Location("a.c", 4, 3, "main"), "false")],
            [
                Waypoint(
                    "function_return",
                    "follow",
                    Location("a.c", 5, 20),
                    "\\result == -1",
                    "acsl_expression",
                )
            ],
            [Waypoint("target", "follow", Location("a.c", 6, 5, "main"))],
        ],
        task,
        {"name": "cpa-framework", "version": "0"},
    )
    (entry,) = parse_witness(format_witness(witness)).entries
    assert entry.segments == witness.segments
    assert entry.task.data_model == "ILP32" and entry.task.input_file_hashes == {"a.c": "00"}
