#!/usr/bin/env python3
"""A scripted UCI/USI engine for the match-runner tests.

It knows no rules: it answers `go` with the move of a fixed line at the
index given by the number of moves in the last `position ... moves ...`
command (so the same line serves both colours), and misbehaves on request:

  --line m1:m2:...    the moves to play, indexed by ply (required; colons,
                      since the runner splits engine commands on spaces)
  --mode MODE         normal (default), illegal, crash, hang, noready,
                      garbage, silent, declare
  --at N              misbehave from ply N on (default 0); noready and
                      silent misbehave from the start
  --score CP          print `info depth 1 score cp CP` before each bestmove
  --sleep MS          think this long before each bestmove
  --illegal MOVE      the move the illegal mode plays (default h1h8)
  --fen-offset N      add N to the ply index after `position fen ...` or
                      `position sfen ...` (so one line serves a set-up
                      position reached after N plies of it)
  --options NAMES     the spin options it declares, comma-separated
                      (default `Hash`); `none` for no option at all, not
                      even the variant option
  --variants LIST     the values of the variant option it declares
                      (`UCI_Variant` after `uci`, `USI_Variant` after
                      `usi`), comma-separated; default chess,mengchess or
                      shogi,trisshogi,mengshogi

Modes: illegal plays --illegal; crash exits with status 3 on `go`; hang
stops answering anything (and keeps running); noready answers `uci` but
never `isready`; garbage prints junk lines (non-UTF-8 bytes, a long line,
unknown commands) and then `bestmove` with a junk token; silent never
answers at all; declare answers `bestmove win` (USI's entering-king
declaration). Past the end of the line it plays `0000`.

It speaks USI too: `usi` is answered with `usiok`, and `usinewgame`,
`setoption` and `gameover` are accepted silently, as are all unknown
commands.
"""

import argparse
import sys
import time


def out(text):
    sys.stdout.buffer.write(text.encode() + b"\n")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--line", required=True)
    ap.add_argument("--mode", default="normal")
    ap.add_argument("--at", type=int, default=0)
    ap.add_argument("--score", type=int)
    ap.add_argument("--sleep", type=int, default=0)
    ap.add_argument("--illegal", default="h1h8")
    ap.add_argument("--fen-offset", type=int, default=0)
    ap.add_argument("--options", default="Hash")
    ap.add_argument("--variants")
    args = ap.parse_args()
    line = args.line.replace(":", " ").split()
    sys.stderr.write("fake engine %s starting\n" % args.mode)
    sys.stderr.flush()
    ply = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if args.mode == "silent":
            continue
        if cmd in ("uci", "usi"):
            out("id name Fake " + args.mode)
            out("id author test")
            if args.options != "none":
                for name in args.options.split(","):
                    out("option name %s type spin default 16 min 1 max 1024" % name)
                default = "chess,mengchess" if cmd == "uci" else "shogi,trisshogi,mengshogi"
                variants = (args.variants or default).split(",")
                out("option name %s_Variant type combo default %s %s" % (
                    cmd.upper(), variants[0], " ".join("var " + v for v in variants)))
            out("uciok" if cmd == "uci" else "usiok")
        elif cmd == "isready":
            if args.mode != "noready":
                out("readyok")
        elif cmd == "position":
            ply = len(words) - words.index("moves") - 1 if "moves" in words else 0
            if len(words) > 1 and words[1] in ("fen", "sfen"):
                ply += args.fen_offset
        elif cmd == "go":
            bad = ply >= args.at
            if args.mode == "crash" and bad:
                sys.exit(3)
            if args.mode == "hang" and bad:
                while True:
                    time.sleep(1)
            if args.sleep:
                time.sleep(args.sleep / 1000)
            if args.score is not None:
                out("info depth 1 score cp %d nodes 1 pv x" % args.score)
            if args.mode == "garbage" and bad:
                sys.stdout.buffer.write(b"\xff\xfe garbage \x00 bytes\n")
                sys.stdout.buffer.write(b"x" * 100000 + b"\n")
                out("info score cp")
                out("bestmove_nope e2e4")
                out("bestmove @@garbage@@")
                continue
            if args.mode == "declare" and bad:
                out("bestmove win")
                continue
            if args.mode == "illegal" and bad:
                out("bestmove " + args.illegal)
                continue
            out("bestmove " + (line[ply] if ply < len(line) else "0000"))
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
