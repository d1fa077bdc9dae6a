//===- OffloadDialect.cpp - offload dialect ---------------------*- C++ -*-===//
//
// Dialect registration, attributes and the verifier of the module attributes
// the dialect owns (`offload.targets`, `offload.entry`, `offload.host`).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// gfx942, gfx90a, gfx1100, and LLVM's generic targets such as gfx9-generic
/// or gfx9-4-generic.
static bool isAMDGPUChip(StringRef chip) {
  if (!chip.consume_front("gfx") || chip.empty())
    return false;
  auto isDigits = [](StringRef s) {
    return s.find_first_not_of("0123456789") == StringRef::npos;
  };
  if (chip.consume_back("-generic")) {
    auto [major, minor] = chip.split('-');
    return !major.empty() && isDigits(major) && isDigits(minor);
  }
  return chip.find_first_not_of("0123456789abcdef") == StringRef::npos;
}

LogicalResult
NVPTXTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        StringRef chip, StringRef features, StringRef format) {
  // sm_90, sm_90a, sm_100f: digits and at most one suffix letter.
  StringRef number = chip;
  if (number.ends_with("a") || number.ends_with("f"))
    number = number.drop_back();
  if (!isChipName(number, "sm_", "0123456789"))
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
  if (!isAMDGPUChip(chip))
    return emitError() << "AMDGPU chip must look like 'gfx942', got '" << chip
                       << "'";
  // Kernels are lowered for the chip's own wavefront size (64 lanes before
  // gfx10, 32 from gfx10 on): a feature that changes it would make their
  // reductions and shuffles wrong, or crash LLVM's backend on chips that
  // have one size only.
  SmallVector<StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    StringRef name = part.trim().drop_while([](char c) {
      return c == '+' || c == '-';
    });
    if (name.starts_with("wavefrontsize"))
      return emitError() << "AMDGPU feature '" << part.trim()
                         << "' is not supported: kernels use the wavefront "
                            "size of the chip ('"
                         << chip << "')";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Target lists
//===----------------------------------------------------------------------===//

/// Parses one `kind[:chip[:format]]` target description.
static FailureOr<Attribute>
parseTarget(MLIRContext *ctx, StringRef text,
            function_ref<InFlightDiagnostic()> diag) {
  SmallVector<StringRef> parts;
  text.trim().split(parts, ':');
  StringRef kind = parts[0];
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

FailureOr<ArrayAttr>
mlir::offload::parseTargetList(MLIRContext *ctx, StringRef text,
                               function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<StringRef> items;
  text.split(items, ',', -1, /*KeepEmpty=*/false);
  SmallVector<Attribute> list;
  for (StringRef item : items) {
    if (item.trim().empty())
      continue;
    FailureOr<Attribute> target = parseTarget(ctx, item, emitError);
    if (failed(target))
      return failure();
    if (llvm::is_contained(list, *target)) {
      emitError() << "target '" << item.trim() << "' listed twice";
      return failure();
    }
    list.push_back(*target);
  }
  return ArrayAttr::get(ctx, list);
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
    if (!isa<gpu::GPUModuleOp>(op))
      return op->emitError() << "'" << getTargetAttrName()
                             << "' belongs on a gpu.module";
    if (!isa<NVPTXTargetAttr, AMDGPUTargetAttr, HostTargetAttr>(
            attr.getValue()))
      return op->emitError() << "'" << getTargetAttrName()
                             << "' must be an offload target attribute";
    return success();
  }
  if (attr.getName() == getEntryAttrName()) {
    if (!isa<LLVM::GlobalOp>(op))
      return op->emitError() << "'" << getEntryAttrName()
                             << "' belongs on an llvm.mlir.global";
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "'" << getEntryAttrName()
                             << "' must be the kernel's symbol name (a string)";
    return success();
  }
  if (attr.getName() == getHostAttrName()) {
    // On the func.func it marks; the LLVM lowering carries it over to the
    // llvm.func.
    if (!isa<func::FuncOp, LLVM::LLVMFuncOp>(op))
      return op->emitError()
             << "'" << getHostAttrName() << "' belongs on a func.func";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getHostAttrName() << "' is a unit attribute";
    return success();
  }
  if (attr.getName() == getRuntimeStateAttrName()) {
    if (!isa<LLVM::GlobalOp>(op))
      return op->emitError() << "'" << getRuntimeStateAttrName()
                             << "' belongs on an llvm.mlir.global";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getRuntimeStateAttrName() << "' is a unit attribute";
    return success();
  }
  if (attr.getName() == getEqualDimsAttrName()) {
    auto kernel = dyn_cast<KernelOp>(op);
    if (!kernel)
      return op->emitError() << "'" << getEqualDimsAttrName()
                             << "' belongs on an offload.kernel";
    auto classes = dyn_cast<ArrayAttr>(attr.getValue());
    if (!classes)
      return op->emitError() << "'" << getEqualDimsAttrName()
                             << "' must be an array of i64 arrays";
    ArrayRef<Type> types = kernel.getArgumentTypes();
    for (Attribute members : classes) {
      auto pairs = dyn_cast<DenseI64ArrayAttr>(members);
      if (!pairs || pairs.size() < 4 || pairs.size() % 2)
        return op->emitError()
               << "'" << getEqualDimsAttrName()
               << "' must list i64 arrays of two or more (argument, "
                  "dimension) pairs";
      for (unsigned i = 0; i < pairs.size(); i += 2) {
        int64_t arg = pairs[i], dim = pairs[i + 1];
        auto type = arg >= 0 && arg < static_cast<int64_t>(types.size())
                        ? dyn_cast<MemRefType>(types[arg])
                        : MemRefType();
        if (!type || dim < 0 || dim >= type.getRank())
          return op->emitError()
                 << "'" << getEqualDimsAttrName() << "' names dimension "
                 << dim << " of argument " << arg
                 << ", which is not a dimension of a memref argument";
      }
    }
    return success();
  }
  if (attr.getName() == getAllowTF32AttrName()) {
    if (!isa<ModuleOp, func::FuncOp, KernelOp>(op) &&
        op->getName().getDialectNamespace() != "linalg")
      return op->emitError() << "'" << getAllowTF32AttrName()
                             << "' belongs on a builtin.module, a func.func, "
                                "an offload.kernel or a linalg op";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getAllowTF32AttrName() << "' is a unit attribute";
    return success();
  }
  if (attr.getName() == getBoundedWaitsAttrName()) {
    if (!isa<ModuleOp, gpu::GPUModuleOp>(op))
      return op->emitError() << "'" << getBoundedWaitsAttrName()
                             << "' belongs on a builtin.module or a "
                                "gpu.module";
    auto limit = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<UnitAttr>(attr.getValue()) &&
        (!limit || !limit.getType().isSignlessInteger() ||
         limit.getValue().getSExtValue() <= 0))
      return op->emitError()
             << "'" << getBoundedWaitsAttrName()
             << "' is a unit attribute or a positive integer (milliseconds)";
    return success();
  }
  if (attr.getName() == getAddressQueryAttrName()) {
    if (!isa<memref::ExtractAlignedPointerAsIndexOp>(op))
      return op->emitError()
             << "'" << getAddressQueryAttrName()
             << "' belongs on a memref.extract_aligned_pointer_as_index";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getAddressQueryAttrName() << "' is a unit attribute";
    return success();
  }
  return op->emitError() << "unknown offload dialect attribute '"
                         << attr.getName().getValue() << "'";
}
