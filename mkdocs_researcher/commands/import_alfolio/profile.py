"""The profile card and the home page's own text: the home page (_pages/about.md), then, once every file is read,
the name."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ...diagnostics import counted
from .. import new as scaffold
from .assets import clean_liquid, copy_asset, from_data
from .languages import translated
from .markup import strip_tags
from .samples import is_sample_text, without_sample_subtitle
from .writer import DATA_FILE

if TYPE_CHECKING:
    from .importer import Importer

_SAMPLE_ADDRESS = "555 your office number"


def read_about(importer: Importer) -> None:
    home = importer.site.home
    if home is None:
        importer.report.lose("_pages/about.md", "not found; the home page has no text of its own yet")
        return
    meta, where = home.meta, home.where
    page = importer.home()
    _about_profile(importer, meta, where)
    body = translated(importer, home.body, importer.default_language, where)
    if is_sample_text(body):
        importer.report.skip(f"{where}: text", "al-folio's sample biography")
        return
    page.body = _email_from_body(importer, clean_liquid(importer, body, where).strip())
    importer.report.count("home page text", 1, where)


def _about_profile(importer: Importer, meta: dict, where: str) -> None:
    card = meta.get("profile") if isinstance(meta.get("profile"), dict) else {}
    if card.get("image"):
        photo = copy_asset(importer, card["image"], f"{where}: profile.image", "photo")
        if photo:
            importer.profile["photo"] = from_data(photo)
            _photo_look(importer, card, where)
    for key in ("more_info", "address"):  # address: its name before al-folio v0.13
        text = strip_tags(re.sub(r"</p>|<br\s*/?>", "; ", str(card.get(key) or ""))).strip(" ;")
        if not text:
            continue
        if _SAMPLE_ADDRESS in text.lower():
            importer.report.skip(f"{where}: profile.{key}", "al-folio's sample address")
        else:
            importer.report.lose(
                f"{where}: profile.{key}",
                f"the block below the photo ('{text}'); the profile card has no such field: add it to the text of "
                "docs/index.md, or give the card affiliations (see the README)",
            )
    key = "subtitle" if "subtitle" in meta else "description"  # al-folio before v0.3 showed description there
    subtitle = meta.get(key)
    if isinstance(subtitle, str) and subtitle.strip():
        own = without_sample_subtitle(subtitle)
        if not strip_tags(own).strip():
            importer.report.skip(f"{where}: {key}", "al-folio's sample text")
            return
        edited = own != subtitle.strip()
        # "<a href='…'>MIT</a>. Address. Contacts. …" -> "MIT": the owner's sentence without the template's full stop
        importer.profile["position"] = strip_tags(own).strip().removesuffix(".") if edited else strip_tags(subtitle)
        left_out = ", without the template's 'Address. Contacts. Motto. Etc.'" if edited else ""
        importer.report.notes.append(
            f"the about page's subtitle became the profile's position{left_out}: '{importer.profile['position']}'"
        )


def _photo_look(importer: Importer, card: dict, where: str) -> None:
    """al-folio puts the photo on the right (align) and crops it round only with image_circular: true."""
    if str(card.get("align") or "right").strip().lower() != "left":
        importer.profile["photo_side"] = "right"
    if card.get("image_circular") is not True:
        importer.profile["photo_shape"] = "square"


def _email_from_body(importer: Importer, body: str) -> str:
    """ "**Email**: yu [DOT] cheng [AT] pku …" in the bio -> the card's e-mail (shown protected), line removed."""
    pattern = re.compile(r"^[ \t]*\**\s*e-?mail\s*\**\s*:?\s*\**\s*:?\s*(.+?)\s*$", re.I | re.M)
    match = pattern.search(body)
    if not match:
        return body
    spelled = match.group(1).replace("\\", "")
    spelled = re.sub(r"\s*[\[(]\s*at\s*[\])]\s*", "@", spelled, flags=re.I)
    spelled = re.sub(r"\s*[\[(]\s*dot\s*[\])]\s*", ".", spelled, flags=re.I).strip("* ")
    if not re.fullmatch(r"[\w.+-]+@[\w-]+(\.[\w-]+)+", spelled):
        return body
    if "email" not in importer.profile:
        importer.profile["email"] = spelled
    importer.report.notes.append(
        f"the e-mail '{spelled}' was read from the about page's text; the line is removed, "
        "the profile card shows it (hidden from address harvesters)"
    )
    return (body[: match.start()] + body[match.end() :]).strip()


def finish_profile(importer: Importer) -> None:
    profile = importer.profile
    if importer.name:
        profile["name"] = importer.name
    elif "name" not in profile:
        _guess_name(importer)
    name = profile["name"]
    profile["aliases"] = [a for a in profile.get("aliases", []) if a != name]
    links = profile.get("links") or {}
    importer.report.count(
        "profile",
        1,
        f"{name}, {counted(len(links), 'link')}"
        + (", photo" if profile.get("photo") else ", initials instead of a photo"),
    )


def _guess_name(importer: Importer) -> None:
    """No name anywhere: the author on most papers is the site's owner (al-folio lists your own papers)."""
    bib_authors = importer.bib_authors
    counts = Counter(
        name for authors in bib_authors for name in set(authors) if name.lower() not in ("others", "et al.")
    )
    ranked = counts.most_common()
    if ranked and (ranked[0][1] * 2 >= len(bib_authors)) and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        importer.profile["name"] = ranked[0][0]
        importer.report.notes.append(
            f"the name '{ranked[0][0]}' is the author on most papers in papers.bib "
            f"({ranked[0][1]} of {len(bib_authors)}); pass --name to choose another"
        )
    else:
        importer.profile["name"] = scaffold.DEFAULT_NAME
        importer.report.notes.append(
            f"no name found; the profile says '{scaffold.DEFAULT_NAME}' - "
            f"set profile.name in {DATA_FILE} or pass --name"
        )
