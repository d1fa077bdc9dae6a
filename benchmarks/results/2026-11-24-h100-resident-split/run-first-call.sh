#!/usr/bin/env bash
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
for t in resident split-matmul resident-checked device-copy split; do
  [ -x $t ] || continue
  echo "== $t"; R ./$t > $OUT/$t.out 2> $OUT/$t.err; echo "exit $?"
  R env LIBOMPTARGET_INFO=-1 ./$t > /dev/null 2> $OUT/$t.info.err; echo "info exit $?"
  grep -c "Launching kernel" $OUT/$t.info.err
  R /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 3 ./$t > $OUT/$t.mc.out 2>&1; echo "memcheck exit $?"
done
