"""The homepage's look in a real browser: computed styles and boxes, not pixels.

A test site with every section and four people in one group, on Material (light and dark) and on the built-in
mkdocs theme (light and data-bs-theme="dark"); the example site; the home page `mkdocs-researcher new` writes.
Debian's Chromium through Playwright, as tests/test_browser.py.
"""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys

import pytest
import yaml
from browser_support import (
    AXE_INSTALL,
    built_site,
    install_axe,
    require,
    serve,
    zensical_site,
)
from conftest import EXAMPLE_SITE, page
from test_browser import run_axe

pytestmark = pytest.mark.slow  # Chromium opens each page

EMAIL = "ada.lovelace@math.example.org"
PEOPLE = ["ada-lovelace", "charles-babbage", "mary-somerville", "augustus-de-morgan"]
AUTHORS = ["Ada Lovelace", "Charles Babbage", "Mary Somerville", "Augustus De Morgan", "Michael Faraday"]
SVG = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect width='10' height='10' fill='#8a6'/></svg>"
# Logos as al-folio sites have them: a wide file of its own size, and a drawing with a ratio but no size.
SVG_OPEN = "<svg xmlns='http://www.w3.org/2000/svg'"
LOGOS = {
    "wide-logo.svg": f"{SVG_OPEN} width='700' height='100'><rect width='700' height='100'/></svg>",
    "ratio-logo.svg": f"{SVG_OPEN} viewBox='0 0 40 10'><rect width='40' height='10'/></svg>",
}

HOME = {
    "title": "Ada Lovelace",
    "profile": {
        "name": "Ada Lovelace",
        "photo": "ada.svg",
        "photo_side": "right",
        "photo_shape": "square",
        "position": "Analyst",
        "affiliations": [{"name": "Analytical Society", "url": "https://example.org/society"}],
        "email": EMAIL,
        "interests": ["Engines", "Notes"],
        "links": {
            "github": "ada",
            "scholar": "AbCdEfGAAAAJ",
            "zhihu": "ada",
            "xiaohongshu": "5f0000000000000000000001",
            "bilibili": "123456",
        },
    },
    "publications": [
        {
            "title": f"Notes on engine number {i}",
            "authors": AUTHORS if i % 2 else AUTHORS[:2],
            "venue": "Proceedings of the Analytical Society",
            "abbr": "PAS",
            "year": 2020 + i,
            "abstract": "An abstract.",
            "links": {"pdf": "https://example.org/notes.pdf"},
        }
        for i in range(3)
    ],
    "projects": [
        {"name": "Engine", "description": "A short one.", "tags": ["Brass"], "repo": "ada/engine"},
        {"name": "Notes", "description": "A longer description of the notes. " * 6, "tags": ["Paper", "Ink"]},
    ],
    "experience": [
        {
            "organization": "Analytical Society",
            "role": "Analyst",
            "start": "1842-01",
            "end": "present",
            "url": "https://example.org/society",
            "logo": "wide-logo.svg",
            "details": ["Translated the memoir, with [notes](https://example.org/notes).", "Wrote Note G."],
        },
        {"organization": "Private study", "role": "Student", "start": "1833", "end": "1841", "logo": "ratio-logo.svg"},
    ],
    "education": [{"degree": "Mathematics", "institution": "With Augustus De Morgan", "start": 1840, "end": 1842}],
    "news": [{"date": "1843-09-01", "text": "The notes are **published**."}],
    "awards": [{"title": "A lasting name", "awarder": "Posterity", "date": 1980}],
    "talks": [{"title": "On the engine", "event": "Turin", "date": "1840-09", "links": {"slides": "s.pdf"}}],
    "teaching": [{"course": "Calculus", "role": "Tutor", "institution": "At home", "term": "1840 Spring"}],
    "service": [{"role": "Reviewer", "organization": "The Society", "year": 1844}],
    "skills": [
        {"name": "Mathematics", "items": ["Calculus", {"name": "Bernoulli numbers", "note": "Note G"}]},
        {"name": "Interconnection & Communication", "items": ["Telegraphy", {"name": "Semaphores", "note": "Optical"}]},
    ],
}


def _person(person_id: str) -> str:
    name = person_id.replace("-", " ").title()
    return yaml.safe_dump(
        {"profile": {"name": name, "position": "Member", "group": "Members", "links": {"github": person_id}}}
    )


