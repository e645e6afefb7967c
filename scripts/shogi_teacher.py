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

  shogi_teacher.py RECORD... --out FILE [--depth D] [--step S]
                   [--teacher CMD] [--limit N]
"""

import argparse
import subprocess
import sys
import time

import cshogi


class Teacher:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        self.send("setoption name Threads value 1")
        self.send("setoption name USI_Hash value 16")
        self.send("isready")
        self.wait("readyok")

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

    def score(self, sfen, depth, limit=30.0):
        """The teacher's last score at `depth`, or None when it has not
        answered within `limit` seconds: Fairy-Stockfish 11.1 was seen
        repeating depth 1 without end on a position crowded with promoted
        pieces (its output filled 8 GB); it is then stopped."""
        self.send(f"position sfen {sfen}")
        self.send(f"go depth {depth}")
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("records", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--step", type=int, default=3)
    ap.add_argument("--teacher", default="/usr/games/fairy-stockfish")
    ap.add_argument("--limit", type=int, default=0, help="stop after N positions")
    args = ap.parse_args()
    teacher = Teacher(args.teacher)
    seen, written = set(), 0
    with open(args.out, "w") as out:
        for path in args.records:
            for line in open(path):
                if not line.startswith("position startpos moves"):
                    continue
                board = cshogi.Board()
                for ply, mv in enumerate(line.split()[3:]):
                    board.push_usi(mv)
                    if ply < 12 or ply % args.step or board.is_check() or board.is_game_over():
                        continue
                    sfen = board.sfen()
                    key = " ".join(sfen.split()[:3])
                    if key in seen:
                        continue
                    seen.add(key)
                    answer = teacher.score(sfen, args.depth)
                    if answer is None:
                        continue
                    kind, value = answer
                    if kind != "cp" or abs(value) > 3000:
                        continue
                    if board.turn == cshogi.WHITE:
                        value = -value
                    out.write(f"{sfen}\t{value}\n")
                    written += 1
                    if written % 1000 == 0:
                        print(f"{written} positions", file=sys.stderr, flush=True)
                    if args.limit and written >= args.limit:
                        teacher.quit()
                        return
    teacher.quit()
    print(f"{written} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
