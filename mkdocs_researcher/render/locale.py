"""Labels and date formats in the page's language, from one YAML file per language."""

from __future__ import annotations

import functools
import re
import string
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..diagnostics import Reporter, did_you_mean
from ..model.records import PRESENT, Link, PartialDate

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LANGUAGE = "en"


@functools.cache
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


def checked_labels(overrides: object, reporter: Reporter) -> dict:
    """The site's label overrides (``labels:`` in mkdocs.yml) that fit the labels they replace.

    Each one that does not is reported on ``reporter`` and left out, so its default stays: a label is
    looked up, indexed or formatted while pages render, and a wrong shape there would end the build.
    """
    if not isinstance(overrides, dict):
        reporter.warn(
            ("labels",),
            "expected a mapping of label names to text, like section: {publications: Papers}; "
            "the default labels are used",
        )
        return {}
    return _fitting(overrides, _catalogue_file(DEFAULT_LANGUAGE), ("labels",), reporter)


def _fitting(overrides: dict, defaults: dict, path: tuple, reporter: Reporter) -> dict:
    kept = {}
    for name, value in overrides.items():
        where = path + (name,)
        default = defaults.get(name) if isinstance(name, str) else None
        if default is None:
            reporter.warn(where, f"unknown label{did_you_mean(name, defaults)}; it is ignored")
        elif isinstance(default, dict):
            if isinstance(value, dict):
                kept[name] = _fitting(value, default, where, reporter)
            else:
                names = ", ".join(list(default)[:3]) + (", …" if len(default) > 3 else "")
                reporter.warn(
                    where, f"expected a mapping of labels ({names}), got {_kind(value)}; the default labels are used"
                )
        elif isinstance(default, list):
            if isinstance(value, list) and len(value) == len(default) and all(_is_text(item) for item in value):
                kept[name] = [str(item) for item in value]
            else:
                reporter.warn(
                    where,
                    f"expected a list of {len(default)} labels like [{', '.join(default[:2])}, …], "
                    f"got {_kind(value)}; the default labels are used",
                )
        else:
            problem = _text_problem(value, default)
            if problem:
                reporter.warn(where, f"{problem}; the default '{default}' is used")
            else:
                kept[name] = str(value)
    return kept


def _is_text(value: object) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _kind(value: object) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "a mapping" if isinstance(value, dict) else "nothing" if value is None else _quoted(value)


def _quoted(value: object) -> str:
    text = str(value)
    return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"


def _placeholders(template: str) -> list[tuple[str, str, str | None]]:
    """The ``{name}`` fields of a label: (name, format spec, conversion); ValueError if the braces do not pair up."""
    return [
        (name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(template) if name is not None
    ]


def _text_problem(value: object, default: str) -> str | None:
    """What keeps ``value`` from replacing the label ``default``: it must be text with no other ``{name}`` fields."""
    if not _is_text(value):
        return f"expected text, got {_kind(value)}"
    filled = {name for name, _, _ in _placeholders(default)}
    may_use = f"; it may use {', '.join('{' + name + '}' for name in sorted(filled))}" if filled else ""
    try:
        fields = _placeholders(str(value))
    except ValueError as error:
        return f"{_quoted(value)} has unpaired braces ({error}); write {{{{ and }}}} for braces in the text{may_use}"
    for name, spec, conversion in fields:
        if name not in filled:
            return f"{_quoted(value)} has the field {{{name}}}, which this label does not fill{may_use}"
        if spec or conversion:
            return f"{_quoted(value)} formats the field {{{name}}}; write it plain, as {{{name}}}"
    return None


@functools.lru_cache(maxsize=64)
def base_language(language: str | None) -> str:
    """``zh_CN``/``zh-Hans`` -> ``zh`` when only ``zh`` has a catalogue (looked up once a language: every page of
    a site asks, 2,000 publication pages included)."""
    if not language:
        return DEFAULT_LANGUAGE
    normalised = language.replace("_", "-")
    if (LOCALES_DIR / f"{normalised}.yml").is_file():
        return normalised
    return normalised.split("-")[0].lower()


# Han, kana, Hangul and their punctuation and full-width forms: scripts written without spaces between words.
_CJK = re.compile(
    "[\u2e80-\u2fdf\u3000-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
_LATIN_LETTER = re.compile("[A-Za-z]")


def has_cjk(text: str) -> bool:
    return not text.isascii() and _CJK.search(text) is not None


def written_in_cjk(name: str) -> bool:
    """A name in Chinese, Japanese or Korean characters ("程羽"), not one in Latin letters ("Yu Cheng")."""
    return has_cjk(name) and _LATIN_LETTER.search(name) is None


@dataclass(frozen=True)
class ListWords:
    """What goes between the names of a list."""

    separator: str  # between two names
    last: str  # before the last of two names
    last_of_many: str  # before the last of three or more

    @classmethod
    def of(cls, labels: dict) -> ListWords:
        separator, and_ = str(labels["list_separator"]), str(labels["and"])
        if has_cjk(and_):  # "程羽、齐呈祥和王磊": no spaces, no comma before "and"
            return cls(separator, and_, and_)
        return cls(separator, f" {and_} ", f"{separator}{and_} ")


_LATIN_NAMES_ON_CJK_PAGE = ListWords(", ", ", ", ", ")


class Locale:
    """The labels of one language, English underneath, the site's overrides on top."""

    def __init__(self, language: str | None = None, overrides: dict | None = None):
        """``overrides`` as ``checked_labels`` returns them."""
        self.language = base_language(language)
        labels = _catalogue_file(DEFAULT_LANGUAGE)
        if self.language != DEFAULT_LANGUAGE:
            labels = _merge(labels, _catalogue_file(self.language))
        self.labels = _merge(labels, overrides or {})
        own_words = ListWords.of(self.labels)
        # On a page in Chinese, Japanese or Korean the language's words ("、", "和") go only between names written
        # in its characters; names in Latin letters keep ASCII commas, as in the paper's byline, with no word of
        # another language between them.
        latin_words = _LATIN_NAMES_ON_CJK_PAGE if has_cjk(own_words.separator + own_words.last) else own_words
        self.name_words, self.cjk_name_words = latin_words, own_words

    def comma_after(self, text: str) -> str:
        """The comma that follows ``text``: the language's own ("，") after its characters, ", " after Latin."""
        return str(self.labels["comma"]) if has_cjk(text[-1:]) else ", "

    def link_label(self, link: Link) -> str:
        """A link's button text: the label of its kind in this language, else the name it was given."""
        return str(self.labels["link"].get(link.kind, link.label))

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
