// The C + OpenMP twin of made_resident.mlir, as a careful author writes it:
// make() leaves what it allocates on the device (enter data) and updates
// the element it sets on the host; the caller keeps the result there,
// brings back the elements it reads and deletes it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef int32_t i32;

static void bump(i32 *a, i32 k, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    a[i] = (i32)((uint32_t)(a[i] * 3 + k) % 65521u);
}
static void derive(const i32 *x, i32 *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = (i32)((uint32_t)(x[i] * 5 + (i32)i) % 65521u);
}
static void total(const i32 *a, i32 *out, long n) {
#pragma omp target map(from : out [0:1])
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
static i32 *make(const i32 *x, long n) {
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  derive(x, y, n);
  y[0] = 7;
#pragma omp target update to(y [0:1])
  return y;
}
static i32 *refine(const i32 *x, long n) {
  i32 *y = make(x, n);
  bump(y, 11, n);
  return y;
}
int main(void) {
  long n = 262144;
  i32 *x = malloc(n * 4);
  fill_pattern(x, 7919, n);
#pragma omp target enter data map(to : x [0:n])
  i32 *y = refine(x, n);
  for (int k = 0; k < 20; ++k)
    bump(y, k, n);
  i32 *scratch = make(x, n);
  i32 out[1];
  total(scratch, out, n);
#pragma omp target exit data map(delete : scratch [0:n])
  free(scratch);
#pragma omp target update from(y [0:2])
#pragma omp target update from(y [100:1])
#pragma omp target update from(y [n - 1:1])
#pragma omp target exit data map(delete : y [0:n])
#pragma omp target exit data map(delete : x [0:n])
  printf("made_resident: y[0]=%d y[1]=%d y[100]=%d y[last]=%d scratch=%d\n",
         y[0], y[1], y[100], y[n - 1], out[0]);
  free(y);
  free(x);
  return 0;
}
