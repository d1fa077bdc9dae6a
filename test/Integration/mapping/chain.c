// C + OpenMP twin of chain.mlir: t = a + b, u = t * t, out = u - a on 2^20 f32
// elements, as three target regions inside one target data region that maps
// a and b `to` (read only), the temporaries t and u `alloc` (device memory,
// never copied: the host never reads or writes them) and out `from` (written
// everywhere, read back once). It is not a test by itself; chain.test builds
// it with %clang-omp and compares its copies with those of the offload
// program.
#include <stdio.h>
#include <stdlib.h>

// (v mod m) - d as a float.
static float pattern(long v, long m, long d) {
  return (float)(int)(v % m - d);
}

int main(void) {
  const long n = 1048576;
  float *a = malloc(n * sizeof(float));
  float *b = malloc(n * sizeof(float));
  float *out = malloc(n * sizeof(float));
  // a[i] = i mod 1024, b[i] = (i mod 7) - 3: (a + b)^2 < 2^24, every value is
  // an exact float.
  for (long i = 0; i < n; ++i) {
    a[i] = pattern(i, 1024, 0);
    b[i] = pattern(i, 7, 3);
  }

  // Device temporaries: only the target regions touch them.
  float *t = malloc(n * sizeof(float));
  float *u = malloc(n * sizeof(float));
  // The target regions find every array present: their implicit maps of the
  // pointers copy nothing.
#pragma omp target data map(to: a[0:n], b[0:n]) map(alloc: t[0:n], u[0:n]) \
    map(from: out[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      t[i] = a[i] + b[i];
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      u[i] = t[i] * t[i];
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      out[i] = u[i] - a[i];
  }
  free(t);
  free(u);

  long same = 0;
  for (long i = 0; i < n; ++i) {
    float s = a[i] + b[i];
    if (out[i] == s * s - a[i])
      ++same;
  }
  printf("chain: n = %ld, out = (a + b)^2 - a in three launches, %ld of %ld "
         "elements equal to the host's, out[1000] = %.1f: %s\n",
         n, same, n, (double)out[1000], same == n ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(out);
  return same == n ? 0 : 1;
}
