// Calls the dense layer of dense_layer.mlir from C and checks every element
// against the same computation on the host (small integer values: every
// float is exact, so the results must be equal).
//
//   offload-cc dense_layer.mlir -shared -o libdense_layer.so
//   clang dense_layer.c -L. -ldense_layer -Wl,-rpath,'$ORIGIN' -o dense_layer
//   ./dense_layer

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// MLIR's descriptor of a memref<?x?xf32> and of a memref<?xf32>: element
// (i, j) is aligned[offset + i * strides[0] + j * strides[1]].
typedef struct {
  float *allocated; // what free() takes, for buffers the callee allocated
  float *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
} MemRef2D;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MemRef1D;

// func.func @dense_layer(tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>)
//     -> tensor<?x?xf32> attributes {llvm.emit_c_interface}:
// the result comes back through the first pointer, the arguments are read
// through the others.
void _mlir_ciface_dense_layer(MemRef2D *result, MemRef2D *x, MemRef2D *w,
                              MemRef1D *bias);

enum { M = 37, K = 53, N = 29 };

static float x[M][K], w[K][N], bias[N];

int main(void) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      x[i][k] = (float)((3 * i + k) % 7 - 3);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      w[k][j] = (float)((k + 2 * j) % 5 - 2);
  for (int j = 0; j < N; ++j)
    bias[j] = (float)(j % 4 - 1);

  // Row-major arrays: sizes as declared, strides (row length, 1).
  MemRef2D mx = {&x[0][0], &x[0][0], 0, {M, K}, {K, 1}};
  MemRef2D mw = {&w[0][0], &w[0][0], 0, {K, N}, {N, 1}};
  MemRef1D mb = {bias, bias, 0, {N}, {1}};
  MemRef2D y;
  _mlir_ciface_dense_layer(&y, &mx, &mw, &mb);

  long same = 0;
  double total = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = 0;
      for (int k = 0; k < K; ++k)
        acc += x[i][k] * w[k][j];
      acc += bias[j];
      float expect = acc > 0 ? acc : 0;
      float got = y.aligned[y.offset + i * y.strides[0] + j * y.strides[1]];
      same += got == expect;
      total += got;
    }
  int ok = y.sizes[0] == M && y.sizes[1] == N && same == (long)M * N;
  printf("dense_layer: %ld x %ld result, sum = %.1f, %ld of %d elements equal "
         "to the host's: %s\n",
         (long)y.sizes[0], (long)y.sizes[1], total, same, M * N,
         ok ? "PASS" : "FAIL");
  // The result buffer was allocated by the layer (malloc): the caller owns
  // it.
  free(y.allocated);
  return ok ? 0 : 1;
}
