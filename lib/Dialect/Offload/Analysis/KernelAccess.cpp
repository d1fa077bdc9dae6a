//===- KernelAccess.cpp - What kernels do with their buffers ----*- C++ -*-===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::offload;

void BufferAccess::merge(const BufferAccess &other) {
  if (!other.isAccessed() && other.conservative.empty())
    return;
  if (!isAccessed() && conservative.empty()) {
    *this = other;
    return;
  }
  read |= other.read;
  written |= other.written;
  // Whatever one argument leaves unwritten, the other overwrites.
  overwritesAll = (overwritesAll || other.overwritesAll) && !read;
  overwritesSection = false;
  if (section && other.section && section->loopDim == other.section->loopDim &&
      section->wholeBuffer == other.section->wholeBuffer) {
    section->minOffset = std::min(section->minOffset, other.section->minOffset);
    section->maxOffset = std::max(section->maxOffset, other.section->maxOffset);
    // Columns survive only when both bound them by the same loop dimension.
    if (section->hasColumns && other.section->hasColumns &&
        section->colLoopDim == other.section->colLoopDim &&
        section->wholeColumns == other.section->wholeColumns) {
      section->colMinOffset =
          std::min(section->colMinOffset, other.section->colMinOffset);
      section->colMaxOffset =
          std::max(section->colMaxOffset, other.section->colMaxOffset);
    } else {
      section->hasColumns = false;
    }
  } else {
    section.reset();
  }
  if (conservative.empty())
    conservative = other.conservative;
}

Value mlir::offload::getViewRoot(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      value = cast.getSource();
      continue;
    }
    // A call whose callee returns the argument it was given.
    if (auto call = dyn_cast<CallOpInterface>(def)) {
      std::optional<unsigned> returned =
          getReturnedArgument(call, cast<OpResult>(value).getResultNumber());
      if (returned) {
        value = call.getArgOperands()[*returned];
        continue;
      }
    }
    break;
  }
  return value;
}

/// What the body of `call`'s callee returns as result `result` at each of
/// its returns, through memref.casts; none when the callee has no body, or
/// a return has no such result.
static std::optional<SmallVector<Value>> getReturnedValues(CallOpInterface call,
                                                           unsigned result) {
  auto fn = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!fn || fn.isExternal())
    return std::nullopt;
  SmallVector<Value> values;
  for (Block &block : fn.getFunctionBody()) {
    Operation *terminator = block.empty() ? nullptr : &block.back();
    if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    if (result >= terminator->getNumOperands())
      return std::nullopt;
    Value value = terminator->getOperand(result);
    while (auto cast = value.getDefiningOp<memref::CastOp>())
      value = cast.getSource();
    values.push_back(value);
  }
  return values;
}

std::optional<unsigned> mlir::offload::getReturnedArgument(CallOpInterface call,
                                                           unsigned result) {
  std::optional<SmallVector<Value>> values = getReturnedValues(call, result);
  if (!values || values->empty())
    return std::nullopt;
  Block *entry = &cast<FunctionOpInterface>(call.resolveCallable())
                      .getFunctionBody()
                      .front();
  std::optional<unsigned> position;
  for (Value value : *values) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != entry ||
        (position && position != arg.getArgNumber()))
      return std::nullopt;
    position = arg.getArgNumber();
  }
  if (*position >= call.getArgOperands().size())
    return std::nullopt;
  return position;
}

/// returnsNewBuffer, not looking into the callees in `active` again (a
/// recursive function's own calls).
static bool returnsNewBuffer(CallOpInterface call, unsigned result,
                             llvm::SmallPtrSetImpl<Operation *> &active) {
  std::optional<SmallVector<Value>> values = getReturnedValues(call, result);
  Operation *callee = call.resolveCallable();
  if (!values || values->empty() || !active.insert(callee).second)
    return false;
  bool made = llvm::all_of(*values, [&](Value value) {
    if (value.getDefiningOp<memref::AllocOp>())
      return true;
    auto inner = value.getDefiningOp<CallOpInterface>();
    return inner && returnsNewBuffer(
                        inner, cast<OpResult>(value).getResultNumber(), active);
  });
  active.erase(callee);
  return made;
}

bool mlir::offload::returnsNewBuffer(CallOpInterface call, unsigned result) {
  llvm::SmallPtrSet<Operation *, 4> visited;
  return ::returnsNewBuffer(call, result, visited);
}

/// Whether the elements of `type` fill the bytes from its first to its
/// last: packed row-major (dimensions of size 1 aside).
static bool isPacked(MemRefType type) {
  if (type.getLayout().isIdentity() || type.getRank() == 0)
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (type.getDimSize(d) == 1)
      continue; // (its stride never moves anything)
    if (strides[d] != expected)
      return false;
    if (d > 0 && type.isDynamicDim(d))
      return false;
    expected *= type.getDimSize(d);
  }
  return true;
}

