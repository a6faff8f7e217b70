"""A CPA from another package is found through its entry point and runs in our loop."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from cpa import plugins
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.config import load_configuration
from cpa.errors import ConfigError
from cpa.results import Verdict
from cpa.verifier import analyze

PLUGIN_ROOT = Path(__file__).parent / "plugins"

PROGRAM = """
int main() {
  int x;
  if (x > 0) { if (x > 5) { x = 3; } }
  x = x + 1;
  return 0;
}
"""


@pytest.fixture
def installed_plugin(tmp_path, monkeypatch):
    """Install ``cpa_test_plugin`` the way pip would: a dist-info folder with an
    ``entry_points.txt`` that registers the CPA in the ``cpa.cpas`` group."""
    dist = tmp_path / "cpa_test_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: cpa-test-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[cpa.cpas]\nbranchcount = cpa_test_plugin.branch_count:BranchCountCPA\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(PLUGIN_ROOT))
    importlib.invalidate_caches()
    yield
    sys.modules.pop("cpa_test_plugin.branch_count", None)
    sys.modules.pop("cpa_test_plugin", None)


def test_unknown_cpa_is_a_config_error_listing_available_ones():
    with pytest.raises(ConfigError, match="unknown CPA 'branchcount'.*location"):
        plugins.load(plugins.CPAS, "branchcount")


def test_plugin_cpa_is_found_by_entry_point(installed_plugin):
    cpa_class = plugins.load(plugins.CPAS, "branchcount")
    assert cpa_class.__module__ == "cpa_test_plugin.branch_count"
    assert "branchcount" in plugins.available(plugins.CPAS)


def test_configuration_naming_the_plugin_runs_it(installed_plugin, tmp_path):
    config = tmp_path / "counting.toml"
    config.write_text(
        'extends = "location"\n'
        "[analysis]\n"
        'cpas = ["location", "callstack", "branchcount"]\n'
        "[cpa.branchcount]\n"
        "bound = 10\n"
    )
    configuration = load_configuration(str(config))
    assert configuration.cpa_options["branchcount"] == {"bound": 10}
    plain = analyze(
        parse_source(PROGRAM), load_configuration("location"), Specification.any_error()
    )
    counted = analyze(parse_source(PROGRAM), configuration, Specification.any_error())
    assert plain.verdict is Verdict.TRUE and counted.verdict is Verdict.TRUE
    # Paths with different branch counts meet at the same locations: the plugin's
    # states keep them apart, so the ARG is strictly larger than without it.
    assert counted.statistics["reached_size"] > plain.statistics["reached_size"]


def test_plugin_options_are_checked(installed_plugin, tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text(
        '[analysis]\ncpas = ["location", "callstack", "branchcount"]\n[cpa.branchcount]\nbund = 1\n'
    )
    with pytest.raises(ConfigError, match=r"unknown option 'cpa.branchcount.bund'"):
        load_configuration(str(config))
