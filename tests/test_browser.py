"""The pages in a real browser: toggles, filter, copy, instant navigation, dark mode, phone width, a11y.

Debian's Chromium (/usr/bin/chromium) through Playwright; sites are built into
temporary folders and served on 127.0.0.1. Outside CI a missing browser skips;
in CI it fails.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
import yaml
from browser_support import (
    AXE_INSTALL,
    built_site,
    free_port,
    install_axe,
    require,
    serve,
    zensical_site,
)
from conftest import EXAMPLE_SITE, page

pytestmark = pytest.mark.slow  # Chromium opens each page

PUBLICATIONS = [
    {
        "title": f"Paper number {i} on {topic}",
        "key": f"paper{i}",
        "authors": ["Yu Cheng", "Lei Wang", "Yining Shi", "Zhi Yang", "Fan Yang"]
        if i % 2
        else ["Ana Lopez", "Yu Cheng"],
        "venue": venue,
        "abbr": venue.split()[0],
        "year": 2018 + i,
        "abstract": f"Abstract of paper {i}.",
        "tags": [topic],
    }
    for i, (topic, venue) in enumerate(
        [
            ("compilers", "OSDI 2018"),
            ("kernels", "SOSP 2019"),
            ("graphs", "ICDE 2020"),
            ("compilers", "ICLR 2021"),
            ("storage", "FAST 2022"),
            ("kernels", "MLSys 2023"),
            ("graphs", "VLDB 2024"),
        ]
    )
]


PALETTE = [
    {"scheme": "default", "toggle": {"icon": "material/weather-night", "name": "Dark"}},
    {"scheme": "slate", "toggle": {"icon": "material/weather-sunny", "name": "Light"}},
]


def _long_list_site(root, config: dict):
    """A site whose home page has a long publication list, grouped by year."""
    docs = root / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        page(
            {"profile": {"name": "Yu Cheng", "email": "yu@example.org"}, "publications": PUBLICATIONS},
            "Bio.\n\n<!-- researcher publications group_by=year -->\n",
        ),
        encoding="utf-8",
    )
    (docs / "other.md").write_text("# Other\n\nNothing here.\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def instant_site(tmp_path_factory):
    """A small site with Material's instant navigation and a long publication list."""
    # Instant navigation only intercepts links under site_url, so it must be the served address.
    port = free_port()
    config = {
        "site_name": "Instant",
        "site_url": f"http://127.0.0.1:{port}/",
        "theme": {"name": "material", "font": False, "features": ["navigation.instant"], "palette": PALETTE},
        "plugins": ["researcher"],
        "nav": [{"Home": "index.md"}, {"Other": "other.md"}],
    }
    root = _long_list_site(tmp_path_factory.mktemp("instant"), config)
    with built_site(root) as site, serve(site, port) as url:
        yield url


@pytest.fixture(scope="module")
def zensical_url(tmp_path_factory):
    """The same long list, built by Zensical after `mkdocs-researcher generate`."""
    if sys.version_info < (3, 11) or importlib.util.find_spec("zensical") is None:
        require(False, "zensical is not installed (Python 3.11+): pip install -e '.[test]'")
    port = free_port()  # instant navigation needs site_url to be the served address, as under MkDocs
    config = {
        "site_name": "Zensical",
        "site_url": f"http://127.0.0.1:{port}/",
        "theme": {"name": "material", "font": False, "features": ["navigation.instant"], "palette": PALETTE},
        "markdown_extensions": ["attr_list", "toc", "mkdocs_researcher"],
        # Linked by the MkDocs plugin itself; Zensical needs them listed.
        "extra_css": ["assets/researcher/researcher.css"],
        "extra_javascript": ["assets/researcher/researcher.js"],
        "nav": [{"Home": "index.md"}, {"Other": "other.md"}],
    }
    root = _long_list_site(tmp_path_factory.mktemp("zensical"), config)
    with zensical_site(root) as site, serve(site, port) as url:
        yield url


