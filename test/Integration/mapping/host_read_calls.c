// C + OpenMP twin of host_read_calls.mlir: 10 calls of advance(a), whose
// target region adds 1 to every element of a 2^20 f32 array, and after each
// a helper read_at(a, k) that reads one element a[k]. A careful programmer
// keeps a on the device for the whole loop (target data map(tofrom:
// a[0:n]) around it in main) and has the helper bring back only the element
// it reads, target update from(a[k:1]). It is not a test by itself;
// host_read_calls.test builds it with %clang-omp and compares its copies
// with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

// v mod 1024 as a float.
static float pattern(long v) { return (float)(int)(v % 1024); }

// The element the host reads after launch it.
static long probe(long it) { return 100003 * it + 7; }

// One step on the device; a is present (mapped by main's target data
// region), so the implicit map of the pointer copies nothing.
static void advance(float *a, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    a[i] = a[i] + 1.0f;
}

// The host's read of one element, which the device may have written.
static float read_at(float *a, long k) {
#pragma omp target update from(a [k:1])
  return a[k];
}

int main(void) {
  const long n = 1048576, launches = 10;
  float *a = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i)
    a[i] = pattern(i);

  // A helper reads one element of a between the calls that launch.
  float sum = 0.0f;
#pragma omp target data map(tofrom : a [0:n])
  for (long it = 0; it < launches; ++it) {
    advance(a, n);
    sum += read_at(a, probe(it));
  }

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
  printf("host_read_calls: n = %ld, %ld launches of a += 1, checksum of a[k] "
         "after each = %.1f (expected %.1f), %ld of %ld elements as expected: "
         "%s\n",
         n, launches, (double)sum, (double)expect, ok, n,
         all ? "PASS" : "FAIL");
  free(a);
  return all ? 0 : 1;
}
