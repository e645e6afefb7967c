#!/bin/sh
# GPS Shogi (Debian's gpsusi) with a home of its own for the length of one
# process, so that it starts from its own defaults and leaves the machine as
# it was.
#
# gpsusi writes every option a `setoption` sets into gpsusi.conf in its home
# directory (Debian's: /usr/share/gpsshogi-data, one file for every user of
# the machine) and reads that file back when it starts. An option that one
# run sets therefore holds, unseen, for every later run: the test suite's
# `LimitDepth 4` (tests/match_shogi.rs, before this script) made every later
# gpsusi stop at depth 4 in about a tenth of its time, and the label runs'
# `BookDepth 0` turned its book off (docs/strength.md, fifty-first session).
# Here each process gets a fresh home: an empty directory whose `data` is
# the package's data directory. gpsusi's defaults: LimitDepth 10,
# BookDepth 30, Thread the number of cores.
#
#   scripts/gpsusi.sh [gpsusi arguments...]
#
# Environment: GPSUSI (default /usr/games/gpsusi), GPSSHOGI_DATA (default
# /usr/share/gpsshogi-data/data). The directory is removed when gpsusi ends
# (not if this script itself is killed with KILL); INT, TERM and HUP are
# passed on to gpsusi.
set -eu
bin=${GPSUSI:-/usr/games/gpsusi}
data=${GPSSHOGI_DATA:-/usr/share/gpsshogi-data/data}
if ! [ -d "$data" ]; then
    echo "gpsusi.sh: no GPS Shogi data directory $data (Debian package gpsshogi-data)" >&2
    exit 1
fi
home=$(mktemp -d "${TMPDIR:-/tmp}/gpsusi-home.XXXXXX")
trap 'rm -rf "$home"' EXIT
ln -s "$data" "$home/data"
# A command started with & reads /dev/null unless told otherwise: hand it
# this script's standard input through descriptor 3.
exec 3<&0
GPSSHOGI_HOME=$home "$bin" "$@" 0<&3 3<&- &
pid=$!
exec 3<&-
trap 'kill "$pid" 2>/dev/null || true' INT TERM HUP
# `wait` returns early when a trapped signal arrives: wait again until the
# process is gone (a zombie still answers `kill -0` until it is reaped).
while :; do
    status=0
    wait "$pid" || status=$?
    kill -0 "$pid" 2>/dev/null || break
done
exit "$status"
