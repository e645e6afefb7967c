#!/usr/bin/env python3
"""Measures how fast the engine answers during a search: `isready` ->
`readyok` and `stop` -> `bestmove` after a `go infinite` of a given length,
over UCI (chess) and USI (shogi).

  scripts/protocol_latency.py [BINARY] [--trials N] [--threads T]
"""
import argparse
import statistics
import time

from engine_pipe import EnginePipe


def run(binary, proto, threads, trials, think):
    e = EnginePipe([binary])
    send = e.send

    def wait(prefix):
        e.wait(prefix)
        return time.monotonic()

    send(proto)
    wait(proto + "ok")
    send(f"setoption name Threads value {threads}")
    send("isready")
    wait("readyok")
    ready, stop = [], []
    for _ in range(trials):
        send("position startpos")
        send("go infinite")
        time.sleep(think)
        t = time.monotonic()
        send("isready")
        ready.append(wait("readyok") - t)
        t = time.monotonic()
        send("stop")
        stop.append(wait("bestmove") - t)
    e.close(timeout=5)
    ms = lambda xs: f"median {statistics.median(xs) * 1000:.2f} ms, max {max(xs) * 1000:.2f} ms"
    print(f"{proto} threads {threads}: isready->readyok {ms(ready)}; stop->bestmove {ms(stop)} "
          f"({trials} trials after {think:.1f} s of search)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="target/release/triskelion")
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.5)
    a = ap.parse_args()
    for proto in ("uci", "usi"):
        run(a.binary, proto, a.threads, a.trials, a.think)


if __name__ == "__main__":
    main()
