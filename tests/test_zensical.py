"""Zensical runs no MkDocs plugins, only the Markdown extensions of mkdocs.yml: ``- mkdocs_researcher`` there renders
the sections (adapters/zensical.py). One site, one mkdocs.yml, built by ``zensical build`` and by ``mkdocs build``
(whose plugin takes the extension's options): the same sections, with the same entries, on every page.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import markdown
import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, page

from mkdocs_researcher.site.files import generated_before, site_path

EMAIL = "yu.cheng@example.org"
BIB = """\
@inproceedings{cheng2025pipethreader,
  title = {{PipeThreader}: Software-Defined Pipelining for Efficient {DNN} Execution},
  author = {Cheng, Yu and Wang, Lei and M{\\"u}ller, J{\\"u}rgen and Xue, Jilong},
  booktitle = {OSDI '25},
  year = 2025,
  pdf = {pipethreader.pdf},
}

@article{li2024journal,
  title = {A Journal Paper},
  author = {Li, Ann and Cheng, Yu},
  journal = tpami,
  year = 2024,
}

@misc{cheng2023note,
  title = {A Short Note},
  author = {Cheng, Yu},
  year = 2023,
}
"""
NEW_ENTRY = "\n@misc{cheng2022early,\n  title = {Early Work},\n  author = {Cheng, Yu},\n  year = 2022,\n}\n"
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
CONFIG = {
    "site_name": "Test",
    "theme": {"name": "material"},
    "plugins": ["researcher"],  # MkDocs; Zensical ignores it
    "markdown_extensions": ["attr_list", {"toc": {"permalink": True}}, {"mkdocs_researcher": {"max_authors": 2}}],
    "exclude_docs": "*.bib\n",  # read, not published: the plugin leaves them out itself, Zensical needs this
}
# Per page: the kind of each section, in order, and how many entries it shows.
EXPECTED = {
    "index.html": [("profile", 1), ("news", 2), ("projects", 2), ("experience", 2)],
    "publications/index.html": [("publications", 3)],
    "people/ann/index.html": [("profile", 1), ("news", 1), ("experience", 1)],  # news right after the bio
}
WARNING = re.compile(r"^(?:WARNING\s*-\s*)?(researcher: .*)$", re.MULTILINE)


def _zensical_or_skip() -> None:
    if sys.version_info < (3, 11):
        pytest.skip("Zensical needs Python 3.11 or later")
    if importlib.util.find_spec("zensical") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("zensical is not installed; CI installs it with the [test] extra", pytrace=False)
        pytest.skip('zensical is not installed: pip install -e ".[test]" brings it')


def _write_site(root: Path, config: dict = CONFIG) -> Path:
    docs = root / "docs"
    profile = {
        "name": "Yu Cheng",
        "position": "PhD student",
        "email": EMAIL,
        "affiliations": [{"name": "Peking University", "url": "https://www.pku.edu.cn/"}],
        "links": {"github": "octocat"},
    }
    files = {
        "index.md": page(
            {
                "title": "Yu Cheng",
                "profile": profile,
                "news": [
                    {"date": "2025-07-02", "text": "PipeThreader accepted at **OSDI**."},
                    {"date": "2024-01-05", "text": "Started at MSRA."},
                ],
                "projects": [
                    {"name": "TileLang", "description": "A DSL for kernels.", "repo": "tile-ai/tilelang"},
                    {"name": "TileScale", "description": "Distributed communication."},
                ],
                "experience": [
                    {"organization": "Microsoft Research Asia", "role": "Research intern", "start": "2022-04"},
                    {"organization": "Alibaba", "role": "Research intern", "start": "2020-10", "end": "2021-07"},
                ],
            },
            """\
            Hello, this is my page.

            <!-- researcher news -->

            Some text between.

            ```
            <!-- researcher projects -->
            ```
            """,
        ),
        "publications.md": page(
            {"title": "Publications", "publications": "papers.bib"},
            "All my papers.\n\n<!-- researcher publications -->\n",
        ),
        "people/ann.md": page(  # front matter only: Python-Markdown would not even run the extension on ""
            {
                "profile": {"name": "Ann Li", "position": "Postdoc", "photo": "ann.png"},
                "news": [{"date": "2025-07-03", "text": "Slides are up.", "url": "../assets/pdf/pipethreader.pdf"}],
                "experience": [{"organization": "Peking University", "role": "Postdoc", "start": "2023"}],
            }
        ),
        "plain.md": "# Plain\n\nNothing of ours here.\n",
        "papers.bib": BIB,
    }
    for name, text in files.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    (docs / "people" / "ann.png").write_bytes(PNG)
    (docs / "assets" / "pdf").mkdir(parents=True)
    (docs / "assets" / "pdf" / "pipethreader.pdf").write_bytes(b"%PDF-1.4\n")
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return root


def _run(command: list[str], root: Path) -> str:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300)
    log = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command[:4])} failed:\n{log}"
    return log


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, tuple[Path, list[str]]]:
    """engine -> (its output folder, the researcher warnings it printed), each built in its own copy of the site."""
    _zensical_or_skip()
    found = {}
    for engine in ("zensical", "mkdocs"):
        root = _write_site(tmp_path_factory.mktemp(engine))
        extra = ["-d", str(root / "site")] if engine == "mkdocs" else []
        log = _run([sys.executable, "-m", engine, "build", "-f", str(root / "mkdocs.yml"), *extra], root)
        found[engine] = (root / "site", WARNING.findall(log))
    return found


def _html(out: Path, name: str) -> BeautifulSoup:
    return BeautifulSoup((out / name).read_text(encoding="utf-8"), "html.parser")


def _sections(soup: BeautifulSoup) -> list[tuple[str, int]]:
    """(kind, entries shown) of each outermost section of ours, in page order."""
    found = []
    for section in soup.select(".researcher-section"):
        if section.find_parent(class_="researcher-section") is None:
            kind = next(c.removeprefix("researcher-") for c in section["class"] if c != "researcher-section")
            found.append((kind, len(section.select(".researcher-item"))))
    return found


def _pages(out: Path) -> dict[str, list[tuple[str, int]]]:
    return {
        p.relative_to(out).as_posix(): _sections(_html(out, p.relative_to(out).as_posix())) for p in out.rglob("*.html")
    }


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_zensical_renders_every_section_in_its_place(builds):
    out, warnings = builds["zensical"]
    pages = _pages(out)
    assert {name: kinds for name, kinds in pages.items() if kinds} == EXPECTED
    home = _html(out, "index.html")
    card = home.select_one(".researcher-profile")
    assert "Yu Cheng" in card.get_text() and "Peking University" in card.get_text()
    # The marker put news between the two paragraphs; the one inside the code block stays an example.
    text = home.select_one("article").get_text()
    assert text.index("Hello, this is my page.") < text.index("Started at MSRA.") < text.index("Some text between.")
    assert "<!-- researcher projects -->" in home.find("code").get_text()
    # The headings are Markdown headings: Zensical's table of contents lists them.
    assert {"#news", "#projects", "#experience"} <= {a["href"] for a in home.select("nav.md-nav--secondary a")}
    papers = _html(out, "publications/index.html")
    assert len(papers.select(".researcher-self")) == 3  # the owner, in each entry
    assert len(papers.select(".researcher-more-authors")) == 1  # max_authors: 2, from the extension's options
    for path in out.rglob("*"):
        if path.suffix in (".html", ".json", ".xml"):
            text = path.read_text(encoding="utf-8")
            assert "<!-- researcher" not in text and "researcher-block" not in text, path
            assert EMAIL not in text, path
    assert not (out / "papers.bib").exists()  # exclude_docs
    # Printed once each, as the core words them.
    assert len(warnings) == len(set(warnings)) and any("docs/papers.bib:" in w and "tpami" in w for w in warnings)


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_mkdocs_and_zensical_show_the_same_sections_page_by_page(builds):
    zensical, mkdocs = (_pages(builds[engine][0]) for engine in ("zensical", "mkdocs"))
    ours = sorted(name for name in zensical.keys() | mkdocs.keys() if zensical.get(name) or mkdocs.get(name))
    assert {name: zensical.get(name) for name in ours} == {name: mkdocs.get(name) for name in ours} == EXPECTED
    assert builds["zensical"][1] == builds["mkdocs"][1]


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
@pytest.mark.parametrize("engine", ["zensical", "mkdocs"])
def test_the_links_of_every_section_reach_their_files(builds, engine):
    """Zensical reads a page's relative URLs from its source file's folder, MkDocs from the page's own URL."""
    out = builds[engine][0]
    checked = 0
    for path in out.rglob("*.html"):
        folder = posixpath.dirname(path.relative_to(out).as_posix())
        for tag in _html(out, path.relative_to(out).as_posix()).select(
            ".researcher-section [href], .researcher-section [src]"
        ):
            url = tag.get("href") or tag.get("src")
            if re.match(r"[a-z]+:|#|//", url):
                continue
            target = out / posixpath.normpath(posixpath.join(folder, url.split("#")[0]))
            assert target.is_file() or (target / "index.html").is_file(), f"{path.relative_to(out)}: {url}"
            checked += 1
    assert checked == 3  # the PDF, the photo, the news item's link


RENDER_TWICE = textwrap.dedent(
    """\
    import json, os, sys
    from pathlib import Path

    import yaml
    from zensical.config import parse_config
    from zensical.markdown.render import render

    parse_config(os.path.abspath("mkdocs.yml"))
    _, front, body = Path("docs/publications.md").read_text(encoding="utf-8").split("---\\n", 2)
    meta = json.dumps(yaml.safe_load(front))
    pages = [render(body, "publications.md", "publications/", meta)["content"]]
    with open("docs/papers.bib", "a", encoding="utf-8") as bib:
        bib.write(sys.argv[1])
    pages.append(render(body, "publications.md", "publications/", meta)["content"])
    print(json.dumps(pages))
    """
)


@pytest.mark.slow  # a Zensical render in a subprocess
def test_a_page_rendered_again_in_the_same_process_sees_the_edited_bib_file(tmp_path):
    """As under `zensical serve`: the site lives on between renders, and scans again once a file changed."""
    _zensical_or_skip()
    root = _write_site(tmp_path, {**CONFIG, "exclude_docs": None})
    (root / "render_twice.py").write_text(RENDER_TWICE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "render_twice.py", NEW_ENTRY], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    before, after = (_sections(BeautifulSoup(html, "html.parser")) for html in json.loads(done.stdout))
    assert (before, after) == ([("publications", 3)], [("publications", 4)])
    warnings = WARNING.findall(done.stderr)
    # Each once, though both renders met them; the .bib in docs/ is published without exclude_docs.
    assert len([w for w in warnings if "tpami" in w]) == 1
    assert [w for w in warnings if "copies these data files" in w] == [
        "researcher: Zensical copies these data files into the site: papers.bib "
        "(list them under exclude_docs in mkdocs.yml to leave them out)"
    ]


def test_plain_python_markdown_leaves_the_text_as_it_is():
    for text in ("# Hi\n\n<!-- researcher news -->\n", "", "\n  \n"):  # a blank page is converted from a stand-in
        assert markdown.markdown(text, extensions=["mkdocs_researcher"]) == markdown.markdown(text)


def test_plain_python_markdown_in_a_process_that_loaded_zensicals_config_leaves_the_text_as_it_is(
    tmp_path, monkeypatch
):
    """A conversion without Zensical's rendering context (another extension's inner Markdown) is not a page."""
    _zensical_or_skip()
    from zensical import config

    monkeypatch.setattr(config, "_CONFIG", config._CONFIG)  # put back afterwards
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: Test\n", encoding="utf-8")
    config.parse_config(str(tmp_path / "mkdocs.yml"))
    for text in ("# Hi\n\n<!-- researcher news -->\n\n<!--researcher-block-0-->\n", ""):
        assert markdown.markdown(text, extensions=["mkdocs_researcher"]) == markdown.markdown(text)


def test_a_rendering_context_of_another_shape_fails_with_one_message():
    _zensical_or_skip()
    from markdown.preprocessors import Preprocessor

    from mkdocs_researcher.adapters.zensical import ZensicalChanged

    class OtherContext(markdown.Extension):  # registered by the name Zensical's has, without .page and .config
        def extendMarkdown(self, md):
            md.preprocessors.register(Preprocessor(md), "rendering_context", 0)

    with pytest.raises(ZensicalChanged, match=r"Zensical 0\.0\.\d+ renders .*install zensical==0\.0\.73"):
        markdown.markdown("Hello.\n", extensions=[OtherContext(), "mkdocs_researcher"])


MEMBER_PAGE = {
    "profile": {"name": "Qi Chen", "position": "PhD student", "photo": "qi.png"},
    "news": [
        # A link of the owner's Markdown, written relative to the page's file like any link of the page.
        {"date": "2025-07-03", "text": "Slides are [up](../assets/pdf/pipethreader.pdf).", "url": "ann.md"},
    ],
    "publications": "../papers.bib",
}


def test_a_zensical_member_page_links_to_every_file_from_its_own_folder(tmp_path):
    """Zensical reads a page's relative URLs from its source file's folder (people/ for people/qi.md): the core
    writes them so, and every link of the page's sections reaches its file."""
    _zensical_or_skip()
    root = _write_site(tmp_path)
    docs = root / "docs"
    (docs / "people" / "qi.md").write_text(page(MEMBER_PAGE, "<!-- researcher publications -->\n"), encoding="utf-8")
    (docs / "people" / "qi.png").write_bytes(PNG)
    _run([sys.executable, "-m", "zensical", "build", "-f", str(root / "mkdocs.yml")], root)
    out = root / "site"
    soup = _html(out, "people/qi/index.html")
    urls = [
        tag.get("href") or tag.get("src")
        for tag in soup.select(".researcher-section [href], .researcher-section [src]")
    ]
    local = [url for url in urls if not re.match(r"[a-z]+:|#|//", url)]
    for url in local:
        target = out / posixpath.normpath(posixpath.join("people/qi", url.split("#")[0]))
        assert target.is_file() or (target / "index.html").is_file(), url
    assert {"../../assets/pdf/pipethreader.pdf", "../qi.png", "../ann/"} <= set(local)


# The example site and the scaffold, built by both engines ---------------------------------------------------------

HEAD_TAG = re.compile(
    r'<meta name="citation_[^>]*>|<script type="application/ld\+json">.*?</script>|<link rel="alternate" '
    r'type="application/atom\+xml"[^>]*>',
    re.DOTALL,
)


def _researcher(*args: str) -> list[str]:
    return [sys.executable, "-m", "mkdocs_researcher", *args]


def _build_both(source: Path, tmp: Path, generate: bool = True) -> dict[str, Path]:
    """engine -> its output folder; each engine builds its own copy of ``source``, Zensical after `generate`."""
    out = {}
    for engine in ("zensical", "mkdocs"):
        root = tmp / engine
        shutil.copytree(source, root, ignore=shutil.ignore_patterns("site", ".cache"))
        config = root / "mkdocs.yml"
        if engine == "zensical" and generate:
            _run(_researcher("generate", "-f", str(config)), root)
        _run([sys.executable, "-m", engine, "build", "-f", str(config), *(["-d", "site"] * (engine == "mkdocs"))], root)
        out[engine] = root / "site"
    return out


def _head_tags(out: Path, name: str) -> list[str]:
    return HEAD_TAG.findall((out / name).read_text(encoding="utf-8").split("</head>")[0])


def section_table(mkdocs: dict, zensical: dict) -> str:
    """Page by page, the sections (kind x entries) each engine shows."""

    def cell(sections):
        return "(no page)" if sections is None else " ".join(f"{kind}x{n}" for kind, n in sections) or "-"

    rows = [("page", "MkDocs", "Zensical")] + [
        (name, cell(mkdocs.get(name)), cell(zensical.get(name))) for name in sorted(mkdocs.keys() | zensical.keys())
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "\n".join("  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)) for row in rows)


def _compare_sections(out: dict[str, Path], pages: list[str]) -> None:
    mkdocs, zensical = ({name: _sections(_html(out[e], name)) for name in pages} for e in ("mkdocs", "zensical"))
    table = section_table(mkdocs, zensical)
    print(table)
    assert zensical == mkdocs, table
    assert any(mkdocs.values()), table


def _assert_clean(out: Path, emails: list[str]) -> None:
    for path in out.rglob("*"):
        if path.suffix in (".html", ".json", ".xml"):
            text = path.read_text(encoding="utf-8")
            assert "<!-- researcher" not in text and "researcher-block" not in text, path
            assert not [email for email in emails if email in text], path


def _assert_stylesheet(out: Path, name: str = "index.html") -> None:
    links = [link["href"] for link in _html(out, name).select('link[rel="stylesheet"]')]
    css = [href for href in links if href.endswith("assets/researcher/researcher.css")]
    assert css, links
    assert (out / posixpath.dirname(name) / css[0]).resolve().is_file()


@pytest.fixture(scope="module")
def example_builds(tmp_path_factory) -> dict[str, Path]:
    """The example site, whose overrides/main.html prints the head tags under Zensical."""
    _zensical_or_skip()
    source = tmp_path_factory.mktemp("example") / "site"
    shutil.copytree(EXAMPLE_SITE, source, ignore=shutil.ignore_patterns("site", ".cache", "screenshots"))
    return _build_both(source, tmp_path_factory.mktemp("example-builds"))


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_the_example_site_shows_the_same_sections_under_both_engines(example_builds):
    # mkdocs-static-i18n, which Zensical does not run, also makes the zh pages.
    english = sorted(
        p.relative_to(example_builds["mkdocs"]).as_posix()
        for p in example_builds["mkdocs"].rglob("*.html")
        if not p.relative_to(example_builds["mkdocs"]).as_posix().startswith("zh/")
    )
    assert len(english) > 4
    _compare_sections(example_builds, english)


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_the_example_sites_zensical_build_is_complete_and_clean(example_builds):
    out = example_builds["zensical"]
    _assert_stylesheet(out)
    emails = re.findall(
        r"^\s*email:\s*(\S+@\S+)",
        "".join(
            p.read_text(encoding="utf-8") for p in (EXAMPLE_SITE / "docs").rglob("*") if p.suffix in (".md", ".yml")
        ),
        re.MULTILINE,
    )
    assert emails
    _assert_clean(out, emails)
    assert not (out / "papers.bib").exists() and not list(out.glob("data/*.yml"))
    assert ElementTree.parse(out / "feed.xml").getroot().tag == "{http://www.w3.org/2005/Atom}feed"
    assert json.loads((out / "resume.json").read_text(encoding="utf-8"))["basics"]["name"]
    listed = generated_before(out.parent / "docs")
    papers = [site_path(uri)[0] for uri in sorted(listed) if uri.startswith("publications/") and uri.endswith(".md")]
    assert papers
    for name in papers:
        assert _html(out, name).select_one('head meta[name="citation_title"]')["content"], name


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_the_example_sites_head_tags_are_the_same_under_both_engines(example_builds):
    """Zensical's, through overrides/main.html; MkDocs' from the plugin alone, which the override does not repeat."""
    mkdocs, zensical = example_builds["mkdocs"], example_builds["zensical"]
    names = [p.relative_to(zensical).as_posix() for p in zensical.rglob("*.html")]
    tagged = 0
    for name in names:
        if (mkdocs / name).is_file():
            assert _head_tags(zensical, name) == _head_tags(mkdocs, name), name
            tagged += bool(_head_tags(mkdocs, name))
    assert tagged > 3


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_the_scaffold_shows_the_same_sections_and_head_tags_under_both_engines(tmp_path):
    _zensical_or_skip()
    _run(_researcher("new", str(tmp_path / "new")), tmp_path)
    out = _build_both(tmp_path / "new", tmp_path)
    names = sorted(p.relative_to(out["mkdocs"]).as_posix() for p in out["mkdocs"].rglob("*.html"))
    _compare_sections(out, names)
    for name in names:
        assert _head_tags(out["zensical"], name) == _head_tags(out["mkdocs"], name), name
    assert _head_tags(out["mkdocs"], "index.html")  # the profile's JSON-LD, once
    _assert_stylesheet(out["zensical"])
    _assert_clean(out["zensical"], ["you@example.org"])
    assert not (out["zensical"] / "papers.bib").exists()


@pytest.mark.slow  # zensical and mkdocs build in subprocesses
def test_a_new_site_builds_under_zensical_with_nothing_run_before(tmp_path):
    """`mkdocs-researcher new mysite && cd mysite && zensical build`: the same homepage as `mkdocs build`."""
    _zensical_or_skip()
    _run(_researcher("new", str(tmp_path / "new")), tmp_path)
    out = _build_both(tmp_path / "new", tmp_path, generate=False)
    names = sorted(p.relative_to(out["mkdocs"]).as_posix() for p in out["mkdocs"].rglob("*.html"))
    _compare_sections(out, names)
    _assert_stylesheet(out["zensical"])
