// Host helpers the C + OpenMP twins of several mapping tests share
// (made_chain, pingpong_nested, callee_store, made_pingpong, made_host_init,
// pingpong_peek_final, other_names); the MLIR programs carry their own.
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
