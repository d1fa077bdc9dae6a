//===- KernelABI.cpp - How kernel arguments cross the runtime ---*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// The dynamic parts of a memref type that travel as parameters.
struct DynamicLayout {
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  SmallVector<unsigned> dynamicSizes;   // dimensions with a dynamic size
  SmallVector<unsigned> dynamicStrides; // dimensions with a dynamic stride
};
} // namespace

static DynamicLayout getDynamicLayout(MemRefType type) {
  DynamicLayout layout;
  // Kernel argument types are verified to be strided.
  (void)type.getStridesAndOffset(layout.strides, layout.offset);
  for (unsigned dim = 0, rank = type.getRank(); dim < rank; ++dim) {
    if (type.isDynamicDim(dim))
      layout.dynamicSizes.push_back(dim);
    if (ShapedType::isDynamic(layout.strides[dim]))
      layout.dynamicStrides.push_back(dim);
  }
  return layout;
}

unsigned mlir::offload::getNumLoweredParams(Type type) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    unsigned count = 0;
    for (Type member : tuple.getTypes())
      count += getNumLoweredParams(member);
    return count;
  }
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return 1;
  DynamicLayout layout = getDynamicLayout(memref);
  return 1 + layout.dynamicSizes.size() + layout.dynamicStrides.size();
}

SmallVector<Type>
mlir::offload::getLoweredKernelParamTypes(MLIRContext *ctx,
                                          TypeRange argTypes) {
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  SmallVector<Type> params = {ptr};
  SmallVector<Type> flat;
  for (Type type : argTypes) {
    if (auto tuple = dyn_cast<TupleType>(type))
      llvm::append_range(flat, tuple.getTypes());
    else
      flat.push_back(type);
  }
  for (Type type : flat) {
    if (!isa<MemRefType>(type)) {
      params.push_back(i64);
      continue;
    }
    params.push_back(ptr);
    params.append(getNumLoweredParams(type) - 1, i64);
  }
  return params;
}

unsigned mlir::offload::getElementSizeInBytes(Type elementType) {
  if (isa<IndexType>(elementType))
    return 8;
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getElementSizeInBytes(complex.getElementType());
  if (auto vector = dyn_cast<VectorType>(elementType))
    return vector.getNumElements() *
           getElementSizeInBytes(vector.getElementType());
  return llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
}

//===----------------------------------------------------------------------===//
// Host side
//===----------------------------------------------------------------------===//

static Value toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

/// The bits of a scalar, zero-extended to i64.
static Value packScalar(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IndexType>(type))
    return toI64(b, loc, value);
  unsigned width = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, b.getIntegerType(width), value);
  if (width < 64)
    value = arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
  return value;
}

/// Whether `stride` (a value of a strided layout's metadata) may be
/// negative: not a constant, or a negative one.
static bool mayBeNegative(Value stride) {
  std::optional<int64_t> value = getConstantIntValue(stride);
  return !value || *value < 0;
}

Value mlir::offload::getLowestElementPointer(OpBuilder &b, Location loc,
                                             Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t offset;
  SmallVector<int64_t> strides;
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      llvm::all_of(strides, [](int64_t stride) {
        return !ShapedType::isDynamic(stride) && stride >= 0;
      }))
    return getFirstElementPointer(b, loc, memref);
  // The first element plus, per dimension of negative stride, (size - 1) *
  // stride elements (none when a size is 0).
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value down = zero;
  for (auto [size, stride] :
       llvm::zip(metadata.getSizes(), metadata.getStrides())) {
    Value last = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, one), zero);
    Value reach = arith::MulIOp::create(b, loc, last, stride);
    down = arith::AddIOp::create(b, loc, down,
                                 arith::MinSIOp::create(b, loc, reach, zero));
  }
  Value eltBytes = arith::ConstantIndexOp::create(
      b, loc, getElementSizeInBytes(type.getElementType()));
  Value first = LLVM::PtrToIntOp::create(
      b, loc, b.getI64Type(), getFirstElementPointer(b, loc, memref));
  Value lowest = LLVM::AddOp::create(
      b, loc, first,
      toI64(b, loc, arith::MulIOp::create(b, loc, down, eltBytes)));
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), lowest);
}

Value mlir::offload::getFirstElementPointer(OpBuilder &b, Location loc,
                                            Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value aligned =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value eltBytes = arith::ConstantIndexOp::create(
      b, loc, getElementSizeInBytes(type.getElementType()));
  Value byteOffset =
      arith::MulIOp::create(b, loc, metadata.getOffset(), eltBytes);
  Value begin = arith::AddIOp::create(b, loc, aligned, byteOffset);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), toI64(b, loc, begin));
}

