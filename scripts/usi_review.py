#!/usr/bin/env python3
"""Reads shogi game records written by `tests/clients/shogi_games.py
--record` (`docs/strength/*.usi`) and prints, for each game Triskelion
lost, where the opponent first announced a mate against it (a `mate` score,
or a centipawn score of 100,000 or more as gpsusi gives) and what
Triskelion's own score was then: its score at its move just before, and
its highest score over its last ten moves before. A high score there is a
won-looking position that collapsed; a low one, a loss seen coming.

  usi_review.py RECORD...
"""

import sys


# gpsusi reports a mate it has found as a huge centipawn score (1148897),
# not as `mate`; anything from this bound on counts as a mate announcement.
MATE_CP = 100_000


def announces_mate(score):
    """A mate for the side that reported `score` (a record token)."""
    if score.startswith("M"):
        return not score.startswith("M-")
    return score.lstrip("-").isdigit() and int(score) >= MATE_CP


def review(path):
    lines = open(path).read().split("\n")
    for i in range(0, len(lines) - 2, 3):
        head, moves, info = lines[i], lines[i + 1], lines[i + 2]
        if not head.startswith("game") or not head.endswith("score 0.0"):
            continue
        ours_black = "Triskelion black" in head
        # The info tokens start after the opening's random plies; a game
        # ended by `resign` or `win` has a token for that answer too.
        answer = 1 if ("resign" in head or "declaration" in head) else 0
        first_ply = len(moves.split()) - 3 - (len(info.split()) - 1 - answer)
        ours = []
        found = None
        for k, token in enumerate(info.split()[1:]):
            ply = first_ply + k
            score = token.split("/")[0]
            if (ply % 2 == 0) == ours_black:
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


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for path in sys.argv[1:]:
        review(path)


if __name__ == "__main__":
    main()
