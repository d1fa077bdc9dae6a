// The benchmark kernels written in CUDA, the peer of the offload-dialect
// programs: the same algorithms (one element per thread, the same block
// shapes), timed the same way (clock_gettime around `reps` launches, then one
// device synchronization). Built with `nvcc -O3 -arch=sm_90`.
//
//   bench stream <f32|f64> <n> <reps>
//   bench stencil <n> <sweeps>
//   bench transpose <n> <reps>
//   bench softmax <n> <reps>
//   bench launch <count> [rounds=7]   (the median round)
//
// Prints `PEER cuda <kernel> <type> <size> <microseconds per launch>`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t err = (x);                                                     \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(err));                                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void report(const char *kernel, const char *type, long size,
                   double seconds, long reps) {
  printf("PEER cuda %s %s %ld %.3f\n", kernel, type, size,
         seconds * 1e6 / reps);
  fflush(stdout);
}

// Warm up once, then time `reps` launches and one synchronization.
template <typename F>
static double timeLaunches(long reps, F launch) {
  launch();
  CHECK(cudaDeviceSynchronize());
  double t0 = now();
  for (long r = 0; r < reps; ++r)
    launch();
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaGetLastError());
  return now() - t0;
}

//===----------------------------------------------------------------------===//
// BabelStream
//===----------------------------------------------------------------------===//

constexpr int kThreads = 256;

template <typename T> __global__ void copyK(const T *a, T *c, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i];
}
template <typename T> __global__ void mulK(T s, const T *c, T *b, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = s * c[i];
}
template <typename T>
__global__ void addK(const T *a, const T *b, T *c, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
template <typename T>
__global__ void triadK(T s, const T *b, const T *c, T *a, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}

template <typename T> __device__ T blockSum(T v) {
  __shared__ T warpSums[32];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  int warps = blockDim.x / 32;
  v = threadIdx.x < warps ? warpSums[threadIdx.x] : T(0);
  if (warp == 0)
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_xor_sync(0xffffffff, v, o);
  __syncthreads();
  return v;
}

// Two passes: grid-stride partial sums per block, then one block adds them.
template <typename T>
__global__ void dotK(const T *a, const T *b, T *partial, size_t n) {
  T sum = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    sum += a[i] * b[i];
  sum = blockSum(sum);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = sum;
}
template <typename T> __global__ void dotFinalK(const T *partial, T *out,
                                                int count) {
  T sum = 0;
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    sum += partial[i];
  sum = blockSum(sum);
  if (threadIdx.x == 0)
    *out = sum;
}

template <typename T> static void stream(const char *type, size_t n, long reps) {
  T *a, *b, *c, *partial, *sum;
  CHECK(cudaMalloc(&a, n * sizeof(T)));
  CHECK(cudaMalloc(&b, n * sizeof(T)));
  CHECK(cudaMalloc(&c, n * sizeof(T)));
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int dotBlocks = 4 * sms;
  CHECK(cudaMalloc(&partial, dotBlocks * sizeof(T)));
  CHECK(cudaMalloc(&sum, sizeof(T)));
  T s = T(0.4);
  unsigned blocks = (n + kThreads - 1) / kThreads;
  // a = 0.1, b = 0.2, c = 0: fill on the device with the kernels.
  {
    T *h = (T *)malloc(n * sizeof(T));
    for (size_t i = 0; i < n; ++i)
      h[i] = T(0.1);
    CHECK(cudaMemcpy(a, h, n * sizeof(T), cudaMemcpyHostToDevice));
    for (size_t i = 0; i < n; ++i)
      h[i] = T(0.2);
    CHECK(cudaMemcpy(b, h, n * sizeof(T), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(c, 0, n * sizeof(T)));
    free(h);
  }
  report("copy", type, n, timeLaunches(reps, [&] {
           copyK<<<blocks, kThreads>>>(a, c, n);
         }), reps);
  report("mul", type, n, timeLaunches(reps, [&] {
           mulK<<<blocks, kThreads>>>(s, c, b, n);
         }), reps);
  report("add", type, n, timeLaunches(reps, [&] {
           addK<<<blocks, kThreads>>>(a, b, c, n);
         }), reps);
  report("triad", type, n, timeLaunches(reps, [&] {
           triadK<<<blocks, kThreads>>>(s, b, c, a, n);
         }), reps);
  report("dot", type, n, timeLaunches(reps, [&] {
           dotK<<<dotBlocks, 1024>>>(a, b, partial, n);
           dotFinalK<<<1, 1024>>>(partial, sum, dotBlocks);
         }), reps);
  T h;
  CHECK(cudaMemcpy(&h, sum, sizeof(T), cudaMemcpyDeviceToHost));
  double want = n * 0.096 * 0.04;
  if (std::fabs(h - want) > 1e-3 * want)
    printf("PEER-CHECK cuda dot %s FAIL %g %g\n", type, (double)h, want);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(sum));
}

//===----------------------------------------------------------------------===//
// Stencil, transpose, softmax
//===----------------------------------------------------------------------===//

__global__ void sweepK(const float *in, float *out, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < n - 1)
    out[(size_t)i * n + j] =
        0.25f * (in[(size_t)(i - 1) * n + j] + in[(size_t)(i + 1) * n + j] +
                 in[(size_t)i * n + j - 1] + in[(size_t)i * n + j + 1]);
}

