#!/usr/bin/env bash
# Strength benchmark (not CI): matches of the release build against
# reference engines through the real clients, printing W/D/L, score and
# Elo with a 95 % interval per opponent.
#   scripts/strength.sh [GAMES] [chess|shogi|all]
# Chess (python-chess): Stockfish 15.1 at UCI_Elo 2000, 2400, 2850 and GNU
# Chess without its book, 4 s + 0.05 s. Shogi (cshogi): Fairy-Stockfish and
# gpsshogi (gpsusi, when installed), 2 s + 0.2 s byoyomi. Each game pair
# starts from 4 (chess) / 6 (shogi) random plies, colours swapped.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10}
which=${2:-all}
bin=${TRISKELION:-target/release/triskelion}
[ -x "$bin" ] || cargo build --release --quiet
c=tests/clients
if [ "$which" != shogi ]; then
    for elo in 2000 2400 2850; do
        python3 $c/chess_games.py "$bin" --games "$games" --tc 4+0.05 --no-analyse \
            --random-plies 4 --option UCI_LimitStrength=true --option UCI_Elo=$elo 2>&1 | grep -E ' vs |FAIL|lost on time|Error|error' || true
    done
    python3 $c/chess_games.py "$bin" --games "$games" --tc 4+0.05 --no-analyse --random-plies 4 \
        --opponent "/usr/games/gnuchess --uci" --option OwnBook=false 2>&1 | grep -E ' vs |FAIL|lost on time|Error|error' || true
fi
if [ "$which" != chess ]; then
    python3 $c/shogi_games.py "$bin" --games "$games" --time 2000 --byoyomi 200 --random-plies 6 2>&1 | grep -E ' vs |FAIL|lost on time|Error|error' || true
    if [ -x /usr/games/gpsusi ]; then
        python3 $c/shogi_games.py "$bin" --games "$games" --time 2000 --byoyomi 200 --random-plies 6 \
            --opponent /usr/games/gpsusi 2>&1 | grep -E ' vs |FAIL|lost on time|Error|error' || true
    fi
fi
