"""Characters beyond Latin-1 (a dash, an "Ł", Chinese) are written as they are: the page's output never depends
on how Python would store its text."""

from __future__ import annotations

from conftest import page

ENTRY = """@inproceedings{{paper{n},
  title = {{Compilers {n} {{\\textemdash}} Ahead of Time}},
  author = {{Ko{{\\l}}odziej, {{\\L}}ukasz and M{{\\"u}}ller, J{{\\"u}}rgen}},
  booktitle = {{Proceedings}},
  year = {{2024}}
}}
"""


def test_a_list_with_a_few_wide_characters_keeps_them_as_written(build_site):
    bib = "\n".join(ENTRY.format(n=n) for n in range(40))
    result = build_site({"index.md": page({"publications": "papers.bib"}, "# Papers\n"), "papers.bib": bib})
    assert result.error is None, result.messages
    raw = (result.site / "index.html").read_text(encoding="utf-8")
    assert "&#321;" not in raw and "&#8212;" not in raw  # no character references in their place
    soup = result.html()
    assert soup.select_one(".researcher-author").get_text() == "Łukasz Kołodziej"
    assert soup.select_one(".researcher-publication__title").get_text().endswith(" — Ahead of Time")
    assert "Łukasz" in raw and "—" in raw
