"""``mkdocs-researcher import-alfolio``: what an al-folio site shows comes over, what it hides or only keeps as the
template's sample does not, and the new site builds with ``mkdocs build --strict``.

Each test imports a checkout (tests/fixtures/alfolio, or a small site written here for one case), builds the result
with MkDocs in this process and checks its HTML and the import's report.
"""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import collecting_warnings

from mkdocs_researcher.commands import cli
from mkdocs_researcher.commands.import_alfolio import importer, languages, trial
from mkdocs_researcher.commands.import_alfolio.dates import parse_date, parse_range
from mkdocs_researcher.commands.import_alfolio.report import Report
from mkdocs_researcher.commands.import_alfolio.source import Checkout
from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.sources.fields import Context
from mkdocs_researcher.sources.sections import read_page

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

FIXTURE = Path(__file__).parent / "fixtures" / "alfolio"
SEED = Path(__file__).resolve().parents[1].parent / "shared" / "seeds" / "yu-cheng"
PASSES = "Trial build (mkdocs build --strict): passes, with no warning."


# --- Helpers -------------------------------------------------------------------------------------


def run_import(capsys, source: Path, out: Path) -> str:
    code = cli.main(["import-alfolio", str(source), "--out", str(out)])
    report, err = capsys.readouterr()
    assert code == 0, err
    return report


@pytest.fixture
def no_trial_build(monkeypatch):
    """For a test that does not read the report's verdict: the import's trial build (`mkdocs build --strict` of the
    new site in a subprocess) is left out; the tests marked slow read it."""
    monkeypatch.setattr(importer, "trial_build", lambda run: None)


def build_strict(site: Path) -> Path:
    """``mkdocs build --strict`` of the imported site, in this process; fails the test with the warnings."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with collecting_warnings() as messages:
        try:
            build(load_config(str(site / "mkdocs.yml"), strict=True))
        except BaseException as error:  # strict mode aborts with mkdocs' Abort
            if isinstance(error, KeyboardInterrupt):
                raise
            pytest.fail(f"mkdocs build --strict failed: {error}\n" + "\n".join(messages))
    return site / "site"


def html(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def sections(soup: BeautifulSoup) -> dict[str, int]:
    """researcher-<kind> -> number of entries, for every section of a page."""
    found = {}
    for section in soup.select(".researcher-section"):
        kind = next(c for c in section["class"] if c.startswith("researcher-") and c != "researcher-section")
        found[kind.removeprefix("researcher-")] = len(section.select(".researcher-item"))
    return found


def data_of(site: Path, name: str) -> dict:
    """A data file of the new site; it passes the plugin's own checks without a single message."""
    data = yaml.safe_load((site / "docs" / "data" / name).read_text(encoding="utf-8"))
    reporter = Reporter(name)
    read_page(data, Context(reporter))
    assert reporter.found == []
    return data


def part(report: str, title: str) -> str:
    """The part of the report under the heading that starts with title, up to the next blank line."""
    start = report.index(title)
    end = report.find("\n\n", start)
    return report[start : end if end != -1 else None]


