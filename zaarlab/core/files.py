"""Reading a file a user hands over (a data file, a score file, a mansion, a saved game, a test file), with bounded
work: only a regular file is read (a named pipe would wait forever for a writer, ``/dev/zero`` never ends), and at
most ``limit`` bytes of it; and writing one (a saved game, a page), whole or not at all.

Every refusal is a :class:`FileRefused` (a ``ValueError``) whose message names the file and the problem.

>>> read_text("/dev/zero", 100, "a score file")
Traceback (most recent call last):
...
zaarlab.core.files.FileRefused: /dev/zero: not a regular file (a character device): zaarlab reads only files
"""

from __future__ import annotations

import os
import stat
import tempfile
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
        raise FileRefused(path, f"not a regular file ({_kind(mode)}): zaarlab reads only files")
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read(limit + 1)
        except OSError as error:
            raise FileRefused(path, f"cannot read: {error.strerror or error}") from None
    if len(raw) > limit:
        raise FileRefused(path, f"larger than {limit:,} bytes, the limit for {kind}")
    return raw


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def check_writable(path: str | Path) -> None:
    """Refuse, before any work is done, a ``path`` that :func:`write_text` would refuse: one that is there and is no
    regular file (a folder, a named pipe, a device: writing to a pipe waits for a reader), or whose folder is not.

    >>> check_writable("/dev/null")
    Traceback (most recent call last):
    ...
    zaarlab.core.files.FileRefused: /dev/null: not a regular file (a character device): zaarlab writes only files
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise FileRefused(path, f"cannot be written: {error.strerror or error}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise FileRefused(path, f"not a regular file ({_kind(mode)}): zaarlab writes only files")
    folder = Path(path).parent
    if not folder.is_dir():
        raise FileRefused(path, f"its folder {str(folder)!r} does not exist")


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to the file ``path``, whole or not at all: refused as :func:`check_writable` says, it
    goes to a new file beside it, which then takes the name (a half-written file never replaces a good one)."""
    check_writable(path)
    target = Path(path)
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".part", delete=False) as part:
            part.write(text)
        os.chmod(part.name, 0o666 & ~_umask())  # as an ordinary new file (a temporary file is its owner's alone)
        os.replace(part.name, target)
    except OSError as error:
        if "part" in locals():
            Path(part.name).unlink(missing_ok=True)
        raise FileRefused(path, f"cannot be written: {error.strerror or error}") from None


def _umask() -> int:
    mask = os.umask(0o022)  # read by setting it: the command line's own process, where nothing else runs
    os.umask(mask)
    return mask


def read_text(path: str | Path, limit: int, kind: str) -> str:
    """:func:`read_bytes` as UTF-8 text."""
    raw = read_bytes(path, limit, kind)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileRefused(path, f"not UTF-8 text (byte {error.start})") from None
