"""Field kinds: each checks and converts one YAML value, and describes itself as JSON Schema.

The record declarations in ``schema.py`` are built from these, so validation,
error messages and the published JSON Schema come from one place.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Reporter, did_you_mean
from ..model import links as link_kinds
from ..model.records import MONTH_NAMES, PRESENT, Link, PartialDate


class Invalid(Exception):
    """A value does not fit its field; the message says what was expected."""


class Reported(Invalid):
    """A value was rejected and the reasons are already reported."""


@dataclass
class Context:
    """What validation needs besides the value: where messages go, the page's language, and the works
    ``mkdocs-researcher refresh`` fetched (sources/works.py), which an entry that is only a DOI is completed from."""

    reporter: Reporter
    language: str = "en"
    default_language: str = "en"
    works: Any = None  # works.Works, when the site reads researcher-works.yml


def type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    return type(value).__name__


# A two-letter primary subtag (ISO 639-1) or one of the few three-letter ones sites use; "nme" or "org"
# (typos of field names) must not pass for languages.
_LANGUAGE_TAG = re.compile(r"^([a-z]{2}|yue|fil|haw|ast|ckb|nan|hak)([_-][A-Za-z0-9]{2,8})*$")


def is_localised(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(isinstance(k, str) and _LANGUAGE_TAG.match(k) for k in value)


def pick_language(value: dict, ctx: Context, path: tuple) -> Any:
    """The page's language, else the default language, else the first given."""
    for language in (ctx.language, ctx.language.split("-")[0].split("_")[0], ctx.default_language):
        if language in value:
            return value[language]
    return next(iter(value.values()))


def _article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


class Kind:
    """One kind of field value."""

    expected = "a value"

    def check(self, value: Any, ctx: Context, path: tuple) -> Any:
        raise NotImplementedError

    def json_schema(self) -> dict:
        raise NotImplementedError


class Text(Kind):
    """Plain text (always escaped when shown); numbers are accepted as text."""

    expected = "text"

    def __init__(self, localised: bool = True):
        self.localised = localised

    def check(self, value, ctx, path):
        if self.localised and is_localised(value):
            value = pick_language(value, ctx, path)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise Invalid(f"expected {self.expected}, got {type_name(value)}")
        text = str(value).strip()
        if not text:
            raise Invalid(f"expected {self.expected}, got an empty string")
        return text

    def json_schema(self):
        plain = {"type": ["string", "number"]}
        if not self.localised:
            return plain
        return {"anyOf": [plain, {"$ref": "#/$defs/localised_text"}]}


class Markdown(Text):
    """Text rendered with the site's Markdown."""

    expected = "Markdown text"


class MarkdownList(Kind):
    """One Markdown string, or a list of them (shown as bullet points)."""

    expected = "Markdown text or a list of Markdown strings"

    def check(self, value, ctx, path):
        if is_localised(value):
            value = pick_language(value, ctx, path)
        items = value if isinstance(value, list) else [value]
        return [
            Markdown().check(item, ctx, path + (i,) if isinstance(value, list) else path)
            for i, item in enumerate(items)
        ]

    def json_schema(self):
        md = Markdown().json_schema()
        per_language = {"type": "object", "additionalProperties": {"anyOf": [md, {"type": "array", "items": md}]}}
        return {"anyOf": [md, {"type": "array", "items": md}, per_language]}


class Integer(Kind):
    def __init__(self, expected: str, minimum: int | None = None, maximum: int | None = None):
        self.expected, self.minimum, self.maximum = expected, minimum, maximum

    def check(self, value, ctx, path):
        if isinstance(value, str) and value.strip().isdigit():
            try:
                value = int(value.strip())
            except ValueError:  # digits to isdigit that int() does not read ("²"), or more than it converts
                pass
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(f"expected {self.expected}, got {type_name(value)} {_quote(value)}".rstrip())
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise Invalid(f"expected {self.expected}, got {value}")
        return value

    def json_schema(self):
        schema: dict = {"type": "integer"}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return schema


def _quote(value) -> str:
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        text = str(value)
        return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"
    return ""


