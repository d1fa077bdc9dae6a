//===- Inlining.h - inlining calls of one-block functions -------*- C++ -*-===//
//
// The inlining offload-inline-kernel-calls (calls in kernels) and
// offload-split-devices (calls of functions making split launches, and of
// element-only helpers) do: a call of a function whose body is one block,
// replaced by a copy of that block.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_INLINING_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_INLINING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::offload {

/// The functions of a module and the functions each calls (`func.call`),
/// to ask which reach themselves.
class CallGraphOfFuncs {
public:
  explicit CallGraphOfFuncs(ModuleOp module);

  /// Whether `func` calls itself, directly or through other functions.
  bool isRecursive(func::FuncOp func);
  /// The functions `func` calls.
  const llvm::SetVector<Operation *> &getCallees(func::FuncOp func) {
    return callees[func];
  }

private:
  llvm::DenseMap<Operation *, llvm::SetVector<Operation *>> callees;
  llvm::DenseMap<Operation *, bool> recursive;
};

/// Replaces the uses of `call`'s results by what a copy of `callee`'s body
/// (one block) returns, the copy placed before the call; the caller erases
/// the call. With `callSite`, the copied ops' locations are call-site
/// locations (callee location, called from the call's).
void inlineOneBlockCall(func::CallOp call, func::FuncOp callee,
                        bool callSite);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_INLINING_H