bool mlir::offload::mayHaveGaps(MemRefType type) {
  if (isPacked(type))
    return false;
  // Two dimensions whose rows have unit stride move row by row.
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() != 2 ||
         failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1;
}

bool mlir::offload::mayHaveGaps(Value view) {
  if (!mayHaveGaps(cast<MemRefType>(view.getType())))
    return false;
  // (A cast of a packed view is packed: the data ops move the cast's span.)
  while (auto castOp = view.getDefiningOp<memref::CastOp>()) {
    view = castOp.getSource();
    if (isPacked(cast<MemRefType>(view.getType())))
      return false;
  }
  return true;
}

void mlir::offload::forEachUseThroughViews(
    Value root, function_ref<void(OpOperand &)> fn) {
  SmallVector<Value> worklist = {root};
  llvm::SmallPtrSet<Value, 8> seen = {root};
  auto follow = [&](Value value) {
    if (isa<BaseMemRefType>(value.getType()) && seen.insert(value).second)
      worklist.push_back(value);
  };
  // The memref arguments of the entry blocks of `op`'s regions (a loop's
  // iteration arguments).
  auto followRegionArguments = [&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty())
        for (BlockArgument arg : region.front().getArguments())
          follow(arg);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if ((view && view.getViewSource() == value) ||
          isa<memref::CastOp>(user)) {
        for (Value result : user->getResults())
          follow(result);
        continue;
      }
      fn(use);
      // Another op that takes the buffer and returns memrefs (a call, a
      // region op yielding it) may return a view of it: its uses are the
      // buffer's too. A call's result its callee makes of another argument,
      // or allocates itself, is not.
      auto call = dyn_cast<CallOpInterface>(user);
      for (OpResult result : user->getResults()) {
        std::optional<unsigned> returned =
            call ? getReturnedArgument(call, result.getResultNumber())
                 : std::nullopt;
        if (returned && call.getArgOperands()[*returned] != value)
          continue;
        if (call && isa<BaseMemRefType>(result.getType()) &&
            returnsNewBuffer(call, result.getResultNumber()))
          continue;
        follow(result);
      }
      // A terminator yielding it (scf.yield, scf.condition) gives it to the
      // op around (its results) and, in a loop, to the next iteration (the
      // region's arguments); a region op taking it as an operand (a loop's
      // initial value) gives it to its regions; a branch, to the blocks it
      // jumps to. A function's return gives it to its callers, which
      // follow their calls' results.
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        Operation *parent = user->getParentOp();
        if (parent && !isa<FunctionOpInterface>(parent)) {
          for (Value result : parent->getResults())
            follow(result);
          followRegionArguments(parent);
        }
      } else if (user->getNumRegions() != 0) {
        followRegionArguments(user);
      }
      for (Block *successor : user->getSuccessors())
        for (BlockArgument arg : successor->getArguments())
          follow(arg);
    }
  }
}

static bool isOnlyCompared(Value address, unsigned depth);

/// Whether `buffer` (a buffer of addresses, or a function argument holding
/// one) is only written, read to compare what it holds, measured, cast,
/// freed, or passed to a function of this module that does the same (what
/// the ownership-based deallocation's `dealloc_helper` does with the
/// addresses of the buffers it may free).
static bool holdsOnlyComparedAddresses(Value buffer, unsigned depth) {
  if (depth > 8)
    return false;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::DimOp, memref::DeallocOp>(user))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (store.getMemRef() != use.get())
        return false; // the buffer itself stored somewhere
      continue;
    }
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      if (!isOnlyCompared(load.getResult(), depth + 1))
        return false;
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(user)) {
      if (!holdsOnlyComparedAddresses(cast.getResult(), depth + 1))
        return false;
      continue;
    }
    if (auto call = dyn_cast<func::CallOp>(user)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal() ||
          !holdsOnlyComparedAddresses(
              callee.getArgument(use.getOperandNumber()), depth + 1))
        return false;
      continue;
    }
    return false;
  }
  return true;
}

/// Whether `address` (an integer holding an address) is only compared
/// (arith.cmpi), or kept in a buffer of addresses that is (never turned
/// back into a pointer, never handed to what the passes cannot see).
static bool isOnlyCompared(Value address, unsigned depth) {
  if (depth > 8)
    return false;
  for (OpOperand &use : address.getUses()) {
    Operation *user = use.getOwner();
    if (isa<arith::CmpIOp>(user))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      Value root = store.getMemRef();
      while (auto cast = root.getDefiningOp<memref::CastOp>())
        root = cast.getSource();
      if (store.getValueToStore() == use.get() &&
          isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
              root.getDefiningOp()) &&
          holdsOnlyComparedAddresses(root, depth + 1))
        continue;
    }
    return false;
  }
  return true;
}

