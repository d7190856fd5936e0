"""The new site's ``requirements.txt``: the mkdocs-researcher that made the site, from where GitHub's runners get it.

The scaffolded workflow runs ``pip install -r requirements.txt``. Pinning a release on the package index only works
for a copy installed from there; a copy installed from a Git repository, a wheel or a local folder is named the way
pip can reach it again from a runner (PEP 610 records where it came from in ``direct_url.json``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

DISTRIBUTION = "mkdocs-researcher"
WHEELS = "wheels"  # the site's folder for a wheel the workflow installs


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
    if not recorded:  # from the package index
        return Source(f"{DISTRIBUTION}=={version}")
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


def _from_folder(folder: Path, version: str) -> Source:
    """A copy installed from a checkout: its Git remote at the checked-out commit, when the remote is on the web."""
    remote, commit = _git(folder, "remote", "get-url", "origin"), _git(folder, "rev-parse", "HEAD")
    web = _web_address(remote) if remote else None
    if web and commit:
        return Source(
            f"{DISTRIBUTION} @ git+{web}@{commit}",
            note=f"the workflow installs mkdocs-researcher from {web} at commit {commit[:12]}, the commit this copy "
            "was installed from: push it there, or name another source in requirements.txt",
        )
    return Source(
        f"{DISTRIBUTION}=={version}",
        note="this mkdocs-researcher was installed from a folder on this computer, which GitHub's runners cannot "
        f"reach: build a wheel (pip wheel --no-deps {folder} -w {WHEELS}) and name it in requirements.txt "
        f"(./{WHEELS}/<file>.whl), or name the Git repository it comes from "
        f"({DISTRIBUTION} @ git+https://github.com/OWNER/REPOSITORY@COMMIT)",
    )


def _git(folder: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return (done.stdout.strip() or None) if done.returncode == 0 else None


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
