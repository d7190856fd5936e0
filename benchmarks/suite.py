"""The benchmark suite behind ``python -m benchmarks``.

    python -m benchmarks                       # sizes 200,2000,10000,20000, 5 runs, targets checked
    python -m benchmarks --sizes 200,2000 --runs 3 --json /tmp/r.json
    python -m benchmarks --smoke               # tiny and quick, for CI: no target is asserted

Measured, each in fresh subprocesses (``benchmarks/worker.py``) and always as ratios within this run:

whole_build  what a user waits for, per .bib size up to 10,000 (a Material site with MkDocs' search plugin,
             as the scaffold's): ``python -m mkdocs build`` of the plain site (no plugin) and of the plugin's,
             cold (cache deleted; with its peak RSS) and warm, against the bare parse; an edit under
             ``mkdocs serve`` (one entry's title changed in the .bib: rebuild / cold build); bytes per entry
             of the page with the list and of the search index; ``pandoc --citeproc`` on the same file
overhead     the example site built with the plugin vs the same pages pre-rendered to static HTML in
             Markdown files, the plugin removed (``python -m mkdocs build -q -f``, alternating runs)
scale        per .bib size: floor (file read), bare ``bibtexparser.parse_string``, naive (bibtexparser +
             LatexDecodingMiddleware, on a subsample), the plugin's handler time cold (empty cache) and
             warm (a second build in a new process, persistent cache), and whole-build times; at one
             size, a lower bound: the splitter and the least markup a list needs (no model, no checks)
rebuild      builds as ``mkdocs serve`` runs them (a rebuild after an unrelated page changed), with the
             plugin instance MkDocs gives it and with the instance kept
memory       peak RSS of the largest build vs the same site without the plugin and publications
publication pages  ``publication_pages: true`` at 2,000 entries, no ``nav:`` (MkDocs' automatic one), with
             search, against a plain Material site of a list and 2,000 pages holding the same facts (kept out of
             its nav by ``not_in_nav``): ``python -m mkdocs build`` of each, alternating, ratio per run
page_weight  the plugin's CSS/JS and one rendered publication, raw and gzipped
profile      cProfile of the 10,000-entry build (or the largest size below it)

Every size gets one round (scale: parse, cold build, warm build; whole build: cold, warm and the serve
edit, and pandoc once); further rounds, up to ``--runs``, go to the quickest rounds (the smallest sizes)
first while the time budget (``--budget``) lasts. The runs used are printed and written to the JSON. The scale
sites leave out MkDocs' search plugin (``--search`` keeps it): on one page of 10,000 entries it alone takes
longer than the plugin; the whole builds keep it. A full run is about six minutes.
The exit status is 1 when a target is missed (never with ``--smoke``).
"""

from __future__ import annotations

import argparse
import compileall
import gzip
import json
import math
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

from . import sites, synthetic

REPO = sites.REPO
DEFAULT_JSON = REPO / "benchmarks" / "results.json"
# The targets of the issue "A core a newcomer can carry": whole builds a user waits for, at 10,000 entries; the
# example site's overhead at its size; publication pages at 2,000. The scale and rebuild sections' figures (the
# plugin's own time against a bare parse, a serve rebuild after an unrelated edit, growth with size) are
# reported, no longer targets.
TARGETS = {"overhead": 1.15, "citations": 1.25}
CITED_KEYS = 200  # the citations section: a page citing this many keys of the largest whole-build .bib
WHOLE_BUILD_ENTRIES = 10000  # whole builds run at the sizes up to this one; their targets are checked at it
WHOLE_BUILD_TARGETS = {  # figure of a whole-build row: (limit, what it is)
    "warm_ratio": (4.0, "warm mkdocs build / plain one-page Material site with search"),
    "cold_ratio": (4.0, "(cold mkdocs build - plain) / bare parse"),
    "edit_ratio": (0.6, "serve: rebuild after one entry's title changed / cold mkdocs build"),
    "html_bytes_per_entry": (3000, "HTML bytes per entry"),
    "index_bytes_per_entry": (400, "search index bytes per entry"),
    "cold_maxrss_mb": (300, "cold mkdocs build, peak RSS in MiB"),
}
PUBLICATION_PAGES_ENTRIES = 2000  # a page per entry; the target is checked at this size
PUBLICATION_PAGES_TARGET = 1.5  # plugin build / plain twin build
PANDOC_INPUT = '---\nnocite: "@*"\n---\n'  # a document citing every entry of its bibliography, and nothing else
NAIVE_SAMPLE = 200  # entries the naive path parses; scaled per 1,000 (it costs seconds per hundred)
LINEAR_EXPONENT = 1.15  # cost ~ size^k: k at most this counts as linear
WRAPPER = ('<div class="researcher-prerendered">\n', "\n</div>")


class BenchmarkError(RuntimeError):
    pass


def _env() -> dict:
    env = dict(os.environ)
    env["NO_MKDOCS_2_WARNING"] = "1"
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


class Runner:
    """Fresh subprocesses, each with its wall time and its own peak RSS (os.wait4)."""

    def __init__(self, tmp: Path, verbose: bool = True):
        self.tmp, self.verbose, self.count, self.env = tmp, verbose, 0, _env()
        self.lock = threading.Lock()

    def _spawn(self, argv: list[str]) -> tuple[float, int, str]:
        start = time.perf_counter()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(argv, cwd=REPO, env=self.env, stdout=subprocess.DEVNULL, stderr=err)
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            stderr = err.read().decode("utf-8", "replace")
        if proc.returncode != 0:
            raise BenchmarkError(f"{' '.join(map(str, argv))} exited with {proc.returncode}:\n{stderr[-3000:]}")
        return wall, usage.ru_maxrss, stderr  # ru_maxrss: KiB on Linux

    def worker(self, mode: str, *args) -> dict:
        with self.lock:
            self.count += 1
            out = self.tmp / f"worker{self.count}.json"
        wall, maxrss, _ = self._spawn(
            [sys.executable, "-m", "benchmarks.worker", mode, *map(str, args), "--out", str(out)]
        )
        result = json.loads(out.read_text(encoding="utf-8"))
        result.update(wall_s=wall, maxrss_kb=maxrss)
        return result

    def mkdocs_build(self, config: Path, site_dir: Path) -> dict:
        """``python -m mkdocs build``, as a user runs it: the whole process's wall time and peak RSS."""
        wall, maxrss, _ = self._spawn(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site_dir)]
        )
        return {"wall_s": wall, "maxrss_kb": maxrss, "site_dir": str(site_dir)}

    def say(self, text: str) -> None:
        if self.verbose:
            print(text, file=sys.stderr, flush=True)


# --- whole build --------------------------------------------------------------------------------


