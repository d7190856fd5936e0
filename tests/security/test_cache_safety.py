"""The cache folder beside mkdocs.yml is data: a crafted one runs no code, a corrupt one costs one
warning and a rebuilt entry, stale files are pruned, `mkdocs serve` keeps memory flat, and no input
of a page's HTML can leave a cached page stale."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import jinja2
import pytest
import yaml
from conftest import bounded_call, collecting_warnings, needs_fork, page
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort

from mkdocs_researcher import __version__
from mkdocs_researcher.cache.keys import package_files
from mkdocs_researcher.cache.store import CacheStore
from mkdocs_researcher.render.environment import Renderer, theme_dir

BIB = r"""@article{first2024,
  title={First {GPU} Paper},
  author={Cheng, Yu and M{\"u}ller, J{\"u}rgen and Wang, Lei},
  journal={Journal of Tests},
  year={2024}
}

@inproceedings{second2023,
  title={Second Paper},
  author={Cheng, Yu},
  booktitle={Conference of Tests},
  year={2023}
}
"""
INDEX = page({"publications": ["papers.bib"]}, "# Papers\n\n<!-- researcher publications -->\n")
CACHE_WARNING = "cache file"  # in the one warning a build gives for the cache files it could not use


def new_process():
    """MkDocs keeps plugins with on_startup for the life of the process: start from none, as a new
    `mkdocs build` does."""
    dict(MkDocsConfig._schema)["plugins"].plugin_cache.clear()


def rebuild(result, *, fresh=True, strict=False):
    """Build again: as a new process, or (``fresh=False``) with the plugin instance kept, as `mkdocs serve` does."""
    if fresh:
        new_process()
    with collecting_warnings() as messages:
        config = load_config(str(result.site.parent / "mkdocs.yml"), strict=strict)
        build(config)
    return [w for w in messages if w.startswith("researcher: ")]


def cache_of(result) -> Path:
    return result.site.parent / ".cache" / "researcher"


def cache_files(result) -> list[Path]:
    return sorted(p for p in cache_of(result).rglob("*") if p.is_file())


@pytest.fixture
def renders(monkeypatch):
    seen: list[str] = []
    for method in ("render", "render_long"):
        original = getattr(Renderer, method)
        monkeypatch.setattr(
            Renderer,
            method,
            lambda self, template, *a, original=original, **kw: (
                seen.append(template) or original(self, template, *a, **kw)
            ),
        )
    return seen


@pytest.fixture
def site(build_site):
    new_process()
    return build_site({"index.md": INDEX, "about.md": "# About\n", "papers.bib": BIB})


# Crafted files ---------------------------------------------------------------------------------


class _Payload:
    """Unpickling this creates the marker file: what a crafted cache folder would do with a shell command."""

    def __init__(self, marker: Path):
        self.marker = str(marker)

    def __reduce__(self):
        return open, (self.marker, "w")


def earlier_cache_paths(result) -> list[Path]:
    """Where the pickle-based cache looked: the page's file by its slot, the parsed .bib's by its key."""
    cache = cache_of(result)
    slot = "en  docs/index.md"  # language, page URL, source name
    held = hashlib.sha256((result.docs / "papers.bib").read_bytes()).hexdigest()
    key = hashlib.sha256(
        "\0".join([__version__, repr(package_files()), "docs/papers.bib", "assets/pdf/", held]).encode()
    ).hexdigest()
    return [cache / "pages" / (hashlib.sha256(slot.encode()).hexdigest()[:32] + ".pickle"), cache / f"{key}.pickle"]


def test_a_pickle_in_the_cache_folder_runs_nothing(site, tmp_path):
    marker = tmp_path / "code-ran"
    payload = pickle.dumps(_Payload(marker))
    # Where the earlier format looked, and in place of every file this one wrote.
    for path in earlier_cache_paths(site) + cache_files(site):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(payload)
    rebuild(site)  # the page's cache is read
    assert not marker.exists()
    (site.docs / "index.md").write_text(INDEX + "\nEdited.\n", encoding="utf-8")
    rebuild(site)  # the page renders again: the parsed .bib's cache is read
    assert not marker.exists()
    assert [t.get_text() for t in site.html().select(".researcher-publication__title")] == [
        "First GPU Paper",
        "Second Paper",
    ]


def test_compiled_templates_in_the_cache_folder_are_never_loaded(site, tmp_path):
    marker = tmp_path / "code-ran"
    folder = cache_of(site) / "templates"  # where Jinja's compiled templates were kept
    folder.mkdir(parents=True, exist_ok=True)
    loader, bytecode_cache = jinja2.FileSystemLoader([str(theme_dir())]), jinja2.FileSystemBytecodeCache(str(folder))
    for template in (theme_dir() / "researcher").glob("*.html"):
        name = f"researcher/{template.name}"
        _, filename, _ = loader.get_source(jinja2.Environment(), name)
        # Jinja reads a pickled checksum after its magic header, then the compiled code.
        (folder / f"__jinja2_{bytecode_cache.get_cache_key(name, filename)}.cache").write_bytes(
            jinja2.bccache.bc_magic + pickle.dumps(_Payload(marker))
        )
    (site.docs / "index.md").write_text(INDEX + "\nEdited.\n", encoding="utf-8")
    rebuild(site)  # the page renders: its templates are loaded
    assert not marker.exists()
    assert len(site.html().select(".researcher-publication")) == 2


# Corrupt files ---------------------------------------------------------------------------------


def _strings_as_numbers(value):
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return [_strings_as_numbers(item) for item in value]
    return value


def truncated(raw: bytes) -> bytes:
    return raw[: len(raw) // 2]


def garbage(raw: bytes) -> bytes:
    return b"\x80\x00not a cache file\xff" * 20


def wrong_shape(raw: bytes) -> bytes:
    """The right format and key, so the file is read; values of the wrong type inside."""
    head, _, body = raw.partition(b"\n")
    record = json.loads(head)
    record["data"] = _strings_as_numbers(record["data"])
    return json.dumps(record).encode() + b"\n" + body


def huge_text_length(raw: bytes) -> bytes:
    """The right format and key; a text said to be longer than any memory: reading it at its word failed with a
    MemoryError (not a miss), or took that much memory for a moment."""
    head, _, body = raw.partition(b"\n")
    record = json.loads(head)
    record["texts"] = [*record["texts"], 10**15]
    return json.dumps(record).encode() + b"\n" + body


@pytest.mark.parametrize("corrupt", [truncated, garbage, wrong_shape, huge_text_length])
def test_a_corrupt_cache_gives_one_warning_and_the_right_page(site, renders, corrupt):
    before = site.text()
    for path in cache_files(site):  # the parsed .bib, and the two pages
        path.write_bytes(corrupt(path.read_bytes()))
    warnings = rebuild(site)
    assert len(warnings) == 1 and CACHE_WARNING in warnings[0], warnings  # one for the build, not one per file
    assert "publications.html" in renders
    assert site.text() == before
    renders.clear()
    assert rebuild(site) == []  # every entry was written again
    assert renders == []


def citations_as_numbers(raw: bytes) -> bytes:
    """The right format and key; each formatted citation a number in place of its HTML."""
    head, _, body = raw.partition(b"\n")
    record = json.loads(head)
    for formatted in record["data"][1][2].values():
        formatted[0] = _strings_as_numbers(formatted[0])
    return json.dumps(record).encode() + b"\n" + body


@pytest.mark.parametrize("corrupt", [truncated, garbage, citations_as_numbers])
def test_a_corrupt_citations_file_gives_one_warning_and_the_right_page_and_a_page_citing_no_more_drops_it(
    build_site, corrupt
):
    new_process()
    body = "# Cited\n\nAs @first2024 shows [@second2023, p. 3], and [@missing2020].\n"
    plugins = [{"researcher": {"bibliography": ["docs/papers.bib"], "csl_style": "ieee"}}]
    result = build_site({"index.md": body, "papers.bib": BIB}, plugins=plugins)
    before = result.text()
    [kept] = (cache_of(result) / "citations").glob("*.json")
    kept.write_bytes(corrupt(kept.read_bytes()))
    warnings = rebuild(result)
    assert len(warnings) == 2 and CACHE_WARNING in warnings[1] and "missing2020" in warnings[0], warnings
    assert result.text() == before
    assert rebuild(result) == warnings[:1]  # written again
    (result.docs / "index.md").write_text("# Cited\n\nNothing.\n", encoding="utf-8")
    rebuild(result)
    assert not list((cache_of(result) / "citations").glob("*"))


@needs_fork
def test_cache_files_that_are_no_regular_files_are_not_read(site):
    """A link to /dev/zero would be read without end, a pipe would never open: both are misses, told once."""
    before = site.text()
    files = cache_files(site)  # the parsed .bib, and the two pages
    for number, path in enumerate(files):
        path.unlink()
        if number % 2:
            os.mkfifo(path)
        else:
            path.symlink_to("/dev/zero")
    warnings = bounded_call(rebuild, site)
    assert len(warnings) == 1 and CACHE_WARNING in warnings[0], warnings
    assert site.text() == before
    assert [path.is_file() and not path.is_symlink() for path in cache_files(site)] == [True] * len(files)


def test_strict_counts_the_warning_of_a_corrupt_cache(site):
    for path in cache_files(site):
        path.write_bytes(b"{")
    with pytest.raises(Abort):
        rebuild(site, strict=True)


def test_parsed_entries_come_back_from_their_file_as_they_were(tmp_path):
    from mkdocs_researcher.cache.bibliographies import ParsedFiles
    from mkdocs_researcher.diagnostics import Reporter
    from mkdocs_researcher.sources.bibtex import read_bibtex

    found = []
    details = (  # every field of a publication that is not in BIB: volume, issue, pages, editors…
        "@book{third2022,\n  title={Third}, author={Cheng, Yu}, editor={Lee, Ann and Park, Bo}, volume={2},\n"
        "  number={3}, pages={1--10}, publisher={ACM}, edition={2nd}, series={LNCS}, isbn={978-3}, issn={1234},\n}\n"
    )
    entries = read_bibtex(
        BIB + details + "\n@article{nocomma2020\n  title={X},\n}\n",
        Reporter("docs/papers.bib", {}, found),
        assets_prefix="assets/pdf/",
    )
    for entry in entries:
        entry.origin = (entry.key,)
    assert entries and found
    third = next(entry for entry in entries if entry.key == "third2022")
    assert (third.pages, third.isbn, [a.family for a in third.editors]) == ("1\u201310", "978-3", ["Lee", "Park"])
    ParsedFiles(CacheStore(tmp_path)).put("docs/papers.bib", "0" * 64, "assets/pdf/", (), (entries, found))
    store = CacheStore(tmp_path)
    again = ParsedFiles(store).get("docs/papers.bib", "0" * 64, "assets/pdf/", ())  # a new process: from the file alone
    assert again == (entries, found) and store.problems == []
    assert type(again[0][0].origin) is tuple


# Pruning ---------------------------------------------------------------------------------------


def parsed_files(result) -> list[str]:
    return sorted(p.name for p in cache_of(result).glob("*") if p.is_file())


def page_files(result) -> list[str]:
    return sorted(p.name for p in (cache_of(result) / "pages").glob("*"))


def test_stale_cache_files_are_pruned_and_nothing_else(site):
    old_parsed, old_pages = parsed_files(site), page_files(site)
    assert len(old_parsed) == 1 and len(old_pages) == 2  # the .bib's entries
    unrelated = cache_of(site) / "notes.txt"
    unrelated.write_text("not the cache's to remove")
    leftover = cache_of(site) / ("0" * 64 + ".pickle")  # an earlier version's file
    leftover.write_bytes(b"old")
    (site.docs / "papers.bib").write_text(BIB.replace("Second Paper", "Second Paper, Revised"), encoding="utf-8")
    rebuild(site)
    parsed = [name for name in parsed_files(site) if name != "notes.txt"]
    assert len(parsed) == 1 and not set(parsed) & set(old_parsed)  # the edited file's entries
    assert unrelated.exists() and not leftover.exists()
    (site.docs / "about.md").unlink()
    rebuild(site, fresh=False)  # under serve too
    assert len(page_files(site)) == 1


def test_no_language_prunes_what_another_language_of_the_build_uses(build_site, renders):
    """mkdocs-static-i18n builds each other language inside the first one's build, in the same process."""
    languages = [
        {"locale": "en", "default": True, "name": "English", "build": True},
        {"locale": "zh", "name": "中文", "build": True},
    ]
    new_process()
    result = build_site(
        {"index.md": INDEX, "index.zh.md": INDEX, "papers.bib": BIB},
        plugins=[{"i18n": {"docs_structure": "suffix", "languages": languages}}, "researcher"],
    )
    assert result.html("zh/index.html").select(".researcher-publication")
    first = page_files(result)
    assert len(first) == 2  # one page in each language
    renders.clear()
    rebuild(result)
    assert renders == [] and page_files(result) == first


# Memory under serve ----------------------------------------------------------------------------


def resident_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE).group(1)) / 1024


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the resident set size from /proc")
def test_mkdocs_serve_keeps_memory_flat_while_the_bib_is_edited(tmp_path):
    """The real `mkdocs serve` on a new site: each .bib edit rebuilds, and after warm-up 60 edits grow the
    process by at most 15 MB (it grew by 0.6 MB an edit while each build froze the last one's garbage)."""
    from mkdocs_researcher.commands import cli

    site = tmp_path / "site"
    assert cli.main(["new", str(site)]) == 0
    (site / "researcher-counts.yml").write_text("{}\n", encoding="utf-8")  # as the site's workflow writes it
    bib = site / "docs" / "papers.bib"
    original = bib.read_text(encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    log: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [log.put(line) for line in server.stderr], daemon=True).start()

    def wait_for(message: str) -> None:
        deadline = time.monotonic() + 60
        while (line := log.get(timeout=max(deadline - time.monotonic(), 0))) and message not in line:
            assert "Traceback" not in line and "ERROR" not in line, line

    def edit(number: int) -> None:
        bib.write_text(original.replace("title={", f"title={{Edit {number}: ", 1), encoding="utf-8")
        wait_for("Reloading browsers")  # logged once the rebuild is done

    try:
        wait_for("Serving on")
        for number in range(10):  # what a rebuild holds at its peak is reached once
            edit(number)
        start = resident_mb(server.pid)
        for number in range(10, 70):
            edit(number)
        grown = resident_mb(server.pid) - start
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/publications/", timeout=30) as response:
            assert "Edit 69: " in response.read().decode("utf-8")  # the last edit was built and is served
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert grown <= 15, f"the serving process grew by {grown:.1f} MB over 60 edits"


