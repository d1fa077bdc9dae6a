//===- InlineKernelCalls.cpp - offload-inline-kernel-calls ------*- C++ -*-===//
//
// Calls in kernels of functions with a body of one block, not recursive,
// become the bodies they call, so that the analyses after it see which
// elements a kernel's helpers read and write.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Inlining.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADINLINEKERNELCALLS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadInlineKernelCallsPass
    : public offload::impl::OffloadInlineKernelCallsBase<
          OffloadInlineKernelCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    CallGraphOfFuncs graph(module);
    auto inlinable = [&](func::FuncOp callee) {
      return callee && !callee.isExternal() &&
             callee.getBody().hasOneBlock() && !graph.isRecursive(callee);
    };
    for (KernelOp kernel : module.getOps<KernelOp>()) {
      // Inlined bodies' calls are inlined in turn (none is recursive).
      for (bool changed = true; changed;) {
        changed = false;
        SmallVector<func::CallOp> calls;
        kernel.walk([&](func::CallOp call) {
          if (inlinable(symbols.lookup<func::FuncOp>(call.getCallee())))
            calls.push_back(call);
        });
        for (func::CallOp call : calls) {
          auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
          if (remarks)
            call.emitRemark() << "call of @" << callee.getSymName()
                              << " inlined into kernel @"
                              << kernel.getSymName();
          inlineOneBlockCall(call, callee, /*callSite=*/false);
          call.erase();
          changed = true;
        }
      }
    }
  }
};
} // namespace
