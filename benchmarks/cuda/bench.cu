// The benchmark operations written in CUDA the way a careful CUDA programmer
// writes them: the peer of the offload-dialect programs (and, beside it,
// torch). Each kernel is the one that programmer would pick for the
// operation, not a transcription of our generated code:
//
//   copy/mul/add/triad  16-byte vector accesses (float4 / double2) and a tail
//   dot                 vector loads, grid-stride, warp shuffles + block
//                       reduction, one launch (the last block adds the
//                       blocks' partial sums, in block order)
//   rowsum              sum of each row of a matrix: one warp per row or one
//                       block per row (both measured, the faster reported)
//   transpose           32x32 shared-memory tile padded to 33, 32x8 threads
//                       (the naive one-element-per-thread kernel is printed
//                       as transpose_naive, for information)
//   softmax             one block per row, the row held in registers, max and
//                       sum by warp shuffles: one read and one write
//   matmul              register-tiled SGEMM, f32 row-major, no tensor cores:
//                       128x128 block tile (BK = 16), 8x8 per thread (2x2
//                       sub-tiles of 4x4 on a 64x32 warp tile), float4
//                       loads, A's tile transposed in shared memory, double
//                       buffering; smaller tiles in the set each shape is
//                       tried with (as cuDNN's benchmark mode), for small
//                       matrices
//   stencil, launch     as before (one element per thread; <<<1,1>>>)
//
// Every kernel is correct for sizes that are not multiples of its tile or
// vector width, and every run checks its result (a `PEER-CHECK` line).
// Timing: clock_gettime around `reps` launches and one device
// synchronization, after one warm-up launch. Built with
// `nvcc -O3 -arch=sm_90 -std=c++17`.
//
//   bench stream <f32|f64> <n> <reps>
//   bench rowsum <n> <reps>                 (n x n f32)
//   bench stencil <n> <sweeps>
//   bench transpose <n> <reps>
//   bench softmax <n> <reps>                (n x n f32)
//   bench matmul <n> <reps> | <m> <n> <k> <reps>   (f32, C = A B)
//   bench launch <count> [rounds=7]         (the median round)
//   bench selftest                          (odd sizes, full checks)
//   bench tune                              (the variants the defaults
//                                            were picked from)
//
// Prints `PEER cuda <kernel> <type> <size> <microseconds per launch>` and
// `PEER-CHECK cuda <kernel> <type> <size> ok|FAIL`.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>
#include <functional>
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

static void report(const char *who, const char *kernel, const char *type,
                   long size, double seconds, long reps) {
  printf("PEER %s %s %s %ld %.3f\n", who, kernel, type, size,
         seconds * 1e6 / reps);
  fflush(stdout);
}
static void report(const char *kernel, const char *type, long size,
                   double seconds, long reps) {
  report("cuda", kernel, type, size, seconds, reps);
}

static int failures = 0;
static bool verdict(const char *kernel, const char *type, long size, bool ok) {
  printf("PEER-CHECK cuda %s %s %ld %s\n", kernel, type, size,
         ok ? "ok" : "FAIL");
  fflush(stdout);
  failures += !ok;
  return ok;
}

// Warm up once, then time `reps` launches and one synchronization.
template <typename F> static double timeLaunches(long reps, F launch) {
  launch();
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaGetLastError());
  double t0 = now();
  for (long r = 0; r < reps; ++r)
    launch();
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaGetLastError());
  return now() - t0;
}

static int smCount() {
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return sms;
}

static bool approx(double x, double want, double tol) {
  return std::fabs(x - want) <= tol * std::fabs(want);
}

//===----------------------------------------------------------------------===//
// Reductions within a warp and a block
//===----------------------------------------------------------------------===//

struct Sum {
  template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
  template <typename T> __device__ static T identity() { return T(0); }
};
struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
  template <typename T> __device__ static T identity() { return -INFINITY; }
};

