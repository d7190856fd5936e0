"""One publication of a list as HTML: ``h.publication(pub)`` in ``publications.html``.

A bibliography can hold thousands of entries, and the same markup through a
Jinja template costs about three times as much (each ``{{ }}`` is an attribute
look-up, a call and an escape of its own), so it is written here. The list
around it stays a template: a site that wants other markup per entry
overrides ``publications.html`` and writes its own loop over the fields of
``model.Publication``. Everything put in here is escaped, as the templates'
autoescape does; Markdown fields come through ``h.markdown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape as escape_text  # a str: markupsafe's escape makes a Markup of every piece, at twice the cost

from markupsafe import Markup, escape

from ..model.names import ET_AL
from ..model.records import Publication, page_range


@dataclass(frozen=True)
class EntryLabels:
    """The labels and icons every entry repeats, looked up once per list."""

    copied: str
    copy: str
    copy_citation: str
    et_al: str
    abstract: str
    bibtex: str
    quote_icon: str
    copy_icon: str


def entry_labels(page) -> EntryLabels:
    t, icon = page.locale, page.icons
    return EntryLabels(
        copied=escape(t("copied")),
        copy=escape(t("copy")),
        copy_citation=escape(t("copy_citation")),
        et_al=escape(t("et_al")),
        abstract=escape(t("abstract")),
        bibtex=escape(t("bibtex")),
        quote_icon=icon("fontawesome/solid/quote-left"),
        copy_icon=icon("fontawesome/solid/copy") if page.options.bibtex_toggle else "",
    )


def publication_html(h, pub: Publication, labels: EntryLabels) -> Markup:
    """The ``<li>`` of one entry; ``h`` is the templates' helper object (renderer._Helpers)."""
    page = h.page
    options, icon = page.options, page.icons
    anchor = escape_text(h.pub_anchor(pub))
    own_page = h.pub_page(pub)
    html = [
        f'<li class="researcher-item researcher-publication" id="{anchor}" data-year="{pub.year or ""}" '
        f'data-type="{escape_text(pub.type)}">\n'
        f'<div class="researcher-publication__badge">{badge(h, pub)}</div>\n'
        '<div class="researcher-publication__body">\n'
        '<p class="researcher-publication__title"><a class="researcher-publication__anchor" '
        f'href="{escape_text(own_page.page) if own_page else "#" + anchor}">'
        f"{escape_text(pub.title)}</a></p>\n"
    ]
    if pub.authors:
        html.append(f'<div class="researcher-publication__authors">{h.author_list(pub.authors)}</div>')
    year = f'<span class="researcher-publication__year">{pub.year}</span>' if pub.year else ""
    html.extend((venue_line(h, pub, year), cited_line(h, pub), award_line(h, pub)))
    if pub.note:
        html.append(f'<div class="researcher-publication__note">{h.markdown(pub.note, pub.trusted, inline=True)}</div>')
    html.append(f'<div class="researcher-publication__actions">\n{h.link_list(pub.links, pub.origin)}\n')
    if own_page:
        html.append(
            f'<a class="researcher-button" href="{escape_text(own_page.bib)}" download data-kind="bib">'
            f"{icon('fontawesome/solid/download')}<span>.bib</span></a>"
        )
    # A list that ends in "and others" is copied so: a citation never passes a part for the whole.
    et_al = f'data-et-al="{labels.et_al}" ' if pub.authors and pub.authors[-1].name == ET_AL else ""
    html.append(
        '<button class="researcher-button researcher-copy" type="button" data-researcher-copy="citation" '
        f'data-copied="{labels.copied}" {et_al}'
        f'aria-label="{labels.copy_citation}" hidden>{labels.quote_icon}<span>{labels.copy}</span></button>\n'
    )
    if pub.abstract:
        html.append(
            f'<details class="researcher-toggle researcher-abstract"><summary>{labels.abstract}</summary>'
            f'<div class="researcher-toggle__content">{h.markdown(pub.abstract, pub.trusted)}</div></details>'
        )
    if options.bibtex_toggle:
        html.append(
            f'<details class="researcher-toggle researcher-bibtex"><summary>{labels.bibtex}</summary>'
            '<div class="researcher-toggle__content">'
            f"<pre><code>{escape_text(h.bibtex(pub))}</code></pre>"
            '<button class="researcher-button researcher-copy" type="button" '
            f'data-researcher-copy="bibtex" data-copied="{labels.copied}" hidden>{labels.copy_icon}'
            f"<span>{labels.copy}</span></button></div></details>"
        )
    html.append(f"{h.tag_list(pub.tags)}\n</div>\n</div>\n</li>")
    return Markup("".join(html))


def venue_details(pub: Publication, t) -> list[str]:
    """What follows the venue, as plain text in al-folio's order: "vol. 12", "no. 3", "pp. 1–10", the edition
    and the publisher (unless it is the venue itself). ``t`` is the page's locale."""
    if not (pub.volume or pub.issue or pub.pages or pub.edition or pub.publisher):
        return []  # most entries: no label is looked up
    first, last = page_range(pub.pages)
    details = [
        pub.volume and t("venue_detail.volume", value=pub.volume),
        pub.issue and t("venue_detail.issue", value=pub.issue),
        pub.pages and t("venue_detail.pages" if first and last else "venue_detail.page", value=pub.pages),
        pub.edition and t("venue_detail.edition", value=pub.edition),
        pub.publisher if pub.publisher != pub.venue else None,
    ]
    return [detail for detail in details if detail]


# The pieces below are shared by an entry of a list and by the publication's own page
# (theme/researcher/publication_page.html), so the two always show the same thing.


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
    comma_after = h.page.locale.comma_after
    html, text = "", ""  # the line so far, and its words
    details = venue_details(pub, h.page.locale)
    if pub.venue:
        html, text = f"<em>{escape_text(pub.venue)}</em>", pub.venue
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
    return f'<p class="researcher-publication__venue">{html}</p>' if html else ""


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
        f"<span>{escape_text(pub.award)}</span></p>"
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
