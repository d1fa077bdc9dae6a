// C + OpenMP twin of host_sections.mlir: 10 target regions adding 1 to a
// 2^20 int array, between which the host resets a[0, 16) and sums
// a[1000, 1100). A careful programmer keeps a on the device (target data
// map(tofrom: a[0:n])) and moves only those sections: target update
// to(a[0:16]) after the reset, from(a[1000:100]) before the sum. It is not a
// test by itself; host_sections.test compares its copies with ours.
#include <stdio.h>
#include <stdlib.h>

static void inc(int *a, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    a[i] += 1;
}

int main(void) {
  const long n = 1048576;
  int *a = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    a[i] = (int)i;
  long s = 0;
#pragma omp target data map(tofrom : a [0:n])
  {
    for (int k = 0; k < 10; ++k) {
      inc(a, n);
      for (long i = 0; i < 16; ++i)
        a[i] = 0;
#pragma omp target update to(a [0:16])
#pragma omp target update from(a [1000:100])
      for (long i = 1000; i < 1100; ++i)
        s += a[i];
    }
    inc(a, n);
  }
  printf("host_sections: sum %ld, a[3] %d, a[20] %d (expected 1055000 1 "
         "31)\n",
         s, a[3], a[20]);
  int bad = s != 1055000;
  free(a);
  return bad;
}
