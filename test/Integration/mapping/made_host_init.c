// The C + OpenMP twin of made_host_init.mlir, as a careful author writes
// it: each helper enters what it allocates (map(to:) after a host fill,
// map(alloc:) otherwise) and updates the elements the host touches.
#include "common_i32.h"
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
