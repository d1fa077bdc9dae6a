// C + OpenMP twin of sections_cover.mlir: two target regions write the two
// halves of y; a careful programmer maps x to the device once and y from it
// once around both (target data map(to: x[0:n]) map(from: y[0:n])). It is
// not a test by itself; sections_cover.test compares its copies with ours.
#include <stdio.h>
#include <stdlib.h>

static void mv(const int *x, int *y, long lo, long hi, int c) {
#pragma omp target teams distribute parallel for
  for (long i = lo; i < hi; ++i)
    y[i] = x[i] + c;
}

int main(void) {
  const long n = 1000, k = 400;
  int *x = malloc(n * sizeof(int)), *y = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    x[i] = (int)i;
#pragma omp target data map(to : x [0:n]) map(from : y [0:n])
  {
    mv(x, y, 0, k, 1);
    mv(x, y, k, n, 2);
  }
  int s = 0;
  for (long i = 0; i < n; ++i)
    s += y[i];
  printf("sections_cover: sum of y %d (expected 501100)\n", s);
  free(x);
  free(y);
  return s != 501100;
}
