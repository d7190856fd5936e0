"""Hugo Blox (Hugo Academic, Wowchemy) publications: a folder with an ``index.md`` and often a ``cite.bib``.

The front matter of ``index.md`` is what Hugo Blox shows, so it is what an entry shows here; the folder's
``cite.bib`` is the citation Hugo Blox offers for download, so it becomes the entry's BibTeX, and gives the
details the front matter has no field for (volume, pages, publisher). A ``cite.bib`` that holds another
publication (a copy left from a template) is reported and not used. Hugo's user ids among the authors
(``admin``, ``me``) are read from the site's author profiles, as Hugo does.

The front matter may be YAML (between ``---`` lines) or TOML (between ``+++`` lines, as Hugo Academic 4 wrote
it). Every field is checked with the front-matter field kinds (fields.py), and every problem is reported at
its line in ``index.md``.
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import functools
import posixpath
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import markdown
from markupsafe import Markup

from ..diagnostics import Place, Reporter, did_you_mean
from ..model import links as link_kinds
from ..model.records import PUBLICATION_TYPES, Link, Publication, derive_key
from .fields import Boolean, Context, Date, Invalid, ListOf, Markdown, Reported, Text, parse_boolean
from .frontmatter import MAX_DEPTH, LoadedYaml, load_front_matter, load_yaml
from .schema import Authors
from .text_files import decode_unicode, read_text_file, read_unicode

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same reader, before it joined the standard library
    import tomli as tomllib

PAGE = "index.md"  # a Hugo publication is the folder of this page
_IMAGE_SUFFIXES = ("jpg", "jpeg", "png", "webp", "gif", "svg")  # a featured image Hugo Blox finds in the folder
CITATION = "cite.bib"

# Hugo Academic's numbered types (its importer still writes them), then the CSL names Hugo Blox writes now.
TYPES = {
    "0": "other",
    "1": "conference",
    "2": "journal",
    "3": "preprint",  # "Preprint / Working Paper"; "Manuscript" before Academic 4.2
    "4": "report",
    "5": "book",
    "6": "chapter",
    "7": "thesis",
    "8": "patent",
    "paper-conference": "conference",
    "article-journal": "journal",
    "article": "preprint",  # Hugo Blox's templates list "article" as the preprint
    "manuscript": "preprint",
    "report": "report",
    "book": "book",
    "chapter": "chapter",
    "thesis": "thesis",
    "patent": "patent",
    **{name: name for name in PUBLICATION_TYPES},
}

# Hugo's link fields, in the order Hugo Blox shows the buttons, and the link kind each becomes.
URL_FIELDS = (
    ("url_pdf", "pdf"),
    ("url_preprint", "preprint"),
    ("url_code", "code"),
    ("url_dataset", "dataset"),
    ("url_poster", "poster"),
    ("url_project", "project"),
    ("url_slides", "slides"),
    ("url_source", "source"),
    ("url_video", "video"),
)
_PLACEHOLDER_URLS = ("", "#")  # Hugo's templates fill unused link fields with these
_DEFAULT_USERS = ("admin", "me")  # the site owner's id in Hugo Academic, and in Hugo Blox since 2024
_USER_ID = re.compile(r"[\w.-]+")  # an author written as one word may be a user's folder name
_TIMESTAMP = re.compile(r"(\d{4}-\d{1,2}-\d{1,2})[T ]")  # Hugo's dates carry a time: 2020-03-01T00:00:00Z
_TOML_ERROR_LINE = re.compile(r"\(at line (\d+), column \d+\)$")  # how tomllib ends its messages
MAX_TITLE_COMPARED = 300
_ALIKE = 0.9  # a copied title's typo ("Reep" for "Deep") is alike; another paper's title is far from it
_IN = "In "  # Hugo's convention starts the venue with it ("In *NeurIPS*"); a list of publications says no "In"


@functools.lru_cache(maxsize=1024)  # one parse per content: the scan, the cache's hash and the reader all ask
def _front_matter(text: str) -> LoadedYaml | None:
    """The page's front matter: YAML between --- lines, or TOML between +++ lines (Hugo Academic 4 wrote it)."""
    if text.startswith("+++"):
        return _toml_front_matter(text)
    # Hugo reads a page that is all front matter, its closing --- the file's last line with no line break after it.
    return load_front_matter(text if text.endswith("\n") else text + "\n")