def write_site(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def page(front_matter: dict, body: str = "") -> str:
    return (
        "---\n" + yaml.safe_dump(front_matter, allow_unicode=True, sort_keys=False) + "---\n\n" + textwrap.dedent(body)
    )


ABOUT = page(
    {"layout": "about", "title": "about", "permalink": "/", "selected_papers": True},
    "I study imaginary compilers at Example University.\n",
)
CONFIG = "first_name: Robin\nlast_name: Example\nurl: https://robin.example.org\n"
BIB = "@article{example2024,\n  title={A Paper},\n  author={Example, Robin and Doe, Jordan},\n  year={2024}\n}\n"

# al-folio's own sample CV (the template's RenderCV _data/cv.yml is about Albert Einstein).
EINSTEIN_CV = """
cv:
  name: Albert Einstein
  label: Scientist
  location: Princeton, NJ
  sections:
    Education:
      - institution: University of Zurich
        area: Physics
        studyType: PhD
        start_date: 1900
        end_date: 1905
    Awards:
      - title: Nobel Prize in Physics
        awarder: Royal Swedish Academy of Sciences
        date: 1921-11
      - title: Max Planck Medal
        awarder: German Physical Society
        date: 2029-01
"""


# --- The fixture: every section, what is hidden left out ------------------------------------------


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_fixture_imports_what_the_site_shows_and_builds_strict(tmp_path, capsys):
    out = tmp_path / "site"
    report = run_import(capsys, FIXTURE, out)
    assert PASSES in report.splitlines()  # the verdict ends the report (then the CLI's note)

    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == "Alex J. Sample" and config["site_url"] == "https://alex-sample.github.io/homepage/"
    assert config["plugins"] == ["search", "researcher"]
    options = next(e["mkdocs_researcher"] for e in config["markdown_extensions"] if "mkdocs_researcher" in e)
    assert options == {
        "assets_dir": "assets/pdf/",
        "max_authors": 2,
        "bibliography": ["docs/papers.bib"],
        "venues": "venues.yml",
        "coauthors": "coauthors.yml",
    }
    # The navbar's pages in its order (nav_order), the hidden teaching page and the linked-only one left out.
    assert config["nav"] == [
        {"About": "index.md"},
        {"Publications": "publications.md"},
        {"Projects": "projects.md"},
        {"CV": "cv.md"},
        {"Service": "service.md"},
        {"Talks": "talks.md"},
        {"People": "people.md"},
    ]
    assert config["theme"]["features"] == ["navigation.tabs"]
    assert (out / "docs" / "papers.bib").read_bytes() == (FIXTURE / "_bibliography" / "papers.bib").read_bytes()
    assert not (out / "docs" / "old.bib").exists()

    profile = data_of(out, "profile.yml")["profile"]
    assert profile["email"] == "alex.sample@example.org"  # socials.yml over _config.yml
    assert profile["aliases"] == ["Alex Sample", "A. Sample", "A. J. Sample"]
    assert profile["position"] == "PhD student at the University of Examples"  # the subtitle before the CV's label
    assert profile["affiliations"] == ["Example City"] and profile["interests"] == ["Made-up systems", "Tiny examples"]
    assert profile["links"]["kaggle"] == "https://www.kaggle.com/alexsample"
    home_data = data_of(out, "profile.yml")
    assert sorted(n["date"] for n in home_data["news"]) == ["2022-09-01", "2023-01-07", "2024-07-15"]
    assert set(home_data) == {"profile", "news"}  # the CV, projects and service are on their own pages

    cv = data_of(out, "cv.yml")
    assert [e["degree"] for e in cv["education"]] == ["PhD in Computer Science", "B.S. in Applied Mathematics"]
    assert cv["experience"][0]["end"] == "present"  # no end_date: RenderCV's ongoing entry
    assert cv["awards"][0] == {
        "title": "Best Paper Award",
        "awarder": "FAKECONF",
        "date": "2024-07",
        "details": "For the paper on tiny examples.",
    }
    assert {g["name"]: g["items"] for g in cv["skills"]} == {
        "Programming": ["Python", "Rust", "C++"],
        "Systems (Advanced)": ["Compilers", "Operating systems"],
        "Languages": [{"name": "English", "note": "Native speaker"}, {"name": "French", "note": "Fluent"}],
    }
    service = data_of(out, "service.yml")["service"]
    assert service == [
        {"role": "Reviewer", "year": 2024, "organization": "FAKECONF"},
        {
            "role": "Reviewer",
            "start": "2021",
            "end": "present",
            "organization": "Journal of Examples",
            "url": "https://example.org/jex/",
        },
        {"role": "Workshop chair", "year": 2023, "organization": "Imaginary Systems Workshop"},
    ]
    coauthors = yaml.safe_load((out / "coauthors.yml").read_text(encoding="utf-8"))
    assert coauthors["poe"] == [{"firstname": ["Avery", "A."], "url": "https://example.org/~apoe/"}]

    site = build_strict(out)
    home = html(site / "index.html")
    assert sections(home) == {"profile": 1, "news": 3, "publications": 1}
    # Reachable at every width: tabs on wide screens, the drawer's navigation on narrow ones.
    pages = [".", "publications/", "projects/", "cv/", "service/", "talks/", "people/"]
    assert [a["href"] for a in home.select(".md-tabs a")] == pages
    assert set(pages) <= {a["href"] for a in home.select("nav.md-nav--primary a")}
    card = home.select_one(".researcher-profile")
    assert "Alex J. Sample" in card.get_text() and card.select_one("img")["src"] == "images/prof_pic.jpg"
    # al-folio's profile.align: right and image_circular: false, as the plugin's photo_side and photo_shape.
    assert {"researcher-profile--photo-right", "researcher-profile--square"} <= set(card["class"])
    body = home.select_one("article")
    assert body.select_one("a[href='cv/']").get_text() == "my CV page"  # [my CV page](cv): a relative page link
    assert body.select_one("a[href='publications/']").get_text() == "all my papers"
    assert "my old repositories" in body.get_text() and not body.select("a[href*='repositories']")
    assert "{%" not in body.get_text() and body.select_one("a[href='assets/pdf/cv.pdf']")
    kinds = [s["class"][1] for s in home.select(".researcher-section")]
    assert kinds.index("researcher-news") < kinds.index("researcher-publications")
    paper = home.select_one(".researcher-publications .researcher-item")
    assert paper.select_one(".researcher-self").get_text(strip=True) == "Alex J. Sample"
    # al-folio's preview, copied to where the plugin looks for it (assets/img/publication_preview/)
    assert paper.select_one(".researcher-publication__preview img")["src"] == "assets/img/publication_preview/tiny.png"
    assert (site / "assets" / "img" / "publication_preview" / "tiny.png").is_file()
    assert paper.select_one("a[href='https://example.org/~apoe/']")  # coauthors.yml's list of URLs: the first
    assert "#00369f" in str(paper)  # venues.yml colour

    cv_page = html(site / "cv" / "index.html")
    # al-folio's cv layout as the cv marker: the owner's whole CV, with the sections of _data/cv.yml.
    cv = cv_page.select_one(".researcher-section.researcher-cv")
    assert cv.select_one(".researcher-cv__name").get_text(" ", strip=True).startswith("Alex J. Sample")
    entries = {
        h.get_text(strip=True).removesuffix("¶"): len(h.find_next_sibling("ol").find_all("li", recursive=False))
        for h in cv.select("h2")
    }
    assert entries == {"Education": 2, "Experience": 2, "Publications": 1, "Awards": 2, "Skills": 3}, entries
    ongoing = cv.select("h2")[1].find_next_sibling("ol").select_one("li").get_text(" ", strip=True)
    assert "May 2024 – Present" in ongoing and "Example Research Lab" in ongoing
    assert cv_page.select_one("article h2#summary")  # a RenderCV section no kind matches, kept as text
    projects = html(site / "projects" / "index.html")
    assert [
        i.select_one(".researcher-project__name, h3, p").get_text(strip=True)
        for i in projects.select(".researcher-projects .researcher-item")
    ] == ["Imaginary Engine", "Example Toolkit", "Placeholder Compiler"]
    project_page = html(site / "projects" / "1_project" / "index.html")
    assert project_page.select_one("article img[src='../../images/1.jpg']")
    assert project_page.select_one("article a[href='../../publications/#pub-sample2024tiny']")
    listing = html(site / "publications" / "index.html")
    assert len(listing.select(".researcher-publications .researcher-item")) == 3
    talks = html(site / "talks" / "index.html")
    assert [i["id"] for i in talks.select(".researcher-publications .researcher-item")] == ["pub-sample2023talk"]
    assert "Casey Roe" in html(site / "people" / "index.html").select_one("article").get_text()

    skipped = part(report, "Skipped, because the old site does not show it")
    for line in (
        "_news/_archive/announcement_old.md, _news/_long_announcement_example.md: Jekyll does not publish",
        "_news/announcement_3.md: al-folio's sample news",
        "_projects/3_project.md: al-folio's sample project",
        "_projects/4_project.md: text: al-folio's sample project page",
        "_teachings/: only _pages/teaching.md lists it, and that page is hidden (nav: false",
        "_bibliography/old.bib: neither _config.yml (scholar: bibliography) nor any page",
        "_pages/teaching.md: a hidden page",
    ):
        assert line in skipped, line
    lost = part(report, "Lost: the old site shows it")
    for line in (
        "_posts/: 1 blog post:",
        "profile.more_info",
        "rss_icon",
        "wechat_qr",
        "_news/announcement_2.md: body",
        "docs/index.md: link to '/repositories/': no such page or file in the new site",
        "assets/img/missing.jpg: not in the checkout (named in _projects/2_project.md: img)",
        "assets/img/: 1 image no",
    ):
        assert line in lost, line
    assert "poe: url is a list; the first address is used" in report


def test_the_report_names_a_missing_file_once_with_its_count(tmp_path, capsys, no_trial_build):
    projects = {
        f"_projects/{n}_work.md": page({"title": f"Work {n}", "img": "assets/img/shared.jpg"}) for n in range(1, 6)
    }
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG,
            "_pages/about.md": ABOUT,
            "_pages/projects.md": page(
                {"title": "projects", "permalink": "/projects/", "nav": True}, "{{ site.projects }}"
            ),
            **projects,
        },
    )
    report = run_import(capsys, source, tmp_path / "site")
    missing = [line for line in report.splitlines() if "shared.jpg" in line]
    assert missing == [
        "  - assets/img/shared.jpg: not in the checkout (named in 5 places, first in _projects/1_work.md: img)"
    ]


