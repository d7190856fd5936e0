"""One measurement in a fresh process: ``python -m benchmarks.worker MODE ... --out result.json``.

Every timing the suite reports comes from one of these, so each measurement starts with empty
``lru_cache``s, a fresh heap and nothing imported beyond what MkDocs itself imports; the parent
reads the process's peak RSS from ``os.wait4``.

Modes
  parse  --bib F              floor (read + decode) and the bare ``bibtexparser.parse_string``
  naive  --bib F --entries K  bibtexparser + LatexDecodingMiddleware on the first K entries
  minimal --bib F             bibtexparser's splitter and the least a publication list needs (a lower bound)
  build  --config F           ``build(load_config(F))`` with the plugin's handlers timed (and the
                              plugin's import and load_config, which happen outside its handlers);
                              bibtexparser and pylatexenc are imported first, as in mode parse
         [--profile]          ... under cProfile (import, load_config and build), summarised
         [--record F]         ... noting the files the plugin generates, for the pre-rendered twin
  serve  --config F --touch P three builds as ``mkdocs serve`` does them, the third with the plugin
                              instance kept, as MkDocs keeps plugins that have on_startup (see mode_serve)
         --retitle B          ... the change between builds is one entry's title in the .bib file B
         [--builds N]         ... N builds (default 3; 2: the first build and one rebuild)
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import logging
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


# --- Timing the plugin's handlers ---------------------------------------------------------------


class PluginClock:
    """Wraps every ``on_*`` handler the plugin's own classes define with a perf_counter clock."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: Counter = Counter()
        self.instances: list[int] = []  # the instance each on_config ran on

    def install(self) -> None:
        from mkdocs.plugins import BasePlugin, CombinedEvent

        from mkdocs_researcher.adapters.mkdocs import ResearcherPlugin

        for cls in ResearcherPlugin.__mro__:
            if cls is BasePlugin or not cls.__module__.startswith("mkdocs_researcher"):
                continue
            for name, method in list(vars(cls).items()):
                if not name.startswith("on_"):
                    continue
                if isinstance(method, CombinedEvent):  # several handlers of one event, each with its priority
                    parts = [self._wrap(name, part) for part in method.methods if not hasattr(part, "_benchmark_clock")]
                    setattr(cls, name, CombinedEvent(*(parts or method.methods)))
                elif callable(method) and not getattr(method, "_benchmark_clock", False):
                    setattr(cls, name, self._wrap(name, method))

    def _wrap(self, name, method):
        seconds, calls, instances = self.seconds, self.calls, self.instances

        @functools.wraps(method)  # keeps mkdocs_priority (event_priority) with the rest of __dict__
        def timed(plugin, *args, **kwargs):
            if name == "on_config":  # a serial number per instance (an id() could be reused)
                if not hasattr(plugin, "_benchmark_serial"):
                    plugin._benchmark_serial = len(set(instances)) + 1
                instances.append(plugin._benchmark_serial)
            start = time.perf_counter()
            try:
                return method(plugin, *args, **kwargs)
            finally:
                seconds[name] += time.perf_counter() - start
                calls[name] += 1

        timed._benchmark_clock = True
        return timed

    def snapshot(self) -> dict:
        return {"plugin_s": sum(self.seconds.values()), "handlers": dict(self.seconds), "calls": dict(self.calls)}

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()


class _Warnings(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record):
        self.count += 1
        if len(self.first) < 3:
            self.first.append(record.getMessage()[:300])


def _quiet_mkdocs() -> _Warnings:
    handler = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    logger.addHandler(handler)
    return handler


def _uses_plugin(config_file: str) -> bool:
    return "researcher" in Path(config_file).read_text(encoding="utf-8")


# --- Modes --------------------------------------------------------------------------------------


def mode_parse(args) -> dict:
    import bibtexparser

    start = time.perf_counter()
    text = Path(args.bib).read_text(encoding="utf-8")
    floor = time.perf_counter() - start
    start = time.perf_counter()
    library = bibtexparser.parse_string(text)
    bare = time.perf_counter() - start
    return {
        "floor_s": floor,
        "bare_s": bare,
        "entries": len(library.entries),
        "failed_blocks": len(library.failed_blocks),
        "bytes": len(text.encode()),
    }


