#!/usr/bin/env bash
# GPU tests + extra.sh on cores 0-1, the fuzz harness on cores 2-15.
set -u
FUZZ_SECONDS=${1:-500}
cd "$(dirname "$0")"
tar xJf offload-rt.tar.xz && tar xJf tests.tar.xz && tar xJf fuzz.tar.xz
mkdir -p work && tar xzf corpus.tgz -C work
nproc; cat fz/COMMIT
(
  cd work
  export LD_LIBRARY_PATH=$PWD/../fz/lib:$PWD/../offload-rt OFFLOAD_ROCM_BITCODE_DIR=$PWD/../fz/rocm
  taskset -c 2-15 ../fz/offload-fuzz -fork=14 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time=$FUZZ_SECONDS -timeout=20 -rss_limit_mb=6000 -max_len=65536 \
    -print_final_stats=1 corpus ../fz/seeds > $OUT/fuzz.log 2>&1
  echo "fuzz rc=$?"
  ls crash-* timeout-* oom-* 2>/dev/null | head
  tar czf $OUT/findings.tgz crash-* timeout-* oom-* 2>/dev/null
  tar czf $OUT/corpus.tgz corpus
) &
fuzz=$!
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
[ -x extra.sh ] && taskset -c 0-1 bash extra.sh 2>&1 | tee $OUT/extra.txt
echo "extra done at $SECONDS s"
mkdir -p /tmp/g
OUT=/tmp/g taskset -c 0-1 bash tests/run.sh > /tmp/g/run.log 2>&1
echo "gpu tests done at $SECONDS s"
tar czf $OUT/results.tgz -C /tmp/g .
wait $fuzz
grep -E "^#[0-9]+" $OUT/fuzz.log | tail -2
