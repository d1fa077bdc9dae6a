//===- InferMaps.cpp - offload-infer-maps -----------------------*- C++ -*-===//
//
// Infers the map clause of each launched buffer from what the kernel does
// with the matching argument (KernelAccessAnalysis): what must go to the
// device, what must come back, and which part of the buffer moves at all.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADINFERMAPS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadInferMapsPass
    : public offload::impl::OffloadInferMapsBase<OffloadInferMapsPass> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    KernelAccessAnalysis analysis;
    getOperation().walk([&](LaunchOp launch) {
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      if (!kernel)
        return; // the verifier reports it
      // A launch over several devices gets its maps once
      // offload-split-devices has made one launch per device.
      if (launch.getAllDevices() || !launch.getDevices().empty())
        return;
      inferMaps(launch, kernel, analysis);
    });
  }

  void inferMaps(LaunchOp launch, KernelOp kernel,
                 KernelAccessAnalysis &analysis);
  /// The section of `buffer` that `access` bounds, as a host subview before
  /// `launch`, or null when it cannot be computed there.
  Value createSection(LaunchOp launch, KernelOp kernel, Value buffer,
                      const BufferSection &section);
  /// Warnings for an explicit clause that, provably, does not give the
  /// kernel what it reads: a section narrower than the elements its loop
  /// reaches, or `from`/`alloc` of a buffer it reads before writing that
  /// nothing else put on the device.
  void checkExplicitMap(LaunchOp launch, KernelOp kernel, Value buffer,
                        unsigned argument, MapAttr map,
                        const BufferAccess &access);
};
} // namespace

Value OffloadInferMapsPass::createSection(LaunchOp launch, KernelOp kernel,
                                          Value buffer,
                                          const BufferSection &section) {
  auto loop = cast<scf::ParallelOp>(kernel.getParallelLoop());
  OpBuilder b(launch);
  Location loc = launch.getLoc();
  // Computations that fail leave dead ops behind; the caller's cleanup (or
  // canonicalization) removes them.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  // [lb + min, ub + max) of loop dimension `loopDim` along dimension `dim`
  // of the buffer, clamped to it: an empty loop maps nothing.
  auto range = [&](unsigned loopDim, int64_t minOffset, int64_t maxOffset,
                   int64_t dim) -> std::pair<Value, Value> {
    Value lb = materializeOnHost(b, launch, kernel,
                                 loop.getLowerBound()[loopDim]);
    Value ub = materializeOnHost(b, launch, kernel,
                                 loop.getUpperBound()[loopDim]);
    if (!lb || !ub)
      return {};
    Value size = memref::DimOp::create(b, loc, buffer, dim);
    Value begin = arith::AddIOp::create(
        b, loc, lb, arith::ConstantIndexOp::create(b, loc, minOffset));
    Value end = arith::AddIOp::create(
        b, loc, ub, arith::ConstantIndexOp::create(b, loc, maxOffset));
    begin = arith::MaxSIOp::create(b, loc, begin, zero);
    begin = arith::MinSIOp::create(b, loc, begin, size);
    end = arith::MinSIOp::create(b, loc, end, size);
    end = arith::MaxSIOp::create(b, loc, end, begin);
    return {begin, arith::SubIOp::create(b, loc, end, begin)};
  };
  auto [begin, length] =
      range(section.loopDim, section.minOffset, section.maxOffset, 0);
  if (!begin)
    return {};
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  offsets[0] = begin;
  sizes.push_back(length);
  if (section.isBox()) {
    // A 2-D box: the columns the loop reaches too.
    auto [colBegin, colLength] = range(
        section.colLoopDim, section.colMinOffset, section.colMaxOffset, 1);
    if (!colBegin)
      return {};
    offsets[1] = colBegin;
    sizes.push_back(colLength);
  }
  for (int64_t dim = sizes.size(); dim < type.getRank(); ++dim)
    sizes.push_back(memref::getMixedSize(b, loc, buffer, dim));
  return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
}

/// The value of `value`, an index in `kernel` (outside its parallel loop)
/// or on the host before `launch`, when the program makes it a constant:
/// constants, sums, differences and products of them, and the sizes of
/// buffers of static shape or allocated with constant sizes.
static std::optional<int64_t> evaluate(Value value, LaunchOp launch,
                                       KernelOp kernel, unsigned depth = 0) {
  if (depth > 32)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &kernel.getBody().front())
      return std::nullopt;
    value = launch.getArgs()[arg.getArgNumber()];
  }
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  Operation *op = value.getDefiningOp();
  if (!op)
    return std::nullopt;
  auto operand = [&](Value v) {
    return evaluate(v, launch, kernel, depth + 1);
  };
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    std::optional<int64_t> lhs = operand(op->getOperand(0));
    std::optional<int64_t> rhs = operand(op->getOperand(1));
    if (!lhs || !rhs)
      return std::nullopt;
    std::optional<int64_t> result =
        isa<arith::AddIOp>(op)   ? llvm::checkedAdd(*lhs, *rhs)
        : isa<arith::SubIOp>(op) ? llvm::checkedSub(*lhs, *rhs)
                                 : llvm::checkedMul(*lhs, *rhs);
    return result;
  }
  auto dimOp = dyn_cast<memref::DimOp>(op);
  if (!dimOp)
    return std::nullopt;
  std::optional<int64_t> dim = operand(dimOp.getIndex());
  Value source = dimOp.getSource();
  if (auto arg = dyn_cast<BlockArgument>(source);
      arg && arg.getOwner() == &kernel.getBody().front())
    source = launch.getArgs()[arg.getArgNumber()];
  while (auto cast = source.getDefiningOp<memref::CastOp>())
    source = cast.getSource();
  auto type = dyn_cast<MemRefType>(source.getType());
  if (!dim || !type || *dim < 0 || *dim >= type.getRank())
    return std::nullopt;
  if (!type.isDynamicDim(*dim))
    return type.getDimSize(*dim);
  Operation *alloc = source.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc))
    return std::nullopt;
  return operand(alloc->getOperand(type.getDynamicDimIndex(*dim)));
}