template <typename T, typename Op> __device__ __forceinline__ T warpReduce(T v, Op op) {
#pragma unroll
  for (int o = 16; o > 0; o /= 2)
    v = op(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

// The reduction of `v` over the block, returned to every thread. The block
// size is a multiple of 32. Reusable back to back (it synchronizes before
// returning, so the next call may overwrite its scratch).
template <typename T, typename Op> __device__ T blockReduce(T v, Op op) {
  __shared__ T scratch[32];
  v = warpReduce(v, op);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    scratch[warp] = v;
  __syncthreads();
  int warps = blockDim.x / 32;
  v = lane < warps ? scratch[lane] : Op::template identity<T>();
  v = warpReduce(v, op);
  __syncthreads();
  return v;
}

//===----------------------------------------------------------------------===//
// BabelStream: copy, mul, add, triad (16-byte accesses), dot
//===----------------------------------------------------------------------===//

constexpr int kThreads = 256;

template <typename T> struct Vec16;
template <> struct Vec16<float> {
  using type = float4;
  static constexpr int width = 4;
};
template <> struct Vec16<double> {
  using type = double2;
  static constexpr int width = 2;
};

__device__ __forceinline__ float4 operator*(float s, float4 v) {
  return make_float4(s * v.x, s * v.y, s * v.z, s * v.w);
}
__device__ __forceinline__ float4 operator+(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__device__ __forceinline__ double2 operator*(double s, double2 v) {
  return make_double2(s * v.x, s * v.y);
}
__device__ __forceinline__ double2 operator+(double2 a, double2 b) {
  return make_double2(a.x + b.x, a.y + b.y);
}
__device__ __forceinline__ float dotv(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
__device__ __forceinline__ double dotv(double2 a, double2 b) {
  return a.x * b.x + a.y * b.y;
}

// Each thread handles U vectors (a block covers U * blockDim.x consecutive
// vectors, each access coalesced); the n % width scalars left over are
// handled by the first threads of the grid. cudaMalloc's buffers are 256-byte
// aligned, so the vector accesses are aligned. The operation is a functor
// applied to vectors and to scalars.
template <typename T, int U, typename F>
__global__ void __launch_bounds__(kThreads) streamK(F f, size_t n) {
  using V = typename Vec16<T>::type;
  constexpr int W = Vec16<T>::width;
  size_t nv = n / W;
  size_t base = (size_t)blockIdx.x * blockDim.x * U + threadIdx.x;
#pragma unroll
  for (int u = 0; u < U; ++u) {
    size_t i = base + (size_t)u * blockDim.x;
    if (i < nv)
      f.template vec<V>(i);
  }
  size_t g = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n % W)
    f.template scalar<T>(nv * W + g);
}

template <typename T> struct CopyF {
  const T *__restrict__ a;
  T *__restrict__ c;
  template <typename V> __device__ void vec(size_t i) const {
    reinterpret_cast<V *>(c)[i] = reinterpret_cast<const V *>(a)[i];
  }
  template <typename S> __device__ void scalar(size_t i) const { c[i] = a[i]; }
};
template <typename T> struct MulF {
  T s;
  const T *__restrict__ c;
  T *__restrict__ b;
  template <typename V> __device__ void vec(size_t i) const {
    reinterpret_cast<V *>(b)[i] = s * reinterpret_cast<const V *>(c)[i];
  }
  template <typename S> __device__ void scalar(size_t i) const { b[i] = s * c[i]; }
};
template <typename T> struct AddF {
  const T *__restrict__ a, *__restrict__ b;
  T *__restrict__ c;
  template <typename V> __device__ void vec(size_t i) const {
    reinterpret_cast<V *>(c)[i] =
        reinterpret_cast<const V *>(a)[i] + reinterpret_cast<const V *>(b)[i];
  }
  template <typename S> __device__ void scalar(size_t i) const {
    c[i] = a[i] + b[i];
  }
};
template <typename T> struct TriadF {
  T s;
  const T *__restrict__ b, *__restrict__ c;
  T *__restrict__ a;
  template <typename V> __device__ void vec(size_t i) const {
    reinterpret_cast<V *>(a)[i] =
        reinterpret_cast<const V *>(b)[i] + s * reinterpret_cast<const V *>(c)[i];
  }
  template <typename S> __device__ void scalar(size_t i) const {
    a[i] = b[i] + s * c[i];
  }
};

template <typename T, int U, typename F> static void launchStream(F f, size_t n) {
  size_t nv = n / Vec16<T>::width;
  size_t perBlock = (size_t)kThreads * U;
  size_t blocks = std::max<size_t>(1, (nv + perBlock - 1) / perBlock);
  streamK<T, U><<<(unsigned)blocks, kThreads>>>(f, n);
}

// sum = a . b in one launch: a grid-stride loop of vector loads (two
// independent accumulators), the block's sum by shuffles, one partial per
// block; the block that finishes last adds the partials in block order (so
// the result does not depend on timing) and resets the counter.
template <typename T>
__global__ void __launch_bounds__(kThreads)
    dotK(const T *__restrict__ a, const T *__restrict__ b, T *partial,
         unsigned *done, T *out, size_t n) {
  using V = typename Vec16<T>::type;
  constexpr int W = Vec16<T>::width;
  const V *av = reinterpret_cast<const V *>(a);
  const V *bv = reinterpret_cast<const V *>(b);
  size_t nv = n / W;
  size_t g = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  size_t stride = (size_t)gridDim.x * blockDim.x;
  T s0 = 0, s1 = 0;
  size_t i = g;
  for (; i + stride < nv; i += 2 * stride) {
    V x0 = av[i], y0 = bv[i], x1 = av[i + stride], y1 = bv[i + stride];
    s0 += dotv(x0, y0);
    s1 += dotv(x1, y1);
  }
  if (i < nv)
    s0 += dotv(av[i], bv[i]);
  if (g < n % W)
    s1 += a[nv * W + g] * b[nv * W + g];
  T s = blockReduce(s0 + s1, Sum());
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s;
    __threadfence();
    last = atomicAdd(done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last)
    return;
  T t = 0;
  for (unsigned k = threadIdx.x; k < gridDim.x; k += blockDim.x)
    t += __ldcg(&partial[k]);
  t = blockReduce(t, Sum());
  if (threadIdx.x == 0) {
    *out = t;
    *done = 0;
  }
}

template <typename T> __global__ void fillK(T *x, T v, size_t n) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    x[i] = v;
}
template <typename T> static void fill(T *x, T v, size_t n) {
  fillK<<<4 * smCount(), 256>>>(x, v, n);
}

template <typename T> static T readBack(const T *p) {
  T h;
  CHECK(cudaMemcpy(&h, p, sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// Launches of `dotK`: as many blocks as fit on the GPU at once.
template <typename T> static unsigned dotBlocks() {
  int perSM;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, dotK<T>, kThreads, 0));
  return perSM * smCount();
}

template <typename T, int U>
static void streamRun(const char *who, const char *type, size_t n, long reps,
                      bool print) {
  T *a, *b, *c, *partial, *sum;
  unsigned *done;
  CHECK(cudaMalloc(&a, n * sizeof(T)));
  CHECK(cudaMalloc(&b, n * sizeof(T)));
  CHECK(cudaMalloc(&c, n * sizeof(T)));
  unsigned blocks = dotBlocks<T>();
  CHECK(cudaMalloc(&partial, blocks * sizeof(T)));
  CHECK(cudaMalloc(&sum, sizeof(T)));
  CHECK(cudaMalloc(&done, sizeof(unsigned)));
  CHECK(cudaMemset(done, 0, sizeof(unsigned)));
  T s = T(0.4);
  fill(a, T(0.1), n);
  fill(b, T(0.2), n);
  fill(c, T(0), n);
  CHECK(cudaDeviceSynchronize());
  double t;
  t = timeLaunches(reps, [&] { launchStream<T, U>(CopyF<T>{a, c}, n); });
  if (print) report(who, "copy", type, n, t, reps);
  t = timeLaunches(reps, [&] { launchStream<T, U>(MulF<T>{s, c, b}, n); });
  if (print) report(who, "mul", type, n, t, reps);
  t = timeLaunches(reps, [&] { launchStream<T, U>(AddF<T>{a, b, c}, n); });
  if (print) report(who, "add", type, n, t, reps);
  t = timeLaunches(reps, [&] { launchStream<T, U>(TriadF<T>{s, b, c, a}, n); });
  if (print) report(who, "triad", type, n, t, reps);
  t = timeLaunches(reps, [&] {
    dotK<T><<<blocks, kThreads>>>(a, b, partial, done, sum, n);
  });
  if (print) report(who, "dot", type, n, t, reps);
  // After copy, mul, add, triad: c = 0.14, b = 0.04, a = 0.096; check the
  // first and the last element (the vector part and the tail).
  bool ok = true;
  for (size_t i : {size_t(0), n / 2, n - 1}) {
    ok &= approx(readBack(a + i), 0.096, 1e-5);
    ok &= approx(readBack(b + i), 0.04, 1e-5);
    ok &= approx(readBack(c + i), 0.14, 1e-5);
  }
  verdict("triad", type, n, ok);
  verdict("dot", type, n, approx(readBack(sum), n * 0.096 * 0.04, 1e-3));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(sum));
  CHECK(cudaFree(done));
}

// Vectors per thread for the stream kernels (picked with `bench tune`).
constexpr int kStreamUnroll = 1;

template <typename T> static void stream(const char *type, size_t n, long reps) {
  streamRun<T, kStreamUnroll>("cuda", type, n, reps, true);
}

//===----------------------------------------------------------------------===//
// Row sums: y[i] = sum_j x[i, j]
//===----------------------------------------------------------------------===//

// One warp per row: float4 loads when rows are 16-byte aligned (cols % 4 ==
// 0), scalar loads otherwise.
__global__ void __launch_bounds__(256)
    rowSumWarpK(const float *__restrict__ x, float *__restrict__ y, int rows,
                int cols) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  const float *r = x + (size_t)row * cols;
  float s0 = 0, s1 = 0;
  if (cols % 4 == 0) {
    const float4 *r4 = reinterpret_cast<const float4 *>(r);
    int nv = cols / 4, j = lane;
    for (; j + 32 < nv; j += 64) {
      float4 u = r4[j], v = r4[j + 32];
      s0 += (u.x + u.y) + (u.z + u.w);
      s1 += (v.x + v.y) + (v.z + v.w);
    }
    if (j < nv) {
      float4 u = r4[j];
      s0 += (u.x + u.y) + (u.z + u.w);
    }
  } else {
    for (int j = lane; j < cols; j += 32)
      s0 += r[j];
  }
  float s = warpReduce(s0 + s1, Sum());
  if (lane == 0)
    y[row] = s;
}

// One block per row.
__global__ void __launch_bounds__(256)
    rowSumBlockK(const float *__restrict__ x, float *__restrict__ y, int cols) {
  const float *r = x + (size_t)blockIdx.x * cols;
  float s0 = 0, s1 = 0;
  if (cols % 4 == 0) {
    const float4 *r4 = reinterpret_cast<const float4 *>(r);
    int nv = cols / 4, j = threadIdx.x;
    for (; j + (int)blockDim.x < nv; j += 2 * blockDim.x) {
      float4 u = r4[j], v = r4[j + blockDim.x];
      s0 += (u.x + u.y) + (u.z + u.w);
      s1 += (v.x + v.y) + (v.z + v.w);
    }
    if (j < nv) {
      float4 u = r4[j];
      s0 += (u.x + u.y) + (u.z + u.w);
    }
  } else {
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
      s0 += r[j];
  }
  float s = blockReduce(s0 + s1, Sum());
  if (threadIdx.x == 0)
    y[blockIdx.x] = s;
}

// x[i, j] = (j mod 17) / 8 + (i mod 5): row i sums to
// cols * (i mod 5) + sum_j (j mod 17) / 8.
__global__ void rowSumInitK(float *x, int rows, int cols) {
  size_t n = (size_t)rows * cols;
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += (size_t)gridDim.x * blockDim.x)
    x[k] = (k % cols % 17) * 0.125f + (k / cols % 5);
}

