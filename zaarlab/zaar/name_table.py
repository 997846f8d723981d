"""The demon's-name table: seven letters printed three times each, rows and columns with raml codes (GAP-Z07).

Revealing a letter covers its three cells with coins (ZAAR-CMD-05); three letters (nine coins) help trap the demon
(ZAAR-LVL2-02); in level 3 a throw matching a row or column code collects the coins lying there (ZAAR-LVL3-04).
Cells are (row, column); column k holds letter k.

Examples
--------
>>> table = load_name_table()
>>> table.cells_of("L2")
((0, 1), (1, 1), (2, 1))
>>> table.coins(revealed={"L1", "L2"}, taken=frozenset())
6
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.data import load, register_schema

register_schema("zaar/name_table.yaml", {"letters": [str], "rows": [str], "columns": [str]},
                check=lambda doc, fail: _check(doc, fail))


@dataclass(frozen=True)
class NameTable:
    letters: tuple[str, ...]
    rows: tuple[str, ...]       # a raml code per row
    columns: tuple[str, ...]    # a raml code per column

    def cells_of(self, letter: str) -> tuple[tuple[int, int], ...]:
        col = self.letters.index(letter)
        return tuple((row, col) for row in range(len(self.rows)))

    def covered(self, revealed, taken: frozenset) -> frozenset[tuple[int, int]]:
        """The cells with a coin: the revealed letters' cells, less those whose row or column was taken."""
        return frozenset(cell for letter in revealed for cell in self.cells_of(letter) if cell not in taken)

    def coins(self, revealed, taken: frozenset) -> int:
        return len(self.covered(revealed, taken))

    def lines(self) -> tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...]:
        """Every row and column: (name, code, its cells)."""
        rows = tuple((f"row {r + 1}", code, tuple((r, c) for c in range(len(self.columns))))
                     for r, code in enumerate(self.rows))
        cols = tuple((f"column {c + 1}", code, tuple((r, c) for r in range(len(self.rows))))
                     for c, code in enumerate(self.columns))
        return rows + cols


@cache
def load_name_table(data_dir=None) -> NameTable:
    doc = load("zaar/name_table.yaml", data_dir)
    return NameTable(tuple(doc["letters"]), tuple(doc["rows"]), tuple(doc["columns"]))


def _check(doc: dict, fail) -> None:
    if len(doc["letters"]) < 7 or len(set(doc["letters"])) != len(doc["letters"]):
        fail("letters", "seven or more distinct letters: missions ask for a sixth and a seventh (ZAAR-MISSION-10, -11)")
    if len(doc["columns"]) != len(doc["letters"]) or len(doc["rows"]) != 3:
        fail("rows", "three rows (each letter printed three times) and one column per letter (ZAAR-CMD-05)")
    codes = doc["rows"] + doc["columns"]
    if len(set(codes)) != len(codes) or any(len(c) != 3 or not set(c) <= set("0123") for c in codes):
        fail("columns", "every row and column has its own three-digit code of raml numbers 0-3 (GAP-Z07)")
