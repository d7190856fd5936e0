"""The projects: al-folio's _projects/ collection (a titled project keeps its own page) and the GitHub
repositories of _data/repositories.yml."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from .assets import clean_liquid, copy_asset, from_data
from .markup import link_text
from .samples import is_sample_text, is_sample_title

if TYPE_CHECKING:
    from .importer import Importer


def read_projects(importer: Importer) -> None:
    if not (importer.source.path / "_projects").is_dir() or not importer.published("projects"):
        return
    pages = importer.place("projects", "_projects/")
    if not pages:
        return
    own_pages = importer.site.has_own_pages("projects")
    entries = importer.source.collection("_projects")
    entries.sort(
        key=lambda item: (
            item[1].get("importance") if isinstance(item[1].get("importance"), (int, float)) else 1e9,
            item[0].name,
        )
    )
    for path, meta, body in entries:
        where = importer.source.rel(path)
        if is_sample_title(meta.get("title")):
            importer.report.skip(where, "al-folio's sample project")
            continue
        if is_sample_text(body):
            importer.report.skip(f"{where}: text", "al-folio's sample project page")
            body = ""
        text = clean_liquid(importer, body, where, page_dir="projects").strip()
        project = {"name": str(meta.get("title") or "").strip()}
        if not project["name"]:
            # The seed's style: no title, the body starts with "[Name](url): what it is".
            project["name"], url = link_text(text.split("\n", 1)[0])
            project["name"] = project["name"] if url else project["name"].split(":", 1)[0].strip()
            # "[Name](url): what it is" -> the card's name links to url; the description says what it is
            rest = re.sub(r"^\s*\[[^\]]+\]\([^)]*\)\s*[:,-]?\s*", "", text, count=1) if url else text
            project["url"], project["description"] = url, (rest[:1].upper() + rest[1:]) if rest else None
            if not project["name"]:
                importer.report.lose(where, "neither a title nor any text; left out")
                continue
        else:
            project["description"] = str(meta.get("description") or "").strip() or None
            project["url"] = meta.get("redirect") if isinstance(meta.get("redirect"), str) else None
            if text and not project["url"]:
                if own_pages:
                    project["url"] = from_data(_project_page(importer, path, project["name"], text))
                else:
                    importer.report.skip(
                        f"{where}: text", "_config.yml gives projects no pages of their own (output: false)"
                    )
        _project_extras(importer, project, meta, where)
        importer.add("projects", project, pages)
        importer.source.unused_keys(
            meta,
            {"title", "description", "img", "image", "github", "category", "redirect", "related_publications"},
            where,
        )


def _project_extras(importer: Importer, project: dict, meta: dict, where: str) -> None:
    image = copy_asset(importer, meta.get("img") or meta.get("image"), f"{where}: img", "image")
    project["image"] = from_data(image)
    # GitHub owner/name: the github field (a name or a URL), else a project URL on github.com
    for value in (meta.get("github"), project.get("url")):
        found = re.fullmatch(
            r"(?:(?:https?://)?(?:www\.)?github\.com/)?([\w.-]+/[\w.-]+?)(?:\.git)?/?", str(value or "").strip()
        )
        if found and (value == meta.get("github") or "github.com" in str(value)):
            project["repo"] = found.group(1)
            break
    if isinstance(meta.get("category"), str):
        project["group"] = meta["category"].strip().capitalize()
    if meta.get("related_publications"):
        importer.report.lose(
            f"{where}: related_publications",
            "al-folio lists the papers a project page cites; link them in the text instead",
        )


def _project_page(importer: Importer, path: Path, name: str, text: str) -> str:
    """A titled project's own page (its al-folio page) as docs/projects/<file>.md, linked from its card."""
    page = importer.new_page(f"projects/{path.stem}", name, None)
    page.body = text
    importer.report.count("project pages", 1, "docs/projects/: linked from the project cards")
    return page.file


def read_repositories(importer: Importer) -> None:
    path = importer.source.path / "_data" / "repositories.yml"
    if not path.is_file():
        return
    pages = importer.place("repositories", "_data/repositories.yml")
    data = importer.source.read_yaml_file(path) if pages else None
    if not isinstance(data, dict):
        return
    for repo in data.get("github_repos") or []:
        if isinstance(repo, str) and re.fullmatch(r"[\w.-]+/[\w.-]+", repo.strip()):
            importer.add("projects", {"name": repo.split("/")[1], "repo": repo.strip()}, pages)
    if data.get("github_users"):
        importer.report.lose(
            "_data/repositories.yml: github_users", "GitHub user cards; your own account is a profile link"
        )
