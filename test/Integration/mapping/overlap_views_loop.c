// C + OpenMP twin of overlap_views_loop.mlir. A careful programmer keeps x
// on the device around the loop (tofrom: read and written) and only
// allocates y there (written before it is read, never read by the host).
// It is not a test by itself; overlap_views_loop.test builds it with
// %clang-omp and compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 1048576, m = n - 1;
  float *x = malloc(n * sizeof(float));
  float *e = malloc(n * sizeof(float));
  float *y = malloc(m * sizeof(float));
  for (long i = 0; i < n; ++i)
    x[i] = e[i] = (float)(i % 8);
#pragma omp target data map(tofrom : x[0:n]) map(alloc : y[0:m])
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < m; ++i)
      y[i] = x[i] + x[i + 1];
#pragma omp target teams distribute parallel for
    for (long i = 0; i < m; ++i)
      x[i + 1] = y[i] * 0.5f;
  }
  for (int s = 0; s < 10; ++s)
    for (long i = m; i >= 1; --i)
      e[i] = (e[i - 1] + e[i]) * 0.5f;
  long good = 0;
  for (long i = 0; i < n; ++i)
    good += x[i] == e[i];
  printf("overlap_views_loop: n = %ld, 10 steps: %ld of %ld elements as the "
         "host's, x[1] = %g: %s\n",
         n, good, n, x[1], good == n ? "PASS" : "FAIL");
  free(x);
  free(e);
  free(y);
  return good == n ? 0 : 1;
}
