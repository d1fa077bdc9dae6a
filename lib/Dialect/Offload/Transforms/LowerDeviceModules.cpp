//===- LowerDeviceModules.cpp - offload-lower-device-modules ----*- C++ -*-===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERDEVICEMODULES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadLowerDeviceModulesPass
    : public offload::impl::OffloadLowerDeviceModulesBase<
          OffloadLowerDeviceModulesPass> {
  void runOnOperation() override {
    for (auto gpuModule : getOperation().getOps<gpu::GPUModuleOp>()) {
      auto target = gpuModule->getAttrOfType<TargetAttrInterface>(
          OffloadDialect::getTargetAttrName());
      if (!target)
        continue; // not built by the offload lowering
      if (failed(target.verifyTarget(gpuModule)))
        return signalPassFailure();
      OpPassManager pm(gpu::GPUModuleOp::getOperationName());
      target.buildDeviceLoweringPipeline(pm);
      if (failed(runPipeline(pm, gpuModule))) {
        gpuModule.emitError() << "lowering the " << target.getTargetName()
                              << " device module failed";
        return signalPassFailure();
      }
    }
  }
};
} // namespace
