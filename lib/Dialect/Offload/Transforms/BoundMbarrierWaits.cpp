//===- BoundMbarrierWaits.cpp - mbarrier waits that give up -----*- C++ -*-===//
//
// offload-bound-mbarrier-waits: in a gpu.module that carries
// offload.bounded_waits (a debug build), every nvvm.mbarrier.try_wait.parity
// (a loop until the phase completes) becomes a loop bounded by the GPU's
// global timer; a wait that runs out prints the kernel, block and thread and
// traps, so that the launch fails naming the kernel instead of hanging.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADBOUNDMBARRIERWAITS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The bound of `attr` (offload.bounded_waits) in milliseconds.
static int64_t getLimitMs(Attribute attr) {
  if (auto limit = dyn_cast<IntegerAttr>(attr))
    return limit.getValue().getSExtValue();
  return 10000;
}

/// Replaces `wait` by a bounded wait, reporting and trapping when it runs
/// out after `limitMs`.
static void boundWait(NVVM::MBarrierTryWaitParityOp wait, int64_t limitMs,
                      StringRef kernel) {
  OpBuilder b(wait);
  Location loc = wait.getLoc();
  Type i32 = b.getI32Type();
  bool shared = cast<LLVM::LLVMPointerType>(wait.getAddr().getType())
                    .getAddressSpace() ==
                static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared);
  // $0: 1 when the phase completed, 0 when the time ran out. ${:uid} makes
  // the labels of each copy of the assembly unique.
  std::string text =
      "{\n.reg .pred p;\n.reg .u64 t0, t1;\nmov.u64 t0, %globaltimer;\n"
      "W${:uid}:\nmbarrier.try_wait.parity" +
      std::string(shared ? ".shared" : "") +
      ".b64 p, [$1], $2, $3;\n@p bra D${:uid};\n"
      "mov.u64 t1, %globaltimer;\nsub.u64 t1, t1, t0;\n"
      "setp.lt.u64 p, t1, " +
      std::to_string(limitMs * 1000000) +
      ";\n@p bra W${:uid};\nD${:uid}:\nselp.u32 $0, 1, 0, p;\n}\n";
  std::string constraints = std::string("=r,") + (shared ? "r" : "l") + ",r,r";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, i32, ValueRange{wait.getAddr(), wait.getPhase(), wait.getTicks()},
      text, constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  Value failed = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, asmOp.getResult(0),
      arith::ConstantIntOp::create(b, loc, i32, 0));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, failed,
                                /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  auto id = [&](Value index) {
    return arith::IndexCastOp::create(b, loc, i32, index).getResult();
  };
  SmallVector<Value> args;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    args.push_back(id(gpu::BlockIdOp::create(b, loc, dim)));
  args.push_back(id(gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x)));
  std::string format = ("offload: kernel @" + kernel +
                        ": an mbarrier wait did not complete within " +
                        std::to_string(limitMs) +
                        " ms (block (%u, %u, %u), thread %u): stopping the "
                        "kernel\n")
                           .str();
  gpu::PrintfOp::create(b, loc, b.getStringAttr(format), args);
  LLVM::Trap::create(b, loc);
  wait.erase();
}

namespace {
struct OffloadBoundMbarrierWaitsPass
    : public offload::impl::OffloadBoundMbarrierWaitsBase<
          OffloadBoundMbarrierWaitsPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    Attribute attr =
        module->getAttr(OffloadDialect::getBoundedWaitsAttrName());
    if (!attr)
      return;
    int64_t limitMs = getLimitMs(attr);
    SmallVector<NVVM::MBarrierTryWaitParityOp> waits;
    module.walk([&](NVVM::MBarrierTryWaitParityOp wait) {
      waits.push_back(wait);
    });
    for (NVVM::MBarrierTryWaitParityOp wait : waits) {
      StringRef kernel = "?";
      if (auto func = wait->getParentOfType<FunctionOpInterface>())
        kernel = func.getName();
      boundWait(wait, limitMs, kernel);
    }
  }
};
} // namespace
