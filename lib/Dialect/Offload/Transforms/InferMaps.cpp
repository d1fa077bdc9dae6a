//===- InferMaps.cpp - offload-infer-maps -----------------------*- C++ -*-===//
//
// Infers the map clause of each launched buffer from what the kernel does
// with the matching argument.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADINFERMAPS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// What a kernel does with a buffer, and the op that decided it when the
/// answer is the conservative one.
struct Access {
  bool read = false;
  bool written = false;
  /// Why the answer is the conservative one, when it is.
  std::string conservative;

  void assumeReadWrite(const Twine &why) {
    read = written = true;
    if (conservative.empty())
      conservative = why.str();
  }
};
} // namespace

/// Follows `buffer` through views and records the reads and writes of every
/// op that uses it.
static Access analyzeAccess(Value buffer) {
  Access access;
  llvm::SetVector<Value> worklist;
  worklist.insert(buffer);
  for (size_t i = 0; i < worklist.size(); ++i) {
    Value value = worklist[i];
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // A view aliases its source: follow it.
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.insert(result);
        continue;
      }
      auto iface = dyn_cast<MemoryEffectOpInterface>(user);
      if (!iface) {
        // Unknown semantics (a call, a yield of the buffer, ...): assume
        // the worst.
        access.assumeReadWrite("passes it to '" +
                               user->getName().getStringRef() +
                               "', whose memory effects are unknown");
        continue;
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        // An effect on another value does not touch the buffer; one on no
        // particular value may.
        if (effect.getValue() && effect.getValue() != value)
          continue;
        if (isa<MemoryEffects::Read>(effect.getEffect())) {
          access.read = true;
        } else if (isa<MemoryEffects::Write>(effect.getEffect())) {
          access.written = true;
        } else if (isa<MemoryEffects::Free>(effect.getEffect())) {
          access.assumeReadWrite("frees it with '" +
                                 user->getName().getStringRef() + "'");
        } else {
          access.assumeReadWrite("has an allocation effect on it in '" +
                                 user->getName().getStringRef() + "'");
        }
      }
      // Results that are memrefs derived from the operand (a cast that is
      // not a view, for instance) alias it.
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) && iface.hasNoEffect())
          worklist.insert(result);
    }
  }
  return access;
}

namespace {
struct OffloadInferMapsPass
    : public offload::impl::OffloadInferMapsBase<OffloadInferMapsPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    // Per kernel argument, computed once.
    DenseMap<BlockArgument, Access> cache;
    getOperation().walk([&](LaunchOp launch) {
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      if (!kernel)
        return; // the verifier reports it
      // Union of the accesses of every argument each buffer is passed as.
      llvm::MapVector<Value, Access> perBuffer;
      DenseMap<Value, unsigned> firstIndex;
      for (auto [index, operand] : llvm::enumerate(launch.getArgs())) {
        if (!isa<MemRefType>(operand.getType()))
          continue;
        BlockArgument arg = kernel.getArgument(index);
        auto it = cache.find(arg);
        if (it == cache.end())
          it = cache.try_emplace(arg, analyzeAccess(arg)).first;
        firstIndex.try_emplace(operand, index);
        Access &sum = perBuffer[operand];
        sum.read |= it->second.read;
        sum.written |= it->second.written;
        if (sum.conservative.empty())
          sum.conservative = it->second.conservative;
      }
      SmallVector<Value> vars;
      SmallVector<Attribute> kinds;
      for (auto &[buffer, access] : perBuffer) {
        if (MapAttr explicitMap = launch.getMapFor(buffer)) {
          vars.push_back(buffer);
          kinds.push_back(explicitMap);
          continue;
        }
        if (!access.read && !access.written)
          continue;
        MapKind kind = access.written ? MapKind::tofrom : MapKind::to;
        vars.push_back(buffer);
        kinds.push_back(MapAttr::get(&getContext(), kind, MapModifier::none));
        ++numInferred;
        if (remarks) {
          InFlightDiagnostic remark =
              launch.emitRemark() << "argument #" << firstIndex.lookup(buffer)
                                  << " mapped '" << stringifyMapKind(kind)
                                  << "': kernel @" << kernel.getSymName();
          if (!access.conservative.empty())
            remark << " " << access.conservative;
          else if (access.written)
            remark << " writes it";
          else
            remark << " only reads it";
        }
      }
      launch.getMapVarsMutable().assign(vars);
      launch.setMapKindsAttr(
          vars.empty() ? ArrayAttr() : ArrayAttr::get(&getContext(), kinds));
    });
  }
};
} // namespace
