"""The ``mkdocs-researcher`` command: new, refresh — and publishing a new site with gh-deploy (import-alfolio has
test_import_alfolio.py).

Every site the command writes is built with ``mkdocs build --strict`` and its HTML checked.
"""

from __future__ import annotations

import datetime
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import collecting_warnings

from mkdocs_researcher.commands import cli
from mkdocs_researcher.commands.new import requirements

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


# --- Helpers -------------------------------------------------------------------------------------


def build_strict(config_file: Path) -> BeautifulSoup:
    """``mkdocs build --strict`` in-process; fails the test with the warnings if there are any. The home page's HTML."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with collecting_warnings() as messages:
        try:
            build(load_config(str(config_file), strict=True))
        except BaseException as error:  # strict mode aborts with mkdocs' Abort
            if isinstance(error, KeyboardInterrupt):
                raise
            pytest.fail(f"mkdocs build --strict failed: {error}\n" + "\n".join(messages))
    return html(config_file.parent / "site" / "index.html")


def html(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


# --- new -----------------------------------------------------------------------------------------


def test_new_scaffolds_a_site_that_builds_strict_and_shows_the_name_and_a_paper(tmp_path, capsys):
    site = tmp_path / "homepage"
    code, out, _ = run_cli(capsys, "new", site, "--name", "Ada Q. Lovelace", "--email", "ada@example.org")
    assert code == 0 and "mkdocs serve" in out

    config = yaml.safe_load((site / "mkdocs.yml").read_text(encoding="utf-8"))
    # The name is the site's title too (header, tab), and the hint says where that title lives.
    assert config["site_name"] == "Ada Q. Lovelace" and config["site_description"] == "Homepage of Ada Q. Lovelace"
    [hint] = [line for line in out.splitlines() if line.startswith("Next:")]
    assert "site_name and site_description in mkdocs.yml" in hint and "docs/index.md" in hint
    assert config["theme"]["font"] is False and [p["scheme"] for p in config["theme"]["palette"]] == [
        "default",
        "slate",
    ]
    # The form every engine reads: the plugin bare, the options on the Markdown extension.
    assert config["plugins"][1] == "researcher"
    options = {"mkdocs_researcher": {"bibliography": ["docs/papers.bib"], "show_counts": True}}
    assert options in config["markdown_extensions"]  # the counts the daily refresh keeps are shown
    assert config["extra_css"] == ["assets/researcher/researcher.css"]
    assert "<!-- researcher publications group_by=year" in (site / "docs" / "publications.md").read_text(
        encoding="utf-8"
    )
    assert ">AL</text>" in (site / "docs" / "images" / "photo.svg").read_text(encoding="utf-8")
    # The CV from the same data, in the nav from the start.
    assert "<!-- researcher cv -->" in (site / "docs" / "cv.md").read_text(encoding="utf-8")
    assert {"CV": "cv.md"} in config["nav"]
    ignored = [line for line in (site / ".gitignore").read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert ignored[:2] == ["site/", ".cache/"]
    workflow = yaml.safe_load((site / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8"))
    steps = [s.get("run", "") for s in workflow["jobs"]["deploy"]["steps"]]
    assert workflow[True]["schedule"][0]["cron"]  # YAML 1.1 reads the key `on` as true
    order = [
        next(i for i, s in enumerate(steps) if word in s)
        for word in ("mkdocs-researcher refresh", "mkdocs build --strict", "mkdocs gh-deploy --force")
    ]
    assert order == sorted(order)
    assert "pip install -r requirements.txt" in steps
    # This test runs from a checkout: the workflow installs from a source GitHub's runners can reach, or the
    # command says what to do.
    installed = [
        line for line in (site / "requirements.txt").read_text(encoding="utf-8").splitlines() if line[:1] != "#"
    ]
    assert installed == [cli_source().requirement]
    assert cli_source().note is None or f"Note: {cli_source().note}" in out

    home = build_strict(site / "mkdocs.yml")
    assert (
        home.select_one(".researcher-profile h1, .researcher-profile .researcher-name").get_text(strip=True)
        == "Ada Q. Lovelace"
    )
    assert "ada@example.org" not in str(home)  # the card hides the address from harvesters
    papers = home.select(".researcher-publications .researcher-item")
    assert len(papers) == 1 and "A Made-Up Paper on Example Systems" in papers[0].get_text()
    assert papers[0].select_one(".researcher-self").get_text(strip=True) == "Ada Q. Lovelace"
    listing = html(site / "site" / "publications" / "index.html")
    assert len(listing.select(".researcher-publications .researcher-item")) == 3


def test_new_without_a_name_says_where_the_sites_title_lives(tmp_path, capsys):
    site = tmp_path / "homepage"
    code, out, _ = run_cli(capsys, "new", site)
    assert code == 0
    [hint] = [line for line in out.splitlines() if line.startswith("Next:")]
    assert "put your name in mkdocs.yml (site_name: the title in the header and the browser tab)" in hint
    assert "docs/index.md (profile: name)" in hint
    # The files say it too, beside the placeholder name.
    [title] = [line for line in (site / "mkdocs.yml").read_text(encoding="utf-8").splitlines() if "site_name:" in line]
    assert title.startswith('site_name: "Your Name"') and "the title in the header and the browser tab" in title
    assert "site_name in mkdocs.yml" in (site / "docs" / "index.md").read_text(encoding="utf-8")


def test_new_refuses_a_folder_with_files_unless_forced(tmp_path, capsys):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    code, _, err = run_cli(capsys, "new", folder)
    assert code == 2 and "is not empty (it has notes.txt)" in err and "--force" in err and "Traceback" not in err
    assert not (folder / "mkdocs.yml").exists()

    code, _, _ = run_cli(capsys, "new", folder, "--force")
    assert (
        code == 0 and (folder / "mkdocs.yml").is_file() and (folder / "notes.txt").read_text(encoding="utf-8") == "mine"
    )


def cli_source() -> requirements.Source:
    return requirements.installed_source()


class _Installed:
    """What importlib.metadata reports of an installed copy: its version and PEP 610 record."""

    def __init__(self, direct_url: dict | None):
        self.version, self._record = "1.2.3", direct_url

    def read_text(self, name):
        return json.dumps(self._record) if name == "direct_url.json" and self._record is not None else None


def _installed_as(monkeypatch, direct_url):
    monkeypatch.setattr(requirements.metadata, "distribution", lambda name: _Installed(direct_url))
    return requirements.installed_source()


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    return subprocess.run(["git", "-C", folder, *args], check=True, capture_output=True, text=True, env=env)


def _git_checkout(folder: Path, remote: str | None) -> str:
    def git(*args):
        return _git(folder, *args)

    folder.mkdir()
    git("init", "--quiet")
    (folder / "file").write_text("x", encoding="utf-8")
    git("add", "file")
    git("-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false", "commit", "-qm", "x")
    if remote:
        git("remote", "add", "origin", remote)
    return git("rev-parse", "HEAD").stdout.strip()


def test_the_new_sites_requirement_names_a_source_a_runner_can_install(tmp_path, monkeypatch):
    built = tmp_path / "built" / "mkdocs_researcher-1.2.3-py3-none-any.whl"
    wheels_made = []

    def pip_wheel(command, *args):
        wheels_made.append((command, args))
        return built

    monkeypatch.setattr(requirements, "_pip_wheel", pip_wheel)
    monkeypatch.setattr(requirements, "_on_pypi", lambda version: True)
    assert _installed_as(monkeypatch, None) == requirements.Source("mkdocs-researcher==1.2.3")
    # A release PyPI does not serve (a private index, or none yet) is never pinned: its wheel goes into wheels/.
    monkeypatch.setattr(requirements, "_on_pypi", lambda version: False)
    private = _installed_as(monkeypatch, None)
    assert private.requirement == f"./wheels/{built.name}" and private.wheel == built
    assert wheels_made.pop() == ("download", ("--only-binary", ":all:", "mkdocs-researcher==1.2.3"))
    vcs = {"url": "https://github.com/o/r.git", "vcs_info": {"vcs": "git", "commit_id": "abc123"}}
    assert _installed_as(monkeypatch, vcs).requirement == "mkdocs-researcher @ git+https://github.com/o/r.git@abc123"
    web_wheel = {"url": "https://example.org/x.whl", "archive_info": {}}
    assert _installed_as(monkeypatch, web_wheel).requirement == "mkdocs-researcher @ https://example.org/x.whl"

    wheel = tmp_path / "dist" / "mkdocs_researcher-1.2.3-py3-none-any.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"PK")
    local_wheel = _installed_as(monkeypatch, {"url": wheel.as_uri(), "archive_info": {}})
    assert local_wheel.requirement == f"./wheels/{wheel.name}" and local_wheel.note is None
    written = requirements.write_requirements(tmp_path / "site", local_wheel)
    assert (tmp_path / "site" / "wheels" / wheel.name).read_bytes() == b"PK" and len(written) == 2

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    checkout = tmp_path / "checkout"
    commit = _git_checkout(checkout, "https://user:secret@github.com/o/r.git")
    editable = {"url": checkout.as_uri(), "dir_info": {"editable": True}}
    # A commit the web remote does not have: a runner could not fetch it, so the wheel built from the folder.
    unpushed = _installed_as(monkeypatch, editable)
    assert unpushed.requirement == f"./wheels/{built.name}" and "not pushed" in unpushed.note
    assert wheels_made.pop() == ("wheel", (str(checkout),))
    _git(checkout, "update-ref", "refs/remotes/origin/main", commit)  # as after a push
    # The checked-out commit of the web remote, without the credentials kept in the remote's address.
    from_checkout = _installed_as(monkeypatch, editable)
    assert from_checkout.requirement == f"mkdocs-researcher @ git+https://github.com/o/r.git@{commit}"
    assert "secret" not in from_checkout.note and commit[:12] in from_checkout.note
    (checkout / "file").write_text("changed", encoding="utf-8")  # what the commit does not hold
    assert _installed_as(monkeypatch, editable).requirement == f"./wheels/{built.name}"
    ssh = tmp_path / "ssh"
    ssh_commit = _git_checkout(ssh, "git@github.com:o/r.git")
    _git(ssh, "update-ref", "refs/remotes/origin/main", ssh_commit)
    assert (
        "git+https://github.com/o/r.git@"
        in _installed_as(monkeypatch, {"url": ssh.as_uri(), "dir_info": {}}).requirement
    )
    alone = tmp_path / "alone"
    _git_checkout(alone, None)
    from_folder = _installed_as(monkeypatch, {"url": alone.as_uri(), "dir_info": {}})
    assert from_folder.requirement == f"./wheels/{built.name}" and "no Git remote on the web" in from_folder.note
    # Only when no wheel can be had is a version pinned, and the owner told to replace it.
    monkeypatch.setattr(requirements, "_pip_wheel", lambda command, *args: None)
    last_resort = _installed_as(monkeypatch, {"url": alone.as_uri(), "dir_info": {}})
    assert last_resort.requirement == "mkdocs-researcher==1.2.3" and "pip wheel --no-deps" in last_resort.note


def test_the_readme_says_how_to_install_before_a_release_from_the_repository_pyproject_names():
    repo_root = Path(__file__).resolve().parents[1]
    with open(repo_root / "pyproject.toml", "rb") as handle:
        urls = tomllib.load(handle)["project"]["urls"]
    assert urls["Repository"] == requirements.REPOSITORY  # what the last-resort note tells the owner to name
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    using = readme[readme.index("## Using it") :]
    assert f'pip install "git+{urls["Repository"]}"' in using[: using.index("```yaml")]


@pytest.mark.slow
def test_a_site_made_from_a_checkout_installs_where_a_runner_has_only_its_files(tmp_path, capsys):
    """This copy runs from a folder (an editable install): what the new site's requirements.txt names installs
    with no package index at all, as the workflow's first step must."""
    site = tmp_path / "homepage"
    code, out, _ = run_cli(capsys, "new", site, "--name", "Ada Lovelace")
    assert code == 0
    plan = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--no-index", "--force-reinstall"]
        + ["-r", "requirements.txt"],
        cwd=site,
        capture_output=True,
        text=True,
    )
    assert "Would install mkdocs-researcher" in plan.stdout, plan.stderr


