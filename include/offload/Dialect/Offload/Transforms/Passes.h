//===- Passes.h - offload dialect passes ------------------------*- C++ -*-===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_H
#define OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::offload {

/// memref.expand_shape as memref.reinterpret_cast of the source's base
/// buffer (offload-expand-reshapes).
void populateExpandReshapesPatterns(RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_H
