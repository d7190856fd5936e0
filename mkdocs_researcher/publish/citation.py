"""Citation metadata for machines: Google Scholar meta tags, schema.org JSON-LD and BibTeX.

Nothing here knows about MkDocs: the plugin passes the page's and the site's
URLs in. URLs given to crawlers are absolute (see ``urls.absolute_url``); a
relative one is resolved against the built page. A publication's DOI and arXiv
id are those of its links (see ``identifiers``).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from html.parser import HTMLParser

import markdown as markdown_lib

from ..model.identifiers import arxiv_id_of, doi_of, doi_url
from ..model.names import ET_AL
from ..model.records import (
    MONTH_NAMES,
    Author,
    PartialDate,
    Profile,
    Publication,
    derive_key,
    display_pages,
    page_range,
)
from ..model.urls import absolute_url, first_absolute_link, first_link_url

SCHEMA_ORG = "https://schema.org"

# --- Shared helpers ---------------------------------------------------------------------------


def compact(data: dict) -> dict:
    """``data`` without the keys whose value is None or empty, so no consumer sees a blank field."""
    return {key: value for key, value in data.items() if value not in (None, "", [], {})}


class _TextOnly(HTMLParser):
    """The text of an HTML fragment; what scripts and styles contain is not text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skipping += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skipping:
            self._skipping -= 1

    def handle_data(self, data):
        if not self._skipping:
            self.parts.append(data)


def plain_text(text: str | None, *, markdown: bool = True) -> str | None:
    """``text`` as one line of plain text; Markdown (and any HTML in it) is reduced to its words."""
    if not text:
        return None
    if markdown:
        parser = _TextOnly()
        parser.feed(markdown_lib.markdown(text))
        parser.close()
        text = "".join(parser.parts)  # Markdown puts a newline between blocks, so words stay apart
    return " ".join(text.split()) or None


def abstract_text(pub: Publication) -> str | None:
    # Entries from .bib/CSL files are plain text already: Markdown syntax in them is literal.
    return plain_text(pub.abstract, markdown=pub.trusted)


def real_authors(pub: Publication) -> list[Author]:
    """The authors without the "et al." stand-in, which names nobody."""
    return [a for a in pub.authors if a.name != ET_AL]


def publication_date(pub: Publication) -> PartialDate | None:
    return PartialDate(pub.year, pub.month) if pub.year else None


# --- Google Scholar (Highwire Press) meta tags ------------------------------------------------

# The venue tag Scholar expects for each type; other types have no venue tag.
_HIGHWIRE_VENUE = {
    "journal": "citation_journal_title",
    "conference": "citation_conference_title",
    "workshop": "citation_conference_title",
    "thesis": "citation_dissertation_institution",
    "report": "citation_technical_report_institution",
}


def _inverted_name(author: Author) -> str:
    """ "Family, Given" when both parts are known (the form of Scholar's and BibTeX's examples), else the name."""
    return f"{author.family}, {author.given}" if author.given and author.family else author.name


def highwire_meta(pub: Publication, *, page_url: str | None, site_url: str | None) -> list[tuple[str, str]]:
    """Google Scholar's ``citation_*`` meta tags as (name, content) pairs, in the order of its guidelines."""
    first_page, last_page = page_range(pub.pages)
    date = publication_date(pub)
    candidates = [
        ("citation_title", pub.title),
        *(("citation_author", _inverted_name(a)) for a in real_authors(pub)),
        ("citation_publication_date", date.iso().replace("-", "/") if date else None),
        (_HIGHWIRE_VENUE.get(pub.type), pub.venue),
        ("citation_volume", pub.volume),
        # A report's BibTeX number is its report number, not an issue.
        ("citation_technical_report_number" if pub.type == "report" else "citation_issue", pub.issue),
        ("citation_firstpage", first_page),
        ("citation_lastpage", last_page),
        ("citation_publisher", pub.publisher),
        ("citation_isbn", pub.isbn),
        ("citation_issn", pub.issn),
        ("citation_doi", doi_of(pub)),
        ("citation_pdf_url", absolute_url(first_link_url(pub.links, ["pdf"]), page_url=page_url, site_url=site_url)),
        ("citation_abstract_html_url", absolute_url(page_url, site_url=site_url)),
        ("citation_arxiv_id", arxiv_id_of(pub)),
    ]
    return [(name, " ".join(str(value).split())) for name, value in candidates if name and value and str(value).strip()]


def render_meta_tags(pairs: Iterable[tuple[str, str]]) -> str:
    """One ``<meta name content>`` line per pair, both attributes escaped."""
    return "\n".join(
        f'<meta name="{html.escape(name, quote=True)}" content="{html.escape(content, quote=True)}">'
        for name, content in pairs
    )


# --- schema.org JSON-LD -----------------------------------------------------------------------


