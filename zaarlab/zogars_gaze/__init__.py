"""Zogar's Gaze: exact combat and deck odds, a hold advisor, the game engine and its teaching tools.

Rule IDs are those of ``docs/rules/zogars_gaze.md``; the bundled card lists, races and classes are
reconstructions (``zaarlab data check`` lists them).
"""

REGISTERS = ("cards", "commands", "odds", "state")
"""The modules whose import registers the game's data schemas, CLI commands and Game class
(:func:`zaarlab.core.catalogue.import_game_packages`); importing the package itself loads nothing, so a command
loads only what it uses."""