class WholeBuild:
    """One .bib size as a user builds it: a Material site with MkDocs' search plugin (the scaffold's), each
    ``round()`` a cold and a warm ``python -m mkdocs build`` (new processes) and an edit under ``mkdocs serve``
    (worker mode serve: a first build, one entry's title changed in the .bib, the rebuild)."""

    def __init__(self, runner: Runner, tmp: Path, size: int, seed: int):
        self.runner, self.size = runner, size
        self.root = tmp / f"whole-{size}"
        self.config = sites.scale_site(self.root, synthetic.generate(size, seed), search=True, theme="material")
        self.bib = self.root / "docs" / "papers.bib"
        self.cold, self.warm, self.serve, self.walls = [], [], [], []
        self.pandoc: dict = {}

    def round(self) -> float:
        self.runner.say(f"whole build {self.size}: run {len(self.cold) + 1} (cold, warm, an edit under serve)")
        start = time.perf_counter()
        cache, site = self.root / "cache", self.root / "site"
        shutil.rmtree(cache, ignore_errors=True)
        self.cold.append(self.runner.mkdocs_build(self.config, site))
        self.warm.append(self.runner.mkdocs_build(self.config, site))
        shutil.rmtree(cache, ignore_errors=True)  # serve's first build is cold, as in the rebuild section
        self.serve.append(
            self.runner.worker("serve", "--config", self.config, "--retitle", self.bib, "--builds", 2)["builds"]
        )
        self.walls.append(time.perf_counter() - start)
        return self.walls[-1]

    def measure_pandoc(self) -> dict:
        """Once per size (a reference, not ours to speed up): ``pandoc --citeproc`` on the same .bib."""
        self.runner.say(f"whole build {self.size}: pandoc --citeproc on the same .bib")
        self.pandoc = bench_pandoc(self.runner, self.bib, self.root)
        return self.pandoc

    def summary(self, bare_parse_s: float, plain: list[dict]) -> dict:
        site, plain_site = self.root / "site", Path(plain[0]["site_dir"])
        pages = {p.relative_to(site) for p in site.rglob("*.html")}
        # The page with the list, and any page the plugin added (the plain twin has all the others).
        list_pages = {Path("index.html")} | (pages - {p.relative_to(plain_site) for p in plain_site.rglob("*.html")})
        plain_s = median([p["wall_s"] for p in plain])
        cold_s, warm_s = median([c["wall_s"] for c in self.cold]), median([w["wall_s"] for w in self.warm])
        firsts = [first["config_s"] + first["build_s"] for first, _ in self.serve]
        edits = [edit["config_s"] + edit["build_s"] for _, edit in self.serve]
        return {
            "entries": self.size,
            "runs": len(self.cold),
            "plain_s": plain_s,
            "bare_parse_s": bare_parse_s,
            "cold_s": cold_s,
            "cold_maxrss_mb": median([c["maxrss_kb"] for c in self.cold]) / 1024,
            "warm_s": warm_s,
            "warm_maxrss_mb": median([w["maxrss_kb"] for w in self.warm]) / 1024,
            "edit_first_s": median(firsts),
            "edit_s": median(edits),
            # The edit against the cold build of the same round: what an edit costs beside building from scratch.
            "edit_ratio": median([e / c["wall_s"] for e, c in zip(edits, self.cold, strict=True)]),
            "edit_shown": all(edit["retitle_marks"] > first["retitle_marks"] for first, edit in self.serve),
            "html_bytes_per_entry": sum((site / p).stat().st_size for p in list_pages) / self.size,
            "html_pages": sorted(p.as_posix() for p in list_pages),
            "index_bytes_per_entry": (site / "search" / "search_index.json").stat().st_size / self.size,
            "warm_ratio": warm_s / plain_s,
            "cold_ratio": (cold_s - plain_s) / bare_parse_s,
            **self.pandoc,
            "raw": {
                "cold_s": [c["wall_s"] for c in self.cold],
                "warm_s": [w["wall_s"] for w in self.warm],
                "edit_first_s": firsts,
                "edit_s": edits,
                "edit_plugin_s": [edit["plugin_s"] for _, edit in self.serve],
            },
            "round_wall_s": median(self.walls),
        }


def bench_pandoc(runner: Runner, bib: Path, out_dir: Path) -> dict:
    """``pandoc --citeproc`` rendering every entry of ``bib`` to HTML (CSL's default style), wall time of its
    process; ``pandoc_s`` None and ``pandoc_skipped`` the reason when it cannot run."""
    found = shutil.which("pandoc")
    if found is None:
        return {"pandoc_s": None, "pandoc_skipped": "pandoc is not installed (not on PATH)"}
    source, output = out_dir / "nocite.md", out_dir / "pandoc.html"
    source.write_text(PANDOC_INPUT, encoding="utf-8")
    argv = [found, "--citeproc", f"--bibliography={bib}", "--from=markdown", "--to=html", f"--output={output}"]
    try:
        wall, maxrss, _ = runner._spawn([*argv, str(source)])
    except BenchmarkError as error:  # a pandoc before 2.11 has no --citeproc
        return {"pandoc_s": None, "pandoc_skipped": f"pandoc failed: {str(error).strip().splitlines()[-1][:300]}"}
    entries = output.read_text(encoding="utf-8").count('class="csl-entry"')
    if not entries:
        return {"pandoc_s": None, "pandoc_skipped": "pandoc rendered no entry"}
    return {"pandoc_s": wall, "pandoc_maxrss_mb": maxrss / 1024, "pandoc_entries": entries}


def whole_build(benches: dict[int, WholeBuild], scale: dict[str, dict], plain: list[dict]) -> dict:
    return {
        "sizes": {str(size): bench.summary(scale[str(size)]["bare_parse_s"], plain) for size, bench in benches.items()},
        "plain_runs": len(plain),
        "plain_maxrss_mb": median([p["maxrss_kb"] for p in plain]) / 1024,
        "targets": {key: limit for key, (limit, _) in WHOLE_BUILD_TARGETS.items()},
        "targets_at_entries": WHOLE_BUILD_ENTRIES,
        "notes": [
            "every site: Material (font: false) with MkDocs' search plugin, as the scaffold of mkdocs-researcher new; "
            "one page listing every entry of the .bib, and an unrelated page",
            "plain, cold, warm: python -m mkdocs build in a new process, wall time of the process (interpreter, "
            "imports and all) and its peak RSS; plain = the same two pages, no plugin, no publications",
            "cold = the plugin's cache folder deleted first; warm = the next build, in a new process, with it",
            "bare_parse_s = the scale section's bare bibtexparser.parse_string of the same file, in this run",
            "edit: worker mode serve, as mkdocs serve runs it: first build (cache deleted; load_config, on_startup "
            "and build), then one entry's title changed in the .bib, then the rebuild (load_config and build); "
            "edit_ratio = rebuild (load_config and build) / the cold python -m mkdocs build of the same round "
            "(its process's wall time), median of per-run ratios; edit_shown: the "
            "rebuilt page showed the new title",
            "html_bytes_per_entry: bytes of the page with the list (html_pages: with any page the plugin added) "
            "per entry; index_bytes_per_entry: bytes of search/search_index.json per entry",
            "pandoc: pandoc --citeproc, every entry (nocite @*) to HTML in the default CSL style, one run per size",
            f"targets are checked at {WHOLE_BUILD_ENTRIES:,} entries; the plugin's overhead target at a small site "
            "(the example site, within 1.15x of its pages pre-rendered) is the overhead section's",
        ],
    }


# --- citations ------------------------------------------------------------------------------------


