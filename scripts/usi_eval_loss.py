#!/usr/bin/env python3
"""The loss of a shogi evaluation on labelled positions (not CI).

    python3 scripts/usi_eval_loss.py BINARY FILE [EVALFILE]

FILE holds gen-data lines (sfen, score from the first player's side,
result). Each position goes to BINARY over USI (`position sfen`, `eval`,
with `setoption name EvalFile value EVALFILE` first when given:
`<internal>`, `<empty>` or a network file); the loss is the mean squared
difference of sigmoid(x / 400) between the static evaluation and the
score, both from the side to move: the trainer's loss at lambda 1, on
the quantised network as it plays.
"""
import math
import sys

from engine_pipe import EnginePipe


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    binary, path = sys.argv[1], sys.argv[2]
    e = EnginePipe([binary])
    send = e.send

    def answer(prefix):
        return e.wait(prefix, error="info string error")

    send("usi")
    answer("usiok")
    name = sys.argv[3] if len(sys.argv) == 4 else "<internal>"
    if len(sys.argv) == 4:
        send(f"setoption name EvalFile value {name}")
    sigmoid = lambda x: 1 / (1 + math.exp(-x / 400))
    total, n = 0.0, 0
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            sfen, score, _result = line.rstrip("\n").split("\t")
            target = float(score) if sfen.split()[1] == "b" else -float(score)
            send(f"position sfen {sfen}")
            send("eval")
            value = float(answer("info string eval").split()[3])
            total += (sigmoid(value) - sigmoid(target)) ** 2
            n += 1
    e.close()
    print(f"{name}: {n} positions, loss {total / max(n, 1):.6f}")


if __name__ == "__main__":
    main()
