"""Reading a file a user hands over (a data file, a score file, a mansion, a saved game, a test file), with bounded
work: only a regular file is read (a named pipe would wait forever for a writer, ``/dev/zero`` never ends), and at
most ``limit`` bytes of it.

Every refusal is a :class:`FileRefused` (a ``ValueError``) whose message names the file and the problem.

>>> read_text("/dev/zero", 100, "a score file")
Traceback (most recent call last):
...
zaarlab.core.files.FileRefused: /dev/zero: not a regular file (a character device): zaarlab reads only files
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(ValueError):
    """A file zaarlab will not read; ``problem`` says why, the message names the file too."""

    def __init__(self, path: str | Path, problem: str):
        super().__init__(f"{path}: {problem}")
        self.problem = problem


def read_bytes(path: str | Path, limit: int, kind: str) -> bytes:
    """The bytes of the regular file ``path``, refused past ``limit`` bytes (``kind`` names the limit: "a data
    file")."""
    try:  # without waiting: opening a named pipe for reading waits for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise FileRefused(path, f"cannot read: {error.strerror or error}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = next((name for test, name in _KINDS if test(mode)), "not a file")
        raise FileRefused(path, f"not a regular file ({what}): zaarlab reads only files")
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read(limit + 1)
        except OSError as error:
            raise FileRefused(path, f"cannot read: {error.strerror or error}") from None
    if len(raw) > limit:
        raise FileRefused(path, f"larger than {limit:,} bytes, the limit for {kind}")
    return raw


def read_text(path: str | Path, limit: int, kind: str) -> str:
    """:func:`read_bytes` as UTF-8 text."""
    raw = read_bytes(path, limit, kind)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileRefused(path, f"not UTF-8 text (byte {error.start})") from None