@pytest.fixture(params=["mkdocs", "zensical"])
def long_list(request):
    """The URL of the long list's site, built by each engine."""
    return request.getfixturevalue("instant_site" if request.param == "mkdocs" else "zensical_url")


@pytest.fixture(scope="module")
def example_url():
    with built_site(EXAMPLE_SITE) as site, serve(site) as url:
        yield url


class Watch:
    """Console errors and requests of one page."""

    def __init__(self, tab):
        self.errors: list[str] = []
        self.requests: list[str] = []
        tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e: self.errors.append(str(e)))
        tab.on("request", lambda r: self.requests.append(r.url))


def open_page(browser, url, **options):
    context = browser.new_context(**options)
    tab = context.new_page()
    watch = Watch(tab)
    tab.goto(url, wait_until="networkidle")
    return tab, watch


def test_toggles_open_and_close_by_click_and_keyboard(browser, long_list):
    tab, watch = open_page(browser, long_list)
    entry = tab.locator("#pub-paper1")
    abstract = entry.locator("details.researcher-abstract")
    assert not abstract.evaluate("d => d.open")
    assert not entry.locator(".researcher-toggle__content").first.is_visible()
    abstract.locator("summary").click()
    assert abstract.evaluate("d => d.open")
    assert entry.get_by_text("Abstract of paper 1.").is_visible()
    abstract.locator("summary").click()
    assert not abstract.evaluate("d => d.open")
    # Keyboard: focus the BibTeX toggle and press Enter, then Space to close.
    bibtex = entry.locator("details.researcher-bibtex")
    bibtex.locator("summary").focus()
    tab.keyboard.press("Enter")
    assert bibtex.evaluate("d => d.open")
    assert "@" in entry.locator(".researcher-bibtex code").inner_text()
    tab.keyboard.press("Space")
    assert not bibtex.evaluate("d => d.open")
    # "and N more authors" expands in place, by keyboard too.
    more = entry.locator("details.researcher-more-authors")
    assert more.locator("summary").inner_text().strip() == ", and 2 more authors"
    more.locator("summary").focus()
    tab.keyboard.press("Enter")
    assert entry.get_by_text("Fan Yang").is_visible()
    assert watch.errors == []


def test_filter_narrows_and_restores_the_list(browser, long_list):
    tab, watch = open_page(browser, long_list)
    box = tab.locator(".researcher-filter")
    assert box.is_visible()
    count = box.locator(".researcher-filter__count")
    assert count.inner_text() == "7 of 7"
    box.locator("input").fill("compilers")
    assert count.inner_text() == "2 of 7"
    visible = tab.locator(".researcher-publication:visible .researcher-publication__title")
    assert sorted(visible.all_inner_texts()) == ["Paper number 0 on compilers", "Paper number 3 on compilers"]
    # Year headings with nothing left under them are hidden too.
    assert tab.locator(".researcher-publications h3:visible").all_inner_texts() == ["2021", "2018"]
    box.locator("input").fill("lopez 2020")  # author and year together
    assert count.inner_text() == "1 of 7"
    box.locator("input").fill("quantum")  # nothing matches: said in words, no list and no heading left
    assert count.inner_text() == "No publications match"
    assert tab.locator(".researcher-publications :is(.researcher-publication, h3):visible").count() == 0
    box.locator("input").fill("")
    assert count.inner_text() == "7 of 7"
    assert tab.locator(".researcher-publication:visible").count() == 7
    assert watch.errors == []


def test_without_script_the_full_list_shows_and_no_filter(browser, instant_site):
    tab, _ = open_page(browser, instant_site, java_script_enabled=False)
    assert not tab.locator(".researcher-filter").is_visible()
    assert tab.locator(".researcher-publication:visible").count() == 7
    assert tab.locator(".researcher-copy:visible").count() == 0  # conveniences need script


