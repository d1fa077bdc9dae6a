// C + OpenMP twin of returned_buffer.mlir: a helper allocating its result,
// filling it in a target region from its argument and returning it, called
// 10 times in a loop on one input; the host reads one element of each
// result. A careful programmer maps the input once around the loop (target
// data map(to: a[0:n])); each result comes back whole from its target
// region (map(from: y[0:n])). It is not a test by itself;
// returned_buffer.test builds it with %clang-omp and compares its copies
// with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

static long *make(const long *x, long n) {
  long *y = malloc(n * sizeof(long));
#pragma omp target teams distribute parallel for map(from : y [0:n])
  for (long i = 0; i < n; ++i)
    y[i] = 3 * x[i] + 1;
  return y;
}

int main(void) {
  const long n = 1048576;
  long *a = malloc(n * sizeof(long));
  for (long i = 0; i < n; ++i)
    a[i] = i;
  long s = 0;
#pragma omp target data map(to : a [0:n])
  for (long k = 0; k < 10; ++k) {
    long *y = make(a, n);
    s += y[k * 1000];
    free(y);
  }
  const long expected = 135010;
  printf("returned_buffer: 10 calls over %ld elements, sum of y[k] = %ld "
         "(expected %ld): %s\n",
         n, s, expected, s == expected ? "PASS" : "FAIL");
  free(a);
  return s == expected ? 0 : 1;
}
