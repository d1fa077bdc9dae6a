// Times f32 matmul kernels from cubins that offload compiled (the lowered
// kernel ABI: a runtime pointer, then per memref<?x?xf32> its pointer, two
// sizes and the row stride) against cublasSgemm (no TF32), on one GPU, in
// one process, with CUDA events.
//
//   bench_cubin N REPS [CUBIN:KERNEL:TILE_M:TILE_N:THREADS ...]
//
// Prints `CUBIN <file> N <us> <TFLOP/s> ok|FAIL` and `CUBLAS N <us> <TFLOP/s>`.
// C = A B with A[i, k] = ((i + 3k) mod 7 - 3) / 4, B[k, j] = ((2k + j) mod 5
// - 2) / 4: every partial sum is exact in f32, so 256 sampled elements are
// compared exactly with the host's sums.
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK_CU(x)                                                            \
  do {                                                                         \
    CUresult r = (x);                                                          \
    if (r != CUDA_SUCCESS) {                                                   \
      const char *s;                                                           \
      cuGetErrorString(r, &s);                                                 \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, s);          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CHECK_RT(x)                                                            \
  do {                                                                         \
    cudaError_t r = (x);                                                       \
    if (r != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                \
              cudaGetErrorString(r));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static float aval(int64_t i, int64_t k) { return float((i + 3 * k) % 7 - 3) / 4; }
static float bval(int64_t k, int64_t j) { return float((2 * k + j) % 5 - 2) / 4; }

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s N REPS [CUBIN:KERNEL:TM:TN:THREADS ...]\n", argv[0]);
    return 2;
  }
  int64_t n = atol(argv[1]);
  int reps = atoi(argv[2]);
  CHECK_RT(cudaSetDevice(0));
  CHECK_RT(cudaFree(0));
  size_t bytes = size_t(n) * n * sizeof(float);
  std::vector<float> ha(n * n), hb(n * n), hc(n * n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      ha[i * n + j] = aval(i, j);
      hb[i * n + j] = bval(i, j);
    }
  float *a, *b, *c;
  CHECK_RT(cudaMalloc(&a, bytes));
  CHECK_RT(cudaMalloc(&b, bytes));
  CHECK_RT(cudaMalloc(&c, bytes));
  CHECK_RT(cudaMemcpy(a, ha.data(), bytes, cudaMemcpyHostToDevice));
  CHECK_RT(cudaMemcpy(b, hb.data(), bytes, cudaMemcpyHostToDevice));
  cudaEvent_t e0, e1;
  CHECK_RT(cudaEventCreate(&e0));
  CHECK_RT(cudaEventCreate(&e1));
  double flop = 2.0 * n * n * n;
  auto verify = [&]() {
    CHECK_RT(cudaMemcpy(hc.data(), c, bytes, cudaMemcpyDeviceToHost));
    for (int s = 0; s < 256; ++s) {
      int64_t i = (s * 977) % n, j = (s * 631 + 5) % n;
      float want = 0;
      for (int64_t k = 0; k < n; ++k)
        want += ha[i * n + k] * hb[k * n + j];
      if (hc[i * n + j] != want)
        return false;
    }
    return true;
  };

  for (int arg = 3; arg < argc; ++arg) {
    std::string spec = argv[arg];
    std::vector<std::string> f;
    size_t pos = 0, next;
    while ((next = spec.find(':', pos)) != std::string::npos) {
      f.push_back(spec.substr(pos, next - pos));
      pos = next + 1;
    }
    f.push_back(spec.substr(pos));
    if (f.size() != 5) {
      fprintf(stderr, "bad spec %s\n", spec.c_str());
      return 2;
    }
    CUmodule module;
    CUfunction kernel;
    CHECK_CU(cuModuleLoad(&module, f[0].c_str()));
    CHECK_CU(cuModuleGetFunction(&kernel, module, f[1].c_str()));
    int tm = atoi(f[2].c_str()), tn = atoi(f[3].c_str()),
        threads = atoi(f[4].c_str());
    void *dyn = nullptr;
    int64_t m = n, k = n, nn = n;
    void *params[] = {&dyn, &a, &m, &k, &k, &b, &k, &nn, &nn, &c, &m, &nn, &nn};
    unsigned gx = (n + tn - 1) / tn, gy = (n + tm - 1) / tm;
    CHECK_RT(cudaMemset(c, 0, bytes));
    auto launch = [&]() {
      CHECK_CU(cuLaunchKernel(kernel, gx, gy, 1, threads, 1, 1, 0, nullptr,
                              params, nullptr));
    };
    launch();
    CHECK_RT(cudaDeviceSynchronize());
    bool ok = verify();
    CHECK_RT(cudaEventRecord(e0));
    for (int r = 0; r < reps; ++r)
      launch();
    CHECK_RT(cudaEventRecord(e1));
    CHECK_RT(cudaEventSynchronize(e1));
    float ms;
    CHECK_RT(cudaEventElapsedTime(&ms, e0, e1));
    double us = ms * 1e3 / reps;
    printf("CUBIN %s %ld %.1f %.2f %s\n", f[0].c_str(), (long)n, us,
           flop / us / 1e6, ok ? "ok" : "FAIL");
    fflush(stdout);
    CHECK_CU(cuModuleUnload(module));
  }

  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH); // no TF32
  float one = 1, zero = 0;
  // Row-major C = A B is column-major C^T = B^T A^T.
  auto gemm = [&]() {
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, a, n,
                &zero, c, n);
  };
  gemm();
  CHECK_RT(cudaDeviceSynchronize());
  bool ok = verify();
  CHECK_RT(cudaEventRecord(e0));
  for (int r = 0; r < reps; ++r)
    gemm();
  CHECK_RT(cudaEventRecord(e1));
  CHECK_RT(cudaEventSynchronize(e1));
  float ms;
  CHECK_RT(cudaEventElapsedTime(&ms, e0, e1));
  double us = ms * 1e3 / reps;
  printf("CUBLAS %ld %.1f %.2f %s\n", (long)n, us, flop / us / 1e6,
         ok ? "ok" : "FAIL");
  return 0;
}