def test_copy_puts_the_citation_on_the_clipboard(browser, instant_site):
    tab, watch = open_page(browser, instant_site, permissions=["clipboard-read", "clipboard-write"])
    entry = tab.locator("#pub-paper3")
    entry.locator("details.researcher-bibtex summary").click()  # the citation is one of the BibTeX panel's actions
    entry.locator("button[data-researcher-copy=citation]").click()
    assert tab.evaluate("navigator.clipboard.readText()") == (
        "Yu Cheng, Lei Wang, Yining Shi, Zhi Yang, Fan Yang. Paper number 3 on compilers. ICLR 2021, 2021."
    )
    assert entry.locator("button[data-researcher-copy=citation] span").text_content() == "Copied"
    entry.locator("button[data-researcher-copy=bibtex]").click()
    assert tab.evaluate("navigator.clipboard.readText()").startswith("@inproceedings{paper3,") or tab.evaluate(
        "navigator.clipboard.readText()"
    ).startswith("@misc{paper3,")
    assert watch.errors == []


def test_anchor_scrolls_to_and_highlights_an_entry(browser, instant_site):
    tab, _ = open_page(browser, instant_site + "#pub-paper5")
    background = tab.locator("#pub-paper5").evaluate("e => getComputedStyle(e).backgroundColor")
    other = tab.locator("#pub-paper4").evaluate("e => getComputedStyle(e).backgroundColor")
    assert background != other
    assert tab.locator("#pub-paper5").is_visible()


def test_scripts_survive_instant_navigation_without_double_binding(browser, long_list):
    context = browser.new_context()
    # Count listeners bound to the filter input, however often the page is swapped in.
    context.add_init_script("""
      window.__filterBindings = 0;
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (type, listener, options) {
        if (type === 'input' && this.classList && this.classList.contains('researcher-filter__input')) {
          window.__filterBindings++;
        }
        return add.call(this, type, listener, options);
      };
    """)
    tab = context.new_page()
    watch = Watch(tab)
    tab.goto(long_list, wait_until="networkidle")
    tab.wait_for_selector(".researcher-filter:visible")  # shown once the script has set it up
    assert tab.evaluate("window.__filterBindings") == 1
    for _ in range(2):
        tab.click("a.md-tabs__link:has-text('Other'), nav a:has-text('Other')")
        tab.wait_for_selector("h1:has-text('Other')")
        tab.click("a.md-tabs__link:has-text('Home'), nav a:has-text('Home')")
        tab.wait_for_selector(".researcher-filter:visible")
    assert tab.evaluate("typeof document$") == "object", "instant navigation is on"
    # One binding per page view, never two on one element.
    assert tab.evaluate("window.__filterBindings") == 3
    tab.locator(".researcher-filter input").fill("graphs")
    assert tab.locator(".researcher-filter__count").inner_text() == "2 of 7"
    assert tab.locator("a.researcher-email").get_attribute("href") == "mailto:yu@example.org"
    assert watch.errors == []


def _luminance(rgb: str) -> float:
    parts = [float(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]

    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in parts)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_palettes_change_colours_and_badges_stay_readable(browser, example_url, scheme):
    tab, watch = open_page(browser, example_url, color_scheme=scheme)
    assert tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == (
        "slate" if scheme == "dark" else "default"
    )
    title = tab.locator(".researcher-publication__title a").first.evaluate("e => getComputedStyle(e).color")
    assert (_luminance(title) > 0.5) == (scheme == "dark")
    for badge in tab.locator(".researcher-badge").all():
        fg, bg = badge.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
        assert contrast(fg, bg) >= 4.5, (badge.inner_text(), fg, bg)
    assert watch.errors == []


def test_palette_toggle_switches_to_dark(browser, example_url):
    tab, _ = open_page(browser, example_url, color_scheme="light")
    before = tab.locator(".researcher-project").first.evaluate("e => getComputedStyle(e).backgroundColor")
    tab.locator("form[data-md-component=palette] label:visible").first.click()
    assert tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    after = tab.locator(".researcher-project").first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert before != after


