"""Hugo Blox (Hugo Academic) publication folders, folders and globs as publication sources, in a real build.

The fixture (tests/fixtures/hugo/content) is a Hugo site's content folder: publication folders with an
index.md and a cite.bib (whose title has a typo), with only one of them (one with a PDF named after its
folder), a draft, one whose cite.bib is another paper's (a copy left from Hugo's template; its index.md ends
on the closing --- with no line break, which Hugo reads), and the profile of the user ``admin``. The build
puts it inside docs/, where each index.md would otherwise become a page of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import page, serve_watches
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.sources import formats
from mkdocs_researcher.sources.hugo import read_hugo_publication

FIXTURE = Path(__file__).parent / "fixtures" / "hugo"
NOTES = "#pub-analytical-engine-notes"


def hugo_tree() -> dict[str, str | bytes]:
    """The fixture's files, as build_site writes them under docs/."""
    return {
        path.relative_to(FIXTURE).as_posix(): path.read_bytes() for path in sorted(FIXTURE.rglob("*")) if path.is_file()
    }


def titles(soup) -> list[str]:
    return [title.get_text() for title in soup.select(".researcher-publication__title")]


def link_kinds(entry) -> list[tuple[str, str]]:
    return [(link["data-kind"], link.get_text()) for link in entry.select(".researcher-links a")]


def bib(key: str, title: str, year: int) -> str:
    return f"@article{{{key},\n  title = {{{title}}},\n  author = {{Lovelace, Ada}},\n  year = {{{year}}}\n}}\n"


