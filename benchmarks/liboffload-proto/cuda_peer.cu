// CUDA peer of proto.c: the same kernel (bump.cu), launched with the CUDA
// runtime. (a) 1000 x (launch + cudaStreamSynchronize); (b) 1000 launches and
// one synchronization, on the legacy default stream (as
// benchmarks/cuda/bench.cu) and on a created non-blocking stream (what the
// libomptarget/liboffload CUDA plugin uses); with a third argument `blocking`,
// under the blocking-sync context flag. Prints the median and the best of REPS
// repetitions, per launch.
#include "bump.cu"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(e));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static double now() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static unsigned expected = 0, launches = 0;
static unsigned *dx;

static void launch(cudaStream_t s) {
  unsigned long long k = launches++;
  void *dyn = nullptr;
  void *args[] = {&dyn, &dx, &k};
  CHECK(cudaLaunchKernel((const void *)bump, dim3(1), dim3(1), args, 0, s));
  expected = 3u * expected + (unsigned)k;
}

static void report(const char *name, std::vector<double> &t, long n) {
  std::sort(t.begin(), t.end());
  printf("%-22s median %7.2f us  best %7.2f us  per launch (%zu x %ld)\n", name,
         1e6 * t[t.size() / 2] / n, 1e6 * t[0] / n, t.size(), n);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  // `blocking`: the context flag libomptarget's CUDA plugin gives the primary
  // context it creates (CU_CTX_SCHED_BLOCKING_SYNC): waits sleep, not spin.
  bool blocking = argc > 3 && !strcmp(argv[3], "blocking");
  if (blocking)
    CHECK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  printf("context scheduling: %s\n",
         blocking ? "blocking sync" : "default (auto)");
  CHECK(cudaMalloc(&dx, sizeof(unsigned)));
  CHECK(cudaMemset(dx, 0, sizeof(unsigned)));
  cudaStream_t nb;
  CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
  for (int w = 0; w < 100; ++w) // warm-up
    launch(0);
  CHECK(cudaDeviceSynchronize());
  struct V {
    const char *name;
    cudaStream_t s;
    bool chain;
  } vs[] = {{"cuda_wait", 0, false},
            {"cuda_chain", 0, true},
            {"cuda_wait_nbstream", nb, false},
            {"cuda_chain_nbstream", nb, true}};
  for (V &v : vs) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
      double t0 = now();
      for (long i = 0; i < n; ++i) {
        launch(v.s);
        if (!v.chain)
          CHECK(cudaStreamSynchronize(v.s));
      }
      CHECK(cudaStreamSynchronize(v.s));
      t.push_back(now() - t0);
    }
    report(v.name, t, n);
  }
  unsigned got;
  CHECK(cudaMemcpy(&got, dx, sizeof got, cudaMemcpyDeviceToHost));
  printf("cuda check: x=%u expected=%u after %u launches: %s\n", got, expected,
         launches, got == expected ? "ok" : "WRONG");
  return got == expected ? 0 : 1;
}
