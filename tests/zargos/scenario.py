"""Build Zargos positions directly, for rule tests: four players, one people each, powers off by default."""

from dataclasses import replace

from zaarlab.zargos.cards import magic_deck
from zaarlab.zargos.state import ZargosGame, ZargosState

PEOPLES = ("knights", "spiders", "amazons", "monks")
GAME = ZargosGame(players=4, powers="none")
POWERS_GAME = ZargosGame(players=4)


def position(board: dict, phase: str = "attack", game: ZargosGame = GAME, **fields) -> ZargosState:
    """A turn-1 position: ``board`` maps province -> (people, units); the knights act unless ``seat`` says."""
    base = ZargosState(
        game=game, phase=phase, turn=1, peoples=PEOPLES, owners=(0, 1, 2, 3), seats=PEOPLES,
        board=tuple(sorted((p, people, units) for p, (people, units) in board.items())),
        boats=(0, 0, 0, 0), hands=((), (), (), ()), deck=tuple(sorted(magic_deck())),
    )
    return replace(base, **fields)


