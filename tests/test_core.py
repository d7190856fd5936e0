"""The core slice: front matter -> profile, publications, projects, experience, education in real builds."""

from __future__ import annotations

import json
import re

import pytest
from conftest import page

PROFILE = {
    "name": "Yu Cheng",
    "native_name": "程羽",
    "pronouns": "he/him",
    "photo": "images/me.svg",
    "position": "Fourth-year PhD student",
    "affiliations": [{"name": "Peking University", "url": "https://www.pku.edu.cn/"}, "Microsoft Research Asia"],
    "email": "yu.cheng@pku.edu.cn",
    "interests": ["Deep learning systems", "Compilers"],
    "aliases": ["Y. Cheng"],
    "links": {"github": "octocat", "scholar": "AbCdEfGAAAAJ", "orcid": "0000-0002-1825-0097", "cv": "files/cv.pdf"},
}
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'


def twelve_authors(self_at: int | None = 0) -> list[str]:
    names = [f"Author{i} Person{i}" for i in range(12)]
    if self_at is not None:
        names[self_at] = "Yu Cheng"
    return names


def home(**sections) -> dict[str, str]:
    front = {"profile": PROFILE, **sections}
    return {"index.md": page(front, "A short **bio**.\n"), "images/me.svg": SVG, "files/cv.pdf": "%PDF-1.4"}


def items(soup, kind: str):
    return soup.select(f".researcher-section.researcher-{kind} .researcher-item")


# Profile --------------------------------------------------------------------------------


def test_profile_card_shows_every_field(build_site):
    result = build_site(home())
    assert result.researcher_warnings() == []
    soup = result.html()
    card = soup.select_one(".researcher-section.researcher-profile")
    assert card.select_one("h1.researcher-profile__name .p-name").get_text() == "Yu Cheng"
    assert card.select_one(".researcher-profile__native").get_text() == "程羽"
    assert card.select_one(".researcher-profile__pronouns").get_text() == "(he/him)"
    assert card.select_one(".researcher-profile__position").get_text() == "Fourth-year PhD student"
    assert card.select_one("img.u-photo")["src"] == "images/me.svg"
    affiliations = card.select(".researcher-profile__affiliations li")
    assert [a.get_text() for a in affiliations] == ["Peking University", "Microsoft Research Asia"]
    assert affiliations[0].a["href"] == "https://www.pku.edu.cn/"
    assert [t.get_text() for t in card.select(".researcher-tag")] == ["Deep learning systems", "Compilers"]
    # Material adds its own <h1> only when the content has none: the name is the page heading.
    assert len(soup.select("article h1")) == 1


def test_profile_links_expand_handles_and_resolve_files(build_site):
    soup = build_site(home()).html()
    hrefs = {a["data-kind"]: a["href"] for a in soup.select(".researcher-profile__links a")}
    assert hrefs == {
        "github": "https://github.com/octocat",
        "scholar": "https://scholar.google.com/citations?user=AbCdEfGAAAAJ",
        "orcid": "https://orcid.org/0000-0002-1825-0097",
        "cv": "files/cv.pdf",
    }
    for link in soup.select(".researcher-profile__links a"):
        assert soup.select_one(link.select_one("svg use")["xlink:href"] + ":is(symbol)")
        assert link.select_one(".researcher-icon-link__label").get_text()
    # Each icon used is defined once in the page's sprite.
    used = {u["xlink:href"][1:] for u in soup.select("use")}
    defined = {s["id"] for s in soup.select("svg.researcher-sprite symbol")}
    assert used <= defined


def test_email_is_readable_but_never_verbatim(build_site):
    result = build_site(home())
    assert "yu.cheng@pku.edu.cn" not in result.text()
    email = result.html().select_one("a.researcher-email")
    assert email.get_text() == "yu.chengpkueducn"  # "@" and "." come from CSS
    assert len(email.select(".researcher-email__at")) == 1
    assert email["data-researcher-email"][::-1] == "yu.cheng@pku.edu.cn"
    assert not email.has_attr("href")  # the script assembles the mailto: link


def test_email_plain_when_obfuscation_is_off(build_site):
    result = build_site(home(), plugins=[{"researcher": {"obfuscate_email": False}}])
    assert result.html().select_one("a.researcher-email")["href"] == "mailto:yu.cheng@pku.edu.cn"


