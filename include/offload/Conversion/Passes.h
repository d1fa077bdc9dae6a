//===- Passes.h - offload conversion passes ---------------------*- C++ -*-===//

#ifndef OFFLOAD_CONVERSION_PASSES_H
#define OFFLOAD_CONVERSION_PASSES_H

#include "offload/Conversion/GPUToOffload/GPUToOffload.h"
#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"

namespace mlir::offload {

#define GEN_PASS_REGISTRATION
#include "offload/Conversion/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_PASSES_H
