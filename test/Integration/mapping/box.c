// C + OpenMP twin of box.mlir: a 2-D box, rows [128, 384) by columns
// [256, 320), of two 512 x 1024 f32 matrices: a[i][j] *= 2 and b[i][j] =
// a[i][j] + 1 inside it only. A map clause must name contiguous storage, so
// a careful programmer allocates the span from the box's first element to
// its last on the device (map(alloc:)) and moves the box one row piece at a
// time with target update (256 bytes each, 256 rows). It is not a test by
// itself; box.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// (i * 1024 + j) mod 1000 as a float, plus shift.
static float pattern(long i, long j, float shift) {
  return (float)(int)((i * 1024 + j) % 1000) + shift;
}

int main(void) {
  const long m = 512, n = 1024, r0 = 128, r1 = 384, k0 = 256, k1 = 320;
  const long first = r0 * n + k0, span = (r1 - r0 - 1) * n + (k1 - k0);
  float *a = malloc(m * n * sizeof(float)), *b = malloc(m * n * sizeof(float));
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j) {
      a[i * n + j] = pattern(i, j, 0.0f);
      b[i * n + j] = pattern(i, j, 0.5f);
    }

#pragma omp target data map(alloc: a[first:span], b[first:span])
  {
    for (long i = r0; i < r1; ++i) {
#pragma omp target update to(a[i * n + k0:k1 - k0])
    }
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(alloc: a[first:span], b[first:span])
    for (long i = r0; i < r1; ++i)
      for (long j = k0; j < k1; ++j) {
        a[i * n + j] = 2.0f * a[i * n + j];
        b[i * n + j] = a[i * n + j] + 1.0f;
      }
    for (long i = r0; i < r1; ++i) {
#pragma omp target update from(a[i * n + k0:k1 - k0], b[i * n + k0:k1 - k0])
    }
  }

  // Inside the box a doubled and b the doubled value plus 1; outside both
  // as the host wrote them.
  long ok = 0;
  for (long i = 0; i < m; ++i)
    for (long j = 0; j < n; ++j) {
      int in = i >= r0 && i < r1 && j >= k0 && j < k1;
      float v = pattern(i, j, 0.0f), w = pattern(i, j, 0.5f);
      ok += a[i * n + j] == (in ? 2.0f * v : v);
      ok += b[i * n + j] == (in ? 2.0f * v + 1.0f : w);
    }
  printf("box: %ld x %ld, rows [%ld, %ld) x columns [%ld, %ld) changed, %ld "
         "of %ld elements as expected: %s\n",
         m, n, r0, r1, k0, k1, ok, 2 * m * n, ok == 2 * m * n ? "PASS" : "FAIL");
  free(a);
  free(b);
  return ok == 2 * m * n ? 0 : 1;
}
