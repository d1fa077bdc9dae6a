//===- BufferizeHost.cpp - offload-bufferize-host ---------------*- C++ -*-===//
//
// One-shot bufferization of host code written on tensors (what an ML
// compiler hands over before bufferization), kernels excepted: the linalg
// ops it leaves on memrefs are then outlined into kernels like any other.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADBUFFERIZEHOST
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadBufferizeHostPass
    : public offload::impl::OffloadBufferizeHostBase<OffloadBufferizeHostPass> {
  using Base::Base;

  void runOnOperation() override {
    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    // A loop carrying a tensor that each iteration computes anew (a model
    // applied again to its own output, `x = mlp(x, w, b)`) yields a new
    // buffer per iteration; the ownership-based deallocation frees the
    // previous one.
    options.allowReturnAllocsFromLoops = true;
    // Plain memrefs at function boundaries: the C view of a
    // memref<4x8xf32> argument is that of a contiguous row-major array.
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    // Kernels take memrefs; a tensor in one is the kernel lowering's error
    // to report, not a buffer to allocate on the device.
    options.opFilter.denyOperation([](Operation *op) {
      return isa<KernelOp>(op) || op->getParentOfType<KernelOp>();
    });
    bufferization::BufferizationState state;
    if (failed(bufferization::runOneShotModuleBufferize(getOperation(),
                                                        options, state)))
      signalPassFailure();
  }
};
} // namespace