def test_missing_photo_warns_and_falls_back_to_initials(build_site):
    pages = home()
    del pages["images/me.svg"]
    result = build_site(pages)
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:6: profile.photo: the file 'images/me.svg' does not exist "
        "(paths are relative to this page's file)"
    ]
    assert result.html().select_one(".researcher-avatar").get_text() == "YC"


def test_photo_is_relative_to_the_page_in_a_subfolder(build_site):
    pages = {"people/yu.md": page({"profile": {"name": "Yu Cheng", "photo": "../images/me.svg"}}), "images/me.svg": SVG}
    soup = build_site(pages).html("people/yu/index.html")
    assert soup.select_one("img.u-photo")["src"] == "../../images/me.svg"


# Publications ---------------------------------------------------------------------------


def test_publication_entry_fields_badge_award_links(build_site):
    pub = {
        "title": "PipeThreader: Software-Defined Pipelining for Efficient DNN Execution",
        "key": "cheng2025pipethreader",
        "authors": ["Yu Cheng", "Lei Wang*", "Yining Shi*"],
        "venue": "OSDI '25",
        "abbr": "OSDI",
        "year": 2025,
        "month": 7,
        "type": "conference",
        "award": "Oral Presentation",
        "abstract": "We *pipeline*.",
        "note": "Artifact **available**",
        "tags": ["compilers"],
        "links": {
            "pdf": "https://example.org/p.pdf",
            "arxiv": "2410.12345",
            "doi": "10.1145/3694715.3695961",
            "code": "https://github.com/x/y",
        },
    }
    soup = build_site(home(publications=[pub])).html()
    entry = soup.select_one("#pub-cheng2025pipethreader")
    assert "researcher-item" in entry["class"]
    assert entry.select_one(".researcher-badge").get_text() == "OSDI"
    assert entry.select_one(".researcher-publication__title").get_text() == pub["title"]
    assert entry.select_one(".researcher-publication__venue").get_text() == "OSDI '25, 2025"
    assert entry.select_one(".researcher-publication__award").get_text() == "Oral Presentation"
    marks = [m.get_text() for m in entry.select(".researcher-mark")]
    assert marks == ["*", "*"]
    assert entry.select_one(".researcher-publication__note strong").get_text() == "available"
    abstract = entry.select_one("details.researcher-abstract")
    assert abstract.summary.get_text() == "Abstract"
    assert abstract.select_one("em").get_text() == "pipeline"
    links = {a["data-kind"]: a["href"] for a in entry.select(".researcher-links a")}
    assert links == {
        "pdf": "https://example.org/p.pdf",
        "arxiv": "https://arxiv.org/abs/2410.12345",
        "doi": "https://doi.org/10.1145/3694715.3695961",
        "code": "https://github.com/x/y",
    }


@pytest.mark.parametrize(
    "written, shown",
    [
        ("Yu Cheng", "Yu Cheng"),
        ("Cheng, Yu", "Yu Cheng"),
        ("Y. Cheng", "Y. Cheng"),
        ("Chéng, Yú", "Yú Chéng"),
        ("YU CHENG", "YU CHENG"),
    ],
)
def test_owner_is_highlighted_however_written(build_site, written, shown):
    pub = {"title": "T", "authors": ["Lei Wang", written, "Yining Shi"]}
    soup = build_site(home(publications=[pub])).html()
    assert [s.get_text() for s in soup.select(".researcher-publication .researcher-self")] == [shown]


def test_other_people_are_not_highlighted(build_site):
    pub = {"title": "T", "authors": ["Yu Chen", "Cheng Yu", "Yi Cheng", "Wen Cheng"]}
    soup = build_site(home(publications=[pub])).html()
    # "Yi Cheng" matches the alias "Y. Cheng" by its initial; nobody else matches.
    assert [s.get_text() for s in soup.select(".researcher-self")] == ["Yi Cheng"]


def test_long_author_list_truncates_without_script(build_site):
    pub = {"title": "T", "authors": twelve_authors(0)}
    soup = build_site(home(publications=[pub])).html()
    authors = soup.select_one(".researcher-authors")
    more = authors.select_one("details.researcher-more-authors")
    shown = [a for a in authors.select(".researcher-author") if not a.find_parent("details")]
    assert len(shown) == 3
    assert more.summary.get_text() == ", and 9 more authors"
    assert len(more.select(".researcher-author")) == 9
    assert len(authors.select(".researcher-author")) == 12  # the full list stays in the HTML


