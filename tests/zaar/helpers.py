"""Build Zaar mansions for tests: place a room at a cell in the first rotation that fits."""

from zaarlab.core.hexgrid import Hex
from zaarlab.zaar.board import Mansion


def grow(mansion: Mansion, *placements) -> Mansion:
    """Place each (room, (q, r)) in turn, in the first rotation the rules allow."""
    for room, (q, r) in placements:
        cell = Hex(q, r)
        fits = [k for c, k in mansion.legal_placements(room) if c == cell]
        assert fits, f"{room} does not fit at {cell}"
        mansion = mansion.place(room, cell, fits[0])
    return mansion