static void stencil(int n, long sweeps) {
  float *a, *b;
  size_t bytes = (size_t)n * n * sizeof(float);
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 0, bytes));
  CHECK(cudaMemset(b, 0, bytes));
  dim3 threads(32, 8), blocks((n - 2 + 31) / 32, (n - 2 + 7) / 8);
  double t = timeLaunches(sweeps / 2, [&] {
    sweepK<<<blocks, threads>>>(a, b, n);
    sweepK<<<blocks, threads>>>(b, a, n);
  });
  report("stencil", "f32", n, t, sweeps);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
}

__global__ void transposeK(const float *in, float *out, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    out[(size_t)j * n + i] = in[(size_t)i * n + j];
}

// The usual shared-memory tiled transpose (32x32 tiles, 32x8 threads).
__global__ void transposeTiledK(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int k = 0; k < 32; k += 8)
    if (x < n && y + k < n)
      tile[threadIdx.y + k][threadIdx.x] = in[(size_t)(y + k) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int k = 0; k < 32; k += 8)
    if (x < n && y + k < n)
      out[(size_t)(y + k) * n + x] = tile[threadIdx.x][threadIdx.y + k];
}

static void transpose(int n, long reps) {
  float *a, *b;
  size_t bytes = (size_t)n * n * sizeof(float);
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 0, bytes));
  dim3 threads(32, 8), blocks((n + 31) / 32, (n + 7) / 8);
  report("transpose", "f32", n, timeLaunches(reps, [&] {
           transposeK<<<blocks, threads>>>(a, b, n);
         }), reps);
  dim3 tiles((n + 31) / 32, (n + 31) / 32);
  report("transpose_tiled", "f32", n, timeLaunches(reps, [&] {
           transposeTiledK<<<tiles, threads>>>(a, b, n);
         }), reps);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
}

__device__ float blockMax(float v) {
  __shared__ float warpMax[32];
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warpMax[warp] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? warpMax[threadIdx.x] : -INFINITY;
  if (warp == 0)
    for (int o = 16; o > 0; o /= 2)
      v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  if (threadIdx.x == 0)
    warpMax[0] = v;
  __syncthreads();
  v = warpMax[0];
  __syncthreads();
  return v;
}

// One block per row: max, sum of exponentials, then the outputs.
__global__ void softmaxK(const float *x, float *y, int cols) {
  const float *row = x + (size_t)blockIdx.x * cols;
  float *out = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    m = fmaxf(m, row[j]);
  m = blockMax(m);
  float s = 0;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    s += expf(row[j] - m);
  __shared__ float total;
  s = blockSum(s);
  if (threadIdx.x == 0)
    total = s;
  __syncthreads();
  float inv = 1.0f / total;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    out[j] = expf(row[j] - m) * inv;
}

static void softmax(int n, long reps) {
  float *a, *b;
  size_t bytes = (size_t)n * n * sizeof(float);
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 0, bytes));
  report("softmax", "f32", n, timeLaunches(reps, [&] {
           softmaxK<<<n, 256>>>(a, b, n);
         }), reps);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
}

//===----------------------------------------------------------------------===//
// Launch cost
//===----------------------------------------------------------------------===//

__global__ void tinyK(float *x) { x[0] += 1.0f; }

static double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// `rounds` times: (a) `count` launches each followed by a wait, then (b) a
// chain of `count` launches and one wait; reports the median round.
static void launch(long count, long rounds) {
  float *x;
  CHECK(cudaMalloc(&x, sizeof(float)));
  CHECK(cudaMemset(x, 0, sizeof(float)));
  tinyK<<<1, 1>>>(x);
  CHECK(cudaDeviceSynchronize());
  std::vector<double> ta, tb;
  for (long r = 0; r < rounds; ++r) {
    // (a) one launch, then wait for it.
    double t0 = now();
    for (long i = 0; i < count; ++i) {
      tinyK<<<1, 1>>>(x);
      CHECK(cudaStreamSynchronize(0));
    }
    double t1 = now();
    // (b) a chain, one wait at the end.
    for (long i = 0; i < count; ++i)
      tinyK<<<1, 1>>>(x);
    CHECK(cudaStreamSynchronize(0));
    double t2 = now();
    ta.push_back(t1 - t0);
    tb.push_back(t2 - t1);
  }
  report("launch_wait", "f32", 1, median(ta), count);
  report("launch_chain", "f32", 1, median(tb), count);
  CHECK(cudaFree(x));
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bench <what> ...\n");
    return 2;
  }
  const char *what = argv[1];
  if (!strcmp(what, "stream") && argc == 5) {
    size_t n = atol(argv[3]);
    long reps = atol(argv[4]);
    if (!strcmp(argv[2], "f32"))
      stream<float>("f32", n, reps);
    else
      stream<double>("f64", n, reps);
  } else if (!strcmp(what, "stencil") && argc == 4) {
    stencil(atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "transpose") && argc == 4) {
    transpose(atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "softmax") && argc == 4) {
    softmax(atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "launch") && (argc == 3 || argc == 4)) {
    launch(atol(argv[2]), argc == 4 ? atol(argv[3]) : 7);
  } else {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  return 0;
}
