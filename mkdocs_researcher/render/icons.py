"""Inline SVG icons from Material's bundled icon set, as one sprite per page.

Icons Material lacks in a usable form are in this package's theme folder, under ``.icons/researcher/``
(``researcher/xiaohongshu``: the wordmark cut out of a square, as large as the other icons).

Each icon's path is written once per page (a ``<symbol>``) and every use
refers to it, so a list of a thousand PDF links carries one PDF icon.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from markupsafe import Markup

_SVG = re.compile(r"<svg\b([^>]*)>(.*)</svg>", re.DOTALL)
_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


@functools.cache
def symbol_id(name: str) -> str:
    # Short: a list repeats it in every entry's every action. Stable, so a cached page's uses find their symbols.
    return "ri-" + hashlib.blake2s(name.encode("utf-8"), digest_size=4).hexdigest()


class IconSet:
    """Finds ``<dir>/.icons/<name>.svg`` in the given folders (a site's custom_dir first)."""

    def __init__(self, search_dirs: list[str]):
        self.search_dirs = [Path(d) for d in search_dirs]
        # Each icon's file is read once per set; the cache lives and dies with the set (a cache on the
        # method, keyed by self, would keep every set of every rebuild alive).
        self._symbols: dict[str, str | None] = {}

    def symbol(self, name: str) -> str | None:
        if name not in self._symbols:
            self._symbols[name] = self._read_symbol(name)
        return self._symbols[name]

    def _read_symbol(self, name: str) -> str | None:
        for base in self.search_dirs:
            path = base / ".icons" / f"{name}.svg"
            if path.is_file():
                match = _SVG.search(path.read_text(encoding="utf-8"))
                if not match:
                    return None
                viewbox = _VIEWBOX.search(match.group(1))
                body = _COMMENT.sub("", match.group(2)).strip()
                view = f' viewBox="{viewbox.group(1)}"' if viewbox else ""
                return f'<symbol id="{symbol_id(name)}"{view}>{body}</symbol>'
        return None

    def available(self, name: str) -> bool:
        return self.symbol(name) is not None


class IconUse:
    """Records the icons one page uses; ``sprite()`` is the hidden block that defines them."""

    def __init__(self, icons: IconSet):
        self.icons = icons
        self.used: dict[str, None] = {}

    def __call__(self, name: str, css_class: str = "researcher-icon") -> Markup:
        if not self.icons.available(name):
            return Markup("")
        self.note(name)
        return _use(name, css_class)

    def note(self, name: str) -> None:
        """``name`` is used on the page (its markup written earlier is used again)."""
        self.used[name] = None

    def sprite(self) -> str:
        if not self.used:
            return ""
        symbols = "".join(self.icons.symbol(name) or "" for name in sorted(self.used))
        return (
            '<svg class="researcher-sprite" xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" aria-hidden="true" style="display:none">'
            f"{symbols}</svg>"
        )


@functools.cache
def _use(name: str, css_class: str) -> Markup:
    # xlink:href, not href: Material's instant navigation rewrites every [href] it finds,
    # and an SVG <use> element's href cannot be assigned.
    return Markup(f'<svg class="{css_class}" aria-hidden="true"><use xlink:href="#{symbol_id(name)}"/></svg>')
