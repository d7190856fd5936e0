"""Random front matter through real builds: nothing escapes, nothing hostile reaches the HTML.

Hypothesis writes profiles, publications, projects and experience entries of hostile text (markup,
Jinja, quotes, right-to-left text, emoji, control characters YAML can carry) and of the wrong shape
(numbers, nested mappings and lists, nothing), dumps them as front matter and builds the site. For every
example: the build raises nothing, the page is written, every researcher message is about this page, the
HTML has no ``<script>`` in the article, no ``on*`` attribute, no unsafe ``href``/``src`` and no CSS
``url()`` in a section, and Jinja in the input is never evaluated.

Markdown fields (``abstract``, ``note``, ``description``, ``details``) are the researcher's own Markdown,
rendered like the page body, so raw HTML and Markdown links in them are the author's to write: they get
wrongly-shaped values and Markdown-free text here, not markup.

Two tests build with Material, two with MkDocs' own theme (which this plugin supports too, and builds
about three times faster: Material's theme folder holds thousands of icons that every build lists).
Builds recompile every Jinja template (MkDocs' and ours) each time; the session's in-memory bytecode cache
(conftest.py) keeps ~40 examples per test within CI time. It changes nothing but the speed: Jinja keys the
cache on each template's name and source checksum.
"""

from __future__ import annotations

import re
import shlex

import pytest
from conftest import page
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.slow  # hundreds of whole builds

FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


# Strategies ---------------------------------------------------------------------------------------

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "</div></article><script>alert(1)</script>",
    "{{ 7*7 }}",
    "{{ config.site_name }}",
    "{% raw %}",
    "{% endraw %}{{ 7*7 }}",
    "{# comment #}",
    "<!-- researcher publications -->",
    "-->",
    "]]>",
    "&lt;b&gt;",
    "' \" ` \\",
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "\tjava\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example.org/x",
    "محمد علي",
    "שלום עולם",
    "\u202eevil\u202c",
    "Zoe\u0308 Mu\u0308ller",
    "程羽",
    "😀👩‍🔬",
    "\x00\x07\x1b\x7f",
    "\u2028\u2029\x85",
    "---",
    "# heading",
    "*",
    "others",
]
_CHARS = st.characters(blacklist_categories=("Cs",))
hostile_text = st.one_of(
    st.sampled_from(PAYLOADS),
    st.text(_CHARS, max_size=24),
    st.tuples(st.sampled_from(PAYLOADS), st.text(_CHARS, max_size=8), st.sampled_from(PAYLOADS)).map("".join),
)
# Markdown fields: wrong shapes and odd text, but no markup of the author's own (no < > [ ] ( )).
markdown_text = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="<>[]()"), max_size=30),
    st.sampled_from(["{{ 7*7 }}", "{% raw %}", "**bold** _it_", "&lt;script&gt;", "`code`", "javascript:alert(1)"]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**13),
    st.floats(),
    st.dates(),
    hostile_text,
)
nonblank = hostile_text.filter(lambda text: text.strip())  # for required fields of clean entries
junk = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(_CHARS, max_size=8), inner, max_size=3),
    max_leaves=6,
)
SAFE_URLS = [
    "https://example.org/x",
    "mailto:someone@example.org",
    "files/cv.pdf",
    "#anchor",
    'https://example.org/"><script>alert(1)</script>',
]
UNSAFE_URLS = [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "\x01javascript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "DATA:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)",
    "//evil.example.org",
    "\\\\evil.example.org",
]
urls = st.one_of(st.sampled_from(UNSAFE_URLS), st.sampled_from(UNSAFE_URLS), st.sampled_from(SAFE_URLS), hostile_text)
LINK_KINDS = [
    "github",
    "scholar",
    "orcid",
    "homepage",
    "cv",
    "pdf",
    "arxiv",
    "doi",
    "code",
    "slides",
    "x",
    "mylab",
    "githib",
]
link_kinds = st.sampled_from(LINK_KINDS) | st.text(_CHARS, max_size=6)
links = st.one_of(
    st.dictionaries(link_kinds, urls, min_size=1, max_size=4),
    st.dictionaries(link_kinds, urls, min_size=1, max_size=4),
    st.dictionaries(link_kinds, urls | junk, max_size=4),
    junk,
)
text_list = st.one_of(st.lists(hostile_text | junk, max_size=4), junk)
dates = st.one_of(
    st.dates(), st.sampled_from(["2024", "2022-13", "2022-02-30x", "present", "now", "2023-06", "1999-1-1"]), junk
)


def fuzzed(fields: dict, required: tuple[str, ...] = ()) -> st.SearchStrategy:
    """An entry: clean (each field of its own kind, which may still be a wrong value), messy (any field,
    required ones too, may be junk; unknown fields added) or not a mapping at all."""

    def entry(wrap) -> st.SearchStrategy:
        return st.fixed_dictionaries(
            {name: wrap(fields[name]) for name in required},
            optional={name: wrap(strategy) for name, strategy in fields.items() if name not in required},
        )

    clean = entry(lambda strategy: strategy)
    messy = st.tuples(
        entry(lambda strategy: st.one_of(strategy, junk)),
        st.dictionaries(st.text(_CHARS, min_size=1, max_size=8), junk, max_size=2),
    ).map(lambda parts: {**parts[1], **parts[0]})
    return st.one_of(clean, clean, messy, junk)