# --- Hidden and sample content -------------------------------------------------------------------


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_demo_content_hidden_by_nav_false_is_not_imported(tmp_path, capsys):
    demo_projects = {
        f"_projects/{n}_project.md": page(
            {"layout": "page", "title": f"project {n}", "img": "assets/img/12.jpg", "importance": n},
            "Every project has a beautiful feature showcase page.\n",
        )
        for n in range(1, 10)
    }
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + "collections:\n  news: {output: true}\n  projects: {output: true}\n",
            "_pages/about.md": ABOUT,
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": False}),
            "_pages/projects.md": page(
                {"layout": "page", "title": "projects", "permalink": "/projects/", "nav": False},
                "{% assign sorted = site.projects | sort: 'importance' %}\n",
            ),
            "_pages/publications.md": page(
                {"title": "publications", "permalink": "/publications/", "nav": True}, "{% bibliography %}\n"
            ),
            "_data/cv.yml": EINSTEIN_CV,
            "_bibliography/papers.bib": BIB,
            **demo_projects,
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report

    assert set(data_of(out, "profile.yml")) == {"profile"}
    assert not (out / "docs" / "cv.md").exists() and not (out / "docs" / "data" / "cv.yml").exists()
    assert not (out / "docs" / "projects").exists() and not (out / "docs" / "projects.md").exists()
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["nav"] == [{"About": "index.md"}, {"Publications": "publications.md"}]
    site = build_strict(out)
    text = html(site / "index.html").select_one("article").get_text()
    assert "Einstein" not in text and "Princeton" not in text and "project 3" not in text
    assert "imaginary compilers" in text

    skipped = part(report, "Skipped, because the old site does not show it")
    assert "_data/cv.yml: only _pages/cv.md lists it, and that page is hidden (nav: false" in skipped
    assert "_projects/: only _pages/projects.md lists it, and that page is hidden (nav: false" in skipped
    assert "12.jpg" not in report  # nothing about the files of what was left out


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_sample_content_on_shown_pages_is_recognised_by_its_text(tmp_path, capsys):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + "collections:\n  news: {output: true}\n  teachings: {output: true}\n",
            "_pages/about.md": page(
                {"layout": "about", "title": "about", "permalink": "/", "announcements": {"enabled": True}},
                "I study imaginary compilers.\n",
            ),
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": True}),
            "_pages/teaching.md": page(
                {"title": "teaching", "permalink": "/teaching/", "nav": True}, "{% include courses.liquid %}\n"
            ),
            "_data/cv.yml": EINSTEIN_CV,
            # a real item in a file named like the template's, and the template's own under another name
            "_news/announcement_1.md": page({"date": "2024-05-01", "inline": True}, "Joined Example University.\n"),
            "_news/welcome.md": page(
                {"date": "2015-10-22", "inline": True}, "A simple inline announcement with Markdown emoji! :smile:\n"
            ),
            "_teachings/data-science-fundamentals.md": page(
                {"layout": "course", "title": "Data Science Fundamentals", "instructor": "Prof. Data", "year": 2024}
            ),
            "_teachings/compilers.md": page(
                {"layout": "course", "title": "Compilers", "term": "Fall", "year": 2023, "instructor": "Robin Example"}
            ),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    assert [n["text"] for n in data_of(out, "profile.yml")["news"]] == ["Joined Example University."]
    assert data_of(out, "teaching.yml")["teaching"] == [{"course": "Compilers", "term": "Fall 2023"}]
    assert not (out / "docs" / "data" / "cv.yml").exists()
    skipped = part(report, "Skipped, because the old site does not show it")
    assert "_data/cv.yml: al-folio's sample CV (Albert Einstein's)" in skipped
    assert "_news/welcome.md: al-folio's sample news" in skipped
    assert "_teachings/data-science-fundamentals.md: al-folio's sample course" in skipped
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["nav"] == [{"About": "index.md"}, {"Teaching": "teaching.md"}]  # the CV page had nothing left


