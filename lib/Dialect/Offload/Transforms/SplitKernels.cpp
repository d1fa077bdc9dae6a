//===- SplitKernels.cpp - one parallel iteration space per kernel -*- C++ -*-===//
//
// Fuses the sibling parallel loops of a kernel where each iteration of the
// second only touches what the same iteration of the first touches, then
// splits kernels that still hold several parallel loops (or a contraction
// and loops) into one kernel per loop, launched one after the other.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADSPLITKERNELS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Fusion
//===----------------------------------------------------------------------===//

static bool sameValue(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> ca = getConstantIntValue(a),
                         cb = getConstantIntValue(b);
  return ca && cb && *ca == *cb;
}

static bool sameBounds(scf::ParallelOp a, scf::ParallelOp b) {
  if (a.getNumLoops() != b.getNumLoops())
    return false;
  for (unsigned d = 0; d < a.getNumLoops(); ++d)
    if (!sameValue(a.getLowerBound()[d], b.getLowerBound()[d]) ||
        !sameValue(a.getUpperBound()[d], b.getUpperBound()[d]) ||
        !sameValue(a.getStep()[d], b.getStep()[d]))
      return false;
  return true;
}

namespace {
/// The memory accesses of a loop, per buffer.
struct LoopAccesses {
  struct Access {
    Operation *op;
    /// Position in the access's indices of each of the loop's induction
    /// variables, or none when one of them is not an index as is.
    std::optional<SmallVector<unsigned>> positions;
    bool write;
  };
  llvm::MapVector<Value, SmallVector<Access>> buffers;
  /// Whether some access could not be attributed to a buffer.
  bool unknown = false;
};
} // namespace

/// Where each of `ivs` appears in `indices`.
static std::optional<SmallVector<unsigned>> getPositions(ValueRange indices,
                                                         ValueRange ivs) {
  SmallVector<unsigned> positions;
  for (Value iv : ivs) {
    auto it = llvm::find(indices, iv);
    if (it == indices.end())
      return std::nullopt;
    positions.push_back(it - indices.begin());
  }
  return positions;
}

static LoopAccesses collectAccesses(scf::ParallelOp loop) {
  LoopAccesses result;
  SmallVector<Value> ivs(loop.getInductionVars());
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      result.buffers[load.getMemRef()].push_back(
          {op, getPositions(load.getIndices(), ivs), false});
      return;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      result.buffers[store.getMemRef()].push_back(
          {op, getPositions(store.getIndices(), ivs), true});
      return;
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface) {
      result.unknown = true;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value value = effect.getValue();
      // Memory the loop allocates itself is private to an iteration.
      if (value && loop->isProperAncestor(value.getParentBlock()->getParentOp()))
        continue;
      if (value && value.getDefiningOp() &&
          loop->isAncestor(value.getDefiningOp()))
        continue;
      if (!value) {
        result.unknown = true;
        continue;
      }
      result.buffers[value].push_back(
          {op, std::nullopt, isa<MemoryEffects::Write>(effect.getEffect())});
    }
  });
  return result;
}

/// Whether `second` can run in the same iterations as `first` (same
/// bounds): every buffer one writes and the other touches is only accessed
/// at indices that pin it to the iteration, at the same positions, so an
/// iteration of the fused loop only sees what the same iterations of the
/// two loops saw.
static bool canFuse(scf::ParallelOp first, scf::ParallelOp second) {
  if (first.getNumResults() || second.getNumResults() ||
      !sameBounds(first, second))
    return false;
  LoopAccesses a = collectAccesses(first), b = collectAccesses(second);
  if (a.unknown || b.unknown)
    return false;
  auto written = [](ArrayRef<LoopAccesses::Access> accesses) {
    return llvm::any_of(accesses,
                        [](const LoopAccesses::Access &x) { return x.write; });
  };
  for (auto &[buffer, accessesA] : a.buffers) {
    auto it = b.buffers.find(buffer);
    if (it == b.buffers.end())
      continue;
    ArrayRef<LoopAccesses::Access> accessesB = it->second;
    if (!written(accessesA) && !written(accessesB))
      continue;
    // Views of kernel buffers are not followed: their elements may be
    // those of another name.
    std::optional<SmallVector<unsigned>> positions;
    for (const LoopAccesses::Access &x :
         llvm::concat<const LoopAccesses::Access>(accessesA, accessesB)) {
      if (!x.positions)
        return false;
      if (positions && *positions != *x.positions)
        return false;
      positions = x.positions;
    }
  }
  // A buffer written in one loop through a view and touched in the other
  // under another name: only kernel arguments and allocations are compared
  // by name, so refuse when either loop accesses a view.
  auto viaView = [](const LoopAccesses &accesses) {
    return llvm::any_of(accesses.buffers, [](auto &entry) {
      Operation *def = entry.first.getDefiningOp();
      return def && isa<ViewLikeOpInterface>(def);
    });
  };
  return !viaView(a) && !viaView(b);
}

