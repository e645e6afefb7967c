#!/usr/bin/env bash
# Runs every test of the project: the cargo test suite (unit, rule,
# perft-within-budget, property and command-line tests) and the independent
# checks that use python-chess.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import chess' 2>/dev/null; then
    python3 -m pip install --quiet 'chess>=1.10'
fi

cargo test --workspace --all-targets
cargo build --release --quiet
python3 tests/independent/mengchess_start_d5.py target/release/triskelion
