#!/usr/bin/env bash
# Strength benchmark (not CI): matches of the release build against the
# reference engines through the real clients, at the controls of issue 5.
#   scripts/strength.sh [GAMES] [PAIRING...]
# Pairings (default: all, in this order):
#   sf2400 sf2000 sf2850  Stockfish 15.1, UCI_LimitStrength at that Elo
#   gnuchess              GNU Chess, OwnBook false
#   fairy                 Fairy-Stockfish, shogi
#   gpsusi                GPS Shogi, Thread 1, its other options at their
#                         defaults (LimitDepth 10, BookDepth 30): run through
#                         scripts/gpsusi.sh, which gives it a fresh home
# Chess (python-chess): 10 s + 0.1 s, 4 random plies per game pair, games
# played to their end by the rules with a cap of 1,000 plies only as a
# safety net (a GUI has none; the fifty-move rule ends shuffling games;
# every run up to sf2850-20261205T183853 capped at the client default 300).
# Shogi (cshogi): no main time, 1 s byoyomi, 6 random plies per pair.
# An opening that ends the game or leaves a mate in one is drawn again;
# since the forty-sixth session (after sf2850-20261206T002340) so is a
# chess opening that Stockfish at depth 12 scores beyond 100 cp for either
# side (the client's --balanced 100: a pair from a lost opening is one
# win each and says nothing).
# Fairy-Stockfish plays at its defaults (`Move Overhead` 30 ms; with no
# main time it does not forfeit; with main time it reads the other side's
# clock, docs/strength.md). gpsusi, which has no overhead option, overran
# 1 s by 0.1-0.45 s: it is told 0.6 s and forfeits only past 2 s, since
# told 0.6 s it still took up to 1.15 s.
# Each run writes docs/strength/<pairing>-<UTC time>.log (every game line,
# the seed, the binary's git revision, the processor) and the games with
# each move's score, depth and time: for chess docs/strength/<same name>.pgn, for shogi
# docs/strength/<same name>.usi (moves as a USI position command; ignored
# by git like the .pgn, add them with -f); after the run the totals over all
# logs of the pairing are printed (runs of several sessions add up: each
# run uses its own seed, so the openings differ).
# Environment: TRISKELION (binary), SEED (default: from the clock).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
shift || true
pairings=("$@")
[ ${#pairings[@]} -gt 0 ] || pairings=(sf2400 sf2000 sf2850 gnuchess fairy gpsusi)
bin=${TRISKELION:-target/release/triskelion}
[ -x "$bin" ] || cargo build --release --quiet
out=docs/strength
mkdir -p "$out"
c=tests/clients
rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
# The processor, for the record. (gpsusi's time use changed between runs
# until the fifty-first session: gpsusi keeps every option set in one file
# for the whole machine, and the test suite's LimitDepth 4 held for every
# later run; scripts/gpsusi.sh now starts it from its defaults each time,
# docs/strength.md.)
cpu=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)
for p in "${pairings[@]}"; do
    seed=${SEED:-$(date +%s)}
    log="$out/$p-$(date -u +%Y%m%dT%H%M%S).log"
    echo "# $p: $games games, seed $seed, triskelion $rev, cpu ${cpu:-unknown}, $(date -u)" | tee "$log"
    chess=(python3 -u $c/chess_games.py "$bin" --games "$games" --tc 10+0.1 --no-analyse
           --random-plies 4 --balanced 100 --seed "$seed" --pgn "${log%.log}.pgn" --max-plies 1000)
    shogi=(python3 -u $c/shogi_games.py "$bin" --games "$games" --time 0 --byoyomi 1000
           --random-plies 6 --seed "$seed" --record "${log%.log}.usi")
    case $p in
        sf2000|sf2400|sf2850)
            cmd=("${chess[@]}" --option UCI_LimitStrength=true --option "UCI_Elo=${p#sf}"
                 --option "Move Overhead=100") ;;
        gnuchess)
            cmd=("${chess[@]}" --opponent "/usr/games/gnuchess --uci" --option OwnBook=false) ;;
        fairy)
            # Fairy-Stockfish at its defaults (its `Move Overhead` is 30 ms).
            cmd=("${shogi[@]}") ;;
        gpsusi)
            cmd=("${shogi[@]}" --opponent "$PWD/scripts/gpsusi.sh" --option Thread=1
                 --opponent-margin 400 --opponent-grace 1000) ;;
        *)
            echo "unknown pairing '$p'" >&2; exit 2 ;;
    esac
    "${cmd[@]}" 2>&1 | tee -a "$log" || true
    echo "== $p, all runs:"
    python3 $c/match_stats.py combine "$out/$p"-*.log
done
