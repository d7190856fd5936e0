"""Problems found in a researcher's data, in one message format.

Every message reads ``FILE:LINE: FIELD: PROBLEM`` (the line and field are
left out where they are unknown), so a researcher can jump to the spot in an
editor. The MkDocs adapter logs each one as a warning, which is what makes
``mkdocs build --strict`` fail.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

# Characters that would break a message out of its line or restyle the terminal showing it: C0 and C1
# controls (newlines, ESC), Unicode's line and paragraph separators, and the bidirectional overrides
# that reorder what follows them. Each is shown as its escape (\n, \x1b, \u2028) instead.
_UNPRINTABLE = {
    code: ascii(chr(code))[1:-1]
    for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
}


def counted(number: int, noun: str) -> str:
    """``counted(1, "file")`` -> "1 file", ``counted(2, "file")`` -> "2 files": a count in a message (messages are
    English; every noun they count takes an "s")."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int | None
    path: str
    problem: str

    def __str__(self) -> str:
        """One line, whatever the input files held."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        text = f"{where}: {self.path}: {self.problem}" if self.path else f"{where}: {self.problem}"
        return text.translate(_UNPRINTABLE)


@dataclass(frozen=True)
class Place:
    """Where a record was written: an entry's file and line. A record read from another file than the one a
    reporter reports on (an entry of a .bib file a page shows) starts its field path with its place, so that
    messages about it, wherever they arise, name that file and line."""

    file: str
    line: int | None = None


@dataclass
class Reporter:
    """Collects diagnostics for one source file.

    ``lines`` maps a field path (a tuple of keys and list indexes) to its
    1-based line in ``file``; a path without its own line borrows the nearest
    enclosing one. A path that starts with a ``Place`` is reported against that
    place instead.
    """

    file: str
    lines: dict[tuple, int] = field(default_factory=dict)
    found: list[Diagnostic] = field(default_factory=list)

    def line_of(self, path: tuple) -> int | None:
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def warn(self, path: tuple, problem: str, line: int | None = None) -> None:
        file, known_line, path = self.where(path)
        self.found.append(Diagnostic(file, line if line is not None else known_line, format_path(path), problem))

    def where(self, path: tuple) -> tuple[str, int | None, tuple]:
        """The file and line of a field path, and the path as messages name it (without its place)."""
        if path and type(path[0]) is Place:
            return path[0].file, path[0].line, path[1:]
        return self.file, self.line_of(path), path


def format_path(path: Iterable) -> str:
    """``("publications", 2, "venu")`` -> ``publications[2].venu``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def quoting_written(problem: str, read: str, written: str) -> str:
    """``problem`` quoting ``written`` where it starts by quoting ``read`` (cut at 60 characters, as messages
    quote values): a value a reader cleaned up, such as a URL wrapped onto two lines, is named as the file
    has it, where the researcher will look for it."""
    quoted = f"'{read[:60]}'"
    return f"'{written[:60]}'{problem[len(quoted) :]}" if problem.startswith(quoted) else problem


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """A suffix like ``; did you mean 'venue'?`` or an empty string."""
    close = difflib.get_close_matches(str(name), sorted(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def near_miss(name: str, known: Iterable[str]) -> str | None:
    """The name of ``known`` that ``name`` is a misspelling of (a letter left out, added, changed or two swapped:
    ``yaer``, ``auhtor``), or None: for names that may also be the author's own, where only a near miss is told."""
    # A name more than two letters shorter or longer is another word (project, projectpage), however alike.
    alike = sorted(other for other in known if abs(len(other) - len(name)) <= 2)
    close = difflib.get_close_matches(name, alike, n=1, cutoff=0.75)
    return close[0] if close else None
