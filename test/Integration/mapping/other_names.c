// The C + OpenMP twin of other_names.mlir, as a careful author writes it:
// a mapped once around all four, each element updated to the device after
// its store and from it before its read.
#include "common_i32.h"
int main(void) {
  long n = 262144;
  i32 *a = malloc(n * 4), *b = malloc(n * 4);
  fill_pattern(a, 7919, n);
  fill_pattern(b, 7919, n);
  i32 v1, v2, v3, v4, v5;
#pragma omp target data map(tofrom : a [0:n])
  {
    bump(a, 1, n);
    a[5] = 100;
#pragma omp target update to(a [5:1])
    int m0 = rand() & 1;
    int m3 = (m0 + 1 - m0) + 1;
    for (int k = 0; k < m3; ++k)
      bump(a, 1, n);
#pragma omp target update from(a [5:1])
    v1 = a[5];
    a[6] = 200;
#pragma omp target update to(a [6:1])
    bump(a, 1, n);
#pragma omp target update from(a [6:1])
    v2 = a[6];
    a[7] = 300;
#pragma omp target update to(a [7:1])
    i32 *v = m3 > m0 ? a : b;
    bump(v, 1, n);
#pragma omp target update from(a [7:1])
    v3 = a[7];
    a[8] = 400;
#pragma omp target update to(a [8:1])
    bump(a, 3, n);
#pragma omp target update from(a [8:1])
    v4 = a[8];
  }
  v5 = b[9];
  printf("other_names: %d %d %d %d %d hsum=%ld\n", v1, v2, v3, v4, v5,
         hsum(a, n));
  return 0;
}
