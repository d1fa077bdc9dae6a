//===- Locations.cpp - rewriting locations ----------------------*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/Locations.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;

Location mlir::offload::dropCallSites(Location loc) {
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
