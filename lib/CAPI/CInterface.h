//===- CInterface.h - C-callable entry points of a module -------*- C++ -*-===//
//
// What offloadModuleAddCInterface and offloadModuleGetInterface do: launchers
// for kernels, llvm.emit_c_interface on public functions, and the JSON
// description of the entry points (see docs/CAPI.md).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_LIB_CAPI_CINTERFACE_H
#define OFFLOAD_LIB_CAPI_CINTERFACE_H

#include "mlir/IR/BuiltinOps.h"
#include <string>

namespace mlir {
class AsmParserState;
namespace offload::capi {

/// Records the source names of the arguments of every func.func and
/// offload.kernel that `state` saw, as the attribute `offload_capi.arg_names`.
void recordArgumentNames(const AsmParserState &state);

/// Removes what recordArgumentNames added (before lowering or printing).
void dropArgumentNames(ModuleOp module);

/// Adds the kernel launchers and C wrappers and embeds the interface as the
/// global `__offload_interface`.
LogicalResult addCInterface(ModuleOp module);

/// The interface JSON of `module` (not yet lowered), computed on a copy.
FailureOr<std::string> getInterface(ModuleOp module);

} // namespace offload::capi
} // namespace mlir

#endif // OFFLOAD_LIB_CAPI_CINTERFACE_H
