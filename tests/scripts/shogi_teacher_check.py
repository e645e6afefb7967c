#!/usr/bin/env python3
"""Checks scripts/shogi_teacher.py with a scripted teacher
(tests/fake_engines/fake_engine.py, which scores every position +150 for
the side to move): a gen-data file (`--positions`) is labelled line by
line with the teacher's score turned to Black's side and the game's
result kept, a position met twice is labelled once, `--go` and `--option`
reach the teacher (a wrapper logs what it is sent) and without them the
old defaults do, a malformed line stops the run with its place named,
match records are still sampled as before, and strength records
(`docs/strength/*.usi`) give each position its game's result for Black,
a forfeited game left out.
Exit status 1 on a difference."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from check_report import finish  # noqa: E402

SCRIPT = os.path.join(HERE, "..", "..", "scripts", "shogi_teacher.py")
FAKE = os.path.join(HERE, "..", "fake_engines", "fake_engine.py")
TEACHER = f"{sys.executable} {FAKE} --line 7g7f --score 150 --options Thread,BookDepth"

BLACK = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
WHITE = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"


def run(args, inputs):
    """Runs the labeller on `inputs` (file texts) with the scripted teacher
    behind a wrapper that logs what the teacher is sent; returns the
    process, the output lines and the teacher's input lines."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "teacher.in")
        wrapper = os.path.join(tmp, "teacher.py")
        with open(wrapper, "w") as f:
            # Forwards each line to the teacher and logs it, and ends with the
            # teacher after `quit` (the labeller does not close its pipe).
            f.write(f"""#!{sys.executable}
import subprocess, sys
teacher = subprocess.Popen({TEACHER.split()!r}, stdin=subprocess.PIPE, text=True, bufsize=1)
with open({log!r}, "w") as log:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        teacher.stdin.write(line)
        if line.strip() == "quit":
            break
teacher.stdin.close()
teacher.wait()
""")
        os.chmod(wrapper, 0o755)
        paths = []
        for i, text in enumerate(inputs):
            path = os.path.join(tmp, f"in{i}")
            with open(path, "w") as f:
                f.write(text)
            paths.append(path)
        out = os.path.join(tmp, "out.tsv")
        proc = subprocess.run([sys.executable, SCRIPT, *paths, "--out", out,
                               "--teacher", wrapper, *args],
                              capture_output=True, text=True, timeout=60)
        lines = open(out).read().splitlines() if os.path.exists(out) else []
        sent = open(log).read().splitlines() if os.path.exists(log) else []
        return proc, lines, sent


def main():
    failures = []
    gen = (f"{BLACK}\t37\t1\n"      # White to move: the teacher's +150 is -150 for Black
           f"{WHITE}\t-12\t0.5\n"   # Black to move: +150
           f"{BLACK}\t40\t1\n")     # the first position again: skipped
    proc, lines, sent = run(["--positions", "--go", "btime 0 wtime 0 byoyomi 200",
                             "--option", "Thread=1", "--option", "BookDepth=0"], [gen])
    want = [f"{BLACK}\t-150\t1", f"{WHITE}\t150\t0.5"]
    if proc.returncode != 0 or lines != want:
        failures.append(f"--positions: exit {proc.returncode}, lines {lines}, want {want}; "
                        f"stderr {proc.stderr.strip()!r}")
    options = [l for l in sent if l.startswith("setoption")]
    gos = [l for l in sent if l.startswith("go")]
    if options != ["setoption name Thread value 1", "setoption name BookDepth value 0"]:
        failures.append(f"--option: the teacher was sent {options}")
    if gos != ["go btime 0 wtime 0 byoyomi 200"] * 2:
        failures.append(f"--go: the teacher was sent {gos}, want the given go twice")

    proc, _, _ = run(["--positions"], [f"{BLACK}\t37\n"])
    if proc.returncode == 0 or ":1:" not in proc.stderr + proc.stdout:
        failures.append(f"a line without a result: exit {proc.returncode}, "
                        f"output {(proc.stderr + proc.stdout).strip()!r}")

    proc, _, _ = run(["--positions", "--option", "Thread"], [gen])
    if proc.returncode == 0 or "NAME=VALUE" not in proc.stderr:
        failures.append(f"--option without a value: exit {proc.returncode}, "
                        f"stderr {proc.stderr.strip()!r}")

    # Records: 14 plies, sampled from ply 12 (the 13th position) with --step 1:
    # the positions after plies 13 and 14 (0-based 12 and 13), no result column.
    moves = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f"
    proc, lines, sent = run(["--step", "1"], [f"position startpos moves {moves}\n"])
    if proc.returncode != 0 or len(lines) != 2 or any(len(l.split("\t")) != 2 for l in lines):
        failures.append(f"records: exit {proc.returncode}, lines {lines}")
    elif [l.split("\t")[1] for l in lines] != ["-150", "150"]:
        failures.append(f"records: scores {[l.split(chr(9))[1] for l in lines]}, "
                        "want -150 (White to move after ply 13), 150")

    # Strength records: the game's first line gives Triskelion's colour and
    # score, so each position carries the result for Black (a match record,
    # with no such line, has none: the case above).
    record = (f"game 1: Triskelion white, 14 plies, no legal move, score 0.0\n"
              f"position startpos moves {moves}\n"
              f"info 10/5/900 -20/6/950 3\n"
              f"game 2: Triskelion black, 14 plies, resign, score 0.5\n"
              f"position startpos moves {moves} P*8g\n"
              f"info 10/5/900 -20/6/950 3\n"
              # A forfeit's line names no colour: the game is left out.
              f"game 3: Triskelion lost on time at ply 15 (1200 ms of 1000)\n"
              f"position startpos moves {moves} P*8g 8f8e\n"
              f"info 10/5/900 -20/6/950 3\n")
    proc, got, _ = run(["--step", "1"], [record])
    want_results = ["1", "1", "0.5"]  # game 2 repeats game 1's two positions: one new
    if proc.returncode != 0 or [l.split("\t")[2:] for l in got] != [[r] for r in want_results]:
        failures.append(f"strength records: exit {proc.returncode}, lines {got}, "
                        f"want results {want_results}; stderr {proc.stderr.strip()!r}")

    defaults = [l for l in sent if l.startswith(("setoption", "go"))]
    if defaults != ["setoption name Threads value 1", "setoption name USI_Hash value 16",
                    "go depth 8", "go depth 8"]:
        failures.append(f"defaults: the teacher was sent {defaults}")

    finish(failures, "OK shogi_teacher: gen-data lines relabelled with results kept, "
           "records sampled, strength records with results")


if __name__ == "__main__":
    main()
