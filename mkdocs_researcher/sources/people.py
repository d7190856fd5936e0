"""Lab sites: people kept as data files (``people/<id>.yml``), shown by id, listed on a people page."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Reporter
from ..model.records import PageData
from .datafiles import DataFiles
from .fields import Context
from .sections import read_page


@dataclass
class Person:
    id: str
    data: PageData  # the file's sections; its profile is the person's card
    path: Path


@dataclass
class People:
    folder: Path | None = None
    groups: list[str] = field(default_factory=list)  # the order of groups on the people page
    by_id: dict[str, Person] = field(default_factory=dict)

    def names(self) -> list[str]:
        """Every member's spellings, for highlighting members on pages that belong to no one member."""
        return [name for person in self.by_id.values() for name in person.data.profile.names()]

    def ordered_groups(self) -> list[tuple[str, list[Person]]]:
        groups: dict[str, list[Person]] = {}
        for person in sorted(self.by_id.values(), key=lambda p: p.data.profile.name.casefold()):
            groups.setdefault(person.data.profile.group or "", []).append(person)
        rank = {name: index for index, name in enumerate(self.groups)}
        return sorted(groups.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0] == "", item[0]))


def load_people(
    folder: Path, groups: list[str], data_files: DataFiles, reporter: Reporter, language: str, default_language: str
) -> People:
    """Every ``*.yml`` in ``folder`` that has a profile; problems are reported against each file."""
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
        data = read_page(loaded.data, Context(file_reporter, language, default_language))
        if data.profile is None:
            file_reporter.warn(
                ("profile",), "a person's file needs a profile with at least a name; this person is left out"
            )
            continue
        people.by_id[path.stem] = Person(path.stem, data, path.resolve())
    return people