def test_owner_is_never_hidden_by_truncation(build_site):
    pub = {"title": "T", "authors": twelve_authors(6)}
    soup = build_site(home(publications=[pub])).html()
    authors = soup.select_one(".researcher-authors")
    shown = [a for a in authors.select(".researcher-author") if not a.find_parent("details")]
    assert len(shown) == 7 and "researcher-self" in shown[-1]["class"]
    assert authors.select_one("summary").get_text() == ", and 5 more authors"


def test_one_more_author_is_singular_and_max_authors_zero_shows_all(build_site):
    pub = {"title": "T", "authors": ["A One", "B Two", "C Three", "D Four"]}
    soup = build_site(home(publications=[pub])).html()
    assert soup.select_one(".researcher-more-authors summary").get_text() == ", and 1 more author"
    soup = build_site(home(publications=[pub]), plugins=[{"researcher": {"max_authors": 0}}]).html()
    assert soup.select_one(".researcher-more-authors") is None
    assert soup.select_one(".researcher-authors").get_text() == "A One, B Two, C Three, and D Four"


def test_others_is_shown_as_et_al(build_site):
    pub = {"title": "T", "authors": ["A One", "Yu Cheng", "others"]}
    soup = build_site(home(publications=[pub])).html()
    assert soup.select_one(".researcher-authors").get_text() == "A One, Yu Cheng et al."


def test_plain_text_fields_are_escaped_and_never_markdown(build_site):
    pub = {
        "title": "<script>alert(1)</script> **bold** {{ config.site_name }}",
        "authors": ['"><img src=x onerror=alert(1)>'],
        "venue": "<b>Venue</b>",
        "abbr": "<i>X</i>",
        "tags": ["<u>t</u>"],
    }
    result = build_site(home(publications=[pub]))
    soup = result.html()
    entry = soup.select_one(".researcher-publication")
    assert entry.select("script, img, b, i, u, strong") == []
    assert entry.select_one(".researcher-publication__title").get_text() == pub["title"]
    assert entry.select_one(".researcher-author").get_text() == pub["authors"][0]
    assert entry.select_one(".researcher-tag").get_text() == "<u>t</u>"


def test_unsafe_link_schemes_are_dropped_with_a_warning(build_site):
    pub = {
        "title": "T",
        "links": {
            "pdf": "javascript:alert(1)",
            "code": "JaVa\tScRiPt:alert(1)",
            "video": "data:text/html,x",
            "slides": "vbscript:x",
            "website": "//evil.example/",
        },
    }
    result = build_site(home(publications=[pub]))
    assert result.html().select(".researcher-publication .researcher-links a") == []
    warned = [w for w in result.researcher_warnings() if "is not an http(s), mailto or relative URL" in w]
    assert len(warned) == 5


def test_key_is_derived_when_absent(build_site):
    pub = {"title": "The Art of Compiling", "authors": ["Yu Cheng"], "year": 2024}
    soup = build_site(home(publications=[pub])).html()
    assert soup.select_one(".researcher-publication")["id"] == "pub-cheng2024art"


def test_publications_newest_first(build_site):
    pubs = [
        {"title": "Old", "year": 2019},
        {"title": "New", "year": 2025, "month": 3},
        {"title": "Mid", "year": 2025, "month": 1},
    ]
    soup = build_site(home(publications=pubs)).html()
    assert [t.get_text() for t in soup.select(".researcher-publication__title")] == ["New", "Mid", "Old"]


# Projects and timelines ------------------------------------------------------------------


