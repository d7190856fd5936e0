"""What BibTeX entries and CSL-JSON items have in common once read: al-folio's display fields, links,
previews, inline HTML, keywords, and the words of the messages about entries left out."""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Protocol

import nh3

from ..diagnostics import near_miss
from ..model.links import (
    FIELD_LINK_KINDS,
    LINK_KINDS,
    expand,
    field_link_kind,
    is_relative,
    is_web_link,
    label_for,
    safe_url,
    written_url,
)
from ..model.records import Link, Publication
from .bibtex_fields import DISABLED_FIELD_PREFIXES, DISPLAY_ONLY_FIELDS, KNOWN_FIELD_PREFIXES, PRIVATE_FIELDS
from .fields import parse_boolean
from .tex import squash

LEFT_OUT = "so this entry is left out"  # ends every message about an entry that gives no Publication
# Link fields in the order al-folio shows its buttons; BibTeX's url is the publisher's page.
_LINK_FIELDS = (
    ("arxiv", "arxiv"),
    ("doi", "doi"),
    ("url", "html"),
    ("html", "html"),
    ("pdf", "pdf"),
    ("supp", "supp"),
    ("video", "video"),
    ("blog", "blog"),
    ("code", "code"),
    ("poster", "poster"),
    ("slides", "slides"),
    ("website", "website"),
    ("hal", "hal"),
    ("hal_id", "hal"),
)
_FILE_LINKS = frozenset(("pdf", "slides", "poster", "supp"))  # al-folio looks these up under assets/pdf/
# Fields with a URL that is no link for a reader: al-folio's own (preview is an image), DBLP's record of
# where the entry came from, Zotero's copyright (a licence).
_NOT_LINKS = DISPLAY_ONLY_FIELDS | frozenset(("biburl", "bibsource", "copyright"))


class FieldSource(Protocol):
    """One record's fields as text (BibTeX entry or CSL-JSON item), and where to report on them."""

    fields: Mapping[str, object]  # by lower-case name; only presence is used here

    def text(self, name: str) -> str | None: ...

    def url(self, name: str) -> str | None: ...

    def warn(self, name: str, problem: str) -> None: ...

    def unread_field_names(self) -> Iterable[str]:
        """The lower-case name of each field nothing has read so far, in the order written, never a private one:
        once the known fields are read, those whose value is a web address become links."""
        ...


def apply_display_fields(pub: Publication, source: FieldSource, assets_prefix: str) -> None:
    """al-folio's fields (abbr, selected, award, additional_info, preview) and every link field onto ``pub``;
    then the inline HTML its text fields were written with (see apply_inline_html)."""
    if not DISPLAY_ONLY_FIELDS.isdisjoint(source.fields):  # most entries outside al-folio have none: no look-ups
        pub.abbr = source.text("abbr")
        pub.award = source.text("award") or source.text("award_name")
        pub.selected = _selected(source)
        pub.members = (source.text("members") or "").replace(",", " ").split()  # members = {yu-cheng, lei-wang}
        # al-folio prints additional_info right after the venue, so it often starts with ". " or ", ".
        pub.note = joined(pub.note, (source.text("additional_info") or "").lstrip(" .,;") or None)
        pub.image = _preview(source, assets_prefix)
    for field, kind in _LINK_FIELDS:
        value = source.url(field) if field in source.fields else None
        link = link_for(kind, value, source, field, assets_prefix) if value else None
        if link:
            pub.links.append(link)
    for field in [field for field in source.unread_field_names() if field not in _NOT_LINKS]:
        value = source.url(field)
        link = link_for(field_link_kind(field), value, source, field) if value and is_web_link(value) else None
        if link:
            pub.links.append(link)
    unique: dict[str, Link] = {}
    for link in pub.links:
        unique.setdefault(_same_url_key(link.url), link)  # a url that is the DOI's page is no second button
    pub.links = list(unique.values())
    apply_inline_html(pub)


