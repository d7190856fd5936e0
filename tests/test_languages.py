"""Pages in more than one language: each page in its own language, from the labels to the people's cards.

The example site (mkdocs-static-i18n, English and Chinese) is built once for the checks of its pages; a small
bilingual site checks name lists and a person's file with values per language.
"""

from __future__ import annotations

import os

import pytest
import yaml
from browser_support import built_site, chromium_available, launch_chromium, serve
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, page

# What the plugin writes on buttons and toggles in English; none of it may show on a Chinese page.
ENGLISH_BUTTONS = {"Code", "Slides", "Demo", "CV", "Copy", "Abstract", "Google Scholar", "LinkedIn", "Zhihu"}


@pytest.fixture(scope="module")
def example_site():
    """The example site, built once: its folder."""
    with built_site(EXAMPLE_SITE) as site:
        yield site


@pytest.fixture
def example(example_site):
    """A page of the example site (its path in the site) -> its parsed HTML."""
    return lambda path: BeautifulSoup((example_site / path / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_every_english_label_is_in_every_language():
    from mkdocs_researcher.model.links import LINK_KINDS
    from mkdocs_researcher.render.locale import LOCALES_DIR, _catalogue_file

    def keys(tree, prefix=""):
        for key, value in tree.items():
            if isinstance(value, dict) and "other" not in value:  # plural forms differ per language
                yield from keys(value, prefix + key + ".")
            else:
                yield prefix + key

    english = set(keys(_catalogue_file("en")))
    assert {f"link.{kind}" for kind in LINK_KINDS} <= english  # every kind of link has a label to translate
    languages = sorted(path.stem for path in LOCALES_DIR.glob("*.yml") if path.stem != "en")
    assert languages
    for language in languages:
        assert english - set(keys(_catalogue_file(language))) == set(), language


def test_chinese_pages_of_the_example_site_are_chinese(example):
    assert example("").html["lang"] == "en"
    for path in ("zh", "zh/chengxiang-qi", "zh/group", "zh/publications"):
        assert example(path).html["lang"] == "zh", path

    member = example("zh/chengxiang-qi")
    card = member.select_one(".researcher-profile")
    # The card comes from the people folder (docs/data/chengxiang-qi.yml), read in the page's language.
    assert card.select_one(".p-name").get_text() == "齐呈祥"
    assert card.select_one(".researcher-profile__native").get_text() == "Chengxiang Qi"
    assert card.select_one(".researcher-profile__position").get_text() == "硕士研究生，系统方向研究者"
    assert [li.get_text() for li in card.select(".p-org")] == ["中国科学院大学", "微信 LLM Infra 团队"]
    assert card.select_one(".researcher-tag").get_text() == "深度学习编译器"
    assert "谷歌学术" in [label.get_text() for label in card.select(".researcher-icon-link__label")]

    # The people page lists both members in Chinese, under their groups' Chinese names.
    group = example("zh/group")
    assert [p.select_one(".p-name > a").get_text() for p in group.select(".researcher-person")] == ["程羽", "齐呈祥"]
    assert group.select_one(".researcher-person__position").get_text() == "四年级研究生"
    headings = [h.get_text().strip("¶ ") for h in group.select(".researcher-people h2, .researcher-people h3")]
    assert headings == ["在读实习生", "往届实习生"]

    def with_templates(soup: BeautifulSoup) -> list[BeautifulSoup]:
        """The page, and what its templates hold (the buttons script adds), parsed as the page is."""
        return [soup] + [BeautifulSoup(t.decode_contents(), "html.parser") for t in soup.select("template")]

    for path in ("zh", "zh/chengxiang-qi", "zh/group", "zh/publications"):
        for soup in with_templates(example(path)):
            buttons = soup.select(":is(.researcher-action, summary, .researcher-icon-link__label)")
            assert {b.get_text(strip=True) for b in buttons} & ENGLISH_BUTTONS == set(), path
    labels = {b.get_text(strip=True) for soup in with_templates(member) for b in soup.select(".researcher-action")}
    assert {"代码", "幻灯片", "演示", "复制", "复制引用"} <= labels

    # Latin names keep ", " on a Chinese page; the count of hidden authors is Chinese.
    authors = member.select_one(".researcher-publication .researcher-authors")
    shown = authors.find(string=lambda text: "Chengxiang Qi" in text).find_parent(class_="researcher-authors")
    assert "Siran Liu*, Chengxiang Qi*, Ying Cao" in shown.get_text()
    assert "，" not in shown.get_text()
    assert authors.select_one(".researcher-more-authors summary").get_text() == " 等 5 位作者"

    # Where in the venue, joined by the comma of the words it follows.
    details = {d.get_text() for d in example("zh/group").select(".researcher-publication__details")}
    assert "第 1 卷，第 2 期，第 1–25 页，ACM New York, NY, USA" in details  # after a Latin venue: ", "
    assert "vol. 1, no. 2, pp. 1–25, ACM New York, NY, USA" in {
        d.get_text() for d in example("group").select(".researcher-publication__details")
    }

    # The English pages stay English.
    english = example("chengxiang-qi")
    assert english.select_one(".researcher-profile .p-name").get_text() == "Chengxiang Qi"
    assert {"Code", "Slides"} <= {b.get_text(strip=True) for b in english.select(".researcher-action")}


def test_names_and_roles_are_joined_by_the_words_of_their_script(build_site):
    publications = [
        {"title": "Latin", "authors": ["Yu Cheng", "Lei Wang", "Fan Yang"]},
        {"title": "Chinese", "authors": ["程羽", "齐呈祥", "王磊"]},
        {"title": "Two", "authors": ["程羽", "齐呈祥"]},
        {"title": "Mixed", "authors": ["程羽", "Lei Wang", "齐呈祥", "王磊"]},
        {"title": "Hidden", "authors": ["Yu Cheng", "Lei Wang", "Fan Yang", "Jilong Xue", "Lingxiao Ma", "others"]},
    ]
    teaching = [{"course": "算法设计与分析", "role": "助教", "term": "2023"}, {"course": "Algorithms", "role": "TA"}]
    service = [{"role": "审稿人", "organization": "OSDI 2025"}, {"role": "Reviewer", "organization": "SOSP"}]
    pages = {"index.md": page({"publications": publications, "teaching": teaching, "service": service})}
    plugins = [{"researcher": {"max_authors": 4}}]
    zh = build_site(pages, theme={"name": "material", "language": "zh"}, plugins=plugins).html()
    en = build_site(pages, theme={"name": "material", "language": "en"}, plugins=plugins).html()

    def lists(soup):
        return {
            entry.select_one(".researcher-publication__title").get_text(): entry.select_one(
                ".researcher-authors"
            ).get_text()
            for entry in soup.select(".researcher-publication")
        }

    assert lists(zh) == {
        # As in the paper's byline: no English "and" on a Chinese page, no full-width comma between Latin names.
        "Latin": "Yu Cheng, Lei Wang, Fan Yang",
        "Chinese": "程羽、齐呈祥和王磊",
        "Two": "程羽和齐呈祥",
        # Chinese separators only between two Chinese names.
        "Mixed": "程羽, Lei Wang, 齐呈祥和王磊",
        # "et al." ends the hidden names, not the count of them.
        "Hidden": "Yu Cheng, Lei Wang, Fan Yang, Jilong Xue 等 1 位作者, Lingxiao Ma 等",
    }
    assert lists(en)["Chinese"] == "程羽, 齐呈祥, and 王磊"
    assert lists(en)["Latin"] == "Yu Cheng, Lei Wang, and Fan Yang"
    hidden = "Yu Cheng, Lei Wang, Fan Yang, Jilong Xue, and 1 more author, Lingxiao Ma et al."
    assert lists(en)["Hidden"] == hidden
    summary = zh.select_one(".researcher-more-authors summary")
    assert summary.get_text() == " 等 1 位作者" and summary.find_next_sibling().get_text() == ", Lingxiao Ma 等"

    # A full-width comma after Chinese text, ", " after Latin text.
    def titles(soup, section):
        return [p.get_text() for p in soup.select(f".researcher-{section} .researcher-entry__title")]

    assert titles(zh, "teaching") == ["助教，算法设计与分析", "TA, Algorithms"]
    assert titles(zh, "service") == ["审稿人，OSDI 2025", "Reviewer, SOSP"]
    assert titles(en, "teaching") == ["助教, 算法设计与分析", "TA, Algorithms"]


def test_a_persons_values_in_another_language_are_checked_once(build_site):
    pytest.importorskip("mkdocs_static_i18n")
    person = {
        "profile": {
            "name": {"en": "Chengxiang Qi", "zh": "齐呈祥"},
            "position": {"en": "Student", "zh": ["not", "text"]},  # wrong in Chinese only
            "photo": ["a.png"],  # wrong in every language
            "group": {"en": "Alumni", "zh": "往届实习生"},
        }
    }
    pages = {
        "index.md": page({"title": "People"}, "<!-- researcher people -->\n"),
        "index.zh.md": page({"title": "成员"}, "<!-- researcher people -->\n"),
        "data/qi.yml": yaml.safe_dump(person, allow_unicode=True),
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
    result = build_site(pages, plugins=[i18n, {"researcher": {"people": "docs/data"}}])
    # Each language's build loads the people folder; the whole build reports each problem once.
    assert result.researcher_warnings() == [
        "researcher: docs/data/qi.yml:8: profile.photo: expected text, got a list; this field is ignored",
        "researcher: docs/data/qi.yml:10: profile.position: expected text, got a list; this field is ignored",
    ]
    zh = result.html("zh/index.html")
    assert zh.select_one(".researcher-person .p-name").get_text() == "齐呈祥"
    assert zh.select_one(".researcher-people h3").get_text().strip("¶ ") == "往届实习生"
    en = result.html("index.html")
    assert en.select_one(".researcher-person__position").get_text() == "Student"


@pytest.mark.slow  # Chromium
def test_chinese_text_is_not_slanted_in_a_browser(example_site):
    if not chromium_available():
        if os.environ.get("CI") == "true":
            pytest.fail("no Chromium at /usr/bin/chromium (CI installs it in .ci/run)")
        pytest.skip("no Chromium at /usr/bin/chromium: apt-get install chromium")
    pytest.importorskip("playwright")
    with serve(example_site) as url, launch_chromium() as browser:
        tab = browser.new_page()
        tab.goto(url + "zh/chengxiang-qi/", wait_until="networkidle")
        styles = tab.evaluate("""() => [...document.querySelectorAll(
            '.researcher-publication__venue em, .researcher-timeline__details em')]
            .map(e => [e.textContent, getComputedStyle(e).fontStyle])""")
        assert styles and all(style == "normal" for _, style in styles), styles
        assert any("基于" in text for text, _ in styles)  # the thesis title, *written* in Markdown
