// Twin of cond_host_read.mlir: a tofrom around the loop, update from(a[2:1])
// inside the if.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const long n = 1048576;
  int *a = malloc(n * 4);
  for (long i = 0; i < n; ++i)
    a[i] = (int)i;
  int s = 0;
#pragma omp target data map(tofrom : a [0:n])
  for (long k = 0; k < 100; ++k) {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      a[i] += 1;
    if (k % 25 == 24) {
#pragma omp target update from(a [2:1])
      s += a[2];
    }
  }
  printf("cond_host_read: sum of a[2] every 25 steps %d (expected 258), a[9] "
         "%d (expected 109)\n",
         s, a[9]);
  return s != 258 || a[9] != 109;
}