def test_projects_cards_groups_and_links(build_site):
    projects = [
        {
            "name": "TileLang",
            "description": "A *DSL*.",
            "repo": "tile-ai/tilelang",
            "tags": ["DSL", "GPU"],
            "image": "images/me.svg",
        },
        {"name": "Site", "url": "https://example.org", "links": {"demo": "https://demo.example.org"}},
        {"name": "ncu-cli", "group": "Fun projects", "repo": "KuangjuX/ncu-cli"},
    ]
    result = build_site(home(projects=projects))
    soup = result.html()
    section = soup.select_one(".researcher-section.researcher-projects")
    assert section.select_one("h2").get_text().strip() == "Projects"
    assert section.select_one("h3").get_text().strip() == "Fun projects"
    cards = items(soup, "projects")
    assert [c.select_one(".researcher-project__name").get_text() for c in cards] == ["TileLang", "Site", "ncu-cli"]
    assert cards[0].select_one(".researcher-project__name a")["href"] == "https://github.com/tile-ai/tilelang"
    assert cards[0].select_one(".researcher-project__description em").get_text() == "DSL"
    assert cards[0].select_one("img")["src"] == "images/me.svg"
    assert cards[1].select_one(".researcher-links a")["href"] == "https://demo.example.org"
    assert cards[2].find_previous("h3").get_text().strip() == "Fun projects"


def test_experience_and_education_timeline(build_site):
    experience = [
        {
            "organization": "Alibaba",
            "role": "Research intern",
            "start": "2020-10",
            "end": "2021-07",
            "details": "Advised by Liang Wang",
        },
        {
            "organization": "Microsoft Research Asia",
            "role": "Research intern",
            "start": "2022-04",
            "end": "present",
            "location": "Beijing",
            "url": "https://www.microsoft.com/",
            "details": ["Advised by [Jilong Xue](https://example.org/jx)", "and **Lingxiao Ma**"],
        },
    ]
    education = [
        {
            "degree": "B.S. in Computer Science",
            "institution": "Turing Class, Peking University",
            "start": "2018-09",
            "end": "2022-07",
        }
    ]
    soup = build_site(home(experience=experience, education=education)).html()
    entries = items(soup, "experience")
    assert [e.select_one(".researcher-timeline__title").get_text() for e in entries] == [
        "Microsoft Research Asia",
        "Alibaba",
    ]
    assert entries[0].select_one(".researcher-dates").get_text() == "Apr 2022 – Present"
    assert entries[1].select_one(".researcher-dates").get_text() == "Oct 2020 – Jul 2021"
    assert entries[0].select_one(".researcher-timeline__subtitle").get_text() == "Research intern · Beijing"
    assert entries[0].select_one(".researcher-timeline__details a")["href"] == "https://example.org/jx"
    assert entries[0].select_one(".researcher-timeline__details strong").get_text() == "Lingxiao Ma"
    edu = items(soup, "education")
    assert edu[0].select_one(".researcher-dates").get_text() == "Sep 2018 – Jul 2022"
    assert edu[0].select_one(".researcher-timeline__subtitle").get_text() == "Turing Class, Peking University"


# Layout: order, headings, TOC, markers ------------------------------------------------------


def test_default_order_and_headings_in_toc_and_search(build_site):
    result = build_site(
        home(
            publications=[{"title": "P"}],
            projects=[{"name": "X"}],
            experience=[{"organization": "O", "role": "R"}],
            education=[{"degree": "D", "institution": "I"}],
        ),
        plugins=["search", "researcher"],
    )
    soup = result.html()
    sections = [s["class"][1] for s in soup.select("article .researcher-section")]
    assert sections == [
        "researcher-profile",
        "researcher-publications",
        "researcher-projects",
        "researcher-experience",
        "researcher-education",
    ]
    # The bio comes between the profile card and the first list section.
    bio = soup.find("strong", string="bio")
    assert bio.find_previous(class_="researcher-section")["class"][1] == "researcher-profile"
    toc = [a.get_text().strip() for a in soup.select(".md-sidebar--secondary .md-nav__link")]
    assert toc[:4] == ["Publications", "Projects", "Experience", "Education"]
    index = json.loads((result.site / "search" / "search_index.json").read_text())
    titles = {doc["title"] for doc in index["docs"]}
    assert {"Publications", "Projects", "Experience", "Education"} <= titles


def test_marker_places_a_section_with_options(build_site):
    pubs = [{"title": f"P{y}", "year": y, "selected": y % 2 == 0} for y in range(2018, 2025)]
    body = 'Intro.\n\n<!-- researcher publications selected limit=2 heading="Recent work" -->\n\nOutro.\n'
    result = build_site({"index.md": page({"profile": {"name": "A B"}, "publications": pubs}, body)})
    assert result.researcher_warnings() == []
    soup = result.html()
    section = soup.select_one(".researcher-publications")
    assert section.h2.get_text().strip() == "Recent work"
    assert [t.get_text() for t in section.select(".researcher-publication__title")] == ["P2024", "P2022"]
    assert section.find_previous("p").get_text() == "Intro."
    assert section.find_next("p", string="Outro.") is not None
    assert len(soup.select(".researcher-publications")) == 1  # placed, so not appended again