bool mlir::offload::isAddressEscape(Operation *user) {
  if (isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp>(
          user) ||
      isa<ViewLikeOpInterface, memref::CastOp>(user) ||
      user->hasTrait<OpTrait::IsTerminator>() || user->getNumRegions() != 0)
    return false;
  // The passes' own queries of an address (is it mapped, do two buffers
  // overlap) say so.
  if (user->hasAttr(OffloadDialect::getAddressQueryAttrName()))
    return false;
  // An address only compared (the ownership-based deallocation's checks of
  // which buffers may be freed) hands out nothing.
  if (auto extract = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(user))
    return !isOnlyCompared(extract.getResult(), 0);
  if (isa<UnrealizedConversionCastOp>(user))
    return true;
  // An op without effects that makes something other than a memref of it
  // (a pointer, an integer) may hand out its address.
  auto iface = dyn_cast<MemoryEffectOpInterface>(user);
  if (!iface || !iface.hasNoEffect())
    return false;
  return llvm::any_of(user->getResultTypes(), [](Type type) {
    return !isa<BaseMemRefType>(type) && !type.isIndex();
  });
}

/// Whether `use`, an argument of a launch, is one whose kernel only reads
/// the shape of (memref.dim: loop sizes taken from it).
static bool isShapeOnlyLaunchArgument(OpOperand &use) {
  auto launch = dyn_cast<LaunchOp>(use.getOwner());
  if (!launch)
    return false;
  auto kernel = SymbolTable::lookupNearestSymbolFrom<KernelOp>(
      launch, launch.getKernelAttr());
  unsigned first = launch.getArgs().getBeginOperandIndex();
  unsigned index = use.getOperandNumber();
  if (!kernel || index < first || index - first >= launch.getArgs().size() ||
      kernel.getBody().front().getNumArguments() != launch.getArgs().size())
    return false;
  Value arg = kernel.getBody().front().getArgument(index - first);
  return llvm::all_of(arg.getUsers(),
                      [](Operation *user) { return isa<memref::DimOp>(user); });
}

bool mlir::offload::mayBeReadAfter(Operation *op, Value buffer,
                                   function_ref<bool(OpOperand &)> ignore,
                                   bool ownBuffer) {
  Value root = getViewRoot(buffer);
  Operation *alloc = root.getDefiningOp();
  if (!alloc || (!ownBuffer && !isa<memref::AllocOp, memref::AllocaOp>(alloc)))
    return true;
  bool mayRead = false;
  forEachUseThroughViews(root, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (op->isAncestor(user) || isa<memref::DeallocOp>(user) ||
        isShapeOnlyLaunchArgument(use) || (ignore && ignore(use)))
      return;
    // Its address handed out, before or after: reads through it may follow.
    if (isAddressEscape(user)) {
      mayRead = true;
      return;
    }
    // A use before `op`, in the same block and outside any loop that also
    // holds `op`, cannot observe what `op` wrote.
    Operation *userAncestor = user;
    while (userAncestor && userAncestor->getBlock() != op->getBlock())
      userAncestor = userAncestor->getParentOp();
    if (userAncestor && userAncestor->isBeforeInBlock(op)) {
      bool inLoop = false;
      for (Operation *parent = op->getParentOp();
           parent && parent != alloc->getParentOp();
           parent = parent->getParentOp())
        inLoop |= isa<LoopLikeOpInterface>(parent);
      if (!inLoop)
        return;
    }
    // A use that only inspects the buffer's shape, or whose declared
    // effects on it are writes or a free (a store, a dealloc), reads nothing
    // of what `op` wrote. A use without effects on it may pass it on (a
    // return, a cast, a conversion to a tensor): that counts as a read.
    if (isa<memref::DimOp, memref::RankOp>(user))
      return;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(user)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      bool onIt = false, reads = false;
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (effect.getValue() && effect.getValue() != use.get())
          continue;
        onIt = true;
        reads |= isa<MemoryEffects::Read>(effect.getEffect());
      }
      if (onIt && !reads)
        return;
    }
    mayRead = true;
  });
  return mayRead;
}

namespace {
/// The walk over the uses of one buffer value.
class AccessWalker {
public:
  AccessWalker(llvm::SmallPtrSetImpl<Operation *> &activeCallees)
      : activeCallees(activeCallees) {}

  /// Analyzes `buffer`; `loop` is the kernel's parallel loop when `buffer`
  /// is a kernel argument (direct accesses then bound sections).
  BufferAccess run(Value buffer, scf::ParallelOp loop);

private:
  void visitDirectAccess(Operation *user, Value buffer, ValueRange indices,
                         bool isStore);
  void visitCall(CallOpInterface call, OpOperand &use);
  /// Whether every read of the buffer reads what the kernel wrote before
  /// it (see readsOnlyWhatItWrote's definition).
  bool readsOnlyWhatItWrote() const;

