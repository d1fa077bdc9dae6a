// C + OpenMP twin of jacobi1000.mlir: 1000 iterations of two sweeps of a
// 5-point stencil on a 256 x 256 grid, the sweeps as target regions inside one
// target data region around the loop. Only a is read back; b must go in (the
// sweep b -> a reads its fixed boundary) but is dead after the loop, so a
// careful programmer maps map(tofrom: a[0:n*n]) map(to: b[0:n*n]). It is not
// a test by itself; jacobi1000.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// One sweep on the device. `in` and `out` are already present (mapped by the
// enclosing target data region), so the implicit zero-length maps of the two
// pointers only look them up and copy nothing.
static void sweep(const float *in, float *out, long n) {
#pragma omp target teams distribute parallel for collapse(2)
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      out[i * n + j] = (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                        in[i * n + j - 1] + in[i * n + j + 1]) *
                       0.25f;
}

// The same sweep on the host, for the check.
static void host_sweep(const float *in, float *out, long n) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      out[i * n + j] = (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                        in[i * n + j - 1] + in[i * n + j + 1]) *
                       0.25f;
}

// Hot top edge (1.0), cold elsewhere (0.0).
static void init(float *g, long n) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      g[i * n + j] = i == 0 ? 1.0f : 0.0f;
}

int main(void) {
  const long n = 256, iters = 1000, sweeps = 2 * iters;
  float *a = malloc(n * n * sizeof(float));
  float *b = malloc(n * n * sizeof(float));
  float *ra = malloc(n * n * sizeof(float));
  float *rb = malloc(n * n * sizeof(float));
  init(a, n);
  init(b, n);
  init(ra, n);
  init(rb, n);

  // Both grids stay on the device for all the sweeps; only a comes back.
#pragma omp target data map(tofrom: a[0:n*n]) map(to: b[0:n*n])
  for (long k = 0; k < iters; ++k) {
    sweep(a, b, n);
    sweep(b, a, n);
  }
  for (long k = 0; k < iters; ++k) {
    host_sweep(ra, rb, n);
    host_sweep(rb, ra, n);
  }

  long same = 0;
  for (long i = 0; i < n * n; ++i)
    if (a[i] == ra[i])
      ++same;
  int all = same == n * n;
  printf("jacobi1000: %ld x %ld grid, %ld sweeps on the device, %ld of %ld "
         "points equal to the host's, value at (8, 128) = %.6f: %s\n",
         n, n, sweeps, same, n * n, (double)a[8 * n + n / 2],
         all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
