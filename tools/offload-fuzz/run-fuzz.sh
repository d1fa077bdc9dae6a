#!/usr/bin/env bash
# Runs offload-fuzz for SECONDS over the test inputs (every .mlir under
# test/, examples/ and python/tests/inputs) as seeds.
#
#   tools/offload-fuzz/run-fuzz.sh OFFLOAD_FUZZ SECONDS WORKDIR [libFuzzer options]
#
# WORKDIR gets corpus/ (the inputs libFuzzer kept) and the crash-*, timeout-*
# files of what it found; it exits non-zero when it found one.
set -euo pipefail
fuzz=$1 seconds=$2 work=$3
shift 3
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work/seeds" "$work/corpus"
find "$src/test" "$src/examples" "$src/python/tests/inputs" -name '*.mlir' |
  while read -r f; do
    cp "$f" "$work/seeds/$(echo "${f#$src/}" | tr / _)"
  done
cd "$work"
# A hang is an input that takes over a minute: the largest seeds (the
# tensor-core tests, through ptxas) take 12-14 s alone on a loaded 2-core
# machine.
exec "$fuzz" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
  -max_len=65536 -print_final_stats=1 "$@" corpus seeds
