"""Names and links as people write them: BibTeX author strings in front matter, Google Scholar's spellings of
the owner, links without their scheme or inside <a href>, and link fields under names of their own."""

from __future__ import annotations

import json

from conftest import page


def selves(entry) -> list[str]:
    return [s.get_text() for s in entry.select(".researcher-self")]


def buttons(entry) -> dict[str, str]:
    """Each link button's label -> its href."""
    return {a.select_one("span").get_text(): a["href"] for a in entry.select(".researcher-links a.researcher-action")}


def test_authors_written_as_one_bibtex_string(build_site):
    pubs = [
        {"title": "Joined", "authors": "Lovelace, Ada and Wall, Wolfgang A.  and  others"},
        {"title": "Listed with commas", "authors": "Ada Lovelace, Charles Babbage and Alan Turing"},
        {"title": "One comma", "authors": "Lovelace, Ada"},
    ]
    result = build_site({"index.md": page({"profile": {"name": "Wolfgang A. Wall"}, "publications": pubs})})
    soup = result.html()
    assert [t.get_text() for t in soup.select(".researcher-publication__title")] == ["Joined"]
    entry = soup.select_one(".researcher-publication")
    assert [a.get_text() for a in entry.select(".researcher-author")] == ["Ada Lovelace", "Wolfgang A. Wall"]
    assert entry.select_one(".researcher-authors").get_text().endswith("et al.")
    assert selves(entry) == ["Wolfgang A. Wall"]
    # A comma without "and" on both sides of it could be "Last, First" or a list: refused, never guessed.
    assert result.researcher_warnings() == [
        f"researcher: docs/index.md:{line}: publications[{index}].authors: '{written}' could be one "
        '"Last, First" name or several names: write a list, like [Ada Lovelace, Charles Babbage], or join the '
        'names with "and", like "Lovelace, Ada and Babbage, Charles"; this publication is left out'
        for index, line, written in [(1, 8, pubs[1]["authors"]), (2, 10, pubs[2]["authors"])]
    ]


def test_google_scholar_spellings_of_the_owner_are_highlighted(build_site):
    wall = ["WA Wall", "Wei Wall", "Wall WA", "Wall, W. A.", "Walter A. Wall", "W Wall", "WB Wall"]
    valdez = [
        "Calero Valdez, A.",
        "A Calero-Valdez",
        "A Calero Valdez",
        "Valdez, AC",
        "Calero Valdez A",
        "A Valdez",
        "André Valdez",
        "B. Calero Valdez",
    ]
    result = build_site(
        {
            "index.md": page(
                {"profile": {"name": "Wolfgang A. Wall"}, "publications": [{"title": "W", "authors": wall}]}
            ),
            "valdez.md": page(
                {"profile": {"name": "André Calero Valdez"}, "publications": [{"title": "V", "authors": valdez}]}
            ),
        }
    )
    assert result.researcher_warnings() == []
    # Initials glued together, before or after the family name; a dropped middle initial ("W Wall") too. Not
    # another given name ("Wei", "Walter") nor more initials than the profile's name has ("WB").
    assert selves(result.html()) == ["WA Wall", "Wall WA", "W. A. Wall", "W Wall"]
    # A family name of two words, joined or not, before or after the initials. "A Valdez" leaves out Calero,
    # which may be the first family name: another person, as far as the list tells.
    assert selves(result.html("valdez/index.html")) == [
        "A. Calero Valdez",
        "A Calero-Valdez",
        "A Calero Valdez",
        "AC Valdez",
        "Calero Valdez A",
    ]


def test_links_written_as_people_write_them(build_site):
    links = {
        "html": "osf.io/abcd",
        "doi": 'doi:<a href="https://doi.org/10.1/x">10.1/x</a>',
        "video": '<a href="https://youtu.be/abc?t=1&amp;s=2">the talk</a>',
        "website": "http://dx.doi.org/10.2/Y",
        "pdf": "papers/x.pdf",
        "slides": "x.pdf",
        "poster": "poster.ai",
        "code": '<a href="javascript:alert(1)">code</a>',
    }
    project = {"name": "P", "url": "optics.byu.edu/projects/p"}
    front = {"profile": {"name": "Ada"}, "publications": [{"title": "T", "links": links}], "projects": [project]}
    result = build_site({"index.md": page(front), "papers/x.pdf": b"%PDF", "x.pdf": b"%PDF"})
    soup = result.html()
    assert buttons(soup.select_one(".researcher-publication")) == {
        "HTML": "https://osf.io/abcd",
        "DOI": "https://doi.org/10.1/x",
        "Video": "https://youtu.be/abc?t=1&s=2",
        "Website": "https://doi.org/10.2/Y",
        "PDF": "papers/x.pdf",
        "Slides": "x.pdf",
    }
    assert soup.select_one(".researcher-project__name a")["href"] == "https://optics.byu.edu/projects/p"
    # A file name is never taken for a web address; a value that is neither is quoted as written.
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:14: publications[0].links.code: "
        "'<a href=\"javascript:alert(1)\">code</a>' is not an http(s), mailto or relative URL; this link is left out",
        "researcher: docs/index.md:13: publications[0].links.poster: "
        "the file 'poster.ai' does not exist (paths are relative to this page's file)",
    ]