class Citations:
    """The whole-build site with its .bib as the site's bibliography, with and without a page citing
    ``CITED_KEYS`` of its keys: each ``round()`` a warm ``python -m mkdocs build`` of each (the first round
    builds each cold first, to fill its cache)."""

    def __init__(self, runner: Runner, tmp: Path, size: int, seed: int):
        self.runner, self.size = runner, size
        bib = synthetic.generate(size, seed)
        self.cites = min(CITED_KEYS, size)
        self.citing_config = sites.citing_site(tmp / f"citing-{size}", bib, self.cites)
        self.plain_config = sites.citing_site(tmp / f"citing-none-{size}", bib, self.cites, citing_page=False)
        self.citing, self.plain, self.walls = [], [], []

    def round(self) -> float:
        self.runner.say(f"citations {self.size}: run {len(self.citing) + 1} (warm, with and without the page)")
        start = time.perf_counter()
        for config, builds in ((self.citing_config, self.citing), (self.plain_config, self.plain)):
            site = config.parent / "site"
            if not builds:
                self.runner.mkdocs_build(config, site)  # fills the cache
            builds.append(self.runner.mkdocs_build(config, site))
        self.walls.append(time.perf_counter() - start)
        return self.walls[-1]

    def summary(self) -> dict:
        citing_s, plain_s = [r["wall_s"] for r in self.citing], [r["wall_s"] for r in self.plain]
        page = self.citing_config.parent / "site" / "citing" / "index.html"
        return {
            "entries": self.size,
            "cited_keys": self.cites,
            "runs": len(self.citing),
            "citing_s": median(citing_s),
            "without_s": median(plain_s),
            "ratio": median([a / b for a, b in zip(citing_s, plain_s, strict=True)]),
            "target": TARGETS["citations"],
            "citations_rendered": page.read_text(encoding="utf-8").count('class="researcher-citation"'),
            "notes": [
                "both sites: the whole-build site (Material, search, one page listing every entry) with the .bib as "
                "the site's bibliography; one has a page more, citing the first keys ([@key, p. N], one in four "
                "a narrative @key), ten a paragraph",
                "warm python -m mkdocs build in a new process each, wall time; ratio = median of per-run ratios",
            ],
        }


# --- publication pages --------------------------------------------------------------------------


class PublicationPages:
    """A page per entry (``publication_pages: true``) and no ``nav:``: each ``round()`` a ``python -m mkdocs
    build`` of the plugin's site and of its plain twin (the same list and pages as plain Markdown)."""

    def __init__(self, runner: Runner, tmp: Path, size: int, seed: int):
        self.runner, self.size = runner, size
        bib = synthetic.generate(size, seed)
        self.plugin_config = sites.publication_pages_site(tmp / f"pages-{size}", bib)
        self.plain_config = sites.publication_pages_site(tmp / f"pages-plain-{size}", bib, plugin=False)
        self.plugin, self.plain, self.walls = [], [], []

    def round(self) -> float:
        self.runner.say(f"publication pages {self.size}: run {len(self.plugin) + 1} (plugin, plain twin)")
        start = time.perf_counter()
        shutil.rmtree(self.plugin_config.parent / "cache", ignore_errors=True)  # a first build: every page rendered
        self.plugin.append(self.runner.mkdocs_build(self.plugin_config, self.plugin_config.parent / "site"))
        self.plain.append(self.runner.mkdocs_build(self.plain_config, self.plain_config.parent / "site"))
        self.walls.append(time.perf_counter() - start)
        return self.walls[-1]

    def summary(self) -> dict:
        plugin_s, plain_s = [r["wall_s"] for r in self.plugin], [r["wall_s"] for r in self.plain]
        site = self.plugin_config.parent / "site"
        return {
            "entries": self.size,
            "runs": len(self.plugin),
            "plugin_s": median(plugin_s),
            "plain_s": median(plain_s),
            "ratio": median([a / b for a, b in zip(plugin_s, plain_s, strict=True)]),
            "target": PUBLICATION_PAGES_TARGET,
            "pages": sum(1 for _ in (site / "publications").glob("*/index.html")),
            "raw": {"plugin_s": plugin_s, "plain_s": plain_s},
            "notes": [
                "both sites: Material (font: false), MkDocs' search plugin, no nav: (MkDocs' automatic nav); "
                "python -m mkdocs build in a new process each, alternating, wall time of the process",
                "plugin: one list with publication_pages: true, cold (its cache folder deleted: every page is "
                "rendered, and the cache written); plain "
                "twin: the same list as Markdown links and a page per entry with its title, authors, venue, year, "
                "abstract and links, listed under not_in_nav",
                "ratio = median of per-run ratios plugin / plain",
            ],
        }


# --- overhead -----------------------------------------------------------------------------------


def bench_overhead(runner: Runner, tmp: Path, runs: int) -> dict:
    """``runs`` alternating builds of each variant; ``runs=0`` (smoke) times the set-up builds instead."""
    from mkdocs_researcher.sources.sections import RECORDS

    section_keys = set(RECORDS) | {"data"}  # front-matter keys the static copy leaves out

    root = tmp / "overhead"
    plugin_config = sites.copy_example_site(root / "plugin")
    reference = root / "reference"
    runner.say(
        "overhead: reference build of example_site, in-process (notes what the plugin generates; fills its cache)"
    )
    record = root / "generated.json"
    config = yaml.safe_load(plugin_config.read_text(encoding="utf-8"))
    config["site_dir"] = str(reference)
    reference_config = plugin_config.with_name("reference.yml")
    reference_config.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    first = runner.worker("build", "--config", reference_config, "--record", record)
    generated: dict[str, list] = {}
    for item in json.loads(record.read_text(encoding="utf-8")):
        generated.setdefault(item["language"], []).append((item["dest"], item["src_uri"]))
    default, others = sites._languages(config)
    languages = [default, *others]
    static_config = sites.prerendered_example(plugin_config, reference, root / "static", section_keys, generated)
    first_static = runner.mkdocs_build(static_config, root / "pass2")["wall_s"]  # also the static variant's warm-up
    missing = sites.missing_files(reference, root / "pass2", languages, default)
    if missing:  # something else the plugin's build has: add its bytes too, and build again
        for language, items in missing.items():
            generated.setdefault(language, []).extend(
                (str(reference / site_path), src_uri) for site_path, src_uri in items
            )
        static_config = sites.prerendered_example(plugin_config, reference, root / "static", section_keys, generated)
        first_static = runner.mkdocs_build(static_config, root / "pass2")["wall_s"]
        missing = sites.missing_files(reference, root / "pass2", languages, default)
    extra = sites.missing_files(root / "pass2", reference, languages, default)
    same_content, pages = True, 0
    for page in sites.article_sizes(reference):
        pages += 1
        ours = sites._article((reference / page).read_text(encoding="utf-8"))
        theirs = sites._article((root / "pass2" / page).read_text(encoding="utf-8"))
        if theirs != WRAPPER[0] + ours + WRAPPER[1]:
            same_content = False
    plugin_times, static_times = [], []
    for number in range(runs):
        runner.say(f"overhead: run {number + 1}/{runs}")
        plugin_times.append(runner.mkdocs_build(plugin_config, root / "out-plugin")["wall_s"])
        static_times.append(runner.mkdocs_build(static_config, root / "out-static")["wall_s"])
    inside, profiled = first, None  # the reference build: in-process, handlers timed, cold cache
    if runs:
        runner.say("overhead: example_site in-process under cProfile (warm cache)")
        profiled = runner.worker("build", "--config", plugin_config, "--profile")["profile"]
    else:  # smoke: the set-up builds stand in
        plugin_times, static_times = [first["wall_s"]], [first_static]
    ratios = [p / s for p, s in zip(plugin_times, static_times, strict=True)]
    return {
        "runs": runs or 1,
        "plugin_s": plugin_times,
        "static_s": static_times,
        "plugin_median_s": median(plugin_times),
        "static_median_s": median(static_times),
        "ratio": median(ratios),
        "ratio_of_medians": median(plugin_times) / median(static_times),
        "target": TARGETS["overhead"],
        "in_process": {
            "build_s": inside["build_s"],
            "plugin_handlers_s": inside["plugin_s"],
            "handlers_s": inside["handlers"],
            "plugin_import_s": inside["plugin_import_s"],
            "load_config_s": inside["load_config_s"],
            "warnings": inside["warnings"],
            "profile_self_time_by_package": profiled["self_time_by_package"] if profiled else {},
            "profile_top_cumulative_in_mkdocs_researcher": profiled["top_cumulative_in_mkdocs_researcher"][:10]
            if profiled
            else [],
            "profile_top_self_time_anywhere": profiled["top_self_time_anywhere"][:10] if profiled else [],
        },
        "static_variant_check": {
            "pages": pages,
            "article_html_identical": same_content,
            "files_missing_from_static": sum(len(v) for v in missing.values()),
            "files_only_in_static": sum(len(v) for v in extra.values()),
            "generated_files_added_by_hook": sum(len(v) for v in generated.values()),
        },
        "notes": [
            "i18n kept in both variants (en and zh are built); every page of both languages is pre-rendered",
            "plugin variant: the site's own config (persistent cache on, warm after the reference build)",
            "in_process: the reference build (in-process, cold cache) with the handlers timed; the plugin's import "
            "happens in load_config, outside every handler; the profile is of one more, warm-cache build",
            "static variant: article HTML as one raw-HTML block, so its table of contents is empty and the "
            "plugin's <head> tags (citation meta, JSON-LD, feed link) are absent; generated pages and files "
            "are added back by a hook at the plugin's priority",
        ],
    }


