// Control for run.sh: the same CPU work split over 1, 2 and 4 OpenMP
// threads. Where it does not get faster with more threads, the machine
// gives the process no more than one core's time, and no launch over the
// host device's devices can overlap in wall time either.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  double t0 = omp_get_wtime();
#pragma omp parallel num_threads(n)
  {
    volatile double a = 0;
    for (long i = 0; i < 400000000L / n; ++i)
      a += 1e-9;
  }
  printf("%d threads: %.3f s\n", n, omp_get_wtime() - t0);
  return 0;
}