def mode_naive(args) -> dict:
    import bibtexparser
    from bibtexparser.middlewares import LatexDecodingMiddleware

    text = Path(args.bib).read_text(encoding="utf-8")
    start = time.perf_counter()
    library = bibtexparser.parse_string(text, append_middleware=[LatexDecodingMiddleware()])
    return {"naive_s": time.perf_counter() - start, "entries": len(library.entries)}


def mode_minimal(args) -> dict:
    """bibtexparser's splitter and the least a publication list needs: a lower bound for any reading of the file
    into HTML.

    Each entry's fields lose their outer braces (and inner ones where TeX might be), its authors are split
    at " and ", and title, authors, venue, year, links, abstract and the raw BibTeX are escaped into one
    <li>: no model, no TeX decoding, no name parsing, no checks, no caches.
    """
    import html
    import re

    import bibtexparser

    text = Path(args.bib).read_text(encoding="utf-8")
    start = time.perf_counter()
    library = bibtexparser.parse_string(text, parse_stack=[])
    split = time.perf_counter() - start
    names = re.compile(r"\s+and\s+")
    seen_names: dict[str, str] = {}
    items = []
    for entry in library.entries:
        fields = {}
        for field in entry.fields:
            value = field.value[1:-1] if field.value[:1] in '{"' else field.value
            if "{" in value:
                value = value.replace("{", "").replace("}", "")
            fields[field.key.lower()] = value
        authors = []
        for name in names.split(fields.get("author", "")):
            markup = seen_names.get(name)
            if markup is None:
                markup = seen_names[name] = f'<span class="author">{html.escape(name)}</span>'
            authors.append(markup)
        links = "".join(
            f'<a href="{html.escape(fields[k])}">{k}</a>' for k in ("url", "doi", "pdf", "code", "html") if k in fields
        )
        items.append(
            f'<li id="{html.escape(entry.key)}"><p>{html.escape(fields.get("title", ""))}</p>'
            f"<div>{', '.join(authors)}</div>"
            f"<p><em>{html.escape(fields.get('journal') or fields.get('booktitle') or '')}</em> "
            f"{fields.get('year', '')}</p>{links}"
            f"<details>{html.escape(fields.get('abstract', ''))}</details><pre>{html.escape(entry.raw)}</pre></li>"
        )
    page = "".join(items)
    return {
        "minimal_s": time.perf_counter() - start,
        "split_s": split,
        "entries": len(library.entries),
        "html_bytes": len(page),
    }


def mode_build(args) -> dict:
    # The libraries the bare parse imports before its clock starts are imported before this one too;
    # the plugin imports them only when it parses (never on a build from its cache).
    import bibtexparser  # noqa: F401
    import pylatexenc.latex2text  # noqa: F401
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    warnings = _quiet_mkdocs()
    clock = PluginClock()
    profiler = None
    if args.profile:
        import cProfile

        # builtins=False: C functions (regex, str methods) count in their Python callers' own time, and
        # the profile costs less (a cold build of 10,000 entries runs ~2x slower under it, not ~2.5x).
        profiler = cProfile.Profile(builtins=False)
        profiler.enable()
    start = time.perf_counter()
    if _uses_plugin(args.config):
        clock.install()  # imports the plugin: what load_config would otherwise do through its entry point
        if args.record:
            recorded = _record_generated()
    imported = time.perf_counter()
    config = load_config(args.config)
    loaded = time.perf_counter()
    build(config)
    elapsed = time.perf_counter() - loaded
    if profiler is not None:
        profiler.disable()
    result = {
        "build_s": elapsed,
        "plugin_import_s": imported - start,
        "load_config_s": loaded - imported,
        **clock.snapshot(),
        "warnings": warnings.count,
        "first_warnings": warnings.first,
    }
    if profiler is not None:
        result["profile"] = summarise_profile(profiler)
    if args.record:
        Path(args.record).write_text(json.dumps(recorded), encoding="utf-8")
    return result


