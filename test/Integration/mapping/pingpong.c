// C + OpenMP twin of pingpong.mlir: 100 smoothing steps over 2^20
// integers, the two buffers' pointers swapped after each step. A careful
// programmer maps the first buffer in and allocates the second (the first
// step writes all of it) around the loop, and brings back, with a target
// update at its end, only the buffer the result is in. It is not a test by
// itself; pingpong.test builds it with %clang-omp and compares its copies
// with those of the offload program.
#include "smooth_i32.h"


int main(void) {
  const long steps = 100;
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int));
  int *ra = malloc(N * sizeof(int)), *rb = malloc(N * sizeof(int));
  for (long i = 0; i < N; ++i)
    a[i] = ra[i] = (int)(((unsigned)i * 7919u) % 65521u);
  int *cur = a, *nxt = b;
#pragma omp target data map(to : a [0:N]) map(alloc : b [0:N])
  {
    for (long k = 0; k < steps; ++k) {
      smooth(cur, nxt);
      int *t = cur;
      cur = nxt;
      nxt = t;
    }
#pragma omp target update from(cur [0:N])
  }
  int *rcur = ra, *rnxt = rb;
  for (long k = 0; k < steps; ++k) {
    host_smooth(rcur, rnxt);
    int *t = rcur;
    rcur = rnxt;
    rnxt = t;
  }
  long same = 0;
  for (long i = 0; i < N; ++i)
    same += cur[i] == rcur[i];
  int all = same == N;
  printf("pingpong: %ld steps over %ld integers, %ld equal to the host's, "
         "x[12345] = %d: %s\n",
         steps, (long)N, same, cur[12345], all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
