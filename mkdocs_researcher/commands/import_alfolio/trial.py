"""The report's last word: a trial ``mkdocs build --strict`` of the new site, and what to do about each warning.

The build runs as the site's workflow runs it, in a process of its own (this package leaves MkDocs to its adapter),
into a temporary folder: the new site keeps no site/ of it. Its warnings are the lines MkDocs logs as WARNING.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import TYPE_CHECKING

from ...diagnostics import counted

if TYPE_CHECKING:
    from .importer import Importer

TIME_LIMIT = 600  # seconds; a site of a few hundred papers builds in seconds
# What a warning says -> what to do about it; the first that fits.
_ADVICE = (
    ("contains a link", "edit or remove the link in that page (it leads to a page or file the new site lacks)"),
    ("does not exist", "copy the file into docs/ at that path, or remove the field or setting that names it"),
    ("researcher: ", 'fix the file and field it names (README: "The front matter" lists every field)'),
)


def trial_build(importer: Importer) -> None:
    with tempfile.TemporaryDirectory() as site_dir:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", site_dir],
                cwd=importer.out,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                capture_output=True,
                text=True,
                timeout=TIME_LIMIT,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            importer.report.trial = [f"Trial build (mkdocs build --strict): could not run ({error})."]
            return
    warnings = _warnings(done.stderr)
    if done.returncode == 0 and not warnings:
        importer.report.trial = ["Trial build (mkdocs build --strict): passes, with no warning."]
        return
    lines = [f"Trial build (mkdocs build --strict): fails, with {counted(len(warnings), 'warning')}:"]
    for message in warnings:
        advice = next((a for words, a in _ADVICE if words in message), "see the message; fix it in the file it names")
        lines.append(f"  - {message}\n    what to do: {advice}")
    if not warnings:
        lines.append(f"  - {_failure(done.stderr)}")
    lines.append("  mkdocs serve still shows the site; the site's workflow (mkdocs build --strict) stops until fixed.")
    importer.report.trial = lines


def _failure(log: str) -> str:
    """Why a build stopped without a warning: the exception's message, the last line of its traceback."""
    last = next((line.strip() for line in reversed(log.splitlines()) if line.strip()), "")
    kind, colon, message = last.partition(": ")
    if colon and kind.replace(".", "").replace("_", "").isalnum():
        return f"{kind.rsplit('.', 1)[-1]}: {message}"  # jinja2.exceptions.TemplateNotFound -> TemplateNotFound
    return last or "MkDocs stopped without a message"


def _warnings(log: str) -> list[str]:
    """The WARNING and ERROR messages of MkDocs' log (a message's indented lines joined to it), each once."""
    found: list[str] = []
    for line in log.splitlines():
        level, _, message = line.partition(" -  ")
        if level.strip() in ("WARNING", "ERROR") and message:
            found.append(message.strip())
        elif found and line.startswith((" ", "\t")) and line.strip():
            found[-1] += " " + line.strip()
    return list(dict.fromkeys(found))
