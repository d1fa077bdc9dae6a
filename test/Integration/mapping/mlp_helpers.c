// The C + OpenMP twin of mlp_helpers.mlir, as a careful author writes it:
// the weights mapped once around the inputs, each helper entering what it
// allocates (map(alloc:)), the temporaries deleted, one element of each
// output brought back.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
typedef int32_t i32;
static void matvec(const i32 *w, const i32 *x, i32 *y, long rows, long cols) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < rows; ++i) {
    i32 acc = 0;
    for (long j = 0; j < cols; ++j)
      acc = (i32)((uint32_t)(acc + w[i * cols + j] * x[j]) % 65521u);
    y[i] = acc;
  }
}
static void clip(const i32 *x, i32 *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = (uint32_t)x[i] < 30000u ? x[i] : 30000;
}
static void fill1(i32 *a, i32 seed, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = (i32)((uint32_t)((i32)i * seed) % 251u);
}
static i32 *dense(const i32 *w, const i32 *x, long rows, long cols) {
  i32 *y = malloc(rows * 4);
#pragma omp target enter data map(alloc : y [0:rows])
  matvec(w, x, y, rows, cols);
  return y;
}
static i32 *act(const i32 *x, long n) {
  i32 *y = malloc(n * 4);
#pragma omp target enter data map(alloc : y [0:n])
  clip(x, y, n);
  return y;
}
int main(void) {
  long d = 512, h = 1024;
  i32 *w1 = malloc(h * d * 4), *w2 = malloc(d * h * 4), *x = malloc(d * 4);
  fill1(w1, 7, h * d);
  fill1(w2, 13, d * h);
  i32 acc = 0;
#pragma omp target data map(to                                                 \
                            : w1 [0:h * d], w2 [0:d * h]) map(alloc            \
                                                              : x [0:d])
  for (int b = 0; b < 8; ++b) {
    fill1(x, b + 7, d);
#pragma omp target update to(x [0:d])
    i32 *hh = dense(w1, x, h, d);
    i32 *a = act(hh, h);
#pragma omp target exit data map(delete : hh [0:h])
    free(hh);
    i32 *o = dense(w2, a, d, h);
#pragma omp target exit data map(delete : a [0:h])
    free(a);
#pragma omp target update from(o [b:1])
    acc += o[b];
#pragma omp target exit data map(delete : o [0:d])
    free(o);
  }
  printf("mlp_helpers: sum of outputs %d (seed %d)\n", acc, 7);
  return 0;
}
