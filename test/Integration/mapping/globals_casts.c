// C + OpenMP twin of globals_casts.mlir: outer() calls leaf(), which adds 1
// to every element of a global array G[32] on the device, then adds 1 itself;
// main calls outer() 10 times inside target data map(tofrom: G). It is not a
// test by itself; globals_casts.test compares its copies with ours.
#include <stdio.h>

static int G[32];

static void leaf(void) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 32; ++i)
    G[i] += 1;
}

static void outer(void) {
  leaf();
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 32; ++i)
    G[i] += 1;
}

int main(void) {
#pragma omp target data map(tofrom : G)
  for (int k = 0; k < 10; ++k)
    outer();
  printf("%d\n", G[0]);
  return 0;
}
