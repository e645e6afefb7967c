#!/usr/bin/env python3
"""A scripted UCI engine for the client checks: it plays the first legal
move (in UCI order) of each position, and with `--crash-at N` its process
aborts on the N-th `go`, as GNU Chess 6.2.7 does now and then on its own
assertion."""

import argparse
import os
import sys

import chess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--crash-at", type=int, default=0)
    args = ap.parse_args()
    board, goes = chess.Board(), 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name fake_uci\nuciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            board = chess.Board() if words[1] == "startpos" else chess.Board(
                " ".join(words[2:8]))
            if "moves" in words:
                for mv in words[words.index("moves") + 1:]:
                    board.push_uci(mv)
        elif words[0] == "go":
            goes += 1
            if goes == args.crash_at:
                os._exit(134)
            move = min(board.legal_moves, key=lambda m: m.uci())
            print(f"info depth 1 score cp 0\nbestmove {move.uci()}", flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
