"""``cpa bench --dask ADDRESS``: the tasks of a benchmark on a Dask cluster.

Each (task, configuration) pair is one Dask task. On the worker it runs as a fresh
``cpa bench`` process for that single pair (``--jobs 1``), which applies the same time
and memory limits as the local runner (its own forked analysis process with
``RLIMIT_AS``, killed after the grace period), and sends back the JSON record. The
parent gathers the records in task order, so the output lines, the summary and the
``--csv``/``--json``/``--xml`` files are the same as from a local run.

``ADDRESS`` is a scheduler (``tcp://host:8786``, started with ``dask scheduler``, with
``dask worker tcp://host:8786 --nthreads 1`` on each machine; the task files must be
at the same paths on every machine) or ``local:N`` for a cluster of N worker processes
on this machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from cpa.bench_report import InOrder, TaskResult
from cpa.errors import UsageError
from cpa.results import Verdict


def run_task_remotely(
    task_file: str,
    configuration: str,
    overrides: list[str],
    timelimit: float,
    memlimit_mb: int,
) -> dict:
    """On a worker: one ``cpa bench`` process for one pair; its JSON record."""
    with tempfile.TemporaryDirectory(prefix="cpa-dask-") as folder:
        output = Path(folder) / "result.json"
        command = [sys.executable, "-m", "cpa.cli", "bench", task_file]
        if configuration:
            command += ["--config", configuration]
        for override in overrides:
            command += ["--option", override]
        command += ["--timelimit", str(timelimit), "--memlimit", str(memlimit_mb)]
        command += ["--jobs", "1", "--json", str(output)]
        completed = subprocess.run(command, capture_output=True, text=True, check=False)
        if completed.returncode != 0 or not output.is_file():
            lines = (completed.stderr or completed.stdout).strip().splitlines()
            reason = lines[-1] if lines else f"exit status {completed.returncode}"
            return {
                "task": task_file,
                "task_file": task_file,
                "configuration": configuration,
                "expected": "",
                "verdict": Verdict.UNKNOWN.value,
                "reason": f"worker: {reason}",
            }
        (record,) = json.loads(output.read_text())["results"]
        return record


def run_on_dask(
    address: str,
    tasks: list[Path],
    labels: list[str],
    configurations: list[str],
    timelimit: float,
    memlimit_mb: int,
    overrides: list[str],
    shown: dict[Path, str],
    on_result: Callable[[TaskResult], None] | None = None,
) -> list[TaskResult]:
    """Run every configuration on every task on the cluster at ``address``; the
    results in task order (per task, the configurations in the order given), each
    passed to ``on_result`` as soon as it and all before it are known."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UsageError(
            "--dask needs dask.distributed (pip install 'dask[distributed]')"
        ) from None
    cluster = None
    if address.startswith("local:"):
        try:
            workers = int(address.split(":", 1)[1])
        except ValueError:
            raise UsageError(f"--dask {address}: expected local:N") from None
        if workers < 1:
            raise UsageError("--dask local:N needs N >= 1")
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=30)
        except (ValueError, OSError, TimeoutError) as error:
            first = (str(error).splitlines() or [""])[0]
            raise UsageError(
                f"--dask {address}: cannot reach a scheduler there ({first})"
            ) from None
    # a configuration given as a path must be found from the worker's directory too
    names = [str(Path(c).resolve()) if Path(c).is_file() else c for c in configurations] or [""]
    pairs = [
        (task, label, name) for task in tasks for label, name in zip(labels, names, strict=True)
    ]
    results = InOrder(len(pairs), on_result)
    try:
        futures = {}
        for index, (task, _label, name) in enumerate(pairs):
            arguments = (str(task), name, list(overrides), timelimit, memlimit_mb)
            future = client.submit(run_task_remotely, *arguments, pure=False)
            futures[future] = index
        for future in as_completed(list(futures)):
            index = futures[future]
            task, label, _ = pairs[index]
            result = TaskResult.from_dict(future.result())
            result.task, result.task_file, result.configuration = shown[task], str(task), label
            results.put(index, result)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return results.known()
