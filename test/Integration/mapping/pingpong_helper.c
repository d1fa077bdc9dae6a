// C + OpenMP twin of pingpong_helper.mlir: a helper running 4 ping-pong
// smoothing steps and reading one element of its first buffer, called 6
// times. A careful programmer maps the first buffer in and allocates the
// second around the calls, brings back the element the helper reads with a
// target update, and the first buffer at the end. It is not a test by
// itself; pingpong_helper.test builds it with %clang-omp and compares its
// copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

#define N 262144
#define PROBE 777

static void mix(const int *in, int *out, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    out[i] = (int)((3u * (unsigned)in[i] + (unsigned)in[(i + 1) % n]) % 65521u);
}

static int relax(int *u, int *v, long n) {
  int *cur = u, *nxt = v;
  for (int k = 0; k < 4; ++k) {
    mix(cur, nxt, n);
    int *t = cur;
    cur = nxt;
    nxt = t;
  }
#pragma omp target update from(u [PROBE:1])
  return u[PROBE];
}

static int host_relax(int *u, int *v, long n) {
  int *cur = u, *nxt = v;
  for (int k = 0; k < 4; ++k) {
    for (long i = 0; i < n; ++i)
      nxt[i] =
          (int)((3u * (unsigned)cur[i] + (unsigned)cur[(i + 1) % n]) % 65521u);
    int *t = cur;
    cur = nxt;
    nxt = t;
  }
  return u[PROBE];
}

int main(void) {
  const long calls = 6;
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int));
  int *ra = malloc(N * sizeof(int)), *rb = malloc(N * sizeof(int));
  for (long i = 0; i < N; ++i)
    a[i] = ra[i] = (int)(((unsigned)i * 7919u) % 65521u);
  int sum = 0, rsum = 0;
#pragma omp target data map(tofrom : a [0:N]) map(alloc : b [0:N])
  for (long e = 0; e < calls; ++e)
    sum += relax(a, b, N);
  for (long e = 0; e < calls; ++e)
    rsum += host_relax(ra, rb, N);
  long same = 0;
  for (long i = 0; i < N; ++i)
    same += a[i] == ra[i];
  int all = same == N && sum == rsum;
  printf("pingpong_helper: %ld calls over %ld integers, %ld equal to the "
         "host's, sum %d (host %d): %s\n",
         calls, (long)N, same, sum, rsum, all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
