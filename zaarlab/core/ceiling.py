"""A kernel under a ceiling: ``python -m zaarlab.core.ceiling MEGABYTES SECONDS -- KERNEL COMMAND...``.

The classroom server starts every kernel through this (:class:`zaarlab.classroom.kernels.CeilingKernelSpecs`): it
limits the process's data to ``MEGABYTES`` (past it, an allocation fails with ``MemoryError`` and the kernel goes
on serving its page), tells the dashboards' controls to stop an answer after ``SECONDS`` (``zaarlab.ui.controls``), and
becomes the kernel.
"""

from __future__ import annotations

import os
import sys

ANSWER_SECONDS = "ZAARLAB_ANSWER_SECONDS"  # read by zaarlab.ui.controls
KERNEL_MEGABYTES = 512  # a dashboard's kernel holds 150 to 220 MB of data (measured): room for its work, no more
ANSWER_LIMIT = 5.0  # seconds: the slowest answer of a dashboard takes under 0.4 s


def limit(megabytes: int, seconds: float) -> None:
    """This process and what it becomes: at most ``megabytes`` of data, answers of at most ``seconds``."""
    import resource  # POSIX only, as the classroom server

    resource.setrlimit(resource.RLIMIT_DATA, (megabytes * 2**20, megabytes * 2**20))
    os.environ[ANSWER_SECONDS] = str(seconds)


def main(argv: list[str]) -> None:
    megabytes, seconds, separator, *command = argv
    if separator != "--" or not command:
        sys.exit("usage: python -m zaarlab.core.ceiling MEGABYTES SECONDS -- KERNEL COMMAND...")
    limit(int(megabytes), float(seconds))
    os.execv(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
