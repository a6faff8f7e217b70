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


def _support_problem(property_file: Path) -> str | None:
    """Why this tool cannot check ``property_file`` (None: it can)."""
    try:
        read_property(property_file)
        return None
    except InputError as error:
        return str(error)


def read_task(path: str | Path, property_file: str | Path | None = None) -> Task:
    """Read a task definition; with ``property_file`` pick that property, else the
    first property of the task that this tool supports. A definition that does not
    have the format's shape is an :class:`InputError` naming the task file."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text())
    except FileNotFoundError:
        raise InputError("task file not found", str(path)) from None
    except UnicodeDecodeError:
        raise InputError("task file is not UTF-8 text", str(path)) from None
    except OSError as error:
        raise InputError(f"cannot read task file ({error.strerror})", str(path)) from None
    except yaml.YAMLError as error:
        line = getattr(getattr(error, "problem_mark", None), "line", None)
        raise InputError("invalid task definition (YAML)", str(path), line and line + 1) from None

    def invalid(problem: str) -> InputError:
        return InputError(f"invalid task definition: {problem}", str(path))

    if not isinstance(data, dict) or "input_files" not in data:
        raise invalid("no 'input_files'")
    options = _options(data, path)
    language = options.get("language")
    if language is not None and str(language).upper() != "C":
        raise invalid(f"language {language!r} (only C is supported)")
    inputs = data["input_files"]
    inputs = [inputs] if isinstance(inputs, str) else inputs
    if not isinstance(inputs, list) or not all(isinstance(name, str) for name in inputs):
        raise invalid("'input_files' is not a file name or a list of file names")
    if not inputs:
        raise invalid("no input file")
    if len(inputs) != 1:
        raise InputError("task definitions with several input files are not supported", str(path))
    program = (path.parent / inputs[0]).resolve()
    entries = data.get("properties") or []
    if not isinstance(entries, list) or not all(
        isinstance(entry, dict) and isinstance(entry.get("property_file"), str) for entry in entries
    ):
        raise invalid("'properties' is not a list of entries with a 'property_file'")
    chosen: Property | None = None
    expected: bool | None = None
    wanted = Path(property_file).resolve() if property_file else None
    problems: list[str] = []
    for entry in entries:
        prp = (path.parent / entry["property_file"]).resolve()
        if wanted is not None and prp != wanted and prp.name != wanted.name:
            continue
        if wanted is None:
            problem = _support_problem(prp)
            if problem is not None:
                problems.append(problem)
                continue
        chosen = read_property(prp)
        expected = entry.get("expected_verdict")
        if expected is not None and not isinstance(expected, bool):
            raise invalid(f"'expected_verdict' is {expected!r}, not true or false")
        break
    if chosen is None and wanted is not None:
        chosen = read_property(wanted)
    if chosen is None:
        why = f" ({'; '.join(problems)})" if problems else ""
        raise InputError(f"the task has no property this tool supports{why}", str(path))
    name = str(path)
    return Task(program, chosen, expected, name, _data_model(options, path))


def _options(data: dict, path: Path) -> dict:
    """The task's ``options`` mapping (empty if absent)."""
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise InputError("invalid task definition: 'options' is not a mapping", str(path))
    return options


def _data_model(options: dict, path: Path) -> DataModel:
    """The task's ``options: data_model``; SV-COMP's task format says ILP32 if absent."""
    name = options.get("data_model")
    if name is None:
        return data_model("ILP32")
    try:
        return data_model(str(name))
    except ValueError as error:
        raise InputError(f"invalid task definition: {error}", str(path)) from None
