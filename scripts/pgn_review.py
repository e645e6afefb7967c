#!/usr/bin/env python3
"""Review Triskelion's chess games with full-strength Stockfish.

  scripts/pgn_review.py GAMES.pgn [--nodes N] [--workers W] [--json OUT]

Reads the PGN that `chess_games.py --pgn` (and so `scripts/strength.sh`)
writes, scores every position with Stockfish at N nodes (default 150,000),
and prints, from Triskelion's side:
- how far its own score (the comment of each of its moves) lies above
  Stockfish's score of the position after the move, by the number of men
  on the board, for positions Stockfish calls balanced (|score| < 2.5
  pawns): a positive mean is optimism, where the evaluation misjudges;
- per game its moves that lost a pawn or more by Stockfish's score
  (starting from no worse than -3), with the position.
"""

import argparse
import json
import re
import statistics
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn


def score_game(game, nodes):
    """Rows of (ply, san, ours, before, after, our score, men, fen)."""
    eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    try:
        eng.configure({"Threads": 1, "Hash": 64})
        board = game.board()
        evals, moves = [], list(game.mainline())
        for node in [None] + moves:
            if node is not None:
                board.push(node.move)
            outcome = board.outcome()
            if outcome is not None:
                evals.append(0 if outcome.winner is None
                             else 10000 if outcome.winner == chess.WHITE else -10000)
            else:
                info = eng.analyse(board, chess.engine.Limit(nodes=nodes))
                evals.append(info["score"].white().score(mate_score=10000))
    finally:
        eng.quit()
    ours_white = game.headers["White"] == "Triskelion"
    sign = 1 if ours_white else -1
    board, rows = game.board(), []
    for i, node in enumerate(moves):
        ours = (board.turn == chess.WHITE) == ours_white
        m = re.match(r"([+-]\d+\.\d+)/", node.comment or "")
        own = sign * round(float(m.group(1)) * 100) if m else None
        rows.append(dict(ply=i + 1, san=board.san(node.move), ours=ours,
                         before=sign * evals[i], after=sign * evals[i + 1], own=own,
                         men=len(board.piece_map()), fen=board.fen()))
        board.push(node.move)
    return dict(round=game.headers.get("Round", "?"), result=game.headers["Result"],
                white=ours_white, rows=rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--nodes", type=int, default=150_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", help="write every scored move here")
    args = ap.parse_args()
    games = []
    with open(args.pgn) as f:
        while (g := chess.pgn.read_game(f)) is not None:
            games.append(g)
    with ThreadPoolExecutor(args.workers) as ex:
        reviewed = list(ex.map(lambda g: score_game(g, args.nodes), games))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(reviewed, f)
    ours = [r for g in reviewed for r in g["rows"] if r["ours"] and r["own"] is not None
            and abs(r["own"]) < 5000 and abs(r["after"]) < 250]
    print("Triskelion's score minus Stockfish's after its move, Stockfish within 2.5 pawns:")
    for lo, hi in [(0, 8), (9, 12), (13, 18), (19, 24), (25, 32)]:
        d = [r["own"] - r["after"] for r in ours if lo <= r["men"] <= hi]
        if d:
            print(f"  {lo:2}-{hi:2} men: {len(d):5} moves, mean {statistics.mean(d):+6.0f} cp, "
                  f"sd {statistics.pstdev(d):4.0f}")
    for g in reviewed:
        lost = [r for r in g["rows"] if r["ours"] and r["before"] > -300
                and abs(r["before"]) < 5000 and r["before"] - r["after"] >= 100]
        print(f"game {g['round']} ({'white' if g['white'] else 'black'}, {g['result']}): "
              f"{len(lost)} moves lost a pawn or more")
        for r in sorted(lost, key=lambda r: r["after"] - r["before"])[:3]:
            print(f"  ply {r['ply']} {r['san']}: {r['before']:+} -> {r['after']:+} "
                  f"(own {r['own']:+}) {r['fen']}" if r["own"] is not None else
                  f"  ply {r['ply']} {r['san']}: {r['before']:+} -> {r['after']:+} {r['fen']}")


if __name__ == "__main__":
    main()