def _toml_front_matter(text: str) -> LoadedYaml | None:
    """TOML front matter, with the line of each key (of the top level, of a [table] and of each [[table]]) as
    this file counts them; dates as the text YAML's reader leaves them."""
    lines = text.splitlines()
    end = next((index for index, line in enumerate(lines[1:], 1) if line.strip() == "+++"), None)
    if end is None:
        return None
    block = lines[1:end]
    try:
        data = tomllib.loads("\n".join(block))
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        at = _TOML_ERROR_LINE.search(message)
        return LoadedYaml(None, {}, message[: at.start()].strip() if at else message, int(at.group(1)) + 1 if at else 1)
    except RecursionError:  # tomllib recurses once per level of arrays and inline tables
        return LoadedYaml(None, {}, _TOML_TOO_DEEP, 1)
    if _deeper_than(data, MAX_DEPTH):  # dotted keys and [a.b.c] tables nest without recursing in tomllib
        return LoadedYaml(None, {}, _TOML_TOO_DEEP, 1)
    return LoadedYaml(_dates_as_text(data), _toml_lines(block))


_TOML_TOO_DEEP = f"arrays and tables nested more than {MAX_DEPTH} levels deep"


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether lists and mappings nest more than ``limit`` deep; without recursion, for the walks after it."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth == limit:
                return True
            stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return False


def _toml_lines(block: list[str]) -> dict[tuple, int]:
    found: dict[tuple, int] = {}
    table: tuple = ()
    arrays: Counter[str] = Counter()  # [[links]] tables seen so far, by name: the next one's index
    for number, line in enumerate(block, 2):  # the block starts on the file's second line
        stripped = line.strip()
        if stripped.startswith("[["):
            name = stripped.strip("[] ")
            table = (name, arrays[name])
            arrays[name] += 1
        elif stripped.startswith("["):
            table = (stripped.strip("[] "),)
        elif "=" in stripped and not stripped.startswith("#"):
            table_key = stripped.split("=", 1)[0].strip().strip("\"'")
            found.setdefault(table + (table_key,), number)
            continue
        else:
            continue
        found.setdefault(table, number)
    return found


def _dates_as_text(value: Any) -> Any:
    """TOML's own dates (date = 2019-03-01) as ISO text, which the date fields read."""
    if isinstance(value, dict):
        return {key: _dates_as_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_dates_as_text(item) for item in value]
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return value


def page_kind(path: Path) -> str | None:
    """What the index.md ``path`` is: "publication" when its front matter names the publication or its types,
    "draft" for such a page with draft: true (Hugo leaves it out of a site, and so do folders and globs here),
    None for any other page."""
    try:
        text = read_unicode(path, errors="replace")
    except OSError:
        return None
    loaded = _front_matter(text)
    if loaded is not None and loaded.error and text.startswith("+++"):
        return "publication"  # TOML front matter is Hugo's, never a page's here: reading it tells what is wrong
    meta = loaded.data if loaded is not None and isinstance(loaded.data, dict) else {}
    if not {"publication", "publication_types"} & set(meta):
        return None
    return "draft" if _is_draft(meta) else "publication"


def _is_draft(meta: dict) -> bool:
    draft = meta.get("draft")
    return draft is True or isinstance(draft, str) and parse_boolean(draft) is True


def companions(path: Path, content: bytes) -> tuple[Path, ...]:
    """The files a reading of the index.md ``path`` takes in besides it: the folder's cite.bib and PDF, and the
    profiles that may name its authors, there or not (one that appears later changes what the entry shows)."""
    loaded = _front_matter(decode_unicode(content, errors="replace"))
    meta = loaded.data if loaded is not None and isinstance(loaded.data, dict) else {}
    authors = meta.get("authors") if isinstance(meta.get("authors"), list) else []
    profiles = [profile for author in authors for profile in _profiles(path, author)]
    return (path.parent / CITATION, _bundle_pdf(path), *profiles)


def _bundle_pdf(path: Path) -> Path:
    """The PDF Hugo links by itself: the one in the publication's folder named after the folder."""
    return path.parent / f"{path.parent.name}.pdf"


