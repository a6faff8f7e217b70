"""SV-COMP verification witnesses, YAML format 2.0: the data and its file form.

A witness file is a YAML list of entries. Two entry types are read and written:

* ``violation_sequence``: a list of *segments*; each segment is zero or more ``avoid``
  waypoints followed by one ``follow`` waypoint. An execution matches the witness if
  it passes the follow waypoints in order and, within each segment, none of the
  segment's avoid waypoints before its follow waypoint. The last follow waypoint is of
  type ``target``: where the property is violated.
* ``invariant_set``: ``loop_invariant`` and ``location_invariant`` records, each a C
  expression that holds whenever execution reaches its location.

Reading checks the structure the format prescribes (which fields, which values) and
reports the first violation as one line with the file and, where YAML knows it, the
line. Entry types this project does not know are kept out and counted
(:attr:`WitnessFile.ignored`), as the format asks of consumers.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml

from cpa.errors import InputError

FORMAT_VERSION = "2.0"
#: the versions whose violation sequences and invariant sets we read
READABLE_VERSIONS = ("2.0", "2.1")
WAYPOINT_TYPES = ("assumption", "branching", "function_enter", "function_return", "target")
INVARIANT_TYPES = ("loop_invariant", "location_invariant")


class WitnessError(InputError):
    """A witness file that cannot be read or breaks the format."""


@dataclass(frozen=True)
class Location:
    """A point in a source file; ``column`` and ``function`` are optional in 2.0."""

    file_name: str
    line: int
    column: int | None = None
    function: str | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"file_name": self.file_name, "line": self.line}
        if self.column is not None:
            data["column"] = self.column
        if self.function is not None:
            data["function"] = self.function
        return data


@dataclass(frozen=True)
class Waypoint:
    """One waypoint of a violation sequence.

    ``constraint`` is the text of ``constraint.value``: ``"true"``/``"false"`` for a
    branching, a C expression for an assumption, ``\\result == 3`` (ACSL) for a
    function return, None where the type has none.
    """

    type: str
    action: str
    location: Location
    constraint: str | None = None
    constraint_format: str | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "action": self.action}
        if self.constraint is not None:
            constraint = {"value": self.constraint}
            if self.constraint_format is not None:
                constraint["format"] = self.constraint_format
            data["constraint"] = constraint
        data["location"] = self.location.as_dict()
        return {"waypoint": data}


@dataclass(frozen=True)
class Invariant:
    """One record of an invariant set: ``value`` holds at ``location``."""

    type: str
    location: Location
    value: str
    format: str = "c_expression"

    def as_dict(self) -> dict[str, Any]:
        return {
            "invariant": {
                "type": self.type,
                "location": self.location.as_dict(),
                "value": self.value,
                "format": self.format,
            }
        }


@dataclass
class TaskInfo:
    """The task a witness is about (``metadata.task``)."""

    input_files: list[str]
    input_file_hashes: dict[str, str]
    specification: str
    data_model: str
    language: str = "C"

    def as_dict(self) -> dict[str, Any]:
        return {
            "input_files": list(self.input_files),
            "input_file_hashes": dict(self.input_file_hashes),
            "specification": self.specification,
            "data_model": self.data_model,
            "language": self.language,
        }


@dataclass
class ViolationWitness:
    segments: list[list[Waypoint]]
    task: TaskInfo | None = None
    producer: dict[str, str] = field(default_factory=dict)


@dataclass
class CorrectnessWitness:
    invariants: list[Invariant]
    task: TaskInfo | None = None
    producer: dict[str, str] = field(default_factory=dict)


@dataclass
class WitnessFile:
    entries: list[ViolationWitness | CorrectnessWitness]
    #: entries of types this project does not read, by type
    ignored: dict[str, int] = field(default_factory=dict)


# ------------------------------------------------------------------------- writing
def task_info(program: str | Path, specification: str, data_model: str) -> TaskInfo:
    """The ``metadata.task`` of a witness for ``program`` (its SHA-256 is read now)."""
    name = str(program)
    digest = hashlib.sha256(Path(program).read_bytes()).hexdigest()
    return TaskInfo([name], {name: digest}, specification, data_model)


def _metadata(task: TaskInfo, producer: dict[str, str]) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "uuid": str(uuid.uuid4()),
        "creation_time": datetime.now(UTC).astimezone().isoformat(timespec="seconds"),
        "producer": dict(producer),
        "task": task.as_dict(),
    }


def format_witness(witness: ViolationWitness | CorrectnessWitness) -> str:
    """The YAML text of a witness file holding ``witness`` as its one entry."""
    if witness.task is None:
        raise ValueError("a witness to write needs its task")
    if isinstance(witness, ViolationWitness):
        entry = {
            "entry_type": "violation_sequence",
            "metadata": _metadata(witness.task, witness.producer),
            "content": [
                {"segment": [waypoint.as_dict() for waypoint in segment]}
                for segment in witness.segments
            ],
        }
    else:
        entry = {
            "entry_type": "invariant_set",
            "metadata": _metadata(witness.task, witness.producer),
            "content": [invariant.as_dict() for invariant in witness.invariants],
        }
    return yaml.safe_dump([entry], sort_keys=False, default_flow_style=False, width=1000)


def write_witness(path: str | Path, witness: ViolationWitness | CorrectnessWitness) -> None:
    Path(path).write_text(format_witness(witness), encoding="utf-8")


# ------------------------------------------------------------------------- reading
class _Reader:
    """Checks one parsed witness file; errors name the entry and field."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str, problem: str) -> WitnessError:
        return WitnessError(f"{where}: {problem}" if where else problem, self.file)

    def mapping(self, value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, "expected a mapping")
        return value

    def sequence(self, value: Any, where: str) -> list:
        if not isinstance(value, list):
            raise self.fail(where, "expected a list")
        return value

    def string(self, data: dict, key: str, where: str, choices=None) -> str:
        value = data.get(key)
        if isinstance(value, bool) and key == "value":  # YAML reads true as a boolean
            value = "true" if value else "false"
        if isinstance(value, int) and not isinstance(value, bool) and key == "value":
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(where, f"'{key}' must be a string")
        if choices is not None and value not in choices:
            raise self.fail(where, f"'{key}' must be one of {', '.join(choices)}, not {value!r}")
        return value

    def location(self, value: Any, where: str) -> Location:
        data = self.mapping(value, f"{where}, location")
        name = self.string(data, "file_name", f"{where}, location")
        line = data.get("line")
        if not isinstance(line, int) or isinstance(line, bool) or line < 1:
            raise self.fail(f"{where}, location", "'line' must be a positive integer")
        column = data.get("column")
        if column is not None and (
            not isinstance(column, int) or isinstance(column, bool) or column < 1
        ):
            raise self.fail(f"{where}, location", "'column' must be a positive integer")
        function = data.get("function")
        if function is not None and not isinstance(function, str):
            raise self.fail(f"{where}, location", "'function' must be a string")
        return Location(name, line, column, function)

    def task(self, metadata: dict, where: str) -> TaskInfo | None:
        task = metadata.get("task")
        if task is None:
            return None
        task = self.mapping(task, f"{where}, metadata.task")
        files = task.get("input_files") or []
        hashes = task.get("input_file_hashes") or {}
        if not isinstance(files, list) or not isinstance(hashes, dict):
            raise self.fail(f"{where}, metadata.task", "malformed input files")
        return TaskInfo(
            [str(f) for f in files],
            {str(k): str(v) for k, v in hashes.items()},
            str(task.get("specification", "")),
            str(task.get("data_model", "")),
            str(task.get("language", "C")),
        )

    def metadata(self, entry: dict, where: str) -> tuple[TaskInfo | None, dict]:
        metadata = self.mapping(entry.get("metadata"), f"{where}, metadata")
        version = metadata.get("format_version")
        if str(version) not in READABLE_VERSIONS:
            raise self.fail(
                f"{where}, metadata",
                f"format_version {version!r} is not supported (reads {', '.join(READABLE_VERSIONS)})",
            )
        producer = metadata.get("producer") or {}
        producer = (
            {str(k): str(v) for k, v in producer.items()} if isinstance(producer, dict) else {}
        )
        return self.task(metadata, where), producer

    def waypoint(self, item: Any, where: str) -> Waypoint:
        data = self.mapping(self.mapping(item, where).get("waypoint"), where)
        kind = self.string(data, "type", where, WAYPOINT_TYPES)
        action = self.string(data, "action", where, ("follow", "avoid"))
        location = self.location(data.get("location"), where)
        constraint = data.get("constraint")
        value = value_format = None
        if kind in ("assumption", "branching", "function_return"):
            constraint = self.mapping(constraint, f"{where}, constraint")
            value = self.string(constraint, "value", f"{where}, constraint")
            value_format = constraint.get("format")
            if kind == "assumption" and value_format not in (None, "c_expression"):
                raise self.fail(where, "an assumption's constraint must be a c_expression")
            if kind == "function_return" and value_format not in (None, "acsl_expression"):
                raise self.fail(where, "a function return's constraint must be an acsl_expression")
        elif constraint is not None:
            raise self.fail(where, f"a {kind} waypoint has no constraint")
        if kind == "target" and action != "follow":
            raise self.fail(where, "a target waypoint must be followed, not avoided")
        return Waypoint(kind, action, location, value, value_format)

    def violation(self, entry: dict, where: str) -> ViolationWitness:
        task, producer = self.metadata(entry, where)
        segments: list[list[Waypoint]] = []
        content = self.sequence(entry.get("content"), f"{where}, content")
        if not content:
            raise self.fail(f"{where}, content", "a violation sequence needs segments")
        for number, item in enumerate(content, 1):
            at = f"{where}, segment {number}"
            points = self.sequence(self.mapping(item, at).get("segment"), at)
            waypoints = [self.waypoint(p, f"{at}, waypoint {i}") for i, p in enumerate(points, 1)]
            follows = [w for w in waypoints if w.action == "follow"]
            if len(follows) != 1 or waypoints[-1].action != "follow":
                raise self.fail(at, "a segment ends in exactly one follow waypoint")
            if waypoints[-1].type == "target" and number != len(content):
                raise self.fail(at, "only the last segment may end in the target")
            segments.append(waypoints)
        if segments[-1][-1].type != "target":
            raise self.fail(
                f"{where}, segment {len(segments)}", "the last waypoint must be the target"
            )
        return ViolationWitness(segments, task, producer)

    def invariants(self, entry: dict, where: str) -> CorrectnessWitness:
        task, producer = self.metadata(entry, where)
        records = []
        for number, item in enumerate(self.sequence(entry.get("content"), f"{where}, content"), 1):
            at = f"{where}, invariant {number}"
            data = self.mapping(self.mapping(item, at).get("invariant"), at)
            kind = self.string(data, "type", at, INVARIANT_TYPES)
            location = self.location(data.get("location"), at)
            value = self.string(data, "value", at)
            value_format = self.string(data, "format", at, ("c_expression",))
            records.append(Invariant(kind, location, value, value_format))
        return CorrectnessWitness(records, task, producer)


