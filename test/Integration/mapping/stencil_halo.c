// C + OpenMP twin of stencil_halo.mlir: out[i] = a[i - 1] + a[i] + a[i + 1]
// for i in [1, n - 1) on a 2^20 f32 array. a is only read, all of it (the
// halo included): map(to: a[0:n]). out is only written, on [1, n - 1): a
// careful programmer maps just that section, map(from: out[1:n-2]), so the
// host's out[0] and out[n-1] are neither copied nor overwritten. It is not a
// test by itself; stencil_halo.test builds it with %clang-omp and compares
// its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// v mod 1024 as a float.
static float pattern(long v) { return (float)(int)(v % 1024); }

int main(void) {
  const long n = 1048576;
  float *a = malloc(n * sizeof(float));
  float *out = malloc(n * sizeof(float));
  // The target region leaves out[0] and out[n-1] alone: they must stay -1.
  for (long i = 0; i < n; ++i) {
    a[i] = pattern(i);
    out[i] = -1.0f;
  }

#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: out[1:n-2])
  for (long i = 1; i < n - 1; ++i)
    out[i] = a[i - 1] + a[i] + a[i + 1];

  long ok = 0;
  for (long i = 0; i < n; ++i) {
    float expect = i == 0 || i == n - 1
                       ? -1.0f
                       : pattern(i - 1) + pattern(i) + pattern(i + 1);
    if (out[i] == expect)
      ++ok;
  }
  printf("stencil_halo: n = %ld, out[i] = a[i-1] + a[i] + a[i+1] on [1, n-1), "
         "%ld of %ld elements as expected, out[0] = %.1f, out[n-1] = %.1f: "
         "%s\n",
         n, ok, n, (double)out[0], (double)out[n - 1],
         ok == n ? "PASS" : "FAIL");
  free(a);
  free(out);
  return ok == n ? 0 : 1;
}
