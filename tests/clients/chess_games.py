#!/usr/bin/env python3
"""Triskelion over UCI through python-chess (chess.engine.SimpleEngine).

Plays games of plain chess against another UCI engine at a clock, checking
that every move Triskelion sends is legal and that it never hangs
(python-chess times out), keeping both clocks as a GUI does (a time loss
is scored as a loss, and one of Triskelion's fails the run at the end), then runs an `analyse` with
MultiPV. Prints W/D/L from Triskelion's side, the score and an Elo
estimate with a 95 % interval. Exit status 1 on any protocol failure.

  chess_games.py TRISKELION [--opponent CMD] [--option NAME=VALUE ...]
                 [--games N] [--tc SECONDS+INC] [--ponder] [--no-analyse]
                 [--random-plies N --seed S [--balanced CP]] [--pgn FILE]

With --balanced CP a random opening is drawn again while a judge engine
(--judge, default Debian's Stockfish, one thread, its table cleared for
every position) scores it beyond CP centipawns for either side at
--judge-depth (default 12): a pair of games from a lost opening is one
win each, whoever is stronger, and says nothing. Stockfish at a fixed depth
on one thread is deterministic, so a seed still gives the same openings.

With --pgn every game is appended to FILE, each move commented with the
mover's score (White's view, as its info reported it), depth, the seconds
it spent and the clock left after the increment, for analysing losses.
"""

import argparse
import random
import re
import shlex
import sys
import time

import chess
import chess.engine
import chess.pgn

from match_stats import report
from openings import Game, random_opening


def judge_score(judge, board, depth):
    """`judge`'s score of `board` at `depth` in centipawns for the side to
    move (a mate as +-100,000), its table cleared first (a new game for
    every position) so that the score does not depend on what it saw
    before."""
    info = judge.analyse(board, chess.engine.Limit(depth=depth), game=object())
    return info["score"].relative.score(mate_score=100_000)


def balanced(judge, depth, most_cp):
    """For `random_opening`: whether `judge` scores a board within
    `most_cp` centipawns of even at `depth` (a mate is beyond any bound)."""
    return lambda board: abs(judge_score(judge, board, depth)) <= most_cp


def move_comment(info, spent, clock):
    """`score/depth spent clock`, the score from White's view in pawns."""
    parts = []
    score = info.get("score")
    if score is not None:
        w = score.white()
        parts.append(f"#{w.mate()}" if w.is_mate() else f"{w.score() / 100:+.2f}")
        if "depth" in info:
            parts[-1] += f"/{info['depth']}"
    parts.append(f"{spent:.2f}s")
    parts.append(f"[%clk {max(clock, 0.0):.2f}]")
    return " ".join(parts)


def comment_score(comment):
    """The score of a `move_comment` in pawns from White's view (a mate
    as +-100), or None when the comment has none."""
    m = re.match(r"\s*(#-?\d+|[+-]?\d+\.\d+)/", comment or "")
    if not m:
        return None
    text = m.group(1)
    if text.startswith("#"):
        return -100.0 if text.startswith("#-") else 100.0
    return float(text)


def write_pgn(path, board, comments, game_no, ours_white, opponent, result, termination=None):
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = "chess_games.py"
    game.headers["Round"] = str(game_no)
    game.headers["White"] = "Triskelion" if ours_white else opponent
    game.headers["Black"] = opponent if ours_white else "Triskelion"
    game.headers["Result"] = result
    if termination:
        game.headers["Termination"] = termination
    node = game
    for i, mv in enumerate(board.move_stack):
        node = node.variations[0]
        if i in comments:
            node.comment = comments[i]
    with open(path, "a") as f:
        print(game, file=f, end="\n\n")


CHESS = Game(
    new=chess.Board,
    moves=lambda b: list(b.legal_moves),
    push=lambda b, m: b.push(m),
    pop=lambda b: b.pop(),
    over=lambda b: b.is_game_over(),
    mated=lambda b: b.is_checkmate(),
)


