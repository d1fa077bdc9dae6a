// linalg through the C API: a module with linalg on memrefs in host code
// (fill, matmul, a bias + relu generic) is compiled to a shared library,
// loaded, and called on the host device; the results are exact.
//
// RUN: %capi_cc %s %capi_libs -o %t
// RUN: %t %t.so 2>&1 | FileCheck %s

#include "offload-c/Compiler.h"
#include "offload-c/Dialects.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static const char *kLayer =
    "module attributes {offload.targets = [#offload.host]} {\n"
    "  func.func @layer(%x: memref<?x?xf32>, %w: memref<?x?xf32>,\n"
    "                   %b: memref<?xf32>, %y: memref<?x?xf32>) {\n"
    "    %zero = arith.constant 0.0 : f32\n"
    "    linalg.fill ins(%zero : f32) outs(%y : memref<?x?xf32>)\n"
    "    linalg.matmul ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>)\n"
    "                  outs(%y : memref<?x?xf32>)\n"
    "    linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>,\n"
    "                                     affine_map<(i, j) -> (i, j)>],\n"
    "                    iterator_types = [\"parallel\", \"parallel\"]}\n"
    "        ins(%b : memref<?xf32>) outs(%y : memref<?x?xf32>) {\n"
    "    ^bb0(%bv: f32, %v: f32):\n"
    "      %t = arith.addf %v, %bv : f32\n"
    "      %r = arith.maximumf %t, %zero : f32\n"
    "      linalg.yield %r : f32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1D;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

static void printDiagnostics(OffloadDiagnosticCollector collector) {
  for (intptr_t i = 0, e = offloadDiagnosticCollectorGetNumDiagnostics(collector);
       i < e; ++i) {
    OffloadDiagnostic d = offloadDiagnosticCollectorGetDiagnostic(collector, i);
    printf("diagnostic at %.*s:%u:%u: %.*s\n", (int)d.file.length, d.file.data,
           d.line, d.column, (int)d.message.length, d.message.data);
  }
}

enum { M = 5, K = 3, N = 7 };

int main(int argc, char **argv) {
  MlirContext ctx = offloadContextCreate();
  OffloadDiagnosticCollector diags = offloadDiagnosticCollectorCreate(ctx);
  MlirModule module = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kLayer),
      mlirStringRefCreateFromCString("layer.mlir"));
  // CHECK: compiled: 1
  int compiled =
      !mlirModuleIsNull(module) &&
      mlirLogicalResultIsSuccess(offloadModuleAddCInterface(module)) &&
      mlirLogicalResultIsSuccess(offloadCompileSharedLibrary(
          module, mlirStringRefCreateFromCString(argv[1]),
          offloadCompileOptionsGetDefault()));
  printf("compiled: %d\n", compiled);
  printDiagnostics(diags);
  if (!compiled)
    return 1;
  mlirModuleDestroy(module);

  void *lib = dlopen(argv[1], RTLD_NOW);
  void (*layer)(MemRef2D *, MemRef2D *, MemRef1D *, MemRef2D *) =
      lib ? (void (*)(MemRef2D *, MemRef2D *, MemRef1D *, MemRef2D *))dlsym(
                lib, "_mlir_ciface_layer")
          : NULL;
  // CHECK-NEXT: loaded: 1
  printf("loaded: %d\n", layer != NULL);
  if (!layer)
    return 1;

  float x[M][K], w[K][N], b[N], y[M][N];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      x[i][k] = (float)((i + 2 * k) % 5 - 2);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      w[k][j] = (float)((3 * k + j) % 4 - 1);
  for (int j = 0; j < N; ++j)
    b[j] = (float)(j % 3 - 1);
  memset(y, 0x7f, sizeof(y)); // garbage: the fill must overwrite it
  MemRef2D xd = {&x[0][0], &x[0][0], 0, {M, K}, {K, 1}};
  MemRef2D wd = {&w[0][0], &w[0][0], 0, {K, N}, {N, 1}};
  MemRef1D bd = {b, b, 0, {N}, {1}};
  MemRef2D yd = {&y[0][0], &y[0][0], 0, {M, N}, {N, 1}};
  layer(&xd, &wd, &bd, &yd);

  int mismatches = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float ref = b[j];
      for (int k = 0; k < K; ++k)
        ref += x[i][k] * w[k][j];
      ref = ref > 0 ? ref : 0;
      mismatches += y[i][j] != ref;
    }
  // CHECK-NEXT: mismatches: 0
  printf("mismatches: %d\n", mismatches);
  // Rows printed as computed, so a wrong value shows.
  // CHECK-NEXT: y[0] = 3 4 0 0 4 5 0
  // CHECK-NEXT: y[4] = 0 3 2 2 0 4 0
  for (int i = 0; i < M; i += 4) {
    printf("y[%d] =", i);
    for (int j = 0; j < N; ++j)
      printf(" %g", y[i][j]);
    printf("\n");
  }
  offloadDiagnosticCollectorDestroy(diags);
  mlirContextDestroy(ctx);
  return 0;
}
