// C + OpenMP twin of residual_swap.mlir: Jacobi iterations for
// 2.5 x[i] - x[i-1] - x[i+1] = b[i] on 65536 points until the largest change
// is below 1e-4 (at most 200 iterations), each iteration one sweep from the
// current grid into the other and a one-thread residual as target regions,
// the pointers swapped after it. A careful programmer maps the arrays once
// around the loop (the grids' fixed ends, which only the host wrote, are
// read; the loop may not run: both go in), res `alloc`, brings back just the
// residual after each iteration, and at the end only the grid the result is
// in (target update from(cur[0:n])). It is not a test by itself;
// residual_swap.test builds it with %clang-omp and compares its copies with
// those of the offload program.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// One sweep on the device: out[i] = (b[i] + in[i-1] + in[i+1]) * 0.4 inside
// the fixed ends. The arrays are present (target data below).
static void sweep(const float *in, const float *b, float *out, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 1; i < n - 1; ++i)
    out[i] = (b[i] + in[i - 1] + in[i + 1]) * 0.4f;
}

// res[0] = max |x - y|, by one thread.
static void residual(const float *x, const float *y, float *res, long n) {
#pragma omp target
  {
    float m = 0.0f;
    for (long i = 0; i < n; ++i)
      m = fmaxf(m, fabsf(x[i] - y[i]));
    res[0] = m;
  }
}

// The same two on the host, for the check.
static void host_sweep(const float *in, const float *b, float *out, long n) {
  for (long i = 1; i < n - 1; ++i)
    out[i] = (b[i] + in[i - 1] + in[i + 1]) * 0.4f;
}

static float host_residual(const float *x, const float *y, long n) {
  float m = 0.0f;
  for (long i = 0; i < n; ++i)
    m = fmaxf(m, fabsf(x[i] - y[i]));
  return m;
}

// x = y = 0, b[i] = i mod 3.
static void init(float *x, float *y, float *b, long n) {
  for (long i = 0; i < n; ++i) {
    x[i] = 0.0f;
    y[i] = 0.0f;
    b[i] = (float)(int)(i % 3);
  }
}

int main(void) {
  const long n = 65536, max = 200;
  const float tol = 1.0e-4f;
  float *x = malloc(n * sizeof(float));
  float *y = malloc(n * sizeof(float));
  float *b = malloc(n * sizeof(float));
  float *res = malloc(sizeof(float));
  float *rx = malloc(n * sizeof(float));
  float *ry = malloc(n * sizeof(float));
  init(x, y, b, n);
  init(rx, ry, b, n);

  // The host reads the residual after every iteration, nothing else.
  long iters = 0;
  float r = INFINITY;
  float *cur = x, *nxt = y;
#pragma omp target data map(to                                                 \
                            : x [0:n], y [0:n], b [0:n]) map(alloc             \
                                                             : res [0:1])
  {
    while (iters < max && r >= tol) {
      sweep(cur, b, nxt, n);
      residual(cur, nxt, res, n);
#pragma omp target update from(res [0:1])
      r = res[0];
      ++iters;
      float *t = cur;
      cur = nxt;
      nxt = t;
    }
#pragma omp target update from(cur [0:n])
  }

  // The same iterations on the host.
  long hiters = 0;
  float hr = INFINITY;
  float *hcur = rx, *hnxt = ry;
  while (hiters < max && hr >= tol) {
    host_sweep(hcur, b, hnxt, n);
    hr = host_residual(hcur, hnxt, n);
    ++hiters;
    float *t = hcur;
    hcur = hnxt;
    hnxt = t;
  }

  long same = 0;
  for (long i = 0; i < n; ++i)
    if (cur[i] == hcur[i])
      ++same;
  int all = same == n && iters == hiters && r == hr && r < tol;
  printf("residual_swap: n = %ld, %ld iterations of 1 sweep, swapped, on the "
         "device "
         "(host: %ld) until max |x - y| = %.3e < 1e-4, %ld of %ld points "
         "equal to the host's: %s\n",
         n, iters, hiters, (double)r, same, n, all ? "PASS" : "FAIL");
  free(x);
  free(y);
  free(b);
  free(res);
  free(rx);
  free(ry);
  return all ? 0 : 1;
}
