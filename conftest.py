"""pytest for the whole repository: a notebook's cells stay together on one worker when ``make test`` runs in
parallel (``-n auto --dist loadgroup``), since nbval runs them in order in one kernel; every other test is spread
over the workers one by one."""

import pytest


def pytest_itemcollected(item):
    if item.path.suffix == ".ipynb":  # marked as collected, before xdist reads the groups
        item.add_marker(pytest.mark.xdist_group(item.path.as_posix()))