def parse_witness(text: str, file: str = "<witness>") -> WitnessFile:
    """The entries of the witness text; a :class:`WitnessError` for anything that
    breaks the format."""
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise WitnessError(f"invalid YAML: {error.problem}", file, line) from None
    except yaml.YAMLError as error:
        raise WitnessError(f"invalid YAML: {error}", file) from None
    reader = _Reader(file)
    entries = reader.sequence(data, "witness")
    result = WitnessFile([])
    for number, entry in enumerate(entries, 1):
        where = f"entry {number}"
        entry = reader.mapping(entry, where)
        kind = entry.get("entry_type")
        if kind == "violation_sequence":
            result.entries.append(reader.violation(entry, where))
        elif kind == "invariant_set":
            result.entries.append(reader.invariants(entry, where))
        elif isinstance(kind, str):
            result.ignored[kind] = result.ignored.get(kind, 0) + 1
        else:
            raise reader.fail(where, "'entry_type' must be a string")
    if not result.entries:
        raise WitnessError("no violation_sequence or invariant_set entry", file)
    return result


def read_witness(path: str | Path) -> WitnessFile:
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WitnessError("witness file not found", name) from None
    except (OSError, UnicodeDecodeError) as error:
        raise WitnessError(f"cannot read witness file ({error})", name) from None
    return parse_witness(text, name)
