// C + OpenMP twin of heat_swap.mlir: 201 steps (a number known at run time)
// of the 2-D heat equation on a 256 x 256 grid, each step a function
// step(cur, nxt) with one target region, the pointers swapped after it. A
// careful programmer puts one target data region around the loop, mapping
// both grids in (their fixed boundaries are read; the loop may not run), and
// brings back, with a target update at its end, only the grid the result is
// in. It is not a test by itself; heat_swap.test builds it with %clang-omp
// and compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// One update on the device: out = in + r * (sum of the four neighbours -
// 4 * in), inside the fixed boundary. The grids are already present (mapped
// by the caller's target data region), so the implicit zero-length maps of
// the two pointers only look them up and copy nothing.
static void diffuse(const float *in, float *out, long n) {
#pragma omp target teams distribute parallel for collapse(2)
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j) {
      float c = in[i * n + j];
      float sum = in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                  in[i * n + j - 1] + in[i * n + j + 1];
      out[i * n + j] = c + (sum - c * 4.0f) * 0.2f;
    }
}

// One time step.
static void step(const float *in, float *out, long n) { diffuse(in, out, n); }

// The number of steps, computed at run time.
__attribute__((noinline)) static long get_steps(void) { return 201; }

// The same update on the host, for the check.
static void host_diffuse(const float *in, float *out, long n) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j) {
      float c = in[i * n + j];
      float sum = in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                  in[i * n + j - 1] + in[i * n + j + 1];
      out[i * n + j] = c + (sum - c * 4.0f) * 0.2f;
    }
}

// Hot top edge (1.0), cold elsewhere (0.0).
static void init(float *g, long n) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      g[i * n + j] = i == 0 ? 1.0f : 0.0f;
}

int main(void) {
  const long n = 256, steps = get_steps();
  float *a = malloc(n * n * sizeof(float));
  float *b = malloc(n * n * sizeof(float));
  float *ra = malloc(n * n * sizeof(float));
  float *rb = malloc(n * n * sizeof(float));
  init(a, n);
  init(b, n);
  init(ra, n);
  init(rb, n);

  // Both grids stay on the device for all the steps; only the one holding
  // the result comes back.
  float *cur = a, *nxt = b;
#pragma omp target data map(to : a [0:n * n], b [0:n * n])
  {
    for (long k = 0; k < steps; ++k) {
      step(cur, nxt, n);
      float *t = cur;
      cur = nxt;
      nxt = t;
    }
#pragma omp target update from(cur [0:n * n])
  }
  float *rcur = ra, *rnxt = rb;
  for (long k = 0; k < steps; ++k) {
    host_diffuse(rcur, rnxt, n);
    float *t = rcur;
    rcur = rnxt;
    rnxt = t;
  }

  long same = 0;
  for (long i = 0; i < n * n; ++i)
    if (cur[i] == rcur[i])
      ++same;
  int all = same == n * n;
  printf("heat_swap: %ld x %ld grid, %ld steps in calls to step(cur, nxt), "
         "swapped, %ld of %ld points equal to the host's, value at (8, 128) = "
         "%.6f: %s\n",
         n, n, steps, same, n * n, (double)cur[8 * n + n / 2],
         all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