# What BibTeX entries and CSL items alike may hold besides their format's own fields: al-folio's, the private
# ones, and the link fields (a name field_link_kind knows stands for a link too: codelink, project_url).
COMMON_FIELDS = DISPLAY_ONLY_FIELDS.union(
    (name for name in PRIVATE_FIELDS if not name.endswith("*")), LINK_KINDS, FIELD_LINK_KINDS
)


@lru_cache(maxsize=4096)
def misspelled(name: str, known: frozenset[str]) -> str | None:
    """The field of ``known`` that the lower-case ``name`` misspells, or None: a field a tool or style knows (see
    bibtex_fields.KNOWN_FIELDS) or a name of the author's own, far from any of them (codecoming, clearance)."""
    if name in known or name.startswith(KNOWN_FIELD_PREFIXES) or field_link_kind(name) in LINK_KINDS:
        return None
    if name.startswith(DISABLED_FIELD_PREFIXES) and name[3:] in known or name.rstrip("0123456789") in known:
        return None
    return near_miss(name, known)


def _selected(source: FieldSource) -> bool:
    selected = source.text("selected") or "false"
    answer = parse_boolean(selected)
    if answer is None:
        source.warn("selected", f"'{selected}' is not true or false; the entry is not marked as selected")
    return answer is True


def link_for(kind: str, value: str, source: FieldSource, field: str, assets_prefix: str = "") -> Link | None:
    """The link for a field's value, or None (with a warning) when its URL is not safe in an href."""
    url, _ = expand(kind, value)
    if kind in _FILE_LINKS and _in_assets(url):
        url = assets_prefix + url  # al-folio's convention: a bare file name lives under assets/pdf/
    safe = safe_url(url)
    if safe is None:
        source.warn(field, f"'{value[:60]}' is not an http(s), mailto or relative URL; this link is left out")
        return None
    return Link(kind, safe, label_for(kind))


def _in_assets(url: str) -> bool:
    """A path relative to the page (no scheme, not from the site's root): al-folio looks it up in its assets."""
    return ":" not in url and url[:1] != "/" or is_relative(url)  # no ":", no scheme: urlsplit is skipped


# al-folio's preview images are in assets/img/publication_preview/, beside its assets/pdf/.
_PREVIEWS_BESIDE_ASSETS = "../img/publication_preview"


def _previews_prefix(assets_prefix: str) -> str:
    """Where a preview's file name is, relative to the page: ``img/publication_preview/`` beside the folder of
    ``assets_prefix`` (al-folio's ``assets/img/publication_preview/`` beside ``assets/pdf/``)."""
    return posixpath.normpath(assets_prefix + _PREVIEWS_BESIDE_ASSETS) + "/"


def _preview(source: FieldSource, assets_prefix: str) -> str | None:
    """al-folio's ``preview``: an http(s) URL, or an image file (a bare name is looked up as al-folio does)."""
    value = source.url("preview")
    if not value:
        return None
    url = written_url(value)
    if _in_assets(url):
        url = _previews_prefix(assets_prefix) + url
    safe = safe_url(url)
    if safe is None or safe[:7].lower() == "mailto:":
        source.warn("preview", f"'{value[:60]}' is not an http(s) or relative URL; no image is shown")
        return None
    return safe


# --- Inline HTML ---------------------------------------------------------------------------------

