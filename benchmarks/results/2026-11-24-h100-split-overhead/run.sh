#!/usr/bin/env bash
cd "$(dirname "$0")"
tar xJf ../offload-rt.tar.xz 2>/dev/null || tar xJf offload-rt.tar.xz
export OMP_TARGET_OFFLOAD=mandatory
O=${OUT:-.}
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
for v in ${VARIANTS:-new}; do
  echo "== $v small with OFFLOAD_RUNTIME_INFO"
  SPLIT_SMALL=1 OFFLOAD_RUNTIME_INFO=1 LD_LIBRARY_PATH=$PWD/offload-rt timeout 30 ./split_$v > $O/small_$v.txt 2>&1; echo "rc $?"
  sort $O/small_$v.txt | uniq -c | sort -rn | head -12
done
for v in ${VARIANTS:-new}; do
  echo "== $v"
  LD_LIBRARY_PATH=$PWD/offload-rt timeout ${T:-100} stdbuf -oL ./split_$v 2>&1 | tee $O/full_$v.txt; echo "rc $?"
done
