"""The ``zaarlab`` command: exact odds, data checks, rule coverage, bot games and the class's answers from the shell.

Games add their own ``zaarlab odds <game>-...`` commands with :func:`zaarlab.core.commands.register_odds` and
``zaarlab score <game>`` commands with :func:`~zaarlab.core.commands.register_score`, and become playable with
``zaarlab play <game>`` by registering their Game class (:func:`zaarlab.core.api.register_game`).
Every error is one line on stderr and exit code 2.

A command imports only what it needs: the game packages load nothing by themselves, their ``commands`` modules
only argument definitions, and each command's work is imported when it runs (never sympy for odds: exact answers
are printed from ``fractions.Fraction``, the same ``num/den``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import GAME_PACKAGES, __version__
from .core.commands import ODDS_COMMANDS, SCORE_COMMANDS, register_odds

if TYPE_CHECKING:
    from .core.dist import Dist


def dist_json(dist: Dist) -> dict[str, str]:
    """A distribution as JSON: outcome (as text) -> exact probability "num/den".

    >>> from zaarlab.core.dist import Dist
    >>> dist_json(Dist.die(2))
    {'1': '1/2', '2': '1/2'}
    """
    return {str(outcome): str(p) for outcome, p in dist.fractions().items()}


# -- zaarlab odds dice ------------------------------------------------------------------------------
def _dice_arguments(parser: argparse.ArgumentParser) -> None:
    from .core.dice import MAX_DICE, MAX_DICE_TIMES_FACES, MAX_FACES

    parser.add_argument("pool", metavar="NdK", help=f"number of dice and faces, e.g. 3d6 (d6 means 1d6); up to "
                        f"{MAX_DICE} dice, {MAX_FACES} faces, N x K <= {MAX_DICE_TIMES_FACES}")


def _dice_run(args: argparse.Namespace) -> tuple[str, dict]:
    from .core.dice import MAX_DICE, MAX_DICE_TIMES_FACES, MAX_FACES, sum_dist

    match = re.fullmatch(r"(\d*)d(\d+)", args.pool.strip().lower())
    if not match:
        raise ValueError(f"cannot read dice {args.pool!r}: write NdK, e.g. 3d6")
    n, k = int(match[1] or 1), int(match[2])
    if not (1 <= n <= MAX_DICE and 1 <= k <= MAX_FACES and n * k <= MAX_DICE_TIMES_FACES):
        raise ValueError(f"dice {args.pool!r}: 1 to {MAX_DICE} dice of 1 to {MAX_FACES} faces, at most "
                         f"{MAX_DICE_TIMES_FACES} dice times faces (100d20, 20d100), so the answer takes seconds")
    dist = sum_dist(n, k)
    mean, variance = dist.moments()
    text = f"Sum of {n}d{k} (exact)\n{dist.to_markdown('sum')}\nmean {mean}, variance {variance}"
    data = {"dice": f"{n}d{k}", "distribution": dist_json(dist), "mean": str(mean), "variance": str(variance)}
    return text, data


register_odds("dice", "exact distribution of the sum of NdK", _dice_arguments, _dice_run)


# -- the other commands -----------------------------------------------------------------------------
def _data_check(args: argparse.Namespace) -> int:
    from .core.catalogue import check_data

    reports = check_data(args.folder)
    if not reports:
        raise ValueError(f"{args.folder}: no data file here to check (a data folder holds files such as "
                         "zerzura/goods.yaml; zaarlab's own are in zaarlab data check without a folder)")
    where = args.folder or "the data zaarlab uses now (bundled, with $ZAARLAB_DATA overrides)"
    print(f"Checked {len(reports)} data file(s) in {where}: all valid.")
    for report in reports:
        print(f"  ok  {report.name}  (source: {report.source})  {report.path}")
    rebuilt = [(r.name, entry, detail) for r in reports for entry, detail in r.reconstructed]
    if not rebuilt:
        print("Nothing reconstructed: every datum comes from a rulebook or a public source.")
    else:
        print("Reconstructed tables and entries (not the printed game; override with your own copy):")
        for name, entry, detail in rebuilt:
            print(f"  {name}: {entry or '(whole file)'}: {detail}")
    return 0


def _registered(args: argparse.Namespace) -> int:
    text, data = args.registered.run(args)
    print(json.dumps(data, indent=2) if args.json else text)
    return 0


def _rules_coverage(args: argparse.Namespace) -> int:
    from .core.rules_coverage import coverage, format_report

    print(format_report(coverage(Path(args.root)), show_missing=not args.summary))
    return 0


def _answers(args: argparse.Namespace) -> int:
    from .core.files import check_writable, read_bytes, write_text
    from .lessons import find_exercise
    from .teaching.answers import MAX_FILE_BYTES, ROSTER, SQLITE, AnswerBook, read_csv, recheck
    from .teaching.gradebook import CSV_FILES, gradebook
    from .teaching.teacher import teacher_page

    check_writable(args.out)
    if args.roster:  # the class's questions were dealt from its roster: judged as the class's pages dealt them
        os.environ[ROSTER] = "\n".join(_roster_names(args.roster))
    files = {Path(args.csv) / name: write for name, write in CSV_FILES.items()} if args.csv else {}
    for file in files:
        check_writable(file)
    rows, games, problems = [], [], []
    for file in args.files:
        raw = read_bytes(file, MAX_FILE_BYTES, "a file of answers")
        if raw.startswith(SQLITE):  # the classroom server's own record: every answer judged there
            book = AnswerBook(file)
            rows += book.rows()
            games += book.games()  # only the server keeps games: a student's file holds answers
            book.close()
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{file}: not UTF-8 text (byte {error.start})") from None
        held, wrong = recheck(read_csv(text, file), find_exercise, file)  # a student's file: judged anew
        rows += held
        problems += wrong
    for problem in problems:
        print(problem, file=sys.stderr)
    rows.sort(key=lambda row: row[0])
    games.sort(key=lambda game: game.at)
    write_text(args.out, teacher_page(rows, games=games, find=find_exercise))
    for file, write in files.items():
        write_text(file, write(gradebook(rows, games)))
    held = f"; {len(problems)} row(s) did not hold, each named above" if problems else ""
    print(f"{len(rows)} answers of {len({row[1] for row in rows})} page(s) from {len(args.files)} file(s){held}: "
          f"open {args.out} in a browser" + (f"; {', '.join(map(str, files))} written." if files else "."))
    return 1 if problems else 0


def _play(args: argparse.Namespace) -> int:
    from .core.api import GAMES
    from .core.catalogue import import_game_packages
    from .core.files import check_writable, write_text
    from .core.jsonio import parse_json
    from .core.play import dumps, play, random_bot

    import_game_packages()
    if args.game not in GAMES:
        raise ValueError(f"no game called {args.game!r}: the games are {', '.join(sorted(GAMES))}")
    cls = GAMES[args.game]
    params = parse_json(args.params, "--params") if args.params else {}
    if not isinstance(params, dict):
        raise ValueError("--params: the game's parameters are a JSON object, like '{\"players\": 3}'")
    if not 1 <= args.max_steps <= MAX_STEPS:
        raise ValueError(f"--max-steps: from 1 to {MAX_STEPS:,}, not {args.max_steps}")
    if args.save is not None and not args.save.strip():
        raise ValueError("--save: a file name, not an empty one")
    if args.save:
        check_writable(args.save)  # before the game is played, not after
    if args.players is not None:
        params["players"] = args.players
    game = cls.from_dict(params) if params else cls()
    result = play(game, [random_bot] * game.num_players, seed=args.seed, max_steps=args.max_steps)
    for line in result.final.story.lines(result.final):
        print(line)
    print(f"returns: {', '.join(str(r) for r in result.final.returns())}" if result.final.is_terminal()
          else f"stopped after {len(result.history)} actions (--max-steps)")
    if args.save:
        write_text(args.save, dumps(result))
    return 0


def _roster_names(path: str | None) -> tuple[str, ...]:
    """The names of a roster file (as ``zaarlab classroom --roster`` reads it), none without one."""
    from .classroom.students import read_roster
    from .core.files import read_text

    return tuple(s.name for s in read_roster(read_text(path, 1_000_000, "a roster"), path)) if path else ()


def _key(args: argparse.Namespace) -> int:
    import csv
    import io

    from .core.files import check_writable, write_text
    from .lessons import LESSONS

    if args.lesson not in LESSONS:
        raise ValueError(f"no lesson {args.lesson[:60]!r}: the lessons are " + "; ".join(LESSONS))
    check_writable(args.out)
    roster = _roster_names(args.roster)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("student", "exercise", "question", "answer"))
    for name in roster:
        for exercise in LESSONS[args.lesson]:
            question = exercise.question_for(name, roster)
            writer.writerow((name, exercise.title, question.text, question.answer_text))
    write_text(args.out, out.getvalue())
    print(f"{args.out}: the answer of each of the {len(roster)} students to each of the "
          f"{len(LESSONS[args.lesson])} exercises of {args.lesson}, as the class's pages deal them")
    return 0


def _classroom(args: argparse.Namespace) -> int:
    from .classroom.launch import main as serve  # Voila (the classroom extra): imported only to serve

    serve(args.options, prog="zaarlab classroom")  # runs the server in this process's place; returns on no error
    return 0


def _site(args: argparse.Namespace) -> int:
    from .static_site.build import main as build  # its build tools are fetched when it runs, not before

    return build(args.options, prog="zaarlab site")


def _notebooks(args: argparse.Namespace) -> int:
    import shutil

    from .core.data import notebooks_dir

    shipped = notebooks_dir()
    target = Path(args.folder)
    files = sorted(p.relative_to(shipped) for p in shipped.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    there = [f for f in files if (target / f).exists()]
    if there:  # a teacher's own changes are never written over
        raise ValueError(f"{target}: {len(there)} of the notebooks are there already ({there[0].as_posix()} ...): "
                         "choose another folder, or move them away first")
    if target.exists() and not target.is_dir():
        raise ValueError(f"{target}: not a folder")
    for file in files:
        (target / file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shipped / file, target / file)
    print(f"{len(files)} notebooks copied to {target} (the dashboards of the classroom in {target / 'classroom'}): "
          f"open them with: jupyter lab {target}")
    return 0


MAX_STEPS = 200_000  # a whole bot game of any of the four is far shorter; a run to the limit takes seconds


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        self.exit(2, f"zaarlab: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with every game's commands (their ``commands`` modules: argument definitions only)."""
    for package in GAME_PACKAGES:
        importlib.import_module(f"{package}.commands")
    parser = _Parser(prog="zaarlab", description="Exact odds, rules and games for Zaar, Zogar's Gaze, Zerzura, Zargos.")
    parser.add_argument("--version", action="version", version=f"zaarlab {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    data = commands.add_parser("data", help="check data files").add_subparsers(dest="data_command", required=True)
    check = data.add_parser("check", help="validate a data folder and list every reconstructed table")
    check.add_argument("folder", nargs="?", help="a folder of your own data files (default: the data in use)")
    check.set_defaults(handler=_data_check)

    for top, about, registry, as_json in (("odds", "exact odds", ODDS_COMMANDS, 'probabilities as "num/den"'),
                                          ("score", "final scores", SCORE_COMMANDS, "the sheet as data")):
        group = commands.add_parser(top, help=about).add_subparsers(dest=f"{top}_command", required=True)
        for name, command in sorted(registry.items()):
            sub = group.add_parser(name, help=command.help)
            command.add_arguments(sub)
            sub.add_argument("--json", action="store_true", help=f"JSON output, {as_json}")
            sub.set_defaults(handler=_registered, registered=command)

    rules = commands.add_parser("rules", help="rule IDs").add_subparsers(dest="rules_command", required=True)
    cov = rules.add_parser("coverage", help="how many rule IDs of each game the tests name")
    cov.add_argument("--root", default=".", help="the project folder (default: the current folder)")
    cov.add_argument("--summary", action="store_true", help="counts only, without the missing IDs")
    cov.set_defaults(handler=_rules_coverage)

    answers = commands.add_parser("answers", help="the class's answers from the files students downloaded, or the "
                                                  "classroom server's answers.sqlite")
    answers.add_argument("files", nargs="+", metavar="FILE", help="answers-*.csv files from the exercises page (each "
                         "answer judged again: a row that does not hold is named and not counted), or a server's "
                         "answers.sqlite")
    answers.add_argument("--out", default="class-answers.html", help="the page to write (default: %(default)s)")
    answers.add_argument("--csv", metavar="FOLDER", help="also write answers.csv (each student's record of each "
                         "question), gradebook.csv (one row per student) and games.csv (each game a student "
                         "finished, from a server's answers.sqlite) there")
    answers.add_argument("--roster", metavar="FILE", help="the class's roster (as given to zaarlab classroom): its "
                         "questions were dealt among its students, and are judged so")
    answers.set_defaults(handler=_answers)

    key = commands.add_parser("key", help="a lesson's answer key for each student of a roster, as the class's pages "
                                          "deal their questions (a CSV file)")
    key.add_argument("lesson", help="the lesson, by its title (\"Zargos 2: the odds of combat\")")
    key.add_argument("--roster", required=True, metavar="FILE", help="the class's roster (as given to zaarlab "
                     "classroom: one name a line, or a CSV file with a name column)")
    key.add_argument("--out", default="answer-key.csv", help="the CSV file to write (default: %(default)s)")
    key.set_defaults(handler=_key)

    classroom = commands.add_parser("classroom", add_help=False, help="serve the dashboards to a class (zaarlab "
                                    "classroom --help: its options)")
    classroom.set_defaults(handler=_classroom, takes_options=True)  # its options are the server's own

    site = commands.add_parser("site", add_help=False, help="build the classroom as an offline static site, Python in "
                               "each student's browser (zaarlab site --help: its options)")
    site.set_defaults(handler=_site, takes_options=True)

    notebooks = commands.add_parser("notebooks", help="copy the teaching notebooks and the dashboards to a folder")
    notebooks.add_argument("folder", help="the folder to copy them to (made if missing)")
    notebooks.set_defaults(handler=_notebooks)

    games = commands.add_parser("play", help="play a game with random bots")
    games.add_argument("game", help=f"the game: {', '.join(sorted(p.rsplit('.', 1)[1] for p in GAME_PACKAGES))}")
    games.add_argument("--seed", type=int, default=0)
    games.add_argument("--players", type=int, help="the number of players (default: the game's)")
    games.add_argument("--params", help="the game's parameters as JSON (default: the game's defaults)")
    games.add_argument("--max-steps", type=int, default=100_000, help=f"stop after this many actions (at most "
                                                                       f"{MAX_STEPS:,})")
    games.add_argument("--save", metavar="FILE", help="save the game as JSON")
    games.set_defaults(handler=_play)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    try:
        args, args.options = parser.parse_known_args(argv)
        if args.options and not getattr(args, "takes_options", False):
            parser.error(f"unrecognized arguments: {' '.join(args.options)}")
    except SystemExit as done:  # --help, --version, or a usage error already printed on one line
        return done.code if isinstance(done.code, int) else 2
    try:
        return args.handler(args)
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        return 0
    except (ValueError, KeyError, TypeError, OSError, RecursionError) as exc:  # DataError, IllegalActionError too
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"zaarlab: error: {one_line(str(message))}", file=sys.stderr)
        return 2


MAX_MESSAGE = 400  # characters of an error line: what a person reads, whatever a file or an argument held


def one_line(message: str) -> str:
    """An error message as one line of at most :data:`MAX_MESSAGE` characters (an echoed value can be megabytes).

    >>> one_line("bad  card " + "x" * 1000)[-30:]
    'xxxxx... (610 characters more)'
    """
    line = " ".join(message[:MAX_MESSAGE * 4].split())
    more = len(message) - MAX_MESSAGE
    return line if len(line) <= MAX_MESSAGE else f"{line[:MAX_MESSAGE]}... ({more:,} characters more)"


if __name__ == "__main__":
    sys.exit(main())
