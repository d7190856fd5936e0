"""``researcher-counts.yml``: GitHub stars and citation counts, written by ``mkdocs-researcher refresh``.

The build reads the file and never fetches; a file it cannot use is a warning, and refresh
stops rather than overwrite numbers it cannot read.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import yaml

from .text_files import read_unicode

COUNTS_FILE = "researcher-counts.yml"
LARGEST_COUNT = 10**12  # more stars or citations than anything has: a bigger number is not a count


class ConfigProblem(Exception):
    """mkdocs.yml or the counts file cannot be used: nothing to refresh (the build warns)."""


def is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LARGEST_COUNT


def read_counts(path: Path) -> dict:
    """{"updated": text or None, "stars": {owner/name: count}, "citations": {work: count}}; no file is fine.

    A file of any other shape raises ConfigProblem: the build warns, and refresh stops rather than
    overwrite numbers it cannot read.
    """
    try:
        data = yaml.safe_load(read_unicode(path))
    except FileNotFoundError:
        data = None
    except RecursionError:
        raise _counts_problem(path, "nested too deeply to be read") from None
    except (OSError, ValueError, yaml.YAMLError) as error:
        reason = (str(error) or type(error).__name__).splitlines()[0]
        raise ConfigProblem(f"{path.name} cannot be read ({reason}); fix or delete it, it is not overwritten") from None
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise ConfigProblem(
            f"{path.name} is not a mapping of stars and citations; fix or delete it, it is not overwritten"
        )
    updated = data.get("updated")
    if not isinstance(updated, (str, datetime.date, type(None))):
        raise _counts_problem(path, f"updated: {_shown(updated)} is not a date")
    return {
        "updated": str(updated) if updated else None,
        "stars": _counts_in(path, data, "stars"),
        "citations": _counts_in(path, data, "citations"),
    }


def _counts_in(path: Path, data: dict, section: str) -> dict[str, int]:
    counts = data.get(section)
    if counts is None:
        return {}
    if not isinstance(counts, dict):
        raise _counts_problem(path, f"{section} is {_shown(counts)}, not a mapping of names to counts")
    for name, count in counts.items():
        if not isinstance(name, str):
            raise _counts_problem(path, f"{section}: the name {_shown(name)} is not text (put it in quotes)")
        if not is_count(count):
            raise _counts_problem(
                path,
                f"{section}: {_shown(name)}: {_shown(count)} is not a count "
                f"(a whole number from 0 to {LARGEST_COUNT:,})",
            )
    return dict(counts)


def _counts_problem(path: Path, what: str) -> ConfigProblem:
    return ConfigProblem(f"{path.name}: {what}; fix or delete it, it is not overwritten")


def _shown(value) -> str:
    """A value for a message: short, and never the whole of something large."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple, set)):
        return "a list"
    if value is None:
        return "empty"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST_COUNT:
        return "a huge number"  # its digits could be more than str() accepts
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
