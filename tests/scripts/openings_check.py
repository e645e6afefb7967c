#!/usr/bin/env python3
"""Checks the random openings of the strength clients
(tests/clients/openings.py, used by chess_games.py and shogi_games.py): an
opening after which the game is over or the side to move mates in one is
drawn again, and every other opening is the one a single draw gives (so
runs whose openings needed no second draw keep theirs). Seeds whose first
draw is such an opening: chess 156 (4 plies: 1. e4 g5 2. b4 f6, then 3.
Qh5#), shogi 85 (10 plies), found by scanning seeds 0-1999 and 0-299.
Also that an opening the `accept` predicate refuses is drawn again (and
a predicate that takes every opening changes none), and that the chess client's
`--balanced` judge (Debian's Stockfish, needed here) keeps only openings
it scores within the bound, the same ones on every call: seeds 150-159
at 4 plies, depth 10, 60 cp, where the first draws of seeds 153, 154,
155 and 158 are refused (111, 81, -94 and 122 cp) and that of 156 (a mate
in one) would be. Exit status 1 on a difference."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))

from chess_games import CHESS, balanced, judge_score  # noqa: E402
from openings import mate_in_one, random_opening  # noqa: E402
from shogi_games import SHOGI  # noqa: E402

import chess  # noqa: E402
import chess.engine  # noqa: E402
import cshogi  # noqa: E402
from check_report import finish  # noqa: E402


def single_draw(game, seed, plies):
    rng, board, moves = random.Random(seed), game.new(), []
    for _ in range(plies):
        mv = rng.choice(game.moves(board))
        moves.append(mv)
        game.push(board, mv)
    return moves, board


def check_seeds(name, game, seeds, plies, degenerate_seed, failures):
    for seed in seeds:
        single, board = single_draw(game, seed, plies)
        degenerate = game.over(board) or mate_in_one(game, board)
        if degenerate != (seed == degenerate_seed):
            failures.append(f"{name} seed {seed}: first draw degenerate={degenerate}")
        got = random_opening(game, random.Random(seed), plies)
        b = game.new()
        for mv in got:
            game.push(b, mv)
        if len(got) != plies or game.over(b) or mate_in_one(game, b):
            failures.append(f"{name} seed {seed}: opening {got} ends the game or leaves a mate in one")
        if (got == single) == degenerate:
            failures.append(f"{name} seed {seed}: {got} against the single draw {single}")


def check_accept(seeds, failures):
    """A predicate that refuses the opening drawn without one makes
    `random_opening` draw again; one that takes everything changes
    nothing."""
    for seed in seeds:
        plain = random_opening(CHESS, random.Random(seed), 4)
        if random_opening(CHESS, random.Random(seed), 4, lambda b: True) != plain:
            failures.append(f"chess seed {seed}: an accepting predicate changed the opening")
        got = random_opening(CHESS, random.Random(seed), 4,
                             lambda b: b.move_stack[0] != plain[0])
        if got[0] == plain[0]:
            failures.append(f"chess seed {seed}: {got} kept the refused first move {plain[0]}")


def check_judge(seeds, refused, failures, depth=10, most_cp=60):
    judge = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish", timeout=10)
    try:
        judge.configure({"Threads": 1, "Hash": 16})
        accept = balanced(judge, depth, most_cp)

        def score(moves):
            b = chess.Board()
            for mv in moves:
                b.push(mv)
            return judge_score(judge, b, depth)

        for seed in seeds:
            single, _ = single_draw(CHESS, seed, 4)
            first = score(single)
            if (abs(first) > most_cp) != (seed in refused):
                failures.append(f"judge seed {seed}: first draw {single} scored {first}")
            got = random_opening(CHESS, random.Random(seed), 4, accept)
            again = random_opening(CHESS, random.Random(seed), 4, accept)
            if got != again:
                failures.append(f"judge seed {seed}: {got} then {again}")
            kept = score(got)
            if abs(kept) > most_cp:
                failures.append(f"judge seed {seed}: kept {got}, scored {kept}")
            if (got == single) == (seed in refused):
                failures.append(f"judge seed {seed}: {got} against the single draw {single}")
    finally:
        judge.quit()


def main():
    failures = []
    cases = [
        ("chess: Qh4#", CHESS,
         chess.Board("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"), True),
        ("chess: the start", CHESS, chess.Board(), False),
        ("shogi: G*5b", SHOGI, cshogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), True),
        ("shogi: the start", SHOGI, cshogi.Board(), False),
    ]
    for name, game, board, expected in cases:
        if mate_in_one(game, board) != expected:
            failures.append(f"{name}: mate in one should be {expected}")
    check_seeds("chess", CHESS, range(150, 161), 4, 156, failures)
    check_seeds("shogi", SHOGI, range(80, 91), 10, 85, failures)
    check_accept(range(150, 161), failures)
    check_judge(range(150, 160), {153, 154, 155, 156, 158}, failures)
    finish(failures, "OK openings")


if __name__ == "__main__":
    main()
