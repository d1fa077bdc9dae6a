// The C + OpenMP twin of made_chain.mlir, as a careful author writes it:
// next() enters what it allocates (map(alloc:)) and leaves it on the
// device; the loop deletes the buffer it replaces; the elements read come
// back with target update.
#include "common_i32.h"

static i32 *next(const i32 *x, i32 k, long n) {
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  smooth(x, y, n);
  bump(y, k, n);
  return y;
}
int main(void) {
  long n = 262144;
  i32 *x = malloc(n * 4);
  fill_pattern(x, 7919, n);
#pragma omp target enter data map(to : x [0:n])
  for (int k = 0; k < 10; ++k) {
    i32 *y = next(x, k, n);
#pragma omp target exit data map(delete : x [0:n])
    free(x);
    x = y;
  }
#pragma omp target update from(x [0:3])
#pragma omp target update from(x [n - 1:1])
#pragma omp target exit data map(delete : x [0:n])
  printf("made_chain: x[0]=%d x[1]=%d x[2]=%d x[last]=%d\n", x[0], x[1], x[2],
         x[n - 1]);
  free(x);
  return 0;
}
