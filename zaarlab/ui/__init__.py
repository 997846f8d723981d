"""Widget plumbing every game's views share: the panel base and helpers (:mod:`~zaarlab.ui.panel`), controls that
never fail silently (:mod:`~zaarlab.ui.controls`), the theme, the card board, dice tray, chart clicks, downloads, and
the table frame a game's table is a view of (:mod:`~zaarlab.ui.table`).

Nothing here imports a game: a game's widgets import these. Importing the package loads nothing, so a pure figure
can take :mod:`zaarlab.ui.theme` without ipywidgets.
"""
