//===- LowerMath.cpp - offload-lower-math -----------------------*- C++ -*-===//
//
// The math ops each target's LLVM lowering leaves, rewritten with upstream's
// expansions, polynomial approximations and library-call patterns into ops
// it lowers; what is still left is reported at the op.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERMATH
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Rewrites upstream has no pattern for in MLIR 22
//===----------------------------------------------------------------------===//

/// `value` as a constant of a float type or of a shaped type of floats.
static Value floatConstant(PatternRewriter &rewriter, Location loc, Type type,
                           const llvm::APFloat &value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr = rewriter.getFloatAttr(element, value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = DenseElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(rewriter, loc, type, attr);
}

/// The greedy driver's settings for the math rewrites: only the math ops
/// change. Folding and region simplification would also rewrite the host
/// code around the launches (a cast of a cast folded to its source, a block
/// argument replaced by the value a branch passes), so that two arguments
/// of a launch become one value with two map clauses.
static GreedyRewriteConfig getConfig() {
  return GreedyRewriteConfig()
      .enableFolding(false)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
}

namespace {

/// isinf(x): |x| == +inf.
struct IsInfToCompare : public OpRewritePattern<math::IsInfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IsInfOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getOperand().getType();
    auto semantics =
        &cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
    Value abs = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value inf =
        floatConstant(rewriter, loc, type, llvm::APFloat::getInf(*semantics));
    rewriter.replaceOpWithNewOp<arith::CmpFOp>(op, arith::CmpFPredicate::OEQ,
                                               abs, inf);
    return success();
  }
};

/// isnormal(x): smallest normal <= |x| <= largest finite (false for NaN).
struct IsNormalToCompare : public OpRewritePattern<math::IsNormalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IsNormalOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getOperand().getType();
    auto semantics =
        &cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
    Value abs = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value smallest = floatConstant(
        rewriter, loc, type, llvm::APFloat::getSmallestNormalized(*semantics));
    Value largest = floatConstant(rewriter, loc, type,
                                  llvm::APFloat::getLargest(*semantics));
    Value aboveSmallest = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGE, abs, smallest);
    Value belowLargest = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLE, abs, largest);
    rewriter.replaceOpWithNewOp<arith::AndIOp>(op, aboveSmallest, belowLargest);
    return success();
  }
};

/// fma on a type the target computes in f32 (upstream's extension leaves
/// fma alone): in f32, then rounded.
struct ExtendFma : public OpRewritePattern<math::FmaOp> {
  ExtendFma(MLIRContext *ctx, bool extendF16)
      : OpRewritePattern<math::FmaOp>(ctx), extendF16(extendF16) {}
  LogicalResult matchAndRewrite(math::FmaOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isBF16() && !(extendF16 && element.isF16()))
      return rewriter.notifyMatchFailure(op, "a type the target has");
    Type f32 = rewriter.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(type))
      f32 = shaped.clone(f32);
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(
          arith::ExtFOp::create(rewriter, op.getLoc(), f32, operand));
    Value fma = math::FmaOp::create(rewriter, op.getLoc(), operands[0],
                                    operands[1], operands[2], op.getFastmath());
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, fma);
    return success();
  }
  bool extendF16;
};

/// sincos as separate sin and cos, which the approximations handle.
struct SplitSincos : public OpRewritePattern<math::SincosOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::SincosOp op,
                                PatternRewriter &rewriter) const override {
    Value sin = math::SinOp::create(rewriter, op.getLoc(), op.getOperand(),
                                    op.getFastmath());
    Value cos = math::CosOp::create(rewriter, op.getLoc(), op.getOperand(),
                                    op.getFastmath());
    rewriter.replaceOp(op, {sin, cos});
    return success();
  }
};

/// log10(x) as log2(x) * log10(2): the approximations have log2 but no
/// log10.
struct Log10ToLog2 : public OpRewritePattern<math::Log10Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Log10Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "approximated in f32 only");
    Value log2 =
        math::Log2Op::create(rewriter, loc, op.getOperand(), op.getFastmath());
    Value scale = floatConstant(rewriter, loc, type,
                                llvm::APFloat(0.30102999566398119521f));
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, log2, scale,
                                               op.getFastmath());
    return success();
  }
};

