"""``cv.pdf``: the CV page's own HTML and print stylesheet typeset by WeasyPrint (the ``pdf`` extra).

A page's build keeps the PDF as the HTML document it is typeset from (a text, as the render cache keeps files);
the PDF is made from it when the file is written. The same document gives the same bytes: the PDF carries no
creation or modification date, and its identifier is derived from its content.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import html
import importlib.metadata
import io

PDF_SUFFIX = ".pdf"
INSTALL_HINT = 'pip install "mkdocs-researcher[pdf]"'
_NONE = "no cv.pdf is made"
MISSING = f"cv_pdf: true needs WeasyPrint, which is not installed: {INSTALL_HINT}; {_NONE}"
SYSTEM_LIBRARIES_DOCS = "https://doc.courtbouillon.org/weasyprint/stable/first_steps.html#installation"
# Latin and accented names first, Chinese, Japanese and Korean ones from Noto CJK (fonts-noto-cjk on Debian).
_FONTS = '"Noto Sans", "DejaVu Sans", "Liberation Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif'


@functools.cache
def installed_version() -> str | None:
    """WeasyPrint's version as installed (None: not installed), read from its metadata: no import."""
    try:
        return importlib.metadata.version("weasyprint")
    except importlib.metadata.PackageNotFoundError:
        return None


def available() -> bool:
    return unavailable() is None


@functools.cache
def unavailable() -> str | None:
    """Why no PDF can be made (the warning that says so), or None when WeasyPrint loads; tried once a process.
    Imported, not only looked for: WeasyPrint installed without its system libraries (Pango) is found, then fails
    to load them."""
    try:
        # WeasyPrint prints a banner of its own when a library fails to load: the warning below says it once.
        with contextlib.redirect_stdout(io.StringIO()):
            import weasyprint  # noqa: F401 (the import is the check)
    except OSError as error:  # cffi's dlopen of Pango, GObject, HarfBuzz or fontconfig
        return (
            f"cv_pdf: true needs WeasyPrint's system libraries (Pango), which it could not load "
            f"({_first_line(error)}): see {SYSTEM_LIBRARIES_DOCS}; {_NONE}"
        )
    except ImportError as error:
        if isinstance(error, ModuleNotFoundError) and error.name == "weasyprint":
            return MISSING
        return f"cv_pdf: true needs WeasyPrint, which does not import ({_first_line(error)}): {INSTALL_HINT}; {_NONE}"
    return None


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def document(cv_html: str, *, title: str, language: str, stylesheet: str) -> str:
    """The standalone HTML a CV's PDF is typeset from: the CV's HTML under the package's stylesheet
    (researcher.css), whose print rules lay it out as on paper."""
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(language)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{stylesheet}\n"
        f"body {{ margin: 0; font-family: {_FONTS}; font-size: 10pt; line-height: 1.4; color: #1a1a1a; }}\n"
        "a { color: inherit; }\n</style>\n</head>\n"
        '<body class="researcher-cv-document">\n<article class="md-typeset">\n'
        f"{cv_html}\n</article>\n</body>\n</html>\n"
    )


def typeset(document_html: str) -> bytes:
    """The PDF of ``document`` (WeasyPrint must load: see ``available``)."""
    import weasyprint  # the pdf extra: imported only when a PDF is made

    # The document holds everything it shows (a CV has no images): nothing is fetched, so no file or address
    # named in it (an attachment link, an image, a stylesheet, say from a crafted cache file) gets into the PDF.
    identifier = hashlib.sha256(document_html.encode("utf-8")).hexdigest()[:32].encode("ascii")
    return weasyprint.HTML(string=document_html, url_fetcher=_fetcher_of_nothing(weasyprint)).write_pdf(
        identifier=identifier
    )


def _fetcher_of_nothing(weasyprint):
    """A URL fetcher that allows no protocol: WeasyPrint's URLFetcher where it has one, else (older) a function."""
    if hasattr(weasyprint, "URLFetcher"):
        return weasyprint.URLFetcher(allowed_protocols=())

    def fetch_nothing(url: str, *args, **kwargs):
        raise ValueError(f"cv.pdf fetches nothing: {url[:80]}")

    return fetch_nothing
