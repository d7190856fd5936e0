"""Hostile input never hangs or ends the build: YAML alias bombs and deep nesting, control characters
in messages, URLs that browsers read differently, badly shaped label overrides, digits int() cannot read."""

from __future__ import annotations

import dataclasses
import re

import pytest
from conftest import bounded_call, needs_fork, page

PROFILE = {"name": "Ada Lovelace", "position": "Analyst"}
NEWS = [{"date": "2024-03", "text": "Still here"}]
OTHER_PAGE = page({"profile": {"name": "Grace Hopper"}}, "# Other\n")


def alias_bomb() -> list[str]:
    """Nine lines that expand to nine to the ninth strings: each list repeats the one before nine times."""
    lines = ["a0: &a0 [" + ", ".join(['"x"'] * 9) + "]"]
    lines += [f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]" for level in range(1, 9)]
    return lines


# Where the aliases first repeat more than 100,000 values in all: a1..a4 repeat 74,718, a5's first alias 66,430 more.
CROSSING_LEVEL = 5


def _build(build_site, pages, config):
    build = build_site(pages, **config)
    return dataclasses.replace(build, error=repr(build.error) if build.error else None)


def bounded_build(build_site, pages: dict, **config):
    """``build_site`` in a child process with bounded memory and time."""
    return bounded_call(_build, build_site, pages, config)


def assert_one_warning(build, pattern: str) -> None:
    found = [w for w in build.researcher_warnings() if re.fullmatch(pattern, w)]
    assert len(found) == 1, build.researcher_warnings()


# Alias bombs --------------------------------------------------------------------------------


@needs_fork
def test_alias_bomb_in_front_matter_is_refused_and_the_site_builds(build_site):
    # news: is read by the plugin, description: by the theme; neither may walk the expansion.
    front = [
        "---",
        "profile:",
        "  name: Ada Lovelace",
        *alias_bomb(),
        "news: *a8",
        "description: *a8",
        "---",
        "",
        "# Home",
        "",
    ]
    build = bounded_build(build_site, {"index.md": "\n".join(front), "other.md": OTHER_PAGE})
    assert build.error is None
    bomb_line = front.index(alias_bomb()[CROSSING_LEVEL]) + 1
    assert_one_warning(
        build,
        rf"researcher: docs/index\.md:{bomb_line}: the front matter is not valid YAML: "
        r"aliases \(\*name\) repeat more than 100,000 values in all; the page is built without it",
    )
    assert build.html().select_one("article h1").get_text() == "Home"
    assert not build.html().select(".researcher-news")
    assert build.html("other/index.html").select_one(".researcher-profile .p-name").get_text() == "Grace Hopper"


@needs_fork
def test_alias_bomb_in_a_data_file_is_refused_and_the_page_keeps_its_own_sections(build_site):
    data = ["profile:", "  name: Ada Lovelace", *alias_bomb(), "news: *a8"]
    pages = {
        "index.md": page({"data": "ada.yml", "news": NEWS}),
        "ada.yml": "\n".join(data) + "\n",
        "other.md": OTHER_PAGE,
    }
    build = bounded_build(build_site, pages)
    assert build.error is None
    bomb_line = data.index(alias_bomb()[CROSSING_LEVEL]) + 1
    assert_one_warning(
        build,
        rf"researcher: docs/ada\.yml:{bomb_line}: not valid YAML: "
        r"aliases \(\*name\) repeat more than 100,000 values in all; nothing is read from it",
    )
    assert [n.get_text() for n in build.html().select(".researcher-news__text")] == ["Still here"]
    assert build.html("other/index.html").select_one(".researcher-profile .p-name").get_text() == "Grace Hopper"


@needs_fork
def test_alias_bomb_in_venues_yml_is_refused_and_publications_still_render(build_site):
    publications = [{"title": "Notes on the Engine", "authors": ["Ada Lovelace"], "year": 1843, "abbr": "SM"}]
    venues = [*alias_bomb(), "SM: {color: '#00369f'}"]
    pages = {
        "index.md": page({"profile": PROFILE, "publications": publications}),
        "venues.yml": "\n".join(venues) + "\n",
    }
    build = bounded_build(build_site, pages, plugins=[{"researcher": {"venues": "docs/venues.yml"}}])
    assert build.error is None
    bomb_line = venues.index(alias_bomb()[CROSSING_LEVEL]) + 1
    assert_one_warning(
        build,
        rf"researcher: docs/venues\.yml:{bomb_line}: not valid YAML: "
        r"aliases \(\*name\) repeat more than 100,000 values in all; no venue colours are used",
    )
    entry = build.html().select_one(".researcher-publications .researcher-item")
    assert entry.select_one(".researcher-publication__title").get_text() == "Notes on the Engine"
    assert entry.select_one(".researcher-badge").get("style") is None


def test_an_alias_inside_the_value_it_names_is_refused():
    from mkdocs_researcher.sources.frontmatter import load_yaml

    loaded = load_yaml("name: Ada\nloop: &loop [x, *loop]\n", first_line=2)
    assert (loaded.data, loaded.error_line) == (None, 3)
    assert loaded.error == "an alias (*name) inside the value it names repeats it without end"


