//===- Loops.h - loop nests over a buffer's elements ------------*- C++ -*-===//
//
// Sequential loop nests that visit every element of a memref: element-wise
// copies without MLIR's runtime support library (offload-expand-copies, the
// checking mode's copies) and element-wise comparisons.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_LOOPS_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_LOOPS_H

#include "mlir/IR/Builders.h"

namespace mlir::offload {

/// Builds an scf.for nest over every index of `buffer` (outermost dimension
/// first), leaves `b` in the innermost body and returns the induction
/// variables.
SmallVector<Value> buildLoopNest(OpBuilder &b, Location loc, Value buffer);

/// Copies `src` into `dst` (memrefs of one shape) element by element at
/// `b`, whatever their layouts.
void buildElementwiseCopy(OpBuilder &b, Location loc, Value src, Value dst);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_LOOPS_H
