"""Typeset PDFs (cv.pdf) kept by the document they were typeset from (see kept.py).

Typesetting a CV costs half a second, and its page's HTML seldom changes: a build (or a `mkdocs serve` rebuild)
that finds the PDF of the same document, typeset by the same WeasyPrint and this package's same code, writes it
as it was. One cache file per site path, in ``pdf/`` of the cache folder; the PDF's bytes are kept as base64
text, checked on reading (a file that is not a PDF, or not the one its digest names, is a miss).
"""

from __future__ import annotations

import base64
import hashlib

from .. import __version__
from .kept import Kept
from .keys import digest, package_files
from .store import CacheStore, WrongShape


class TypesetPdfs:
    """PDFs by the site path they are written to and the document they were typeset from."""

    def __init__(self, store: CacheStore):
        self.kept: Kept[bytes] = Kept(store, _encode, _decode)

    def get(self, path: str, document_html: str, typesetter: str | None) -> bytes | None:
        """The PDF typeset from ``document_html`` for ``path`` by the ``typesetter`` (WeasyPrint's version)."""
        return self.kept.get(_file_name(path), _key(document_html, typesetter))

    def put(self, path: str, document_html: str, typesetter: str | None, pdf: bytes) -> None:
        self.kept.put(_file_name(path), _key(document_html, typesetter), pdf)


def _file_name(path: str) -> str:
    return hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _key(document_html: str, typesetter: str | None) -> str:
    document = hashlib.sha256(document_html.encode("utf-8", "surrogatepass")).hexdigest()
    return digest(document, __version__, package_files(), typesetter)


def _encode(pdf: bytes) -> tuple[str, list[str]]:
    return hashlib.sha256(pdf).hexdigest(), [base64.b64encode(pdf).decode("ascii")]


def _decode(data, texts: list[str]) -> bytes:
    if type(data) is not str or len(texts) != 1:
        raise WrongShape("not a typeset PDF")
    try:
        pdf = base64.b64decode(texts[0], validate=True)
    except ValueError as error:  # binascii.Error, or a character outside ASCII
        raise WrongShape("not base64") from error
    if not pdf.startswith(b"%PDF-") or hashlib.sha256(pdf).hexdigest() != data:
        raise WrongShape("not the PDF it was written as")
    return pdf
