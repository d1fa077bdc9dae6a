// The C + OpenMP twin of made_pingpong.mlir, as a careful author writes it:
// make() enters what it allocates with map(alloc:), the element accesses are
// updated one element at a time.
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
static void bump(i32 *a, i32 k, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    a[i] = (i32)((uint32_t)(a[i] * 3 + k) % 65521u);
}
static void accum(const i32 *x, i32 *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = (i32)((uint32_t)(x[i] + y[i]) % 65521u);
}
static void derive(const i32 *x, i32 *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = (i32)((uint32_t)(x[i] * 5 + (i32)i) % 65521u);
}
static void total(const i32 *a, i32 *out, long n) {
#pragma omp target
  {
    i32 s = 0;
    for (long i = 0; i < n; ++i)
      s = (i32)((uint32_t)s + (uint32_t)a[i]);
    out[0] = s;
  }
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
static void add2(const i32 *x, const i32 *y, i32 *z, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    z[i] = (i32)((uint32_t)(x[i] + y[i]) % 65521u);
}
static void relu(const i32 *x, i32 *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = x[i] > 30000 ? x[i] - 30000 : 0;
}
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
