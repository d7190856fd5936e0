"""What a new site's owner meets in the first hour: broken front matter, lists that come out empty, publication
pages and their way back, member lists, other languages, authors cut short.

Each test builds a real site (the example site, a scaffolded one, or a small one) and reads its HTML.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

import pytest
import yaml
from browser_support import built_site, chromium_available, launch_chromium, serve
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, page

# A front-matter block that does not parse ---------------------------------------------------------------------


def _build(project: Path, strict: bool = False) -> tuple[list[str], Exception | None]:
    """``mkdocs build`` of ``project``: every warning logged, and the error that stopped it, if any."""
    from conftest import collecting_warnings
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with collecting_warnings() as messages:
        try:
            build(load_config(str(project / "mkdocs.yml"), strict=strict))
        except BaseException as error:  # --strict ends in MkDocs' Abort
            if isinstance(error, KeyboardInterrupt):
                raise
            return messages, error
    return messages, None


def test_a_front_matter_that_does_not_parse_is_never_published(tmp_path):
    from mkdocs_researcher.commands.new import create_site
    from mkdocs_researcher.commands.new.requirements import Source

    site = tmp_path / "homepage"
    create_site(site, "Ada Lovelace", "ada@example.org", source=Source("mkdocs-researcher"))
    index = site / "docs" / "index.md"
    lines = index.read_text(encoding="utf-8").split("\n")
    broken = next(n for n, line in enumerate(lines) if line.strip().startswith("interests: ["))
    lines[broken] = lines[broken].rstrip().rstrip("]")  # the list's ']' forgotten; the parser fails lines later
    index.write_text("\n".join(lines), encoding="utf-8")

    warnings, error = _build(site)
    assert error is None
    [warning] = warnings
    column = lines[broken].index("[") + 1
    assert warning.startswith(
        f"researcher: docs/index.md:{broken + 1}: the front matter is not valid YAML: "
        f"the '[' at column {column} is never closed (YAML read on to line "
    )
    assert warning.endswith("; the page is built without it")
    html = (site / "site" / "index.html").read_text(encoding="utf-8")
    assert "ada@example.org" not in html and "gro.elpmaxe@ada" not in html  # neither the address nor its mirror
    article = BeautifulSoup(html, "html.parser").select_one("article")
    assert "interests" not in article.get_text() and "profile" not in article.get_text()
    assert not article.select("hr")  # no "---" of the block made into rules
    assert article.select("p")[0].get_text().startswith("Hello! I am Ada Lovelace.")

    assert _build(site, strict=True)[1] is not None


# A list that shows nothing --------------------------------------------------------------------------------


def test_a_selected_list_with_nothing_selected_warns_and_shows_no_heading(build_site):
    own = [{"title": "A paper of my own", "authors": ["Ada Lovelace"], "year": 2024}]
    site_papers = (
        "@article{shared, title={Selected from the site}, author={Lovelace, Ada}, year={2023}, selected={true}}"
    )
    result = build_site(
        {
            "index.md": page(
                {"profile": {"name": "Ada Lovelace"}, "publications": own},
                "Bio.\n\n<!-- researcher publications selected -->\n",
            ),
            "papers.bib": site_papers,
        },
        plugins=[{"researcher": {"bibliography": ["docs/papers.bib"]}}],
    )
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:13: researcher publications marker: no publication of this page matches "
        "selected; nothing is shown; the site's bibliography (bibliography: in mkdocs.yml) is not read on a page "
        "with publications of its own"
    ]
    soup = result.html()
    assert not soup.select(".researcher-publications")
    assert "Selected publications" not in [h.get_text(strip=True).strip("¶") for h in soup.select("h2")]


# Publication pages and their way back -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def example_site():
    """The example site (English and Chinese), built once: its folder."""
    with built_site(EXAMPLE_SITE) as site:
        yield site


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _target(from_page: Path, href: str) -> tuple[Path, str]:
    """The built file a relative link of ``from_page`` (a folder's index.html) leads to, and its anchor."""
    url, _, anchor = href.partition("#")
    target = Path(posixpath.normpath((from_page.parent / url).as_posix()))
    return (target / "index.html" if url.endswith("/") or not url else target), anchor


def test_every_publication_page_leads_back_to_a_list_that_shows_it(example_site):
    pages = sorted(example_site.glob("**/publications/*/index.html"))
    assert len(pages) == 16  # 8 publications, in English and in Chinese
    for publication_page in pages:
        soup = _soup(publication_page)
        [back] = [a for a in soup.select(".researcher-publication-page__links a") if not a.has_attr("download")]
        target, anchor = _target(publication_page, back["href"])
        assert target.is_file(), back["href"]
        shown = _soup(target).find(id=anchor)
        assert shown is not None and "researcher-publication" in shown["class"], (publication_page, back["href"])
        title = soup.select_one("h1").get_text().removesuffix("¶")  # the heading's permalink
        assert shown.select_one(".researcher-publication__title").get_text() == title


def test_a_publication_page_leads_back_to_the_owners_own_list(build_site):
    shared = "\n".join(
        f"@article{{{key}, title={{{title}}}, author={{Lovelace, Ada and Babbage, Charles}}, year={{{year}}}}}"
        for key, title, year in [("mine", "Mine", 2024), ("ours", "Ours", 2023), ("theirs", "Theirs", 2022)]
    )
    result = build_site(
        {
            "papers.md": page({"title": "Papers"}, "<!-- researcher publications -->\n"),
            "people/ada.md": page({"profile": {"name": "Ada Lovelace"}, "publications": "ada.bib"}),
            "people/ada.bib": "@article{mine, title={Mine}, author={Lovelace, Ada}, year={2024}}\n",
            "papers.bib": shared,
            "index.md": "# Home\n",
        },
        plugins=[{"researcher": {"bibliography": ["docs/papers.bib"], "publication_pages": True}}],
        site_url="https://example.org/",
    )
    back = {
        key: [
            a["href"]
            for a in result.html(f"publications/{key}/index.html").select("a")
            if a.get_text() == "Back to the list"
        ]
        for key in ("mine", "ours", "theirs")
    }
    # Ada's paper leads to her page, which lists it from her own file; the others to the shared list.
    assert back == {
        "mine": ["../../people/ada/#pub-mine"],
        "ours": ["../../papers/#pub-ours"],
        "theirs": ["../../papers/#pub-theirs"],
    }


# A member's list ----------------------------------------------------------------------------------------------


def test_a_paper_the_member_filter_cannot_place_is_named_not_dropped_silently(build_site):
    people = {
        "yu-cheng.yml": {"profile": {"name": "Yu Cheng", "group": "Students"}},
        "ana.yml": {
            "profile": {"name": "Ana Lopez", "group": "Students"},
            "publications": [{"title": "Ana's own, cut short", "authors": ["Lei Wang", "others"], "year": 2024}],
        },
    }
    shared = (
        "@misc{gao2025hysparse, title={HySparse}, author={Gao, Yizhao and Wei, Jianyu and others}, year={2025}}\n"
        "@misc{cheng2025pipe, title={PipeThreader}, author={Cheng, Yu and Wang, Lei}, year={2025}}\n"
        "@misc{wang2024alone, title={Not his}, author={Wang, Lei}, year={2024}}\n"
    )
    result = build_site(
        {
            "index.md": page({"profile": "yu-cheng"}, "<!-- researcher publications -->\n"),
            "ana.md": page({"data": "people/ana.yml"}, "<!-- researcher publications author=ana -->\n"),
            "papers.bib": shared,
            **{f"people/{name}": yaml.safe_dump(data) for name, data in people.items()},
        },
        plugins=[{"researcher": {"bibliography": ["docs/papers.bib"], "people": "docs/people"}}],
    )
    # Yu Cheng's page: the paper that names him, and a warning for the one that may be his.
    assert [t.get_text() for t in result.html().select(".researcher-publication__title")] == ["PipeThreader"]
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:5: researcher publications marker: left out of Yu Cheng's list, as its authors "
        "end in 'and others' without naming Yu Cheng: gao2025hysparse (docs/papers.bib:1); if it is Yu Cheng's, "
        "add members = {yu-cheng} to the entry (members: [yu-cheng] in front matter), write its authors out in "
        "full, or add the spelling of Yu Cheng's name used there to aliases in docs/people/yu-cheng.yml; an entry "
        "with members is left out of other members' lists without a word"
    ]
    # Ana's page lists her own file: her paper stays, though its authors do not name her.
    assert [t.get_text() for t in result.html("ana/index.html").select(".researcher-publication__title")] == [
        "Ana's own, cut short"
    ]


