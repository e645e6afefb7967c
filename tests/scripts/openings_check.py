#!/usr/bin/env python3
"""Checks the random openings of the strength clients
(tests/clients/chess_games.py, tests/clients/shogi_games.py): an opening
after which the game is over or the side to move mates in one is drawn
again, and every other opening is the one a single draw gives (so runs
whose openings needed no second draw keep theirs). Seeds whose first draw
is such an opening: chess 156 (4 plies: 1. e4 g5 2. b4 f6, then 3. Qh5#),
shogi 85 (10 plies), found by scanning seeds 0-1999 and 0-299.
Exit status 1 on a difference."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))

import chess  # noqa: E402
import cshogi  # noqa: E402

import chess_games  # noqa: E402
import shogi_games  # noqa: E402


def single_chess(seed, plies):
    rng, board, moves = random.Random(seed), chess.Board(), []
    for _ in range(plies):
        mv = rng.choice(list(board.legal_moves))
        moves.append(mv)
        board.push(mv)
    return moves, board


def single_shogi(seed, plies):
    rng, board, moves = random.Random(seed), cshogi.Board(), []
    for _ in range(plies):
        mv = cshogi.move_to_usi(rng.choice(list(board.legal_moves)))
        moves.append(mv)
        board.push_usi(mv)
    return moves, board


def check(cond, what, failures):
    if not cond:
        failures.append(what)


def main():
    failures = []
    # The one-move mate tests themselves.
    fools = chess.Board("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    check(chess_games.mate_in_one(fools), "chess: Qh4# not found", failures)
    check(not chess_games.mate_in_one(chess.Board()), "chess: a mate in one at the start", failures)
    drop = cshogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    check(shogi_games.mate_in_one(drop), "shogi: G*5b mate not found", failures)
    check(not shogi_games.mate_in_one(cshogi.Board()), "shogi: a mate in one at the start", failures)

    for seed in range(150, 161):
        single, board = single_chess(seed, 4)
        degenerate = board.is_game_over() or chess_games.mate_in_one(board)
        check(degenerate == (seed == 156), f"chess seed {seed}: first draw degenerate={degenerate}", failures)
        got = chess_games.random_opening(random.Random(seed), 4)
        b = chess.Board()
        for mv in got:
            b.push(mv)
        check(len(got) == 4 and not b.is_game_over() and not chess_games.mate_in_one(b),
              f"chess seed {seed}: opening {got} ends the game or leaves a mate in one", failures)
        check((got == single) != degenerate, f"chess seed {seed}: {got} against the single draw {single}",
              failures)

    for seed in range(80, 91):
        single, board = single_shogi(seed, 10)
        degenerate = board.is_game_over() or shogi_games.mate_in_one(board)
        check(degenerate == (seed == 85), f"shogi seed {seed}: first draw degenerate={degenerate}", failures)
        got = shogi_games.random_opening(random.Random(seed), 10)
        b = cshogi.Board()
        for mv in got:
            b.push_usi(mv)
        check(len(got) == 10 and not b.is_game_over() and not shogi_games.mate_in_one(b),
              f"shogi seed {seed}: opening {got} ends the game or leaves a mate in one", failures)
        check((got == single) != degenerate, f"shogi seed {seed}: {got} against the single draw {single}",
              failures)

    for f in failures:
        print("FAIL:", f)
    if failures:
        sys.exit(1)
    print("OK openings")


if __name__ == "__main__":
    main()
