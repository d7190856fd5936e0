"""The bad-input corpus: every case in ``tests/bad_input/`` builds, with exactly its expected messages.

One YAML file per case:

``about``
    one line: what is wrong with the input.
``files``
    docs-relative path -> file text, written verbatim (front matter line numbers matter).
``expected``
    the exact ``Build.researcher_warnings()``, in order.
``expect_html`` (optional)
    checks on the built ``index.html``: ``{select: CSS, count: N}``, ``{select: CSS, text: "…"}``
    (the first match's text) or ``{select: CSS, length: N}`` (the length of the first match's text).
``xfail`` (optional)
    a known package problem: the case says what *should* happen, and is expected to fail until it is fixed.
``whole_build`` (optional)
    one line: why the case needs a real MkDocs build (what the engine, not the site core, does with it).

Each case is built with an extra clean page, ``other.md``, which must still be built. The messages and the
sections' HTML are the site core's alone, so most cases go through the core without an engine (``build_core``);
those marked ``whole_build`` are real MkDocs builds, checked on the themed page and once more with
``strict: true``, which must fail whenever the case expects a message (and succeed when it expects none).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
import yaml

CASE_DIR = Path(__file__).parent / "bad_input"
KEYS = {"about", "files", "expected", "expect_html", "xfail", "whole_build"}
OTHER_PAGE = {"other.md": "# Other\n"}


def _load_cases() -> dict[str, dict]:
    return {path.stem: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(CASE_DIR.glob("*.yml"))}


CASES = _load_cases()


def test_the_corpus_is_large_and_well_formed():
    assert len(CASES) >= 40
    for name, case in CASES.items():
        assert isinstance(case, dict) and set(case) <= KEYS, f"{name}: unknown keys {set(case) - KEYS}"
        for one_line in (case.get("about"), case.get("whole_build", "")):
            assert isinstance(one_line, str) and "\n" not in one_line.strip(), name
        assert isinstance(case.get("files"), dict) and "index.md" in case["files"], name
        assert all(isinstance(text, str) for text in case["files"].values()), name
        assert isinstance(case.get("expected"), list) and all(isinstance(m, str) for m in case["expected"]), name
        for check in case.get("expect_html", []):
            assert "select" in check and len(set(check) & {"count", "text", "length"}) == 1, f"{name}: {check}"


def _check_html(soup, checks: list[dict]) -> None:
    for check in checks:
        found = soup.select(check["select"])
        if "count" in check:
            assert len(found) == check["count"], f"{check['select']}: {len(found)} elements, expected {check['count']}"
            continue
        assert found, f"{check['select']}: no such element"
        text = found[0].get_text()
        if "text" in check:
            assert text == check["text"], f"{check['select']}: {text[:200]!r}"
        else:
            assert len(text) == check["length"], f"{check['select']}: {len(text)} characters"


def _run_case_in_the_core(case: dict, build_core) -> None:
    core = build_core({**case["files"], **OTHER_PAGE})
    assert [f"researcher: {message}" for message in core.warnings] == case["expected"]
    assert set(core.pages) >= {"index.md", "other.md"}, "the page itself or the rest of the site was not built"
    _check_html(core.html("index.md"), case.get("expect_html", []))


def _run_case_in_mkdocs(case: dict, build_site) -> None:
    pages = {**case["files"], **OTHER_PAGE}
    build = build_site(pages)
    assert build.error is None, f"the build raised {build.error!r}"
    assert build.researcher_warnings() == case["expected"]
    assert (build.site / "other" / "index.html").is_file(), "the rest of the site was not built"
    assert (build.site / "index.html").is_file(), "the page itself was not built"
    _check_html(build.html("index.html"), case.get("expect_html", []))

    strict = build_site(pages, strict=True)
    if case["expected"]:
        assert strict.error is not None, "mkdocs build --strict passed despite the warnings"
    else:
        assert strict.error is None, f"mkdocs build --strict failed without a researcher warning: {strict.warnings}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input(name, build_site, build_core):
    case = CASES[name]
    try:
        if "whole_build" in case:
            _run_case_in_mkdocs(case, build_site)
        else:
            _run_case_in_the_core(case, build_core)
    except AssertionError:
        if case.get("xfail"):
            pytest.xfail(case["xfail"])
        raise
    if case.get("xfail"):
        warnings.warn(f"bad_input/{name}.yml passes now: remove its 'xfail' key", UserWarning, stacklevel=1)
