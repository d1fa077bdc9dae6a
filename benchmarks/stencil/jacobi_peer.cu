// The CUDA peer of jacobi_steps.mlir: the same 5-point Jacobi stencil on
// the same N x N f32 grids, K steps of two launches (x -> y, y -> x) with
// the grids resident, timed with CUDA events (best of 3), two kernels:
//   block2d  32 x 8 threads, one point per thread;
//   march    32 x 4 threads, each thread walking 16 rows down its column,
//            keeping the rows above and below in registers;
//   vec4     32 x 8 threads, 4 points of a row per thread through 16-byte
//            loads and stores.
// Prints ms per step, GB/s (16 bytes per point per step) and the sum of x
// after 1 + K steps from fresh grids (f64, row by row), as
// jacobi_steps.mlir's last call leaves and sums it.
//
//   jacobi_peer [N] [K]     (default 16384 and 200)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                \
              cudaGetErrorString(e));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__global__ void block2d(const float *__restrict__ x, float *__restrict__ y,
                        long n) {
  long i = blockIdx.y * (long)blockDim.y + threadIdx.y + 1;
  long j = blockIdx.x * (long)blockDim.x + threadIdx.x + 1;
  if (i < n - 1 && j < n - 1) {
    float s1 = x[(i - 1) * n + j] + x[(i + 1) * n + j];
    float s2 = x[i * n + j - 1] + x[i * n + j + 1];
    y[i * n + j] = (s1 + s2) * 0.25f;
  }
}

constexpr int kRows = 16;

__global__ void march(const float *__restrict__ x, float *__restrict__ y,
                      long n) {
  long j = blockIdx.x * (long)blockDim.x + threadIdx.x + 1;
  long i0 = (blockIdx.y * (long)blockDim.y + threadIdx.y) * kRows + 1;
  if (j >= n - 1 || i0 >= n - 1)
    return;
  float up = x[(i0 - 1) * n + j], mid = x[i0 * n + j];
  long end = i0 + kRows < n - 1 ? i0 + kRows : n - 1;
  for (long i = i0; i < end; ++i) {
    float down = x[(i + 1) * n + j];
    float s1 = up + down;
    float s2 = x[i * n + j - 1] + x[i * n + j + 1];
    y[i * n + j] = (s1 + s2) * 0.25f;
    up = mid;
    mid = down;
  }
}

// vec4: 32 x 8 threads, each 4 consecutive points of a row (j from a
// multiple of 4), the rows above and below and the point's own row read as
// float4 (the rows are 16-byte aligned when N is a multiple of 4), the left
// and right neighbours of the four from the row's float4 and one scalar
// each; the stores of interior points as a float4 when all four are
// inside.
__global__ void vec4(const float *__restrict__ x, float *__restrict__ y,
                     long n) {
  long i = blockIdx.y * (long)blockDim.y + threadIdx.y + 1;
  long j = (blockIdx.x * (long)blockDim.x + threadIdx.x) * 4;
  if (i >= n - 1 || j >= n)
    return;
  const float *row = x + i * n;
  if (n % 4 == 0 && j + 4 <= n) {
    float4 u = *(const float4 *)(row - n + j);
    float4 c = *(const float4 *)(row + j);
    float4 d = *(const float4 *)(row + n + j);
    float left = j > 0 ? row[j - 1] : 0.0f;
    float right = j + 4 < n ? row[j + 4] : 0.0f;
    float4 r;
    r.x = ((u.x + d.x) + (left + c.y)) * 0.25f;
    r.y = ((u.y + d.y) + (c.x + c.z)) * 0.25f;
    r.z = ((u.z + d.z) + (c.y + c.w)) * 0.25f;
    r.w = ((u.w + d.w) + (c.z + right)) * 0.25f;
    float *out = y + i * n + j;
    if (j > 0 && j + 4 < n) {
      *(float4 *)out = r;
    } else {
      if (j > 0)
        out[0] = r.x;
      out[1] = r.y;
      out[2] = r.z;
      if (j + 4 < n)
        out[3] = r.w;
    }
    return;
  }
  for (long k = j; k < j + 4 && k < n - 1; ++k)
    if (k > 0)
      y[i * n + k] = ((row[k - n] + row[k + n]) + (row[k - 1] + row[k + 1])) *
                     0.25f;
}

// One step (x -> y, y -> x) with kernel 0 (block2d), 1 (march) or 2
// (vec4).
static void step(int kernel, float *dx, float *dy, long n) {
  if (kernel == 2) {
    dim3 block(32, 8), grid((n / 4 + 31) / 32, (n - 2 + 7) / 8);
    vec4<<<grid, block>>>(dx, dy, n);
    vec4<<<grid, block>>>(dy, dx, n);
  } else if (kernel == 0) {
    dim3 block(32, 8), grid((n - 2 + 31) / 32, (n - 2 + 7) / 8);
    block2d<<<grid, block>>>(dx, dy, n);
    block2d<<<grid, block>>>(dy, dx, n);
  } else {
    dim3 block(32, 4),
        grid((n - 2 + 31) / 32, ((n - 2 + kRows - 1) / kRows + 3) / 4);
    march<<<grid, block>>>(dx, dy, n);
    march<<<grid, block>>>(dy, dx, n);
  }
}

static void init(std::vector<float> &x, long n) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      x[i * n + j] = float((i * 7 + j * 3) % 17) * 0.0625f;
}

static double sum(const std::vector<float> &x, long n) {
  double total = 0;
  for (long i = 0; i < n; ++i) {
    double row = 0;
    for (long j = 0; j < n; ++j)
      row += x[i * n + j];
    total += row;
  }
  return total;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384;
  long k = argc > 2 ? atol(argv[2]) : 200;
  size_t bytes = size_t(n) * n * sizeof(float);
  std::vector<float> hx(n * n), hy(n * n, 0.0f);
  init(hx, n);
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, bytes));
  CHECK(cudaMalloc(&dy, bytes));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int kernel = 0; kernel < 3; ++kernel) {
    float best = 1e30f;
    for (int rep = 0; rep < 3; ++rep) {
      CHECK(cudaMemcpy(dx, hx.data(), bytes, cudaMemcpyHostToDevice));
      CHECK(cudaMemcpy(dy, hy.data(), bytes, cudaMemcpyHostToDevice));
      CHECK(cudaEventRecord(start));
      for (long s = 0; s < k; ++s)
        step(kernel, dx, dy, n);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      CHECK(cudaGetLastError());
      float ms;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      best = ms < best ? ms : best;
    }
    // The sum after 1 + K steps from fresh grids, as jacobi_steps's last
    // call leaves x.
    CHECK(cudaMemcpy(dx, hx.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, hy.data(), bytes, cudaMemcpyHostToDevice));
    for (long s = 0; s < k + 1; ++s)
      step(kernel, dx, dy, n);
    std::vector<float> out(n * n);
    CHECK(cudaMemcpy(out.data(), dx, bytes, cudaMemcpyDeviceToHost));
    double per = best / k;
    printf("peer %s: jacobi %ld x %ld f32, %ld steps: %.3f ms/step (%.0f GB/s); "
           "sum of x %.17g\n",
           kernel == 0 ? "block2d" : kernel == 1 ? "march" : "vec4", n, n, k, per,
           16.0 * n * n / (per * 1e6), sum(out, n));
  }
  return 0;
}
