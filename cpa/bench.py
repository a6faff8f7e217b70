"""``cpa bench``: run configurations over benchmark suites and score the verdicts.

Every (task, configuration) pair runs in a fresh worker process (forked, so the
parent's imports are shared and nothing leaks from one task into the next). The
worker limits its address space (``RLIMIT_AS``) and gives the analysis the time
limit; the parent kills a worker that is still running ``grace`` seconds after the
time limit. Whatever happens to a worker -- a hang, memory exhaustion, a crash --
the task gets an UNKNOWN with a one-line reason and the benchmark goes on.

From Python::

    results = run_benchmark(tasks, ["location"], timelimit=60, memlimit_mb=4096, jobs=2)
    print(summarize(results))
"""

from __future__ import annotations

import argparse
import faulthandler
import math
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from glob import glob
from pathlib import Path
from typing import Any

from cpa.arguments import megabytes, seconds
from cpa.bench_report import (
    InOrder,
    TaskResult,
    result_line,
    summarize,
    summary_lines,
    write_csv,
    write_json,
)
from cpa.cfa.frontend import parse_program
from cpa.cfa.targets import Specification
from cpa.config import Configuration, load_configuration
from cpa.errors import CpaError, InputError, UsageError
from cpa.memory_limit import killed_by
from cpa.progress import ProgressBar
from cpa.results import Verdict
from cpa.task import Task, read_task
from cpa.verifier import analyze

__all__ = [
    "TaskResult",
    "add_arguments",
    "collect_tasks",
    "execute_task",
    "run_benchmark",
    "run_command",
    "summarize",
]

DEFAULT_GRACE_S = 10.0
_REAP_TIMEOUT_S = 2.0


# --------------------------------------------------------------------------- suites


def collect_tasks(suites: Iterable[str | Path]) -> list[Path]:
    """Task files of the suite arguments (``.set`` files, ``.yml``/``.c`` files,
    folders searched for ``*.yml``), in order and without duplicates.

    A suite argument that cannot be read raises :class:`InputError`; a task file
    listed in a ``.set`` that is missing is kept (it becomes an UNKNOWN with reason).
    """
    tasks: list[Path] = []
    for suite in suites:
        path = Path(suite)
        if path.is_dir():
            tasks += sorted(path.rglob("*.yml"))
        elif not path.exists():
            raise InputError("suite not found", str(path))
        elif path.suffix == ".set":
            tasks += _read_set(path)
        elif path.suffix in (".yml", ".yaml", ".c", ".i"):
            tasks.append(path)
        else:
            raise InputError("not a suite (.set), task (.yml), program (.c) or folder", str(path))
    unique: dict[Path, None] = {}
    for task in tasks:
        unique.setdefault(task.resolve(), None)
    return list(unique)


def _read_set(path: Path) -> list[Path]:
    """The tasks a ``.set`` file lists (one per line, ``#`` comments, glob patterns)."""
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read suite ({error})", str(path)) from None
    tasks: list[Path] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        entry = path.parent / line
        if any(char in line for char in "*?["):
            tasks += sorted(Path(match) for match in glob(str(entry), recursive=True))
        else:
            tasks.append(entry)
    return tasks


def display_names(tasks: list[Path]) -> dict[Path, str]:
    """Short, stable names: relative to the working directory when the tasks lie
    below it, else relative to the parent of their common folder."""
    cwd = Path.cwd().resolve()
    if all(task.is_relative_to(cwd) for task in tasks):
        return {task: str(task.relative_to(cwd)) for task in tasks}
    common = Path(os.path.commonpath([str(task.parent) for task in tasks]))
    base = common.parent
    return {task: str(task.relative_to(base)) for task in tasks}


# --------------------------------------------------------------------------- worker


def load_task(task_file: Path) -> Task:
    """The task of a ``.yml`` file, or a bare ``.c`` program checked for ``ERROR`` labels."""
    if task_file.suffix in (".yml", ".yaml"):
        return read_task(task_file)
    return Task(task_file, None, None, str(task_file))


