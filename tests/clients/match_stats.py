"""W/D/L, score and Elo with a 95 % interval (normal approximation of the
per-game score, trinomial variance)."""

import math
import re
import sys


def elo(p):
    if p <= 0.0:
        return float("-inf")
    if p >= 1.0:
        return float("inf")
    # `+ 0.0` turns the -0 of an even score into 0.
    return -400.0 * math.log10(1.0 / p - 1.0) + 0.0


def report(ours, theirs, scores):
    n = len(scores)
    w = sum(1 for s in scores if s == 1.0)
    d = sum(1 for s in scores if s == 0.5)
    l = n - w - d
    p = (w + 0.5 * d) / n if n else 0.0
    var = sum((s - p) ** 2 for s in scores) / n if n else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    lo, hi = elo(max(p - half, 0.0)), elo(min(p + half, 1.0))
    print(f"{ours} vs {theirs}: games {n}  W {w}  D {d}  L {l}  score {p:.3f}  "
          f"Elo {elo(p):+.0f} (95% {lo:+.0f} .. {hi:+.0f})")
    return w, d, l


GAME = re.compile(r"^game \d+: Triskelion (white|black), .*, score (0\.0|0\.5|1\.0)$")
OUR_FORFEIT = re.compile(r"^game \d+: Triskelion lost on time")
THEIR_FORFEIT = re.compile(r"^game \d+: the opponent lost on time")
THEIR_CRASH = re.compile(r"^game \d+: the opponent crashed at ply")


def scores_of(lines):
    """Triskelion's game scores from the per-game lines of chess_games.py
    and shogi_games.py, the number of time forfeits (ours, theirs) and of
    games the opponent lost by crashing."""
    scores, ours, theirs, crashes = [], 0, 0, 0
    for line in lines:
        line = line.strip()
        m = GAME.match(line)
        if m:
            scores.append(float(m.group(2)))
        elif OUR_FORFEIT.match(line):
            scores.append(0.0)
            ours += 1
        elif THEIR_FORFEIT.match(line):
            scores.append(1.0)
            theirs += 1
        elif THEIR_CRASH.match(line):
            scores.append(1.0)
            crashes += 1
    return scores, ours, theirs, crashes


def combine(paths):
    """One report over the game lines of several logs of one pairing."""
    scores, ours, theirs, crashes = [], 0, 0, 0
    for path in paths:
        with open(path) as f:
            s, o, t, c = scores_of(f)
        scores += s
        ours += o
        theirs += t
        crashes += c
    report("Triskelion", f"{len(paths)} logs", scores)
    print(f"time forfeits: Triskelion {ours}, opponent {theirs}")
    if crashes:
        print(f"opponent crashes: {crashes} (each scored as the opponent's loss)")


def self_check():
    # Even score is 0 Elo, 3:1 is about +191.
    assert elo(0.5) == 0.0 and f"{elo(0.5):+.0f}" == "+0"
    assert abs(elo(0.75) - 190.85) < 0.1
    assert report("a", "b", [1.0, 0.5, 0.0, 1.0]) == (2, 1, 1)
    s, o, t, c = scores_of([
        "game 1: Triskelion white, 140 plies, CHECKMATE, score 0.0",
        "game 2: Triskelion black, 72 plies, THREEFOLD_REPETITION, score 0.5",
        "game 3: Triskelion lost on time at ply 40 (0.300 s spent, -0.1 s left)",
        "game 4: the opponent lost on time at ply 47 (457 ms of 279)",
        "game 5: Triskelion black, 99 plies, no legal move, score 1.0",
        "game 6: the opponent crashed at ply 56 (engine process died unexpectedly (exit code: -6))",
        "analyse multipv 3: f1c4 +12",
    ])
    assert (s, o, t, c) == ([0.0, 0.5, 0.0, 1.0, 1.0, 1.0], 1, 1, 1), (s, o, t, c)


if __name__ == "__main__":
    # match_stats.py combine LOG...: W/D/L and Elo over the game lines of
    # the logs; with no arguments, a self-check.
    if len(sys.argv) > 2 and sys.argv[1] == "combine":
        combine(sys.argv[2:])
    else:
        self_check()
        print("OK match_stats")
