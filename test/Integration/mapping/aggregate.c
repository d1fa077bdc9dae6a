// C + OpenMP twin of aggregate.mlir: a struct of two buffers and a count,
// mapped with a declare mapper (the struct itself, then each buffer member
// with pointer attachment), kept on the device around the ten steps. It is
// not a test by itself; aggregate.test builds it with %clang-omp and
// compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

struct particles {
  float *x;
  float *v;
  long n;
};

#pragma omp declare mapper(struct particles p) map(p, p.x[0:p.n]) map(to: p.v[0:p.n])

int main(void) {
  const long n = 1048576;
  struct particles p = {malloc(n * sizeof(float)), malloc(n * sizeof(float)), n};
  const float dt = 0.5f;
  for (long i = 0; i < n; ++i) {
    p.x[i] = (float)(i % 64);
    p.v[i] = (float)(i % 4) * 2.0f;
  }
#pragma omp target data map(tofrom: p)
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < p.n; ++i)
      p.x[i] += p.v[i] * dt;
  }
  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (p.x[i] == (float)(i % 64) + (float)(i % 4) * 10.0f)
      ++ok;
  int all = ok == n;
  printf("aggregate: n = %ld, 10 steps of x += v * dt with {x, v, n} in one "
         "argument, %ld of %ld positions as expected, x[7] = %.1f: %s\n",
         n, ok, n, (double)p.x[7], all ? "PASS" : "FAIL");
  free(p.x);
  free(p.v);
  return all ? 0 : 1;
}