# --- refresh -------------------------------------------------------------------------------------


class _Stub(http.server.BaseHTTPRequestHandler):
    answers: dict[str, tuple[int, dict | None, float]] = {}
    seen: list[tuple[str, str]] = []

    def do_GET(self):
        type(self).seen.append((self.path, self.headers.get("User-Agent", "")))
        status, body, delay = self.answers.get(self.path, (404, None, 0))
        time.sleep(delay)
        payload = json.dumps(body or {"message": "Not Found"}).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
        except OSError:
            pass  # the client gave up waiting: that is the point of the slow answer

    def log_message(self, *args):
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


@pytest.fixture
def stub_api():
    _Stub.answers = {
        "/gh/repos/acme/alpha": (200, {"stargazers_count": 42}, 0),
        "/gh/repos/acme/beta": (404, None, 0),
        "/gh/repos/acme/delta": (200, {"stargazers_count": 7}, 0),
        "/gh/repos/acme/gamma": (200, {"stargazers_count": 999}, 1.5),  # beyond the timeout
        "/gh/repos/acme/zeta": (403, {"message": "API rate limit exceeded"}, 0),
        "/gh/repos/acme/zz-after": (200, {"stargazers_count": 1000}, 0),  # never asked: after the rate limit
        "/oa/works/doi:10.1000/gone": (404, None, 0),
        "/oa/works/doi:10.1000/one": (200, {"cited_by_count": 5}, 0),
        "/oa/works/doi:10.48550/arXiv.2401.00001": (200, {"cited_by_count": 3}, 0),
        "/oa/works/doi:10.48550/arXiv.2499.99999": (429, None, 0),
    }
    _Stub.seen = []
    server = _QuietServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _refresh_site(root: Path) -> Path:
    (root / "docs" / "data").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(
        "site_name: Counts\n"
        "plugins:\n  - search\n  - researcher:\n      bibliography: [docs/papers.bib]\n      show_counts: true\n"
        "markdown_extensions:\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
        encoding="utf-8",
    )
    front = {
        "profile": {"name": "Alex Sample"},
        "publications": [
            {"title": "One", "links": {"doi": "10.1000/ONE"}},
            {"title": "Gone", "links": {"doi": "https://doi.org/10.1000/gone"}},
        ],
        "data": "data/more.yml",
    }
    (root / "docs" / "index.md").write_text("---\n" + yaml.safe_dump(front) + "---\n\nHello.\n", encoding="utf-8")
    # The projects come from the page's data file, as the build reads them.
    projects = [{"name": n, "repo": f"acme/{n}"} for n in ("alpha", "beta", "gamma", "zeta")] + [
        {"name": "Delta", "repo": "https://github.com/acme/delta"},
        {"name": "No repo"},
        {"name": "Last", "repo": "acme/zz-after"},
    ]
    (root / "docs" / "data" / "more.yml").write_text(yaml.safe_dump({"projects": projects}), encoding="utf-8")
    (root / "docs" / "papers.bib").write_text(
        "@misc{a2024, title={A}, author={Sample, Alex}, eprint={2401.00001v2}, archivePrefix={arXiv}, year={2024}}\n"
        "@misc{b2024, title={B}, author={Sample, Alex}, eprint={2499.99999}, archivePrefix={arXiv}, year={2024}}\n",
        encoding="utf-8",
    )
    old = {
        "updated": "2020-01-01",
        "stars": {
            "acme/alpha": 40,
            "acme/beta": 11,
            "acme/gamma": 3,
            "acme/zeta": 5,
            "acme/zz-after": 8,
            "old/removed": 2,
        },
        "citations": {"10.1000/gone": 9, "10.1000/one": 1, "2499.99999": 4},
    }
    (root / "researcher-counts.yml").write_text(yaml.safe_dump(old), encoding="utf-8")
    return root / "mkdocs.yml"


