"""A pause of Python's cyclic garbage collector around work that allocates many objects and frees none.

Reading a large .bib or decoding a cached one creates hundreds of thousands of objects; each
collection pass the allocations trigger walks all of them again, for nothing to collect, and costs
up to a third of the time. Once the pause ends, the objects that stay (the publications) are still
walked: by the next young pass, and by the full pass their number soon triggers (about 0.1 s at
2,000 entries). During a build they live until the build ends, so between ``build_started`` and
``build_ended`` what a pause leaves is frozen (``gc.freeze``): later passes skip it until the
build ends and thaws it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

_in_build = False  # between build_started() and build_ended()
_froze = False  # something was frozen since build_started()


@contextmanager
def gc_paused(collect_cycles: bool = False):
    """``collect_cycles``: the work leaves reference cycles holding much (pylatexenc keeps an exception in a local,
    whose traceback holds every frame above it, with their locals: the .bib's text, a page's rendered blocks);
    one pass over what the pause made frees them before the rest is frozen, instead of at the build's end."""
    global _froze
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if collect_cycles:
                gc.collect(0)
            if _in_build:
                gc.freeze()
                _froze = True
            gc.enable()


def build_started() -> None:
    global _in_build
    _in_build = True


def build_ended() -> None:
    """What the build froze goes back to the oldest generation, where collections see it again."""
    global _in_build, _froze
    _in_build = False
    if _froze:
        gc.unfreeze()
        _froze = False
