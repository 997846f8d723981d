"""Zerzura: the scoring engine with Guards, Mages, Sultan, Sultana and Command tiles, the round engine, market odds.

Rule IDs are those of ``docs/rules/zerzura.md``; the Goods list and the point scales beyond Quantity 3 are
reconstructions (``zaarlab data check`` lists them, cell by cell).
"""

from . import cards, commands, state  # noqa: F401  registers the data schemas, the CLI command and the game