def read_hugo_publication(
    text: str, reporter: Reporter, *, assets_prefix: str = "", private_fields=(), path: Path | None = None
) -> list[Publication]:
    """The publication of a Hugo ``index.md``. ``path``, where the file is, finds its cite.bib and its authors'
    profiles; ``assets_prefix`` is its folder relative to the page showing it (see formats.links_prefix)."""
    loaded = _front_matter(text)
    if loaded is None:
        reporter.warn((), "no front matter (between --- or +++ lines) gives the publication's title and fields")
        return []
    page = Reporter(reporter.file, loaded.lines, reporter.found)
    if loaded.error:
        language = "TOML" if text.startswith("+++") else "YAML"
        page.warn(
            (), f"the front matter is not valid {language}: {loaded.error}; nothing is read", line=loaded.error_line
        )
        return []
    for where, line, first in loaded.repeated:
        page.warn(where, f"this key is given twice (also on line {first}); only the last one is read", line=line)
    meta = loaded.data
    if not isinstance(meta, dict):
        page.warn((), "expected the publication's fields (title, authors, date…) in the front matter")
        return []
    if _is_draft(meta):
        page.warn(("draft",), "this publication is a draft (draft: true), which Hugo leaves out; so does this site")
        return []
    values = _Fields(meta, Context(page), assets_prefix, path).values()
    values["origin"] = (Place(reporter.file),)  # later messages about the entry (a missing poster.pdf) name this file
    cited = _cited(path, reporter, values.get("title"), assets_prefix, private_fields) if path is not None else None
    if cited is not None:
        return [_merged(values, cited)]
    if "title" not in values:
        page.warn((), "this publication has no 'title', which is required; it is left out")
        return []
    return [Publication(**values)]


