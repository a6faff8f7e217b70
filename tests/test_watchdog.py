"""The watchdog behind ``cpa verify --timelimit``: a run whose analysis does not stop
at its deadline (a native call ignoring its timeout) still ends, with UNKNOWN."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

from cpa.watchdog import Watchdog, grace_for


def test_grace_is_a_tenth_of_the_limit_within_bounds():
    assert grace_for(1) == 2.0
    assert grace_for(60) == 6.0
    assert grace_for(900) == 10.0


def test_an_overrun_calls_the_expiry_once_from_another_thread():
    calls: list[str] = []
    done = threading.Event()

    def expire() -> None:
        calls.append(threading.current_thread().name)
        done.set()

    with Watchdog(0.05, 0.05, expire) as watchdog:
        assert done.wait(30), "the watchdog never fired"
    assert watchdog.expired
    assert calls == ["cpa-watchdog"]


def test_a_block_that_ends_in_time_is_not_reported():
    calls: list[int] = []
    with Watchdog(30.0, 1.0, lambda: calls.append(1)) as watchdog:
        pass
    assert not watchdog.expired and calls == []


# ``cpa verify`` in a fresh process with one function of the verifier replaced: a
# sleep releases the interpreter lock, as a native call does, and never checks the
# deadline
_PATCHED_RUN = """
import sys, time
import cpa.verifier
cpa.verifier.{name} = lambda *args, **kwargs: time.sleep({seconds}) or {{}}
import cpa.cli
sys.argv = ["cpa", *sys.argv[1:]]
cpa.cli.run()
"""


def _verify_patched(tmp_path, name: str, seconds: int, *options: str):
    """``cpa verify --config lbe --timelimit 1 OPTIONS`` on a safe program, with
    ``cpa.verifier.NAME`` sleeping ``seconds``; a run that never ends fails the test
    (the subprocess' timeout)."""
    program = tmp_path / "safe.c"
    program.write_text("int main(void) {\n  return 0;\n}\n")
    script = _PATCHED_RUN.format(name=name, seconds=seconds)
    process = subprocess.run(
        [sys.executable, "-c", script, "verify", "--config", "lbe", "--timelimit", "1"]
        + [*options, str(program)],
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert process.returncode == 0, process.stderr
    assert "Traceback" not in process.stderr
    return process.stdout


def test_verify_ends_a_run_that_overruns_its_limit(tmp_path):
    # the analysis (building the CPA) sleeps far past its one-second limit
    stats = tmp_path / "stats.json"
    output = _verify_patched(tmp_path, "build", 120, "--stats", "--stats-json", str(stats))
    lines = output.splitlines()
    assert lines[0] == "Verification result: UNKNOWN"
    assert lines[1].startswith("Reason: timeout") and "watchdog" in lines[1]
    assert "parse_time_s" in output  # the statistics collected so far
    values = json.loads(stats.read_text())
    assert values["verdict"] == "unknown" and values["reason"] == "timeout"
    # reading the program counts against the limit: the watchdog waits the rest of it
    waited = values["wall_time_s"] + values["parse_time_s"]
    assert 1.0 + grace_for(1.0) - 0.1 <= waited


def test_work_after_the_analysis_is_not_cut_short(tmp_path):
    # the analysis ends at once; the witness invariants take longer than the limit
    # and the grace together
    witness = tmp_path / "witness.yml"
    output = _verify_patched(tmp_path, "collect_invariants", 5, "--witness", str(witness))
    assert output.splitlines()[0] == "Verification result: TRUE"
    assert "watchdog" not in output