def test_what_jekyll_does_not_publish_is_skipped_alike(tmp_path, capsys, no_trial_build):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + "collections:\n  news: {output: true}\n",
            "_pages/about.md": page(
                {"layout": "about", "title": "about", "permalink": "/", "news": True}, "I study compilers.\n"
            ),
            "_news/2024/kept.md": page({"date": "2024-02-01", "inline": True}, "Kept, in a year's folder.\n"),
            "_news/_draft.md": page({"date": "2024-03-01", "inline": True}, "An underscore draft.\n"),
            "_news/_archive/old.md": page({"date": "2019-03-01", "inline": True}, "Archived.\n"),
            "_news/unpublished.md": page({"date": "2024-04-01", "published": False}, "Not published.\n"),
            "_talks/one.md": page({"date": "2024-01-01"}, "A talk in a collection _config.yml does not name.\n"),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert [n["text"] for n in data_of(out, "profile.yml")["news"]] == ["Kept, in a year's folder."]
    skipped = part(report, "Skipped, because the old site does not show it")
    assert (
        "_news/_archive/old.md, _news/_draft.md: Jekyll does not publish files or folders whose names start with '_'"
        in skipped
    )
    assert "_news/unpublished.md: published: false" in skipped


def test_a_page_shows_only_what_its_layout_shows_for_it(tmp_path, capsys, no_trial_build):
    """al-folio v0.13's page layout lists the papers a page cites only if the page sets related_publications, and
    its footer's newsletter.liquid is a sign-up form, not the news."""
    page_layout = """
        ---
        layout: default
        ---
        <article>{{ content }}</article>
        {% if page.related_publications %}
          <h2>References</h2>
          {% bibliography --cited_in_order %}
        {% endif %}
        {% if site.giscus and page.giscus_comments %}{% include giscus.liquid %}{% endif %}
        """
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + "collections:\n  news: {output: true}\n",
            "_layouts/default.liquid": "<body>{{ content }}{% include footer.liquid %}</body>\n",
            "_layouts/page.liquid": page_layout,
            "_includes/footer.liquid": "<footer>{% include newsletter.liquid %}</footer>\n",
            "_includes/newsletter.liquid": '<form action="https://app.loops.so/">Subscribe</form>\n',
            "_pages/about.md": page(
                {"layout": "about", "title": "about", "permalink": "/", "announcements": {"enabled": True}},
                "I study compilers.\n",
            ),
            "_pages/people.md": page(
                {"layout": "page", "title": "people", "permalink": "/people/", "nav": True}, "Our group.\n"
            ),
            "_pages/method.md": page(
                {"layout": "page", "title": "method", "permalink": "/method/", "nav": True}
                | {"related_publications": True},
                "We build on {% cite example2024 %}.\n",
            ),
            "_pages/publications.md": page(
                {"layout": "page", "title": "publications", "permalink": "/publications/", "nav": True},
                "{% bibliography %}\n",
            ),
            "_news/joined.md": page({"date": "2024-05-01", "inline": True}, "Joined Example University.\n"),
            "_bibliography/papers.bib": BIB,
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    docs = out / "docs"
    for name in ("people", "method"):
        text = (docs / f"{name}.md").read_text(encoding="utf-8")
        assert "researcher publications" not in text and "researcher news" not in text
        assert not (docs / "data" / f"{name}.yml").exists()
    assert "<!-- researcher publications" in (docs / "publications.md").read_text(encoding="utf-8")
    assert [n["text"] for n in data_of(out, "profile.yml")["news"]] == ["Joined Example University."]
    lost = part(report, "Lost: the old site shows it")
    assert "_pages/method.md: its list of the 1 paper it cites (example2024) is not carried over" in lost
    assert "_pages/people.md" not in lost + part(report, "Skipped, because the old site does not show it")
    assert "Our group." in (docs / "people.md").read_text(encoding="utf-8")


def test_a_partly_edited_sample_cv_keeps_what_the_owner_wrote(tmp_path, capsys, no_trial_build):
    """The owner replaced Einstein's name and education but left his awards and the interests' placeholders, and
    put their affiliation before the subtitle's "Address. Contacts. Moto. Etc."."""
    cv = [
        {"title": "General Information", "type": "map", "contents": [{"name": "Full Name", "value": "Robin Example"}]},
        {
            "title": "Education",
            "type": "time_table",
            "contents": [
                {"title": "PhD", "institution": "ETH Zurich", "year": "2015 - 2020"},
                {
                    "title": "Master",
                    "institution": "Polytechnic School, Zurich, Switzerland",
                    "year": "1896 - 1900",
                    "description": ["Description 1.", "Description 2."],
                },
            ],
        },
        {
            "title": "Honors and Awards",
            "type": "time_table",
            "contents": [{"year": 1921, "items": ["Nobel Prize in Physics", "Matteucci Medal"]}],
        },
        {
            "title": "Academic Interests",
            "type": "nested_list",
            "contents": [{"title": "Topic 1.", "items": ["Description 1.", "Description 2."]}],
        },
    ]
    subtitle = "<a href='https://example.edu'>Example University</a>. Address. Contacts. Moto. Etc."
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": "url: https://robin.example.org\n",
            "_pages/about.md": page(
                {"layout": "about", "title": "about", "permalink": "/", "subtitle": subtitle}, "I study compilers.\n"
            ),
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": True}),
            "_data/cv.yml": yaml.safe_dump(cv, sort_keys=False),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    profile = data_of(out, "profile.yml")["profile"]
    assert profile["name"] == "Robin Example" and profile["position"] == "Example University"
    data = data_of(out, "cv.yml")
    assert data["education"] == [{"degree": "PhD", "institution": "ETH Zurich", "start": "2015", "end": "2020"}]
    assert set(data) == {"education"}
    skipped = part(report, "Skipped, because the old site does not show it")
    assert (
        "_data/cv.yml: Education (1 of 2), _data/cv.yml: Honors and Awards (1 of 1), _data/cv.yml: Academic Interests"
        " (1 of 1): al-folio's sample CV entries (Albert Einstein's); the owner's own are imported" in skipped
    )
    assert "al-folio's sample CV (Albert Einstein's)" not in report
    assert "_data/cv.yml" not in part(report, "Lost: the old site shows it")


