"""The new site's ``requirements.txt``: the mkdocs-researcher that made the site, from where GitHub's runners get it.

The scaffolded workflow runs ``pip install -r requirements.txt``, so the file must name something a runner can
install: a release pinned only when PyPI has it; a Git repository only at a commit that is pushed; anything else
(a copy from a folder, a release only a private index serves) as a wheel in the site's own ``wheels/`` folder,
built or fetched here. PEP 610 records where the running copy came from in ``direct_url.json``.
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from dataclasses import dataclass
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

DISTRIBUTION = "mkdocs-researcher"
WHEELS = "wheels"  # the site's folder for a wheel the workflow installs
PYPI_RELEASE = "https://pypi.org/pypi/mkdocs-researcher/{version}/json"  # 200 when PyPI serves that release
# The project's repository (pyproject.toml's [project.urls]): where an unreleased version can be installed from.
REPOSITORY = "https://github.com/mkdocs-researcher/mkdocs-researcher"


@dataclass(frozen=True)
class Source:
    """How the workflow installs mkdocs-researcher."""

    requirement: str  # the requirements.txt line
    note: str | None = None  # what the site's owner should know or do, printed by the command
    wheel: Path | None = None  # a wheel on this computer to copy into the site's wheels/ folder


def installed_source() -> Source:
    """Where the running mkdocs-researcher came from, as a requirement a runner can install."""
    distribution = metadata.distribution(DISTRIBUTION)
    version = distribution.version
    recorded = distribution.read_text("direct_url.json")
    if not recorded:  # from a package index: PyPI, or one only this computer reaches
        return _from_index(version)
    origin = json.loads(recorded)
    url = str(origin.get("url", ""))
    if "vcs_info" in origin:
        vcs = origin["vcs_info"]
        return Source(f"{DISTRIBUTION} @ {vcs.get('vcs', 'git')}+{url}@{vcs.get('commit_id', '')}".rstrip("@"))
    if url.startswith(("https://", "http://")):
        return Source(f"{DISTRIBUTION} @ {url}")
    path = Path(url2pathname(unquote(urlsplit(url).path)))
    if "archive_info" in origin and path.suffix == ".whl" and path.is_file():
        return Source(f"./{WHEELS}/{path.name}", wheel=path)
    return _from_folder(path, version)


def _from_index(version: str) -> Source:
    """A release: pinned if PyPI serves it, else its wheel from the index this copy came from."""
    if _on_pypi(version):
        return Source(f"{DISTRIBUTION}=={version}")
    wheel = _pip_wheel("download", "--only-binary", ":all:", f"{DISTRIBUTION}=={version}")
    if wheel is not None:
        return Source(
            f"./{WHEELS}/{wheel.name}",
            note=f"mkdocs-researcher {version} is not on PyPI, where GitHub's runners look: its wheel, from the "
            f"package index this copy came from, is in {WHEELS}/ (commit it)",
            wheel=wheel,
        )
    return _unreachable(
        version, f"mkdocs-researcher {version} was not found on PyPI, nor fetched from this computer's index"
    )


def _from_folder(folder: Path, version: str) -> Source:
    """A copy installed from a checkout: its Git remote at the checked-out commit when the web has that commit
    (pushed, nothing changed since), else a wheel built from the folder."""
    remote, commit = _git(folder, "remote", "get-url", "origin"), _git(folder, "rev-parse", "HEAD")
    web = _web_address(remote) if remote else None
    pushed = bool(commit and _git(folder, "branch", "--remotes", "--contains", commit))
    unchanged = _git(folder, "status", "--porcelain", "--untracked-files=no") == ""
    if web and pushed and unchanged:
        return Source(
            f"{DISTRIBUTION} @ git+{web}@{commit}",
            note=f"the workflow installs mkdocs-researcher from {web} at commit {commit[:12]}, the commit this copy "
            "was installed from",
        )
    wheel = _pip_wheel("wheel", str(folder))
    if wheel is None:
        return _unreachable(version, f"a wheel could not be built from {folder}")
    reason = "has changes or commits not pushed to its web remote" if web else "has no Git remote on the web"
    return Source(
        f"./{WHEELS}/{wheel.name}",
        note=f"this mkdocs-researcher was installed from {folder}, which {reason}: the workflow installs the wheel "
        f"built from it into {WHEELS}/ (commit it)",
        wheel=wheel,
    )


def _unreachable(version: str, why: str) -> Source:
    """The last resort, when nothing a runner can install was found: a pin, and the owner told to replace it."""
    return Source(
        f"{DISTRIBUTION}=={version}",
        note=f"{why}, so requirements.txt pins {version}, which GitHub's runners may not find: name a wheel kept in "
        f"{WHEELS}/ (pip wheel --no-deps PATH/TO/mkdocs-researcher -w {WHEELS}) or the repository "
        f"({DISTRIBUTION} @ git+{REPOSITORY}@COMMIT) in its place",
    )


def _on_pypi(version: str) -> bool:
    try:
        with urllib.request.urlopen(PYPI_RELEASE.format(version=version), timeout=10) as answer:
            return answer.status == 200
    except (OSError, ValueError):  # not there (404), or no network: not known to be there
        return False


@functools.cache
def _scratch() -> Path:
    """A folder for the wheels this process builds or fetches, removed when it ends."""
    folder = tempfile.mkdtemp(prefix="mkdocs-researcher-wheel-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return Path(folder)


_INTO = {"wheel": "--wheel-dir", "download": "--dest"}


@functools.cache
def _pip_wheel(command: str, *args: str) -> Path | None:
    """The one wheel ``pip wheel`` builds (or ``pip download`` fetches) of ``args``, without dependencies; None if
    pip fails. Once a process: a build takes seconds."""
    # A build tries the installed build backend first (no download, works offline), then pip's own isolated one.
    tries = [["--no-build-isolation"], []] if command == "wheel" and find_spec("hatchling") else [[]]
    for isolation in tries:
        target = Path(tempfile.mkdtemp(dir=_scratch()))
        pip = [sys.executable, "-m", "pip", command, "--quiet", "--no-deps", *isolation, _INTO[command], str(target)]
        try:
            done = subprocess.run([*pip, *args], capture_output=True, timeout=300)
        except (OSError, subprocess.SubprocessError):
            continue
        wheels = sorted(target.glob("mkdocs_researcher-*.whl"))
        if done.returncode == 0 and len(wheels) == 1:
            return wheels[0]
    return None


def _git(folder: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _web_address(remote: str) -> str | None:
    """An https address pip can clone without credentials: https remotes as they are, GitHub-style SSH rewritten."""
    if remote.startswith("https://"):
        parts = urlsplit(remote)
        return parts._replace(netloc=parts.hostname or "").geturl()  # never a token kept in the remote
    if remote.startswith("git@") and ":" in remote:
        host, path = remote[len("git@") :].split(":", 1)
        return f"https://{host}/{path}"
    return None


def write_requirements(folder: Path, source: Source) -> list[Path]:
    """requirements.txt (and the wheel it names) in the site's folder; returns the files written."""
    written = []
    if source.wheel is not None:
        wheels = folder / WHEELS
        wheels.mkdir(parents=True, exist_ok=True)
        written.append(Path(shutil.copy2(source.wheel, wheels / source.wheel.name)))
    lines = [
        "# What the site's workflow (.github/workflows/site.yml) installs to build the site.",
        "# mkdocs-researcher brings MkDocs and Material for MkDocs; the line below was written by the command",
        "# that made this site, naming the copy it ran from. Change it to install another version or source:",
        "#   mkdocs-researcher==X.Y.Z                                          a release on the package index",
        "#   mkdocs-researcher @ git+https://github.com/OWNER/REPOSITORY@COMMIT  a Git repository",
        f"#   ./{WHEELS}/mkdocs_researcher-X.Y.Z-py3-none-any.whl                a wheel kept in this repository",
        source.requirement,
        "# Build with Zensical instead of MkDocs (the workflow uses it when it is installed):",
        "# zensical",
    ]
    path = folder / "requirements.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [path, *written]
