// The C + OpenMP twin of callee_store.mlir, as a careful author writes it:
// the buffer mapped once around the loop, the stored element updated to
// the device and only the other element read brought back.
#include "common_i32.h"
int main(void) {
  long n = 262144;
  i32 *a = malloc(n * 4);
  fill_pattern(a, 7919, n);
  long ps = 0;
#pragma omp target data map(tofrom : a [0:n])
  for (long k = 0; k < 20; ++k) {
    long kk = k * 50;
    bump(a, (i32)kk, n);
    a[kk] = 7;
#pragma omp target update to(a [kk:1])
#pragma omp target update from(a [kk + 1:1])
    ps += (uint32_t)a[kk] + (uint32_t)a[kk + 1];
  }
  printf("callee_store: probes=%ld hsum(a)=%ld\n", ps, hsum(a, n));
  return 0;
}
