"""One publication of a list as HTML: ``h.publication(pub)`` in ``publications.html``.

A bibliography can hold thousands of entries, and the same markup through a
Jinja template costs about three times as much (each ``{{ }}`` is an attribute
look-up, a call and an escape of its own), so it is written here. The list
around it stays a template: a site that wants other markup per entry
overrides ``publications.html`` and writes its own loop over the fields of
``model.Publication``. Everything put in here is escaped, as the templates'
autoescape does; Markdown fields come through ``h.markdown``, and text that
a .bib or CSL file wrote with inline HTML as the HTML sanitized when it was
read (``Publication.markup``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape as escape_text  # a str: markupsafe's escape makes a Markup of every piece, at twice the cost
from html import unescape

from markupsafe import Markup, escape

from ..model.names import ET_AL
from ..model.records import Publication, page_range


@dataclass(frozen=True)
class EntryLabels:
    """The labels and icons every entry repeats, looked up once per list."""

    copied: str
    copy_citation: str
    download_entry: str
    et_al: str
    abstract: str
    bibtex: str
    abstract_icon: str
    bibtex_icon: str
    citation_icon: str
    download_icon: str


def entry_labels(page) -> EntryLabels:
    t, icon = page.locale, page.icons
    return EntryLabels(
        copied=escape(t("copied")),
        copy_citation=escape(t("copy_citation")),
        download_entry=escape(t("download_entry_bibtex")),
        et_al=escape(t("et_al")),
        abstract=escape(t("abstract")),
        bibtex=escape(t("bibtex")),
        abstract_icon=icon("fontawesome/solid/align-left"),
        bibtex_icon=icon("fontawesome/solid/quote-right") if page.options.bibtex_toggle else "",
        citation_icon=icon("fontawesome/regular/clipboard") if not page.options.bibtex_toggle else "",
        download_icon=icon("fontawesome/solid/download"),
    )


def publication_html(h, pub: Publication, labels: EntryLabels, bibtex_file: str | None = None) -> Markup:
    """The ``<li>`` of one entry; ``h`` is the templates' helper object (renderer._Helpers)."""
    page = h.page
    options = page.options
    anchor = escape_text(h.pub_anchor(pub))
    own_page = h.pub_page(pub)
    preview = preview_html(h, pub)
    html = [
        f'<li class="researcher-item researcher-publication{" researcher-publication--preview" if preview else ""}" '
        f'id="{anchor}" data-year="{pub.year or ""}" data-type="{escape_text(pub.type)}">\n'
        f'<div class="researcher-aside researcher-publication__badge">{badge(h, pub)}</div>\n{preview}'
        '<div class="researcher-publication__body">\n'
        '<p class="researcher-publication__title"><a class="researcher-publication__anchor" '
        f'href="{escape_text(own_page.page) if own_page else "#" + anchor}">'
        f"{field_html(h, pub, 'title')}</a></p>\n"
    ]
    if pub.authors:
        html.append(f'<div class="researcher-publication__authors">{h.author_list(pub.authors)}</div>')
    year = f'<span class="researcher-publication__year">{pub.year}</span>' if pub.year else ""
    html.extend((venue_line(h, pub, year), cited_line(h, pub), award_line(h, pub)))
    if pub.note:
        html.append(f'<div class="researcher-publication__note">{field_html(h, pub, "note")}</div>')
    # One row of actions, all of one component (.researcher-action); an opened toggle's panel goes below the row
    # (researcher.css), so nothing in the row moves. Everything BibTeX is one action: the BibTeX toggle, whose
    # panel offers copy, download and the plain citation; without it (bibtex_toggle: false) the last two stay.
    # The entry's own .bib is its publication page's (publication_pages).
    # Material's search indexes none of it (data-search-exclude): a paper is found by its title, authors, venue,
    # year, badge and tags, and button labels, abstracts and BibTeX were four fifths of the index.
    html.append(f'<div class="researcher-publication__actions">\n{h.link_list(pub.links, pub.origin)}\n')
    if pub.abstract:
        html.append(
            f'<details class="researcher-toggle researcher-abstract" data-search-exclude>'
            '<summary class="researcher-action">'
            f"{labels.abstract_icon}<span>{labels.abstract}</span></summary>"
            f'<div class="researcher-toggle__content">{field_html(h, pub, "abstract")}</div></details>'
        )
    download = (
        f'<a class="researcher-action" href="{escape_text(own_page.bib)}" download data-kind="bib">'
        f"{labels.download_icon}<span>{labels.download_entry}</span></a>"
        if own_page
        else ""
    )
    if not options.bibtex_toggle:
        # No panel: the citation's copy button stands in the row (shown by script), after the entry's own .bib.
        html.append(
            f'{download}<button class="researcher-action researcher-copy" type="button" '
            f'data-researcher-copy="citation" data-copied="{labels.copied}" data-et-al="{labels.et_al}" hidden>'
            f"{labels.citation_icon}<span>{labels.copy_citation}</span></button>"
        )
    elif bibtex_file:
        # A long list keeps its BibTeX in one file beside the page: the entry links to it, and script makes the
        # link a toggle whose panel holds the entry (researcher.js, from bibtex_panel.html).
        html.append(
            f'<a class="researcher-action" href="{escape_text(bibtex_file.split("#", 1)[0])}" '
            f'data-researcher-bibtex="{escape_text(bibtex_file)}" data-kind="bib" data-search-exclude>'
            f"{labels.bibtex_icon}<span>{labels.bibtex}</span></a>"
        )
    else:
        # The copy buttons work only with script, so script adds them when the panel first opens
        # (bibtex_panel.html): a long list does not carry two buttons an entry that nobody may press.
        html.append(
            f'<details class="researcher-toggle researcher-bibtex" data-search-exclude>'
            f'<summary class="researcher-action">{labels.bibtex_icon}<span>{labels.bibtex}</span></summary>'
            f'<div class="researcher-toggle__content"><pre><code>{escape_text(h.bibtex(pub))}</code></pre>'
            f'<p class="researcher-toggle__actions">{download}</p></div></details>'
        )
    html.append(f"{h.tag_list(pub.tags)}\n</div>\n</div>\n</li>")
    return Markup("".join(html))


