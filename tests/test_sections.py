"""News, awards, talks, teaching, service, skills; data files; languages and labels."""

from __future__ import annotations

import pytest
from conftest import page


def items(soup, kind):
    return soup.select(f".researcher-section.researcher-{kind} .researcher-item")


def test_news_newest_first_with_limit_and_link(build_site):
    news = [
        {"date": "2024-03-02", "text": "Paper **accepted**."},
        {"date": "2025-07", "text": "Joined [MSRA](https://example.org).", "url": "https://example.org/news"},
        {"date": 2023, "text": "Started."},
    ]
    body = "<!-- researcher news limit=2 -->\n"
    soup = build_site({"index.md": page({"news": news}, body)}).html()
    entries = items(soup, "news")
    assert [e.select_one(".researcher-entry__when").get_text() for e in entries] == ["Jul 2025", "Mar 2, 2024"]
    assert entries[0].select_one(".researcher-news__more")["href"] == "https://example.org/news"
    assert entries[1].select_one("strong").get_text() == "accepted"
    assert soup.select_one(".researcher-news h2").get_text().strip() == "News"


def _section_order(html) -> list[str]:
    """The page's top-level parts in order: each section's kind, a paragraph of the page's own text as "text"."""
    order = []
    for element in html.find_all(["div", "p"], recursive=False):
        classes = element.get("class") or []
        if "researcher-section" in classes:
            order.append(next(c.removeprefix("researcher-") for c in classes if c != "researcher-section"))
        elif element.name == "p":
            order.append("text")
    return order


NEWS_FRONT = {
    "profile": {"name": "Ada Lovelace"},
    "news": [{"date": "2025-01-02", "text": "A paper accepted."}],
    "education": [{"degree": "PhD", "institution": "Example University", "start": 2020}],
    "experience": [{"organization": "Example Lab", "role": "Intern", "start": 2023}],
    "publications": [{"title": "A Paper", "authors": ["Ada Lovelace"], "year": 2025}],
}


def test_news_comes_right_after_the_bio_by_default(build_core):
    # No marker at all: the card, the bio, news, then the rest in the table's order.
    plain = build_core({"index.md": page(NEWS_FRONT, "I study engines.\n")}).html()
    assert _section_order(plain) == ["profile", "text", "news", "publications", "experience", "education"]
    # The bio ends where the page places its first section: news comes before it, as on al-folio's about page.
    body = "I study engines.\n\nMore about me.\n\n<!-- researcher publications -->\n\nClosing words.\n"
    placed = build_core({"index.md": page(NEWS_FRONT, body)}).html()
    assert _section_order(placed) == [
        "profile",
        "text",
        "text",
        "news",
        "publications",
        "text",
        "experience",
        "education",
    ]
    # A news marker places it where the owner wants, as before.
    last = build_core({"index.md": page(NEWS_FRONT, "Bio.\n\n<!-- researcher news -->\n")}).html()
    assert _section_order(last) == ["profile", "text", "news", "publications", "experience", "education"]
    bottom = "Bio.\n\n<!-- researcher publications -->\n\n<!-- researcher news -->\n"
    assert _section_order(build_core({"index.md": page(NEWS_FRONT, bottom)}).html())[:5] == [
        "profile",
        "text",
        "publications",
        "news",
        "experience",
    ]


def test_awards_talks_teaching_service(build_site):
    front = {
        "awards": [
            {"title": "Best Paper", "awarder": "OSDI", "date": 2022},
            {"title": "Outstanding Thesis", "venue": "Tianjin University", "date": 2023, "details": "Top *1%*"},
        ],
        "talks": [
            {
                "title": "Hypocaust",
                "event": "OS2ATC 2022",
                "location": "Beijing",
                "date": "2023-03",
                "links": {"slides": "https://x.org/s.pdf"},
            }
        ],
        "teaching": [
            {"course": "Algorithm Design and Analysis", "role": "TA", "term": "2022 Spring"},
            {
                "course": "Algorithm Design and Analysis",
                "role": "TA",
                "term": "2023 Spring",
                "institution": "Peking University",
            },
        ],
        "service": [
            {"role": "Reviewer", "venue": "NeurIPS", "year": 2024},
            {"role": "PC member", "organization": "EuroSys", "year": 2025},
        ],
    }
    soup = build_site({"index.md": page(front)}).html()
    awards = items(soup, "awards")
    assert [a.select_one(".researcher-entry__title").get_text() for a in awards] == ["Outstanding Thesis", "Best Paper"]
    assert awards[0].select_one(".researcher-entry__subtitle").get_text() == "Tianjin University"
    assert awards[0].select_one("em").get_text() == "1%"
    talk = items(soup, "talks")[0]
    assert talk.select_one(".researcher-entry__subtitle").get_text() == "OS2ATC 2022 · Beijing"
    assert talk.select_one(".researcher-entry__when").get_text() == "Mar 2023"
    assert talk.select_one("a[data-kind=slides]")["href"] == "https://x.org/s.pdf"
    teaching = items(soup, "teaching")
    assert [t.select_one(".researcher-entry__when").get_text() for t in teaching] == ["2023 Spring", "2022 Spring"]
    assert teaching[0].select_one(".researcher-entry__title").get_text() == "TA, Algorithm Design and Analysis"
    service = items(soup, "service")
    assert [s.select_one(".researcher-entry__title").get_text() for s in service] == [
        "PC member, EuroSys",
        "Reviewer, NeurIPS",
    ]
    headings = [h.get_text().strip() for h in soup.select("article h2")]
    assert headings == ["Awards", "Talks", "Teaching", "Service"]