# --- Carried over -------------------------------------------------------------------------------


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_old_list_style_cv_and_teaching_page_list(tmp_path, capsys):
    cv = [
        {"title": "General Information", "type": "map", "contents": [{"name": "Full Name", "value": "Robin Example"}]},
        {
            "title": "Education",
            "type": "time_table",
            "contents": [
                {
                    "title": "PhD",
                    "institution": "University of Examples",
                    "year": "2012 - 2017",
                    "description": ["Thesis on examples.", {"title": "Advisors", "contents": ["J. Doe", "C. Roe"]}],
                },
                {"title": "B.S.", "institution": "Example College", "year": 2011},
            ],
        },
        {
            "title": "Experience",
            "type": "time_table",
            "contents": [{"title": "Research scientist", "institution": "Example Labs", "year": "Sep 2019 - Now"}],
        },
        {
            "title": "Honors and Awards",
            "type": "time_table",
            "contents": [{"year": 2020, "items": ["Example Prize", "Placeholder Medal"]}],
        },
        {"title": "Other Interests", "type": "list", "contents": ["Hobbies: examples"]},
        {"title": "Open Source Projects", "type": "list", "contents": ["The example toolkit"]},
    ]
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG,
            "_pages/about.md": ABOUT,
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": True, "nav_order": 2}),
            "_pages/teaching.md": page(
                {"layout": "page", "title": "teaching", "permalink": "/teaching/", "nav": True, "nav_order": 1},
                """
                I teach every year.

                ## Teaching Assistant

                - Algorithm Design and Analysis, Spring 2022
                - Compilers (CS 301), Fall 2021

                - Instructor: Examples 101, 2023
                """,
            ),
            "_data/cv.yml": yaml.safe_dump(cv),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    data = data_of(out, "cv.yml")
    assert data["education"][0] == {
        "degree": "PhD",
        "institution": "University of Examples",
        "start": "2012",
        "end": "2017",
        "details": ["Thesis on examples.", "Advisors: J. Doe; C. Roe"],
    }
    assert data["experience"] == [
        {"organization": "Example Labs", "role": "Research scientist", "start": "2019-09", "end": "present"}
    ]
    assert [(a["title"], a["date"]) for a in data["awards"]] == [
        ("Example Prize", "2020"),
        ("Placeholder Medal", "2020"),
    ]
    assert data_of(out, "profile.yml")["profile"]["interests"] == ["Hobbies: examples"]
    assert data_of(out, "teaching.yml")["teaching"] == [
        {"course": "Algorithm Design and Analysis", "term": "Spring 2022", "role": "Teaching Assistant"},
        {"course": "Compilers (CS 301)", "term": "Fall 2021", "role": "Teaching Assistant"},
        {"course": "Examples 101", "role": "Instructor", "term": "2023"},
    ]
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["nav"] == [{"About": "index.md"}, {"Teaching": "teaching.md"}, {"CV": "cv.md"}]
    site = build_strict(out)
    cv_page = html(site / "cv" / "index.html")
    assert "Full Name" in cv_page.select_one("article").get_text()  # General Information, kept as text
    assert "The example toolkit" in cv_page.select_one(".researcher-cv").get_text()  # its projects, in the CV
    teaching = html(site / "teaching" / "index.html")
    assert "I teach every year." in teaching.select_one("article").get_text()
    assert sections(teaching) == {"teaching": 3}


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_json_resume_on_the_cv_page(tmp_path, capsys):
    resume = {
        "basics": {
            "name": "Robin Example",
            "label": "Research scientist",
            "location": {"city": "Example City", "countryCode": "EX"},
        },
        "work": [{"name": "Example Labs", "position": "Scientist", "startDate": "2021-01-01"}],
        "education": [{"institution": "Example University", "studyType": "Ph.D.", "area": "Applied Mathematics"}],
        "awards": [{"title": "Example Prize", "awarder": "Example Society", "date": "2022-05-01", "summary": "For X."}],
        "skills": [{"name": "Compilers", "level": "Expert", "keywords": ["LLVM", "MLIR"]}],
        "languages": [{"language": "English", "fluency": "Native"}],
        "interests": [{"name": "Compilers", "keywords": ["Optimisation"]}],
        "references": [{"name": "Jordan Doe", "reference": "Great."}],
    }
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG,
            "_pages/about.md": ABOUT,
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": True}),
            "assets/json/resume.json": __import__("json").dumps(resume),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    profile = data_of(out, "profile.yml")["profile"]
    assert profile["position"] == "Research scientist" and profile["affiliations"] == ["Example City, EX"]
    assert profile["interests"] == ["Compilers (Optimisation)"]
    cv = data_of(out, "cv.yml")
    assert cv["experience"] == [
        {"organization": "Example Labs", "role": "Scientist", "start": "2021-01-01", "end": "present"}
    ]
    assert cv["education"][0]["degree"] == "Ph.D. in Applied Mathematics"
    assert cv["awards"][0] == {
        "title": "Example Prize",
        "awarder": "Example Society",
        "date": "2022-05-01",
        "details": "For X.",
    }
    assert cv["skills"] == [
        {"name": "Compilers (Expert)", "items": ["LLVM", "MLIR"]},
        {"name": "Languages", "items": [{"name": "English", "note": "Native"}]},
    ]
    assert "Jordan Doe" in html(build_strict(out) / "cv" / "index.html").select_one("article").get_text()


# --- The look ------------------------------------------------------------------------------------


@pytest.mark.parametrize("setting, shown", [("max_author_limit:\n", 0), ("", 0), ("max_author_limit: 1\n", 1)])
def test_max_author_limit_blank_shows_every_author(tmp_path, capsys, setting, shown, no_trial_build):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + setting,
            "_pages/about.md": ABOUT,
            "_bibliography/papers.bib": BIB.replace("selected", "")
            .replace("year={2024}", "year={2024},\n  selected={true}")
            .replace("Doe, Jordan", "Doe, Jordan and Roe, Casey and Poe, Avery"),
        },
    )
    out = tmp_path / "site"
    run_import(capsys, source, out)
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    options = next(e["mkdocs_researcher"] for e in config["markdown_extensions"] if "mkdocs_researcher" in e)
    assert options["max_authors"] == shown
    paper = html(build_strict(out) / "index.html").select_one(".researcher-publications .researcher-item")
    assert bool(paper.select("details.researcher-more-authors")) == (shown == 1)  # "and N more authors": a limit
    assert "Avery Poe" in paper.get_text()


