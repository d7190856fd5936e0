"""ProperDocs (the maintained fork of MkDocs 1.x) builds the same sites as MkDocs with this plugin.

ProperDocs loads plugins from its own ``properdocs.plugins`` entry-point group and from ``mkdocs.plugins``, and
aliases every ``mkdocs.*`` import to ``properdocs.*`` (properdocs/replacement.py), so the same plugin class runs
under both engines. Each engine builds its own copy of a site in a subprocess, as a user would run it; the outputs
must hold the same files, and the same bytes but for the ``<meta name="generator">`` tag that names the engine.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import EXAMPLE_SITE, engine_command, page

try:
    import properdocs  # noqa: F401
except ImportError:  # pragma: no cover - the test extra installs it
    if os.environ.get("CI") == "true":
        pytest.fail("properdocs is not installed; CI installs it with the [test] extra", pytrace=False)
    pytest.skip('properdocs is not installed: pip install -e ".[test]" brings it', allow_module_level=True)

ENGINES = ("mkdocs", "properdocs")
GENERATOR = re.compile(r'^\s*<meta name="generator" content="[^"]*">\n', re.MULTILINE)
WARNING = re.compile(r"^WARNING\s*-\s*(researcher: .*)$", re.MULTILINE)


def _build(engine: str, root: Path, config: str = "mkdocs.yml") -> tuple[Path, list[str]]:
    """Build ``root/config`` with ``engine build``; return the output folder and the researcher warnings."""
    out = root / "site-out"
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "DISABLE_MKDOCS_2_WARNING": "true",
        "SOURCE_DATE_EPOCH": "1767225600",  # both sitemaps and feeds dated alike, whenever the two builds run
    }
    done = subprocess.run(
        [*engine_command(engine), "build", "-f", str(root / config), "-d", str(out)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, f"{engine} build failed:\n{log}"
    # Each engine builds in its own folder: name it alike so the same warning reads the same.
    warnings = [w.replace(str(root), "<site>") for w in WARNING.findall(log)]
    return out, warnings


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _researcher_elements(html: bytes) -> list[str]:
    """The plugin's own output on a page: each outermost element with a ``researcher-*`` class."""
    soup = BeautifulSoup(html.decode("utf-8"), "html.parser")

    def ours(tag) -> bool:
        return any(name.startswith("researcher-") for name in tag.get("class") or ())

    found = []
    for tag in soup.find_all(ours):
        if not any(ours(parent) for parent in tag.parents if parent.name):
            found.append(str(tag))
    return found


def _compare(builds: dict[str, tuple[Path, list[str]]]) -> dict[str, bytes]:
    """Assert the two builds agree; return the MkDocs build's files."""
    (mk_out, mk_warnings), (pd_out, pd_warnings) = builds["mkdocs"], builds["properdocs"]
    mk, pd = _files(mk_out), _files(pd_out)
    assert sorted(pd) == sorted(mk)

    pages_with_ours = 0
    for name in mk:
        a, b = mk[name], pd[name]
        if name.endswith(".html"):
            ours_mk, ours_pd = _researcher_elements(a), _researcher_elements(b)
            assert ours_pd == ours_mk, f"{name}: the plugin's output differs between MkDocs and ProperDocs"
            pages_with_ours += bool(ours_mk)
            # The engine's name in the generator tag is the only other difference.
            a, b = GENERATOR.sub("", a.decode("utf-8")), GENERATOR.sub("", b.decode("utf-8"))
        elif name.endswith(".gz"):
            a, b = gzip.decompress(a), gzip.decompress(b)  # the gzip header holds a time
        assert a == b, f"{name} differs between MkDocs and ProperDocs"
    assert pages_with_ours, "no page has the plugin's output: did the plugin run?"

    # ProperDocs really built its copy, and ran this plugin.
    assert b"ProperDocs" in pd["index.html"] and b"ProperDocs" not in mk["index.html"]
    new = [w for w in pd_warnings if w not in mk_warnings]
    assert new == [], f"researcher warnings only ProperDocs logs: {new}"
    assert sorted(pd_warnings) == sorted(mk_warnings)
    return mk


def _copy_example_site(target: Path) -> Path:
    shutil.copytree(EXAMPLE_SITE, target, ignore=shutil.ignore_patterns(".cache", "screenshots", "__pycache__"))
    return target


def test_properdocs_finds_the_plugin_in_its_own_entry_point_group():
    from importlib.metadata import entry_points

    from properdocs.plugins import get_plugins

    ours = [ep for ep in entry_points(group="properdocs.plugins") if ep.name == "researcher"]
    assert [ep.value for ep in ours] == ["mkdocs_researcher.adapters.mkdocs:ResearcherPlugin"]
    assert get_plugins()["researcher"].value == "mkdocs_researcher.adapters.mkdocs:ResearcherPlugin"


@pytest.mark.slow  # both engines build in subprocesses
def test_the_example_site_builds_alike_with_properdocs(tmp_path):
    """The example site as it is: Material, mkdocs-static-i18n (English and Chinese), a hook, the plugin."""
    builds = {engine: _build(engine, _copy_example_site(tmp_path / engine)) for engine in ENGINES}
    files = _compare(builds)
    assert "zh/index.html" in files and "publications/cheng2025pipethreader/index.html" in files
    assert {"feed.xml", "resume.json", "publications.bib"} <= set(files)


BIB = """\
@inproceedings{cheng2025pipethreader,
  title = {{PipeThreader}: Software-Defined Pipelining for Efficient {DNN} Execution},
  author = {Cheng, Yu and Wang, Lei and M{\\"u}ller, J{\\"u}rgen},
  booktitle = {OSDI '25},
  year = 2025,
  month = jul,
  doi = {10.1145/3694715.3695961},
}

@article{cheng2024journal,
  title = {A Journal Paper},
  author = {Cheng, Yu},
  journal = tpami,
  year = 2024,
}
"""


@pytest.mark.slow  # both engines build in subprocesses
def test_a_small_site_builds_alike_with_properdocs(tmp_path):
    """A profile page, a .bib of two entries (one with an undefined @string, which warns), publication pages."""
    front = {
        "profile": {
            "name": "Yu Cheng",
            "native_name": "程羽",
            "position": "PhD student",
            "email": "yu@example.org",
            "affiliations": [{"name": "Peking University", "url": "https://www.pku.edu.cn/"}],
            "links": {"github": "octocat"},
        },
        "publications": "papers.bib",
        "news": [{"date": "2025-07-02", "text": "PipeThreader accepted at **OSDI**."}],
    }
    config = {
        "site_name": "Test",
        "site_url": "https://example.org/",
        "theme": {"name": "material"},
        "plugins": [
            "search",
            {"researcher": {"publication_pages": True, "feed": True}},
        ],
    }
    builds = {}
    for engine in ENGINES:
        root = tmp_path / engine
        (root / "docs").mkdir(parents=True)
        (root / "docs" / "index.md").write_text(page(front, "Bio.\n"), encoding="utf-8")
        (root / "docs" / "papers.bib").write_text(BIB, encoding="utf-8")
        (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
        builds[engine] = _build(engine, root)
    files = _compare(builds)
    assert {"publications/cheng2025pipethreader/index.html", "publications/cheng2024journal/index.html"} <= set(files)
    # The comparison of warnings is not an empty one: both engines log the undefined macro.
    assert any("tpami" in w for w in builds["mkdocs"][1]), builds["mkdocs"][1]
