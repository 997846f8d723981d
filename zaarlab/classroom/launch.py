"""The classroom server: the dashboards of ``notebooks/classroom/`` served with Voila to a room of students.

``make classroom`` (``python -m zaarlab.classroom``) starts Voila on the local network when asked (``HOST=0.0.0.0``),
prints the address students type and a QR code of it, keeps a pool of kernels pre-heated for every dashboard (a
student's page renders at once, the notebook already run) and, for the dashboard of the lesson (``LESSON=``), one
for every student of the class; it frees the kernels of closed tabs (idle kernels without a page are culled).

Its first page is a plain page, ``index.html``, that lists the dashboards by title with one line each: it takes no
kernel. The server's address leads there.

No student can take it down (:mod:`zaarlab.classroom.server`): it holds at most a number of pages per device and in
all, sized from the memory free when it starts; a kernel belongs to the page it serves; each kernel runs under a
memory ceiling and stops an answer that runs too long; and with a class code (``CODE=`` on ``make classroom``) no page
is served to a browser that has not typed it (the printed address and QR code carry it).

Each run has a folder of its own in ``classroom-runs/`` where the answers the students check on the exercises page
are kept (a SQLite file, :mod:`zaarlab.teaching.answers`); the server prints the address of the teacher's page that
shows them as they come, with a key no student sees.

>>> [board.title for board in dashboards()][:2]
['Dice sums, exactly', 'Zargos battle calculator']
>>> voila_command("0.0.0.0", 8866, pool=2)[5:10]
['--Voila.ip=0.0.0.0', '--port=8866', '--template=zaarlab', '--preheat_kernel=True', '--pool_size=2']
>>> print(voila_command("0.0.0.0", 8866, pool=2, lessons=["zargos_battle", "exercises"], class_size=30)[-1])
... # doctest: +NORMALIZE_WHITESPACE
--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 2},
    "zargos_battle.ipynb": {"pool_size": 30}, "exercises.ipynb": {"pool_size": 30}}
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import socket
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from zaarlab.classroom.students import Class, read_roster
from zaarlab.core.ceiling import KERNEL_MEGABYTES
from zaarlab.core.data import notebooks_dir
from zaarlab.core.files import read_text
from zaarlab.core.match import HINTS
from zaarlab.teaching.answers import ANSWERS, MODE, PRACTICE, ROSTER, SIGN_IN, Mode
from zaarlab.teaching.class_deal import DEAL, write_deal
from zaarlab.ui.pages import render

FOLDER = notebooks_dir() / "classroom"  # the repository's notebooks/classroom, or a wheel's copy
TEMPLATES = Path(__file__).resolve().parent / "jupyter-data"  # holds voila/templates/zaarlab (data, not a package)
STYLESHEET = TEMPLATES / "voila" / "templates" / "zaarlab" / "zaarlab.css"  # every dashboard page's, Voila and site
WAITING = STYLESHEET.with_name("waiting.js")  # the wait before a dashboard appears, in words, with its seconds
ORDER = ("dice_sums", "zargos_battle", "zogar_hold_advisor", "zerzura_collection", "zaar_astrolabe",
         "zaar_mansion_builder", "exercises", "play_zogars_gaze", "play_zerzura",
         "play_zargos", "play_zaar")  # the simplest lesson to the richest, the games
IDLE = 300  # seconds a kernel whose page is closed may idle before it is freed
FIRST_PAGE = r'--VoilaConfiguration.file_allowlist=["index\\.html"]'  # served as it is, at voila/files/index.html
CLASS_SIZE = 30  # students, each with a pre-heated page of the lesson's dashboard
MEGABYTES = 100  # a pre-heated page's kernel, about (measured: 85 to 135 MB)
PER_DEVICE = 6  # pages one device (network address) may hold at once: a few tabs, one dashboard after another
SPARE = 1024  # MB of the memory free at the start kept for the system and the teacher's own programs
CHECK = 30  # seconds between checks for such kernels
REFILL = 60  # seconds after a page takes a pre-heated kernel before a new one is started in its place: a class
# opening pages at once gets the CPU for its pages, not for the refills
OUTPUT_WAIT = 120  # seconds a pre-heating kernel's cell may take to send its outputs after it has run. Voila's
# default (4 s) is too short when a whole pool warms at once on two cores: the outputs are dropped, and a page then
# arrives with its text but without its widgets.
# Kernels talk to the server over local sockets where the system has them: a pool of kernels starting at once over
# TCP can pick the same port twice, and the kernel that loses the race dies before its page is ever drawn.
_LOCAL_SOCKETS = ("--KernelManager.transport=ipc",) if os.name == "posix" else ()


@dataclass(frozen=True)
class Dashboard:
    """One dashboard: its notebook's name, its title and its first sentence."""

    name: str
    title: str
    summary: str


