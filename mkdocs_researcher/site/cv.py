"""Whose CV a page shows, and with what: the page's own profile (a lab member's with ``profile: ID``), else the
site owner's (the home page's), each with their sections and their own publications. The CV page, cv.pdf,
cv.yaml and resume.json all start here, then take the one mapping of publish/cv.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..model.records import PageData
from ..publish.cv import CV, cv_of
from ..sources.people import People
from ..sources.sections import LIST_KINDS
from .index import SiteIndex
from .scan import Scan, ScannedPage
from .selection import select


def cv_page(page: ScannedPage, scan: Scan, index: SiteIndex) -> ScannedPage | None:
    """The page whose person ``page``'s CV is of: itself when it has a profile, else the owner's."""
    if page.data.profile is not None:
        return page
    owner = index.owner()
    return scan.pages.get(owner.src_uri) if owner is not None else None


def _sections(data: PageData, *sources: PageData) -> PageData:
    """``data`` (its person, its publications' owner) with each section from the first of ``sources`` that has
    entries in it."""
    return replace(
        data, **{name: next((s.section(name) for s in sources if s.section(name)), []) for name in LIST_KINDS}
    )


def page_cv(page: ScannedPage, scan: Scan, index: SiteIndex, people: People, order: Iterable[str]) -> CV | None:
    """The CV ``page`` shows, sections in ``order``: of its person (``cv_page``), with the sections the page
    writes itself (a CV page of the owner's, imported from al-folio, keeps its own) before the person's; None
    without a profile."""
    person_page = cv_page(page, scan, index)
    if person_page is None:
        return None
    data = scan.publications(person_page)
    if data.profile is None:
        return None
    if person_page is not page:
        data = _sections(data, scan.publications(page), data)
    person = people.by_id.get(data.member) if data.member else None
    if person is not None:
        # A member's page names the member; their file holds the rest, unless the page writes a section itself.
        data = _sections(data, data, person.data_in(person_page.source.language))
    publications = select(data, {}, people).entries
    return cv_of(data.profile, data, publications, order)


def owner_cv(scan: Scan, index: SiteIndex, people: People, order: Iterable[str]) -> CV | None:
    """The site owner's CV (resume.json's)."""
    owner = index.owner()
    page = scan.pages.get(owner.src_uri) if owner is not None else None
    return page_cv(page, scan, index, people, order) if page is not None else None


def watched_text(page: ScannedPage) -> tuple:
    """What of the CV's page a CV shown on another page depends on, for that page's render key."""
    return (page.source.src_uri, page.source.text, page.meta)
