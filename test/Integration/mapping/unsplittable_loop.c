// C + OpenMP twin of unsplittable_loop.mlir: the loop on device 1 with the
// buffers mapped once around it.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  long n = 100000, T = 20;
  long *x = malloc(n * 8), *y = malloc(n * 8);
  for (long i = 0; i < n; ++i) {
    x[i] = i;
    y[i] = i;
  }
#pragma omp target data map(to : x[0 : n]) map(tofrom : y[0 : n]) device(1)
  for (long t = 0; t < T; ++t) {
#pragma omp target teams distribute parallel for device(1)
    for (long i = 0; i < n - 1; ++i)
      y[i + 1] += x[i];
  }
  printf("y[7] = %ld\n", y[7]);
  free(x);
  free(y);
  return 0;
}
