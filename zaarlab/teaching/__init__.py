"""The exercise framework (:mod:`~zaarlab.teaching.exercises`: questions drawn per student, checked exactly) and the
class's answers (:mod:`~zaarlab.teaching.answers`). Each lesson's content lives beside its game; the index of every
lesson, which aggregates the games, is :mod:`zaarlab.lessons`.

Nothing here imports a game.
"""