# --- scale --------------------------------------------------------------------------------------


def _rendered_entries(site_dir: Path) -> int:
    text = (site_dir / "index.html").read_text(encoding="utf-8")
    return len(re.findall(r'<li\b[^>]*class="(?:[^"]*\s)?researcher-publication(?:\s[^"]*)?"', text))


class SizeBench:
    """One .bib size: each ``round()`` runs parse, cold build and warm build, one fresh process each."""

    def __init__(
        self,
        runner: Runner,
        tmp: Path,
        size: int,
        seed: int,
        search: bool,
        theme: str = "material",
        profile: bool = False,
    ):
        self.runner, self.size, self.profile = runner, size, profile
        self.root = tmp / f"scale-{size}"
        self.config = sites.scale_site(self.root, synthetic.generate(size, seed), search=search, theme=theme)
        self.bib = self.root / "docs" / "papers.bib"
        self.parse, self.cold, self.warm, self.walls, self.cache_files = [], [], [], [], 0

    def round(self) -> float:
        self.runner.say(f"scale {self.size}: run {len(self.parse) + 1}")
        start = time.perf_counter()
        self.parse.append(self.runner.worker("parse", "--bib", self.bib))
        shutil.rmtree(self.root / "cache", ignore_errors=True)  # cold: an empty cache folder
        profiled = ["--profile"] if self.profile and not self.cold else []  # smoke: its first cold build is the profile
        self.cold.append(self.runner.worker("build", "--config", self.config, *profiled))
        # Parsed files, and rendered pages in pages/.
        self.cache_files = len(list((self.root / "cache").rglob("*.json")))
        self.warm.append(self.runner.worker("build", "--config", self.config))  # a new process, the persistent cache
        self.walls.append(time.perf_counter() - start)
        return self.walls[-1]

    def summary(self) -> dict:
        parse, cold, warm = self.parse, self.cold, self.warm
        bare = median([p["bare_s"] for p in parse])
        result = {
            "entries": self.size,
            "bytes": parse[0]["bytes"],
            "runs": len(parse),
            "parsed_entries": parse[0]["entries"],
            "rendered_entries": _rendered_entries(self.root / "site"),
            "cache_files_after_cold": self.cache_files,
            "warnings_cold": cold[-1]["warnings"],
            "first_warnings": cold[-1]["first_warnings"],
            "floor_s": median([p["floor_s"] for p in parse]),
            "bare_parse_s": bare,
            "cold_plugin_s": median([c["plugin_s"] for c in cold]),
            "warm_plugin_s": median([w["plugin_s"] for w in warm]),
            "cold_build_s": median([c["build_s"] for c in cold]),
            "warm_build_s": median([w["build_s"] for w in warm]),
            "cold_handlers_s": {name: median([c["handlers"].get(name) for c in cold]) for name in cold[0]["handlers"]},
            "warm_handlers_s": {name: median([w["handlers"].get(name) for w in warm]) for name in warm[0]["handlers"]},
            "cold_ratio_to_bare": median([c["plugin_s"] / p["bare_s"] for c, p in zip(cold, parse, strict=True)]),
            "warm_ratio_to_bare": median([w["plugin_s"] / p["bare_s"] for w, p in zip(warm, parse, strict=True)]),
            "parse_maxrss_kb": median([p["maxrss_kb"] for p in parse]),
            "cold_maxrss_kb": median([c["maxrss_kb"] for c in cold]),
            "warm_maxrss_kb": median([w["maxrss_kb"] for w in warm]),
            "raw": {
                "bare_s": [p["bare_s"] for p in parse],
                "cold_plugin_s": [c["plugin_s"] for c in cold],
                "warm_plugin_s": [w["plugin_s"] for w in warm],
                "cold_build_s": [c["build_s"] for c in cold],
                "warm_build_s": [w["build_s"] for w in warm],
            },
            "round_wall_s": median(self.walls),
        }
        for name in ("floor", "bare_parse", "cold_plugin", "warm_plugin", "cold_build", "warm_build"):
            result[f"{name}_per_1000_s"] = result[f"{name}_s"] * 1000 / self.size
        return result


def bench_naive(runner: Runner, tmp: Path, count: int, seed: int) -> dict:
    """The naive path on the file's first ``count`` entries (the same for every size), per 1,000 entries."""
    path = tmp / f"naive-{count}.bib"
    path.write_text(synthetic.first_entries(count, seed), encoding="utf-8")
    runner.say(f"naive: bibtexparser + LatexDecodingMiddleware on {count} entries")
    result = runner.worker("naive", "--bib", path)
    if result["entries"] != count:
        raise BenchmarkError(f"the naive sample has {result['entries']} entries, not {count}")
    return {"sample_entries": count, "sample_s": result["naive_s"], "per_1000_s": result["naive_s"] * 1000 / count}


def bench_minimal(runner: Runner, bench: SizeBench, runs: int) -> dict:
    """A lower bound beside the plugin: the splitter and the least markup (worker mode minimal), paired with bare
    parses."""
    pairs = []
    for run_number in range(runs):
        runner.say(f"minimal: splitter and bare markup on {bench.size} entries ({run_number + 1}/{runs})")
        pairs.append((runner.worker("minimal", "--bib", bench.bib), runner.worker("parse", "--bib", bench.bib)))
    return {
        "entries": bench.size,
        "parsed_entries": pairs[0][0]["entries"],
        "runs": runs,
        "minimal_s": median([m["minimal_s"] for m, _ in pairs]),
        "split_s": median([m["split_s"] for m, _ in pairs]),
        "ratio_to_bare": median([m["minimal_s"] / p["bare_s"] for m, p in pairs]),
        "split_ratio_to_bare": median([m["split_s"] / p["bare_s"] for m, p in pairs]),
    }


def linearity(scale: dict[str, dict]) -> dict:
    sizes = sorted(int(s) for s in scale)
    fitting = [s for s in sizes if s >= 2000]
    if len(fitting) < 2:
        fitting = sizes
    out = {"sizes_used": fitting}
    for metric in ("cold_plugin_s", "warm_plugin_s", "bare_parse_s", "cold_build_s"):
        low, high = fitting[0], fitting[-1]
        a, b = scale[str(low)][metric], scale[str(high)][metric]
        exponent = math.log(b / a) / math.log(high / low) if high != low and a and b else None
        per_k = [scale[str(s)][metric] * 1000 / s for s in fitting]
        out[metric] = {"exponent": exponent, "per_1000_max_over_min": max(per_k) / min(per_k)}
    out["linear"] = out["cold_plugin_s"]["exponent"] is not None and out["cold_plugin_s"]["exponent"] <= LINEAR_EXPONENT
    return out


