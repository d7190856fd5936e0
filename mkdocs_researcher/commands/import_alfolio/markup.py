"""Plain values out of the HTML and Markdown that al-folio's fields hold."""

from __future__ import annotations

import re


def strip_tags(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(text))).strip()


def link_text(markdown: str) -> tuple[str, str | None]:
    """'[TileLang](https://…): a DSL' -> ('TileLang', 'https://…'); plain text -> (text, None)."""
    match = re.match(r"^\s*\[([^\]]+)\]\(([^)\s]+)[^)]*\)", markdown)
    return (match.group(1).strip(), match.group(2)) if match else (markdown.strip(), None)
