"""Declared options of components, checked against configuration files.

Each component lists its options with a type, a default and a one-line doc; a
configuration that names an unknown option or gives a value of the wrong type, outside
its choices or below its minimum is an error that names the key, so a typo never
silently falls back to a default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cpa.errors import ConfigError


@dataclass(frozen=True)
class Option:
    type: type
    default: Any
    doc: str = ""
    choices: tuple[Any, ...] | None = None
    #: the smallest value allowed (numbers without a closed list of choices)
    minimum: int | float | None = None


def resolve_options(
    section: str, declared: Mapping[str, Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Defaults overridden by ``given``; unknown keys and bad values raise ConfigError."""
    if not isinstance(given, Mapping):
        raise ConfigError(f"'{section}' must be a table of options, got {given!r}")
    values = {name: option.default for name, option in declared.items()}
    for key, value in given.items():
        option = declared.get(key)
        if option is None:
            known = ", ".join(sorted(declared)) or "none"
            raise ConfigError(f"unknown option '{section}.{key}' (known: {known})")
        values[key] = _coerce(f"{section}.{key}", option, value)
    return values


def _coerce(key: str, option: Option, value: Any) -> Any:
    expected = option.type
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if expected is bool and not isinstance(value, bool):
        raise ConfigError(f"option '{key}' expects true or false, got {value!r}")
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ConfigError(f"option '{key}' expects an integer, got {value!r}")
    if not isinstance(value, expected):
        raise ConfigError(f"option '{key}' expects {expected.__name__}, got {value!r}")
    if expected is float and not math.isfinite(value):
        raise ConfigError(f"option '{key}' expects a finite number, got {value!r}")
    if option.choices is not None and value not in option.choices:
        allowed = ", ".join(map(str, option.choices))
        raise ConfigError(f"option '{key}' must be one of {allowed}, got {value!r}")
    if option.minimum is not None and value < option.minimum:
        raise ConfigError(f"option '{key}' must be at least {option.minimum}, got {value!r}")
    return value