  llvm::SmallPtrSetImpl<Operation *> &activeCallees;
  BufferAccess access;
  scf::ParallelOp loop;
  // Section tracking over the direct loads and stores of the argument.
  bool sectionPossible = true;
  bool anySectionAccess = false;
  BufferSection section;
  bool allOffsetsZero = true;
  // Column tracking for buffers of rank 2 (BufferSection::hasColumns).
  bool columnsPossible = true;
  bool colOffsetsZero = true;
  // A store (or whole-buffer write) that covers the section or the buffer;
  // coversBox: a store at (iv_a, iv_b), two loop dimensions of step 1,
  // that runs in every iteration writes every element of the box.
  bool coversAll = false, coversSection = false, coversBox = false;
  // The writes that cover the buffer (no indices: all of it; indices: a
  // store at the parallel loop's induction variables, its element in every
  // iteration) and the reads (a direct load's indices, or none), in order
  // to tell whether the kernel needs the buffer's previous contents.
  SmallVector<std::pair<Operation *, SmallVector<Value>>> coveringWrites;
  SmallVector<std::pair<Operation *, SmallVector<Value>>> reads;
  // A read the walker cannot place (in a called function).
  bool opaqueRead = false;
};
} // namespace

static void assumeReadWrite(BufferAccess &access, const Twine &why) {
  access.read = access.written = true;
  if (access.conservative.empty())
    access.conservative = why.str();
}

/// Matches `index` against `iv + c` or `iv - c` for an induction variable of
/// `loop`; returns the loop dimension and c.
static std::optional<std::pair<unsigned, int64_t>>
matchInductionPlusConstant(Value index, scf::ParallelOp loop) {
  int64_t offset = 0;
  Value base = index;
  APInt c;
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    if (matchPattern(add.getRhs(), m_ConstantInt(&c))) {
      base = add.getLhs();
      offset = c.getSExtValue();
    } else if (matchPattern(add.getLhs(), m_ConstantInt(&c))) {
      base = add.getRhs();
      offset = c.getSExtValue();
    }
  } else if (auto sub = index.getDefiningOp<arith::SubIOp>()) {
    if (matchPattern(sub.getRhs(), m_ConstantInt(&c))) {
      base = sub.getLhs();
      offset = -c.getSExtValue();
    }
  }
  for (auto [dim, iv] : llvm::enumerate(loop.getInductionVars()))
    if (iv == base)
      return std::make_pair(static_cast<unsigned>(dim), offset);
  return std::nullopt;
}

static bool isConstant(Value value, int64_t expected) {
  APInt c;
  return matchPattern(value, m_ConstantInt(&c)) && c.getSExtValue() == expected;
}

/// Whether dimension `dim` of `a` and dimension `otherDim` of `b`, arguments
/// of one kernel, are equal by its offload.equal_dims.
static bool areEqualDims(Value a, unsigned dim, Value b, unsigned otherDim) {
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (!argA || !argB || argA.getOwner() != argB.getOwner())
    return false;
  auto kernel = dyn_cast_or_null<KernelOp>(argA.getOwner()->getParentOp());
  if (!kernel)
    return false;
  auto classes = kernel->getAttrOfType<ArrayAttr>(
      OffloadDialect::getEqualDimsAttrName());
  if (!classes)
    return false;
  for (auto pairs : classes.getAsRange<DenseI64ArrayAttr>()) {
    bool hasA = false, hasB = false;
    for (unsigned i = 0; i + 1 < static_cast<unsigned>(pairs.size()); i += 2) {
      hasA |= pairs[i] == argA.getArgNumber() && pairs[i + 1] == dim;
      hasB |= pairs[i] == argB.getArgNumber() && pairs[i + 1] == otherDim;
    }
    if (hasA && hasB)
      return true;
  }
  return false;
}

/// Whether `ub` is the size of dimension `dim` of `buffer`: a constant equal
/// to it, or that dimension of `buffer` or of a buffer whose dimension the
/// kernel's offload.equal_dims says is equal to it.
static bool isDimOf(Value ub, Value buffer, unsigned dim) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.isDynamicDim(dim) && isConstant(ub, type.getDimSize(dim)))
    return true;
  auto dimOp = ub.getDefiningOp<memref::DimOp>();
  if (!dimOp)
    return false;
  std::optional<int64_t> index = getConstantIntValue(dimOp.getIndex());
  if (!index)
    return false;
  if (dimOp.getSource() == buffer)
    return *index == dim;
  return areEqualDims(dimOp.getSource(), *index, buffer, dim);
}