def _record_generated() -> list[dict]:
    """Notes every file the plugin adds, per language build, for the pre-rendered twin of a site: those its
    on_files adds, and those it writes beside a page (cv.pdf, cv.yaml), which are no MkDocs files."""
    from mkdocs_researcher.adapters.mkdocs import ResearcherPlugin
    from mkdocs_researcher.site.core import Site

    recorded: list[dict] = []
    building: dict = {}  # the language build under way (its language and site folder), from its on_files
    method = ResearcherPlugin.on_files

    @functools.wraps(method)
    def on_files(plugin, files, config, *args, **kwargs):
        before = {id(f) for f in files}
        result = method(plugin, files, config, *args, **kwargs)
        i18n = config.plugins.get("i18n")
        language = getattr(i18n, "current_language", None) or ""
        if language == getattr(i18n, "default_language", language):
            language = ""
        building.update(language=language, site_dir=config.site_dir)
        for file in result if result is not None else files:
            if id(file) not in before:
                recorded.append(
                    {
                        "language": language,
                        "src_uri": file.src_uri,
                        "dest": file.abs_dest_path,
                        "page": file.is_documentation_page(),
                    }
                )
        return result

    page_files = Site.page_files

    @functools.wraps(page_files)
    def noting_page_files(site, src_uri):
        files = page_files(site, src_uri)
        for path in files:  # written at this site path, as a file MkDocs generated would be
            dest = os.path.join(building["site_dir"], path)
            recorded.append({"language": building["language"], "src_uri": path, "dest": dest, "page": False})
        return files

    ResearcherPlugin.on_files = on_files
    Site.page_files = noting_page_files
    return recorded


def mode_serve(args) -> dict:
    """Builds exactly as ``mkdocs.commands.serve.serve`` (MkDocs 1.6.1) runs them (``--builds``, default three).

    serve() loads the config once, calls ``config.plugins.on_startup(command="serve", dirty=False)``,
    sets ``site_url`` to the dev server's URL and builds; on each change its ``builder()`` calls
    ``get_config()`` (a NEW ``load_config``) and ``build(config, serve_url=...)`` again. Whether the
    plugin instance survives is up to MkDocs' ``Plugins`` option: it keeps (``plugin_cache``) only
    plugins that define ``on_startup`` or ``on_shutdown``.

    Build 1 is the first build, build 2 the rebuild after a change (``--touch``: a line added to that
    page; ``--retitle``: one entry's title in that .bib file); before build 3 (another change) the
    instance of build 2 is put into ``plugin_cache`` by hand, which is what an ``on_startup`` method
    would make MkDocs do: build 3 is a rebuild on the same instance. Each build's ``config_s`` is what
    serve does before ``build()`` (for the first: load_config and on_startup); the changed file is
    put back as it was at the end.
    """
    import tempfile

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.livereload import _serve_url

    from . import synthetic

    warnings = _quiet_mkdocs()
    clock = PluginClock()
    clock.install()
    # Beside the result file: the suite's temporary folder, removed with it.
    site_dir = Path(tempfile.mkdtemp(prefix="mkdocs_", dir=Path(args.out).parent))
    plugins_option = dict(MkDocsConfig._schema)["plugins"]  # one Plugins option object, shared by every load_config
    changed = Path(args.retitle or args.touch)
    original = changed.read_text(encoding="utf-8")

    def get_config():
        return load_config(config_file=args.config, site_dir=str(site_dir))

    start = time.perf_counter()
    config = get_config()
    config.plugins.on_startup(command="serve", dirty=False)
    host, port = config.dev_addr
    serve_url = _serve_url(host, port, "/")
    config.site_url = serve_url
    first_config_s = time.perf_counter() - start
    current = {"config": config}

    def builder(config=None) -> tuple[float, float]:
        start = time.perf_counter()
        if config is None:
            config = get_config()
            config.site_url = serve_url
        current["config"] = config
        loaded = time.perf_counter()
        build(config, serve_url=serve_url, dirty=False)
        return loaded - start, time.perf_counter() - loaded

    def change():
        text = changed.read_text(encoding="utf-8")
        text = synthetic.retitle(text) if args.retitle else text + "\nEdited while serving.\n"
        changed.write_text(text, encoding="utf-8")

    builds = []
    try:
        for number in range(args.builds):
            if number:
                change()
            clock.reset()
            if number == 2:
                plugins_option.plugin_cache["researcher"] = current["config"].plugins["researcher"]
            config_s, build_s = builder(config if number == 0 else None)
            built = {
                "config_s": first_config_s if number == 0 else config_s,
                "build_s": build_s,
                **clock.snapshot(),
                "instance": clock.instances[-1],
            }
            if args.retitle:  # whether the page shows the change: the new title's word, counted in every page
                built["retitle_marks"] = sum(
                    page.read_text(encoding="utf-8").count(synthetic.RETITLE_MARK) for page in site_dir.rglob("*.html")
                )
            builds.append(built)
        current["config"].plugins.on_shutdown()
    finally:
        changed.write_text(original, encoding="utf-8")
    return {
        "builds": builds,
        "instances": clock.instances,
        "warnings": warnings.count,
        "first_warnings": warnings.first,
    }


