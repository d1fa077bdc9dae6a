// C + OpenMP twin of tmp_calls.mlir. 1: 10 calls of use_tmp(x, t), whose
// target regions fill the temporary t from x and add it into x; a careful
// programmer keeps x on the device for the loop (tofrom) and only allocates
// t there (map(alloc: t[0:n]): nothing of it is read before it is written,
// and nothing after). 2: a target region writes b[0:k) and the next sums all
// of b; b[k:m) must be the host's values, so b is mapped `to` around both,
// and the sum comes back (map(from: out[0:1])). It is not a test by itself;
// tmp_calls.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <stdio.h>
#include <stdlib.h>

static void use_tmp(float *x, float *t, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    t[i] = x[i];
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    x[i] = t[i] + x[i];
}

int main(void) {
  const long n = 1048576, m = 1000, k = 300;
  float *x = malloc(n * sizeof(float));
  float *t = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    x[i] = (float)(int)(i % 1024);
#pragma omp target data map(tofrom : x [0:n]) map(alloc : t [0:n])
  for (int it = 0; it < 10; ++it)
    use_tmp(x, t, n);
  free(t);
  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (x[i] == (float)(int)(i % 1024) * 1024.0f)
      ++ok;

  float *b = malloc(m * sizeof(float));
  float out[1];
  for (long i = 0; i < m; ++i)
    b[i] = 1.0f;
#pragma omp target data map(to : b [0:m])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < k; ++i)
      b[i] = 2.0f;
#pragma omp target map(from : out [0:1])
    {
      float s = 0.0f;
      for (long i = 0; i < m; ++i)
        s += b[i];
      out[0] = s;
    }
  }
  free(b);
  float expect = (float)(m + k);
  int all = ok == n && out[0] == expect;
  printf("tmp_calls: n = %ld, 10 calls of x += x through a temporary: %ld of "
         "%ld elements as expected; sum of b after a launch on b[0, %ld) = "
         "%.1f (expected %.1f): %s\n",
         n, ok, n, k, (double)out[0], (double)expect, all ? "PASS" : "FAIL");
  free(x);
  return all ? 0 : 1;
}