# Inputs outside the page's file ----------------------------------------------------------------


def test_an_edited_meta_yml_changes_the_cached_page(build_site):
    """Material's meta plugin merges .meta.yml into each page's front matter."""
    new_process()
    meta = {"profile": {"name": "Ada Lovelace", "position": "Analyst"}}
    result = build_site({"index.md": "# Home\n", ".meta.yml": yaml.safe_dump(meta)}, plugins=["meta", "researcher"])
    assert "Analyst" in result.text()
    meta["profile"]["position"] = "Countess"
    (result.docs / ".meta.yml").write_text(yaml.safe_dump(meta), encoding="utf-8")
    rebuild(result)
    assert "Countess" in result.text() and "Analyst" not in result.text()


def test_an_edited_snippet_changes_the_cached_page(build_site):
    """pymdownx.snippets reads a file into a Markdown field of the front matter."""
    new_process()
    index = page({"projects": [{"name": "TileLang", "description": '--8<-- "blurb.md"'}]})
    result = build_site(
        {"index.md": index, "blurb.md": "The first blurb.\n"},
        plugins=["researcher"],
        markdown_extensions=["pymdownx.snippets"],
    )
    settings = yaml.safe_load((result.site.parent / "mkdocs.yml").read_text())
    settings["markdown_extensions"] = [{"pymdownx.snippets": {"base_path": [str(result.docs)]}}]
    (result.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))
    rebuild(result)
    assert "The first blurb." in result.text()
    (result.docs / "blurb.md").write_text("The second blurb.\n", encoding="utf-8")
    rebuild(result)
    assert "The second blurb." in result.text()