def game_end(board):
    """The outcome as a GUI referees the game, or None while it goes on.

    Checkmate, stalemate and insufficient material as python-chess has them,
    a position on the board for the third time, or a hundred plies without
    a capture or a pawn move (unless the hundredth mates). Not python-chess's
    `claim_draw=True`: that also ends the game when the side to move merely
    could reach a third occurrence or the hundredth ply with one of its
    moves, which a side that is winning would never play (Cute Chess and
    Triskelion's own referee end a game on the occurrence itself).
    """
    outcome = board.outcome()
    if outcome is not None:
        return outcome
    if board.is_repetition(3):
        return chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
    if board.is_fifty_moves():
        return chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    return None


def play_game(ours, theirs, ours_white, base, inc, ponder, max_plies, game_no, log, opening=(),
              margin=0.0, pgn=None, opponent="opponent"):
    board = chess.Board()
    for mv in opening:
        board.push(mv)
    comments = {}
    clocks = {chess.WHITE: base, chess.BLACK: base}
    ours_color = chess.WHITE if ours_white else chess.BLACK
    while game_end(board) is None and board.ply() < max_plies:
        mover = ours if board.turn == ours_color else theirs
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
            white_inc=inc, black_inc=inc)
        start = time.monotonic()
        try:
            result = mover.play(board, limit, game=game_no,
                                ponder=ponder and mover is ours,
                                info=chess.engine.INFO_SCORE if pgn else chess.engine.INFO_NONE)
        except chess.engine.EngineTerminatedError as err:
            if mover is ours:
                raise
            # The opponent's process ended mid-game (GNU Chess 6.2.7 aborts
            # now and then on its own assertion `nread < BUF_SIZE-1`): its
            # loss, as a tournament manager scores a disconnect; the caller
            # starts it again.
            log(f"game {game_no}: the opponent crashed at ply {board.ply()} ({err})")
            if pgn:
                write_pgn(pgn, board, comments, game_no, ours_white, opponent,
                          "1-0" if ours_white else "0-1", "abandoned")
            return 1.0, False, True
        spent = time.monotonic() - start
        # Both clocks run, as in a GUI; a move that overruns the clock by
        # more than the margin loses.
        clocks[board.turn] -= spent
        if clocks[board.turn] < -margin:
            who = "Triskelion" if mover is ours else "the opponent"
            log(f"game {game_no}: {who} lost on time at ply {board.ply()} "
                f"({spent:.3f} s spent, {clocks[board.turn]:.3f} s left)")
            return (0.0, True, False) if mover is ours else (1.0, False, False)
        clocks[board.turn] = max(clocks[board.turn], 0.0) + inc
        if result.move is None:
            raise SystemExit(f"FAIL: no move in game {game_no}: {result}")
        if result.move not in board.legal_moves:
            raise SystemExit(f"FAIL: illegal move {result.move} in {board.fen()}")
        comments[len(board.move_stack)] = move_comment(result.info, spent, clocks[board.turn])
        board.push(result.move)
    outcome = game_end(board)
    if outcome is None or outcome.winner is None:
        score = 0.5
    else:
        score = 1.0 if outcome.winner == ours_color else 0.0
    reason = outcome.termination.name if outcome else f"{max_plies} plies"
    if pgn:
        result = outcome.result() if outcome else "1/2-1/2"
        write_pgn(pgn, board, comments, game_no, ours_white, opponent, result)
    log(f"game {game_no}: Triskelion {'white' if ours_white else 'black'}, "
        f"{board.ply()} plies, {reason}, score {score}")
    return score, False, False


