"""A CPA from another package is found through its entry point and runs in our loop."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cpa import plugins
from cpa.cfa.frontend import parse_source
from cpa.cfa.targets import Specification
from cpa.cli import main
from cpa.config import load_configuration
from cpa.errors import ConfigError, PluginError
from cpa.results import Verdict
from cpa.verifier import analyze

PLUGIN_ROOT = Path(__file__).parent / "plugins"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

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


# A plugin whose module does not import: each entry point names its module and the
# exception that importing it raises.
BROKEN = {
    "missing_module": ("cpa_broken_missing:BrokenCPA", None, "ModuleNotFoundError"),
    "syntax_error": ("cpa_broken_syntax:BrokenCPA", "class BrokenCPA(:\n", "SyntaxError"),
    "raises": (
        "cpa_broken_raises:BrokenCPA",
        'raise RuntimeError("plugin set-up failed\\nsee its log")\n',
        "RuntimeError",
    ),
    "missing_dependency": (
        "cpa_broken_dependency:BrokenCPA",
        "from math import no_such_function\n",
        "ImportError",
    ),
    "missing_attribute": (
        "cpa_broken_attribute:BrokenCPA",
        "class Other:\n    pass\n",
        "AttributeError",
    ),
}


@pytest.fixture
def broken_plugins(tmp_path, monkeypatch):
    """Install, as pip would, a distribution whose CPAs and refiner do not import;
    yields the folder to put on the path of a subprocess."""
    site = tmp_path / "site"
    dist = site / "cpa_broken_plugins-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cpa-broken-plugins\nVersion: 1.0\n"
    )
    cpas = "".join(f"{name} = {value}\n" for name, (value, _, _) in BROKEN.items())
    (dist / "entry_points.txt").write_text(
        f"[cpa.cpas]\n{cpas}\n[cpa.refiners]\nbroken = cpa_broken_missing:BrokenRefiner\n"
    )
    for value, source, _ in BROKEN.values():
        if source is not None:
            (site / f"{value.partition(':')[0]}.py").write_text(source)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    yield site
    for value, _, _ in BROKEN.values():
        sys.modules.pop(value.partition(":")[0], None)


def _config_naming(tmp_path, cpa: str) -> str:
    config = tmp_path / f"{cpa}.toml"
    config.write_text(
        f'extends = "location"\n[analysis]\ncpas = ["location", "callstack", "{cpa}"]\n'
    )
    return str(config)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_plugin_that_does_not_import_is_a_one_line_plugin_error(broken_plugins, name):
    value, _, exception = BROKEN[name]
    with pytest.raises(PluginError) as caught:
        plugins.load(plugins.CPAS, name)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(
        f"cannot load CPA '{name}' (entry point '{value}' in group 'cpa.cpas'): "
    )
    assert f"): {exception}: " in message


def test_builtin_that_does_not_import_is_a_plugin_error(monkeypatch):
    monkeypatch.setitem(plugins.BUILTINS[plugins.WAITLISTS], "broken", "cpa_broken_missing:Order")
    with pytest.raises(PluginError, match=r"^cannot load waitlist order 'broken' \(built-in "):
        plugins.load(plugins.WAITLISTS, "broken")


def _verify(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["verify", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_verify_naming_a_plugin_that_does_not_import_exits_1_with_one_line(
    broken_plugins, tmp_path, capsys, name
):
    config = _config_naming(tmp_path, name)
    status, out, err = _verify(capsys, "--config", config, str(EXAMPLES / "unsafe.c"))
    assert status == 1
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"cpa: cannot load CPA '{name}' ")
    assert BROKEN[name][2] in err
    assert "Verification result" not in out


def test_verify_with_a_refiner_that_does_not_import_exits_1_with_one_line(
    broken_plugins, tmp_path, capsys
):
    # The refiner is loaded only when CEGAR starts, inside the analysis.
    config = tmp_path / "refiner.toml"
    config.write_text('extends = "predicate"\n[algorithm.cegar]\nrefiner = "broken"\n')
    status, out, err = _verify(capsys, "--config", str(config), str(EXAMPLES / "unsafe.c"))
    assert status == 1
    assert err == (
        "cpa: cannot load refiner 'broken' (entry point 'cpa_broken_missing:BrokenRefiner' "
        "in group 'cpa.refiners'): ModuleNotFoundError: No module named 'cpa_broken_missing'\n"
    )


def test_command_line_with_a_plugin_that_does_not_import_has_no_traceback(broken_plugins, tmp_path):
    config = _config_naming(tmp_path, "syntax_error")
    process = subprocess.run(
        [sys.executable, "-m", "cpa.cli", "verify", "--config", config, str(EXAMPLES / "unsafe.c")],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(broken_plugins)},
    )
    assert process.returncode == 1
    assert "Traceback" not in process.stderr
    assert process.stderr.count("\n") == 1
    assert process.stderr.startswith("cpa: cannot load CPA 'syntax_error' (entry point ")
    assert "SyntaxError: " in process.stderr
