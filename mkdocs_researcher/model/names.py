"""Author names: splitting off contribution marks, recognising the owner, and initials.

"Yu Cheng", "Cheng, Yu", "Y. Cheng" and "Chéng, Y." all name the same person
for highlighting; a name in a script without spaces (程羽) matches exactly.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from .records import Author

MARKS = "*†‡§¶#"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
ANY_MARK = re.compile(f"[{re.escape(MARKS)}]")


def split_marks(text: str) -> tuple[str, str]:
    """``"Lei Wang*"`` -> ``("Lei Wang", "*")``; marks inside "Last*, First" count too."""
    marks = ""
    parts = []
    for part in text.split(","):
        start = _trailing_run_start(part)
        trailing_marks = "".join(part[start:].split())  # the run holds marks and spaces only
        if trailing_marks:
            marks += trailing_marks
            part = part[:start]
        parts.append(part.strip())
    return ",".join(p if i == 0 else " " + p for i, p in enumerate(parts)).strip(), marks


def _trailing_run_start(part: str) -> int:
    """Where the run of marks and spaces that ends ``part`` starts: one step per character, unlike a regex,
    which would try every start in a long run of them and backtrack from each."""
    start = len(part)
    while start and (part[start - 1] in MARKS or part[start - 1].isspace()):
        start -= 1
    return start


ET_AL = "et al."  # the name of the author that stands for "and others"


def parse_author(text: str) -> Author:
    """An author written "First Last" or "Last, First" (marks kept apart); "others" means et al."""
    name = " ".join(str(text).split())
    # Most names have no marks and at most one comma, which the partition below handles alone.
    name, marks = split_marks(name) if ANY_MARK.search(name) or name.count(",") > 1 else (name, "")
    if name.casefold().rstrip(".") in ("others", "et al", "et. al"):
        return Author(name=ET_AL)
    if "," in name:
        family, _, given = name.partition(",")
        family, given = family.strip(), given.strip()
        display = f"{given} {family}".strip()
    else:
        words = name.split()
        given, family = " ".join(words[:-1]), (words[-1] if words else "")
        display = name
    return Author(name=display, marks=marks, given=given, family=family)


def _name_words(text: str) -> list[str]:
    """A name's words: its runs of letters and digits ("J.-L. O'Brien": J, L, O, Brien)."""
    return _WORD.findall(text)


def initials(name: str) -> str:
    """The letters that stand for a person on an avatar, from the name read as authors are matched: the
    initials of the first given name and of the family name ("Jean-Luc O'Brien": JO); the first two
    letters of a one-word name ("Ada": AD), or its first character in a script without spaces (程羽: 程)."""
    author = parse_author(name)
    given, family = _name_words(author.given), _name_words(author.family)
    words = [given[0], family[0]] if given and family else given or family
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper() if words[0].isascii() else words[0][:1]
    return (words[0][0] + words[-1][0]).upper()


def _fold(text: str) -> str:
    """Lower case with accents removed: "Chéng" -> "cheng"."""
    if text.isascii():
        return text.lower()  # nothing to decompose, and casefold() is lower() on ASCII
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@functools.lru_cache(maxsize=65536)  # given and family names recur across many authors
def _words(text: str) -> tuple[str, ...]:
    """A name's words, folded: "Chéng-Li" -> ("cheng", "li")."""
    return tuple(_name_words(_fold(text)))


@dataclass(frozen=True)
class _NameKey:
    given: tuple[str, ...]
    family: str
    whole: str


def _key(given: str, family: str, whole: str) -> _NameKey:
    given_words, family_words = _words(given), _words(family)
    # Folding goes character by character, so "Given Family" is the two names' words: no third pass.
    whole_words = given_words + family_words if whole == f"{given} {family}" else _words(whole)
    return _NameKey(given_words, " ".join(family_words), "".join(whole_words))


def _given_compatible(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Given names agree, where either side may be initials ("Y", "Y J") or hyphen parts."""
    if not a or not b:
        return False
    if a == b or "".join(a) == "".join(b):
        return True
    for x, y in zip(a, b, strict=False):  # initials may stand for fewer names: compare the common part
        if len(x) == 1 or len(y) == 1:
            if x[0] != y[0]:
                return False
        elif x != y:
            return False
    return True


class SelfMatcher:
    """Tells whether an author is the owner (profile name or one of the aliases)."""

    def __init__(self, names: list[str]):
        self._keys = [self._author_key(parse_author(n)) for n in names if n and str(n).strip()]

    @staticmethod
    def _author_key(author: Author) -> _NameKey:
        return _key(author.given, author.family, author.name)

    def matches(self, author: Author) -> bool:
        if not self._keys:
            return False
        key = self._author_key(author)
        for own in self._keys:
            if own.whole and own.whole == key.whole:
                return True
            if own.family and own.family == key.family and _given_compatible(own.given, key.given):
                return True
        return False
