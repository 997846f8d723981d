"""The JavaScript and CSS of zaarlab's own widgets, kept as files in ``zaarlab/ui/web-assets`` (where an editor and a
linter read them) and handed to anywidget as text.

>>> "export default" in asset("die_face.js", "dice_tray.js")
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "web-assets"


@cache
def asset(*names: str) -> str:
    """The files ``names`` of ``zaarlab/ui/web-assets``, joined in order (a module's helpers first, then the module)."""
    return "".join((STATIC / name).read_text(encoding="utf-8") for name in names)