def test_other_fields_of_a_publication_that_are_links_become_buttons(build_site):
    pub = {
        "title": "T",
        "links": {"pdf": "https://example.org/p.pdf"},
        "codelink": "https://github.com/x/y",
        "paperlink": "optics.byu.edu/papers/t",
        "preprint": "https://arxiv.org/abs/2401.00001",
        "talk": "https://example.org/talk",
        "data": "osf.io/data1",
        "doi": "10.1/z",
        "recording_2024": "https://example.org/rec",
        "funding": "NSF grant 123",
        "homepage_of_lab": "example.org",
    }
    project = {"name": "P", "codelink": "github.com/x/p", "ulr": "https://example.org/p"}
    front = {"profile": {"name": "Ada"}, "publications": [pub], "projects": [project]}
    result = build_site({"index.md": page(front)})
    soup = result.html()
    entry = soup.select_one(".researcher-publication")
    assert buttons(entry) == {
        "PDF": "https://example.org/p.pdf",
        "Code": "https://github.com/x/y",
        "Paper": "https://optics.byu.edu/papers/t",
        "Preprint": "https://arxiv.org/abs/2401.00001",
        "Talk": "https://example.org/talk",
        "Data": "https://osf.io/data1",
        "DOI": "https://doi.org/10.1/z",
        "Recording 2024": "https://example.org/rec",
    }
    assert [a["data-kind"] for a in entry.select(".researcher-links a")][:2] == ["pdf", "code"]
    assert buttons(soup.select_one(".researcher-project")) == {"Code": "https://github.com/x/p"}
    # Text is no link, nor is a host alone; a name close to a URL field is a misspelling of it.
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:15: publications[0].funding: unknown field of a publication",
        "researcher: docs/index.md:16: publications[0].homepage_of_lab: unknown field of a publication",
        "researcher: docs/index.md:20: projects[0].ulr: unknown field of a project; did you mean 'url'?",
    ]


BIB = r"""@article{wall2024,
  title = {From a Bib File},
  author = {WA Wall and Lovelace, Ada},
  journal = {J},
  year = {2024},
  url = {optics.byu.edu/papers/wall2024},
  doi = {https://dx.doi.org/10.1/B},
  video = {<a href="https://youtu.be/abc">the talk</a>},
  pdf = {x.pdf},
  slides = {javascript:alert(1)},
}
"""


def test_bib_links_written_as_people_write_them(build_site):
    front = {"profile": {"name": "Wolfgang A. Wall"}, "publications": ["refs.bib"]}
    result = build_site({"index.md": page(front), "refs.bib": BIB, "assets/pdf/x.pdf": b"%PDF"})
    entry = result.html().select_one(".researcher-publication")
    assert selves(entry) == ["WA Wall"]
    assert buttons(entry) == {
        "DOI": "https://doi.org/10.1/B",
        "HTML": "https://optics.byu.edu/papers/wall2024",
        "PDF": "assets/pdf/x.pdf",
        "Video": "https://youtu.be/abc",
    }
    assert [w.split(": ", 3)[2:] for w in result.researcher_warnings()] == [
        ["wall2024.slides", "'javascript:alert(1)' is not an http(s), mailto or relative URL; this link is left out"]
    ]


def test_fields_the_readers_do_not_know_become_buttons_when_they_are_links(build_site):
    bib = r"""@inproceedings{k,
  title = {From a Bib File},
  booktitle = {B},
  year = {2024},
  codelink = {https://github.com/x/y},
  data = {osf.io/data1},
  talk_recording = {https://example.org/rec\_1},
  biburl = {https://dblp.org/rec/k.bib},
  bdsk-url-1 = {https://example.org/private},
  preview = {https://example.org/teaser.png},
  howpublished = {arXiv.org},
  langid = {english},
  broken = {https://example.org/a b <a href="javascript:x">c</a>},
}
"""
    csl = [
        {
            "id": "c",
            "type": "article-journal",
            "title": "From a CSL File",
            "code": "https://github.com/x/c",
            "preprint_url": "arxiv.org/abs/2401.00002",
            "archive": "Zenodo",
        }
    ]
    front = {"publications": ["refs.bib", "refs.json"]}
    result = build_site({"index.md": page(front), "refs.bib": bib, "refs.json": json.dumps(csl)})
    by_title = {
        entry.select_one(".researcher-publication__title").get_text(): buttons(entry)
        for entry in result.html().select(".researcher-publication")
    }
    assert by_title == {
        "From a Bib File": {
            "Code": "https://github.com/x/y",
            "Data": "https://osf.io/data1",
            "Talk Recording": "https://example.org/rec_1",
        },
        "From a CSL File": {"Code": "https://github.com/x/c", "Preprint": "https://arxiv.org/abs/2401.00002"},
    }
    # DBLP's biburl, a private field and al-folio's preview image are no links; nor is text that names a site.
    assert result.researcher_warnings() == []
