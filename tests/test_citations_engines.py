"""One citing site built by MkDocs, ProperDocs and Zensical (each in a subprocess, as a user runs it): the same
citations, links and references on the page under every engine, and MkDocs' search index holds them."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import engine_command
from test_citations import BIB

pytestmark = pytest.mark.slow  # every engine builds in a subprocess

ENGINES = ("mkdocs", "properdocs", "zensical")
PAGE = """# Home

First [@lee_2019, p. 12], then [see @smith2020; @lee_2019]. Year only [-@smith2020]. As @smith2020 show.

## Sources

\\bibliography

## After

More text.
"""
CONFIG = {
    "site_name": "Citing",
    "theme": {"name": "material"},
    "plugins": ["search", "researcher"],  # MkDocs and ProperDocs; Zensical reads the extension's options
    "markdown_extensions": [
        "attr_list",
        {"toc": {"permalink": True}},
        {"mkdocs_researcher": {"bibliography": ["docs/refs.bib"], "csl_style": "apa"}},
    ],
    "exclude_docs": "*.bib\n",
}


IEEE_PAGE = """# Home

First [@smith2020], then [@lee_2019, p. 3] and [@lee_2019; @smith2020].
Missing [@nokey2000].
"""


def _build_everywhere(root_for, page: str, style: str) -> dict[str, tuple[Path, str]]:
    """engine -> (its output folder, what it printed), each engine building its own copy of the site."""
    for engine in ENGINES:
        pytest.importorskip(engine)
    config = {**CONFIG, "markdown_extensions": [*CONFIG["markdown_extensions"][:-1]]}
    config["markdown_extensions"].append({"mkdocs_researcher": {"bibliography": ["docs/refs.bib"], "csl_style": style}})
    found = {}
    for engine in ENGINES:
        root = root_for(engine)
        (root / "docs").mkdir()
        (root / "docs" / "index.md").write_text(page, encoding="utf-8")
        (root / "docs" / "refs.bib").write_text(BIB, encoding="utf-8")
        (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
        out = root / "site"
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
        command = [*engine_command(engine), "build", "-f", str(root / "mkdocs.yml")]
        command += ["-d", str(out)] if engine != "zensical" else []  # Zensical builds into site/ by itself
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{engine} build failed:\n{done.stdout}{done.stderr}"
        found[engine] = out, done.stdout + done.stderr
    return found


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """engine -> its output folder: the APA site."""
    found = _build_everywhere(tmp_path_factory.mktemp, PAGE, "apa")
    for engine, (_, printed) in found.items():
        assert "researcher:" not in printed, engine
    return {engine: out for engine, (out, _) in found.items()}


@pytest.fixture(scope="module")
def ieee_builds(tmp_path_factory) -> dict[str, tuple[Path, str]]:
    return _build_everywhere(tmp_path_factory.mktemp, IEEE_PAGE, "ieee")


def _citing(out: Path) -> dict:
    """What a reader sees of the citations on the home page."""
    article = BeautifulSoup((out / "index.html").read_text(encoding="utf-8"), "html.parser").find("article")
    return {
        "citations": [span.get_text() for span in article.select("span.researcher-citation")],
        "links": [(a["href"], a["aria-describedby"], a["data-reference"]) for a in article.select("a.researcher-cite")],
        "references": [(li["id"], li.get_text()) for li in article.select("ul.researcher-references > li")],
        "headings": [(h.get("id"), h.get_text()) for h in article.find_all("h2")],
    }


def test_every_engine_shows_the_same_citations_and_references(builds):
    mkdocs = _citing(builds["mkdocs"])
    assert mkdocs["citations"] == [
        "(Lee, 2019, p. 12)",
        "(Lee, 2019; see Smith & Jones, 2020)",
        "(2020)",
        "Smith and Jones (2020)",
    ]
    assert [ref_id for ref_id, _ in mkdocs["references"]] == ["ref-lee_2019", "ref-smith2020"]
    references = dict(mkdocs["references"])
    for href, described_by, title in mkdocs["links"]:
        assert href == f"#{described_by}" and title == references[described_by]
    # The references stand where \bibliography was, under their own heading, before the page's next section.
    assert [heading_id for heading_id, _ in mkdocs["headings"]] == ["sources", "references", "after"]
    for engine in ("properdocs", "zensical"):
        assert _citing(builds[engine]) == mkdocs, f"{engine} shows other citations than MkDocs"


def test_search_indexes_the_citations_and_the_references(builds):
    docs = json.loads((builds["mkdocs"] / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_location = {doc["location"]: BeautifulSoup(doc["text"], "html.parser").get_text() for doc in docs}
    assert "then (Lee, 2019; see Smith & Jones, 2020). Year only (2020)." in by_location[""]
    assert "[@" not in by_location[""]
    assert "Lee, C. (2019). Other work. Proc. X." in by_location["#references"]
    assert "Smith, A., & Jones, B. (2020). A study of things." in by_location["#references"]


def test_every_engine_numbers_ieee_in_order_of_first_citation_and_warns_of_a_missing_key(ieee_builds):
    mkdocs = _citing(ieee_builds["mkdocs"][0])
    assert mkdocs["citations"] == ["[1]", "[2, p. 3]", "[1], [2]", "(nokey2000?)"]
    assert [ref_id for ref_id, _ in mkdocs["references"]] == ["ref-smith2020", "ref-lee_2019"]
    assert mkdocs["references"][0][1].startswith("[1] A. Smith")
    for engine in ("properdocs", "zensical"):
        assert _citing(ieee_builds[engine][0]) == mkdocs, f"{engine} numbers otherwise than MkDocs"
    for engine, (_, printed) in ieee_builds.items():
        warnings = [line for line in printed.splitlines() if "researcher:" in line]
        assert len(warnings) == 1 and "docs/index.md:4: citation: no entry 'nokey2000'" in warnings[0], engine