def test_members_claims_a_paper_for_one_members_list_and_keeps_it_off_the_others(build_site):
    people = {name: {"profile": {"name": full}} for name, full in (("yu-cheng", "Yu Cheng"), ("ana", "Ana Lopez"))}
    shared = (
        "@misc{gao2025hysparse, title={HySparse}, author={Gao, Yizhao and Wei, Jianyu and others}, year={2025},\n"
        "  members={yu-cheng}}\n"
    )
    result = build_site(
        {
            "index.md": page({"profile": "yu-cheng"}, "<!-- researcher publications -->\n"),
            "ana.md": page({"profile": "ana"}, "<!-- researcher publications -->\n"),
            "papers.bib": shared,
            **{f"people/{name}.yml": yaml.safe_dump(data) for name, data in people.items()},
        },
        plugins=[{"researcher": {"bibliography": ["docs/papers.bib"], "people": "docs/people"}}],
    )
    assert [t.get_text() for t in result.html().select(".researcher-publication__title")] == ["HySparse"]
    # Ana's list has nothing to show: one warning for that, none naming the paper claimed for Yu Cheng.
    assert not result.html("ana/index.html").select(".researcher-publication")
    [warning] = result.researcher_warnings()
    assert warning.startswith("researcher: docs/ana.md:") and "gao2025hysparse" not in warning
    # The field steers the site; a visitor's copy of the entry leaves it out.
    [toggle] = result.html().select(".researcher-publication pre code")
    assert "members" not in toggle.get_text() and "HySparse" in toggle.get_text()


