// C + OpenMP twin of calls_overwrite.mlir: 10 steps, each produce(t, k)
// (a target region writing all of t) then consume(t, o) (o += t). A careful
// programmer allocates t on the device only (target data map(alloc:
// t[0:n])) and maps o both ways once, around the loop. It is not a test by
// itself; calls_overwrite.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

static void produce(long *t, long n, long k) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    t[i] = i + k;
}

static void consume(const long *t, long *o, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    o[i] += t[i];
}

int main(void) {
  const long n = 1048576;
  long *t = malloc(n * sizeof(long)), *o = malloc(n * sizeof(long));
  for (long i = 0; i < n; ++i)
    o[i] = 0;
#pragma omp target data map(alloc : t [0:n]) map(tofrom : o [0:n])
  for (long k = 0; k < 10; ++k) {
    produce(t, n, k);
    consume(t, o, n);
  }
  long same = 0;
  for (long i = 0; i < n; ++i)
    same += o[i] == 10 * i + 45;
  printf("calls_overwrite: 10 steps over %ld elements, %ld of o[i] = 10 i + "
         "45: %s\n",
         n, same, same == n ? "PASS" : "FAIL");
  free(t);
  free(o);
  return same == n ? 0 : 1;
}
