"""The students of a class and how each signs in: a roster (names, each with a short code a student types) or none
(a student types a name, and the first device to claim it holds it until the teacher releases it), and the signed
cookie that says which student a browser is.

A class keeps all of it in its folder (:class:`Class`), so that a restart of the server changes nothing: the secret
that signs the cookies, the teacher's key, the roster and who signed in on which device, beside the answers.

>>> roster = read_roster("name,code\\nAda Lovelace,K7QF2M\\nBo\\n", "class.csv")
>>> [(s.name, len(s.code)) for s in roster]
[('Ada Lovelace', 6), ('Bo', 6)]
>>> signer = Signer(b"a secret of the class")
>>> token = signer.sign("Ada Lovelace", "device-1")
>>> signer.read(token), signer.read(token[:-1] + "x"), signer.read("Ada Lovelace.device-1")
(('Ada Lovelace', 'device-1'), None, None)
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 and O, no 1 and I: a code copied from a sheet is read once
CODE_LENGTH = 6  # 32**6, about a billion codes: with tries locked out per device (CodeTries), none is guessed
MAX_NAME = 40
MAX_STUDENTS = 300


@dataclass(frozen=True)
class Student:
    """A student of a roster: the name they are known by, and the code they type to sign in."""

    name: str
    code: str


def new_code() -> str:
    """A random sign-in code of :data:`CODE_LENGTH` letters and digits that read apart."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_roster(text: str, source: str) -> tuple[Student, ...]:
    """The students of a roster file: one name a line, or a CSV file with a ``name`` column (and a ``code`` column,
    codes of your own; a student without one is given one). ``ValueError`` names ``source``, the line and the problem.

    >>> read_roster("Ada\\nada\\n", "class.txt")
    Traceback (most recent call last):
    ValueError: class.txt: line 2: 'ada' is on the roster twice (line 1)
    """
    lines = text.splitlines()
    rows = list(csv.reader(io.StringIO(text))) if lines and lines[0].strip().lower().startswith("name,") else None
    if rows is None:
        entries = [(n, line.strip(), "") for n, line in enumerate(lines, start=1)]
    else:
        header = [cell.strip().lower() for cell in rows[0]]
        at = header.index("code") if "code" in header else None
        entries = [(n, row[0].strip() if row else "", row[at].strip().upper() if at is not None and len(row) > at
                    else "") for n, row in enumerate(rows[1:], start=2)]
    students: list[Student] = []
    seen: dict[str, int] = {}
    for line, name, code in entries:
        if not name:
            continue
        check_name(name, f"{source}: line {line}")
        if name.casefold() in seen:
            raise ValueError(f"{source}: line {line}: {name!r} is on the roster twice (line {seen[name.casefold()]})")
        if code and not (4 <= len(code) <= 12 and all(c in CODE_LETTERS for c in code)):
            raise ValueError(f"{source}: line {line}: the code {code[:20]!r} is not 4 to 12 of {CODE_LETTERS}")
        seen[name.casefold()] = line
        students.append(Student(name, code or new_code()))
    if not students:
        raise ValueError(f"{source}: no name in it (one a line, or a CSV file with a name column)")
    if len(students) > MAX_STUDENTS:
        raise ValueError(f"{source}: {len(students)} names, more than a class of {MAX_STUDENTS}")
    return tuple(students)


def check_name(name: str, where: str) -> None:
    """``ValueError`` unless ``name`` is one a student may go by: 1 to :data:`MAX_NAME` printable characters."""
    if not name.strip() or len(name) > MAX_NAME or not name.isprintable() or name != name.strip():
        raise ValueError(f"{where}: a name is 1 to {MAX_NAME} printable characters, without spaces around it")


class Signer:
    """Signs which student and device a browser is (HMAC-SHA256 with the class's secret): a cookie of another class,
    edited or made up reads as nobody."""

    def __init__(self, secret: bytes):
        self._secret = secret

    def sign(self, name: str, device: str) -> str:
        body = base64.urlsafe_b64encode(json.dumps([name, device]).encode()).decode().rstrip("=")
        return f"{body}.{self._mac(body)}"

    def read(self, token: str) -> tuple[str, str] | None:
        """The (student, device) a token was signed for, or ``None``."""
        body, _, mac = token.partition(".")
        if not mac or not hmac.compare_digest(mac, self._mac(body)):
            return None
        try:
            name, device = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        except ValueError:  # not base64, not JSON, not two things: nothing this class signed
            return None
        return (name, device) if isinstance(name, str) and isinstance(device, str) and name and device else None

    def _mac(self, body: str) -> str:
        return hmac.new(self._secret, body.encode(), hashlib.sha256).hexdigest()[:32]


