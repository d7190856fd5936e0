"""An edited .bib splits and reads again only the chunks that changed (a chunk: an entry and the text after it, up
to the next "@type{" that starts a line): under `mkdocs serve`, editing one entry of a large file costs that entry,
not the file. The result is the same as a fresh read, lines and warnings included."""

from __future__ import annotations

import bibtexparser
import pytest
from test_render_cache import rebuild

from benchmarks import synthetic
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
# A first read splits the chunks of macros and crossrefs first, then the others (at once: a crossref names one).
MACROS_AND_CROSSREFS_THEN_THE_REST = [
    BIB[: BIB.index("@inproceedings{first")]
    + BIB[BIB.index("@inproceedings{third") : BIB.index("@proceedings{proc")]
    + "@comment{}",
    BIB[BIB.index("@inproceedings{first") : BIB.index("@inproceedings{third")] + BIB[BIB.index("@proceedings{proc") :],
]
SECOND = BIB[BIB.index("@article{second2023") : BIB.index("@inproceedings{third2022")]


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


@pytest.fixture
def split(monkeypatch) -> list[str]:
    """The texts bibtexparser splits, from the moment this fixture is used."""
    texts: list[str] = []
    original = bibtexparser.parse_string

    def recording(text, *args, **kwargs):
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(bibtexparser, "parse_string", recording)
    return texts


def test_an_edited_file_reads_again_only_the_entry_that_changed_and_reads_as_a_fresh_read(parsed):
    memo: dict = {}
    read(BIB, memo)
    assert parsed == ["first2024", "second2023", "third2022", "proc2022"]
    parsed.clear()
    # Two lines above every entry, and one title edited: the others move down, unread.
    edited = "% my papers\n% kept by hand\n" + BIB.replace("Second Paper", "Second Paper, Revised")
    pubs, found = read(edited, memo)
    # The edited one, and those of a crossref (read every time: each needs the other's fields).
    assert parsed == ["second2023", "third2022", "proc2022"]
    fresh_pubs, fresh_found = read(edited)
    assert pubs == fresh_pubs and found == fresh_found  # lines of entries and of warnings included
    assert [p.origin[0].line for p in pubs][0] == 5 and found[0].line == 10  # the url, two lines further down


EDITS = {
    "a title": (lambda bib: bib.replace("Second Paper", "Second Paper, Revised"), ["second2023"]),
    "lines above": (lambda bib: "% my papers\n\n" + bib, []),
    "an entry added": (
        lambda bib: bib.replace(SECOND, "@misc{new2025,\n  title = {New Paper},\n  year = 2025\n}\n\n" + SECOND),
        ["new2025"],
    ),
    "an entry deleted": (lambda bib: bib.replace(SECOND, ""), []),
    # The entry runs on into the next, unchanged one: BibTeX's own brace counting cannot end it either.
    "braces broken": (lambda bib: bib.replace("{First Paper}", "{First Paper"), []),
    # A macro given another text: every entry that might use it is read again.
    "a macro defined twice": (
        lambda bib: bib.replace(SECOND, SECOND + "@string{conf = {Symposium of Tests}}\n\n"),
        ["first2024", "second2023"],
    ),
    "a crossref's parent edited": (lambda bib: bib.replace("Proceedings of 2022", "Proceedings of Tests 2022"), []),
}


@pytest.mark.parametrize("edit", EDITS)
def test_an_edit_reads_as_a_fresh_read(parsed, edit):
    change, read_again = EDITS[edit]
    memo: dict = {}
    read(BIB, memo)
    parsed.clear()
    edited = change(BIB)
    assert edited != BIB
    pubs, found = read(edited, memo)
    assert parsed == [*read_again, "third2022", "proc2022"]
    assert (pubs, found) == read(edited)


def test_what_the_edits_report_is_there():
    """The edits above are not all quiet: their warnings take part in the comparison."""
    _, broken = read(EDITS["braces broken"][0](BIB))
    assert [(d.line, d.path) for d in broken if "does not end" in d.problem] == [(3, "first2024")]
    pubs, twice = read(EDITS["a macro defined twice"][0](BIB))
    assert [d.line for d in twice if "defined a second time" in d.problem] == [18]
    assert pubs[0].venue == "Symposium of Tests"  # the later definition, as BibTeX reads it