def test_a_site_of_one_page_hides_the_navigation_and_a_site_of_several_shows_tabs(tmp_path, capsys, no_trial_build):
    source = write_site(tmp_path / "alfolio", {"_config.yml": CONFIG, "_pages/about.md": ABOUT})
    run_import(capsys, source, tmp_path / "one")
    index = (tmp_path / "one" / "docs" / "index.md").read_text(encoding="utf-8")
    assert "hide:\n- navigation" in index
    assert "features" not in yaml.safe_load((tmp_path / "one" / "mkdocs.yml").read_text(encoding="utf-8"))["theme"]


# --- Languages -----------------------------------------------------------------------------------


EDUCATION = {
    "institution": "Example University",
    "studyType": "Ph.D.",
    "area": "Compilers",
    "start_date": "2020-09",
    "end_date": "2025-06",
}


def _languages_site(root: Path) -> Path:
    return write_site(
        root,
        {
            "_config.yml": CONFIG + 'languages: ["en", "zh"]\ncollections:\n  news: {output: true}\n',
            "_pages/about.md": page(
                {"layout": "about", "title": "about", "permalink": "/", "announcements": {"enabled": True}},
                "{% translate_file about.md %}\n",
            ),
            "_pages/cv.md": page({"layout": "cv", "title": "cv", "permalink": "/cv/", "nav": True}),
            "_i18n/en/about.md": "I build **imaginary** compilers.\n",
            "_i18n/zh/about.md": "我研究**虚构的**编译器。\n",
            "_i18n/en.yml": "news:\n  titles:\n    moved: We moved\n",
            "_i18n/zh.yml": "news:\n  titles:\n    moved: 我们搬家了\n",
            "_i18n/en/_news/a.md": "Paper accepted.\n",
            "_i18n/zh/_news/a.md": "论文被接收。\n",
            "_i18n/zh/_projects/p.md": "一个项目。\n",
            "_news/a.md": page({"date": "2024-03-01", "inline": True}, "{% translate_file _news/a.md %}\n"),
            "_news/b.md": page({"title": "news.titles.moved", "date": "2023-03-01", "inline": True}),
            "_data/cv.yml": yaml.safe_dump({"cv": {"sections": {"education": [EDUCATION]}}}),
            "_data/zh/cv.yml": yaml.safe_dump(
                {
                    "cv": {
                        "sections": {
                            "教育经历": [{**EDUCATION, "institution": "示例大学", "degree": "博士", "area": "编译器"}]
                        }
                    }
                },
                allow_unicode=True,
            ),
        },
    )


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_each_language_gets_its_home_page_news_and_cv(tmp_path, capsys):
    out = tmp_path / "site"
    report = run_import(capsys, _languages_site(tmp_path / "alfolio"), out)
    assert PASSES in report
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["plugins"][1] == {
        "i18n": {
            "docs_structure": "suffix",
            "fallback_to_default": True,
            "languages": [
                {"locale": "en", "default": True, "name": "English"},
                {"locale": "zh", "name": "中文", "build": True},
            ],
        }
    }
    assert sorted(p.name for p in (out / "docs").glob("*.md")) == ["cv.md", "cv.zh.md", "index.md", "index.zh.md"]
    assert data_of(out, "cv.zh.yml")["education"][0]["degree"] == "博士 in 编译器"
    assert "_i18n/zh/_projects/: 1 translated file:" in part(report, "Lost: the old site shows it")

    site = build_strict(out)
    english, chinese = html(site / "index.html"), html(site / "zh" / "index.html")
    assert "imaginary" in english.select_one("article").get_text()
    assert "虚构的" in chinese.select_one("article").get_text()
    news = [i.get_text(" ", strip=True) for i in chinese.select(".researcher-news .researcher-item")]
    assert any("论文被接收" in n for n in news) and any("我们搬家了" in n for n in news)
    assert any("We moved" in i.get_text() for i in english.select(".researcher-news .researcher-item"))
    assert "示例大学" in html(site / "zh" / "cv" / "index.html").select_one(".researcher-cv").get_text()


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_a_polyglot_site_keeps_a_page_per_language(tmp_path, capsys):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + 'languages: ["en", "pt-br"]\ndefault_lang: en\n',
            "_pages/about.md": ABOUT,
            "_pages/pt-br/about.md": page(
                {"layout": "about", "title": "sobre", "permalink": "/", "lang": "pt-br"}, "Eu estudo compiladores.\n"
            ),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    assert (out / "docs" / "index.pt-BR.md").is_file()
    site = build_strict(out)
    assert "Eu estudo compiladores." in html(site / "pt-BR" / "index.html").select_one("article").get_text()


@pytest.mark.parametrize(
    ("code", "expected"),
    [("en-us", "en"), ("zh-cn", "zh"), ("zh-hk", "zh-Hant"), ("zh-TW", "zh-TW"), ("pt_br", "pt-BR"), ("fr-ca", "fr")],
)
def test_a_language_gets_the_locale_material_has_a_translation_for(code, expected):
    assert languages.locale(code) == expected


def test_a_language_material_does_not_know_is_not_written(tmp_path, capsys, no_trial_build):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + 'languages: ["en-us", "zh-cn", "zz-qq"]\ndefault_lang: en-us\n',
            "_pages/en-us/about.md": ABOUT,
            "_pages/zh-cn/about.md": page({"layout": "about", "title": "关于", "permalink": "/"}, "我研究编译器。\n"),
            "_pages/zz-qq/about.md": page({"layout": "about", "title": "zz", "permalink": "/"}, "Zz qq.\n"),
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    i18n = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))["plugins"][1]["i18n"]
    assert [x["locale"] for x in i18n["languages"]] == ["en", "zh"]
    assert sorted(p.name for p in (out / "docs").glob("*.md")) == ["index.md", "index.zh.md"]
    assert "_config.yml: languages: zz-qq: Material for MkDocs has no zz-qq" in part(report, "Lost")
    assert "the language zh-cn is zh in the new site" in report


