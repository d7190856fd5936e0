"""import-alfolio: the details of a real site that used to go missing (issue 35, items 6 and 7).

One small al-folio site holds them all: a teaching collection named _teaching, a project whose list follows its
first line, a link to the CV the importer copies, enable_math with TeX in a title, an older profile.address, a
title and description of the owner's, kramdown's dashes, and a BibDesk .bib (dates as month, \\url{} links). It is
imported and built once; each test reads one detail of the result.
"""

from __future__ import annotations

import pytest
from conftest import collecting_warnings
from test_import_alfolio import data_of, html, page, write_site

from mkdocs_researcher.commands.import_alfolio import importer
from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.sources.bibtex import read_bibtex_file

CONFIG = """
title: Example Lab Notes
first_name: Robin
last_name: Example
description: Compilers, imaginary and otherwise.
url: https://robin.example.org
enable_math: true
collections:
  projects:
    output: true
  teaching:
    output: true
"""
BIB = r"""
@article{example2019,
  title = {Sorting in $O(n \log n)$ Time},
  author = {Example, Robin},
  journal = {Journal of Examples},
  year = {2019},
  month = {2019/06/05},
  code = {\url{https://github.com/example/sorting}},
  selected = {true},
}
"""
ABOUT = page(
    {
        "layout": "about",
        "title": "about",
        "permalink": "/",
        "selected_papers": True,
        "projects": True,
        "teaching": True,
        "profile": {"image": "prof_pic.jpg", "address": "<p>Room 42, Example Hall</p>\n<p>Example City</p>\n"},
    },
    """
    I study compilers, 2019--2024, at Example University --- mostly.

    My [CV](../assets/pdf/cv.pdf) has more.
    """,
)
PROJECT = page(
    {"img": "assets/img/tool.png"},
    """
    [Tool](https://github.com/example/tool): a tool for examples.
    To learn more, see:
    - [the guide](https://example.org/guide)
    - [the paper](https://example.org/paper)
    """,
)
OLD_SAMPLE = '<a href="#">Affiliations</a>. Address. Contacts. Moto. Etc.'  # the subtitle before v0.3
COURSE = page({"layout": "post", "sem": "2023 Spring", "inline": True}, "TA, Algorithm Design and Analysis.\n")


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """(the new site's folder, the import's report, its home page as MkDocs builds it, the build's warnings)."""
    root = tmp_path_factory.mktemp("details")
    source = write_site(
        root / "robin.github.io",
        {
            "_config.yml": CONFIG,
            "_pages/about.md": ABOUT,
            "_bibliography/papers.bib": BIB,
            "_projects/1_project.md": PROJECT,
            "_teaching/teaching_1.md": COURSE,
        },
    )
    for name in ("assets/pdf/cv.pdf", "assets/img/prof_pic.jpg", "assets/img/tool.png"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes(b"%PDF-1.4\n" if name.endswith(".pdf") else b"\x89PNG\r\n\x1a\n")
    out = root / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importer, "trial_build", lambda run: None)  # built below, in this process
        report = importer.import_alfolio(source, out).text(source, out)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with collecting_warnings() as warnings:
        build(load_config(str(out / "mkdocs.yml")))
    return out, report, html(out / "site" / "index.html"), warnings


def test_a_teaching_collection_named_teaching_is_imported(imported):
    out, report, home, _ = imported
    assert data_of(out, "profile.yml")["teaching"] == [
        {"course": "Algorithm Design and Analysis", "role": "TA", "term": "2023 Spring"}
    ]
    assert len(home.select(".researcher-teaching .researcher-item")) == 1
    assert "_teaching" not in report  # neither skipped nor lost


def test_a_list_right_under_a_line_of_text_stays_a_list(imported):
    _, _, home, _ = imported
    description = home.select_one(".researcher-project__description")
    assert [li.get_text() for li in description.select("ul > li")] == ["the guide", "the paper"]
    assert "- " not in description.select_one("p").get_text()


def test_a_link_to_a_copied_file_leads_to_the_copy(imported):
    out, report, home, _ = imported
    link = home.select_one("article a[href$='cv.pdf']")
    assert link is not None and link.get_text() == "CV"
    assert (out / "site" / link["href"]).is_file()  # relative to the home page, at the site's root
    assert "cv.pdf" not in report