def test_group_by_year_and_type(build_site):
    pubs = [
        {"title": "A", "year": 2024, "type": "journal"},
        {"title": "B", "year": 2023, "type": "conference"},
        {"title": "C", "year": 2024, "type": "conference"},
    ]
    body = (
        "<!-- researcher publications group_by=year -->\n\n"
        "<!-- researcher publications group_by=type heading=none -->\n"
    )
    soup = build_site({"index.md": page({"publications": pubs}, body)}).html()
    first, second = soup.select(".researcher-publications")
    assert [h.get_text().strip() for h in first.select("h3")] == ["2024", "2023"]
    assert [h.get_text().strip() for h in second.select("h3")] == ["Conference", "Journal"]
    assert second.select_one("h2") is None


def test_marker_problems_are_reported(build_site):
    body = (
        "<!-- researcher publicatons -->\n"
        "<!-- researcher publications limit=many colour=red group_by=venue -->\n"
        "<!-- researcher projects -->\n"
    )
    result = build_site({"index.md": page({"publications": [{"title": "T"}]}, body)})
    assert result.researcher_warnings() == [
        (
            "researcher: docs/index.md:6: unknown section 'publicatons' in a researcher marker; "
            "did you mean 'publications'?"
        ),
        "researcher: docs/index.md:7: researcher publications marker: unknown option 'colour'",
        (
            "researcher: docs/index.md:7: researcher publications marker: "
            "limit should be a whole number from 0 to 1000000, not 'many'"
        ),
        (
            "researcher: docs/index.md:7: researcher publications marker: "
            "group_by should be one of year, type, none, not 'venue'"
        ),
        "researcher: docs/index.md:8: researcher projects marker: this page has no projects to show",
    ]


def test_markers_inside_code_blocks_are_left_alone(build_site):
    body = "```markdown\n<!-- researcher publications -->\n```\n"
    soup = build_site({"index.md": page({"publications": [{"title": "T"}]}, body)}).html()
    assert "<!-- researcher publications -->" in soup.select_one("pre code").get_text()
    assert len(soup.select(".researcher-publications")) == 1


# Bad input -------------------------------------------------------------------------------------

BAD = """---
profile:
  name: Yu Cheng
  emial: x@y.org
publications:
  - title: Good one
    venu: OSDI
  - authors: [A B]
  - title: Bad year
    year: twenty
  - title: Authors as a string
    authors: "A, B"
  - title: Links as a list
    links: [https://example.org]
  - title: Still good
experience:
  - organization: O
    role: R
    start: 2022-13
  - organization: P
    role: R
    start: 2022-05
    end: 2021-01
experiences: []
---
"""


def test_every_bad_input_warns_with_file_line_and_path(build_site):
    result = build_site({"index.md": BAD})
    assert result.researcher_warnings() == [
        (
            "researcher: docs/index.md:24: experiences: unknown front-matter key; did you mean 'experience'? "
            "Its entries are not shown"
        ),
        "researcher: docs/index.md:4: profile.emial: unknown field of a profile; did you mean 'email'?",
        "researcher: docs/index.md:7: publications[0].venu: unknown field of a publication; did you mean 'venue'?",
        (
            "researcher: docs/index.md:8: publications[1]: this publication has no 'title', which is required; "
            "this publication is left out"
        ),
        (
            "researcher: docs/index.md:10: publications[2].year: expected a year like 2024, got a string 'twenty'; "
            "this publication is left out"
        ),
        (
            "researcher: docs/index.md:12: publications[3].authors: "
            "'A, B' could be one \"Last, First\" name or several names: write a list, like [Ada Lovelace, Charles "
            'Babbage], or join the names with "and", like "Lovelace, Ada and Babbage, Charles"; '
            "this publication is left out"
        ),
        (
            "researcher: docs/index.md:14: publications[4].links: "
            "expected a mapping of link kind to URL or id (for example github: octocat), got a list; "
            "this publication is left out"
        ),
        (
            "researcher: docs/index.md:19: experience[0].start: '2022-13' has no month 13; "
            "expected a date as YYYY, YYYY-MM or YYYY-MM-DD; this experience entry is left out"
        ),
        "researcher: docs/index.md:23: experience[1].end: ends (2021-01) before it starts (2022-05)",
    ]
    soup = result.html()
    assert [t.get_text() for t in soup.select(".researcher-publication__title")] == ["Good one", "Still good"]
    assert [t.get_text() for t in soup.select(".researcher-timeline__title")] == ["P"]


