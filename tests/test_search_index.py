"""What Material's search indexes of a publication list: the paper as a reader looks for it (title, authors,
venue, year, badge), not its buttons, abstract or BibTeX, which made most of a long list's index; and what it
parses: the list's search view, not tens of tags an entry of buttons and panels."""

from __future__ import annotations

import json

from conftest import page
from test_render_cache import rebuild

BIB = """
@inproceedings{lovelace1843notes,
  title = {Sketch of the Analytical Engine},
  author = {Lovelace, Ada and Babbage, Charles},
  booktitle = {Scientific Memoirs},
  abbr = {SciMem},
  year = {1843},
  abstract = {Quaternionic zymurgy of the engine's mill.},
  pdf = {https://example.org/notes.pdf}
}
"""


def _index_text(site) -> str:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])


def test_search_finds_a_paper_by_title_author_venue_year_and_badge_and_skips_its_actions(build_site):
    result = build_site(
        {"index.md": page({"publications": "papers.bib"}, "# Papers\n"), "papers.bib": BIB},
        plugins=["search", "researcher"],
    )
    assert result.error is None, result.warnings
    text = _index_text(result.site)
    for words in ("Analytical Engine", "Babbage", "Scientific Memoirs", "1843", "SciMem"):
        assert words in text, words
    # The abstract, the BibTeX and the buttons' labels stay out; the page itself still has them.
    for words in ("zymurgy", "@inproceedings", "lovelace1843notes,", "PDF"):
        assert words not in text, words
    # Search parsed the list's search view, a paragraph an entry; the page written is the whole list.
    assert "Sketch of the Analytical Engine · Ada Lovelace, Charles Babbage · Scientific Memoirs · 1843" in text
    entry = result.html().select_one(".researcher-publication")
    assert "zymurgy" in entry.select_one(".researcher-abstract").get_text()
    assert entry.select_one(".researcher-bibtex code").get_text().startswith("@inproceedings{lovelace1843notes")
    assert entry.select(".researcher-action")  # its buttons are there


def test_a_page_from_the_render_cache_gives_search_the_same_view(build_site):
    result = build_site(
        {"index.md": page({"publications": "papers.bib"}, "# Papers\n"), "papers.bib": BIB},
        plugins=["search", "researcher"],
    )
    first = (result.site / "search" / "search_index.json").read_bytes()
    rebuild(result)  # a new process: the page comes from the render cache
    assert (result.site / "search" / "search_index.json").read_bytes() == first
