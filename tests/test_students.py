"""A class's students (``zaarlab.classroom.students``): rosters read or refused by line, codes, signed cookies, the
sign-ins that hold a name, a class's folder kept across restarts, and the launcher's options for a class."""

import re

import pytest

from zaarlab.classroom import launch
from zaarlab.classroom.students import CODE_LENGTH, CODE_LETTERS, Class, Signer, SignIns, read_roster


@pytest.mark.parametrize(("text", "problem"), [
    ("", "roster.txt: no name in it"),
    ("Ada\n\nADA\n", "roster.txt: line 3: 'ADA' is on the roster twice (line 1)"),
    ("name,code\nAda,K7Q\n", "roster.txt: line 2: the code 'K7Q' is not 4 to 12 of"),
    ("name,code\nAda,O0O0O0\n", "the code 'O0O0O0' is not 4 to 12 of"),  # letters a sheet would confuse
    ("x" * 41 + "\n", "roster.txt: line 1: a name is 1 to 40 printable characters"),
    ("Ada\tLovelace\n", "roster.txt: line 1: a name is 1 to 40 printable characters"),
    ("\n".join(f"student {n}" for n in range(301)), "301 names, more than a class of 300"),
])
def test_a_roster_that_cannot_be_a_class_is_refused_naming_the_line(text, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        read_roster(text, "roster.txt")


def test_a_roster_gives_every_student_a_code_of_their_own_and_keeps_codes_given():
    roster = read_roster("name,code\nAda,abcd23\nBo,\nCy\n", "class.csv")
    assert [s.name for s in roster] == ["Ada", "Bo", "Cy"] and roster[0].code == "ABCD23"
    assert all(len(s.code) == CODE_LENGTH and set(s.code) <= set(CODE_LETTERS) for s in roster[1:])
    assert roster[1].code != roster[2].code


def test_a_cookie_reads_only_with_the_secret_that_signed_it():
    signer = Signer(b"secret")
    token = signer.sign("Ada | the first", "device|1")  # a name or device with the separator in it
    assert signer.read(token) == ("Ada | the first", "device|1")
    assert Signer(b"other").read(token) is None and signer.read("not.a token") is None and signer.read("") is None


def test_a_name_is_held_by_the_devices_that_signed_in_until_released(tmp_path):
    signins = SignIns(tmp_path / "answers.sqlite")
    assert signins.claim("Ada", "phone", only=True) and signins.claim("Ada", "phone", only=True)  # the same again
    assert not signins.claim("Ada", "laptop", only=True) and signins.claim("Ada", "laptop", only=False)  # a code
    again = SignIns(tmp_path / "answers.sqlite")  # another process, the same file: the server after a restart
    assert again.holds("Ada", "phone") and again.signed_in() == ["Ada"]
    again.release("Ada")
    assert not signins.holds("Ada", "laptop") and signins.signed_in() == []
    signins.page("kernel-1", "Ada")
    signins.close()
    again.close()


def test_a_class_folder_keeps_its_secret_key_and_roster_private(tmp_path):
    kept = Class(tmp_path / "7b", roster=read_roster("Ada\n", "r.txt"))
    assert {p.name: p.stat().st_mode & 0o777 for p in (tmp_path / "7b").iterdir()} == {
        "secret": 0o600, "key": 0o600, "roster.csv": 0o600}
    assert Class(tmp_path / "7b").roster == kept.roster


def test_the_launcher_makes_a_class_from_its_options(tmp_path, capsys):
    parser = launch.argparse.ArgumentParser(prog="zaarlab classroom")
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada\nBo\n")
    options = launch.argparse.Namespace(class_name="7b", class_folder=None, runs=tmp_path / "runs", roster=roster)
    kept = launch._class(parser, options)
    assert kept.folder == tmp_path / "runs" / "7b" and [s.name for s in kept.roster] == ["Ada", "Bo"]
    assert launch._class(parser, launch.argparse.Namespace(class_name=None, class_folder=None, runs=tmp_path,
                                                           roster=None)) is None
    for wrong, problem in ((dict(class_name=None, roster=roster), "--roster goes with --class"),
                           (dict(class_name="7b", class_folder=tmp_path), "--class or --class-folder, not both"),
                           (dict(class_name="7c", roster=tmp_path / "missing.txt"), "missing.txt")):
        with pytest.raises(SystemExit):
            launch._class(parser, launch.argparse.Namespace(**{"class_folder": None, "runs": tmp_path, **wrong}))
        assert problem in capsys.readouterr().err
    with pytest.raises(launch.argparse.ArgumentTypeError, match="a class's name is 1 to 40"):
        launch._class_name("../7b")