profile = fuzzed(
    {
        "name": nonblank,
        "native_name": hostile_text,
        "pronouns": hostile_text,
        "photo": urls,
        "position": hostile_text,
        "affiliations": st.lists(
            hostile_text | st.fixed_dictionaries({"name": hostile_text}, optional={"url": urls}), max_size=3
        ),
        "email": hostile_text | st.sampled_from(["a@b.org", 'x<y>@evil".org']),
        "interests": text_list,
        "aliases": text_list,
        "links": links,
    },
    required=("name",),
)
publication = fuzzed(
    {
        "title": nonblank,
        "key": hostile_text,
        "authors": st.lists(hostile_text, max_size=6) | junk,
        "venue": hostile_text,
        "abbr": hostile_text,
        "year": st.integers(0, 10_000) | hostile_text,
        "month": st.integers(0, 14) | st.sampled_from(["jul", "July", "13"]),
        "type": st.sampled_from(["conference", "journal", "preprint", "conferance"]) | hostile_text,
        "award": hostile_text,
        "selected": st.booleans() | hostile_text,
        "abstract": markdown_text,
        "note": markdown_text,
        "tags": text_list,
        "links": links,
    },
    required=("title",),
)
project = fuzzed(
    {
        "name": nonblank,
        "description": markdown_text,
        "url": urls,
        "repo": hostile_text,
        "image": urls,
        "tags": text_list,
        "group": hostile_text,
        "links": links,
    },
    required=("name",),
)
experience = fuzzed(
    {
        "organization": nonblank,
        "role": nonblank,
        "start": dates,
        "end": dates,
        "location": hostile_text,
        "url": urls,
        "logo": urls,
        "details": markdown_text | st.lists(markdown_text, max_size=3),
    },
    required=("organization", "role"),
)


def section_list(entry: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.lists(entry, max_size=4), st.lists(entry, max_size=4), junk)


MARKER_KINDS = ["profile", "publications", "projects", "experience", "talks", "publication"]
marker = st.builds(
    lambda kind, heading, extra: f"<!-- researcher {kind} heading={shlex.quote(heading)} {extra} -->",
    st.sampled_from(MARKER_KINDS),
    hostile_text.map(lambda text: re.sub(r"[\r\n\x85\u2028\u2029]|--", " ", text)),
    st.sampled_from(["", "limit=2", "level=9", "group_by=year", "selected", "limt=1", "type=journal,conference"]),
)


# Checks --------------------------------------------------------------------------------------------

_UNSAFE_SCHEME = re.compile(r"^(javascript|data|vbscript):", re.IGNORECASE)
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")  # browsers skip these inside a URL's scheme
URL_ATTRIBUTES = ("href", "src", "xlink:href", "srcset", "poster", "action", "formaction")


def check_build(build, markdown: str) -> None:
    assert build.error is None, f"the build raised {build.error!r}"
    assert (build.site / "index.html").is_file(), "the page was not written"
    for warning in build.warnings:
        if warning.startswith("researcher:"):
            assert warning.startswith("researcher: docs/index.md"), warning
    soup = build.html()
    # The page content: Material's article, or the main column of MkDocs' own theme (project cards are
    # <article> elements too, so the theme's own element is named).
    article = soup.select_one("article.md-content__inner") or soup.select_one('[role="main"]')
    assert article is not None, "no article in the page"
    assert article.find_all("script") == [], article.find_all("script")
    for section in soup.select(".researcher-section"):
        for element in [section, *section.find_all(True)]:
            for name, value in element.attrs.items():
                assert not name.lower().startswith("on"), f"{element.name}[{name}]"
                value = " ".join(value) if isinstance(value, list) else value
                if name.lower() in URL_ATTRIBUTES:
                    assert not _UNSAFE_SCHEME.match(_INVISIBLE.sub("", value)), f"{element.name}[{name}]={value!r}"
                if name.lower() == "style":
                    assert "url(" not in value.lower() and "expression" not in value.lower(), value
    if "49" not in markdown:  # {{ 7*7 }} is shown as written, never evaluated
        assert "49" not in article.get_text()
    # How much of the input survived validation: shown by pytest --hypothesis-show-statistics.
    shown = len(soup.select(".researcher-item"))
    event("entries shown: " + ("none" if shown == 0 else "one" if shown == 1 else "several"))


def build_and_check(build_site, front: dict, body: str = "Bio.\n", theme: str = "material") -> None:
    markdown = page(front, body)
    check_build(build_site({"index.md": markdown}, theme=theme), markdown)


# Tests ---------------------------------------------------------------------------------------------


@FUZZ
@given(card=profile)
def test_fuzzed_profile(build_site, card):
    build_and_check(build_site, {"profile": card}, theme="mkdocs")  # the plain theme: faster, and supported too


@FUZZ
@given(pubs=section_list(publication), owner=nonblank)
def test_fuzzed_publications(build_site, pubs, owner):
    build_and_check(build_site, {"profile": {"name": owner}, "publications": pubs})


@FUZZ
@given(projects=section_list(project), jobs=section_list(experience))
def test_fuzzed_projects_and_experience(build_site, projects, jobs):
    build_and_check(build_site, {"projects": projects, "experience": jobs}, theme="mkdocs")


@FUZZ
@given(
    card=profile,
    pubs=section_list(publication),
    projects=section_list(project),
    jobs=section_list(experience),
    markers=st.lists(marker, max_size=3),
)
def test_fuzzed_page_with_markers(build_site, card, pubs, projects, jobs, markers):
    body = "# Home\n\n" + "\n\n".join(markers) + "\n"
    build_and_check(build_site, {"profile": card, "publications": pubs, "projects": projects, "experience": jobs}, body)
