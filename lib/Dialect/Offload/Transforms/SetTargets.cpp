//===- SetTargets.cpp - offload-set-targets ---------------------*- C++ -*-===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADSETTARGETS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadSetTargetsPass
    : public offload::impl::OffloadSetTargetsBase<OffloadSetTargetsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef name = OffloadDialect::getTargetsAttrName();
    FailureOr<ArrayAttr> list = parseTargetList(
        &getContext(), targets, [&] { return module.emitError(); });
    if (failed(list))
      return signalPassFailure();
    if (!list->empty())
      module->setAttr(name, *list);
    else if (!module->hasAttr(name))
      module->setAttr(name, ArrayAttr::get(&getContext(),
                                           {HostTargetAttr::get(&getContext())}));
    // Chips and features the backends do not know fail here, before
    // anything is lowered for them.
    bool failed = false;
    if (auto effective = module->getAttrOfType<ArrayAttr>(name))
      for (Attribute target : effective)
        if (auto iface = dyn_cast<TargetAttrInterface>(target))
          failed |= mlir::failed(iface.verifyTarget(module));
    if (failed)
      signalPassFailure();
  }
};
} // namespace