# --- rebuild, memory, profile, page weight -------------------------------------------------------


def bench_rebuild(runner: Runner, tmp: Path, size: int, seed: int, search: bool, theme: str = "material") -> dict:
    root = tmp / "rebuild"
    config = sites.scale_site(root, synthetic.generate(size, seed), search=search, theme=theme)
    runner.say(f"rebuild: three serve builds of {size} entries")
    result = runner.worker("serve", "--config", config, "--touch", root / "docs" / "about.md")
    first, second, third = result["builds"]
    out = {
        "entries": size,
        "first_plugin_s": first["plugin_s"],
        "first_build_s": first["build_s"],
        "first_handlers_s": first["handlers"],
    }
    for variant, build, previous in (("serve", second, first), ("same_instance", third, second)):
        out[variant] = {
            "first_plugin_s": first["plugin_s"],
            "second_plugin_s": build["plugin_s"],
            "first_build_s": first["build_s"],
            "second_build_s": build["build_s"],
            "ratio": build["plugin_s"] / first["plugin_s"],
            "plugin_instance_reused": build["instance"] == previous["instance"],
            "second_handlers_s": build["handlers"],
        }
    out["ratio"] = out["serve"]["ratio"]
    out["notes"] = [
        "serve: exactly mkdocs.commands.serve (1.6.1): on_startup, then build(); each rebuild calls load_config() "
        "again and build(config, serve_url=...). MkDocs keeps a plugin instance across load_config() only "
        "when the plugin defines on_startup/on_shutdown (Plugins.plugin_cache), and this plugin defines neither",
        "same_instance: a third build, the instance of the second put into that cache by hand (what an on_startup "
        "method would make MkDocs do); both ratios are to the first, cold build (empty cache folder)",
    ]
    return out


def bench_plain(
    runner: Runner, tmp: Path, runs: int, theme: str = "material", search: bool = False, command: bool = False
) -> list[dict]:
    """``runs`` builds of the scale sites' twin without the plugin and publications (the same two short pages):
    in the worker, or (``command``) as ``python -m mkdocs build``."""
    root = tmp / ("plain-search" if search else "plain")
    config = sites.scale_site(root, None, plugin=False, theme=theme, search=search)
    plain = []
    for number in range(runs):
        runner.say(f"plain MkDocs build, no plugin{', with search' if search else ''} ({number + 1}/{runs})")
        if command:
            plain.append(runner.mkdocs_build(config, root / "site"))
        else:
            plain.append(runner.worker("build", "--config", config))
    return plain


def memory(largest: dict, plain: list[dict]) -> dict:
    plain_kb = median([p["maxrss_kb"] for p in plain])
    return {
        "entries": largest["entries"],
        "plugin_cold_maxrss_mb": largest["cold_maxrss_kb"] / 1024,
        "plugin_warm_maxrss_mb": largest["warm_maxrss_kb"] / 1024,
        "plain_maxrss_mb": plain_kb / 1024,
        "bare_parse_process_maxrss_mb": largest["parse_maxrss_kb"] / 1024,
        "ratio_cold": largest["cold_maxrss_kb"] / plain_kb,
        "ratio_warm": largest["warm_maxrss_kb"] / plain_kb,
        "plain_build_s": median([p["build_s"] for p in plain]),
        "notes": [
            "peak RSS of each build's own process (os.wait4), median over its runs; plain = the same two pages, "
            "plugin removed, no publications"
        ],
    }


def bench_profile(runner: Runner, tmp: Path, size: int, seed: int, search: bool) -> dict:
    root = tmp / "profile"
    config = sites.scale_site(root, synthetic.generate(size, seed), search=search)
    runner.say(f"profile: cProfile of a cold build of {size} entries")
    result = runner.worker("build", "--config", config, "--profile")
    return {
        "entries": size,
        "plugin_s_under_profile": result["plugin_s"],
        "handlers_s": result["handlers"],
        **result["profile"],
    }


def _gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def bench_page_weight(site_dir: Path) -> dict:
    from bs4 import BeautifulSoup

    from mkdocs_researcher.render.environment import ASSETS, asset_text

    out = {}
    for name in ASSETS:  # as a site serves them
        data = asset_text(name).encode("utf-8")
        out[name] = {"bytes": len(data), "gzip_bytes": _gz(data)}
    out["css_js_total"] = {
        "bytes": out["researcher.css"]["bytes"] + out["researcher.js"]["bytes"],
        "gzip_bytes": out["researcher.css"]["gzip_bytes"] + out["researcher.js"]["gzip_bytes"],
    }
    page = (site_dir / "index.html").read_bytes()
    soup = BeautifulSoup(page, "html.parser")
    entries = [str(li).encode() for li in soup.select("li.researcher-publication")]
    if entries:
        out["one_entry"] = {"bytes": len(entries[0]), "gzip_bytes": _gz(entries[0])}
        joined = b"\n".join(entries)
        out["mean_entry"] = {
            "bytes": len(joined) / len(entries),
            "gzip_bytes_in_page": _gz(joined) / len(entries),
            "entries": len(entries),
        }
        out["page"] = {"bytes": len(page), "gzip_bytes": _gz(page), "bytes_per_entry": len(page) / len(entries)}
    out["notes"] = [
        "gzip level 6 (zlib's default); one entry alone gzips poorly, "
        "so the whole list gzipped, per entry, is also given"
    ]
    return out


# --- the run ------------------------------------------------------------------------------------


