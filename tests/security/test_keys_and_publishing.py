"""Keys and fields from untrusted bibliographies: no markup in the nav, no page replaced, nothing private published."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
from conftest import page

XSS_ID = "x/<img src=x onerror=alert(1)>/y"
CSL = json.dumps(
    [
        {
            "id": XSS_ID,
            "type": "article-journal",
            "title": "Linked <b>paper</b>",
            "author": [{"family": "Lovelace", "given": "Ada"}],
            "issued": {"date-parts": [[2024]]},
        },
        {
            "id": "plain2023",
            "type": "article-journal",
            "title": "Plain <img src=x onerror=alert(1)> paper",
            "issued": {"date-parts": [[2023]]},
        },
    ]
)
BIB_WITH_MARKUP_KEY = r"""@article{k<script>alert(2)</script>/../x,
  title = {Angle brackets <script>alert(3)</script> in the key},
  author = {Lovelace, Ada},
  year = {2022}
}
"""


def _html_files(site):
    return sorted(site.rglob("*.html"))


def _every_element(site):
    for path in _html_files(site):
        yield path, BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize("theme", ["material", "mkdocs"])
def test_a_key_with_markup_becomes_a_safe_file_name_and_no_script_reaches_any_page(build_site, theme):
    # The README's minimal set-up: publication pages on, no nav: of its own (folders become nav sections).
    pages = {
        "index.md": page({"publications": ["papers.json", "keys.bib"]}, "# Home\n"),
        "papers.json": CSL,
        "keys.bib": BIB_WITH_MARKUP_KEY,
    }
    result = build_site(pages, theme=theme, plugins=[{"researcher": {"publication_pages": True}}])
    assert result.error is None, result.warnings
    for path, soup in _every_element(result.site):
        assert soup.find(attrs={"onerror": True}) is None and soup.find(attrs={"onload": True}) is None, path
        assert soup.find("img", src="x") is None, path
        scripts = soup.find_all("script")
        assert not [s for s in scripts if "alert" in s.get_text() and s.get("type") != "application/ld+json"], path
        assert not [s for s in scripts if s.get("type") == "application/ld+json" and "<" in s.get_text()], (
            path
        )  # data, escaped
    made = [p.relative_to(result.site / "publications").as_posix() for p in (result.site / "publications").iterdir()]
    assert all(not set(name) & set("<>/\"' ") for name in made), made
    assert {"x-img-src-x-onerror-alert-1-y", "plain2023", "k-script-alert-2-script-x"} <= set(made), made
    # The key itself is still shown and cited as written.
    own = result.html("publications/x-img-src-x-onerror-alert-1-y/index.html")
    assert (
        own.select_one(".researcher-bibtex code") is None
        or XSS_ID not in own.select_one(".researcher-bibtex code").get_text()
    )
    home = result.html()
    titles = [" ".join(a.get_text().split()) for a in home.select(".researcher-publication__title a")]
    # Tags outside the inline subset are removed, a script's text with it.
    assert "Angle brackets in the key" in titles and "Plain paper" in titles, titles
    assert any("Linked" in t for t in titles), titles
    # Links from the list reach the pages that exist.
    for anchor in home.select(".researcher-publication__title a"):
        target = (result.site / anchor["href"]).resolve()
        assert (target / "index.html").is_file() or target.is_file(), anchor["href"]


def test_a_key_named_index_does_not_replace_a_page_and_strict_fails(build_site):
    bib = (
        "@article{index, title = {Index paper}, author = {Lovelace, Ada}, year = 2020}\n"
        "@article{Talks, title = {Talks paper}, year = 2021}\n"
    )
    pages = {
        "index.md": page({"publications": ["papers.bib"]}, "# Home\n"),
        "papers.bib": bib,
        "publications/index.md": "# Our publications\n\nThe real page.\n",
        "publications/talks.md": "# Talks\n\nAnother real page.\n",
    }
    result = build_site(pages, plugins=[{"researcher": {"publication_pages": True}}])
    assert result.error is None, result.warnings
    assert "The real page." in result.html("publications/index.html").get_text()
    assert "Another real page." in result.html("publications/talks/index.html").get_text()
    assert result.html("publications/index-2/index.html").select_one("article h1").get_text().strip() == "Index paper"
    assert result.html("publications/Talks-2/index.html").select_one("article h1").get_text().strip() == "Talks paper"
    moved = [w for w in result.researcher_warnings() if "would make publications/" in w]
    assert len(moved) == 2 and all(w.startswith("researcher: docs/index.md: publications: the key ") for w in moved), (
        moved
    )
    strict = build_site(pages, strict=True, plugins=[{"researcher": {"publication_pages": True}}])
    assert strict.error is not None


def test_two_keys_that_slug_alike_keep_distinct_anchors_and_pages(build_site):
    bib = "@article{smith:2020, title = {Colon}, year = 2020}\n@article{smith-2020, title = {Dash}, year = 2020}\n"
    result = build_site(
        {"index.md": page({"publications": ["p.bib"]}), "p.bib": bib},
        plugins=[{"researcher": {"publication_pages": True}}],
    )
    assert result.error is None, result.warnings
    ids = [li["id"] for li in result.html().select("li.researcher-publication")]
    assert len(set(ids)) == 2, ids
    pages = sorted(p.name for p in (result.site / "publications").iterdir() if p.is_dir())
    assert len(pages) == 2, pages


@pytest.mark.parametrize("publish_data", [False, True])
def test_a_data_file_linked_into_docs_from_outside_is_never_published(build_site, tmp_path, publish_data):
    outside = tmp_path / "private"
    outside.mkdir()
    (outside / "papers.bib").write_text(
        "@article{linked, title = {Linked paper}, year = 2020, note = {SECRET-BIB}}\n", encoding="utf-8"
    )
    (outside / "cv.yml").write_text(
        "experience:\n  - organization: SECRET-DATA Org\n    role: Intern\n    start: 2020\n", encoding="utf-8"
    )
    pages = {"index.md": page({"data": "cv.yml", "publications": ["papers.bib"]}, "# Home\n")}
    links = {"papers.bib": outside / "papers.bib", "cv.yml": outside / "cv.yml"}
    result = build_site(pages, links=links, plugins=[{"researcher": {"publish_data": publish_data}}])
    assert result.error is None, result.warnings
    assert (
        "Linked paper" in result.html().get_text() and "SECRET-DATA Org" in result.html().get_text()
    )  # read through the link
    assert not (result.site / "papers.bib").exists() and not (result.site / "cv.yml").exists()
    refused = [w for w in result.researcher_warnings() if "outside docs/" in w]
    assert len(refused) == (2 if publish_data else 0), result.warnings


PRIVATE_BIB = r"""@article{secretive2024,
  title = {A Paper With Private Fields},
  author = {Lovelace, Ada and Babbage, Charles},
  journal = {Journal of Tests},
  year = {2024},
% PRIVATE-COMMENT-LINE reading notes /Users/ada/notes.txt
  file = {PRIVATE-FILE /Users/ada/Zotero/storage/ABCD/paper.pdf},
  bdsk-file-1 = {PRIVATE-BDSK-FILE YnBsaXN0MDDUAQIDBAUGJCVYJHZlcnNpb24=},
  bdsk-url-1 = {PRIVATE-BDSK-URL https://intranet.example/secret},
  annote = {PRIVATE-ANNOTE my reading notes},
  comment = {PRIVATE-COMMENT}, owner = {PRIVATE-OWNER},
  timestamp = {PRIVATE-TIMESTAMP 2024-01-01},
  abstract = {A public abstract.},
  doi = {10.1000/public}
}
"""
MARKERS = [
    "PRIVATE-COMMENT-LINE",
    "PRIVATE-FILE",
    "PRIVATE-BDSK-FILE",
    "PRIVATE-BDSK-URL",
    "PRIVATE-ANNOTE",
    "PRIVATE-COMMENT",
    "PRIVATE-OWNER",
    "PRIVATE-TIMESTAMP",
    "/Users/ada",
]


def _build_private(build_site, bib=PRIVATE_BIB, **options):
    profile = {"profile": {"name": "Ada Lovelace"}, "publications": ["papers.bib"]}
    return build_site(
        {"index.md": page(profile, "# Home\n"), "papers.bib": bib},
        plugins=["search", {"researcher": {"publication_pages": True, "feed": True, "json_resume": True, **options}}],
        site_url="https://example.org/",
    )


def _published_texts(result) -> dict[str, str]:
    return {
        p.relative_to(result.site).as_posix(): p.read_text(encoding="utf-8")
        for p in result.site.rglob("*")
        if p.is_file() and p.suffix in (".html", ".bib", ".json", ".xml", ".txt")
    }


def test_private_fields_reach_no_published_file(build_site):
    result = _build_private(build_site)
    assert result.error is None, result.warnings
    outputs = {p.relative_to(result.site).as_posix(): p for p in result.site.rglob("*") if p.is_file()}
    # Every published form of the entry: the toggle, its own page and .bib, the page's .bib, search, feed, résumé.
    for name in (
        "index.html",
        "publications/secretive2024/index.html",
        "publications/secretive2024.bib",
        "publications.bib",
        "search/search_index.json",
        "feed.xml",
        "resume.json",
    ):
        assert name in outputs, sorted(outputs)
    for name, path in outputs.items():
        if path.suffix in (".html", ".bib", ".json", ".xml", ".txt"):
            text = path.read_text(encoding="utf-8")
            assert not [m for m in MARKERS if m in text], name
    toggle = result.html().select_one(".researcher-bibtex code").get_text()
    assert (
        "doi = {10.1000/public}" in toggle and "abstract = {A public abstract.}" in toggle
    )  # the rest kept as written
    assert [a.get_text() for a in result.html().select(".researcher-author")] == ["Ada Lovelace", "Charles Babbage"]


def test_the_private_field_list_is_the_sites_to_set(build_site):
    result = _build_private(build_site, private_fields=["file", "bdsk-*"])
    assert result.error is None, result.warnings
    toggle = result.html().select_one(".researcher-bibtex code").get_text()
    assert "PRIVATE-ANNOTE" in toggle  # no longer in the list
    assert "PRIVATE-FILE" not in toggle and "PRIVATE-BDSK-URL" not in toggle and "PRIVATE-COMMENT-LINE" not in toggle


TWICE_BIB = r"""@article{twice2024,
  title = {A Paper With Private Fields Twice},
  author = {Lovelace, Ada},
  file = {/Users/ada/first.pdf},
  annote = {first note},
  journal = {Journal of Tests},
  year = {2024},
  FILE = {PRIVATE-SECOND-FILE /Users/ada/second.pdf},
  Annote = {PRIVATE-SECOND-NOTE}
}
"""


def test_a_private_field_written_twice_is_cut_both_times(build_site):
    result = _build_private(build_site, bib=TWICE_BIB)
    texts = _published_texts(result)
    assert "publications/twice2024.bib" in texts and "publications.bib" in texts, sorted(texts)
    leaked = {name for name, text in texts.items() if "/Users/ada" in text or "PRIVATE-SECOND" in text}
    assert leaked == set()
    toggle = result.html().select_one(".researcher-bibtex code").get_text()
    assert "journal = {Journal of Tests}" in toggle and "year = {2024}" in toggle  # the rest as written
    twice = [w for w in result.researcher_warnings() if "appears twice" in w]
    assert len(twice) == 2, result.warnings  # one warning for each field given twice