@dataclass
class _Fields:
    """The fields of one index.md, each checked, as the model's: only those the page gives."""

    meta: dict
    ctx: Context
    prefix: str  # the folder of index.md relative to the page showing the entry
    path: Path | None

    def values(self) -> dict[str, Any]:
        values = {"title": self.field(Text(), "title")}
        values["authors"] = self.check(Authors(), ("authors",), self.authors_named())
        values["venue"], values["abbr"] = self.venue()
        date = self.check(Date(), ("date",), _day_of(self.meta.get("date")))
        if date is not None:
            # Hugo's importer writes 1 January when a .bib gives the year alone: that is no month.
            values["year"], values["month"] = date.year, None if (date.month, date.day) == (1, 1) else date.month
        values["type"] = self.type()
        # featured since Hugo Academic 4; selected before
        values["selected"] = self.field(Boolean(), "featured") or self.field(Boolean(), "selected")
        values["abstract"] = self.field(Markdown(), "abstract") or self.field(Markdown(), "summary")
        values["tags"] = self.field(ListOf(Text()), "tags")
        values["links"] = self.links()
        values["image"] = self.featured_image()
        given = {name: value for name, value in values.items() if value not in (None, [])}
        # Hugo's slug, the folder's name, is the key: the entry's anchor stays what its Hugo URL ended with.
        key = self.path.parent.name if self.path is not None else ""
        given["key"] = key or derive_key(given.get("authors", []), given.get("year"), given.get("title") or "")
        return given

    def featured_image(self) -> str | None:
        """The thumbnail Hugo Blox shows in lists: the image ``image: {filename}`` names in the folder, else the
        folder's ``featured.*``."""
        if self.path is None:
            return None
        folder = self.path.parent
        named = self.meta.get("image")
        filename = named.get("filename") if isinstance(named, dict) else None
        chosen = [folder / filename] if isinstance(filename, str) and filename.strip() else []
        chosen += [folder / f"featured.{suffix}" for suffix in _IMAGE_SUFFIXES]
        for image in chosen:
            if image.parent == folder and image.is_file():  # a name with a / would leave the folder
                return self.prefix + image.name
        return None

    def field(self, kind, name: str):
        return self.check(kind, (name,), self.meta.get(name))

    def check(self, kind, path: tuple, value: Any):
        """``value`` checked by ``kind``; None when it is not given, or (reported) does not fit."""
        if value is None or value == "" or value == []:
            return None
        try:
            return kind.check(value, self.ctx, path)
        except Reported:
            return None
        except Invalid as problem:
            self.ctx.reporter.warn(path, f"{problem}; this field is ignored")
            return None

    def authors_named(self) -> Any:
        """The authors as written, Hugo's user ids (admin, me) replaced by the names their profiles give."""
        authors = self.meta.get("authors")
        if not isinstance(authors, list) or self.path is None:
            return authors
        named = []
        for index, author in enumerate(authors):
            name = next(filter(None, map(_profile_name, _profiles(self.path, author))), None)
            if name is None and isinstance(author, str) and author.strip() in _DEFAULT_USERS:
                self.ctx.reporter.warn(
                    ("authors", index),
                    f"'{author.strip()}' is Hugo's id of the site's owner, and no author profile "
                    f"(content/authors/{author.strip()}/_index.md or data/authors/{author.strip()}.yaml) gives "
                    "the name; it is shown as written - write the name instead",
                )
            named.append(name or author)
        return named

    def venue(self) -> tuple[str | None, str | None]:
        """The venue and its short name, as plain text: ``publication`` and ``publication_short`` (Markdown, "In
        *ACL*"), or ``publication: {name, short_name}`` as Hugo Blox writes it now."""
        publication = self.meta.get("publication")
        if isinstance(publication, dict) and {"name", "short_name"} & set(publication):
            venue = self.check(Text(), ("publication", "name"), publication.get("name"))
            short = self.check(Text(), ("publication", "short_name"), publication.get("short_name"))
        else:
            venue, short = self.field(Text(), "publication"), self.field(Text(), "publication_short")
        venue, short = _plain(venue), _plain(short)
        return venue or short, short if venue and short != venue else None

    def type(self) -> str | None:
        """The first of ``publication_types``: Hugo's number or CSL name, as one of the model's types."""
        types = self.meta.get("publication_types")
        where = ("publication_types", 0) if isinstance(types, list) else ("publication_types",)
        first = (types[0] if types else None) if isinstance(types, list) else types
        if first is None or first == "":
            return None
        code = str(first).strip().lower()
        if code not in TYPES:
            self.ctx.reporter.warn(
                where,
                f"unknown publication type '{code[:40]}' (Hugo's 0 to 8, or a CSL type like article-journal)"
                f"{did_you_mean(code, TYPES)}; it is shown as other",
            )
            return "other"
        return TYPES[code]

    def links(self) -> list[Link]:
        """Hugo's link fields (url_pdf…), then its own links (``links``, ``url_custom``), then the DOI and arXiv
        id (``doi``, ``hugoblox: {ids: …}``); each URL once. A PDF named after the folder is the PDF, as in Hugo,
        whatever url_pdf says."""
        found: dict[str, Link] = {}
        bundled = _bundle_pdf(self.path) if self.path is not None else None
        if bundled is not None and bundled.is_file():
            self.add_link(found, "pdf", bundled.name, ("url_pdf",))
        for field, kind in URL_FIELDS:
            if not (field == "url_pdf" and found):
                self.add_link(found, kind, self.meta.get(field), (field,))
        for field in ("links", "url_custom"):
            items = self.meta.get(field)
            if items is None:
                continue
            if not isinstance(items, list):
                self.ctx.reporter.warn((field,), "expected a list of links ({name, url} or {type, url}); ignored")
                continue
            for index, item in enumerate(items):
                self.add_custom_link(found, item, (field, index))
        ids = self.meta.get("hugoblox", {}).get("ids") if isinstance(self.meta.get("hugoblox"), dict) else None
        self.add_link(found, "doi", self.meta.get("doi"), ("doi",))
        for kind in ("doi", "arxiv"):
            if isinstance(ids, dict):
                self.add_link(found, kind, ids.get(kind), ("hugoblox", "ids", kind))
        return list(found.values())

    def add_custom_link(self, found: dict[str, Link], item: Any, where: tuple) -> None:
        """``{name, url}`` (Wowchemy), ``{type, url, label}`` or ``{type: preprint, provider: arxiv, id}`` (Hugo
        Blox): a known kind keeps its icon, any other is a plain link with the name as its label."""
        if not isinstance(item, dict):
            self.ctx.reporter.warn(where, "expected a link as a mapping with a name and a url; it is left out")
            return
        word = str(item.get("type") or item.get("name") or "").strip().lower()
        label = item.get("label") or item.get("name")
        provider = str(item.get("provider") or "").strip().lower()
        if provider in ("arxiv", "doi") and item.get("id"):
            self.add_link(found, provider, item.get("id"), where + ("id",), label)
            return
        kind = word if word in link_kinds.LINK_KINDS or word in dict(URL_FIELDS).values() else "link"
        self.add_link(found, kind, item.get("url"), where + ("url",), str(label).strip() if label else None)

    def add_link(self, found: dict[str, Link], kind: str, value: Any, where: tuple, label: str | None = None) -> None:
        if value is None or isinstance(value, str) and value.strip() in _PLACEHOLDER_URLS:
            return
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.ctx.reporter.warn(where, "expected a URL or a path; this link is left out")
            return
        url, _ = link_kinds.expand(kind, str(value))
        if link_kinds.is_relative(url) and not url.startswith("#"):
            url = self.prefix + url  # a file beside index.md, as Hugo reads it
        safe = link_kinds.safe_url(url)
        if safe is None:
            self.ctx.reporter.warn(
                where, f"'{str(value)[:60]}' is not an http(s), mailto or relative URL; this link is left out"
            )
            return
        found.setdefault(safe, Link(kind, safe, label or link_kinds.label_for(kind)))


