//===- OutlineLinalg.cpp - offload-outline-linalg ---------------*- C++ -*-===//
//
// Moves the structured linalg ops that host code runs on memrefs (what an ML
// compiler hands over after bufferization) into kernels of their own, and
// launches them where the ops were. Everything after (map inference,
// residency, queued launches, checking) then treats them as any launch.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADOUTLINELINALG
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Which ops go into one kernel
//===----------------------------------------------------------------------===//

/// A linalg op this pass outlines: structured, on memrefs only.
static linalg::LinalgOp getOutlinable(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics())
    return {};
  return linalgOp;
}

/// Whether the ops of a kernel may move past `op` to the place of the
/// group's last op: `op` neither reads nor writes memory (constants, index
/// math, views, `memref.dim`) or only allocates (`memref.alloc`).
static bool canMovePast(Operation *op) {
  if (op->getNumRegions() == 0 && isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions() != 0)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect());
  });
}

/// Parallel loops only, every operand indexed by a projected permutation of
/// them and every output by the identity: each point of the iteration space
/// writes its own output elements.
static bool isElementwise(linalg::LinalgOp op) {
  if (op.getNumParallelLoops() != op.getNumLoops())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation())
      return false;
    if (op.isDpsInit(&operand) && !map.isIdentity())
      return false;
  }
  return true;
}

/// Whether `op` reads, as an input, a buffer that an op of `group` writes.
static bool readsGroupOutput(ArrayRef<linalg::LinalgOp> group,
                             linalg::LinalgOp op) {
  for (linalg::LinalgOp member : group)
    for (Value written : member.getDpsInits())
      for (OpOperand *input : op.getDpsInputOperands())
        if (input->get() == written)
          return true;
  return false;
}

/// Whether `op` reduces into the buffer that `fill` fills (C = 0; C += ...):
/// the fill is then the reduction's initial value.
static bool reducesInto(linalg::FillOp fill, linalg::LinalgOp op) {
  return op.getNumReductionLoops() > 0 && op.getNumDpsInits() == 1 &&
         op.getDpsInitOperand(0)->get() == fill.getOutputs().front();
}

/// Whether `op` goes into the kernel of `group` (ops in program order);
/// `next` is the outlinable op after `op` that the group could reach (only
/// ops that may move past the group in between), or null.
///   - A fill followed by an op that reduces into the filled buffer: the
///     fill is the reduction's initial value.
///   - An op that reads what the group writes (a consumer: the epilogue of
///     a contraction, the steps of a softmax), and a fill whose buffer the
///     next op reduces into while reading what the group writes (the fill
///     of a consumer that is a reduction).
///   - Elementwise ops in a chain: `op` reads or writes, through the
///     identity, a buffer that the previous op writes through the identity,
///     so both run over that buffer's shape.
/// The kernel may then hold several loops: offload-split-kernels fuses
/// those that it can and launches the rest one after the other, with their
/// buffers left on the device.
static bool joinsGroup(ArrayRef<linalg::LinalgOp> group, linalg::LinalgOp op,
                       linalg::LinalgOp next) {
  linalg::LinalgOp last = group.back();
  if (group.size() == 1 && isa<linalg::FillOp>(last.getOperation()) &&
      reducesInto(cast<linalg::FillOp>(last.getOperation()), op))
    return true;
  if (readsGroupOutput(group, op))
    return true;
  if (auto fill = dyn_cast<linalg::FillOp>(op.getOperation()))
    if (next && reducesInto(fill, next) && readsGroupOutput(group, next))
      return true;
  if (!isElementwise(last) || !isElementwise(op))
    return false;
  for (OpOperand &written : last.getDpsInitsMutable())
    for (OpOperand &operand : op->getOpOperands())
      if (operand.get() == written.get() &&
          op.getMatchingIndexingMap(&operand).isIdentity())
        return true;
  return false;
}

/// The next outlinable op after `op` in its block with only ops that may
/// move past a group in between, or null.
static linalg::LinalgOp getNextOutlinable(Operation *op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (linalg::LinalgOp linalgOp = getOutlinable(next))
      return linalgOp;
    if (!canMovePast(next))
      return {};
  }
  return {};
}

/// Groups the outlinable ops of `block` into kernels, in program order.
static void
collectGroups(Block &block,
              SmallVectorImpl<SmallVector<linalg::LinalgOp>> &groups) {
  SmallVector<linalg::LinalgOp> current;
  auto flush = [&] {
    if (!current.empty())
      groups.push_back(std::move(current));
    current.clear();
  };
  for (Operation &op : block) {
    if (linalg::LinalgOp linalgOp = getOutlinable(&op)) {
      if (current.empty() ||
          !joinsGroup(current, linalgOp, getNextOutlinable(&op)))
        flush();
      current.push_back(linalgOp);
      continue;
    }
    if (!canMovePast(&op))
      flush();
  }
  flush();
}

//===----------------------------------------------------------------------===//
// Where the launch runs
//===----------------------------------------------------------------------===//

/// Whether `launch` runs over several devices (`devices(...)`).
static bool isSplit(LaunchOp launch) {
  return launch.getAllDevices() || !launch.getDevices().empty();
}

