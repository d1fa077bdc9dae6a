// C + OpenMP twin of halves_rec.mlir. A careful programmer keeps v on the
// device around the loop (target data, to: the host reads three elements
// after it, which come back with target update), and lets the recursion's
// target regions find each half present. It is not a test by itself;
// halves_rec.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>

static void halves(int *v, long n) {
#pragma omp target teams distribute parallel for map(tofrom : v[0:n])
  for (long i = 0; i < n; ++i)
    v[i] += (int)(i + 1);
  if (n > 64) {
    long h = n / 2;
    halves(v, h);
    halves(v + h, n - h);
  }
}

int main(void) {
  enum { N = 4096 };
  static int a[N];
#pragma omp target data map(to : a[0:N])
  {
    for (int s = 0; s < 5; ++s)
      halves(a, N);
#pragma omp target update from(a[0:1])
#pragma omp target update from(a[777:1])
#pragma omp target update from(a[4095:1])
  }
  printf("halves_rec: v[0] = %d, v[777] = %d, v[4095] = %d\n", a[0], a[777],
         a[4095]);
  return 0;
}
