"""Found and cited: publication pages, citation meta tags, JSON-LD, BibTeX files, the Atom feed, JSON Resume."""

from __future__ import annotations

import json
import logging
import xml.etree.ElementTree as ET

import bibtexparser
import pytest
from conftest import page

EVIL = 'A </script><script>alert(1)</script> "quoted" title'
PUBS = [
    {
        "title": "PipeThreader: Software-Defined Pipelining",
        "key": "cheng2025pipethreader",
        "authors": ["Yu Cheng", "Jürgen Müller", "齐呈祥"],
        "venue": "OSDI '25",
        "year": 2025,
        "month": 7,
        "type": "conference",
        "abstract": "We *pipeline* kernels.",
        "links": {"pdf": "files/p.pdf", "arxiv": "2410.12345", "doi": "10.1145/3694715.3695961"},
    },
    {
        "title": EVIL,
        "key": "evil2024",
        "authors": ["Yu Cheng"],
        "venue": "Journal of Tests",
        "year": 2024,
        "type": "journal",
    },
    {"title": "Not on its own page", "key": "hidden2023", "year": 2023, "page": False},
]
FRONT = {
    "profile": {
        "name": "Yu Cheng",
        "native_name": "程羽",
        "position": "PhD student",
        "email": "yu@example.org",
        "photo": "me.svg",
        "affiliations": [{"name": "Peking University", "url": "https://www.pku.edu.cn/"}],
        "links": {"github": "octocat"},
    },
    "publications": PUBS,
    "news": [{"date": "2025-07-02", "text": "PipeThreader accepted at **OSDI**."}],
    "experience": [{"organization": "MSRA", "role": "Intern", "start": "2022-04", "end": "present"}],
}
PLUGIN = [{"researcher": {"publication_pages": True, "feed": True, "json_resume": True}}]


