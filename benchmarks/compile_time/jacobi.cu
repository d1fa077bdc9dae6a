// The CUDA peer of examples/jacobi.mlir for the compile-time benchmark
// (compile_time.sh): 500 sweeps of the same 5-point stencil on a 512 x 512
// grid on the device, checked against the same sweeps on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void sweep(const float *in, float *out, long rows, long cols) {
  long i = blockIdx.y * (long)blockDim.y + threadIdx.y + 1;
  long j = blockIdx.x * (long)blockDim.x + threadIdx.x + 1;
  if (i < rows - 1 && j < cols - 1)
    out[i * cols + j] = (in[(i - 1) * cols + j] + in[(i + 1) * cols + j] +
                         in[i * cols + j - 1] + in[i * cols + j + 1]) *
                        0.25f;
}

static void hostSweep(const float *in, float *out, long rows, long cols) {
  for (long i = 1; i < rows - 1; ++i)
    for (long j = 1; j < cols - 1; ++j)
      out[i * cols + j] = (in[(i - 1) * cols + j] + in[(i + 1) * cols + j] +
                           in[i * cols + j - 1] + in[i * cols + j + 1]) *
                          0.25f;
}

static void init(float *g, long rows, long cols) {
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < cols; ++j)
      g[i * cols + j] = i == 0 ? 1.0f : 0.0f;
}

int main() {
  const long n = 512, sweeps = 500, bytes = n * n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes);
  float *ra = (float *)malloc(bytes), *rb = (float *)malloc(bytes);
  init(a, n, n);
  init(b, n, n);
  init(ra, n, n);
  init(rb, n, n);
  float *da, *db;
  cudaMalloc(&da, bytes);
  cudaMalloc(&db, bytes);
  cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
  dim3 block(32, 8), grid((n - 2 + 31) / 32, (n - 2 + 7) / 8);
  for (long k = 0; k < sweeps; k += 2) {
    sweep<<<grid, block>>>(da, db, n, n);
    sweep<<<grid, block>>>(db, da, n, n);
  }
  cudaMemcpy(a, da, bytes, cudaMemcpyDeviceToHost);
  for (long k = 0; k < sweeps; k += 2) {
    hostSweep(ra, rb, n, n);
    hostSweep(rb, ra, n, n);
  }
  long same = 0;
  for (long i = 0; i < n * n; ++i)
    same += a[i] == ra[i];
  printf("jacobi: %ld x %ld grid, %ld sweeps on the device, %ld of %ld points "
         "equal to the host's, value at (8, 256) = %.6f: %s\n",
         n, n, sweeps, same, n * n, (double)a[8 * n + n / 2],
         same == n * n ? "PASS" : "FAIL");
  cudaFree(da);
  cudaFree(db);
  free(a);
  free(b);
  free(ra);
  free(rb);
  return same == n * n ? 0 : 1;
}
