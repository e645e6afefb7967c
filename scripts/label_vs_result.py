#!/usr/bin/env python3
"""How well two labels of the same positions predict the game results (not CI).

    python3 scripts/label_vs_result.py GEN_DATA LABELLED [--scale 0.55]

GEN_DATA holds `triskelion gen-data` lines (sfen, Triskelion's score,
result, from Black's side); LABELLED the same positions labelled again
(`scripts/shogi_teacher.py --positions`). For the positions in both, each
score's squared error against the result as 1 / (1 + e^(-score / K)) with
its best K (a scan of 50 to 1,990 in steps of 10), the same for mixes of
the two (the teacher's score times SCALE), the median ratio of the
teacher's score to Triskelion's (both of one sign, Triskelion's between
150 and 1,500 cp), and who had the winner where both are beyond 200 cp
(each in its own units) of opposite signs. docs/nnue.md (the fourth
shogi network) has its numbers.
"""
import argparse
import math
import statistics


def best_error(pairs):
    def error(k):
        return sum((1 / (1 + math.exp(max(-60.0, min(60.0, -v / k)))) - r) ** 2
                   for v, r in pairs) / len(pairs)
    return min((error(k), k) for k in range(50, 2000, 10))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gen_data")
    ap.add_argument("labelled")
    ap.add_argument("--scale", type=float, default=0.55)
    args = ap.parse_args()
    own = {}
    for line in open(args.gen_data):
        sfen, score, result = line.rstrip("\n").split("\t")
        own[sfen] = (int(score), float(result))
    rows = []
    for line in open(args.labelled):
        sfen, score = line.rstrip("\n").split("\t")[:2]
        if sfen in own:
            rows.append((own[sfen][0], int(score), own[sfen][1]))
    mean = sum(r for _, _, r in rows) / len(rows)
    print(f"{len(rows)} positions, mean result {mean:.3f}")
    for name, pairs in (("own", [(t, r) for t, _, r in rows]),
                        ("teacher", [(g, r) for _, g, r in rows])):
        err, k = best_error(pairs)
        print(f"{name}: best K {k}, squared error {err:.5f}")
    for w in (0.25, 0.5, 0.75):
        err, k = best_error([((1 - w) * t + w * args.scale * g, r) for t, g, r in rows])
        print(f"mix {w} teacher x {args.scale}: best K {k}, squared error {err:.5f}")
    ratios = [g / t for t, g, _ in rows if 150 < abs(t) < 1500 and g * t > 0]
    print(f"median ratio teacher / own: {statistics.median(ratios):.2f}")
    print(f"signs agree: {sum((t > 0) == (g > 0) for t, g, _ in rows) / len(rows):.3f}")
    split = [(t, g, r) for t, g, r in rows if abs(t) > 200 and abs(g) > 200 and (t > 0) != (g > 0)]
    print(f"opposite beyond 200: {len(split)}, own right {sum((t > 0) == (r > 0.5) for t, _, r in split)}, "
          f"teacher right {sum((g > 0) == (r > 0.5) for _, g, r in split)}")


if __name__ == "__main__":
    main()
