"""Links in the imported text, once every page of the new site is known.

A link to a page of the old site ('/cv/', 'publications', '../projects/') becomes a link to the page it became
(cv.md); a link to a file already copied stays, and one to a file of the old site (resolved against the old
page's address) leads to its copy; any other link inside the old site would break the strict build
and lead nowhere on the new one, so it is removed and its text kept (reported). Code blocks are left as written.
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from .assets import copy_asset
from .site import link_key

if TYPE_CHECKING:
    from .importer import Importer, NewPage

_FENCE = re.compile(r"^(?:```|~~~)", re.M)
_MARKDOWN_LINK = re.compile(r"(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?((?:\s+\"[^\"\n]*\")?)\s*\)")
_HTML_LINK = re.compile(r"\b(href|src)(\s*=\s*)([\"'])([^\"'\n]*)\3")
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.I)


def rewrite_links(importer: Importer, page: NewPage, written: dict[str, NewPage]) -> None:
    """page.body with its links to the old site's pages pointed at the new pages (written: old key -> page)."""
    parts = _FENCE.split(page.body)
    # Fences alternate: text, code, text… (an unclosed fence leaves its code to the end untouched).
    for index in range(0, len(parts), 2):
        parts[index] = _MARKDOWN_LINK.sub(lambda m: _markdown(importer, page, written, m), parts[index])
        parts[index] = _HTML_LINK.sub(lambda m: _html(importer, page, written, m), parts[index])
    fences = _FENCE.findall(page.body)
    page.body = "".join(part + (fences[i] if i < len(fences) else "") for i, part in enumerate(parts))


def _markdown(importer: Importer, page: NewPage, written: dict[str, NewPage], match: re.Match) -> str:
    bang, text, url, title = match.groups()
    target = _target(importer, page, written, url)
    if target is None:
        _report(importer, page, url)
        return "" if bang else text
    return f"{bang}[{text}]({target}{title})"


def _html(importer: Importer, page: NewPage, written: dict[str, NewPage], match: re.Match) -> str:
    attribute, equals, quote, url = match.groups()
    target = _target(importer, page, written, url)
    if target is None:
        _report(importer, page, url)
        return ""
    return f"{attribute}{equals}{quote}{target}{quote}"


def _target(importer: Importer, page: NewPage, written: dict[str, NewPage], url: str) -> str | None:
    """Where url should lead in the new site, or None when it leads nowhere there."""
    own = (importer.site_url or "").rstrip("/")
    if not url or (_EXTERNAL.match(url) and not (own and url.startswith(own + "/"))):
        return url
    folder = posixpath.dirname(page.file)
    path, _, fragment = url.partition("#")
    path = path.split("?", 1)[0]
    if path and not path.startswith("/") and not (own and url.startswith(own)):
        if (importer.out / "docs" / posixpath.normpath(posixpath.join(folder, path))).exists():
            return url  # a file copied into docs/, or a page written beside this one
    key = link_key(url, page.old.key if page.old else "", importer.config)
    if key is not None and key in written:
        target = posixpath.relpath(written[key].file, folder or ".")
        return target + (f"#{fragment}" if fragment else "")
    copied = _old_site_file(importer, page, path) if key is None else None  # a key: a page, never a file
    if copied is not None:
        return posixpath.relpath(copied, folder or ".") + (f"#{fragment}" if fragment else "")
    return None


def _old_site_file(importer: Importer, page: NewPage, path: str) -> str | None:
    """The file of the old site a link leads to, as the browser resolved it against the old page's address
    ('../assets/pdf/cv.pdf' on / is /assets/pdf/cv.pdf): its path inside docs/ once copied, or None."""
    if not path or path.startswith("//"):
        return None
    base = "/" + str(importer.config.get("baseurl") or "").strip().strip("/")
    if path.startswith("/") and base != "/":
        path = path[len(base) :] if path.startswith(base + "/") else path
    address = "/" + (page.old.key + "/" if page.old and page.old.key else "")
    site_path = posixpath.normpath(posixpath.join(address, path)).lstrip("/")  # '..' stops at the root, as there
    if not site_path or not (importer.source.path / site_path).is_file():
        return None
    return copy_asset(importer, site_path, f"docs/{page.file}: link to '{path}'", "file", folder="files")


def _report(importer: Importer, page: NewPage, url: str) -> None:
    importer.report.lose(
        f"docs/{page.file}: link to '{url}'",
        "no such page or file in the new site (not imported, or hidden in the old one): the link is removed, "
        "its text kept",
    )
