"""Rendered pages are reused by later builds — a new `mkdocs build` or a `mkdocs serve` rebuild — and never stale."""

from __future__ import annotations

import shutil

import pytest
import yaml
from conftest import page, rebuild
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_researcher.render.environment import Renderer
from mkdocs_researcher.sources.bibliography import Bibliographies

BIB = r"""@article{first2024,
  title={First {GPU} Paper},
  author={Cheng, Yu and M{\"u}ller, J{\"u}rgen and Wang, Lei and Shi, Yining},
  journal={Journal of Tests},
  year={2024},
  pdf={first.pdf}
}

@inproceedings{second2023,
  title={Second Paper},
  author={Cheng, Yu},
  booktitle={Conference of Tests},
  year={2023}
}
"""
INDEX = page(
    {"publications": ["papers.bib"]}, "# Papers\n\n<!-- researcher publications group_by=year shade=blue -->\n"
)


@pytest.fixture
def project(build_site):
    """A built site, its cache in the default folder; ``rebuild()`` builds it again from a new config, as a new
    process would."""
    result = build_site(
        {"index.md": INDEX, "about.md": "# About\n", "papers.bib": BIB}, plugins=[{"researcher": {"max_authors": 3}}]
    )
    return result


@pytest.fixture
def renders(monkeypatch):
    """The templates rendered, by name, from the moment this fixture is used."""
    seen: list[str] = []
    for method in ("render", "render_long"):
        original = getattr(Renderer, method)

        def counting(self, template, page, original=original, **values):
            seen.append(template)
            return original(self, template, page, **values)

        monkeypatch.setattr(Renderer, method, counting)
    return seen


def site_files(result) -> dict[str, bytes]:
    return {
        str(p.relative_to(result.site)): p.read_bytes()
        for p in sorted(result.site.rglob("*"))
        if p.is_file() and p.suffix != ".gz"
    }


def titles(result) -> list[str]:
    return [t.get_text() for t in result.html().select(".researcher-publication__title")]


def test_a_new_build_reuses_the_rendered_page_byte_for_byte_and_repeats_its_warnings(project, renders, monkeypatch):
    first_files = site_files(project)
    first_warnings = project.researcher_warnings()
    # Both raised while rendering: a marker option that does not exist, a pdf that is not there.
    assert any("unknown option 'shade'" in w for w in first_warnings), first_warnings
    assert any("first.pdf" in w for w in first_warnings), first_warnings
    loaded = []
    original = Bibliographies.load
    monkeypatch.setattr(
        Bibliographies, "load", lambda self, path, *args: loaded.append(path.name) or original(self, path, *args)
    )
    _, warnings = rebuild(project)
    assert renders == []  # nothing rendered again
    assert loaded == []  # nor the .bib's entries read: not even from their own cache
    assert warnings == first_warnings
    assert site_files(project) == first_files


def test_strict_fails_on_a_cached_page_as_on_a_fresh_one(project):
    from mkdocs.exceptions import Abort

    with pytest.raises(Abort):
        build(load_config(str(project.site.parent / "mkdocs.yml"), strict=True))


def test_serve_rebuild_after_editing_another_page_renders_nothing(project, renders):
    config, _ = rebuild(project, serve=True)
    settings = yaml.safe_load((project.site.parent / "mkdocs.yml").read_text())
    settings["plugins"][0]["researcher"]["cache"] = False  # the instance's memory alone must be enough
    (project.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))
    (project.docs / "about.md").write_text("# About\n\nEdited.\n", encoding="utf-8")
    renders.clear()
    again, _ = rebuild(project, new_process=False)
    assert again.plugins["researcher"] is config.plugins["researcher"]
    assert renders == []


def edit_bib(project):
    (project.docs / "papers.bib").write_text(BIB.replace("Second Paper", "Second Paper, Revised"), encoding="utf-8")


def add_pdf(project):
    (project.docs / "assets" / "pdf").mkdir(parents=True)
    (project.docs / "assets" / "pdf" / "first.pdf").write_bytes(b"%PDF-1.4\n")


def override_template(project):
    folder = project.site.parent / "overrides" / "researcher"
    folder.mkdir(parents=True)
    (folder / "publications.html").write_text(
        "<ol class='mine'>{% for pub in publications %}<li>{{ pub.title }}</li>{% endfor %}</ol>\n", encoding="utf-8"
    )
    settings = yaml.safe_load((project.site.parent / "mkdocs.yml").read_text())
    settings["theme"]["custom_dir"] = "overrides"
    (project.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))


def change_option(project):
    settings = yaml.safe_load((project.site.parent / "mkdocs.yml").read_text())
    settings["plugins"][0]["researcher"]["max_authors"] = 1
    (project.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))


@pytest.mark.parametrize("change", [edit_bib, add_pdf, override_template, change_option])
def test_any_change_the_page_depends_on_renders_it_again(project, renders, change):
    before = site_files(project)["index.html"]
    change(project)
    rebuild(project)
    assert "publications.html" in renders
    assert site_files(project)["index.html"] != before


def test_the_cache_folder_is_safe_to_delete(project, renders):
    import shutil

    before = site_files(project)
    shutil.rmtree(project.site.parent / ".cache" / "researcher")
    rebuild(project)
    assert "publications.html" in renders
    assert site_files(project) == before


