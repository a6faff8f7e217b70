"""Analysis configuration files (TOML).

A configuration names the CPAs, the algorithm and each component's options::

    extends = "location"          # optional: a shipped config name or a path, or a
                                  # list of them (fragments: later ones win)

    [analysis]
    cpas = ["location", "callstack", "predicate"]
    algorithm = "cegar"
    waitlist = "dfs"

    [cpa.predicate]               # options of one CPA of analysis.cpas
    block = "lbe"

    [algorithm.cegar]             # options of the chosen algorithm
    max_refinements = 1000

    [refiner.predicate]           # options of the algorithm's refiner, if it has one
    strategy = "predicates"

``--option KEY=VALUE`` overrides one dotted key (``cpa.predicate.block=sbe``). Every
key is checked against the options the components declare, so an unknown key is an
error that names it.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from cpa import plugins
from cpa.core.options import Option, resolve_options
from cpa.errors import ConfigError

DEFAULT_CONFIG = "lbe"

ANALYSIS_OPTIONS: dict[str, Option] = {
    "cpas": Option(list, ["location", "callstack"], "CPAs of the composite, in order"),
    "algorithm": Option(str, "cpa", "the algorithm around the reachability loop"),
    "waitlist": Option(str, "dfs", "waitlist order (dfs, bfs, rpo, wto, weighted, or a plugin)"),
    "cfa_transformations": Option(list, [], "CFA passes applied before the analysis"),
    "description": Option(str, "", "one line saying what this configuration is"),
    "confirm_false": Option(
        str,
        "gcc",
        "how a FALSE answer is confirmed: gcc (the program compiled by gcc must reach the "
        "target with the counterexample's inputs, else UNKNOWN) or none (trust the engine)",
        ("gcc", "none"),
    ),
    "search_by_execution": Option(
        float,
        0.0,
        "seconds spent, before the analysis, running the program with random inputs in the "
        "concrete interpreter: a run that reaches a target is a counterexample (confirmed "
        "like the analysis' own); 0: no search (algorithms/execution_search.py)",
        minimum=0.0,
    ),
    "search_after_unknown": Option(
        float,
        0.0,
        "seconds the search by execution may go on (at most 80 % of the time left) when the "
        "analysis ends with UNKNOWN for a reason other than time or memory (a construct it "
        "does not model, such as recursion): a run that reaches a target is a counterexample, "
        "confirmed like the others; 0: no second search",
        minimum=0.0,
    ),
}

_TOP_LEVEL = {"extends", "analysis", "cpa", "algorithm", "refiner"}


def shipped_configs_dir() -> Path:
    """The folder of the configuration files that come with the package."""
    return Path(str(resources.files("configs")))


def shipped_config_names() -> list[str]:
    return sorted(p.stem for p in shipped_configs_dir().glob("*.toml"))


def find_config(name_or_path: str) -> Path:
    """``NAME`` means ``configs/NAME.toml``; anything with a suffix or slash is a path."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or "/" in name_or_path or candidate.exists():
        if not candidate.is_file():
            raise ConfigError(f"{name_or_path}: configuration file not found")
        return candidate
    shipped = shipped_configs_dir() / f"{name_or_path}.toml"
    if not shipped.is_file():
        names = ", ".join(shipped_config_names())
        raise ConfigError(f"unknown configuration '{name_or_path}' (available: {names})")
    return shipped


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: {error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except OSError as error:
        raise ConfigError(f"{path}: {error.strerror}") from None


def _merge(base: dict, override: dict) -> dict:
    result = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _merge(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def load_raw(path: Path, _seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The file's table with its ``extends`` chain resolved (later files win)."""
    path = path.resolve()
    if path in _seen:
        raise ConfigError(f"{path}: configuration extends itself (cycle)")
    data = _read_toml(path)
    unknown = set(data) - _TOP_LEVEL
    if unknown:
        raise ConfigError(f"{path}: unknown key '{sorted(unknown)[0]}'")
    parents = data.pop("extends", None)
    if parents is None:
        return data
    if isinstance(parents, str):
        parents = [parents]
    if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
        raise ConfigError(f"{path}: 'extends' must be a configuration name or path, or a list")
    base: dict[str, Any] = {}
    for parent in parents:
        relative = path.parent / parent
        parent_path = relative if relative.suffix == ".toml" and relative.is_file() else None
        base = _merge(base, load_raw(parent_path or find_config(parent), _seen + (path,)))
    return _merge(base, data)


def parse_override(text: str) -> tuple[list[str], Any]:
    """``a.b.c=VALUE`` -> (["a","b","c"], value); VALUE is read as TOML, else as a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"option '{text}' is not of the form KEY=VALUE")
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    return key.strip().split("."), value


def apply_override(data: dict, path: list[str], value: Any) -> None:
    if path[0] not in _TOP_LEVEL - {"extends"}:
        raise ConfigError(f"unknown option '{'.'.join(path)}'")
    table = data
    for part in path[:-1]:
        table = table.setdefault(part, {})
        if not isinstance(table, dict):
            raise ConfigError(f"option '{'.'.join(path)}' does not name a table entry")
    table[path[-1]] = value


@dataclass
class Configuration:
    """A checked configuration: the analysis section and per-component options."""

    source: str
    analysis: dict[str, Any]
    cpa_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    algorithm_options: dict[str, Any] = field(default_factory=dict)
    #: options of the other components, by section name ("refiner.predicate")
    component_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return Path(self.source).stem


def load_configuration(name_or_path: str | None = None, overrides: list[str] = ()) -> Configuration:
    """Read, extend, override and check a configuration."""
    path = find_config(name_or_path or DEFAULT_CONFIG)
    data = load_raw(path)
    for override in overrides:
        apply_override(data, *parse_override(override))
    return check(data, str(path))


def _tables(data: dict[str, Any], section: str) -> dict[str, Any]:
    """``data[section]``: a table of a table per component (``[cpa.predicate]``)."""
    tables = data.get(section, {})
    if not isinstance(tables, dict) or not all(isinstance(t, dict) for t in tables.values()):
        raise ConfigError(f"'{section}' must hold a table of options per component")
    return tables


def check(data: dict[str, Any], source: str) -> Configuration:
    """Validate every key against the declared options of the components it names."""
    analysis = resolve_options("analysis", ANALYSIS_OPTIONS, data.get("analysis", {}))
    cpa_names = analysis["cpas"]
    if not cpa_names or not all(isinstance(n, str) for n in cpa_names):
        raise ConfigError("option 'analysis.cpas' must be a non-empty list of CPA names")
    cpa_sections = _tables(data, "cpa")
    for name in cpa_sections:
        if name not in cpa_names:
            raise ConfigError(f"options given for CPA '{name}', which is not in analysis.cpas")
    cpa_options = {}
    for name in cpa_names:
        cpa_class = plugins.load(plugins.CPAS, name)
        cpa_options[name] = resolve_options(
            f"cpa.{name}", getattr(cpa_class, "OPTIONS", {}), cpa_sections.get(name, {})
        )
    algorithm_name = analysis["algorithm"]
    algorithm_class = plugins.load(plugins.ALGORITHMS, algorithm_name)
    algorithm_sections = _tables(data, "algorithm")
    for name in algorithm_sections:
        if name != algorithm_name:
            raise ConfigError(
                f"options given for algorithm '{name}', but analysis.algorithm is '{algorithm_name}'"
            )
    algorithm_options = resolve_options(
        f"algorithm.{algorithm_name}",
        getattr(algorithm_class, "OPTIONS", {}),
        algorithm_sections.get(algorithm_name, {}),
    )
    component_options = {}
    refiner_sections = _tables(data, "refiner")
    refiner_name = algorithm_options.get("refiner")
    for name in refiner_sections:
        if name != refiner_name:
            raise ConfigError(
                f"options given for refiner '{name}', but the algorithm's refiner is "
                f"'{refiner_name}'"
                if refiner_name
                else f"options given for refiner '{name}', but the algorithm has no refiner"
            )
    if isinstance(refiner_name, str):
        refiner_class = plugins.load(plugins.REFINERS, refiner_name)
        component_options[f"refiner.{refiner_name}"] = resolve_options(
            f"refiner.{refiner_name}",
            getattr(refiner_class, "OPTIONS", {}),
            refiner_sections.get(refiner_name, {}),
        )
    plugins.load(plugins.WAITLISTS, analysis["waitlist"])
    for transformation in analysis["cfa_transformations"]:
        plugins.load(plugins.CFA_TRANSFORMATIONS, transformation)
    return Configuration(source, analysis, cpa_options, algorithm_options, component_options)