/// Fuses sibling parallel loops at the top of `block`. Returns how many
/// loops were fused away.
static unsigned fuseSiblingLoops(RewriterBase &rewriter, Block &block) {
  unsigned fused = 0;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    auto first = dyn_cast<scf::ParallelOp>(op);
    if (!first)
      continue;
    while (true) {
      // The next op with memory effects after `first`.
      SmallVector<Operation *> between;
      Operation *next = first->getNextNode();
      while (next && isMemoryEffectFree(next) &&
             !next->hasTrait<OpTrait::IsTerminator>()) {
        between.push_back(next);
        next = next->getNextNode();
      }
      auto second = dyn_cast_or_null<scf::ParallelOp>(next);
      if (!second || !canFuse(first, second))
        break;
      for (Operation *moved : between)
        rewriter.moveOpBefore(moved, first);
      Block *target = first.getBody();
      rewriter.eraseOp(second.getBody()->getTerminator());
      rewriter.inlineBlockBefore(second.getBody(), target->getTerminator(),
                                 first.getInductionVars());
      rewriter.eraseOp(second);
      ++fused;
    }
  }
  return fused;
}

//===----------------------------------------------------------------------===//
// Fission
//===----------------------------------------------------------------------===//

/// The top-level operations of `block` that each become one kernel: the
/// parallel loops and linalg ops (a fill with the contraction after it).
static SmallVector<SmallVector<Operation *>> getUnits(Block &block) {
  SmallVector<SmallVector<Operation *>> units;
  for (Operation &op : block.without_terminator()) {
    if (!isa<scf::ParallelOp, scf::ForallOp, linalg::LinalgOp>(op)) {
      // What follows a loop with reductions (storing its results) runs
      // with it, once, after the loop.
      if (!isMemoryEffectFree(&op) && !units.empty())
        if (auto loop = dyn_cast<scf::ParallelOp>(units.back().front());
            loop && loop.getNumResults() != 0)
          units.back().push_back(&op);
      continue;
    }
    if (!units.empty() && isa<linalg::FillOp>(units.back().back()) &&
        isa<linalg::LinalgOp>(op) && !isa<linalg::FillOp>(op) &&
        cast<linalg::FillOp>(units.back().back()).getOutputs().front() ==
            cast<linalg::LinalgOp>(op).getDpsInits().front()) {
      units.back().push_back(&op);
      continue;
    }
    // The elementwise op a contraction computes in its epilogue.
    if (!units.empty())
      if (auto prev = dyn_cast<linalg::LinalgOp>(units.back().back()))
        if (std::optional<ContractionMatch> match = matchContraction(prev))
          if (getFusableEpilogue(*match).getOperation() == &op) {
            units.back().push_back(&op);
            continue;
          }
    units.push_back({&op});
  }
  return units;
}