SmallVector<Value> mlir::offload::packKernelArgument(OpBuilder &b, Location loc,
                                                     Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type)
    return {packScalar(b, loc, value)};

  SmallVector<Value> packed = {getFirstElementPointer(b, loc, value)};
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, value);
  DynamicLayout layout = getDynamicLayout(type);
  for (unsigned dim : layout.dynamicSizes)
    packed.push_back(toI64(b, loc, metadata.getSizes()[dim]));
  for (unsigned dim : layout.dynamicStrides)
    packed.push_back(toI64(b, loc, metadata.getStrides()[dim]));
  return packed;
}

Value mlir::offload::getMappedSizeInBytes(OpBuilder &b, Location loc,
                                          Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // Elements from the first to the last one reachable, inclusive:
  // 1 + sum((size_d - 1) * stride_d), or 0 when any size is 0.
  // (A negative stride reaches below the first element: its reach counts
  // as much, getLowestElementPointer starting there.)
  Value span = one;
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (auto [size, stride] :
       llvm::zip(metadata.getSizes(), metadata.getStrides())) {
    Value last = arith::SubIOp::create(b, loc, size, one);
    Value reach = arith::MulIOp::create(b, loc, last, stride);
    if (mayBeNegative(stride))
      reach = arith::MaxSIOp::create(
          b, loc, reach, arith::SubIOp::create(b, loc, zero, reach));
    span = arith::AddIOp::create(b, loc, span, reach);
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero));
  }
  span = arith::SelectOp::create(b, loc, empty, zero, span);
  Value eltBytes = arith::ConstantIndexOp::create(
      b, loc, getElementSizeInBytes(type.getElementType()));
  return toI64(b, loc, arith::MulIOp::create(b, loc, span, eltBytes));
}

//===----------------------------------------------------------------------===//
// Device side
//===----------------------------------------------------------------------===//

static Value unpackScalar(OpBuilder &b, Location loc, Type type, Value param) {
  if (isa<IndexType>(type))
    return arith::IndexCastOp::create(b, loc, type, param);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 64)
    param = arith::TruncIOp::create(b, loc, b.getIntegerType(width), param);
  if (isa<FloatType>(type))
    param = arith::BitcastOp::create(b, loc, type, param);
  return param;
}

Value mlir::offload::unpackKernelArgument(OpBuilder &b, Location loc, Type type,
                                          ValueRange params) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return unpackScalar(b, loc, type, params.front());

  MLIRContext *ctx = b.getContext();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i64 = b.getI64Type();
  int64_t rank = memref.getRank();
  // The descriptor the LLVM lowering of memrefs uses (64-bit index).
  SmallVector<Type> fields = {ptrType, ptrType, i64};
  if (rank > 0) {
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
  }
  auto descType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  DynamicLayout layout = getDynamicLayout(memref);

  auto constant = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  // The parameter points at the first element. A static non-zero offset
  // stays in the type, so step the aligned pointer back by it; a dynamic
  // offset becomes 0.
  Value aligned = params[0];
  int64_t offset = ShapedType::isDynamic(layout.offset) ? 0 : layout.offset;
  if (offset != 0) {
    Value bytes = constant(
        -offset * int64_t(getElementSizeInBytes(memref.getElementType())));
    aligned = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), aligned,
                                  ArrayRef<LLVM::GEPArg>{bytes});
  }
  Value desc = LLVM::PoisonOp::create(b, loc, descType);
  desc =
      LLVM::InsertValueOp::create(b, loc, desc, aligned, ArrayRef<int64_t>{0});
  desc =
      LLVM::InsertValueOp::create(b, loc, desc, aligned, ArrayRef<int64_t>{1});
  desc = LLVM::InsertValueOp::create(b, loc, desc, constant(offset),
                                     ArrayRef<int64_t>{2});
  unsigned next = 1;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value size = memref.isDynamicDim(dim) ? params[next++]
                                          : constant(memref.getDimSize(dim));
    desc = LLVM::InsertValueOp::create(b, loc, desc, size,
                                       ArrayRef<int64_t>{3, dim});
  }
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t stride = layout.strides[dim];
    Value value =
        ShapedType::isDynamic(stride) ? params[next++] : constant(stride);
    desc = LLVM::InsertValueOp::create(b, loc, desc, value,
                                       ArrayRef<int64_t>{4, dim});
  }
  return UnrealizedConversionCastOp::create(b, loc, type, desc).getResult(0);
}
