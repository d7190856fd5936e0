"""The ``mkdocs-researcher`` command: start a homepage, import an al-folio site, refresh counts.

Only the standard library and the package's own readers are used here; MkDocs itself is not
imported (the new sites are built by ``mkdocs build`` / ``mkdocs serve``). Bad input never ends in
a traceback: it is one message and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..diagnostics import counted
from ..sources.counts import COUNTS_FILE, ConfigProblem
from ..sources.works import WORKS_FILE

EXIT_BAD_INPUT = 2


def _fail(message: str) -> int:
    print(f"mkdocs-researcher: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_new(args: argparse.Namespace) -> int:
    from . import new as scaffold

    folder = Path(args.dir)
    from .generate import generate

    try:
        source = scaffold.installed_source()
        written = scaffold.create_site(folder, args.name, args.email, force=args.force, source=source)
        # What Zensical cannot make itself (the stylesheet and script), so `zensical build` works at once too.
        written += [folder / "docs" / name for name in generate(folder / "mkdocs.yml")]
    except scaffold.FolderNotEmpty as problem:
        return _fail(str(problem))
    except OSError as error:
        return _fail(f"cannot write the site into '{folder}': {error.strerror or error}")
    print(f"Created a homepage for {args.name} in {folder}:")
    for path in written:
        print(f"  {path.relative_to(folder).as_posix()}")
    if source.note:
        print(f"\nNote: {source.note}")
    print(f"\nNext: cd {folder} && mkdocs serve   (then {_next_edits(args.name)})")
    return 0


def _next_edits(name: str) -> str:
    """What the owner edits first; the site's title (header, browser tab) lives in mkdocs.yml, not the profile."""
    from . import new as scaffold

    papers = "your papers in docs/papers.bib"
    if name == scaffold.DEFAULT_NAME:
        return (
            "put your name in mkdocs.yml (site_name: the title in the header and the browser tab) and in "
            f"docs/index.md (profile: name), your profile in docs/index.md, {papers}"
        )
    return (
        f"edit your profile in docs/index.md and {papers}; the site's title and description are "
        "site_name and site_description in mkdocs.yml"
    )


def cmd_import_alfolio(args: argparse.Namespace) -> int:
    from . import import_alfolio as alfolio
    from . import new as scaffold
    from .generate import generate

    try:
        report = alfolio.import_alfolio(Path(args.path), Path(args.out), name=args.name, force=args.force)
        generate(Path(args.out) / "mkdocs.yml")  # for Zensical, as `new` does
        source = scaffold.installed_source()
        scaffold.write_requirements(Path(args.out), source)  # what the copied workflow installs
    except (alfolio.NotAlFolio, scaffold.FolderNotEmpty) as problem:
        return _fail(str(problem))
    except OSError as error:
        return _fail(f"cannot copy the site: {error}")
    except Exception as error:  # an al-folio file shaped in a way nobody foresaw: a message, not a traceback
        return _fail(
            f"the import stopped at something it does not understand ({type(error).__name__}: {error}); "
            "please report this with the file it was reading"
        )
    print(report.text(Path(args.path), Path(args.out)))
    if source.note:
        print(f"\nNote: {source.note}")
    return 0


def cmd_refresh(args: argparse.Namespace) -> int:
    from . import refresh

    def note(message: str) -> None:
        print(f"  note: {message}")

    config = Path(args.config_file)
    apis = (
        ("--github-api", args.github_api),
        ("--openalex-api", args.openalex_api),
        ("--crossref-api", args.crossref_api),
    )
    for option, url in apis:
        if not url.startswith(("http://", "https://")):
            return _fail(f"{option} must be an http:// or https:// address, got '{url}'")
    try:
        counts = refresh.counts_shown(config)
        summary = refresh.refresh(
            config,
            args.github_api,
            args.openalex_api,
            args.timeout,
            note,
            args.time_limit or refresh.TIME_LIMIT,
            args.crossref_api,
            counts,
        )
    except ConfigProblem as problem:
        return _fail(str(problem))
    except OSError as error:
        return _fail(f"cannot write {COUNTS_FILE} or {WORKS_FILE}: {error.strerror or error}")
    if summary.works:
        print(
            f"Fetched {summary.works.fetched} {'paper' if summary.works.fetched == 1 else 'papers'} for "
            f"{counted(summary.works.asked, 'identifier')} (DOIs, arXiv and OpenAlex ids, ORCID); "
            f"written to {summary.works.path}"
        )
    if summary.path:
        print(
            f"Refreshed {summary.stars} of {counted(summary.asked_repos, 'GitHub star count')} and "
            f"{summary.citations} of {counted(summary.asked_works, 'citation count')}; written to {summary.path}"
        )
    elif not summary.works:
        print(
            f"show_counts is off in {config}, so the site shows no stars or citations, and no publication is only "
            "a DOI, an arXiv or OpenAlex id, nor orcid_works on: nothing to refresh. To show the counts, add "
            "`show_counts: true` to mkdocs_researcher's options."
        )
    return 0


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("expected a number of seconds more than 0")
    return value


