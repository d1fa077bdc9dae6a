//===- DecomposeLinalg.cpp - offload-decompose-linalg -----------*- C++ -*-===//
//
// linalg ops that are aggregates of others (linalg.softmax, linalg.pack
// and linalg.unpack) as those others, so that the rest of the pipeline, which
// handles structured ops, sees them: on tensors by the op's own decomposition
// (linalg.generic ops the host bufferization then turns into buffers), on
// memrefs in host code as linalg.generic ops over temporaries (each outlined
// into a kernel later), and inside kernels as loops (a parallel loop over the
// rows, each row's maximum, sum and results in sequential loops).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADDECOMPOSELINALG
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// -inf of `type`, where a maximum starts.
static Value lowest(OpBuilder &b, Location loc, FloatType type) {
  return arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(),
                                           /*Negative=*/true)));
}

/// The sizes of `memref` but dimension `skip` (the values of its dynamic
/// ones, for memref.alloc).
static SmallVector<Value> getOtherDynamicSizes(OpBuilder &b, Location loc,
                                               Value memref, int64_t skip) {
  SmallVector<Value> sizes;
  auto type = cast<MemRefType>(memref.getType());
  for (int64_t d = 0, e = type.getRank(); d < e; ++d)
    if (d != skip && type.isDynamicDim(d))
      sizes.push_back(memref::DimOp::create(b, loc, memref, d));
  return sizes;
}

/// softmax(x) along dimension d on memrefs in host code: the maximum and
/// the sum of each row (along d) in temporaries, four linalg.generic ops:
/// max(x), y = exp(x - max), sum(y), y = y / sum.
static void decomposeOnMemRefs(RewriterBase &rewriter, linalg::SoftmaxOp op) {
  Location loc = op.getLoc();
  Value input = op.getInput(), output = op.getOutput();
  auto type = cast<MemRefType>(input.getType());
  auto element = cast<FloatType>(type.getElementType());
  int64_t rank = type.getRank(), dim = op.getDimension();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      shape.push_back(type.getDimSize(d));
  auto reducedType = MemRefType::get(shape, element);
  SmallVector<Value> dynamic = getOtherDynamicSizes(rewriter, loc, input, dim);
  Value max = memref::AllocOp::create(rewriter, loc, reducedType, dynamic);
  Value sum = memref::AllocOp::create(rewriter, loc, reducedType, dynamic);
  // Each fill right before the op reducing into it, the ops in the order
  // each reads what the one before wrote: offload-outline-linalg makes the
  // group one kernel, which offload-split-kernels fuses into one loop over
  // the rows.
  linalg::FillOp::create(rewriter, loc, lowest(rewriter, loc, element), max);

  MLIRContext *ctx = rewriter.getContext();
  AffineMap all = AffineMap::getMultiDimIdentityMap(rank, ctx);
  SmallVector<AffineExpr> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      kept.push_back(getAffineDimExpr(d, ctx));
  AffineMap row = AffineMap::get(rank, 0, kept, ctx);
  SmallVector<utils::IteratorType> reducing(rank,
                                            utils::IteratorType::parallel);
  reducing[dim] = utils::IteratorType::reduction;
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);

  linalg::GenericOp::create(
      rewriter, loc, ValueRange{input}, ValueRange{max},
      ArrayRef<AffineMap>{all, row}, reducing,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(
            b, loc,
            arith::MaximumFOp::create(b, loc, args[0], args[1]).getResult());
      });
  linalg::GenericOp::create(
      rewriter, loc, ValueRange{input, max}, ValueRange{output},
      ArrayRef<AffineMap>{all, row, all}, parallel,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value shifted = arith::SubFOp::create(b, loc, args[0], args[1]);
        linalg::YieldOp::create(
            b, loc, math::ExpOp::create(b, loc, shifted).getResult());
      });
  Value zero = arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getFloatAttr(element, 0));
  linalg::FillOp::create(rewriter, loc, zero, sum);
  linalg::GenericOp::create(
      rewriter, loc, ValueRange{output}, ValueRange{sum},
      ArrayRef<AffineMap>{all, row}, reducing,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(
            b, loc,
            arith::AddFOp::create(b, loc, args[0], args[1]).getResult());
      });
  linalg::GenericOp::create(
      rewriter, loc, ValueRange{sum}, ValueRange{output},
      ArrayRef<AffineMap>{row, all}, parallel,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(
            b, loc,
            arith::DivFOp::create(b, loc, args[1], args[0]).getResult());
      });
  memref::DeallocOp::create(rewriter, loc, sum);
  memref::DeallocOp::create(rewriter, loc, max);
  rewriter.eraseOp(op);
}

