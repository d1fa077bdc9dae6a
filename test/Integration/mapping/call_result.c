// C + OpenMP twin of call_result.mlir: bump(a, k) adds k to every element of
// a 2^20 int array on the device and returns a; the caller reads r[7] and
// writes r[5] through the returned pointer after each of 10 calls. A careful
// programmer keeps a on the device for the loop (target data map(tofrom:
// a[0:n])) and moves only those elements: target update from(r[7:1])
// before the read, target update to(r[5:1]) after the write. It is not a
// test by itself; call_result.test compares its copies with ours.
#include <stdio.h>
#include <stdlib.h>

static int *bump(int *a, long n, int c) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    a[i] += c;
  return a;
}

int main(void) {
  const long n = 1048576;
  int *a = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    a[i] = (int)i;
  int sum = 0;
#pragma omp target data map(tofrom : a [0:n])
  for (int k = 0; k < 10; ++k) {
    int *r = bump(a, n, k);
#pragma omp target update from(r [7:1])
    sum += r[7];
    r[5] = k * 100;
#pragma omp target update to(r [5:1])
  }
  printf("call_result: sum of r[7] %d, a[5] %d, a[10] %d (expected 235 900 "
         "55)\n",
         sum, a[5], a[10]);
  int bad = sum != 235 || a[5] != 900 || a[10] != 55;
  free(a);
  return bad;
}