def run(args) -> dict:
    started = time.perf_counter()
    deadline = started + args.budget
    tmp = Path(tempfile.mkdtemp(prefix="researcher-bench-"))
    runner = Runner(tmp, verbose=not args.quiet)
    sizes = sorted(set(args.sizes))
    rebuild_size = max([s for s in sizes if s <= args.rebuild_size] or sizes[:1])
    profile_size = max([s for s in sizes if s <= 10000] or sizes[:1]) if not args.smoke else sizes[0]
    naive_count = min(NAIVE_SAMPLE, sizes[0]) if not args.smoke else min(20, sizes[0])
    minimal_size = max([s for s in sizes if s <= 2000] or sizes[:1])
    whole_sizes = [s for s in sizes if s <= WHOLE_BUILD_ENTRIES] or sizes[:1]
    results: dict = {
        "meta": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average_at_start": os.getloadavg(),
            "sizes": sizes,
            "runs_requested": args.runs,
            "smoke": args.smoke,
            "seed": args.seed,
            "budget_s": args.budget,
            "search_in_scale_sites": args.search,
            "scale_theme": "mkdocs" if args.smoke else "material",
            "whole_build_sizes": whole_sizes,
            "versions": _versions(),
        }
    }
    # The byte-code an installed wheel has; an editable checkout under PYTHONDONTWRITEBYTECODE would
    # otherwise compile the plugin from source in every measured process.
    compileall.compile_dir(REPO / "mkdocs_researcher", quiet=1)
    benches: dict[int, SizeBench] = {}
    whole: dict[int, WholeBuild] = {}
    try:
        if args.smoke:
            # Nothing is asserted: run the pieces two at a time, to stay well inside CI's minute.
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(max_workers=2) as pool:
                whole = {size: WholeBuild(runner, tmp, size, args.seed) for size in whole_sizes}
                whole_rounds = [pool.submit(bench.round) for bench in whole.values()]
                whole_rounds += [pool.submit(bench.measure_pandoc) for bench in whole.values()]
                whole_plain = pool.submit(bench_plain, runner, tmp, 1, search=True, command=True)
                publication_pages = PublicationPages(runner, tmp, sizes[0], args.seed)
                whole_rounds.append(pool.submit(publication_pages.round))
                overhead = pool.submit(bench_overhead, runner, tmp, 0)
                citing = Citations(runner, tmp, whole_sizes[-1], args.seed)
                whole_rounds.append(pool.submit(citing.round))
                # The plain theme, and the profile taken from the first cold build: fewer, quicker builds.
                benches = {
                    size: SizeBench(runner, tmp, size, args.seed, args.search, "mkdocs", profile=size == profile_size)
                    for size in sizes
                }
                rounds = [pool.submit(bench.round) for bench in benches.values()]
                minimal = pool.submit(bench_minimal, runner, benches[minimal_size], 1)
                naive = pool.submit(bench_naive, runner, tmp, naive_count, args.seed)
                rebuild = pool.submit(bench_rebuild, runner, tmp, rebuild_size, args.seed, args.search, "mkdocs")
                plain = pool.submit(bench_plain, runner, tmp, 1, "mkdocs")
                for future in rounds + whole_rounds:
                    future.result()
                results["overhead"], naive, minimal, results["rebuild"], plain, whole_plain = (
                    f.result() for f in (overhead, naive, minimal, rebuild, plain, whole_plain)
                )
                cold = benches[profile_size].cold[0]
                profile = {
                    "entries": profile_size,
                    "plugin_s_under_profile": cold["plugin_s"],
                    "handlers_s": cold["handlers"],
                    **cold["profile"],
                }
        else:
            for size in whole_sizes:  # what a user waits for, first
                whole[size] = WholeBuild(runner, tmp, size, args.seed)
                whole[size].round()
                whole[size].measure_pandoc()
            whole_plain = bench_plain(runner, tmp, args.runs, search=True, command=True)
            publication_pages = PublicationPages(runner, tmp, PUBLICATION_PAGES_ENTRIES, args.seed)
            publication_pages.round()
            citing = Citations(runner, tmp, whole_sizes[-1], args.seed)
            citing.round()
            results["overhead"] = bench_overhead(runner, tmp, args.overhead_runs)
            for size in sizes:  # a first round of every size ...
                benches[size] = SizeBench(runner, tmp, size, args.seed, args.search)
                benches[size].round()
            naive = bench_naive(runner, tmp, naive_count, args.seed)
            minimal = bench_minimal(runner, benches[minimal_size], 3)
            results["rebuild"] = bench_rebuild(runner, tmp, rebuild_size, args.seed, args.search)
            profile = bench_profile(runner, tmp, profile_size, args.seed, args.search)
            plain = bench_plain(runner, tmp, 2)
            reserve = 5.0  # page weight, the JSON
            # ... then more rounds, whole builds and scale sizes, the quickest first, while the budget lasts
            repeated = sorted(
                [*whole.values(), publication_pages, citing, *benches.values()], key=lambda bench: max(bench.walls)
            )
            for _ in range(args.runs - 1):
                for bench in repeated:
                    if time.perf_counter() + max(bench.walls) + reserve > deadline:
                        break
                    bench.round()
        scale = {str(size): bench.summary() for size, bench in benches.items()}
        for row in scale.values():
            row["naive_per_1000_s"] = naive["per_1000_s"]
            row["naive_s"] = naive["per_1000_s"] * row["entries"] / 1000
            row["naive_sample_entries"] = naive["sample_entries"]
            row["naive_ratio_to_bare"] = row["naive_s"] / row["bare_parse_s"]
        results["scale"] = {
            "sizes": scale,
            "linearity": linearity(scale),
            "naive": naive,
            "minimal": minimal,
            "notes": [
                "plugin time = time inside the plugin's on_* handlers (perf_counter around each) "
                "during build(load_config(...)), in a fresh subprocess per build",
                "cold = empty cache folder (with the default cache: true, so a cold build also writes the cache); "
                "warm = the next mkdocs build, in a new process, reading that persistent cache",
                f"naive = bibtexparser.parse_string(..., append_middleware=[LatexDecodingMiddleware()]) on the first "
                f"{naive['sample_entries']} entries, scaled linearly "
                "(the generator's first N entries are the same for every size)",
                "ratios are medians of per-run ratios (parse, cold and warm alternate within each run); the largest "
                "sizes get as many runs as fit the time budget",
                "the scale sites have no search plugin"
                if not args.search
                else "the scale sites include the search plugin",
            ],
        }
        results["whole_build"] = whole_build(whole, scale, whole_plain)
        results["publication_pages"] = publication_pages.summary()
        results["citations"] = citing.summary()
        results["memory"] = memory(scale[str(sizes[-1])], plain)
        results["page_weight"] = bench_page_weight(benches[sizes[0]].root / "site")
        results["page_weight"]["entries_in_page"] = sizes[0]
        results["profile"] = profile
        results["targets"] = _targets(results, args.smoke)
        results["meta"]["elapsed_s"] = time.perf_counter() - started
        results["meta"]["load_average_at_end"] = os.getloadavg()
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        results["meta"]["subprocess_cpu_s"] = children.ru_utime + children.ru_stime
        results["meta"]["subprocesses"] = runner.count
        return results
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in (
        "mkdocs",
        "mkdocs-material",
        "mkdocs-static-i18n",
        "bibtexparser",
        "pylatexenc",
        "jinja2",
        "markdown",
        "mkdocs-researcher",
    ):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    pandoc = shutil.which("pandoc")
    out["pandoc"] = (
        subprocess.run([pandoc, "--version"], capture_output=True, text=True).stdout.split("\n", 1)[0]
        if pandoc
        else None
    )
    return out


def _targets(results: dict, smoke: bool) -> list[dict]:
    rows = [
        {
            "name": "overhead: example site build, plugin / pre-rendered",
            "value": results["overhead"]["ratio"],
            "target": TARGETS["overhead"],
            "runs": results["overhead"]["runs"],
        },
    ]
    whole = results["whole_build"]["sizes"].get(str(WHOLE_BUILD_ENTRIES))
    if whole is not None:
        rows += [
            {
                "name": f"whole build {WHOLE_BUILD_ENTRIES}: {label}",
                "value": whole[key],
                "target": limit,
                "runs": whole["runs"],
            }
            for key, (limit, label) in WHOLE_BUILD_TARGETS.items()
        ]
    pages = results["publication_pages"]
    rows.append(
        {
            "name": f"publication pages {pages['entries']}: plugin / plain twin, whole builds",
            "value": pages["ratio"],
            "target": pages["target"],
            "runs": pages["runs"],
        }
    )
    citing = results["citations"]
    rows.append(
        {
            "name": f"citations {citing['entries']}: warm build with a page citing {citing['cited_keys']} keys / "
            "without it",
            "value": citing["ratio"],
            "target": citing["target"],
            "runs": citing["runs"],
        }
    )
    for row in rows:
        row["met"] = row["value"] <= row["target"]
        row["over_by"] = row["value"] / row["target"] - 1 if not row["met"] else 0.0
        row["asserted"] = not smoke
    return rows


# --- output -------------------------------------------------------------------------------------


def _fmt(value, unit="", digits=3) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}{unit}"
    return f"{value}{unit}"


