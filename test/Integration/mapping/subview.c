// C + OpenMP twin of subview.mlir: m = 2 * m + 1 on rows 100 to 199 of a
// 1024 x 256 f32 matrix. The target region touches only those rows, which
// are contiguous, so a careful programmer maps exactly them,
// map(tofrom: m[first*cols:(last-first)*cols]). It is not a test by itself;
// subview.test builds it with %clang-omp and compares its copies with those
// of the offload program.
#include <stdio.h>
#include <stdlib.h>

// (i + j) mod 1024 as a float.
static float pattern(long i, long j) { return (float)(int)((i + j) % 1024); }

int main(void) {
  const long rows = 1024, cols = 256, first = 100, last = 200;
  float *m = malloc(rows * cols * sizeof(float));
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < cols; ++j)
      m[i * cols + j] = pattern(i, j);

  // Rows 100 to 199, all columns.
#pragma omp target teams distribute parallel for collapse(2) \
    map(tofrom: m[first*cols:(last-first)*cols])
  for (long i = first; i < last; ++i)
    for (long j = 0; j < cols; ++j)
      m[i * cols + j] = 2.0f * m[i * cols + j] + 1.0f;

  // 2 * v + 1 inside the rows, v outside.
  long ok = 0;
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < cols; ++j) {
      float v = pattern(i, j);
      if (m[i * cols + j] == (i >= first && i < last ? 2.0f * v + 1.0f : v))
        ++ok;
    }
  printf("subview: %ld x %ld matrix, m = 2 * m + 1 on rows [%ld, %ld), %ld of "
         "%ld elements as expected: %s\n",
         rows, cols, first, last, ok, rows * cols,
         ok == rows * cols ? "PASS" : "FAIL");
  free(m);
  return ok == rows * cols ? 0 : 1;
}
