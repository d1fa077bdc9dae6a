//===- KernelShares.h - Kernels run in shares of their loop -----*- C++ -*-===//
//
// What offload-split-devices asks of a kernel launched over several
// devices: whether its outermost loop dimension can run in shares [lo, hi)
// on different devices (one scf.parallel loop, or linalg ops on buffers
// whose outermost dimension indexes the rows of their operands), what a
// share then does with each buffer argument (the rows it reaches, relative
// to [lo, hi)), the host computations the split needs (the loop's bounds,
// its reductions' initial values) and whether two such computations are
// equal (the same shares).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELSHARES_H
#define OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELSHARES_H

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>
#include <string>

namespace mlir::offload {

/// A kernel body the split takes: pure computations, one parallel loop,
/// then (when the loop has reductions) what the kernel does with their
/// results, which the host does after combining the devices' partial
/// results. Or pure computations and linalg ops on buffers (a contraction
/// kept whole for its strategy, the fill before it), split along their
/// outermost loop dimension, which indexes the rows of the operands it
/// indexes.
struct KernelShape {
  scf::ParallelOp loop;
  SmallVector<Operation *> after;
  SmallVector<linalg::LinalgOp> linalgOps;
};

/// The shape of `kernel`'s body, when the split takes it.
std::optional<KernelShape> getSplitShape(KernelOp kernel);

/// The combining operation of reduction `index` of `loop` when it is one
/// arith operation with a neutral element (what the GPU lowering takes).
Operation *getReductionCombiner(scf::ParallelOp loop, unsigned index);

/// Why `kernel` cannot run in shares of its outermost loop dimension, or an
/// empty string when it can.
std::string whyNotSplittable(KernelOp kernel);

/// Why the buffers `share` (a kernel whose body is one parallel loop, with
/// the bounds of its outermost dimension as arguments) writes among its
/// first `numChecked` arguments are not confined to the rows of its share,
/// or an empty string when they are.
std::string whyShareWritesOverlap(KernelOp share, unsigned numChecked);

/// What the share of a kernel does with one of its buffer arguments: the
/// rows [lo + rowMin, hi + rowMax) of the share [lo, hi) it reaches, or all
/// of them.
struct ShareAccess {
  bool read = false, written = false;
  /// Every row it writes is written before anything reads it.
  bool overwritten = false;
  bool allRows = false;
  int64_t rowMin = 0, rowMax = 0;

  bool isAccessed() const { return read || written; }
  /// Rows read outside the share, which other devices may write.
  bool readsHalo() const {
    return read && (allRows || rowMin < 0 || rowMax > 0);
  }
};

/// What the analysis says about argument `index` of a share kernel whose
/// body is one parallel loop.
ShareAccess getLoopShareAccess(KernelAccessAnalysis &analysis, KernelOp share,
                               unsigned index);

/// What the linalg ops of `shape` (of a splittable kernel) do with each
/// buffer argument of the kernel, by its position.
DenseMap<unsigned, ShareAccess>
getLinalgShareAccesses(const KernelShape &shape);

/// Whether linalg op `op` of a splittable kernel indexes the rows of
/// `operand` with its outermost loop dimension (a share takes rows [lo, hi)
/// of it), rather than not at all.
bool indexesRows(linalg::LinalgOp op, OpOperand &operand);

/// Maps `kernel`'s arguments to `launch`'s operands.
void mapKernelArguments(KernelOp kernel, LaunchOp launch, IRMapping &mapping);

/// The bounds of the outermost dimension of a splittable `kernel`'s loop (of
/// its linalg ops: 0 and their rows), computed at `b` from the values
/// `mapping` gives its arguments; nulls when they cannot be computed there.
std::pair<Value, Value> materializeShareBounds(OpBuilder &b, KernelOp kernel,
                                               IRMapping &mapping);

/// The initial values of a splittable `kernel`'s reductions, and the values
/// its code after the loop uses from before it (into `mapping`), computed at
/// `b`; false when one of them cannot be computed on the host.
bool materializeReductionInputs(OpBuilder &b, KernelOp kernel,
                                IRMapping &mapping,
                                SmallVectorImpl<Value> &inits);

/// Whether the host values `a` and `b` are equal wherever both are computed:
/// the same value, equal constants, the same size of buffers allocated with
/// it, or the same operation without memory effects of equal operands.
bool sameHostValue(Value a, Value b);

/// Whether the host values `a` and `b` differ: both computed from constants
/// (and sizes of buffers allocated with constant sizes), or one the other
/// plus or minus a constant other than 0.
bool differentHostValues(Value a, Value b);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELSHARES_H
