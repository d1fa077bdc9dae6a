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
#include "mlir/Interfaces/FunctionInterfaces.h"

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
    if (failed(dropOwnDeallocs()))
      return signalPassFailure();
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

  /// Removes the host code's deallocs of buffers their function allocates
  /// (the ownership-based deallocation after this pass frees those, and
  /// takes no deallocs of its own); rejects the others.
  LogicalResult dropOwnDeallocs() {
    SmallVector<memref::DeallocOp> own;
    WalkResult result =
        getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (isa<KernelOp>(op))
            return WalkResult::skip();
          auto dealloc = dyn_cast<memref::DeallocOp>(op);
          if (!dealloc)
            return WalkResult::advance();
          Value buffer = dealloc.getMemref();
          while (auto cast = buffer.getDefiningOp<memref::CastOp>())
            buffer = cast.getSource();
          auto alloc = buffer.getDefiningOp<memref::AllocOp>();
          if (alloc && alloc->getParentOfType<FunctionOpInterface>() ==
                           op->getParentOfType<FunctionOpInterface>()) {
            own.push_back(dealloc);
            return WalkResult::advance();
          }
          dealloc.emitError()
              << "'memref.dealloc' of a buffer this function does not "
                 "allocate, in a module written on tensors: the buffers of "
                 "such a module are freed by the compiler (ownership-based "
                 "deallocation), which takes no deallocs of the program's "
                 "own; free it where it is allocated, or compile the "
                 "functions on memrefs in a module of their own";
          return WalkResult::interrupt();
        });
    if (result.wasInterrupted())
      return failure();
    for (memref::DeallocOp dealloc : own)
      dealloc.erase();
    return success();
  }
};
} // namespace
