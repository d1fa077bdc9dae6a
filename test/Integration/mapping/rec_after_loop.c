// C + OpenMP twin of rec_after_loop.mlir. A careful programmer keeps a and
// b on the device around the loop (target data, tofrom: both are read and
// written), and lets the recursive function's target regions map them
// themselves. It is not a test by itself; rec_after_loop.test builds it
// with %clang-omp and compares its copies with those of the offload
// program.
#include <stdio.h>

static void inc(const int *a, int *b, long n) {
#pragma omp target teams distribute parallel for map(to : a[0:n]) map(tofrom : b[0:n])
  for (long i = 0; i < n; ++i)
    b[i] += a[i];
}

static void rec(const int *a, int *b, long n, int d) {
  if (d > 0) {
    inc(a, b, n);
    rec(a, b, n, d - 1);
  }
}

int main(void) {
  enum { N = 1048576 };
  static int a[N], b[N];
  for (long i = 0; i < N; ++i)
    a[i] = b[i] = 1;
#pragma omp target data map(tofrom : a[0:N], b[0:N])
  for (int s = 0; s < 10; ++s) {
    inc(a, b, N);
    inc(b, a, N);
  }
  rec(a, b, N, 2);
  int ea = 1, eb = 1;
  for (int s = 0; s < 10; ++s) {
    eb += ea;
    ea += eb;
  }
  eb += 2 * ea;
  long na = 0, nb = 0;
  for (long i = 0; i < N; ++i) {
    na += a[i] == ea;
    nb += b[i] == eb;
  }
  int ok = na == N && nb == N;
  printf("rec_after_loop: n = %ld, a[i] == %d and b[i] == %d for %ld and %ld "
         "of %ld elements: %s\n",
         (long)N, ea, eb, na, nb, (long)N, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
