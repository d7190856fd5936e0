"""Plain values out of the HTML and Markdown that al-folio's fields hold."""

from __future__ import annotations

import re


def strip_tags(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(text))).strip()


def link_text(markdown: str) -> tuple[str, str | None]:
    """'[TileLang](https://…): a DSL' -> ('TileLang', 'https://…'); plain text -> (text, None)."""
    match = re.match(r"^\s*\[([^\]]+)\]\(([^)\s]+)[^)]*\)", markdown)
    return (match.group(1).strip(), match.group(2)) if match else (markdown.strip(), None)


_LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|1[.)])[ \t]+\S")
_FENCE = re.compile(r"^ {0,3}(?:```|~~~)")


def separate_lists(markdown: str) -> str:
    """A blank line before each list that follows a line of text: al-folio's kramdown reads GFM, where a list may
    start right under a paragraph; Python-Markdown needs the blank line, or joins the list into the paragraph."""
    lines: list[str] = []
    fenced = in_list = False
    for line in markdown.split("\n"):
        after_blank = not lines or not lines[-1].strip()
        if _FENCE.match(line):
            fenced, in_list = not fenced, False
        elif not fenced and _LIST_ITEM.match(line):
            if not in_list and not after_blank:
                lines.append("")
            in_list = True
        elif line.strip() and after_blank and not line.startswith((" ", "\t")):
            in_list = False  # text after a blank line, not indented under an item: the list has ended
        lines.append(line)
    return "\n".join(lines)
