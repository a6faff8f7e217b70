"""BenchExec result XML from ``cpa bench`` (``--xml DIR``), for ``table-generator``.

One file per configuration, in the shape BenchExec itself writes (``result`` with the
limits, the default columns and the system, then one ``run`` per task with ``status``,
``cputime``, ``walltime`` and the hidden ``category``), so that BenchExec's
``table-generator`` makes the HTML tables and plots of our runs as of its own; we
write no table HTML. Statuses and categories follow the tool-info module
(:mod:`cpa.benchexec_tool`): ``true``, ``false(unreach-call)``, ``unknown``,
``TIMEOUT``, ``OUT OF MEMORY``.
"""

from __future__ import annotations

import os
import platform
import socket
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

from cpa import __version__
from cpa.bench_report import CORRECT, NO_EXPECTED, WRONG, TaskResult
from cpa.errors import CpaError
from cpa.results import Verdict
from cpa.task import read_task

DOCTYPE = (
    "<!DOCTYPE result PUBLIC '+//IDN sosy-lab.org//DTD BenchExec result 3.12//EN' "
    "'https://www.sosy-lab.org/benchexec/result-3.12.dtd'>\n"
)


def status_of(verdict: Verdict, reason: str) -> str:
    """BenchExec's status of a run with ``verdict`` and ``reason`` (the one mapping,
    used by the tool-info module and by the result XML)."""
    if verdict is Verdict.TRUE:
        return "true"
    if verdict is Verdict.FALSE:
        return "false(unreach-call)"
    if reason.startswith("timeout"):
        return "TIMEOUT"
    if reason.startswith("out of memory"):
        return "OUT OF MEMORY"
    return "unknown"


def benchexec_status(result: TaskResult) -> str:
    """The status BenchExec's tool-info module would give the run."""
    return status_of(result.verdict, result.reason)


def benchexec_category(result: TaskResult, status: str) -> str:
    """BenchExec's category: correct, wrong, unknown, error (limits), missing."""
    if status in ("TIMEOUT", "OUT OF MEMORY"):
        return "error"
    mine = result.status
    if mine == CORRECT:
        return "correct"
    if mine == WRONG:
        return "wrong"
    if mine == NO_EXPECTED:
        return "missing"
    return "unknown"


def result_xml(
    results: list[TaskResult],
    configuration: str,
    benchmark: str,
    timelimit_s: float,
    memlimit_mb: int,
    start: datetime,
    end: datetime,
    directory: Path,
) -> str:
    """The text of the result file of ``configuration``'s runs (paths relative to
    ``directory``, where the file goes)."""
    root = ET.Element(
        "result",
        benchmarkname=benchmark,
        date=start.strftime("%Y-%m-%d %H:%M:%S %Z"),
        starttime=start.isoformat(),
        endtime=end.isoformat(),
        tool="cpa-framework",
        version=__version__,
        toolmodule="cpa.benchexec_tool",
        generator=f"cpa bench {__version__}",
        memlimit=f"{memlimit_mb * 1024 * 1024}B",
        timelimit=f"{timelimit_s:g}s",
        cpuCores="1",
        options=f"--config {configuration}",
        name=configuration,
    )
    columns = ET.SubElement(root, "columns")
    for title in ("status", "cputime", "walltime"):
        ET.SubElement(columns, "column", title=title)
    root.append(_system_info())
    for result in results:
        if result.configuration != configuration:
            continue
        root.append(_run(result, directory))
    ET.indent(root, space="  ")
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n' + DOCTYPE + ET.tostring(root, "unicode") + "\n"
    )


def _relative(path: str | Path, directory: Path) -> str:
    return os.path.relpath(Path(path).resolve(), directory.resolve())


def _run(result: TaskResult, directory: Path) -> ET.Element:
    task_file = Path(result.task_file)
    run = ET.Element("run", name=_relative(task_file, directory))
    program, property_file = task_file, None
    if task_file.suffix in (".yml", ".yaml"):
        try:
            task = read_task(task_file)
            program = task.program
            property_file = task.property.file if task.property is not None else None
        except CpaError:
            pass
    run.set("files", f"[{_relative(program, directory)}]")
    if property_file is not None:
        run.set("properties", Path(property_file).stem)
        run.set("propertyFile", _relative(property_file, directory))
        if result.expected is not None:
            run.set("expectedVerdict", "true" if result.expected else "false")
    status = benchexec_status(result)
    for title, value in (
        ("cputime", f"{result.cpu_time_s}s"),
        ("status", status),
        ("walltime", f"{result.wall_time_s}s"),
    ):
        ET.SubElement(run, "column", title=title, value=value)
    ET.SubElement(
        run, "column", title="category", value=benchexec_category(result, status), hidden="true"
    )
    if result.reason:
        ET.SubElement(run, "column", title="reason", value=result.reason, hidden="true")
    return run


def _system_info() -> ET.Element:
    info = ET.Element("systeminfo", hostname=socket.gethostname())
    ET.SubElement(info, "os", name=platform.platform())
    ET.SubElement(info, "cpu", model=_cpu_model(), cores=str(os.cpu_count() or 1))
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        memory = 0
    ET.SubElement(info, "ram", size=f"{memory}B")
    ET.SubElement(info, "environment")
    return info


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_result_xml(
    directory: str | Path,
    results: list[TaskResult],
    configurations: list[str],
    benchmark: str,
    timelimit_s: float,
    memlimit_mb: int,
    start: datetime,
    end: datetime | None = None,
) -> list[Path]:
    """One ``BENCHMARK.results.CONFIG.xml`` per configuration in ``directory``; their paths."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    end = end or datetime.now(UTC)
    written = []
    for configuration in configurations:
        path = folder / f"{benchmark}.results.{configuration}.xml"
        text = result_xml(
            results, configuration, benchmark, timelimit_s, memlimit_mb, start, end, folder
        )
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