def test_a_misspelled_field_is_told_alike_from_the_memo(parsed):
    """The warning about a misspelling is remembered with its entry, and moves with it."""
    memo: dict = {}
    misspelled = BIB.replace("  year = {2023}", "  yaer = {2023}")
    read(misspelled, memo)
    parsed.clear()
    edited = "% my papers\n\n" + misspelled.replace("First Paper", "First Paper, Revised")
    pubs, found = read(edited, memo)
    assert "second2023" not in parsed  # taken from the memo
    assert (pubs, found) == read(edited)
    assert [str(d) for d in found if "unknown" in d.problem] == [
        "refs.bib:17: second2023.yaer: unknown field; did you mean 'year'?"
    ]


def test_macros_cut_short_by_the_files_allowance_read_as_a_fresh_read(parsed):
    """What @string macros may add to a file is bounded: an entry's text depends on how much the entries before it
    took. One that took more now leaves less to the next, whose chunk is then not taken from the memo as it was."""
    uses = "".join(f"@misc{{e{n},\n  title = big,\n  note = big\n}}\n\n" for n in range(4))
    bib = "@string{big = {" + "x" * 60000 + "}}\n\n" + uses
    memo: dict = {}
    pubs, found = read(bib, memo)
    assert [(pub.key, len(pub.title)) for pub in pubs][:2] == [("e0", 60000), ("e1", 60000)]
    assert len(pubs[2].title) < 60000 and len(pubs) == 3  # the allowance ran out in e2: e3 has no title left
    assert any("more text than" in d.problem for d in found)
    edited = bib.replace("@misc{e0,\n", "@misc{e0,\n  abstract = big,\n")  # e0 takes 60,000 more: e1 is cut
    assert read(edited, memo) == read(edited)
    read(bib, memo)
    parsed.clear()
    lighter = bib.replace("  title = big,\n  note = big", "  title = {Plain}", 1)  # e0 leaves more to e2, e3
    assert read(lighter, memo) == read(lighter)
    assert parsed[:3] == ["e0", "e2", "e3"]  # e1 came from the memo; e2 and e3 could not


def test_a_changed_string_macro_reads_every_entry_again(parsed):
    memo: dict = {}
    read(BIB, memo)
    parsed.clear()
    pubs, _ = read(BIB.replace("Conference of Tests", "Symposium of Tests"), memo)
    assert len(parsed) == 4 and pubs[0].venue == "Symposium of Tests"


def test_bibtexparser_splits_only_the_edited_chunk_and_those_always_read(split):
    memo: dict = {}
    read(BIB, memo)
    assert split == MACROS_AND_CROSSREFS_THEN_THE_REST
    split.clear()
    edited = BIB.replace("Second Paper", "Second Paper, Revised")
    read(edited, memo)
    assert "Second Paper, Revised" in "".join(split)
    assert "first2024" not in "".join(split)  # unchanged, and neither a macro nor a crossref's


def test_an_entry_broken_before_unchanged_ones_reads_as_a_fresh_read(split):
    """bibtexparser splits the broken entry without the entry after it: still, the entry is cut short by the next
    one (as in the whole file), not by the end of the text."""
    bib = "".join(f"@article{{{key},\n  title = {{{key.upper()}}}\n}}\n\n" for key in ("a", "b", "c"))
    memo: dict = {}
    read(bib, memo)
    split.clear()
    broken = bib.replace("{B}", "{B")
    pubs, found = read(broken, memo)
    assert "@article{c" not in "".join(split)
    assert (pubs, found) == read(broken)
    assert [d.problem for d in found] == [
        "the entry does not end before the next one starts (a brace or quote is not closed), so this entry is left out"
    ]


@pytest.mark.parametrize("cut_short", ["@article{a,\n  title = {A},\n\n", "@article{\n\n"])
def test_an_entry_cut_short_is_told_alike_whatever_entry_follows(cut_short):
    """bibtexparser names the "@type" it found where a field or the key's comma was due: what is said of the entry
    must not depend on the next one, which may be changed while this one is taken from the memo."""
    bib = cut_short + "@article{b,\n  title = {B}\n}\n"
    memo: dict = {}
    read(bib, memo)
    edited = bib.replace("@article{b", "@misc{b")
    pubs, found = read(edited, memo)
    assert (pubs, found) == read(edited) and len(found) == 1
    assert "misc" not in found[0].problem and "misc" not in found[0].path