def _look_project(root, theme: dict):
    docs = root / "docs"
    (docs / "people").mkdir(parents=True)
    (docs / "index.md").write_text(
        page(HOME, "The bio, under the photo, longer than a line. " * 6 + "\n"), encoding="utf-8"
    )
    (docs / "ada.svg").write_text(SVG, encoding="utf-8")
    for name, svg in LOGOS.items():
        (docs / name).write_text(svg, encoding="utf-8")
    (docs / "s.pdf").write_bytes(b"%PDF-1.4\n")
    (docs / "people.md").write_text("# People\n\n<!-- researcher people heading=none -->\n", encoding="utf-8")
    for person_id in PEOPLE:
        (docs / "people" / f"{person_id}.yml").write_text(_person(person_id), encoding="utf-8")
    config = {
        "site_name": "Ada Lovelace",
        "theme": theme,
        "plugins": [{"researcher": {"people": "docs/people", "max_authors": 3, "publication_pages": True}}],
        "nav": [{"Home": "index.md"}, {"People": "people.md"}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return root


MATERIAL = {
    "name": "material",
    "font": False,
    "features": ["navigation.tabs", "content.code.copy"],
    "palette": [
        {
            "media": "(prefers-color-scheme: light)",
            "scheme": "default",
            "toggle": {"icon": "material/weather-night", "name": "Dark"},
        },
        {
            "media": "(prefers-color-scheme: dark)",
            "scheme": "slate",
            "toggle": {"icon": "material/weather-sunny", "name": "Light"},
        },
    ],
}
# Each theme and palette a visitor may see: (theme, Playwright's color_scheme).
LOOKS = {
    "material-light": (MATERIAL, "light"),
    "material-dark": (MATERIAL, "dark"),
    "mkdocs-light": ({"name": "mkdocs", "color_mode": "light"}, "light"),
    "mkdocs-dark": ({"name": "mkdocs", "color_mode": "dark"}, "dark"),
}


@pytest.fixture(scope="module")
def look_sites(tmp_path_factory):
    """The test site built with Material and with the mkdocs theme in each colour mode: look name -> base URL."""
    themes = {"material": MATERIAL, "mkdocs-light": LOOKS["mkdocs-light"][0], "mkdocs-dark": LOOKS["mkdocs-dark"][0]}
    with contextlib.ExitStack() as stack:
        urls = {
            name: stack.enter_context(
                serve(stack.enter_context(built_site(_look_project(tmp_path_factory.mktemp(name), theme))))
            )
            for name, theme in themes.items()
        }
        yield {look: urls["material" if look.startswith("material") else look] for look in LOOKS}


@pytest.fixture(scope="module")
def example_url():
    with built_site(EXAMPLE_SITE) as site, serve(site) as url:
        yield url


def _scaffold(root):
    subprocess.run(
        [sys.executable, "-m", "mkdocs_researcher", "new", str(root), "--name", "Ada Lovelace", "--email", EMAIL],
        check=True,
        capture_output=True,
    )
    return root


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def scaffold_url(request, tmp_path_factory):
    """The home page `mkdocs-researcher new` writes, built by each engine."""
    root = _scaffold(tmp_path_factory.mktemp("scaffold") / "site")
    if request.param == "zensical":
        if sys.version_info < (3, 11) or importlib.util.find_spec("zensical") is None:
            require(False, "zensical is not installed (Python 3.11+): pip install -e '.[test]'")
        build = zensical_site(root)
    else:
        build = built_site(root)
    with build as site, serve(site) as url:
        yield url


def open_look(browser, url, scheme="light", width=1280, **options):
    """A page of a local site; anything asked of another host (the mkdocs theme's CDN) is refused at once."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme, **options)
    origin = "/".join(url.split("/", 3)[:3]) + "/"
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(origin) else route.abort())
    tab = context.new_page()
    errors = []  # of our script (the mkdocs theme's own fail without its CDN)
    tab.on("pageerror", lambda error: errors.append(str(error)) if "researcher" in (error.stack or "") else None)
    tab.goto(url, wait_until="load")
    return tab, errors


# A colour as the page paints it: any CSS colour (color-mix() gives color(srgb …)) through a canvas, composited
# over the first opaque background behind the element. Contrast as WCAG defines it.
CONTRAST_JS = """
([selector, property, pseudo]) => {
  const canvas = document.createElement('canvas').getContext('2d', {willReadFrequently: true});
  const rgba = (color) => {
    canvas.clearRect(0, 0, 1, 1); canvas.fillStyle = '#000'; canvas.fillStyle = color; canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data; return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const color = rgba(getComputedStyle(e).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] === 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length).map((e) => {
    const back = background(e);
    const front = over(rgba(getComputedStyle(e, pseudo).getPropertyValue(property)), back);
    const [hi, lo] = [luminance(front), luminance(back)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}
"""


def _dark(tab) -> bool:
    """Whether the page shows its dark palette: Material's slate or Bootstrap's data-bs-theme="dark"."""
    return tab.evaluate(
        "document.body.dataset.mdColorScheme === 'slate' || document.documentElement.dataset.bsTheme === 'dark'"
    )


def _visible_boxes(tab, selector):
    return tab.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length)
           .map(e => e.getBoundingClientRect().toJSON())""",
        selector,
    )


# Homepage mode ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look", ["material-light", "mkdocs-light"])
def test_a_profile_page_is_one_centred_column_without_side_columns(browser, look_sites, look):
    tab, errors = open_look(browser, look_sites[look])
    if look.startswith("material"):
        assert not tab.locator(".md-sidebar--primary").is_visible()
        assert not tab.locator(".md-sidebar--secondary").is_visible()
        outer, column = _visible_boxes(tab, ".md-main__inner")[0], _visible_boxes(tab, ".md-content")[0]
    else:
        assert not tab.locator(".col-md-3").is_visible()
        outer, column = _visible_boxes(tab, ".container > .row")[0], _visible_boxes(tab, "[role=main]")[0]
    left, right = column["x"] - outer["x"], outer["right"] - column["right"]
    assert left > 100 and abs(left - right) <= 2  # centred, at a measure narrower than the page
    assert column["width"] <= 820
    assert errors == []


def test_a_page_without_a_profile_keeps_its_side_columns(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"] + "people/")
    assert tab.locator(".md-sidebar--secondary").is_visible()


def test_on_a_phone_the_profile_page_keeps_the_navigation_drawer(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"], width=375)
    tab.locator("label.md-header__button[for=__drawer]").click()
    assert tab.locator(".md-sidebar--primary a.md-nav__link:has-text('People')").is_visible()


BIO_FIRST_LINE = (
    "p => { const range = document.createRange(); range.selectNodeContents(p);"
    " return range.getClientRects()[0].toJSON(); }"
)


@pytest.mark.parametrize("look", ["material-light", "mkdocs-light"])
def test_the_photo_stands_on_its_side_in_its_shape_beside_the_name_and_the_bio_below_both(browser, look_sites, look):
    tab, _ = open_look(browser, look_sites[look])
    photo = tab.locator(".researcher-profile__photo img").bounding_box()
    name = tab.locator(".researcher-profile__name .p-name").bounding_box()
    card = tab.locator(".researcher-profile__body").bounding_box()
    if look == "material-light":  # a card shorter than the photo: where the bio squeezed in beside it
        assert card["height"] < photo["height"]
    assert photo["x"] >= name["x"] + name["width"]  # photo_side: right
    # No line of the bio in the gap beside the photo: its first line starts below the photo, at the card's left.
    bio = tab.locator(".researcher-profile ~ p").first.evaluate(BIO_FIRST_LINE)
    assert bio["top"] >= photo["y"] + photo["height"]
    assert abs(bio["left"] - card["x"]) <= 1
    radius = tab.locator(".researcher-profile__photo img").evaluate("e => parseFloat(getComputedStyle(e).borderRadius)")
    assert radius < photo["width"] / 4  # square
    phone, _ = open_look(browser, look_sites[look], width=375)
    photo = phone.locator(".researcher-profile__photo img").bounding_box()
    assert photo["y"] + photo["height"] <= phone.locator(".researcher-profile__name").bounding_box()["y"]
    assert (
        phone.locator(".researcher-profile ~ p").first.evaluate(BIO_FIRST_LINE)["top"] >= photo["y"] + photo["height"]
    )


def test_the_scaffolds_home_page_has_no_side_columns_and_shows_the_way_to_publications(browser, scaffold_url):
    tab, errors = open_look(browser, scaffold_url)
    assert not tab.locator(".md-sidebar--primary").is_visible()
    assert not tab.locator(".md-sidebar--secondary").is_visible()
    link = tab.locator("header a[href*='publications'], .md-tabs a[href*='publications']").first
    assert link.is_visible() and "Publications" in link.inner_text()
    assert tab.evaluate("document.documentElement.scrollWidth") <= 1280
    assert errors == []


def test_each_persons_page_names_that_person_in_the_header(browser, example_url):
    for path, name in [("", "Yu Cheng"), ("chengxiang-qi/", "Chengxiang Qi"), ("zh/chengxiang-qi/", "齐呈祥")]:
        tab, _ = open_look(browser, example_url + path)
        assert tab.locator(".md-header__topic").first.inner_text().strip() == name
        assert tab.title() == name


# One grid ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look", ["material-light", "mkdocs-light"])
def test_every_aside_has_one_width_and_the_entries_line_up(browser, look_sites, look):
    tab, _ = open_look(browser, look_sites[look])
    widths = {round(box["width"], 1) for box in _visible_boxes(tab, ".researcher-aside")}
    assert len(widths) == 1, widths
    # Publications, experience, education, news, awards, talks, teaching, service: the entries' text starts at
    # one x, beside one column.
    starts = tab.evaluate("""() => [...document.querySelectorAll(
        '.researcher-publication, .researcher-timeline__entry, .researcher-entry')]
        .map(row => [row.closest('.researcher-section').className, row.children[0].getBoundingClientRect(),
                     [...row.children].at(-1).getBoundingClientRect()])
        .map(([kind, aside, body]) => [kind, Math.round(aside.width), Math.round(body.x)])""")
    assert len({kind for kind, _, _ in starts}) == 8
    assert len({(width, x) for _, width, x in starts}) == 1, starts


def test_on_a_phone_the_aside_stands_above_its_entry(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"], width=375)
    for row in tab.locator(".researcher-timeline__entry, .researcher-entry").all():
        aside, body = row.evaluate("r => [r.children[0], r.children[1]].map(e => e.getBoundingClientRect().toJSON())")
        assert aside["bottom"] <= body["top"] + 1


def test_the_timeline_puts_the_role_under_the_title_and_gives_the_details_the_width(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"])
    entry = tab.locator(".researcher-experience .researcher-timeline__entry").first
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    title = entry.locator(".researcher-timeline__title").evaluate(size)
    role = entry.locator(".researcher-timeline__subtitle").evaluate(size)
    details = entry.locator(".researcher-timeline__details").evaluate(size)
    assert role < title and role <= details
    body = entry.locator(".researcher-timeline__what").bounding_box()
    section = tab.locator(".researcher-experience").bounding_box()
    assert abs(body["x"] + body["width"] - (section["x"] + section["width"])) <= 1  # to the column's right edge


def test_experience_logos_are_at_most_150_px_wide_and_of_one_height(browser, look_sites):
    for look in ("material-light", "mkdocs-light"):
        for width in (1280, 375):
            tab, _ = open_look(browser, look_sites[look], width=width)
            # Loaded lazily: loaded now, as they are when scrolled to.
            tab.evaluate("""() => Promise.all([...document.querySelectorAll('.researcher-timeline__logo')]
                .map(img => { img.loading = 'eager'; return img.decode(); }))""")
            logos = _visible_boxes(tab, ".researcher-timeline__logo")
            assert len(logos) == 2
            assert all(0 < logo["width"] <= 150 for logo in logos), (look, width, logos)
            assert len({round(logo["height"]) for logo in logos}) == 1, logos


# Each word of the text of the elements ``selector`` finds that the browser drew on more than one line.
BROKEN_WORDS_JS = """(selector) => [...document.querySelectorAll(selector)].flatMap(element => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) broken.push(word[0]);
    }
  }
  return broken;
})"""


@pytest.mark.parametrize("width", [1280, 768, 375])
def test_no_word_of_a_skill_group_or_label_is_broken_across_lines(browser, look_sites, width):
    for look in ("material-light", "mkdocs-light"):
        tab, _ = open_look(browser, look_sites[look], width=width)
        assert tab.locator(".researcher-skills__name").count() == 2
        assert tab.evaluate(BROKEN_WORDS_JS, ".researcher-skills__name, .researcher-skill") == [], (look, width)
        # The chips of every group start at one x, where the other sections' titles do (at 375: under the name).
        starts = {round(box["x"]) for box in _visible_boxes(tab, ".researcher-skills__items")}
        assert len(starts) == 1, starts
        assert tab.evaluate("document.documentElement.scrollWidth") <= width


# People -----------------------------------------------------------------------------------------------------


def test_people_cards_share_rows_and_link_to_their_own_profiles(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"] + "people/")
    cards = tab.locator(".researcher-person")
    assert cards.count() == 4
    tops = [round(box["y"]) for box in _visible_boxes(tab, ".researcher-person")]
    assert tops.count(tops[0]) >= 2  # several to a row at 1280 px
    for card in cards.all():
        name = card.locator(".researcher-person__name").inner_text()
        person_id = name.lower().replace(" ", "-")
        assert card.locator("a.researcher-icon-link").get_attribute("href") == f"https://github.com/{person_id}"


def test_no_member_card_of_the_example_links_to_a_project_repository(browser, example_url):
    tab, _ = open_look(browser, example_url + "group/")
    for href in tab.locator(".researcher-person a[data-kind=github]").evaluate_all("as => as.map(a => a.href)"):
        assert href.rstrip("/").count("/") == 3, href  # https://github.com/<user>, not <user>/<repository>


# Author lists -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look", ["material-light", "material-dark", "mkdocs-dark"])
def test_the_author_lists_summary_has_no_padding_from_the_theme(browser, look_sites, look):
    tab, _ = open_look(browser, look_sites[look], scheme=LOOKS[look][1])
    summaries = tab.locator(".researcher-authors details > summary")
    assert summaries.count() >= 1
    for summary in summaries.all():
        box = summary.evaluate(
            "s => ['paddingLeft', 'paddingRight', 'marginLeft', 'marginRight']"
            ".map(p => parseFloat(getComputedStyle(s)[p]))"
        )
        assert max(box) <= 4, box


# One action style -----------------------------------------------------------------------------------------

# The actions of an entry's row (not those inside an opened panel): where they are and what they look like.
ROW_ACTIONS = """(entry) => [...entry.querySelectorAll('.researcher-publication__actions .researcher-action')]
    .filter(e => e.getClientRects().length && !e.closest('.researcher-toggle__content'))
    .map(e => { const box = e.getBoundingClientRect(), style = getComputedStyle(e);
      return {tag: e.tagName, x: box.x, y: box.y, height: box.height, radius: style.borderTopLeftRadius,
              border: style.borderTopWidth + ' ' + style.borderTopStyle, case: style.textTransform,
              size: style.fontSize, icon: !!e.querySelector('svg')}; })"""


def _one_component(actions):
    assert max(a["height"] for a in actions) - min(a["height"] for a in actions) <= 2, actions
    for part in ("radius", "border", "case", "size", "icon"):
        assert len({a[part] for a in actions}) == 1, (part, actions)


@pytest.mark.parametrize("look", ["material-light", "material-dark", "mkdocs-dark"])
def test_an_entrys_actions_are_one_component_in_one_row_that_opening_a_toggle_does_not_move(browser, look_sites, look):
    tab, errors = open_look(browser, look_sites[look], scheme=LOOKS[look][1])
    entry = tab.locator(".researcher-publications .researcher-publication:has(.researcher-abstract)").first
    before = entry.evaluate(ROW_ACTIONS)
    assert [a["tag"] for a in before] == ["A", "SUMMARY", "SUMMARY"]  # PDF, Abstract, BibTeX
    _one_component(before)
    assert max(a["y"] for a in before) - min(a["y"] for a in before) <= 2  # one row
    # Everything BibTeX is the one toggle: its panel copies, downloads and gives the plain citation.
    entry.locator("details.researcher-abstract > summary").click()
    entry.locator("details.researcher-bibtex > summary").click()
    after = entry.evaluate(ROW_ACTIONS)
    assert [(round(a["x"]), round(a["y"])) for a in after] == [(round(a["x"]), round(a["y"])) for a in before]
    row_bottom = max(a["y"] + a["height"] for a in after)
    panels = [panel.bounding_box() for panel in entry.locator(".researcher-toggle__content").all()]
    assert len(panels) == 2 and all(panel["y"] >= row_bottom for panel in panels)
    assert panels[1]["y"] >= panels[0]["y"] + panels[0]["height"]  # the abstract, then the BibTeX
    in_panel = entry.locator(".researcher-bibtex .researcher-toggle__content .researcher-action:visible")
    kinds = [a.get_attribute("data-researcher-copy") or a.get_attribute("data-kind") for a in in_panel.all()]
    assert kinds == ["bibtex", "bib", "citation"]  # copy it, download the entry's .bib, copy the citation
    _one_component(before[:1] + entry.evaluate(ROW_ACTIONS.replace("!e.closest", "!!e.closest")))
    assert errors == []


def test_a_publication_page_has_its_bibtex_wrapped_and_its_actions_alike(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"], width=375)
    tab.locator(".researcher-publications .researcher-publication__anchor").first.click()
    tab.wait_for_load_state("networkidle")
    # A compact header: the badge close under the title (no empty line left by the title's permalink).
    title, badge = tab.locator("article h1").bounding_box(), tab.locator(".researcher-badge").bounding_box()
    assert 0 <= badge["y"] - (title["y"] + title["height"]) <= 40
    # One Copy: the block's own, not Material's code-copy button as well.
    assert tab.locator(".researcher-bibtex :is(.md-code__button, .md-clipboard):visible").count() == 0
    assert tab.locator(".researcher-bibtex button[data-researcher-copy=bibtex]:visible").count() == 1
    code = tab.locator(".researcher-publication-page__bibtex code")
    assert code.evaluate("c => c.scrollWidth <= c.clientWidth")  # nothing cut at the right edge
    actions = tab.locator(".researcher-publication-page .researcher-action:visible")
    heights = [a.bounding_box()["height"] for a in actions.all()]
    assert len(heights) >= 3 and max(heights) - min(heights) <= 2
    assert tab.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize(
    ("look", "current"), [("material-light", ".md-tabs__item--active"), ("mkdocs-light", ".navbar .nav-link.active")]
)
def test_a_publication_page_marks_its_lists_tab_as_the_current_one(browser, look_sites, look, current):
    tab, _ = open_look(browser, look_sites[look])
    assert [text.strip() for text in tab.locator(current).all_inner_texts()] == ["Home"]
    href = tab.locator(".researcher-publications .researcher-publication__anchor").first.get_attribute("href")
    tab.goto(look_sites[look] + href.lstrip("./"), wait_until="load")
    assert tab.locator(".researcher-publication-page").count() == 1
    assert [text.strip() for text in tab.locator(current).all_inner_texts()] == ["Home"]  # the list is on the home page
    people, _ = open_look(browser, look_sites[look] + "people/")
    assert [text.strip() for text in people.locator(current).all_inner_texts()] == ["People"]


# A line of the BibTeX that wraps: where its text starts, and where each of its continued lines does.
WRAPPED_LINE_JS = """(code) => {
  const text = code.firstChild, start = text.data.indexOf('  author');
  const range = document.createRange();
  range.setStart(text, start);
  range.setEnd(text, text.data.indexOf('\\n', start));
  const lines = new Map();
  for (const rect of range.getClientRects()) {
    const top = Math.round(rect.top);
    if (rect.width) lines.set(top, Math.min(rect.left, lines.get(top) ?? Infinity));
  }
  const field = document.createRange();
  field.setStart(text, start + 2);
  field.setEnd(text, start + 3);
  return {starts: [...lines.values()], field: field.getBoundingClientRect().left,
          edge: code.getBoundingClientRect().left + parseFloat(getComputedStyle(code).paddingLeft)};
}"""


@pytest.mark.parametrize("look", ["material-light", "mkdocs-dark"])
def test_wrapped_bibtex_continues_under_its_field_with_a_hanging_indent(browser, look_sites, look):
    tab, _ = open_look(browser, look_sites[look], scheme=LOOKS[look][1], width=375)
    href = tab.locator(".researcher-publication__anchor:has-text('number 1')").first.get_attribute("href")
    tab.goto(look_sites[look] + href.lstrip("./"), wait_until="load")
    line = tab.locator(".researcher-publication-page__bibtex code").evaluate(WRAPPED_LINE_JS)
    first, *continued = line["starts"]
    assert continued, line  # five authors wrap at 375 px
    assert abs(first - line["edge"]) <= 1  # the line itself starts at the edge, its two spaces before the field
    assert all(start > line["field"] + 1 for start in continued), line  # each continued line right of the field


# Phones -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["", "people/"])
@pytest.mark.parametrize("look", ["material-light", "mkdocs-dark"])
def test_nothing_scrolls_sideways_at_375_px(browser, look_sites, look, path):
    tab, errors = open_look(browser, look_sites[look] + path, scheme=LOOKS[look][1], width=375)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 375
    assert errors == []


def test_the_scaffolds_home_page_does_not_scroll_sideways_at_375_px(browser, scaffold_url):
    tab, _ = open_look(browser, scaffold_url, width=375)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 375


# Contrast ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look", LOOKS)
def test_markers_and_control_borders_stand_out_three_to_one(browser, look_sites, look):
    tab, _ = open_look(browser, look_sites[look], scheme=LOOKS[look][1])
    assert _dark(tab) == look.endswith("dark")
    markers = tab.evaluate(CONTRAST_JS, [".researcher-timeline__entry", "border-top-color", "::before"])
    borders = tab.evaluate(CONTRAST_JS, [".researcher-section .researcher-action", "border-top-color", None])
    assert markers and borders
    assert min(markers) >= 3 and min(borders) >= 3, (markers, borders)


@pytest.mark.parametrize("path", ["", "people/"])
@pytest.mark.parametrize("look", LOOKS)
def test_no_serious_accessibility_violations_in_any_look(browser, look_sites, look, path):
    axe_script = install_axe()
    require(axe_script is not None, f"axe-core is not installed and npm could not fetch it: {AXE_INSTALL}")
    tab, _ = open_look(browser, look_sites[look] + path, scheme=LOOKS[look][1])
    assert _dark(tab) == look.endswith("dark")
    violations = run_axe(tab, axe_script, ".researcher-section")
    assert [v for v in violations if v["impact"] in ("serious", "critical")] == []


# E-mail -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look", ["material-light", "mkdocs-light"])
def test_copying_the_email_gives_the_address_which_the_source_does_not_hold(browser, look_sites, look):
    url = look_sites[look]
    tab, _ = open_look(browser, url, permissions=["clipboard-read", "clipboard-write"])
    assert EMAIL not in tab.evaluate("fetch(location.href).then(r => r.text())")
    email = tab.locator(".researcher-profile__contact .researcher-email")
    email.evaluate("""e => { const range = document.createRange(); range.selectNodeContents(e);
                             getSelection().removeAllRanges(); getSelection().addRange(range); }""")
    assert tab.evaluate("getSelection().toString()").strip() == EMAIL
    tab.keyboard.press("Control+C")
    assert tab.evaluate("navigator.clipboard.readText()").strip() == EMAIL
    assert email.get_attribute("href") == f"mailto:{EMAIL}"


def test_without_script_the_email_is_readable_but_not_in_the_text(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"], java_script_enabled=False)
    email = tab.locator(".researcher-email")
    assert email.is_visible() and email.get_attribute("href") is None
    assert EMAIL not in tab.content()
    # The "@" and the dots are drawn: what shows reads as the address.
    drawn = email.evaluate("""e => [...e.querySelectorAll('.researcher-email__address > span')]
        .map(s => s.textContent || getComputedStyle(s, '::after').content.replaceAll('"', '')).join('')""")
    assert drawn == EMAIL


# Icons ------------------------------------------------------------------------------------------------------


def test_chinese_platforms_icons_are_drawn_as_large_as_the_others(browser, look_sites):
    tab, _ = open_look(browser, look_sites["material-light"])
    # The share of its box each profile icon's drawing covers, by link kind: a line of small text covers little.
    filled = tab.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.researcher-profile__links a[data-kind]')].map(a => {
          const symbol = document.querySelector(a.querySelector('use').getAttribute('xlink:href'));
          const box = symbol.viewBox.baseVal;
          // The sprite is not rendered, so its drawings have no box: measure a rendered copy.
          const copy = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          copy.innerHTML = symbol.innerHTML;
          document.body.append(copy);
          const drawn = copy.querySelector('path').getBBox();
          copy.remove();
          return [a.dataset.kind, (drawn.width / box.width) * (drawn.height / box.height)];
        }))""")
    assert filled["github"] > 0.85
    for kind in ("zhihu", "xiaohongshu", "bilibili"):
        assert filled[kind] > 0.8, (kind, filled)
    # One row, every icon of one size, the e-mail's too.
    icons = _visible_boxes(tab, ".researcher-profile__contact .researcher-icon")
    assert len({round(box["width"]) for box in icons}) == 1
    middles = [box["y"] + box["height"] / 2 for box in icons]
    assert max(middles) - min(middles) <= 1.5, middles
