#include <stdio.h>
#include <stdlib.h>
static void spmv(const float *p, float *q, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i) {
    float l = i == 0 ? 0.0f : p[i - 1];
    float r = i == n - 1 ? 0.0f : p[i + 1];
    q[i] = (p[i] * 2.0f - l) - r;
  }
}
static float dot(const float *a, const float *b, float *t, long n) {
#pragma omp target
  {
    float s = 0;
    for (long i = 0; i < n; ++i)
      s = s + a[i] * b[i];
    t[0] = s;
  }
#pragma omp target update from(t [0:1])
  return t[0];
}
static void axpy(float al, const float *x, float *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = y[i] + al * x[i];
}
static void xpay(const float *r, float be, float *p, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    p[i] = r[i] + be * p[i];
}
int main(void) {
  long n = 8192, iters = 40;
  float *x = malloc(n * 4), *r = malloc(n * 4), *p = malloc(n * 4),
        *q = malloc(n * 4), *t = malloc(4);
  for (long i = 0; i < n; ++i) {
    x[i] = 0;
    r[i] = (float)(int)(i % 5);
    p[i] = r[i];
  }
  float rr;
#pragma omp target data map(to                                                 \
                            : x [0:n], r [0:n], p [0:n])                       \
    map(alloc                                                                  \
        : q [0:n], t [0:1])
  {
    rr = dot(r, r, t, n);
    for (long k = 0; k < iters; ++k) {
      spmv(p, q, n);
      float al = rr / dot(p, q, t, n);
      axpy(al, p, x, n);
      axpy(-al, q, r, n);
      float rrn = dot(r, r, t, n);
      float be = rrn / rr;
      xpay(r, be, p, n);
      rr = rrn;
    }
#pragma omp target update from(x [0:1])
#pragma omp target update from(x [n / 2:1])
  }
  printf("cg_helpers: rr=%.9e x[0]=%.9e x[mid]=%.9e\n", (double)rr,
         (double)x[0], (double)x[n / 2]);
  return 0;
}
