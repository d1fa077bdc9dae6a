//===- PrivateAllocas.cpp - offload-private-allocas -------------*- C++ -*-===//
//
// Stack buffers of device code in GPU private memory, cast back to the
// default memory space for their users: AMDGPU allocates its stack in
// address space 5 only.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADPRIVATEALLOCAS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadPrivateAllocasPass
    : public offload::impl::OffloadPrivateAllocasBase<
          OffloadPrivateAllocasPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::AllocaOp> allocas;
    getOperation()->walk([&](memref::AllocaOp alloca) {
      if (!alloca.getType().getMemorySpace())
        allocas.push_back(alloca);
    });
    auto privateSpace = gpu::AddressSpaceAttr::get(
        &getContext(), gpu::GPUDialect::getPrivateAddressSpace());
    for (memref::AllocaOp alloca : allocas) {
      MemRefType type = alloca.getType();
      auto privateType =
          MemRefType::get(type.getShape(), type.getElementType(),
                          type.getLayout(), privateSpace);
      OpBuilder b(alloca);
      auto allocated = memref::AllocaOp::create(
          b, alloca.getLoc(), privateType, alloca.getDynamicSizes(),
          alloca.getSymbolOperands(), alloca.getAlignmentAttr());
      Value cast = memref::MemorySpaceCastOp::create(b, alloca.getLoc(), type,
                                                     allocated);
      alloca.replaceAllUsesWith(cast);
      alloca.erase();
    }
  }
};
} // namespace
