// The C + OpenMP twin of pingpong_peek_final.mlir, as a careful author
// writes it: both buffers mapped around the loop and the last launch, the
// elements the helpers touch updated one at a time.
#include "common_i32.h"
int main(void) {
  long n = 262144;
  i32 *a = malloc(n * 4), *b = malloc(n * 4);
  fill_pattern(a, 7919, n);
  long acc = 0;
  i32 *u = a, *v = b;
  i32 r[4];
#pragma omp target data map(to : a [0:n]) map(alloc : b [0:n])
  {
    for (long k = 0; k < 8; ++k) {
      u[k + 5] = (i32)k;
#pragma omp target update to(u [k + 5:1])
      smooth(u, v, n);
#pragma omp target update from(v [k:1])
      acc += (uint32_t)v[k];
      i32 *t = u;
      u = v;
      v = t;
    }
    derive(u, v, n);
#pragma omp target update from(v [0:4])
    for (int i = 0; i < 4; ++i)
      r[i] = v[i];
  }
  printf("pingpong_peek_final: acc=%ld %d %d %d %d\n", acc, r[0], r[1], r[2],
         r[3]);
  return 0;
}
