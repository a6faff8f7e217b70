"""BenchExec tool-info module for ``cpa`` (``<benchmark tool="cpa.benchexec_tool">``).

BenchExec runs ``cpa verify`` on each task of a benchmark definition, under its own
time and memory limits, and reads the verdict from the output. Example definition
(``docs/benchmarking.md`` has the whole of it)::

    <benchmark tool="cpa.benchexec_tool" timelimit="60 s" memlimit="4 GB" cpuCores="1">
      <rundefinition name="abe-l"><option name="--config">abe-l</option></rundefinition>
      <tasks name="locks">
        <include>../shared/benchmarks/lbe-2009/locks/*.yml</include>
        <propertyfile>../shared/benchmarks/properties/unreach-label.prp</propertyfile>
      </tasks>
    </benchmark>

``python3 -m benchexec.test_tool_info cpa.benchexec_tool`` checks the module. The
module needs BenchExec only when BenchExec loads it.
"""

from __future__ import annotations

import benchexec.result as result
import benchexec.tools.template

from cpa.benchexec_results import status_of
from cpa.results import Verdict


class Tool(benchexec.tools.template.BaseTool2):
    """cpa-framework: a configurable program analysis framework for C."""

    REQUIRED_PATHS: list[str] = []

    def executable(self, tool_locator):
        return tool_locator.find_executable("cpa")

    def name(self):
        return "cpa-framework"

    def project_url(self):
        return "https://example.org/cpa-framework"

    def version(self, executable):
        return self._version_from_tool(executable, arg="--version").replace("cpa-framework ", "")

    def cmdline(self, executable, options, task, rlimits):
        files = list(task.input_files_or_identifier)
        if len(files) != 1:
            raise benchexec.tools.template.UnsupportedFeatureException(
                "cpa verifies one C file per task"
            )
        command = [executable, "verify", *options]
        if task.property_file:
            command += ["--spec", task.property_file]
        data_model = (task.options or {}).get("data_model")
        if data_model:
            command += ["--data-model", data_model]
        if rlimits.cputime and "--timelimit" not in options:
            command += ["--timelimit", str(rlimits.cputime)]
        return command + files

    def determine_result(self, run):
        """TRUE / FALSE from the ``Verification result`` line; UNKNOWN with its reason
        mapped to BenchExec's TIMEOUT and OUT OF MEMORY where it is one of them."""
        verdict, reason = None, ""
        for line in run.output:
            if line.startswith("Verification result: "):
                verdict = line.split(":", 1)[1].strip()
            elif line.startswith("Reason: "):
                reason = line.split(":", 1)[1].strip()
        if verdict in ("TRUE", "FALSE", "UNKNOWN"):
            return status_of(Verdict[verdict], reason)
        if run.exit_code and run.exit_code.value:
            return f"ERROR ({run.exit_code.value})"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        """The value of a ``--stats`` line ``identifier: value``."""
        prefix = identifier + ": "
        for line in output:
            if line.startswith(prefix):
                return line[len(prefix) :].strip()
        return None
