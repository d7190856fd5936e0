"""What Material's search indexes of a publication list: the paper as a reader looks for it (title, authors,
venue, year, badge), not its buttons, abstract or BibTeX, which made most of a long list's index."""

from __future__ import annotations

import json

from conftest import page

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
    assert result.error is None, result.messages
    text = _index_text(result.site)
    for words in ("Analytical Engine", "Babbage", "Scientific Memoirs", "1843", "SciMem"):
        assert words in text, words
    # The abstract, the BibTeX and the buttons' labels stay out; the page itself still has them.
    for words in ("zymurgy", "@inproceedings", "lovelace1843notes,", "PDF"):
        assert words not in text, words
    html = (result.site / "index.html").read_text(encoding="utf-8")
    assert "zymurgy" in html and "@inproceedings{lovelace1843notes" in html
