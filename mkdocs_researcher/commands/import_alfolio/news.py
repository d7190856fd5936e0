"""The news: al-folio's _news/ collection, shown on the home page when the about page shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .assets import clean_liquid
from .dates import parse_date

if TYPE_CHECKING:
    from .importer import Importer


def read_news(importer: Importer) -> None:
    for path, meta, body in importer.source.collection("_news"):
        where = importer.source.rel(path)
        date = parse_date(meta.get("date"))
        if date is None or date == "present":
            importer.report.skip(where, f"its date '{meta.get('date')}' is not a date; the item is left out")
            continue
        text = clean_liquid(importer, body, where).strip()
        title = str(meta.get("title") or "").strip()
        if title and (meta.get("inline") is False or not text):
            if text:
                importer.report.skip(
                    f"{where}: body",
                    "the full text of a news post (its own page in al-folio); only its title is shown",
                )
            text = title
        if not text:
            importer.report.skip(where, "no text; the item is left out")
            continue
        importer.add("news", {"date": date, "text": text})
        importer.source.unused_keys(meta, {"date", "title"}, where)
    about = importer.about_meta
    limit = (about.get("announcements") or {}).get("limit") if isinstance(about.get("announcements"), dict) else None
    if importer.sections.get("news") and _news_on_home(about):
        importer.markers.insert(
            0, f"<!-- researcher news limit={limit} -->" if isinstance(limit, int) else "<!-- researcher news -->"
        )


def _news_on_home(about: dict) -> bool:
    announcements = about.get("announcements")
    return bool(about.get("news")) or (isinstance(announcements, dict) and bool(announcements.get("enabled")))
