"""``cpa verify --memlimit``: the analysis in a child process under an address-space
limit, and an UNKNOWN answer with statistics when the child dies before answering."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from cpa import memory_limit
from cpa.memory_limit import run_under_memory_limit

ROOT = Path(__file__).resolve().parents[1]
SAFE = str(ROOT / "examples/unreachable.c")


def _answer_and_return(status: int):
    def body() -> int:
        print("Verification result: TRUE", flush=True)
        return status

    return body


def test_an_answer_is_relayed_with_the_status_the_command_returned(capfd):
    outcome = run_under_memory_limit(2000, _answer_and_return(0))
    assert (outcome.status, outcome.answered, outcome.reason) == (0, True, None)
    assert capfd.readouterr().out == "Verification result: TRUE\n"
    outcome = run_under_memory_limit(2000, _answer_and_return(1))
    assert (outcome.status, outcome.reason) == (1, None)


def _address_space_mb() -> int:
    """This process's address space now (the child starts with it)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) // 1024
    raise AssertionError("no VmSize in /proc/self/status")


def test_want_of_memory_before_the_answer_is_the_reason(capfd):
    # the limit 200 MB above what the process holds already (a test run's process
    # can hold gigabytes, and freed blocks of its heap are reused without new maps)
    limit = _address_space_mb() + 200

    def body() -> int:
        blocks = [bytearray(50 * 1024 * 1024) for _ in range(40)]  # 2 GB: beyond it
        return len(blocks)

    outcome = run_under_memory_limit(limit, body)
    assert not outcome.answered
    assert outcome.reason == f"out of memory (limit {limit} MB)"
    assert capfd.readouterr().out == ""


def test_a_crash_in_native_code_is_the_reason():
    def body() -> int:
        os.kill(os.getpid(), signal.SIGSEGV)
        return 0

    outcome = run_under_memory_limit(2000, body)
    assert not outcome.answered
    assert outcome.reason == "crashed: killed by SIGSEGV (memory limit 2000 MB)"


def test_a_native_library_ending_the_process_is_not_taken_for_the_commands_status():
    def body() -> int:
        os._exit(1)  # as CUDD does when an allocation fails

    outcome = run_under_memory_limit(2000, body)
    assert (
        outcome.reason
        == "crashed: the analysis process exited with status 1 (memory limit 2000 MB)"
    )


def test_a_death_after_the_answer_is_told_apart(capfd):
    def body() -> int:
        print("Verification result: FALSE", flush=True)
        os.kill(os.getpid(), signal.SIGABRT)
        return 0

    outcome = run_under_memory_limit(2000, body)
    assert outcome.answered and "SIGABRT" in outcome.reason
    assert capfd.readouterr().out == "Verification result: FALSE\n"


