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
