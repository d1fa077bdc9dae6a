// C + OpenMP twin of host_write.mlir: a target region adds 1 to every element
// of a 2^20 f32 array, the host stores a[5] = 7, and a second target region
// computes out = 2 * a. A careful programmer keeps a on the device across
// both (target data map(tofrom: a[0:n]) map(from: out[0:n])) and sends only
// the stored element, target update to(a[5:1]), before the second region.
// It is not a test by itself; host_write.test builds it with %clang-omp and
// compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// v mod 1024 as a float.
static float pattern(long v) { return (float)(int)(v % 1024); }

int main(void) {
  const long n = 1048576;
  float *a = malloc(n * sizeof(float));
  float *out = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    a[i] = pattern(i);

#pragma omp target data map(tofrom: a[0:n]) map(from: out[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      a[i] = a[i] + 1.0f;
    // The second target region must see this store.
    a[5] = 7.0f;
#pragma omp target update to(a[5:1])
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      out[i] = 2.0f * a[i];
  }

  // a[i] = pattern(i) + 1 except a[5] = 7, out = 2 * a.
  long ok = 0;
  for (long i = 0; i < n; ++i) {
    float ea = i == 5 ? 7.0f : pattern(i) + 1.0f;
    ok += a[i] == ea;
    ok += out[i] == 2.0f * ea;
  }
  printf("host_write: n = %ld, a += 1, host a[5] = 7, out = 2 * a: %ld of %ld "
         "elements of a and out as expected, out[5] = %.1f: %s\n",
         n, ok, 2 * n, (double)out[5], ok == 2 * n ? "PASS" : "FAIL");
  free(a);
  free(out);
  return ok == 2 * n ? 0 : 1;
}