def test_zensicals_palette_toggle_changes_our_colours(browser, zensical_url):
    tab, watch = open_page(browser, zensical_url, color_scheme="light")
    title = tab.locator(".researcher-publication__title").first
    badge = tab.locator(".researcher-badge").first
    style = "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    before = (title.evaluate(style), badge.evaluate(style))
    assert _luminance(before[0][0]) < 0.5
    tab.locator("form[data-md-component=palette] label:visible").first.click()
    assert tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    after = (title.evaluate(style), badge.evaluate(style))
    assert _luminance(after[0][0]) > 0.5 and after != before
    assert contrast(*after[1]) >= 4.5
    assert watch.errors == []


def test_zensicals_page_lays_out_our_sections_and_stays_on_its_host(browser, zensical_url):
    tab, watch = open_page(browser, zensical_url)
    content = tab.locator("article.md-content__inner").bounding_box()
    profile = tab.locator(".researcher-profile").bounding_box()
    filter_box = tab.locator(".researcher-filter").bounding_box()
    first = tab.locator(".researcher-publication").first.bounding_box()
    # Inside the content column, the profile above the filter, the filter above the first entry.
    for box in (profile, filter_box, first):
        assert content["x"] - 1 <= box["x"] and box["x"] + box["width"] <= content["x"] + content["width"] + 1
    assert profile["y"] + profile["height"] <= filter_box["y"] <= first["y"]
    # Our stylesheet applies: its colour variables are set on our sections.
    assert tab.locator(".researcher-section").first.evaluate(
        "e => getComputedStyle(e).getPropertyValue('--researcher-fg').trim()"
    )
    tab.locator("details.researcher-bibtex summary").first.click()
    outside = [u for u in watch.requests if not u.startswith(zensical_url) and not u.startswith("data:")]
    assert outside == []
    assert watch.errors == []


PAGES = ["", "chengxiang-qi/", "zh/", "zh/chengxiang-qi/"]  # the homepages
EVERY_KIND_OF_PAGE = [*PAGES, "publications/", "group/", "publications/cheng2025pipethreader/"]


@pytest.mark.parametrize("path", PAGES)
def test_phone_width_has_no_horizontal_scroll(browser, example_url, path):
    tab, watch = open_page(browser, example_url + path, viewport={"width": 375, "height": 812})
    assert tab.evaluate("document.documentElement.scrollWidth") <= 375
    too_wide = tab.evaluate("""() => [...document.querySelectorAll('.researcher-section *')]
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > 375.5 && !e.closest('pre'))
        .map(e => e.className || e.tagName)""")
    assert too_wide == []
    # The photo stacks above the name.
    photo = tab.locator(".researcher-profile__photo").bounding_box()
    name = tab.locator(".researcher-profile__name").bounding_box()
    assert photo["y"] + photo["height"] <= name["y"] + 1
    assert watch.errors == []


@pytest.mark.parametrize("path", PAGES)
def test_nothing_is_requested_from_outside(browser, example_url, path):
    tab, watch = open_page(browser, example_url + path)
    tab.locator("details.researcher-bibtex summary").first.click()
    outside = [u for u in watch.requests if not u.startswith(example_url) and not u.startswith("data:")]
    assert outside == []
    assert watch.errors == []


def run_axe(tab, axe_script: Path, context: str | None = None) -> list[dict]:
    tab.add_script_tag(path=str(axe_script))
    return tab.evaluate(
        "async (ctx) => (await axe.run(ctx ? {include: [ctx]} : document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))",
        context,
    )


@pytest.mark.parametrize("path", EVERY_KIND_OF_PAGE)
@pytest.mark.parametrize(
    "options",
    [{"color_scheme": "light"}, {"color_scheme": "dark"}, {"viewport": {"width": 375, "height": 812}}],
    ids=["light", "dark", "phone"],
)
def test_no_serious_accessibility_violations_in_our_sections(browser, example_url, path, options):
    axe_script = install_axe()
    require(axe_script is not None, f"axe-core is not installed and npm could not fetch it: {AXE_INSTALL}")
    tab, _ = open_page(browser, example_url + path, **options)
    violations = run_axe(tab, axe_script, ".researcher-section")
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == []


