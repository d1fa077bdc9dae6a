//===- Loops.cpp - loop nests over a buffer's elements ----------*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/Loops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

SmallVector<Value> mlir::offload::buildLoopNest(OpBuilder &b, Location loc,
                                                Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> ivs;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    Value size = memref::DimOp::create(b, loc, buffer, dim);
    auto loop = scf::ForOp::create(b, loc, zero, size, one);
    b.setInsertionPointToStart(loop.getBody());
    ivs.push_back(loop.getInductionVar());
  }
  return ivs;
}

void mlir::offload::buildElementwiseCopy(OpBuilder &b, Location loc, Value src,
                                         Value dst) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> ivs = buildLoopNest(b, loc, src);
  Value value = memref::LoadOp::create(b, loc, src, ivs);
  memref::StoreOp::create(b, loc, value, dst, ivs);
}
