"""Every benchmark program lowers to a CFA (deselect with ``-k 'not benchmarks'``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpa.cfa.frontend import parse_program
from cpa.cfa.model import CFANode

BENCHMARKS = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"


def _programs() -> list[Path]:
    return sorted(BENCHMARKS.rglob("*.c")) if BENCHMARKS.is_dir() else []


@pytest.mark.skipif(not _programs(), reason="benchmark suite not present")
@pytest.mark.timeout(300)  # 27 s alone, 90 s seen on a busy machine; grows with the suite
def test_all_benchmarks_lower():
    failures = []
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
    assert not failures, "\n".join(failures)
