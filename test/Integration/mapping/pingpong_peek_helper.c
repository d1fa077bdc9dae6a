// C + OpenMP twin of pingpong_peek_helper.mlir: pingpong, then a helper,
// peek(r, k), reading one element of the result, with a target update of
// that element. It is not a test by itself; pingpong_peek_helper.test builds
// it with %clang-omp and compares its copies with those of the offload
// program.
#include "smooth_i32.h"

static int peek(const int *r, long k) {
#pragma omp target update from(r [k:1])
  return r[k];
}

int main(void) {
  const long steps = 100;
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int));
  int *ra = malloc(N * sizeof(int)), *rb = malloc(N * sizeof(int));
  for (long i = 0; i < N; ++i)
    a[i] = ra[i] = (int)(((unsigned)i * 7919u) % 65521u);
  int *cur = a, *nxt = b;
  int x0, x1, x2, x3;
#pragma omp target data map(to : a [0:N]) map(alloc : b [0:N])
  {
    for (long k = 0; k < steps; ++k) {
      smooth(cur, nxt);
      int *t = cur;
      cur = nxt;
      nxt = t;
    }
    x0 = peek(cur, 0);
    x1 = peek(cur, 1);
    x2 = peek(cur, 12345);
    x3 = peek(cur, N - 1);
  }
  int *rcur = ra, *rnxt = rb;
  for (long k = 0; k < steps; ++k) {
    host_smooth(rcur, rnxt);
    int *t = rcur;
    rcur = rnxt;
    rnxt = t;
  }
  int all = x0 == rcur[0] && x1 == rcur[1] && x2 == rcur[12345] &&
            x3 == rcur[N - 1];
  printf("pingpong_peek_helper: %ld steps, x[0] x[1] x[12345] x[1048575] = "
         "%d %d %d %d, as the host's: %s\n",
         steps, x0, x1, x2, x3, all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
