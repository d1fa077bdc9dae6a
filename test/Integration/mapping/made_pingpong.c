// The C + OpenMP twin of made_pingpong.mlir, as a careful author writes it:
// make() enters what it allocates with map(alloc:), the element accesses are
// updated one element at a time.
#include "common_i32.h"
static i32 *make(const i32 *x, long n) {
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  derive(x, y, n);
  return y;
}
int main(void) {
  long n = 262144;
  i32 *x = malloc(n * 4);
  fill_pattern(x, 7919, n);
#pragma omp target enter data map(to : x [0:n])
  i32 *p = make(x, n), *q = make(x, n);
#pragma omp target exit data map(delete : x [0:n])
  free(x);
  long acc = 0;
  i32 *cur = p, *nxt = q;
  for (int e = 0; e < 3; ++e) {
    for (long j = 0; j < 5; ++j) {
      if (j % 2 == 0) {
        cur[j] = (i32)j * 11;
#pragma omp target update to(cur [j:1])
      }
      smooth(cur, nxt, n);
#pragma omp target update from(nxt [j + 10:1])
      acc += (uint32_t)nxt[j + 10];
      i32 *t = cur;
      cur = nxt;
      nxt = t;
    }
#pragma omp target update from(cur [1:1])
#pragma omp target update from(nxt [1:1])
    acc += (uint32_t)cur[1];
    acc += (uint32_t)nxt[1];
  }
#pragma omp target update from(cur [0:3])
  printf("made_pingpong: acc=%ld c0..2=%d %d %d\n", acc, cur[0], cur[1],
         cur[2]);
  return 0;
}
