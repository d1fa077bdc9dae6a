#!/usr/bin/env bash
# The fuzz harness alone on all 16 cores.
set -u
T=${1:-560}
cd "$(dirname "$0")"
tar xJf offload-rt.tar.xz && tar xJf fuzz.tar.xz
mkdir -p work && tar xzf corpus.tgz -C work
nproc; cat fz/COMMIT
cd work
export LD_LIBRARY_PATH=$PWD/../fz/lib:$PWD/../offload-rt OFFLOAD_ROCM_BITCODE_DIR=$PWD/../fz/rocm
../fz/offload-fuzz -fork=16 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_total_time=$T -timeout=20 -rss_limit_mb=6000 -max_len=65536 \
  -print_final_stats=1 corpus ../fz/seeds > $OUT/fuzz.log 2>&1
echo "fuzz rc=$?"
ls crash-* timeout-* oom-* 2>/dev/null | head
tar czf $OUT/findings.tgz crash-* timeout-* oom-* 2>/dev/null
tar czf $OUT/corpus.tgz corpus
grep -E "^#[0-9]+" $OUT/fuzz.log | tail -2
