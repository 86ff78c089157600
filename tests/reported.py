"""Lines a test reports at the end of pytest's report, whichever process ran it.

The tests run on every core (pytest-xdist), and a worker's output is not shown. A test that has
something to tell (a figure it measured, where it left its files) records a line with
``record_property(REPORT, line)``; ``tests/conftest.py`` collects the lines from every test's
report and writes each once at the end."""

from __future__ import annotations

REPORT = "sgscore-report"
"""The user property under which a test records a line for the end of pytest's report."""