def _organization(name: str | None, url: str | None = None) -> dict | None:
    return compact({"@type": "Organization", "name": name, "url": absolute_url(url)}) if name else None


def person_jsonld(
    profile: Profile, *, page_url: str | None, site_url: str | None, image_url: str | None, obfuscate_email: bool
) -> dict:
    """A schema.org ``Person`` for the profile; sameAs lists the links that are already absolute http(s) URLs."""
    # A relative profile link is a file of the site (a CV), not another page about the person.
    same_as = [absolute_url(link.url) for link in profile.links]
    return compact(
        {
            "@context": SCHEMA_ORG,
            "@type": "Person",
            "name": profile.name,
            "alternateName": profile.native_name,
            "image": absolute_url(image_url, page_url=page_url, site_url=site_url),
            "jobTitle": profile.position,
            "affiliation": [org for org in (_organization(a.name, a.url) for a in profile.affiliations) if org],
            "email": None if obfuscate_email else profile.email,
            "knowsAbout": list(profile.interests),
            "sameAs": list(dict.fromkeys(url for url in same_as if url)),
            "url": absolute_url(page_url or site_url, site_url=site_url),
        }
    )


def _venue_jsonld(pub: Publication) -> dict:
    """Where the article appeared, in schema.org's terms for each type.

    A journal is the ``Periodical`` the article is part of, a chapter's book the
    ``Book``. A conference is an event, which schema.org does not allow as
    ``isPartOf``: it is the ``PublicationEvent`` of the article's ``publication``.
    A thesis' or report's venue is the institution, its ``sourceOrganization``.
    A journal's volume and issue sit between the article and the periodical, as
    in schema.org's own example: ``PublicationIssue`` in ``PublicationVolume``.
    """
    if not pub.venue:
        return {}
    if pub.type == "journal":
        part = compact({"@type": "Periodical", "name": pub.venue, "issn": pub.issn})
        if pub.volume:
            part = {"@type": "PublicationVolume", "volumeNumber": pub.volume, "isPartOf": part}
        if pub.issue:
            part = {"@type": "PublicationIssue", "issueNumber": pub.issue, "isPartOf": part}
        return {"isPartOf": part}
    if pub.type == "chapter":
        return {"isPartOf": compact({"@type": "Book", "name": pub.venue, "isbn": pub.isbn, "bookEdition": pub.edition})}
    if pub.type in ("conference", "workshop"):
        return {"publication": {"@type": "PublicationEvent", "name": pub.venue}}
    if pub.type in ("thesis", "report"):
        return {"sourceOrganization": _organization(pub.venue)}
    return {}


def article_jsonld(pub: Publication, *, page_url: str | None, site_url: str | None) -> dict:
    """A schema.org ``ScholarlyArticle``; ``url`` is the page it is listed on (pass an anchor URL to point at it)."""
    doi, arxiv_id, date = doi_of(pub), arxiv_id_of(pub), publication_date(pub)
    first_page, last_page = page_range(pub.pages)
    editors = [a for a in pub.editors if a.name != ET_AL]
    return compact(
        {
            "@context": SCHEMA_ORG,
            "@type": "ScholarlyArticle",
            "headline": pub.title,
            "name": pub.title,
            "author": [
                compact({"@type": "Person", "name": a.name, "url": absolute_url(a.url)}) for a in real_authors(pub)
            ],
            "datePublished": date.iso() if date else None,
            **_venue_jsonld(pub),
            "publisher": _organization(pub.publisher),
            "editor": [compact({"@type": "Person", "name": a.name, "url": absolute_url(a.url)}) for a in editors],
            "pageStart": first_page,
            "pageEnd": last_page,
            "pagination": display_pages(pub.pages),
            "sameAs": [url for url in (doi and doi_url(doi), arxiv_id and f"https://arxiv.org/abs/{arxiv_id}") if url],
            "url": absolute_url(page_url or site_url, site_url=site_url),
            "abstract": abstract_text(pub),
            "keywords": list(pub.tags),
        }
    )


