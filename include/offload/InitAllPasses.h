//===- InitAllPasses.h - passes offload tools offer -------------*- C++ -*-===//

#ifndef OFFLOAD_INITALLPASSES_H
#define OFFLOAD_INITALLPASSES_H

#include "offload/Conversion/Passes.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::offload {

/// Our passes and pipelines, plus the upstream passes our pipelines use (so
/// a stage can be rerun by hand) and the general cleanups.
inline void registerAllPasses() {
  registerOffloadPasses();
  registerOffloadConversionPasses();
  registerOffloadPipelines();
  registerTransformsPasses();
  registerLowerAffinePass();
  registerConvertToLLVMPass();
  registerConvertGpuOpsToNVVMOpsPass();
  registerConvertGpuOpsToROCDLOpsPass();
  registerConvertOpenMPToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  registerSCFToControlFlowPass();
  arith::registerArithExpandOpsPass();
  memref::registerExpandStridedMetadataPass();
  registerGpuModuleToBinaryPass();
  bufferization::registerEmptyTensorEliminationPass();
  bufferization::registerOneShotBufferizePass();
  bufferization::registerBufferizationPipelines();
  registerConvertBufferizationToMemRefPass();
  registerConvertLinalgToLoopsPass();
}

} // namespace mlir::offload

#endif // OFFLOAD_INITALLPASSES_H
