"""A page's HTML is held several times over by a build (the blocks, the page, the theme's output), and one character
beyond Latin-1 made Python store each copy at two bytes a character. Where such characters are few, they are
written as character references, which read as the characters; a page of many (Chinese) keeps them as they are."""

from __future__ import annotations

from conftest import page

from mkdocs_researcher.render.environment import narrow

ENTRY = """@inproceedings{{paper{n},
  title = {{Compilers {n} {{\\textemdash}} Ahead of Time}},
  author = {{Ko{{\\l}}odziej, {{\\L}}ukasz and M{{\\"u}}ller, J{{\\"u}}rgen}},
  booktitle = {{Proceedings}},
  year = {{2024}}
}}
"""


def test_a_list_with_a_few_wide_characters_is_written_with_references_that_read_as_them(build_site):
    bib = "\n".join(ENTRY.format(n=n) for n in range(40))
    result = build_site({"index.md": page({"publications": "papers.bib"}, "# Papers\n"), "papers.bib": bib})
    assert result.error is None, result.warnings
    raw = (result.site / "index.html").read_text(encoding="utf-8")
    assert "&#321;ukasz" in raw and "—" not in raw  # Ł and the dash as references
    assert "Müller" in raw  # Latin-1 stays as written
    soup = result.html()
    assert soup.select_one(".researcher-author").get_text() == "Łukasz Kołodziej"
    assert soup.select_one(".researcher-publication__title").get_text().startswith("Compilers ")
    assert soup.select_one(".researcher-publication__title").get_text().endswith(" — Ahead of Time")


def test_text_of_many_wide_characters_and_script_stay_as_written():
    chinese = "<p>齐呈祥，系统方向研究者</p>"
    assert narrow(chinese) == chinese
    script = "<p>" + "a" * 500 + "</p><script>var name = 'Łukasz';</script>"
    assert narrow(script) == script
    latin = "<p>" + "a" * 500 + " Łukasz Müller</p>"
    narrowed = narrow(latin)
    assert narrowed == "<p>" + "a" * 500 + " &#321;ukasz Müller</p>" and max(narrowed) <= "\xff"
