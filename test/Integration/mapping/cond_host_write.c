// BUG (extra copies): a host store of ONE element inside an scf.if in a loop
// of launches makes an unconditional whole-buffer update from + update to at
// every iteration (see cond_host_read.mlir for the load).
//   Expected: H2D 5 copies 4194320 bytes, D2H 1 copy 4194304 bytes.
//   Actual:   H2D 101 copies 423624704 bytes, D2H 101 copies 423624704 bytes.
//   /work/probe-build/bin/offload-cc [--offload-remarks] cond_host_write.mlir
//   -o ours /usr/lib/llvm-22/bin/clang -O2 -fopenmp
//   -fopenmp-targets=x86_64-pc-linux-gnu -Wl,-rpath,/usr/lib/llvm-22/lib
//   cond_host_write.c -o twin python3
//   /work/main/test/Integration/Inputs/compare_copies.py ./ours ./twin
//   OMP_TARGET_OFFLOAD=disabled ./ours   (same output)
//
// Twin of cond_host_write.mlir: update to(a[2:1]) inside the if.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const long n = 1048576;
  int *a = malloc(n * 4);
  for (long i = 0; i < n; ++i)
    a[i] = (int)i;
  int s = 0;
#pragma omp target data map(tofrom : a [0:n])
  for (long k = 0; k < 100; ++k) {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      a[i] += 1;
    if (k % 25 == 24) {
      a[2] = (int)k;
#pragma omp target update to(a [2:1])
      s += (int)k;
    }
  }
  printf("cond_host_write: sum of stored %d (expected 246), a[9] %d (expected "
         "109), a[2] %d (expected 99)\n",
         s, a[9], a[2]);
  return s != 246 || a[9] != 109 || a[2] != 99;
}
