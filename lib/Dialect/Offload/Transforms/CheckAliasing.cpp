//===- CheckAliasing.cpp - offload-check-aliasing ---------------*- C++ -*-===//
//
// Rejects launches that pass overlapping buffers to a kernel that writes one
// of them: the device gets separate copies of what the host sees as one
// memory, so such a launch would compute something else than its host copy.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/AccessIndices.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Whether `a` and `b`, 1-D unit-stride subviews of one buffer, provably
/// hold different elements: one ends where the other starts or before, by
/// their offsets and sizes as polynomials (`x[(i-1)T : iT]` and
/// `x[iT : (i+1)T]`).
static bool areDisjointSubviews(AccessIndexAnalysis &indices, Value a,
                                Value b) {
  auto viewA = a.getDefiningOp<memref::SubViewOp>();
  auto viewB = b.getDefiningOp<memref::SubViewOp>();
  if (!viewA || !viewB || viewA.getSource() != viewB.getSource() ||
      viewA.getSourceType().getRank() != 1 || viewA.getType().getRank() != 1 ||
      viewB.getType().getRank() != 1 ||
      getConstantIntValue(viewA.getMixedStrides()[0]) != 1 ||
      getConstantIntValue(viewB.getMixedStrides()[0]) != 1)
    return false;
  auto form = [&](OpFoldResult value) {
    if (std::optional<int64_t> c = getConstantIntValue(value))
      return IndexForm::constant(*c);
    return indices.getForm(cast<Value>(value));
  };
  // end(first) <= begin(second): begin(second) - begin(first) - size(first)
  // is a constant >= 0.
  auto before = [&](memref::SubViewOp first, memref::SubViewOp second) {
    std::optional<int64_t> gap =
        (form(second.getMixedOffsets()[0]) - form(first.getMixedOffsets()[0]) -
         form(first.getMixedSizes()[0]))
            .getConstant();
    return gap && *gap >= 0;
  };
  return before(viewA, viewB) || before(viewB, viewA);
}

/// Why `a` and `b` may overlap, or an empty string when they cannot (or the
/// compiler cannot know: distinct function arguments and distinct
/// allocations are separate buffers as far as the compiler can tell).
static std::string getOverlapReason(AccessIndexAnalysis &indices, Value a,
                                    Value b) {
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
  if (areDisjointSubviews(indices, a, b))
    return "";
  return "are views of the same buffer that the compiler cannot prove "
         "disjoint";
}

/// A dimension along which `value` (or the value it is a cast of) has a
/// stride of 0 and possibly more than one element: every index there is the
/// same element.
static std::optional<unsigned> getZeroStrideDim(Value value) {
  while (true) {
    auto type = cast<MemRefType>(value.getType());
    int64_t offset;
    SmallVector<int64_t> strides;
    if (succeeded(type.getStridesAndOffset(strides, offset)))
      for (auto [dim, stride] : llvm::enumerate(strides))
        if (stride == 0 && type.getDimSize(dim) != 1)
          return dim;
    auto cast = value.getDefiningOp<memref::CastOp>();
    if (!cast)
      return std::nullopt;
    value = cast.getSource();
  }
}

namespace {
struct OffloadCheckAliasingPass
    : public offload::impl::OffloadCheckAliasingBase<
          OffloadCheckAliasingPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    KernelAccessAnalysis analysis;
    // Offsets and sizes of views as polynomials (the IR does not change).
    AccessIndexAnalysis indices;
    bool failed = false;
    getOperation().walk([&](LaunchOp launch) {
      if (launch.getAllowAliasing())
        return;
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      if (!kernel)
        return;
      // Every buffer the kernel receives: arguments and aggregate members.
      struct Entry {
        Value value;
        const BufferAccess *access;
        std::string name;
      };
      SmallVector<Entry> buffers;
      for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
        std::string name = "#" + std::to_string(index);
        if (isa<MemRefType>(arg.getType()))
          buffers.push_back({arg, &analysis.getAccess(kernel, index), name});
        if (isa<TupleType>(arg.getType()))
          for (auto [m, member] : llvm::enumerate(getAggregateMembers(arg)))
            if (isa<MemRefType>(member.getType()))
              buffers.push_back(
                  {member, &analysis.getAccess(kernel, index, m),
                   name + " member #" + std::to_string(m)});
      }
      // A written view with a zero stride: the kernel's iterations write
      // one element through different indices.
      for (const Entry &entry : buffers) {
        if (!entry.access->written)
          continue;
        std::optional<unsigned> dim = getZeroStrideDim(entry.value);
        if (!dim)
          continue;
        InFlightDiagnostic diag =
            launch.emitError()
            << "argument " << entry.name << " of the launch of @"
            << kernel.getSymName() << " has stride 0 along dimension "
            << *dim
            << " (each index there is the same element), and the kernel "
               "writes it: writes at different indices would race on one "
               "element. Pass a view without zero strides, or add "
               "'allow_aliasing' to the launch if that is intended";
        if (Operation *def = entry.value.getDefiningOp())
          diag.attachNote(def->getLoc())
              << "argument " << entry.name << " is defined here";
        failed = true;
      }
      for (unsigned i = 0; i < buffers.size(); ++i) {
        const BufferAccess &first = *buffers[i].access;
        for (unsigned j = i + 1; j < buffers.size(); ++j) {
          const BufferAccess &second = *buffers[j].access;
          if (!first.isAccessed() || !second.isAccessed() ||
              (!first.written && !second.written))
            continue;
          Value a = buffers[i].value, b = buffers[j].value;
          std::string reason = getOverlapReason(indices, a, b);
          if (reason.empty())
            continue;
          unsigned written = second.written ? j : i;
          InFlightDiagnostic diag =
              launch.emitError()
              << "arguments " << buffers[i].name << " and " << buffers[j].name
              << " of the launch of @" << kernel.getSymName() << " " << reason
              << ", and the kernel writes argument " << buffers[written].name
              << ": writes through one would race with accesses through the "
                 "other. Pass distinct buffers, or add 'allow_aliasing' to "
                 "the launch if the overlap is intended";
          if (a == b) {
            if (Operation *def = a.getDefiningOp())
              diag.attachNote(def->getLoc()) << "both are defined here";
          } else {
            for (unsigned index : {i, j})
              if (Operation *def = buffers[index].value.getDefiningOp())
                diag.attachNote(def->getLoc())
                    << "argument " << buffers[index].name
                    << " is defined here";
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
