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

/// Parses one `kind[:chip[:format]]` target description.
static FailureOr<Attribute> parseTarget(ModuleOp module, StringRef text) {
  MLIRContext *ctx = module.getContext();
  SmallVector<StringRef> parts;
  text.trim().split(parts, ':');
  StringRef kind = parts[0];
  auto diag = [&]() { return emitError(module.getLoc()); };
  if (kind == "host") {
    if (parts.size() != 1) {
      diag() << "target 'host' takes no options, got '" << text << "'";
      return failure();
    }
    return Attribute(HostTargetAttr::get(ctx));
  }
  if (kind == "nvptx") {
    if (parts.size() > 3) {
      diag() << "expected nvptx[:chip[:format]], got '" << text << "'";
      return failure();
    }
    StringRef chip = parts.size() > 1 ? parts[1] : "sm_90";
    StringRef format = parts.size() > 2 ? parts[2] : "auto";
    Attribute attr =
        NVPTXTargetAttr::getChecked(diag, ctx, chip, StringRef(), format);
    if (!attr)
      return failure();
    return attr;
  }
  if (kind == "amdgpu") {
    if (parts.size() > 2) {
      diag() << "expected amdgpu[:chip], got '" << text << "'";
      return failure();
    }
    StringRef chip = parts.size() > 1 ? parts[1] : "gfx942";
    Attribute attr = AMDGPUTargetAttr::getChecked(diag, ctx, chip, StringRef());
    if (!attr)
      return failure();
    return attr;
  }
  {
    diag() << "unknown offload target '" << kind
           << "' (expected nvptx, amdgpu or host)";
    return failure();
  }
}

namespace {
struct OffloadSetTargetsPass
    : public offload::impl::OffloadSetTargetsBase<OffloadSetTargetsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef name = OffloadDialect::getTargetsAttrName();
    if (StringRef(targets).trim().empty()) {
      if (!module->hasAttr(name))
        module->setAttr(name,
                        ArrayAttr::get(&getContext(),
                                       {HostTargetAttr::get(&getContext())}));
      return;
    }
    SmallVector<Attribute> list;
    SmallVector<StringRef> items;
    StringRef(targets).split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef item : items) {
      FailureOr<Attribute> target = parseTarget(module, item);
      if (failed(target))
        return signalPassFailure();
      if (llvm::is_contained(list, *target)) {
        module.emitError() << "target '" << item.trim() << "' listed twice";
        return signalPassFailure();
      }
      list.push_back(*target);
    }
    module->setAttr(name, ArrayAttr::get(&getContext(), list));
  }
};
} // namespace