def test_in_a_large_file_an_edit_splits_a_small_part_of_it(split):
    text = synthetic.generate(300)
    memo: dict = {}
    read(text, memo)
    split.clear()
    edited = synthetic.retitle(text)
    with_memo = read(edited, memo)
    assert sum(len(t) for t in split) < len(text) / 50  # the edited chunk, and the @string macros' chunk
    assert with_memo == read(edited)


def test_a_line_after_a_backslash_is_counted():
    """bibtexparser does not count a line that follows a backslash (as an abstract's \\\\ leaves): the lines of
    the entries after it are counted from their own chunk's start."""
    bib = "@article{a,\n  title = {A},\n  abstract = {One\\\\\n  two}\n}\n\n@article{b,\n  year = {2020}\n}\n"
    _, found = read(bib)
    assert [(d.line, d.path) for d in found] == [(7, "b.title")]


def test_under_serve_an_edited_entry_is_the_only_one_read_again(build_site, parsed):
    bib = BIB.replace("javascript:alert(1)", "https://example.org/first")
    index = "---\npublications: [papers.bib]\n---\n\n# Papers\n"
    project = build_site({"index.md": index, "papers.bib": bib}, plugins=["researcher"])
    rebuild(project, serve=True)  # `mkdocs serve` starts: its plugin instance is kept from here on
    bib = bib.replace("Second Paper", "Second Paper, Revised")
    (project.docs / "papers.bib").write_text(bib, encoding="utf-8")
    rebuild(project, new_process=False)  # its page came from the render cache: this first edit reads the file
    parsed.clear()
    (project.docs / "papers.bib").write_text(bib.replace("First Paper", "First Paper, Revised"), encoding="utf-8")
    rebuild(project, new_process=False)
    assert parsed == ["first2024", "third2022", "proc2022"]
    titles = [t.get_text() for t in project.html().select(".researcher-publication__title")]
    assert "First Paper, Revised" in titles and "Second Paper, Revised" in titles


def built_once(build_site):
    bib = BIB.replace("javascript:alert(1)", "https://example.org/first")
    index = "---\npublications: [papers.bib]\n---\n\n# Papers\n"
    return build_site({"index.md": index, "papers.bib": bib}, plugins=["researcher"]), bib


def test_under_serve_an_edit_is_written_to_the_cache_folder_when_serve_stops(build_site, parsed):
    project, bib = built_once(build_site)
    config, _ = rebuild(project, serve=True)
    cache = project.site.parent / ".cache" / "researcher"

    def files() -> dict[str, bytes]:
        return {str(path.relative_to(cache)): path.read_bytes() for path in cache.rglob("*") if path.is_file()}

    before = files()
    (project.docs / "papers.bib").write_text(bib.replace("Second Paper", "Second Paper, Revised"), encoding="utf-8")
    rebuild(project, new_process=False)
    during = files()
    config.plugins.on_shutdown()
    # The edit's parse and its page are kept back while serving (what no page names any more goes)...
    assert all(before.get(name) == data for name, data in during.items())
    after = files()
    assert [name for name in after if before.get(name) != after[name]]  # ...and written when serving stops
    assert any(b"Second Paper, Revised" in data for data in after.values())
    parsed.clear()
    rebuild(project)  # a new process with the page's render cached, the edited file's parse in the folder
    (project.docs / "index.md").write_text("---\npublications: [papers.bib]\n---\n\n# Our papers\n")
    rebuild(project)  # the page renders again, from the parsed file: nothing is read
    assert parsed == [] and "Second Paper, Revised" in [
        t.get_text() for t in project.html().select(".researcher-publication__title")
    ]


def test_a_first_read_splits_a_long_file_batch_by_batch(split, monkeypatch):
    """bibtexparser's blocks of a whole large file take several times its model: a first read splits and reads a
    batch of chunks at a time, the same entries, lines and warnings as a read of the whole."""
    bib = synthetic.generate(12) + BIB.replace("@inproceedings{third2022,\n  crossref = {proc2022},\n", "@misc{x,\n")
    bib = bib.replace("year = {2023}", "yaer = {2023}")
    whole = read(bib)
    split.clear()
    monkeypatch.setattr(bibtex, "_BATCH", 4)
    assert read(bib) == whole
    assert len(split) > 3 and "".join(split).count("@inproceedings{first2024") == 1
    assert any("yaer" in str(d) for d in whole[1])
