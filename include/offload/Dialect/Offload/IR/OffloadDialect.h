//===- OffloadDialect.h - offload dialect -----------------------*- C++ -*-===//
//
// The offload dialect, its attributes and the target interface.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADDIALECT_H
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADDIALECT_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Pass/PassManager.h"

#include "offload/Dialect/Offload/IR/OffloadOpsDialect.h.inc"

#include "offload/Dialect/Offload/IR/OffloadEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "offload/Dialect/Offload/IR/OffloadAttrs.h.inc"

#include "offload/Dialect/Offload/IR/OffloadAttrInterfaces.h.inc"

namespace mlir::offload {
/// Parses a comma-separated target list, `nvptx[:chip[:cubin|bitcode]]`,
/// `amdgpu[:chip]` and `host` (e.g. "nvptx:sm_90,host"), into target
/// attributes. An empty list gives an empty array.
FailureOr<ArrayAttr>
parseTargetList(MLIRContext *ctx, StringRef text,
                function_ref<InFlightDiagnostic()> emitError);
} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADDIALECT_H
