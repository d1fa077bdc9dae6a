// C + OpenMP twin of section_loop.mlir: 5 iterations of three target
// regions on [lo, hi) of x and of a temporary t. A careful programmer maps
// only that section of x (tofrom) and allocates t's around the loop. It is
// not a test by itself; section_loop.test builds it with %clang-omp and
// compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 100000, lo = 1000, hi = 90000;
  int *x = malloc(n * sizeof(int));
  int *t = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    x[i] = (int)i;
#pragma omp target data map(tofrom : x [lo:hi - lo]) map(alloc : t [lo:hi - lo])
  for (int it = 0; it < 5; ++it) {
#pragma omp target teams distribute parallel for
    for (long i = lo; i < hi; ++i)
      t[i] = x[i] + 1;
#pragma omp target teams distribute parallel for
    for (long i = lo; i < hi; ++i)
      t[i] = 2 * t[i];
#pragma omp target teams distribute parallel for
    for (long i = lo; i < hi; ++i)
      x[i] = t[i];
  }
  free(t);
  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (x[i] == (i >= lo && i < hi ? 32 * (int)i + 62 : (int)i))
      ++ok;
  printf("section_loop: n = %ld, 5 iterations on [%ld, %ld): %ld of %ld "
         "elements as expected: %s\n",
         n, lo, hi, ok, n, ok == n ? "PASS" : "FAIL");
  free(x);
  return ok == n ? 0 : 1;
}
