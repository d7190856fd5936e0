"""Citation keys made unique, within a file and across the files of a page: no entry is lost to another's key."""

from __future__ import annotations

import dataclasses
import itertools

from ..diagnostics import Place, Reporter
from ..model.records import Publication, derive_key
from ..model.urls import key_slug


def unique_keys(pubs: list[Publication], reporter: Reporter) -> list[Publication]:
    """``pubs`` with a key each, no two alike, and an anchor each, no two alike; what changed is reported.

    A missing key is derived from the entry. A second use of a key becomes KEY-2 (then -3…, past every key
    the entries have already), so neither entry is lost. Two keys that differ only in characters a slug
    leaves out (a:b, a-b) give the later entry a slug of its own. Each message names the entry where it was
    written (an entry of a .bib or CSL file by its ``Place``), and a second use names the first one, in
    whichever file that is. An entry that changes is a copy: the others may be cached.
    """
    taken = {pub.key for pub in pubs}
    first_use: dict[str, tuple] = {}  # key -> where the entry that used it first came from (its origin)
    next_number: dict[str, int] = {}  # a thousand uses of one key look for a free number once, not a thousand times
    anchors: set[str] = set()
    result = []
    for pub in pubs:
        key = pub.key
        if not key:
            key = derive_key(pub.authors, pub.year, pub.title)
            reporter.warn(pub.origin, f"this entry has no key; it is kept as {key}")
        if key in first_use:
            number = next_number.get(key, 2)
            while f"{key}-{number}" in taken:
                number += 1
            next_number[key] = number + 1
            renamed = f"{key}-{number}"
            reporter.warn(
                _key_path(pub, key),
                f"this key is already used{_by_entry(reporter, first_use[key], pub.origin)}; "
                f"this entry is kept as {renamed}",
            )
            key = renamed
        first_use.setdefault(key, pub.origin)
        taken.add(key)
        slug = own_slug = key_slug(key)
        if slug in anchors:
            slug = next(f"{own_slug}-{n}" for n in itertools.count(2) if f"{own_slug}-{n}" not in anchors)
        anchors.add(slug)
        slug = "" if slug == own_slug else slug  # an anchor without a slug is the key's own (urls.pub_anchor)
        if (key, slug) != (pub.key, pub.slug):
            pub = dataclasses.replace(pub, key=key, slug=slug)
        result.append(pub)
    return result


def _key_path(pub: Publication, key: str) -> tuple:
    """What a message about an entry's key names: a BibTeX or CSL entry by its key (no field of it), an entry
    written in YAML by its ``key`` field."""
    if pub.origin and type(pub.origin[0]) is Place:
        return (pub.origin[0], key)
    return pub.origin + ("key",) if pub.origin else (key,)


def _by_entry(reporter: Reporter, first: tuple, origin: tuple) -> str:
    """Who used a key first (the ``first`` entry's origin), as a message about the entry from ``origin`` says it:
    " by the entry on line 3", or at another file's line."""
    first_file, first_line, _ = reporter.where(first)
    if first_file != reporter.where(origin)[0]:
        return f" by the entry at {first_file}:{first_line}" if first_line else f" by an entry of {first_file}"
    # Entries of a .bib or CSL file are told apart by their lines; a page's own by their paths (publications[1]).
    placed = bool(first) and type(first[0]) is Place
    return f" by the entry on line {first_line}" if placed and first_line else ""
