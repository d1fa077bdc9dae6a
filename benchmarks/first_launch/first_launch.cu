// The CUDA peer of first_launch.mlir: the first kernel launch of a process
// after its context exists and its buffer is copied.
//
//   first_launch_cuda N
//
// Prints
//   RESULT ctx_us=<cudaFree(0)> map_us=<cudaMalloc + copy> first_us=<launch
//   1 + sync> second_us=<launch 2 + sync> check=ok
// check: x[i] = i + 2 after both launches, copied back.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

__global__ void bump(float *x, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

static double nowUs() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e));                  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096;
  double c0 = nowUs();
  CHECK(cudaFree(0));
  double c1 = nowUs();
  float *h = (float *)malloc(n * sizeof(float)), *d = nullptr;
  for (long i = 0; i < n; ++i)
    h[i] = (float)i;
  double t0 = nowUs();
  CHECK(cudaMalloc(&d, n * sizeof(float)));
  CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
  double t1 = nowUs();
  unsigned blocks = (unsigned)((n + 255) / 256);
  bump<<<blocks, 256>>>(d, n);
  CHECK(cudaDeviceSynchronize());
  double t2 = nowUs();
  bump<<<blocks, 256>>>(d, n);
  CHECK(cudaDeviceSynchronize());
  double t3 = nowUs();
  CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (long i = 0; i < n; ++i)
    ok = ok && h[i] == (float)i + 2.0f;
  printf("RESULT ctx_us=%.1f map_us=%.1f first_us=%.1f second_us=%.1f "
         "check=%s\n",
         c1 - c0, t1 - t0, t2 - t1, t3 - t2, ok ? "ok" : "FAIL");
  cudaFree(d);
  free(h);
  return ok ? 0 : 1;
}
