"""Venue badges: al-folio's ``_data/venues.yml`` (abbreviation -> url, colour), applied to every publication."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..diagnostics import Reporter
from ..model.records import Publication
from .fields import Colour, Context, Invalid, Url
from .frontmatter import load_yaml


@dataclass(frozen=True)
class Venue:
    url: str | None = None
    color: str | None = None


def read_venues(text: str, reporter: Reporter) -> dict[str, Venue]:
    loaded = load_yaml(text)
    reporter.lines.update(loaded.lines)
    if loaded.error:
        reporter.warn((), f"not valid YAML: {loaded.error}; no venue colours are used", line=loaded.error_line)
        return {}
    if not isinstance(loaded.data, dict):
        reporter.warn((), "expected a mapping of venue abbreviations (OSDI: {url: …, color: …})")
        return {}
    ctx = Context(reporter)
    venues = {}
    for abbr, spec in loaded.data.items():
        if not isinstance(spec, dict):
            reporter.warn((abbr,), "expected a mapping with url and/or color")
            continue
        values = {}
        for name, kind in (("url", Url()), ("color", Colour())):
            if spec.get(name) is not None:
                try:
                    values[name] = kind.check(spec[name], ctx, (abbr, name))
                except Invalid as problem:
                    reporter.warn((abbr, name), f"{problem}; it is ignored")
        venues[str(abbr)] = Venue(**values)
    return venues


def apply_venue(pub: Publication, venues: dict[str, Venue]) -> Publication:
    venue = venues.get(pub.abbr or "")
    if venue is None:
        return pub
    return dataclasses.replace(pub, venue_url=pub.venue_url or venue.url, venue_color=pub.venue_color or venue.color)