def dashboards(folder: Path = FOLDER) -> list[Dashboard]:
    """The dashboards of ``folder`` (the repository's ``notebooks/classroom``), in teaching order, each with the title
    and first sentence of its notebook."""
    return [describe(path) for path in sorted(folder.glob("*.ipynb"), key=lambda p: (
        ORDER.index(p.stem) if p.stem in ORDER else 99, p.stem))]


def describe(path: Path) -> Dashboard:
    """A notebook's name, the title and the first sentence of its first markdown cell."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
    title, _, body = text.partition("\n")
    sentence = re.split(r"(?<=[.?!])\s", " ".join(body.split()), maxsplit=1)[0]
    return Dashboard(path.stem, title.lstrip("# ").strip(), re.sub(r"[*_`]", "", sentence))


def index_html(boards: list[Dashboard], link: str) -> str:
    """The list of dashboards (``page-templates/dashboards.html.j2``): one a line, its title as a link and what it
    answers. ``link`` makes a dashboard's address from its name: ``"../render/{}.ipynb"`` from the classroom server's
    first page, ``"voici/render/classroom/{}.html"`` from the static site's.

    >>> index_html([Dashboard("dice_sums", "Dice sums", "How likely?")], "{}.html")
    '<ul class="dashboards"><li><a href="dice_sums.html"><b>Dice sums</b></a>: How likely?</li></ul>'
    """
    return render("zaarlab.classroom", "dashboards.html.j2", boards=boards, link=link)


def index_page(boards: list[Dashboard] | None = None) -> str:
    """The classroom server's first page (``notebooks/classroom/index.html``, from ``page-templates/index.html.j2``): a
    plain page, no kernel behind it."""
    return render("zaarlab.classroom", "index.html.j2", boards=dashboards() if boards is None else boards,
                  link="../render/{}.ipynb") + "\n"


def voila_environment(env: dict[str, str] | None = None, answers: Path | None = None,
                      mode: Mode = PRACTICE, sign_in: bool = False, hints: bool = True,
                      roster: tuple[str, ...] = (), deal: Path | None = None) -> dict[str, str]:
    """``env`` (by default this process's) with zaarlab's Voila template found (Voila's lab template without
    stylesheets from the internet), and the kernels told to write the class's answers to ``answers``, how the
    class answers (``mode``: practice, or a test without solutions), whether the game tables give hints (never
    in a test), the names of the class's ``roster`` (its questions are dealt among them; the codes stay out) and
    the file of their ``deal`` (:func:`deal_the_class`).

    >>> voila_environment({"JUPYTER_PATH": "/x"})["JUPYTER_PATH"].split(os.pathsep)[1]
    '/x'
    >>> voila_environment({}, mode=Mode(test=True))[HINTS], voila_environment({})[HINTS]
    ('off', 'on')
    """
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, (str(TEMPLATES), env.get("JUPYTER_PATH"))))
    if answers:
        env[ANSWERS] = str(answers)
    env[MODE] = str(mode)
    env[HINTS] = "on" if hints and not mode.test else "off"
    env.pop(SIGN_IN, None)
    if sign_in:  # a page waits to be told whose it is
        env[SIGN_IN] = "1"
    env.pop(ROSTER, None)
    env.pop(DEAL, None)
    if roster:
        env[ROSTER] = "\n".join(roster)
    if deal:
        env[DEAL] = str(deal)
    return env


def deal_the_class(folder: Path, roster: tuple[str, ...]) -> Path:
    """Every lesson's questions dealt among ``roster`` once, into ``folder``'s ``deal.json``: the pages read it
    rather than each deal them again (:mod:`zaarlab.teaching.class_deal`). Dealt again at each start, by the
    exercises of the zaarlab that serves them."""
    import importlib

    lessons = importlib.import_module("zaarlab.lessons").LESSONS  # the games' exercises: above this layer
    path = folder / "deal.json"
    write_deal(path, roster, (exercise for exercises in lessons.values() for exercise in exercises))
    return path


def run_folder(runs: Path) -> Path:
    """A new folder in ``runs`` for one run of the classroom server (its class's answers), named by its start."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    for n in range(1, 100):
        folder = runs / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            folder.mkdir(parents=True)
            return folder
        except FileExistsError:
            continue
    raise FileExistsError(f"{runs}: no new run folder for {stamp}")


def teacher_address(students: str, key: str, page: str = "") -> str:
    """The teacher's page (or its ``page``: ``sheet``, the roster's sign-in sheet) beside the students' address
    ``students`` (its class code kept).

    >>> teacher_address("http://10.0.0.2:8866/?code=owl7", "k3y"), teacher_address("http://h:1/", "k", "sheet")
    ('http://10.0.0.2:8866/zaarlab/teacher?key=k3y&code=owl7', 'http://h:1/zaarlab/teacher/sheet?key=k')
    """
    base, _, query = students.partition("?")
    return f"{base}zaarlab/teacher{'/' + page if page else ''}?{urlencode({'key': key})}" + (
        f"&{query}" if query else "")


def voila_command(host: str, port: int, pool: int, folder: Path = FOLDER, idle: int = IDLE,
                  check: int = CHECK, refill: float = REFILL, lessons: Sequence[str] = (),
                  class_size: int = CLASS_SIZE, pages: int = 60, per_device: int = PER_DEVICE,
                  code: str = "", answers: str = "", teacher_key: str = "", class_folder: str = "",
                  away: int = 5) -> list[str]:
    """The Voila server for a class: ``pool`` pre-heated kernels per dashboard, ``class_size`` for each dashboard of
    the lesson (``lessons``: one taken is replaced after ``refill`` seconds), an idle kernel freed after ``idle``
    seconds (looked for every ``check`` seconds), no browser opened, zaarlab's template (run it with
    :func:`voila_environment`), its first page ``index.html`` served as a plain file; at most ``pages`` pages held
    (``per_device`` per network address), kernels under a ceiling, the class ``code`` asked if there is one, and
    the teacher's page of the class's ``answers`` (a SQLite file) for ``teacher_key``; a student away from a match
    for ``away`` minutes has a bot play their seat."""
    command = [sys.executable, "-m", "zaarlab.classroom.server", str(folder), "--no-browser", f"--Voila.ip={host}",
               f"--port={port}",
               "--template=zaarlab",
               "--preheat_kernel=True", f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={refill}",
               f"--VoilaExecutor.iopub_timeout={OUTPUT_WAIT}", *_LOCAL_SOCKETS,
               f"--MappingKernelManager.cull_idle_timeout={idle}",
               f"--MappingKernelManager.cull_interval={check}", "--MappingKernelManager.cull_connected=False",
               "--VoilaConfiguration.multi_kernel_manager_class=zaarlab.classroom.kernels.ClassroomKernelManager",
               FIRST_PAGE, "--Voila.port_retries=0",  # the port printed or none (port_taken)
               "--VoilaConfiguration.kernel_spec_manager_class=zaarlab.classroom.kernels.CeilingKernelSpecs",
               f"--ClassroomVoila.pages={pages}", f"--ClassroomVoila.pages_per_device={per_device}",
               f"--ClassroomVoila.page_hold={idle}", f"--ClassroomVoila.code={code}",
               f"--ClassroomVoila.answers={answers}", f"--ClassroomVoila.teacher_key={teacher_key}",
               f"--ClassroomVoila.class_folder={class_folder}", f"--ClassroomVoila.away_minutes={away}"]
    if lessons:
        pools = {"default": {"pool_size": pool}} | {f"{name}.ipynb": {"pool_size": class_size} for name in lessons}
        command.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
    return command


def address(host: str, port: int, code: str = "") -> str:
    """The address students type (the server's first page is there, the class code with it): on the local network,
    this machine's address there.

    >>> address("127.0.0.1", 8866), address("127.0.0.1", 8866, code="owl7")
    ('http://127.0.0.1:8866/', 'http://127.0.0.1:8866/?code=owl7')
    """
    query = f"?{urlencode({'code': code})}" if code else ""
    if host not in ("0.0.0.0", "::"):
        return f"http://{host}:{port}/{query}"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # no packet is sent: it only picks a route
        try:
            probe.connect(("10.254.254.254", 1))
            here = probe.getsockname()[0]
        except OSError:
            here = "127.0.0.1"
    return f"http://{here}:{port}/{query}"


def available_megabytes() -> int:
    """The memory this machine has free now (Linux's estimate of what can be used without swapping), in MB."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            return next(int(line.split()[1]) // 1024 for line in info if line.startswith("MemAvailable:"))
    except (OSError, StopIteration, ValueError):
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20


def room_for_pages(available: int, warm: int) -> int:
    """Pages a server can hold at once besides its ``warm`` pre-heated ones, with ``available`` MB free: what is left
    after :data:`SPARE` and the warm pages, at :data:`MEGABYTES` a page (at least one).

    >>> room_for_pages(8000, warm=12), room_for_pages(1500, warm=12)
    (57, 1)
    """
    return max(1, (available - SPARE - warm * MEGABYTES) // MEGABYTES)


def port_taken(host: str, port: int) -> str:
    """Why the server cannot listen at ``host:port`` (another server has it, say), or ``""`` if it can. Voila would
    move to another port, and the address printed for the class would lead elsewhere: the server starts on the port
    asked for, or not at all (``--Voila.port_retries=0``).

    >>> with socket.socket() as other:
    ...     other.bind(("127.0.0.1", 0)); other.listen()
    ...     port_taken("127.0.0.1", other.getsockname()[1]).startswith("port ")
    True
    """
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds: a port just freed is free
        try:
            probe.bind((host, port))
        except OSError as error:
            return (f"port {port} of {host} is not free ({error.strerror}): stop the server that has it, or choose "
                    "another port (PORT=8867 make classroom)")
    return ""


def qr_code(text: str) -> str:
    """``text`` as a QR code in terminal characters (the optional ``qrcode`` package), or ``""`` without it."""
    try:
        import qrcode
    except ImportError:
        return ""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    lines: list[str] = []
    code.print_ascii(out=_Lines(lines), invert=True)
    return "".join(lines)


class _Lines:
    def __init__(self, lines: list[str]):
        self.lines = lines

    def write(self, text: str) -> None:
        self.lines.append(text)

    def flush(self) -> None:
        pass


def main(argv: list[str] | None = None, prog: str = "python -m zaarlab.classroom") -> None:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to serve the local network")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--pool", type=int, default=2, help="kernels kept pre-heated for each dashboard")
    parser.add_argument("--lesson", action="append", default=[], choices=[b.name for b in dashboards()],
                        metavar="DASHBOARD",
                        help="a dashboard the class uses (once for each, e.g. --lesson zargos_battle --lesson "
                             "exercises): a kernel kept pre-heated for every student")
    parser.add_argument("--class-size", type=int, default=CLASS_SIZE, help="students in the class (with --lesson)")
    parser.add_argument("--code", default="", help="a class code without which no page is served")
    parser.add_argument("--pages", type=int, help="pages held at once (default: as many as the free memory holds)")
    parser.add_argument("--per-device", type=int, default=PER_DEVICE, help="pages one device may hold at once")
    parser.add_argument("--runs", type=Path, default=Path("classroom-runs"),
                        help="where each run keeps its class's answers (a folder per run; a class's own: --class)")
    parser.add_argument("--class", dest="class_name", metavar="NAME", type=_class_name,
                        help="a class whose students sign in: its folder in --runs (its answers, key, roster and "
                             "sign-ins) is kept across restarts")
    parser.add_argument("--class-folder", type=Path, help="the class's folder, anywhere (in place of --class)")
    parser.add_argument("--roster", type=Path, help="with --class: a file of the students' names (one a line, or a "
                                                    "CSV file with a name column): each signs in with a code of "
                                                    "their own; without it, a student types a name")
    parser.add_argument("--away", type=int, default=5, metavar="MINUTES",
                        help="in a class that plays each other (--class): minutes a student may be away from a match "
                             "before a bot plays their seat (they take it back by sitting again)")
    parser.add_argument("--test", type=_mode, default=PRACTICE, const=Mode(test=True), nargs="?", metavar="TRIES",
                        help="a test: no worked solution is shown, and with TRIES (1 to 99) at most that many checks a "
                             "question")
    parser.add_argument("--no-hints", dest="hints", action="store_false",
                        help="the game tables give no hint (a test gives none either)")
    args = parser.parse_args(argv)
    if args.code and not re.fullmatch(r"[A-Za-z0-9-]{1,40}", args.code):
        parser.exit(2, f"{parser.prog}: error: a class code is 1 to 40 letters, digits or '-' (CODE=owl-7)\n")
    taken = port_taken(args.host, args.port)
    if taken:
        parser.exit(2, f"{parser.prog}: error: {taken}\n")
    url = address(args.host, args.port, args.code)
    kernels = args.pool * len(dashboards()) + (args.class_size - args.pool) * len(set(args.lesson))
    pages = args.pages or room_for_pages(available_megabytes(), kernels)
    print(f"Students open: {url}\n{qr_code(url)}\nWarming up {kernels} pages (about {MEGABYTES * kernels} MB): "
          f"the first ones are ready in seconds, all of them in about {max(1, kernels // 20)} minute(s).\n"
          f"Students may hold {pages} more pages at once (about {MEGABYTES * pages} MB), {args.per_device} per "
          f"device; each page's kernel is kept under {KERNEL_MEGABYTES} MB.", flush=True)
    if args.host in ("0.0.0.0", "::") and not args.code:
        print("Anyone on this network can open these pages: CODE=<a word> make classroom asks for a class code.")
    kept = _class(parser, args)
    if kept is None:
        answers, key = run_folder(args.runs) / "answers.sqlite", secrets.token_urlsafe(12)
    else:
        answers, key = kept.answers, kept.key
        print(f"The class's folder: {kept.folder.resolve()} (kept when the server restarts). Students sign in "
              + (f"with their name and code (a sheet to print: {teacher_address(url, key, 'sheet')})." if kept.roster
                 else "with a name of their own.")
              + f"\nStudents play each other at {url.split('?')[0].rstrip('/')}/zaarlab/play", flush=True)
    print(f"Your page of the class's answers (keep this address to yourself): {teacher_address(url, key)}\n"
          f"The answers are kept in {answers.resolve()}.", flush=True)
    if args.test.test:
        print("A test: no worked solution is shown" + (f", and each question may be checked {args.test.tries} "
                                                      "times at most." if args.test.tries else "."), flush=True)
    command = voila_command(args.host, args.port, args.pool, lessons=sorted(set(args.lesson), key=args.lesson.index),
                            class_size=args.class_size,
                            pages=pages, per_device=args.per_device, code=args.code, answers=str(answers.resolve()),
                            teacher_key=key, class_folder=str(kept.folder.resolve()) if kept else "",
                            away=args.away)
    if not args.hints or args.test.test:
        print("The game tables give no hint.", flush=True)
    roster = tuple(s.name for s in kept.roster) if kept else ()
    if roster:
        print(f"Dealing every lesson's questions among the {len(roster)} students of the roster...", flush=True)
    deal = deal_the_class(kept.folder, roster) if kept and roster else None
    os.execve(command[0], command, voila_environment(answers=answers.resolve(), mode=args.test,
                                                     sign_in=kept is not None, hints=args.hints,
                                                     roster=roster, deal=deal))


def _class_name(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}", name):
        raise argparse.ArgumentTypeError(f"a class's name is 1 to 40 letters, digits, '-' or '_', not {name[:20]!r}")
    return name


def _class(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Class | None:
    """The class the options name (its folder made, its roster read), or ``None`` for a run without sign-in."""
    if args.class_name and args.class_folder:
        parser.exit(2, f"{parser.prog}: error: --class or --class-folder, not both\n")
    folder = args.class_folder or (args.runs / args.class_name if args.class_name else None)
    if folder is None:
        if args.roster:
            parser.exit(2, f"{parser.prog}: error: --roster goes with --class (the class it is the roster of)\n")
        return None
    try:
        roster = read_roster(read_text(args.roster, 1_000_000, "a roster"), str(args.roster)) if args.roster else None
        return Class(folder, roster)
    except (ValueError, OSError) as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")


def _mode(tries: str) -> Mode:
    """``--test TRIES``: a test with at most that many checks a question (0: no limit)."""
    try:
        return Mode.read("test" if tries.strip() == "0" else f"test:{tries}")
    except ValueError:
        raise argparse.ArgumentTypeError(f"TRIES is a number of tries from 1 to 99, not {tries[:20]!r}") from None