@pytest.mark.slow  # a stub API server
def test_refresh_merges_new_numbers_and_keeps_old_ones_on_every_failure(tmp_path, capsys, stub_api, monkeypatch):
    config = _refresh_site(tmp_path)
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.setenv(
        "RESEARCHER_OPENALEX_API", stub_api + "/oa"
    )  # one base URL from the environment, one from the flag
    started = time.monotonic()
    code, out, err = run_cli(capsys, "refresh", "-f", config, "--github-api", stub_api + "/gh", "--timeout", "0.4")
    assert code == 0, err
    assert time.monotonic() - started < 5

    counts = yaml.safe_load((tmp_path / "researcher-counts.yml").read_text(encoding="utf-8"))
    assert counts == {
        "updated": datetime.date.today().isoformat(),
        "stars": {
            "acme/alpha": 42,
            "acme/beta": 11,
            "acme/delta": 7,
            "acme/gamma": 3,
            "acme/zeta": 5,
            "acme/zz-after": 8,
            "old/removed": 2,
        },
        "citations": {"10.1000/gone": 9, "10.1000/one": 5, "2401.00001": 3, "2499.99999": 4},
    }
    asked = [path for path, _ in _Stub.seen]
    assert "/gh/repos/acme/zz-after" not in asked  # GitHub said "rate limit": no more questions
    assert all(agent.startswith("mkdocs-researcher/") for _, agent in _Stub.seen)
    for note in (
        "GitHub: acme/beta: not found",
        "GitHub: acme/gamma: no answer within 0.4 s; kept the old number 3",
        "GitHub: acme/zeta: rate limit reached (HTTP 403)",
        "not asking about the other 1",
        "OpenAlex: 10.1000/gone: not found",
        "OpenAlex: 2499.99999: rate limit reached (HTTP 429); kept the old number 4",
    ):
        assert note in out, note
    assert "Refreshed 2 of 6 GitHub star counts and 2 of 4 citation counts" in out


