// C + OpenMP twin of pingpong_swaps.mlir: 10 rounds over two buffers whose
// pointers are exchanged by a helper, by an inner loop of 2 ping-pong
// steps, and on some rounds by a conditional swap (on the others, one is
// added into the other in place). A careful programmer maps the first
// buffer in and allocates the second around the rounds, and brings back
// the buffer the host reads with a target update at the end. It is not a
// test by itself; pingpong_swaps.test builds it with %clang-omp and
// compares its copies with those of the offload program.
#include <stdio.h>
#include <stdlib.h>

#define N 262144

static void mix(const int *in, int *out, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    out[i] = (int)((3u * (unsigned)in[i] + (unsigned)in[(i + 1) % n]) % 65521u);
}

static void accum(const int *x, int *y, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; ++i)
    y[i] = (int)(((unsigned)y[i] + (unsigned)x[i]) % 65521u);
}

static void host_mix(const int *in, int *out, long n) {
  for (long i = 0; i < n; ++i)
    out[i] = (int)((3u * (unsigned)in[i] + (unsigned)in[(i + 1) % n]) % 65521u);
}

static void host_accum(const int *x, int *y, long n) {
  for (long i = 0; i < n; ++i)
    y[i] = (int)(((unsigned)y[i] + (unsigned)x[i]) % 65521u);
}

int main(void) {
  const long rounds = 10;
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int));
  int *ra = malloc(N * sizeof(int)), *rb = malloc(N * sizeof(int));
  for (long i = 0; i < N; ++i)
    a[i] = ra[i] = (int)(((unsigned)i * 7919u) % 65521u);
  int *cur = a, *nxt = b;
#pragma omp target data map(to : a [0:N]) map(alloc : b [0:N])
  {
    for (long k = 0; k < rounds; ++k) {
      mix(cur, nxt, N); // advance: returns (nxt, cur)
      int *u = nxt, *v = cur;
      for (int s = 0; s < 2; ++s) {
        mix(u, v, N);
        int *t = u;
        u = v;
        v = t;
      }
      if (k % 3 != 2) {
        cur = v;
        nxt = u;
      } else {
        accum(v, u, N);
        cur = u;
        nxt = v;
      }
    }
#pragma omp target update from(cur [0:N])
  }
  int *rcur = ra, *rnxt = rb;
  for (long k = 0; k < rounds; ++k) {
    host_mix(rcur, rnxt, N);
    host_mix(rnxt, rcur, N);
    host_mix(rcur, rnxt, N);
    if (k % 3 == 2) {
      host_accum(rcur, rnxt, N);
      int *t = rcur;
      rcur = rnxt;
      rnxt = t;
    }
  }
  long same = 0;
  for (long i = 0; i < N; ++i)
    same += cur[i] == rcur[i];
  int all = same == N;
  printf("pingpong_swaps: %ld rounds over %ld integers, %ld equal to the "
         "host's, x[4321] = %d: %s\n",
         rounds, (long)N, same, cur[4321], all ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(ra);
  free(rb);
  return all ? 0 : 1;
}