/// Whether `op` is a loop that runs its body at least once: constant bounds
/// with at least one iteration along every dimension (as the one-iteration
/// loops that keep a fill beside a row reduction).
static bool runsAtLeastOnce(Operation *op) {
  auto nonEmpty = [](ValueRange lbs, ValueRange ubs) {
    for (auto [lb, ub] : llvm::zip(lbs, ubs)) {
      APInt lower, upper;
      if (!matchPattern(lb, m_ConstantInt(&lower)) ||
          !matchPattern(ub, m_ConstantInt(&upper)) || !lower.slt(upper))
        return false;
    }
    return true;
  };
  if (auto parallel = dyn_cast<scf::ParallelOp>(op))
    return nonEmpty(parallel.getLowerBound(), parallel.getUpperBound());
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return nonEmpty(forOp.getLowerBound(), forOp.getUpperBound());
  return false;
}

/// The 1-D scf.parallel loop nested in `loop` (a proper descendant of it)
/// whose induction variable `index` is, when that loop runs over all of
/// dimension `dim` of `buffer` (from 0, step 1, to the dimension's size),
/// else null: the loops a loop over rows holds for its row's elements.
static scf::ParallelOp getNestedLoopOverDim(Value index, scf::ParallelOp loop,
                                            Value buffer, unsigned dim) {
  auto arg = dyn_cast<BlockArgument>(index);
  if (!arg)
    return {};
  auto nested = dyn_cast<scf::ParallelOp>(arg.getOwner()->getParentOp());
  if (!nested || nested == loop || !loop->isProperAncestor(nested) ||
      nested.getNumLoops() != 1 || !isConstant(nested.getLowerBound()[0], 0) ||
      !isConstant(nested.getStep()[0], 1) ||
      !isDimOf(nested.getUpperBound()[0], buffer, dim))
    return {};
  return nested;
}

/// Whether `a` and `b` index the same element of one buffer in an iteration
/// of `loop`, the kernel's loop: equal, or induction variables of two loops
/// nested in it over the same range (getNestedLoopOverDim: one writes the
/// element of every point of the range, the other reads a point of it).
static bool sameElement(Value a, Value b, scf::ParallelOp loop) {
  if (a == b)
    return true;
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (!argA || !argB || !loop)
    return false;
  auto loopA = dyn_cast<scf::ParallelOp>(argA.getOwner()->getParentOp());
  auto loopB = dyn_cast<scf::ParallelOp>(argB.getOwner()->getParentOp());
  auto same = [](Value x, Value y) {
    if (x == y)
      return true;
    std::optional<int64_t> cx = getConstantIntValue(x),
                           cy = getConstantIntValue(y);
    return cx && cy && *cx == *cy;
  };
  return loopA && loopB && loop->isProperAncestor(loopA) &&
         loop->isProperAncestor(loopB) && loopA.getNumLoops() == 1 &&
         loopB.getNumLoops() == 1 &&
         same(loopA.getLowerBound()[0], loopB.getLowerBound()[0]) &&
         same(loopA.getUpperBound()[0], loopB.getUpperBound()[0]) &&
         same(loopA.getStep()[0], loopB.getStep()[0]);
}

/// Whether dimension `dim` of `loop` surely has an iteration: constant
/// bounds, the lower below the upper. A store in the loop's body that does
/// not index by that dimension runs in none of the iterations when it may
/// be empty (`scf.parallel (%i, %j) = (0, 0) to (%n, %m)` storing x[%i]
/// writes nothing when %m is 0).
static bool surelyIterates(scf::ParallelOp loop, unsigned dim) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[dim]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[dim]);
  return lb && ub && *lb < *ub;
}

/// Whether every dimension of `loop` not in `indexed` surely iterates.
static bool othersIterate(scf::ParallelOp loop,
                          const llvm::SmallDenseSet<unsigned, 4> &indexed) {
  for (unsigned dim = 0, e = loop.getNumLoops(); dim < e; ++dim)
    if (!indexed.contains(dim) && !surelyIterates(loop, dim))
      return false;
  return true;
}

