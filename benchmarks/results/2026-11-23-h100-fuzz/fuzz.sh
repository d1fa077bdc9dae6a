#!/usr/bin/env bash
# 1M-execution fuzz run of offload-fuzz on the GPU machine's CPU cores.
set -u
T=${1:-540}
cd "$(dirname "$0")"
tar xJf offload-rt.tar.xz && tar xJf fuzz.tar.xz
nproc; lscpu | grep "Model name"
mkdir -p work/corpus && cd work
export LD_LIBRARY_PATH=$PWD/../fz/lib:$PWD/../offload-rt OFFLOAD_ROCM_BITCODE_DIR=$PWD/../fz/rocm
../fz/offload-fuzz -runs=0 ../fz/seeds > sanity.log 2>&1 || { tail sanity.log; exit 1; }; tail -3 sanity.log
../fz/offload-fuzz -fork=$(nproc) -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_total_time=$T -timeout=20 -rss_limit_mb=6000 -max_len=65536 -print_final_stats=1 \
  corpus ../fz/seeds > $OUT/fuzz.log 2>&1
echo rc=$?
ls; ls crash-* timeout-* oom-* leak-* 2>/dev/null | head
grep -E "^#[0-9]+" $OUT/fuzz.log | tail -3
tar czf $OUT/findings.tgz crash-* timeout-* oom-* 2>/dev/null
tar czf $OUT/corpus.tgz corpus
ls -la $OUT
