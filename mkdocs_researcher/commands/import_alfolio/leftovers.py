"""What the old site has and the new one does not take: blog posts, other pages, data files, its theme, images."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .importer import Importer

_THEME_DIRS = ("_layouts", "_includes", "_sass", "_plugins", "assets/css", "assets/js")
_HANDLED_PAGES = {"about", "publications", "projects", "cv", "teaching", "news", "404", "dropdown", "repositories"}


def list_leftovers(importer: Importer) -> None:
    source, report = importer.source, importer.report
    posts = [p for p in (source.path / "_posts").glob("*") if p.is_file()] if (source.path / "_posts").is_dir() else []
    if posts:
        report.skip(
            "_posts/",
            f"{len(posts)} blog post(s): this plugin has no blog (Material for MkDocs' blog plugin can take them)",
        )
    for page in sorted((source.path / "_pages").glob("*")) if (source.path / "_pages").is_dir() else []:
        stem = page.stem.split(".")[0]
        if page.is_file() and stem not in _HANDLED_PAGES:
            report.skip(source.rel(page), "a page of its own; copy its text into docs/ if you want it")
    used = {"socials.yml", "venues.yml", "coauthors.yml", "cv.yml", "repositories.yml"}
    for data in sorted((source.path / "_data").glob("*")) if (source.path / "_data").is_dir() else []:
        if data.is_file() and data.name not in used:
            report.skip(source.rel(data), "not used by this plugin")
    theme = [d for d in _THEME_DIRS if (source.path / d).exists()]
    if theme:
        report.skip(", ".join(theme), "al-folio's theme; Material for MkDocs takes its place")
    _unused_images(importer)


def _unused_images(importer: Importer) -> None:
    images = importer.source.path / "assets" / "img"
    if not images.is_dir() or importer.source.checked(images) is None:
        return
    copied = set(importer.copied)
    unused = [p for p in images.rglob("*") if p.is_file() and str(p.resolve()) not in copied]
    if unused:
        importer.report.skip(
            "assets/img/",
            f"{len(unused)} image(s) no converted entry uses; copy the ones your text needs into docs/images/",
        )