# Every language ----------------------------------------------------------------------------------------------


def test_every_language_gets_its_publication_pages_and_bib_downloads(example_site):
    for language in ("", "zh/"):
        group = example_site / language / "group" / "index.html"
        soup = _soup(group)
        assert soup.html["lang"] == (language.rstrip("/") or "en")
        entries = soup.select(".researcher-publication")
        assert len(entries) == 8
        for entry in entries:
            title = entry.select_one(".researcher-publication__title a")
            target, _ = _target(group, title["href"])
            # The title leads to the publication's page in the list's own language.
            assert target.is_file(), title["href"]
            assert target.relative_to(example_site).as_posix().startswith(f"{language}publications/")
            assert _soup(target).html["lang"] == (language.rstrip("/") or "en")
            [bib] = entry.select("a[download][data-kind=bib]")
            assert _target(group, bib["href"])[0].read_text(encoding="utf-8").startswith("@")
        [whole_list] = soup.select(".researcher-downloads a[download]")
        bibliography = _target(group, whole_list["href"])[0].read_text(encoding="utf-8")
        assert bibliography.count("\n@") + 1 == 8


# Authors cut short --------------------------------------------------------------------------------------------

CUT_SHORT = {
    "title": "GoldMiner",
    "authors": ["Hanyu Zhao", "Zhi Yang", "Yu Cheng", "Chao Tian", "Shiru Ren", "others"],
    "venue": "SIGMOD",
    "year": 2023,
}


@pytest.mark.slow  # Chromium
def test_a_list_cut_short_is_marked_once_and_copied_with_et_al(tmp_path):
    if not chromium_available():
        if os.environ.get("CI") == "true":
            pytest.fail("no Chromium at /usr/bin/chromium (CI installs it in .ci/run)")
        pytest.skip("no Chromium at /usr/bin/chromium: apt-get install chromium")
    pytest.importorskip("playwright")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(page({"profile": {"name": "Yu Cheng"}, "publications": [CUT_SHORT]}), "utf-8")
    config = {"site_name": "Cut short", "theme": {"name": "material", "font": False}, "plugins": ["researcher"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    with built_site(tmp_path) as site, serve(site) as url, launch_chromium() as browser:
        tab = browser.new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
        tab.goto(url, wait_until="networkidle")
        authors = tab.locator(".researcher-publication .researcher-authors")
        # One mark of a list cut short at a time: the count, then, opened, "et al." after the last name given.
        assert authors.inner_text() == "Hanyu Zhao, Zhi Yang, Yu Cheng, and 2 more authors"
        authors.locator("summary").click()
        assert authors.inner_text() == "Hanyu Zhao, Zhi Yang, Yu Cheng, Chao Tian, Shiru Ren et al."
        tab.locator(".researcher-publication details.researcher-bibtex summary").click()
        tab.locator(".researcher-publication button[data-researcher-copy=citation]").click()
        assert tab.evaluate("navigator.clipboard.readText()") == (
            "Hanyu Zhao, Zhi Yang, Yu Cheng, Chao Tian, Shiru Ren et al. GoldMiner. SIGMOD, 2023."
        )
