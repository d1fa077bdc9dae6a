// C + OpenMP twin of cf_calls.mlir. A careful programmer keeps a and b on
// the device across the calls (target data: both in; nothing comes back
// whole) and brings back the elements the host reads (target update from).
// It is not a test by itself; cf_calls.test builds it with %clang-omp and
// compares its copies with those of the offload program.
#include <stdio.h>

static void smooth(const long *x, long *y, long n) {
#pragma omp target teams distribute parallel for map(to : x[0:n]) map(tofrom : y[0:n])
  for (long i = 1; i < n - 1; ++i)
    y[i] = (x[i - 1] + 2 * x[i] + x[i + 1]) % 1000003;
}

static void relax(long *a, long *b, long n, long steps) {
  if (steps == 0)
    return;
  for (long i = 0; i < steps; ++i) {
    smooth(a, b, n);
    smooth(b, a, n);
  }
}

int main(void) {
  enum { N = 131072 };
  static long a[N], b[N];
  for (long i = 0; i < N; ++i)
    a[i] = b[i] = i % 7;
#pragma omp target data map(to : a[0:N], b[0:N])
  {
    for (int k = 0; k < 4; ++k) {
      long steps = k == 1 ? 0 : 25;
      relax(a, b, N, steps);
#pragma omp target update from(a[5:1])
      printf("cf_calls: after %ld steps a[5] = %ld\n", steps, a[5]);
    }
#pragma omp target update from(a[65536:1])
  }
  printf("cf_calls: a[65536] = %ld\n", a[65536]);
  return 0;
}
