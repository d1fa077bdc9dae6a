//===- LegalizeCallSites.cpp - offload-legalize-call-sites ------*- C++ -*-===//
//
// Works around LLVM 22's ensure-debug-info-scope-on-llvm-func crashing on
// call-site locations outside functions: see the pass description in
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLEGALIZECALLSITES
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// `loc` with each call site replaced by the location it calls.
static Location dropCallSites(Location loc) {
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return dropCallSites(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    SmallVector<Location> parts;
    for (Location part : fused.getLocations())
      parts.push_back(dropCallSites(part));
    return FusedLoc::get(loc->getContext(), parts, fused.getMetadata());
  }
  if (auto name = dyn_cast<NameLoc>(loc))
    return NameLoc::get(name.getName(), dropCallSites(name.getChildLoc()));
  return loc;
}

namespace {
struct OffloadLegalizeCallSitesPass
    : public offload::impl::OffloadLegalizeCallSitesBase<
          OffloadLegalizeCallSitesPass> {
  void runOnOperation() override {
    getOperation().walk<WalkOrder::PreOrder>([](Operation *op) {
      if (isa<LLVM::LLVMFuncOp>(op))
        return WalkResult::skip();
      op->setLoc(dropCallSites(op->getLoc()));
      return WalkResult::advance();
    });
  }
};
} // namespace
