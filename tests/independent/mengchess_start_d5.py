#!/usr/bin/env python3
"""Independent check of the MengChess start-position perft at depth 5.

Up to depth 4 no Tris can be on the board (the drop switch needs two
captures, T-3), so MengChess equals chess. At ply 5 the side to move may
also drop a Tris on any empty square when two captures were made (C-10),
where the drop leaves its king safe: every empty square when not in check,
the squares between king and checker for a single slider check, none
otherwise. python-chess supplies the chess part, so this count does not
share code with Triskelion.

usage: mengchess_start_d5.py TRISKELION_BINARY
"""
import subprocess
import sys

import chess


def drops(board: chess.Board) -> int:
    checkers = list(board.checkers())
    empty = 64 - len(board.piece_map())
    if not checkers:
        return empty
    if len(checkers) > 1:
        return 0
    king = board.king(board.turn)
    return len(chess.SquareSet(chess.between(king, checkers[0])))


def walk(board: chess.Board, depth: int, captures: int) -> int:
    if depth == 1:
        n = board.legal_moves.count()
        return n + (drops(board) if captures >= 2 else 0)
    total = 0
    for mv in list(board.legal_moves):
        took = board.is_capture(mv)
        board.push(mv)
        total += walk(board, depth - 1, captures + took)
        board.pop()
    return total


def main():
    expected = walk(chess.Board(), 5, 0)
    out = subprocess.run([sys.argv[1], "perft", "--variant", "mengchess", "--depth", "5"],
                         capture_output=True, text=True, check=True).stdout
    got = int(out.strip().splitlines()[-1].split(":")[1])
    print(f"independent count {expected}, triskelion {got}")
    sys.exit(0 if expected == got else 1)


if __name__ == "__main__":
    main()
