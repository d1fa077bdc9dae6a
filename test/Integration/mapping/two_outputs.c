// C + OpenMP twin of two_outputs.mlir: s = a + b and d = a - b in one target
// region on 2^20 f32 elements. a and b are only read, s and d only written
// (everywhere): map(to: a[0:n], b[0:n]) map(from: s[0:n], d[0:n]). It is not
// a test by itself; two_outputs.test builds it with %clang-omp and compares
// its copies with those of the offload program.
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
  float *s = malloc(n * sizeof(float));
  float *d = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i) {
    a[i] = pattern(i, 1024, 0);
    b[i] = pattern(i, 7, 3);
  }

#pragma omp target teams distribute parallel for map(to: a[0:n], b[0:n]) map(from: s[0:n], d[0:n])
  for (long i = 0; i < n; ++i) {
    s[i] = a[i] + b[i];
    d[i] = a[i] - b[i];
  }

  long ok = 0;
  for (long i = 0; i < n; ++i) {
    ok += s[i] == a[i] + b[i];
    ok += d[i] == a[i] - b[i];
  }
  printf("two_outputs: n = %ld, s = a + b and d = a - b, %ld of %ld elements "
         "of s and d as expected: %s\n",
         n, ok, 2 * n, ok == 2 * n ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(s);
  free(d);
  return ok == 2 * n ? 0 : 1;
}
