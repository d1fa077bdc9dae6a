//===- OffloadDialect.cpp - offload dialect ---------------------*- C++ -*-===//
//
// Dialect registration, attributes and the verifier of the module attributes
// the dialect owns (`offload.targets`, `offload.entry`).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::offload;

#include "offload/Dialect/Offload/IR/OffloadOpsDialect.cpp.inc"

#include "offload/Dialect/Offload/IR/OffloadEnums.cpp.inc"

#include "offload/Dialect/Offload/IR/OffloadAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "offload/Dialect/Offload/IR/OffloadAttrs.cpp.inc"

void OffloadDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "offload/Dialect/Offload/IR/OffloadOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "offload/Dialect/Offload/IR/OffloadAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Target attributes
//===----------------------------------------------------------------------===//

/// True when `chip` is `prefix` followed by at least one character of
/// `allowed` and nothing else.
static bool isChipName(StringRef chip, StringRef prefix, StringRef allowed) {
  return chip.consume_front(prefix) && !chip.empty() &&
         chip.find_first_not_of(allowed) == StringRef::npos;
}

LogicalResult
NVPTXTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        StringRef chip, StringRef features, StringRef format) {
  // sm_90, sm_90a, sm_100f ...
  if (!isChipName(chip.rtrim("af"), "sm_", "0123456789"))
    return emitError() << "NVPTX chip must look like 'sm_90', got '" << chip
                       << "'";
  if (format != "auto" && format != "cubin" && format != "bitcode")
    return emitError() << "NVPTX image format must be 'auto', 'cubin' or "
                          "'bitcode', got '"
                       << format << "'";
  return success();
}

LogicalResult
AMDGPUTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef chip, StringRef features) {
  if (!isChipName(chip, "gfx", "0123456789abcdef"))
    return emitError() << "AMDGPU chip must look like 'gfx942', got '" << chip
                       << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect attributes on other operations
//===----------------------------------------------------------------------===//

LogicalResult OffloadDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  if (attr.getName() == getTargetsAttrName()) {
    if (!isa<ModuleOp>(op))
      return op->emitError()
             << "'" << getTargetsAttrName() << "' belongs on a builtin.module";
    auto targets = dyn_cast<ArrayAttr>(attr.getValue());
    if (!targets)
      return op->emitError() << "'" << getTargetsAttrName()
                             << "' must be an array of target attributes "
                                "(#offload.nvptx, #offload.amdgpu, "
                                "#offload.host)";
    llvm::DenseSet<Attribute> seen;
    for (Attribute target : targets) {
      if (!isa<NVPTXTargetAttr, AMDGPUTargetAttr, HostTargetAttr>(target))
        return op->emitError()
               << "'" << getTargetsAttrName() << "' lists " << target
               << ", which is not an offload target (#offload.nvptx, "
                  "#offload.amdgpu, #offload.host)";
      if (!seen.insert(target).second)
        return op->emitError() << "'" << getTargetsAttrName() << "' lists "
                               << target << " twice";
    }
    return success();
  }
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<NVPTXTargetAttr, AMDGPUTargetAttr, HostTargetAttr>(
            attr.getValue()))
      return op->emitError() << "'" << getTargetAttrName()
                             << "' must be an offload target attribute";
    return success();
  }
  if (attr.getName() == getEntryAttrName()) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "'" << getEntryAttrName()
                             << "' must be the kernel's symbol name (a string)";
    return success();
  }
  return op->emitError() << "unknown offload dialect attribute '"
                         << attr.getName() << "'";
}
