"""The watchdog behind ``cpa verify --timelimit``: a run whose analysis does not stop
at its deadline (a native call ignoring its timeout) still ends, with UNKNOWN."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

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


# A verify run whose analysis sleeps (releasing the interpreter lock, as a native call
# does) far past its one-second limit, without ever checking the deadline.
_HANGING_RUN = """
import sys, time
import cpa.verifier
cpa.verifier.build = lambda *args, **kwargs: time.sleep(120)
import cpa.cli
sys.argv = ["cpa", *sys.argv[1:]]
cpa.cli.run()
"""

# A verify run whose analysis ends at once but whose witness invariants take longer than
# the limit and the grace together: work after the analysis is not watched.
_SLOW_AFTERWARDS = """
import sys, time
import cpa.verifier
cpa.verifier.collect_invariants = lambda *args, **kwargs: time.sleep(5) or {}
import cpa.cli
sys.argv = ["cpa", *sys.argv[1:]]
cpa.cli.run()
"""


def test_verify_ends_a_run_that_overruns_its_limit(tmp_path):
    program = tmp_path / "safe.c"
    program.write_text("int main(void) {\n  return 0;\n}\n")
    stats = tmp_path / "stats.json"
    started = time.monotonic()
    process = subprocess.run(
        [
            sys.executable,
            "-c",
            _HANGING_RUN,
            "verify",
            "--config",
            "lbe",
            "--timelimit",
            "1",
            "--stats",
            "--stats-json",
            str(stats),
            str(program),
        ],
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert time.monotonic() - started < 100  # not the sleep's 120 s
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    assert lines[0] == "Verification result: UNKNOWN"
    assert lines[1].startswith("Reason: timeout") and "watchdog" in lines[1]
    assert "parse_time_s" in process.stdout  # the statistics collected so far
    values = json.loads(stats.read_text())
    assert values["verdict"] == "unknown" and values["reason"] == "timeout"
    assert values["wall_time_s"] >= 1.0 + grace_for(1.0)
    assert "Traceback" not in process.stderr


def test_work_after_the_analysis_is_not_cut_short(tmp_path):
    program = tmp_path / "safe.c"
    program.write_text("int main(void) {\n  return 0;\n}\n")
    witness = tmp_path / "witness.yml"
    process = subprocess.run(
        [
            sys.executable,
            "-c",
            _SLOW_AFTERWARDS,
            "verify",
            "--config",
            "lbe",
            "--timelimit",
            "1",
            "--witness",
            str(witness),
            str(program),
        ],
        capture_output=True,
        text=True,
        timeout=100,
    )
    assert process.returncode == 0, process.stderr
    assert process.stdout.splitlines()[0] == "Verification result: TRUE"
    assert "watchdog" not in process.stdout
