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

/// The elementwise linalg op right after the contraction `match` (only ops
/// without memory effects in between) that a contraction kernel computes
/// in its epilogue, element by element from C's value, or null: parallel
/// loops only, as many as C has dimensions; one output D indexed by the
/// identity; C read through the identity (as an input, or as D itself when
/// the op updates C in place), its other inputs (a bias indexed by n, ...)
/// through projected permutations and none of them C or D otherwise; a
/// body of operations without memory effects or regions and without
/// linalg.index; C of a float type.
linalg::LinalgOp getFusableEpilogue(const ContractionMatch &match);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_CONTRACTION_H