def build(build_site, **config):
    pages = {
        "index.md": page(FRONT, "Bio.\n"),
        "files/p.pdf": "%PDF",
        "me.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    }
    return build_site(pages, plugins=PLUGIN, **config)


def meta(soup, name):
    return [m["content"] for m in soup.select(f'meta[name="{name}"]')]


def test_each_publication_has_its_page_with_highwire_tags(build_site):
    result = build(build_site, site_url="https://example.org/site/", strict=True)
    assert result.error is None, result.warnings
    soup = result.html("publications/cheng2025pipethreader/index.html")
    assert meta(soup, "citation_title") == ["PipeThreader: Software-Defined Pipelining"]
    assert meta(soup, "citation_author") == ["Cheng, Yu", "Müller, Jürgen", "齐呈祥"]
    assert meta(soup, "citation_publication_date") == ["2025/07"]
    assert meta(soup, "citation_conference_title") == ["OSDI '25"]
    assert meta(soup, "citation_doi") == ["10.1145/3694715.3695961"]
    assert meta(soup, "citation_arxiv_id") == ["2410.12345"]
    assert meta(soup, "citation_pdf_url") == ["https://example.org/site/files/p.pdf"]
    assert meta(soup, "citation_abstract_html_url") == ["https://example.org/site/publications/cheng2025pipethreader/"]
    # The page itself: every author, the owner highlighted, abstract, BibTeX with copy, a link back.
    assert soup.select_one("article h1").get_text().strip() == "PipeThreader: Software-Defined Pipelining"
    assert [a.get_text() for a in soup.select(".researcher-author")] == ["Yu Cheng", "Jürgen Müller", "齐呈祥"]
    assert soup.select_one(".researcher-self").get_text() == "Yu Cheng"
    assert soup.select_one(".researcher-publication-page__abstract em").get_text() == "pipeline"
    assert soup.select_one(".researcher-bibtex code").get_text().startswith("@inproceedings{cheng2025pipethreader,")
    back = [a for a in soup.select(".researcher-publication-page__links a") if not a.has_attr("download")][0]
    assert back["href"] == "../../#pub-cheng2025pipethreader"
    sitemap = (result.site / "sitemap.xml").read_text()
    assert "https://example.org/site/publications/cheng2025pipethreader/" in sitemap


def test_list_links_to_pages_and_bib_files(build_site):
    result = build(build_site, site_url="https://example.org/")
    soup = result.html()
    entry = soup.select_one("#pub-cheng2025pipethreader")
    assert entry.select_one(".researcher-publication__title a")["href"] == "publications/cheng2025pipethreader/"
    assert entry.select_one("a[data-kind=bib]")["href"] == "publications/cheng2025pipethreader.bib"
    assert soup.select_one(".researcher-downloads a")["href"] == "publications.bib"
    # page: false keeps an entry on the list but gives it no page.
    hidden = soup.select_one("#pub-hidden2023")
    assert hidden.select_one(".researcher-publication__title a")["href"] == "#pub-hidden2023"
    assert not (result.site / "publications" / "hidden2023").exists()


def test_bib_files_round_trip_through_bibtexparser(build_site):
    result = build(build_site, site_url="https://example.org/")
    one = bibtexparser.parse_string((result.site / "publications" / "cheng2025pipethreader.bib").read_text())
    [entry] = one.entries
    assert entry.key == "cheng2025pipethreader" and entry.entry_type == "inproceedings"
    assert entry["booktitle"] == "OSDI '25" and entry["year"] == "2025"
    assert entry["author"] == "Cheng, Yu and Müller, Jürgen and 齐呈祥"
    everything = bibtexparser.parse_string((result.site / "publications.bib").read_text())
    assert sorted(e.key for e in everything.entries) == ["cheng2025pipethreader", "evil2024", "hidden2023"]


def test_json_ld_person_and_article_parse_and_cannot_break_out(build_site):
    result = build(build_site, site_url="https://example.org/")
    home = result.html()
    [person] = [json.loads(s.string) for s in home.select('script[type="application/ld+json"]')]
    assert person["@type"] == "Person" and person["name"] == "Yu Cheng" and person["alternateName"] == "程羽"
    assert person["image"] == "https://example.org/me.svg"
    assert "email" not in person  # obfuscated on the page, so not in the metadata either
    assert "https://github.com/octocat" in person["sameAs"]
    evil = result.html("publications/evil2024/index.html")
    scripts = evil.select('script[type="application/ld+json"]')
    assert len(scripts) == 1
    article = json.loads(scripts[0].string)
    assert article["@type"] == "ScholarlyArticle" and article["headline"] == EVIL
    assert meta(evil, "citation_title") == [EVIL]
    assert meta(evil, "citation_journal_title") == ["Journal of Tests"]
    # Nothing from the title became an element of the head.
    assert [
        s for s in evil.select("script") if "alert(1)" in (s.string or "") and s.get("type") != "application/ld+json"
    ] == []


def test_atom_feed_is_valid_and_linked(build_site):
    result = build(build_site, site_url="https://example.org/")
    home = result.html()
    assert home.select_one('link[rel=alternate][type="application/atom+xml"]')["href"] == "feed.xml"
    assert (
        result.html("publications/evil2024/index.html").select_one('link[type="application/atom+xml"]')["href"]
        == "../../feed.xml"
    )
    tree = ET.fromstring((result.site / "feed.xml").read_bytes())
    ns = {"a": "http://www.w3.org/2005/Atom"}
    assert tree.tag == "{http://www.w3.org/2005/Atom}feed"
    for required in ("a:id", "a:title", "a:updated", "a:author/a:name"):
        assert tree.find(required, ns) is not None, required
    entries = tree.findall("a:entry", ns)
    updated = [e.find("a:updated", ns).text for e in entries]
    assert updated == sorted(updated, reverse=True)
    titles = [e.find("a:title", ns).text for e in entries]
    assert titles[0] == "PipeThreader accepted at OSDI." and EVIL in titles
    for entry in entries:
        assert entry.find("a:id", ns).text.startswith("https://example.org/")


def test_json_resume(build_site):
    result = build(build_site, site_url="https://example.org/")
    data = json.loads((result.site / "resume.json").read_text())
    assert data["basics"]["name"] == "Yu Cheng" and "email" not in data["basics"]
    assert data["work"][0]["name"] == "MSRA" and "endDate" not in data["work"][0]
    assert {p["name"] for p in data["publications"]} >= {"PipeThreader: Software-Defined Pipelining"}


def test_without_site_url_a_clear_warning_and_no_crash(build_site):
    result = build(build_site)
    assert result.error is None
    assert any("need an absolute site_url" in w for w in result.researcher_warnings())
    assert not (result.site / "feed.xml").exists()
    soup = result.html("publications/cheng2025pipethreader/index.html")
    assert meta(soup, "citation_title") == ["PipeThreader: Software-Defined Pipelining"]
    assert meta(soup, "citation_pdf_url") == []  # cannot be absolute without site_url


def test_two_builds_are_byte_identical(build_site):
    first, second = (
        build(build_site, site_url="https://example.org/"),
        build(build_site, site_url="https://example.org/"),
    )
    for name in ("index.html", "feed.xml", "resume.json", "publications.bib", "publications/evil2024/index.html"):
        assert (first.site / name).read_bytes() == (second.site / name).read_bytes(), name


# Volume, issue, pages, publisher and ISBN from a .bib file and a CSL-JSON file -----------------

DETAILS_BIB = r"""@article{lee2024volumes,
  title = {Volumes and Issues},
  author = {Lee, Ann and Park, Bo},
  journal = {Journal of Tests},
  year = {2024},
  volume = {12},
  number = {3},
  pages = {1--10},
  publisher = {ACM},
  issn = {1234-5678},
  editor = {Kim, Chul},
}
"""
DETAILS_CSL = [
    {
        "id": "wu2023book",
        "type": "chapter",
        "title": "A Chapter with an ISBN",
        "author": [{"family": "Wu", "given": "Dan"}],
        "container-title": "Handbook of Tests",
        "issued": {"date-parts": [[2023]]},
        "volume": "2",
        "issue": "7",
        "page": "45-67",
        "publisher": "Springer",
        "ISBN": "978-3-16-148410-0",
        "editor": [{"family": "Ng", "given": "Eve"}],
    }
]


def build_details(build_site):
    pages = {
        "index.md": page({"publications": ["papers.bib", "refs.json"]}),
        "papers.bib": DETAILS_BIB,
        "refs.json": json.dumps(DETAILS_CSL),
    }
    return build_site(
        pages, plugins=[{"researcher": {"publication_pages": True}}], site_url="https://example.org/", strict=True
    )


def test_bib_and_csl_details_give_meta_tags_and_show_after_the_venue(build_site):
    result = build_details(build_site)
    assert result.error is None, result.warnings
    article = result.html("publications/lee2024volumes/index.html")
    assert meta(article, "citation_journal_title") == ["Journal of Tests"]
    assert meta(article, "citation_volume") == ["12"]
    assert meta(article, "citation_issue") == ["3"]
    assert (meta(article, "citation_firstpage"), meta(article, "citation_lastpage")) == (["1"], ["10"])
    assert meta(article, "citation_publisher") == ["ACM"]
    assert meta(article, "citation_issn") == ["1234-5678"]
    venue = article.select_one(".researcher-publication__venue").get_text()
    assert venue == "Journal of Tests, vol. 12, no. 3, pp. 1\u201310, ACM, 2024"
    chapter = result.html("publications/wu2023book/index.html")
    assert meta(chapter, "citation_volume") == ["2"]
    assert meta(chapter, "citation_issue") == ["7"]
    assert (meta(chapter, "citation_firstpage"), meta(chapter, "citation_lastpage")) == (["45"], ["67"])
    assert meta(chapter, "citation_publisher") == ["Springer"]
    assert meta(chapter, "citation_isbn") == ["978-3-16-148410-0"]
    bibtex = bibtexparser.parse_string(chapter.select_one(".researcher-bibtex code").get_text()).entries[0]
    assert (bibtex["pages"], bibtex["isbn"], bibtex["editor"]) == ("45--67", "978-3-16-148410-0", "Ng, Eve")
    data = json.loads(chapter.select_one('script[type="application/ld+json"]').string)
    assert data["isPartOf"] == {"@type": "Book", "name": "Handbook of Tests", "isbn": "978-3-16-148410-0"}
    assert (data["pageStart"], data["pageEnd"]) == ("45", "67")
    # The list shows the same line, the details in their own span; a chapter's volume, number and pages are only
    # in its tags, BibTeX and JSON-LD above (proceedings_details: false).
    listing = result.html()
    entries = {
        key: listing.select_one(f"#pub-{key} .researcher-publication__venue")
        for key in ("lee2024volumes", "wu2023book")
    }
    assert entries["lee2024volumes"].get_text() == "Journal of Tests, vol. 12, no. 3, pp. 1\u201310, ACM, 2024"
    assert entries["wu2023book"].get_text() == "Handbook of Tests, Springer, 2023"
    assert entries["wu2023book"].select_one(".researcher-publication__details").get_text() == "Springer"


def test_front_matter_details_and_chinese_labels(build_site):
    pub = {
        "title": "纸",
        "key": "zh2024",
        "venue": "软件学报",
        "year": 2024,
        "type": "journal",
        "volume": 35,
        "issue": "4",
        "pages": "100 -- 120",
        "isbn": "978-7-0",
    }
    result = build_site(
        {"index.md": page({"publications": [pub]})},
        theme={"name": "material", "language": "zh"},
        plugins=[{"researcher": {"publication_pages": True}}],
        site_url="https://example.org/",
    )
    assert result.error is None, result.warnings
    venue = result.html().select_one("#pub-zh2024 .researcher-publication__venue").get_text()
    assert venue == "软件学报，第 35 卷，第 4 期，第 100\u2013120 页，2024"
    soup = result.html("publications/zh2024/index.html")
    assert meta(soup, "citation_volume") == ["35"]
    assert (meta(soup, "citation_firstpage"), meta(soup, "citation_lastpage")) == (["100"], ["120"])
    assert meta(soup, "citation_isbn") == ["978-7-0"]
    bibtex = bibtexparser.parse_string(soup.select_one(".researcher-bibtex code").get_text()).entries[0]
    assert (bibtex["volume"], bibtex["number"], bibtex["pages"]) == ("35", "4", "100--120")


@pytest.mark.slow
def test_publication_pages_stay_out_of_the_automatic_nav_yet_reachable(build_site):
    # No `nav:`: MkDocs' automatic nav, which once listed every publication page on every page.
    pages = {
        "index.md": "# Home\n",
        "about.md": "# About\n",
        "research/papers.md": page({"title": "Papers", "publications": PUBS}),
        "research/files/p.pdf": "%PDF",
    }
    theme = {"name": "material", "features": ["navigation.tabs"]}
    result = build_site(pages, theme=theme, plugins=["search", *PLUGIN], site_url="https://example.org/")
    assert result.error is None, result.warnings
    own = ["cheng2025pipethreader", "evil2024"]
    built = ["index.html", "about/index.html", "research/papers/index.html"]
    built += [f"publications/{key}/index.html" for key in own]
    for name in built:
        hrefs = [a["href"] for a in result.html(name).select(".md-nav a[href]")]
        assert hrefs and not [href for href in hrefs if "publications/" in href], name
    listing = result.html("research/papers/index.html")
    titles = [a["href"] for a in listing.select(".researcher-publication__title a")]
    assert titles == [f"../../publications/{key}/" for key in own] + ["#pub-hidden2023"]
    sitemap = ET.fromstring((result.site / "sitemap.xml").read_text())
    locations = {loc.text for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")}
    assert {f"https://example.org/publications/{key}/" for key in own} <= locations
    index = json.loads((result.site / "search" / "search_index.json").read_text())
    found = {doc["location"]: doc for doc in index["docs"]}
    indexed = found["publications/cheng2025pipethreader/"]
    assert indexed["title"] == "PipeThreader: Software-Defined Pipelining"
    # Search reads the entry's words and abstract, not its BibTeX and buttons.
    assert "Jürgen Müller" in indexed["text"] and "We pipeline kernels." in indexed["text"]
    assert "@inproceedings" not in indexed["text"] and "Download" not in indexed["text"]
    # On a publication page its list's tab is the active one, and its link back leads to the list.
    soup = result.html("publications/cheng2025pipethreader/index.html")
    assert [a.get_text().strip() for a in soup.select(".md-tabs__item--active a")] == ["Research"]
    back = [a for a in soup.select(".researcher-publication-page__links a") if not a.has_attr("download")][0]
    assert back["href"] == "../../research/papers/#pub-cheng2025pipethreader"


def test_publication_pages_are_outside_the_nav_without_a_message_saying_so(build_site, caplog):
    """They are reached from their lists; MkDocs' INFO "not included in the nav" list named every one of them."""
    caplog.set_level(logging.INFO, logger="mkdocs")
    pages = {"index.md": page({"publications": ["papers.bib"]}), "other.md": "# Other\n", "papers.bib": DETAILS_BIB}
    result = build_site(pages, plugins=[{"researcher": {"publication_pages": True}}], nav=["index.md"])
    assert result.error is None and (result.site / "publications" / "lee2024volumes" / "index.html").is_file()
    [omitted] = [record.getMessage() for record in caplog.records if "not included in the" in record.getMessage()]
    assert omitted.splitlines()[1:] == ["  - other.md"]  # the owner's page left out of the nav is still named
