// C + OpenMP twin of fill.mlir: out[i] = 3 * i over the whole of a 2^20 f32
// array, which the target region only writes, so a careful programmer maps it
// map(from: out[0:n]) and copies nothing to the device. It is not a test by
// itself; fill.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const long n = 1048576;
  // Not initialised: the target region must not need the host's values.
  float *out = malloc(n * sizeof(float));

#pragma omp target teams distribute parallel for map(from: out[0:n])
  for (long i = 0; i < n; ++i)
    out[i] = 3.0f * (float)(int)i;

  // 3 * i < 2^24 for every i: every value is an exact float.
  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (out[i] == 3.0f * (float)(int)i)
      ++ok;
  printf("fill: n = %ld, out[i] == 3 * i for %ld of %ld elements, out[%ld] = "
         "%.1f: %s\n",
         n, ok, n, n - 1, (double)out[n - 1], ok == n ? "PASS" : "FAIL");
  free(out);
  return ok == n ? 0 : 1;
}
