// C + OpenMP twin of complex.mlir: z = w * z on 2^20 complex floats, stored as
// a struct of two floats. The target region reads and writes z:
// map(tofrom: z[0:n]), 8 bytes an element each way. It is not a test by
// itself; complex.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float re, im;
} cfloat;

// (v mod m) - d as a float.
static float pattern(long v, long m, long d) {
  return (float)(int)(v % m - d);
}

int main(void) {
  const long n = 1048576;
  const float wr = 2.0f, wi = -1.0f;
  cfloat *z = malloc(n * sizeof(cfloat));
  // z[i] = (i mod 64) + ((i mod 7) - 3) i: small integers, so every product
  // is exact.
  for (long i = 0; i < n; ++i) {
    z[i].re = pattern(i, 64, 0);
    z[i].im = pattern(i, 7, 3);
  }

#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
  for (long i = 0; i < n; ++i) {
    cfloat v = z[i];
    z[i].re = wr * v.re - wi * v.im;
    z[i].im = wr * v.im + wi * v.re;
  }

  // (wr + i wi)(re + i im) = (wr re - wi im) + i (wr im + wi re).
  long ok = 0;
  for (long i = 0; i < n; ++i) {
    float re = pattern(i, 64, 0), im = pattern(i, 7, 3);
    if (z[i].re == wr * re - wi * im && z[i].im == wr * im + wi * re)
      ++ok;
  }
  printf("complex: n = %ld, z *= (%.1f + %.1fi), %ld of %ld elements as "
         "expected, z[5] = (%.1f, %.1f): %s\n",
         n, (double)wr, (double)wi, ok, n, (double)z[5].re, (double)z[5].im,
         ok == n ? "PASS" : "FAIL");
  free(z);
  return ok == n ? 0 : 1;
}
