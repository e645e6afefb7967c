#!/usr/bin/env python3
"""Self-play positions of a teacher engine, labelled, for training a chess network.

The teacher (Debian's Stockfish 15.1 at full strength, one thread, by
default) plays games against itself from openings of random legal moves,
choosing every move by a search to a fixed depth. Each position whose
search is kept is written with that search's score and the game's result:

    <fen>\t<score in centipawns from White's side>\t<result from White's side: 1, 0.5, 0>

Kept: from the first position after the random plies on, not in check,
the teacher's best move neither a capture nor a promotion (a quiet
position, whose static value the score measures), no mate score, the
score within 3,000 cp. A game ends by the rules (mate, stalemate,
threefold repetition, the 50-move rule, insufficient material), by
adjudication (a score beyond 1,000 cp, or --adjudicate CP, for six plies
in a row: a win for that side; 400 plies: a draw), or at the end of input.
A higher --adjudicate (at most 3,000) plays decided games on into the
endings, so that the data holds more of them.

With --random-move-rate P, each move after the opening is, with
probability P, a random legal move instead of the teacher's (the position
before it is still labelled by the teacher's search): the games then
reach unbalanced positions that a search meets but good play avoids.

  nnue_data.py --out FILE --games N [--depth D] [--seed S]
               [--random-plies LO-HI] [--random-move-rate P] [--adjudicate CP]
               [--teacher CMD]
"""

import argparse
import random
import sys

import chess
from engine_pipe import EnginePipe

RESULT = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


class Teacher(EnginePipe):
    def __init__(self, cmd):
        super().__init__(cmd.split(), "the teacher")
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait("readyok")

    def search(self, fen, moves, depth):
        """(best move in UCI, score cp or None for a mate, side to move's view)."""
        self.send(f"position fen {fen} moves {' '.join(moves)}" if moves else f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        mate = False
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the teacher exited")
            if line.startswith("info") and " score " in line and " pv " in line:
                t = line.split()
                i = t.index("score")
                if t[i + 1] == "cp":
                    score, mate = int(t[i + 2]), False
                elif t[i + 1] == "mate":
                    score, mate = None, True
            elif line.startswith("bestmove"):
                best = line.split()[1]
                return best, (None if mate else score)


def play_game(teacher, rng, depth, lo, hi, random_rate, adjudicate):
    board = chess.Board()
    for _ in range(rng.randint(lo, hi)):
        moves = list(board.legal_moves)
        if not moves:
            return [], None
        board.push(rng.choice(moves))
    if board.is_game_over():
        return [], None
    start = board.fen()
    played = []
    kept = []
    streak_side, streak = 0, 0
    result = None
    while result is None:
        if board.is_game_over(claim_draw=False) or board.is_repetition(3):
            outcome = board.outcome(claim_draw=True)
            result = outcome.result() if outcome else "1/2-1/2"
            break
        if len(board.move_stack) >= 400:
            result = "1/2-1/2"
            break
        best, score = teacher.search(start, played, depth)
        if best == "(none)":
            result = board.outcome(claim_draw=True).result()
            break
        move = chess.Move.from_uci(best)
        white = score if board.turn == chess.WHITE else (None if score is None else -score)
        if (
            score is not None
            and abs(score) <= 3000
            and not board.is_check()
            and not board.is_capture(move)
            and move.promotion is None
        ):
            kept.append((board.fen(), white))
        if white is not None and abs(white) > adjudicate:
            side = 1 if white > 0 else -1
            streak = streak + 1 if side == streak_side else 1
            streak_side = side
            if streak >= 6:
                result = "1-0" if side > 0 else "0-1"
                break
        else:
            streak = 0
        if random_rate > 0 and rng.random() < random_rate:
            move = rng.choice(list(board.legal_moves))
            streak = 0
        board.push(move)
        played.append(move.uci())
    return kept, result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", default="8-12")
    ap.add_argument("--random-move-rate", type=float, default=0.0)
    ap.add_argument("--adjudicate", type=int, default=1000)
    ap.add_argument("--teacher", default="/usr/games/stockfish")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.random_plies.split("-"))
    if (
        a.games < 1
        or a.depth < 1
        or not 0 <= lo <= hi
        or not 0 <= a.random_move_rate < 1
        or not 100 <= a.adjudicate <= 3000
    ):
        sys.exit(
            "--games and --depth must be positive, --random-plies LO-HI with 0 <= LO <= HI,"
            " --random-move-rate below 1, --adjudicate from 100 to 3000"
        )
    rng = random.Random(a.seed)
    teacher = Teacher(a.teacher)
    total = 0
    with open(a.out, "a") as out:
        for g in range(a.games):
            teacher.send("ucinewgame")
            kept, result = play_game(
                teacher, rng, a.depth, lo, hi, a.random_move_rate, a.adjudicate
            )
            if result is None:
                continue
            for fen, score in kept:
                out.write(f"{fen}\t{score}\t{RESULT[result]}\n")
            out.flush()
            total += len(kept)
            if (g + 1) % 100 == 0:
                print(f"{g + 1} games, {total} positions", file=sys.stderr, flush=True)
    teacher.close()
    print(f"{a.games} games, {total} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
