"""The site core without any engine, and what it promises every engine: each page read once per build."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import build_without_engine, page

from mkdocs_researcher.diagnostics import Reporter
from mkdocs_researcher.options import SiteOptions
from mkdocs_researcher.publish.citation import highwire_meta
from mkdocs_researcher.site import scan as scan_module
from mkdocs_researcher.site.files import site_path
from mkdocs_researcher.sources.bibtex import read_bibtex

BIB = textwrap.dedent(
    """\
    @inproceedings{qi2024,
      title = {Learning to Rank Homepages},
      author = {Qi, Chengxiang and Doe, Jane},
      booktitle = {NeurIPS},
      year = {2024},
    }
    """
)


def _folder_site(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "people").mkdir(parents=True)
    (docs / "index.md").write_text(
        page(
            {"profile": {"name": "Chengxiang Qi", "position": "PhD student"}, "publications": ["papers.bib"]},
            "Hello.\n\n<!-- researcher publications -->\n",
        ),
        encoding="utf-8",
    )
    (docs / "papers.bib").write_text(BIB, encoding="utf-8")
    (docs / "people" / "jane.md").write_text(
        page({"news": [{"date": "2024-05-01", "text": "Jane joined."}]}, "# Jane\n"), encoding="utf-8"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: Folder\n", encoding="utf-8")
    return tmp_path


def test_the_core_builds_a_folder_of_markdown_without_an_engine(tmp_path):
    project = _folder_site(tmp_path)
    core = build_without_engine(project, SiteOptions(cache=False, publication_pages=True))
    assert core.warnings == []
    home = core.html("index.md")
    assert home.select_one(".researcher-profile__name").get_text(strip=True) == "Chengxiang Qi"
    titles = [a.get_text(strip=True) for a in home.select(".researcher-publication__title a")]
    assert titles == ["Learning to Rank Homepages"]
    # The owner is highlighted among the authors; the entry links to its own page, which the core generated.
    assert [s.get_text() for s in home.select(".researcher-self")] == ["Chengxiang Qi"]
    assert home.select_one(".researcher-publication__title a")["href"] == "publications/qi2024/"
    assert set(core.generated) == {"publications/qi2024.md", "publications/qi2024.bib", "publications.bib"}
    # An engine whose search reads no search view (Zensical's) is given none to hold.
    assert core.site.search_view("index.md") is None and not core.site.page_files("index.md")
    jane = core.html("people/jane.md")
    assert [li.get_text(" ", strip=True) for li in jane.select(".researcher-news li")] == ["May 1, 2024 Jane joined."]


def test_the_core_reports_problems_as_file_line_field_messages(tmp_path):
    project = _folder_site(tmp_path)
    (project / "docs" / "people" / "jane.md").write_text(
        page({"news": [{"date": "2024-13-01", "text": "Jane joined."}]}), encoding="utf-8"
    )
    warnings = build_without_engine(project, SiteOptions(cache=False)).warnings
    assert len(warnings) == 1
    assert warnings[0].startswith("docs/people/jane.md:3: news[0].date: ")


@pytest.mark.parametrize(
    ("src_uri", "directory_urls", "expected"),
    [
        ("index.md", True, ("index.html", "./")),
        ("people/README.md", True, ("people/index.html", "people/")),
        ("people/qi.md", True, ("people/qi/index.html", "people/qi/")),
        ("people/qi.md", False, ("people/qi.html", "people/qi.html")),
        ("index.md", False, ("index.html", "index.html")),
        ("papers.bib", True, ("papers.bib", "papers.bib")),
    ],
)
def test_files_are_named_as_mkdocs_names_them(src_uri, directory_urls, expected, tmp_path):
    from mkdocs.structure.files import File

    file = File(src_uri, src_dir=str(tmp_path), dest_dir=str(tmp_path / "site"), use_directory_urls=directory_urls)
    assert site_path(src_uri, directory_urls) == expected == (file.dest_uri, file.url)


def test_each_page_is_parsed_and_checked_once_per_build(build_site, monkeypatch):
    """The scan reads a page's front matter and checks its sections; building the page reuses both."""
    parsed: list[str] = []
    checked: list[int] = []
    load_front_matter = scan_module.load_front_matter
    read_page = scan_module.read_page

    def counting_load(text):
        parsed.append(text)
        return load_front_matter(text)

    def counting_read(meta, ctx):
        checked.append(id(meta))
        return read_page(meta, ctx)

    monkeypatch.setattr(scan_module, "load_front_matter", counting_load)
    monkeypatch.setattr(scan_module, "read_page", counting_read)
    pages = {
        "index.md": page({"profile": {"name": "A. Researcher"}, "news": [{"date": "2024-01-02", "text": "Hi"}]}),
        "cv.md": page({"experience": [{"organization": "Lab", "role": "Student", "start": 2020}]}, "# CV\n"),
        "about.md": "# About\n\nNo sections here.\n",
    }
    build = build_site(pages, plugins=[{"researcher": {"cache": False}}])
    assert build.error is None
    assert sorted(parsed) == sorted(pages.values())  # each page's text parsed once, plain pages too
    assert len(checked) == 3  # and each page's front matter checked once


