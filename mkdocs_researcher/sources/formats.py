"""Publication files: which file names hold publications, and the reader of each format.

The one table pages, site-wide options, the build and ``refresh`` go by. A reader is imported
when a file is read, so that a build from the cache never loads bibtexparser or pylatexenc.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..diagnostics import Reporter
from ..model.records import Publication


def _read_bibtex(text: str, reporter: Reporter, **options) -> list[Publication]:
    from .bibtex import read_bibtex

    return read_bibtex(text, reporter, **options)


def _read_csl_json(text: str, reporter: Reporter, *, private_fields=(), **options) -> list[Publication]:
    from .csl import read_csl_json

    return read_csl_json(text, reporter, **options)  # private fields are BibTeX's: an item publishes none


@dataclass(frozen=True)
class PublicationFormat:
    name: str
    # (text, reporter, *, assets_prefix, private_fields) -> the file's publications; its problems on the reporter
    read: Callable[..., list[Publication]]


FORMATS = {".bib": PublicationFormat("BibTeX", _read_bibtex), ".json": PublicationFormat("CSL-JSON", _read_csl_json)}
DATA_SUFFIXES = (*FORMATS, ".yml", ".yaml")  # what pages and mkdocs.yml name as data


def format_of(name: str) -> PublicationFormat | None:
    """The format of a file by the end of its name (in any case); None if it holds no publications."""
    return next((found for suffix, found in FORMATS.items() if name.lower().endswith(suffix)), None)


def is_publication_file(name: str) -> bool:
    return format_of(name) is not None


def is_data_file(name: str) -> bool:
    return name.lower().endswith(DATA_SUFFIXES)


def described() -> str:
    """The formats as a message names them: "a .bib (BibTeX) or .json (CSL-JSON) file"."""
    return "a " + " or ".join(f"{suffix} ({found.name})" for suffix, found in FORMATS.items()) + " file"
