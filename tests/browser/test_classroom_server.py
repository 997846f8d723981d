"""The classroom server: its first page lists the dashboards by title and opens them; a small class of simulated
students is served (every page renders and answers its slider) and their kernels are freed when they leave."""

import json
import subprocess
import sys

import pytest

from zaarlab.classroom.launch import dashboards

pytestmark = pytest.mark.browser


def test_the_first_page_lists_the_dashboards_by_title_and_opens_them(voila_classroom, page):
    """The server's address leads to a plain page (it once took a pre-heated kernel: with few kept ready, the second
    visit within a minute waited a minute), the dashboards by title, each opening in a tab of its own."""
    from playwright.sync_api import expect

    page.goto(f"{voila_classroom}/", wait_until="domcontentloaded")
    expect(page).to_have_url(f"{voila_classroom}/voila/files/index.html", timeout=30_000)
    html = page.content()
    assert "kernelId" not in html and "<script" not in html  # no kernel behind it, nothing run
    links = page.locator("li a")
    expect(links).to_have_count(len(dashboards()), timeout=90_000)
    for i, board in enumerate(dashboards()):
        expect(links.nth(i)).to_have_text(board.title)
        expect(page.locator("li").nth(i)).to_contain_text(board.summary)
    links.nth(0).click()
    expect(page.get_by_text("P(sum of 3d6").first).to_be_visible(timeout=90_000)


@pytest.mark.xdist_group("classroom-load")
def test_a_small_class_is_served_and_its_kernels_freed_when_it_leaves():
    done = subprocess.run([sys.executable, "-m", "tests.classroom_load", "--students", "4", "--browsers", "2",
                           "--seconds", "8", "--pool", "1", "--idle", "20", "--warm", "180", "--json"],
                          capture_output=True, text=True, timeout=600, check=True)  # its own event loop
    figures = json.loads(done.stdout.splitlines()[-1])
    for kind in ("browser", "wire"):  # two students in Chromium, two speaking the page's protocol
        timings = figures[kind]
        assert timings["failed"] == 0 and len(timings["renders"]) == 2, timings["errors"]
        assert timings["trips"] and max(timings["trips"]) < 10  # every slider answered
    assert figures["kernels"]["freed"] >= 4  # each student's kernel (taken from the pool) ended after they left,
    assert figures["kernels"]["after"] == figures["kernels"]["pool"]  # and the pool was filled again
    assert figures["memory"]["after"] < figures["memory"]["before"] * 1.1