/// softmax(x) along dimension d inside a kernel: a parallel loop over the
/// other dimensions (none: the body once), each row's maximum and sum in
/// sequential loops along d, its results written by the second and
/// divided by the third.
static void decomposeInKernel(RewriterBase &rewriter, linalg::SoftmaxOp op) {
  Location loc = op.getLoc();
  Value input = op.getInput(), output = op.getOutput();
  auto type = cast<MemRefType>(input.getType());
  auto element = cast<FloatType>(type.getElementType());
  int64_t rank = type.getRank(), dim = op.getDimension();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value length = memref::DimOp::create(rewriter, loc, input, dim);
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim) {
      lbs.push_back(zero);
      ubs.push_back(memref::DimOp::create(rewriter, loc, input, d));
      steps.push_back(one);
    }
  auto body = [&](OpBuilder &b, Location loc, ValueRange outer) {
    auto indices = [&](Value k) {
      SmallVector<Value> result(outer);
      result.insert(result.begin() + dim, k);
      return result;
    };
    auto max = scf::ForOp::create(
        b, loc, zero, length, one, ValueRange{lowest(b, loc, element)},
        [&](OpBuilder &b, Location loc, Value k, ValueRange acc) {
          Value x = memref::LoadOp::create(b, loc, input, indices(k));
          scf::YieldOp::create(
              b, loc, ValueRange{arith::MaximumFOp::create(b, loc, acc[0], x)});
        });
    Value zeroF = arith::ConstantOp::create(b, loc, b.getFloatAttr(element, 0));
    auto sum = scf::ForOp::create(
        b, loc, zero, length, one, ValueRange{zeroF},
        [&](OpBuilder &b, Location loc, Value k, ValueRange acc) {
          Value x = memref::LoadOp::create(b, loc, input, indices(k));
          Value e = math::ExpOp::create(
              b, loc, arith::SubFOp::create(b, loc, x, max.getResult(0)));
          memref::StoreOp::create(b, loc, e, output, indices(k));
          scf::YieldOp::create(
              b, loc, ValueRange{arith::AddFOp::create(b, loc, acc[0], e)});
        });
    scf::ForOp::create(b, loc, zero, length, one, ValueRange{},
                       [&](OpBuilder &b, Location loc, Value k, ValueRange) {
                         Value e =
                             memref::LoadOp::create(b, loc, output, indices(k));
                         Value y =
                             arith::DivFOp::create(b, loc, e, sum.getResult(0));
                         memref::StoreOp::create(b, loc, y, output, indices(k));
                         scf::YieldOp::create(b, loc);
                       });
  };
  if (lbs.empty())
    body(rewriter, loc, ValueRange{});
  else
    scf::ParallelOp::create(
        rewriter, loc, lbs, ubs, steps,
        [&](OpBuilder &b, Location loc, ValueRange ivs) { body(b, loc, ivs); });
  rewriter.eraseOp(op);
}

namespace {
struct OffloadDecomposeLinalgPass
    : public offload::impl::OffloadDecomposeLinalgBase<
          OffloadDecomposeLinalgPass> {
  void runOnOperation() override {
    SmallVector<linalg::SoftmaxOp> ops;
    getOperation()->walk([&](linalg::SoftmaxOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    // linalg.pack and linalg.unpack on tensors (data layout changes of
    // tiled ML kernels): pad, expand_shape and transpose; transpose,
    // collapse_shape and extract_slice.
    SmallVector<Operation *> packs;
    getOperation()->walk([&](Operation *op) {
      if (isa<linalg::PackOp, linalg::UnPackOp>(op))
        packs.push_back(op);
    });
    for (Operation *op : packs) {
      rewriter.setInsertionPoint(op);
      auto dest = cast<DestinationStyleOpInterface>(op);
      if (!dest.hasPureTensorSemantics()) {
        op->emitOpError("is supported on tensors only; give it tensors");
        return signalPassFailure();
      }
      bool lowered =
          isa<linalg::PackOp>(op)
              ? succeeded(linalg::lowerPack(rewriter, cast<linalg::PackOp>(op)))
              : succeeded(
                    linalg::lowerUnPack(rewriter, cast<linalg::UnPackOp>(op)));
      if (!lowered) {
        op->emitOpError("could not be rewritten into pad, reshape and "
                        "transpose ops (tiles of a size known only at run "
                        "time are not supported); give its inner tiles "
                        "constant sizes");
        return signalPassFailure();
      }
    }
    for (linalg::SoftmaxOp op : ops) {
      rewriter.setInsertionPoint(op);
      if (op.hasPureTensorSemantics()) {
        FailureOr<SmallVector<Value>> results = op.decomposeOperation(rewriter);
        if (failed(results)) {
          op.emitOpError("could not be decomposed into linalg.generic ops");
          return signalPassFailure();
        }
        rewriter.replaceOp(op, *results);
        continue;
      }
      if (!op.hasPureBufferSemantics() ||
          !isa<MemRefType>(op.getInput().getType()) ||
          !isa<MemRefType>(op.getOutput().getType())) {
        op.emitOpError("mixes tensors and memrefs; give it either");
        return signalPassFailure();
      }
      if (op->getParentOfType<KernelOp>())
        decomposeInKernel(rewriter, op);
      else
        decomposeOnMemRefs(rewriter, op);
    }
  }
};
} // namespace
