#!/usr/bin/env python3
"""Triskelion over USI through cshogi (cshogi.usi.Engine, cshogi.Board as
the referee).

Plays shogi games against another USI engine (Fairy-Stockfish by default)
at main time plus byoyomi, checking that every move Triskelion sends is
legal (a `win` declaration must hold, `resign` only when lost) and that it
never hangs (an alarm per move); a time loss (more than main time plus
byoyomi plus 100 ms) is scored as a loss and fails the run at the end. Prints W/D/L from
Triskelion's side, the score and an Elo estimate with a 95 % interval.
Exit status 1 on any protocol failure.

  shogi_games.py TRISKELION [--opponent CMD] [--option NAME=VALUE ...]
                 [--games N] [--time MS] [--byoyomi MS | --inc MS] [--random-plies N --seed S]
                 [--opponent-margin MS] [--opponent-grace MS] [--record FILE]

--record FILE writes each game as three lines: `game N: ...` (as printed),
`position startpos moves ...`, and `info` followed by one token per ply
after the opening, `score/depth/ms` from the last `info ... score` line of
the engine that moved (score in centipawns from that engine's side, `M5`
or `M-4` for mate scores, `-` where it sent none); an answer that is not
a move (`resign`, `win`, a move past the time) has its token too.
"""

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter

import cshogi
from cshogi.usi import Engine

from match_stats import report
from openings import Game, random_opening


class Hang(Exception):
    pass


def on_alarm(_sig, _frame):
    raise Hang()


def declared_options(cmd):
    """The option names an USI engine declares, from a separate run of it
    (`usi` up to `usiok`, then `quit`): cshogi keeps none, and a second
    `usi` to the playing process goes unanswered by gpsusi."""
    cwd = os.path.dirname(cmd) or None
    proc = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=cwd)
    proc.stdin.write("usi\n")
    proc.stdin.flush()
    names = set()
    signal.setitimer(signal.ITIMER_REAL, 30.0)
    try:
        for line in proc.stdout:
            line = line.strip()
            if line == "usiok":
                break
            if line.startswith("option name ") and " type " in line:
                names.add(line[len("option name "):line.index(" type ")])
    except Hang:
        raise SystemExit(f"FAIL: {cmd} sent no usiok")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait()
    return names


def last_score(lines):
    """`score/depth` from the last info line with a score, or `-`."""
    for line in reversed(lines):
        t = line.split()
        if t[:1] != ["info"] or "score" not in t:
            continue
        i = t.index("score")
        if i + 2 >= len(t):
            continue
        score = t[i + 2] if t[i + 1] == "cp" else "M" + t[i + 2].lstrip("+")
        depth = t[t.index("depth") + 1] if "depth" in t[:-1] else "?"
        return f"{score}/{depth}"
    return "-"


def write_record(record, line, moves, infos):
    """One game in the `--record` file (nothing without one)."""
    if record:
        record.write(f"{line}\nposition startpos moves {' '.join(moves)}\n"
                     f"info {' '.join(infos)}\n")
        record.flush()


# Moves in USI; in shogi a side without a legal move has lost, in check
# or not.
SHOGI = Game(
    new=cshogi.Board,
    moves=lambda b: [cshogi.move_to_usi(m) for m in b.legal_moves],
    push=lambda b, m: b.push_usi(m),
    pop=lambda b: b.pop(),
    over=lambda b: b.is_game_over(),
    mated=lambda b: b.is_game_over(),
)