def _cpa(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cpa.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_verify_under_a_generous_limit_answers_as_without_it(tmp_path):
    stats = tmp_path / "s.json"
    process = _cpa("verify", "--memlimit", "3000", "--stats-json", str(stats), SAFE)
    assert process.returncode == 0, process.stderr
    assert process.stdout.count("Verification result:") == 1
    assert "Verification result: TRUE" in process.stdout
    assert json.loads(stats.read_text())["verdict"] == "true"


def test_verify_under_a_tiny_limit_is_unknown_with_statistics(tmp_path):
    stats = tmp_path / "s.json"
    process = _cpa("verify", "--memlimit", "30", "--stats-json", str(stats), SAFE)
    assert process.returncode == 0, process.stderr
    assert process.stdout.count("Verification result:") == 1
    assert "Verification result: UNKNOWN" in process.stdout
    assert "Reason: " in process.stdout and "Traceback" not in process.stderr
    values = json.loads(stats.read_text())
    assert values["verdict"] == "unknown" and values["memlimit_mb"] == 30
    assert values["reason"] in process.stdout and "cpu_time_s" in values


def test_verify_reports_a_death_after_the_answer_with_exit_status_3(monkeypatch, capsys):
    from cpa.cli import EXIT_DIED, main

    def died_after_answer(limit_mb, body, wall_limit_s=None):
        return memory_limit.ChildOutcome(0, True, "crashed: killed by SIGSEGV", 1.0, 1.0, 50.0)

    monkeypatch.setattr(memory_limit, "run_under_memory_limit", died_after_answer)
    assert main(["verify", "--memlimit", "100", SAFE]) == EXIT_DIED
    err = capsys.readouterr().err
    assert err == "cpa: the analysis process died after its answer: crashed: killed by SIGSEGV\n"


def test_a_limit_that_is_not_positive_is_bad_usage():
    process = _cpa("verify", "--memlimit", "0", SAFE)
    assert process.returncode == 2
    last = process.stderr.strip().splitlines()[-1]
    assert last.startswith("cpa: argument --memlimit: must be between 1 and")


def test_a_bad_configuration_under_a_limit_is_the_same_usage_error():
    # the configuration and its components load before the limit: under a small
    # limit, importing a component once failed with ValueError (CPython's compiler
    # out of memory on a clean checkout), reported as a broken plugin
    without = _cpa("verify", "--config", "no-such-config", SAFE)
    under = _cpa("verify", "--memlimit", "3000", "--config", "no-such-config", SAFE)
    assert without.returncode == under.returncode == 2
    assert under.stderr == without.stderr and under.stderr.startswith("cpa: ")
    assert "Verification result" not in under.stdout


# ``cpa verify`` from the console entry point with the analysis replaced by a crash of
# native code (SIGSEGV): no --memlimit, and still an answer
_CRASHING_RUN = """
import os, signal, sys
import cpa.verifier
cpa.verifier.build = lambda *args, **kwargs: os.kill(os.getpid(), signal.SIGSEGV)
import cpa.cli
sys.argv = ["cpa", *sys.argv[1:]]
cpa.cli.run()
"""


def test_a_native_crash_without_a_limit_is_unknown_with_statistics(tmp_path):
    stats = tmp_path / "s.json"
    process = subprocess.run(
        [sys.executable, "-c", _CRASHING_RUN, "verify", "--stats-json", str(stats), SAFE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert process.returncode == 0, process.stderr
    assert process.stdout.splitlines() == [
        "Verification result: UNKNOWN",
        "Reason: crashed: killed by SIGSEGV",
    ]
    values = json.loads(stats.read_text())
    assert values["verdict"] == "unknown" and "memlimit_mb" not in values
    assert values["reason"] == "crashed: killed by SIGSEGV" and "cpu_time_s" in values


def _process_gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie nobody reaped has ended too)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def _start_a_helper_and_hang(pid_file: Path):
    """A child body that starts a process of its own (as ``cpp`` or gcc would be)
    and then never answers."""

    def body() -> int:
        helper = subprocess.Popen(["sleep", "60"])
        pid_file.write_text(str(helper.pid))
        time.sleep(60)
        return 0

    return body


def test_the_parent_ends_a_child_past_its_wall_limit_and_what_it_started(tmp_path: Path):
    # the frontend is not under the analysis' deadline: a macro bomb in cpp or a
    # pathological program would hold the run past its limit without this
    pid_file = tmp_path / "helper.pid"
    outcome = run_under_memory_limit(None, _start_a_helper_and_hang(pid_file), wall_limit_s=2.0)
    assert (outcome.ended_by_parent, outcome.reason, outcome.answered) == (
        "timeout",
        "timeout",
        False,
    )
    assert outcome.wall_time_s < 30
    helper = int(pid_file.read_text())
    for _ in range(50):
        if _process_gone(helper):
            break
        time.sleep(0.1)
    assert _process_gone(helper)


def test_ctrl_c_ends_the_child_and_is_reported(tmp_path: Path):
    # Z3 takes SIGINT in the child to cancel one query, so the parent ends the child
    timer = threading.Timer(1.0, os.kill, args=(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        outcome = run_under_memory_limit(None, _start_a_helper_and_hang(tmp_path / "pid"))
    finally:
        timer.cancel()
    assert outcome.ended_by_parent == "interrupted"


def test_sigterm_to_the_console_command_ends_the_analysis_too(tmp_path: Path):
    source = tmp_path / "loop.c"
    source.write_text(
        "extern void reach_error(void);\n"
        # i += 2 through a product of two words: the loop's own condition proves i++
        # (condition atoms), not the parity, and a product has no integer reading for
        # the path program's invariants (which prove i += 2 at once)
        "int main(void) { int i = 0, k = 2; while (i < 100000000) i += k * k - 2; "
        "if (i != 100000000) reach_error(); return 0; }\n"
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from cpa.cli import run; run()",
            "verify",
            "--timelimit",
            "60",
            str(source),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(3)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGTERM
    assert children, "the analysis runs in a child process"
    for _ in range(50):
        if all(_process_gone(int(child)) for child in children):
            break
        time.sleep(0.1)
    assert all(_process_gone(int(child)) for child in children)
