#!/usr/bin/env bash
# Runs every test of the project: the cargo test suite (unit, rule,
# perft-within-budget, property and command-line tests), a check of the
# shogi record reader (scripts/usi_review.py) and of the chess game reviewer
# (scripts/pgn_review.py, against Stockfish), of the strength clients'
# random openings, of how the chess client ends a game (an opponent's crash
# included) and of its W/D/L reader (tests/clients/match_stats.py), of the training
# data generator's adjudication (scripts/nnue_data.py) and of the shogi labeller
# (scripts/shogi_teacher.py, with a scripted teacher), the independent checks that
# use python-chess, and the real clients: python-chess against
# Stockfish over UCI, cshogi against Fairy-Stockfish over USI (a couple of
# short games each, about a minute in all).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import chess' 2>/dev/null; then
    python3 -m pip install --quiet 'chess>=1.10'
fi
if ! python3 -c 'import cshogi' 2>/dev/null; then
    python3 -m pip install --quiet cshogi
fi

cargo test --workspace --all-targets
python3 tests/scripts/usi_review_check.py
python3 tests/scripts/pgn_review_check.py
python3 tests/scripts/openings_check.py
python3 tests/scripts/chess_games_check.py
python3 tests/clients/match_stats.py
python3 tests/scripts/nnue_data_check.py
python3 tests/scripts/shogi_teacher_check.py
cargo build --release --quiet
python3 tests/independent/mengchess_start_d5.py target/release/triskelion
python3 tests/clients/chess_games.py target/release/triskelion --games 2 --tc 4+0.05 --ponder
python3 tests/clients/shogi_games.py target/release/triskelion --games 2 --time 2000 --byoyomi 200
