"""pytest for the whole repository: a notebook's cells stay together on one worker when ``make test`` runs in
parallel (``-n auto --dist loadgroup``), since nbval runs them in order in one kernel."""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(item.path.as_posix()))