# Each folder of the package imports only from the folders before it: the pipeline reads top to bottom.
LAYERS = ["model", "cache", "sources", "publish", "render", "site", "adapters", "commands"]


def test_the_folders_import_only_from_the_layers_above_them():
    import ast

    from conftest import REPO

    package = REPO / "mkdocs_researcher"
    wrong = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        if len(parts) == 1:
            continue  # the package's face and the modules every layer uses (diagnostics)
        layer = LAYERS.index(parts[0])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            here = list(path.relative_to(package).parent.parts)
            base = here[: len(here) - node.level + 1]
            names = [node.module] if node.module else [alias.name for alias in node.names]
            for name in names:
                target = (base + name.split("."))[0] if base or name else ""
                if target in LAYERS and LAYERS.index(target) > layer:
                    wrong.append(f"{path.relative_to(package)} imports {target}/")
    assert wrong == []


def test_a_publications_own_page_shows_what_its_list_entry_shows(build_site, tmp_path):
    """One writer for both: the badge with the venue's link and colour, the venue line, the award."""
    venues = tmp_path / "venues.yml"
    venues.write_text("NeurIPS:\n  url: https://neurips.cc/\n  color: '#4b0082'\n", encoding="utf-8")
    bib = "@inproceedings{qi2024, title={Ranking}, author={Qi, C.}, booktitle={NeurIPS}, abbr={NeurIPS}, year={2024},"
    bib += " volume={37}, pages={1--9}, award={Best Paper}}\n"
    build = build_site(
        {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": bib},
        plugins=[{"researcher": {"venues": str(venues), "publication_pages": True, "proceedings_details": True}}],
        site_url="https://qi.example/",
    )
    assert build.error is None, build.warnings
    entry = build.html().select_one(".researcher-publication")
    own = build.html("publications/qi2024/index.html").select_one(".researcher-publication--page")
    for part in (".researcher-badge", ".researcher-publication__award"):
        assert str(own.select_one(part)) == str(entry.select_one(part))
    assert own.select_one(".researcher-badge a")["href"] == "https://neurips.cc/"
    assert own.select_one(".researcher-publication__details").get_text() == "vol. 37, pp. 1–9"


def test_a_rule_after_a_marker_still_publishes_the_pages_bibliography(build_site):
    """The scan and the build read a page's body the same way: a --- rule in the body is just a rule, and the
    marker before it still takes the site's bibliography."""
    body = "Intro.\n\n<!-- researcher publications -->\n\n---\n\nMore text.\n\n---\n\nEnd.\n"
    bib = "@article{a2024, title={A}, author={Qi, C.}, journal={J}, year={2024}}\n"
    build = build_site(
        {"index.md": page({"profile": {"name": "C. Qi"}}, body), "papers.bib": bib},
        plugins=[{"researcher": {"publication_pages": True, "bibliography": ["docs/papers.bib"]}}],
        site_url="https://qi.example/",
    )
    assert build.error is None
    assert (build.site / "publications.bib").read_text(encoding="utf-8").startswith("@article{a2024,")
    assert (build.site / "publications" / "a2024" / "index.html").is_file()


def test_options_under_markdown_extensions_drive_the_plugin_and_each_section_is_rendered_once(build_site):
    """The form every engine reads: options on the Markdown extension, the plugin listed bare for MkDocs."""
    authors = " and ".join(f"Author{n}, A." for n in range(5))
    bib = f"@article{{a2024, title={{A}}, author={{{authors}}}, journal={{J}}, year={{2024}}}}\n"
    build = build_site(
        {"index.md": page({"publications": ["papers.bib"]}, "<!-- researcher publications -->\n"), "papers.bib": bib},
        plugins=["researcher"],
        markdown_extensions=[{"mkdocs_researcher": {"max_authors": 1}}, "attr_list"],
    )
    assert build.error is None, build.warnings
    assert build.researcher_warnings() == []
    html = build.html()
    assert len(html.select(".researcher-publications")) == 1
    assert len(html.select(".researcher-publication")) == 1
    shown = html.select(".researcher-publication__authors .researcher-authors > .researcher-author")
    assert len(shown) == 1  # max_authors from the extension's options


def test_options_given_twice_are_reported(build_site):
    build = build_site(
        {"index.md": page({"news": [{"date": "2024-01-01", "text": "Hi"}]})},
        plugins=[{"researcher": {"max_authors": 2}}],
        markdown_extensions=[{"mkdocs_researcher": {"max_authors": 1, "feeed": True}}],
    )
    assert build.error is None
    warnings = build.researcher_warnings()
    assert any("given both to the researcher plugin and to mkdocs_researcher" in w for w in warnings), warnings
    assert any("unknown option 'feeed'; did you mean 'feed'?" in w for w in warnings), warnings


def test_every_language_of_the_example_site_reads_the_extensions_options(tmp_path):
    """mkdocs-static-i18n configures each other language again from a config the plugin has already changed."""
    from conftest import EXAMPLE_SITE
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = tmp_path / "site"
    build(load_config(str(EXAMPLE_SITE / "mkdocs.yml"), site_dir=str(site)))
    for name in ("chengxiang-qi/index.html", "zh/chengxiang-qi/index.html"):
        html = BeautifulSoup((site / name).read_text(encoding="utf-8"), "html.parser")
        assert len(html.select(".researcher-publications .researcher-publication")) == 2, name


DETAILS_BIB = textwrap.dedent(
    """\
    @inproceedings{qi2024,
      title = {Ranking Homepages},
      author = {Qi, Chengxiang},
      booktitle = {Proceedings of the Conference on Tests},
      year = {2024},
      volume = {1},
      number = {2},
      pages = {1--25},
      publisher = {ACM New York, NY, USA},
    }
    @article{cheng2023,
      title = {Journal Homepages},
      author = {Cheng, Yu},
      journal = {Journal of Tests},
      year = {2023},
      volume = {12},
      number = {3},
      pages = {1--10},
    }
    @misc{wang2026,
      title = {Preprint Homepages},
      author = {Wang, Lei},
      eprint = {2602.03560},
      archivePrefix = {arXiv},
      primaryClass = {cs.LG},
      year = {2026},
    }
    """
)


def _venue_lines(core) -> dict[str, tuple[str, str]]:
    """Each entry's venue line and badge, by key."""
    return {
        item["id"].removeprefix("pub-"): (
            item.select_one(".researcher-publication__venue").get_text(),
            item.select_one(".researcher-publication__badge").get_text(),
        )
        for item in core.html().select(".researcher-publication")
    }


def test_proceedings_show_venue_and_year_and_an_arxiv_misc_its_id(build_core):
    """ACM's and IEEE's templates fill a conference paper's volume, number, pages and publisher; as al-folio, the
    list shows them for journal articles only, unless proceedings_details. An arXiv @misc is named as Scholar
    names it, with the badge arXiv. The citation tags keep every field."""
    files = {"index.md": page({"publications": ["papers.bib"]}), "papers.bib": DETAILS_BIB}
    core = build_core(files)
    assert core.warnings == []
    assert _venue_lines(core) == {
        "qi2024": ("Proceedings of the Conference on Tests, 2024", ""),
        "cheng2023": ("Journal of Tests, vol. 12, no. 3, pp. 1–10, 2023", ""),
        "wang2026": ("arXiv preprint arXiv:2602.03560, 2026", "arXiv"),
    }
    everywhere = _venue_lines(build_core(files, proceedings_details=True))
    assert everywhere["qi2024"][0] == (
        "Proceedings of the Conference on Tests, vol. 1, no. 2, pp. 1–25, ACM New York, NY, USA, 2024"
    )
    conference = read_bibtex(DETAILS_BIB, Reporter("papers.bib"))[0]
    tags = dict(highwire_meta(conference, page_url=None, site_url=None))
    assert (tags["citation_volume"], tags["citation_issue"], tags["citation_firstpage"]) == ("1", "2", "1")