def test_refresh_without_a_network_keeps_the_file_and_exits_0(tmp_path, capsys):
    config = _refresh_site(tmp_path)
    before = yaml.safe_load((tmp_path / "researcher-counts.yml").read_text(encoding="utf-8"))
    closed = "http://127.0.0.1:9"  # the discard port: nothing listens there
    code, out, _ = run_cli(
        capsys, "refresh", "-f", config, "--github-api", closed, "--openalex-api", closed, "--timeout", "0.5"
    )
    assert code == 0 and "cannot connect" in out
    assert yaml.safe_load((tmp_path / "researcher-counts.yml").read_text(encoding="utf-8")) == before


def test_refresh_of_a_site_that_shows_no_counts_says_so_and_asks_nothing(tmp_path, capsys):
    config = _refresh_site(tmp_path)
    config.write_text(config.read_text(encoding="utf-8").replace("      show_counts: true\n", ""), encoding="utf-8")
    before = (tmp_path / "researcher-counts.yml").read_text(encoding="utf-8")
    closed = "http://127.0.0.1:9"
    code, out, _ = run_cli(capsys, "refresh", "-f", config, "--github-api", closed, "--openalex-api", closed)
    assert code == 0 and "show_counts is off" in out and "nothing to refresh" in out
    assert (tmp_path / "researcher-counts.yml").read_text(encoding="utf-8") == before


