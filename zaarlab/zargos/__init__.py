"""Zargos: the planet as a graph, exact combat odds, the game engine and its teaching tools.

Rule IDs are those of ``docs/rules/zargos.md``; the bundled map, powers and most card effects are
reconstructions (``zaarlab data check`` lists them).
"""

REGISTERS = ("board", "cards", "commands", "odds", "state")
"""The modules whose import registers the game's data schemas, CLI commands and Game class
(:func:`zaarlab.core.catalogue.import_game_packages`); importing the package itself loads nothing, so a command
loads only what it uses."""