class Month(Kind):
    expected = "a month (1-12 or a name like 'jul')"

    def check(self, value, ctx, path):
        if isinstance(value, str) and value.strip()[:3].lower() in MONTH_NAMES and value.strip().isalpha():
            return MONTH_NAMES.index(value.strip()[:3].lower()) + 1
        return Integer(self.expected, 1, 12).check(value, ctx, path)

    def json_schema(self):
        return {
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": 12},
                {"type": "string", "pattern": "^[A-Za-z]{3,9}$"},
            ]
        }


# The words that mean yes or no wherever text is read as a switch: front matter, .bib fields, marker options.
TRUE_WORDS = frozenset(("true", "yes", "1"))
FALSE_WORDS = frozenset(("false", "no", "0"))


def parse_boolean(text: str) -> bool | None:
    """True or False for a word of TRUE_WORDS or FALSE_WORDS (any case, spaces around it), else None."""
    word = text.strip().lower()
    return True if word in TRUE_WORDS else False if word in FALSE_WORDS else None


class Boolean(Kind):
    expected = "true or false"

    def check(self, value, ctx, path):
        if isinstance(value, bool):
            return value
        answer = parse_boolean(value) if isinstance(value, str) else None
        if answer is not None:
            return answer
        raise Invalid(f"expected {self.expected}, got {type_name(value)} {_quote(value)}".rstrip())

    def json_schema(self):
        return {"type": "boolean"}


class Choice(Kind):
    def __init__(self, values: tuple[str, ...]):
        self.values = values
        self.expected = "one of " + ", ".join(values)

    def check(self, value, ctx, path):
        text = str(value).strip().lower() if isinstance(value, (str, int)) else None
        if text not in self.values:
            raise Invalid(
                f"expected {self.expected}, got {type_name(value)} {_quote(value)}".rstrip()
                + did_you_mean(str(value), self.values)
            )
        return text

    def json_schema(self):
        return {"type": "string", "enum": list(self.values)}


_DATE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")


class Date(Kind):
    """YYYY, YYYY-MM or YYYY-MM-DD (YAML may hand over a date object or a number)."""

    expected = "a date as YYYY, YYYY-MM or YYYY-MM-DD"

    def __init__(self, allow_present: bool = False):
        self.allow_present = allow_present
        if allow_present:
            self.expected += ", or present"

    def check(self, value, ctx, path):
        if isinstance(value, datetime.datetime):
            value = value.date()
        if isinstance(value, datetime.date):
            return PartialDate(value.year, value.month, value.day)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise Invalid(f"expected {self.expected}, got {type_name(value)}")
        text = value.strip()
        if self.allow_present and text.lower() in ("present", "now", "current", "today"):
            return PRESENT
        match = _DATE.match(text)
        if not match:
            raise Invalid(f"expected {self.expected}, got '{text[:40]}'")
        year, month, day = (int(g) if g else None for g in match.groups())
        if month is not None and not 1 <= month <= 12:
            raise Invalid(f"'{text}' has no month {month}; expected {self.expected}")
        if day is not None:
            try:
                datetime.date(year, month, day)
            except ValueError:
                raise Invalid(f"'{text}' is not a real day; expected {self.expected}") from None
        return PartialDate(year, month, day)

    def json_schema(self):
        pattern = r"^\d{4}(-\d{1,2}(-\d{1,2})?)?$"
        schema: dict = {
            "anyOf": [{"type": "string", "pattern": pattern}, {"type": "integer", "minimum": 1000, "maximum": 9999}]
        }
        if self.allow_present:
            schema["anyOf"].append({"type": "string", "enum": ["present", "now"]})
        return schema


class ListOf(Kind):
    """A list; a bad item is reported and left out, the rest kept."""

    def __init__(self, item: Kind, single_ok: bool = True):
        self.item, self.single_ok = item, single_ok
        self.expected = f"a list of {item.expected}"

    def check(self, value, ctx, path):
        if not isinstance(value, list):
            if self.single_ok and not isinstance(value, dict):
                value = [value]
            else:
                raise Invalid(f"expected {self.expected}, got {type_name(value)}")
        result = []
        for index, item in enumerate(value):
            try:
                result.append(self.item.check(item, ctx, path + (index,)))
            except Reported:
                pass
            except Invalid as problem:
                ctx.reporter.warn(path + (index,), f"{problem}; this item is left out")
        return result

    def json_schema(self):
        items = self.item.json_schema()
        schema = {"type": "array", "items": items}
        return {"anyOf": [items, schema]} if self.single_ok else schema


