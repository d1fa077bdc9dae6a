//===- Dialects.cpp - C API: the offload dialect ----------------*- C++ -*-===//

#include "offload-c/Dialects.h"

#include "offload/InitAllDialects.h"
#include "offload/InitAllPasses.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Offload, offload,
                                      mlir::offload::OffloadDialect)

void offloadRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::offload::registerAllDialects(*unwrap(registry));
}

void offloadRegisterAllPasses(void) {
  static bool once = [] {
    mlir::offload::registerAllPasses();
    return true;
  }();
  (void)once;
}
