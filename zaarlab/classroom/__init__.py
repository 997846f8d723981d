"""The class's server: Voila behind a door that checks every request (:mod:`~zaarlab.classroom.server`), kernels
under a ceiling (:mod:`~zaarlab.classroom.kernels`), and the launcher that sizes and starts it all
(:mod:`~zaarlab.classroom.launch`, run as ``python -m zaarlab.classroom``).

It sits above :mod:`zaarlab.teaching` (whose answers it stores) and never imports a game: it serves the dashboards'
notebooks, and the games reach it only through them.
"""