def test_a_failed_trial_build_is_one_line_with_the_exception_message(tmp_path, monkeypatch):
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.11/site-packages/jinja2/loaders.py", line 209, in get_source\n'
        "    raise TemplateNotFound(\n"
        "jinja2.exceptions.TemplateNotFound: 'partials/languages/en-US.html' not found in search paths\n"
    )
    monkeypatch.setattr(
        trial.subprocess, "run", lambda *args, **kwargs: subprocess.CompletedProcess(args, 1, "", traceback)
    )
    run = importer.Importer(Checkout(tmp_path, Report()), tmp_path)
    trial.trial_build(run)
    assert run.report.trial[1] == "  - TemplateNotFound: 'partials/languages/en-US.html' not found in search paths"
    assert len(run.report.trial) == 3 and "Traceback" not in "\n".join(run.report.trial)


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_each_language_page_shows_its_own_title_with_the_publications(tmp_path, capsys):
    publications = {"layout": "page", "permalink": "/publications/", "nav": True, "nav_order": 1}
    contact = {"layout": "page", "permalink": "/contact/", "nav": True, "nav_order": 2, "title": "contact"}
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG + 'languages: ["en", "pt-br"]\ndefault_lang: en\n',
            "_pages/en/about.md": ABOUT,
            "_pages/pt-br/about.md": page({"layout": "about", "title": "sobre", "permalink": "/"}, "Eu estudo.\n"),
            "_pages/en/publications.md": page({**publications, "title": "publications"}, "{% bibliography %}\n"),
            "_pages/pt-br/publications.md": page({**publications, "title": "publicações"}, "{% bibliography %}\n"),
            "_pages/en/contact.md": page(contact, "Write to me.\n"),
            "_bibliography/papers.bib": BIB,
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    # The contact page has nothing in Portuguese: the English one shows in its place.
    assert not (out / "docs" / "contact.pt-BR.md").exists()
    own = "docs/index.pt-BR.md (title, text); docs/publications.pt-BR.md (title) in pt-br"
    assert f"pages in pt-br  2  ({own}, the rest as in en)" in report
    site = build_strict(out)
    portuguese = html(site / "pt-BR" / "publications" / "index.html")
    assert portuguese.select_one("article h1").get_text(strip=True).rstrip("¶") == "Publicações"
    assert "A Paper" in portuguese.select_one(".researcher-publications").get_text()
    assert "Write to me." in html(site / "pt-BR" / "contact" / "index.html").select_one("article").get_text()


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_an_empty_bibliography_is_not_wired_into_the_site(tmp_path, capsys):
    source = write_site(
        tmp_path / "alfolio",
        {
            "_config.yml": CONFIG,
            "_pages/about.md": ABOUT,
            "_pages/publications.md": page(
                {"title": "publications", "permalink": "/publications/", "nav": True}, "{% bibliography %}\n"
            ),
            "_bibliography/papers.bib": "---\n---\n\n% nothing yet\n",
        },
    )
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert PASSES in report
    assert "_bibliography/papers.bib: no entries: nothing to show, so no page reads it" in report
    config = yaml.safe_load((out / "mkdocs.yml").read_text(encoding="utf-8"))
    options = next(e["mkdocs_researcher"] for e in config["markdown_extensions"] if "mkdocs_researcher" in e)
    assert "bibliography" not in options and not (out / "docs" / "papers.bib").exists()
    assert config["nav"] == [{"About": "index.md"}] and not (out / "docs" / "publications.md").exists()


# --- The trial build -----------------------------------------------------------------------------


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_a_warning_of_the_trial_build_is_explained(tmp_path, capsys):
    bib = BIB.replace("year={2024}", "year={2024},\n  selected={true},\n  pdf={missing.pdf}")
    source = write_site(
        tmp_path / "alfolio", {"_config.yml": CONFIG, "_pages/about.md": ABOUT, "_bibliography/papers.bib": bib}
    )
    report = run_import(capsys, source, tmp_path / "site")
    assert "missing.pdf: not in the checkout (named in _bibliography/papers.bib: example2024.pdf)" in report
    trial = report[report.index("Trial build") :]
    assert trial.startswith("Trial build (mkdocs build --strict): fails, with 1 warning:")
    assert "missing.pdf" in trial and "what to do: " in trial


# --- The seed site, refusals, dates --------------------------------------------------------------


