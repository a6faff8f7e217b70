"""SV-COMP task definitions (``.yml``, format 2.0) and property files (``.prp``).

Supported properties: ``G ! label(L)`` (unreach-label) and ``G ! call(f())``
(unreach-call). Anything else is reported as an unsupported property, never
silently checked as something else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from cpa.cfa.data_model import DEFAULT, DataModel, data_model
from cpa.cfa.targets import Specification
from cpa.errors import InputError

_PROPERTY = re.compile(
    r"CHECK\(\s*init\(\s*(?P<entry>\w+)\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*"
    r"(?:label\(\s*(?P<label>\w+)\s*\)|call\(\s*(?P<call>\w+)\(\)\s*\))\s*\)\s*\)"
)


@dataclass(frozen=True)
class Property:
    file: str
    specification: Specification
    entry_function: str


@dataclass(frozen=True)
class Task:
    """One program with the property to check and, if the task says, the expected verdict."""

    program: Path
    property: Property | None
    expected_verdict: bool | None = None
    name: str = ""
    #: ``options: data_model`` of the task (SV-COMP's default, ILP32, when absent)
    data_model: DataModel = DEFAULT


def read_property(path: str | Path) -> Property:
    path = Path(path)
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise InputError("property file not found", str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read property file ({error})", str(path)) from None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("//"):
            continue
        match = _PROPERTY.fullmatch(line)
        if match is None:
            raise InputError(f"unsupported property: {line}", str(path), number)
        if match["label"]:
            spec = Specification.unreach_label(match["label"])
        else:
            spec = Specification.unreach_call((match["call"],))
        return Property(str(path), spec, match["entry"])
    raise InputError("empty property file", str(path))


def _is_supported(property_file: Path) -> bool:
    try:
        read_property(property_file)
        return True
    except InputError:
        return False


def read_task(path: str | Path, property_file: str | Path | None = None) -> Task:
    """Read a task definition; with ``property_file`` pick that property, else the
    first property of the task that this tool supports."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text())
    except FileNotFoundError:
        raise InputError("task file not found", str(path)) from None
    except yaml.YAMLError as error:
        line = getattr(getattr(error, "problem_mark", None), "line", None)
        raise InputError("invalid task definition (YAML)", str(path), line and line + 1) from None
    if not isinstance(data, dict) or "input_files" not in data:
        raise InputError("invalid task definition: no 'input_files'", str(path))
    inputs = data["input_files"]
    inputs = [inputs] if isinstance(inputs, str) else list(inputs or [])
    if len(inputs) != 1:
        raise InputError("task definitions with several input files are not supported", str(path))
    program = (path.parent / inputs[0]).resolve()
    entries = data.get("properties") or []
    chosen: Property | None = None
    expected: bool | None = None
    wanted = Path(property_file).resolve() if property_file else None
    for entry in entries:
        prp = (path.parent / entry.get("property_file", "")).resolve()
        if wanted is not None and prp != wanted and prp.name != wanted.name:
            continue
        if wanted is None and not _is_supported(prp):
            continue
        chosen = read_property(prp)
        expected = entry.get("expected_verdict")
        break
    if chosen is None and wanted is not None:
        chosen = read_property(wanted)
    if chosen is None:
        raise InputError("the task has no property this tool supports", str(path))
    name = str(path)
    return Task(program, chosen, expected, name, _data_model(data, path))


def _data_model(data: dict, path: Path) -> DataModel:
    """The task's ``options: data_model``; SV-COMP's task format says ILP32 if absent."""
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise InputError("invalid task definition: 'options' is not a mapping", str(path))
    name = options.get("data_model")
    if name is None:
        return data_model("ILP32")
    try:
        return data_model(str(name))
    except ValueError as error:
        raise InputError(f"invalid task definition: {error}", str(path)) from None