# "</script>" or "<!--" inside a string would end or change the script element; U+2028/9 break old parsers.
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def jsonld_script(data: dict) -> str:
    """``data`` in a JSON-LD script element; the JSON is deterministic and cannot close the element."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    # These characters only occur inside JSON strings, where the \u escapes mean the same.
    for unsafe, escaped in _SCRIPT_UNSAFE.items():  # str.replace: a translate table looks up every character
        text = text.replace(unsafe, escaped)
    return f'<script type="application/ld+json">{text}</script>'


# --- BibTeX -----------------------------------------------------------------------------------

# BibTeX counts braces even after a backslash, so a literal brace must be a macro, never \{ or \}.
_TEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    **{char: "\\" + char for char in "&%$#_"},
}
_TEX_SPECIAL = re.compile("|".join(re.escape(char) for char in _TEX_SPECIALS))
# URLs are typeset verbatim (\url), so they keep % and _; only what would unbalance the entry is encoded.
_URL_UNSAFE = re.compile(r"[{}\\\s]")

# Entry type and the field the venue goes in, for each publication type.
_BIBTEX_TYPES = {
    "conference": ("inproceedings", "booktitle"),
    "workshop": ("inproceedings", "booktitle"),
    "journal": ("article", "journal"),
    "preprint": ("misc", "howpublished"),
    "thesis": ("phdthesis", "school"),
    "book": ("book", "publisher"),
    "chapter": ("incollection", "booktitle"),
    "report": ("techreport", "institution"),
    "patent": ("patent", "howpublished"),
    "other": ("misc", "howpublished"),
}


def tex_escape(text: str) -> str:
    """Plain text as TeX that prints the same: the ten special characters made literal, whitespace collapsed."""
    return _TEX_SPECIAL.sub(lambda m: _TEX_SPECIALS[m.group()], " ".join(text.split()))


def _bibtex_url(url: str) -> str:
    return _URL_UNSAFE.sub(lambda m: f"%{ord(m.group()):02X}", url)


def _bibtex_author(author: Author) -> str:
    if author.name == ET_AL:
        return "others"
    name = tex_escape(_inverted_name(author))
    # BibTeX splits authors at every " and "; braces keep a name like "Smith and Sons" whole.
    return "{" + name + "}" if re.search(r"\sand\s", name, re.IGNORECASE) else name


def _thesis_kind(pub: Publication) -> tuple[str, str | None]:
    """(entry type, type field): a venue that names a Bachelor's or Master's degree is not a PhD thesis."""
    venue = (pub.venue or "").casefold()
    if "bachelor" in venue:
        return "mastersthesis", "Bachelor's thesis"  # BibTeX has no bachelor type; its `type` field says so
    if "master" in venue:
        return "mastersthesis", None
    return "phdthesis", None


def _bibtex_key(pub: Publication) -> str:
    """``pub.key`` without the characters BibTeX does not allow in keys; a key derived like the sources' when empty."""
    key = re.sub(r"[\s\"#%'(),={}\\~]+", "", pub.key)
    return key or derive_key(pub.authors, pub.year, pub.title)


def bibtex_for(pub: Publication) -> str:
    """The publication's own BibTeX when it came from a .bib file, else an entry generated from its fields."""
    if pub.bibtex:
        return pub.bibtex
    entry_type, venue_field = _BIBTEX_TYPES.get(pub.type, _BIBTEX_TYPES["other"])
    thesis_type = None
    if pub.type == "thesis":
        entry_type, thesis_type = _thesis_kind(pub)
    arxiv_id = arxiv_id_of(pub)
    note = plain_text(pub.note, markdown=pub.trusted)  # a note from front matter is Markdown
    text = {  # plain text, in field order
        venue_field: pub.venue,
        "type": thesis_type,
        "volume": pub.volume,
        "number": pub.issue,
        "pages": "--".join(page for page in page_range(pub.pages) if page),
        "series": pub.series,
        "edition": pub.edition,
    }
    text["publisher"] = text.get("publisher") or pub.publisher  # a book's venue is its publisher
    text["isbn"] = pub.isbn
    text["issn"] = pub.issn
    text["year"] = str(pub.year) if pub.year else None
    verbatim = {
        "doi": doi_of(pub),
        "eprint": arxiv_id,
        "archivePrefix": "arXiv" if arxiv_id else None,
        "url": first_absolute_link(
            pub.links, ["html", "website", "pdf"]
        ),  # a visitor's copy has no page to resolve against
    }
    fields = [
        ("author", "{" + " and ".join(_bibtex_author(a) for a in pub.authors) + "}" if pub.authors else None),
        ("title", "{{" + tex_escape(pub.title) + "}}"),  # inner braces keep the capitals from the style's lower-casing
        ("editor", "{" + " and ".join(_bibtex_author(a) for a in pub.editors) + "}" if pub.editors else None),
        *((name, "{" + tex_escape(value) + "}") for name, value in text.items() if value),
        # The bare month macro, which every style prints in its own language.
        ("month", MONTH_NAMES[pub.month - 1] if pub.month and 1 <= pub.month <= 12 else None),
        *((name, "{" + _bibtex_url(value) + "}") for name, value in verbatim.items() if value),
        ("note", "{" + tex_escape(note) + "}" if note else None),
    ]
    body = ",\n".join(f"  {name} = {value}" for name, value in fields if value)
    return f"@{entry_type}{{{_bibtex_key(pub)},\n{body}\n}}"


def bibliography_for(pubs: Iterable[Publication]) -> str:
    """The entries of ``pubs`` in the given order, separated by blank lines."""
    return "\n\n".join(bibtex_for(pub).strip() for pub in pubs)
