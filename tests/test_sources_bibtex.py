"""Reading .bib files: every entry comes out as a Publication, or one warning says why not."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import bibtexparser
import pytest
from conftest import SHARED, shared_or_skip

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.model.names import ET_AL
from mkdocs_researcher.sources import tex
from mkdocs_researcher.sources.bibtex import read_bibtex, read_bibtex_file
from mkdocs_researcher.sources.bibtex_fields import DISPLAY_ONLY_FIELDS
from mkdocs_researcher.sources.publication_fields import LEFT_OUT
from mkdocs_researcher.sources.tex import tex_to_text
from mkdocs_researcher.sources.text_files import read_text_file

FIXTURES = Path(__file__).parent / "fixtures" / "bib"


def read(name: str):
    reporter = Reporter(name)
    pubs = read_bibtex_file(FIXTURES / name, reporter)
    return {pub.key: pub for pub in pubs}, [str(d) for d in reporter.found]


def left_out(messages: list[str]) -> list[str]:
    return [m for m in messages if m.endswith(LEFT_OUT)]


# --- TeX ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "tex, text",
    [
        (r"{\"u}ber", "über"),
        (r"\'{e}t\'e", "été"),
        (r"{\v{c}}", "č"),
        (r"Stra{\ss}e", "Straße"),
        (r"{GPU} and {Least}-{Squares}", "GPU and Least-Squares"),
        ("10--20", "10\u201320"),
        ("a---b", "a\u2014b"),
        ("10~nodes", "10\xa0nodes"),
        (r"$O(n \log n)$ time", r"$O(n \log n)$ time"),
        (r"{$\alpha$}-stable", r"$\alpha$-stable"),
        (r"50\% faster \& simpler", "50% faster & simpler"),
        (r"Z{\"o}l\-ler", "Zöller"),  # the hyphenation hint leaves no soft hyphen behind
        (r"with \texttt{clas\-sic\-the\-sis}", "with classicthesis"),  # pylatexenc alone drops \texttt
        (r"\ss x", "ßx"),
        ("two\n   lines", "two lines"),
        (r"{\textless}i{\textgreater}", "<i>"),  # Zotero's escape for <; pylatexenc alone drops it
        (r"with \LaTeX", "with LaTeX"),
        (r"\o{}rsted \L{}\'od\'z", "ørsted Łódź"),
    ],
)
def test_tex_to_text(tex, text):
    assert tex_to_text(tex) == text


def test_pylatexenc_is_used_only_for_text_with_a_macro(monkeypatch):
    """Decoding costs ~0.1-1 ms a call: plain text, braces, math, \\& and symbols like \\ss must not reach
    pylatexenc."""
    calls = []

    class Counting:
        def latex_to_text(self, text, **flags):
            calls.append(text)
            return text

    monkeypatch.setattr(tex, "_LATEX", Counting())
    tex._decode_word.cache_clear()
    for text in ["Plain title", "{GPU} kernels -- fast", "$O(n)$ sorting", r"R\&D at 50\%", "a~b", r"Stra{\ss}e \o{}"]:
        tex_to_text(text)
    assert calls == []
    tex_to_text(r"M{\"u}ller and \'{e}t\'e")
    assert calls == [r"M{\"u}ller", r"\'{e}t\'e"]
    tex._decode_word.cache_clear()


# --- Quirks, one fixture each -----------------------------------------------------------------


def test_alfolio_fields():
    pubs, messages = read("alfolio.bib")
    pub = pubs["cheng2025pipethreader"]
    assert (pub.abbr, pub.selected, pub.award, pub.type, pub.year, pub.month) == (
        "OSDI",
        True,
        "Oral Presentation",
        "conference",
        2025,
        7,
    )
    assert pub.trusted is False
    assert [(a.name, a.marks) for a in pub.authors[:2]] == [("Yu Cheng", "*"), ("Lei Wang", "*")]
    assert [(link.kind, link.url) for link in pub.links] == [
        ("arxiv", "https://arxiv.org/abs/2410.12345"),
        ("pdf", "assets/pdf/pipethreader.pdf"),  # a bare file name, resolved as al-folio does
        ("code", "https://github.com/microsoft/TileLang"),
        ("slides", "https://example.org/slides.pdf"),
    ]
    assert pub.note == "Also presented at a workshop"
    assert pub.abstract == "We present PipeThreader."
    for name in DISPLAY_ONLY_FIELDS:
        assert not re.search(rf"^\s*{name}\s*=", pub.bibtex, re.MULTILINE), name
    assert "arxiv={2410.12345}," in pub.bibtex and pub.bibtex.endswith("abstract={We present PipeThreader.}\n}")

    preprint = pubs["cheng2024arxiv"]
    assert (preprint.type, preprint.selected) == ("preprint", False)
    assert preprint.authors[-1].name == ET_AL
    assert ("poster", "/files/poster.pdf") in [(link.kind, link.url) for link in preprint.links]  # absolute: no prefix
    assert "video" not in [link.kind for link in preprint.links]
    assert messages == [
        "alfolio.bib:34: cheng2024arxiv.video: 'javascript:alert(1)' is not an http(s), mailto or relative URL; "
        "this link is left out"
    ]


def test_assets_prefix_is_configurable():
    pubs = read_bibtex((FIXTURES / "alfolio.bib").read_text(), Reporter("alfolio.bib"), assets_prefix="/files/")
    assert pubs[0].links[1].url == "/files/pipethreader.pdf"


def test_accents():
    pubs, messages = read("accents.bib")
    pub = pubs["accents"]
    assert pub.title == "Über die Čech ßtraße and été in München"
    assert [a.name for a in pub.authors] == [
        "Jörg Müller",
        "Marek Morzyński",
        "Ivan Perić",
        "Anna Zöller",
        "Hans Ørsted",
    ]
    assert pub.venue == "Zëitschrift für Maße" and messages == []


def test_protected_braces_dashes_and_math():
    pubs, _ = read("braces_math.bib")
    assert pubs["braces"].title == "GPU Kernels with Least-Squares Fitting \u2014 a Study of 10\u201320\xa0nodes"
    assert pubs["braces"].venue == "Proceedings of ACM SIGMOD"
    assert (
        pubs["math"].title == r"Sorting in $O(n \log n)$ time for $\alpha$-stable Lévy processes, 50% faster & simpler"
    )


def test_months():
    pubs, messages = read("months.bib")
    assert {key: (pub.year, pub.month) for key, pub in pubs.items()} == {
        "m1": (2020, 1),
        "m2": (2020, 6),
        "m3": (2020, 11),
        "m4": (2020, 1),
        "m5": (2019, 3),  # biblatex date = {2019-03-15}
        "m6": (None, 9),
        "m7": (2020, None),
    }
    assert pubs["m6"].note == "In Press"  # a year in words is kept, in the note
    assert messages == ["months.bib:7: m7.month: 'Spring' is not a month; it is left out"]


def test_crossref_fills_in_missing_fields_but_not_the_parents_links():
    pubs, messages = read("crossref.bib")
    pub = pubs["DBLP:conf/stoc/X24"]
    assert pub.venue == "Proceedings of the 56th Annual ACM Symposium on Theory of Computing, STOC 2024"
    assert (pub.year, pub.type) == (2024, "conference")
    assert [(link.kind, link.url) for link in pub.links] == [
        ("arxiv", "https://arxiv.org/abs/2401.00002"),  # eprint + eprinttype = arXiv
        ("doi", "https://doi.org/10.1145/3618260.3649760"),
    ]
    assert pubs["DBLP:conf/stoc/2024"].type == "other"
    assert messages == [
        "crossref.bib:11: lost.crossref: no entry has the key 'nowhere'; no fields are filled in from it"
    ]


def test_string_macros_and_concatenation():
    pubs, messages = read("strings.bib")
    pub = pubs["s1"]
    assert (pub.title, pub.venue) == ("Concatenated Title", "Proceedings of the ACM Conference")
    assert messages == []


def test_duplicate_keys_keep_both_entries():
    pubs, messages = read("duplicates.bib")
    assert {key: pub.title for key, pub in pubs.items()} == {"same": "First", "same-2": "Second", "same-3": "Third"}
    assert messages == [
        "duplicates.bib:3: same: this key is already used by the entry on line 1; this entry is kept as same-2",
        "duplicates.bib:5: same: this key is already used by the entry on line 1; this entry is kept as same-3",
    ]


def test_broken_braces_lose_only_that_entry():
    pubs, messages = read("broken_braces.bib")
    assert set(pubs) == {"before", "after"}
    assert messages == [
        "broken_braces.bib:3: broken: the entry does not end before the next one starts "
        "(a brace or quote is not closed), " + LEFT_OUT
    ]


def test_missing_commas():
    pubs, messages = read("missing_comma.bib")
    assert set(pubs) == {"nofieldcomma", "fine"}
    assert (pubs["nofieldcomma"].title, pubs["nofieldcomma"].year) == ("A Title", 2019)  # both fields read
    assert pubs["nofieldcomma"].authors[0].name == "Jane Doe"
    assert messages == [
        f"missing_comma.bib:1: nokeycomma: a comma is missing after the key, {LEFT_OUT}",
        "missing_comma.bib:4: nofieldcomma.title: a comma is missing before the field 'year'; both fields are read",
    ]


def test_misspelled_names_are_told_once_and_names_of_ones_own_are_silent():
    text = (
        "@misc{a2024,\n  title = {A},\n  yaer = {2024},\n  yaer = {2025},\n  optaddress = {Paris},\n"
        "  selected1 = {true},\n  codelink = {https://example.org/code},\n  projectpage = {https://example.org/},\n"
        "  comment-alice = {read},\n  citeulike-linkout-0 = {https://example.org/c},\n  altmetric = {1},\n"
        "  dimensions = {true},\n  my_notes = {kept},\n  keyword = {x}\n}\n"
    )
    reporter = Reporter("refs.bib")
    (pub,) = read_bibtex(text, reporter, private_fields=["my_notes"])
    assert [str(found) for found in reporter.found if "unknown" in found.problem] == [
        "refs.bib:3: a2024.yaer: unknown field; did you mean 'year'?",
        "refs.bib:14: a2024.keyword: unknown field; did you mean 'keywords'?",
    ]
    assert pub.year is None  # told, not guessed


def test_unknown_macro():
    pubs, messages = read("unknown_macro.bib")
    assert pubs["macro"].venue == "tpami" and "other" in pubs
    assert messages == [
        "unknown_macro.bib:1: macro.journal: 'tpami' is not a defined @string macro; its name is used as the text"
    ]


def test_removing_code_leaves_codeurl_and_the_title_alone():
    pubs, _ = read("code_field.bib")
    pub = pubs["codepaper"]
    source = (FIXTURES / "code_field.bib").read_text()
    expected = source.replace("  code = {https://github.com/doe/code},\n", "").replace("  abbr = {CODE},\n", "").strip()
    assert pub.bibtex == expected  # every other byte as written, line breaks included
    assert "codeurl = {https://example.org/codeurl}" in pub.bibtex and "Learning to code" in pub.bibtex
    # codeurl is a link of a name the researcher chose: a button of its own, after al-folio's code.
    assert [(link.kind, link.url) for link in pub.links] == [
        ("code", "https://github.com/doe/code"),
        ("code", "https://example.org/codeurl"),
    ]
    assert pub.abbr == "CODE"


def _fields(bibtex_text: str) -> dict:
    entry = bibtexparser.parse_string(bibtex_text, parse_stack=[]).entries[0]
    return {field.key: field.value for field in entry.fields}


@pytest.mark.parametrize("name", ["alfolio.bib", "code_field.bib", "escaped_brace.bib"])
def test_the_bibtex_keeps_every_other_field_as_written(name):
    source = {
        entry.key: entry for entry in bibtexparser.parse_string((FIXTURES / name).read_text(), parse_stack=[]).entries
    }
    for key, pub in read(name)[0].items():
        written = {k: v for k, v in _fields(source[key].raw).items() if k.lower() not in DISPLAY_ONLY_FIELDS}
        assert _fields(pub.bibtex) == written


def test_names_with_von_and_jr():
    pubs, _ = read("names.bib")
    assert [(a.name, a.given, a.family, a.marks) for a in pubs["names"].authors] == [
        ("Ludwig van Beethoven", "Ludwig", "van Beethoven", ""),
        ("Laurens van der Maaten", "Laurens", "van der Maaten", ""),
        ("J. Douglas Jr.", "J.", "Douglas", ""),
        ("E. H. van Brummelen", "E. H. van", "Brummelen", ""),
        ("Jean de La Fontaine", "Jean", "de La Fontaine", ""),
        ("Émile Zola", "Émile", "Zola", ""),
        ("Zhihang Yuan", "Zhihang", "Yuan", "*"),  # 'Yuan*, Zhihang'
        ("Lei Wang", "Lei", "Wang", "†"),  # a mark written as \textsuperscript{\dag}
    ]


def test_corporate_authors_and_others():
    pubs, _ = read("corporate.bib")
    pub = pubs["corp"]
    assert [(a.name, a.family) for a in pub.authors] == [
        ("World Health Organization", "World Health Organization"),
        ("Barnes and Noble, Inc.", "Barnes and Noble, Inc."),
        ("曾韵晗", "曾韵晗"),
        ("John Smith", "Smith"),
        (ET_AL, ""),
    ]
    assert (pub.type, pub.venue) == ("report", "WHO")


def test_an_escaped_brace_does_not_end_the_entry_early():
    """bibtexparser ends this entry at \\{ (corpus file 06); BibTeX counts it as a brace and reads on."""
    text = (FIXTURES / "escaped_brace.bib").read_text()
    cut_short = bibtexparser.parse_string(text).entries[0]
    assert "pdf" not in cut_short.fields_dict  # the bibtexparser behaviour this guards against
    pubs, messages = read("escaped_brace.bib")
    pub = pubs["escaped"]
    assert (pub.month, [link.url for link in pub.links]) == (7, ["https://example.org/x.pdf"])
    assert r"K\{{\"u}\}sters" in pub.bibtex and "pdf" not in pub.bibtex  # the original text, display fields out
    assert "next" in pubs and messages == []


def test_an_unbalanced_escaped_brace_keeps_the_entry_with_a_warning():
    reporter = Reporter("x.bib")
    pubs = read_bibtex("@article{k, title = {Set \\{x}, year = 2020}\n\n@article{n, title = {N}}\n", reporter)
    assert [(pub.title, pub.year) for pub in pubs] == [("Set {x", 2020), ("N", None)]
    assert [str(d) for d in reporter.found] == [
        "x.bib:1: k: an escaped brace \\{ or \\} may end this entry early; check that its last fields are there"
    ]


def test_link_order_and_duplicates():
    text = "@misc{k, title={T}, url={https://a.org/x}, pdf={https://b.org/p.pdf}, website={http://a.org/x/}, code={https://c.org}}"
    pub = read_bibtex(text, Reporter("x.bib"))[0]
    assert [(link.kind, link.url) for link in pub.links] == [
        ("html", "https://a.org/x"), ("pdf", "https://b.org/p.pdf"), ("code", "https://c.org"),
    ]  # fmt: skip


def test_windows_1252_file():
    pubs, messages = read("cp1252.bib")
    assert pubs["cp"].title == "Café and naïve" and pubs["cp"].authors[0].name == "Jörg Müller"
    assert len(messages) == 1 and messages[0].startswith("cp1252.bib:1: cp1252.bib is not UTF-8")
    assert "read as Windows-1252" in messages[0]


def test_binary_junk_is_skipped():
    pubs, messages = read("junk.bib")
    assert {key: pub.title for key, pub in pubs.items()} == {"good1": "Good one", "good2": "Good two é"}
    assert messages == [
        "junk.bib:2: the file contains 6 bytes that are not text (binary junk), the first on this line; "
        "they are skipped"
    ]


def test_utf8_with_bom(tmp_path):
    path = tmp_path / "bom.bib"
    path.write_bytes("\ufeff@article{bom, title = {Café}}".encode("utf-8"))
    reporter = Reporter("bom.bib")
    assert [pub.title for pub in read_bibtex_file(path, reporter)] == ["Café"] and reporter.found == []


def test_missing_and_empty_files(tmp_path):
    reporter = Reporter("gone.bib")
    assert read_bibtex_file(tmp_path / "gone.bib", reporter) == []
    (tmp_path / "empty.bib").write_text("  \n")
    assert read_bibtex_file(tmp_path / "empty.bib", reporter) == []
    assert [d.problem for d in reporter.found] == [
        "cannot read gone.bib: No such file or directory",
        "empty.bib is empty",
    ]


def test_fields_that_lost_their_entry_are_reported():
    reporter = Reporter("x.bib")
    pubs = read_bibtex(
        "@article{a, title={A}}\n},\n  journal = {Psychological Review},\n  year = {In Press},\n}\n", reporter
    )
    assert [pub.key for pub in pubs] == ["a"]
    assert [str(d) for d in reporter.found] == [
        "x.bib:3: text outside any entry looks like fields (journal, year = ...); it belongs to no entry and is ignored"
        " - is an '@type{key,' line missing before it?"
    ]


def test_no_title():
    reporter = Reporter("x.bib")
    assert read_bibtex("@misc{untitled, author = {Doe, Jane}}", reporter) == []
    assert [str(d) for d in reporter.found] == [f"x.bib:1: untitled.title: there is no title, {LEFT_OUT}"]


def test_entry_types():
    text = "\n".join(
        f"@{kind}{{k{i}, title = {{T}}{extra}}}"
        for i, (kind, extra) in enumerate(
            [
                ("article", ""),
                ("inproceedings", ""),
                ("conference", ""),
                ("misc", ", eprint = {2401.1}, archiveprefix = {arXiv}"),
                ("unpublished", ", eprinttype = {arxiv}"),
                ("online", ", journal = {arXiv preprint}"),
                ("misc", ""),
                ("phdthesis", ""),
                ("mastersthesis", ""),
                ("thesis", ""),
                ("book", ""),
                ("incollection", ""),
                ("inbook", ""),
                ("techreport", ""),
                ("report", ""),
                ("patent", ""),
                ("proceedings", ""),
                ("software", ""),
                ("article", ", journal = {CoRR}"),
            ]
        )
    )
    types = [pub.type for pub in read_bibtex(text, Reporter("x.bib"))]
    assert types == [
        "journal", "conference", "conference", "preprint", "preprint", "preprint", "other", "thesis", "thesis",
        "thesis", "book", "chapter", "chapter", "report", "report", "patent", "other", "other", "preprint",
    ]  # fmt: skip


def test_keywords_become_tags_and_doi_prefixes_are_understood():
    text = "@article{k, title={T}, keywords={GPU; compilers, GPU , deep learning}, doi={doi:10.1/abc}, url={http://doi.org/10.1/abc/}}"
    pub = read_bibtex(text, Reporter("x.bib"))[0]
    assert pub.tags == ["GPU", "compilers", "deep learning"]
    assert [(link.kind, link.url) for link in pub.links] == [
        ("doi", "https://doi.org/10.1/abc")
    ]  # the url is the same page


def test_a_failure_inside_bibtexparser_loses_only_that_entry(monkeypatch):
    real = bibtexparser.parse_string

    def fragile(text, **kw):
        if "@misc{boom" in text:
            raise RuntimeError("an invalid state")
        return real(text, **kw)

    monkeypatch.setattr(bibtexparser, "parse_string", fragile)
    reporter = Reporter("x.bib")
    pubs = read_bibtex("@article{a, title={A}}\n@misc{boom, title={B}}\n@article{c, title={C}}\n", reporter)
    assert [pub.key for pub in pubs] == ["a", "c"]
    assert [str(d) for d in reporter.found] == [
        f"x.bib:2: boom: bibtexparser failed on this entry (an invalid state), {LEFT_OUT}"
    ]


# --- The corpus: real files written by other people, read in place ---------------------------------


def test_the_readme_says_what_shared_holds_and_a_skip_points_there(monkeypatch, tmp_path):
    import conftest

    monkeypatch.setattr(conftest, "SHARED", tmp_path / "absent")
    monkeypatch.delenv("CI", raising=False)  # CI fails instead of skipping
    with pytest.raises(pytest.skip.Exception) as skipped:
        conftest.shared_or_skip("corpus", "MANIFEST.tsv")
    assert f"'{conftest.SHARED_README_SECTION}'" in str(skipped.value)
    readme = (conftest.REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split(f"\n### {conftest.SHARED_README_SECTION}\n", 1)[1].split("\n#", 1)[0]
    for said in ("../shared", "`seeds/`", "`corpus/`", "MANIFEST.tsv", "these tests skip", "same coverage"):
        assert said in section, said


def _corpus() -> dict[str, dict]:
    with open(shared_or_skip("corpus", "MANIFEST.tsv"), encoding="utf-8", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}


CORPUS_BIB = [
    "01_594zyc_594zyc.github.io_papers.bib",
    "04_42Shawn_42Shawn.github.io_papers.bib",
    "06_florent-jacquemard_florent-jacquemard.github.io_proceedings.bib",
    "09_nutanlimaye_nutanlimaye.github.io_dblp-withcrossref.bib",
    "10_CoreySpohn_dissertation_library.bib",
    "11_Suhoiyis_thesisuestc_zotero.bib",
    "12_TheBB_NFRCV_zotero.bib",
    "14_HotSmartSandwich_Dissertation_jabref.bib",
    "15_Chris-MorrisUK_Thesis_AMiede_Publications.bib",
    "17_crcox_MASTERBIB_ttr.bib",
]


def entry_count_estimate(text: str) -> int:
    """How many ``@type{`` / ``@type(`` entries ``text`` opens (not @string, @comment, @preamble)."""
    openings = re.finditer(r"@[ \t]*([A-Za-z]\w*)[ \t]*[{(]", text)
    return sum(m.group(1).lower() not in ("string", "comment", "preamble") for m in openings)


def _read_shared(path: Path):
    reporter = Reporter(path.name)
    pubs = read_bibtex_file(path, reporter)
    return pubs, reporter


@pytest.mark.parametrize("name", CORPUS_BIB)
def test_corpus_file_loses_no_entry_silently(name):
    manifest = _corpus()
    path = SHARED / "corpus" / name
    pubs, reporter = _read_shared(path)
    estimate = entry_count_estimate(read_text_file(path, Reporter(name)))
    # The estimate counts every "@type{" / "@type(" opening, so it would count an "@x{" inside a value or
    # comment too; for all ten files it equals the manifest's hand count (17: 1293 includes its two duplicates).
    assert estimate == int(manifest[name]["entries"])
    dropped = {d.line for d in reporter.found if d.problem.endswith(LEFT_OUT)}
    assert len(pubs) + len(dropped) == estimate
    for diagnostic in reporter.found:
        assert re.match(rf"{re.escape(name)}:\d+: ", str(diagnostic)), str(diagnostic)
    assert all(pub.trusted is False and pub.key and pub.bibtex for pub in pubs)
    assert len({pub.key for pub in pubs}) == len(pubs)


def test_the_corpus_misspells_only_what_it_misspells():
    """Of every field and entry type of ten real files (al-folio's, DBLP's, HAL's, Zotero's, JabRef's and hand-kept
    ones), only the two misspellings are told: a custom field of a tool or of its author is silent."""
    for name in CORPUS_BIB:
        shared_or_skip("corpus", name)
    told = [
        str(found)
        for name in CORPUS_BIB
        for found in _read_shared(SHARED / "corpus" / name)[1].found
        if found.problem.startswith("unknown")
    ]
    assert told == [
        "17_crcox_MASTERBIB_ttr.bib:2561: DinseRecanzoneMerzenich93.tpages: unknown field; did you mean 'pages'?",
        "17_crcox_MASTERBIB_ttr.bib:4804: McClelland95confab: unknown entry type '@incollaction'; "
        "did you mean '@incollection'?",
    ]


def test_seed_papers_keep_both_entries_with_the_same_key():
    path = shared_or_skip("seeds", "yu-cheng", "papers.bib")
    pubs, reporter = _read_shared(path)
    assert entry_count_estimate(path.read_text()) == len(pubs) == 3
    assert {pub.key: pub.abbr for pub in pubs} == {
        "zhao2023goldminer": "SOSP",
        "zhao2023goldminer-2": "SIGMOD",
        "jiang2022zoomer": "ICDE",
    }
    assert [str(d) for d in reporter.found] == [
        "papers.bib:14: zhao2023goldminer: this key is already used by the entry on line 1; "
        "this entry is kept as zhao2023goldminer-2"
    ]
    assert pubs[1].authors[-1].name == ET_AL and pubs[1].bibtex.startswith("@article{zhao2023goldminer,\n  title=")


@pytest.mark.parametrize("name", CORPUS_BIB[:3])  # the al-folio and academicpages files, display fields and all
def test_corpus_bibtex_is_the_entry_as_written_without_display_fields(name):
    _corpus()
    pubs, _ = _read_shared(SHARED / "corpus" / name)
    text = (SHARED / "corpus" / name).read_text(encoding="utf-8")
    for pub in pubs:
        assert pub.bibtex.split(",", 1)[0] in text  # "@type{key" as written
        fields = _fields(pub.bibtex)
        assert not {k.lower() for k in fields} & set(DISPLAY_ONLY_FIELDS)
        for value in fields.values():
            assert value in text  # each kept field byte for byte


def _corpus_pubs(name: str):
    _corpus()
    return _read_shared(SHARED / "corpus" / name)[0]


def test_corpus_accents_decode_in_real_names():
    names = {a.name for pub in _corpus_pubs("12_TheBB_NFRCV_zotero.bib") for a in pub.authors}
    assert {"Marek Morzyński", "D. Perić", "Laurens van der Maaten", "J. Douglas Jr."} <= names
    assert "Trond Kvamsdal" in names  # Zotero wrote {Kvamsdal, Trond}: still Last, First
    assert not any("{" in name or "}" in name for name in names)
    # Only two names keep a backslash: the file spells it {\textbackslash}, Zotero's escape for a typed "\".
    assert {name for name in names if "\\" in name} == {"I. Demird\\u zić", "\\ I. Temizer"}

    jabref = _corpus_pubs("14_HotSmartSandwich_Dissertation_jabref.bib")
    assert any(re.search("[А-Яа-я]", pub.abstract or "") for pub in jabref)  # Russian abstracts stay Cyrillic

    zotero = _corpus_pubs("11_Suhoiyis_thesisuestc_zotero.bib")
    chinese = [a for pub in zotero for a in pub.authors if re.search("[\u4e00-\u9fff]", a.name)]
    assert chinese and all(a.family == a.name and not a.given for a in chinese)  # {曾韵晗} is one name
    assert "曾韵晗" in {a.name for a in chinese}

    miede = _corpus_pubs("15_Chris-MorrisUK_Thesis_AMiede_Publications.bib")
    assert {"André Miede", "Sebastian Zöller", "Gökhan Şimşek"} <= {a.name for pub in miede for a in pub.authors}


def test_corpus_quirks():
    hal = {pub.key: pub for pub in _corpus_pubs("06_florent-jacquemard_florent-jacquemard.github.io_proceedings.bib")}
    cut = hal["bouhoula:inria-00579015"]  # ends early at \{ in bibtexparser; its year, month and pdf follow the \{
    assert (cut.year, cut.month) == (2007, 7) and "pdf" in [link.kind for link in cut.links]

    dblp = _corpus_pubs("09_nutanlimaye_nutanlimaye.github.io_dblp-withcrossref.bib")
    assert all(pub.venue for pub in dblp)  # 41 crossrefs fill in booktitle from the @proceedings

    alfolio = _corpus_pubs("04_42Shawn_42Shawn.github.io_papers.bib")
    assert any(a.name == "Zhihang Yuan" and a.marks == "*" for pub in alfolio for a in pub.authors)

    bbt = _corpus_pubs("10_CoreySpohn_dissertation_library.bib")
    assert any("$" in pub.title for pub in bbt)  # $..$ math kept for MathJax


def test_volume_number_pages_publisher_and_the_rest():
    text = (
        "@proceedings{procs, title = {Proceedings of Tests}, editor = {Lee, Ann and Bo Park}, publisher = {ACM},\n"
        "  series = {LNCS}, isbn = {978-3}, year = 2021}\n"
        "@inproceedings{paper, title = {A Paper}, crossref = {procs}, volume = 7, number = {2},\n"
        "  pages = {1{--}10}, edition = {Second}, issn = {1234-5678}}\n"
        "@article{single, title = {One Page}, journal = {J}, pages = {e1234}, issue = {4}}\n"
    )
    pubs = {pub.key: pub for pub in read_bibtex(text, Reporter("x.bib"))}
    paper = pubs["paper"]
    assert (paper.venue, paper.volume, paper.issue, paper.pages) == ("Proceedings of Tests", "7", "2", "1\u201310")
    assert (paper.publisher, paper.series, paper.isbn, paper.issn) == ("ACM", "LNCS", "978-3", "1234-5678")
    assert (paper.edition, [e.name for e in paper.editors]) == ("Second", ["Ann Lee", "Bo Park"])
    assert (pubs["single"].pages, pubs["single"].issue) == ("e1234", "4")


@pytest.mark.parametrize(
    "fields, venue, badge",
    [
        ("eprint = {arXiv:2602.03560}, howpublished = {arXiv}", "arXiv preprint arXiv:2602.03560", "arXiv"),
        ("eprint = {2602.03560}, eprinttype = {arxiv}, abbr = {ICLR}", "arXiv preprint arXiv:2602.03560", "ICLR"),
        (
            "eprint = {2602.03560}, archivePrefix = {arXiv}, howpublished = {arXiv preprint arXiv:2602.03560v2}",
            "arXiv preprint arXiv:2602.03560v2",
            "arXiv",
        ),
        ("eprint = {2602.03560}, howpublished = {Blog post}", "Blog post", None),  # no arXiv: as written
    ],
)
def test_an_arxiv_misc_is_named_as_scholar_names_it(fields, venue, badge):
    (pub,) = read_bibtex(f"@misc{{w2026, title = {{W}}, year = 2026, {fields}}}\n", Reporter("refs.bib"))
    assert (pub.venue, pub.abbr) == (venue, badge)
