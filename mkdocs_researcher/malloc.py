"""Large blocks go back to the system when freed (glibc).

The page of a long publication list is one string of tens of megabytes, made anew by every build. glibc serves
a block that large from a mapping of its own and unmaps it when it is freed, but then raises its threshold for
mapping to the size just freed (up to 32 MB): later pages come from the heap, where a freed page cannot be given
back while smaller objects lie above it, and under `mkdocs serve` every rebuild kept one more page. Setting the
threshold (which also ends that adjustment) keeps large blocks mapped.
"""

from __future__ import annotations

import ctypes
import sys

_M_MMAP_THRESHOLD = -3  # glibc's malloc.h
_THRESHOLD = 1 << 20  # far above Python's small objects, far below a long list's page


def keep_large_blocks_mapped() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # a C library without mallopt: nothing to set
        return
    mallopt(_M_MMAP_THRESHOLD, _THRESHOLD)
