#!/usr/bin/env python3
"""Labels chess positions for tuning the evaluation (`triskelion tune-chess`).

Reads PGN files (for example written by `triskelion match --out`; games of
other variants are skipped), samples positions (from ply 8 on, every
STEP-th ply, not in check, each position once), asks a teacher engine over
UCI for its score at a fixed depth, and writes one line per position:

    <fen>\t<score in centipawns from White's side>

Mate scores and scores beyond 3000 cp are skipped. The teacher is Debian's
Stockfish at full strength by default. An odd STEP (default 3) samples
both sides to move, so that the tempo can be fitted.

  chess_teacher.py PGN... --out FILE [--depth D] [--step S]
                   [--teacher CMD] [--limit N]
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn


def positions(paths, step):
    seen = set()
    for path in paths:
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if game.headers.get("Variant", "chess").lower() not in ("chess", "standard"):
                    continue
                board = game.board()
                for ply, move in enumerate(game.mainline_moves(), start=1):
                    board.push(move)
                    if ply < 8 or (ply - 8) % step or board.is_check() or board.is_game_over():
                        continue
                    fen = board.fen()
                    key = " ".join(fen.split()[:4])
                    if key not in seen:
                        seen.add(key)
                        yield fen


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--step", type=int, default=3)
    ap.add_argument("--teacher", default="/usr/games/stockfish")
    ap.add_argument("--limit", type=int, default=0, help="stop after N labelled positions")
    a = ap.parse_args()
    if a.step < 1 or a.depth < 1:
        sys.exit("--step and --depth must be positive")
    engine = chess.engine.SimpleEngine.popen_uci(a.teacher.split())
    engine.configure({"Threads": 1, "Hash": 16})
    written = skipped = 0
    with open(a.out, "w") as out:
        for fen in positions(a.pgn, a.step):
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=a.depth))
            score = info["score"].white()
            if score.is_mate() or abs(score.score()) > 3000:
                skipped += 1
                continue
            out.write(f"{fen}\t{score.score()}\n")
            written += 1
            if written % 1000 == 0:
                print(f"{written} positions", file=sys.stderr, flush=True)
            if a.limit and written >= a.limit:
                break
    engine.quit()
    print(f"{written} positions written to {a.out}, {skipped} skipped (mate or beyond 3000 cp)")


if __name__ == "__main__":
    main()