namespace {
struct OffloadSplitKernelsPass
    : public offload::impl::OffloadSplitKernelsBase<OffloadSplitKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SymbolTable symbols(module);
    bool failed = false;
    for (KernelOp kernel : llvm::to_vector(module.getOps<KernelOp>())) {
      Block &body = kernel.getBody().front();
      unsigned fused = fuseSiblingLoops(rewriter, body);
      if (remarks && fused)
        kernel.emitRemark() << "kernel @" << kernel.getSymName() << ": "
                            << fused << " parallel loop"
                            << (fused == 1 ? "" : "s")
                            << " fused into the one before";
      SmallVector<SmallVector<Operation *>> units = getUnits(body);
      if (units.size() <= 1)
        continue;
      failed |= mlir::failed(split(rewriter, symbols, kernel, units));
    }
    if (failed)
      signalPassFailure();
  }

  LogicalResult split(RewriterBase &rewriter, SymbolTable &symbols,
                      KernelOp kernel,
                      ArrayRef<SmallVector<Operation *>> units);
};
} // namespace

LogicalResult OffloadSplitKernelsPass::split(
    RewriterBase &rewriter, SymbolTable &symbols, KernelOp kernel,
    ArrayRef<SmallVector<Operation *>> units) {
  Block &body = kernel.getBody().front();
  llvm::SmallPtrSet<Operation *, 8> inUnits;
  for (ArrayRef<Operation *> unit : units)
    inUnits.insert(unit.begin(), unit.end());
  // Everything else at the top must be recomputable in every part.
  for (Operation &op : body.without_terminator()) {
    if (inUnits.contains(&op) || isMemoryEffectFree(&op))
      continue;
    InFlightDiagnostic diag =
        op.emitError()
        << "kernel @" << kernel.getSymName() << " holds " << units.size()
        << " parallel loops or linalg ops, which run as one kernel each, "
           "and '"
        << op.getName()
        << "' at its top level, which cannot be split between them; move it "
           "into one of the loops or into a kernel of its own";
    diag.attachNote(units[1].front()->getLoc()) << "second parallel part";
    return diag;
  }

  DenseMap<Operation *, unsigned> unitOf;
  for (auto [index, unit] : llvm::enumerate(units))
    for (Operation *op : unit)
      unitOf[op] = index;

  // One kernel per unit, with the pure computations the unit uses and the
  // kernel arguments that they and the unit use (so a launch of a part
  // names only the buffers the part touches), in the kernel's order.
  // Values one part computes and a later part uses (a reduction's result
  // the next loop reads: `x[i] = max - x[i]`) go from one to the other in
  // a one-element buffer each launch allocates: the part computing one
  // stores it, the parts using it load it first.
  SmallVector<llvm::SetVector<Value>> unitUses(units.size());
  SmallVector<llvm::SetVector<Operation *>> unitNeeded(units.size());
  SmallVector<llvm::SmallBitVector> unitArgs;
  llvm::SetVector<Value> handed;
  for (auto [index, unit] : llvm::enumerate(units)) {
    // The pure top-level ops the unit uses, and the arguments.
    llvm::SetVector<Operation *> &needed = unitNeeded[index];
    llvm::SmallBitVector usedArgs(body.getNumArguments());
    SmallVector<Operation *> worklist(unit.begin(), unit.end());
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands()) {
          if (auto arg = dyn_cast<BlockArgument>(operand);
              arg && arg.getOwner() == &body) {
            usedArgs.set(arg.getArgNumber());
            continue;
          }
          Operation *def = operand.getDefiningOp();
          if (!def || def->getBlock() != &body)
            continue;
          if (inUnits.contains(def)) {
            if (unitOf.lookup(def) != index) {
              unitUses[index].insert(operand);
              handed.insert(operand);
            }
            continue;
          }
          if (needed.insert(def))
            worklist.push_back(def);
        }
      });
    }
    unitArgs.push_back(std::move(usedArgs));
  }
  // (In the kernel's order.)
  SmallVector<Value> handedValues = handed.takeVector();
  llvm::sort(handedValues, [](Value a, Value b) {
    Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
    if (x != y)
      return x->isBeforeInBlock(y);
    return cast<OpResult>(a).getResultNumber() <
           cast<OpResult>(b).getResultNumber();
  });
  handed.insert(handedValues.begin(), handedValues.end());
  // The buffer type each handed value travels in (an index as i64).
  auto getSlotType = [&](Value value) -> MemRefType {
    Type type = value.getType();
    if (type.isIndex())
      type = rewriter.getI64Type();
    if (!type.isIntOrFloat())
      return nullptr;
    return MemRefType::get({1}, type);
  };
  for (Value value : handed)
    if (!getSlotType(value)) {
      InFlightDiagnostic diag =
          value.getDefiningOp()->emitError()
          << "kernel @" << kernel.getSymName() << " holds " << units.size()
          << " parallel loops or linalg ops, which run as one kernel each, "
             "and a value of type "
          << value.getType()
          << " one of them computes and a later one uses, which cannot be "
             "passed between them (an integer, index or float can)";
      return diag;
    }

  SmallVector<KernelOp> parts;
  SmallVector<SmallVector<unsigned>> partArgs;
  // For each part, the handed values whose buffers it takes after its
  // arguments.
  SmallVector<SmallVector<Value>> partSlots;
  for (auto [index, unit] : llvm::enumerate(units)) {
    llvm::SetVector<Operation *> &needed = unitNeeded[index];
    SmallVector<unsigned> args;
    SmallVector<Type> argTypes;
    for (unsigned i : unitArgs[index].set_bits()) {
      args.push_back(i);
      argTypes.push_back(body.getArgument(i).getType());
    }
    // The values it hands on (those it computes) and those it is handed.
    SmallVector<Value> slots;
    for (Value value : handed)
      if (unitOf.lookup(value.getDefiningOp()) == index ||
          unitUses[index].contains(value)) {
        slots.push_back(value);
        argTypes.push_back(getSlotType(value));
      }

    rewriter.setInsertionPoint(kernel);
    auto part = cast<KernelOp>(rewriter.cloneWithoutRegions(*kernel));
    part.setFunctionType(
        FunctionType::get(rewriter.getContext(), argTypes, {}));
    // The equal argument dimensions among the part's arguments.
    if (auto classes = kernel->getAttrOfType<ArrayAttr>(
            OffloadDialect::getEqualDimsAttrName())) {
      SmallVector<Attribute> kept;
      for (auto pairs : classes.getAsRange<DenseI64ArrayAttr>()) {
        SmallVector<int64_t> renumbered;
        for (unsigned i = 0; i < pairs.size(); i += 2)
          if (const auto *it = llvm::find(args, pairs[i]); it != args.end())
            llvm::append_range(renumbered,
                               ArrayRef<int64_t>{it - args.begin(),
                                                 pairs[i + 1]});
        if (renumbered.size() >= 4)
          kept.push_back(rewriter.getDenseI64ArrayAttr(renumbered));
      }
      if (kept.empty())
        part->removeAttr(OffloadDialect::getEqualDimsAttrName());
      else
        part->setAttr(OffloadDialect::getEqualDimsAttrName(),
                      rewriter.getArrayAttr(kept));
    }
    symbols.insert(part); // renames on conflict
    std::string name = (kernel.getSymName() + "_" + Twine(index)).str();
    if (!symbols.lookup(name))
      (void)symbols.rename(part, rewriter.getStringAttr(name));
    part.setPrivate();
    Block *partBody = rewriter.createBlock(&part.getBody());
    IRMapping mapping;
    for (unsigned i : args) {
      BlockArgument arg = body.getArgument(i);
      mapping.map(arg, partBody->addArgument(arg.getType(), arg.getLoc()));
    }
    DenseMap<Value, Value> slotArgs;
    for (Value value : slots)
      slotArgs[value] =
          partBody->addArgument(getSlotType(value), value.getLoc());
    rewriter.setInsertionPointToEnd(partBody);
    // Handed values: loaded first.
    Value zero;
    for (Value value : slots) {
      if (!unitUses[index].contains(value))
        continue;
      if (!zero)
        zero = arith::ConstantIndexOp::create(rewriter, kernel.getLoc(), 0);
      Value loaded = memref::LoadOp::create(rewriter, value.getLoc(),
                                            slotArgs[value], zero);
      if (value.getType().isIndex())
        loaded = arith::IndexCastOp::create(rewriter, value.getLoc(),
                                            value.getType(), loaded);
      mapping.map(value, loaded);
    }
    for (Operation &op : body.without_terminator()) {
      if (!needed.contains(&op) && !llvm::is_contained(unit, &op))
        continue;
      Operation *copy = rewriter.clone(op, mapping);
      // Handed values it computes: stored right after.
      for (auto [result, copied] :
           llvm::zip(op.getResults(), copy->getResults())) {
        if (!handed.contains(result))
          continue;
        if (!zero) {
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(partBody);
          zero = arith::ConstantIndexOp::create(rewriter, kernel.getLoc(), 0);
        }
        Value stored = copied;
        if (stored.getType().isIndex())
          stored = arith::IndexCastOp::create(rewriter, result.getLoc(),
                                              rewriter.getI64Type(), stored);
        memref::StoreOp::create(rewriter, result.getLoc(), stored,
                                slotArgs[result], zero);
      }
    }
    rewriter.clone(*body.getTerminator(), mapping);
    parts.push_back(part);
    partArgs.push_back(std::move(args));
    partSlots.push_back(std::move(slots));
  }

  // Launch the parts instead of the kernel.
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(kernel, kernel->getParentOp());
  SmallVector<LaunchOp> launches;
  bool otherUses = false;
  if (uses)
    for (const SymbolTable::SymbolUse &use : *uses) {
      if (auto launch = dyn_cast<LaunchOp>(use.getUser()))
        launches.push_back(launch);
      else
        otherUses = true;
    }
  for (LaunchOp launch : launches) {
    rewriter.setInsertionPoint(launch);
    Location loc = launch.getLoc();
    // The buffers handed values travel in, for this launch.
    DenseMap<Value, Value> slotBuffers;
    for (Value value : handed)
      slotBuffers[value] =
          memref::AllocOp::create(rewriter, loc, getSlotType(value));
    // Explicit map clauses hold for the whole sequence: a data region
    // around the launches, which find their buffers present.
    Block *insertion = nullptr;
    if (!launch.getMapVars().empty()) {
      auto data = DataOp::create(rewriter, loc, launch.getMapVars(),
                                 *launch.getMapKinds(), launch.getDevice());
      insertion = rewriter.createBlock(&data.getBody());
      rewriter.setInsertionPointToStart(insertion);
    }
    for (auto [part, args, slots] : llvm::zip(parts, partArgs, partSlots)) {
      // An explicit grid only fits parts with as many loop dimensions.
      bool keepGrid = launch.getBlocks().size() <= part.getParallelRank() &&
                      launch.getThreads().size() <= part.getParallelRank();
      SmallVector<Value> operands;
      for (unsigned i : args)
        operands.push_back(launch.getArgs()[i]);
      for (Value value : slots)
        operands.push_back(slotBuffers[value]);
      LaunchOp::create(
          rewriter, loc, TypeRange(), part.getSymName(), operands,
          ValueRange(), nullptr, launch.getDevice(),
          keepGrid ? launch.getBlocks() : ValueRange(),
          keepGrid ? launch.getThreads() : ValueRange(), launch.getDevices(),
          launch.getAllowAliasing(), launch.getNowait(),
          launch.getAllDevices());
    }
    if (remarks) {
      InFlightDiagnostic remark = emitRemark(loc);
      remark << "launch of @" << kernel.getSymName() << " split into "
             << parts.size() << " launches";
      if (!handed.empty())
        remark << ", " << handed.size()
               << " value(s) one computes and a later one uses passed in "
                  "one-element buffers";
    }
    rewriter.setInsertionPoint(launch);
    for (Value value : handed)
      memref::DeallocOp::create(rewriter, loc, slotBuffers[value]);
    rewriter.eraseOp(launch);
  }
  if (!otherUses)
    rewriter.eraseOp(kernel);
  return success();
}
