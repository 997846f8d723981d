"""The engine every game stands on: the state API, exact distributions, dice, Markov chains, hex grids,
data loading and game drivers. Each name below is documented in its own module."""

from .analysis import expected_returns, outcome_dist, uniform_policy
from .api import CHANCE, TERMINAL, IllegalActionError, register_game
from .chains import AbsorbingChain, absorption_dist
from .dice import ordered_dist, pool_dist, reroll_dist, sum_dist
from .dist import Dist

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AbsorbingChain",
    "Dist",
    "IllegalActionError",
    "absorption_dist",
    "expected_returns",
    "outcome_dist",
    "ordered_dist",
    "pool_dist",
    "register_game",
    "reroll_dist",
    "sum_dist",
    "uniform_policy",
]