void AccessWalker::visitDirectAccess(Operation *user, Value buffer,
                                     ValueRange indices, bool isStore) {
  // A store that always runs into a buffer of one element writes all of it.
  auto type = cast<MemRefType>(buffer.getType());
  if (isStore && type.hasStaticShape() && type.getNumElements() == 1 &&
      (user->getBlock() == buffer.getParentBlock() ||
       (loop && user->getBlock() == loop.getBody() &&
        othersIterate(loop, {})))) {
    coversAll = true;
    coveringWrites.push_back({user, {}});
  }
  if (!loop || !loop->isProperAncestor(user) || indices.empty()) {
    sectionPossible = false;
    return;
  }
  // `iv + c` of a loop dimension of any step: the rows from lb + c to
  // ub + c hold every row it reaches (all of them with step 1).
  auto match = matchInductionPlusConstant(indices.front(), loop);
  if (!match) {
    sectionPossible = false;
  } else {
    if (!anySectionAccess) {
      section = {match->first, match->second, match->second};
      anySectionAccess = true;
    } else if (section.loopDim != match->first) {
      sectionPossible = false;
    } else {
      section.minOffset = std::min(section.minOffset, match->second);
      section.maxOffset = std::max(section.maxOffset, match->second);
    }
    allOffsetsZero &= match->second == 0;
    // The column of a 2-D access: `iv + c` of another loop dimension.
    auto col = indices.size() == 2
                   ? matchInductionPlusConstant(indices[1], loop)
                   : std::nullopt;
    if (!col || col->first == match->first ||
        !isConstant(loop.getStep()[col->first], 1)) {
      columnsPossible = false;
    } else if (!section.hasColumns) {
      section.hasColumns = true;
      section.colLoopDim = col->first;
      section.colMinOffset = section.colMaxOffset = col->second;
    } else if (section.colLoopDim != col->first) {
      columnsPossible = false;
    } else {
      section.colMinOffset = std::min(section.colMinOffset, col->second);
      section.colMaxOffset = std::max(section.colMaxOffset, col->second);
    }
    if (col)
      colOffsetsZero &= col->second == 0;
  }
  if (!isStore)
    return;
  // A store at exactly (iv_a, iv_b, ...), one distinct loop dimension per
  // buffer dimension, runs once for every point of the loop's iteration
  // space: it writes the buffer's elements the loop ranges over. Past the
  // first, a dimension may also be the induction variable of a loop nested
  // in the kernel's loop over all of that dimension (a loop over rows
  // holding a loop over the row's elements): the store then writes the
  // elements of that dimension in every iteration.
  llvm::SmallDenseSet<Value, 4> seen;
  llvm::SmallPtrSet<Operation *, 2> nestedOverDims;
  bool innerFull = true;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    if (!seen.insert(index).second)
      return;
    if (dim > 0)
      if (scf::ParallelOp nested =
              getNestedLoopOverDim(index, loop, buffer, dim)) {
        nestedOverDims.insert(nested);
        continue;
      }
    auto ivMatch = matchInductionPlusConstant(index, loop);
    if (!ivMatch || ivMatch->second != 0 ||
        !isConstant(loop.getStep()[ivMatch->first], 1))
      return;
    if (dim == 0)
      continue;
    innerFull &= isConstant(loop.getLowerBound()[ivMatch->first], 0) &&
                 isDimOf(loop.getUpperBound()[ivMatch->first], buffer, dim);
  }
  // Every point of the loop's space writes: the dimensions the store does
  // not index by have iterations.
  llvm::SmallDenseSet<unsigned, 4> indexed;
  for (Value index : indices)
    if (auto ivMatch = matchInductionPlusConstant(index, loop))
      indexed.insert(ivMatch->first);
  if (!othersIterate(loop, indexed))
    return;
  // The store runs in every iteration: every op around it up to the loop's
  // body runs at least once, or is one of those nested loops.
  for (Operation *op = user; op->getBlock() != loop.getBody();) {
    op = op->getParentOp();
    if (!op || (!runsAtLeastOnce(op) && !nestedOverDims.contains(op)))
      return;
  }
  // Each iteration writes its own element, so a load of the same indices
  // later in the iteration reads what the kernel wrote.
  coveringWrites.push_back({user, llvm::to_vector(indices)});
  // Both indices induction variables of the kernel's loop: the store
  // writes every element of the box the loop ranges over.
  coversBox |= indices.size() == 2 && nestedOverDims.empty();
  if (!innerFull)
    return;
  unsigned outer = matchInductionPlusConstant(indices[0], loop)->first;
  coversSection = true;
  coversAll |= isConstant(loop.getLowerBound()[outer], 0) &&
               isDimOf(loop.getUpperBound()[outer], buffer, 0);
}

void AccessWalker::visitCall(CallOpInterface call, OpOperand &use) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallable());
  unsigned begin = call.getArgOperands().getBeginOperandIndex();
  unsigned index = use.getOperandNumber() - begin;
  if (!callee || callee.isExternal() || use.getOperandNumber() < begin ||
      index >= callee.getNumArguments()) {
    assumeReadWrite(access, "passes it to '" +
                                call->getName().getStringRef() +
                                "' of a function without a body");
    return;
  }
  if (!activeCallees.insert(callee).second) {
    assumeReadWrite(access, "passes it to recursive function @" +
                                callee.getName());
    return;
  }
  AccessWalker inner(activeCallees);
  BufferAccess calleeAccess =
      inner.run(callee.getArgument(index), /*loop=*/nullptr);
  activeCallees.erase(callee);
  opaqueRead |= calleeAccess.read;
  access.read |= calleeAccess.read;
  access.written |= calleeAccess.written;
  if (access.conservative.empty() && !calleeAccess.conservative.empty())
    access.conservative = ("passes it to @" + callee.getName() + ", which " +
                           calleeAccess.conservative)
                              .str();
}

