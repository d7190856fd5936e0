"""A pause of Python's cyclic garbage collector around work that allocates many objects and frees none.

Reading a large .bib or unpickling a cached one creates hundreds of thousands of live objects; each
collection pass the allocations trigger walks all of them again, for nothing to collect, and costs
up to a third of the time.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def gc_paused():
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