/// Gives `launch` the devices of the split launches of its block (at any
/// nesting; else of the closest enclosing block of the function that has
/// some) that take one of the buffers it takes whole, when they all run
/// over the same devices, those are known at `launch`, and it takes no view
/// of their buffers: an op between the launches of an iterated stencil (a
/// norm, an update) then runs over the devices that keep the buffers'
/// sections, instead of needing them whole on one device. Returns the first
/// such launch, or null when `launch` keeps the default device.
static LaunchOp placeBesideSplitLaunches(LaunchOp launch,
                                         DominanceInfo &dominance) {
  // (Buffers it takes whole: split launches keep no sections across a
  // launch given a view of their buffers, which then gains nothing from
  // their devices.)
  llvm::SmallPtrSet<Value, 4> roots, views;
  for (Value arg : launch.getArgs())
    if (isa<MemRefType>(arg.getType()))
      (getViewRoot(arg) == arg ? roots : views).insert(getViewRoot(arg));
  SmallVector<LaunchOp> beside;
  for (Block *block = launch->getBlock(); block && beside.empty();) {
    for (Operation &op : *block)
      op.walk([&](LaunchOp other) {
        if (other == launch || !isSplit(other))
          return;
        if (llvm::any_of(other.getArgs(), [&](Value arg) {
              return isa<MemRefType>(arg.getType()) &&
                     roots.contains(getViewRoot(arg));
            }))
          beside.push_back(other);
      });
    Operation *parent = block->getParentOp();
    if (!parent || isa<func::FuncOp>(parent))
      break;
    block = parent->getBlock();
  }
  if (beside.empty() ||
      llvm::any_of(beside, [&](LaunchOp other) {
        return llvm::any_of(other.getArgs(), [&](Value arg) {
          return isa<MemRefType>(arg.getType()) &&
                 views.contains(getViewRoot(arg));
        });
      }))
    return {};
  LaunchOp first = beside.front();
  for (LaunchOp other : beside)
    if (other.getAllDevices() != first.getAllDevices() ||
        other.getDevices() != first.getDevices())
      return {};
  for (Value device : first.getDevices())
    if (!dominance.properlyDominates(device, launch))
      return {};
  launch.setAllDevices(first.getAllDevices());
  launch.getDevicesMutable().assign(first.getDevices());
  return first;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct OffloadOutlineLinalgPass
    : public offload::impl::OffloadOutlineLinalgBase<OffloadOutlineLinalgPass> {
  using Base::Base;

  void runOnOperation() override;

  /// Moves `group` into a new kernel next to `func` and launches it in place
  /// of the group's last op. Fails (after an error) when a value the ops use
  /// cannot be a kernel argument; nothing is changed then.
  LogicalResult outline(func::FuncOp func, ArrayRef<linalg::LinalgOp> group,
                        DominanceInfo &dominance);
  /// A kernel name for `op` in `func` that no symbol of the module has.
  std::string getKernelName(func::FuncOp func, Operation *op);

  /// An earlier kernel of this run that does what `kernel` does (same
  /// type, same body up to locations), or null.
  KernelOp findEquivalent(KernelOp kernel);

  SymbolTable *symbols = nullptr;
  llvm::StringMap<unsigned> nextIndex;
  /// The kernels this run made, in order.
  SmallVector<KernelOp> outlined;
};
} // namespace

void OffloadOutlineLinalgPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (!module->hasAttr(OffloadDialect::getTargetsAttrName()))
    return;
  SymbolTable table(module);
  symbols = &table;
  outlined.clear();
  bool failedAny = false;
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
    if (func.isExternal() || func->hasAttr(OffloadDialect::getHostAttrName()))
      continue;
    // Blocks of the function's own code: not the bodies of linalg ops, nor
    // of ops isolated from above (which are not host code of this
    // function).
    SmallVector<Block *> blocks;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != func.getOperation() &&
          (isa<linalg::LinalgOp>(op) ||
           op->hasTrait<OpTrait::IsIsolatedFromAbove>()))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });
    DominanceInfo dominance(func);
    for (Block *block : blocks) {
      SmallVector<SmallVector<linalg::LinalgOp>> groups;
      collectGroups(*block, groups);
      for (ArrayRef<linalg::LinalgOp> group : groups)
        failedAny |= failed(outline(func, group, dominance));
    }
  }
  if (failedAny)
    signalPassFailure();
}

KernelOp OffloadOutlineLinalgPass::findEquivalent(KernelOp kernel) {
  for (KernelOp other : outlined)
    if (other.getFunctionType() == kernel.getFunctionType() &&
        OperationEquivalence::isRegionEquivalentTo(
            &other.getBody(), &kernel.getBody(),
            OperationEquivalence::IgnoreLocations))
      return other;
  return {};
}

std::string OffloadOutlineLinalgPass::getKernelName(func::FuncOp func,
                                                    Operation *op) {
  // A C identifier whatever the function's name (`main.1`, `jit(g)`).
  std::string prefix = toKernelName(("__linalg_" + func.getSymName() + "_" +
                                     op->getName().stripDialect() + "_")
                                        .str());
  unsigned &index = nextIndex[prefix];
  std::string name;
  do
    name = prefix + std::to_string(index++);
  while (symbols->lookup(name));
  return name;
}

