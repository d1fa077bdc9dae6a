#!/bin/bash
# One device call: GPU tests, Python, then the benchmarks; results tarred into $OUT.
cd "$(dirname "$0")"
T0=$(date +%s)
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
R=/tmp/results; mkdir -p $R
OUT_DIR=${OUT:-/tmp/out}
OUT=$R/tests bash tests/run.sh 2>&1 | tee $R/tests.log
(cd py && LD_LIBRARY_PATH=$PWD/../offload-rt OFFLOAD_RUNTIME_INFO=1 OMP_TARGET_OFFLOAD=mandatory python3 saxpy.py --load saxpy.so; echo "exit $?") > $R/python.log 2>&1
tar czf $OUT_DIR/tests.tgz -C $R tests tests.log python.log
echo "tests done after $(( $(date +%s) - T0 )) s"
ln -sf ../offload-rt.tar.xz bench/offload-rt.tar.xz
OUT=$R/bench NCU=${NCU:-0} TORCH=${TORCH:-1} SWEEP=${SWEEP:-1} bash bench/run.sh > $R/bench.log 2>&1
cd bench
for i in 1; do
  LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=mandatory ./launch 1000 7
  ./cbench launch 1000 7
  LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=mandatory ./stencil 8192 100
  ./cbench stencil 8192 100
done > $R/bench/repeats.txt 2>&1
cd ..
tar czf $OUT_DIR/bench.tgz -C $R bench bench.log
echo "bench done after $(( $(date +%s) - T0 )) s"
cat $R/python.log
cat $R/bench/table.md
cat $R/bench/repeats.txt
