"""zaarlab: engines, exact odds and teaching notebooks for Zaar, Zogar's Gaze, Zerzura and Zargos.

Conventions that hold everywhere in the package:

- **Exact.** Probabilities are exact: integer weights inside (:class:`zaarlab.core.dist.Dist`),
  ``sympy.Rational`` at the boundary. Floats appear only on screen.
- **Immutable.** Game states and actions are frozen; ``state.apply(action)`` returns a new state.
- **Rules by ID.** Every rule is named by its stable ID (``ZARGOS-COMBAT-02``, listed in ``docs/rules/``);
  an illegal action raises :class:`zaarlab.core.api.IllegalActionError` naming the rule it breaks.
- **Data with provenance.** Every data file says whether it comes from a rulebook, a public source, or is
  reconstructed; a user's own files (``$ZAARLAB_DATA``) override the bundled ones.

The package imports nothing heavy on ``import zaarlab``. Its folders are layers, each importing only from those
below it: :mod:`zaarlab.core` (the engine, the match model, the registries), then :mod:`zaarlab.ui`,
:mod:`zaarlab.teaching`, :mod:`zaarlab.tournaments` and :mod:`zaarlab.classroom`, then one subpackage per game,
and at the top only what gathers the games (:mod:`zaarlab.lessons`, :mod:`zaarlab.explainers`, :mod:`zaarlab.cli`).
"""

__version__ = "0.1.0"
GAME_PACKAGES = ("zaarlab.zargos", "zaarlab.zogars_gaze", "zaarlab.zerzura", "zaarlab.zaar")
"""The game subpackages; each lists the modules that register its game, data and commands (``REGISTERS``)."""
__all__ = ["GAME_PACKAGES", "__version__"]
