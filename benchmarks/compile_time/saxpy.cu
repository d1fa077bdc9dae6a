// The CUDA peer of examples/saxpy.mlir for the compile-time benchmark
// (compile_time.sh): the same kernel, data and check.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const long n = 16777216;
  const float a = 2.0f;
  float *x = (float *)malloc(n * sizeof(float));
  float *y = (float *)malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i) {
    x[i] = (float)(i % 1024);
    y[i] = 1.0f;
  }
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
  saxpy<<<(unsigned)((n + 255) / 256), 256>>>(a, dx, dy, n);
  cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  long ok = 0;
  for (long i = 0; i < n; ++i)
    ok += y[i] == a * x[i] + 1.0f;
  printf("saxpy: n = %ld, a = %.1f, y[i] == a * x[i] + y0[i] for %ld of %ld "
         "elements: %s\n",
         n, (double)a, ok, n, ok == n ? "PASS" : "FAIL");
  cudaFree(dx);
  cudaFree(dy);
  free(x);
  free(y);
  return ok == n ? 0 : 1;
}
