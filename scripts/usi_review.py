#!/usr/bin/env python3
"""Reads shogi game records written by `tests/clients/shogi_games.py
--record` (`docs/strength/*.usi`) and prints, for each game Triskelion
lost, where the opponent first announced a mate against it (a `mate` score,
or a centipawn score of 100,000 or more as gpsusi gives) and what
Triskelion's own score was then: its score at its move just before, and
its highest score over its last ten moves before. A high score there is a
won-looking position that collapsed; a low one, a loss seen coming.

With --times it prints instead, over all games of the records, each
side's thinking time per move (median and maximum, in ms) and depth
(median and mean), from the `score/depth/ms` tokens: how long an
opponent such as gpsusi, whose time use changes from run to run, took.

  usi_review.py [--times] RECORD...
"""

import statistics
import sys


# gpsusi reports a mate it has found as a huge centipawn score (1148897),
# not as `mate`; anything from this bound on counts as a mate announcement.
MATE_CP = 100_000


def announces_mate(score):
    """A mate for the side that reported `score` (a record token)."""
    if score.startswith("M"):
        return not score.startswith("M-")
    return score.lstrip("-").isdigit() and int(score) >= MATE_CP


def games(path):
    """(head, [(ply, token, Triskelion's move?)]) for each game of a record."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise SystemExit(f"usi_review.py: cannot read {path}: {e.strerror or e}")
    for i in range(0, len(lines) - 2, 3):
        head, moves, info = lines[i], lines[i + 1], lines[i + 2]
        if not head.startswith("game"):
            continue
        ours_black = "Triskelion black" in head
        # The info tokens start after the opening's random plies; a game
        # ended by `resign` or `win` has a token for that answer too.
        answer = 1 if ("resign" in head or "declaration" in head) else 0
        first_ply = len(moves.split()) - 3 - (len(info.split()) - 1 - answer)
        yield head, [(first_ply + k, token, ((first_ply + k) % 2 == 0) == ours_black)
                     for k, token in enumerate(info.split()[1:])]


def review(path):
    for head, tokens in games(path):
        if not head.endswith("score 0.0"):
            continue
        ours = []
        found = None
        for ply, token, our_move in tokens:
            score = token.split("/")[0]
            if our_move:
                ours.append(score)
            elif announces_mate(score):
                cps = [int(s) for s in ours[-10:] if s != "-" and not s.startswith("M")]
                found = (ply, score, ours[-1] if ours else "-", max(cps, default=None))
                break
        name = head.split(",")[0]
        if found is None:
            print(f"{name}: the opponent announced no mate score")
        else:
            ply, score, last, high = found
            print(f"{name}: the opponent announced {score} at ply {ply}; Triskelion's score "
                  f"just before {last}, highest over its last ten moves {high}")


def times(paths):
    sides = {True: ([], []), False: ([], [])}
    for path in paths:
        for _, tokens in games(path):
            for _, token, our_move in tokens:
                parts = token.split("/")
                if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
                    sides[our_move][0].append(int(parts[2]))
                    sides[our_move][1].append(int(parts[1]))
    for name, our_move in (("Triskelion", True), ("opponent", False)):
        ms, depth = sides[our_move]
        if not ms:
            print(f"{name}: no moves")
            continue
        print(f"{name}: {len(ms)} moves, median {statistics.median(ms):g} ms, max {max(ms)} ms, "
              f"depth median {statistics.median(depth):g}, mean {statistics.mean(depth):.1f}")


def main():
    args = sys.argv[1:]
    show_times = bool(args) and args[0] == "--times"
    paths = args[1:] if show_times else args
    if not paths:
        raise SystemExit(__doc__)
    unknown = [p for p in paths if p.startswith("--")]
    if unknown:
        raise SystemExit(f"usi_review.py: unknown option {unknown[0]} (only --times, first)")
    if show_times:
        times(paths)
        return
    for path in paths:
        review(path)


if __name__ == "__main__":
    main()
