// The C + OpenMP twin of made_host_init.mlir, as a careful author writes
// it: each helper enters what it allocates (map(to:) after a host fill,
// map(alloc:) otherwise) and updates the elements the host touches.
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
static i32 *mk_fill(const i32 *x, long n) {
  i32 *y = malloc(n * 4);
  fill_pattern(y, 31, n);
#pragma omp target enter data map(to : y [0:n])
  accum(x, y, n);
  return y;
}
static i32 *mk_poke(const i32 *x, long n) {
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  derive(x, y, n);
  y[0] = 777;
#pragma omp target update to(y [0:1])
  bump(y, 2, n);
#pragma omp target update from(y [1:1])
  y[2] = y[1];
#pragma omp target update to(y [2:1])
  return y;
}
static i32 *next(i32 *x, long n) {
#pragma omp target update from(x [3:1])
  i32 s = x[3];
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  derive(x, y, n);
  bump(y, s, n);
  return y;
}
int main(void) {
  long n = 262144;
  i32 *x = malloc(n * 4);
  fill_pattern(x, 7919, n);
#pragma omp target enter data map(to : x [0:n])
  i32 *y1 = mk_fill(x, n);
  i32 *u = mk_poke(y1, n);
  for (long k = 0; k < 4; ++k) {
    u[k + 3] = (i32)k;
#pragma omp target update to(u [k + 3:1])
    i32 *v = next(u, n);
#pragma omp target exit data map(delete : u [0:n])
    free(u);
    u = v;
  }
#pragma omp target update from(u [0:4])
#pragma omp target update from(y1 [9:1])
  printf("made_host_init: r0..3=%d %d %d %d y1_9=%d\n", u[0], u[1], u[2], u[3],
         y1[9]);
  return 0;
}
