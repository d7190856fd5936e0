"""DOIs, arXiv ids and GitHub repositories, however a source writes them.

One reading for every use: a link's URL (``doi:10.1/x`` is an id, not a URL with
the scheme doi), the citation metadata (the bare DOI, the arXiv id with its
version) and the counts file (a DOI in lower case, an arXiv id without version).
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote, urlsplit

from .records import Publication

_ID_PREFIX = re.compile(r"^(?:doi|arxiv)\s*:\s*", re.IGNORECASE)
_DOI_URL = re.compile(r"^https?://(?:dx\.|www\.)?doi\.org/", re.IGNORECASE)
# 2410.12345 (since 2007) or hep-th/9901001 (before), and its version. It starts a path segment: searched
# from anywhere, the archive name's letters would be read again from each of them.
_ARXIV_ID = re.compile(r"(?:^|/)(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?")
_GITHUB_URL = re.compile(r"^(?:https?://)?(?:www\.)?github\.com/")
_REPO_PART = re.compile(r"[\w.-]+")


def without_id_prefix(value: str) -> str:
    """A DOI or arXiv id without the ``doi:`` or ``arXiv:`` a source may write before it."""
    return _ID_PREFIX.sub("", value)


def after_doi_prefix(value: str) -> str | None:
    """What follows ``doi:`` (any case, spaces around the colon); None if the value does not start with it."""
    found = _ID_PREFIX.match(value)
    return value[found.end() :] if found and value[:3].lower() == "doi" else None


def canonical_doi_url(url: str) -> str:
    """A doi.org URL however written (http, dx.doi.org, www.doi.org) as https://doi.org/…; any other as it is."""
    return _DOI_URL.sub("https://doi.org/", url, count=1)


def doi_of_text(text: str) -> str | None:
    """The bare DOI (``10.1234/abc``) of a doi.org URL, a ``doi:`` id or a DOI; None if there is none.

    A link's URL holds the DOI percent-encoded (see links.expand): the DOI itself is the decoded text.
    """
    return unquote(without_id_prefix(_DOI_URL.sub("", text.strip()))).strip() or None


def doi_url(doi: str) -> str:
    # A DOI may contain characters a URL may not, such as "<" or "#".
    return "https://doi.org/" + quote(doi, safe="/:;()@.-_~")


def arxiv_id(text: str, *, version: bool = True) -> str | None:
    """The arXiv id (``2410.12345v2``, ``hep-th/9901001``) in an arXiv URL's path or an id; None if none."""
    text = without_id_prefix(text.strip())
    found = _ARXIV_ID.search(unquote(urlsplit(text).path if "://" in text else text))
    if not found:
        return None
    return found.group(1) + (found.group(2) or "") if version else found.group(1)


def _first_link(pub: Publication, kind: str) -> str | None:
    return next((link.url for link in pub.links if link.kind == kind), None)


def doi_of(pub: Publication) -> str | None:
    """The bare DOI of a publication's first DOI link."""
    url = _first_link(pub, "doi")
    return doi_of_text(url) if url else None


def arxiv_id_of(pub: Publication) -> str | None:
    """The arXiv id, with its version, of a publication's first arXiv link."""
    url = _first_link(pub, "arxiv")
    return arxiv_id(url) if url else None


def work_id(pub: Publication) -> str | None:
    """What the counts file keeps a publication's citations under: its DOI in lower case, else its arXiv id
    without version; None if it has neither."""
    doi = doi_of(pub)
    if doi and doi.startswith("10."):
        return doi.lower()
    url = _first_link(pub, "arxiv")
    return arxiv_id(url, version=False) if url else None


def normalise_repo(value: str) -> str | None:
    """'owner/name', also from a github.com URL; None if it is neither."""
    text = _GITHUB_URL.sub("", value.strip()).strip("/").removesuffix(".git")
    parts = text.split("/")
    return "/".join(parts[:2]) if len(parts) >= 2 and all(_REPO_PART.fullmatch(p) for p in parts[:2]) else None
