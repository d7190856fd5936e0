"""What a build says about the .bib and CSL-JSON files it reads: each problem once, in the order of the file's
lines, naming the file, the line and the entry's key; and what the readers make of what IEEE's and people's
exports write."""

from __future__ import annotations

import json

from conftest import page


def problems(result) -> list[str]:
    """The researcher's warnings without their prefix."""
    return [warning.removeprefix("researcher: ") for warning in result.researcher_warnings()]


def buttons(entry) -> dict[str, str]:
    return {a.select_one("span").get_text(): a["href"] for a in entry.select(".researcher-links a.researcher-action")}


SHARED_BIB = r"""@article{shared2024,
  title = {Shown on Two Pages},
  journal = {J},
  year = {2024},
  month = {Smarch},
}
"""


def test_a_bib_two_pages_show_is_reported_once(build_site):
    front = {"publications": ["refs.bib"]}
    result = build_site({"index.md": page(front), "more.md": page(front), "refs.bib": SHARED_BIB})
    assert problems(result) == ["docs/refs.bib:5: shared2024.month: 'Smarch' is not a month; it is left out"]


OUT_OF_ORDER = r"""@article{twice,
  title = {First},
  year = {2020},
}
@article{twice,
  title = {Second},
  year = {2021},
}
@article{late,
  title = {Third},
  year = {2022},
  month = {Smarch},
}
"""


def test_a_files_problems_come_in_the_order_of_its_lines(build_site):
    # A key used twice is found once every entry is read, after the month three entries on.
    result = build_site({"index.md": page({"publications": ["refs.bib"]}), "refs.bib": OUT_OF_ORDER})
    assert problems(result) == [
        "docs/refs.bib:5: twice: this key is already used by the entry on line 1; this entry is kept as twice-2",
        "docs/refs.bib:12: late.month: 'Smarch' is not a month; it is left out",
    ]


LINKS_BIB = r"""@inproceedings{smith2020,
  title = {Links},
  booktitle = {B},
  year = {2020},
  pdf = {smith2020.pdf},
  slides = {javascript:alert(1)},
  url = {javascript:
         alert(2)},
}
"""
LINKS_CSL = json.dumps(
    [{"id": "jones2021", "type": "article-journal", "title": "CSL links", "URL": "javascript: alert(3)"}], indent=2
)


def test_link_problems_name_the_bib_or_csl_file_its_line_and_key(build_site):
    result = build_site(
        {"index.md": page({"publications": ["refs.bib", "refs.json"]}), "refs.bib": LINKS_BIB, "refs.json": LINKS_CSL}
    )
    # A value that is no web address is quoted as the file has it, spaces and line break (as one space) kept.
    # The missing pdf is found while the page is rendered: it names the entry all the same.
    assert problems(result) == [
        "docs/refs.bib:6: smith2020.slides: 'javascript:alert(1)' is not an http(s), mailto or relative URL; "
        "this link is left out",
        "docs/refs.bib:7: smith2020.url: 'javascript: alert(2)' is not an http(s), mailto or relative URL; "
        "this link is left out",
        "docs/refs.json:2: jones2021.url: 'javascript: alert(3)' is not an http(s), mailto or relative URL; "
        "this link is left out",
        # The path it was looked for at: under assets_dir, where a bare pdf name goes.
        "docs/refs.bib:1: smith2020.links.pdf: the file 'docs/assets/pdf/smith2020.pdf' does not exist",
    ]
    assert result.html().select(".researcher-publication .researcher-links a") == []


def test_a_key_used_in_two_files_names_both(build_site):
    first = "\n\n@article{smith2020,\n  title = {In the First File},\n  year = {2020},\n}\n"
    second = "@article{smith2020,\n  title = {In the Second File},\n  year = {2020},\n}\n"
    csl = json.dumps([{"id": "smith2020", "type": "book", "title": "In the CSL File"}], indent=2)
    front = {"publications": ["a.bib", "b.bib", "c.json", {"title": "On the Page", "key": "smith2020"}]}
    result = build_site({"index.md": page(front), "a.bib": first, "b.bib": second, "c.json": csl})
    assert problems(result) == [
        "docs/b.bib:1: smith2020: this key is already used by the entry at docs/a.bib:3; "
        "this entry is kept as smith2020-2",
        "docs/c.json:2: smith2020: this key is already used by the entry at docs/a.bib:3; "
        "this entry is kept as smith2020-3",
        "docs/index.md:7: publications[3].key: this key is already used by the entry at docs/a.bib:3; "
        "this entry is kept as smith2020-4",
    ]
    ids = [entry["id"] for entry in result.html().select(".researcher-publication")]
    assert sorted(ids) == ["pub-smith2020", "pub-smith2020-2", "pub-smith2020-3", "pub-smith2020-4"]


def test_a_comma_before_and_in_an_author_list_is_left_out(build_site):
    bib = (
        "@article{park2023,\n  title = {Commas},\n  year = {2023},\n"
        "  author = {Park, Soobeen, and Kim, Minji and Lee, Jae},\n}\n"
    )
    result = build_site({"index.md": page({"publications": ["refs.bib"]}), "refs.bib": bib})
    entry = result.html().select_one(".researcher-publication")
    assert [a.get_text() for a in entry.select(".researcher-author")] == ["Soobeen Park", "Minji Kim", "Jae Lee"]
    assert problems(result) == [
        "docs/refs.bib:4: park2023.author: the name 'Park, Soobeen,' ends with a comma; it is read as 'Park, Soobeen'"
    ]


def test_ieee_tabbing_accents_are_decoded(build_site):
    bib = r"""@article{ieee2022,
  title = {Estimaci{\a'o}n de {\a=o}rbitas, {\a`a} la {\a^e}tre},
  author = {Jos{\a'e} Garc{\a'\i}a and M{\a"u}ller, J{\a"o}rg},
  journal = {IEEE},
  year = {2022},
}
"""
    result = build_site({"index.md": page({"publications": ["refs.bib"]}), "refs.bib": bib})
    entry = result.html().select_one(".researcher-publication")
    assert entry.select_one(".researcher-publication__title").get_text() == "Estimación de ōrbitas, à la être"
    assert [a.get_text() for a in entry.select(".researcher-author")] == ["José García", "Jörg Müller"]
    assert problems(result) == []


def test_fields_the_reader_knows_are_no_buttons_even_when_unused(build_site):
    # howpublished is a venue (the journal comes first), date a year (the year field comes first): neither is a
    # field the reader has no use for, so neither becomes a link of its own; a field of the researcher's does.
    bib = r"""@article{k,
  title = {T},
  journal = {J},
  howpublished = {https://example.org/venue},
  year = {2024},
  date = {2024-05-01},
  recording = {https://example.org/rec},
}
"""
    result = build_site({"index.md": page({"publications": ["refs.bib"]}), "refs.bib": bib})
    assert buttons(result.html().select_one(".researcher-publication")) == {"Recording": "https://example.org/rec"}
    assert problems(result) == []
