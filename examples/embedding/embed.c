// Compiles a kernel with offload's C API into a shared library, then prints
// the interface of its entry points.
#include "offload-c/Compiler.h"

#include <stdio.h>

static const char *kSource =
    "module attributes {offload.targets = [#offload.host]} {\n"
    "  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %n = memref.dim %x, %c0 : memref<?xf32>\n"
    "    scf.parallel (%i) = (%c0) to (%n) step (%c1) {\n"
    "      %v = memref.load %x[%i] : memref<?xf32>\n"
    "      %r = arith.mulf %a, %v : f32\n"
    "      memref.store %r, %x[%i] : memref<?xf32>\n"
    "    }\n"
    "    offload.return\n"
    "  }\n"
    "}\n";

static void print(MlirStringRef text, void *data) {
  fwrite(text.data, 1, text.length, stdout);
}

int main(int argc, char **argv) {
  const char *out = argc > 1 ? argv[1] : "scale.so";
  MlirContext ctx = offloadContextCreate();
  MlirModule module = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kSource),
      mlirStringRefCreateFromCString("scale.mlir"));
  if (mlirModuleIsNull(module))
    return 1;
  if (mlirLogicalResultIsFailure(offloadModuleGetInterface(module, print, 0)))
    return 1;
  printf("\n");
  MlirModule lib = offloadModuleParse(
      ctx, mlirStringRefCreateFromCString(kSource),
      mlirStringRefCreateFromCString("scale.mlir"));
  int ok = mlirLogicalResultIsSuccess(offloadModuleAddCInterface(lib)) &&
           mlirLogicalResultIsSuccess(offloadCompileSharedLibrary(
               lib, mlirStringRefCreateFromCString(out),
               offloadCompileOptionsGetDefault()));
  printf("compiled %s: %d\n", out, ok);
  mlirModuleDestroy(lib);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}
