"""Author names: splitting a BibTeX name list and off contribution marks, recognising the owner, and initials.

"Yu Cheng", "Cheng, Yu", "Y. Cheng" and "Chéng, Y." all name the same person
for highlighting, and so do Google Scholar's "WA Wall" and "Wall WA" for
Wolfgang A. Wall; a name in a script without spaces (程羽) matches exactly.
"""

from __future__ import annotations

import functools
import re
import unicodedata

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


# --- Several names in one string, as BibTeX writes them ------------------------------------------

# Matches start at the first space of a run only (?<!\s\s): a run without "and" is read once, not once per space.
_AND = re.compile(r"(\s(?<!\s\s)\s*and\s+)", re.IGNORECASE)
# A space or comma inside braces, as in {Barnes and Noble, Inc.} (nesting up to three deep is seen).
SEPARATOR_IN_BRACES = re.compile(r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?[\s,]")


def split_outside_braces(text: str, separator: re.Pattern) -> list[str]:
    """``text`` split at ``separator`` (one capturing group) where it is not inside braces."""
    pieces = separator.split(text)  # text, separator, text, …
    if "{" not in text or not SEPARATOR_IN_BRACES.search(text):  # braces only around accents, as in M{\"u}ller
        return pieces[::2]
    parts, depth = [""], 0
    for index, piece in enumerate(pieces):
        if index % 2 and depth == 0:
            parts.append("")
        else:  # text, or a separator inside braces: {World Health Organization}, {Barnes and Noble}
            parts[-1] += piece
            depth += piece.count("{") - piece.count("}")
    return parts


def split_name_list(text: str) -> list[str]:
    """BibTeX's name list: the names separated by the word "and" outside braces ("A and {B and C}": 2)."""
    return [name for name in split_outside_braces(text, _AND) if name]


def parse_listed_name(name: str) -> Author:
    """One name of a list written as in BibTeX, read as ``parse_author`` reads it; a name wholly in braces
    ({World Health Organization}) is never split, and "others" stands for the authors not named."""
    inner = name[1:-1].strip()
    if name[:1] == "{" and name[-1:] == "}" and "{" not in inner and "}" not in inner:
        author = parse_author(inner)
        return author if author.name == ET_AL else Author(name=inner, family=inner)
    return parse_author(name)


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


@functools.lru_cache(maxsize=65536)
def _given_tokens(text: str, glued: bool) -> tuple[str, ...]:
    """Given names, folded, each initial apart: "Wolfgang A." -> ("wolfgang", "a"). When ``glued`` (the name is
    not written all in capitals), a word of two or three capitals is Google Scholar's initials: "WA" -> ("w", "a")."""
    tokens: list[str] = []
    for word in _name_words(text):
        if glued and _is_initials(word):
            tokens += map(_fold, word)
        else:
            tokens += _words(word)
    return tuple(tokens)


def _is_initials(word: str) -> bool:
    return len(word) <= 3 and word.isupper() and word.isalpha()


def _readings(author: Author) -> list[tuple[str, tuple[str, ...]]]:
    """The ways to read an author's name, as (family name, given names).

    As written, and, for "Wall WA" or "Calero Valdez A" (Google Scholar's and PubMed's family name before
    the initials, no comma), with the last word as the initials.
    """
    glued = not author.name.isupper()  # "YU CHENG" is a name in capitals, not initials
    readings = [(" ".join(_words(author.family)), _given_tokens(author.given, glued))]
    if glued and author.given and all(map(_is_initials, _name_words(author.family))) and not author.given.isupper():
        readings.append((" ".join(_words(author.given)), _given_tokens(author.family, glued)))
    return readings


def _given_agree(own: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Given names agree: word by word, where an initial stands for any name it starts.

    The author list may leave out the profile's middle initials ("W. Wall" for "Wolfgang A. Wall"), not a
    middle name written in full, which may be a first family name ("A. Valdez" is not André Calero Valdez).
    It may add a middle name next to a given name written in full ("Yu J. Cheng" for "Yu Cheng") or where the
    owner's name has initials only ("I. M. Babuška" for "I. Babuška"), but initials alone must be as many as
    the given names written in full ("WA Wall" is not Wei Wall).
    """
    if not own or not other:
        return False
    if own == other or "".join(own) == "".join(other):  # "Chengxiang" and "Cheng Xiang"
        return True
    full_name_agrees = False
    for mine, theirs in zip(own, other, strict=False):
        if len(mine) == 1 or len(theirs) == 1:
            if mine[0] != theirs[0]:
                return False
        elif mine != theirs:
            return False
        else:
            full_name_agrees = True
    if len(own) > len(other):
        return all(len(name) == 1 for name in own[len(other) :])
    return len(own) == len(other) or full_name_agrees or all(len(name) == 1 for name in own)


class SelfMatcher:
    """Tells whether an author is the owner (profile name or one of the aliases).

    Each name of the owner is read every way its words may split into given and family names ("André
    Calero Valdez": André + Calero Valdez, or André Calero + Valdez; never at an initial), so "Calero Valdez,
    A.", "A Calero-Valdez" and "AC Valdez" all find it.
    """

    def __init__(self, names: list[str]):
        self._wholes: set[str] = set()
        self._given_by_family: dict[str, list[tuple[str, ...]]] = {}
        for name in names:
            if not name or not str(name).strip():
                continue
            author = parse_author(str(name))
            self._wholes.add(_whole(author))
            for family, given in _readings(author):
                words = given + tuple(family.split())
                for cut in range(1, len(words)):
                    if len(words[cut]) > 1:
                        self._given_by_family.setdefault(" ".join(words[cut:]), []).append(words[:cut])

    def matches(self, author: Author) -> bool:
        if not self._wholes:
            return False
        if _whole(author) in self._wholes:
            return True
        return any(
            _given_agree(own, given)
            for family, given in _readings(author)
            for own in self._given_by_family.get(family, ())
        )


def _whole(author: Author) -> str:
    """The name's letters, folded, in the order written: "Yu Cheng" and "YU CHENG" are one, "Cheng Yu" another."""
    return "".join(_words(author.name))
