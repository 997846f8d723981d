"""Pages from Jinja2 templates: every HTML page zaarlab serves or writes (the classroom's door and first page, the
teacher's page) is a template in the ``page-templates`` folder of the package that owns it, rendered with autoescape
on, so a student's name or anything a browser sent is text on the page, never markup.

>>> page = render("zaarlab.classroom", "door.html.j2", kind="full", why="<script>x</script> is full")
>>> "&lt;script&gt;x&lt;/script&gt; is full" in page, "<script>" in page
(True, False)
"""

from __future__ import annotations

import time
from functools import cache

import jinja2


@cache
def environment(package: str) -> jinja2.Environment:
    """The templates of ``package`` (its ``page-templates`` folder): autoescaped, an unknown name an error, and the
    filter ``clock`` (a time in seconds since 1970 as this machine's time of day)."""
    pages = jinja2.Environment(loader=jinja2.PackageLoader(package, "page-templates"), autoescape=True,
                               undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                               keep_trailing_newline=False)
    pages.filters["clock"] = clock
    return pages


def clock(seconds: float) -> str:
    """A time (seconds since 1970) as this machine's time of day.

    >>> clock(time.mktime((2026, 12, 6, 9, 5, 7, 0, 0, -1)))
    '09:05:07'
    """
    return time.strftime("%H:%M:%S", time.localtime(seconds))


def render(package: str, template: str, /, **values: object) -> str:
    """The page ``template`` of ``package`` makes with ``values``."""
    return environment(package).get_template(template).render(**values)
