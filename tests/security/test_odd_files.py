"""Files as Windows and odd hands save them: UTF-16 and UTF-32 with a byte order mark, values of the wrong
kind, surrogates and nesting that a reader cannot take, and cache files that are no files."""

from __future__ import annotations

import json

from conftest import page

CAFE = "Café Müller"


def _encoded(text: str, encoding: str) -> bytes:
    """``text`` as Windows PowerShell saves it: a byte order mark, then the text in ``encoding``."""
    return text.encode(encoding)  # "utf-16" and "utf-32" write the mark of this machine's byte order


def test_utf16_and_utf32_files_with_a_byte_order_mark_are_read_as_text(build_site):
    bib = f"@article{{cafe2024,\n  title = {{{CAFE} at the Bib}},\n  author = {{Müller, Zoë}},\n  year = {{2024}}\n}}\n"
    csl = json.dumps([{"id": "csl2024", "title": f"{CAFE} in JSON", "issued": {"date-parts": [[2023]]}}])
    hugo = f'---\ntitle: "{CAFE} from Hugo"\npublication_types: ["2"]\ndate: 2022-01-01\n---\n'
    data = f"news:\n  - date: 2024-05-01\n    text: {CAFE} opened\n"
    pages = {
        "index.md": page({"data": "news.yml", "publications": ["papers.bib", "refs.json", "hugo/paper/index.md"]}),
        "papers.bib": _encoded(bib, "utf-16"),
        "refs.json": _encoded(csl, "utf-32"),
        "hugo/paper/index.md": b"\xfe\xff" + hugo.encode("utf-16-be"),
        "news.yml": b"\xff\xfe" + data.encode("utf-16-le"),
    }
    result = build_site(pages)
    assert result.error is None
    assert result.researcher_warnings() == []
    html = result.html()
    titles = sorted(title.get_text() for title in html.select(".researcher-publication__title"))
    assert titles == [f"{CAFE} at the Bib", f"{CAFE} from Hugo", f"{CAFE} in JSON"]
    assert "Zoë Müller" in html.select_one(".researcher-authors").get_text()
    assert [n.get_text() for n in html.select(".researcher-news__text")] == [f"{CAFE} opened"]


def test_a_page_saved_as_utf16_is_read_as_text(build_site):
    body = page({"profile": {"name": "Zoë Müller"}}, f"{CAFE} welcomes you.\n")
    result = build_site({"index.md": _encoded(body, "utf-16"), "other.md": _encoded("# Grüße\n", "utf-32")})
    assert result.error is None
    assert result.html().select_one(".researcher-profile__name").get_text(strip=True) == "Zoë Müller"
    assert f"{CAFE} welcomes you." in result.html().get_text()
    assert result.html("other/index.html").select_one("h1").get_text(strip=True) == "Grüße"


def test_surrogates_names_of_the_wrong_kind_and_deep_toml_give_one_warning_each(build_site):
    # A lone surrogate cannot be written as UTF-8: publication pages and the résumé would fail on it.
    csl = (
        '[{"id": "lone2024", "title": "Half \\ud800 a character", "issued": {"date-parts": [[2024]]},\n'
        '  "author": [{"family": {"a": 1}, "given": "Ada"}, {"family": "Babbage", "given": "Charles"}]},\n'
        ' {"id": "fine2023", "title": "A Fine Paper", "issued": {"date-parts": [[2023]]}}]\n'
    )
    nested = "[" * 2000 + "]" * 2000  # tomllib recurses once per level
    hugo = f'+++\ntitle = "Deep"\npublication_types = ["2"]\nextra = {nested}\n+++\n'
    pages = {
        "index.md": page({"profile": {"name": "Grace Hopper"}, "publications": ["refs.json", "deep/index.md"]}),
        "refs.json": csl,
        "deep/index.md": hugo,
    }
    plugins = [{"researcher": {"publication_pages": True, "json_resume": True}}]
    result = build_site(pages, plugins=plugins, site_url="https://example.org/")
    assert result.error is None
    assert result.researcher_warnings() == [
        "researcher: docs/refs.json:1: lone2024.author: name 1 has 'family' that is not text; "
        "the name is shown without it",
        "researcher: docs/refs.json:1: lone2024: item 1 of the list has text with a lone surrogate escape "
        "(\\ud800-\\udfff), which is no character; it is shown as \ufffd",
        "researcher: docs/deep/index.md:1: the front matter is not valid TOML: arrays and tables nested more than "
        "100 levels deep; nothing is read",
    ]
    titles = [title.get_text() for title in result.html().select(".researcher-publication__title")]
    assert titles == ["Half \ufffd a character", "A Fine Paper"]
    authors = [author.get_text() for author in result.html().select(".researcher-author")]
    assert authors == ["Ada", "Charles Babbage"]
    assert "{" not in result.html().select_one(".researcher-authors").get_text()  # no Python repr of the dict
    assert (result.site / "publications" / "lone2024" / "index.html").is_file()
    resume = json.loads((result.site / "resume.json").read_text(encoding="utf-8"))
    assert "Half \ufffd a character" in [work["name"] for work in resume["publications"]]
