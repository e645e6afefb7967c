#!/usr/bin/env python3
"""Checks how the chess strength client ends a game
(tests/clients/chess_games.py `game_end`): a draw by repetition comes with
the third occurrence of a position and a draw by the fifty-move rule with
the hundredth ply without a capture or pawn move, as a GUI referees them,
not when the side to move merely could reach either with one of its moves
(python-chess's `claim_draw=True`, which the client used before the
forty-fourth session); a mate on the hundredth ply is a mate. Also that
`comment_score` reads back the score `move_comment` writes, and that an
opponent whose process dies mid-game (the match-runner tests' scripted
engine, tests/fake_engines/fake_engine.py --mode crash) loses that game
with a line `match_stats.py` counts, while Triskelion's own crash stops
the run. Exit status 1 on a difference."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))

from chess_games import comment_score, game_end, move_comment, play_game  # noqa: E402
from match_stats import scores_of  # noqa: E402

import chess  # noqa: E402
import chess.engine  # noqa: E402
from check_report import finish  # noqa: E402


def check(name, board, want_termination, want_winner, failures):
    got = game_end(board)
    got_pair = None if got is None else (got.termination, got.winner)
    want_pair = None if want_termination is None else (want_termination, want_winner)
    if got_pair != want_pair:
        failures.append(f"{name}: {board.fen()}: got {got_pair}, want {want_pair}")


def one_move_away(name, board, can_claim, move, termination, failures):
    """`move` would end the game by `termination`: python-chess lets the
    side to move claim it already, but the game goes on until it is
    played."""
    if not can_claim(board):
        failures.append(f"{name}: python-chess sees no claim one move before")
    check(f"{name} one move away", board, None, None, failures)
    board.push_uci(move)
    check(name, board, termination, None, failures)


def main():
    failures = []
    T = chess.Termination

    # Knights out and back twice: before the last Ng8 the start position
    # has occurred twice and Black's Ng8 would make the third.
    board = chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
        board.push_uci(uci)
    one_move_away("the third occurrence", board, chess.Board.can_claim_threefold_repetition,
                  "f6g8", T.THREEFOLD_REPETITION, failures)

    # 99 plies without a capture or pawn move: a quiet rook move would make
    # the hundredth.
    one_move_away("the hundredth ply", chess.Board("8/8/8/4k3/8/8/R7/4K3 w - - 99 80"),
                  chess.Board.can_claim_fifty_moves, "a2a3", T.FIFTY_MOVES, failures)

    # The hundredth ply mates: the mate stands.
    board = chess.Board("k7/8/1K6/8/8/8/8/7R w - - 99 80")
    board.push_uci("h1h8")
    check("a mate on the hundredth ply", board, T.CHECKMATE, chess.WHITE, failures)

    # The automatic endings as python-chess has them.
    check("stalemate", chess.Board("k7/8/1Q6/8/8/8/8/7K b - - 0 1"), T.STALEMATE, None, failures)
    check("insufficient material", chess.Board("k7/8/8/8/8/8/8/6BK w - - 0 1"),
          T.INSUFFICIENT_MATERIAL, None, failures)
    check("the start position", chess.Board(), None, None, failures)

    # Scores written into the PGN comments and read back (White's view).
    for info, want in [
        ({"score": chess.engine.PovScore(chess.engine.Cp(123), chess.WHITE), "depth": 9}, 1.23),
        ({"score": chess.engine.PovScore(chess.engine.Cp(45), chess.BLACK), "depth": 9}, -0.45),
        ({"score": chess.engine.PovScore(chess.engine.Mate(3), chess.BLACK), "depth": 9}, -100.0),
        ({"score": chess.engine.PovScore(chess.engine.Mate(2), chess.WHITE), "depth": 9}, 100.0),
        ({}, None),
    ]:
        comment = move_comment(info, 0.25, 3.5)
        if comment_score(comment) != want:
            failures.append(f"comment {comment!r}: read {comment_score(comment)}, want {want}")

    crashes(failures)
    finish(failures, "OK chess game endings")


def crashes(failures):
    fake = [sys.executable,
            os.path.join(os.path.dirname(__file__), "..", "fake_engines", "fake_engine.py"),
            "--line", "e2e4:e7e5:g1f3:b8c6:f1c4:f8c5:c2c3:g8f6:d2d4:e5d4"]

    def popen(cmd):
        return chess.engine.SimpleEngine.popen_uci(cmd, stderr=subprocess.DEVNULL)

    def game(ours, theirs, lines):
        # ours plays White, the opponent Black (plies 1, 3, 5, ...).
        return play_game(ours, theirs, True, 10.0, 0.1, False, 100, 7, lines.append)

    ours, theirs = popen(fake), popen(fake + ["--mode", "crash", "--at", "5"])
    try:
        lines = []
        got = game(ours, theirs, lines)
        if got != (1.0, False, True):
            failures.append(f"opponent crash: play_game gave {got}, want (1.0, False, True)")
        if not lines or not lines[0].startswith("game 7: the opponent crashed at ply 5 "):
            failures.append(f"opponent crash: logged {lines}")
        if scores_of(lines) != ([1.0], 0, 0, 1):
            failures.append(f"opponent crash: match_stats read {scores_of(lines)} from {lines}")
    finally:
        ours.quit()
        theirs.close()

    ours, theirs = popen(fake + ["--mode", "crash", "--at", "4"]), popen(fake)
    try:
        game(ours, theirs, [])
        failures.append("Triskelion's crash did not stop the run")
    except chess.engine.EngineTerminatedError:
        pass
    finally:
        ours.close()
        theirs.quit()


if __name__ == "__main__":
    main()
