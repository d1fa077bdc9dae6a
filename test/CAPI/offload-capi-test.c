// The C API from C: registration, parsing with diagnostics, pipelines, the
// C interface, translation, compilation to a shared library that is then
// loaded and called, and the runtime queries.
//
// RUN: %capi_cc %s %capi_libs -o %t
// RUN: %t %t.so 2>&1 | FileCheck %s --implicit-check-not="see current operation"

#include "offload-c/Compiler.h"
#include "offload-c/Dialects.h"
#include "offload-c/Runtime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kSaxpy =
    "module attributes {offload.targets = [#offload.host]} {\n"
    "  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %n = memref.dim %x, %c0 : memref<?xf32>\n"
    "    scf.parallel (%i) = (%c0) to (%n) step (%c1) {\n"
    "      %xi = memref.load %x[%i] : memref<?xf32>\n"
    "      %yi = memref.load %y[%i] : memref<?xf32>\n"
    "      %ax = arith.mulf %a, %xi : f32\n"
    "      %r = arith.addf %ax, %yi : f32\n"
    "      memref.store %r, %y[%i] : memref<?xf32>\n"
    "    }\n"
    "    offload.return\n"
    "  }\n"
    "}\n";

static const char *kScan =
    "module {\n"
    "  offload.kernel @scan(%x: memref<?xf32>, %y: memref<?xf32>) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %n = memref.dim %y, %c0 : memref<?xf32>\n"
    "    // iteration i reads what iteration i - 1 writes\n"
    "\n"
    "    scf.parallel (%i) = (%c1) to (%n) step (%c1) {\n"
    "      %im1 = arith.subi %i, %c1 : index\n"
    "      %prev = memref.load %y[%im1] : memref<?xf32>\n"
    "      %xi = memref.load %x[%i] : memref<?xf32>\n"
    "      %s = arith.addf %prev, %xi : f32\n"
    "      memref.store %s, %y[%i] : memref<?xf32>\n"
    "    }\n"
    "    offload.return\n"
    "  }\n"
    "}\n";

static void printDiagnostics(OffloadDiagnosticCollector collector) {
  for (intptr_t i = 0, e = offloadDiagnosticCollectorGetNumDiagnostics(collector);
       i < e; ++i) {
    OffloadDiagnostic d = offloadDiagnosticCollectorGetDiagnostic(collector, i);
    printf("diagnostic %d at %.*s:%u:%u: %.*s\n", (int)d.severity,
           (int)d.file.length, d.file.data, d.line, d.column,
           (int)d.message.length, d.message.data);
  }
  offloadDiagnosticCollectorClear(collector);
}

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

// Collects the LLVM IR text.
typedef struct {
  char *data;
  size_t size;
} Buffer;
static void appendToBuffer(MlirStringRef text, void *userData) {
  Buffer *buffer = (Buffer *)userData;
  buffer->data = realloc(buffer->data, buffer->size + text.length + 1);
  memcpy(buffer->data + buffer->size, text.data, text.length);
  buffer->size += text.length;
  buffer->data[buffer->size] = 0;
}

// A memref<?xf32> descriptor, as _mlir_ciface_ functions take it.
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1D;