/// A read that comes after a write of the whole buffer reads what the kernel
/// wrote; so does a load, later in an iteration of the parallel loop, of the
/// element a store at the loop's induction variables wrote in that iteration
/// (each iteration writes its own element), where an index may also be that
/// of a nested loop over a range a nested loop of the store covered. "After"
/// is in the block of the write or of an op that holds it (every op between
/// a covering store and the loop body runs in every iteration).
bool AccessWalker::readsOnlyWhatItWrote() const {
  if (opaqueRead || !access.conservative.empty())
    return false;
  auto comesAfter = [](Operation *reader, Operation *writer) {
    for (Operation *level = writer; level && !isa<KernelOp>(level);
         level = level->getParentOp()) {
      Operation *ancestor = level->getBlock()->findAncestorOpInBlock(*reader);
      if (ancestor && ancestor != level && level->isBeforeInBlock(ancestor))
        return true;
    }
    return false;
  };
  return llvm::all_of(reads, [&](const auto &read) {
    Operation *reader = read.first;
    ArrayRef<Value> readIndices = read.second;
    return llvm::any_of(coveringWrites, [&](const auto &write) {
      ArrayRef<Value> writeIndices = write.second;
      if (!writeIndices.empty() &&
          (readIndices.size() != writeIndices.size() ||
           !llvm::all_of(llvm::zip(readIndices, writeIndices),
                         [&](auto pair) {
                           return sameElement(std::get<0>(pair),
                                              std::get<1>(pair), loop);
                         })))
        return false;
      return comesAfter(reader, write.first);
    });
  });
}