def test_a_few_repeated_blocks_are_read_as_written():
    from mkdocs_researcher.sources.frontmatter import load_yaml

    loaded = load_yaml(
        "defaults: &d {venue: OSDI, year: 2024}\npublications:\n  - {<<: *d, title: A}\n  - {<<: *d, title: B}\n"
    )
    assert loaded.error is None
    assert [p["venue"] for p in loaded.data["publications"]] == ["OSDI", "OSDI"]


# Deep nesting --------------------------------------------------------------------------------


def test_deep_nesting_is_refused_with_its_line_and_the_site_builds(build_site):
    deep_front = "\n".join(
        ["---", "profile:", "  name: Ada Lovelace", "x: " + "[" * 2000 + "]" * 2000, "---", "", "# Home", ""]
    )
    # A data file nested by indentation: the 101st level starts on the 103rd line.
    deep_data = (
        "\n".join(["profile:", "  name: Grace Hopper", "deep:", *(" " * level + "k:" for level in range(1, 150))])
        + " 1\n"
    )
    pages = {
        "index.md": deep_front,
        "other.md": page({"data": "grace.yml", "news": NEWS}),
        "grace.yml": deep_data,
        "third.md": page({"profile": {"name": "Mary Somerville"}}),
    }
    build = build_site(pages)
    assert build.error is None
    assert_one_warning(
        build,
        r"researcher: docs/index\.md:4: the front matter is not valid YAML: "
        r"lists and mappings nested more than 100 levels deep; the page is built without it",
    )
    assert_one_warning(
        build,
        r"researcher: docs/grace\.yml:103: not valid YAML: "
        r"lists and mappings nested more than 100 levels deep; nothing is read from it",
    )
    assert build.html().select_one("article h1").get_text() == "Home"
    assert [n.get_text() for n in build.html("other/index.html").select(".researcher-news__text")] == ["Still here"]
    assert build.html("third/index.html").select_one(".researcher-profile .p-name").get_text() == "Mary Somerville"


def test_nesting_through_aliases_counts_and_the_limit_is_exact():
    from mkdocs_researcher.sources.frontmatter import MAX_DEPTH, load_yaml

    assert (
        load_yaml("x: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)).error is None
    )  # with the top mapping: 100 levels
    assert (
        load_yaml("x: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH).error
        == "lists and mappings nested more than 100 levels deep"
    )
    through_alias = load_yaml("a: &a " + "[" * 60 + "]" * 60 + "\nb:\n  c: " + "[" * 45 + "*a" + "]" * 45 + "\n")
    assert (through_alias.error, through_alias.error_line) == ("lists and mappings nested more than 100 levels deep", 3)


def test_deep_nesting_is_refused_by_pyyaml_without_libyaml(monkeypatch):
    from mkdocs_researcher.sources import frontmatter

    monkeypatch.setattr(frontmatter, "_Loader", frontmatter._ExplainingLoader)  # the pure-Python parser and composer
    deeper_than_python_recurses = "\n".join(" " * level + "k:" for level in range(1500)) + " 1\n"
    for text in ("x: " + "[" * 150 + "]" * 150, deeper_than_python_recurses):
        assert frontmatter.load_yaml(text).error == "lists and mappings nested more than 100 levels deep"


# Control characters in messages ----------------------------------------------------------------


def test_control_characters_from_input_never_break_a_message_line(build_site):
    front = {
        "profile": {"name": "Ada Lovelace", "position": "Analyst", "sneaky\nkey": 1},
        "publications": [{"title": "T", "authors": ["Ada Lovelace"], "year": "18\x1b[2J43"}],
        "data": "missing\u2028file.yml",
    }
    build = build_site({"index.md": page(front)})
    assert build.error is None
    warnings = build.researcher_warnings()
    assert len(warnings) == 3
    assert all(w.isprintable() for w in warnings), warnings
    assert any(": profile.sneaky\\nkey: unknown field" in w for w in warnings)
    assert any("got a string '18\\x1b[2J43'" in w for w in warnings)
    assert any("'docs/missing\\u2028file.yml' does not exist" in w for w in warnings)


def test_every_part_of_a_diagnostic_is_one_printable_line():
    from mkdocs_researcher.diagnostics import Diagnostic

    shown = str(Diagnostic("docs/a\rb.md", 3, "news[0].te\x1bxt", "bad\n\x85\u202evalue\t中文 é 😀"))
    assert shown == "docs/a\\rb.md:3: news[0].te\\x1bxt: bad\\n\\x85\\u202evalue\\t中文 é 😀"


# URLs as a browser reads them ------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "\x01javascript:alert(1)",
        "java\nscript:alert(1)",
        "java\tscript:alert(1)",
        "/\t/evil.org",
        "/\n/evil.org",
        "/\r\n/evil.org",
        "\\/evil.org",
        "\\\\evil.org",
        "/\\evil.org",
        " //evil.org",
        "\x00//evil.org",
        "\x1f\t//evil.org",
        "//evil.org\x00",
    ],
)
def test_urls_a_browser_reads_as_another_scheme_or_host_are_refused(url):
    from mkdocs_researcher.model.links import safe_url

    assert safe_url(url) is None