int main(int argc, char **argv) {
  MlirContext ctx = offloadContextCreate();
  OffloadDiagnosticCollector diags = offloadDiagnosticCollectorCreate(ctx);

  // The dialect handle is usable like any upstream one.
  MlirDialectHandle handle = mlirGetDialectHandle__offload__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  // CHECK: dialect: offload
  printf("dialect: %.*s\n", (int)ns.length, ns.data);

  // CHECK: parse error: null
  // CHECK-NEXT: diagnostic 0 at bad.mlir:2:3: custom op 'offload.nonsense' is unknown
  MlirModule bad = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString("module {\n  offload.nonsense\n}\n"),
      mlirStringRefCreateFromCString("bad.mlir"));
  printf("parse error: %s\n", mlirModuleIsNull(bad) ? "null" : "module");
  printDiagnostics(diags);

  // CHECK: missing file: null
  // CHECK-NEXT: diagnostic 0 at /nonexistent/x.mlir:0:0: cannot read /nonexistent/x.mlir: No such file or directory
  MlirModule missing = offloadModuleParseFile(
      ctx, mlirStringRefCreateFromCString("/nonexistent/x.mlir"));
  printf("missing file: %s\n", mlirModuleIsNull(missing) ? "null" : "module");
  printDiagnostics(diags);

  MlirModule module = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kSaxpy),
      mlirStringRefCreateFromCString("saxpy.mlir"));
  // CHECK: parsed: 1, verified: 1
  printf("parsed: %d, verified: %d\n", !mlirModuleIsNull(module),
         mlirLogicalResultIsSuccess(offloadModuleVerify(module)));

  // CHECK: invalid pipeline: 0
  // CHECK-NEXT: diagnostic 0 at saxpy.mlir:1:1: invalid pass pipeline 'no-such-pass': {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
  printf("invalid pipeline: %d\n",
         mlirLogicalResultIsSuccess(offloadModuleRunPassPipeline(
             module, mlirStringRefCreateFromCString("no-such-pass"))));
  printDiagnostics(diags);

  // The entry points, with the source's argument names and inferred maps.
  // CHECK: interface: {"functions":[{"args":[{"dtype":"float32","kind":"scalar","name":"a"},{"dtype":"float32","kind":"memref","map":"to","name":"x","shape":[-1],"writes":false},{"dtype":"float32","kind":"memref","map":"tofrom","name":"y","shape":[-1],"writes":true}],"check":"_mlir_ciface___offload_check_saxpy","devices_symbol":"_mlir_ciface___offload_launch_saxpy__devices","kind":"kernel","name":"saxpy","results":[],"symbol":"_mlir_ciface___offload_launch_saxpy"}],"version":1}
  printf("interface: ");
  offloadModuleGetInterface(module, printToStdout, NULL);
  printf("\n");

  // CHECK: compiled: 1
  OffloadCompileOptions options = offloadCompileOptionsGetDefault();
  int compiled = mlirLogicalResultIsSuccess(offloadModuleAddCInterface(module)) &&
                 mlirLogicalResultIsSuccess(offloadCompileSharedLibrary(
                     module, mlirStringRefCreateFromCString(argv[1]), options));
  printf("compiled: %d\n", compiled);
  printDiagnostics(diags);

  // CHECK-NEXT: no output path: 0
  // CHECK-NEXT: diagnostic 0 at saxpy.mlir:1:1: offloadCompileSharedLibrary: the output path is empty
  printf("no output path: %d\n",
         mlirLogicalResultIsSuccess(offloadCompileSharedLibrary(
             module, mlirStringRefCreateFromCString(""), options)));
  printDiagnostics(diags);

  // CHECK-NEXT: bad options: 0
  // CHECK-NEXT: diagnostic 0 at saxpy.mlir:1:1: optimization level 7 is not one of 0 to 3
  options.optLevel = 7;
  printf("bad options: %d\n",
         mlirLogicalResultIsSuccess(offloadModuleLower(module, options)));
  printDiagnostics(diags);
  mlirModuleDestroy(module);

  // A race in a parallel loop is a compile error, reported with the two
  // accesses' locations and without a dump of the operation.
  // CHECK: racy pipeline: 0
  // CHECK-NEXT: diagnostic 0 at scan.mlir:13:7: 'memref.store' writes an element of argument #1 of @scan that another iteration of the parallel loop may read with 'memref.load' at scan.mlir:10:15; use memref.atomic_rmw
  // CHECK-NEXT: note: the other access
  // CHECK-NEXT: note: iterations of this loop may run at the same time
  MlirModule racy = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kScan),
      mlirStringRefCreateFromCString("scan.mlir"));
  printf("racy pipeline: %d\n",
         mlirLogicalResultIsSuccess(offloadModuleRunPassPipeline(
             racy, mlirStringRefCreateFromCString(
                       "offload-pipeline{targets=host}"))));
  printDiagnostics(diags);
  mlirModuleDestroy(racy);

  // Load the library (its constructor registers the images with the
  // runtime) and call the kernel's launcher on the host device.
  void *lib = dlopen(argv[1], RTLD_NOW);
  void (*saxpy)(float, MemRef1D *, MemRef1D *) =
      (void (*)(float, MemRef1D *, MemRef1D *))dlsym(
          lib, "_mlir_ciface___offload_launch_saxpy");
  const char *interface = (const char *)dlsym(lib, "__offload_interface");
  // CHECK: loaded: 1 1, interface version 1: 1
  printf("loaded: %d %d, interface version 1: %d\n", lib != NULL,
         saxpy != NULL,
         interface && strstr(interface, "\"version\":1") != NULL);
  // The checker takes the same arguments, then a message buffer: 0 when
  // the call is safe, else nonzero with the reason.
  int32_t (*check)(float, MemRef1D *, MemRef1D *, char *, int64_t) =
      (int32_t(*)(float, MemRef1D *, MemRef1D *, char *, int64_t))dlsym(
          lib, "_mlir_ciface___offload_check_saxpy");
  float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40};
  MemRef1D xd = {x, x, 0, {4}, {1}}, yd = {y, y, 0, {4}, {1}};
  char message[256] = "";
  // CHECK: check: 0 ''
  printf("check: %d '%s'\n", check(2.0f, &xd, &yd, message, sizeof(message)),
         message);
  // y shorter than x (the kernel runs over x): refused before launching
  // (1: a buffer is too small; 2: buffers overlap).
  MemRef1D shortY = {y, y, 0, {3}, {1}};
  // CHECK-NEXT: check short y: 1 'saxpy(): argument 'y' is too small: dimension 0 has size 3, but saxpy needs 4'
  printf("check short y: %d '%s'\n",
         check(2.0f, &xd, &shortY, message, sizeof(message)), message);
  // x and y overlapping bytes (y starts inside x; the memref type has
  // offset 0, so views go through the aligned pointer).
  MemRef1D inX = {x, x + 1, 0, {3}, {1}};
  // CHECK-NEXT: check overlap: 2 'saxpy(): arguments 'x' and 'y' overlap in memory, and saxpy writes 'y'; pass distinct arrays'
  MemRef1D firstTwo = {x, x, 0, {2}, {1}};
  printf("check overlap: %d '%s'\n",
         check(2.0f, &firstTwo, &inX, message, sizeof(message)), message);
  // Adjacent, not overlapping: x[0..1] and x[2..3].
  MemRef1D lastTwo = {x, x + 2, 0, {2}, {1}};
  // CHECK-NEXT: check adjacent: 0
  printf("check adjacent: %d\n",
         check(2.0f, &firstTwo, &lastTwo, NULL, 0));
  saxpy(2.0f, &xd, &yd);
  // CHECK: y = 12 24 36 48, x = 1 2 3 4
  printf("y = %g %g %g %g, x = %g %g %g %g\n", y[0], y[1], y[2], y[3], x[0],
         x[1], x[2], x[3]);
  // Over several devices: the kernel's arguments, then a 1-D memref of
  // int32 device numbers; each device present runs an equal share (the
  // host plugin offers four devices; 9 is absent and left out).
  typedef struct {
    int32_t *allocated, *aligned;
    int64_t offset, sizes[1], strides[1];
  } DeviceList;
  void (*saxpyOver)(float, MemRef1D *, MemRef1D *, DeviceList *) =
      (void (*)(float, MemRef1D *, MemRef1D *, DeviceList *))dlsym(
          lib, "_mlir_ciface___offload_launch_saxpy__devices");
  int32_t ids[3] = {0, 9, 2};
  DeviceList idsd = {ids, ids, 0, {3}, {1}};
  saxpyOver(1.0f, &xd, &yd, &idsd);
  // CHECK-NEXT: over devices 0, 9, 2: y = 13 26 39 52
  printf("over devices 0, 9, 2: y = %g %g %g %g\n", y[0], y[1], y[2], y[3]);
  // Any 1-D view of numbers: every other one from the second (devices 1
  // and 3; offset and stride of the descriptor, not of the storage).
  int32_t every[5] = {40, 1, 41, 3, 42};
  DeviceList everyd = {every, every, 1, {2}, {2}};
  saxpyOver(1.0f, &xd, &yd, &everyd);
  // CHECK-NEXT: over devices 1, 3: y = 14 28 42 56
  printf("over devices 1, 3: y = %g %g %g %g\n", y[0], y[1], y[2], y[3]);

  // Lower and translate to LLVM IR.
  MlirModule again = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kSaxpy),
      mlirStringRefCreateFromCString("saxpy.mlir"));
  Buffer ir = {NULL, 0};
  int lowered = mlirLogicalResultIsSuccess(
      offloadModuleLower(again, offloadCompileOptionsGetDefault()));
  int translated = mlirLogicalResultIsSuccess(
      offloadModuleTranslateToLLVMIR(again, appendToBuffer, &ir));
  // CHECK: lowered: 1, translated: 1, registers images: 1
  printf("lowered: %d, translated: %d, registers images: %d\n", lowered,
         translated, ir.data && strstr(ir.data, "@__tgt_register_lib") != NULL);
  free(ir.data);
  mlirModuleDestroy(again);

  // CHECK: devices: {{[1-9][0-9]*}}
  // CHECK-NEXT: device 0: {{host|cuda|amdgpu}}
  // CHECK-NEXT: device -1: ''
  int64_t n = offloadRuntimeGetNumDevices();
  printf("devices: %lld\n", (long long)n);
  MlirStringRef kind = offloadRuntimeGetDeviceKind(0);
  printf("device 0: %.*s\n", (int)kind.length, kind.data);
  kind = offloadRuntimeGetDeviceKind(-1);
  printf("device -1: '%.*s'\n", (int)kind.length, kind.data);

  offloadDiagnosticCollectorDestroy(diags);
  mlirContextDestroy(ctx);
  return 0;
}
