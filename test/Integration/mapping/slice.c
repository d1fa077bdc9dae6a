// C + OpenMP twin of slice.mlir: a[i] = 2 * a[i] for i in [lo, hi), the middle
// half of a 2^20 f32 array. The target region touches only a[lo:hi], so a
// careful programmer maps just that section, map(tofrom: a[lo:hi-lo]). It is
// not a test by itself; slice.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// v mod 1024 as a float.
static float pattern(long v) { return (float)(int)(v % 1024); }

int main(void) {
  const long n = 1048576, lo = n / 4, hi = 3 * n / 4;
  float *a = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    a[i] = pattern(i);

#pragma omp target teams distribute parallel for map(tofrom: a[lo:hi-lo])
  for (long i = lo; i < hi; ++i)
    a[i] = 2.0f * a[i];

  // Doubled inside [lo, hi), untouched outside.
  long ok = 0;
  for (long i = 0; i < n; ++i) {
    float v = pattern(i);
    if (a[i] == (i >= lo && i < hi ? 2.0f * v : v))
      ++ok;
  }
  printf("slice: n = %ld, a[i] *= 2 for i in [%ld, %ld), %ld of %ld elements "
         "as expected: %s\n",
         n, lo, hi, ok, n, ok == n ? "PASS" : "FAIL");
  free(a);
  return ok == n ? 0 : 1;
}
