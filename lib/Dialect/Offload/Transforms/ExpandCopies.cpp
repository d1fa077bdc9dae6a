//===- ExpandCopies.cpp - offload-expand-copies -----------------*- C++ -*-===//
//
// memref.copy between views that are not contiguous as loop nests: the LLVM
// lowering of such a copy calls `memrefCopy` from MLIR's C runner utilities,
// which neither the programs offload builds nor the device code link.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Loops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEXPANDCOPIES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Whether the LLVM lowering copies a buffer of type `type` with one memcpy
/// (the condition of upstream's memref.copy lowering).
static bool isCopiedWhole(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && (memref.getLayout().isIdentity() ||
                    memref::isStaticShapeAndContiguousRowMajor(memref));
}

namespace {
struct OffloadExpandCopiesPass
    : public offload::impl::OffloadExpandCopiesBase<OffloadExpandCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!isCopiedWhole(copy.getSource().getType()) ||
          !isCopiedWhole(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      // Unranked memrefs have no loop nest: their copy stays (and needs
      // the runtime library).
      if (!isa<MemRefType>(copy.getSource().getType()) ||
          !isa<MemRefType>(copy.getTarget().getType()))
        continue;
      OpBuilder b(copy);
      buildElementwiseCopy(b, copy.getLoc(), copy.getSource(),
                           copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