static double rowSumWant(int i, int cols) {
  double s = 0;
  for (int j = 0; j < cols; ++j)
    s += (j % 17) * 0.125;
  return s + (double)cols * (i % 5);
}

// Both kernels are measured; the faster is the peer (`cuda`), each is printed
// as `cuda_warp` / `cuda_block`.
static void rowsum(int rows, int cols, long reps, bool print = true) {
  float *x, *y;
  CHECK(cudaMalloc(&x, (size_t)rows * cols * sizeof(float)));
  CHECK(cudaMalloc(&y, rows * sizeof(float)));
  rowSumInitK<<<4 * smCount(), 256>>>(x, rows, cols);
  std::vector<float> h(rows);
  auto check = [&](const char *name) {
    CHECK(cudaMemcpy(h.data(), y, rows * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = true;
    double base = rowSumWant(0, cols);
    for (int i = 0; i < rows; ++i)
      ok &= approx(h[i], base + (double)cols * (i % 5), 1e-5);
    verdict(name, "f32", rows, ok);
    CHECK(cudaMemset(y, 0, rows * sizeof(float)));
  };
  double tw = timeLaunches(reps, [&] {
    rowSumWarpK<<<(rows + 7) / 8, 256>>>(x, y, rows, cols);
  });
  check("rowsum_warp");
  double tb = timeLaunches(reps, [&] { rowSumBlockK<<<rows, 256>>>(x, y, cols); });
  check("rowsum_block");
  if (print) {
    report("cuda_warp", "rowsum", "f32", rows, tw, reps);
    report("cuda_block", "rowsum", "f32", rows, tb, reps);
    report("rowsum", "f32", rows, std::min(tw, tb), reps);
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
}

//===----------------------------------------------------------------------===//
// Stencil
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

//===----------------------------------------------------------------------===//
// Transpose (rows x cols -> cols x rows)
//===----------------------------------------------------------------------===//

__global__ void transposeNaiveK(const float *__restrict__ in,
                                float *__restrict__ out, int rows, int cols) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < rows && j < cols)
    out[(size_t)j * rows + i] = in[(size_t)i * cols + j];
}

// A 32x32 tile through shared memory (padded to 33 columns: the column reads
// hit 32 different banks), 32x8 threads, 4 elements each; both the reads
// and the writes are coalesced rows.
__global__ void __launch_bounds__(256)
    transposeTiledK(const float *__restrict__ in, float *__restrict__ out,
                    int rows, int cols) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x; // column of `in`
  int y = blockIdx.y * 32 + threadIdx.y; // row of `in`
#pragma unroll
  for (int k = 0; k < 32; k += 8)
    if (x < cols && y + k < rows)
      tile[threadIdx.y + k][threadIdx.x] = in[(size_t)(y + k) * cols + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; // column of `out`
  y = blockIdx.x * 32 + threadIdx.y; // row of `out`
#pragma unroll
  for (int k = 0; k < 32; k += 8)
    if (x < rows && y + k < cols)
      out[(size_t)(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

__global__ void iotaK(float *x, size_t n) {
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += (size_t)gridDim.x * blockDim.x)
    x[k] = (float)(k % 16777216); // exact in f32
}

static bool transposeCheck(const float *d, int rows, int cols) {
  std::vector<float> h((size_t)rows * cols);
  CHECK(cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      if (h[(size_t)j * rows + i] != (float)(((size_t)i * cols + j) % 16777216))
        return false;
  return true;
}

static void transpose(int rows, int cols, long reps, bool print = true) {
  float *a, *b;
  size_t n = (size_t)rows * cols;
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, n * sizeof(float)));
  iotaK<<<4 * smCount(), 256>>>(a, n);
  dim3 threads(32, 8);
  dim3 tiles((cols + 31) / 32, (rows + 31) / 32);
  double tt = timeLaunches(reps, [&] {
    transposeTiledK<<<tiles, threads>>>(a, b, rows, cols);
  });
  verdict("transpose", "f32", rows, transposeCheck(b, rows, cols));
  CHECK(cudaMemset(b, 0, n * sizeof(float)));
  dim3 blocks((cols + 31) / 32, (rows + 7) / 8);
  double tn = timeLaunches(reps, [&] {
    transposeNaiveK<<<blocks, threads>>>(a, b, rows, cols);
  });
  verdict("transpose_naive", "f32", rows, transposeCheck(b, rows, cols));
  if (print) {
    report("transpose", "f32", rows, tt, reps);
    report("transpose_naive", "f32", rows, tn, reps);
  }
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
}

//===----------------------------------------------------------------------===//
// Row softmax: y[i, :] = exp(x[i, :] - max) / sum(exp(x[i, :] - max))
//===----------------------------------------------------------------------===//

// One block of THREADS per row; the row is read once into registers (V
// float4 per thread: rows up to THREADS * V * 4 columns, cols % 4 == 0),
// max and sum by warp shuffles and one exchange through shared memory, the
// exponentials kept in registers and written once.
template <int THREADS, int V>
__global__ void __launch_bounds__(THREADS)
    softmaxRegK(const float *__restrict__ x, float *__restrict__ y, int cols) {
  const float4 *row = reinterpret_cast<const float4 *>(x + (size_t)blockIdx.x * cols);
  float4 *out = reinterpret_cast<float4 *>(y + (size_t)blockIdx.x * cols);
  int nv = cols / 4;
  float4 v[V];
  float m = -INFINITY;
#pragma unroll
  for (int k = 0; k < V; ++k) {
    int j = k * THREADS + threadIdx.x;
    v[k] = j < nv ? row[j] : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    m = fmaxf(m, fmaxf(fmaxf(v[k].x, v[k].y), fmaxf(v[k].z, v[k].w)));
  }
  m = blockReduce(m, Max());
  float s = 0;
#pragma unroll
  for (int k = 0; k < V; ++k) {
    v[k].x = expf(v[k].x - m);
    v[k].y = expf(v[k].y - m);
    v[k].z = expf(v[k].z - m);
    v[k].w = expf(v[k].w - m);
    s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  }
  s = blockReduce(s, Sum());
  float inv = 1.0f / s;
#pragma unroll
  for (int k = 0; k < V; ++k) {
    int j = k * THREADS + threadIdx.x;
    if (j < nv)
      out[j] = inv * v[k];
  }
}

// Any width: two passes over the row (an online max and sum, then the
// outputs). For rows too long for registers or not a multiple of 4.
__global__ void __launch_bounds__(256)
    softmaxAnyK(const float *__restrict__ x, float *__restrict__ y, int cols) {
  const float *row = x + (size_t)blockIdx.x * cols;
  float *out = y + (size_t)blockIdx.x * cols;
  float m = -INFINITY, s = 0;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float v = row[j];
    float nm = fmaxf(m, v);
    s = s * expf(m - nm) + expf(v - nm);
    m = nm;
  }
  float bm = blockReduce(m, Max());
  s = m == -INFINITY ? 0.0f : s * expf(m - bm);
  s = blockReduce(s, Sum());
  float inv = 1.0f / s;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    out[j] = expf(row[j] - bm) * inv;
}

// The configuration for a width: the smallest block that holds the row in
// at most 8 float4 per thread.
static void softmaxLaunch(const float *x, float *y, int rows, int cols) {
  if (cols % 4 == 0 && cols <= 128 * 8 * 4)
    softmaxRegK<128, 8><<<rows, 128>>>(x, y, cols);
  else if (cols % 4 == 0 && cols <= 256 * 8 * 4)
    softmaxRegK<256, 8><<<rows, 256>>>(x, y, cols);
  else if (cols % 4 == 0 && cols <= 512 * 8 * 4)
    softmaxRegK<512, 8><<<rows, 512>>>(x, y, cols);
  else if (cols % 4 == 0 && cols <= 1024 * 8 * 4)
    softmaxRegK<1024, 8><<<rows, 1024>>>(x, y, cols);
  else
    softmaxAnyK<<<rows, 256>>>(x, y, cols);
}

// x[i, j] = (j mod 17) / 8 - (i mod 3) (as ours, plus a per-row shift).
__global__ void softmaxInitK(float *x, int rows, int cols) {
  size_t n = (size_t)rows * cols;
  for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += (size_t)gridDim.x * blockDim.x)
    x[k] = (k % cols % 17) * 0.125f - (float)(k / cols % 3);
}

