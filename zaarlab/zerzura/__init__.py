"""Zerzura: the scoring engine with Guards, Mages, Sultan, Sultana and Command tiles, the round engine, market odds.

Rule IDs are those of ``docs/rules/zerzura.md``; the Goods list and the point scales beyond Quantity 3 are
reconstructions (``zaarlab data check`` lists them, cell by cell).
"""

REGISTERS = ("cards", "commands", "state")
"""The modules whose import registers the game's data schemas, CLI commands and Game class
(:func:`zaarlab.core.catalogue.import_game_packages`); importing the package itself loads nothing, so a command
loads only what it uses."""

GUARD_USES = ("optional", "mandatory")
"""How Guards are used (AMB-R06): a Guard "allows" a shift and may stay unused (the default), or every Guard must
shift. Here, not in :mod:`zaarlab.zerzura.cards`, so that the command line can offer it without loading data."""
