"""The registry of the ``zaarlab`` command's game commands: each game's ``commands`` module registers its
``zaarlab odds NAME`` and ``zaarlab score NAME`` here when imported, and :mod:`zaarlab.cli` builds its parser from it.

It lives in the core so that a game registers without importing the command line above it.

>>> import argparse
>>> register_odds("example-coin", "a fair coin", lambda parser: None, lambda args: ("1/2", {"heads": "1/2"}))
>>> ODDS_COMMANDS.pop("example-coin").run(argparse.Namespace())
('1/2', {'heads': '1/2'})
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OddsCommand:
    """One ``zaarlab odds NAME`` command: its help, its arguments, and ``run(args) -> (text, json_data)``."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], tuple[str, dict[str, Any]]]


ODDS_COMMANDS: dict[str, OddsCommand] = {}


SCORE_COMMANDS: dict[str, OddsCommand] = {}


def register_odds(name: str, help: str, add_arguments: Callable[[argparse.ArgumentParser], None],
                  run: Callable[[argparse.Namespace], tuple[str, dict[str, Any]]]) -> None:
    """Add ``zaarlab odds NAME`` (games call this when imported)."""
    ODDS_COMMANDS[name] = OddsCommand(help, add_arguments, run)


def register_score(name: str, help: str, add_arguments: Callable[[argparse.ArgumentParser], None],
                   run: Callable[[argparse.Namespace], tuple[str, dict[str, Any]]]) -> None:
    """Add ``zaarlab score NAME``: a game's final score of a position or a player's cards."""
    SCORE_COMMANDS[name] = OddsCommand(help, add_arguments, run)
