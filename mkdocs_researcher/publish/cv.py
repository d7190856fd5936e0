"""A person's CV from the model: the one mapping that the CV page, its PDF, RenderCV's ``cv.yaml`` and the JSON
Resume (resume.py) are all written from, so the four never disagree.

Each section is a list of ``CVEntry``: a title, a subtitle, a place, dates, a link and details, whose meaning per
section is set here once (experience: the organization, then the role; education: the degree, then the
institution; …). Publications stay model records, grouped by type in the model's order, newest first; every
section keeps the order its page shows it in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..model.links import LINK_KINDS
from ..model.records import PUBLICATION_TYPES, PageData, PartialDate, Profile, Publication
from ..sources.sections import SECTIONS_BY_NAME

# The sections of a CV in their default order (the cv_sections option and a marker's order= change it).
CV_SECTIONS = (
    "education", "experience", "publications", "awards", "talks", "teaching", "service", "skills", "projects",
)  # fmt: skip


@dataclass(frozen=True)
class CVEntry:
    title: str
    subtitle: str | None = None
    location: str | None = None
    start: PartialDate | None = None
    end: PartialDate | str | None = None  # a date or PRESENT
    date: PartialDate | None = None  # one date (awards, talks), or a year (service)
    term: str | None = None  # "2023 Spring", shown instead of dates (teaching)
    url: str | None = None
    details: tuple[str, ...] = ()  # Markdown


@dataclass(frozen=True)
class CVSection:
    name: str  # a section kind: its heading is the locale label section.NAME
    entries: tuple[CVEntry, ...] = ()
    publications: tuple[tuple[str, tuple[Publication, ...]], ...] = ()  # (type, its entries) for publications

    @property
    def size(self) -> int:
        return len(self.entries) + sum(len(group) for _, group in self.publications)


@dataclass(frozen=True)
class CV:
    profile: Profile
    sections: tuple[CVSection, ...] = field(default_factory=tuple)

    def section(self, name: str) -> CVSection | None:
        return next((section for section in self.sections if section.name == name), None)


def _newest_first(data: PageData, name: str) -> list:
    entries = list(data.section(name))
    sort_key = SECTIONS_BY_NAME[name].sort_key
    if sort_key is not None:
        entries.sort(key=sort_key, reverse=True)  # stable: entries of one date keep their written order
    return entries


def _joined(*parts: str | None) -> str | None:
    return ", ".join(part for part in parts if part) or None


def _details(text: str | None) -> tuple[str, ...]:
    return (text,) if text else ()


def _entries(data: PageData, name: str) -> Iterable[CVEntry]:
    for e in _newest_first(data, name):
        if name == "experience":
            yield CVEntry(e.organization, e.role, e.location, e.start, e.end, url=e.url, details=tuple(e.details))
        elif name == "education":
            yield CVEntry(e.degree, e.institution, e.location, e.start, e.end, url=e.url, details=tuple(e.details))
        elif name == "awards":
            yield CVEntry(e.title, e.awarder, date=e.date, details=_details(e.details))
        elif name == "talks":
            url = e.links[0].url if e.links else None
            yield CVEntry(e.title, e.event, e.location, date=e.date, url=url, details=_details(e.details))
        elif name == "teaching":
            yield CVEntry(
                e.course, _joined(e.role, e.institution), e.location, e.start, e.end, term=e.term, url=e.url,
                details=tuple(e.details),
            )  # fmt: skip
        elif name == "service":
            year = PartialDate(e.year) if e.year and not (e.start or e.end) else None
            yield CVEntry(
                e.role, e.organization, e.location, e.start, e.end, date=year, url=e.url, details=tuple(e.details)
            )
        elif name == "skills":
            items = [f"{item.name} ({item.note})" if item.note else item.name for item in e.items]
            yield CVEntry(e.name, ", ".join(items) or None)
        elif name == "projects":
            url = e.url or (LINK_KINDS["github"].pattern.format(id=e.repo) if e.repo else None)
            yield CVEntry(e.name, ", ".join(e.tags) or None, url=url, details=_details(e.description))


def _publication_groups(publications: list[Publication]) -> tuple[tuple[str, tuple[Publication, ...]], ...]:
    newest = sorted(publications, key=SECTIONS_BY_NAME["publications"].sort_key, reverse=True)
    return tuple(
        (kind, group) for kind in PUBLICATION_TYPES if (group := tuple(pub for pub in newest if pub.type == kind))
    )


def cv_of(profile: Profile, data: PageData, publications: list[Publication], order: Iterable[str] = CV_SECTIONS) -> CV:
    """The CV of ``profile``: ``data``'s sections in ``order`` (names of CV_SECTIONS), each only when it has
    entries; ``publications`` are the person's own (a member's, of a shared bibliography)."""
    sections = []
    for name in order:
        if name == "publications":
            section = CVSection(name, publications=_publication_groups(publications))
        else:
            section = CVSection(name, tuple(_entries(data, name)))
        if section.size:
            sections.append(section)
    return CV(profile, tuple(sections))
