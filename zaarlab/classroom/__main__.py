"""``python -m zaarlab.classroom``: serve the class's dashboards (:mod:`zaarlab.classroom.launch`)."""

from zaarlab.classroom.launch import main

if __name__ == "__main__":  # run, not imported (the API reference imports every module)
    main()