def search_html(pubs: list[Publication]) -> str:
    """What search indexes of a list (site/pages.py, PageOutput.search_blocks): a paragraph an entry with the words
    a reader looks a paper up by — title, authors, venue, year, badge, tags — as the full list shows them to
    search; its buttons, abstract and BibTeX are left out there too (data-search-exclude)."""
    paragraphs = []
    for pub in pubs:
        authors = ", ".join(author.name for author in pub.authors if author.name != ET_AL)
        words = (pub.title, authors, pub.venue, str(pub.year or ""), pub.abbr, " ".join(pub.tags))
        paragraphs.append("<p>" + escape_text(" · ".join(word for word in words if word)) + "</p>")
    return "\n".join(paragraphs)


def venue_details(pub: Publication, t, everywhere: bool = False) -> list[str]:
    """What follows the venue, as plain text in al-folio's order: "vol. 12", "no. 3", "pp. 1–10", the edition
    and the publisher (unless it is the venue itself). ``t`` is the page's locale. Volume, issue and pages are a
    journal article's only, and a conference paper shows no publisher, unless ``everywhere`` (the option
    proceedings_details): exporters fill them in from templates (ACM's "vol. 1, no. 2, pp. 1–25, ACM New York, NY,
    USA" on a conference paper), and al-folio shows none of them. Citation tags, BibTeX and JSON-LD keep all."""
    numbered = everywhere or pub.type == "journal"
    publisher = pub.publisher if everywhere or pub.type != "conference" else None
    if not ((pub.volume or pub.issue or pub.pages) and numbered or pub.edition or publisher):
        return []  # most entries: no label is looked up
    first, last = page_range(pub.pages)
    details = [
        numbered and pub.volume and t("venue_detail.volume", value=pub.volume),
        numbered and pub.issue and t("venue_detail.issue", value=pub.issue),
        numbered and pub.pages and t("venue_detail.pages" if first and last else "venue_detail.page", value=pub.pages),
        pub.edition and t("venue_detail.edition", value=pub.edition),
        publisher if publisher != pub.venue else None,
    ]
    return [detail for detail in details if detail]


