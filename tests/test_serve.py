"""``mkdocs serve`` and ``properdocs serve``, run as a user runs them, on the sites ``mkdocs-researcher new`` and
``import-alfolio`` write: the server starts, serves the pages, and rebuilds when the owner edits a .bib, breaks and
mends a page's front matter, or ``refresh`` writes researcher-counts.yml after it started.

Each test starts the engine's own command in a subprocess on a free port of 127.0.0.1, reads its pages over HTTP,
and stops it by its process group as Ctrl-C does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from serve_support import serving

from mkdocs_researcher.commands import cli
from mkdocs_researcher.commands.refresh import write_counts
from mkdocs_researcher.sources.counts import COUNTS_FILE

pytestmark = pytest.mark.slow

ENGINES = ("mkdocs", "properdocs")
FIXTURE = Path(__file__).parent / "fixtures" / "alfolio"
ADDED_PAPER = """
@article{added2026served,
  abbr={SERVED},
  title={A Paper Added While the Site Was Served},
  author={Doe, Jordan},
  journal={Journal of Live Reloads},
  doi={10.5555/served.2026},
  year={2026}
}
"""
ADDED_TITLE = "A Paper Added While the Site Was Served"


def scaffold(tmp_path: Path) -> Path:
    site = tmp_path / "mysite"
    assert cli.main(["new", str(site)]) == 0
    return site


def titles(soup: BeautifulSoup) -> list[str]:
    return [title.get_text(strip=True) for title in soup.select(".researcher-publication__title")]


def entry(soup: BeautifulSoup, title: str):
    return next(
        item
        for item in soup.select(".researcher-item")
        if item.select_one(".researcher-publication__title").get_text(strip=True) == title
    )


def cited(soup: BeautifulSoup, title: str) -> str | None:
    line = entry(soup, title).select_one(".researcher-publication__cited")
    return line.get_text(strip=True) if line else None


def badge_link(soup: BeautifulSoup, abbr: str) -> str | None:
    for badge in soup.select(".researcher-badge"):
        if badge.get_text(strip=True) == abbr:
            link = badge.find("a")
            return link["href"] if link else None
    raise AssertionError(f"no badge {abbr}")


def navigation_hidden(soup: BeautifulSoup) -> bool:
    """The page's front matter was read: the new site's publications page hides Material's navigation."""
    return soup.select_one(".md-sidebar--primary").has_attr("hidden")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_new_site_serves_and_follows_the_owner_and_refresh(engine, tmp_path):
    site = scaffold(tmp_path)
    assert not (site / COUNTS_FILE).exists()  # show_counts is on, and no refresh has run yet
    with serving(engine, site) as server:
        soup = server.page_when("publications/", titles, "publication list")
        assert "A Made-Up Paper on Example Systems" in titles(soup)
        assert navigation_hidden(soup)

        bib = site / "docs" / "papers.bib"
        bib.write_text(bib.read_text(encoding="utf-8") + ADDED_PAPER, encoding="utf-8")
        soup = server.page_when("publications/", lambda soup: ADDED_TITLE in titles(soup), "added paper")
        assert cited(soup, ADDED_TITLE) is None

        # What the daily refresh does, by the function it writes the file with.
        write_counts(site / COUNTS_FILE, {}, {"10.5555/served.2026": 7}, "2026-12-05")
        server.page_when("publications/", lambda soup: cited(soup, ADDED_TITLE) == "Cited by 7", "citation count")

        page = site / "docs" / "publications.md"
        mended = page.read_text(encoding="utf-8")
        page.write_text(mended.replace("hide: [navigation, toc]", "hide: [navigation, toc", 1), encoding="utf-8")
        server.logged("docs/publications.md:2: the front matter is not valid YAML")
        soup = server.page_when("publications/", lambda soup: not navigation_hidden(soup), "page, no front matter")
        assert ADDED_TITLE in titles(soup)

        page.write_text(mended, encoding="utf-8")
        server.page_when("publications/", navigation_hidden, "page with its front matter again")
        server.assert_idle()


def test_files_mkdocs_yml_names_before_they_exist_are_followed_once_written(tmp_path):
    site = scaffold(tmp_path)
    config = site / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    text = text.replace("# venues: venues.yml", "venues: venues.yml")
    text = text.replace("bibliography: [docs/papers.bib]", "bibliography: [docs/papers.bib, shared/more.bib]")
    config.write_text(text, encoding="utf-8")
    with serving("mkdocs", site) as server:
        soup = server.page_when("publications/", titles, "publication list")
        assert badge_link(soup, "SAMPLE") is None
        log = server.log()
        assert "venues.yml: the file given in mkdocs.yml (venues:) does not exist" in log
        assert "shared/more.bib" in log

        (site / "venues.yml").write_text("SAMPLE:\n  url: https://example.org/icps/\n", encoding="utf-8")
        server.page_when(
            "publications/", lambda soup: badge_link(soup, "SAMPLE") == "https://example.org/icps/", "venue link"
        )


def test_a_site_import_alfolio_wrote_serves_and_follows_its_data_files(tmp_path, capsys):
    site = tmp_path / "imported"
    assert cli.main(["import-alfolio", str(FIXTURE), "--out", str(site)]) == 0
    capsys.readouterr()
    config = yaml.safe_load((site / "mkdocs.yml").read_text(encoding="utf-8"))
    with serving("mkdocs", site) as server:
        shown = {}  # nav page -> the kinds of section it shows
        for item in config["nav"]:
            (source,) = item.values()
            path = "" if source == "index.md" else source.removesuffix(".md") + "/"
            soup = server.page_when(path, lambda soup: True, source)
            shown[source] = {" ".join(section["class"]) for section in soup.select(".researcher-section")}
        assert all(shown[source] for source in shown if source != "people.md"), shown  # people.md is prose
        soup = server.page("publications/")
        assert badge_link(soup, "FAKECONF") == "https://example.org/fakeconf/"

        venues = site / "venues.yml"
        venues.write_text(venues.read_text(encoding="utf-8").replace("/fakeconf/", "/fakeconf-2026/"), encoding="utf-8")
        server.page_when(
            "publications/",
            lambda soup: badge_link(soup, "FAKECONF") == "https://example.org/fakeconf-2026/",
            "venue link from the edited venues.yml",
        )

        # A venues file mkdocs.yml names only after the server started is followed from then on.
        moved = site / "conference-venues.yml"
        moved.write_text(venues.read_text(encoding="utf-8"), encoding="utf-8")
        config_file = site / "mkdocs.yml"
        named = config_file.read_text(encoding="utf-8").replace("venues: venues.yml", "venues: conference-venues.yml")
        server.rebuilt(lambda: config_file.write_text(named, encoding="utf-8"), "the edit of mkdocs.yml")
        moved.write_text(moved.read_text(encoding="utf-8").replace("/fakeconf-2026/", "/fc/"), encoding="utf-8")
        server.page_when(
            "publications/",
            lambda soup: badge_link(soup, "FAKECONF") == "https://example.org/fc/",
            "venue link from the venues file mkdocs.yml names since",
        )
