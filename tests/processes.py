"""The servers and browsers that tests and benchmarks start: free loopback ports, a Jupyter home of their own,
process trees with their memory and CPU time, waiting until they are quiet, stopping them; Chromium's flags.

Linux only (it reads ``/proc``), as the browser tests and the load test are.

>>> 1024 <= free_port() < 65536
True
>>> import os
>>> os.getpid() in tree(os.getpid()), cpu_seconds(os.getpid()) > 0
(True, True)
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")  # Debian's
# Headless, as root, and quiet: without the background-networking flags Chromium calls Google's hosts at start.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_home(folder: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with Jupyter's config, data and runtime and IPython's folder in ``folder``:
    nothing of the user's is read."""
    return {**(os.environ if env is None else env), "JUPYTER_CONFIG_DIR": str(folder / "config"),
            "JUPYTER_DATA_DIR": str(folder / "data"), "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
            "IPYTHONDIR": str(folder / "ipython")}


def tree(pid: int) -> list[int]:
    """``pid`` and every process under it (those that end meanwhile left out)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return []
    return [pid, *(p for child in children for p in tree(int(child)))]


def megabytes(pid: int) -> float:
    """The resident memory of ``pid`` and every process under it."""
    total = 0
    for p in tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


def own_cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU time of ``pid`` (and with ``children``, of its children that have ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by ``pid`` and every process under it, those that have ended included."""
    return sum(own_cpu_seconds(p, children=True) for p in tree(pid))


def settle(pid: int, deadline: float) -> None:
    """Wait (until the ``time.monotonic()`` ``deadline`` at most) until ``pid`` and the processes under it are quiet:
    under a tenth of a core over two seconds."""
    used = cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(2)
        used, before = cpu_seconds(pid), used
        if used - before < 0.2:
            return


def kernels(pid: int) -> set[int]:
    """The Jupyter kernels under the server ``pid``, by process id."""
    found = set()
    for p in tree(pid)[1:]:
        try:
            if b"ipykernel" in Path(f"/proc/{p}/cmdline").read_bytes():
                found.add(p)
        except FileNotFoundError:
            pass
    return found


def listening(port: int) -> int:
    """The process started as ``python -m ... --port=<port>`` (a server that ``python -m zaarlab.classroom`` or a
    test started and that replaced itself with another program)."""
    for proc in Path("/proc").iterdir():
        try:
            line = (proc / "cmdline").read_bytes()
        except (FileNotFoundError, NotADirectoryError, PermissionError):
            continue
        if b"-m\0" in line and f"--port={port}\0".encode() in line:
            return int(proc.name)
    raise LookupError(f"no server process on port {port}")


def stop(process: subprocess.Popen, grace: float = 20) -> None:
    """Ask ``process`` to end (SIGTERM, as Ctrl-C would, so a server frees its kernels), then kill it after
    ``grace`` seconds."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def serving(name: str, command: list[str], env: dict[str, str], port: int, log: Path):
    """Run a server until the block ends; yields its base URL once its port answers (its log in ``log``)."""
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited: {log.read_text()[-2000:]}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        else:
            raise RuntimeError(f"{name} did not open its port within 60 s: {log.read_text()[-2000:]}")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)