def execute_task(task: Task, configuration: Configuration, timelimit: float) -> dict[str, Any]:
    """Parse and analyse one task (in the worker); the statistics dict of the run.

    Bad input gives an UNKNOWN with the error as reason; the parse time counts
    against the time limit.
    """
    start = time.perf_counter()
    if task.property is not None:
        specification, entry = task.property.specification, task.property.entry_function
    else:
        specification, entry = Specification.any_error(), "main"
    try:
        cfa = parse_program(task.program, entry, task.data_model, specification.error_functions)
    except CpaError as error:
        return {"verdict": Verdict.UNKNOWN.value, "reason": str(error)}
    parse_time = time.perf_counter() - start
    remaining = timelimit - parse_time
    if remaining <= 0:
        return {"verdict": Verdict.UNKNOWN.value, "reason": "timeout", "parse_time_s": parse_time}
    result = analyze(cfa, configuration, specification, remaining)
    statistics = dict(result.statistics)
    statistics["parse_time_s"] = round(parse_time, 3)
    return statistics


def _worker_main(
    connection: multiprocessing.connection.Connection,
    task: Task,
    configuration: Configuration,
    timelimit: float,
    memlimit_mb: int,
) -> None:
    """Entry of the worker process: limit memory, run, send one message back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    faulthandler.disable()  # a crash is reported as one line, not a stack dump
    message: tuple
    try:
        limit = memlimit_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        statistics = execute_task(task, configuration, timelimit)
        times = os.times()
        statistics["worker_cpu_time_s"] = round(times.user + times.system, 3)
        message = ("ok", statistics)
    except MemoryError:
        message = ("failed", "out of memory", "")
    except RecursionError:
        message = ("failed", "out of memory (recursion depth)", "")
    except BaseException as error:  # noqa: BLE001 - any crash becomes an UNKNOWN
        first_line = (str(error).splitlines() or [""])[0]
        reason = f"crashed: {type(error).__name__}: {first_line}".rstrip(": ")
        message = ("failed", reason, traceback.format_exc())
    try:
        connection.send(message)
    finally:
        connection.close()


def _cpu_time_of(pid: int) -> float | None:
    """CPU seconds a (running or exited, not yet reaped) process used, from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks
    except (OSError, ValueError, IndexError):
        return None


