"""Absolute URLs for machine readers (meta tags, JSON-LD, feeds, résumés) and publication anchors.

Crawlers and feed readers see a URL without the page around it, so every URL
they get must be absolute http(s); one that cannot be made so is left out.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import urljoin, urlsplit

from .links import safe_url
from .records import Link, Publication


def is_absolute_http(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme.lower() in ("http", "https") and bool(parts.netloc)


def absolute_url(url: str | None, *, page_url: str | None = None, site_url: str | None = None) -> str | None:
    """``url`` as an absolute http(s) URL, or None if it is unsafe or nothing makes it absolute.

    A relative ``url`` is resolved as a browser on the built page would: against
    ``page_url``, which may itself be relative to ``site_url``. So a relative URL
    must already be relative to the built page (as the renderer's resolver
    returns it), not to the page's source file.
    """
    safe = safe_url(url) if url else None
    if safe is None:
        return None
    base = _base(page_url, site_url)
    joined = urljoin(base, safe) if base else safe
    return joined if is_absolute_http(joined) else None


def _base(page_url: str | None, site_url: str | None) -> str | None:
    # MkDocs ends site_url with "/", but without it urljoin would drop the site's last path segment.
    site = site_url.rstrip("/") + "/" if site_url else ""
    base = urljoin(site, page_url or "")
    return base if is_absolute_http(base) else None


def first_link_url(links: Iterable[Link], kinds: Iterable[str]) -> str | None:
    """The URL of the first link of the first of ``kinds`` that has one: ``kinds`` is a preference order."""
    links = list(links)
    for kind in kinds:
        for link in links:
            if link.kind == kind:
                return link.url
    return None


def first_absolute_link(
    links: Iterable[Link], kinds: Iterable[str], *, page_url: str | None = None, site_url: str | None = None
) -> str | None:
    """Like ``first_link_url``, skipping the links whose URL cannot be made absolute."""
    links = list(links)
    urls = (
        absolute_url(link.url, page_url=page_url, site_url=site_url)
        for kind in kinds
        for link in links
        if link.kind == kind
    )
    return next(filter(None, urls), None)


def pub_anchor(pub: Publication) -> str:
    """The id of a publication's element on its page (``pub-SLUG``), the same rule as the renderer's."""
    return "pub-" + (pub.slug or key_slug(pub.key))


_NOT_IN_SLUG = re.compile(r"[^A-Za-z0-9_-]+")
_SLUG_LENGTH = 64


@lru_cache(maxsize=1 << 16)  # bounded: keys come from files that change under `mkdocs serve`
def key_slug(key: str) -> str:
    """A key as it may appear in a file name or an anchor: ASCII letters, digits, ``-`` and ``_``.

    Keys come from .bib and CSL files, which are not trusted: a key may hold ``/``, ``..`` or markup.
    Accents fold to their letters (Müller2020 -> Muller2020); a key whose other letters would be lost
    (李2020) or that is cut to length keeps a short digest of itself, so such keys stay apart.
    """
    if key.isascii() and not _NOT_IN_SLUG.search(key):  # most keys: nothing to fold or replace
        text = key.strip("-_")
        if text and len(text) <= _SLUG_LENGTH:
            return text
    folded = unicodedata.normalize("NFKD", key)
    text = _NOT_IN_SLUG.sub("-", folded.encode("ascii", "ignore").decode("ascii")).strip("-_")
    lossy = any(not char.isascii() and not unicodedata.combining(char) for char in folded)
    if text and not lossy and len(text) <= _SLUG_LENGTH:
        return text
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{text[: _SLUG_LENGTH - 9].rstrip('-_')}-{digest}" if text else digest


def relative_url(target_url: str, from_url: str) -> str:
    """A site URL (as File.url gives it) relative to the page at ``from_url``."""
    base = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    relative = posixpath.relpath("/" + target_url, "/" + base)
    if relative == ".":
        return "./"
    return relative + ("/" if target_url.endswith("/") else "")