def test_publication_pages_are_cached_under_serve_and_follow_the_owner_on_the_listing_page(build_site, renders):
    index = page({"profile": {"name": "Yu Cheng"}, "publications": ["papers.bib"]})
    result = build_site(
        {"index.md": index, "papers.bib": BIB.replace("year={2023}", "year={2023},\n  page={true}")},
        plugins=[{"researcher": {"publication_pages": True}}],
        site_url="https://example.org/",
    )
    own_page = "publications/second2023/index.html"
    assert result.html(own_page).select_one(".researcher-self").get_text() == "Yu Cheng"
    renders.clear()
    # A new build renders its publication pages again (quicker than writing each to the cache folder) ...
    rebuild(result, serve=True)
    assert "publication_page.html" in renders
    # ... and a rebuild under serve has them from memory.
    renders.clear()
    rebuild(result, new_process=False)
    assert renders == []
    # The owner is named on the listing page, not the publication's own: its page must still follow.
    (result.docs / "index.md").write_text(index.replace("Yu Cheng", "Lei Wang"), encoding="utf-8")
    rebuild(result, new_process=False)
    assert "publication_page.html" in renders
    assert result.html(own_page).select_one(".researcher-self") is None


def test_an_edited_copy_of_the_plugin_renders_again(project, renders, monkeypatch):
    # Entries are written by the package's code, and an edited checkout keeps its version number.
    from mkdocs_researcher.cache import keys as cache_keys

    monkeypatch.setattr(cache_keys, "package_files", lambda: (("publication_markup.py", 1, 2),))
    rebuild(project)
    assert "publications.html" in renders


def test_an_edited_page_takes_its_entries_from_the_cache_reading_the_bib_once(build_site, renders, monkeypatch):
    from mkdocs_researcher.sources import bibliography, bibtex

    bib = (
        BIB + "\n@misc{third2022, title={Third Paper}, year={2022}}\n"
    )  # new to the plugin's memory: this build writes its cache
    result = build_site({"index.md": INDEX, "papers.bib": bib})
    (result.docs / "index.md").write_text(INDEX + "\nEdited.\n", encoding="utf-8")
    reads, parses = [], []
    original_read = bibliography.read_regular
    monkeypatch.setattr(bibliography, "read_regular", lambda path: (reads.append(path.name), original_read(path))[1])
    monkeypatch.setattr(bibtex, "read_bibtex", lambda *args, **kw: parses.append(args) or [])
    renders.clear()
    rebuild(result)
    assert "publications.html" in renders  # the page is rendered again ...
    assert parses == []  # ... from the parsed entries' cache,
    assert reads.count("papers.bib") == 1  # hashed once for the page's key, and not read again to load it
    assert titles(result) == ["First GPU Paper", "Second Paper", "Third Paper"]


def test_a_build_leaves_the_garbage_collector_as_it_found_it(build_site, monkeypatch):
    """Nothing process-wide: a frozen object is never collected, and under serve each rebuild's garbage froze."""
    import gc

    seen_while_rendering = []
    original = Renderer.render
    monkeypatch.setattr(
        Renderer,
        "render",
        lambda self, *args, **kw: (
            seen_while_rendering.append((gc.isenabled(), gc.get_freeze_count())) or original(self, *args, **kw)
        ),
    )
    build_site({"index.md": INDEX, "papers.bib": BIB + "\n@misc{unread, title={Not Parsed Before}}\n"})
    assert seen_while_rendering and set(seen_while_rendering) == {(True, 0)}
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_cache_folder_deleted_while_serve_runs_is_written_again(project, renders):
    import shutil

    def cached(folder):
        return sorted(p.name for p in folder.glob("*.json"))

    (project.docs / "index.md").write_text(INDEX + "\nEdited.\n", encoding="utf-8")
    rebuild(project)  # the page renders again: the instance now holds the parsed entries and the page in memory
    cache = project.site.parent / ".cache" / "researcher"
    pages, entries = cached(cache / "pages"), cached(cache)
    assert len(pages) == 2 and len(entries) == 1  # the .bib's entries
    shutil.rmtree(cache)
    (project.docs / "about.md").write_text("# About\n\nEdited.\n", encoding="utf-8")
    rebuild(project, new_process=False)
    assert cached(cache / "pages") == pages  # index.md came from memory, and is on disk again
    (project.docs / "index.md").write_text(INDEX + "\nEdited again.\n", encoding="utf-8")
    rebuild(project, new_process=False)
    assert cached(cache) == entries  # its entries came from memory, and are on disk again
    renders.clear()
    rebuild(project)  # a new process finds them
    assert renders == []


def test_under_serve_an_edited_bib_shows_the_edit_as_a_fresh_build_does(project):
    shutil.rmtree(project.site.parent / ".cache")  # serve's first build renders the page
    bib = project.docs / "papers.bib"
    with_abstract = BIB.replace("year={2024},", "year={2024},\n  abstract={What the paper found},")
    bib.write_text(with_abstract, encoding="utf-8")
    _, first_warnings = rebuild(project, serve=True)
    assert any("first.pdf" in w for w in first_warnings), first_warnings

    bib.write_text(with_abstract.replace("Second Paper", "Second Paper, Revised"), encoding="utf-8")
    _, warnings = rebuild(project, new_process=False)
    assert any("first.pdf" in w for w in warnings), warnings  # the entry not edited reports its missing file again
    assert "Second Paper, Revised" in titles(project)
    served = project.html()
    assert all(served.select_one(use["xlink:href"] + ":is(symbol)") for use in served.select("use"))

    pdf = project.docs / "assets" / "pdf" / "first.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF-1.4\n")  # the missing file appears: the entry links it
    assert not [w for w in rebuild(project, new_process=False)[1] if "first.pdf" in w]
    assert project.html().select_one("#pub-first2024 a[data-kind=pdf]")["href"] == "assets/pdf/first.pdf"

    # The same page from a fresh build, entry for entry.
    served = [str(entry) for entry in project.html().select(".researcher-publication")]
    shutil.rmtree(project.site.parent / ".cache", ignore_errors=True)  # serve writes it when it stops
    rebuild(project)
    assert [str(entry) for entry in project.html().select(".researcher-publication")] == served