/// Describes what `op` does with `value` for a diagnostic.
static std::string describeUse(Operation *op, Value value) {
  for (OpOperand &operand : op->getOpOperands())
    if (operand.get() == value)
      return "its operand #" + std::to_string(operand.getOperandNumber());
  return "a value its body uses from above";
}

LogicalResult
OffloadOutlineLinalgPass::outline(func::FuncOp func,
                                  ArrayRef<linalg::LinalgOp> group,
                                  DominanceInfo &dominance) {
  // The values the ops use from the host: the operands of the ops other
  // than fills (so a fill + matmul kernel takes A, B, C in that order), of
  // the fills, then what their bodies capture. Constants are cloned into
  // the kernel rather than passed.
  llvm::SetVector<Value> arguments;
  llvm::SetVector<Value> constants;
  llvm::SmallPtrSet<Value, 2> rejected;
  auto addValue = [&](Operation *user, Value value) {
    if (arguments.contains(value) || constants.contains(value) ||
        rejected.contains(value))
      return;
    Operation *def = value.getDefiningOp();
    if (def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
        def->getNumResults() == 1 && def->hasTrait<OpTrait::ConstantLike>()) {
      constants.insert(value);
      return;
    }
    if (!isSupportedKernelArgType(value.getType())) {
      InFlightDiagnostic diag = user->emitError();
      diag << "'" << user->getName()
           << "' cannot run on the device: " << describeUse(user, value)
           << " has type " << value.getType()
           << ", which a kernel cannot take (kernel arguments are memrefs "
              "with an identity or strided layout in the default memory "
              "space, and integer, float or index scalars)";
      diag.attachNote() << "mark the function '"
                        << OffloadDialect::getHostAttrName()
                        << "' to keep its linalg ops on the host";
      rejected.insert(value);
      return;
    }
    arguments.insert(value);
  };
  for (bool fills : {false, true})
    for (linalg::LinalgOp op : group)
      if (isa<linalg::FillOp>(op.getOperation()) == fills)
        for (Value operand : op->getOperands())
          addValue(op, operand);
  for (linalg::LinalgOp op : group) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    for (Value value : captured)
      addValue(op, value);
  }
  if (!rejected.empty())
    return failure();

  // The op that names the kernel: the first one that is not a fill (the
  // contraction after its fill, the head of an elementwise chain).
  Operation *last = group.back();
  Operation *main = group.front();
  for (linalg::LinalgOp op : group)
    if (!isa<linalg::FillOp>(op.getOperation())) {
      main = op;
      break;
    }
  Location loc = last->getLoc();
  MLIRContext *ctx = &getContext();

  // The kernel, before the function.
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (Value value : arguments) {
    types.push_back(value.getType());
    locs.push_back(value.getLoc());
  }
  OpBuilder b(func);
  auto kernel = KernelOp::create(b, loc, getKernelName(func, main),
                                 FunctionType::get(ctx, types, {}));
  SymbolTable::setSymbolVisibility(kernel, SymbolTable::Visibility::Private);
  symbols->insert(kernel, Block::iterator(func));
  Block *body = b.createBlock(&kernel.getBody(), {}, types, locs);
  IRMapping mapping;
  mapping.map(arguments.getArrayRef(), body->getArguments());
  for (Value value : constants)
    b.clone(*value.getDefiningOp(), mapping);
  for (linalg::LinalgOp op : group)
    b.clone(*op, mapping);
  ReturnOp::create(b, loc);

  // Identical ops (the same layer applied twice, a warm-up run and a timed
  // one) launch one kernel: one image entry, one first-launch cost.
  KernelOp reused = findEquivalent(kernel);
  if (reused) {
    symbols->erase(kernel);
    kernel = reused;
  } else {
    outlined.push_back(kernel);
  }

  // The launch, in place of the last op.
  b.setInsertionPoint(last);
  auto launch = LaunchOp::create(b, loc, kernel.getSymName(),
                                 arguments.getArrayRef(), ValueRange(),
                                 ArrayAttr(), Value(), ValueRange(),
                                 ValueRange(), ValueRange());
  LaunchOp beside = placeBesideSplitLaunches(launch, dominance);
  if (remarks) {
    InFlightDiagnostic remark = emitRemark(loc) << "outlined ";
    for (auto [index, op] : llvm::enumerate(group)) {
      if (index > 0)
        remark << (index + 1 == group.size() ? " and " : ", ");
      remark << op->getName();
    }
    remark << " into kernel @" << kernel.getSymName();
    if (reused)
      remark << " (the same kernel as an earlier group's)";
    remark << " launched here";
    if (beside)
      remark << ", over the devices of the split launch of @"
             << beside.getKernel() << " beside it, which takes one of its "
             << "buffers";
  }
  for (linalg::LinalgOp op : group)
    op->erase();
  numOps += group.size();
  if (!reused)
    ++numKernels;
  return success();
}
