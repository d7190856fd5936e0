"""Co-author homepages: al-folio's ``_data/coauthors.yml`` (family name -> given-name spellings + url)."""

from __future__ import annotations

from ..diagnostics import Reporter
from ..model.records import Author
from .fields import Context, Invalid, Url
from .frontmatter import load_yaml

# family name (lower case) -> [(given-name spellings, url)]
Coauthors = dict[str, list[tuple[frozenset[str], str]]]


def read_coauthors(text: str, reporter: Reporter) -> Coauthors:
    loaded = load_yaml(text)
    reporter.lines.update(loaded.lines)
    if loaded.error or not isinstance(loaded.data, dict):
        reporter.warn(
            (),
            f"not valid YAML: {loaded.error}" if loaded.error else "expected a mapping of family names",
            line=loaded.error_line,
        )
        return {}
    result: Coauthors = {}
    for family, people in loaded.data.items():
        for index, person in enumerate(people if isinstance(people, list) else [people]):
            where = (family, index)
            if not isinstance(person, dict) or "url" not in person:
                reporter.warn(where, "expected firstname: [spellings…] and url")
                continue
            try:
                url = Url().check(person["url"], Context(reporter), where + ("url",))
            except Invalid as problem:
                reporter.warn(where + ("url",), f"{problem}; this co-author is left out")
                continue
            names = person.get("firstname", [])
            spellings = frozenset(str(n).strip().lower() for n in (names if isinstance(names, list) else [names]))
            result.setdefault(str(family).strip().lower(), []).append((spellings, url))
    return result


def homepage(author: Author, coauthors: Coauthors) -> str | None:
    for spellings, url in coauthors.get(author.family.lower(), []):
        if not spellings or author.given.lower() in spellings:
            return url
    return None
