// C + OpenMP twin of ghost_rows.mlir: a 2-D stencil on a 130 x 512 grid
// whose periodic ghost rows the host fills after each launch (row R-2 into
// row 0, row 1 into row R-1), 30 steps of a -> b, b -> a. A careful
// programmer keeps both grids on the device around the steps and moves only
// the rows the host touches: target update from the two rows it reads, to
// the two it writes. It is not a test by itself; ghost_rows.test builds it
// with %clang-omp and compares its copies with those of the offload
// program.
#include <stdio.h>
#include <stdlib.h>

#define R 130
#define M 512

static void vstep(const int *in, int *out) {
#pragma omp target teams distribute parallel for collapse(2)
  for (long i = 1; i < R - 1; ++i)
    for (long j = 0; j < M; ++j) {
      long jn = j + 1 == M ? 0 : j + 1;
      out[i * M + j] =
          (int)(((unsigned)in[(i - 1) * M + j] + 2u * (unsigned)in[i * M + j] +
                 (unsigned)in[(i + 1) * M + j] + (unsigned)in[i * M + jn]) %
                65521u);
    }
}

static void host_vstep(const int *in, int *out) {
  for (long i = 1; i < R - 1; ++i)
    for (long j = 0; j < M; ++j) {
      long jn = j + 1 == M ? 0 : j + 1;
      out[i * M + j] =
          (int)(((unsigned)in[(i - 1) * M + j] + 2u * (unsigned)in[i * M + j] +
                 (unsigned)in[(i + 1) * M + j] + (unsigned)in[i * M + jn]) %
                65521u);
    }
}

static void ghosts(int *g) {
  for (long j = 0; j < M; ++j) {
    g[j] = g[(R - 2) * M + j];
    g[(R - 1) * M + j] = g[M + j];
  }
}

// The grid is on the device: bring back the rows the host reads, send the
// rows it writes.
static void ghosts_device(int *g) {
#pragma omp target update from(g [M:M])
#pragma omp target update from(g [(R - 2) * M:M])
  ghosts(g);
#pragma omp target update to(g [(R - 1) * M:M])
#pragma omp target update to(g [0:M])
}

static void init(int *g, int *h) {
  for (long l = 0; l < R * M; ++l)
    g[l] = h[l] = (int)(((unsigned)l * 7919u) % 65521u);
}

int main(void) {
  const long steps = 30;
  int *a = malloc(R * M * sizeof(int)), *b = malloc(R * M * sizeof(int));
  int *ra = malloc(R * M * sizeof(int)), *rb = malloc(R * M * sizeof(int));
  init(a, ra);
  init(b, rb);
  ghosts(a);
  ghosts(ra);
#pragma omp target data map(tofrom : a [0:R * M]) map(to : b [0:R * M])
  for (long k = 0; k < steps; ++k) {
    vstep(a, b);
    ghosts_device(b);
    vstep(b, a);
    ghosts_device(a);
  }
  for (long k = 0; k < steps; ++k) {
    host_vstep(ra, rb);
    ghosts(rb);
    host_vstep(rb, ra);
    ghosts(ra);
  }
  long same = 0;
  for (long l = 0; l < R * M; ++l)
    same += a[l] == ra[l];
  int all = same == R * M;
  printf("ghost_rows: %ld steps on %ld x %ld, %ld equal to the host's, "
         "a[7, 9] = %d: %s\n",
         steps, (long)R, (long)M, same, a[7 * M + 9], all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
