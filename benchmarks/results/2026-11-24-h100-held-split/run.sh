#!/usr/bin/env bash
# split_overhead built before (5e9d01b: a held run's launches each in an
# scf.if) and after (the held run as plain launches on the holder),
# alternating, one process each, twice.
cd "$(dirname "$0")"
(cd .. && tar xJf offload-rt.tar.xz)
export OMP_TARGET_OFFLOAD=mandatory
RT=$(cd .. && pwd)/offload-rt
date -u +%Y-%m-%dT%H:%M:%SZ
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for i in 1 2; do
  echo "== before (5e9d01b), run $i"; LD_LIBRARY_PATH=$RT ./split_overhead.before
  echo "== after, run $i"; LD_LIBRARY_PATH=$RT ./split_overhead
done