class Links(Kind):
    """A mapping of link kind -> handle or URL (``github: octocat``, ``pdf: files/paper.pdf``)."""

    expected = "a mapping of link kind to URL or id (for example github: octocat)"

    def check(self, value, ctx, path):
        if not isinstance(value, dict) or is_localised(value) and not set(value) & set(link_kinds.LINK_KINDS):
            raise Invalid(f"expected {self.expected}, got {type_name(value)}")
        links = (
            self.link(str(kind).strip().lower(), raw, ctx, path + (str(kind).strip(),)) for kind, raw in value.items()
        )
        return list(filter(None, links))

    @staticmethod
    def link(kind: str, raw, ctx: Context, where: tuple) -> Link | None:
        """The link of one ``kind`` (lower case); None if there is none, with a warning if one was meant."""
        if raw is None or raw == "":
            return None
        try:
            text = Text().check(raw, ctx, where)
        except Invalid as problem:
            ctx.reporter.warn(where, f"{problem}; this link is left out")
            return None
        url, _ = link_kinds.expand(kind, text)
        if kind not in link_kinds.LINK_KINDS and not link_kinds.looks_like_url(url) and not _looks_like_path(url):
            ctx.reporter.warn(
                where,
                f"unknown link kind '{where[-1]}' with a value that is not a URL"
                f"{did_you_mean(kind, link_kinds.LINK_KINDS)}; this link is left out",
            )
            return None
        safe = link_kinds.safe_url(url)
        if safe is None:
            ctx.reporter.warn(where, f"'{text[:60]}' is not an http(s), mailto or relative URL; this link is left out")
            return None
        return Link(kind, safe, link_kinds.label_for(kind))

    def json_schema(self):
        known = {k: {"type": ["string", "number"]} for k in link_kinds.LINK_KINDS}
        return {"type": "object", "properties": known, "additionalProperties": {"type": "string"}}


def _looks_like_path(value: str) -> bool:
    """files/cv.pdf or cv.pdf, but not an id like 2410.12345."""
    return "/" in value or bool(re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", value))


class Url(Kind):
    """A URL or a path relative to the page, also as people write one (``osf.io/x``, ``<a href="…">``, see
    ``links.written_url``); unsafe schemes are refused."""

    expected = "an http(s), mailto or relative URL"

    def check(self, value, ctx, path):
        text = Text(localised=False).check(value, ctx, path)
        safe = link_kinds.safe_url(link_kinds.written_url(text))
        if safe is None:
            raise Invalid(f"'{text[:60]}' is not {self.expected}")
        return safe

    def json_schema(self):
        return {"type": "string", "format": "uri-reference"}


_CSS_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|hsl)a?\([0-9.,%\s/]+\))$")


class Colour(Kind):
    """A CSS colour; anything else could smuggle CSS into a style attribute."""

    expected = "a CSS colour like #00369f, rgb(0, 54, 159) or navy"

    def check(self, value, ctx, path):
        text = Text(localised=False).check(value, ctx, path)
        if not _CSS_COLOUR.match(text):
            raise Invalid(f"expected {self.expected}, got '{text[:40]}'")
        return text

    def json_schema(self):
        return {"type": "string", "pattern": _CSS_COLOUR.pattern}


@dataclass
class Field:
    name: str
    kind: Kind
    required: bool = False
    description: str = ""


