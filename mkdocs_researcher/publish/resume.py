"""The CV (publish/cv.py) as a JSON Resume (https://jsonresume.org/schema, v1.0.0), for résumé themes and tools.

Fields without a value are left out rather than written empty, as the schema
allows. Markdown (experience and award details) becomes plain text. Relative URLs are
made absolute against ``site_url``; one that cannot be is left out.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from ..model.links import LINK_KINDS
from ..model.records import PRESENT, Link, PartialDate, Profile, Publication
from ..model.urls import absolute_url, first_absolute_link
from .citation import abstract_text, compact, plain_text, publication_date
from .cv import CV, CVEntry

SCHEMA_URL = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json"

# Links that are the person's own site or files, not accounts on a network.
_NOT_PROFILES = frozenset(("homepage", "website", "cv", "rss"))
# The first of these a publication has is its URL: its own page before the paper, the paper before an index entry.
_PUBLICATION_URL_KINDS = ("website", "pdf", "doi", "arxiv")
# "PhD in Computer Science", "B.S., Mathematics", "MSc - Physics": the degree, then the field.
_DEGREE_AND_AREA = re.compile(r"^(.+?)(?:\s+in\s+|\s*,\s*|\s+[-\u2013\u2014]\s+)(.+)$")


def _date(value: PartialDate | str | None) -> str | None:
    """A partial date as ISO 8601 ("2021", "2021-09"); "present" and unknown ends are no date."""
    if isinstance(value, PartialDate):
        return value.iso()
    return None if value in (None, PRESENT) else str(value)


def link_username(link: Link) -> str | None:
    """The account name, when the URL is the link kind's URL pattern with the name filled in."""
    spec = LINK_KINDS.get(link.kind)
    if spec is None or spec.pattern is None:
        return None
    prefix, _, suffix = spec.pattern.partition("{id}")
    if not (link.url.startswith(prefix) and link.url.endswith(suffix)):
        return None
    name = link.url[len(prefix) : len(link.url) - len(suffix)]
    # More query or fragment after the id ("?user=X&hl=en") means it is not just the id.
    return unquote(name) if name and not re.search(r"[?&#=]", name) else None


def _basics(profile: Profile, obfuscate_email: bool, site_url: str | None) -> dict:
    accounts = [
        (link, absolute_url(link.url, site_url=site_url)) for link in profile.links if link.kind not in _NOT_PROFILES
    ]
    profiles = [
        compact({"network": link.label, "username": link_username(link), "url": url}) for link, url in accounts if url
    ]
    return compact(
        {
            "name": profile.name,
            "label": profile.position,
            "image": absolute_url(profile.photo, site_url=site_url),
            "email": None if obfuscate_email else profile.email,
            "url": absolute_url(site_url) or first_absolute_link(profile.links, ["homepage", "website"]),
            "profiles": profiles,
        }
    )


def _work(entry: CVEntry, site_url: str | None) -> dict:
    return compact(
        {
            "name": entry.title,
            "position": entry.subtitle,
            "location": entry.location,
            "url": absolute_url(entry.url, site_url=site_url),
            "startDate": _date(entry.start),
            "endDate": _date(entry.end),
            "highlights": [text for text in map(plain_text, entry.details) if text],
        }
    )


def degree_and_area(degree: str) -> tuple[str, str | None]:
    """ "PhD in Computer Science" -> ("PhD", "Computer Science"); a degree without a field is all degree."""
    match = _DEGREE_AND_AREA.match(degree.strip())
    return match.groups() if match else (degree, None)


def _education(entry: CVEntry, site_url: str | None) -> dict:
    study_type, area = degree_and_area(entry.title)
    return compact(
        {
            "institution": entry.subtitle,
            "url": absolute_url(entry.url, site_url=site_url),
            "studyType": study_type,
            "area": area,
            "startDate": _date(entry.start),
            "endDate": _date(entry.end),
        }
    )


def publication_url(pub: Publication, site_url: str | None) -> str | None:
    return first_absolute_link(pub.links, _PUBLICATION_URL_KINDS, site_url=site_url)


def _publication(pub: Publication, site_url: str | None) -> dict:
    date = publication_date(pub)
    return compact(
        {
            "name": pub.title,
            "publisher": pub.venue,
            "releaseDate": date.iso() if date else None,
            "url": publication_url(pub, site_url),
            "summary": abstract_text(pub),
        }
    )


def _award(entry: CVEntry) -> dict:
    return compact(
        {
            "title": entry.title,
            "date": _date(entry.date),
            "awarder": entry.subtitle,
            "summary": plain_text(entry.details[0]) if entry.details else None,
        }
    )


def _entries(cv: CV, name: str) -> tuple[CVEntry, ...]:
    section = cv.section(name)
    return section.entries if section else ()


def json_resume(cv: CV, *, obfuscate_email: bool = True, site_url: str | None = None) -> dict:
    """The JSON Resume document of a CV (publish/cv.py)."""
    publications = cv.section("publications")
    return compact(
        {
            "$schema": SCHEMA_URL,
            "basics": _basics(cv.profile, obfuscate_email, site_url),
            "work": [_work(entry, site_url) for entry in _entries(cv, "experience")],
            "education": [_education(entry, site_url) for entry in _entries(cv, "education")],
            "awards": [award for award in map(_award, _entries(cv, "awards")) if award],
            "publications": [
                _publication(pub, site_url)
                for _, group in (publications.publications if publications else ())
                for pub in group
            ],
        }
    )