# al-folio prints journal, booktitle, note and abstract as HTML and its award through Markdown, so its .bib
# files carry tags ("Oral <strong>(top 1.8%)</strong>", <br> in abstracts); CSL titles carry <i> and <sup>.
INLINE_TAGS = frozenset(("a", "b", "strong", "i", "em", "u", "sup", "sub", "br", "small", "span"))
INLINE_HTML_FIELDS = ("title", "venue", "note", "abstract", "award")
# The elements of HTML (and of the SVG and MathML it embeds) whose tags make a text HTML. A "<" that opens
# none of them is text: "List<String>", "a<b", "<i <i" never closed.
_HTML_ELEMENTS = INLINE_TAGS | frozenset(
    """abbr address area article aside audio base bdi bdo big blink blockquote body button canvas caption center
    cite code col colgroup data dd del details dfn dialog dir div dl dt embed fieldset figcaption figure font
    footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe img input ins kbd label legend li link
    main map mark marquee math menu meta meter nav nobr noembed noframes noscript object ol optgroup option output
    p param picture plaintext pre progress q rp rt ruby s samp script section select slot source strike style
    summary svg table tbody td template textarea tfoot th thead time title tr track tt ul var video wbr xmp""".split()
)
# A tag (name, then attributes up to the first ">", never past another "<"), or a "<" that starts none.
_TAG = re.compile(r"<(?:/?([A-Za-z][A-Za-z0-9]*)(?=[\s/>])[^<>]*>)?")


def _outgoing_href(element: str, attribute: str, value: str) -> str | None:
    """Links in .bib and CSL text lead out of the site (a relative one would point into whichever page shows the
    entry); a "$" is written %24, so that math is only ever found in text, never inside a tag."""
    if attribute != "href":
        return value
    return value.replace("$", "%24") if value[:8].lower().startswith(("https://", "http://", "mailto:")) else None


def _cleaner(tags: frozenset[str]) -> nh3.Cleaner:
    return nh3.Cleaner(
        tags=set(tags),
        attributes={"a": {"href"}} if "a" in tags else {},
        attribute_filter=_outgoing_href,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


_INLINE = _cleaner(INLINE_TAGS)
_IN_TITLE = _cleaner(INLINE_TAGS - {"a"})  # a title is a link to the entry already
_TEXT_ONLY = nh3.Cleaner(tags=set())


def inline_html(text: str, *, links: bool = True) -> tuple[str, str] | None:
    """(the text without its tags, its sanitized HTML) for text written with HTML tags; None for other text.

    Only INLINE_TAGS are kept (an ``a`` only where ``links``, with an http(s) or mailto href), with no other
    attribute; any other tag is removed and its text kept, except a script's or a style's, which goes too.
    """
    found = False

    def tag(match: re.Match) -> str:
        nonlocal found
        name = match.group(1)
        if name and name.lower() in _HTML_ELEMENTS:
            found = True
            return match.group()
        return "&lt;" + match.group()[1:]

    marked = _TAG.sub(tag, text)
    if not found:
        return None
    clean = (_INLINE if links else _IN_TITLE).clean(marked)
    plain = squash(html.unescape(_TEXT_ONLY.clean(clean.replace("<br>", " "))))
    return plain, clean


def apply_inline_html(pub: Publication) -> None:
    """Each text field written with HTML tags holds its text without them; its sanitized HTML goes to
    ``pub.markup``. A field with no text outside its tags is kept as written (shown escaped)."""
    for name in INLINE_HTML_FIELDS:
        text = getattr(pub, name)
        found = inline_html(text, links=name != "title") if text and "<" in text else None
        if found and found[0]:
            setattr(pub, name, found[0])
            pub.markup[found[0]] = found[1]


def _same_url_key(url: str) -> str:
    return url.split("://", 1)[-1].rstrip("/").lower()  # http and https, with or without the last /


def joined(*notes: str | None) -> str | None:
    """The notes that are there, in one line; None if none is."""
    return " ".join(n for n in notes if n) or None


_KEYWORD_SEPARATOR = re.compile(r"[,;]")


def tags_from(keywords: str | None) -> list[str]:
    """Keywords separated by commas or semicolons, each once."""
    return list(dict.fromkeys(k.strip() for k in _KEYWORD_SEPARATOR.split(keywords or "") if k.strip()))


def mentions_arxiv(venue: str | None) -> bool:
    return bool(venue) and ("arxiv" in venue.lower() or venue == "CoRR")  # CoRR is DBLP's name for arXiv
