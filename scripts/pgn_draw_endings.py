#!/usr/bin/env python3
"""How the drawn games of strength-run PGNs (chess_games.py --pgn) ended.

Before the forty-fourth session the chess client ended a game as soon as
the side to move *could* claim a draw (python-chess `claim_draw=True`):
also when one of its moves would make a position's third occurrence or
the hundredth ply without a capture or pawn move, even a side far ahead
that would never play it. This counts, per file, the drawn games whose
last position does not end the game as the client now referees it
(`game_end`: a third occurrence, a hundredth such ply, stalemate,
insufficient material), so the game was ended on a possible claim, and
splits them by where Triskelion stood: the mean of the last two scores in
the comments (White's view, turned to Triskelion's), above +1 pawn, below
-1, or between. Games that reached the client's ply cap
(`--max-plies`, 300 plies unless told: the cap of every strength run
before scripts/strength.sh passed 1,000) are counted apart.

  pgn_draw_endings.py [--max-plies N] FILE.pgn [FILE.pgn ...]
"""

import argparse
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "clients"))

from chess_games import comment_score, game_end  # noqa: E402


def standing(game, ours_white):
    scores, node = [], game.end()
    while node.parent is not None and len(scores) < 2:
        score = comment_score(node.comment)
        if score is not None:
            scores.append(score)
        node = node.parent
    if not scores:
        return 0.0
    mean = sum(scores) / len(scores)
    return mean if ours_white else -mean


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("pgn", nargs="+")
    a = ap.parse_args()
    max_plies, args = a.max_plies, a.pgn
    totals = [0, 0, 0, 0, 0, 0]
    for path in args:
        draws = capped = claimed = ahead = behind = level = 0
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if game.headers.get("Result") != "1/2-1/2":
                    continue
                draws += 1
                board = game.end().board()
                if game_end(board) is not None:
                    continue
                if board.ply() >= max_plies:
                    capped += 1
                    continue
                claimed += 1
                s = standing(game, game.headers.get("White") == "Triskelion")
                if s > 1.0:
                    ahead += 1
                elif s < -1.0:
                    behind += 1
                else:
                    level += 1
        row = [draws, capped, claimed, ahead, behind, level]
        totals = [a + b for a, b in zip(totals, row)]
        print(f"{path}: {draws} draws, {capped} at the ply cap, {claimed} ended on a "
              f"possible claim (Triskelion ahead {ahead}, behind {behind}, level {level})")
    if len(args) > 1:
        d, cap, c, a, b, lv = totals
        print(f"all: {d} draws, {cap} at the ply cap, {c} ended on a possible claim "
              f"(Triskelion ahead {a}, behind {b}, level {lv})")


if __name__ == "__main__":
    main()
