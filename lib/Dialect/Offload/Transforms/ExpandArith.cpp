//===- ExpandArith.cpp - offload-expand-arith -------------------*- C++ -*-===//
//
// Upstream's arith expansions the LLVM lowering needs (ceil/floor division,
// scaling conversions, bf16 conversions on request), without its
// compare-and-select expansion of maximumf / minimumf, which gets the sign
// of zero wrong: those go to LLVM's maximum / minimum intrinsics.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEXPANDARITH
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadExpandArithPass
    : public offload::impl::OffloadExpandArithBase<OffloadExpandArithPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandScalingExtTruncPatterns(patterns);
    if (includeBf16)
      arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
