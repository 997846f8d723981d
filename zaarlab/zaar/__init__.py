"""Zaar: the hex mansion, door-matching placement, the door graph, movement and missions.

Rule IDs are those of ``docs/rules/zaar.md``; the room and event lists and the cloth are reconstructions
(``zaarlab data check`` lists them).
"""

from . import astrolabe, cards, commands, name_table, raml, state  # noqa: F401  schemas, CLI, the game