// Every row: the outputs against exp(x - max) / sum computed in double.
static bool softmaxCheck(const float *d, int rows, int cols, int rowStep) {
  std::vector<float> h((size_t)rows * cols);
  CHECK(cudaMemcpy(h.data(), d, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> e(cols);
  // All rows have the same shape: (j mod 17) / 8 minus a constant.
  double mx = -1e30, s = 0;
  for (int j = 0; j < cols; ++j)
    mx = std::max(mx, (j % 17) * 0.125);
  for (int j = 0; j < cols; ++j)
    s += e[j] = std::exp((j % 17) * 0.125 - mx);
  for (int i = 0; i < rows; i += rowStep)
    for (int j = 0; j < cols; ++j)
      if (!approx(h[(size_t)i * cols + j], e[j] / s, 1e-4))
        return false;
  return true;
}

template <typename L>
static double softmaxRun(const char *name, int rows, int cols, long reps, L launch) {
  float *a, *b;
  size_t n = (size_t)rows * cols;
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, n * sizeof(float)));
  softmaxInitK<<<4 * smCount(), 256>>>(a, rows, cols);
  double t = timeLaunches(reps, [&] { launch(a, b); });
  verdict(name, "f32", rows, softmaxCheck(b, rows, cols, rows > 1024 ? 7 : 1));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return t;
}

