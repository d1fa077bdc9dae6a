/*===- Runtime.h - C API: what the offload runtime sees ---------*- C -*-===*\
|*                                                                            *|
|* Queries of LLVM's offload runtime (libomptarget), loaded on first use from *|
|* OFFLOAD_LIBOMPTARGET_DIR or the directory found at configure time.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_C_RUNTIME_H
#define OFFLOAD_C_RUNTIME_H

#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The number of devices the runtime offers (GPUs and host-plugin devices),
/// or -1 when libomptarget cannot be loaded.
MLIR_CAPI_EXPORTED int64_t offloadRuntimeGetNumDevices(void);

/// The kind of device `device`: "cuda", "amdgpu" or "host" (the runtime's
/// x86-64 host plugin); "unknown" for a device of another plugin; an empty
/// string for a number that is not a device. The string is static.
MLIR_CAPI_EXPORTED MlirStringRef offloadRuntimeGetDeviceKind(int64_t device);

#ifdef __cplusplus
}
#endif

#endif // OFFLOAD_C_RUNTIME_H
