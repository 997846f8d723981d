"""Pages from Jinja2 templates: every HTML page zaarlab serves or writes (the classroom's door and first page, the
teacher's page) is a template in the ``page-templates`` folder of the package that owns it, rendered with autoescape
on, so a student's name or anything a browser sent is text on the page, never markup.

>>> page = render("zaarlab.classroom", "door.html.j2", kind="full", why="<script>x</script> is full")
>>> "&lt;script&gt;x&lt;/script&gt; is full" in page, "<script>" in page
(True, False)
"""

from __future__ import annotations

from functools import cache

import jinja2


@cache
def environment(package: str) -> jinja2.Environment:
    """The templates of ``package`` (its ``page-templates`` folder): autoescaped, and an unknown name is an error."""
    return jinja2.Environment(loader=jinja2.PackageLoader(package, "page-templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=False)


def render(package: str, template: str, /, **values: object) -> str:
    """The page ``template`` of ``package`` makes with ``values``."""
    return environment(package).get_template(template).render(**values)