static void softmax(int rows, int cols, long reps) {
  double t = softmaxRun("softmax", rows, cols, reps, [&](float *a, float *b) {
    softmaxLaunch(a, b, rows, cols);
  });
  report("softmax", "f32", rows, t, reps);
}

//===----------------------------------------------------------------------===//
// SGEMM: C = A B, f32, row-major, M x K times K x N, CUDA cores
//===----------------------------------------------------------------------===//
//
// A block computes a BM x BN tile of C (128 x 128 for large matrices). Its
// warps form a (BM / 64) x (BN / 32) grid of 64 x 32 warp tiles; in a warp
// the lanes form an 8 x 4 grid, and each thread computes 8 x 8 values as
// 2 x 2 sub-tiles of 4 x 4 (rows lm*4 + {0, 32}, columns ln*4 + {0, 16} of
// the warp tile): per k, a warp reads 8 consecutive float4 of A's slice and
// 4 of B's (no bank conflicts), 4 shared loads for 64 FMAs.
//
// K is walked in slices of BK. A's slice (BM x BK) is stored transposed in
// shared memory (As[k][m], rows padded by 4 floats) so that a thread's 8
// values of A for one k are two float4 loads; B's slice (BK x BN) is stored
// as it is. Double buffering: the next slice's global loads are issued into
// registers before the current slice is computed and stored into the other
// shared buffer after it, one __syncthreads per slice.
//
// Edges: loads outside A or B read 0, stores outside C are skipped. Global
// float4 loads need K % 4 == 0 (rows of A) and N % 4 == 0 (rows of B), and
// 16-byte aligned bases; otherwise the kernel is instantiated with scalar
// loads (VEC = false). Blocks are ordered in groups of 8 block rows so that
// blocks running together share slices of A and B in L2.
namespace sgemm {
constexpr int PAD = 4;

template <int BM, int BN> __host__ __device__ constexpr int threads() {
  return (BM / 64) * (BN / 32) * 32;
}

template <int BM, int BN, int BK, bool VEC>
__global__ void __launch_bounds__(threads<BM, BN>(), 2)
    kernel(const float *__restrict__ A, const float *__restrict__ B,
           float *__restrict__ C, int M, int N, int K) {
  constexpr int THREADS = threads<BM, BN>();
  // Global -> shared, float4 by float4: A's slice has AQ float4 per row,
  // THREADS / AQ rows per pass, LA passes; B's has BQ per row, THREADS / BQ
  // rows per pass, LB passes.
  constexpr int AQ = BK / 4, ARows = THREADS / AQ, LA = BM / ARows;
  constexpr int BQ = BN / 4, BRows = THREADS / BQ, LB = BK / BRows;
  static_assert(BM % 64 == 0 && BN % 32 == 0 && BK % 4 == 0, "tile");
  static_assert(THREADS % AQ == 0 && BM % ARows == 0, "A's slice");
  static_assert(THREADS % BQ == 0 && BK % BRows == 0, "B's slice");
  __shared__ __align__(16) float As[2][BK][BM + PAD];
  __shared__ __align__(16) float Bs[2][BK][BN];

  // Grouped block order.
  constexpr int GROUP = 8;
  int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN;
  int id = blockIdx.x;
  int perGroup = GROUP * tilesN;
  int group = id / perGroup;
  int firstM = group * GROUP;
  int rowsInGroup = min(tilesM - firstM, GROUP);
  int tm = firstM + (id % perGroup) % rowsInGroup;
  int tn = (id % perGroup) / rowsInGroup;
  int m0 = tm * BM, n0 = tn * BN;

  int t = threadIdx.x;
  int aRow = t / AQ, aCol = (t % AQ) * 4;
  int bRow = t / BQ, bCol = (t % BQ) * 4;
  float4 ra[LA], rb[LB];

  auto load = [&](int k0) {
#pragma unroll
    for (int l = 0; l < LA; ++l) {
      int r = m0 + aRow + l * ARows, c = k0 + aCol;
      const float *p = A + (size_t)r * K + c;
      if (VEC) {
        ra[l] = r < M && c < K ? *reinterpret_cast<const float4 *>(p)
                               : make_float4(0, 0, 0, 0);
      } else {
        bool in = r < M;
        ra[l].x = in && c + 0 < K ? p[0] : 0.0f;
        ra[l].y = in && c + 1 < K ? p[1] : 0.0f;
        ra[l].z = in && c + 2 < K ? p[2] : 0.0f;
        ra[l].w = in && c + 3 < K ? p[3] : 0.0f;
      }
    }
#pragma unroll
    for (int l = 0; l < LB; ++l) {
      int r = k0 + bRow + l * BRows, c = n0 + bCol;
      const float *p = B + (size_t)r * N + c;
      if (VEC) {
        rb[l] = r < K && c < N ? *reinterpret_cast<const float4 *>(p)
                               : make_float4(0, 0, 0, 0);
      } else {
        bool in = r < K;
        rb[l].x = in && c + 0 < N ? p[0] : 0.0f;
        rb[l].y = in && c + 1 < N ? p[1] : 0.0f;
        rb[l].z = in && c + 2 < N ? p[2] : 0.0f;
        rb[l].w = in && c + 3 < N ? p[3] : 0.0f;
      }
    }
  };
  auto store = [&](int buf) {
#pragma unroll
    for (int l = 0; l < LA; ++l) {
      int r = aRow + l * ARows;
      As[buf][aCol + 0][r] = ra[l].x;
      As[buf][aCol + 1][r] = ra[l].y;
      As[buf][aCol + 2][r] = ra[l].z;
      As[buf][aCol + 3][r] = ra[l].w;
    }
#pragma unroll
    for (int l = 0; l < LB; ++l)
      *reinterpret_cast<float4 *>(&Bs[buf][bRow + l * BRows][bCol]) = rb[l];
  };

  int warp = t / 32, lane = t % 32;
  int wm = (warp / (BN / 32)) * 64, wn = (warp % (BN / 32)) * 32;
  int lm = (lane / 4) * 4, ln = (lane % 4) * 4;
  int rowA = wm + lm, colB = wn + ln; // + {0, 32} and + {0, 16}

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      acc[i][j] = 0.0f;

  int slices = (K + BK - 1) / BK;
  load(0);
  store(0);
  __syncthreads();
  for (int s = 0; s < slices; ++s) {
    int cur = s & 1;
    if (s + 1 < slices)
      load((s + 1) * BK);
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[8], b[8];
      *reinterpret_cast<float4 *>(&a[0]) =
          *reinterpret_cast<const float4 *>(&As[cur][k][rowA]);
      *reinterpret_cast<float4 *>(&a[4]) =
          *reinterpret_cast<const float4 *>(&As[cur][k][rowA + 32]);
      *reinterpret_cast<float4 *>(&b[0]) =
          *reinterpret_cast<const float4 *>(&Bs[cur][k][colB]);
      *reinterpret_cast<float4 *>(&b[4]) =
          *reinterpret_cast<const float4 *>(&Bs[cur][k][colB + 16]);
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (s + 1 < slices)
      store(cur ^ 1);
    __syncthreads();
  }

  // acc[i][j]: row rowA + (i / 4) * 32 + i % 4, column colB + (j / 4) * 16 + j % 4.
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    int r = m0 + rowA + (i / 4) * 32 + i % 4;
    if (r >= M)
      continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int c = n0 + colB + h * 16;
      float *p = C + (size_t)r * N + c;
      if (VEC && c + 3 < N) {
        *reinterpret_cast<float4 *>(p) =
            make_float4(acc[i][h * 4], acc[i][h * 4 + 1], acc[i][h * 4 + 2],
                        acc[i][h * 4 + 3]);
      } else {
#pragma unroll
        for (int q = 0; q < 4; ++q)
          if (c + q < N)
            p[q] = acc[i][h * 4 + q];
      }
    }
  }
}

