"""The ending the check scripts share: every failure on its own `FAIL:`
line and exit status 1, or one `OK ...` line."""

import sys


def finish(failures, ok_line):
    for f in failures:
        print("FAIL:", f)
    if failures:
        sys.exit(1)
    print(ok_line)
