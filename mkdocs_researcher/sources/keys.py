"""Citation keys made unique, within a file and across the files of a page: no entry is lost to another's key."""

from __future__ import annotations

import dataclasses
import itertools

from ..diagnostics import Reporter
from ..model.records import Publication, derive_key
from ..model.urls import key_slug


def unique_keys(
    pubs: list[Publication], reporter: Reporter, lines: list[int | None] | None = None
) -> list[Publication]:
    """``pubs`` with a key each, no two alike, and an anchor each, no two alike; what changed is reported.

    A missing key is derived from the entry. A second use of a key becomes KEY-2 (then -3…, past every key
    the entries have already), so neither entry is lost. Two keys that differ only in characters a slug
    leaves out (a:b, a-b) give the later entry a slug of its own. ``lines`` are the entries' lines in the
    reporter's file, where they are known. An entry that changes is a copy: the others may be cached.
    """
    taken = {pub.key for pub in pubs}
    first_line: dict[str, int | None] = {}
    next_number: dict[str, int] = {}  # a thousand uses of one key look for a free number once, not a thousand times
    anchors: set[str] = set()
    result = []
    for pub, line in zip(pubs, [None] * len(pubs) if lines is None else lines, strict=True):
        key = pub.key
        if not key:
            key = derive_key(pub.authors, pub.year, pub.title)
            reporter.warn(pub.origin, f"this entry has no key; it is kept as {key}", line=line)
        if key in first_line:
            number = next_number.get(key, 2)
            while f"{key}-{number}" in taken:
                number += 1
            next_number[key] = number + 1
            renamed = f"{key}-{number}"
            used = f" by the entry on line {first_line[key]}" if first_line[key] else ""
            where = pub.origin + ("key",) if pub.origin else (key,)
            reporter.warn(where, f"this key is already used{used}; this entry is kept as {renamed}", line=line)
            key = renamed
        first_line.setdefault(key, line)
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
