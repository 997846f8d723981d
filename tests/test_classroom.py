"""The classroom server's command and first page, without starting it: the first page is a plain file kept up to
date with the dashboards, the lesson's dashboard gets a page ready for every student."""

import json

import pytest

from zaarlab.classroom.launch import FOLDER, dashboards, index_page, main, voila_command


def test_the_first_page_is_up_to_date_with_the_dashboards():
    """``notebooks/classroom/index.html`` is what :func:`index_page` makes of the notebooks now (write it anew with
    ``python -c "from zaarlab.classroom.launch import *; (FOLDER / 'index.html').write_text(index_page())"``)."""
    assert (FOLDER / "index.html").read_text(encoding="utf-8") == index_page()
    for board in dashboards():
        assert f'href="../render/{board.name}.ipynb"' in index_page()


def test_the_server_serves_the_first_page_as_a_file_and_only_it():
    allow = next(arg for arg in voila_command("127.0.0.1", 8866, 2) if "file_allowlist" in arg)
    assert json.loads(allow.split("=", 1)[1]) == [r"index\.html"]


def test_the_lessons_dashboard_keeps_a_page_ready_for_every_student():
    pools = next(arg for arg in voila_command("0.0.0.0", 8866, 2, lessons=["zargos_battle", "exercises"],
                                              class_size=28) if "kernel_pools_config" in arg)
    assert json.loads(pools.split("=", 1)[1]) == {"default": {"pool_size": 2}, "zargos_battle.ipynb": {"pool_size": 28},
                                                   "exercises.ipynb": {"pool_size": 28}}  # a lesson's every page
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


def test_a_kernel_under_its_ceiling_runs_out_of_memory_without_dying():
    """``zaarlab.core.ceiling`` limits the data of what it becomes (a kernel): an allocation past it raises
    ``MemoryError`` in that process, which goes on; the time limit is passed on to the controls."""
    import subprocess
    import sys

    program = ("import os\ntry:\n    bytearray(400 * 2**20)\nexcept MemoryError:\n    print('refused')\n"
               "bytearray(50 * 2**20)\nprint('still here', os.environ['ZAARLAB_ANSWER_SECONDS'])")
    done = subprocess.run([sys.executable, "-m", "zaarlab.core.ceiling", "250", "3", "--", sys.executable, "-c",
                           program], capture_output=True, text=True, timeout=60)
    assert done.stdout.split("\n")[:2] == ["refused", "still here 3.0"], done.stderr
    bad = subprocess.run([sys.executable, "-m", "zaarlab.core.ceiling", "250", "3", sys.executable],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "usage: python -m zaarlab.core.ceiling" in bad.stderr


def test_every_kernel_of_the_classroom_starts_under_its_ceiling():
    import sys

    from zaarlab.classroom.kernels import CeilingKernelSpecs

    specs = CeilingKernelSpecs(megabytes=300, seconds=2)
    argv = specs.get_kernel_spec("python3").argv
    assert argv[:7] == [sys.executable, "-m", "zaarlab.core.ceiling", "300", "2.0", "--", sys.executable]
    assert "{connection_file}" in argv
    command = voila_command("127.0.0.1", 8866, 2)
    assert "--VoilaConfiguration.kernel_spec_manager_class=zaarlab.classroom.kernels.CeilingKernelSpecs" in command


def test_the_ledger_frees_a_page_when_its_kernel_ends_or_it_never_connects():
    from zaarlab.classroom.server import Ledger

    ledger = Ledger(per_device=1, pages=10, hold=60)
    assert ledger.admit("a", live=set(), now=0) == ""
    assert ledger.admit("a", live=set(), now=59).startswith("This device already has 1")
    assert ledger.admit("a", live=set(), now=61) == ""  # the first never connected: it no longer counts
    assert ledger.claim("k1", seat="s", address="a", live={"k1"})
    assert ledger.admit("a", live={"k1"}, now=200).startswith("This device")  # its kernel runs: still counted
    assert ledger.admit("a", live=set(), now=200) == ""  # its kernel ended (closed tab, culled)
    ledger.unadmit("a")  # ... but that page was not served (an error): it no longer counts
    assert ledger.admit("a", live=set(), now=200) == ""
    assert not ledger.owns("k2", "s") and ledger.owner_or_none("k2", "s") and not ledger.owns("k1", "t")


def test_claims_of_kernels_that_do_not_exist_free_no_page():
    """A device at its cap once claimed six made-up kernel ids (404 each) and so freed its six waiting pages: 12 pages
    for a cap of 6, and 60 where the server allowed 20. A claim of a kernel that is not running counts nothing."""
    from zaarlab.classroom.server import Ledger

    ledger = Ledger(per_device=6, pages=20, hold=300)
    admitted = refused = 0
    for device in range(10):
        address = f"10.0.0.{device}"
        for _ in range(6):
            why = ledger.admit(address, live=set(), now=0)
            admitted, refused = admitted + (not why), refused + bool(why)
            assert not ledger.claim(f"made-up-{admitted}-{refused}", "seat", address, live=set())
    assert (admitted, refused) == (20, 40)


def test_wrong_class_codes_are_slowed_and_then_lock_the_address_out():
    from zaarlab.classroom.door import CodeTries

    tries = CodeTries()
    waits = [tries.wrong("10.0.0.7", now=second) for second in range(tries.most)]
    assert waits[:tries.free] == [0.0] * tries.free and set(waits[tries.free:]) == {tries.delay}
    assert tries.locked_for("10.0.0.7", now=tries.most) > 600  # locked out for a quarter of an hour
    assert tries.locked_for("10.0.0.8", now=tries.most) == 0  # another device is not
    assert tries.locked_for("10.0.0.7", now=tries.most + tries.lock) == 0
    tries.wrong("10.0.0.9", now=0)
    tries.forget("10.0.0.9")  # a right code forgets the wrong ones
    assert [tries.wrong("10.0.0.9", now=1) for _ in range(tries.free)] == [0.0] * tries.free


def test_the_class_code_goes_in_the_printed_address_and_a_code_is_a_word(capsys):
    from zaarlab.classroom.launch import address

    assert address("127.0.0.1", 8866, code="owl-7") == "http://127.0.0.1:8866/?code=owl-7"
    with pytest.raises(SystemExit) as stopped:
        main(["--code", "owl 7&x=<b>", "--port", "1"])
    assert stopped.value.code == 2 and "a class code is 1 to 40 letters, digits or '-'" in capsys.readouterr().err
    assert "--ClassroomVoila.code=owl-7" in voila_command("0.0.0.0", 8866, 2, code="owl-7")
