"""Zogar's Gaze: exact combat and deck odds, a hold advisor, the game engine and its teaching tools.

Rule IDs are those of ``docs/rules/zogars_gaze.md``; the bundled card lists, races and classes are
reconstructions (``zaarlab data check`` lists them).
"""

from . import cards, commands, odds, state  # noqa: F401  registers the data schemas, CLI commands and the game
