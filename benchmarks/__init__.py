"""Benchmarks of mkdocs-researcher: ``python -m benchmarks`` (see ``benchmarks/suite.py``).

Everything is reported as ratios measured within one run, each timing in a fresh subprocess
(``benchmarks/worker.py``), so the figures hold on a shared, noisy machine.
"""
