"""Lab sites: people kept as data files (``people/<id>.yml``), shown by id, listed on a people page.

A person's file may give values per language (``name: {en: Chengxiang Qi, zh: 齐呈祥}``). The people are loaded
once per build, but a page shows each person in its own language: the file is read in every language it gives
values in, and ``Person.data_in`` picks the reading for a page's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Reporter
from ..model.records import PageData
from .datafiles import DataFiles
from .fields import Context, is_localised
from .sections import read_page
from .works import Works


@dataclass
class Person:
    id: str
    data: PageData  # the file's sections in the site's language; its profile is the person's card
    path: Path
    translations: dict[str, PageData] = field(default_factory=dict)  # the file read in its other languages

    def data_in(self, language: str) -> PageData:
        """The person's sections for a page in ``language`` (zh-Hans finds zh), else in the site's language."""
        base = language.replace("_", "-").split("-")[0].lower()
        return self.translations.get(language) or self.translations.get(base) or self.data

    def names(self) -> list[str]:
        """Every spelling of the person's name, in every language the file gives it in."""
        readings = [self.data, *self.translations.values()]
        return list(dict.fromkeys(name for data in readings for name in data.profile.names()))


@dataclass
class People:
    folder: Path | None = None
    groups: list[str] = field(default_factory=list)  # the order of groups on the people page
    by_id: dict[str, Person] = field(default_factory=dict)

    def names(self) -> list[str]:
        """Every member's spellings, for highlighting members on pages that belong to no one member."""
        return [name for person in self.by_id.values() for name in person.names()]

    def ordered_groups(self, language: str | None = None) -> list[tuple[str, list[Person]]]:
        """The members by group, in the order ``groups`` gives (it names groups in the site's language); each
        group named in ``language``."""
        groups: dict[str, list[Person]] = {}
        for person in sorted(self.by_id.values(), key=lambda p: p.data.profile.name.casefold()):
            groups.setdefault(person.data.profile.group or "", []).append(person)
        rank = {name: index for index, name in enumerate(self.groups)}
        ordered = sorted(groups.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0] == "", item[0]))
        if language is None:
            return ordered
        return [(members[0].data_in(language).profile.group or name, members) for name, members in ordered]


def load_people(
    folder: Path,
    groups: list[str],
    data_files: DataFiles,
    reporter: Reporter,
    language: str,
    default_language: str,
    works: Works,
) -> People:
    """Every ``*.yml`` in ``folder`` that has a profile; problems are reported against each file. ``works``
    (researcher-works.yml) completes the publications that are only an identifier, as in a page's front matter."""
    people = People(folder, groups)
    if not folder.is_dir():
        reporter.warn(
            (), f"the people folder '{data_files.display_name(folder)}' (people: in mkdocs.yml) does not exist"
        )
        return people
    for path in sorted(folder.glob("*.y*ml")):
        read = data_files.read_yaml(path.resolve(), reporter, ())
        if read is None:
            continue
        loaded, file_reporter = read
        first_problem = len(file_reporter.found)
        data = read_page(loaded.data, Context(file_reporter, language, default_language, works))
        if data.profile is None:
            file_reporter.warn(
                ("profile",), "a person's file needs a profile with at least a name; this person is left out"
            )
            continue
        person = Person(path.stem, data, path.resolve())
        reported = set(file_reporter.found[first_problem:])
        for other in sorted(set(_languages(loaded.data)) - {language}):
            other_reporter = Reporter(file_reporter.file, file_reporter.lines)
            translated = read_page(loaded.data, Context(other_reporter, other, default_language, works))
            # A value given only in this language may hold a problem of its own; the others are reported once.
            file_reporter.found.extend(problem for problem in other_reporter.found if problem not in reported)
            reported.update(other_reporter.found)
            if translated.profile is not None:
                person.translations[other] = translated
        people.by_id[path.stem] = person
    return people


def _languages(value: object) -> Iterator[str]:
    """The languages of the per-language values in a file; a value in one language only reads the same in all."""
    if is_localised(value) and len(value) > 1:
        yield from value
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        yield from _languages(child)
