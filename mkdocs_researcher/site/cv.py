"""Whose CV a page shows, and with what: the page's own profile (a lab member's with ``profile: ID``), else the
site owner's (the home page's), each with their sections and their own publications. The CV page, cv.pdf,
cv.yaml and resume.json all start here, then take the one mapping of publish/cv.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..publish.cv import CV, cv_of
from ..sources.people import People
from ..sources.sections import LIST_KINDS
from .index import SiteIndex
from .scan import Scan, ScannedPage
from .selection import select


def cv_page(page: ScannedPage, scan: Scan, index: SiteIndex) -> ScannedPage | None:
    """The page whose person and sections ``page``'s CV shows: itself when it has a profile, else the owner's."""
    if page.data.profile is not None:
        return page
    owner = index.owner()
    return scan.pages.get(owner.src_uri) if owner is not None else None


def page_cv(page: ScannedPage, scan: Scan, people: People, order: Iterable[str]) -> CV | None:
    """The CV of ``page``'s person (``page`` from ``cv_page``), sections in ``order``; None without a profile."""
    data = scan.publications(page)
    if data.profile is None:
        return None
    person = people.by_id.get(data.member) if data.member else None
    if person is not None:
        # A member's page names the member; their file holds the rest, unless the page writes a section itself.
        own = person.data_in(page.source.language)
        data = replace(data, **{name: data.section(name) or own.section(name) for name in LIST_KINDS})
    publications = select(data, {}, people).entries
    return cv_of(data.profile, data, publications, order)


def owner_cv(scan: Scan, index: SiteIndex, people: People, order: Iterable[str]) -> CV | None:
    """The site owner's CV (resume.json's)."""
    owner = index.owner()
    page = scan.pages.get(owner.src_uri) if owner is not None else None
    return page_cv(page, scan, people, order) if page is not None else None


def watched_text(page: ScannedPage) -> tuple:
    """What of the CV's page a CV shown on another page depends on, for that page's render key."""
    return (page.source.src_uri, page.source.text, page.meta)
