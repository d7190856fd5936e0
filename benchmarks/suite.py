"""The benchmark suite behind ``python -m benchmarks``.

    python -m benchmarks                       # sizes 200,2000,10000,20000, 5 runs, targets checked
    python -m benchmarks --sizes 200,2000 --runs 3 --json /tmp/r.json
    python -m benchmarks --smoke               # tiny and quick, for CI: no target is asserted

Measured, each in fresh subprocesses (``benchmarks/worker.py``) and always as ratios within this run:

overhead     the example site built with the plugin vs the same pages pre-rendered to static HTML in
             Markdown files, the plugin removed (``python -m mkdocs build -q -f``, alternating runs)
scale        per .bib size: floor (file read), bare ``bibtexparser.parse_string``, naive (bibtexparser +
             LatexDecodingMiddleware, on a subsample), the plugin's handler time cold (empty cache) and
             warm (a second build in a new process, persistent cache), and whole-build times; at one
             size, a lower bound: the splitter and the least markup a list needs (no model, no checks)
rebuild      builds as ``mkdocs serve`` runs them (a rebuild after an unrelated page changed), with the
             plugin instance MkDocs gives it and with the instance kept
memory       peak RSS of the largest build vs the same site without the plugin and publications
page_weight  the plugin's CSS/JS and one rendered publication, raw and gzipped
profile      cProfile of the 10,000-entry build (or the largest size below it)

Every size gets one round (parse, cold build, warm build); further rounds, up to ``--runs``, go to the
smallest sizes first while the time budget (``--budget``) lasts. The runs used are printed and written
to the JSON. The scale sites leave out MkDocs' search plugin (``--search`` keeps it): on one page of
10,000 entries it alone takes longer than the plugin. A full run is about three minutes of CPU.
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
TARGETS = {"overhead": 1.15, "cold": 1.5, "warm": 0.3, "rebuild": 0.10}
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

    def mkdocs_build(self, config: Path, site_dir: Path) -> float:
        wall, _, _ = self._spawn(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site_dir)]
        )
        return wall

    def say(self, text: str) -> None:
        if self.verbose:
            print(text, file=sys.stderr, flush=True)


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
    first_static = runner.mkdocs_build(static_config, root / "pass2")  # also the static variant's warm-up
    missing = sites.missing_files(reference, root / "pass2", languages, default)
    if missing:  # something else the plugin's build has: add its bytes too, and build again
        for language, items in missing.items():
            generated.setdefault(language, []).extend(
                (str(reference / site_path), src_uri) for site_path, src_uri in items
            )
        static_config = sites.prerendered_example(plugin_config, reference, root / "static", section_keys, generated)
        first_static = runner.mkdocs_build(static_config, root / "pass2")
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
        plugin_times.append(runner.mkdocs_build(plugin_config, root / "out-plugin"))
        static_times.append(runner.mkdocs_build(static_config, root / "out-static"))
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
    out["target"] = TARGETS["rebuild"]
    out["notes"] = [
        "serve: exactly mkdocs.commands.serve (1.6.1): on_startup, then build(); each rebuild calls load_config() "
        "again and build(config, serve_url=...). MkDocs keeps a plugin instance across load_config() only "
        "when the plugin defines on_startup/on_shutdown (Plugins.plugin_cache), and this plugin defines neither",
        "same_instance: a third build, the instance of the second put into that cache by hand (what an on_startup "
        "method would make MkDocs do); both ratios are to the first, cold build (empty cache folder)",
    ]
    return out


def bench_plain(runner: Runner, tmp: Path, runs: int, theme: str = "material") -> list[dict]:
    config = sites.scale_site(tmp / "plain", None, plugin=False, theme=theme)
    plain = []
    for number in range(runs):
        runner.say(f"memory: plain MkDocs build, no plugin ({number + 1}/{runs})")
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

    from mkdocs_researcher.render.environment import theme_dir

    out = {}
    for name in ("researcher.css", "researcher.js"):
        data = (theme_dir() / "researcher" / name).read_bytes()
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
            "versions": _versions(),
        }
    }
    # The byte-code an installed wheel has; an editable checkout under PYTHONDONTWRITEBYTECODE would
    # otherwise compile the plugin from source in every measured process.
    compileall.compile_dir(REPO / "mkdocs_researcher", quiet=1)
    benches = {}
    try:
        if args.smoke:
            # Nothing is asserted: run the pieces two at a time, to stay well inside CI's minute.
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(max_workers=2) as pool:
                overhead = pool.submit(bench_overhead, runner, tmp, 0)
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
                for future in rounds:
                    future.result()
                results["overhead"], naive, minimal, results["rebuild"], plain = (
                    f.result() for f in (overhead, naive, minimal, rebuild, plain)
                )
                cold = benches[profile_size].cold[0]
                profile = {
                    "entries": profile_size,
                    "plugin_s_under_profile": cold["plugin_s"],
                    "handlers_s": cold["handlers"],
                    **cold["profile"],
                }
        else:
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
            for _ in range(args.runs - 1):  # ... then more rounds, smallest sizes first, while the budget lasts
                for size in sizes:
                    if time.perf_counter() + max(benches[size].walls) + reserve > deadline:
                        break
                    benches[size].round()
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
            "targets": {"cold_ratio_to_bare": TARGETS["cold"], "warm_ratio_to_bare": TARGETS["warm"]},
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
    for size, row in results["scale"]["sizes"].items():
        rows.append(
            {
                "name": f"scale {size}: cold plugin / bare parse",
                "value": row["cold_ratio_to_bare"],
                "target": TARGETS["cold"],
                "runs": row["runs"],
            }
        )
        rows.append(
            {
                "name": f"scale {size}: warm plugin (new process, cache) / bare parse",
                "value": row["warm_ratio_to_bare"],
                "target": TARGETS["warm"],
                "runs": row["runs"],
            }
        )
    rows.append(
        {
            "name": f"rebuild {results['rebuild']['entries']}: serve, second / first plugin time",
            "value": results["rebuild"]["serve"]["ratio"],
            "target": TARGETS["rebuild"],
        }
    )
    rows.append(
        {
            "name": f"rebuild {results['rebuild']['entries']}: same instance, second / first",
            "value": results["rebuild"]["same_instance"]["ratio"],
            "target": TARGETS["rebuild"],
        }
    )
    exponent = results["scale"]["linearity"]["cold_plugin_s"]["exponent"]
    if exponent is not None:
        rows.append({"name": "growth: cold plugin time ~ size^k", "value": exponent, "target": LINEAR_EXPONENT})
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
    out.append(
        f"* naive measured on the first {samples} entries and scaled. "
        f"targets: cold/bare <= {TARGETS['cold']}, warm/bare <= {TARGETS['warm']}"
    )
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
        + f"\ntarget: rebuild/first <= {r['target']}"
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
        "--budget", type=float, default=None, help="seconds the whole suite should take (default 265; smoke 50)"
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
        args.budget = 50.0 if args.smoke else 265.0
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
