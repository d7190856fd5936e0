"""An edited .bib reads again only the entries that changed: under `mkdocs serve`, editing one entry of a large
file costs that entry, not the file. The result is the same as a fresh read, lines and warnings included."""

from __future__ import annotations

import pytest
from test_render_cache import rebuild

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.sources import bibtex

BIB = r"""@string{conf = {Conference of Tests}}

@inproceedings{first2024,
  title = {First Paper},
  author = {Cheng, Yu and M{\"u}ller, J{\"u}rgen},
  booktitle = conf,
  year = {2024},
  url = {javascript:alert(1)}
}

@article{second2023,
  title = {Second Paper},
  author = {Cheng, Yu},
  journal = {Journal of Tests},
  year = {2023}
}

@inproceedings{third2022,
  crossref = {proc2022},
  title = {Third Paper},
  author = {Wang, Lei}
}

@proceedings{proc2022,
  title = {Proceedings of 2022},
  year = {2022}
}
"""


def read(text: str, memo: dict | None = None):
    reporter = Reporter("refs.bib")
    return bibtex.read_bibtex(text, reporter, memo=memo), reporter.found


@pytest.fixture
def parsed(monkeypatch) -> list[str]:
    """The keys of the entries read from their text (not from the memo), from the moment this fixture is used."""
    keys: list[str] = []
    original = bibtex._publication

    def counting(entry, values, assets_prefix):
        keys.append(entry.key)
        return original(entry, values, assets_prefix)

    monkeypatch.setattr(bibtex, "_publication", counting)
    return keys


def test_an_edited_file_reads_again_only_the_entry_that_changed_and_reads_as_a_fresh_read(parsed):
    memo: dict = {}
    read(BIB, memo)
    assert parsed == ["first2024", "second2023", "third2022", "proc2022"]
    parsed.clear()
    # Two lines above every entry, and one title edited: the others move down, unread.
    edited = "% my papers\n% kept by hand\n" + BIB.replace("Second Paper", "Second Paper, Revised")
    pubs, found = read(edited, memo)
    assert parsed == ["second2023", "third2022"]  # the edited one, and one with a crossref (read every time)
    fresh_pubs, fresh_found = read(edited)
    assert pubs == fresh_pubs and found == fresh_found  # lines of entries and of warnings included
    assert [p.origin[0].line for p in pubs][0] == 5 and found[0].line == 10  # the url, two lines further down


def test_a_changed_string_macro_reads_every_entry_again(parsed):
    memo: dict = {}
    read(BIB, memo)
    parsed.clear()
    pubs, _ = read(BIB.replace("Conference of Tests", "Symposium of Tests"), memo)
    assert len(parsed) == 4 and pubs[0].venue == "Symposium of Tests"


def test_under_serve_an_edited_entry_is_the_only_one_read_again(build_site, parsed):
    bib = BIB.replace("javascript:alert(1)", "https://example.org/first")
    index = "---\npublications: [papers.bib]\n---\n\n# Papers\n"
    project = build_site({"index.md": index, "papers.bib": bib}, plugins=["researcher"])
    rebuild(project)  # a build of its own: the plugin instance `mkdocs serve` keeps from here on
    parsed.clear()
    (project.docs / "papers.bib").write_text(bib.replace("First Paper", "First Paper, Revised"), encoding="utf-8")
    rebuild(project, new_process=False)
    assert parsed == ["first2024", "third2022"]
    titles = [t.get_text() for t in project.html().select(".researcher-publication__title")]
    assert "First Paper, Revised" in titles and "Second Paper" in titles
