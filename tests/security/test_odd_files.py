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
