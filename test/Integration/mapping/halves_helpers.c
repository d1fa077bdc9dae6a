// C + OpenMP twin of halves_helpers.mlir: t is only allocated on the
// device (the two halves the helpers' target regions write cover it), o
// goes both ways. It is not a test by itself; halves_helpers.test builds it
// with %clang-omp and compares its copies with those of the offload
// program.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void fillr(int *t, long lo, long hi, int k) {
#pragma omp target teams distribute parallel for
  for (long i = lo; i < hi; ++i)
    t[i] = (int)i * k;
}

static void consume(const int *t, int *o, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    o[i] = (int)((uint32_t)(t[i] + o[i]) % 65521u);
}

int main(void) {
  long n = 65536;
  int *t = malloc(n * sizeof(int)), *o = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    o[i] = 0;
#pragma omp target data map(alloc : t[0:n]) map(tofrom : o[0:n])
  for (int k = 1; k < 4; ++k) {
    fillr(t, 0, n / 2, k);
    fillr(t, n / 2, n, 2 * k);
    consume(t, o, n);
  }
  long same = 0;
  for (long i = 0; i < n; ++i) {
    int v = 0;
    for (int k = 1; k < 4; ++k) {
      int kk = i < n / 2 ? k : 2 * k;
      v = (int)((uint32_t)((int)i * kk + v) % 65521u);
    }
    same += o[i] == v;
  }
  printf("halves_helpers: %ld of %ld equal, o[100]=%d\n", same, n, o[100]);
  free(t);
  free(o);
  return 0;
}
