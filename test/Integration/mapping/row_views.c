// C + OpenMP twin of row_views.mlir: a 512 x 512 matrix the device
// increments 10 times; after each step the host reads a[k][3] and writes
// a[k][1] through a pointer to row k. A careful programmer maps the matrix
// once around the loop and updates just those elements (target update
// from(row[3:1]), to(row[1:1])). It is not a test by itself; row_views.test
// builds it with %clang-omp and compares its copies with those of the
// offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 512;
  long *a = malloc(n * n * sizeof(long));
  for (long i = 0; i < n * n; ++i)
    a[i] = 0;
  long s = 0;
#pragma omp target data map(tofrom : a [0:n * n])
  for (long k = 0; k < 10; ++k) {
#pragma omp target teams distribute parallel for collapse(2)
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j)
        a[i * n + j] += 1;
    long *row = a + k * n;
#pragma omp target update from(row [3:1])
    long v = row[3];
    row[1] = v + 100;
#pragma omp target update to(row [1:1])
    s += v;
  }
  long x = a[3 * n + 1];
  int ok = s == 55 && x == 110;
  printf("row_views: sum of a[k][3] = %ld (expected 55), a[3][1] = %ld "
         "(expected 110): %s\n",
         s, x, ok ? "PASS" : "FAIL");
  free(a);
  return ok ? 0 : 1;
}