template <int BM, int BN, int BK>
static void launch(const float *A, const float *B, float *C, int M, int N, int K) {
  unsigned blocks = ((M + BM - 1) / BM) * ((N + BN - 1) / BN);
  bool vec = K % 4 == 0 && N % 4 == 0 && (uintptr_t)A % 16 == 0 &&
             (uintptr_t)B % 16 == 0 && (uintptr_t)C % 16 == 0;
  constexpr int T = threads<BM, BN>();
  if (vec)
    kernel<BM, BN, BK, true><<<blocks, T>>>(A, B, C, M, N, K);
  else
    kernel<BM, BN, BK, false><<<blocks, T>>>(A, B, C, M, N, K);
}

// The configurations a shape is tried with: large tiles for large
// matrices, smaller ones to give small matrices enough blocks.
struct Config {
  const char *name;
  void (*launch)(const float *, const float *, float *, int, int, int);
};
static const Config configs[] = {
    {"128x128x16", launch<128, 128, 16>},
    {"128x128x8", launch<128, 128, 8>},
    {"128x64x8", launch<128, 64, 8>},
    {"64x64x8", launch<64, 64, 8>},
};
constexpr int numConfigs = sizeof(configs) / sizeof(configs[0]);

// As cuDNN's benchmark mode or cuBLASLt's heuristics with timing: the
// configuration that runs the shape fastest (one warm-up and two timed
// launches each, before the benchmark's own timing).
static const Config &pick(const float *A, const float *B, float *C, int M,
                          int N, int K, bool print) {
  int best = 0;
  double bestT = 1e30;
  for (int c = 0; c < numConfigs; ++c) {
    double t = timeLaunches(2, [&] { configs[c].launch(A, B, C, M, N, K); });
    if (print)
      printf("INFO cuda matmul f32 %d %d %d config %s %.3f us\n", M, N, K,
             configs[c].name, t * 1e6 / 2);
    if (t < bestT)
      bestT = t, best = c;
  }
  return configs[best];
}
} // namespace sgemm