def test_skills_groups_with_colours_and_notes(build_site):
    skills = [
        {"name": "Compilers", "color": "#5b4a3a", "items": [{"name": "TileFusion", "note": "Macro Kernel"}, "CUTLASS"]},
        {"name": "Injected", "color": "red;background:url(//evil)", "items": ["x"]},
    ]
    result = build_site({"index.md": page({"skills": skills})})
    groups = items(result.html(), "skills")
    assert len(groups) == 1  # the group with a bad colour is left out, with a warning
    assert groups[0]["style"] == "--researcher-skill-color: #5b4a3a"
    assert [s.select_one(".researcher-skill__name").get_text() for s in groups[0].select(".researcher-skill")] == [
        "TileFusion",
        "CUTLASS",
    ]
    assert groups[0].select_one(".researcher-skill__note").get_text() == "Macro Kernel"
    assert result.researcher_warnings() == [
        "researcher: docs/index.md:10: skills[1].color: expected a CSS colour like #00369f, rgb(0, 54, 159) or navy, "
        "got 'red;background:url(//evil)'; this skill group is left out"
    ]


@pytest.mark.parametrize(
    "front, expected",
    [
        (
            {"news": [{"text": "No date"}]},
            "news[0]: this news item has no 'date', which is required; this news item is left out",
        ),
        ({"awards": [{"title": "X", "dat": 2020}]}, "awards[0].dat: unknown field of an award; did you mean 'date'?"),
        (
            {"talks": [{"title": "T", "date": "March"}]},
            "talks[0].date: expected a date as YYYY, YYYY-MM or YYYY-MM-DD, got 'March'; this talk is left out",
        ),
        (
            {"teaching": [{"role": "TA"}]},
            "teaching[0]: this teaching entry has no 'course', which is required; this teaching entry is left out",
        ),
        (
            {"service": [{"role": "Reviewer", "year": "soon"}]},
            "service[0].year: expected a year like 2024, got a string 'soon'; this service entry is left out",
        ),
        ({"skills": [{"name": "S", "items": "one, two"}]}, None),
        (
            {"skills": [{"items": ["x"]}]},
            "skills[0]: this skill group has no 'name', which is required; this skill group is left out",
        ),
    ],
)
def test_bad_input_in_new_sections(build_site, front, expected):
    warnings = build_site({"index.md": page(front)}).researcher_warnings()
    if expected is None:
        assert warnings == []  # one string is read as one item
    else:
        assert len(warnings) == 1 and warnings[0].endswith(expected), warnings


