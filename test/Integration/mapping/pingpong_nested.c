// The C + OpenMP twin of pingpong_nested.mlir, as a careful author writes
// it: both buffers mapped once around the epochs, the element read
// updated from whichever buffer holds the result.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef int32_t i32;
static void smooth(const i32 *in, i32 *out, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    out[i] =
        (i == 0 || i == n - 1)
            ? in[i]
            : (i32)((uint32_t)(in[i - 1] + in[i] * 2 + in[i + 1]) % 65521u);
}
static void fill_pattern(i32 *a, i32 seed, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = (i32)((uint32_t)((i32)i * seed) % 65521u);
}
static long hsum(const i32 *a, long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += (uint32_t)a[i];
  return s;
}
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