BufferAccess AccessWalker::run(Value buffer, scf::ParallelOp parallelLoop) {
  loop = parallelLoop;
  llvm::SetVector<Value> worklist;
  worklist.insert(buffer);
  for (size_t i = 0; i < worklist.size(); ++i) {
    Value value = worklist[i];
    bool direct = value == buffer;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // A view aliases its source: follow it. Accesses through it are not
      // bounded by the section analysis.
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value) {
        sectionPossible = false;
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.insert(result);
        continue;
      }
      if (auto call = dyn_cast<CallOpInterface>(user)) {
        sectionPossible = false;
        visitCall(call, use);
        continue;
      }
      if (auto branch = dyn_cast<BranchOpInterface>(user)) {
        sectionPossible = false;
        if (std::optional<BlockArgument> target =
                branch.getSuccessorBlockArgument(use.getOperandNumber())) {
          worklist.insert(*target);
          continue;
        }
      }
      // A terminator yielding it (scf.yield of an scf.if, scf.index_switch,
      // scf.execute_region or a loop; scf.condition) gives it to the op
      // around: accesses through that op's results, and through its
      // regions' arguments (a loop's next iteration), are the buffer's.
      if (user->hasTrait<OpTrait::IsTerminator>() &&
          user->getNumSuccessors() == 0) {
        Operation *parent = user->getParentOp();
        if (parent && !isa<FunctionOpInterface>(parent)) {
          sectionPossible = false;
          for (Value result : parent->getResults())
            if (isa<BaseMemRefType>(result.getType()))
              worklist.insert(result);
          for (Region &region : parent->getRegions())
            if (!region.empty())
              for (BlockArgument arg : region.front().getArguments())
                if (isa<BaseMemRefType>(arg.getType()))
                  worklist.insert(arg);
          continue;
        }
      }
      auto iface = dyn_cast<MemoryEffectOpInterface>(user);
      if (!iface) {
        sectionPossible = false;
        assumeReadWrite(access, "passes it to '" +
                                    user->getName().getStringRef() +
                                    "', whose memory effects are unknown");
        continue;
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      bool reads = false, writes = false;
      for (const MemoryEffects::EffectInstance &effect : effects) {
        // An effect on another value does not touch the buffer; one on no
        // particular value may.
        if (effect.getValue() && effect.getValue() != value)
          continue;
        if (isa<MemoryEffects::Read>(effect.getEffect())) {
          reads = true;
        } else if (isa<MemoryEffects::Write>(effect.getEffect())) {
          writes = true;
        } else if (isa<MemoryEffects::Free>(effect.getEffect())) {
          assumeReadWrite(access, "frees it with '" +
                                      user->getName().getStringRef() + "'");
        } else {
          assumeReadWrite(access, "has an allocation effect on it in '" +
                                      user->getName().getStringRef() + "'");
        }
      }
      access.read |= reads;
      access.written |= writes;
      if (reads) {
        auto load = dyn_cast<memref::LoadOp>(user);
        this->reads.push_back(
            {user, load && direct ? llvm::to_vector(load.getIndices())
                                  : SmallVector<Value>()});
      }
      // Loads and stores of the argument itself bound the section.
      if (auto load = dyn_cast<memref::LoadOp>(user); load && direct) {
        visitDirectAccess(user, value, load.getIndices(), /*isStore=*/false);
      } else if (auto store = dyn_cast<memref::StoreOp>(user);
                 store && direct && store.getMemRef() == value) {
        visitDirectAccess(user, value, store.getIndices(), /*isStore=*/true);
      } else if (reads || writes) {
        sectionPossible = false;
        // A whole-buffer write that runs unconditionally: a destination-
        // style op's init it does not read, or the target of a copy.
        bool unconditional =
            direct && (!loop ? user->getParentOp() ==
                                   buffer.getParentBlock()->getParentOp()
                             : (user->getBlock() == loop.getBody() &&
                                othersIterate(loop, {})) ||
                                   user->getBlock() == buffer.getParentBlock());
        bool wholeWrite = false;
        if (auto dps = dyn_cast<DestinationStyleOpInterface>(user))
          wholeWrite = dps.isDpsInit(&use) && !reads;
        else if (auto copy = dyn_cast<memref::CopyOp>(user))
          wholeWrite = copy.getTarget() == value;
        if (unconditional && wholeWrite) {
          coversAll = true;
          coveringWrites.push_back({user, {}});
        }
      }
      // Results that are memrefs derived from the operand (a cast that is
      // not a view, for instance) alias it.
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) && iface.hasNoEffect())
          worklist.insert(result);
    }
  }
  access.overwritesAll =
      coversAll && (!access.read || readsOnlyWhatItWrote());
  if (sectionPossible && anySectionAccess &&
      cast<MemRefType>(buffer.getType()).getRank() > 0) {
    access.section = section;
    access.section->wholeBuffer =
        isConstant(loop.getLowerBound()[section.loopDim], 0) &&
        isDimOf(loop.getUpperBound()[section.loopDim], buffer, 0);
    BufferSection &result = *access.section;
    if (!columnsPossible || cast<MemRefType>(buffer.getType()).getRank() != 2)
      result.hasColumns = false;
    if (result.hasColumns)
      result.wholeColumns =
          isConstant(loop.getLowerBound()[result.colLoopDim], 0) &&
          isDimOf(loop.getUpperBound()[result.colLoopDim], buffer, 1);
    access.overwritesSection =
        (result.isBox() ? coversBox && colOffsetsZero : coversSection) &&
        allOffsetsZero && !access.read;
  }
  return access;
}

const BufferAccess &KernelAccessAnalysis::getAccess(KernelOp kernel,
                                                    unsigned index,
                                                    int member) {
  auto key = std::make_tuple(kernel.getOperation(), index, member);
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second;
  llvm::SmallPtrSet<Operation *, 4> activeCallees;
  auto loop = dyn_cast_or_null<scf::ParallelOp>(kernel.getParallelLoop());
  BlockArgument arg = kernel.getArgument(index);
  BufferAccess access;
  if (member < 0) {
    AccessWalker walker(activeCallees);
    access = walker.run(arg, loop);
  } else {
    // A member of an aggregate: what the kernel does with it after each
    // offload.unpack (the kernel verifier allows no other use).
    for (Operation *user : arg.getUsers())
      if (auto unpack = dyn_cast<UnpackOp>(user)) {
        AccessWalker walker(activeCallees);
        access.merge(walker.run(unpack.getMembers()[member], loop));
      }
  }
  return cache.try_emplace(key, std::move(access)).first->second;
}

Value mlir::offload::materializeOnHost(OpBuilder &b, KernelOp kernel,
                                       Value value, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (!def || def->getParentOp() != kernel || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return {};
  for (Value operand : def->getOperands())
    if (!materializeOnHost(b, kernel, operand, mapping))
      return {};
  b.clone(*def, mapping);
  return mapping.lookup(value);
}

Value mlir::offload::materializeOnHost(OpBuilder &b, LaunchOp launch,
                                       KernelOp kernel, OpFoldResult value) {
  if (auto attr = dyn_cast<Attribute>(value))
    return arith::ConstantIndexOp::create(b, launch.getLoc(),
                                          cast<IntegerAttr>(attr).getInt());
  IRMapping mapping;
  for (auto [arg, operand] : llvm::zip(kernel.getArguments(), launch.getArgs()))
    mapping.map(arg, operand);
  return materializeOnHost(b, kernel, cast<Value>(value), mapping);
}
