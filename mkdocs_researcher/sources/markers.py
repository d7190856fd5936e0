"""Placement markers: ``<!-- researcher publications selected limit=4 -->`` on a line of its own.

A marker puts a section at that spot of the page body. It is an HTML comment,
so the page still reads cleanly where the plugin is not installed.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

_MARKER = re.compile(r"^[ \t]*<!--[ \t]*researcher[ \t]+([A-Za-z_]+)(.*?)-->[ \t]*$")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
# Where a page's list of references goes: no section, placed by the Markdown extension with the citations.
REFERENCES = "references"


@dataclass
class Marker:
    kind: str
    options: dict[str, str] = field(default_factory=dict)
    line: int = 0  # 0-based line in the body
    problems: list[str] = field(default_factory=list)


def find_markers(body: str) -> list[Marker]:
    """Markers in ``body``, outside fenced code blocks."""
    markers = []
    fence: str | None = None
    for number, line in enumerate(body.split("\n")):
        fence_match = _FENCE.match(line)
        if fence_match:
            token = fence_match.group(1)
            if fence is None:
                fence = token[0] * len(token)
            elif token.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        match = _MARKER.match(line)
        if match and match.group(1).lower() != REFERENCES:
            markers.append(_parse(match.group(1), match.group(2), number))
    return markers


def _parse(kind: str, text: str, line: int) -> Marker:
    marker = Marker(kind.lower(), line=line)
    try:
        words = shlex.split(text)
    except ValueError as error:
        marker.problems.append(f"cannot read the options ({error})")
        return marker
    for word in words:
        name, equals, value = word.partition("=")
        # A bare word is a switch: "selected" means selected=true.
        marker.options[name.strip().lower()] = value if equals else "true"
    return marker
