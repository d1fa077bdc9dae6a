//===- Contraction.h - contractions the compiler recognises ----*- C++ -*-===//
//
// One description of a contraction (C[b, m, n] += A[b, m, k] * B[b, k, n],
// operands in any layout, with or without element conversions) shared by the
// passes that raise loop nests to linalg, keep contractions whole through
// the kernel pipeline, and generate tiled contraction kernels.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_CONTRACTION_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_CONTRACTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace mlir::offload {

/// A linalg op on memrefs that computes, for every (b, m, n),
///   C[b, m, n] = C[b, m, n] + cast(A[b, m, k]) * cast(B[b, k, n])
/// summed over k, with at most one batch dimension, one m, one n and one k
/// loop, where A, B and C are memrefs indexed by permutations of those loops
/// (so transposed operands are contractions too), and the body multiplies
/// and adds after optional element conversions (extf, extsi, extui,
/// sitofp, ...).
struct ContractionMatch {
  mutable linalg::LinalgOp op;
  /// Loop positions of the op (batch is -1 without a batch loop).
  int64_t batch = -1;
  unsigned m = 0, n = 0, k = 0;
  /// For each operand (A, B, C) and each of its memref dimensions, the loop
  /// position that indexes it.
  SmallVector<unsigned, 3> aDims, bDims, cDims;
  Type aType, bType, cType;

  Value getA() const { return op.getDpsInputOperand(0)->get(); }
  Value getB() const { return op.getDpsInputOperand(1)->get(); }
  Value getC() const { return op.getDpsInitOperand(0)->get(); }
  /// The memref and dimension the size of loop `loop` is read from.
  std::pair<Value, unsigned> getLoopSizeSource(unsigned loop) const;
};

/// Matches `op` as a contraction (see ContractionMatch), or nothing.
std::optional<ContractionMatch> matchContraction(linalg::LinalgOp op);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_CONTRACTION_H
