"""``cpa bench --dask``: the same results on a real Dask cluster as from the local runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.bench import display_names, run_benchmark

pytest.importorskip("dask.distributed")

from cpa.bench_dask import run_on_dask  # noqa: E402 - after the skip

SUITE = Path(__file__).parent / "c_semantics"
TASKS = [
    SUITE / "arr01_init_list_read_safe.yml",
    SUITE / "arr02_init_list_rest_zero_unsafe.yml",
    SUITE / "arr04_loop_fill_squares_unsafe.yml",
]


@pytest.mark.timeout(300)
def test_local_cluster_with_two_workers_gives_the_local_results():
    tasks = [task.resolve() for task in TASKS]
    shown = display_names(tasks)
    seen = []
    remote = run_on_dask(
        "local:2", tasks, ["lbe", "sbe"], ["lbe", "sbe"], 30, 2048, [], shown, on_result=seen.append
    )
    local = run_benchmark(tasks, ["lbe", "sbe"], 30, 2048, jobs=2)

    def key(result):
        return (result.task, result.configuration, result.verdict, result.status)

    assert [key(r) for r in remote] == [key(r) for r in local]
    assert seen == remote  # reported in task order as they complete
    assert {r.status for r in remote} == {"correct"}
    # the runs' statistics come back (a FALSE found by running the program has no ARG)
    assert all(r.statistics.get("wall_time_s", 0) > 0 for r in remote)


def test_bad_address_is_a_usage_error():
    from cpa.errors import UsageError

    with pytest.raises(UsageError, match="local:N"):
        run_on_dask("local:x", [], [], [], 1, 1, [], {})
