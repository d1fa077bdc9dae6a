// C + OpenMP twin of window_calls.mlir. A careful programmer keeps a on the
// device around the loop (target data), lets the helper's target region
// find it (or the window) present, and brings back only the elements the
// host reads: one in each iteration, then a[0], a[150] and a[299:2] after
// the loop (target update from). It is not a test
// by itself; window_calls.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>

static void work(long *v, long n, long k) {
#pragma omp target teams distribute parallel for map(tofrom : v[0:n])
  for (long i = 0; i < n; ++i)
    v[i] = (3 * v[i] + k) % 100003;
}

int main(void) {
  enum { N = 131072 };
  static long a[N];
  for (long i = 0; i < N; ++i)
    a[i] = i;
  long *win = a + 100;
#pragma omp target data map(to : a[0:N])
  {
    for (long s = 0; s < 10; ++s) {
      work(a, N, s);
      work(win, 200, s);
#pragma omp target update from(win[50:1])
      printf("window_calls: a[150] = %ld after step %ld\n", win[50], s);
    }
#pragma omp target update from(a[0:1])
#pragma omp target update from(a[150:1])
#pragma omp target update from(a[299:2])
  }
  printf("window_calls: a[0] = %ld, a[150] = %ld, a[299] = %ld, a[300] = %ld\n",
         a[0], a[150], a[299], a[300]);
  return 0;
}
