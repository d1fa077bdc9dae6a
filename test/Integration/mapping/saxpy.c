// C + OpenMP twin of examples/saxpy.mlir: the same computation, sizes and
// element types, with the map clauses a careful programmer writes. It is
// not a test by itself; saxpy.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 16777216;
  const float a = 2.0f;
  float *x = malloc(n * sizeof(float));
  float *y = malloc(n * sizeof(float));
  // x[i] = i mod 1024, y[i] = 1: every result is an exact float.
  for (long i = 0; i < n; ++i) {
    x[i] = (float)(int)(i % 1024);
    y[i] = 1.0f;
  }

#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];

  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (y[i] == a * x[i] + 1.0f)
      ++ok;
  printf("saxpy: n = %ld, a = %.1f, y[i] == a * x[i] + y0[i] for %ld of %ld "
         "elements: %s\n",
         n, (double)a, ok, n, ok == n ? "PASS" : "FAIL");
  free(x);
  free(y);
  return ok == n ? 0 : 1;
}
