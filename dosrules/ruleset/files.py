"""Opening an input file safely: a regular file or a clear error, never a hang.

A FIFO would block the open (or the read) until something writes to it; a device such as
``/dev/zero`` never ends; a link that loops, a name too long or a NUL in the name are errors
of the operating system. :func:`open_input` says which, in one paragraph.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

from ..errors import DosrulesError, Location

__all__ = ["open_input"]


def open_input(path: str | os.PathLike, where: Location | str, fix: str, kind: str = "file") -> BinaryIO:
    """``path`` opened for binary reading if it is a regular file. FileNotFoundError passes
    through (callers word "missing" for what they read); anything else that is not a readable
    regular file raises DosrulesError at ``where`` with ``fix``; ``kind`` names what was expected."""
    try:  # O_NONBLOCK: opening a FIFO must not wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except ValueError:  # a NUL in the name
        raise DosrulesError("the path holds a NUL character", where=where, fix=fix) from None
    except OSError as err:
        what = {errno.ELOOP: "the path is a symbolic link that loops",
                errno.ENAMETOOLONG: "the path is too long for the file system",
                errno.EISDIR: f"this is a folder, not a {kind}"}.get(err.errno, f"cannot read the file: {err.strerror}")
        raise DosrulesError(what, where=where, fix=fix) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = (f"this is a folder, not a {kind}" if stat.S_ISDIR(mode) else
                "this is not a regular file (a pipe, socket or device): reading it could wait or never end")
        raise DosrulesError(what, where=where, fix=fix)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")
