"""Zaar: the hex mansion, door-matching placement, the door graph, movement and missions.

Rule IDs are those of ``docs/rules/zaar.md``; the room and event lists and the cloth are reconstructions
(``zaarlab data check`` lists them).
"""

REGISTERS = ("astrolabe", "cards", "commands", "name_table", "raml", "state")
"""The modules whose import registers the game's data schemas, CLI commands and Game class
(:func:`zaarlab.core.catalogue.import_game_packages`); importing the package itself loads nothing, so a command
loads only what it uses."""
