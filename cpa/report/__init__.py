"""Reports a person reads: one HTML page per verification run (``cpa verify --report``).

:func:`write_report` writes it; :mod:`cpa.report.arg_graph` keeps the ARG as plain
data and :mod:`cpa.report.graphviz` draws graphs with Graphviz where it is installed.
"""

from cpa.report.page import write_report

__all__ = ["write_report"]
