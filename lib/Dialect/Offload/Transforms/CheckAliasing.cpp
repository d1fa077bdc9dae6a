//===- CheckAliasing.cpp - offload-check-aliasing ---------------*- C++ -*-===//
//
// Rejects launches that pass overlapping buffers to a kernel that writes one
// of them: the device gets separate copies of what the host sees as one
// memory, so such a launch would compute something else than its host copy.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKALIASING
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The elements [begin, end) of its root buffer that `value` can reach,
/// when its layout is fully static.
static std::optional<std::pair<int64_t, int64_t>> getStaticExtent(Value value) {
  auto type = cast<MemRefType>(value.getType());
  int64_t offset;
  SmallVector<int64_t> strides;
  if (!type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  int64_t last = offset;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (size == 0)
      return std::make_pair(offset, offset);
    last += (size - 1) * stride;
  }
  return std::make_pair(offset, last + 1);
}

/// Why `a` and `b` may overlap, or an empty string when they cannot (or the
/// compiler cannot know: distinct function arguments and distinct
/// allocations are separate buffers as far as the compiler can tell).
static std::string getOverlapReason(Value a, Value b) {
  if (a == b)
    return "are the same buffer";
  Value rootA = getViewRoot(a), rootB = getViewRoot(b);
  if (rootA != rootB)
    return "";
  auto extentA = getStaticExtent(a), extentB = getStaticExtent(b);
  if (extentA && extentB &&
      (extentA->second <= extentB->first || extentB->second <= extentA->first))
    return "";
  if (extentA && extentB)
    return "are overlapping views of the same buffer";
  return "are views of the same buffer that the compiler cannot prove "
         "disjoint";
}

namespace {
struct OffloadCheckAliasingPass
    : public offload::impl::OffloadCheckAliasingBase<
          OffloadCheckAliasingPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    KernelAccessAnalysis analysis;
    bool failed = false;
    getOperation().walk([&](LaunchOp launch) {
      if (launch.getAllowAliasing())
        return;
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      if (!kernel)
        return;
      OperandRange args = launch.getArgs();
      for (unsigned i = 0; i < args.size(); ++i) {
        if (!isa<MemRefType>(args[i].getType()))
          continue;
        const BufferAccess &first = analysis.getAccess(kernel, i);
        for (unsigned j = i + 1; j < args.size(); ++j) {
          if (!isa<MemRefType>(args[j].getType()))
            continue;
          const BufferAccess &second = analysis.getAccess(kernel, j);
          if (!first.isAccessed() || !second.isAccessed() ||
              (!first.written && !second.written))
            continue;
          std::string reason = getOverlapReason(args[i], args[j]);
          if (reason.empty())
            continue;
          unsigned written = second.written ? j : i;
          InFlightDiagnostic diag =
              launch.emitError()
              << "arguments #" << i << " and #" << j << " of the launch of @"
              << kernel.getSymName() << " " << reason << ", and the kernel "
              << "writes argument #" << written
              << ": writes through one would race with accesses through the "
                 "other. Pass distinct buffers, or add 'allow_aliasing' to "
                 "the launch if the overlap is intended";
          if (args[i] == args[j]) {
            if (Operation *def = args[i].getDefiningOp())
              diag.attachNote(def->getLoc()) << "both are defined here";
          } else {
            for (unsigned index : {i, j})
              if (Operation *def = args[index].getDefiningOp())
                diag.attachNote(def->getLoc())
                    << "argument #" << index << " is defined here";
          }
          failed = true;
        }
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
