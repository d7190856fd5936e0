"""`mkdocs-researcher generate`: what spans pages, written into docs/ for engines without plugins (Zensical).

Under MkDocs the plugin adds publication pages, their .bib files, each page's
publications.bib, the feed, the résumé and its stylesheet and script to the
build itself. An engine that
runs no plugins copies what docs/ holds, so this command writes the same files
there before the build, and lists them in docs/.researcher-generated: the next
run (and any build) replaces them rather than taking them for the site's own.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..render.environment import ASSET_DIR, ASSETS, asset_text
from ..site.files import GENERATED_LIST, files_in, generated_before
from . import site_config

_LIST_HEADER = "# Written by `mkdocs-researcher generate`; made anew by each run. Do not edit.\n"


def generate(config_path: Path) -> list[str]:
    """Write the site-wide files into the site's docs folder; their paths inside it."""
    site = site_config.site_of(config_path, lambda problem: print(problem, file=sys.stderr))
    docs = site.engine.docs_dir
    for src_uri in sorted(generated_before(docs)):
        (docs / src_uri).unlink(missing_ok=True)
    result = site.scan(files_in(docs, site.engine.use_directory_urls), publishes=True)
    for name in ASSETS:  # the engine links them from extra_css and extra_javascript (see the scaffold's mkdocs.yml)
        result.generated[f"{ASSET_DIR}/{name}"] = asset_text(name)
    for src_uri, text in sorted(result.generated.items()):
        target = docs / src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    written = sorted(result.generated)
    (docs / GENERATED_LIST).write_text(_LIST_HEADER + "".join(f"{uri}\n" for uri in written), encoding="utf-8")
    site.end_build()
    return written
