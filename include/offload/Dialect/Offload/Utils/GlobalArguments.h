//===- GlobalArguments.h - globals passed as arguments ----------*- C++ -*-===//
//
// Makes the globals (memref.global) that launches map arguments of the host
// functions that reach them, so that placement across calls treats them as
// it treats buffers passed as arguments (offload-hoist-transfers).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_GLOBALARGUMENTS_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_GLOBALARGUMENTS_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::offload {

/// For every global some launch of `module` maps:
///  - a host function (func.func with a body, not called from device code)
///    that uses it (memref.get_global), or calls one that does, and that is
///    called from another host function, takes it as a trailing argument
///    instead; its memref.get_global ops become that argument. A function
///    other code may reach (public, or whose symbol is used otherwise than
///    by host calls) keeps its body, and the host calls call a private copy
///    taking the arguments (`<name>_globals`);
///  - the other host functions that use it get it once, at their entry.
/// Calls pass the caller's argument, or that value. Returns the functions
/// changed or made, each with the globals it now takes.
SmallVector<std::pair<Operation *, SmallVector<StringAttr>>>
passGlobalsAsArguments(ModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_GLOBALARGUMENTS_H
