"""What the old site has and the new one does not take: hidden pages, blog posts, data files no page uses, its
theme, images nothing converted refers to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...diagnostics import counted

if TYPE_CHECKING:
    from .importer import Importer

_THEME_DIRS = ("_layouts", "_includes", "_sass", "_plugins", "assets/css", "assets/js")
_USED_DATA = {"socials.yml", "venues.yml", "coauthors.yml", "cv.yml", "repositories.yml"}


def list_leftovers(importer: Importer) -> None:
    source, report = importer.source, importer.report
    posts = [p for p in (source.path / "_posts").rglob("*") if p.is_file()] if (source.path / "_posts").is_dir() else []
    if posts:
        report.lose(
            "_posts/",
            f"{counted(len(posts), 'blog post')}: this plugin has no blog "
            "(Material for MkDocs' blog plugin can take them)",
        )
    for page in importer.site.pages:
        if not page.shown and page.key != "404":  # Jekyll's page for a missing address: not content
            report.skip(page.where, f"a hidden page: {page.hidden_because}")
    for data in sorted((source.path / "_data").glob("*")) if (source.path / "_data").is_dir() else []:
        if data.is_file() and data.name not in _USED_DATA:
            report.lose(source.rel(data), "not used by this plugin")
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
        importer.report.lose(
            "assets/img/",
            f"{counted(len(unused), 'image')} no converted entry uses; copy the ones your text needs into docs/images/",
        )
