"""zaarlab: engines, exact odds and teaching notebooks for Zaar, Zogar's Gaze, Zerzura and Zargos.

Conventions that hold everywhere in the package:

- **Exact.** Probabilities are exact: integer weights inside (:class:`zaarlab.core.dist.Dist`),
  ``sympy.Rational`` at the boundary. Floats appear only on screen.
- **Immutable.** Game states and actions are frozen; ``state.apply(action)`` returns a new state.
- **Rules by ID.** Every rule is named by its stable ID (``ZARGOS-COMBAT-02``, listed in ``docs/rules/``);
  an illegal action raises :class:`zaarlab.core.api.IllegalActionError` naming the rule it breaks.
- **Data with provenance.** Every data file says whether it comes from a rulebook, a public source, or is
  reconstructed; a user's own files (``$ZAARLAB_DATA``) override the bundled ones.

The package imports nothing heavy on ``import zaarlab``; the engine lives in :mod:`zaarlab.core`, each
game in its own subpackage.
"""

__version__ = "0.1.0"
GAME_PACKAGES = ("zaarlab.zargos", "zaarlab.zogars_gaze", "zaarlab.zerzura", "zaarlab.zaar")
"""The game subpackages; each lists the modules that register its game, data and commands (``REGISTERS``)."""
__all__ = ["GAME_PACKAGES", "__version__"]