# The pieces below are shared by an entry of a list and by the publication's own page
# (theme/researcher/publication_page.html), so the two always show the same thing.


def field_html(h, pub: Publication, name: str) -> str:
    """A text field of ``pub`` (title, venue, award, note, abstract) as HTML. A note or abstract from front matter
    is Markdown. Other text is escaped, or is the inline HTML a .bib or CSL file wrote it with, as sanitized when
    read (``pub.markup``); its ``$…$`` math is written as the site's pymdownx.arithmatex writes it, when the site
    has that (``PageRender.math``). An abstract is a paragraph, the others inline."""
    text = getattr(pub, name)
    if not text:
        return ""
    if pub.trusted and name in ("note", "abstract"):
        return h.markdown(text, inline=name == "note")
    html = (pub.markup.get(text) if pub.markup else None) or escape_text(text)
    math = h.page.math
    if math is not None and "$" in html:
        html = math.typeset(html)
    return f"<p>{html}</p>" if name == "abstract" else html


def preview_html(h, pub: Publication) -> str:
    """The entry's thumbnail (al-folio's preview, front matter's image) when its image resolves; a missing file
    is reported by ``h.url``, against the field as it was written."""
    if not pub.image:
        return ""
    src = h.url(pub.image, pub.origin + ("image" if pub.trusted else "preview",))
    if not src or src[:7].lower() == "mailto:":
        return ""
    return (
        f'<div class="researcher-publication__preview"><img src="{escape_text(src)}" alt="{escape_text(pub.title)}" '
        'loading="lazy" decoding="async"></div>\n'
    )


def badge(h, pub: Publication) -> str:
    """The venue's abbreviation, coloured by the venues file and linked to the venue's page when it has one."""
    if not pub.abbr:
        return ""
    style = f' style="{escape_text(_badge_style(pub.venue_color))}"' if pub.venue_color else ""
    href = h.url(pub.venue_url, pub.origin) if pub.venue_url else None
    text = escape_text(pub.abbr)
    if href:
        text = f'<a href="{escape_text(href)}">{text}</a>'
    return f'<span class="researcher-badge"{style}>{text}</span>'


def venue_line(h, pub: Publication, date: str) -> str:
    """The venue, its details (volume, pages…) and ``date`` (HTML: the year in a list, month and year on the
    publication's page), each after the comma of the words before it: "OSDI, 2025"; "软件学报，第 35 卷，2024"."""
    html = venue_words(h, pub, date)
    return f'<p class="researcher-publication__venue">{html}</p>' if html else ""


def venue_words(h, pub: Publication, date: str) -> str:
    """What ``venue_line`` holds, without the paragraph around it (a CV's entry has its own)."""
    comma_after = h.page.locale.comma_after
    html, text = "", ""  # the line so far, and its words
    details = venue_details(pub, h.page.locale, h.page.options.proceedings_details)
    if pub.venue:
        html, text = f"<em>{field_html(h, pub, 'venue')}</em>", pub.venue
    if details:
        joined = details[0]
        for detail in details[1:]:
            joined += comma_after(joined) + detail
        html += (comma_after(text) if text else "") + (
            f'<span class="researcher-publication__details">{escape_text(joined)}</span>'
        )
        text = joined
    if date:
        html += (comma_after(text) if text else "") + date
    return html


def cited_line(h, pub: Publication) -> str:
    """ "Cited by N", when the site shows counts and the work has some."""
    cited = h.citations(pub) if h.page.facts.counts else None
    if not cited:
        return ""
    return f'<p class="researcher-publication__cited">{escape_text(h.page.locale.plural("cited_by", cited))}</p>'


