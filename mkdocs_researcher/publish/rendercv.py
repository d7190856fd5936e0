"""The CV (publish/cv.py) in RenderCV's input format (https://docs.rendercv.com, version 2), written as ``cv.yaml``
so that ``rendercv render cv.yaml`` typesets it in RenderCV's own designs.

Each section becomes the RenderCV entry type that fits it: education and experience their own, publications
RenderCV's publication entries (the owner's name in bold), skills one-line entries, the others "normal" entries.
Details become plain text (RenderCV reads a little Markdown of its own, not HTML). The e-mail address is left out
when the site obfuscates it, as in the JSON Resume.
"""

from __future__ import annotations

from collections.abc import Callable

import yaml

from ..model.names import SelfMatcher
from ..model.records import PRESENT, PartialDate
from ..model.urls import absolute_url
from .citation import compact, plain_text, real_authors
from .cv import CV, CVEntry
from .resume import degree_and_area, link_username, publication_url

# Our link kinds that are RenderCV social networks, by its names for them.
_NETWORKS = {
    "github": "GitHub",
    "gitlab": "GitLab",
    "linkedin": "LinkedIn",
    "orcid": "ORCID",
    "scholar": "Google Scholar",
    "researchgate": "ResearchGate",
    "youtube": "YouTube",
    "x": "X",
    "twitter": "X",
}
PAPER_SIZES = {"a4": "a4", "letter": "us-letter"}
_WORD_JOINER = "\u2060"  # invisible: it parts two characters so that together they are no markup
# RenderCV reads its strings as Markdown (links, bold, italics), Typst math between "$$" and, in its HTML, tags: in
# a .bib's text these are parted or escaped, so they show as written and link nowhere.
_RENDERCV_MARKUP = str.maketrans(
    {"*": "\\*", "<": "<" + _WORD_JOINER, "]": "]" + _WORD_JOINER, "$": "$" + _WORD_JOINER}
)


def _date(value: PartialDate | str | None) -> str | None:
    if isinstance(value, PartialDate):
        return value.iso()
    return "present" if value == PRESENT else None


def _when(entry: CVEntry) -> dict:
    """RenderCV's dates: a start (and an end) or one date; a term as written ("2023 Spring")."""
    if entry.start:
        return {"start_date": _date(entry.start), "end_date": _date(entry.end) or _date(entry.start)}
    return {"date": entry.term or _date(entry.date) or (_date(entry.end) if entry.end != PRESENT else None)}


def _text(text: str | None) -> str | None:
    """Text of a publication file as RenderCV shows it as written."""
    return text.translate(_RENDERCV_MARKUP) if text else text


def _highlights(entry: CVEntry) -> list[str]:
    return [text for text in map(plain_text, entry.details) if text]


def _normal(entry: CVEntry) -> dict:
    return compact(
        {"name": entry.title, "summary": entry.subtitle, "location": entry.location, "url": entry.url}
        | _when(entry)
        | {"highlights": _highlights(entry)}
    )


def _education(entry: CVEntry) -> dict:
    degree, area = degree_and_area(entry.title)
    return compact(
        {"institution": entry.subtitle or "", "area": area or degree, "degree": degree if area else None}
        | {"location": entry.location}
        | _when(entry)
        | {"highlights": _highlights(entry)}
    )


def _experience(entry: CVEntry) -> dict:
    return compact(
        {"company": entry.title, "position": entry.subtitle or "", "location": entry.location}
        | _when(entry)
        | {"highlights": _highlights(entry)}
    )


def _skill(entry: CVEntry) -> dict:
    return {"label": entry.title, "details": entry.subtitle or ""}


_ENTRY = {"education": _education, "experience": _experience, "skills": _skill}


def rendercv_document(
    cv: CV,
    heading: Callable[[str], str],
    *,
    paper: str = "a4",
    obfuscate_email: bool = True,
    site_url: str | None = None,
) -> dict:
    """RenderCV's input as a mapping; ``heading(name)`` is a section's title, as the CV page writes it."""
    profile = cv.profile
    owner = SelfMatcher(profile.names())
    sections: dict[str, list] = {}
    for section in cv.sections:
        if section.name == "publications":
            entries = [
                compact(
                    {
                        "title": _text(pub.title),
                        "authors": [
                            f"**{_text(author.name)}**" if owner.matches(author) else _text(author.name)
                            for author in real_authors(pub)
                        ],
                        "journal": _text(pub.venue),
                        "date": str(pub.year) if pub.year else None,
                        "url": publication_url(pub, site_url),
                    }
                )
                for _, group in section.publications
                for pub in group
            ]
        else:
            entries = [_ENTRY.get(section.name, _normal)(entry) for entry in section.entries]
        sections[heading(section.name)] = entries
    networks = [
        {"network": _NETWORKS[link.kind], "username": username}
        for link in profile.links
        if link.kind in _NETWORKS and (username := link_username(link))
    ]
    location = ", ".join(affiliation.name for affiliation in profile.affiliations) or None
    document = {
        "cv": compact(
            {
                "name": profile.name,
                "location": location,
                "email": None if obfuscate_email else profile.email,
                "website": absolute_url(site_url) if site_url else None,
                "social_networks": networks,
                "sections": sections,
            }
        ),
        "design": {"theme": "classic", "page": {"size": PAPER_SIZES.get(paper, "a4")}},
    }
    return document


def rendercv_yaml(document: dict) -> str:
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=120)
