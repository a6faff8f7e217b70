"""Configuration files: lookup, extension, overrides and errors that name the key."""

from __future__ import annotations

import pytest

from cpa.config import find_config, load_configuration, shipped_config_names
from cpa.errors import ConfigError


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_shipped_location_config_by_name():
    configuration = load_configuration("location")
    assert configuration.analysis["cpas"] == ["location", "callstack"]
    assert configuration.analysis["algorithm"] == "cpa"
    assert "location" in shipped_config_names()


def test_extends_inherits_and_overrides(tmp_path):
    write(tmp_path, "base.toml", '[analysis]\ncpas = ["location", "callstack"]\nwaitlist = "bfs"\n')
    child = write(tmp_path, "child.toml", 'extends = "base.toml"\n[analysis]\nwaitlist = "rpo"\n')
    configuration = load_configuration(child)
    assert configuration.analysis["waitlist"] == "rpo"
    assert configuration.analysis["cpas"] == ["location", "callstack"]


def test_extends_a_shipped_config_by_name(tmp_path):
    child = write(tmp_path, "c.toml", 'extends = "location-pruned"\n[analysis]\nwaitlist = "bfs"\n')
    configuration = load_configuration(child)
    assert configuration.analysis["cfa_transformations"] == ["prune"]
    assert configuration.analysis["waitlist"] == "bfs"


def test_option_override_is_typed():
    configuration = load_configuration("location", ["analysis.waitlist=bfs"])
    assert configuration.analysis["waitlist"] == "bfs"
    configuration = load_configuration(
        "location", ['analysis.cpas=["location", "callstack"]', "analysis.waitlist=rpo"]
    )
    assert configuration.analysis["waitlist"] == "rpo"


@pytest.mark.parametrize(
    "text, message",
    [
        ("[analysis]\nwaitlst = 'dfs'\n", "unknown option 'analysis.waitlst'"),
        ("colour = 1\n", "unknown key 'colour'"),
        ("[analysis]\nwaitlist = 3\n", "option 'analysis.waitlist' expects str"),
        ("[analysis]\nwaitlist = 'zigzag'\n", "unknown waitlist order 'zigzag'"),
        ("[analysis]\nalgorithm = 'magic'\n", "unknown algorithm 'magic'"),
        ("[analysis]\ncpas = ['location', 'octagon']\n", "unknown CPA 'octagon'"),
        ("[cpa.predicate]\nblock = 'sbe'\n", "CPA 'predicate', which is not in analysis.cpas"),
        ("[algorithm.cegar]\nx = 1\n", "algorithm 'cegar', but analysis.algorithm is 'cpa'"),
        ("[refiner.predicate]\nstrategy = 'x'\n", "the algorithm has no refiner"),
        (
            "extends = 'impact'\n[refiner.predicate]\nstrategy = 'guess'\n",
            "option 'refiner.predicate.strategy'",
        ),
        ("extends = 'impact'\n[refiner.predicate]\ndepth = 1\n", "unknown option"),
        (
            "extends = 'impact'\n[refiner.predicate]\nforced_covering_candidates = -1\n",
            "option 'refiner.predicate.forced_covering_candidates' must be at least 0, got -1",
        ),
        ("extends = 'impact'\n[refiner.other]\n", "the algorithm's refiner is 'predicate'"),
        ("[analysis\n", "Expected"),
        ("extends = 'itself.toml'\n", "cycle"),
    ],
)
def test_errors_name_the_key(tmp_path, text, message):
    path = write(tmp_path, "itself.toml", text)
    with pytest.raises(ConfigError, match=message):
        load_configuration(path)


def test_bad_overrides():
    with pytest.raises(ConfigError, match="not of the form KEY=VALUE"):
        load_configuration("location", ["analysis.waitlist"])
    with pytest.raises(ConfigError, match="unknown option 'colour.x'"):
        load_configuration("location", ["colour.x=1"])
    with pytest.raises(ConfigError, match="unknown option 'analysis.wait'"):
        load_configuration("location", ["analysis.wait=bfs"])


def test_unknown_config_name_and_missing_path():
    with pytest.raises(ConfigError, match="unknown configuration 'nonesuch'.*location"):
        find_config("nonesuch")
    with pytest.raises(ConfigError, match="configuration file not found"):
        find_config("missing/dir/x.toml")


def test_extends_a_list_of_fragments_later_ones_win(tmp_path):
    write(tmp_path, "a.toml", '[analysis]\ncpas = ["location"]\nwaitlist = "bfs"\n')
    write(tmp_path, "b.toml", '[analysis]\nwaitlist = "rpo"\n')
    child = write(tmp_path, "c.toml", 'extends = ["a.toml", "b.toml"]\n')
    configuration = load_configuration(child)
    assert configuration.analysis["waitlist"] == "rpo"
    assert configuration.analysis["cpas"] == ["location"]
    bad = write(tmp_path, "d.toml", "extends = [1]\n")
    with pytest.raises(ConfigError, match="'extends' must be"):
        load_configuration(bad)


@pytest.mark.parametrize("name", ["uufo", "cpufo", "bpufo", "cp", "bp"])
def test_ufo_configurations_combine_the_ufo_fragment(name):
    configuration = load_configuration(name)
    assert configuration.analysis["waitlist"] == "wto"
    assert configuration.algorithm_options["targets"] == "continue"
    assert configuration.component_options["refiner.predicate"]["error_structure"] == "dag"
