"""Every benchmark program lowers to a CFA (deselect with ``-k 'not benchmarks'``)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_program
from cpa.cfa.model import CFANode

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"


def _programs() -> list[Path]:
    return sorted(BENCHMARKS.rglob("*.c")) if BENCHMARKS.is_dir() else []


@pytest.mark.skipif(not _programs(), reason="benchmark suite not present")
def test_all_benchmarks_lower():
    failures = []
    start = time.process_time()
    for program in _programs():
        try:
            cfa = parse_program(program)
        except Exception as error:  # collect all failures, report at the end
            failures.append(f"{program.name}: {type(error).__name__}: {error}")
            continue
        main = cfa.functions[cfa.entry_function]
        assert main.entry.leaving, program
        # every edge connects nodes of the same function, except calls and returns
        for function in cfa.functions.values():
            for node in function.nodes:
                assert isinstance(node, CFANode) and node.function == function.name
        error_labels = [n for n in cfa.nodes() if "ERROR" in n.labels]
        assert error_labels or "BUG" not in program.name, program
    elapsed = time.process_time() - start
    assert not failures, "\n".join(failures)
    assert elapsed < 120, f"lowering all benchmarks took {elapsed:.0f} s of CPU time"