def test_hugo_folders_globs_and_the_site_option_in_one_build(build_site):
    pages = {
        **hugo_tree(),
        "index.md": page(
            {
                "profile": {"name": "Ada Lovelace"},
                "publications": ["content/publication", "nothing/*.bib", "../../*.bib"],
            }
        ),
        # A glob of cite.bib files: one beside an index.md stands for its Hugo publication.
        "selected.md": page(
            {"publications": "content/publication/[ab]*/cite.bib"}, "<!-- researcher publications selected -->\n"
        ),
        "bibs.md": "# Site bibliography\n\n<!-- researcher publications -->\n",
    }
    bibliography = ["docs/content/publication/bernoulli-numbers", "docs/missing/**/*.bib"]
    # proceedings_details: the pages cite.bib adds to a conference paper are shown.
    result = build_site(pages, plugins=[{"researcher": {"bibliography": bibliography, "proceedings_details": True}}])
    assert result.error is None

    assert sorted(result.researcher_warnings()) == [
        "researcher: docs/content/publication/template-leftover/cite.bib:1: example2: it holds "
        "'An example journal article', not this folder's publication ('On Punched Cards'); it is not used",
        "researcher: docs/index.md:6: publications[1]: the pattern 'nothing/*.bib' matches no publication file "
        "(.bib, .json or a Hugo publication's index.md)",
        "researcher: docs/index.md:7: publications[2]: the pattern '../../*.bib' leads out of the project folder "
        "(where mkdocs.yml is); nothing is read from it",
        "researcher: mkdocs.yml: bibliography[1]: the pattern 'docs/missing/**/*.bib' matches no publication file "
        "(.bib, .json or a Hugo publication's index.md)",
    ]

    soup = result.html()
    # Newest first; the draft is left out, as Hugo leaves it out.
    assert titles(soup) == [
        "Notes on the Analytical Engine",
        "Difference Engines in Practice",
        "Computing Bernoulli Numbers",
        "On Punched Cards",
    ]

    # index.md and cite.bib: index.md is shown, cite.bib adds its pages and link, and is the BibTeX.
    notes = soup.select_one(NOTES)
    assert notes["data-type"] == "conference" and notes["data-year"] == "2021"
    assert [a.get_text() for a in notes.select(".researcher-author")] == ["Ada Lovelace", "Charles Babbage"]
    assert notes.select_one(".researcher-self").get_text() == "Ada Lovelace"  # admin, named by her profile
    assert notes.select_one(".researcher-badge").get_text() == "PTS"
    venue = notes.select_one(".researcher-publication__venue")
    assert venue.select_one("em").get_text() == "Proceedings of the Test Society"
    assert "pp. 12–20" in venue.get_text()
    assert link_kinds(notes) == [
        ("pdf", "PDF"),
        ("code", "Code"),
        ("link", "Project page"),
        ("doi", "DOI"),
        ("html", "HTML"),
    ]
    pdf = notes.select_one(".researcher-links a[data-kind=pdf]")["href"]
    assert pdf == "content/publication/analytical-engine-notes/notes.pdf"
    assert (result.site / pdf).is_file()
    assert notes.select_one(".researcher-abstract strong").get_text() == "the engine"  # Markdown, as Hugo reads it
    assert notes.select_one(".researcher-bibtex code").get_text().startswith("@inproceedings{lovelace2021notes,")
    assert [tag.get_text() for tag in notes.select(".researcher-tag")] == ["Computing"]
    # The folder's featured image is the entry's thumbnail, as in Hugo Blox's lists.
    preview = notes.select_one(".researcher-publication__preview img")
    assert preview["src"] == "content/publication/analytical-engine-notes/featured.png"
    assert (result.site / preview["src"]).is_file() and preview["loading"] == "lazy"
    assert not soup.select_one("#pub-difference-engine .researcher-publication__preview")  # no image there

    # index.md alone, as Hugo Blox writes it now: CSL type, publication {name, short_name}, typed links.
    practice = soup.select_one("#pub-difference-engine")
    assert practice["data-type"] == "journal" and practice["data-year"] == "2019"
    assert practice.select_one(".researcher-publication__venue em").get_text() == "Journal of Engines"
    assert link_kinds(practice) == [("pdf", "PDF"), ("code", "Code"), ("link", "Blog post"), ("arxiv", "arXiv")]
    bundled = practice.select_one("a[data-kind=pdf]")["href"]  # the PDF named after its folder, as in Hugo
    assert bundled == "content/publication/difference-engine/difference-engine.pdf"
    assert practice.select_one("a[data-kind=arxiv]")["href"] == "https://arxiv.org/abs/1905.00001"

    # cite.bib alone is a .bib file like any other.
    bernoulli = soup.select_one("#pub-babbage2017bernoulli")
    assert bernoulli["data-type"] == "journal"
    assert bernoulli.select_one(".researcher-publication__venue em").get_text() == "Annals of Computation"

    # Another paper's cite.bib is not used: no BibTeX of its own, none of its authors.
    leftover = soup.select_one("#pub-template-leftover")
    assert leftover["data-type"] == "journal"
    assert [a.get_text() for a in leftover.select(".researcher-author")] == ["Ada Lovelace"]
    assert "example2" not in leftover.select_one(".researcher-bibtex code").get_text()

    # The glob of cite.bib files read the same publications (selected: featured: true).
    assert titles(result.html("selected/index.html")) == ["Notes on the Analytical Engine"]
    # The site's bibliography option takes folders and globs too.
    assert titles(result.html("bibs/index.html")) == ["Computing Bernoulli Numbers"]

    # Every index.md and cite.bib is data: none is a page or a file of the site (the draft's neither).
    built = {path.relative_to(result.site).as_posix() for path in result.site.rglob("*") if path.is_file()}
    folders = "analytical-engine-notes", "difference-engine", "unfinished", "template-leftover"
    assert not {f"content/publication/{name}/index.html" for name in folders} & built
    assert not [name for name in built if name.endswith("cite.bib")]


def test_a_glob_reads_in_path_order_within_the_project_and_is_watched(build_site, tmp_path):
    (tmp_path / "elsewhere.bib").write_text(bib("elsewhere", "Outside the Project", 2020))
    pages = {
        "index.md": page({"publications": ["papers/**/*.bib", "papers/index.md"]}),
        "papers/index.md": page({"title": "Papers"}, "A page of the site, not a Hugo publication.\n"),
        "papers/b.bib": bib("second", "Second by Path", 2020),
        "papers/a.bib": bib("first", "First by Path", 2020),
        "papers/sub/c.bib": bib("deeper", "In a Subfolder", 2019),
        "papers/.drafts/d.bib": bib("hidden", "In a Hidden Folder", 2021),
    }
    result = build_site(pages, links={"papers/link.bib": tmp_path / "elsewhere.bib"})

    assert sorted(result.researcher_warnings()) == [
        "researcher: docs/index.md:3: publications[0]: 1 of the files 'papers/**/*.bib' names is a link leading "
        "out of the project folder (where mkdocs.yml is); not read",
        "researcher: docs/index.md:4: publications[1]: 'papers/index.md' is no Hugo publication: its front matter "
        "names neither publication nor publication_types",
    ]
    # One year: entries keep the order of their files, which is the order of their paths.
    assert titles(result.html()) == ["First by Path", "Second by Path", "In a Subfolder"]
    assert (result.site / "papers" / "index.html").is_file()  # named, but a page: it stays one

    config = load_config(str(result.site.parent / "mkdocs.yml"))
    build(config)
    papers = (result.docs / "papers").resolve()
    watched = serve_watches(config)
    assert watched[str(papers)] is True  # a .bib added there, at any depth, is read on the next rebuild
    assert str(papers / "sub" / "c.bib") in watched
    assert str(result.docs.parent.resolve()) not in watched  # the project as a whole: never


