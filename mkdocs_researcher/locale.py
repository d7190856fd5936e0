"""Labels and date formats in the page's language, from one YAML file per language."""

from __future__ import annotations

import functools
from pathlib import Path

import yaml

from .model import PRESENT, PartialDate

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LANGUAGE = "en"


def available_languages() -> list[str]:
    return sorted(p.stem for p in LOCALES_DIR.glob("*.yml"))


@functools.lru_cache(maxsize=None)
def _catalogue_file(language: str) -> dict:
    path = LOCALES_DIR / f"{language}.yml"
    if not path.is_file():
        return {}
    # libyaml's loader where PyYAML has it: the catalogue is read in every build, ten times faster so.
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}


def _merge(base: dict, extra: dict) -> dict:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def base_language(language: str | None) -> str:
    """``zh_CN``/``zh-Hans`` -> ``zh`` when only ``zh`` has a catalogue."""
    if not language:
        return DEFAULT_LANGUAGE
    normalised = language.replace("_", "-")
    if (LOCALES_DIR / f"{normalised}.yml").is_file():
        return normalised
    return normalised.split("-")[0].lower()


class Locale:
    """The labels of one language, English underneath, the site's overrides on top."""

    def __init__(self, language: str | None = None, overrides: dict | None = None):
        self.language = base_language(language)
        labels = _catalogue_file(DEFAULT_LANGUAGE)
        if self.language != DEFAULT_LANGUAGE:
            labels = _merge(labels, _catalogue_file(self.language))
        self.labels = _merge(labels, overrides or {})

    def __call__(self, key: str, **values) -> str:
        """The label at a dotted ``key`` (``section.publications``), formatted with ``values``."""
        node = self.labels
        for part in key.split("."):
            node = node[part]
        return str(node).format(**values) if values else str(node)

    def plural(self, key: str, n: int) -> str:
        forms = self.labels[key]
        form = "one" if self.labels.get("plural") == "one-other" and n == 1 and "one" in forms else "other"
        return str(forms[form]).format(n=n)

    def date(self, value: PartialDate | str | None, with_day: bool = False) -> str:
        if value is None:
            return ""
        if value == PRESENT:
            return self("present")
        if with_day and value.day:
            return self("day_month_year", day=value.day, month=self.labels["months"][value.month - 1], year=value.year)
        if value.month:
            return self("month_year", month=self.labels["months"][value.month - 1], year=value.year)
        return str(value.year)

    def date_range(self, start: PartialDate | None, end: PartialDate | str | None) -> str:
        if start is None:
            return self.date(end)
        if end is None or end == start:
            return self.date(start)
        if isinstance(end, PartialDate) and end.month is None and start.month is None and end.year == start.year:
            return str(start.year)
        return self("date_range", start=self.date(start), end=self.date(end))