// Integer-valued inputs keep every partial sum exact in f32 (|sum| <= 6 K <
// 2^24), so C is checked exactly, whatever the order of the additions:
// A[i, k] = (3i + k) mod 5 - 2, B[k, j] = (k + 2j) mod 7 - 3.
__global__ void gemmInitK(float *A, float *B, int M, int N, int K) {
  size_t a = (size_t)M * K, b = (size_t)K * N;
  for (size_t x = (size_t)blockIdx.x * blockDim.x + threadIdx.x; x < a + b;
       x += (size_t)gridDim.x * blockDim.x) {
    if (x < a) {
      size_t i = x / K, k = x % K;
      A[x] = (float)((int)((3 * i + k) % 5) - 2);
    } else {
      size_t y = x - a, k = y / N, j = y % N;
      B[y] = (float)((int)((k + 2 * j) % 7) - 3);
    }
  }
}

static float gemmWant(long i, long j, int K) {
  long s = 0;
  for (long k = 0; k < K; ++k)
    s += ((3 * i + k) % 5 - 2) * ((k + 2 * j) % 7 - 3);
  return (float)s;
}

// Every element when C is small, else rows and columns at the edges and a
// scattering inside.
static bool gemmCheck(const float *dC, int M, int N, int K) {
  std::vector<float> h((size_t)M * N);
  CHECK(cudaMemcpy(h.data(), dC, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
  auto bad = [&](long i, long j) { return h[(size_t)i * N + j] != gemmWant(i, j, K); };
  if ((double)M * N * K <= 5e8) {
    for (long i = 0; i < M; ++i)
      for (long j = 0; j < N; ++j)
        if (bad(i, j))
          return false;
    return true;
  }
  std::vector<long> is = {0, 1, M / 2, M - 2, M - 1}, js = {0, 1, N / 2, N - 2, N - 1};
  for (long s = 0; s < 40; ++s) {
    is.push_back((s * 7919) % M);
    js.push_back((s * 104729) % N);
  }
  for (long i : is)
    for (long j : js)
      if (bad(i, j))
        return false;
  return true;
}

struct Gemm {
  int M, N, K;
  float *A, *B, *C;
  Gemm(int M, int N, int K) : M(M), N(N), K(K) {
    CHECK(cudaMalloc(&A, (size_t)M * K * sizeof(float)));
    CHECK(cudaMalloc(&B, (size_t)K * N * sizeof(float)));
    CHECK(cudaMalloc(&C, (size_t)M * N * sizeof(float)));
    gemmInitK<<<4 * smCount(), 256>>>(A, B, M, N, K);
  }
  ~Gemm() {
    CHECK(cudaFree(A));
    CHECK(cudaFree(B));
    CHECK(cudaFree(C));
  }
  // Runs `config` `reps` times (after a warm-up), checks C; the seconds.
  double run(const char *name, const sgemm::Config &config, long reps) {
    CHECK(cudaMemset(C, 0xff, (size_t)M * N * sizeof(float))); // NaNs
    double t = timeLaunches(reps, [&] { config.launch(A, B, C, M, N, K); });
    verdict(name, "f32", M, gemmCheck(C, M, N, K));
    return t;
  }
};

static void matmul(int M, int N, int K, long reps) {
  Gemm g(M, N, K);
  const sgemm::Config &config = sgemm::pick(g.A, g.B, g.C, M, N, K, true);
  double t = g.run("matmul", config, reps);
  report("matmul", "f32", M, t, reps);
  printf("INFO cuda matmul f32 %d %d %d picked %s %.1f GFLOP/s\n", M, N, K,
         config.name, 2.0 * M * N * K / (t / reps) / 1e9);
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

//===----------------------------------------------------------------------===//
// Self-test and tuning
//===----------------------------------------------------------------------===//

// Odd sizes, every kernel, full checks (the PEER-CHECK lines); no timing.
using RC = std::pair<int, int>; // rows, columns

static void selftest() {
  for (size_t n : {1ul, 3ul, 5ul, 1023ul, 4097ul, 1000003ul}) {
    streamRun<float, kStreamUnroll>("cuda", "f32", n, 1, false);
    streamRun<double, kStreamUnroll>("cuda", "f64", n, 1, false);
    streamRun<float, 4>("cuda", "f32", n, 1, false);
  }
  for (RC rc : {RC{1, 1}, {5, 3}, {33, 31}, {300, 1001}, {129, 4096},
                  {64, 9000}})
    transpose(rc.first, rc.second, 1, false);
  for (RC rc : {RC{1, 1}, {7, 3}, {33, 4}, {100, 1027}, {40, 8192},
                  {5, 20000}}) {
    rowsum(rc.first, rc.second, 1, false);
  }
  for (RC rc : {RC{1, 1}, {3, 5}, {9, 4}, {17, 100}, {5, 516},
                  {5, 4096}, {3, 8192}, {3, 16384}, {2, 32768}, {2, 40000},
                  {2, 32772}})
    softmaxRun("softmax", rc.first, rc.second, 1, [&](float *a, float *b) {
      softmaxLaunch(a, b, rc.first, rc.second);
    });
  struct MNK { int m, n, k; };
  for (MNK s : {MNK{1, 1, 1}, {1, 7, 3}, {5, 3, 2}, {128, 128, 8},
                {129, 127, 17}, {200, 300, 100}, {255, 129, 257},
                {256, 256, 256}, {333, 517, 1001}, {1024, 1000, 4}}) {
    Gemm g(s.m, s.n, s.k);
    for (const sgemm::Config &c : sgemm::configs)
      g.run(c.name, c, 1);
  }
  printf("SELFTEST %s (%d failures)\n", failures ? "FAIL" : "ok", failures);
}

// The variants the defaults were chosen from, at the benchmark sizes.
static void tune() {
  for (size_t n : {1ul << 25, 1ul << 28}) {
    streamRun<float, 1>("tune_u1", "f32", n, 20, true);
    streamRun<float, 2>("tune_u2", "f32", n, 20, true);
    streamRun<float, 4>("tune_u4", "f32", n, 20, true);
    streamRun<double, 1>("tune_u1", "f64", n, 20, true);
    streamRun<double, 2>("tune_u2", "f64", n, 20, true);
  }
  int n = 8192;
  report("tune_t128v16", "softmax", "f32", n,
         softmaxRun("softmax", n, n, 20, [&](float *a, float *b) {
           softmaxRegK<128, 16><<<n, 128>>>(a, b, n);
         }), 20);
  report("tune_t256v8", "softmax", "f32", n,
         softmaxRun("softmax", n, n, 20, [&](float *a, float *b) {
           softmaxRegK<256, 8><<<n, 256>>>(a, b, n);
         }), 20);
  report("tune_t512v4", "softmax", "f32", n,
         softmaxRun("softmax", n, n, 20, [&](float *a, float *b) {
           softmaxRegK<512, 4><<<n, 512>>>(a, b, n);
         }), 20);
  report("tune_t1024v2", "softmax", "f32", n,
         softmaxRun("softmax", n, n, 20, [&](float *a, float *b) {
           softmaxRegK<1024, 2><<<n, 1024>>>(a, b, n);
         }), 20);
  report("tune_any", "softmax", "f32", n,
         softmaxRun("softmax", n, n, 20, [&](float *a, float *b) {
           softmaxAnyK<<<n, 256>>>(a, b, n);
         }), 20);
  for (int s : {512, 1024, 2048, 3072, 4096, 6144, 8192}) {
    long reps = s <= 4096 ? 20 : 5;
    Gemm g(s, s, s);
    for (const sgemm::Config &c : sgemm::configs) {
      char who[64];
      snprintf(who, sizeof who, "tune_%s", c.name);
      report(who, "matmul", "f32", s, g.run(c.name, c, reps), reps);
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
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
  } else if (!strcmp(what, "rowsum") && argc == 4) {
    rowsum(atoi(argv[2]), atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "stencil") && argc == 4) {
    stencil(atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "transpose") && argc == 4) {
    transpose(atoi(argv[2]), atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "softmax") && argc == 4) {
    softmax(atoi(argv[2]), atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "matmul") && argc == 4) {
    matmul(atoi(argv[2]), atoi(argv[2]), atoi(argv[2]), atol(argv[3]));
  } else if (!strcmp(what, "matmul") && argc == 6) {
    matmul(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atol(argv[5]));
  } else if (!strcmp(what, "launch") && (argc == 3 || argc == 4)) {
    launch(atol(argv[2]), argc == 4 ? atol(argv[3]) : 7);
  } else if (!strcmp(what, "selftest")) {
    selftest();
  } else if (!strcmp(what, "tune")) {
    tune();
  } else {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  return failures ? 1 : 0;
}
