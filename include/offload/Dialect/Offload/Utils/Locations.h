//===- Locations.h - rewriting locations ------------------------*- C++ -*-===//
//
// Locations of inlined code: call-site locations, which offload-split-devices
// makes while it inlines and which LLVM 22's debug-info scope pass cannot
// take outside functions.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_LOCATIONS_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_LOCATIONS_H

#include "mlir/IR/Location.h"

namespace mlir::offload {

/// `loc` with each call-site location in it (also inside fused and named
/// locations) replaced by the location it calls.
Location dropCallSites(Location loc);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_LOCATIONS_H
