"""The classroom server's command and first page, without starting it: the first page is a plain file kept up to
date with the dashboards, the lesson's dashboard gets a page ready for every student."""

import json

import pytest

from zaarlab.classroom import FOLDER, dashboards, index_page, main, voila_command


def test_the_first_page_is_up_to_date_with_the_dashboards():
    """``notebooks/classroom/index.html`` is what :func:`index_page` makes of the notebooks now (write it anew with
    ``python -c "from zaarlab.classroom import *; (FOLDER / 'index.html').write_text(index_page())"``)."""
    assert (FOLDER / "index.html").read_text(encoding="utf-8") == index_page()
    for board in dashboards():
        assert f'href="../render/{board.name}.ipynb"' in index_page()


def test_the_server_serves_the_first_page_as_a_file_and_only_it():
    allow = next(arg for arg in voila_command("127.0.0.1", 8866, 2) if "file_allowlist" in arg)
    assert json.loads(allow.split("=", 1)[1]) == [r"index\.html"]


def test_the_lessons_dashboard_keeps_a_page_ready_for_every_student():
    pools = next(arg for arg in voila_command("0.0.0.0", 8866, 2, lesson="zargos_battle", class_size=28)
                 if "kernel_pools_config" in arg)
    assert json.loads(pools.split("=", 1)[1]) == {"default": {"pool_size": 2},
                                                   "zargos_battle.ipynb": {"pool_size": 28}}
    assert not any("kernel_pools_config" in arg for arg in voila_command("0.0.0.0", 8866, 2))


def test_a_lesson_that_is_no_dashboard_is_refused_by_name(capsys):
    with pytest.raises(SystemExit):
        main(["--lesson", "zargos"])
    assert "invalid choice: 'zargos'" in capsys.readouterr().err


def test_a_second_server_on_a_taken_port_stops_before_printing_an_address(capsys):
    """Voila moved to the next free port while the address and QR code printed for the class named the taken one."""
    import socket

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            main(["--host", "127.0.0.1", "--port", str(port)])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == ""  # no address printed
    assert f"port {port} of 127.0.0.1 is not free" in err and "PORT=" in err
    assert "--Voila.port_retries=0" in voila_command("127.0.0.1", port, 1)  # nor moved by Voila, if taken later