def test_pages_that_convert_no_markdown_are_cached_with_snippets_on(site, renders):
    """The rule costs nothing to a list read from a .bib: its entries are never Markdown."""
    settings = yaml.safe_load((site.site.parent / "mkdocs.yml").read_text())
    settings["markdown_extensions"] = ["pymdownx.snippets"]
    (site.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))
    rebuild(site)
    assert "publications.html" in renders
    renders.clear()
    rebuild(site)
    assert renders == []


PARTIAL = "partials/researcher-note.html"
PUBLICATIONS = (
    "{% include '"
    + PARTIAL
    + "' ignore missing %}<ol>{% for pub in publications %}<li>{{ pub.title }}</li>{% endfor %}</ol>\n"
)


def edit_the_partial(overrides: Path) -> None:
    (overrides / PARTIAL).write_text("<p class='note'>Second note</p>", encoding="utf-8")


def remove_the_partial(overrides: Path) -> None:
    (overrides / PARTIAL).unlink()


@pytest.mark.parametrize("change", [edit_the_partial, remove_the_partial])
def test_a_changed_partial_of_a_custom_template_changes_the_cached_page(site, change):
    overrides = site.site.parent / "overrides"
    (overrides / "researcher").mkdir(parents=True)
    (overrides / "partials").mkdir()
    (overrides / "researcher" / "publications.html").write_text(PUBLICATIONS, encoding="utf-8")
    (overrides / PARTIAL).write_text("<p class='note'>First note</p>", encoding="utf-8")
    settings = yaml.safe_load((site.site.parent / "mkdocs.yml").read_text())
    settings["theme"]["custom_dir"] = "overrides"
    (site.site.parent / "mkdocs.yml").write_text(yaml.safe_dump(settings))
    rebuild(site)
    assert "First note" in site.text()
    change(overrides)
    rebuild(site)
    assert "First note" not in site.text()
