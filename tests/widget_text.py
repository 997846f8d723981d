"""Everything a student can read in a widget, gathered without a browser: the text of its labels and HTML (less the
small print of rule IDs), the names of its controls and the options of its menus, and of each chart its title, axes,
legend, labels and hover texts."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from zaarlab.ui.theme import PLOTLY_MIME

_SMALL_PRINT = re.compile(r'<small class="zaarlab-rule"[^>]*>.*?</small>', re.S)
_TAG = re.compile(r"<[^>]+>")


def readable(markup: str) -> str:
    """The words of HTML markup as a reader sees them, rule IDs in small print left out."""
    return html.unescape(_TAG.sub(" ", _SMALL_PRINT.sub("", markup)))


def widget_texts(widget) -> list[str]:
    """The texts of ``widget`` and every widget inside it, in order."""
    texts: list[str] = []
    if isinstance(widget, widgets.HTML | widgets.HTMLMath):
        texts.append(readable(widget.value))
    elif isinstance(widget, widgets.Label):
        texts.append(widget.value)
    elif isinstance(widget, widgets.Output):
        for output in widget.outputs:
            figure = output.get("data", {}).get(PLOTLY_MIME)
            texts += figure_texts(figure) if figure else [output.get("text", "")]
    if getattr(widget, "description", ""):
        texts.append(widget.description)
    if getattr(widget, "tooltip", None):
        texts.append(widget.tooltip)
    if isinstance(widget, widgets.Dropdown | widgets.Select | widgets.SelectMultiple | widgets.ToggleButtons):
        texts += [str(label) for label in widget._options_labels]
    for child in getattr(widget, "children", ()):
        texts += widget_texts(child)
    return texts


def figure_texts(figure: dict) -> list[str]:
    """The texts of a plotly figure's JSON a reader meets: titles, axis titles and tick labels, trace names and
    text, hover data (with its template's words)."""
    texts = []
    layout = figure.get("layout", {})

    def title(part):
        value = (part or {}).get("title")
        return value.get("text", "") if isinstance(value, dict) else (value or "")

    texts.append(title(layout))
    for key, axis in layout.items():
        if key.startswith(("xaxis", "yaxis")) and isinstance(axis, dict):
            texts += [title(axis), *map(str, axis.get("ticktext", []))]
    texts += [annotation.get("text", "") for annotation in layout.get("annotations", [])]
    for trace in figure.get("data", []):
        texts.append(str(trace.get("name", "")))
        for key in ("text", "hovertext", "customdata"):
            texts += [str(v) for v in _flat(trace.get(key))]
        texts.append(re.sub(r"%\{[^}]*\}|<[^>]+>", " ", trace.get("hovertemplate", "")))
    return [t for t in texts if t]


def _flat(value):
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [v for item in value for v in _flat(item)]
    return [value]