@pytest.mark.parametrize(
    "url, kept",
    [
        ("https://example.org/paper.pdf", "https://example.org/paper.pdf"),
        ("http://example.org/a?b=c#d", "http://example.org/a?b=c#d"),
        ("htt\tps://example.org/", "https://example.org/"),
        ("https://exa\nmple.org/x", "https://example.org/x"),
        ("\x00 https://example.org/ \x1f", "https://example.org/"),
        ("mailto:ada@example.org", "mailto:ada@example.org"),
        ("/%09/evil.org", "/%09/evil.org"),  # percent-encoded: a path, not a host
        ("files/cv.pdf", "files/cv.pdf"),
        ("#publications", "#publications"),
    ],
)
def test_safe_urls_are_kept_as_a_browser_reads_them(url, kept):
    from mkdocs_researcher.model.links import safe_url

    assert safe_url(url) == kept


# Badly shaped label overrides and digits int() cannot read --------------------------------------


BAD_LABELS = {
    "months": 3,
    "section": {"publications": ["Papers"], "experience": "Jobs"},
    "more_authors": "and more",
    "date_range": "{from} to {until}",
    "month_year": "{month",
    "publications": {"x": 1},
}


def test_badly_shaped_labels_are_reported_and_the_defaults_used(build_site):
    front = {
        "profile": PROFILE,
        "publications": [{"title": "Notes", "authors": ["Ada Lovelace", "A B", "C D", "E F", "G H"], "year": 1843}],
        "experience": [{"organization": "Analytical Society", "role": "Analyst", "start": "2023-09", "end": "present"}],
    }
    build = build_site({"index.md": page(front)}, plugins=[{"researcher": {"labels": BAD_LABELS}}])
    assert build.error is None
    assert sorted(build.researcher_warnings()) == sorted(
        [
            (
                "researcher: mkdocs.yml: labels.months: expected a list of 12 labels like [Jan, Feb, …], got '3'; "
                "the default labels are used"
            ),
            (
                "researcher: mkdocs.yml: labels.section.publications: expected text, got a list of 1; "
                "the default 'Publications' is used"
            ),
            (
                "researcher: mkdocs.yml: labels.more_authors: expected a mapping of labels (one, other), "
                "got 'and more'; the default labels are used"
            ),
            (
                "researcher: mkdocs.yml: labels.date_range: '{from} to {until}' has the field {from}, "
                "which this label does not fill; "
                "it may use {end}, {start}; the default '{start} – {end}' is used"
            ),
            (
                "researcher: mkdocs.yml: labels.month_year: '{month' has unpaired braces "
                "(expected '}' before end of string); "
                "write {{ and }} for braces in the text; it may use {month}, {year}; "
                "the default '{month} {year}' is used"
            ),
            "researcher: mkdocs.yml: labels.publications: unknown label; it is ignored",
        ]
    )
    soup = build.html()
    assert [h.get_text().strip() for h in soup.select("article h2")] == [
        "Publications",
        "Jobs",
    ]  # a good override stays
    assert soup.select_one(".researcher-more-authors summary").get_text() == ", and 2 more authors"
    assert soup.select_one(".researcher-experience .researcher-dates").get_text() == "Sep 2023 – Present"


def test_labels_that_are_not_a_mapping_are_reported_and_the_defaults_used(build_site):
    build = build_site(
        {
            "index.md": page(
                {"profile": PROFILE, "experience": [{"organization": "X", "role": "Y", "start": "2023-09"}]}
            )
        },
        plugins=[{"researcher": {"labels": [1]}}],
    )
    assert build.error is None
    assert build.researcher_warnings() == [
        (
            "researcher: mkdocs.yml: labels: expected a mapping of label names to text, "
            "like section: {publications: Papers}; "
            "the default labels are used"
        ),
    ]
    assert build.html().select_one(".researcher-experience .researcher-dates").get_text() == "Sep 2023"


def test_digits_that_int_cannot_read_are_reported_not_a_crash(build_site):
    publications = [
        {"title": "Superscript", "authors": ["Ada Lovelace"], "year": "²"},
        {"title": "Too long", "authors": ["Ada Lovelace"], "year": "1" * 5000},
        {"title": "Fine", "authors": ["Ada Lovelace"], "year": "1843", "month": "７"},
    ]
    build = build_site({"index.md": page({"profile": PROFILE, "publications": publications}), "other.md": OTHER_PAGE})
    assert build.error is None
    assert build.researcher_warnings() == [
        (
            "researcher: docs/index.md:9: publications[0].year: expected a year like 2024, got a string '²'; "
            "this publication is left out"
        ),
        (
            "researcher: docs/index.md:13: publications[1].year: expected a year like 2024, "
            f"got a string '{'1' * 40}…'; this publication is left out"
        ),
    ]
    titles = [t.get_text() for t in build.html().select(".researcher-publication__title")]
    assert titles == ["Fine"]
    assert build.html("other/index.html").select_one(".p-name").get_text() == "Grace Hopper"
