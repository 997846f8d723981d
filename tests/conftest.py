"""Every test starts with a page of its own: the answers a test checks on the module-level page
(``zaarlab.teaching.answers.THIS_PAGE``, one per kernel in a classroom) would otherwise be another test's "earlier
answers"; and what a test asks to be told of the matches that end (``zaarlab.core.match.ENDINGS``) is forgotten after
it."""

import pytest

from zaarlab.core.match import ENDINGS
from zaarlab.teaching.answers import PageAnswers


@pytest.fixture(autouse=True)
def a_page_of_its_own(monkeypatch):
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.teaching.answers.THIS_PAGE", page)
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    return page


@pytest.fixture(autouse=True)
def endings_of_its_own():
    before = list(ENDINGS)
    yield
    ENDINGS[:] = before