/// powf of a negative base, which upstream's expansion (exp(y * log(x)))
/// makes NaN: the power of |x|, negated for x < 0 and an odd integral y,
/// NaN for x < 0 and a y that is not integral, as libm and libdevice give.
struct PowFNegativeBase : public OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getLhs(), y = op.getRhs();
    if (x.getDefiningOp<math::AbsFOp>())
      return rewriter.notifyMatchFailure(op, "base already non-negative");
    Location loc = op.getLoc();
    Type type = op.getType();
    auto constant = [&](double value) {
      llvm::APFloat v(value);
      bool lossy;
      v.convert(cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &lossy);
      return floatConstant(rewriter, loc, type, v);
    };
    Value abs = math::AbsFOp::create(rewriter, loc, x);
    Value power = math::PowFOp::create(rewriter, loc, abs, y, op.getFastmath());
    // y integral: trunc(y) == y; odd: trunc(y / 2) * 2 != y.
    Value integral =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ,
                              math::TruncOp::create(rewriter, loc, y), y);
    Value halfY = arith::MulFOp::create(rewriter, loc, y, constant(0.5));
    Value evenPart = arith::MulFOp::create(
        rewriter, loc, math::TruncOp::create(rewriter, loc, halfY),
        constant(2.0));
    Value odd = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::ONE,
                                      evenPart, y);
    Value negated = arith::NegFOp::create(rewriter, loc, power);
    Value ofNegative = arith::SelectOp::create(
        rewriter, loc, integral,
        arith::SelectOp::create(rewriter, loc, odd, negated, power),
        constant(std::nan("")));
    Value isNegative = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, x, constant(0.0));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNegative, ofNegative,
                                                 power);
    return success();
  }
};

/// A math op on f32 or f64 as a call of an LLVM intrinsic, for operations
/// NVPTX has instructions for but that convert-gpu-to-nvvm would turn into
/// libdevice calls (and whose LLVM ops, llvm.intr.sqrt and others, it
/// marks illegal).
template <typename OpTy>
struct MathToIntrinsicCall : public OpRewritePattern<OpTy> {
  MathToIntrinsicCall(MLIRContext *ctx, StringRef intrinsic)
      : OpRewritePattern<OpTy>(ctx), intrinsic(intrinsic) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<FloatType>(type))
      return rewriter.notifyMatchFailure(op, "scalars only");
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, type, rewriter.getStringAttr(intrinsic), op->getOperands());
    return success();
  }
  std::string intrinsic;
};
} // namespace

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
enum class Library { Portable, Libm, Libdevice, Ocml, None };

/// Why an op that is still there after the rewrites cannot be lowered.
static StringRef describe(Library library) {
  switch (library) {
  case Library::Portable:
    return "any target";
  case Library::Libm:
    return "the host (libm)";
  case Library::Libdevice:
    return "NVPTX (libdevice)";
  case Library::Ocml:
    return "AMDGPU (ocml)";
  case Library::None:
    return "NVPTX without CUDA's libdevice (not found: set OFFLOAD_LIBDEVICE "
           "to libdevice.10.bc, or CUDA_HOME to a CUDA toolkit)";
  }
  llvm_unreachable("unknown library");
}

/// Whether the target's own lowering handles `op` once this pass is done.
static bool isLoweredLater(Operation *op, Library library) {
  if (library == Library::Portable)
    return true;
  if (isa<math::ClampFOp, math::IPowIOp, math::IsInfOp, math::IsNormalOp>(op))
    return false;
  switch (library) {
  case Library::Portable:
    return true;
  case Library::Libm:
    // convert-to-llvm has no pattern for these (or, for expm1 and log1p,
    // only exp(x) - 1 and log(1 + x), which lose the small values), and
    // llvm.powi would need compiler-rt's __powisf2 in host images.
    return !isa<math::AcoshOp, math::AsinhOp, math::AtanhOp, math::CbrtOp,
                math::ErfOp, math::ErfcOp, math::ExpM1Op, math::Log1pOp,
                math::FPowIOp>(op);
  case Library::Libdevice:
  case Library::Ocml:
    return true;
  case Library::None:
    return false;
  }
  llvm_unreachable("unknown library");
}

