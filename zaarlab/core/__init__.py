"""The engine every game stands on: the state API, exact distributions, dice, Markov chains, hex grids,
data loading and game drivers. Each name below is documented in its own module.

The names load with their module on first use (``from zaarlab.core import Dist``), so importing one part of the
core, say :mod:`zaarlab.core.data`, does not import the rest.
"""

import importlib

_WHERE = {
    "expected_returns": "analysis", "outcome_dist": "analysis", "uniform_policy": "analysis",
    "CHANCE": "api", "TERMINAL": "api", "IllegalActionError": "api", "register_game": "api",
    "AbsorbingChain": "chains", "absorption_dist": "chains",
    "ordered_dist": "dice", "pool_dist": "dice", "reroll_dist": "dice", "sum_dist": "dice",
    "Dist": "dist",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
