#!/usr/bin/env bash
cd "$(dirname "$0")"
tar xJf offload-rt.tar.xz && tar xJf tests.tar.xz
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/g
OUT=/tmp/g bash tests/run.sh > /tmp/g/run.log 2>&1
echo "gpu tests done at $SECONDS s"
tar czf $OUT/results.tgz -C /tmp/g .
[ -x extra.sh ] && bash extra.sh 2>&1 | tee $OUT/extra.txt