def test_enable_math_typesets_tex_with_arithmatex_and_mathjax(imported):
    out, report, home, _ = imported
    title = home.select_one(".researcher-publications .researcher-publication__title")
    assert title.select_one("span.arithmatex").get_text() == r"\(O(n \log n)\)"
    scripts = [s.get("src", "") for s in home.select("script")]
    assert any(src.endswith("javascripts/mathjax.js") for src in scripts)
    assert any("mathjax@3" in src for src in scripts)
    assert "processHtmlClass" in (out / "docs" / "javascripts" / "mathjax.js").read_text(encoding="utf-8")
    assert "enable_math" in report


def test_an_older_profile_address_is_named_in_the_report_with_its_text(imported):
    _, report, _, _ = imported
    line = next(line for line in report.splitlines() if "profile.address" in line)
    assert "Room 42, Example Hall; Example City" in line and "docs/index.md" in line


def test_the_owners_title_and_description_name_the_site(imported):
    out, _, home, _ = imported
    assert home.select_one("title").get_text().endswith("Example Lab Notes")
    assert home.select_one("meta[name=description]")["content"] == "Compilers, imaginary and otherwise."
    assert data_of(out, "profile.yml")["profile"]["name"] == "Robin Example"


def test_dashes_read_as_kramdown_shows_them(imported):
    _, _, home, _ = imported
    text = home.select_one("article").get_text()
    assert "2019\u20132024" in text and "University \u2014 mostly" in text and "--" not in text


def test_a_bibdesk_date_and_a_url_command_are_read_without_a_warning(imported, tmp_path):
    *_, warnings = imported
    assert warnings == []  # mkdocs build --strict passes
    bib = tmp_path / "papers.bib"
    bib.write_text(BIB + "@misc{other,\n  title = {T},\n  year = {2020},\n  url = {\\href{https://x.org/p}{x}},\n}\n")
    reporter = Reporter(str(bib))
    first, second = read_bibtex_file(bib, reporter)
    assert reporter.found == []
    assert first.month == 6
    assert [(link.kind, link.url) for link in first.links] == [("code", "https://github.com/example/sorting")]
    assert [link.url for link in second.links] == ["https://x.org/p"]


def test_the_sample_description_and_address_are_skipped_and_math_stays_off(tmp_path):
    sample = "<p>555 your office number</p>\n<p>123 your address street</p>\n"
    about = page({"layout": "about", "permalink": "/", "profile": {"address": sample}}, "I study compilers.\n")
    config = "first_name: Robin\nlast_name: Example\ntitle: blank\ndescription: >\n"
    config += (
        "  A simple, whitespace theme for academics. Based on [*folio](https://github.com/bogoli/-folio) design.\n"
    )
    source = write_site(tmp_path / "src", {"_config.yml": config, "_pages/about.md": about})
    out = tmp_path / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importer, "trial_build", lambda run: None)
        report = importer.import_alfolio(source, out).text(source, out)
    mkdocs_yml = (out / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_name: Robin Example" in mkdocs_yml and "site_description" not in mkdocs_yml
    assert "profile.address: al-folio's sample address" in report
    assert "_config.yml: description: al-folio's sample text" in report
    assert "arithmatex" not in mkdocs_yml and not (out / "docs" / "javascripts").exists()  # no enable_math


def test_an_older_about_pages_description_is_its_subtitle(tmp_path):
    """al-folio before v0.3 showed the about page's description: under the name, where subtitle: is now."""
    about = page({"layout": "about", "permalink": "/", "description": "PhD student, <b>KTH</b>"}, "I study.\n")
    sample = page({"layout": "about", "permalink": "/", "description": OLD_SAMPLE}, "I study.\n")
    reports, positions = [], []
    for name, text in (("own", about), ("sample", sample)):
        source = write_site(tmp_path / name, {"_config.yml": "first_name: Robin\n", "_pages/about.md": text})
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(importer, "trial_build", lambda run: None)
            reports.append(importer.import_alfolio(source, tmp_path / f"{name}-site").text(source, tmp_path))
        positions.append(data_of(tmp_path / f"{name}-site", "profile.yml")["profile"].get("position"))
    assert positions == ["PhD student, KTH", None]
    assert "_pages/about.md: description: al-folio's sample text" in reports[1]