struct OffloadLowerMathPass
    : public offload::impl::OffloadLowerMathBase<OffloadLowerMathPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Operation *root = getOperation();
    std::optional<Library> lib =
        llvm::StringSwitch<std::optional<Library>>(library)
            .Case("portable", Library::Portable)
            .Case("libm", Library::Libm)
            .Case("libdevice", Library::Libdevice)
            .Case("ocml", Library::Ocml)
            .Case("none", Library::None)
            .Default(std::nullopt);
    if (!lib) {
      root->emitError() << "offload-lower-math: unknown library '" << library
                        << "' (portable, libm, libdevice, ocml or none)";
      return signalPassFailure();
    }

    // 1. Expansions every target needs, before the f32 extension changes
    //    what is normal: clampf (upstream's), isinf and isnormal; fma in
    //    f32 where the other ops are (upstream's extension leaves it).
    {
      RewritePatternSet patterns(ctx);
      patterns.add<IsInfToCompare, IsNormalToCompare>(ctx);
      math::populateExpansionPatterns(patterns, {"clampf"});
      patterns.add<ExtendFma>(ctx, /*extendF16=*/*lib != Library::Libdevice &&
                                       *lib != Library::Ocml);
      if (failed(applyPatternsGreedily(root, std::move(patterns), getConfig())))
        return signalPassFailure();
    }

    // 2. Math on types the library has no functions for, in f32: bf16
    //    everywhere, f16 also on the host (x86-64 would call compiler-rt
    //    for its conversions), without libdevice and before
    //    convert-math-to-funcs (portable).
    {
      // The types the math library has (upstream calls them the source
      // types): the others are extended.
      SetVector<Type> supported;
      supported.insert(Float32Type::get(ctx));
      supported.insert(Float64Type::get(ctx));
      if (*lib == Library::Libdevice || *lib == Library::Ocml)
        supported.insert(Float16Type::get(ctx));
      TypeConverter converter;
      math::populateExtendToSupportedTypesTypeConverter(converter, supported,
                                                        Float32Type::get(ctx));
      ConversionTarget target(*ctx);
      math::populateExtendToSupportedTypesConversionTarget(target, converter);
      RewritePatternSet patterns(ctx);
      math::populateExtendToSupportedTypesPatterns(patterns, converter);
      if (failed(applyPartialConversion(root, target, std::move(patterns))))
        return signalPassFailure();
    }

    // 3. Without libdevice, the math dialect's expansions and f32
    //    polynomial approximations.
    if (*lib == Library::None) {
      RewritePatternSet patterns(ctx);
      patterns.add<SplitSincos, Log10ToLog2, PowFNegativeBase>(ctx);
      // Upstream's expansions into the functions the approximations have;
      // not ctlz, ceil and the roundings, which NVPTX has instructions for.
      math::populateExpansionPatterns(
          patterns, {"tan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                     "exp2", "powf", "fpowi", "rsqrt"});
      auto all = [](StringRef) { return true; };
      populateMathF32ExpansionPatterns(patterns, all);
      populateMathPolynomialApproximationPatterns(patterns, all);
      if (failed(applyPatternsGreedily(root, std::move(patterns), getConfig())))
        return signalPassFailure();
    }

    // 4. The library's calls, or LLVM intrinsics where the GPU lowering
    //    would call a library that is not there.
    if (*lib == Library::Libm) {
      RewritePatternSet patterns(ctx);
      populateMathToLibmConversionPatterns(patterns);
      ConversionTarget target(*ctx);
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      target.addIllegalOp<math::AcoshOp, math::AsinhOp, math::AtanhOp,
                          math::CbrtOp, math::ErfOp, math::ErfcOp,
                          math::ExpM1Op, math::Log1pOp>();
      if (failed(applyPartialConversion(root, target, std::move(patterns))))
        return signalPassFailure();
    }
    if (*lib == Library::Libdevice || *lib == Library::None) {
      RewritePatternSet patterns(ctx);
      LowerToLLVMOptions options(ctx);
      LLVMTypeConverter converter(ctx, options);
      populateMathToLLVMConversionPatterns(converter, patterns);
      ConversionTarget target(*ctx);
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      // Integer bit operations and trunc, which convert-gpu-to-nvvm leaves;
      // without libdevice also what it would call libdevice for although
      // NVPTX has the instruction.
      target.addIllegalOp<math::AbsIOp, math::CountLeadingZerosOp,
                          math::CountTrailingZerosOp, math::CtPopOp>();
      if (*lib == Library::Libdevice)
        target.addIllegalOp<math::TruncOp>();
      if (*lib == Library::None)
        target.addIllegalOp<math::IsNaNOp, math::IsFiniteOp>();
      if (failed(applyPartialConversion(root, target, std::move(patterns))))
        return signalPassFailure();
    }
    if (*lib == Library::Ocml) {
      // convert-gpu-to-rocdl has both these patterns and convert-to-llvm's,
      // which would turn acos into an llvm.acos the AMDGPU backend cannot
      // select: the ocml calls first. sincos as sin and cos, which ocml
      // has (the backend cannot select llvm.sincos on f64).
      {
        RewritePatternSet split(ctx);
        split.add<SplitSincos>(ctx);
        if (failed(applyPatternsGreedily(root, std::move(split), getConfig())))
          return signalPassFailure();
      }
      RewritePatternSet patterns(ctx);
      LowerToLLVMOptions options(ctx);
      LLVMTypeConverter converter(ctx, options);
      populateMathToROCDLConversionPatterns(converter, patterns, std::nullopt);
      ConversionTarget target(*ctx);
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      target.addDynamicallyLegalOp<
          math::AcosOp, math::AcoshOp, math::AsinOp, math::AsinhOp,
          math::AtanOp, math::Atan2Op, math::AtanhOp, math::CbrtOp,
          math::CeilOp, math::CosOp, math::CoshOp, math::ErfOp, math::ErfcOp,
          math::ExpOp, math::Exp2Op, math::ExpM1Op, math::FloorOp, math::LogOp,
          math::Log10Op, math::Log1pOp, math::Log2Op, math::PowFOp,
          math::RsqrtOp, math::SinOp, math::SinhOp, math::TanOp, math::TanhOp>(
          [](Operation *op) {
            Type type = op->getResult(0).getType();
            // f32 exp and log are instructions (convert-gpu-to-rocdl).
            if (type.isF32() && isa<math::ExpOp, math::LogOp>(op))
              return true;
            return !isa<Float16Type, Float32Type, Float64Type>(type);
          });
      if (failed(applyPartialConversion(root, target, std::move(patterns))))
        return signalPassFailure();
    }
    if (*lib == Library::None) {
      RewritePatternSet patterns(ctx);
      patterns.add<MathToIntrinsicCall<math::AbsFOp>>(ctx, "llvm.fabs");
      patterns.add<MathToIntrinsicCall<math::CeilOp>>(ctx, "llvm.ceil");
      patterns.add<MathToIntrinsicCall<math::FloorOp>>(ctx, "llvm.floor");
      patterns.add<MathToIntrinsicCall<math::SqrtOp>>(ctx, "llvm.sqrt");
      patterns.add<MathToIntrinsicCall<math::TruncOp>>(ctx, "llvm.trunc");
      patterns.add<MathToIntrinsicCall<math::RoundOp>>(ctx, "llvm.round");
      patterns.add<MathToIntrinsicCall<math::RoundEvenOp>>(ctx,
                                                           "llvm.roundeven");
      patterns.add<MathToIntrinsicCall<math::CopySignOp>>(ctx, "llvm.copysign");
      patterns.add<MathToIntrinsicCall<math::FmaOp>>(ctx, "llvm.fma");
      if (failed(applyPatternsGreedily(root, std::move(patterns), getConfig())))
        return signalPassFailure();
    }

    // 5. What is left and the target cannot lower, at the op.
    bool failed = false;
    root->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) || isLoweredLater(op, *lib))
        return;
      Type type = op->getNumOperands() ? op->getOperand(0).getType() : Type();
      op->emitOpError() << "on " << type << " cannot be lowered for "
                        << describe(*lib);
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
