//===- LegalizeCallSites.cpp - offload-legalize-call-sites ------*- C++ -*-===//
//
// Works around LLVM 22's ensure-debug-info-scope-on-llvm-func crashing on
// call-site locations outside functions: see the pass description in
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"
#include "offload/Dialect/Offload/Utils/Locations.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLEGALIZECALLSITES
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

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
