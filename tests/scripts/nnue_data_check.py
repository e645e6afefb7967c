#!/usr/bin/env python3
"""Checks the adjudication of scripts/nnue_data.py (`--adjudicate CP`)
with a scripted teacher instead of Stockfish: a game is adjudicated after
six plies in a row whose score (White's view) is beyond the threshold,
not before and not at a score equal to it, and a higher threshold lets
the game go on. Exit status 1 on a difference."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))

import chess  # noqa: E402
from nnue_data import play_game  # noqa: E402
from check_report import finish  # noqa: E402


class ScriptedTeacher:
    """Plays the first legal move (by UCI text) and scores every position
    `white_cp` from White's view; counts its searches."""

    def __init__(self, white_cp):
        self.white_cp = white_cp
        self.searches = 0

    def search(self, fen, moves, depth):
        self.searches += 1
        board = chess.Board(fen)
        for m in moves:
            board.push_uci(m)
        best = min(m.uci() for m in board.legal_moves)
        score = self.white_cp if board.turn == chess.WHITE else -self.white_cp
        return best, score


def run(white_cp, adjudicate):
    teacher = ScriptedTeacher(white_cp)
    kept, result = play_game(teacher, random.Random(1), 6, 0, 0, 0.0, adjudicate)
    return teacher.searches, result, kept


def main():
    failures = []
    searches, result, kept = run(1500, 1000)
    if (searches, result) != (6, "1-0"):
        failures.append(f"+1500 at the default 1,000: {searches} searches, {result}; "
                        "want 6 searches, 1-0")
    if not kept or any(score != 1500 for _, score in kept):
        failures.append(f"+1500 at 1,000: kept scores {[s for _, s in kept]}")
    searches, result, _ = run(-1500, 1000)
    if (searches, result) != (6, "0-1"):
        failures.append(f"-1500 at 1,000: {searches} searches, {result}; want 6, 0-1")
    searches, result, _ = run(1500, 2500)
    if searches <= 6:
        failures.append(f"+1500 at 2,500: adjudicated after {searches} searches ({result})")
    searches, result, _ = run(2500, 2500)
    if searches <= 6:
        failures.append(f"+2500 at 2,500 (not beyond): adjudicated after {searches} searches")
    searches, result, _ = run(2600, 2500)
    if (searches, result) != (6, "1-0"):
        failures.append(f"+2600 at 2,500: {searches} searches, {result}; want 6, 1-0")
    finish(failures, "OK nnue_data adjudication")


if __name__ == "__main__":
    main()
