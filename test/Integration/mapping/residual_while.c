// C + OpenMP twin of residual_while.mlir: Jacobi iterations for
// 2.5 x[i] - x[i-1] - x[i+1] = b[i] on 65536 points until the largest change
// is below 1e-4 (at most 200 iterations), each iteration two sweeps and a
// one-thread residual as target regions. A careful programmer maps the arrays
// once around the loop: x tofrom (it is read back), y and b `to` (y's fixed
// ends, which only the host wrote, are read by the sweep y -> x; y is dead
// afterwards), res `alloc` (only the device writes it), and brings back just
// the residual, target update from(res[0:1]), after each iteration. It is not
// a test by itself; residual_while.test builds it with %clang-omp and
// compares its copies with those of the offload program.
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
#pragma omp target data map(tofrom: x[0:n]) map(to: y[0:n], b[0:n]) \
    map(alloc: res[0:1])
  while (iters < max && r >= tol) {
    sweep(x, b, y, n);
    sweep(y, b, x, n);
    residual(x, y, res, n);
#pragma omp target update from(res[0:1])
    r = res[0];
    ++iters;
  }

  // The same iterations on the host.
  long hiters = 0;
  float hr = INFINITY;
  while (hiters < max && hr >= tol) {
    host_sweep(rx, b, ry, n);
    host_sweep(ry, b, rx, n);
    hr = host_residual(rx, ry, n);
    ++hiters;
  }

  long same = 0;
  for (long i = 0; i < n; ++i)
    if (x[i] == rx[i])
      ++same;
  int all = same == n && iters == hiters && r == hr && r < tol;
  printf("residual_while: n = %ld, %ld iterations of 2 sweeps on the device "
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
