"""Dates as al-folio sites write them ("10/2020", "Now", "2012 - 2017", "Sep 2019") as YYYY-MM / present.

span_fields and range_fields make them an entry's start and end fields, reporting what is not a date.
"""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .report import Report

PRESENT_WORDS = {"now", "present", "current", "currently", "today", "ongoing", "till now", "to date"}
MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
_SEASON_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}

_Y = r"(\d{4})"
_M = r"(\d{1,2})"
_PATTERNS = [
    (re.compile(rf"^{_Y}$"), lambda y: (y, None, None)),
    (re.compile(rf"^{_Y}[-/.]{_M}$"), lambda y, m: (y, m, None)),
    (re.compile(rf"^{_Y}[-/.]{_M}[-/.]{_M}$"), lambda y, m, d: (y, m, d)),
    (re.compile(rf"^{_M}[-/.]{_Y}$"), lambda m, y: (y, m, None)),
    # Jekyll's "2015-10-22 15:59:00-0400", which YAML leaves a string (its offset has no colon)
    (re.compile(rf"^{_Y}-{_M}-{_M}[ t]\d{{1,2}}:\d\d.*$"), lambda y, m, d: (y, m, d)),
]
_NAMED = re.compile(r"^([a-z]+)\.?,?\s+(\d{4})$")  # Sep 2019, September 2019, Fall 2019
_NAMED_AFTER = re.compile(r"^(\d{4}),?\s+([a-z]+)\.?$")  # 2019 Sep, 2022 Spring
_RANGE = re.compile(r"^(.+?)\s*(?:–|—|-{1,2}|\bto\b|\buntil\b)\s*(.*)$")


def _iso(year: str | int, month: str | int | None = None, day: str | int | None = None) -> str | None:
    year = int(year)
    if not 1000 <= year <= 9999:
        return None
    if month is None:
        return f"{year:04d}"
    month = int(month)
    if not 1 <= month <= 12:
        return None
    if day is None:
        return f"{year:04d}-{month:02d}"
    try:
        return datetime.date(year, month, int(day)).isoformat()
    except ValueError:
        return None


def parse_date(value) -> str | None:
    """One date as YYYY, YYYY-MM, YYYY-MM-DD or "present"; None when it is not a date."""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, int) and not isinstance(value, bool):
        return _iso(value)
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in PRESENT_WORDS:
        return "present"
    for pattern, parts in _PATTERNS:
        match = pattern.match(text)
        if match:
            return _iso(*parts(*match.groups()))
    return _named(text)


def _named(text: str) -> str | None:
    for pattern, order in ((_NAMED, (0, 1)), (_NAMED_AFTER, (1, 0))):
        match = pattern.match(text)
        if match:
            word, year = match.group(1 + order[0]), match.group(1 + order[1])
            month = MONTHS.get(word) or _SEASON_MONTH.get(word)
            return _iso(year, month) if month else None
    return None


def parse_range(value) -> tuple[str | None, str | None] | None:
    """ "2012 - 2017" -> ("2012", "2017"); "2019-" -> ("2019", "present"); one date -> (date, None).

    None when the value is neither a date nor a range of dates.
    """
    single = parse_date(value)
    if single is not None:
        return (single, None)
    if not isinstance(value, str):
        return None
    match = _RANGE.match(value.strip())
    if not match:
        return None
    start = parse_date(match.group(1))
    end = parse_date(match.group(2)) if match.group(2).strip() else "present"
    if start is None or start == "present" or end is None:
        return None
    return (start, end)


def span_fields(report: Report, start, end, where: str) -> dict:
    """An entry's start and end fields from two dates; what is not a date is reported and left out."""
    result = {}
    for name, value in (("start", start), ("end", end)):
        if value in (None, ""):
            continue
        date = parse_date(value)
        if date is None or (name == "start" and date == "present"):
            report.lose(f"{where}: {name}", f"'{value}' is not a date like 10/2020, Sep 2019 or 2020-10")
        else:
            result[name] = date
    return result


def range_fields(report: Report, value, where: str) -> dict:
    """An entry's start and end fields from one date or range ("2012 - 2017"); {} (reported) when it is neither."""
    found = parse_range(value)
    if found is None:
        report.lose(where, f"'{value}' is not a date or a range like 2012 - 2017")
        return {}
    start, end = found
    return {"start": start, **({"end": end} if end else {})}
