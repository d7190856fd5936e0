"""`mkdocs-researcher generate`: what spans pages, written into docs/ for engines without plugins (Zensical).

Under MkDocs the plugin adds publication pages, their .bib files, each page's
publications.bib, the feed, the résumé, each CV page's cv.pdf and cv.yaml, and its stylesheet and script to
the build itself. An engine that
runs no plugins copies what docs/ holds, so this command writes the same files
there before the build, and lists them in docs/.researcher-generated, each with
the hash of what it wrote: the next run (and any build) replaces them rather
than taking them for the site's own.

The owner's files are never touched: a name the site's own file has is refused
by the site (site/core.py), and a listed file is replaced or deleted only while
it still holds what a run wrote — one the owner edited is theirs from then on.
The list is written before the files, naming what is there and what is about
to be, so a run cut short (a crash, a full disk) leaves no file the next run
would take for the owner's; each file is written whole or not at all.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

from ..render.environment import ASSET_DIR, ASSETS, asset_text
from ..site.files import GENERATED_LIST, files_in, generated_before, generated_list, written_hash
from . import site_config

_LIST_HEADER = "# Written by `mkdocs-researcher generate`: hash and path of each file it wrote. Do not edit.\n"


def generate(config_path: Path) -> list[str]:
    """Write the site-wide files into the site's docs folder; their paths inside it."""
    site = site_config.site_of(config_path, lambda problem: print(problem, file=sys.stderr))
    # The engine copies docs/ as it lies: what a page links beside it (cv.pdf, cv.yaml) is written here.
    site.engine = dataclasses.replace(site.engine, writes_files=True)
    docs = site.engine.docs_dir
    listed = generated_list(docs)
    for src_uri in {GENERATED_LIST} | {src_uri for src_uri, _ in listed}:
        _partial(docs / src_uri).unlink(missing_ok=True)  # left by a run cut short
    ours = generated_before(docs)
    result = site.scan(files_in(docs, site.engine.use_directory_urls), publishes=True)
    for name in ASSETS:  # the engine links them from extra_css and extra_javascript (see the scaffold's mkdocs.yml)
        src_uri = f"{ASSET_DIR}/{name}"
        if not site.keeps_owners_file(src_uri, f"mkdocs-researcher's {name}"):
            result.generated[src_uri] = asset_text(name)
    outputs = {src_uri: text.encode("utf-8") for src_uri, text in sorted(result.generated.items())}
    for path, content in sorted(site.cv_files().items()):
        outputs[path] = content if isinstance(content, bytes) else content.encode("utf-8")
    written = {(src_uri, written_hash(data)) for src_uri, data in outputs.items()}
    _write_list(docs, {entry for entry in listed if entry[0] in ours} | written)
    for src_uri, data in outputs.items():
        _write(docs / src_uri, data)
    for src_uri in sorted(generated_before(docs) - outputs.keys()):  # what this run no longer makes
        (docs / src_uri).unlink(missing_ok=True)
    _write_list(docs, written)
    site.end_build()
    return sorted(outputs)


def _write_list(docs: Path, entries: set[tuple[str, str]]) -> None:
    lines = [f"{digest} {src_uri}\n" for src_uri, digest in sorted(entries)]
    _write(docs / GENERATED_LIST, (_LIST_HEADER + "".join(lines)).encode("utf-8"))


def _write(target: Path, data: bytes) -> None:
    """Whole or not at all: a file cut short would hold neither what a run wrote nor what the owner did."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = _partial(target)
    partial.write_bytes(data)
    os.replace(partial, target)


def _partial(target: Path) -> Path:
    """Where a file is written before it takes its name: hidden, which every engine leaves out."""
    return target.with_name(f".{target.name}.researcher-partial")