def test_invalid_yaml_front_matter_is_reported(build_site):
    text = "---\nprofile:\n  name: [unclosed\n---\nBody\n"
    result = build_site({"index.md": text})
    # Where the bracket was opened, not where the parser gave up (the end of the front matter).
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:3: the front matter is not valid YAML: the '[' at column 9 is never closed "
        "(YAML read to the end looking for its ']'); the page is built without it"
    ]
    assert [p.get_text() for p in result.html().select("article p")] == ["Body"]


def test_tabs_in_front_matter_get_a_plain_message(build_site):
    text = "---\nprofile:\n\tname: Yu\n---\n"
    [warning] = build_site({"index.md": text}).researcher_warnings()
    assert warning == (
        "researcher: docs/index.md:3: the front matter is not valid YAML: "
        "YAML does not allow tab characters for indentation; indent with spaces; the page is built without it"
    )


def test_strict_build_fails_on_any_warning(build_site):
    result = build_site({"index.md": BAD}, strict=True)
    assert result.error is not None and "warnings in strict mode" in str(result.error)
    assert build_site(home(), strict=True).error is None


def test_profile_with_a_bad_field_keeps_the_rest(build_site):
    result = build_site(
        {"index.md": page({"profile": {"name": "Yu Cheng", "interests": {"a": 1}, "photo": "javascript:x"}})}
    )
    assert result.html().select_one(".p-name").get_text() == "Yu Cheng"
    assert len(result.researcher_warnings()) == 2
    assert all(w.endswith("; this field is ignored") for w in result.researcher_warnings())


# Themes, overrides, determinism -------------------------------------------------------------------


def test_plain_mkdocs_theme_builds_cleanly(build_site):
    result = build_site(
        home(publications=[{"title": "T", "authors": twelve_authors(0), "links": {"pdf": "https://x.org/p.pdf"}}]),
        theme="mkdocs",
        strict=True,
    )
    assert result.error is None, result.warnings
    soup = result.html()
    assert soup.select_one('link[href$="assets/researcher/researcher.css"]') is not None
    assert soup.select_one('script[src$="assets/researcher/researcher.js"]') is not None
    assert soup.select_one(".researcher-profile .p-name").get_text() == "Yu Cheng"
    assert soup.select("svg.researcher-sprite symbol"), "icons are borrowed from Material's set"
    assert (result.site / "assets" / "researcher" / "researcher.css").stat().st_size > 1000


def test_custom_dir_template_overrides_ours(build_site, tmp_path):
    overrides = tmp_path / "overrides" / "researcher"
    overrides.mkdir(parents=True)
    (overrides / "projects.html").write_text(
        '<ul class="my-projects">{% for p in projects %}<li class="researcher-item">{{ p.name }}</li>{% endfor %}</ul>'
    )
    result = build_site(
        home(projects=[{"name": "<Mine>"}]), theme={"name": "material", "custom_dir": str(tmp_path / "overrides")}
    )
    soup = result.html()
    assert soup.select_one(".researcher-projects ul.my-projects li").get_text() == "<Mine>"
    assert soup.select_one(".researcher-project") is None


