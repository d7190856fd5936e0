"""Reading a file only when it is a regular file, and only up to a size.

A name in the docs or the cache folder may be a link to a device (/dev/zero, which never ends), a pipe
(whose open never returns) or a folder; reading such a thing would hang or fill the memory. Each is
refused with an OSError whose message says why, like any other file that cannot be read.
"""

from __future__ import annotations

import errno
import os
import stat
from os import PathLike
from typing import BinaryIO

# More than any source file or cache file this package reads (the largest real .bib files are tens of MB).
MAX_FILE_BYTES = 256 * 1024 * 1024


def open_regular(path: str | PathLike, *, follow_links: bool = True, limit: int = MAX_FILE_BYTES) -> BinaryIO:
    """The file opened for reading in binary; OSError when it is not a regular file or is over ``limit`` bytes.
    Without ``follow_links``, a link is refused too."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)  # a pipe's open returns at once
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    handle = os.open(path, flags)
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", os.fspath(path))
        if status.st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit // (1024 * 1024)} MB", os.fspath(path))
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def read_regular(path: str | PathLike, *, follow_links: bool = True, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (OSError otherwise); a file that grows while it
    is read is cut at the limit plus one byte, and refused."""
    with open_regular(path, follow_links=follow_links, limit=limit) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit // (1024 * 1024)} MB", os.fspath(path))
    return data