class Class:
    """A class's folder, kept across restarts: ``secret`` (signs the students' cookies), ``key`` (the teacher's page),
    ``answers.sqlite`` (the answers, and who signed in where) and, for a class with a roster, ``roster.csv`` (names
    and codes, to print). Made on first use.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()) / "class-7b"
    >>> first = Class(folder, roster=read_roster("Ada\\nBo\\n", "class.txt"))
    >>> again = Class(folder)  # a restart: the same key, secret and roster
    >>> (again.key, [s.name for s in again.roster]) == (first.key, ["Ada", "Bo"])
    True
    """

    def __init__(self, folder: Path, roster: tuple[Student, ...] | None = None):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.secret = self._kept("secret", lambda: secrets.token_hex(32)).encode()
        self.key = self._kept("key", lambda: secrets.token_urlsafe(12))
        if roster is not None:
            self._write_roster(roster)
        self.roster = self._read_roster()
        self.answers = folder / "answers.sqlite"

    def _kept(self, name: str, make) -> str:
        path = self.folder / name
        if not path.exists():
            path.write_text(make(), encoding="ascii")
            path.chmod(0o600)
        return path.read_text(encoding="ascii").strip()

    def _write_roster(self, roster: tuple[Student, ...]) -> None:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("name", "code"))
        writer.writerows((s.name, s.code) for s in roster)
        path = self.folder / "roster.csv"
        path.write_text(out.getvalue(), encoding="utf-8")
        path.chmod(0o600)

    def _read_roster(self) -> tuple[Student, ...]:
        path = self.folder / "roster.csv"
        return read_roster(path.read_text(encoding="utf-8"), str(path)) if path.exists() else ()


class SignIns:
    """Who signed in on which device, and which page (kernel) is whose, in the class's ``answers.sqlite``.

    Without a roster a name belongs to the first device that signs in with it, until the teacher releases it; with
    one, any device that types the student's code signs in as them.

    >>> signins = SignIns(":memory:")
    >>> signins.claim("Ada", "phone", only=True), signins.claim("Ada", "laptop", only=True)
    (True, False)
    >>> signins.holds("Ada", "phone"), signins.holds("Ada", "laptop")
    (True, False)
    >>> signins.release("Ada"); signins.claim("Ada", "laptop", only=True)
    True
    """

    def __init__(self, path: str | Path):
        self._db = sqlite3.connect(str(path), timeout=10, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS devices (name, device, at, PRIMARY KEY (name, device))")
        self._db.execute("CREATE TABLE IF NOT EXISTS pages (kernel PRIMARY KEY, name, at)")

    def claim(self, name: str, device: str, only: bool) -> bool:
        """Sign ``device`` in as ``name`` (with ``only``, unless another device holds the name); whether it did."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")  # two devices claiming one name at once: one of them wins
            held = [d for (d,) in self._db.execute("SELECT device FROM devices WHERE name = ?", (name,))]
            if only and held and device not in held:
                return False
            self._db.execute("INSERT OR REPLACE INTO devices VALUES (?, ?, ?)", (name, device, time.time()))
        return True

    def holds(self, name: str, device: str) -> bool:
        return self._db.execute("SELECT 1 FROM devices WHERE name = ? AND device = ?", (name, device)).fetchone() \
            is not None

    def release(self, name: str) -> None:
        """Sign every device of ``name`` out (their cookies then read as nobody)."""
        self._db.execute("DELETE FROM devices WHERE name = ?", (name,))

    def signed_in(self) -> list[str]:
        return [name for (name,) in self._db.execute("SELECT DISTINCT name FROM devices ORDER BY name")]

    def page(self, kernel: str, name: str) -> None:
        """The page of ``kernel`` is ``name``'s."""
        self._db.execute("INSERT OR REPLACE INTO pages VALUES (?, ?, ?)", (kernel, name, time.time()))

    def close(self) -> None:
        self._db.close()
