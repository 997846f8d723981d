"""The gallery (docs/gallery.md, made by docs/gallery_pictures.py): a picture of every classroom dashboard, with the
title and first sentence its notebook gives now."""

import importlib.util
from pathlib import Path

from zaarlab.classroom.launch import dashboards

ROOT = Path(__file__).resolve().parents[1]


def test_the_gallery_shows_every_dashboard_with_its_picture_and_its_notebooks_words():
    spec = importlib.util.spec_from_file_location("gallery_pictures", ROOT / "docs" / "gallery_pictures.py")
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    boards = dashboards()
    assert (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8") == gallery.page_text(boards)
    for board in boards:
        picture = ROOT / "docs" / "_static" / "gallery" / f"{board.name}.jpg"
        assert picture.read_bytes()[:3] == b"\xff\xd8\xff" and picture.stat().st_size > 20_000, board.name
