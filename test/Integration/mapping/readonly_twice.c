// C + OpenMP twin of readonly_twice.mlir: two target regions read the same
// 2^22 f32 input x, writing y1 = 2 * x and y2 = x + 1. A careful programmer
// sends x once for both, target data map(to: x[0:n]) around them, and maps
// each output map(from:) on its own region. It is not a test by itself;
// readonly_twice.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 4194304;
  float *x = malloc(n * sizeof(float));
  float *y1 = malloc(n * sizeof(float));
  float *y2 = malloc(n * sizeof(float));
  // x[i] = i mod 1024: every result is an exact float.
  for (long i = 0; i < n; ++i)
    x[i] = (float)(int)(i % 1024);

  // Both target regions find x present: their implicit map of it copies
  // nothing.
#pragma omp target data map(to: x[0:n])
  {
#pragma omp target teams distribute parallel for map(from: y1[0:n])
    for (long i = 0; i < n; ++i)
      y1[i] = 2.0f * x[i];
#pragma omp target teams distribute parallel for map(from: y2[0:n])
    for (long i = 0; i < n; ++i)
      y2[i] = x[i] + 1.0f;
  }

  long ok = 0;
  for (long i = 0; i < n; ++i) {
    ok += y1[i] == 2.0f * x[i];
    ok += y2[i] == x[i] + 1.0f;
  }
  printf("readonly_twice: n = %ld, y1 = 2 * x and y2 = x + 1 in two launches, "
         "%ld of %ld elements of y1 and y2 as expected: %s\n",
         n, ok, 2 * n, ok == 2 * n ? "PASS" : "FAIL");
  free(x);
  free(y1);
  free(y2);
  return ok == 2 * n ? 0 : 1;
}
