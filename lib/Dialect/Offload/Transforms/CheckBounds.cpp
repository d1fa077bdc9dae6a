//===- CheckBounds.cpp - offload-check-bounds -------------------*- C++ -*-===//
//
// Reports the accesses of kernels that their loops carry out of their
// buffer: an index whose range over the enclosing loops, when they run,
// reaches past the buffer's size (a static size, or the same size the loop
// bound is computed from) or below 0.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/AccessIndices.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKBOUNDS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The outermost loop around `op` in `kernel`, or null when an op around
/// it is not a loop (it may not run at all, or not with every value of the
/// loops: an scf.if, an scf.while).
static FailureOr<Operation *> getOutermostLoop(Operation *op, KernelOp kernel) {
  Operation *outermost = nullptr;
  for (Operation *parent = op->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<LoopLikeOpInterface>(parent);
    if (!loop || !loop.getLoopInductionVars())
      return failure();
    outermost = parent;
  }
  return outermost;
}

namespace {
/// The smallest and largest values of an index over the iterations of its
/// loops.
struct IndexRange {
  IndexForm low, high;
};
} // namespace

/// The range of `index` (an access's index in a kernel) when each variable
/// runs over all its values independently of the others; none when its
/// extremes are not reached (bounds that depend on other variables) or it
/// depends on values that change inside the loops. A side is unknown when
/// the last iteration of a loop that moves it is (a step other than 1 with
/// non-constant bounds, a min bound).
static std::optional<IndexRange> getRange(AccessIndexAnalysis &analysis,
                                          const IndexForm &index,
                                          Operation *outermost) {
  if (index.isUnknown())
    return std::nullopt;
  IndexRange range;
  for (const IndexForm::Term &term : index.getTerms()) {
    const IndexVar *var = nullptr;
    IndexForm monomial = IndexForm::constant(term.coefficient);
    for (Factor factor : term.factors) {
      if (const IndexVar *v = analysis.getVar(factor)) {
        if (var)
          return std::nullopt; // a product of variables
        var = v;
        continue;
      }
      Value memref = analysis.getSizeOf(factor).first;
      Value value = memref ? memref : analysis.getValue(factor);
      if (outermost && !analysis.isInvariant(value, outermost))
        return std::nullopt;
      monomial = monomial * IndexForm::factor(factor);
    }
    if (!var) {
      range.low = range.low + monomial;
      range.high = range.high + monomial;
      continue;
    }
    if (!monomial.getConstant() || var->widths.empty())
      return std::nullopt;
    int64_t coefficient = *monomial.getConstant();
    const IndexForm &width = var->widths.front();
    if (width.anyFactor([&](Factor f) { return analysis.getVar(f); }))
      return std::nullopt;
    // The first iteration is always reached (when the loop runs); the last
    // is known for a constant width, or an exact one. Otherwise the side
    // it moves is unknown.
    IndexForm maxOffset = IndexForm::unknown();
    if (std::optional<int64_t> w = width.getConstant()) {
      if (*w <= 0)
        return std::nullopt;
      if (var->step && var->widths.size() == 1)
        maxOffset = IndexForm::constant((*w - 1) / *var->step * *var->step);
    } else if (var->exact) {
      maxOffset = width - IndexForm::constant(1);
    }
    IndexForm &side = coefficient > 0 ? range.high : range.low;
    side = maxOffset.isUnknown() ? IndexForm::unknown()
                                 : side + maxOffset * coefficient;
  }
  if (range.low.isUnknown() && range.high.isUnknown())
    return std::nullopt;
  return range;
}

/// Text for an index: a constant, or relative to the size of its dimension
/// when that is not a constant.
static std::string describeIndex(const IndexForm &index,
                                 const IndexForm &size) {
  if (std::optional<int64_t> c = index.getConstant())
    return std::to_string(*c);
  if (std::optional<int64_t> c = (index - size).getConstant())
    return *c == 0 ? std::string("its size")
                   : (*c > 0 ? "its size + " + std::to_string(*c)
                             : "its size - " + std::to_string(-*c));
  return "a run-time value";
}

namespace {
struct OffloadCheckBoundsPass
    : public offload::impl::OffloadCheckBoundsBase<OffloadCheckBoundsPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    for (KernelOp kernel : getOperation().getOps<KernelOp>()) {
      AccessIndexAnalysis analysis;
      for (const MemoryAccess &access : analysis.getAccesses(kernel, kernel,
                                                       /*withPrivate=*/true))
        failed |= !checkAccess(kernel, access, analysis);
    }
    if (failed)
      signalPassFailure();
  }

  bool checkAccess(KernelOp kernel, const MemoryAccess &access,
                   AccessIndexAnalysis &analysis) {
    if (!access.explicitIndices || !access.indices)
      return true;
    FailureOr<Operation *> outermost = getOutermostLoop(access.op, kernel);
    if (failed(outermost))
      return true;
    for (auto [dim, index] : llvm::enumerate(*access.indices)) {
      std::optional<IndexRange> range = getRange(analysis, index, *outermost);
      if (!range)
        continue;
      IndexForm size = analysis.getSize(access.memref, dim);
      // Past the end at the last iteration, or already at the first (the
      // high side may be unknown then: `x[i + dim x]`).
      std::optional<int64_t> past = (range->high - size).getConstant();
      std::optional<int64_t> firstPast = (range->low - size).getConstant();
      std::optional<int64_t> low = range->low.getConstant();
      if (!(past && *past >= 0) && !(firstPast && *firstPast >= 0) &&
          !(low && *low < 0))
        continue;
      bool below = low && *low < 0;
      InFlightDiagnostic diag = access.op->emitError();
      diag << "'" << access.op->getName() << "' "
           << (access.writes ? "writes " : "reads ")
           << (access.memref == access.root ? "" : "a view of ")
           << describeBuffer(access.root) << " at indices "
           << describeIndex(range->low, size) << " to "
           << describeIndex(range->high, size) << " along dimension " << dim;
      if (below)
        diag << ", below 0";
      else if (std::optional<int64_t> s = size.getConstant())
        diag << ", but it has " << *s << " elements there";
      else
        diag << ", past its end (its size there is known at run time)";
      diag << ": the bounds of the loops around the access carry it "
           << (below ? "below the buffer's start" : "past the buffer's end");
      return false;
    }
    return true;
  }
};
} // namespace
