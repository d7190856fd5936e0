"""The benchmark suite still runs: ``python -m benchmarks --smoke`` end to end, its JSON complete."""

from __future__ import annotations

import json
import numbers
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the benchmark suite, in a subprocess

REPO = Path(__file__).resolve().parents[1]
SECTIONS = ("whole_build", "publication_pages", "overhead", "scale", "rebuild", "memory", "page_weight", "citations")
WHOLE_BUILD_FIGURES = (
    "plain_s",
    "bare_parse_s",
    "cold_s",
    "cold_maxrss_mb",
    "warm_s",
    "edit_s",
    "edit_ratio",
    "html_bytes_per_entry",
    "index_bytes_per_entry",
    "warm_ratio",
)


def _is_number(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == value  # not NaN


def test_benchmark_smoke_run_writes_every_section(tmp_path):
    out = tmp_path / "results.json"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--smoke", "--quiet", "--json", str(out)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,  # only against a hang: how fast it runs is the benchmark's own business, not a test's
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    results = json.loads(out.read_text(encoding="utf-8"))
    assert set(SECTIONS) <= set(results)

    whole = results["whole_build"]["sizes"]
    assert sorted(map(int, whole)) == [50, 200]
    for size, row in whole.items():
        for key in WHOLE_BUILD_FIGURES:
            assert _is_number(row[key]) and row[key] > 0, (size, key, row[key])
        # A difference of two timings: a number, of either sign on a busy machine at 50 entries.
        assert _is_number(row["cold_ratio"]), (size, row["cold_ratio"])
        assert row["edit_shown"] is True, size  # the rebuild under serve shows the changed title
        assert "index.html" in row["html_pages"], row["html_pages"]
        if row["pandoc_s"] is None:
            assert isinstance(row["pandoc_skipped"], str) and row["pandoc_skipped"].strip(), row
        else:
            assert _is_number(row["pandoc_s"]) and row["pandoc_s"] > 0 and row["pandoc_entries"] == int(size), row

    pages = results["publication_pages"]
    assert pages["entries"] == pages["pages"] == 50, pages
    for key in ("plugin_s", "plain_s", "ratio"):
        assert _is_number(pages[key]) and pages[key] > 0, key

    citing = results["citations"]
    assert citing["entries"] == citing["cited_keys"] == citing["citations_rendered"] == 200, citing
    for key in ("citing_s", "without_s", "ratio"):
        assert _is_number(citing[key]) and citing[key] > 0, key

    overhead = results["overhead"]
    for key in ("plugin_median_s", "static_median_s", "ratio"):
        assert _is_number(overhead[key]) and overhead[key] > 0, key
    check = overhead["static_variant_check"]
    assert check["article_html_identical"] and check["files_missing_from_static"] == 0, check

    sizes = results["scale"]["sizes"]
    assert sorted(map(int, sizes)) == [50, 200]
    for size, row in sizes.items():
        for key in (
            "floor_s",
            "bare_parse_s",
            "naive_s",
            "cold_plugin_s",
            "warm_plugin_s",
            "cold_build_s",
            "warm_build_s",
            "cold_plugin_per_1000_s",
            "cold_ratio_to_bare",
            "warm_ratio_to_bare",
        ):
            assert _is_number(row[key]) and row[key] > 0, (size, key)
        assert row["parsed_entries"] == row["rendered_entries"] == int(size)
        assert row["cache_files_after_cold"] >= 1
    assert _is_number(results["scale"]["linearity"]["cold_plugin_s"]["exponent"])
    minimal = results["scale"]["minimal"]
    assert minimal["entries"] == minimal["parsed_entries"] == 200
    assert _is_number(minimal["ratio_to_bare"]) and 0 < minimal["split_ratio_to_bare"] < minimal["ratio_to_bare"]

    rebuild = results["rebuild"]
    for variant in ("serve", "same_instance"):
        assert _is_number(rebuild[variant]["ratio"]) and rebuild[variant]["first_plugin_s"] > 0
    assert rebuild["same_instance"]["plugin_instance_reused"] is True

    memory = results["memory"]
    for key in ("plugin_cold_maxrss_mb", "plain_maxrss_mb", "ratio_cold"):
        assert _is_number(memory[key]) and memory[key] > 0, key

    weight = results["page_weight"]
    for name in ("researcher.css", "researcher.js", "one_entry"):
        assert (
            _is_number(weight[name]["bytes"])
            and _is_number(weight[name]["gzip_bytes"])
            and weight[name]["gzip_bytes"] > 0
        ), name

    profile = results["profile"]["top_cumulative_in_mkdocs_researcher"]
    assert 0 < len(profile) <= 15 and all(_is_number(row["cumtime_s"]) for row in profile)
    assert results["targets"] and all(not t["asserted"] for t in results["targets"])
