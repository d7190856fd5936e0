"""What cache keys are made of: a stable digest of plain data, and this package's own files.

The keys of every cache (pages.py, bibliographies.py, citations.py) cover this package's files, so that an entry
made by other code is never used; a rendered page's key is a digest of all it was made from.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import json
import os
from pathlib import Path


def digest(*parts) -> str:
    """A stable digest of plain data: dataclasses, mappings, lists, paths, functions by their names."""
    try:
        text = json.dumps(parts, sort_keys=True, default=_plain, ensure_ascii=False)
    except TypeError:  # a mapping with keys that are not all strings: front matter may have dates or numbers as keys
        text = json.dumps(_text_keys(parts), sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _text_keys(value):
    """``value`` with every mapping's keys as distinct strings: "s" and a string key, "r" and the repr of any other."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = _plain(value)
    if isinstance(value, dict):
        return {
            ("s" + key if isinstance(key, str) else "r" + repr(key)): _text_keys(item) for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_text_keys(item) for item in value]
    return value


def _plain(value):
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__qualname__, {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if isinstance(value, (Path, bytes)):
        return str(value)
    if inspect.isfunction(value) or inspect.isbuiltin(value) or inspect.isclass(value):
        return f"{value.__module__}.{value.__qualname__}"  # as !!python/name: gives them in mkdocs.yml
    return repr(value)  # an object without a stable form at worst misses the cache, never hits a stale one


@functools.cache
def package_files() -> tuple:
    """This package's own files by size and time: its code writes HTML too (an entry, the author list), and an
    edited checkout keeps its version number."""
    package = os.path.dirname(os.path.dirname(__file__))  # the whole package, this folder's parent
    found = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(names):
            stat = os.stat(os.path.join(folder, name))
            found.append((os.path.relpath(os.path.join(folder, name), package), stat.st_size, stat.st_mtime_ns))
    return tuple(found)