/// `value` without the memref.casts around it (the same elements).
static Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

void OffloadInferMapsPass::checkExplicitMap(LaunchOp launch, KernelOp kernel,
                                            Value buffer, unsigned argument,
                                            MapAttr map,
                                            const BufferAccess &access) {
  if (!access.isAccessed())
    return;
  // Read before written, and nothing copies it in: not this clause, not a
  // data region around the launch, not an earlier clause of the function
  // that allocates the buffer (whose caller cannot have mapped it).
  MapKind kind = map.getKind();
  if ((kind == MapKind::from || kind == MapKind::alloc) && access.read &&
      !access.overwritesAll && !launch->getParentOfType<DataOp>()) {
    Value root = getViewRoot(buffer);
    Operation *alloc = root.getDefiningOp();
    auto function = launch->getParentOfType<FunctionOpInterface>();
    bool enters = false;
    if (function)
      function.walk(
          [&](Operation *op) { enters |= isa<EnterDataOp, DataOp>(op); });
    if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc) && function &&
        alloc->getParentOfType<FunctionOpInterface>() == function && !enters)
      launch.emitWarning()
          << "argument #" << argument << " is mapped '"
          << stringifyMapKind(kind) << "', which copies nothing to the device, "
          << "but kernel @" << kernel.getSymName()
          << " reads it before writing it: it reads memory the program never "
             "set; map it 'to' or 'tofrom' (or leave the clause to the "
             "compiler)";
  }
  // A section narrower than what the kernel's loop reaches.
  Value mapped = launch.getMappedSection(buffer);
  auto subview = mapped ? mapped.getDefiningOp<memref::SubViewOp>() : nullptr;
  if (!subview || stripCasts(subview.getSource()) != stripCasts(buffer) ||
      !access.section)
    return;
  const BufferSection &section = *access.section;
  auto loop = dyn_cast_or_null<scf::ParallelOp>(kernel.getParallelLoop());
  if (!loop)
    return;
  // [first, end) of the elements the kernel reaches along dimension `dim`
  // of the buffer, and of those the clause moves.
  auto check =
      [&](unsigned loopDim, int64_t minOffset, int64_t maxOffset,
          unsigned dim) {
        std::optional<int64_t> lb =
            evaluate(loop.getLowerBound()[loopDim], launch, kernel);
        std::optional<int64_t> ub =
            evaluate(loop.getUpperBound()[loopDim], launch, kernel);
        auto evaluateFold = [&](OpFoldResult value) -> std::optional<int64_t> {
          if (std::optional<int64_t> constant = getConstantIntValue(value))
            return constant;
          return evaluate(cast<Value>(value), launch, kernel);
        };
        std::optional<int64_t> offset =
            evaluateFold(subview.getMixedOffsets()[dim]);
        std::optional<int64_t> size =
            evaluateFold(subview.getMixedSizes()[dim]);
        if (!lb || !ub || !offset || !size || *lb >= *ub ||
            subview.getStaticStrides()[dim] != 1)
          return true;
        int64_t first = *lb + minOffset, end = *ub + maxOffset;
        if (first >= *offset && end <= *offset + *size)
          return true;
        launch.emitWarning()
            << "kernel @" << kernel.getSymName() << " may reach elements ["
            << first << ", " << end << ") of argument #" << argument
            << " along dimension " << dim << ", but its map clause moves only ["
            << *offset << ", " << *offset + *size
            << "): accesses outside the section run past the device's copy; "
               "map a section that holds them (or leave the clause to the "
               "compiler)";
        return false;
      };
  if (check(section.loopDim, section.minOffset, section.maxOffset, 0) &&
      section.isBox())
    check(section.colLoopDim, section.colMinOffset, section.colMaxOffset, 1);
}

