//===- InlineKernelCalls.cpp - offload-inline-kernel-calls ------*- C++ -*-===//
//
// Calls in kernels of functions with a body of one block, not recursive,
// become the bodies they call, so that the analyses after it see which
// elements a kernel's helpers read and write.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

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
    // The functions each function calls.
    DenseMap<Operation *, llvm::SetVector<Operation *>> callees;
    for (auto func : module.getOps<func::FuncOp>())
      func.walk([&](func::CallOp call) {
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
          callees[func].insert(callee);
      });
    // Whether `func` reaches itself through calls.
    DenseMap<Operation *, bool> recursive;
    auto isRecursive = [&](Operation *func) {
      auto [it, inserted] = recursive.try_emplace(func, false);
      if (!inserted)
        return it->second;
      llvm::SmallPtrSet<Operation *, 8> seen;
      SmallVector<Operation *> stack(callees[func].begin(),
                                     callees[func].end());
      bool found = false;
      while (!stack.empty() && !found) {
        Operation *next = stack.pop_back_val();
        found = next == func;
        if (seen.insert(next).second)
          stack.append(callees[next].begin(), callees[next].end());
      }
      recursive[func] = found;
      return found;
    };
    auto inlinable = [&](func::FuncOp callee) {
      return callee && !callee.isExternal() &&
             callee.getBody().hasOneBlock() && !isRecursive(callee);
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
          Block &body = callee.getBody().front();
          IRMapping mapping;
          mapping.map(body.getArguments(), call.getOperands());
          OpBuilder b(call);
          for (Operation &op : body.without_terminator())
            b.clone(op, mapping);
          for (auto [result, value] : llvm::zip(
                   call.getResults(), body.getTerminator()->getOperands()))
            result.replaceAllUsesWith(mapping.lookupOrDefault(value));
          call.erase();
          changed = true;
        }
      }
    }
  }
};
} // namespace
