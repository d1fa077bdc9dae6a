// C + OpenMP twin of device_pick.mlir: in a function steps(a, launches, d),
// 10 target regions on device d that each add 1 to every element of a 2^20
// f32 array, the host reading one element a[k] after each; main calls it
// with d = 1. A careful programmer keeps a on device d for the whole loop
// (target data map(tofrom: a[0:n]) device(d)) and brings back only the
// element the host reads, target update from(a[k:1]) device(d), after each
// launch. It is not a test by itself; device_pick.test builds it with
// %clang-omp and compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// v mod 1024 as a float.
static float pattern(long v) { return (float)(int)(v % 1024); }

// The element the host reads after launch it.
static long probe(long it) { return 100003 * it + 7; }

// Launches of a += 1 on device d, the host reading one element of a after
// each; the sum of what it read.
static float steps(float *a, long n, long launches, int d) {
  float sum = 0.0f;
#pragma omp target data map(tofrom: a[0:n]) device(d)
  for (long it = 0; it < launches; ++it) {
#pragma omp target teams distribute parallel for device(d)
    for (long i = 0; i < n; ++i)
      a[i] = a[i] + 1.0f;
    long k = probe(it);
#pragma omp target update from(a[k:1]) device(d)
    sum += a[k];
  }
  return sum;
}

int main(void) {
  const long n = 1048576, launches = 10;
  float *a = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    a[i] = pattern(i);

  const int dev = 1;
  float sum = steps(a, n, launches, dev);

  // After launch it, a[k] = pattern(k) + it + 1; all the values are small
  // integers, so the sums are exact.
  float expect = 0.0f;
  for (long it = 0; it < launches; ++it)
    expect += pattern(probe(it)) + (float)(int)(it + 1);
  long ok = 0;
  for (long i = 0; i < n; ++i)
    if (a[i] == pattern(i) + (float)(int)launches)
      ++ok;
  int all = ok == n && sum == expect;
  printf("device_pick: n = %ld, %ld launches of a += 1 on device %d, checksum of a[k] after "
         "each = %.1f (expected %.1f), %ld of %ld elements as expected: %s\n",
         n, launches, dev, (double)sum, (double)expect, ok, n,
         all ? "PASS" : "FAIL");
  free(a);
  return all ? 0 : 1;
}