def test_data_file_provides_sections_and_is_not_published(build_site):
    data = "profile:\n  name: Chengxiang Qi\n  photo: ../images/qi.svg\n  titel: x\nawards:\n  - title: Prize\n"
    pages = {
        "index.md": page({"data": "data/qi.yml", "awards": [{"title": "From the page"}]}, "Bio.\n"),
        "data/qi.yml": data,
        "images/qi.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    }
    result = build_site(pages)
    soup = result.html()
    assert soup.select_one(".researcher-profile .p-name").get_text() == "Chengxiang Qi"
    assert soup.select_one(".researcher-profile img")["src"] == "images/qi.svg"
    # A section in the page replaces the same section of the data file.
    assert [a.get_text() for a in soup.select(".researcher-awards .researcher-entry__title")] == ["From the page"]
    assert result.researcher_warnings() == ["researcher: docs/data/qi.yml:4: profile.titel: unknown field of a profile"]
    assert not (result.site / "data" / "qi.yml").exists()


def test_data_file_problems_name_the_data_file(build_site):
    pages = {
        "index.md": page({"data": "missing.yml"}),
        "broken.md": page({"data": "broken.yml"}),
        "broken.yml": "profile: [\n",
    }
    warnings = build_site(pages).researcher_warnings()
    assert (
        "researcher: docs/index.md:2: data: the data file 'docs/missing.yml' does not exist "
        "(paths are relative to this page's file)" in warnings
    )
    assert any(w.startswith("researcher: docs/broken.yml:2: not valid YAML: ") for w in warnings), warnings


# Languages ----------------------------------------------------------------------------------------

ZH_PROFILE = {
    "profile": {
        "name": {"en": "Chengxiang Qi", "zh": "齐呈祥"},
        "position": {"en": "Master student", "zh": "硕士研究生"},
    },
    "publications": [{"title": "T", "authors": [f"A{i} B{i}" for i in range(5)]}],
    "experience": [
        {"organization": {"en": "Wechat", "zh": "微信"}, "role": {"en": "Intern"}, "start": "2025-06", "end": "present"}
    ],
}


def test_chinese_labels_dates_and_plural(build_site):
    soup = build_site({"index.md": page(ZH_PROFILE)}, theme={"name": "material", "language": "zh"}).html()
    assert soup.select_one(".p-name").get_text() == "齐呈祥"
    assert soup.select_one(".researcher-profile__position").get_text() == "硕士研究生"
    assert soup.select_one(".researcher-more-authors summary").get_text() == " 等 2 位作者"
    entry = soup.select_one(".researcher-experience .researcher-item")
    assert entry.select_one(".researcher-dates").get_text() == "2025年6月 – 至今"
    assert entry.select_one(".researcher-timeline__title").get_text() == "微信"
    # A field without the page's language falls back to the default language.
    assert entry.select_one(".researcher-timeline__subtitle").get_text() == "Intern"
    assert [h.get_text().strip() for h in soup.select("article h2")] == ["发表论文", "工作经历"]


def test_english_plural_forms():
    from mkdocs_researcher.render.locale import Locale

    en, zh = Locale("en"), Locale("zh")
    assert [en.plural("more_authors", n) for n in (1, 2)] == ["and 1 more author", "and 2 more authors"]
    assert [zh.plural("more_authors", n) for n in (1, 2)] == ["等 1 位作者", "等 2 位作者"]
    assert Locale("zh_CN").language == "zh" and Locale("fr").language == "fr"
    assert Locale("fr")("section.publications") == "Publications"  # English underneath a missing catalogue


def test_every_label_is_translated_in_chinese():
    from mkdocs_researcher.render.locale import _catalogue_file

    def keys(tree, prefix=""):
        for key, value in tree.items():
            if isinstance(value, dict) and "other" not in value:  # plural forms differ per language
                yield from keys(value, prefix + key + ".")
            else:
                yield prefix + key

    assert set(keys(_catalogue_file("en"))) <= set(keys(_catalogue_file("zh")))


def test_labels_can_be_overridden_in_mkdocs_yml(build_site):
    plugins = [
        {
            "researcher": {
                "labels": {
                    "section": {"publications": "Papers"},
                    "more_authors": {"one": "+{n} other", "other": "+{n} others"},
                }
            }
        }
    ]
    soup = build_site({"index.md": page(ZH_PROFILE)}, plugins=plugins).html()
    assert soup.select_one(".researcher-publications h2").get_text().strip() == "Papers"
    assert soup.select_one(".researcher-more-authors summary").get_text() == ", +2 others"


def test_mkdocs_static_i18n_builds_each_language(build_site):
    pytest.importorskip("mkdocs_static_i18n")
    pages = {
        "index.md": page({"data": "people.yml"}, "English bio.\n"),
        "index.zh.md": page({"data": "people.yml"}, "中文简介。\n"),
        "people.yml": (
            "profile:\n  name: {en: Chengxiang Qi, zh: 齐呈祥}\n"
            "awards:\n  - title: {en: Third Prize, zh: 三等奖}\n    date: 2022\n"
        ),
    }
    i18n = {
        "i18n": {
            "docs_structure": "suffix",
            "languages": [
                {"locale": "en", "default": True, "name": "English", "build": True},
                {"locale": "zh", "name": "中文", "build": True},
            ],
        }
    }
    result = build_site(pages, plugins=[i18n, "researcher"], strict=True)
    assert result.error is None, result.warnings
    en, zh = result.html("index.html"), result.html("zh/index.html")
    assert en.select_one(".p-name").get_text() == "Chengxiang Qi"
    assert zh.select_one(".p-name").get_text() == "齐呈祥"
    assert en.select_one(".researcher-awards h2").get_text().strip() == "Awards"
    assert zh.select_one(".researcher-awards h2").get_text().strip() == "获奖情况"
    assert zh.select_one(".researcher-entry__title").get_text() == "三等奖"
    assert not (result.site / "people.yml").exists()