def test_print_gives_a_clean_cv_like_page(browser, instant_site):
    tab, _ = open_page(browser, instant_site)
    tab.emulate_media(media="print")
    assert not tab.locator(".md-header").is_visible() and not tab.locator(".md-sidebar--primary").is_visible()
    assert (
        tab.locator("details.researcher-toggle:visible, .researcher-filter:visible, .researcher-copy:visible").count()
        == 0
    )
    # Every author is printed, and link addresses are written out.
    assert tab.get_by_text("Fan Yang").first.is_visible()
    assert tab.locator(".researcher-more-authors summary:visible").count() == 0


@pytest.fixture(scope="module")
def citing_url(tmp_path_factory):
    """A page with citations, under Material's light and dark palettes (chosen by the reader's colour scheme)."""
    from test_citations import BIB

    root = tmp_path_factory.mktemp("citing")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n\nAs @smith2020 show, and [@lee_2019, p. 12].\n", encoding="utf-8")
    (root / "docs" / "refs.bib").write_text(BIB, encoding="utf-8")
    media = {"default": "(prefers-color-scheme: light)", "slate": "(prefers-color-scheme: dark)"}
    config = {
        "site_name": "Citing",
        "theme": {"name": "material", "font": False, "palette": [{**p, "media": media[p["scheme"]]} for p in PALETTE]},
        "plugins": [{"researcher": {"bibliography": ["docs/refs.bib"]}}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    with built_site(root) as site, serve(site) as url:
        yield url


TOOLTIP = """e => {
  const box = getComputedStyle(e, '::after');
  return {text: box.content, display: box.display, width: parseFloat(box.width),
          height: parseFloat(box.height), color: box.color, background: box.backgroundColor};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_citation_shows_its_reference_on_hover_and_on_keyboard_focus(browser, citing_url, scheme):
    tab, watch = open_page(browser, citing_url, color_scheme=scheme)
    assert tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == (
        "slate" if scheme == "dark" else "default"
    )
    cite = tab.locator("a.researcher-cite").first
    reference = tab.locator("#ref-smith2020").inner_text()
    assert reference.startswith("Smith, A., & Jones, B. (2020). A study of things.")
    assert cite.evaluate(TOOLTIP)["display"] == "none"

    cite.hover()
    shown = cite.evaluate(TOOLTIP)
    assert shown["text"] == json.dumps(reference)  # CSS gives a string's content in double quotes
    assert shown["display"] == "block"
    assert shown["width"] > 100 and shown["height"] > 10
    assert contrast(shown["color"], shown["background"]) >= 4.5
    assert (_luminance(shown["background"]) < 0.2) == (scheme == "dark")

    tab.mouse.move(0, 0)
    assert cite.evaluate(TOOLTIP)["display"] == "none"
    tab.keyboard.press("Tab")  # keyboard focus reaches the links in order until it is on the citation
    for _ in range(60):
        if cite.evaluate("e => e === document.activeElement"):
            break
        tab.keyboard.press("Tab")
    assert cite.evaluate("e => e.matches(':focus-visible')")
    focused = cite.evaluate(TOOLTIP)
    assert focused["display"] == "block" and focused["text"] == shown["text"]
    assert watch.errors == []


def test_citations_leave_a_phone_wide_page_as_wide_as_the_screen(browser, citing_url):
    # Citations at the end of a line, the reference boxes of 28rem beside them: none may widen the page.
    tab, watch = open_page(browser, citing_url, viewport={"width": 375, "height": 800}, is_mobile=True)
    cites = tab.locator("a.researcher-cite")
    assert cites.count() >= 2 and max(cites.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().right)")) > 200
    assert tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]") == [375, 375]
    # Shown, the reference is a panel along the bottom of the screen, inside it, wherever the citation is.
    last = cites.nth(cites.count() - 1)
    last.hover()
    panel = last.evaluate(
        "e => { const s = getComputedStyle(e, '::after');"
        " return [s.display, s.position, parseFloat(s.left), parseFloat(s.width)]; }"
    )
    assert panel[:2] == ["block", "fixed"] and panel[2] >= 0 and panel[2] + panel[3] <= 375
    assert tab.evaluate("document.documentElement.scrollWidth") == 375
    assert watch.errors == []
