// C + OpenMP twin of vcycle_rec.mlir. A careful programmer keeps u and f on
// the device around the loop of V-cycles (target data: u both ways, f in),
// allocates each level's coarse grids on the device only (enter data
// alloc, exit data delete) and lets the target regions find everything
// present. It is not a test by itself; vcycle_rec.test builds it with
// %clang-omp and compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

static void smooth(int *u, const int *f, long n) {
#pragma omp target teams distribute parallel for map(tofrom : u[0:n]) map(to : f[0:n])
  for (long i = 0; i < n; ++i)
    u[i] = (u[i] + f[i]) % 1000;
}

static void vcycle(int *u, const int *f, long n, int level) {
  smooth(u, f, n);
  if (level > 0) {
    long nc = n / 2;
    int *uc = malloc(nc * sizeof(int)), *fc = malloc(nc * sizeof(int));
#pragma omp target enter data map(alloc : uc[0:nc], fc[0:nc])
#pragma omp target teams distribute parallel for map(to : u[0:n], f[0:n]) map(from : fc[0:nc])
    for (long i = 0; i < nc; ++i)
      fc[i] = (f[2 * i] + u[2 * i + 1]) % 1000;
#pragma omp target teams distribute parallel for map(from : uc[0:nc])
    for (long i = 0; i < nc; ++i)
      uc[i] = 0;
    vcycle(uc, fc, nc, level - 1);
#pragma omp target teams distribute parallel for map(to : uc[0:nc]) map(tofrom : u[0:n])
    for (long i = 0; i < nc; ++i) {
      u[2 * i] = (u[2 * i] + uc[i]) % 1000;
      u[2 * i + 1] = (u[2 * i + 1] + uc[i]) % 1000;
    }
#pragma omp target exit data map(delete : uc[0:nc], fc[0:nc])
    free(uc);
    free(fc);
  }
  smooth(u, f, n);
}

int main(void) {
  enum { N = 1048576 };
  static int u[N], f[N];
  for (long i = 0; i < N; ++i) {
    u[i] = i % 7;
    f[i] = i % 13;
  }
#pragma omp target data map(tofrom : u[0:N]) map(to : f[0:N])
  for (int s = 0; s < 10; ++s)
    vcycle(u, f, N, 6);
  long sum = 0;
  for (long i = 0; i < N; ++i)
    sum += u[i];
  printf("vcycle_rec: n = %ld, checksum %ld\n", (long)N, sum);
  return 0;
}
