"""Reading CSL-JSON: every item comes out as a Publication, or one warning with its line says why not."""

from __future__ import annotations

import csv
import json
import re

import pytest
from conftest import SHARED, shared_or_skip

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.model.names import ET_AL
from mkdocs_researcher.sources.csl import read_csl_file, read_csl_json
from mkdocs_researcher.sources.publication_fields import LEFT_OUT


def read(items, name: str = "refs.json"):
    reporter = Reporter(name)
    text = items if isinstance(items, str) else json.dumps(items, indent=1, ensure_ascii=False)
    return read_csl_json(text, reporter), [str(d) for d in reporter.found]


def test_an_item():
    pubs, messages = read(
        [
            {
                "id": "cheng2025",
                "type": "paper-conference",
                "title": "Tile<i>Lang</i>: a 4<sup>th</sup> compiler",
                "author": [
                    {"family": "Cheng", "given": "Yu"},
                    {"family": "Maaten", "non-dropping-particle": "van der", "given": "Laurens"},
                    {"family": "Humboldt", "dropping-particle": "von", "given": "Alexander"},
                    {"family": "Douglas", "given": "J.", "suffix": "Jr."},
                    {"literal": "World Health Organization"},
                    {"family": "费孝通"},
                    {"family": "Yuan*", "given": "Zhihang"},
                ],
                "container-title": "OSDI",
                "issued": {"date-parts": [[2025, 7, 10]]},
                "DOI": "10.1/abc",
                "URL": "https://example.org/paper",
                "abstract": "We present it.",
                "note": "Oral",
                "keyword": "compilers, GPU,compilers",
            }
        ]
    )
    assert messages == []
    (pub,) = pubs
    assert (pub.key, pub.title, pub.type, pub.venue, pub.year, pub.month) == (
        "cheng2025", "TileLang: a 4th compiler", "conference", "OSDI", 2025, 7,
    )  # fmt: skip
    assert [(a.name, a.given, a.family, a.marks) for a in pub.authors] == [
        ("Yu Cheng", "Yu", "Cheng", ""),
        ("Laurens van der Maaten", "Laurens", "van der Maaten", ""),
        ("Alexander von Humboldt", "Alexander", "von Humboldt", ""),
        ("J. Douglas Jr.", "J.", "Douglas", ""),
        ("World Health Organization", "", "World Health Organization", ""),
        ("费孝通", "", "费孝通", ""),
        ("Zhihang Yuan", "Zhihang", "Yuan", "*"),
    ]
    assert [(link.kind, link.url) for link in pub.links] == [
        ("doi", "https://doi.org/10.1/abc"),
        ("html", "https://example.org/paper"),
    ]
    assert (pub.abstract, pub.note, pub.tags, pub.trusted, pub.bibtex) == (
        "We present it.",
        "Oral",
        ["compilers", "GPU"],
        False,
        None,
    )


@pytest.mark.parametrize(
    "item, expected",
    [
        ({"type": "article-journal"}, "journal"),
        ({"type": "paper-conference"}, "conference"),
        ({"type": "thesis"}, "thesis"),
        ({"type": "book"}, "book"),
        ({"type": "chapter"}, "chapter"),
        ({"type": "report"}, "report"),
        ({"type": "patent"}, "patent"),
        ({"type": "article", "publisher": "arXiv"}, "preprint"),
        ({"type": "article", "URL": "https://arxiv.org/abs/2401.1"}, "preprint"),
        ({"type": "article-journal", "container-title": "arXiv preprint arXiv:2401.1"}, "preprint"),
        ({"type": "article"}, "other"),
        ({"type": "speech"}, "other"),
        ({}, "other"),
    ],
)
def test_types(item, expected):
    pubs, _ = read([{"id": "k", "title": "T", **item}])
    assert pubs[0].type == expected


@pytest.mark.parametrize(
    "issued, year, month, note",
    [
        ({"date-parts": [[2017, 5]]}, 2017, 5, None),
        ({"date-parts": [["2017", "11"]]}, 2017, 11, None),
        ({"date-parts": [[2017, 13]]}, 2017, None, None),  # 13-16 are seasons
        ({"raw": "2019-03-15"}, 2019, 3, None),
        ({"literal": "in press"}, None, None, "in press"),
    ],
)
def test_issued(issued, year, month, note):
    pubs, _ = read([{"id": "k", "title": "T", "issued": issued}])
    assert (pubs[0].year, pubs[0].month, pubs[0].note) == (year, month, note)


def test_theses_are_at_their_school():
    pubs, _ = read(
        [
            {"id": "a", "type": "thesis", "title": "T", "genre": "phdthesis", "publisher": "Université de Toulouse"},
            {"id": "b", "type": "thesis", "title": "T", "genre": "博士学位论文", "publisher": "复旦大学"},
        ]
    )
    assert [pub.venue for pub in pubs] == ["PhD thesis, Université de Toulouse", "博士学位论文, 复旦大学"]


def test_alfolio_display_fields_in_csl():
    pubs, messages = read(
        [
            {
                "id": "k",
                "title": "T",
                "abbr": "OSDI",
                "selected": True,
                "award": "Best Paper",
                "pdf": "k.pdf",
                "code": "javascript:x()",
            }
        ]
    )
    assert (pubs[0].abbr, pubs[0].selected, pubs[0].award) == ("OSDI", True, "Best Paper")
    assert [(link.kind, link.url) for link in pubs[0].links] == [("pdf", "assets/pdf/k.pdf")]
    assert messages == [
        "refs.json:2: k.code: 'javascript:x()' is not an http(s), mailto or relative URL; this link is left out"
    ]


