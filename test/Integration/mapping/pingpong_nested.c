// The C + OpenMP twin of pingpong_nested.mlir, as a careful author writes
// it: both buffers mapped once around the epochs, the element read
// updated from whichever buffer holds the result.
#include "common_i32.h"
int main(void) {
  long n = 65536;
  i32 *a = malloc(n * 4), *b = malloc(n * 4);
  fill_pattern(a, 7919, n);
  long ps = 0;
  i32 *cur = a, *nxt = b;
#pragma omp target data map(to : a [0:n]) map(alloc : b [0:n])
  {
    for (int e = 0; e < 5; ++e) {
      for (int k = 0; k < 7; ++k) {
        smooth(cur, nxt, n);
        i32 *t = cur;
        cur = nxt;
        nxt = t;
      }
#pragma omp target update from(cur [3:1])
      ps += (uint32_t)cur[3];
    }
#pragma omp target update from(cur [0:n])
  }
  printf("pingpong_nested: probe sum=%ld hsum(cur)=%ld\n", ps, hsum(cur, n));
  return 0;
}
