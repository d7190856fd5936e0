"""The site-wide data read once a build, from mkdocs.yml and the files it names: label overrides, the math markup,
the counts, venues and co-authors, and the renderer of the theme's templates."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Reporter
from ..options import SiteOptions
from ..render.environment import Renderer
from ..render.locale import checked_labels
from ..render.publication import MathMarkup, math_markup
from ..sources.coauthors import read_coauthors
from ..sources.counts import COUNTS_FILE, ConfigProblem, read_counts
from ..sources.text_files import read_unicode
from ..sources.venues import read_venues
from .engine import EngineSettings


@dataclass
class SiteData:
    renderer: Renderer
    labels: dict = field(default_factory=dict)
    math: MathMarkup | None = None
    counts: dict | None = None  # None: show_counts is off
    venues: dict = field(default_factory=dict)
    coauthors: dict = field(default_factory=dict)
    files_read: list[str] = field(default_factory=list)  # as resolved paths: a rebuild follows them


def read_site_data(
    options: SiteOptions,
    engine: EngineSettings,
    report: Callable[[list[Diagnostic]], None],
    warn: Callable[[str], None],
) -> SiteData:
    labels_reporter = Reporter("mkdocs.yml")
    data = SiteData(
        Renderer(engine.template_dirs, _icon_dirs(engine.template_dirs)),
        checked_labels(options.labels, labels_reporter),
    )
    report(labels_reporter.found)
    data.math = math_markup(engine.markdown_extensions, engine.mdx_configs)
    if options.show_counts:
        data.counts = _counts(engine, data.files_read, warn)
    data.venues = _site_file(engine, options.venues, "venues", read_venues, data.files_read, report)
    data.coauthors = _site_file(engine, options.coauthors, "coauthors", read_coauthors, data.files_read, report)
    return data


def _counts(engine: EngineSettings, files_read: list[str], warn: Callable[[str], None]) -> dict:
    """Stars and citations written by `mkdocs-researcher refresh`; none yet is fine (the build never fetches)."""
    path = engine.project_dir / COUNTS_FILE
    files_read.append(str(path))
    try:
        return read_counts(path)
    except ConfigProblem as problem:
        warn(str(problem))
        return {}


def _site_file(engine: EngineSettings, name: str | None, option: str, reader, files_read: list[str], report) -> dict:
    """A site-wide data file named by an option (venues, coauthors)."""
    if not name:
        return {}
    project = engine.project_dir
    path = (project / name).resolve()
    reporter = Reporter(os.path.relpath(path, project).replace(os.sep, "/"))
    try:
        data = reader(read_unicode(path), reporter)
    except OSError:
        reporter.warn((), f"the file given in mkdocs.yml ({option}:) does not exist")
        data = {}
    except UnicodeDecodeError as error:
        reporter.warn((), f"the file given in mkdocs.yml ({option}:) is not UTF-8 text (byte {error.start})")
        data = {}
    report(reporter.found)
    files_read.append(str(path))
    return data


def _icon_dirs(template_dirs: list[str]) -> list[str]:
    dirs = list(template_dirs)
    material = importlib.util.find_spec("material")
    if material and material.submodule_search_locations:
        # The plain theme has no icons of its own: borrow Material's bundled set.
        dirs.append(os.path.join(list(material.submodule_search_locations)[0], "templates"))
    return dirs
