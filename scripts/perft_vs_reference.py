#!/usr/bin/env python3
"""Paired perft timing: Triskelion against a reference engine, A B A B ...

Whole-process wall time of each run, single thread. Prints every pair and the
median ratio reference/triskelion (above 1 = Triskelion faster).

usage: perft_vs_reference.py [--pairs N] [--variant chess|shogi] [--depth D]
                             [--triskelion PATH] [--extra "--no-hash"]
"""
import argparse
import statistics
import subprocess
import time

REFERENCES = {
    "chess": (["/usr/games/stockfish"], "position startpos\ngo perft {d}\nquit\n"),
    "shogi": (["/usr/games/fairy-stockfish"], "usi\nposition startpos\ngo perft {d}\nquit\n"),
}


def timed(cmd, stdin=None):
    start = time.perf_counter()
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    nodes = [line for line in out.splitlines() if line.startswith("Nodes searched")]
    return elapsed, nodes[-1] if nodes else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--variant", default="chess", choices=sorted(REFERENCES))
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--triskelion", default="target/release/triskelion")
    ap.add_argument("--extra", default="")
    args = ap.parse_args()
    ref_cmd, ref_input = REFERENCES[args.variant]
    tri_cmd = [args.triskelion, "perft", "--variant", args.variant, "--depth", str(args.depth)]
    tri_cmd += args.extra.split()
    ratios = []
    for i in range(args.pairs):
        t_tri, n_tri = timed(tri_cmd)
        t_ref, n_ref = timed(ref_cmd, ref_input.format(d=args.depth))
        ratios.append(t_ref / t_tri)
        print(f"pair {i + 1}: triskelion {t_tri:.3f} s ({n_tri}), reference {t_ref:.3f} s ({n_ref}), ratio {t_ref / t_tri:.2f}")
    print(f"median ratio reference/triskelion: {statistics.median(ratios):.2f} over {args.pairs} pairs")


if __name__ == "__main__":
    main()
