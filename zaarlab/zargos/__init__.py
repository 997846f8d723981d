"""Zargos: the planet as a graph, exact combat odds, the game engine and its teaching tools.

Rule IDs are those of ``docs/rules/zargos.md``; the bundled map, powers and most card effects are
reconstructions (``zaarlab data check`` lists them).
"""

from . import board, cards, commands, odds, state  # noqa: F401  registers schemas, CLI commands and the game