# --- cProfile ----------------------------------------------------------------------------------


def _package_of(filename: str) -> str:
    if filename.startswith("~") or filename.startswith("<"):
        return "builtins"
    parts = Path(filename).parts
    if "mkdocs_researcher" in parts:
        return "mkdocs_researcher"
    if "site-packages" in parts:
        rest = parts[parts.index("site-packages") + 1 :]
        return rest[0].removesuffix(".py") if rest else "?"
    return "stdlib:" + Path(filename).stem


def summarise_profile(profiler, top: int = 15) -> dict:
    import pstats

    import mkdocs_researcher

    package_dir = str(Path(mkdocs_researcher.__file__).resolve().parent)
    stats = pstats.Stats(profiler)
    rows, self_by_package = [], defaultdict(float)
    for (filename, line, name), (_cc, ncalls, tottime, cumtime, _callers) in stats.stats.items():
        self_by_package[_package_of(filename)] += tottime
        rows.append(
            {
                "function": (
                    f"{os.path.relpath(filename, package_dir) if filename.startswith(package_dir) else filename}"
                    f":{line}({name})"
                ),
                "ours": filename.startswith(package_dir),
                "ncalls": ncalls,
                "tottime_s": round(tottime, 4),
                "cumtime_s": round(cumtime, 4),
            }
        )
    ours = sorted((r for r in rows if r["ours"]), key=lambda r: r["cumtime_s"], reverse=True)[:top]
    self_time = sorted(rows, key=lambda r: r["tottime_s"], reverse=True)[:top]
    total = sum(self_by_package.values())
    return {
        "total_s": round(total, 3),
        "top_cumulative_in_mkdocs_researcher": [{k: v for k, v in r.items() if k != "ours"} for r in ours],
        "top_self_time_anywhere": [{k: v for k, v in r.items() if k != "ours"} for r in self_time],
        "self_time_by_package": {
            k: round(v, 3) for k, v in sorted(self_by_package.items(), key=lambda kv: -kv[1])[:12]
        },
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worker")
    parser.add_argument("mode", choices=["parse", "naive", "minimal", "build", "serve"])
    parser.add_argument("--bib")
    parser.add_argument("--config")
    change = parser.add_mutually_exclusive_group()
    change.add_argument("--touch", help="serve: the page changed between builds (a line added)")
    change.add_argument("--retitle", help="serve: the .bib file changed between builds (one entry's title)")
    parser.add_argument("--builds", type=int, default=3, help="serve: how many builds (default 3)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--record", help="build: write the files the plugin generated (per language) to this JSON")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    gc.collect()
    result = {
        "parse": mode_parse,
        "naive": mode_naive,
        "minimal": mode_minimal,
        "build": mode_build,
        "serve": mode_serve,
    }[args.mode](args)
    Path(args.out).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
