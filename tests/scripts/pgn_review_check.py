#!/usr/bin/env python3
"""Checks scripts/pgn_review.py on hand-made games scored by Debian's
Stockfish: a queen given for a pawn and a move into mate are listed as
Triskelion's losing moves (at their plies, with Stockfish's score falling
to the loss), sound moves are not, the opponent's moves never are, and
the optimism table counts exactly Triskelion's commented moves after
which Stockfish calls the game balanced. The numbers Stockfish gives are
checked only for their sign and size, so another Stockfish version
passes. Exit status 1 on a difference."""

import os
import re
import subprocess
import sys
import tempfile

# Game 1: Triskelion white gives its queen for a pawn at ply 5 (3. Qxe5+).
# Game 2: Triskelion black plays two sound moves; White's 3. Qxf7+?? is the
# opponent's blunder and must not be listed.
# Game 3: from the position after 1. f3 e5, Triskelion white walks into the
# fool's mate (2. g4??, the game's first ply); the game ends in checkmate,
# a terminal position the script scores itself.
PGN = """[Event "check"]
[Round "1"]
[White "Triskelion"]
[Black "Opponent"]
[Result "0-1"]

1. e4 {+0.30/10 0.1s} e5 2. Qh5 {+0.20/10 0.1s} Nc6 3. Qxe5+ {+1.00/10 0.1s}
Nxe5 0-1

[Event "check"]
[Round "2"]
[White "Opponent"]
[Black "Triskelion"]
[Result "0-1"]

1. e4 e5 {-0.20/10 0.1s} 2. Qh5 Nc6 {-0.10/10 0.1s} 3. Qxf7+ Kxf7 {+8.50/10 0.1s} 0-1

[Event "check"]
[Round "3"]
[White "Triskelion"]
[Black "Opponent"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"]

2. g4 {-0.50/10 0.1s} Qh4# 0-1
"""


def fail(msg, out):
    print("pgn_review_check:", msg, "\n--- pgn_review.py printed ---", *out, sep="\n")
    sys.exit(1)


def main():
    script = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "pgn_review.py")
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(PGN)
    try:
        out = subprocess.run([sys.executable, script, f.name, "--nodes", "30000",
                              "--workers", "1"], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    finally:
        os.unlink(f.name)

    # Triskelion's commented moves with Stockfish's score inside 2.5 pawns:
    # e4 and Qh5 in game 1, e5 and Nc6 in game 2. Not Qxe5+
    # (a queen down), Kxf7 (a queen up), g4 (mated).
    table = [l for l in out if re.match(r"\s+\d+-\s*\d+ men:", l)]
    if len(table) != 1 or not re.match(r"\s+25-32 men:\s+4 moves, mean\s+[+-]\d+ cp", table[0]):
        fail("expected one table row, 25-32 men with 4 moves", out)

    games = {}
    current = None
    for line in out:
        m = re.match(r"game (\d+) \((white|black), [^)]*\): (\d+) moves lost a pawn or more", line)
        if m:
            current = m.group(1)
            games[current] = dict(side=m.group(2), count=int(m.group(3)), lines=[])
        elif line.startswith("  ply ") and current is not None:
            games[current]["lines"].append(line)
    if sorted(games) != ["1", "2", "3"]:
        fail("expected a summary for games 1, 2 and 3", out)
    if (games["1"]["side"], games["2"]["side"], games["3"]["side"]) != ("white", "black", "white"):
        fail("sides misread", out)
    if games["2"]["count"] != 0:
        fail("game 2: no move of Triskelion lost material", out)

    def losing(game, ply, san, floor):
        g = games[game]
        if g["count"] != 1 or len(g["lines"]) != 1:
            fail(f"game {game}: expected exactly one losing move", out)
        m = re.match(r"  ply (\d+) (\S+): ([+-]\d+) -> ([+-]\d+)", g["lines"][0])
        if not m or (int(m.group(1)), m.group(2)) != (ply, san):
            fail(f"game {game}: expected ply {ply} {san}", out)
        before, after = int(m.group(3)), int(m.group(4))
        if not (before > -300 and after <= floor):
            fail(f"game {game}: scores {before} -> {after}, expected a fall to {floor} or below",
                 out)

    losing("1", 5, "Qxe5+", -500)
    losing("3", 1, "g4", -9000)
    print("OK pgn_review")


if __name__ == "__main__":
    main()
