"""Sphinx configuration of zaarlab's documentation site (``make docs`` builds it into ``docs/_build/html``).

Offline at build and view time: the theme's assets, plotly.js and the notebooks' outputs all ship in the site.
The notebooks are rendered from their committed outputs, never executed here.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import zaarlab  # noqa: E402

project = "zaarlab"
author = "the zaarlab team"
copyright = "2026, the zaarlab team"
release = version = zaarlab.__version__

extensions = [
    "myst_nb",
    "numpydoc",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",  # [source] beside every documented object, the code at its lines
    "sphinx_copybutton",
    "zaarlab_docs",
]
exclude_patterns = ["_build", "rules/zaar.md", "rules/zargos.md", "rules/zerzura.md", "rules/zogars_gaze.md",
                    "**.ipynb_checkpoints"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}  # .rst first: autosummary writes it

# Notebooks: shown as committed, never executed; widgets have no saved state, so their text stands in for them.
nb_execution_mode = "off"
nb_mime_priority_overrides = [("html", "application/vnd.plotly.v1+json", 5)]
nb_render_markdown_format = "gfm"  # outputs that print Markdown tables (odds tables): plain CommonMark has no tables
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3

# API reference
autosummary_generate = True
templates_path = ["_templates"]  # a module page: its docstring and members, then its submodules
autodoc_default_options = {"members": True, "show-inheritance": False, "ignore-module-all": True}  # each name once
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_validation_checks = set()
numpydoc_xref_param_type = False

html_theme = "pydata_sphinx_theme"
html_title = "zaarlab"
html_favicon = "_static/favicon.svg"
html_css_files = ["zaarlab-docs.css"]
html_static_path = ["_static", "_vendor"]   # _vendor/mathjax: fetched once from the npm registry
mathjax_path = "mathjax/tex-mml-chtml.js"
html_context = {"default_mode": "light"}
html_theme_options = {
    "navigation_with_keys": True,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
    "icon_links": [],
}
html_sidebars = {"**": ["sidebar-nav-bs"]}
suppress_warnings = ["mystnb.unknown_mime_type"]