def _death_reason(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return killed_by(-exitcode)
    return f"crashed: worker exited with status {exitcode} without a result"


# --------------------------------------------------------------------------- parent


@dataclass
class _Job:
    index: int
    task_file: Path
    task: Task | None
    configuration: Configuration
    label: str


@dataclass
class _Running:
    job: _Job
    process: multiprocessing.process.BaseProcess
    connection: multiprocessing.connection.Connection
    started: float
    kill_at: float


def load_configurations(
    configurations: list[str], overrides: list[str] = ()
) -> list[tuple[str, Configuration]]:
    """(label, configuration) per name or path (none: the default configuration).

    The label is the file stem, or the argument itself when stems clash. Raises
    :class:`cpa.errors.ConfigError` for an unknown configuration or option.
    """
    names = list(configurations) or [None]
    loaded = [load_configuration(name, list(overrides)) for name in names]
    stems = [configuration.name for configuration in loaded]
    labels = [
        stem if stems.count(stem) == 1 else str(name)
        for stem, name in zip(stems, names, strict=True)
    ]
    return list(zip(labels, loaded, strict=True))


def run_benchmark(
    tasks: list[Path],
    configurations: list[str],
    timelimit: float = 60.0,
    memlimit_mb: int = 4096,
    jobs: int = 1,
    overrides: list[str] = (),
    *,
    grace: float = DEFAULT_GRACE_S,
    on_result: Callable[[TaskResult], None] | None = None,
) -> list[TaskResult]:
    """Run every configuration on every task; the results in task order
    (per task, the configurations in the order given).

    ``on_result`` is called for each result in that order, as soon as it and all
    results before it are known. Configuration errors raise
    :class:`cpa.errors.ConfigError` before anything runs.
    """
    if not 0 < timelimit < math.inf or memlimit_mb <= 0 or jobs < 1:
        raise UsageError("timelimit, memlimit and jobs must be positive (and finite)")
    labelled = load_configurations(configurations, overrides)
    task_files = [Path(task).resolve() for task in tasks]
    shown = display_names(task_files) if task_files else {}
    results = InOrder(len(task_files) * len(labelled), on_result)
    queue: deque[_Job] = deque()
    for number, task_file in enumerate(task_files):
        try:
            task, error = load_task(task_file), None
        except CpaError as failure:
            task, error = None, str(failure)
        for offset, (label, configuration) in enumerate(labelled):
            index = number * len(labelled) + offset
            job = _Job(index, task_file, task, configuration, label)
            if task is None:
                results.put(job.index, _result(job, shown, Verdict.UNKNOWN, error, 0.0, 0.0, {}))
            else:
                queue.append(job)
    context = multiprocessing.get_context("fork")
    running: list[_Running] = []
    try:
        while queue or running:
            while queue and len(running) < jobs:
                running.append(_start(context, queue.popleft(), timelimit, memlimit_mb, grace))
            now = time.monotonic()
            timeout = max(0.0, min(r.kill_at for r in running) - now)
            waitables = [r.connection for r in running] + [r.process.sentinel for r in running]
            ready = set(multiprocessing.connection.wait(waitables, timeout))
            for run in list(running):
                finished = run.connection in ready or run.process.sentinel in ready
                if finished or time.monotonic() >= run.kill_at:
                    running.remove(run)
                    results.put(run.job.index, _collect(run, shown, timed_out=not finished))
    finally:
        for run in running:  # interrupted: leave no worker behind
            run.process.kill()
            run.process.join()
            run.connection.close()
    return results.known()


def _start(context, job: _Job, timelimit: float, memlimit_mb: int, grace: float) -> _Running:
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(
        target=_worker_main,
        args=(writer, job.task, job.configuration, timelimit, memlimit_mb),
        name=f"cpa-bench-{job.index}",
        daemon=True,
    )
    started = time.monotonic()
    process.start()
    writer.close()  # so that the reader sees EOF when the worker dies
    return _Running(job, process, reader, started, started + timelimit + grace)


def _receive(connection: multiprocessing.connection.Connection) -> tuple | None:
    """The worker's message, or None when it closed the pipe without one."""
    try:
        return connection.recv() if connection.poll() else None
    except (EOFError, OSError):
        return None


def _stop(process: multiprocessing.process.BaseProcess, patient: bool) -> bool:
    """Reap the worker (killing it unless ``patient`` and it exits soon); True if killed."""
    if patient:
        process.join(_REAP_TIMEOUT_S)
    killed = process.is_alive()
    if killed:
        process.kill()
    process.join()
    return killed


def _collect(run: _Running, shown: dict[Path, str], timed_out: bool) -> TaskResult:
    """The result of a worker that answered, died, or ran past its hard limit."""
    message = None if timed_out else _receive(run.connection)
    wall = time.monotonic() - run.started
    if message is None:
        cpu = _cpu_time_of(run.process.pid) or 0.0  # before reaping: /proc is gone after
        killed = _stop(run.process, patient=not timed_out)
        run.connection.close()
        if timed_out:
            reason = "timeout (killed)"
        elif killed:
            reason = "crashed: worker closed its result pipe and did not exit"
        else:
            reason = _death_reason(run.process.exitcode)
        return _result(run.job, shown, Verdict.UNKNOWN, reason, wall, cpu, {})
    cpu = _cpu_time_of(run.process.pid) or 0.0
    _stop(run.process, patient=True)
    run.connection.close()
    if message[0] == "ok":
        statistics = message[1]
        verdict = Verdict(statistics.get("verdict", "unknown"))
        cpu = statistics.get("worker_cpu_time_s", statistics.get("cpu_time_s", 0.0))
        reason = statistics.get("reason", "")
        return _result(run.job, shown, verdict, reason, wall, cpu, statistics)
    _, reason, trace = message
    statistics = {"traceback": trace} if trace else {}
    return _result(run.job, shown, Verdict.UNKNOWN, reason, wall, cpu, statistics)


def _result(
    job: _Job,
    shown: dict[Path, str],
    verdict: Verdict,
    reason: str,
    wall: float,
    cpu: float,
    statistics: dict[str, Any],
) -> TaskResult:
    statistics = dict(statistics)
    statistics.setdefault("verdict", verdict.value)
    statistics.setdefault("reason", reason)
    for key in ("analysis_wall_time_s", "analysis_cpu_time_s"):
        statistics.setdefault(key, statistics.get(key.replace("analysis_", ""), 0.0))
    statistics["wall_time_s"], statistics["cpu_time_s"] = round(wall, 3), round(cpu, 3)
    return TaskResult(
        task=shown.get(job.task_file, str(job.task_file)),
        task_file=str(job.task_file),
        configuration=job.label,
        expected=job.task.expected_verdict if job.task is not None else None,
        verdict=verdict,
        reason=reason,
        wall_time_s=round(wall, 3),
        cpu_time_s=round(cpu, 3),
        statistics=statistics,
    )


# --------------------------------------------------------------------------- CLI


def _default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``cpa bench`` (the CLI calls this for its subcommand)."""
    parser.add_argument("suites", nargs="+", metavar="SUITE", help=".set, .yml or folder")
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="NAME|PATH",
        help="configuration to run (repeatable; default: the default configuration)",
    )
    parser.add_argument("--timelimit", type=seconds, default=60.0, help="seconds per task")
    parser.add_argument("--memlimit", type=megabytes, default=4096, metavar="MB", help="per task")
    parser.add_argument(
        "--jobs", type=int, default=_default_jobs(), help="tasks run in parallel (default: cores)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="override one entry"
    )
    parser.add_argument("--csv", metavar="FILE", help="write one row per task and configuration")
    parser.add_argument("--json", metavar="FILE", help="write the results and the summary")
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the tasks on a Dask cluster: a scheduler address (tcp://host:8786) "
        "or local:N for N local worker processes",
    )
    parser.add_argument(
        "--xml",
        metavar="DIR",
        help="write BenchExec result XML (one file per configuration) for table-generator",
    )
    parser.add_argument(
        "--filter",
        action="append",
        default=[],
        metavar="SUBSTRING",
        help="only tasks whose name contains SUBSTRING (repeatable: any of them)",
    )
    parser.set_defaults(handler=run_command)


def run_command(args: argparse.Namespace) -> int:
    """``cpa bench``: 0 when the benchmark ran, 1 for an unreadable suite, 2 for bad usage."""
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    labels = [label for label, _ in load_configurations(args.config, args.option)]  # exit 2
    tasks = collect_tasks(args.suites)  # unreadable suite: InputError, exit 1
    if args.filter:
        names = display_names(tasks) if tasks else {}
        tasks = [t for t in tasks if any(f in names[t] for f in args.filter)]
    if not tasks:
        print("cpa: warning: no tasks to run", file=sys.stderr)
    print(
        f"running {len(tasks)} tasks x {len(labels)} configurations "
        f"({', '.join(labels)}), timelimit {args.timelimit:g} s, "
        f"memlimit {args.memlimit} MB, jobs {args.jobs}",
        flush=True,
    )
    task_width = max((len(name) for name in display_names(tasks).values()), default=0)
    config_width = max(len(label) for label in labels)

    bar = ProgressBar(len(tasks) * len(labels), enabled=sys.stdout.isatty())

    def show(result: TaskResult) -> None:
        bar.clear()
        print(result_line(result, task_width, config_width), flush=True)
        bar.update(result)

    start = datetime.now(UTC)
    if args.dask:
        from cpa.bench_dask import run_on_dask

        tasks = [Path(task).resolve() for task in tasks]
        shown = display_names(tasks) if tasks else {}
        results = run_on_dask(
            args.dask,
            tasks,
            labels,
            args.config,
            args.timelimit,
            args.memlimit,
            args.option,
            shown,
            on_result=show,
        )
    else:
        results = run_benchmark(
            tasks,
            args.config,
            args.timelimit,
            args.memlimit,
            args.jobs,
            args.option,
            on_result=show,
        )
    bar.finish()
    summary = summarize(results, labels)
    for line in summary_lines(summary):
        print(line)
    wrong = sum(entry["wrong"] for entry in summary.values())
    if wrong:
        print(f"WARNING: {wrong} WRONG VERDICT(S)", flush=True)
    settings = {
        "suites": args.suites,
        "configurations": labels,
        "timelimit_s": args.timelimit,
        "memlimit_mb": args.memlimit,
        "jobs": args.jobs,
        "options": args.option,
        "filter": args.filter,
    }
    try:
        if args.csv:
            write_csv(args.csv, results)
        if args.json:
            write_json(args.json, results, settings, labels)
        if args.xml:
            from cpa.benchexec_results import write_result_xml

            name = Path(args.suites[0]).stem if len(args.suites) == 1 else "bench"
            for path in write_result_xml(
                args.xml, results, labels, name, args.timelimit, args.memlimit, start
            ):
                print(f"BenchExec results: {path}")
    except OSError as error:
        raise UsageError(f"{error.filename}: {error.strerror}") from None
    return 0
