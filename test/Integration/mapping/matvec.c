// C + OpenMP twin of examples/matvec.mlir: y += A x for a 4096 x 2048 f32
// matrix, one iteration per row, A and x mapped `to`, y `tofrom`. It is not a
// test by itself; matvec.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// (v mod m) - d as a float.
static float pattern(long v, long m, long d) {
  return (float)(int)(v % m - d);
}

int main(void) {
  const long m = 4096, n = 2048;
  float *A = malloc(m * n * sizeof(float));
  float *x = malloc(n * sizeof(float));
  float *y = malloc(m * sizeof(float));
  for (long i = 0; i < m; ++i) {
    for (long j = 0; j < n; ++j)
      A[i * n + j] = pattern(i + j, 7, 3);
    y[i] = pattern(i, 3, 1);
  }
  for (long j = 0; j < n; ++j)
    x[j] = pattern(j, 5, 2);

#pragma omp target teams distribute parallel for map(to: A[0:m*n], x[0:n]) map(tofrom: y[0:m])
  for (long i = 0; i < m; ++i) {
    float dot = y[i];
    for (long j = 0; j < n; ++j)
      dot += A[i * n + j] * x[j];
    y[i] = dot;
  }

  // The host's answer, row by row, recomputing the original y[i].
  long same = 0;
  for (long i = 0; i < m; ++i) {
    float dot = pattern(i, 3, 1);
    for (long j = 0; j < n; ++j)
      dot += A[i * n + j] * x[j];
    if (y[i] == dot)
      ++same;
  }
  int all = same == m;
  printf("matvec: y += A x with A %ld x %ld, %ld of %ld rows equal to the "
         "host's, y[1] = %.1f: %s\n",
         m, n, same, m, (double)y[1], all ? "PASS" : "FAIL");
  free(A);
  free(x);
  free(y);
  return all ? 0 : 1;
}
