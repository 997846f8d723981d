"""The classroom server's kernels: Voila's pre-heated pool and idle culling made to work together, and each kernel
under a ceiling.

A pre-heated kernel runs its notebook when the server starts and may then wait in the pool for a long time. Voila
keeps the culler away from it while it waits, but not once it is handed to a student: its idle clock still counts
from the start of the server, and if the culler looks before the student's page has connected, the kernel is
freed under the page (which then never renders). Here a kernel's idle clock restarts the first time the culler
sees it outside the pool, so a page always has the whole idle time to connect.
"""

from __future__ import annotations

import sys

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int

from zaarlab.core.ceiling import ANSWER_LIMIT, KERNEL_MEGABYTES


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Culls a kernel only once it has been idle, without a page, for the whole timeout since it was handed out."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handed_out: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._handed_out:  # first seen outside the pool: its page may still be loading
            self._handed_out.add(kernel_id)
            kernel = self._kernels[kernel_id]
            if hasattr(kernel, "last_activity"):
                kernel.last_activity = max(kernel.last_activity, utcnow())
            return
        await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self._kernels:
            self._handed_out.discard(kernel_id)


class CeilingKernelSpecs(KernelSpecManager):
    """The kernels' specs, each started under a ceiling (:mod:`zaarlab.core.ceiling`)."""

    megabytes = Int(KERNEL_MEGABYTES, config=True, help="a kernel's data, at most")
    seconds = Float(ANSWER_LIMIT, config=True, help="a control's answer, at most, before it is stopped")

    def get_kernel_spec(self, kernel_name: str, *args, **kwargs):
        spec = super().get_kernel_spec(kernel_name, *args, **kwargs)
        kernel = list(spec.argv)
        if kernel and kernel[0] in ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}"):
            kernel[0] = sys.executable  # as Jupyter starts a "python" kernel: with this server's Python
        spec.argv = [sys.executable, "-m", "zaarlab.core.ceiling", str(self.megabytes), str(self.seconds), "--",
                     *kernel]
        return spec
