"""``python -m zaarlab.classroom``: serve the class's dashboards (:mod:`zaarlab.classroom.launch`)."""

from zaarlab.classroom.launch import main

main()
