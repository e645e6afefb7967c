#!/usr/bin/env python3
"""Checks scripts/usi_review.py on a hand-made record: a `mate` score and
gpsusi's huge centipawn score count as mate announcements, a huge
negative score does not, the opening's plies are skipped, a game ended
by `resign` has a token for that answer (which sets the plies' parity),
won games are left out. With --times, each side's moves (the
`score/depth/ms` tokens of all games, answer tokens skipped) give its
median and maximum time and its median and mean depth. A file it cannot
read or an unknown option gets one line on stderr and exit status 1.
Exit status 1 on a difference."""

import os
import subprocess
import sys
import tempfile

RECORD = """game 1: Triskelion black, 6 plies, no legal move, score 0.0
position startpos moves a b c d e f
info 120/10/900 50/8/900 300/10/900 M3/5/100
game 2: Triskelion white, 6 plies, no legal move, score 0.0
position startpos moves a b c d e f
info -578000/4/10 800/12/900 1148897/2/5 M-1/1/1
game 3: Triskelion black, 4 plies, resign, score 1.0
position startpos moves a b c d
info 10/9/900 M5/3/10 resign
game 4: Triskelion black, 4 plies, resign, score 0.0
position startpos moves a b c d
info 10/9/900 M7/9/900 -
"""

EXPECTED = [
    "game 1: Triskelion black: the opponent announced M3 at ply 5; Triskelion's score just before 300, "
    "highest over its last ten moves 300",
    "game 2: Triskelion white: the opponent announced 1148897 at ply 4; Triskelion's score just before 800, "
    "highest over its last ten moves 800",
    "game 4: Triskelion black: the opponent announced M7 at ply 3; Triskelion's score just "
    "before 10, highest over its last ten moves 10",
]

EXPECTED_TIMES = [
    "Triskelion: 6 moves, median 900 ms, max 900 ms, depth median 9.5, mean 8.5",
    "opponent: 6 moves, median 55 ms, max 900 ms, depth median 4.5, mean 5.2",
]


def main():
    script = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "usi_review.py")
    with tempfile.NamedTemporaryFile("w", suffix=".usi", delete=False) as f:
        f.write(RECORD)
    try:
        out = subprocess.run([sys.executable, script, f.name], capture_output=True, text=True,
                             check=True).stdout.splitlines()
        times = subprocess.run([sys.executable, script, "--times", f.name], capture_output=True,
                               text=True, check=True).stdout.splitlines()
        # Bad arguments: one line naming what was wrong, exit status 1, no traceback.
        missing = f.name + ".missing"
        bad = [([missing], f"cannot read {missing}"),
               (["--help"], "unknown option --help"),
               (["--times", "--depth", f.name], "unknown option --depth")]
        for args, want in bad:
            r = subprocess.run([sys.executable, script, *args], capture_output=True, text=True)
            if r.returncode != 1 or want not in r.stderr or "Traceback" in r.stderr:
                print(f"usi_review.py {' '.join(args)}: exit {r.returncode}, stderr:", r.stderr,
                      f"expected exit 1 and '{want}'", sep="\n")
                sys.exit(1)
    finally:
        os.unlink(f.name)
    if out != EXPECTED:
        print("usi_review.py printed:", *out, "expected:", *EXPECTED, sep="\n")
        sys.exit(1)
    if times != EXPECTED_TIMES:
        print("usi_review.py --times printed:", *times, "expected:", *EXPECTED_TIMES, sep="\n")
        sys.exit(1)
    print("OK usi_review")


if __name__ == "__main__":
    main()