def test_refresh_without_mkdocs_yml_says_so(tmp_path, capsys):
    code, _, err = run_cli(capsys, "refresh", "-f", tmp_path / "mkdocs.yml")
    assert code == 2 and "there is no mkdocs.yml" in err and "Traceback" not in err


# --- Publishing ----------------------------------------------------------------------------------


@pytest.mark.slow  # git in subprocesses
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_gh_deploy_pushes_a_new_site_to_a_local_bare_repository(tmp_path, capsys):
    site, bare = tmp_path / "homepage", tmp_path / "remote.git"
    assert cli.main(["new", str(site), "--name", "Deploy Test"]) == 0
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
    }

    def git(*args, cwd=site):
        return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout

    git("init", "--quiet", "--bare", str(bare), cwd=tmp_path)
    git("init", "--quiet", "-b", "main")
    git("config", "user.name", "Deploy Test")
    git("config", "user.email", "deploy@example.org")
    git("config", "commit.gpgsign", "false")
    git("add", "-A")
    git("commit", "--quiet", "-m", "A new homepage")
    git("remote", "add", "origin", str(bare))
    deploy = subprocess.run(
        [sys.executable, "-m", "mkdocs", "gh-deploy", "--force", "--remote-name", "origin"],
        cwd=site,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert deploy.returncode == 0, deploy.stderr
    published = git("--git-dir", str(bare), "ls-tree", "-r", "--name-only", "gh-pages", cwd=tmp_path).split()
    assert "index.html" in published and "assets/researcher/researcher.css" in published
    assert "papers.bib" not in published  # data files stay out of the site