def test_items_object_and_et_al():
    pubs, messages = read(
        {"items": [{"id": "k", "title": "T", "author": [{"family": "Cheng", "given": "Yu"}, {"literal": "others"}]}]}
    )
    assert [a.name for a in pubs[0].authors] == ["Yu Cheng", ET_AL] and messages == []


def test_invalid_json_is_one_warning_with_its_line():
    pubs, messages = read('[\n  {"id": "a", "title": "A"},\n  {"id": "b" "title": "B"}\n]')
    assert pubs == []
    assert messages == [
        "refs.json:3: this is not valid JSON (Expecting ',' delimiter, column 14); no publication is read from the file"
    ]


def test_bad_items_are_reported_and_the_others_kept():
    text = (
        '[\n  {"id": "a", "title": "A"},\n  "not an item",\n  {"id": "b"},\n'
        '  {"id": "c", "title": "C",\n   "author": [{"given": ""}, {"family": "Doe"}]},\n'
        '  {"id": "a", "title": "A again"}\n]'
    )
    pubs, messages = read(text)
    assert [pub.key for pub in pubs] == ["a", "c", "a-2"]
    assert [a.name for a in pubs[1].authors] == ["Doe"]
    assert messages == [
        f'refs.json:3: item 2 of the list is "not an item", not an object, {LEFT_OUT}',
        f"refs.json:4: b: item 3 of the list (id b) has no title, {LEFT_OUT}",
        "refs.json:5: c.author: name 1 is not a CSL name (family/given or literal); it is left out",
        "refs.json:7: a: this key is already used by the entry on line 2; this entry is kept as a-2",
    ]


def test_not_a_list():
    pubs, messages = read({"title": "one item, not a list"})
    assert pubs == [] and messages == [
        "refs.json:1: expected a list of CSL items (or an object with an 'items' list); "
        "no publication is read from the file"
    ]


def test_missing_file(tmp_path):
    reporter = Reporter("gone.json")
    assert read_csl_file(tmp_path / "gone.json", reporter) == []
    assert [d.problem for d in reporter.found] == ["cannot read gone.json: No such file or directory"]


# --- The corpus -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["21_TomBener_quarto-chinese_bibliography.json", "22_jvanhare_bibliography_jvanhare.json"]
)
def test_corpus_file_loses_no_item_silently(name):
    manifest_path = shared_or_skip("corpus", "MANIFEST.tsv")
    with open(manifest_path, encoding="utf-8", newline="") as handle:
        manifest = {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}
    path = SHARED / "corpus" / name
    reporter = Reporter(name)
    pubs = read_csl_file(path, reporter)
    items = json.loads(path.read_text(encoding="utf-8"))
    assert len(items) == int(manifest[name]["entries"])
    dropped = {d.line for d in reporter.found if d.problem.endswith(LEFT_OUT)}
    assert len(pubs) + len(dropped) == len(items)
    for diagnostic in reporter.found:
        assert re.match(rf"{re.escape(name)}:\d+: ", str(diagnostic)), str(diagnostic)
    assert len({pub.key for pub in pubs}) == len(pubs) and all(pub.trusted is False for pub in pubs)


def test_corpus_names():
    path = shared_or_skip("corpus", "21_TomBener_quarto-chinese_bibliography.json")
    pubs = read_csl_file(path, Reporter(path.name))
    names = {a.name: a for pub in pubs for a in pub.authors}
    assert names["费孝通"].family == "费孝通" and not names["费孝通"].given
    assert names["Alan de Brauw"].family == "de Brauw"
    assert "UN General Assembly" in names


def test_volume_issue_page_publisher_and_the_rest():
    item = {
        "id": "b",
        "type": "book",
        "title": "A Book",
        "container-title": "Venue",
        "volume": 3,
        "issue": "1",
        "page": "12 - 20",
        "publisher": "MIT Press",
        "edition": "2",
        "editor": [{"family": "Lee", "given": "Ann"}, {"literal": "The Group"}, "nobody"],
        "collection-title": "Series of Tests",
        "ISBN": "978-0",
        "ISSN": "1234-5678",
    }
    [pub], messages = read([item])
    assert (pub.volume, pub.issue, pub.pages, pub.publisher) == ("3", "1", "12\u201320", "MIT Press")
    assert (pub.edition, pub.series, pub.isbn, pub.issn) == ("2", "Series of Tests", "978-0", "1234-5678")
    assert [e.name for e in pub.editors] == ["Ann Lee", "The Group"]
    assert messages == ["refs.json:2: b.editor: name 3 is not a CSL name (family/given or literal); it is left out"]


def test_private_fields_of_an_item_are_no_links_in_any_case():
    pubs, messages = read(
        [
            {
                "id": "k",
                "title": "T",
                "URL": "https://public.example/paper",
                "bdsk-url-1": "https://intranet.example/private-first",
                "Local-URL": "https://intranet.example/private-second",
            }
        ]
    )
    assert [link.url for link in pubs[0].links] == ["https://public.example/paper"]
    assert messages == []


def test_misspelled_keys_are_told_and_keys_of_ones_own_are_silent():
    pubs, messages = read(
        [
            {"id": "a", "type": "article-journal", "title": "A", "isued": {"date-parts": [[2024]]}, "DOI": "10.1/a"},
            {"id": "b", "type": "book", "title": "B", "zotero-item-key": "X1", "abbr": "B", "codecoming": True},
        ]
    )
    assert len(pubs) == 2 and pubs[0].year is None
    assert messages == ["refs.json:2: a.isued: unknown key; did you mean 'issued'?"]