def start_opponent(command, opts):
    theirs = chess.engine.SimpleEngine.popen_uci(shlex.split(command), timeout=10)
    if opts:
        theirs.configure(opts)
    return theirs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("triskelion")
    ap.add_argument("--opponent", default="/usr/games/stockfish")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE for the opponent")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--tc", default="4+0.05")
    ap.add_argument("--ponder", action="store_true")
    ap.add_argument("--no-analyse", action="store_true")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--random-plies", type=int, default=0,
                    help="random legal plies opening each game pair")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--balanced", type=int, metavar="CP",
                    help="draw a random opening again while the judge scores it beyond CP")
    ap.add_argument("--judge", default="/usr/games/stockfish",
                    help="the UCI engine that scores the openings for --balanced")
    ap.add_argument("--judge-depth", type=int, default=12)
    ap.add_argument("--overhead", type=int, default=100,
                    help="Triskelion's Move Overhead, ms (the pipe and python-chess on a loaded machine)")
    ap.add_argument("--pgn", help="append every game, moves commented, to this file")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="seconds a move may overrun the clock before it loses (both sides)")
    args = ap.parse_args()
    if args.balanced is not None and args.balanced < 0:
        ap.error(f"--balanced must be at least 0, not {args.balanced}")
    if args.balanced is not None and args.random_plies < 1:
        ap.error("--balanced needs --random-plies")
    if not 1 <= args.judge_depth <= 30:
        ap.error(f"--judge-depth must be 1 to 30, not {args.judge_depth}")
    base, inc = (float(x) for x in args.tc.split("+"))
    opts = {}
    for o in args.option:
        k, v = o.split("=", 1)
        opts[k] = v

    ours = chess.engine.SimpleEngine.popen_uci(args.triskelion, timeout=10)
    theirs = start_opponent(args.opponent, opts)
    judge, accept = None, None
    try:
        if args.balanced is not None:
            judge = chess.engine.SimpleEngine.popen_uci(shlex.split(args.judge), timeout=10)
            judge.configure({"Threads": 1, "Hash": 16})
            accept = balanced(judge, args.judge_depth, args.balanced)
        name = ours.id.get("name", "")
        if not name.startswith("Triskelion"):
            raise SystemExit(f"FAIL: id name {name!r}")
        if "UCI_Variant" not in ours.options or "chess" not in ours.options["UCI_Variant"].var:
            raise SystemExit("FAIL: UCI_Variant must offer chess")
        ours.configure({"Hash": 16, "Threads": 1, "Move Overhead": args.overhead})
        scores, failures, time_losses, crashes = [], [], 0, 0
        rng = random.Random(args.seed)
        opening = []
        for g in range(args.games):
            if g % 2 == 0:
                opening = random_opening(CHESS, rng, args.random_plies, accept)
            score, time_loss, crashed = play_game(
                ours, theirs, g % 2 == 0, base, inc, args.ponder, args.max_plies, g + 1, print,
                opening, args.margin, args.pgn, f"{args.opponent} {opts}")
            scores.append(score)
            time_losses += time_loss
            if crashed:
                crashes += 1
                theirs.close()
                theirs = start_opponent(args.opponent, opts)
            sys.stdout.flush()
        report("Triskelion", f"{args.opponent} {opts}", scores)
        if crashes:
            print(f"opponent crashes: {crashes} (each scored as the opponent's loss)")
        if time_losses:
            failures.append(f"{time_losses} time losses")
        if not args.no_analyse:
            board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            infos = ours.analyse(board, chess.engine.Limit(depth=6), multipv=3)
            if len(infos) != 3:
                raise SystemExit(f"FAIL: analyse multipv 3 gave {len(infos)} lines")
            seen = set()
            for i, info in enumerate(infos):
                pv = info.get("pv")
                if not pv or pv[0] not in board.legal_moves or "score" not in info:
                    raise SystemExit(f"FAIL: analyse line {i + 1}: {info}")
                seen.add(pv[0])
            if len(seen) != 3:
                raise SystemExit(f"FAIL: MultiPV lines share a first move: {infos}")
            print("analyse multipv 3:", ", ".join(
                f"{info['pv'][0]} {info['score'].white()}" for info in infos))
    finally:
        ours.quit()
        theirs.quit()
        if judge is not None:
            judge.quit()
    if failures:
        raise SystemExit("FAIL: " + ", ".join(failures))
    print("OK chess client")


if __name__ == "__main__":
    main()
