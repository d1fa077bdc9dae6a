/*===- Dialects.h - C API: the offload dialect ------------------*- C -*-===*\
|*                                                                            *|
|* Registration of the offload dialect and of every dialect, interface and    *|
|* translation an offload program needs, for embedders of the MLIR C API.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_C_DIALECTS_H
#define OFFLOAD_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Offload, offload);

/// Adds to `registry` the dialects offload programs are written in, those the
/// lowering produces, their LLVM conversion interfaces, the offload targets
/// and the LLVM IR translations (what offload-cc registers).
MLIR_CAPI_EXPORTED void offloadRegisterAllDialects(MlirDialectRegistry registry);

/// Registers the offload passes and pipelines (offload-pipeline, ...) and the
/// upstream passes offload-opt offers, so that textual pipelines can name
/// them. Safe to call more than once.
MLIR_CAPI_EXPORTED void offloadRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif // OFFLOAD_C_DIALECTS_H
