// The C + OpenMP twin of pingpong_peek_final.mlir, as a careful author
// writes it: both buffers mapped around the loop and the last launch, the
// elements the helpers touch updated one at a time.
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