@dataclass
class Record(Kind):
    """A mapping with known fields, built into a model object."""

    name: str  # how a researcher would call one entry: "publication"
    fields: list[Field]
    build: Callable[..., Any]
    # Fixes applied after the fields were read: (values, ctx, path) -> values.
    finish: Callable[[dict, Context, tuple], dict] | None = None
    description: str = ""
    lenient: bool = False  # keep the record without a bad optional field instead of leaving it out
    # Other fields that are links become buttons after those of `links:`: a field named as a link kind (or an
    # alias, codelink: …) as if it were in `links:`, any other name when its value is a web address.
    link_fields: bool = False
    by_name: dict[str, Field] = field(init=False)

    def __post_init__(self):
        self.by_name = {f.name: f for f in self.fields}
        self.expected = f"a mapping with the fields of {_article(self.name)}"

    def check(self, value, ctx, path):
        if not isinstance(value, dict) or is_localised(value) and not set(value) & set(self.by_name):
            required = ", ".join(f.name for f in self.fields if f.required)
            raise Invalid(f"expected {self.expected} ({required}, …), got {type_name(value)}")
        # A list entry with a bad field is left out whole; a single record (the profile) only loses the field.
        consequence = f"this {self.name} is left out"
        values: dict[str, Any] = {}
        problems: list[tuple[tuple, str]] = []
        other_links: list[Link] = []
        for key, raw in value.items():
            spec = self.by_name.get(str(key))
            if spec is None:
                if self.link_fields and self._is_link_field(str(key), raw):
                    link = Links.link(link_kinds.field_link_kind(str(key)), raw, ctx, path + (key,))
                    other_links += [link] if link else []
                else:
                    ctx.reporter.warn(
                        path + (key,), f"unknown field of {_article(self.name)}{did_you_mean(key, self.by_name)}"
                    )
                continue
            if raw is None:
                continue
            try:
                values[spec.name] = spec.kind.check(raw, ctx, path + (key,))
            except Reported:
                problems.append((path + (key,), ""))
            except Invalid as problem:
                problems.append((path + (key,), str(problem)))
        absent = [f.name for f in self.fields if f.required and value.get(f.name) is None]
        for name in absent:
            problems.append((path, f"this {self.name} has no '{name}', which is required"))
        # A required field that is there but wrong counts as missing too: the record cannot be built.
        missing = [f.name for f in self.fields if f.required and f.name not in values]
        if self.lenient and not missing:
            consequence = "this field is ignored"
        for where, problem in problems:
            if problem:
                ctx.reporter.warn(where, f"{problem}; {consequence}")
        if problems and not (self.lenient and not missing):
            raise Reported(consequence)
        if other_links:
            values["links"] = values.get("links", []) + other_links
        if self.finish:
            values = self.finish(values, ctx, path)
        return self.build(**values)

    def _is_link_field(self, name: str, raw: Any) -> bool:
        """A link kind's name, or a web address under a name that is no misspelt URL field (``ulr:``)."""
        if link_kinds.field_link_kind(name) in link_kinds.LINK_KINDS:
            return True
        url_fields = [f.name for f in self.fields if isinstance(f.kind, Url)]
        return isinstance(raw, str) and link_kinds.is_web_link(raw) and not did_you_mean(name, url_fields)

    def json_schema(self):
        properties = {}
        for spec in self.fields:
            schema = dict(spec.kind.json_schema())
            if spec.description:
                schema["description"] = spec.description
            properties[spec.name] = schema
        schema = {"type": "object", "properties": properties, "additionalProperties": False}
        if self.link_fields:
            names = sorted((set(link_kinds.LINK_KINDS) | set(link_kinds.FIELD_LINK_KINDS)) - set(self.by_name))
            link = {"type": ["string", "number"], "description": "A link, shown as a button like those of links."}
            schema["patternProperties"] = {f"^({'|'.join(names)})([_-]?(link|url))?$": link}
            schema["additionalProperties"] = {
                "type": "string",
                "pattern": r"^\s*(https?://|doi:|<a\s|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/)",
                "description": "A web address (https://…, osf.io/…): a link button labelled with the field's name.",
            }
        required = [f.name for f in self.fields if f.required]
        if required:
            schema["required"] = required
        if self.description:
            schema["description"] = self.description
        return schema


class OneOf(Kind):
    """A plain string, or a record (``affiliations: [PKU, {name: PKU, url: …}]``)."""

    def __init__(self, text: Kind, record: Record, from_text: Callable[[str], Any]):
        self.text, self.record, self.from_text = text, record, from_text
        self.expected = f"{text.expected} or {record.expected}"

    def check(self, value, ctx, path):
        if isinstance(value, dict) and not (is_localised(value) and not set(value) & set(self.record.by_name)):
            return self.record.check(value, ctx, path)
        return self.from_text(self.text.check(value, ctx, path))

    def json_schema(self):
        return {"anyOf": [self.text.json_schema(), self.record.json_schema()]}
