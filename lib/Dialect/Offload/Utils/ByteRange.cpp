//===- ByteRange.cpp - the bytes a buffer covers, at run time ---*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/ByteRange.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::offload;

int64_t mlir::offload::getElementSize(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementSize(complex.getElementType());
  if (auto vector = dyn_cast<VectorType>(type);
      vector && vector.hasStaticShape())
    return vector.getNumElements() * getElementSize(vector.getElementType());
  return 0;
}

std::pair<Value, Value>
mlir::offload::buildByteRange(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t elementSize = getElementSize(type.getElementType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  auto base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  base->setAttr(OffloadDialect::getAddressQueryAttrName(), b.getUnitAttr());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value low = meta.getOffset(), high = meta.getOffset();
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size = meta.getSizes()[d], stride = meta.getStrides()[d];
    Value span = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, one), stride);
    low = arith::AddIOp::create(b, loc, low,
                                arith::MinSIOp::create(b, loc, span, zero));
    high = arith::AddIOp::create(b, loc, high,
                                 arith::MaxSIOp::create(b, loc, span, zero));
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, size, zero));
  }
  high = arith::AddIOp::create(b, loc, high, one);
  Value bytes = arith::ConstantIndexOp::create(b, loc, elementSize);
  Value begin = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, low, bytes));
  Value end = arith::AddIOp::create(b, loc, base,
                                    arith::MulIOp::create(b, loc, high, bytes));
  end = arith::SelectOp::create(b, loc, empty, begin, end);
  return {begin, end};
}

Value mlir::offload::buildOverlaps(OpBuilder &builder, Location loc, Value a,
                                   Value b) {
  auto [aBegin, aEnd] = buildByteRange(builder, loc, a);
  auto [bBegin, bEnd] = buildByteRange(builder, loc, b);
  // Both not empty, and each starts before the other ends.
  Value aFirst = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                       aBegin, bEnd);
  Value bFirst = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                       bBegin, aEnd);
  Value aSome = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      aBegin, aEnd);
  Value bSome = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      bBegin, bEnd);
  Value result = arith::AndIOp::create(builder, loc, aFirst, bFirst);
  result = arith::AndIOp::create(builder, loc, result, aSome);
  return arith::AndIOp::create(builder, loc, result, bSome);
}

Value mlir::offload::buildRowsInterleave(OpBuilder &b, Location loc,
                                         Value memref) {
  // (A cast has the elements of what it casts, whose type may say more.)
  while (auto cast = memref.getDefiningOp<memref::CastOp>())
    memref = cast.getSource();
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || type.getRank() == 0 || type.getLayout().isIdentity())
    return Value();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(type.getStridesAndOffset(strides, offset))) {
    // Known strides and sizes: the outermost stride against a row's span.
    std::optional<int64_t> span = 1;
    for (int64_t d = 1; d < type.getRank(); ++d) {
      if (ShapedType::isDynamic(strides[d]) || type.isDynamicDim(d) ||
          strides[d] < 0) {
        span.reset();
        break;
      }
      *span += std::max<int64_t>(type.getDimSize(d) - 1, 0) * strides[d];
    }
    if (span && !ShapedType::isDynamic(strides[0]) && strides[0] >= *span)
      return Value();
    if (span && !ShapedType::isDynamic(strides[0]) && !type.isDynamicDim(0) &&
        type.getDimSize(0) <= 1)
      return Value();
  }
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // A row's span, in elements; none when some dimension is empty.
  Value span = one;
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size = meta.getSizes()[d];
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, size, zero));
    if (d == 0)
      continue;
    Value stride = meta.getStrides()[d];
    Value extent = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, one),
        arith::MaxSIOp::create(
            b, loc, stride,
            arith::SubIOp::create(b, loc, zero, stride))); // |stride|
    span = arith::AddIOp::create(b, loc, span, extent);
  }
  Value rows = meta.getSizes()[0], stride = meta.getStrides()[0];
  Value several =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, rows, one);
  Value close =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, stride, span);
  Value result = arith::AndIOp::create(b, loc, several, close);
  return arith::AndIOp::create(
      b, loc, result,
      arith::XOrIOp::create(b, loc, empty,
                            arith::ConstantIntOp::create(b, loc, 1, 1)));
}