def _table(title: str, header: list[str], rows: list[list]) -> str:
    cells = [header] + [[_fmt(c) if not isinstance(c, str) else c for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]

    def line(row: list[str]) -> str:
        # strict=False: a row with more cells than the header is cut to the header's columns.
        return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=False)))

    return "\n".join([f"\n== {title} ==", line(cells[0]), line(["-" * w for w in widths]), *map(line, cells[1:])])


def render(results: dict) -> str:
    out = []
    whole = results["whole_build"]
    rows = [whole["sizes"][s] for s in sorted(whole["sizes"], key=int)]
    out.append(
        _table(
            "whole build: what a user waits for, seconds (Material + search; python -m mkdocs build, new process each)",
            ["entries", "runs", "plain", "bare parse", "cold", "warm", "serve first", "serve edit", "pandoc"],
            [
                [
                    r["entries"],
                    r["runs"],
                    r["plain_s"],
                    r["bare_parse_s"],
                    r["cold_s"],
                    r["warm_s"],
                    r["edit_first_s"],
                    r["edit_s"] if r["edit_shown"] else f"{r['edit_s']:.3f} (edit NOT shown)",
                    r["pandoc_s"] if r["pandoc_s"] is not None else "skipped",
                ]
                for r in rows
            ],
        )
    )
    limits = {key: limit for key, (limit, _) in WHOLE_BUILD_TARGETS.items()}
    out.append(
        _table(
            "whole build: ratios, bytes and memory",
            ["entries", "warm/plain", "(cold-plain)/bare", "edit/cold", "HTML B/entry", "index B/entry", "cold MiB"],
            [
                [
                    r["entries"],
                    r["warm_ratio"],
                    r["cold_ratio"],
                    r["edit_ratio"],
                    round(r["html_bytes_per_entry"]),
                    round(r["index_bytes_per_entry"]),
                    r["cold_maxrss_mb"],
                ]
                for r in rows
            ]
            + [
                [
                    f"target at {WHOLE_BUILD_ENTRIES:,}",
                    *(
                        f"<= {limits[key]}"
                        for key in (
                            "warm_ratio",
                            "cold_ratio",
                            "edit_ratio",
                            "html_bytes_per_entry",
                            "index_bytes_per_entry",
                            "cold_maxrss_mb",
                        )
                    ),
                ]
            ],
        )
    )
    skipped = sorted({r["pandoc_skipped"] for r in rows if r.get("pandoc_skipped")})
    out.append(
        f"plain: the same site without the plugin and publications, median of {whole['plain_runs']}; "
        "serve: a first build with the cache deleted, then one entry's title changed in the .bib and the rebuild. "
        "The overhead target for a small site (the example site within "
        f"{TARGETS['overhead']}x of its pages pre-rendered) is in the overhead table below."
        + (f" pandoc skipped: {'; '.join(skipped)}" if skipped else "")
    )
    citing = results["citations"]
    out.append(
        _table(
            f"citations: warm builds of the whole-build site with and without a page citing {citing['cited_keys']} "
            "of its keys (python -m mkdocs build, seconds)",
            ["entries", "runs", "with the page", "without", "ratio", "citations shown"],
            [
                [
                    citing["entries"],
                    citing["runs"],
                    citing["citing_s"],
                    citing["without_s"],
                    citing["ratio"],
                    citing["citations_rendered"],
                ],
                ["target", "", "", "", f"<= {citing['target']}", ""],
            ],
        )
    )
    pages = results["publication_pages"]
    out.append(
        _table(
            "publication pages: a page per entry, no nav:, Material + search (python -m mkdocs build, seconds)",
            ["entries", "runs", "plugin", "plain twin", "ratio"],
            [
                [pages["entries"], pages["runs"], pages["plugin_s"], pages["plain_s"], pages["ratio"]],
                [f"target at {PUBLICATION_PAGES_ENTRIES:,}", "", "", "", f"<= {pages['target']}"],
            ],
        )
    )
    out.append(
        "plain twin: the same list, and a page per entry holding the same facts as plain Markdown, kept out of "
        "the nav by not_in_nav, as the plugin keeps its pages out"
    )
    o = results["overhead"]
    check = o["static_variant_check"]
    out.append(
        _table(
            "overhead: example_site, python -m mkdocs build (fresh process each)",
            ["variant", "median s", "runs"],
            [
                ["with plugin", o["plugin_median_s"], o["runs"]],
                ["pre-rendered, plugin removed", o["static_median_s"], o["runs"]],
                ["ratio (median of paired runs)", o["ratio"], f"target <= {o['target']}"],
                ["ratio of medians", o["ratio_of_medians"], ""],
            ],
        )
    )
    inside = o["in_process"]
    out.append(
        f"in-process plugin build (cold cache): build() {inside['build_s']:.3f} s, "
        f"of it in the plugin's handlers {inside['plugin_handlers_s']:.3f} s; "
        f"importing the plugin {inside['plugin_import_s']:.3f} s, load_config {inside['load_config_s']:.3f} s"
    )
    if inside["profile_self_time_by_package"]:
        out.append(
            "  profile of a warm build, self time by package: "
            + ", ".join(f"{k} {v:.2f}s" for k, v in list(inside["profile_self_time_by_package"].items())[:8])
        )
    out.append(
        f"static variant: {check['pages']} pages, article HTML identical: {check['article_html_identical']}, "
        f"files missing/extra vs plugin build: {check['files_missing_from_static']}/{check['files_only_in_static']}"
    )
    sizes = results["scale"]["sizes"]
    order = sorted(sizes, key=int)
    out.append(
        _table(
            "scale: seconds per 1,000 entries (medians)",
            [
                "entries",
                "runs",
                "floor",
                "bare parse",
                "naive*",
                "plugin cold",
                "plugin warm",
                "build cold",
                "build warm",
            ],
            [
                [
                    s,
                    sizes[s]["runs"],
                    sizes[s]["floor_per_1000_s"],
                    sizes[s]["bare_parse_per_1000_s"],
                    sizes[s]["naive_per_1000_s"],
                    sizes[s]["cold_plugin_per_1000_s"],
                    sizes[s]["warm_plugin_per_1000_s"],
                    sizes[s]["cold_build_per_1000_s"],
                    sizes[s]["warm_build_per_1000_s"],
                ]
                for s in order
            ],
        )
    )
    out.append(
        _table(
            "scale: totals in seconds and ratios to the bare parse",
            [
                "entries",
                "bare parse s",
                "plugin cold s",
                "plugin warm s",
                "build cold s",
                "build warm s",
                "cold/bare",
                "warm/bare",
                "naive/bare",
            ],
            [
                [
                    s,
                    sizes[s]["bare_parse_s"],
                    sizes[s]["cold_plugin_s"],
                    sizes[s]["warm_plugin_s"],
                    sizes[s]["cold_build_s"],
                    sizes[s]["warm_build_s"],
                    sizes[s]["cold_ratio_to_bare"],
                    sizes[s]["warm_ratio_to_bare"],
                    sizes[s]["naive_ratio_to_bare"],
                ]
                for s in order
            ],
        )
    )
    samples = ", ".join(sorted({str(sizes[s]["naive_sample_entries"]) for s in order}))
    out.append(f"* naive measured on the first {samples} entries and scaled (figures, not targets)")
    lin = results["scale"]["linearity"]
    out.append(
        f"growth over sizes {lin['sizes_used']}: cold plugin ~ size^{_fmt(lin['cold_plugin_s']['exponent'], digits=2)} "
        f"(per-1,000 max/min {_fmt(lin['cold_plugin_s']['per_1000_max_over_min'], digits=2)}), "
        f"warm ~ size^{_fmt(lin['warm_plugin_s']['exponent'], digits=2)}, "
        f"bare parse ~ size^{_fmt(lin['bare_parse_s']['exponent'], digits=2)}; linear: {lin['linear']}"
    )
    low = results["scale"]["minimal"]
    out.append(
        f"lower bound at {low['entries']} entries (worker mode minimal, median of {low['runs']}): "
        f"bibtexparser's splitter and the least markup take {_fmt(low['ratio_to_bare'], digits=2)} of the bare parse, "
        f"the splitter alone {_fmt(low['split_ratio_to_bare'], digits=2)}"
    )
    big = sizes[order[-1]]
    out.append(
        _table(
            f"scale {order[-1]}: plugin handler seconds (cold / warm)",
            ["handler", "cold s", "warm s"],
            [
                [name, big["cold_handlers_s"].get(name), big["warm_handlers_s"].get(name)]
                for name in big["cold_handlers_s"]
            ],
        )
    )
    r = results["rebuild"]
    out.append(
        _table(
            f"rebuild: mkdocs serve semantics, {r['entries']} entries, plugin seconds",
            ["rebuild", "first (cold)", "rebuild", "rebuild/first", "same instance"],
            [
                [
                    "serve (as MkDocs 1.6.1 does it)",
                    r["serve"]["first_plugin_s"],
                    r["serve"]["second_plugin_s"],
                    r["serve"]["ratio"],
                    str(r["serve"]["plugin_instance_reused"]),
                ],
                [
                    "instance kept (as with on_startup)",
                    r["same_instance"]["first_plugin_s"],
                    r["same_instance"]["second_plugin_s"],
                    r["same_instance"]["ratio"],
                    str(r["same_instance"]["plugin_instance_reused"]),
                ],
            ],
        )
    )
    m = results["memory"]
    out.append(
        _table(
            f"memory: peak RSS, {m['entries']} entries vs plain MkDocs",
            ["build", "MiB", "ratio"],
            [
                ["plugin, cold", m["plugin_cold_maxrss_mb"], m["ratio_cold"]],
                ["plugin, warm cache", m["plugin_warm_maxrss_mb"], m["ratio_warm"]],
                ["plain (no plugin, no publications)", m["plain_maxrss_mb"], 1.0],
                [
                    "for scale: a process that only runs the bare parse",
                    m["bare_parse_process_maxrss_mb"],
                    m["bare_parse_process_maxrss_mb"] / m["plain_maxrss_mb"],
                ],
            ],
        )
    )
    w = results["page_weight"]
    rows = [
        [name, w[name]["bytes"], w[name]["gzip_bytes"]] for name in ("researcher.css", "researcher.js", "css_js_total")
    ]
    if "one_entry" in w:
        rows.append(["one li.researcher-publication", w["one_entry"]["bytes"], w["one_entry"]["gzip_bytes"]])
        rows.append(
            [
                f"mean entry (of {w['mean_entry']['entries']}, gzipped together)",
                round(w["mean_entry"]["bytes"]),
                round(w["mean_entry"]["gzip_bytes_in_page"]),
            ]
        )
        rows.append(["whole page, per entry", round(w["page"]["bytes_per_entry"]), ""])
    out.append(_table("page weight (bytes)", ["item", "raw", "gzip"], rows))
    p = results["profile"]
    out.append(
        _table(
            f"profile: cold build of {p['entries']} entries, top 15 in mkdocs_researcher by cumulative time "
            f"(cProfile, total {p['total_s']} s)",
            ["function", "calls", "self s", "cumulative s"],
            [
                [row["function"][-90:], row["ncalls"], row["tottime_s"], row["cumtime_s"]]
                for row in p["top_cumulative_in_mkdocs_researcher"]
            ],
        )
    )
    out.append(
        "self time by package (C functions counted in their callers): "
        + ", ".join(f"{k} {v:.2f}s" for k, v in p["self_time_by_package"].items())
    )
    out.append(
        _table(
            "profile: top 10 functions anywhere by self time",
            ["function", "calls", "self s", "cumulative s"],
            [
                [
                    row["function"].replace(str(Path(sys.prefix)), "…")[-90:],
                    row["ncalls"],
                    row["tottime_s"],
                    row["cumtime_s"],
                ]
                for row in p["top_self_time_anywhere"][:10]
            ],
        )
    )
    out.append(
        _table(
            "targets",
            ["target", "value", "limit", "met", "over by", "runs"],
            [
                [
                    t["name"],
                    t["value"],
                    t["target"],
                    "yes" if t["met"] else "NO",
                    f"{t['over_by'] * 100:.0f}%" if not t["met"] else "",
                    str(t.get("runs", 1)),
                ]
                for t in results["targets"]
            ],
        )
    )
    meta = results["meta"]
    out.append(
        f"\n{meta['subprocesses']} subprocesses, {meta['elapsed_s']:.0f} s; "
        f"load average at start {', '.join(f'{x:.2f}' for x in meta['load_average_at_start'])}, "
        f"at end {', '.join(f'{x:.2f}' for x in meta['load_average_at_end'])} on {meta['cpus']} CPUs"
        + (" (smoke: targets not asserted)" if meta["smoke"] else "")
    )
    out.append(
        f"CPU time of all subprocesses: {meta['subprocess_cpu_s']:.0f} s for {meta['elapsed_s']:.0f} s of wall time "
        "(the rest is waiting for a CPU shared with other work)"
    )
    return "\n".join(out)