@pytest.mark.slow  # reads the verdict of the import's trial build, run in a subprocess
def test_import_alfolio_seed_site_builds_strict(tmp_path, capsys):
    if not SEED.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{SEED} is missing; CI always has ../shared beside the repository")
        pytest.skip(f"{SEED} is not here: ../shared (the seed data) only exists beside the project's own checkout")
    # The seed is flat; al-folio keeps the same files in these folders (collections _experiences, _teachings).
    source = tmp_path / "yu-cheng.github.io"
    layout = {
        "about.md": "_pages",
        "papers.bib": "_bibliography",
        "venues.yml": "_data",
        "project_1.md": "_projects",
        "experience_*.md": "_experiences",
        "teaching_*.md": "_teachings",
    }
    for pattern, folder in layout.items():
        (source / folder).mkdir(parents=True, exist_ok=True)
        for path in SEED.glob(pattern):
            shutil.copyfile(path, source / folder / path.name)
    out = tmp_path / "site"
    report = run_import(capsys, source, out)
    assert "the name 'Yu Cheng' is the author on most papers" in report  # the seed has no _config.yml
    assert "zhao2023goldminer-2" in report and "assets/img/prof_pic.jpg: not in the checkout" in report
    assert PASSES in report

    data = data_of(out, "profile.yml")
    assert data["profile"] == {"name": "Yu Cheng", "email": "yu.cheng@pku.edu.cn"}
    assert [(e["organization"], e["start"], e["end"]) for e in data["experience"]] == [
        ("Alibaba", "2020-10", "2021-07"),
        ("Alibaba Cloud", "2021-07", "2022-01"),
        ("Microsoft Research Asia", "2022-04", "present"),
    ]
    assert data["teaching"][0] == {"course": "Algorithm Design and Analysis", "role": "TA", "term": "2022 Spring"}
    assert data["projects"][0]["name"] == "TileLang" and data["projects"][0]["repo"] == "tile-ai/tilelang"

    home = html(build_strict(out) / "index.html")
    assert sections(home) == {"profile": 1, "publications": 3, "projects": 1, "experience": 3, "teaching": 2}
    ids = {item.get("id") for item in home.select(".researcher-publications .researcher-item")}
    assert {"pub-zhao2023goldminer", "pub-zhao2023goldminer-2", "pub-jiang2022zoomer"} <= ids  # both entries of one key
    assert "[DOT]" not in home.select_one("article").get_text()  # the spelled-out address went to the card
    experience = home.select_one(".researcher-experience").get_text(" ", strip=True)
    assert "Microsoft Research Asia" in experience and "Present" in experience and "Jilong Xue" in experience
    assert "#00369f" in str(home.select_one(".researcher-publications"))  # SIGMOD's colour from venues.yml


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda p: None, "does not exist"),
        (
            lambda p: (p.mkdir(), (p / "README.md").write_text("hi", encoding="utf-8")),
            "does not look like an al-folio site",
        ),
        (lambda p: p.write_text("a file", encoding="utf-8"), "is a file"),
    ],
)
def test_import_alfolio_refuses_what_is_not_an_alfolio_site(tmp_path, capsys, setup, message):
    source = tmp_path / "source"
    setup(source)
    code = cli.main(["import-alfolio", str(source), "--out", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_import_alfolio_refuses_a_non_empty_out(tmp_path, capsys):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "index.html").write_text("", encoding="utf-8")
    code = cli.main(["import-alfolio", str(FIXTURE), "--out", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert code == 2 and "is not empty" in err


@pytest.mark.parametrize(
    "value, date, span",
    [
        ("10/2020", "2020-10", ("2020-10", None)),
        ("Now", "present", ("present", None)),
        ("2012 - 2017", None, ("2012", "2017")),
        ("Sep 2019", "2019-09", ("2019-09", None)),
        ("September 2019 – present", None, ("2019-09", "present")),
        ("2019-09", "2019-09", ("2019-09", None)),
        (2011, "2011", ("2011", None)),
        (datetime.date(2020, 1, 5), "2020-01-05", ("2020-01-05", None)),
        ("2015-10-22 15:59:00-0400", "2015-10-22", ("2015-10-22", None)),
        ("13/2020", None, None),
        ("soon", None, None),
    ],
)
def test_alfolio_dates(value, date, span):
    assert parse_date(value) == date and parse_range(value) == span


# --- A lab's people collection -----------------------------------------------------------------


def _lab_site(root: Path) -> Path:
    """A lab site: a _people collection listed by the people page (by category), each member's page showing the
    .bib its front matter names through a Liquid variable, and a gallery collection no section takes."""
    member_layout = "---\nlayout: page\n---\n{{ content }}\n{% bibliography --file {{ page.bib_file }} %}\n"
    return write_site(
        root,
        {
            "_config.yml": CONFIG + "collections:\n  people: {output: true}\n  gallery: {output: true}\n",
            "_pages/about.md": ABOUT,
            "_pages/people.md": page(
                {
                    "layout": "page",
                    "title": "people",
                    "permalink": "/people/",
                    "nav": True,
                    "display_categories": ["PI", "PhD"],
                },
                "{% for c in page.display_categories %}{% assign g = site.people | where: 'category', c %}"
                "{% for person in g %}{{ person.firstname }}{% endfor %}{% endfor %}\n",
            ),
            "_pages/gallery.md": page(
                {"layout": "page", "title": "gallery", "nav": True},
                "{% for p in site.gallery %}{{ p.title }}{% endfor %}\n",
            ),
            "_layouts/person.liquid": member_layout,
            "_people/ada_lee.md": page(
                {
                    "layout": "person",
                    "firstname": "Ada",
                    "lastname": "Lee",
                    "description": "Professor",
                    "category": "PI",
                    "github_username": "adalee",
                    "bib_file": "ada",
                },
                "Ada leads the lab.\n",
            ),
            "_people/bo.md": page({"layout": "person", "firstname": "Bo", "lastname": "Chen", "category": "PhD"}),
            "_people/template.md": page({"layout": "person", "firstname": "Cy", "category": "PhD", "show": False}),
            "_gallery/one.md": page({"title": "A photo"}),
            "_bibliography/papers.bib": BIB,
            "_bibliography/ada.bib": "@article{lee2023,\n  title={Ada's Paper},\n  author={Lee, Ada},\nyear={2023}}",
        },
    )


def test_a_people_collection_becomes_the_people_folder_with_member_pages_and_their_bib(
    tmp_path, capsys, no_trial_build
):
    out = tmp_path / "site"
    report = run_import(capsys, _lab_site(tmp_path / "alfolio"), out)
    built = build_strict(out)
    people = html(built / "people" / "index.html").select_one(".researcher-people")
    assert [h.get_text().strip("¶ ") for h in people.select("h3")] == ["PI", "PhD"]  # display_categories' order
    cards = people.select(".researcher-item")
    assert [c.select_one(".researcher-person__name").get_text() for c in cards] == ["Ada Lee", "Bo Chen"]
    assert cards[0].select_one(".researcher-person__name a")["href"] == "ada-lee/"
    assert cards[0].select_one("a.researcher-icon-link")["href"] == "https://github.com/adalee"
    ada = html(built / "people" / "ada-lee" / "index.html")
    assert "Ada leads the lab." in ada.select_one("article").get_text()
    assert [t.get_text() for t in ada.select(".researcher-publication__title")] == ["Ada's Paper"]
    assert "ada.bib" not in part(report, "Skipped, because the old site does not show it")
    assert "_people/template.md: show: false" in report
    assert "_gallery/: a collection of 1 entries this plugin has no section for" in part(report, "Lost")
