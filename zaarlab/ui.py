"""Small helpers shared by every game's widgets."""

from __future__ import annotations

import html
import json

import ipywidgets as widgets
import plotly.graph_objects as go

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def show_figure(output: widgets.Output, figure: go.Figure) -> None:
    """Replace what ``output`` shows with ``figure``, rendered by plotly's mimetype renderer.

    The output is written as data, not printed inside ``with output:``, so it behaves the same in
    JupyterLab, Voila, nbval and a plain test (where ``display`` has no kernel to talk to).

    >>> out = widgets.Output()
    >>> show_figure(out, go.Figure(go.Bar(x=[1], y=[2])))
    >>> out.outputs[0]["data"][PLOTLY_MIME]["data"][0]["y"]
    [2]
    """
    bundle = {PLOTLY_MIME: json.loads(figure.to_json()), "text/plain": f"<plotly figure: {_title(figure)}>"}
    output.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def _title(figure: go.Figure) -> str:
    return figure.layout.title.text or "untitled"


def as_html(text: str) -> str:
    """Plain text for an ``ipywidgets.HTML``: escaped, lines kept.

    >>> as_html("P(a < b) = 1/2")
    '<pre style="margin: 0">P(a &lt; b) = 1/2</pre>'
    """
    return f'<pre style="margin: 0">{html.escape(text)}</pre>'
