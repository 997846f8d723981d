"""Build Zogar's Gaze positions directly, for rule tests: cards dealt, market up, player 1 to play."""

from dataclasses import replace

from zaarlab.zogars_gaze.state import ZogarGame, ZogarState
from zaarlab.zogars_gaze.turns import add, remove

GAME = ZogarGame(players=3)
RACES = ("dwarf", "elf", "orc", "man_of_norcia", "lurker")
CLASSES = ("wizard", "ranger", "slayer", "thief", "knight")
MARKET_UP = ("lucky_charm", "rope")


def table(game: ZogarGame = GAME, phase: str = "market", **fields) -> ZogarState:
    """Turn 1 of player 1 (index 0): races and classes dealt, ``lucky_charm`` and ``rope`` face up in the market."""
    n = game.players
    state = game.initial_state()
    market = state.market_deck
    for card in MARKET_UP:
        market = remove(market, card)
    state = replace(state, phase=phase, turn=1, races=RACES[:n], classes=CLASSES[:n], market_up=MARKET_UP,
                    market_deck=market)
    return replace(state, **fields)


def give(state: ZogarState, player: int, *cards: str, where: str = "hands") -> ZogarState:
    """Move ``cards`` out of the decks to ``player``'s hand (or to ``where``: carried, found, a trap...)."""
    dungeon, market = state.dungeon, state.market_deck
    for card in cards:
        if card in dungeon:
            dungeon = remove(dungeon, card)
        else:
            market = remove(market, card)
    state = replace(state, dungeon=dungeon, market_deck=market)
    if where == "hands":
        hands = list(state.hands)
        hands[player] = add(hands[player], *cards)
        return replace(state, hands=tuple(hands))
    if where == "traps":
        traps = list(state.traps)
        traps[player] = cards[0]
        return replace(state, traps=tuple(traps))
    return replace(state, **{where: add(getattr(state, where), *cards)})


def delving(game: ZogarGame = GAME, carried=(), found=(), drawable: int = 50, **fields) -> ZogarState:
    """Player 1 in the dungeon, a card already turned, ``carried`` and ``found`` with them."""
    state = table(game, phase="delve", flipped=1, drawable=drawable, **fields)
    state = give(state, 0, *carried, where="carried") if carried else state
    return give(state, 0, *found, where="found") if found else state


