#!/usr/bin/env python3
"""Labels shogi positions for tuning the evaluation (`triskelion tune-shogi`).

Reads game records written by `triskelion match --out` (lines
`position startpos moves ...`), samples positions (from ply 12 on, every
STEP-th ply, not in check), asks a teacher engine over USI for its score
at a fixed depth, and writes one line per position:

    <sfen>\t<score in centipawns from Black's side>

Mate scores and scores beyond 3000 cp are skipped, and so is a position
the teacher has not scored within 30 seconds. An odd STEP (default 3)
samples both sides to move. The teacher is
Fairy-Stockfish by default (`usi` first, as it needs).

A strength record of `scripts/strength.sh` (`docs/strength/*.usi`,
written by `tests/clients/shogi_games.py --record`) is read the same way,
and since each game's first line gives Triskelion's colour and score,
its positions are written with the game's result for Black as a third
column (`1`, `0.5` or `0`), the format `train-nnue` reads.

A file of `triskelion gen-data` (`<sfen>\t<score>\t<result>`, from Black's
side) is read as positions, not records (`--positions`): every line is
labelled again and written as `<sfen>\t<teacher's score>\t<result>`, the
format `train-nnue` reads, the game's result kept.

`--go` replaces `depth D` in the teacher's `go` command and `--option
NAME=VALUE` (repeatable) its options: GPS Shogi (`gpsusi`) has no `go
depth` (it aborts) and no `Threads` or `USI_Hash`; it stops at its
`LimitDepth`, and it keeps every option set in one file for the whole
machine, so run it through scripts/gpsusi.sh (a fresh home each time) and
set every option the labels depend on, as the kept labels were made
(data/shogi-gps-labels/README.md):

  shogi_teacher.py --positions s.tsv --out g.tsv --teacher scripts/gpsusi.sh \
      --go "btime 0 wtime 0 byoyomi 200" --option Thread=1 --option BookDepth=0 \
      --option LimitDepth=4

  shogi_teacher.py RECORD... --out FILE [--depth D] [--step S]
                   [--teacher CMD] [--limit N] [--positions]
                   [--go ARGS] [--option NAME=VALUE]...
"""

import argparse
import os
import subprocess
import sys
import time

import cshogi


class Teacher:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(cmd.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")
        self.send("usinewgame")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("teacher exited")
            lines.append(line)
            if line.startswith(token):
                return lines

    def score(self, sfen, go, limit=30.0):
        """The teacher's last score for `go <go>`, or None when it has not
        answered within `limit` seconds: Fairy-Stockfish 11.1 was seen
        repeating depth 1 without end on a position crowded with promoted
        pieces (its output filled 8 GB); it is then stopped."""
        self.send(f"position sfen {sfen}")
        self.send(f"go {go}")
        score, start, stopped = None, time.monotonic(), False
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("teacher exited")
            if line.startswith("bestmove"):
                return None if stopped else score
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
            if not stopped and time.monotonic() - start > limit:
                print(f"no answer within {limit:.0f} s, stopped: {sfen}", file=sys.stderr,
                      flush=True)
                self.send("stop")
                stopped = True

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=5)


# The first line of a game in a strength record (`shogi_games.py --record`)
# is the game line of the logs, which match_stats.py reads: Triskelion's
# colour and its score give the result for Black.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "clients"))
from match_stats import GAME  # noqa: E402

# The result for Black from Triskelion's score, when Triskelion is Black
# and when it is White.
BLACK_RESULT = {"1.0": ("1", "0"), "0.5": ("0.5", "0.5"), "0.0": ("0", "1")}
# The result of a game whose positions are not sampled.
LEFT_OUT = object()


def record_positions(paths, step):
    """(board, sfen, result) of the positions sampled from match records
    (`triskelion match --out`: the result unknown, None) or strength
    records (`docs/strength/*.usi`: the result for Black from the line
    before the game's moves; a game whose line gives no colour, such as a
    time forfeit, is left out)."""
    for path in paths:
        result = None
        for line in open(path):
            header = GAME.match(line.rstrip("\n"))
            if header:
                result = BLACK_RESULT[header.group(2)][header.group(1) == "white"]
                continue
            if line.startswith("game "):
                # A strength record's game line without Triskelion's colour
                # (a time forfeit, a crash): its positions are left out, so
                # that every line of the output has a result.
                result = LEFT_OUT
                continue
            if not line.startswith("position startpos moves"):
                continue
            game_result, result = result, None
            if game_result is LEFT_OUT:
                continue
            board = cshogi.Board()
            for ply, mv in enumerate(line.split()[3:]):
                board.push_usi(mv)
                if ply < 12 or ply % step or board.is_check() or board.is_game_over():
                    continue
                yield board, board.sfen(), game_result


def file_positions(paths):
    """(board, sfen, result) of every line of `gen-data` files."""
    board = cshogi.Board()
    for path in paths:
        for n, line in enumerate(open(path), 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 3:
                raise SystemExit(f"{path}:{n}: expected <sfen> <score> <result>")
            board.set_sfen(fields[0])
            yield board, fields[0], fields[2]


def parse_option(text):
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--step", type=int, default=3)
    ap.add_argument("--teacher", default="/usr/games/fairy-stockfish")
    ap.add_argument("--limit", type=int, default=0, help="stop after N positions")
    ap.add_argument("--positions", action="store_true",
                    help="the inputs are gen-data files; keep each line's result")
    ap.add_argument("--go", help="the go command's arguments (default: depth D)")
    ap.add_argument("--option", type=parse_option, action="append",
                    help="a teacher option NAME=VALUE (default: Threads=1, USI_Hash=16)")
    args = ap.parse_args()
    go = args.go or f"depth {args.depth}"
    options = args.option or [("Threads", "1"), ("USI_Hash", "16")]
    teacher = Teacher(args.teacher, options)
    positions = (file_positions(args.records) if args.positions
                 else record_positions(args.records, args.step))
    seen, written = set(), 0
    with open(args.out, "w") as out:
        for board, sfen, result in positions:
            key = " ".join(sfen.split()[:3])
            if key in seen:
                continue
            seen.add(key)
            answer = teacher.score(sfen, go)
            if answer is None:
                continue
            kind, value = answer
            if kind != "cp" or abs(value) > 3000:
                continue
            if board.turn == cshogi.WHITE:
                value = -value
            out.write(f"{sfen}\t{value}" + ("" if result is None else f"\t{result}") + "\n")
            out.flush()
            written += 1
            if written % 1000 == 0:
                print(f"{written} positions", file=sys.stderr, flush=True)
            if args.limit and written >= args.limit:
                break
    teacher.quit()
    print(f"{written} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
