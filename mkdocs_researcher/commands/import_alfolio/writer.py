"""The new site's files: docs/data/profile.yml, docs/index.md, docs/publications.md, mkdocs.yml, and the scaffold's
.gitignore and publishing workflow."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from ...render.environment import ASSET_DIR
from .. import new as scaffold
from .markup import strip_tags

if TYPE_CHECKING:
    from .importer import Importer

DATA_FILE = "docs/data/profile.yml"


def prune(value):
    """Drop empty values, so the data file shows only what the old site had."""
    if isinstance(value, dict):
        pruned = {k: prune(v) for k, v in value.items()}
        return {k: v for k, v in pruned.items() if v not in (None, "", [], {})}
    if isinstance(value, list):
        return [v for v in (prune(v) for v in value) if v not in (None, "", [], {})]
    return value


def write(importer: Importer) -> None:
    docs = importer.out / "docs"
    (docs / "data").mkdir(parents=True, exist_ok=True)
    _write_data(importer, importer.out / DATA_FILE)
    _write_index(importer, docs / "index.md")
    if "bibliography" in importer.options:
        (docs / "publications.md").write_text(
            "# Publications\n\nAll publications, newest first.\n\n"
            "<!-- researcher publications group_by=year heading=none -->\n",
            encoding="utf-8",
        )
    _write_mkdocs_yml(importer)
    # The scaffold's site files but its pages: the theme (custom_dir), the ignore list and the workflow.
    for template, target in (
        ("gitignore", ".gitignore"),
        ("site-workflow.yml", ".github/workflows/site.yml"),
        ("main.html", "overrides/main.html"),
    ):
        (importer.out / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(scaffold.TEMPLATES / template, importer.out / target)


def _write_data(importer: Importer, path: Path) -> None:
    order = (
        "name",
        "native_name",
        "pronouns",
        "photo",
        "position",
        "affiliations",
        "email",
        "interests",
        "aliases",
        "links",
    )
    data = {"profile": prune({key: importer.profile.get(key) for key in order})}
    for kind in ("news", "projects", "experience", "education", "teaching", "awards", "skills"):
        if importer.sections.get(kind):
            data[kind] = importer.sections[kind]
    header = (
        f"# Imported from the al-folio site in {importer.source.path.name}/ by `mkdocs-researcher import-alfolio`.\n"
        "# The fields are those of mkdocs-researcher's front matter (see its README); "
        "paths are relative to this file.\n"
    )
    path.write_text(header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")


def _write_index(importer: Importer, path: Path) -> None:
    meta = {"title": importer.profile["name"], "hide": ["navigation"], "data": "data/profile.yml"}
    parts = [importer.body] if importer.body else []
    parts += importer.markers
    path.write_text(
        "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n\n" + "\n\n".join(parts) + "\n",
        encoding="utf-8",
    )


def _write_mkdocs_yml(importer: Importer) -> None:
    template = (
        (scaffold.TEMPLATES / "mkdocs.yml")
        .read_text(encoding="utf-8")
        .replace("@NAME@", "x")
        .replace("@DESCRIPTION@", "x")
    )
    theme = yaml.safe_load(template)["theme"]
    settings = {"site_name": importer.profile["name"]}
    description = importer.config.get("description")
    if isinstance(description, str) and strip_tags(description):
        settings["site_description"] = strip_tags(description)
    if importer.site_url:
        settings["site_url"] = importer.site_url
    settings.update(
        {
            "theme": theme,
            # The form every engine reads (see the scaffold's mkdocs.yml): the options on the Markdown extension.
            "plugins": ["search", "researcher"],
            "markdown_extensions": [
                "attr_list",
                "md_in_html",
                {"toc": {"permalink": True}},
                {"mkdocs_researcher": importer.options},
            ],
            "extra_css": [f"{ASSET_DIR}/researcher.css"],
            "extra_javascript": [f"{ASSET_DIR}/researcher.js"],
            "exclude_docs": "/papers.bib\n/data/\n",  # read, not published (Zensical needs this; MkDocs' plugin knows)
            "nav": importer.nav,
        }
    )
    header = (
        "# Imported from al-folio by `mkdocs-researcher import-alfolio`. Preview with: mkdocs serve\n"
        "# (Zensical: mkdocs-researcher generate && zensical serve)\n"
    )
    (importer.out / "mkdocs.yml").write_text(
        header + yaml.safe_dump(settings, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
