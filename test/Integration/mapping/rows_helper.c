// C + OpenMP twin of rows_helper.mlir: the matrix mapped once around the
// call to sweep(), whose row_op() target regions find it present. It is not
// a test by itself; rows_helper.test builds it with %clang-omp and compares
// its copies with those of the offload program.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void row_op(int *r, long n, int k) {
#pragma omp target teams distribute parallel for
  for (long j = 0; j < n; ++j)
    r[j] = (int)((uint32_t)(r[j] * 3 + k + (int)j) % 65521u);
}

static void sweep(int *a, long R, long C, int s) {
  for (long i = 0; i < R; ++i)
    row_op(a + i * C, C, (int)i + s);
}

int main(void) {
  long R = 64, C = 1024;
  int *a = malloc(R * C * sizeof(int)), *h = malloc(R * C * sizeof(int));
  for (long i = 0; i < R; ++i)
    for (long j = 0; j < C; ++j)
      a[i * C + j] = h[i * C + j] = (int)i * (int)j;
#pragma omp target data map(tofrom : a[0:R * C])
  sweep(a, R, C, 0);
  for (long i = 0; i < R; ++i)
    for (long j = 0; j < C; ++j)
      h[i * C + j] = (int)((uint32_t)(h[i * C + j] * 3 + (int)i + (int)j) % 65521u);
  long same = 0;
  for (long i = 0; i < R * C; ++i)
    same += a[i] == h[i];
  printf("rows_helper: %ld of %ld equal, a[3][5]=%d\n", same, R * C, a[3 * C + 5]);
  free(a);
  free(h);
  return 0;
}