void OffloadInferMapsPass::inferMaps(LaunchOp launch, KernelOp kernel,
                                     KernelAccessAnalysis &analysis) {
  // Union of the accesses of every argument each buffer is passed as.
  llvm::MapVector<Value, BufferAccess> perBuffer;
  DenseMap<Value, unsigned> firstIndex, timesPassed;
  DenseMap<Value, int> memberIndex;
  for (auto [index, operand] : llvm::enumerate(launch.getArgs())) {
    if (isa<TupleType>(operand.getType())) {
      // Each buffer member of an aggregate gets its own clause.
      for (auto [m, member] : llvm::enumerate(getAggregateMembers(operand))) {
        if (!isa<MemRefType>(member.getType()))
          continue;
        firstIndex.try_emplace(member, index);
        memberIndex.try_emplace(member, m);
        timesPassed[member] += 2; // no sections for members
        perBuffer[member].merge(analysis.getAccess(kernel, index, m));
      }
      continue;
    }
    if (!isa<MemRefType>(operand.getType()))
      continue;
    // A buffer passed also as a memref.cast of itself (the same elements)
    // gets one clause, which the cast finds too (LaunchOp::getMapFor).
    Value buffer = operand;
    for (auto &entry : perBuffer)
      if (!isa<TupleType>(entry.first.getType()) &&
          stripCasts(entry.first) == stripCasts(operand))
        buffer = entry.first;
    firstIndex.try_emplace(buffer, index);
    timesPassed[buffer] += buffer == operand ? 1 : 2;
    perBuffer[buffer].merge(analysis.getAccess(kernel, index));
  }
  SmallVector<Value> vars;
  SmallVector<Attribute> kinds;
  MLIRContext *ctx = &getContext();
  for (auto &[buffer, access] : perBuffer) {
    if (MapAttr explicitMap = launch.getMapFor(buffer)) {
      vars.push_back(launch.getMappedSection(buffer));
      kinds.push_back(explicitMap);
      checkExplicitMap(launch, kernel, buffer, firstIndex.lookup(buffer),
                       explicitMap, access);
      continue;
    }
    if (!access.isAccessed())
      continue;
    // The part that moves: a section when the kernel's loop bounds it.
    Value var = buffer;
    if (access.section &&
        (!access.section->wholeBuffer || access.section->isBox()) &&
        timesPassed[buffer] == 1)
      if (Value section =
              createSection(launch, kernel, buffer, *access.section))
        var = section;
    bool sectioned = var != buffer;
    bool overwritten =
        access.overwritesAll || (sectioned && access.overwritesSection);
    MapKind kind = MapKind::to;
    std::string why = "only reads it";
    if (access.written) {
      kind = MapKind::tofrom;
      why = "writes it";
      // Read only after the kernel wrote all of it: as good as not read.
      StringRef writesAll = access.read
                                ? "writes every element before reading any"
                                : "writes every element and reads none";
      if (!access.conservative.empty()) {
        why = access.conservative;
      } else if (access.read && !overwritten) {
        why = "reads and writes it";
      } else if (!overwritten) {
        why = "writes it but may not write every element";
      } else if (mayBeReadAfter(launch, buffer) && mayHaveGaps(var)) {
        why = (writesAll +
               ", but they do not fill the bytes it spans (a strided view): "
               "the bytes between them come back too")
                  .str();
      } else if (mayBeReadAfter(launch, buffer)) {
        kind = MapKind::from;
        why = writesAll.str();
      } else {
        kind = MapKind::alloc;
        why = (writesAll + ", and nothing reads the buffer afterwards").str();
      }
    }
    vars.push_back(var);
    kinds.push_back(MapAttr::get(ctx, kind, MapModifier::none));
    ++numInferred;
    if (remarks) {
      InFlightDiagnostic remark =
          launch.emitRemark() << "argument #" << firstIndex.lookup(buffer);
      if (memberIndex.count(buffer))
        remark << " member #" << memberIndex.lookup(buffer);
      remark << " mapped '" << stringifyMapKind(kind)
                              << "': kernel @" << kernel.getSymName() << " "
                              << why;
      if (sectioned) {
        auto bound = [](StringRef name, int64_t offset) {
          std::string text = name.str();
          if (offset)
            text += (offset < 0 ? " - " : " + ") +
                    std::to_string(std::abs(offset));
          return text;
        };
        const BufferSection &section = *access.section;
        if (!section.isBox()) {
          remark << "; only the rows its parallel loop reaches move, ["
                 << bound("lb", section.minOffset) << ", "
                 << bound("ub", section.maxOffset) << ") of dimension "
                 << section.loopDim;
        } else {
          // Rows of loop dimension `loopDim`, columns of `colLoopDim`.
          remark << "; only the box its parallel loop reaches moves, rows ["
                 << bound("lb", section.minOffset) << ", "
                 << bound("ub", section.maxOffset) << ") of dimension "
                 << section.loopDim << " by columns ["
                 << bound("lb", section.colMinOffset) << ", "
                 << bound("ub", section.colMaxOffset) << ") of dimension "
                 << section.colLoopDim
                 << " (one copy per row where the gaps between rows exceed a sixteenth of a row)";
        }
      }
    }
  }
  launch.getMapVarsMutable().assign(vars);
  launch.setMapKindsAttr(vars.empty() ? ArrayAttr()
                                      : ArrayAttr::get(ctx, kinds));
}
