"""The news: al-folio's _news/ collection, on the pages that show it (the home page, with announcements enabled),
in each language of a multi-language site."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .assets import clean_liquid
from .dates import parse_date
from .languages import string, translated
from .samples import is_sample_text, is_sample_title

if TYPE_CHECKING:
    from .importer import Importer, NewPage


def read_news(importer: Importer) -> None:
    if not (importer.source.path / "_news").is_dir() or not importer.published("news"):
        return
    pages = importer.place("news", "_news/")
    if not pages:
        return
    languages = [importer.default_language, *importer.languages] if importer.languages else [None]
    for path, meta, body in importer.source.collection("_news"):
        where = importer.source.rel(path)
        date = parse_date(meta.get("date"))
        if date is None or date == "present":
            importer.report.lose(where, f"its date '{meta.get('date')}' is not a date; the item is left out")
            continue
        if is_sample_title(meta.get("title")) or is_sample_text(body):
            importer.report.skip(where, "al-folio's sample news")
            continue
        item_language = meta.get("lang") if meta.get("lang") in languages else None
        for language in languages:
            if item_language and language != item_language:
                continue
            text = _text(importer, meta, translated(importer, body, language, where), language, where)
            if text:
                first = language in (None, importer.default_language)
                targets = pages if first else _in(importer, pages, language)
                importer.add("news", {"date": date, "text": text}, targets, counted=first)
        importer.source.unused_keys(meta, {"date", "title", "lang"}, where)
    _marker(importer)


def _text(importer: Importer, meta: dict, body: str, language: str | None, where: str) -> str | None:
    """The item as the news list shows it: the text of an inline item, the title of one with a page of its own."""
    text = clean_liquid(importer, body, where).strip()
    title = str(meta.get("title") or "").strip()
    if title and language:
        title = string(importer, title, language) or title  # a key of _i18n/<lang>.yml (news.titles.x)
    if title and (meta.get("inline") is False or not text):
        if text and language in (None, importer.default_language):
            importer.report.lose(
                f"{where}: body", "the full text of a news post (its own page in al-folio); only its title is shown"
            )
        text = title
    if not text:
        importer.report.lose(where, "no text; the item is left out")
    return text or None


def _in(importer: Importer, pages: list[NewPage], language: str) -> list[NewPage]:
    return [importer.page_for(page.old, language) for page in pages if page.old is not None]


def _marker(importer: Importer) -> None:
    """The home page shows news where al-folio's about page does: before the selected papers, as many as its
    announcements' limit."""
    home = importer.site.home
    about = home.meta if home else {}
    announcements = about.get("announcements") if isinstance(about.get("announcements"), dict) else {}
    limit = announcements.get("limit")
    marker = f"<!-- researcher news limit={limit} -->" if isinstance(limit, int) else "<!-- researcher news -->"
    for page in importer.pages.values():
        if page.name == "index" and page.sections.get("news"):
            page.markers.insert(0, marker)
