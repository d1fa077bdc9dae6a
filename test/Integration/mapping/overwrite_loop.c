// C + OpenMP twin of overwrite_loop.mlir: target data map(to: a) map(from: b)
// around the loop. It is not a test by itself; overwrite_loop.test builds it
// with %clang-omp and compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>
int main() {
  int n = 1048576;
  int *a = malloc(n * 4), *b = malloc(n * 4);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target data map(to : a [0:n]) map(from : b [0:n])
  for (int k = 0; k < 10; k++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
  }
  printf("b[3] = %d (expected 4)\n", b[3]);
  return b[3] != 4;
}