def _sizes(text: str) -> list[int]:
    values = [int(v) for v in text.split(",") if v.strip()]
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("sizes are positive whole numbers, like 200,2000")
    return values


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=_sizes,
        default=[200, 2000, 10000, 20000],
        help="entries per .bib (default 200,2000,10000,20000)",
    )
    parser.add_argument(
        "--runs", type=int, default=5, help="runs per measurement (default 5; the largest sizes get what fits --budget)"
    )
    parser.add_argument(
        "--overhead-runs",
        type=int,
        default=None,
        help="alternating runs of the overhead pair (default: --runs, at least 5)",
    )
    parser.add_argument(
        "--rebuild-size", type=int, default=2000, help="entries for the serve rebuild measurement (default 2000)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds the whole suite should take (default 400; smoke 50)"
    )
    parser.add_argument(
        "--json",
        type=Path,
        default=DEFAULT_JSON,
        help=f"where to write the results (default {DEFAULT_JSON.relative_to(REPO)})",
    )
    parser.add_argument("--smoke", action="store_true", help="tiny sizes (50,200), one run, no target asserted: for CI")
    parser.add_argument(
        "--search",
        action="store_true",
        help="keep MkDocs' search plugin in the scale sites (slow: it indexes every entry)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes = [50, 200] if "--sizes" not in (argv if argv is not None else sys.argv[1:]) else args.sizes
        args.runs = 1
        args.overhead_runs = args.overhead_runs or 1
        args.rebuild_size = min(args.sizes)
    if args.overhead_runs is None:
        args.overhead_runs = max(5, args.runs)
    if args.budget is None:
        args.budget = 50.0 if args.smoke else 400.0
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    results = run(args)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2, default=float) + "\n", encoding="utf-8")
    print(render(results))
    print(f"\nresults written to {args.json}")
    missed = [t for t in results["targets"] if not t["met"]]
    if args.smoke or not missed:
        return 0
    print(f"{len(missed)} target(s) missed", file=sys.stderr)
    return 1