def play_game(ours, theirs, ours_black, main_ms, byoyomi, max_plies, game_no, opening=(), inc=0,
              margin=0, grace=100, record=None):
    board = cshogi.Board()
    moves = []
    for mv in opening:
        board.push_usi(mv)
        moves.append(mv)
    remain = [main_ms, main_ms]
    seen = Counter([board.zobrist_hash()])
    ours_color = cshogi.BLACK if ours_black else cshogi.WHITE
    for e in (ours, theirs):
        e.usinewgame()
    score = None
    reason = f"{max_plies} plies"
    infos = []
    while len(moves) < max_plies:
        if board.is_game_over():
            score = 0.0 if board.turn == ours_color else 1.0
            reason = "no legal move"
            break
        engine = ours if board.turn == ours_color else theirs
        engine.position(moves)
        if inc:
            byoyomi = 0
        allowed = (remain[board.turn] + byoyomi) / 1000.0
        signal.setitimer(signal.ITIMER_REAL, allowed + 5.0)
        start = time.monotonic()
        lines = []
        # The opponent is told its own time on both clocks: Fairy-Stockfish
        # 11.1 reads the other side's clock in USI (at the start position,
        # `btime 2000 wtime 60000 byoyomi 200` gets 2.9 s of thought from
        # it, `btime 60000 wtime 2000` 0.9 s), overspent its main time as
        # Black and lost on time by ply 10.
        if engine is theirs:
            btime = wtime = remain[board.turn]
        else:
            btime, wtime = remain[cshogi.BLACK], remain[cshogi.WHITE]
        try:
            if inc:
                bestmove, _ = engine.go(btime=btime, wtime=wtime,
                                        binc=inc, winc=inc, listener=lines.append)
            else:
                # The opponent may be told a shorter byoyomi (a margin for
                # engines without a move-overhead option); the allowance
                # below stays the full period.
                told = byoyomi - margin if engine is theirs else byoyomi
                bestmove, _ = engine.go(btime=btime, wtime=wtime,
                                        byoyomi=told, listener=lines.append)
        except Hang:
            who = "Triskelion" if engine is ours else "the opponent"
            raise SystemExit(f"FAIL: {who} hung in game {game_no} at ply {len(moves)}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        spent_ms = (time.monotonic() - start) * 1000.0
        infos.append(f"{last_score(lines)}/{spent_ms:.0f}")
        # Triskelion forfeits 100 ms past its time; the opponent `grace` ms.
        if spent_ms > remain[board.turn] + byoyomi + (100 if engine is ours else grace):
            who = "Triskelion" if engine is ours else "the opponent"
            line = (f"game {game_no}: {who} lost on time at ply {len(moves)} "
                    f"({spent_ms:.0f} ms of {remain[board.turn] + byoyomi})")
            print(line)
            write_record(record, line, moves, infos)
            for e in (ours, theirs):
                e.gameover()
            return (0.0, engine is ours) if engine is ours else (1.0, False)
        remain[board.turn] = max(0, remain[board.turn] - int(spent_ms)) + inc
        if bestmove == "resign":
            if engine is ours and not board.is_game_over() and len(list(board.legal_moves)) > 0:
                # Resigning with legal moves is allowed but never expected here.
                raise SystemExit(f"FAIL: Triskelion resigned with legal moves: {board.sfen()}")
            score = 0.0 if engine is ours else 1.0
            reason = "resign"
            break
        if bestmove == "win":
            if not board.is_nyugyoku():
                who = "Triskelion" if engine is ours else "the opponent"
                raise SystemExit(f"FAIL: {who} declared a win that does not hold: {board.sfen()}")
            score = 1.0 if engine is ours else 0.0
            reason = "declaration"
            break
        move = board.move_from_usi(bestmove)
        if not board.is_legal(move):
            who = "Triskelion" if engine is ours else "the opponent"
            raise SystemExit(f"FAIL: {who} played illegal {bestmove} in {board.sfen()}")
        board.push(move)
        moves.append(bestmove)
        key = board.zobrist_hash()
        seen[key] += 1
        if seen[key] >= 4:
            draw = board.is_draw()
            if draw == cshogi.REPETITION_WIN:
                score = 1.0 if board.turn == ours_color else 0.0
            elif draw == cshogi.REPETITION_LOSE:
                score = 0.0 if board.turn == ours_color else 1.0
            else:
                score = 0.5
            reason = "repetition"
            break
    if score is None:
        score = 0.5
    for e in (ours, theirs):
        e.gameover()
    line = (f"game {game_no}: Triskelion {'black' if ours_black else 'white'}, "
            f"{len(moves)} plies, {reason}, score {score}")
    print(line)
    sys.stdout.flush()
    write_record(record, line, moves, infos)
    return score, False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("triskelion")
    ap.add_argument("--opponent", default="/usr/games/fairy-stockfish")
    ap.add_argument("--option", action="append", default=[],
                    help="NAME=VALUE for the opponent")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--time", type=int, default=2000, help="main time, ms")
    ap.add_argument("--byoyomi", type=int, default=200, help="ms")
    ap.add_argument("--inc", type=int, default=0,
                    help="Fischer increment, ms (replaces the byoyomi)")
    ap.add_argument("--max-plies", type=int, default=256)
    ap.add_argument("--random-plies", type=int, default=0,
                    help="random legal plies opening each game pair")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--overhead", type=int, default=100,
                    help="Triskelion's Move_Overhead, ms")
    ap.add_argument("--opponent-grace", type=int, default=100,
                    help="ms the opponent may overrun its time before it forfeits")
    ap.add_argument("--opponent-margin", type=int, default=0,
                    help="ms taken off the byoyomi the opponent is told (for "
                         "engines that overrun it and have no overhead option)")
    ap.add_argument("--record", help="write the games (moves, scores) to this file")
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, on_alarm)

    # cshogi starts the engine in the directory of its path: make it
    # absolute. Engine() has sent `usi` and read up to `usiok` already; a
    # second `usi` gets no answer from gpsusi (the client would hang).
    # An option the opponent does not declare would be ignored without a
    # word (Fairy-Stockfish's is `Move Overhead`, not `Move_Overhead`).
    options = [o.split("=", 1) for o in args.option]
    if options:
        declared = declared_options(args.opponent)
        unknown = [k for k, _ in options if k not in declared]
        if unknown:
            raise SystemExit(f"FAIL: {args.opponent} declares no option {unknown}; "
                             f"it has {sorted(declared)}")
    ours = Engine(os.path.abspath(args.triskelion))
    theirs = Engine(args.opponent)
    try:
        for e in (ours, theirs):
            e.isready()
        if not ours.name.startswith("Triskelion"):
            raise SystemExit(f"FAIL: id name {ours.name!r}")
        ours.setoption("USI_Hash", 16)
        ours.setoption("Move_Overhead", args.overhead)
        for k, v in options:
            theirs.setoption(k, v)
        for e in (ours, theirs):
            e.isready()
        record = open(args.record, "w") if args.record else None
        rng = random.Random(args.seed)
        scores, opening, time_losses = [], [], 0
        for g in range(args.games):
            if g % 2 == 0:
                opening = random_opening(SHOGI, rng, args.random_plies)
            score, time_loss = play_game(ours, theirs, g % 2 == 0, args.time, args.byoyomi,
                                         args.max_plies, g + 1, opening, args.inc,
                                         args.opponent_margin, args.opponent_grace, record)
            scores.append(score)
            time_losses += time_loss
        report("Triskelion", f"{args.opponent} {args.option}", scores)
    finally:
        ours.quit()
        theirs.quit()
    if time_losses:
        raise SystemExit(f"FAIL: {time_losses} time losses")
    print("OK shogi client")


if __name__ == "__main__":
    main()