def _day_of(value: Any) -> Any:
    """A Hugo date without its time (2020-03-01T00:00:00Z is 2020-03-01); other values as they are."""
    match = _TIMESTAMP.match(value.strip()) if isinstance(value, str) else None
    return match.group(1) if match else value


def _plain(markdown_text: str | None) -> str | None:
    """Hugo's venue (Markdown, "In *NeurIPS*") as the plain text a venue is here: "NeurIPS"."""
    if not markdown_text:
        return None
    text = Markup(markdown.markdown(markdown_text)).striptags()
    return (text.removeprefix(_IN) if text.startswith(_IN) else text).strip() or None


def _profiles(path: Path, author: Any) -> tuple[Path, ...]:
    """Where Hugo keeps the profile of the user ``author`` names, if it is a user's id: in the site around the
    publication's folder (``content/authors/ID/_index.md``, ``data/authors/ID.yaml`` since Hugo Blox 2024)."""
    if not isinstance(author, str) or not _USER_ID.fullmatch(author.strip()):
        return ()
    content = next((folder for folder in path.parents if folder.name == "content"), None)
    if content is None:
        return ()
    user = author.strip()
    return (
        content / "authors" / user / "_index.md",
        content / "author" / user / "_index.md",
        content.parent / "data" / "authors" / f"{user}.yaml",
    )


def _profile_name(profile: Path) -> str | None:
    """The name a Hugo author profile gives: its page's title (its name before Academic 4.6), or its data file's
    name.display."""
    try:
        text = read_unicode(profile, errors="replace")
    except OSError:
        return None
    if profile.suffix == ".md":
        loaded = _front_matter(text)
        data = loaded.data if loaded is not None else None
        name = (data.get("title") or data.get("name")) if isinstance(data, dict) else None
    else:
        data = load_yaml(text).data
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, dict):
            name = name.get("display") or " ".join(filter(None, (name.get("given"), name.get("family"))))
    return name.strip() or None if isinstance(name, str) else None


def _cited(path: Path, reporter: Reporter, title: str | None, prefix: str, private_fields: tuple) -> Publication | None:
    """The entry of the folder's cite.bib that is this publication; None when there is none, or it is another
    publication's (reported: Hugo templates leave a copied cite.bib behind)."""
    citation = path.parent / CITATION
    if not citation.is_file():
        return None
    cite_reporter = Reporter(posixpath.join(posixpath.dirname(reporter.file), CITATION), {}, reporter.found)
    text = read_text_file(citation, cite_reporter)
    if text is None:
        return None
    from .bibtex import read_bibtex

    entries = read_bibtex(text, cite_reporter, assets_prefix=prefix, private_fields=private_fields)
    if title is None:
        return entries[0] if entries else None
    match = next((entry for entry in entries if _same_title(entry.title, title)), None)
    if match is None and entries:
        cite_reporter.warn(
            entries[0].origin or (entries[0].key,),
            f"it holds '{entries[0].title[:60]}', not this folder's publication ('{title[:60]}'); it is not used",
        )
    return match


def _same_title(one: str, other: str) -> bool:
    """Titles alike but for case, spacing, punctuation and a typo or two, or one a part of the other (a subtitle
    left out). Compared over their first MAX_TITLE_COMPARED letters: the work stays small for any text."""
    one, other = ("".join(filter(str.isalnum, title.casefold()))[:MAX_TITLE_COMPARED] for title in (one, other))
    shorter, longer = sorted((one, other), key=len)
    if shorter == longer or len(shorter) >= 10 and shorter in longer:
        return True
    return difflib.SequenceMatcher(None, one, other, autojunk=False).ratio() >= _ALIKE


def _merged(values: dict[str, Any], cited: Publication) -> Publication:
    """cite.bib's entry with what index.md gives in its place: index.md is what Hugo Blox shows; cite.bib
    adds the details it has no field for, its own links after index.md's, and the BibTeX for visitors.

    Its abstract and note are BibTeX text, never Markdown: the entry renders Markdown only when index.md gives
    the abstract, and then leaves out cite.bib's note.
    """
    links = values.pop("links", [])
    known = {link.url for link in links}
    links += [link for link in cited.links if link.url not in known]
    own_abstract = "abstract" in values
    return dataclasses.replace(
        cited,
        **values,
        links=links,
        trusted=own_abstract or cited.trusted,
        note=None if own_abstract else cited.note,
    )