def cmd_generate(args: argparse.Namespace) -> int:
    from .generate import generate

    try:
        written = generate(Path(args.config_file))
    except ConfigProblem as problem:
        return _fail(str(problem))
    except OSError as error:
        return _fail(f"cannot write into the docs folder: {error.strerror or error}")
    print(f"Wrote {counted(len(written), 'file')} into the docs folder (listed in its .researcher-generated).")
    return 0


def _config_file_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "-f",
        "--config-file",
        default="mkdocs.yml",
        metavar="MKDOCS_YML",
        help="the site's mkdocs.yml (default: ./mkdocs.yml)",
    )


def build_parser() -> argparse.ArgumentParser:
    from . import new as scaffold
    from . import refresh

    parser = argparse.ArgumentParser(
        prog="mkdocs-researcher", description="Homepages for researchers, built with MkDocs and the researcher plugin."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = commands.add_parser(
        "new",
        help="create a ready homepage site in a new folder",
        description=(
            "Create a ready homepage site: mkdocs.yml, docs/ with a profile and sample papers, a GitHub Pages workflow."
        ),
    )
    new.add_argument("dir", metavar="DIR", help="the folder to create (must be new or empty)")
    new.add_argument("--name", default=scaffold.DEFAULT_NAME, help="your name, as on your papers")
    new.add_argument("--email", default=scaffold.DEFAULT_EMAIL, help="your e-mail address, shown on the profile card")
    new.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that already has files (the site's files are overwritten)",
    )
    new.set_defaults(run=cmd_new)

    imp = commands.add_parser(
        "import-alfolio",
        help="convert an al-folio (Jekyll) site into a new site",
        description=(
            "Convert a checkout of an al-folio site into a site of this plugin, and report what could not be converted."
        ),
    )
    imp.add_argument(
        "path", metavar="PATH", help="the al-folio site's folder (with _config.yml, _pages/, _bibliography/ …)"
    )
    imp.add_argument(
        "--out", required=True, metavar="DIR", help="the folder to create the new site in (must be new or empty)"
    )
    imp.add_argument(
        "--name",
        help="your name, when _config.yml does not give it (default: from _config.yml, else the author on most papers)",
    )
    imp.add_argument("--force", action="store_true", help="write into a folder that already has files")
    imp.set_defaults(run=cmd_import_alfolio)

    ref = commands.add_parser(
        "refresh",
        help=f"fetch papers into {WORKS_FILE}, GitHub stars and citation counts into {COUNTS_FILE}",
        description=(
            "Fetch the papers of publications that are only a DOI, an arXiv id or an OpenAlex id, and with "
            f"orcid_works the owner's works (OpenAlex, Crossref), into {WORKS_FILE}; with show_counts, GitHub star "
            "counts (projects with repo:) and OpenAlex citation counts (publications with a DOI or arXiv id) into "
            f"{COUNTS_FILE}; both next to mkdocs.yml. A failed look-up keeps what was found before."
        ),
    )
    _config_file_option(ref)
    ref.add_argument(
        "--github-api",
        default=os.environ.get("RESEARCHER_GITHUB_API") or refresh.GITHUB_API,
        metavar="URL",
        help="GitHub's API (env RESEARCHER_GITHUB_API; default %(default)s)",
    )
    ref.add_argument(
        "--openalex-api",
        default=os.environ.get("RESEARCHER_OPENALEX_API") or refresh.OPENALEX_API,
        metavar="URL",
        help="OpenAlex's API (env RESEARCHER_OPENALEX_API; default %(default)s)",
    )
    ref.add_argument(
        "--crossref-api",
        default=os.environ.get("RESEARCHER_CROSSREF_API") or refresh.CROSSREF_API,
        metavar="URL",
        help="Crossref's API, for DOIs OpenAlex does not know (env RESEARCHER_CROSSREF_API; default %(default)s)",
    )
    ref.add_argument(
        "--timeout",
        type=_positive,
        default=10.0,
        metavar="S",
        help="seconds for each answer, from asking to its last byte (default %(default)s)",
    )
    ref.add_argument(
        "--time-limit",
        type=_positive,
        default=None,
        metavar="S",
        help="seconds for the whole refresh; look-ups not done by then keep their old numbers (default 300)",
    )
    ref.set_defaults(run=cmd_refresh)

    gen = commands.add_parser(
        "generate",
        help="write publication pages, .bib files, the feed and the résumé into docs/ (for Zensical)",
        description=(
            "Write what spans pages — publication pages and their .bib files, each page's publications.bib, feed.xml, "
            "resume.json — into the docs folder, for engines that run no plugins (Zensical). Run it before "
            "`zensical build`; MkDocs and ProperDocs make these files themselves."
        ),
    )
    _config_file_option(gen)
    gen.set_defaults(run=cmd_generate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return _fail("interrupted")


if __name__ == "__main__":
    sys.exit(main())