def test_a_custom_publications_template_can_keep_or_replace_the_entry_markup(build_site, tmp_path):
    overrides = tmp_path / "overrides" / "researcher"
    overrides.mkdir(parents=True)
    (overrides / "publications.html").write_text(
        '<ol class="mine">{% for pub in publications %}{% if pub.selected %}{{ h.publication(pub) }}'
        '{% else %}<li class="plain">{{ pub.title }}</li>{% endif %}{% endfor %}</ol>'
    )
    pubs = [
        {"title": "<Chosen>", "selected": True, "authors": ["Yu Cheng", "Lei Wang"], "year": 2024},
        {"title": "<Other>", "year": 2020},
    ]
    result = build_site(
        home(publications=pubs), theme={"name": "material", "custom_dir": str(tmp_path / "overrides")}, strict=True
    )
    assert result.error is None, result.warnings
    soup = result.html()
    chosen = soup.select_one("ol.mine li.researcher-publication")
    assert chosen.select_one(".researcher-publication__title").get_text() == "<Chosen>"
    assert chosen.select_one(".researcher-self").get_text() == "Yu Cheng"
    assert soup.select_one("ol.mine li.plain").get_text() == "<Other>"


def test_same_input_builds_identical_html(build_site):
    pages = home(publications=[{"title": "T", "authors": twelve_authors(3)}], projects=[{"name": "X", "repo": "a/b"}])
    first = build_site(pages).text()
    second = build_site(pages).text()
    assert first == second


def test_example_site_builds_strict_and_shows_both_homepages(build_site, tmp_path):
    from conftest import EXAMPLE_SITE
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = tmp_path / "example"
    build(load_config(str(EXAMPLE_SITE / "mkdocs.yml"), strict=True, site_dir=str(site)))
    from bs4 import BeautifulSoup

    home_page = BeautifulSoup((site / "index.html").read_text(), "html.parser")
    assert home_page.select_one(".researcher-profile .p-name").get_text() == "Yu Cheng"
    assert len(home_page.select(".researcher-publication")) == 4
    assert {b.get_text() for b in home_page.select(".researcher-badge")} >= {"OSDI", "ICLR", "Arxiv", "SOSP"}
    assert home_page.select_one(".researcher-publication__award").get_text() == "Oral Presentation"
    sosp = [p for p in home_page.select(".researcher-publication") if "SOSP" in p.get_text()][0]
    assert sosp.select_one("summary").get_text() == ", and 4 more authors"
    assert [
        e.select_one(".researcher-dates").get_text()
        for e in home_page.select(".researcher-experience .researcher-item")
    ] == ["Apr 2022 – Present", "Jul 2021 – Jan 2022", "Oct 2020 – Jul 2021"]
    qi = BeautifulSoup((site / "chengxiang-qi" / "index.html").read_text(), "html.parser")
    assert qi.select_one(".researcher-profile__native").get_text() == "齐呈祥"
    assert len(qi.select(".researcher-projects .researcher-item")) == 9
    assert [m.get_text() for m in qi.select(".researcher-mark")][:2] == ["*", "*"]
    assert re.search(r"Fun projects", qi.select_one(".researcher-projects h3").get_text())


def test_only_the_adapter_imports_mkdocs():
    import ast

    from conftest import REPO

    for path in sorted((REPO / "mkdocs_researcher").rglob("*.py")):
        if "adapters" in path.relative_to(REPO / "mkdocs_researcher").parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not any(name == "mkdocs" or name.startswith("mkdocs.") for name in imported), path


def test_page_weight_of_the_plugins_css_and_js_stays_under_10_kb_gzipped():
    import gzip

    from mkdocs_researcher.render.environment import ASSETS, asset_text

    total = sum(len(gzip.compress(asset_text(name).encode("utf-8"), 9)) for name in ASSETS)
    assert total <= 10 * 1024, f"{total} bytes gzipped"


def test_the_stylesheet_is_published_once_and_a_custom_dir_copy_wins(build_site, tmp_path):
    result = build_site({"index.md": page({"profile": {"name": "Yu Cheng"}})})
    assert (result.site / "assets/researcher/researcher.css").is_file()
    assert not (result.site / "researcher").exists()  # the theme folder's own copy is not published a second time
    overrides = tmp_path / "overrides" / "researcher"
    overrides.mkdir(parents=True)
    (overrides / "researcher.css").write_text(".mine { color: red }\n", encoding="utf-8")
    custom = build_site(
        {"index.md": page({"profile": {"name": "Yu Cheng"}})},
        theme={"name": "material", "custom_dir": str(tmp_path / "overrides")},
    )
    assert (custom.site / "assets/researcher/researcher.css").read_text(encoding="utf-8") == ".mine { color: red }\n"
    assert not (custom.site / "researcher").exists()
