"""An Atom feed (RFC 4287) of publications and news.

Written with the standard library's ElementTree rather than feedgen: it adds
no dependency, and its output depends only on the input. feedgen stamps the
feed with the wall clock and a generator version, so two builds of the same
site would differ. Here the feed's ``updated`` is the newest item's date,
never the time of the build, and elements come in a fixed order.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.records import PartialDate, Publication
from ..model.urls import absolute_url, is_absolute_http, pub_anchor
from .citation import abstract_text, publication_date

ATOM = "http://www.w3.org/2005/Atom"

# Characters XML 1.0 cannot contain at all, not even escaped; ElementTree would write them anyway.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ISO_DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")


@dataclass(frozen=True)
class FeedItem:
    id: str  # a permanent IRI: an absolute URL or a tag: URI
    title: str
    url: str | None  # the item's page; made absolute against the site URL
    updated: str  # ISO date (YYYY, YYYY-MM, YYYY-MM-DD) or an RFC 3339 date-time
    summary: str | None = None  # plain text
    kind: str = "publication"  # "publication" or "news", the entry's category


def _timestamp(date: str) -> str:
    """An ISO date as the RFC 3339 date-time Atom requires (midnight UTC); a date-time is kept as it is."""
    if not _ISO_DATE.match(date):
        return date
    year, month, day = (date.split("-") + ["01", "01"])[:3]
    return f"{year}-{month}-{day}T00:00:00Z"


def _add(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, {name: _NOT_XML.sub("", value) for name, value in attributes.items()})
    if text is not None:
        element.text = _NOT_XML.sub("", text)
    return element


def atom_feed(
    *, title: str, site_url: str, feed_url: str, author_name: str, updated: str | None, items: list[FeedItem]
) -> str:
    """The feed as an XML document, newest item first.

    ``site_url`` and ``feed_url`` must be absolute: Atom identifies the feed by
    ``feed_url``, so a site without ``site_url`` gets no feed. ``updated``
    defaults to the newest item's date; an empty feed must be given one.
    """
    if not (is_absolute_http(site_url) and is_absolute_http(feed_url)):
        raise ValueError("an Atom feed needs an absolute site_url and feed_url")
    # Sorting on the RFC 3339 text orders dates; the sort is stable, so items of one day keep their order.
    entries = sorted(items, key=lambda item: _timestamp(item.updated), reverse=True)
    newest = updated or (entries[0].updated if entries else None)
    if newest is None:
        raise ValueError("an Atom feed without items needs an `updated` date")
    # The namespace as a plain attribute: ElementTree's default_namespace refuses Atom's unqualified attributes.
    feed = ET.Element("feed", xmlns=ATOM)
    _add(feed, "id", feed_url)
    _add(feed, "title", title)
    _add(feed, "updated", _timestamp(newest))
    _add(feed, "link", rel="self", type="application/atom+xml", href=feed_url)
    _add(feed, "link", rel="alternate", type="text/html", href=site_url)
    _add(_add(feed, "author"), "name", author_name)
    for item in entries:
        entry = _add(feed, "entry")
        _add(entry, "id", item.id)
        _add(entry, "title", item.title)
        _add(entry, "updated", _timestamp(item.updated))
        url = absolute_url(item.url, site_url=site_url)
        if url:
            _add(entry, "link", rel="alternate", type="text/html", href=url)
        _add(entry, "category", term=item.kind)
        if item.summary:
            _add(entry, "summary", item.summary)
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


def publication_feed_items(pubs: Iterable[Publication], *, page_url: str) -> list[FeedItem]:
    """One item per dated publication, identified by its anchor on ``page_url`` (absolute).

    A publication without a year is left out: Atom requires every entry to have
    a date. Its date is the first of its month (or of January).
    """
    if not is_absolute_http(page_url):
        raise ValueError("publication feed items need an absolute page_url")
    items = []
    for pub in pubs:
        date = publication_date(pub)
        if date is None:
            continue
        url = f"{page_url.split('#')[0]}#{pub_anchor(pub)}"
        items.append(
            FeedItem(
                url, pub.title, url, PartialDate(date.year, date.month or 1, 1).iso(), abstract_text(pub), "publication"
            )
        )
    return items
