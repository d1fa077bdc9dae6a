//===- CheckKernels.cpp - offload-check-kernels -----------------*- C++ -*-===//
//
// What a kernel may contain, checked once for every target before any
// target-specific lowering: a host-only build rejects what a GPU build
// rejects.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKKERNELS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadCheckKernelsPass
    : public offload::impl::OffloadCheckKernelsBase<OffloadCheckKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failed = false;
    for (KernelOp kernel : module.getOps<KernelOp>())
      failed |= mlir::failed(verifyKernelContents(kernel));
    SymbolTableCollection symbols;
    module.walk([&](LaunchOp launch) {
      if (auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
              launch, launch.getKernelAttr()))
        failed |= mlir::failed(verifyLaunchOfKernel(launch, kernel));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
