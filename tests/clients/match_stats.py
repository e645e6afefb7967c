"""W/D/L, score and Elo with a 95 % interval (normal approximation of the
per-game score, trinomial variance)."""

import math


def elo(p):
    if p <= 0.0:
        return float("-inf")
    if p >= 1.0:
        return float("inf")
    return -400.0 * math.log10(1.0 / p - 1.0)


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


if __name__ == "__main__":
    # Self-check: even score is 0 Elo, 3:1 is about +191.
    assert elo(0.5) == 0.0
    assert abs(elo(0.75) - 190.85) < 0.1
    report("a", "b", [1.0, 0.5, 0.0, 1.0])
