//===- ExpandReshapes.cpp - offload-expand-reshapes -------------*- C++ -*-===//
//
// memref.expand_shape as a memref.reinterpret_cast of its source's base
// buffer, so that the targets' pipelines never reach the rewrite of
// expand_shape in upstream expand-strided-metadata (which crashes on dynamic
// output shapes in MLIR 22).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEXPANDRESHAPES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Result dimension d of reassociation group [d0 .. dk] of source dimension
/// i: size output_shape[d], stride stride(i) * output_shape[d+1] * ... *
/// output_shape[dk]; the offset is the source's.
struct ExpandShapeToReinterpretCast
    : public OpRewritePattern<memref::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    MemRefType resultType = op.getResultType();
    SmallVector<int64_t> resultStrides;
    int64_t resultOffset;
    if (failed(resultType.getStridesAndOffset(resultStrides, resultOffset)))
      return rewriter.notifyMatchFailure(op, "result is not strided");
    Location loc = op.getLoc();
    auto meta =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
    SmallVector<OpFoldResult> sourceStrides = meta.getConstifiedMixedStrides();
    SmallVector<OpFoldResult> outputShape = op.getMixedOutputShape();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> sizes(rank), strides(rank);
    AffineExpr s0, s1;
    bindSymbols(rewriter.getContext(), s0, s1);
    for (auto [source, group] : llvm::enumerate(op.getReassociationIndices())) {
      OpFoldResult stride = sourceStrides[source];
      for (int64_t dim : llvm::reverse(group)) {
        sizes[dim] = outputShape[dim];
        strides[dim] = stride;
        stride = affine::makeComposedFoldedAffineApply(
            rewriter, loc, s0 * s1, {stride, outputShape[dim]});
      }
    }
    // reinterpret_cast wants a constant wherever the result type has one,
    // and a value wherever it has none.
    auto match = [&](OpFoldResult ofr, int64_t expected) -> OpFoldResult {
      if (ShapedType::isDynamic(expected))
        return getValueOrCreateConstantIndexOp(rewriter, loc, ofr);
      return rewriter.getIndexAttr(expected);
    };
    for (int64_t d = 0; d < rank; ++d) {
      sizes[d] = match(sizes[d], resultType.getDimSize(d));
      strides[d] = match(strides[d], resultStrides[d]);
    }
    OpFoldResult offset = match(meta.getConstifiedMixedOffset(), resultOffset);
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, resultType, meta.getBaseBuffer(), offset, sizes, strides);
    return success();
  }
};

struct OffloadExpandReshapesPass
    : public offload::impl::OffloadExpandReshapesBase<
          OffloadExpandReshapesPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateExpandReshapesPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void mlir::offload::populateExpandReshapesPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ExpandShapeToReinterpretCast>(patterns.getContext());
}
