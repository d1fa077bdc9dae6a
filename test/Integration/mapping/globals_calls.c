// C + OpenMP twin of globals_calls.mlir: a global array A (2^20 int) that
// helpers use directly: step() adds 1 to every element on the device, peek()
// reads one element and poke() writes one on the host; main calls the three
// 10 times. A careful programmer keeps A on the device for the loop (target
// data map(tofrom: A) in main) and moves only the elements the helpers
// touch: target update from(A[k:1]) in peek(), to(A[k:1]) in poke(). It is
// not a test by itself; globals_calls.test compares its copies with ours.
#include <stdio.h>

#define N 1048576
static int A[N];

static void step(void) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < N; ++i)
    A[i] += 1;
}

static int peek(long k) {
#pragma omp target update from(A [k:1])
  return A[k];
}

static void poke(long k, int v) {
  A[k] = v;
#pragma omp target update to(A [k:1])
}

int main(void) {
  for (long i = 0; i < N; ++i)
    A[i] = (int)i;
  int sum = 0;
#pragma omp target data map(tofrom : A)
  for (long k = 0; k < 10; ++k) {
    step();
    sum += peek(97 * k + 7);
    poke(5, (int)k * 100);
  }
  printf("globals_calls: sum of peeks %d, A[5] %d, A[10] %d (expected 4490 "
         "900 20)\n",
         sum, A[5], A[10]);
  return sum != 4490 || A[5] != 900 || A[10] != 20;
}