def test_a_glob_over_too_many_files_reads_nothing_and_says_so(build_site, monkeypatch):
    monkeypatch.setattr(formats, "MAX_LOOKED_AT", 3)
    pages = {f"papers/{number}.bib": bib(f"k{number}", f"Paper {number}", 2020) for number in range(4)}
    result = build_site({**pages, "index.md": page({"publications": "papers/*.bib"})})
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:2: publications: 'papers/*.bib' looks through more than 3 files and folders; "
        "nothing is read from it: name a narrower folder"
    ]


@pytest.mark.parametrize(
    "written, shown",
    [
        ('["0"]', "other"),
        ('["1"]', "conference"),
        ('["2"]', "journal"),
        ('["3"]', "preprint"),
        ('["4"]', "report"),
        ('["5"]', "book"),
        ('["6"]', "chapter"),
        ('["7"]', "thesis"),
        ('["8"]', "patent"),
        ("[2]", "journal"),  # a number YAML reads as one
        ("[paper-conference]", "conference"),
        ("article-journal", "journal"),  # one type, not a list
    ],
)
def test_hugo_publication_types_are_the_plugins_types(written, shown):
    reporter = Reporter("index.md")
    text = f"---\ntitle: T\ndate: 2020-05-01\npublication_types: {written}\n---\n"
    [publication] = read_hugo_publication(text, reporter)
    assert (publication.type, reporter.found) == (shown, [])


def test_an_unknown_hugo_publication_type_is_other_with_a_warning():
    reporter = Reporter("index.md")
    [publication] = read_hugo_publication("---\ntitle: T\npublication_types: ['9']\n---\n", reporter)
    assert publication.type == "other"
    assert [str(problem) for problem in reporter.found] == [
        "index.md:3: publication_types[0]: unknown publication type '9' (Hugo's 0 to 8, or a CSL type like "
        "article-journal); it is shown as other"
    ]


def test_toml_front_matter_is_read_with_its_lines():
    text = """+++
title = "Looms and Patterns"
authors = ["Ada Lovelace"]
date = 2016-05-01T00:00:00Z
publication_types = ["7"]
publication = "*University of London*"
selected = true

[[url_custom]]
name = "Slides"
url = "javascript:alert(1)"

[[url_custom]]
name = "Notes"
url = "https://example.org/notes"
+++
"""
    reporter = Reporter("index.md")
    [publication] = read_hugo_publication(text, reporter)
    assert (publication.title, publication.type, publication.year, publication.month) == (
        "Looms and Patterns",
        "thesis",
        2016,
        5,
    )
    assert publication.venue == "University of London"
    assert publication.selected  # Hugo Academic's name for featured before its version 4
    assert [(link.label, link.url) for link in publication.links] == [("Notes", "https://example.org/notes")]
    assert [str(problem) for problem in reporter.found] == [
        "index.md:11: url_custom[0].url: 'javascript:alert(1)' is not an http(s), mailto or relative URL; this link "
        "is left out"
    ]


def test_bad_toml_front_matter_is_one_warning_at_its_line():
    reporter = Reporter("index.md")
    assert read_hugo_publication('+++\ntitle = "T"\ndate = = 2020\n+++\n', reporter) == []
    [problem] = [str(problem) for problem in reporter.found]
    assert problem.startswith("index.md:3: the front matter is not valid TOML: ") and "nothing is read" in problem