def award_line(h, pub: Publication) -> str:
    if not pub.award:
        return ""
    return (
        f'<p class="researcher-publication__award">{h.page.icons("fontawesome/solid/trophy")}'
        f"<span>{field_html(h, pub, 'award')}</span></p>"
    )


# Inline math as arithmatex finds it in Markdown: "$", no space, text, no space, "$" (smart_dollar, its
# default), or any text between two "$". Searched in HTML, where math never spans a tag: its "<" is "&lt;".
_SMART_DOLLAR_MATH = re.compile(r"\$(?!\s)([^$<]+?)(?<!\s)\$")
_DOLLAR_MATH = re.compile(r"\$([^$<]+?)\$")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


@dataclass(frozen=True)
class MathMarkup:
    """How the site's pymdownx.arithmatex writes inline math, so that ``$…$`` in .bib and CSL text is typeset as in
    its Markdown: ``generic`` (KaTeX, MathJax 3) as ``<span class="arithmatex">\\(…\\)</span>``, otherwise as
    MathJax 2's ``<script type="math/tex">``, after a preview of the TeX unless ``preview`` is off."""

    generic: bool = False
    wrap: tuple[str, str] = ("\\(", "\\)")  # tex_inline_wrap
    tag: str = "span"  # inline_tag
    preview: bool = True
    smart_dollar: bool = True

    def typeset(self, html: str) -> str:
        """``html`` (escaped text, or sanitized inline HTML, whose "$" are all in text) with its math marked up."""
        return (_SMART_DOLLAR_MATH if self.smart_dollar else _DOLLAR_MATH).sub(self._math, html)

    def _math(self, match: re.Match) -> str:
        tex = unescape(match.group(1))
        if self.generic:
            math = escape_text(self.wrap[0] + tex + self.wrap[1], quote=False)
            return f'<{self.tag} class="arithmatex">{math}</{self.tag}>'
        script = escape_text(tex, quote=False).replace('"', "&quot;")  # as arithmatex escapes a script's TeX
        preview = f'<span class="MathJax_Preview">{script}</span>' if self.preview else ""
        return f'<{self.tag} class="arithmatex">{preview}<script type="math/tex">{script}</script></{self.tag}>'


def math_markup(extensions, configs) -> MathMarkup | None:
    """The site's inline math, from its ``markdown_extensions`` and ``mdx_configs``: None unless
    pymdownx.arithmatex reads ``$…$`` in its Markdown."""
    if "pymdownx.arithmatex" not in extensions:
        return None
    config = (configs or {}).get("pymdownx.arithmatex")
    config = config if isinstance(config, dict) else {}
    syntax = config.get("inline_syntax", ["dollar", "round"])
    if not isinstance(syntax, (list, tuple)) or "dollar" not in syntax:
        return None
    wrap, tag = config.get("tex_inline_wrap"), config.get("inline_tag")
    wrap_written = isinstance(wrap, list) and len(wrap) == 2 and all(isinstance(part, str) for part in wrap)
    return MathMarkup(
        generic=bool(config.get("generic", False)),
        wrap=tuple(wrap) if wrap_written else MathMarkup.wrap,
        tag=tag if isinstance(tag, str) and _TAG_NAME.fullmatch(tag) else MathMarkup.tag,
        preview=bool(config.get("preview", True)),
        smart_dollar=bool(config.get("smart_dollar", True)),
    )


def _badge_style(colour: str) -> str:
    """The style attribute of a venue badge coloured by the venues file (colours are checked CSS)."""
    text = badge_text_colour(colour)
    return f"--researcher-badge-color: {colour}" + (f"; --researcher-badge-text: {text}" if text else "")


def _luminance(hex_colour: str) -> float:
    digits = hex_colour.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits[:3])
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def badge_text_colour(background: str | None) -> str | None:
    """Black or white, whichever reads better on a hex ``background`` (None: leave the default)."""
    if not background or not re.fullmatch(r"#[0-9a-fA-F]{3,8}", background):
        return None
    lum = _luminance(background)
    return "#000" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "#fff"
