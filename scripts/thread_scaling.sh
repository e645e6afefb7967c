#!/usr/bin/env bash
# Lazy SMP scaling on a many-core machine (the lent 16-core device):
#   scripts/thread_scaling.sh BINARY OUTDIR [MATCH_SECONDS]
# 1. Depth and nodes reached in 2 s per position with 1, 2, 4, 8, 16
#    threads (chess, mengchess, shogi, trisshogi positions), one line each
#    in OUTDIR/depth.txt.
# 2. Self-play, chess, 4 threads against 1 thread at 100 ms per move,
#    3 games at once (15 cores), for MATCH_SECONDS (default 240):
#    OUTDIR/match_4v1.txt.
set -uo pipefail
bin=$1
out=$2
secs=${3:-240}
mkdir -p "$out"
{ nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|MHz' ; } > "$out/machine.txt" 2>&1
positions=(
  "chess|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "chess|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "chess|r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"
  "mengchess|startpos"
  "shogi|startpos"
  "trisshogi|startpos"
)
for t in 1 2 4 8 16; do
  for p in "${positions[@]}"; do
    v=${p%%|*}; f=${p#*|}
    args=(analyze --variant "$v" --movetime 2000 --threads "$t" --hash 256)
    [ "$f" != startpos ] && args+=(--fen "$f")
    last=$("$bin" "${args[@]}" 2>&1 | grep '^depth' | tail -1)
    echo "threads $t $v ${f:0:30} :: $last" | tee -a "$out/depth.txt"
  done
done
timeout "$secs" "$bin" match --variant chess \
  --engine "cmd=$bin,name=t4,option.Threads=4,option.Hash=64" \
  --engine "cmd=$bin,name=t1,option.Threads=1,option.Hash=64" \
  --movetime 100 --rounds 200 --random-plies 8 --seed 3 --concurrency 3 \
  --out "$out/match_4v1.pgn" > "$out/match_4v1.txt" 2>&1
tail -3 "$out/match_4v1.txt"
