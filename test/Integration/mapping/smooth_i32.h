// The smoothing step, on the device and on the host, that the C + OpenMP
// twins of pingpong, init_pingpong, pingpong_peek_helper and
// pingpong_phases share (the MLIR programs carry their own): out[i] =
// (in[i-1] + 2 in[i] + in[i+1]) mod 65521 inside, the ends copied, over
// N = 2^20 integers.
#include <stdio.h>
#include <stdlib.h>

#define N 1048576

static void smooth(const int *in, int *out) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < N; ++i) {
    if (i == 0 || i == N - 1)
      out[i] = in[i];
    else
      out[i] = (int)(((unsigned)in[i - 1] + 2u * (unsigned)in[i] +
                      (unsigned)in[i + 1]) %
                     65521u);
  }
}

static void host_smooth(const int *in, int *out) {
  out[0] = in[0];
  out[N - 1] = in[N - 1];
  for (long i = 1; i < N - 1; ++i)
    out[i] = (int)(((unsigned)in[i - 1] + 2u * (unsigned)in[i] +
                    (unsigned)in[i + 1]) %
                   65521u);
}
