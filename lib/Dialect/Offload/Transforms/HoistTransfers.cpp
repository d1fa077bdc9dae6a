//===- HoistTransfers.cpp - offload-hoist-transfers -------------*- C++ -*-===//
//
// Keeps buffers on the device across the launches of a block and out of
// loops: one enter_data before the first op that launches on a buffer, one
// exit_data after the last, and updates of exactly what host code touches in
// between. The launches' own map clauses then find their buffers present and
// copy nothing (libomptarget counts references).
//
// An op of the block that both launches on a buffer and touches it on the
// host (a loop whose body launches, then reads one element) keeps the buffer
// resident too: its blocks are then walked in "resident" mode, which only
// inserts the updates the host accesses need.
//
// Across calls: every function is summarised first, bottom-up over the call
// graph (per memref argument: whether its launches map it, what they need
// and write, whether the host touches it inside). A call to a function that
// launches on a buffer is then one more op of the caller's block that
// launches on it, so the maps leave the caller's loop; the call goes to a
// private copy of the callee, `@<name>_resident_<positions>`, entered with
// those arguments on the device: its launches find them present, and its
// host accesses get the updates they need. The callee itself is left as it
// is, for its other callers. The functions of a cycle of calls (recursive
// ones) are summarised together, to a fixed point: an argument the cycle
// only launches on and passes on within it is entered too, and the calls
// within the cycle's copies call copies entered with it; one the host
// touches inside the cycle keeps its per-launch clauses.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/CarriedBuffers.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/Analysis/KernelShares.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/ByteRange.h"
#include "offload/Dialect/Offload/Utils/GlobalArguments.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADHOISTTRANSFERS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Marks the updates of one element through an alias (a value that may be
/// one of several buffers), which every buffer the alias may be shares.
static constexpr StringLiteral kAliasElement = "offload.alias_element";

namespace {
/// What a function does with one of its memref arguments, for callers that
/// keep the buffer on the device around calls to it.
struct ArgSummary {
  /// Why a caller cannot enter the function with the argument on the
  /// device (empty when it can).
  std::string unknown;
  /// Launches (its own, or those of functions it calls) map it.
  bool launches = false;
  /// The host touches it inside (itself or in functions it calls).
  bool hostAccess = false;
  /// Some host access inside updates more than one element of it when it
  /// is resident (all of it, or a host loop's boxes).
  bool wideHostAccess = false;
  /// The device needs the caller's contents: something may read it before
  /// a launch overwrote all of it.
  bool needsHostData = false;
  bool deviceWrites = false;
  /// The first thing the function does with it is a launch that always
  /// runs and overwrites all of it.
  bool initializes = false;
  /// Not `initializes` only because that launch writes the section [0, the
  /// size of argument #k) of it (a loop bounded by another buffer's size):
  /// a call whose operands here and at #k have the same size initializes
  /// it (initializesAt), and then needs none of the caller's data unless
  /// `needsHostData` has another reason (!needsHostDataUnlessSized).
  std::optional<unsigned> initializesIfSizeOf;
  bool needsHostDataUnlessSized = false;
  unsigned numLaunches = 0, numLoopLaunches = 0;
  /// Copies of it one call makes when it is not on the device already.
  unsigned copies = 0;
  /// Updates one call of its resident copy makes for host accesses (at
  /// most: one before each read, one after each write).
  unsigned updates = 0;
  /// The device its launches pick: a constant, or the function's argument
  /// at this position; neither for the default device.
  std::optional<int64_t> deviceConstant;
  std::optional<unsigned> deviceArg;
  /// Elements the host stores after the last launch on it (stores that
  /// surely run, at indices that are arguments or constants): at the
  /// return, the host's copy of each is the newest (its update `to`
  /// followed), so a caller's read of one needs no update. Each index: the
  /// position of the argument holding it plus a constant offset, or a
  /// constant.
  struct Index {
    bool isArgument;
    int64_t value;
    int64_t offset = 0;
  };
  SmallVector<SmallVector<Index, 2>, 1> storedLast;

  bool touches() const { return launches || hostAccess; }
};

/// The summaries of a function's memref arguments, by position.
struct FunctionSummary {
  /// Why no argument can be resident across calls (recursion, ...).
  std::string unknown;
  DenseMap<unsigned, ArgSummary> args;
  /// The same for the memref results that are buffers it makes itself (an
  /// allocation, or such a result of a call) and launches on: a copy of it
  /// can return them still on the device, entered.
  DenseMap<unsigned, ArgSummary> results;
  /// It calls through a function pointer (itself or in a function it
  /// calls): the callee may use a global directly.
  bool callsThroughPointers = false;
};
/// The summaries by function, and what code outside the module may call.
struct SummaryMap : DenseMap<Operation *, FunctionSummary> {
  /// A public function of the module with memref arguments that launches
  /// kernels or maps data (itself, or in a function it calls), as "@name"
  /// (the first by name; empty when there is none): code outside the
  /// module that is given a buffer may call it back with that buffer.
  std::string publicOffloader;
};

/// An element the host stored (its memref and indices): the host's copy of
/// it is the newest.
struct StoredElement {
  /// The op of the block that stored it (a store, or a call).
  Operation *at;
  Value memref;
  SmallVector<Value, 2> indices;
  /// Per index: the offset from `indices` (a callee's `a[k + 1]`), or the
  /// constant index where `indices` has none.
  SmallVector<int64_t, 2> offsets;
};

/// A call passing the buffer as argument #position to a summarised function
/// that touches it.
struct CallUse {
  CallOpInterface call;
  unsigned position;
  const ArgSummary *summary;
  /// The call runs inside an op whose updates make the host's copy the
  /// buffer's contents throughout: it calls the function itself, not the
  /// resident copy (whose own updates would bring back what the device
  /// holds over the host's newer writes).
  bool plain = false;
};

/// A box of a buffer that a host loop touches: along dimension `dim`, the
/// loop's variable plus a constant in [min, max]; along the others, the
/// index `fixed[d]`, the same in every iteration (without `dim`: one
/// element).
struct HostPiece {
  SmallVector<Value> fixed; // null at `dim`
  std::optional<unsigned> dim;
  int64_t min = 0, max = 0;
  /// The offsets its stores reach (in [min, max]): its update `to` needs
  /// no more (the elements it only reads are the same on both sides).
  int64_t writeMin = 0, writeMax = 0;
  bool reads = false, writes = false;
  /// The loop stores every element of it (and reads none).
  bool writesAll = false;
};

/// What one op of a block does with a buffer.
struct Event {
  Operation *op = nullptr; // an op of the block
  // Launches (`op` itself or nested in it) that map the buffer.
  SmallVector<LaunchOp> launches;
  // Calls (`op` itself or nested in it) to summarised functions that touch
  // the buffer: with the buffer resident, they call the resident copy.
  SmallVector<CallUse> calls;
  /// Launches in the functions `calls` call.
  unsigned callLaunches = 0;
  /// Host accesses in the functions `calls` call.
  bool calleeHostAccess = false;
  /// `op` is a call whose callee starts by overwriting all of the buffer.
  bool callInitializes = false;
  /// Some launch maps all of `var` without copying it in and writes it
  /// (every element: `from`).
  bool launchWritesWhole = false;
  /// Some launch writes every element of the section of `var` it maps
  /// (`from`) without copying it in.
  bool launchWritesSection = false;
  bool copiesIn = false; // some launch needs the host's contents
  bool deviceWrites = false;
  bool inLoop = false; // some launch runs repeatedly inside `op`
  // Host accesses (`op` itself or nested in it).
  bool hostReads = false, hostWrites = false;
  /// The one element the host touches, when `op` is a load or store of it,
  /// and the value its memref is an alias of (through casts and calls
  /// returning their argument): its indices locate it there.
  Operation *element = nullptr;
  Value elementSource;
  /// When the element op indexes a view of the buffer (a row of it): that
  /// view, whose indices locate the element.
  Value elementView;
  /// `op` is a memref.copy into all of the buffer, its only host access.
  bool copiesIntoAll = false;
  /// When `op` is a host scf.for whose accesses of the buffer `rangeRoot`
  /// (loads and stores) each index it at the loop's variable plus a
  /// constant in one dimension, or in none, and by values the same in every
  /// iteration in the others: the boxes holding them (a row, a column, the
  /// ghost rows of a grid), each moved by updates of its own.
  scf::ForOp rangeLoop;
  Value rangeRoot;
  SmallVector<HostPiece, 0> pieces;
  /// `op` frees the buffer.
  bool frees = false;
  /// `op` makes the buffer and leaves it entered on the device (the enter
  /// of its span): a call returning it (as result #resultNumber) from a
  /// callee that launches on it, which with the buffer resident calls the
  /// copy returning it so (`resultCall`); or a loop passing buffers made by
  /// such calls from one iteration to the next (hoistLoopChain).
  Operation *madeBy = nullptr;
  CallOpInterface resultCall;
  unsigned resultNumber = 0;
  const ArgSummary *resultSummary = nullptr;

  bool hasLaunches() const {
    return !launches.empty() || callLaunches || madeBy;
  }
  /// Whether the op is a launch (or a call) that always runs and leaves
  /// all of `var` on the device written, needing none of it there before.
  bool overwritesAll() const {
    if (copiesIn || inLoop || calleeHostAccess || hasHostAccess())
      return false;
    return (isa<LaunchOp>(op) && launchWritesWhole) || callInitializes;
  }
  bool hasHostAccess() const { return hostReads || hostWrites; }
  unsigned numLaunches() const { return launches.size() + callLaunches; }
};

/// The events of a buffer in one block, in block order.
struct BufferEvents {
  Value root;
  Value var; // what the launches map
  /// The launches map different sections of `var`, an argument they all
  /// pass: the whole of it is kept on the device.
  bool sections = false;
  /// The section the first launch maps, and whether every launch maps the
  /// same one (the same view of the same values): that section alone is
  /// kept on the device then.
  Value section;
  bool sameSection = true;
  /// The device all its launches pick (`device(...)`, or the device the
  /// launches of a function it is passed to pick): a value, or a constant
  /// the caller's data ops materialize; neither for the default device. The
  /// data ops keeping it there name the same.
  Value device;
  std::optional<int64_t> deviceConstant;
  /// Some launch on it was seen (and fixed the device).
  bool anyLaunch = false;
  /// Some launch maps a value that may be it or another buffer: all of it
  /// is kept on the device.
  bool anyAlias = false;

  /// Whether launches on (`value`, `constant`) run where those seen do; a
  /// first launch fixes the device.
  bool onDevice(Value value, std::optional<int64_t> constant) {
    if (value && !constant)
      constant = getConstantIntValue(value);
    if (anyLaunch) {
      if (constant || deviceConstant)
        return constant == deviceConstant;
      return value == device;
    }
    anyLaunch = true;
    device = value;
    deviceConstant = constant;
    return true;
  }
  SmallVector<Event> events;
  /// The use that made collectEvents fail, when it did.
  Operation *failedAt = nullptr;
};

/// What a loop keeping the buffers it carries on the device around it
/// (ping-pong) does with the one it starts with, for the block around it:
/// the loop is one op launching on it there.
struct CarriedUse {
  SmallVector<LaunchOp> launches;
  unsigned callLaunches = 0;
  bool copiesIn = false, deviceWrites = false;
  Value device;
  std::optional<int64_t> deviceConstant;
};
/// By (loop, root of the buffer it starts with).
using CarriedUses = DenseMap<std::pair<Operation *, Value>, CarriedUse>;

/// A result of a loop that leaves it entered on the device
/// (hoistLoopChain): the device, and the launches it makes on the buffers.
struct EnteredResult {
  Value device;
  std::optional<int64_t> deviceConstant;
  unsigned launches = 0;
};
using EnteredResults = DenseMap<Value, EnteredResult>;

/// The ops of a block from `begin` up to, not including, `end` (null: the
/// block's first op, its end).
struct OpRange {
  Operation *begin = nullptr, *end = nullptr;
  bool contains(Operation *op) const {
    return (!begin || !op->isBeforeInBlock(begin)) &&
           (!end || op->isBeforeInBlock(end));
  }
};

} // namespace

/// Whether `root` (a buffer root) is its own buffer, distinct from the
/// function's other roots unless they are views of it or may be made of it:
/// an allocation, a global, a function's argument, or what a call returns
/// that its callee allocates.
static bool hasKnownOrigin(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root))
    return arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  Operation *def = root.getDefiningOp();
  if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def))
    return true;
  if (auto call = dyn_cast<CallOpInterface>(def))
    return returnsNewBuffer(call, cast<OpResult>(root).getResultNumber());
  return false;
}

/// The op (or block) that makes `root`, for remarks.
static std::string getOriginName(Value root) {
  if (Operation *def = root.getDefiningOp())
    return def->getName().getStringRef().str();
  return "a block argument";
}

/// What `value` is a memref.cast of (through any number of them): a value
/// whose indices locate the same elements.
static Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Whether `view` (a subview) covers dimension `d` of its source whole:
/// offset 0, stride 1, and the source's size there (its static size, its
/// `memref.dim`, or the size its allocation was given).
static bool coversDimension(memref::SubViewOp view, unsigned d) {
  if (getConstantIntValue(view.getMixedOffsets()[d]) != 0 ||
      getConstantIntValue(view.getMixedStrides()[d]) != 1)
    return false;
  Value source = stripCasts(view.getSource());
  auto type = cast<MemRefType>(view.getSource().getType());
  OpFoldResult size = view.getMixedSizes()[d];
  std::optional<int64_t> constant = getConstantIntValue(size);
  if (!type.isDynamicDim(d))
    return constant == type.getDimSize(d);
  if (auto value = dyn_cast<Value>(size))
    if (auto dim = value.getDefiningOp<memref::DimOp>())
      if (stripCasts(dim.getSource()) == source &&
          getConstantIntValue(dim.getIndex()) == (int64_t)d)
        return true;
  // (An allocation's dynamic sizes, in order, for its dynamic dimensions.)
  auto sourceType = cast<MemRefType>(source.getType());
  Operation *def = source.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def) ||
      !sourceType.isDynamicDim(d))
    return false;
  Value given = def->getOperand(sourceType.getDynamicDimIndex(d));
  if (size == OpFoldResult(given))
    return true;
  return constant && getConstantIntValue(given) == constant;
}

/// What `value` is all of, through casts and subviews covering every
/// dimension of their source: a value whose indices locate the same
/// elements.
static Value stripWholeViews(Value value) {
  while (true) {
    value = stripCasts(value);
    auto view = value.getDefiningOp<memref::SubViewOp>();
    if (!view || view.getType().getRank() !=
                     cast<MemRefType>(view.getSource().getType()).getRank())
      return value;
    for (unsigned d = 0, e = view.getType().getRank(); d < e; ++d)
      if (!coversDimension(view, d))
        return value;
    value = view.getSource();
  }
}

/// Whether buffers `a` and `b` have provably the same size along their
/// outermost dimension: the same buffer, equal static sizes, or allocations
/// with the same size operand (the same value or equal constants).
static bool haveSameSize(Value a, Value b) {
  a = stripCasts(a);
  b = stripCasts(b);
  if (a == b)
    return true;
  auto extent = [](Value buffer) -> OpFoldResult {
    auto type = dyn_cast<MemRefType>(buffer.getType());
    if (!type || type.getRank() == 0)
      return {};
    if (!type.isDynamicDim(0))
      return IntegerAttr::get(IndexType::get(buffer.getContext()),
                              type.getDimSize(0));
    Operation *def = buffer.getDefiningOp();
    if (auto alloc = dyn_cast_or_null<memref::AllocOp>(def))
      return alloc.getDynamicSizes().front();
    if (auto alloca = dyn_cast_or_null<memref::AllocaOp>(def))
      return alloca.getDynamicSizes().front();
    return {};
  };
  OpFoldResult x = extent(a), y = extent(b);
  if (!x || !y)
    return false;
  if (x == y)
    return true;
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  return cx && cy && *cx == *cy;
}

/// An extent along a buffer's outermost dimension: a constant, or its size
/// (S, at least 0) plus a constant.
struct Extent {
  bool size = false;
  int64_t constant = 0;
  bool operator==(const Extent &other) const {
    return size == other.size && constant == other.constant;
  }
  bool operator!=(const Extent &other) const { return !(*this == other); }
};

/// `value` (index math of the host) as an Extent, where `isSize(buffer)`
/// says which buffers' `memref.dim ..., 0` is S; nullopt when it is neither.
static std::optional<Extent> evaluateExtent(Value value,
                                            function_ref<bool(Value)> isSize,
                                            unsigned depth = 0) {
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return Extent{false, *c};
  Operation *def = value.getDefiningOp();
  if (!def || depth > 16)
    return std::nullopt;
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    if (getConstantIntValue(dim.getIndex()) == 0 && isSize(dim.getSource()))
      return Extent{true, 0};
    return std::nullopt;
  }
  if (def->getNumOperands() != 2 ||
      !isa<arith::AddIOp, arith::SubIOp, arith::MaxSIOp, arith::MinSIOp>(def))
    return std::nullopt;
  std::optional<Extent> x =
      evaluateExtent(def->getOperand(0), isSize, depth + 1);
  std::optional<Extent> y =
      x ? evaluateExtent(def->getOperand(1), isSize, depth + 1) : std::nullopt;
  if (!x || !y)
    return std::nullopt;
  if (isa<arith::AddIOp>(def)) {
    if (x->size && y->size)
      return std::nullopt;
    return Extent{x->size || y->size, x->constant + y->constant};
  }
  if (isa<arith::SubIOp>(def)) {
    if (y->size && !x->size)
      return std::nullopt;
    return Extent{x->size && !y->size, x->constant - y->constant};
  }
  // max / min: comparable when both or neither hold S, or when S + c is
  // at least the constant (S >= 0).
  bool max = isa<arith::MaxSIOp>(def);
  if (x->size == y->size)
    return Extent{x->size, max ? std::max(x->constant, y->constant)
                               : std::min(x->constant, y->constant)};
  const Extent &withSize = x->size ? *x : *y, &constant = x->size ? *y : *x;
  if (withSize.constant < constant.constant)
    return std::nullopt;
  return max ? withSize : constant;
}

/// Whether `section`, a subview of `root`, is all of it once the buffers
/// `isSize` accepts have `root`'s size along the outermost dimension: from
/// 0 to that size there, and all of every other dimension.
static bool isWholeIf(Value section, Value root,
                      function_ref<bool(Value)> isSize) {
  auto view = section.getDefiningOp<memref::SubViewOp>();
  if (!view || stripCasts(view.getSource()) != root ||
      view.getType().getRank() != cast<MemRefType>(root.getType()).getRank())
    return false;
  auto sized = [&](Value buffer) {
    return stripCasts(buffer) == root || isSize(buffer);
  };
  for (auto [d, offset, size, stride] :
       llvm::enumerate(view.getMixedOffsets(), view.getMixedSizes(),
                       view.getMixedStrides())) {
    if (getConstantIntValue(stride) != 1)
      return false;
    if (d > 0) {
      // All of dimension d: offset 0, the size of root there.
      if (getConstantIntValue(offset) != 0)
        return false;
      auto dim = dyn_cast_if_present<Value>(size)
                     ? cast<Value>(size).getDefiningOp<memref::DimOp>()
                     : memref::DimOp();
      auto type = cast<MemRefType>(root.getType());
      bool full = dim ? stripCasts(dim.getSource()) == root &&
                            getConstantIntValue(dim.getIndex()) == (int64_t)d
                      : !type.isDynamicDim(d) &&
                            getConstantIntValue(size) == type.getDimSize(d);
      if (!full)
        return false;
      continue;
    }
    auto evaluate = [&](OpFoldResult value) -> std::optional<Extent> {
      if (std::optional<int64_t> c = getConstantIntValue(value))
        return Extent{false, *c};
      return evaluateExtent(cast<Value>(value), sized);
    };
    if (evaluate(offset) != Extent{false, 0} ||
        evaluate(size) != Extent{true, 0})
      return false;
  }
  return true;
}

/// Whether `call`'s callee starts by overwriting all of its argument
/// #`position` (ArgSummary::initializes), also when it does so only for an
/// argument of the size of another one the call passes.
static bool initializesAt(CallOpInterface call, unsigned position,
                          const ArgSummary &summary) {
  if (summary.initializes)
    return true;
  if (!summary.initializesIfSizeOf)
    return false;
  OperandRange operands = call.getArgOperands();
  return *summary.initializesIfSizeOf < operands.size() &&
         haveSameSize(operands[position],
                      operands[*summary.initializesIfSizeOf]);
}

/// Whether `call`'s callee needs the caller's contents of its argument
/// #`position` on the device (ArgSummary::needsHostData), as this call
/// passes it.
static bool needsHostDataAt(CallOpInterface call, unsigned position,
                            const ArgSummary &summary) {
  return summary.needsHostData && !(summary.needsHostDataUnlessSized &&
                                    initializesAt(call, position, summary));
}

/// Whether `value` is `root` or a view of it that only reaches its elements
/// (subviews, casts, reshapes and transposes of it).
static bool isMemRefInside(Value value, Value root) {
  while (value != root) {
    Operation *def = value.getDefiningOp();
    if (!isa_and_nonnull<memref::SubViewOp, memref::CastOp,
                         memref::ExpandShapeOp, memref::CollapseShapeOp,
                         memref::TransposeOp>(def))
      return false;
    value = def->getOperand(0);
  }
  return isa<MemRefType>(root.getType());
}

/// What `value` is an alias of with the same indices: through casts, and
/// through calls whose callees return the argument they were given.
static Value stripAliases(Value value) {
  while (true) {
    value = stripCasts(value);
    auto result = dyn_cast<OpResult>(value);
    auto call = result ? dyn_cast<CallOpInterface>(result.getOwner())
                       : CallOpInterface();
    std::optional<unsigned> returned =
        call ? getReturnedArgument(call, result.getResultNumber())
             : std::nullopt;
    if (!returned)
      return value;
    value = call.getArgOperands()[*returned];
  }
}

/// What `value` names all the elements of, with the same indices: through
/// casts, views of all of a buffer, and calls returning their argument.
static Value sameElements(Value value) {
  while (true) {
    Value next = stripWholeViews(stripAliases(value));
    if (next == value)
      return value;
    value = next;
  }
}

/// The map `launch` has for `var`, or for a memref.cast of the same value:
/// the launches and the data ops of a buffer may name different casts of
/// it (the same elements).
static MapAttr getMapForBuffer(LaunchOp launch, Value var) {
  if (MapAttr map = launch.getMapFor(var))
    return map;
  ArrayAttr kinds = launch.getMapKindsAttr();
  if (!kinds)
    return {};
  Value base = stripCasts(var);
  for (auto [mapVar, kind] : llvm::zip(launch.getMapVars(), kinds))
    if (stripCasts(mapVar) == base)
      return cast<MapAttr>(kind);
  return {};
}

/// What `launch` maps of `var`: a section of it, or `var` itself (also when
/// it maps a cast of the same value); null when nothing.
static Value getMappedPart(LaunchOp launch, Value var) {
  if (Value own = launch.getMappedSection(var))
    return own;
  Value base = stripCasts(var);
  for (Value mapVar : launch.getMapVars())
    if (stripCasts(mapVar) == base)
      return var;
  return {};
}

/// Whether `a` and `b` are the same section: subviews of the same buffer
/// with the same offsets, sizes and strides (see sameHostValue).
static bool isSameSection(Value a, Value b) {
  if (a == b)
    return true;
  auto x = a.getDefiningOp<memref::SubViewOp>();
  auto y = b.getDefiningOp<memref::SubViewOp>();
  if (!x || !y || a.getType() != b.getType() ||
      !sameHostValue(x.getSource(), y.getSource()))
    return false;
  auto same = [](ArrayRef<OpFoldResult> u, ArrayRef<OpFoldResult> v) {
    return u.size() == v.size() && llvm::all_of(llvm::zip(u, v), [](auto pair) {
             auto [p, q] = pair;
             if (auto attr = dyn_cast<Attribute>(p))
               return attr == dyn_cast<Attribute>(q);
             return isa<Value>(q) &&
                    sameHostValue(cast<Value>(p), cast<Value>(q));
           });
  };
  return same(x.getMixedOffsets(), y.getMixedOffsets()) &&
         same(x.getMixedSizes(), y.getMixedSizes()) &&
         same(x.getMixedStrides(), y.getMixedStrides());
}

/// Whether `value` can be computed before `point`: it dominates it, or it
/// is the result of side-effect free ops without regions whose operands
/// can (to `depth` ops up).
static bool isComputableBefore(Value value, Operation *point,
                               DominanceInfo &dom, unsigned depth = 8) {
  if (dom.properlyDominates(value, point))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !depth || def->getNumRegions() || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isComputableBefore(operand, point, dom, depth - 1);
  });
}

/// `value` (isComputableBefore) computed before `point`: itself, or copies
/// of the ops that compute it there.
static Value cloneBefore(Value value, Operation *point, DominanceInfo &dom,
                         IRMapping &mapping) {
  if (dom.properlyDominates(value, point))
    return value;
  if (Value copy = mapping.lookupOrNull(value))
    return copy;
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    mapping.map(operand, cloneBefore(operand, point, dom, mapping));
  OpBuilder b(point);
  Operation *copy = b.clone(*def, mapping);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

/// The op of `block` that holds `op`, or null.
static Operation *getAncestorIn(Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

/// Whether `root` is an allocation in `point`'s block that nothing before
/// `point` touches (only its shape is read): its contents are undefined
/// there (`memref.alloc` does not initialize them), so what enters it there
/// needs to copy none of them, whatever reads it next.
static bool isUnwrittenBefore(Value root, Operation *point) {
  Operation *def = root.getDefiningOp();
  Block *block = point->getBlock();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def) ||
      def->getBlock() != block)
    return false;
  bool touched = false;
  forEachUseThroughViews(root, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp>(
            user))
      return;
    Operation *op = getAncestorIn(block, user);
    touched |= !op || op->isBeforeInBlock(point);
  });
  return !touched;
}

/// Whether `view`, made in an `scf.for`, is at each iteration the rows
/// [iv, iv + step) of `root` (a row-major buffer), all of each, and the loop
/// runs over all rows of `root`: launches on it in the loop reach all of
/// `root`, one piece per iteration.
static bool isRowOfLoopOverAll(Value view, Value root) {
  auto sub = stripCasts(view).getDefiningOp<memref::SubViewOp>();
  auto type = dyn_cast<MemRefType>(root.getType());
  if (!sub || stripCasts(sub.getSource()) != root || !type ||
      !type.getLayout().isIdentity() || type.getRank() == 0)
    return false;
  auto loop = dyn_cast<scf::ForOp>(sub->getParentOp());
  if (!loop)
    return false;
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step < 1 || getConstantIntValue(loop.getLowerBound()) != 0)
    return false;
  // The size of `root` along dimension `d`: a constant of its type,
  // memref.dim of it (or of a cast of it), or the size its allocation was
  // given.
  auto isSizeOf = [&](OpFoldResult value, unsigned d) {
    if (!type.isDynamicDim(d))
      return getConstantIntValue(value) == type.getDimSize(d);
    auto given = dyn_cast_if_present<Value>(value);
    if (auto alloc = root.getDefiningOp<memref::AllocOp>(); alloc && given)
      if (given == alloc.getDynamicSizes()[type.getDynamicDimIndex(d)])
        return true;
    auto dim = given ? given.getDefiningOp<memref::DimOp>() : memref::DimOp();
    return dim && stripCasts(dim.getSource()) == root &&
           getConstantIntValue(dim.getIndex()) == (int64_t)d;
  };
  if (!isSizeOf(loop.getUpperBound(), 0))
    return false;
  for (auto [d, offset, size, stride] :
       llvm::enumerate(sub.getMixedOffsets(), sub.getMixedSizes(),
                       sub.getMixedStrides())) {
    if (getConstantIntValue(stride) != 1)
      return false;
    if (d == 0) {
      if (dyn_cast_if_present<Value>(offset) != loop.getInductionVar() ||
          getConstantIntValue(size) != *step)
        return false;
      continue;
    }
    if (getConstantIntValue(offset) != 0 || !isSizeOf(size, d))
      return false;
  }
  return true;
}

/// Whether `op` sits in a loop nested in `ancestor` (or `ancestor` is one).
static bool isInLoopBelow(Operation *op, Operation *ancestor) {
  if (op == ancestor)
    return false;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<LoopLikeOpInterface>(parent))
      return true;
    if (parent == ancestor)
      break;
  }
  return false;
}

/// Whether `op` runs repeatedly inside `ancestor` in loops of the program:
/// loops inside an `omp.parallel` region (the loop of each host thread over
/// the shares of a split launch) do not repeat anything.
static bool isInProgramLoopBelow(Operation *op, Operation *ancestor) {
  if (op == ancestor)
    return false;
  bool inLoop = false;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<omp::ParallelOp>(parent))
      inLoop = false;
    else if (isa<LoopLikeOpInterface>(parent))
      inLoop = true;
    if (parent == ancestor)
      break;
  }
  return inLoop;
}

/// Whether the program maps `root` itself somewhere (its own data ops, or
/// those offload-split-devices gives the sections split launches keep).
static bool isMappedExplicitly(Value root) {
  bool mapped = false;
  forEachUseThroughViews(root, [&](OpOperand &use) {
    mapped |= isa<DataOp, EnterDataOp, ExitDataOp, UpdateOp, DeviceCopyOp>(
        use.getOwner());
  });
  return mapped;
}

/// Whether `use` is one of `launch`'s kernel arguments (not a map clause).
static bool isLaunchArgument(LaunchOp launch, OpOperand &use) {
  OperandRange args = launch.getArgs();
  unsigned begin = args.getBeginOperandIndex();
  return use.getOperandNumber() >= begin &&
         use.getOperandNumber() < begin + args.size();
}

/// Whether `call` may launch kernels or move data itself (its callee, or one
/// it calls, has offload operations): updates around it could then overwrite
/// what its own launches computed.
static bool mayOffload(CallOpInterface call,
                       llvm::SmallPtrSetImpl<Operation *> &visited) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  if (!callee || callee.isExternal() || !visited.insert(callee).second)
    return false;
  WalkResult result = callee->walk([&](Operation *op) {
    if (isa<LaunchOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp, DeviceCopyOp>(
            op))
      return WalkResult::interrupt();
    if (auto nested = dyn_cast<CallOpInterface>(op))
      if (mayOffload(nested, visited))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The position among `call`'s arguments of the operand `use`, if it is one.
static std::optional<unsigned> getCallPosition(CallOpInterface call,
                                               OpOperand &use) {
  OperandRange args = call.getArgOperands();
  if (args.empty())
    return std::nullopt;
  unsigned begin = args.getBeginOperandIndex();
  if (use.getOperandNumber() < begin ||
      use.getOperandNumber() >= begin + args.size())
    return std::nullopt;
  return use.getOperandNumber() - begin;
}

/// The name of the function `call` calls, for messages.
static std::string getCalleeName(CallOpInterface call) {
  if (auto ref = dyn_cast<SymbolRefAttr>(call.getCallableForCallee()))
    return "@" + ref.getLeafReference().str();
  return "an indirect callee";
}

/// `index` as `iv + c` (c constant), if it is one.
static std::optional<int64_t> getOffsetFrom(Value index, Value iv) {
  if (index == iv)
    return 0;
  Operation *def = index.getDefiningOp();
  if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return std::nullopt;
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  std::optional<int64_t> c;
  if (lhs == iv && (c = getConstantIntValue(rhs)))
    return isa<arith::SubIOp>(def) ? -*c : *c;
  if (rhs == iv && isa<arith::AddIOp>(def) && (c = getConstantIntValue(lhs)))
    return *c;
  return std::nullopt;
}

/// Fills the range fields of `event`, whose op is a host loop touching the
/// buffer `root` (no launch, no call), when its accesses allow.
static void findHostRange(Event &event, Value root) {
  auto loop = dyn_cast<scf::ForOp>(event.op);
  if (!loop || !isa<MemRefType>(root.getType()) || !event.launches.empty() ||
      !event.calls.empty())
    return;
  Value iv = loop.getInductionVar();
  auto isOutside = [&](Value value) {
    Operation *def = value.getDefiningOp();
    Operation *at = def ? def : value.getParentBlock()->getParentOp();
    return !loop->isAncestor(at);
  };
  // Each access: its indices (`fixed`, null along `dim`), its offset from
  // the loop's variable along `dim`, whether it stores, and whether it runs
  // in every iteration (in the loop's body itself).
  struct Access {
    HostPiece box;
    int64_t offset = 0;
    bool store = false, direct = false;
  };
  SmallVector<Access> accesses;
  bool valid = true;
  forEachUseThroughViews(root, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (!valid || !loop->isAncestor(user) || isa<memref::DimOp>(user))
      return;
    ValueRange indices;
    Access access;
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      indices = load.getIndices();
    } else if (auto op = dyn_cast<memref::StoreOp>(user);
               op && op.getMemRef() == use.get()) {
      indices = op.getIndices();
      access.store = true;
    } else {
      valid = false;
      return;
    }
    if (stripCasts(use.get()) != root) {
      valid = false;
      return;
    }
    access.direct = user->getBlock() == loop.getBody();
    for (auto [d, index] : llvm::enumerate(indices)) {
      std::optional<int64_t> c = getOffsetFrom(index, iv);
      if (c && !access.box.dim) {
        access.box.dim = d;
        access.offset = *c;
        access.box.fixed.push_back(Value());
      } else if (!c && isOutside(index)) {
        access.box.fixed.push_back(index);
      } else {
        valid = false;
        return;
      }
    }
    accesses.push_back(std::move(access));
  });
  if (!valid || accesses.empty())
    return;
  // Only boxes each one contiguous run of elements: a range along the
  // innermost dimension (a row), or one element. A column would be one
  // copy per element: the whole buffer moves instead.
  auto type = cast<MemRefType>(root.getType());
  if (type.getRank() > 1 && (!type.getLayout().isIdentity() ||
                             llvm::any_of(accesses, [&](const Access &access) {
                               return access.box.dim &&
                                      *access.box.dim + 1 != type.getRank();
                             })))
    return;
  // The pieces: accesses with the same indices apart from `dim` whose
  // ranges along it overlap (their offsets differ by less than the loop's
  // trip count, when it is known; else by at most kPieceGap) share one.
  // Accesses far apart (a grid's first and last rows, written as one
  // array) move apart, each piece with only what its own accesses do.
  constexpr int64_t kPieceGap = 16;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  auto close = [&](int64_t from, int64_t to) {
    return lb && ub ? to - from < *ub - *lb : to - from <= kPieceGap;
  };
  llvm::stable_sort(accesses, [](const Access &x, const Access &y) {
    return x.offset < y.offset;
  });
  bool unitStep = getConstantIntValue(loop.getStep()) == 1;
  SmallVector<HostPiece, 1> pieces;
  // Per piece: all its stores run in every iteration at one offset.
  SmallVector<bool, 1> oneStore;
  SmallVector<std::optional<int64_t>, 1> storedAt;
  for (const Access &access : accesses) {
    auto it = llvm::find_if(pieces, [&](const HostPiece &piece) {
      return piece.dim == access.box.dim && piece.fixed == access.box.fixed &&
             (!piece.dim || close(piece.max, access.offset));
    });
    if (it == pieces.end()) {
      HostPiece &piece = pieces.emplace_back(access.box);
      piece.min = piece.max = access.offset;
      oneStore.push_back(true);
      storedAt.push_back(std::nullopt);
      it = std::prev(pieces.end());
    }
    HostPiece &piece = *it;
    size_t i = std::distance(pieces.begin(), it);
    piece.max = std::max(piece.max, access.offset);
    piece.reads |= !access.store;
    if (!access.store)
      continue;
    piece.writeMin =
        piece.writes ? std::min(piece.writeMin, access.offset) : access.offset;
    piece.writeMax =
        piece.writes ? std::max(piece.writeMax, access.offset) : access.offset;
    piece.writes = true;
    oneStore[i] = oneStore[i] && access.direct &&
                  (!storedAt[i] || *storedAt[i] == access.offset);
    storedAt[i] = access.offset;
  }
  for (auto [piece, one] : llvm::zip(pieces, oneStore))
    piece.writesAll = piece.dim && piece.writes && !piece.reads && one &&
                      piece.min == piece.max && unitStep;
  event.rangeLoop = loop;
  event.rangeRoot = root;
  event.pieces = std::move(pieces);
}

/// The summary of result #`result` of `call`'s callee, when the callee
/// launches on that buffer it makes and can return it on the device.
static const ArgSummary *getResultSummary(CallOpInterface call, unsigned result,
                                          const SummaryMap &summaries) {
  Operation *callee = call.resolveCallable();
  auto it = callee ? summaries.find(callee) : summaries.end();
  if (it == summaries.end() || !it->second.unknown.empty())
    return nullptr;
  auto found = it->second.results.find(result);
  if (found == it->second.results.end() || !found->second.unknown.empty() ||
      !found->second.launches)
    return nullptr;
  return &found->second;
}

/// Whether a terminator other than a function's return passes `root` (or a
/// view of it) on: an scf.yield giving it to the next iteration of a loop,
/// whose uses there are another execution's buffer.
static bool isPassedOn(Value root) {
  bool passed = false;
  forEachUseThroughViews(root, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    passed |= user->hasTrait<OpTrait::IsTerminator>() &&
              !isa_and_nonnull<FunctionOpInterface>(user->getParentOp());
  });
  return passed;
}

/// Collects the events of the buffer `root` in `block` into `result`.
/// Returns false (with a reason) when the buffer must keep its per-launch
/// clauses. Calls to functions in `summaries` that touch the buffer are
/// events of their own (launches when the callee launches on it).
static bool
collectEvents(Block *block, Value root,
              const DenseSet<std::pair<Operation *, Value>> *covered,
              const CarriedUses *carried, const SummaryMap &summaries,
              BufferEvents &result, std::string &reason,
              const EnteredResults *entered = nullptr,
              const OpRange &range = OpRange()) {
  result = BufferEvents();
  result.root = root;
  // (Whether `user`, nested in an op of the block, is outside the range.)
  auto outside = [&](Operation *user) {
    Operation *op = getAncestorIn(block, user);
    return op && !range.contains(op);
  };
  llvm::MapVector<Operation *, Event> events;
  bool failed = false;
  Operation *user = nullptr;
  auto fail = [&](const Twine &why) {
    if (!failed) {
      reason = why.str();
      result.failedAt = user;
    }
    failed = true;
  };
  // Made here, left entered on the device, by the op making `root`: the
  // span's first event (it leaves all of it written there).
  auto addMadeEvent = [&](Operation *op, Value device,
                          std::optional<int64_t> constant, unsigned launches,
                          bool deviceWrites) -> Event & {
    result.onDevice(device, constant);
    result.var = root;
    Event &event = events[op];
    event.op = op;
    event.madeBy = op;
    event.callLaunches = launches;
    event.deviceWrites = deviceWrites;
    event.callInitializes = true;
    return event;
  };
  Operation *maker = root.getDefiningOp();
  bool madeHere = maker && maker->getBlock() == block && !isPassedOn(root) &&
                  range.contains(maker);
  // By a call to a function that launches on it (its resident copy returns
  // it entered).
  if (auto call = dyn_cast_if_present<CallOpInterface>(maker);
      call && madeHere) {
    unsigned number = cast<OpResult>(root).getResultNumber();
    if (const ArgSummary *summary = getResultSummary(call, number, summaries)) {
      Value device;
      if (summary->deviceArg)
        device = call.getArgOperands()[*summary->deviceArg];
      Event &event = addMadeEvent(call, device, summary->deviceConstant,
                                  summary->numLaunches, summary->deviceWrites);
      event.resultCall = call;
      event.resultNumber = number;
      event.resultSummary = summary;
    }
  }
  // By a loop of this block (hoistLoopChain).
  if (auto it = entered ? entered->find(root) : EnteredResults::iterator();
      entered && it != entered->end() && madeHere)
    addMadeEvent(maker, it->second.device, it->second.deviceConstant,
                 it->second.launches, /*deviceWrites=*/true);
  forEachUseThroughViews(root, [&](OpOperand &use) {
    user = use.getOwner();
    // (An address handed out anywhere may be used in the range.)
    if (outside(user)) {
      if (!isa<LaunchOp, PackOp>(user) && isAddressEscape(user))
        fail("its address is taken ('" + user->getName().getStringRef() +
             "'): the host may touch it through that at any time");
      return;
    }
    // A loop's initial value: its uses inside are those of the loop's
    // arguments (and results), which the walk follows. A loop keeping it on
    // the device (`carried`) is one op launching on it.
    if (isa<scf::ForOp, scf::WhileOp>(user) &&
        (isa<scf::WhileOp>(user) ||
         use.getOperandNumber() >=
             cast<scf::ForOp>(user).getNumControlOperands())) {
      auto it = carried ? carried->find({user, root}) : CarriedUses::iterator();
      Operation *op = getAncestorIn(block, user);
      if (!carried || it == carried->end() || !op)
        return;
      const CarriedUse &loop = it->second;
      Event &event = events[op];
      event.op = op;
      if (!result.onDevice(loop.device, loop.deviceConstant))
        return fail("its launches pick different devices");
      Value arg = use.get();
      if (!result.var)
        result.var = arg;
      else if (result.var != arg &&
               (result.sections ||
                sameElements(arg) != sameElements(result.var)))
        return fail("launches map different views of it");
      result.sameSection = false;
      for (LaunchOp launch : loop.launches)
        if (!llvm::is_contained(event.launches, launch))
          event.launches.push_back(launch);
      event.callLaunches += loop.callLaunches;
      event.copiesIn |= loop.copiesIn;
      event.deviceWrites |= loop.deviceWrites;
      event.inLoop = true;
      return;
    }
    // A launch passing `arg` (the buffer, a view, or an aggregate member).
    auto addLaunch = [&](LaunchOp launch, Value arg) {
      Operation *op = getAncestorIn(block, launch);
      if (!op)
        return;
      Event &event = events[op];
      event.op = op;
      MapAttr map = launch.getMapFor(arg);
      if (!map)
        return; // not accessed by the kernel
      if (covered && covered->contains({launch, root}))
        return;
      // Passed twice (the same value, or another name of the buffer, as
      // with `allow_aliasing`): the event takes what both clauses do.
      bool seen = llvm::is_contained(event.launches, launch);
      if (map.isAlways() || map.isPresent())
        return fail("a launch maps it with 'always' or 'present'");
      if (!result.onDevice(launch.getDevice(), std::nullopt)) {
        // (A share of a launch split over several devices, run by the host
        // thread of its device: offload-split-devices placed its data.)
        if (launch->getParentOfType<omp::ParallelOp>())
          return fail("a launch splits it over several devices, whose "
                      "shares move as offload-split-devices placed them");
        return fail("its launches pick different devices");
      }
      // Through a value that may be this buffer or another at run time
      // (`arith.select`, an `scf.if` yielding buffers): when it is this
      // one, the launch finds all of it entered, and may read and write it
      // there. (The launch's clause moves the other buffer when it is.)
      Value named = getViewRoot(stripAliases(arg));
      if (named != root &&
          isa_and_nonnull<arith::SelectOp, scf::IfOp>(named.getDefiningOp())) {
        result.sameSection = false;
        result.anyAlias = true;
        if (!seen)
          event.launches.push_back(launch);
        event.copiesIn = true;
        event.deviceWrites |= map.getKind() != MapKind::to;
        event.inLoop |= isInLoopBelow(launch, op);
        return;
      }
      Value var = launch.getMappedSection(arg);
      if (!result.var) {
        result.var = arg;
        result.sections = var != arg;
        result.section = var;
      } else if (result.var == arg) {
        result.sections |= var != arg;
        result.sameSection &= isSameSection(var, result.section);
      } else if (var != arg || result.sections ||
                 sameElements(arg) != sameElements(result.var)) {
        // (A cast of the same value, mapped whole, is the same elements.)
        // Different views of the buffer (the overlapping windows of a
        // stencil, x[0:n-1] and x[1:n]): all of it is kept on the device,
        // and each launch maps its part there.
        if (!isMemRefInside(arg, root) || !isMemRefInside(result.var, root))
          return fail("launches map different views of it");
        result.var = root;
        result.sections = true;
        result.sameSection = false;
        result.section = Value();
      }
      if (!seen)
        event.launches.push_back(launch);
      event.launchWritesWhole |=
          var == arg && !map.copiesIn() && map.getKind() == MapKind::from;
      event.launchWritesSection |=
          !map.copiesIn() && map.getKind() == MapKind::from;
      event.copiesIn |= map.copiesIn();
      event.deviceWrites |= map.getKind() != MapKind::to;
      event.inLoop |= isInLoopBelow(launch, op);
    };
    if (auto launch = dyn_cast<LaunchOp>(user)) {
      if (isLaunchArgument(launch, use))
        addLaunch(launch, use.get());
      return; // a map clause: the argument's use counts
    }
    if (auto pack = dyn_cast<PackOp>(user)) {
      for (Operation *packUser : pack->getUsers())
        if (outside(packUser))
          continue;
        else if (auto launch = dyn_cast<LaunchOp>(packUser))
          addLaunch(launch, use.get());
        else
          fail("its aggregate is used by something else than a launch");
      return;
    }
    if (isAddressEscape(user))
      return fail("its address is taken ('" + user->getName().getStringRef() +
                  "'): the host may touch it through that at any time");
    Operation *op = getAncestorIn(block, user);
    if (!op)
      return; // elsewhere (data ops there hold the buffer around the block)
    // (An element update through an alias, made for another buffer the
    // alias may be, is this buffer's too: it moves the element wherever it
    // is.)
    if (user->hasAttr(kAliasElement))
      return;
    if (isa<DataOp, EnterDataOp, ExitDataOp, UpdateOp, DeviceCopyOp>(user))
      return fail("the program maps it explicitly");
    Event &event = events[op];
    event.op = op;
    if (isa<memref::DeallocOp>(user)) {
      event.frees = true;
      return;
    }
    if (auto call = dyn_cast<CallOpInterface>(user)) {
      // A summarised callee: the call is an event of its own.
      Operation *callee = call.resolveCallable();
      std::optional<unsigned> position = getCallPosition(call, use);
      std::string why;
      const ArgSummary *summary = nullptr;
      auto it = callee ? summaries.find(callee) : summaries.end();
      if (it != summaries.end() && position) {
        if (!it->second.unknown.empty()) {
          why = it->second.unknown;
        } else if (auto arg = it->second.args.find(*position);
                   arg != it->second.args.end()) {
          if (arg->second.unknown.empty())
            summary = &arg->second;
          else
            why = arg->second.unknown;
        }
      }
      if (summary) {
        if (!summary->touches())
          return; // the callee does nothing with it
        if (covered && covered->contains({call, root}))
          return;
        if (summary->launches) {
          // The callee's launches run on the device its summary says.
          Value device;
          if (summary->deviceArg)
            device = call.getArgOperands()[*summary->deviceArg];
          if (!result.onDevice(device, summary->deviceConstant))
            return fail("its launches pick different devices");
          Value arg = use.get();
          if (!result.var) {
            result.var = arg;
          } else if (result.var != arg &&
                     (result.sections ||
                      sameElements(arg) != sameElements(result.var))) {
            // Different views of the buffer (a helper called on all of it
            // and on a window): all of it is kept on the device, as for
            // launches on different views, and the copy entered with the
            // view finds it there.
            if (!isMemRefInside(arg, root) || !isMemRefInside(result.var, root))
              return fail("launches map different views of it");
            result.var = root;
            result.sections = true;
            result.section = Value();
          }
          // The callee's launches map what they map.
          result.sameSection = false;
          event.copiesIn |= needsHostDataAt(call, *position, *summary);
          event.deviceWrites |= summary->deviceWrites;
          event.inLoop |= isInLoopBelow(call, op);
          event.callLaunches += summary->numLaunches;
          event.callInitializes |= op == call && stripCasts(arg) == root &&
                                   initializesAt(call, *position, *summary);
        }
        event.calleeHostAccess |= summary->hostAccess;
        event.calls.push_back({call, *position, summary});
        return;
      }
      // Code outside the module given the buffer (a declared function, or
      // a call through a pointer) may call back a public function of the
      // module that launches on it: that one's clauses copy nothing while
      // the buffer is on the device here, and what its launches write
      // would not reach the host. The buffer leaves the device around such
      // a call.
      // (MLIR's runner utilities, printMemref* and verifyMemRef*, call
      // nothing back.)
      auto fn = dyn_cast_or_null<FunctionOpInterface>(callee);
      StringRef name = fn ? SymbolTable::getSymbolName(fn).getValue() : "";
      name.consume_front("_mlir_ciface_");
      bool runnerUtility =
          name.starts_with("printMemref") || name.starts_with("verifyMemRef");
      if ((!fn || fn.isExternal()) && !runnerUtility &&
          !summaries.publicOffloader.empty())
        return fail("it is passed to " + getCalleeName(call) +
                    ", which is outside the module and may call back " +
                    summaries.publicOffloader +
                    ", a public function that launches kernels");
      llvm::SmallPtrSet<Operation *, 4> visited;
      if (mayOffload(call, visited)) {
        if (why.empty())
          return fail("it is passed to " + getCalleeName(call) +
                      ", which launches kernels or maps data itself");
        return fail("it is passed to " + getCalleeName(call) +
                    ", which cannot be entered with it on the device: " + why);
      }
    }
    auto iface = dyn_cast<MemoryEffectOpInterface>(user);
    bool reads = !iface, writes = !iface;
    if (iface) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (effect.getValue() && effect.getValue() != use.get())
          continue;
        reads |= isa<MemoryEffects::Read>(effect.getEffect());
        writes |= !isa<MemoryEffects::Read>(effect.getEffect());
      }
    }
    if (!reads && !writes)
      return; // memref.dim and the like
    bool single = false;
    Value source = stripAliases(use.get());
    // One element, loaded or stored by `op` itself or inside `scf.if`s that
    // `op` is the outermost of (its updates then go around it there).
    auto underIfs = [&] {
      for (Operation *parent = user; parent != op;
           parent = parent->getParentOp())
        if (!isa<scf::IfOp>(parent->getParentOp()))
          return false;
      return true;
    };
    // (Or of a view of it: the update names the element in that view.)
    Value view;
    if (source != root && getViewRoot(source) == root)
      view = use.get();
    // (Or through a value that may be it or another buffer, an alias: the
    // update names the element in that value.)
    bool alias = source != root && !view && getViewRoot(source) != root;
    if ((source == root || view || alias) && underIfs()) {
      if (isa<memref::LoadOp>(user))
        single = true;
      else if (auto store = dyn_cast<memref::StoreOp>(user))
        single = store.getMemRef() == use.get();
    }
    bool first = !event.hasHostAccess();
    event.hostReads |= reads;
    event.hostWrites |= writes;
    event.element = first && single ? user : nullptr;
    event.elementSource = event.element ? (view ? root : source) : Value();
    event.elementView = event.element ? view : Value();
    auto copy = dyn_cast<memref::CopyOp>(user);
    event.copiesIntoAll = first && copy && user == op &&
                          use.get() == copy.getTarget() &&
                          stripCasts(use.get()) == root;
  });
  // Launches through a value that may be it map all of it: all of it is
  // entered (its own launches may map nothing else).
  if (result.anyAlias && !failed) {
    if (!result.var)
      result.var = root;
    else if (result.sections || sameElements(result.var) != root)
      fail("launches map a part of it and a value that may be all of it");
  }
  // A global (or a buffer that may be one: not allocated here): the
  // functions that use it take it as an argument (passGlobalsAsArguments),
  // but a call through a pointer may reach one that uses it directly.
  // (The module is searched for globals only when such a call is there.)
  Operation *def = root.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def))
    block->walk([&](CallOpInterface call) {
      if (outside(call))
        return WalkResult::advance();
      // (An indirect call resolves to the op making its callee value.)
      Operation *callee = call.resolveCallable();
      std::string through;
      if (!isa_and_nonnull<FunctionOpInterface>(callee))
        through = "a call through a function pointer";
      else if (auto it = summaries.find(callee);
               it != summaries.end() && it->second.callsThroughPointers)
        through =
            getCalleeName(call) + ", which calls through a function pointer,";
      else
        return WalkResult::advance();
      auto module = block->getParentOp()->getParentOfType<ModuleOp>();
      if (!module || module.getOps<memref::GlobalOp>().empty())
        return WalkResult::interrupt();
      user = call;
      if (auto global = dyn_cast_or_null<memref::GetGlobalOp>(def))
        fail("it is global @" + global.getName() + ", which " + through +
             " may reach");
      else
        fail("it may be a global, which " + through + " may reach");
      return WalkResult::interrupt();
    });
  // An op touching the buffer on the host that also holds calls to
  // functions touching it on the host only (a host loop storing a[i] =
  // get(a, 0)): its updates go around it, whole both ways, and the calls
  // inside run the functions themselves. Their resident copies would
  // update elements from the device inside it, over what the host wrote in
  // an earlier iteration and the device gets only after the op.
  for (auto &entry : events) {
    Event &event = entry.second;
    if (!event.hasHostAccess())
      continue;
    bool plainCalls = false;
    for (CallUse &use : event.calls)
      if (use.call != event.op && !use.summary->launches &&
          use.summary->hostAccess)
        use.plain = plainCalls = true;
    if (!plainCalls)
      continue;
    event.hostReads = event.hostWrites = true;
    event.element = nullptr;
    event.elementSource = event.elementView = Value();
    event.copiesIntoAll = false;
  }
  for (auto &entry : events)
    if (entry.second.hasHostAccess() && !entry.second.element)
      findHostRange(entry.second, root);
  for (auto &entry : events) {
    // A call that also uses the buffer where its callee is not summarised:
    // updates around it could undo what its launches computed.
    Event &event = entry.second;
    user = event.op;
    if (!event.calls.empty() && event.hasHostAccess() &&
        isa<CallOpInterface>(event.op))
      fail("it is passed to " + getCalleeName(cast<CallOpInterface>(event.op)) +
           " twice, once where the callee cannot have it on the device");
    result.events.push_back(event);
  }
  if (failed)
    return false;
  llvm::sort(result.events, [](const Event &a, const Event &b) {
    return a.op->isBeforeInBlock(b.op);
  });
  return true;
}

/// The memref and indices of the one element `event` touches, if any.
static std::pair<Value, ValueRange> getElement(const Event &event) {
  if (!event.element)
    return {};
  if (auto load = dyn_cast<memref::LoadOp>(event.element))
    return {load.getMemRef(), load.getIndices()};
  auto store = cast<memref::StoreOp>(event.element);
  return {store.getMemRef(), store.getIndices()};
}

/// Whether an update for `event` moves one element of `var` (the element's
/// indices locate it in `var` only when both are the buffer itself, or
/// aliases of it with the same indices, or when the host indexes the view
/// `var` is: a box of a matrix the device holds), not all of it.
static bool updatesOneElement(Value var, const Event &event) {
  return event.element &&
         (event.elementSource == stripCasts(var) ||
          (event.elementView &&
           stripCasts(event.elementView) == stripCasts(var)));
}

/// Whether an update for `event` moves one element of a value that may be
/// `var` or another buffer (the host loads or stores through an
/// arith.select, or a call returning one of several): the runtime finds the
/// element in whichever buffer it is, and moves nothing for one not on the
/// device.
static bool updatesAliasElement(Value var, const Event &event) {
  return event.element && !event.elementView &&
         !updatesOneElement(var, event) &&
         getViewRoot(event.elementSource) != getViewRoot(var);
}

/// Whether an update for `event` moves the section of `var` a host loop
/// reaches (its indices are `var`'s), not all of it.
static bool updatesRange(Value var, const Event &event) {
  return event.rangeLoop && stripCasts(var) == event.rangeRoot;
}

/// Whether the host loop's box `piece` of `var` needs the device's newer
/// contents before the loop: it reads some of it, or does not write all of
/// it, or `var` has gaps between its elements (a matrix's column, a
/// stride-2 view), which its update `to` moves too.
static bool pieceNeedsUpdateFrom(Value var, const HostPiece &piece) {
  return piece.reads || !piece.writesAll || mayHaveGaps(var);
}

/// Whether the host needs the device's newer contents before `event`: it
/// reads, or it writes and the update after it sends all of `var` back to
/// the device (the elements it did not write included). Writing every
/// element of a view with gaps is not enough: its update `to` moves its
/// span, gaps included, which must hold the device's contents first.
static bool needsUpdateFrom(Value var, const Event &event) {
  if (!updatesOneElement(var, event) && updatesRange(var, event))
    return llvm::any_of(event.pieces, [&](const HostPiece &piece) {
      return pieceNeedsUpdateFrom(var, piece);
    });
  return event.hostReads ||
         (event.hostWrites && !updatesOneElement(var, event) &&
          !updatesAliasElement(var, event) &&
          (!event.copiesIntoAll || mayHaveGaps(var)));
}

/// The box `piece` of `var` that host loop `loop` touches: [lb + min, ub +
/// max) along its dimension (empty when the loop does not run), one index
/// along the others.
static Value getPiece(OpBuilder &b, Value var, scf::ForOp loop,
                      const HostPiece &piece) {
  Location loc = loop.getLoc();
  SmallVector<OpFoldResult> offsets, sizes;
  for (Value fixed : piece.fixed) {
    if (fixed) {
      offsets.push_back(fixed);
      sizes.push_back(b.getIndexAttr(1));
      continue;
    }
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value runs =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub);
    Value first = arith::AddIOp::create(
        b, loc, lb, arith::ConstantIndexOp::create(b, loc, piece.min));
    Value end = arith::AddIOp::create(
        b, loc, ub, arith::ConstantIndexOp::create(b, loc, piece.max));
    Value size = arith::SubIOp::create(b, loc, end, first);
    offsets.push_back(
        arith::SelectOp::create(b, loc, runs, first, zero).getResult());
    sizes.push_back(
        arith::SelectOp::create(b, loc, runs, size, zero).getResult());
  }
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return memref::SubViewOp::create(b, loc, var, offsets, sizes, strides);
}

/// The part of `var` an update for `event` moves: one element, or all of it
/// (the boxes of a host loop are moved by insertHostUpdates itself).
static Value getUpdatedPart(OpBuilder &b, Value var, const Event &event) {
  bool alias = updatesAliasElement(var, event);
  if (!updatesOneElement(var, event) && !alias)
    return var;
  auto [memref, indices] = getElement(event);
  // The element in the view the host indexes (inside `var`, which the
  // device holds), in the alias it goes through, or in `var` itself.
  Value base = event.elementView ? event.elementView : alias ? memref : var;
  auto type = cast<MemRefType>(base.getType());
  if (type.getRank() == 0)
    return base;
  SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
  SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
  return memref::SubViewOp::create(b, event.element->getLoc(), base, offsets,
                                   ones, ones);
}

/// Adds to `hostStored` the elements the resident copy of the function
/// `event`'s op calls (the call itself, not one in a loop) leaves stored on
/// the host last (its summary's storedLast), at the call's operands.
static void addCalleeStores(const Event &event,
                            SmallVectorImpl<StoredElement> &hostStored) {
  for (const CallUse &use : event.calls) {
    if (use.plain || use.call != event.op)
      continue;
    CallOpInterface call = use.call;
    OperandRange operands = call.getArgOperands();
    for (const SmallVector<ArgSummary::Index, 2> &element :
         use.summary->storedLast) {
      StoredElement stored{event.op, operands[use.position], {}, {}};
      for (const ArgSummary::Index &index : element) {
        stored.indices.push_back(index.isArgument ? operands[index.value]
                                                  : Value());
        stored.offsets.push_back(index.isArgument ? index.offset : index.value);
      }
      hostStored.push_back(std::move(stored));
    }
  }
}

/// An `offload.<name>` of `part` on `device` (null: the default device).
static void createDataOp(OpBuilder &b, Location loc, StringRef name, Value part,
                         MapKind kind, Value device) {
  MLIRContext *ctx = b.getContext();
  ArrayAttr kinds =
      b.getArrayAttr({MapAttr::get(ctx, kind, MapModifier::none)});
  if (name == "update")
    UpdateOp::create(b, loc, ValueRange{part}, kinds, device);
  else if (name == "enter")
    EnterDataOp::create(b, loc, ValueRange{part}, kinds, device);
  else
    ExitDataOp::create(b, loc, ValueRange{part}, kinds, device);
}

/// The updates host access `event` needs: `from` before a read of data the
/// device may have written (`deviceNewer`, cleared when all of `var` came
/// back), `to` after a write. `hostStored`: the stores of single elements
/// that surely ran in this block since its last launch (the host's copy of
/// those elements is the newest, and the device's the same after their
/// updates `to`), so a read of one of them needs no update; the event's own
/// such store is added. `writtenElsewhere`: launches on other names of the
/// buffer may write it (deviceNewer stays set). Returns how many it
/// inserted.
static unsigned insertHostUpdates(OpBuilder &b, Value var, Value device,
                                  const Event &event, bool &deviceNewer,
                                  SmallVectorImpl<StoredElement> &hostStored,
                                  bool writtenElsewhere = false) {
  unsigned updates = 0;
  // A host loop's boxes: `from` before it for those it reads or does not
  // write all of, `to` after it for those it writes.
  bool element = updatesOneElement(var, event);
  if (!element && updatesRange(var, event)) {
    Operation *loop = event.op;
    b.setInsertionPoint(loop);
    for (const HostPiece &piece : event.pieces)
      if (deviceNewer && pieceNeedsUpdateFrom(var, piece)) {
        createDataOp(b, loop->getLoc(), "update",
                     getPiece(b, var, event.rangeLoop, piece), MapKind::from,
                     device);
        ++updates;
      }
    b.setInsertionPointAfter(loop);
    for (const HostPiece &piece : event.pieces)
      if (piece.writes) {
        HostPiece written = piece;
        written.min = piece.writeMin;
        written.max = piece.writeMax;
        createDataOp(b, loop->getLoc(), "update",
                     getPiece(b, var, event.rangeLoop, written), MapKind::to,
                     device);
        ++updates;
      }
    return updates;
  }
  // One element's updates go around its load or store (inside the scf.ifs
  // holding it, if any): they move nothing when it does not run.
  bool alias = updatesAliasElement(var, event);
  element |= alias;
  Operation *at = element ? event.element : event.op;
  // An alias's element is updated once for all the buffers it may be: the
  // update the first of them inserted stands for the others.
  auto sameUpdate = [&](Operation *other, MapKind kind) {
    auto update = dyn_cast_if_present<UpdateOp>(other);
    if (!alias || !update || update.getMapVars().size() != 1 ||
        cast<MapAttr>(update.getMapKinds()[0]).getKind() != kind)
      return false;
    auto subview = update.getMapVars()[0].getDefiningOp<memref::SubViewOp>();
    auto [memref, indices] = getElement(event);
    return subview && subview.getSource() == memref &&
           llvm::equal(subview.getOffsets(), indices) &&
           update.getDevice() == device;
  };
  auto storedBefore = [&] {
    if (!element || alias || event.hostWrites)
      return false;
    Value memref;
    ValueRange indices;
    std::tie(memref, indices) = getElement(event);
    // (Nothing between may launch: a launch on another buffer, or a call,
    // may write this one, another argument being the same buffer.)
    auto launchesBetween = [&](Operation *from) {
      if (from->getBlock() != event.op->getBlock())
        return true;
      for (Operation *op = from->getNextNode(); op && op != event.op;
           op = op->getNextNode())
        if (op->walk([](Operation *inner) {
                return isa<LaunchOp, CallOpInterface>(inner)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              }).wasInterrupted())
          return true;
      return false;
    };
    auto matches = [&](const StoredElement &stored) {
      if (stored.memref != memref || stored.indices.size() != indices.size())
        return false;
      for (auto [i, index] : llvm::enumerate(indices)) {
        std::optional<int64_t> at =
            stored.indices[i] ? getOffsetFrom(index, stored.indices[i])
                              : getConstantIntValue(index);
        if (!at || *at != stored.offsets[i])
          return false;
      }
      return true;
    };
    return llvm::any_of(hostStored, [&](const StoredElement &stored) {
      return matches(stored) && !launchesBetween(stored.at);
    });
  };
  if (needsUpdateFrom(var, event) && deviceNewer && !storedBefore()) {
    if (!sameUpdate(at->getPrevNode(), MapKind::from)) {
      b.setInsertionPoint(at);
      Value part = getUpdatedPart(b, var, event);
      createDataOp(b, at->getLoc(), "update", part, MapKind::from, device);
      if (alias)
        at->getPrevNode()->setAttr(kAliasElement, b.getUnitAttr());
      ++updates;
      if (part == var && !element && !writtenElsewhere)
        deviceNewer = false;
    }
  }
  Operation *after = at->getNextNode();
  if (isa_and_nonnull<memref::SubViewOp>(after))
    after = after->getNextNode();
  if (event.hostWrites && !sameUpdate(after, MapKind::to)) {
    b.setInsertionPointAfter(at);
    Value part = getUpdatedPart(b, var, event);
    createDataOp(b, at->getLoc(), "update", part, MapKind::to, device);
    if (alias)
      at->getNextNode()->getNextNode()->setAttr(kAliasElement, b.getUnitAttr());
    ++updates;
  }
  if (event.hostWrites && element && !alias && event.element == event.op)
    if (auto store = dyn_cast<memref::StoreOp>(event.op))
      hostStored.push_back(
          {event.op, store.getMemRef(),
           SmallVector<Value, 2>(store.getIndices().begin(),
                                 store.getIndices().end()),
           SmallVector<int64_t, 2>(store.getIndices().size(), 0)});
  return updates;
}

/// Reads of elements at constant indices of a 1-D buffer at most this far
/// apart move as one update of the run holding them.
static constexpr int64_t kRunGap = 64;

/// The runs of `sorted` (ascending constant indices, possibly repeated):
/// the [begin, end) positions of neighbours at most kRunGap apart.
static SmallVector<std::pair<size_t, size_t>>
getRuns(ArrayRef<int64_t> sorted) {
  SmallVector<std::pair<size_t, size_t>> runs;
  for (size_t begin = 0, end; begin < sorted.size(); begin = end) {
    end = begin + 1;
    while (end < sorted.size() && sorted[end] - sorted[end - 1] <= kRunGap)
      ++end;
    runs.push_back({begin, end});
  }
  return runs;
}

/// For reads of single elements at constant indices of the 1-D `var` in
/// `tail` (host events after the last launch, nothing on the device after
/// them): one update `from` of each run of elements at most kRunGap apart
/// holding two or more of them, before the first event. Adds the reads it
/// covers to `covered`; returns how many updates it inserted.
static unsigned insertTailRuns(OpBuilder &b, Value var, Value device,
                               ArrayRef<Event> tail,
                               DenseSet<Operation *> &covered) {
  auto type = dyn_cast<MemRefType>(var.getType());
  if (!type || type.getRank() != 1 || tail.empty())
    return 0;
  SmallVector<std::pair<int64_t, Operation *>> reads;
  for (const Event &event : tail) {
    auto load = dyn_cast<memref::LoadOp>(event.op);
    if (!load || event.element != event.op || event.elementView ||
        !updatesOneElement(var, event))
      continue;
    if (std::optional<int64_t> index =
            getConstantIntValue(load.getIndices()[0]))
      reads.push_back({*index, load});
  }
  llvm::sort(reads, [](auto &x, auto &y) { return x.first < y.first; });
  unsigned inserted = 0;
  Operation *at = tail.front().op;
  SmallVector<int64_t> indices =
      llvm::map_to_vector(reads, [](auto &read) { return read.first; });
  for (auto [begin, end] : getRuns(indices)) {
    if (end - begin < 2)
      continue;
    b.setInsertionPoint(at);
    Location loc = at->getLoc();
    int64_t lo = reads[begin].first, hi = reads[end - 1].first;
    Value run = memref::SubViewOp::create(
        b, loc, var, ArrayRef<OpFoldResult>{b.getIndexAttr(lo)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(hi - lo + 1)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    createDataOp(b, loc, "update", run, MapKind::from, device);
    ++inserted;
    for (size_t i = begin; i < end; ++i)
      covered.insert(reads[i].second);
  }
  return inserted;
}

/// The first operand in `op` (itself or nested, in program order) that is
/// `root` or a view of it, other than those of memref.dim and view ops.
static OpOperand *getFirstAccess(Operation *op, Value root) {
  OpOperand *first = nullptr;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    for (OpOperand &operand : nested->getOpOperands())
      if (isa<BaseMemRefType>(operand.get().getType()) &&
          getViewRoot(operand.get()) == root && !isa<memref::DimOp>(nested) &&
          !isa<ViewLikeOpInterface>(nested)) {
        first = &operand;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return first;
}

/// Whether `loop` has constant bounds and at least one iteration.
static bool surelyRuns(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  return lb && ub && step && *step > 0 && *lb < *ub;
}

/// Whether host loop `event` stores every element of the 1-D buffer `root`
/// in every iteration, reading none.
static bool writesAllOnHost(const Event &event, Value root);

/// Whether every path through `op` that touches `root` starts with a launch
/// that overwrites all of `var` (so the device needs none of the host's
/// contents when `op` starts), or, with `oneSection` (all launches map the
/// same section of `var`), all of its section; or with a call passing it
/// where `initializes` says the callee starts so; or, with `hostLoops`, with
/// a host loop storing every element of it (whose update `to` leaves all of
/// it on the device). `first` is that launch, call or loop.
static bool startsWithFullOverwrite(
    Operation *op, Value root, Value var, bool oneSection = false,
    Operation **first = nullptr,
    function_ref<bool(CallOpInterface, OpOperand &)> initializes = nullptr,
    bool hostLoops = false) {
  OpOperand *firstUse = getFirstAccess(op, root);
  if (!firstUse)
    return false;
  Operation *firstAccess = firstUse->getOwner();
  auto hostLoop = dyn_cast_if_present<scf::ForOp>(firstAccess->getParentOp());
  Event loopEvent;
  if (hostLoops && !oneSection && isa<memref::StoreOp>(firstAccess) &&
      hostLoop && op->isProperAncestor(hostLoop) && stripCasts(var) == root) {
    loopEvent.op = hostLoop;
    findHostRange(loopEvent, root);
  }
  if (writesAllOnHost(loopEvent, root)) {
    firstAccess = hostLoop;
  } else if (auto launch = dyn_cast<LaunchOp>(firstAccess)) {
    MapAttr map = getMapForBuffer(launch, var);
    if (!map || map.copiesIn() || map.getKind() == MapKind::to ||
        (!oneSection && getMappedPart(launch, var) != var))
      return false;
  } else if (auto call = dyn_cast<CallOpInterface>(firstAccess)) {
    // (The whole buffer, passed as it is.)
    if (!initializes || oneSection || firstUse->get() != var ||
        !initializes(call, *firstUse))
      return false;
  } else {
    return false;
  }
  // Within each iteration of the loops between it and `op`, it runs before
  // anything else touches the buffer. Where something in between may not
  // run it (an scf.if, a loop that may run no iteration), everything else
  // touching the buffer must be inside that too.
  Region *guarded = nullptr;
  if (firstAccess != op) {
    Region *region = firstAccess->getParentRegion();
    for (Operation *parent = region->getParentOp();;
         region = parent->getParentRegion(), parent = region->getParentOp()) {
      auto forOp = dyn_cast<scf::ForOp>(parent);
      auto whileOp = dyn_cast<scf::WhileOp>(parent);
      bool entered = (forOp && surelyRuns(forOp)) ||
                     (whileOp && region == &whileOp.getBefore()) ||
                     isa<scf::ExecuteRegionOp>(parent) ||
                     (parent == op && isa<LoopLikeOpInterface>(parent));
      if (!entered) {
        guarded = region;
        break;
      }
      if (parent == op)
        break;
    }
  }
  if (guarded) {
    bool outside = false;
    op->walk([&](Operation *nested) {
      if (isa<memref::DimOp, ViewLikeOpInterface>(nested) ||
          guarded->isAncestor(nested->getParentRegion()))
        return;
      outside |= llvm::any_of(nested->getOperands(), [&](Value operand) {
        return isa<BaseMemRefType>(operand.getType()) &&
               getViewRoot(operand) == root;
      });
    });
    if (outside)
      return false;
  }
  if (first)
    *first = firstAccess;
  return true;
}

/// The value of the index `value` when it folds to a constant through the
/// integer arithmetic map inference builds for sections (sums, differences,
/// products, min and max of constants and of constant sizes).
static std::optional<int64_t> evaluateConstant(Value value,
                                               unsigned depth = 16);

/// The size of dimension `dim` of `memref` when it is a constant: static in
/// its type or in a type it was cast from, or a constant operand of its
/// allocation.
static std::optional<int64_t> getConstantSize(Value memref, int64_t dim,
                                              unsigned depth = 16) {
  while (true) {
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || dim < 0 || dim >= type.getRank())
      return std::nullopt;
    if (!type.isDynamicDim(dim))
      return type.getDimSize(dim);
    if (auto cast = memref.getDefiningOp<memref::CastOp>()) {
      memref = cast.getSource();
      continue;
    }
    if (auto alloc = memref.getDefiningOp<memref::AllocOp>())
      return evaluateConstant(
          alloc.getDynamicSizes()[type.getDynamicDimIndex(dim)], depth);
    return std::nullopt;
  }
}

static std::optional<int64_t> evaluateConstant(Value value, unsigned depth) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  Operation *def = value.getDefiningOp();
  if (!def || !depth)
    return std::nullopt;
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    std::optional<int64_t> index = evaluateConstant(dim.getIndex(), depth - 1);
    if (!index)
      return std::nullopt;
    return getConstantSize(dim.getSource(), *index, depth - 1);
  }
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::MinSIOp,
           arith::MaxSIOp>(def))
    return std::nullopt;
  std::optional<int64_t> lhs = evaluateConstant(def->getOperand(0), depth - 1);
  std::optional<int64_t> rhs = evaluateConstant(def->getOperand(1), depth - 1);
  if (!lhs || !rhs)
    return std::nullopt;
  return TypeSwitch<Operation *, std::optional<int64_t>>(def)
      .Case([&](arith::AddIOp) { return *lhs + *rhs; })
      .Case([&](arith::SubIOp) { return *lhs - *rhs; })
      .Case([&](arith::MulIOp) { return *lhs * *rhs; })
      .Case([&](arith::MinSIOp) { return std::min(*lhs, *rhs); })
      .Case([&](arith::MaxSIOp) { return std::max(*lhs, *rhs); })
      .Default([](Operation *) { return std::nullopt; });
}

/// The elements [begin, end) of the 1-D `var` that `section` (a subview of
/// it with unit stride) covers, when they are constants.
static std::optional<std::pair<int64_t, int64_t>>
getConstantSection(Value var, Value section) {
  auto subview = section ? section.getDefiningOp<memref::SubViewOp>() : nullptr;
  if (!subview || subview.getSource() != var ||
      subview.getSourceType().getRank() != 1)
    return std::nullopt;
  std::optional<int64_t> stride =
      getConstantIntValue(subview.getMixedStrides()[0]);
  OpFoldResult offset = subview.getMixedOffsets()[0];
  OpFoldResult size = subview.getMixedSizes()[0];
  auto evaluate = [](OpFoldResult ofr) -> std::optional<int64_t> {
    if (auto value = dyn_cast<Value>(ofr))
      return evaluateConstant(value);
    return getConstantIntValue(ofr);
  };
  std::optional<int64_t> begin = evaluate(offset), count = evaluate(size);
  if (stride != 1 || !begin || !count)
    return std::nullopt;
  return std::make_pair(*begin, *begin + *count);
}

static bool writesAllOnHost(const Event &event, Value root) {
  // (Every element of a view with gaps leaves the gaps unwritten.)
  if (!event.rangeLoop || event.rangeRoot != root || event.element ||
      event.pieces.size() != 1 || mayHaveGaps(root))
    return false;
  const HostPiece &piece = event.pieces.front();
  auto type = dyn_cast<MemRefType>(root.getType());
  if (!type || type.getRank() != 1 || !piece.writesAll || piece.dim != 0u)
    return false;
  // From element 0 to the last: [lb + min, ub + max) is [0, size).
  scf::ForOp loop = event.rangeLoop;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  if (!lb || *lb + piece.min != 0)
    return false;
  Value ub = loop.getUpperBound();
  if (auto dim = ub.getDefiningOp<memref::DimOp>();
      dim && piece.max == 0 && getConstantIntValue(dim.getIndex()) == 0 &&
      stripCasts(dim.getSource()) == root)
    return true;
  std::optional<int64_t> end = evaluateConstant(ub);
  std::optional<int64_t> size = getConstantSize(root, 0);
  return end && size && *end + piece.max == *size;
}

/// When `event` is a launch that always runs and writes every element of
/// a section of the argument `arg` of a function (mapped `from`, needing
/// none of it on the device, and nothing else touching it) that is all of
/// it were it as large as another argument of the function (the kernel's
/// loop bounded by that one's size): that argument's position.
static std::optional<unsigned> wholeIfSizeOf(Block &entry, const Event &event,
                                             Value arg, Value var) {
  auto launch = dyn_cast<LaunchOp>(event.op);
  if (!launch || event.launches.size() != 1 || event.copiesIn || event.inLoop ||
      event.calleeHostAccess || event.hasHostAccess() ||
      !event.launchWritesSection || stripCasts(var) != arg)
    return std::nullopt;
  Value section = launch.getMappedSection(var);
  if (!section || section == var)
    return std::nullopt;
  for (BlockArgument other : entry.getArguments())
    if (other != arg && isa<MemRefType>(other.getType()) &&
        isWholeIf(section, arg,
                  [&](Value buffer) { return stripCasts(buffer) == other; }))
      return other.getArgNumber();
  return std::nullopt;
}

/// Whether `event` is a call passing all of `root` (once) to a function that
/// starts by overwriting all of it (on the device, or on the host and
/// updating the device).
static bool callStartsFresh(const Event &event, Value root) {
  auto call = dyn_cast<CallOpInterface>(event.op);
  if (!call || event.calls.size() != 1 || event.calls.front().call != call ||
      !event.launches.empty() || event.hasHostAccess())
    return false;
  const CallUse &use = event.calls.front();
  return !use.plain && initializesAt(call, use.position, *use.summary) &&
         stripCasts(call.getArgOperands()[use.position]) == root;
}

/// Whether `launch`, nested in loops up to `op` (one of them), runs at
/// least once each time `op` does: every loop in between is an `scf.for`
/// with constant bounds and at least one iteration.
static bool runsAtLeastOnce(Operation *launch, Operation *op) {
  for (Operation *parent = launch->getParentOp();;
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop || !surelyRuns(loop))
      return false;
    if (parent == op)
      return true;
  }
}

/// The reason collectEvents gives for a buffer the program maps itself: its
/// own data ops keep it on the device, so nothing moves per iteration.
static constexpr StringLiteral kMappedExplicitly =
    "the program maps it explicitly";

/// The buffer, offset and device of `update` when it brings back one
/// element of a 1-D buffer (`from` of a unit subview); nullopt otherwise.
static std::optional<std::tuple<Value, OpFoldResult, Value>>
getOneElementFrom(UpdateOp update) {
  if (update.getMapVars().size() != 1 ||
      cast<MapAttr>(update.getMapKindsAttr()[0]).getKind() != MapKind::from)
    return std::nullopt;
  auto view = update.getMapVars()[0].getDefiningOp<memref::SubViewOp>();
  if (!view || view.getType().getRank() != 1 ||
      view.getSourceType().getRank() != 1 ||
      getConstantIntValue(view.getMixedSizes()[0]) != 1 ||
      getConstantIntValue(view.getMixedStrides()[0]) != 1)
    return std::nullopt;
  return std::make_tuple(view.getSource(), view.getMixedOffsets()[0],
                         update.getDevice());
}

/// `index` minus `base` when it is a constant (the same value, constants,
/// or `base` plus or minus a constant).
static std::optional<int64_t> getDistance(OpFoldResult index,
                                          OpFoldResult base) {
  if (index == base)
    return 0;
  std::optional<int64_t> x = getConstantIntValue(index),
                         y = getConstantIntValue(base);
  if (x && y)
    return *x - *y;
  auto value = dyn_cast<Value>(index), from = dyn_cast<Value>(base);
  if (!value || !from)
    return std::nullopt;
  if (std::optional<int64_t> up = getOffsetFrom(value, from))
    return up;
  if (std::optional<int64_t> down = getOffsetFrom(from, value))
    return -*down;
  return std::nullopt;
}

/// Updates `from` of single elements of a 1-D buffer that follow each other
/// with only reads and pure ops between (`y[i]`, then `y[i + 1]`: host
/// loads of neighbours) bring back the elements they cover as one update,
/// at the first: neighbours only, so no element comes back that would not
/// have (nothing between writes the buffer on either side).
static void mergeNeighbourUpdates(Operation *root) {
  SmallVector<UpdateOp> updates;
  root->walk([&](UpdateOp update) { updates.push_back(update); });
  DenseSet<Operation *> erased;
  for (UpdateOp first : updates) {
    if (erased.contains(first))
      continue;
    auto one = getOneElementFrom(first);
    if (!one)
      continue;
    auto [buffer, base, device] = *one;
    int64_t lo = 0, hi = 0; // [base + lo, base + hi]
    SmallVector<UpdateOp> merged;
    for (Operation *op = first->getNextNode(); op; op = op->getNextNode()) {
      if (auto next = dyn_cast<UpdateOp>(op)) {
        auto other = getOneElementFrom(next);
        if (!other)
          break;
        auto [nextBuffer, offset, nextDevice] = *other;
        std::optional<int64_t> at = nextBuffer == buffer && nextDevice == device
                                        ? getDistance(offset, base)
                                        : std::nullopt;
        if (!at)
          continue; // another buffer's element
        if (*at < lo - 1 || *at > hi + 1)
          break;
        lo = std::min(lo, *at);
        hi = std::max(hi, *at);
        merged.push_back(next);
        continue;
      }
      if (isa<memref::LoadOp, memref::SubViewOp, memref::DimOp>(op) ||
          (isMemoryEffectFree(op) && op->getNumRegions() == 0))
        continue;
      break;
    }
    if (merged.empty())
      continue;
    OpBuilder b(first);
    Location loc = first.getLoc();
    Value start = getValueOrCreateConstantIndexOp(b, loc, base);
    if (lo != 0)
      start = arith::AddIOp::create(b, loc, start,
                                    arith::ConstantIndexOp::create(b, loc, lo));
    Value part = memref::SubViewOp::create(
        b, loc, buffer, ArrayRef<OpFoldResult>{start},
        ArrayRef<OpFoldResult>{b.getIndexAttr(hi - lo + 1)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    Operation *oldView = first.getMapVars()[0].getDefiningOp();
    first.getMapVarsMutable().assign(part);
    if (oldView->use_empty())
      oldView->erase();
    for (UpdateOp update : merged) {
      Operation *view = update.getMapVars()[0].getDefiningOp();
      erased.insert(update);
      update->erase();
      if (view->use_empty())
        view->erase();
    }
  }
}

namespace {
struct OffloadHoistTransfersPass
    : public offload::impl::OffloadHoistTransfersBase<
          OffloadHoistTransfersPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Summarises every function of the module, callees first, and keeps a
  /// copy of those that callers may call resident copies of.
  void summarize();
  void summarize(FunctionOpInterface fn);
  /// Summarises the functions of a cycle of calls together, each argument
  /// entered on the device only when the whole cycle keeps it there.
  void summarizeRecursive(ArrayRef<Operation *> component);
  /// Whether `fn` calls through a function pointer (itself, or in a
  /// function it calls that is summarised already).
  bool callsThroughPointers(FunctionOpInterface fn);
  /// Summarises what `fn` (whose body is `entry`) does with `root`, one of
  /// its arguments or a buffer it makes and returns, into `s`.
  void summarizeBuffer(Block &entry, Value root, ArgSummary &s);
  /// The summary of argument #`position` of `call`'s callee, when the
  /// callee can be entered with it on the device.
  const ArgSummary *getSummary(CallOpInterface call, unsigned position);
  /// Whether `call`'s callee starts by overwriting all of the argument
  /// `use` passes (a launch that always runs and writes every element).
  bool callInitializes(CallOpInterface call, OpOperand &use) {
    std::optional<unsigned> position = getCallPosition(call, use);
    const ArgSummary *summary =
        position ? getSummary(call, *position) : nullptr;
    return summary && initializesAt(call, *position, *summary);
  }
  /// callInitializes, as startsWithFullOverwrite takes it.
  auto initializes() {
    return [this](CallOpInterface call, OpOperand &use) {
      return callInitializes(call, use);
    };
  }
  /// Whether the callee of `call` launches on one of its arguments (on one
  /// that is a view of `root`, when given).
  bool callLaunches(CallOpInterface call, Value root = Value());
  /// Whether the callee of `call` has a body that may launch or map data
  /// (summarised or not): a buffer passed to it is mapped per launch when
  /// its summary does not let the caller keep it on the device.
  bool callMayLaunch(CallOpInterface call);

  /// Keeps buffers on the device in `fn`, entered with its arguments at
  /// `residentArgs` on the device already, and returning its results at
  /// `residentResults` on the device, entered.
  void processFunction(FunctionOpInterface fn, ArrayRef<unsigned> residentArgs,
                       ArrayRef<unsigned> residentResults = {});
  void processBlock(Block *block);
  /// Keeps the buffers `loop` passes from one iteration to the next in its
  /// iteration arguments (ping-pong: read one, write the other, swap) on
  /// the device across it, where only launches use them inside.
  void hoistLoopCarried(Operation *loop);
  /// Keeps on the device the buffers `loop` makes anew in each iteration
  /// from the one before (`%y = call @next(%x)`, `memref.dealloc %x`,
  /// `scf.yield %y`, the callee allocating and launching on what it
  /// returns): the first is entered before the loop, each iteration's call
  /// returns the next entered, the one it replaces is released before its
  /// dealloc, and the loop's result is entered (enteredResults).
  void hoistLoopChain(scf::ForOp loop);
  /// Iteration arguments hoistLoopChain keeps on the device, by loop.
  DenseMap<Operation *, SmallVector<unsigned>> chained;
  /// What keeping `group` on the device around `loop` takes.
  struct CarriedPlan {
    Operation *loop = nullptr;
    /// Why it cannot be (empty when it can).
    std::string why;
    /// The device its launches pick.
    BufferEvents device;
    SmallVector<LaunchOp> launches;
    SmallVector<std::pair<CallOpInterface, unsigned>> calls;
    /// The launches of each call (of those mapping one of the buffers).
    llvm::MapVector<Operation *, unsigned> callLaunches;
    bool deviceWrites = false;
    /// Copies its launches make per iteration; launches in all.
    unsigned perIteration = 0, numLaunches = 0;
    /// The buffers it starts with (distinct), and how each is entered.
    llvm::MapVector<Value, MapKind> inits;
    /// Those whose contents its launches read (before overwriting them),
    /// in some iteration it may run: unlike `inits`, a loop that may run no
    /// iteration reads nothing.
    llvm::SmallDenseSet<Value, 4> readsContents;
    /// How many of them an enclosing op keeps on the device already.
    unsigned numResident = 0;
    /// Host loads and stores of one element of them in the loop: each gets
    /// an update of that element (whichever buffer it is at run time, all
    /// of them are on the device); and calls to functions touching single
    /// elements of them on the host, whose resident copies update those.
    llvm::SetVector<Operation *> hostElements;
    /// The updates those make per iteration (at most).
    unsigned hostUpdates = 0;
  };
  CarriedPlan planCarried(Operation *loop, const CarriedGroup &group,
                          DominanceInfo &dom);
  /// Whether `loop` surely runs (or, with `mayNotRun`, runs no iteration)
  /// and the first thing it does with `member` (one of its iteration
  /// arguments) is to overwrite all of it: a launch, a call whose callee
  /// starts so, or an inner loop that surely runs and starts so. A launch
  /// writing the section [0, the size of a buffer `isSize` accepts) of it
  /// writes all of it.
  bool startsByOverwriting(Operation *loop, Value member,
                           bool mayNotRun = false,
                           function_ref<bool(Value)> isSize = nullptr);
  /// Whether `init`, a buffer `loop` starts with, comes to it entered on
  /// the device `device` says, so that `loop` needs no enter of its own: it
  /// is made right before in the loop's block by a call to a function that
  /// launches on what it makes (the call then goes to the copy returning it
  /// entered), or it is the result of a loop before that leaves it entered
  /// (a chain, whose result `loop` takes over). Between, only host loads and
  /// stores of single elements may use it: it adds their updates.
  bool takeEnteredInit(Operation *loop, Value init, const BufferEvents &device);
  /// The launches right before `loop` (and calls whose callees only launch
  /// on them) that use the buffers it starts with (`inits`, by root) on the
  /// device of `device`, with nothing between touching those otherwise or
  /// possibly through another name: the loop's span can start at the first
  /// of them (returned; `loop` when there is none). `covers` gets each of
  /// them with each buffer it uses, `calls` the calls with the positions
  /// where they pass one; `kinds`, for each buffer they use, how the first
  /// one touching it needs it entered (`to`, or `alloc` when it overwrites
  /// all of it); `writes`, whether some of them write one.
  Operation *
  findLaunchesBefore(Operation *loop,
                     const llvm::MapVector<Value, MapKind> &inits,
                     BufferEvents &device,
                     SmallVectorImpl<std::pair<Operation *, Value>> &covers,
                     SmallVectorImpl<std::pair<CallOpInterface, unsigned>> &calls,
                     DenseMap<Value, MapKind> &kinds, bool &writes);
  /// Records, for the blocks around them, the loops of `fn` whose carried
  /// buffers can be kept on the device around them and whose results
  /// nothing uses (carriedLoops, carriedInside).
  void planFunctionLoops(FunctionOpInterface fn);
  void recordCarried(const CarriedPlan &plan);
  /// Keeps `buffer` on the device in `block`. Returns why it does not when
  /// it should (empty when it did, or when it is not worth it).
  std::string hoist(Block *block, BufferEvents &buffer);
  /// Whether `root`, an argument of the function, may be the buffer of
  /// another of its arguments that the host touches, or a launch maps,
  /// between `first` and `last` (ops of `block`): a caller may pass one
  /// buffer twice. An i1 computed at `b`, or null when no such argument
  /// exists.
  Value buildArgumentAliasCheck(OpBuilder &b, Block *block, Value root,
                                Operation *first, Operation *last);
  /// Inserts the updates host accesses need in `block`, where `root` is
  /// resident on `device` (mapped as `var` by an enclosing enter_data).
  /// `deviceNewer`: the device may hold newer data than the host at the
  /// block's start (a launch wrote it before, or in an earlier iteration).
  void processResidentBlock(Block *block, Value root, Value var, Value device,
                            unsigned &updates, unsigned &launchCopies,
                            bool deviceNewer = true);
  /// Records that the calls of `event` run with the buffer resident (or
  /// return it so).
  void markResidentCalls(const Event &event) {
    for (const CallUse &use : event.calls)
      if (!use.plain)
        residentCalls[use.call].insert(use.position);
    if (event.resultCall)
      residentResults[event.resultCall].insert(event.resultNumber);
  }
  /// Makes the calls of `fn` that run with buffers resident call the
  /// resident copies of their callees.
  void redirectCalls(FunctionOpInterface fn);
  /// The copy of `callee` entered with the arguments at `positions` on the
  /// device, and returning its results at `results` on the device (created,
  /// and queued for processing, the first time).
  Operation *getResidentCopy(Operation *callee, ArrayRef<unsigned> positions,
                             ArrayRef<unsigned> results);
  /// Says, once per buffer, why it still moves at every iteration of a loop
  /// in `block` that launches on it.
  /// `at`, when given, is the op the reason is about; only loops among the
  /// ops of `range` count.
  void remarkPerIteration(Block *block, Value root, StringRef why,
                          Operation *at = nullptr,
                          const OpRange &range = OpRange());
  /// Says that the buffer `root` leaves the device around `at`, a launch or
  /// a call that splits its block (processBlock), and why; once per pair.
  void remarkNotAcross(Value root, Operation *at, StringRef why);
  DenseSet<std::pair<Operation *, Value>> reportedSplits;

  /// Whether an enclosing op keeps `root` on the device around `block`: one
  /// this pass made resident, or a data region of the program.
  bool isResident(Block *block, Value root) {
    for (Operation *op = block->getParentOp(); op; op = op->getParentOp()) {
      if (resident.contains({op, root}))
        return true;
      if (auto data = dyn_cast<DataOp>(op))
        if (llvm::any_of(data.getMapVars(),
                         [&](Value var) { return getViewRoot(var) == root; }))
          return true;
    }
    return false;
  }

  /// (launch or call, buffer root) pairs an outer block already keeps
  /// resident.
  DenseSet<std::pair<Operation *, Value>> covered;
  /// (op, buffer root): inside op, the buffer is resident.
  DenseSet<std::pair<Operation *, Value>> resident;

  SummaryMap summaries;
  /// Loops keeping what they carry on the device (planFunctionLoops): one
  /// launch event for each buffer they start with, in the blocks around.
  CarriedUses carriedLoops;
  /// (launch or call in such a loop, buffer it may map): counted at the
  /// loop.
  DenseSet<std::pair<Operation *, Value>> carriedInside;
  /// Unmodified copies (not in the module) of the summarised functions that
  /// touch an argument: resident copies are made from them.
  DenseMap<Operation *, Operation *> pristine;
  /// Calls that run with buffers resident: the positions of those buffers.
  DenseMap<Operation *, std::set<unsigned>> residentCalls;
  /// Calls whose results stay resident: the numbers of those results.
  DenseMap<Operation *, std::set<unsigned>> residentResults;
  /// Results of loops left entered on the device (hoistLoopChain), and
  /// those of them whose span placed their exit.
  EnteredResults enteredResults;
  DenseSet<Value> exitedResults;
  /// Resident copies made, by callee, resident positions and results.
  using CopyKey =
      std::tuple<Operation *, std::vector<unsigned>, std::vector<unsigned>>;
  std::map<CopyKey, Operation *> copies;
  /// Resident copies still to process, with their resident positions and
  /// results.
  SmallVector<
      std::tuple<Operation *, SmallVector<unsigned>, SmallVector<unsigned>>>
      pending;
  /// Buffers a per-iteration remark was emitted for.
  DenseSet<Value> remarked;
  /// The function each resident copy was made from.
  DenseMap<Operation *, Operation *> originals;
  /// Processing a resident copy: its ops have the locations of the
  /// callee's, whose own placement was reported already.
  bool inCopy = false;
  /// Redirected calls reported, by location and copy called.
  DenseSet<std::pair<Location, StringAttr>> reportedCalls;
  /// The symbol tables of this run (the pass itself must stay copyable).
  SymbolTableCollection *symbolTables = nullptr;
};
} // namespace

void OffloadHoistTransfersPass::runOnOperation() {
  SymbolTableCollection tables;
  symbolTables = &tables;
  covered.clear();
  resident.clear();
  summaries.clear();
  summaries.publicOffloader.clear();
  carriedLoops.clear();
  carriedInside.clear();
  pristine.clear();
  residentCalls.clear();
  residentResults.clear();
  enteredResults.clear();
  exitedResults.clear();
  chained.clear();
  copies.clear();
  pending.clear();
  remarked.clear();
  originals.clear();
  reportedCalls.clear();
  inCopy = false;
  // Globals launches map become arguments of the functions that reach
  // them, so that callers keep them on the device as they do arguments.
  for (auto &[fn, names] : passGlobalsAsArguments(getOperation())) {
    if (!remarks)
      continue;
    std::string list;
    for (StringAttr name : names)
      list += (list.empty() ? "@" : ", @") + name.str();
    fn->emitRemark() << "@" << SymbolTable::getSymbolName(fn).getValue()
                     << " takes global(s) " << list
                     << " as argument(s), which its callers keep on the "
                        "device as they keep their buffers";
  }
  // Public functions that code outside the module may call back.
  SmallVector<std::string> offloaders;
  getOperation().walk([&](FunctionOpInterface fn) {
    if (!isa<KernelOp>(fn) && !fn.isExternal() && fn.isPublic() &&
        llvm::any_of(fn.getArgumentTypes(), llvm::IsaPred<MemRefType>) &&
        fn->walk([&](Operation *op) {
            auto call = dyn_cast<CallOpInterface>(op);
            llvm::SmallPtrSet<Operation *, 4> visited;
            return isa<LaunchOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp,
                       DeviceCopyOp>(op) ||
                           (call && mayOffload(call, visited))
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          }).wasInterrupted())
      offloaders.push_back("@" + SymbolTable::getSymbolName(fn).str());
    return WalkResult::skip();
  });
  if (!offloaders.empty())
    summaries.publicOffloader = *llvm::min_element(offloaders);
  summarize();
  SmallVector<FunctionOpInterface> functions;
  getOperation().walk([&](FunctionOpInterface fn) {
    if (!isa<KernelOp>(fn) && !fn.isExternal())
      functions.push_back(fn);
    return WalkResult::skip();
  });
  for (FunctionOpInterface fn : functions)
    processFunction(fn, {});
  // Resident copies, and the copies their calls need in turn (the
  // summarised call graph has no cycles).
  inCopy = true;
  while (!pending.empty()) {
    auto [fn, positions, results] = pending.pop_back_val();
    processFunction(cast<FunctionOpInterface>(fn), positions, results);
  }
  inCopy = false;
  // A private function every caller now calls copies of is dead (callers
  // first: a dead caller's calls keep its callees alive until it goes).
  llvm::SetVector<Operation *> unique;
  for (auto &entry : copies)
    unique.insert(std::get<0>(entry.first));
  SmallVector<Operation *> callees(unique.begin(), unique.end());
  for (bool erased = true; erased;) {
    erased = false;
    for (Operation *&callee : callees)
      if (callee &&
          SymbolTable::getSymbolVisibility(callee) ==
              SymbolTable::Visibility::Private &&
          SymbolTable::symbolKnownUseEmpty(callee, getOperation())) {
        callee->erase();
        callee = nullptr;
        erased = true;
      }
  }
  for (auto &entry : pristine)
    entry.second->erase();
  mergeNeighbourUpdates(getOperation());
  // Resident copies that no call reaches any more (a caller that was
  // itself copied calls other copies), until none is left.
  SmallVector<Operation *> unused;
  do {
    unused.clear();
    for (auto &entry : copies)
      if (entry.second &&
          SymbolTable::symbolKnownUseEmpty(entry.second, getOperation()))
        unused.push_back(entry.second);
    for (auto &entry : copies)
      if (llvm::is_contained(unused, entry.second))
        entry.second = nullptr;
    for (Operation *copy : unused)
      copy->erase();
  } while (!unused.empty());
  // (The marks of element updates through aliases served the placement.)
  getOperation().walk(
      [](UpdateOp update) { update->removeAttr(kAliasElement); });
}

//===----------------------------------------------------------------------===//
// Function summaries
//===----------------------------------------------------------------------===//

void OffloadHoistTransfersPass::summarize() {
  // Tarjan's strongly connected components over the calls between the
  // module's functions: a component is complete (and summarised) after
  // every function it calls.
  SmallVector<Operation *> functions;
  DenseSet<Operation *> isFunction;
  getOperation().walk([&](FunctionOpInterface fn) {
    if (!isa<KernelOp>(fn)) {
      functions.push_back(fn);
      isFunction.insert(fn);
    }
    return WalkResult::skip();
  });
  DenseMap<Operation *, SmallVector<Operation *>> callees;
  for (Operation *fn : functions)
    fn->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallableInTable(symbolTables);
      if (callee && isFunction.contains(callee))
        callees[fn].push_back(callee);
    });
  DenseMap<Operation *, unsigned> index, low;
  SmallVector<Operation *> stack;
  DenseSet<Operation *> onStack;
  unsigned next = 0;
  std::function<void(Operation *)> visit = [&](Operation *fn) {
    index[fn] = low[fn] = next++;
    stack.push_back(fn);
    onStack.insert(fn);
    for (Operation *callee : callees.lookup(fn)) {
      if (!index.count(callee)) {
        visit(callee);
        low[fn] = std::min(low[fn], low[callee]);
      } else if (onStack.contains(callee)) {
        low[fn] = std::min(low[fn], index[callee]);
      }
    }
    if (low[fn] != index[fn])
      return;
    SmallVector<Operation *> component;
    Operation *member;
    do {
      member = stack.pop_back_val();
      onStack.erase(member);
      component.push_back(member);
    } while (member != fn);
    bool recursive =
        component.size() > 1 || llvm::is_contained(callees.lookup(fn), fn);
    if (recursive)
      summarizeRecursive(component);
    else
      summarize(cast<FunctionOpInterface>(fn));
    // Members of a cycle call each other: any calls through pointers.
    bool throughPointers = llvm::any_of(component, [&](Operation *op) {
      auto it = summaries.find(op);
      return it != summaries.end() && it->second.callsThroughPointers;
    });
    for (Operation *op : component)
      if (auto it = summaries.find(op); it != summaries.end())
        it->second.callsThroughPointers |= throughPointers;
  };
  for (Operation *fn : functions)
    if (!index.count(fn))
      visit(fn);
}

bool OffloadHoistTransfersPass::callsThroughPointers(FunctionOpInterface fn) {
  bool through = false;
  fn->walk([&](CallOpInterface call) {
    Operation *callee = call.resolveCallableInTable(symbolTables);
    if (!isa_and_nonnull<FunctionOpInterface>(callee))
      through = true;
    else if (auto it = summaries.find(callee); it != summaries.end())
      through |= it->second.callsThroughPointers;
  });
  return through;
}

void OffloadHoistTransfersPass::summarize(FunctionOpInterface fn) {
  if (fn.isExternal())
    return; // calls to it are host accesses
  FunctionSummary summary;
  summary.callsThroughPointers = callsThroughPointers(fn);
  std::string name = "@" + SymbolTable::getSymbolName(fn).str();
  if (!fn.getFunctionBody().hasOneBlock()) {
    summary.unknown = name + " has more than one block";
  } else {
    Block &entry = fn.getFunctionBody().front();
    // Ping-pong loops on its arguments launch on them.
    planFunctionLoops(fn);
    for (BlockArgument arg : entry.getArguments()) {
      if (!isa<MemRefType>(arg.getType()))
        continue;
      summarizeBuffer(entry, arg, summary.args[arg.getArgNumber()]);
    }
    // The buffers it makes and returns (an allocation, or such a result of
    // a call it makes), each at one position of its return.
    Operation *terminator =
        entry.mightHaveTerminator() ? entry.getTerminator() : nullptr;
    for (OpOperand &returned : terminator ? terminator->getOpOperands()
                                          : MutableArrayRef<OpOperand>()) {
      Value root = stripCasts(returned.get());
      Operation *def = root.getDefiningOp();
      if (!isa<MemRefType>(root.getType()) || !def || def->getBlock() != &entry)
        continue;
      auto call = dyn_cast<CallOpInterface>(def);
      if (!isa<memref::AllocOp>(def) &&
          !(call &&
            getResultSummary(call, cast<OpResult>(root).getResultNumber(),
                             summaries)))
        continue;
      if (llvm::count_if(terminator->getOperands(), [&](Value value) {
            return getViewRoot(value) == root;
          }) != 1)
        continue;
      summarizeBuffer(entry, root,
                      summary.results[returned.getOperandNumber()]);
    }
  }
  auto touchesOne = [](auto &entry) {
    return entry.second.unknown.empty() && entry.second.touches();
  };
  bool touches =
      summary.unknown.empty() && (llvm::any_of(summary.args, touchesOne) ||
                                  llvm::any_of(summary.results, touchesOne));
  if (touches)
    pristine[fn] = fn->clone();
  summaries[fn] = std::move(summary);
}

/// Whether two summaries of one argument of a recursive function say the
/// same (summarizeRecursive iterates until they do).
static bool sameFacts(const ArgSummary &a, const ArgSummary &b) {
  return a.unknown.empty() == b.unknown.empty() && a.launches == b.launches &&
         a.hostAccess == b.hostAccess && a.wideHostAccess == b.wideHostAccess &&
         a.deviceWrites == b.deviceWrites &&
         a.needsHostData == b.needsHostData &&
         a.deviceConstant == b.deviceConstant && a.deviceArg == b.deviceArg;
}

void OffloadHoistTransfersPass::summarizeRecursive(
    ArrayRef<Operation *> component) {
  auto getName = [](Operation *fn) {
    return "@" + SymbolTable::getSymbolName(fn).str();
  };
  std::string cycle = " calls itself (directly or through other functions)";
  // Every member needs a body of one block; otherwise none is summarised.
  SmallVector<FunctionOpInterface> members;
  std::string why;
  for (Operation *op : component) {
    auto fn = cast<FunctionOpInterface>(op);
    if (fn.isExternal() || !fn.getFunctionBody().hasOneBlock())
      why = getName(fn) + cycle + " and " + getName(fn) +
            (fn.isExternal() ? " has no body" : " has more than one block");
    members.push_back(fn);
  }
  for (FunctionOpInterface fn : members) {
    FunctionSummary &summary = summaries[fn];
    summary.callsThroughPointers = callsThroughPointers(fn);
    if (!why.empty()) {
      summary.unknown = why;
      continue;
    }
    planFunctionLoops(fn);
    // At first no call of the cycle touches anything.
    for (BlockArgument arg : fn.getFunctionBody().getArguments())
      if (isa<MemRefType>(arg.getType()))
        summary.args[arg.getArgNumber()] = ArgSummary();
  }
  if (!why.empty())
    return;
  // The least fixed point: each round summarises every argument again with
  // what the last round said of the calls within the cycle, adding what it
  // finds (launches, device writes, the host's data needed), until a round
  // adds nothing. Host accesses inside get their updates in the copies as
  // in any other function's. An argument whose launches pick another device
  // at the next level, or that a call within the cycle gets as a view,
  // keeps its per-launch clauses, and so do those the cycle passes it on
  // to. What a call does first and stores last depends on the depth of the
  // recursion: no caller counts on it.
  // (Each round sees the last round's summaries, each call within the
  // cycle counting as one launch and no copies or updates: the counts the
  // remarks give are those of one level.)
  constexpr unsigned kMaxRounds = 16;
  bool changed = true;
  for (unsigned round = 0; changed; ++round) {
    changed = false;
    for (FunctionOpInterface fn : members)
      for (auto &[position, s] : summaries[fn].args) {
        s.numLaunches = s.launches;
        s.numLoopLaunches = s.copies = s.updates = 0;
      }
    std::vector<std::pair<ArgSummary *, ArgSummary>> next;
    for (FunctionOpInterface fn : members) {
      Block &entry = fn.getFunctionBody().front();
      for (BlockArgument arg : entry.getArguments()) {
        if (!isa<MemRefType>(arg.getType()))
          continue;
        ArgSummary &old = summaries[fn].args[arg.getArgNumber()];
        if (!old.unknown.empty())
          continue;
        ArgSummary s;
        if (round == kMaxRounds)
          s.unknown =
              getName(fn) + cycle + ", and what it does with it did not settle";
        else
          summarizeBuffer(entry, arg, s);
        // (Passed on within the cycle to an argument that cannot be
        // entered: the reason is that one's.)
        for (FunctionOpInterface member : members) {
          std::string passed = "it is passed to " + getName(member) +
                               ", which cannot be entered with it on the "
                               "device: ";
          if (StringRef(s.unknown).starts_with(passed))
            s.unknown = s.unknown.substr(passed.size());
        }
        s.initializes = false;
        s.initializesIfSizeOf.reset();
        s.needsHostDataUnlessSized = false;
        s.storedLast.clear();
        s.launches |= old.launches;
        s.hostAccess |= old.hostAccess;
        s.wideHostAccess |= old.wideHostAccess;
        s.deviceWrites |= old.deviceWrites;
        s.needsHostData |= old.needsHostData;
        if (!s.deviceConstant && !s.deviceArg) {
          s.deviceConstant = old.deviceConstant;
          s.deviceArg = old.deviceArg;
        }
        changed |= !sameFacts(old, s);
        next.emplace_back(&old, std::move(s));
      }
    }
    for (auto &[old, s] : next)
      *old = std::move(s);
  }
  for (FunctionOpInterface fn : members)
    if (llvm::any_of(summaries[fn].args, [](auto &entry) {
          return entry.second.unknown.empty() && entry.second.touches();
        }))
      pristine[fn] = fn->clone();
}

void OffloadHoistTransfersPass::summarizeBuffer(Block &entry, Value root,
                                                ArgSummary &s) {
  BufferEvents buffer;
  std::string reason;
  if (!collectEvents(&entry, root, &carriedInside, &carriedLoops, summaries,
                     buffer, reason)) {
    s.unknown = reason;
    return;
  }
  // Callers keep their buffers on the device the launches pick: a
  // constant, or one of the function's arguments.
  s.deviceConstant = buffer.deviceConstant;
  if (buffer.device && !buffer.deviceConstant) {
    auto deviceArg = dyn_cast<BlockArgument>(buffer.device);
    if (!deviceArg || deviceArg.getOwner() != &entry) {
      s.unknown = "its launches pick a device it computes";
      return;
    }
    s.deviceArg = deviceArg.getArgNumber();
  }
  // Whether all of the buffer on the device is valid: a launch wrote
  // it whole (launches on sections of it leave the rest unwritten).
  bool deviceWhole = false, first = true, mixed = false;
  // The same, were the buffer as large as argument #sizedBy (when
  // its first launch writes all of it then).
  std::optional<unsigned> sizedBy;
  bool deviceWholeSized = false, needsHostDataSized = false;
  unsigned launchCopies = 0;
  for (Event &event : buffer.events) {
    if (event.frees) {
      s.unknown = "it frees it";
      break;
    }
    bool host = event.hasHostAccess() || event.calleeHostAccess;
    bool launches = event.hasLaunches();
    if (!host && !launches)
      continue;
    if (!launches)
      s.updates += event.hostReads + event.hostWrites;
    for (const CallUse &use : event.calls)
      if (!use.plain)
        s.updates += use.summary->updates;
    s.wideHostAccess |= (event.hasHostAccess() &&
                         (launches || !updatesOneElement(root, event))) ||
                        llvm::any_of(event.calls, [](const CallUse &use) {
                          return use.plain || use.summary->wideHostAccess;
                        });
    // Whether the op leaves all of it written on the device, needing
    // none of it there: a launch writing all of it, a call to a function
    // that starts so, a host loop storing every element (its update
    // `to` sends them all).
    Value var = buffer.var ? buffer.var : root;
    bool fresh = (stripCasts(var) == root && event.overwritesAll()) ||
                 callStartsFresh(event, root) || writesAllOnHost(event, root);
    if (first) {
      s.initializes = fresh;
      if (!fresh)
        sizedBy = wholeIfSizeOf(entry, event, root, var);
    }
    bool freshSized = fresh || (first && sizedBy);
    first = false;
    // (Nor when every path through the op starts by overwriting all of
    // it: a loop whose first launch, or call, in each iteration does.)
    std::optional<bool> needs;
    auto needsData = [&] {
      if (!needs)
        needs = (host || event.copiesIn) &&
                !startsWithFullOverwrite(event.op, root, var,
                                         /*oneSection=*/false,
                                         /*first=*/nullptr, initializes(),
                                         /*hostLoops=*/true);
      return *needs;
    };
    if (!deviceWhole && !fresh && needsData())
      s.needsHostData = true;
    if (!deviceWholeSized && !freshSized && needsData())
      needsHostDataSized = true;
    deviceWhole |= fresh;
    deviceWholeSized |= freshSized;
    s.hostAccess |= host;
    mixed |= host && launches;
    if (!launches)
      continue;
    s.launches = true;
    s.numLaunches += event.numLaunches();
    if (event.inLoop)
      s.numLoopLaunches += event.numLaunches();
    s.deviceWrites |= event.deviceWrites;
    for (LaunchOp launch : event.launches) {
      if (MapAttr map = getMapForBuffer(launch, buffer.var))
        launchCopies += map.copiesIn() + map.copiesOut();
    }
    for (const CallUse &use : event.calls)
      launchCopies += use.summary->copies;
  }
  if (!s.unknown.empty())
    return;
  // The elements stored last: stores of `root` itself that surely run
  // after the function's last launch on any buffer (another argument may
  // be the same one), in its own block and not under an scf.if, at indices
  // the caller can name (arguments, constants).
  // (Looked for once, from the end, when a store may follow it.)
  std::optional<Operation *> lastLaunching;
  auto getLastLaunching = [&]() -> Operation * {
    if (!lastLaunching) {
      lastLaunching = nullptr;
      for (Operation &op : llvm::reverse(entry))
        if (op.walk([&](Operation *inner) {
                auto call = dyn_cast<CallOpInterface>(inner);
                return isa<LaunchOp>(inner) || (call && callMayLaunch(call))
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              }).wasInterrupted()) {
          lastLaunching = &op;
          break;
        }
    }
    return *lastLaunching;
  };
  for (const Event &event : llvm::reverse(buffer.events)) {
    if (event.hasLaunches())
      break;
    if (Operation *last = getLastLaunching();
        last && !last->isBeforeInBlock(event.op))
      break;
    auto store = dyn_cast_or_null<memref::StoreOp>(event.element);
    if (!store || event.element != event.op || store.getMemRef() != root)
      continue;
    SmallVector<ArgSummary::Index, 2> element;
    for (Value index : store.getIndices()) {
      // An argument (plus a constant), or a constant.
      auto arg = llvm::find_if(entry.getArguments(), [&](BlockArgument arg) {
        return getOffsetFrom(index, arg).has_value();
      });
      if (arg != entry.getArguments().end())
        element.push_back(
            {true, arg->getArgNumber(), *getOffsetFrom(index, *arg)});
      else if (std::optional<int64_t> constant = getConstantIntValue(index))
        element.push_back({false, *constant});
      else
        break;
    }
    if (element.size() == store.getIndices().size())
      s.storedLast.push_back(std::move(element));
  }
  if (sizedBy && !s.initializes) {
    s.initializesIfSizeOf = sizedBy;
    s.needsHostDataUnlessSized = s.needsHostData && !needsHostDataSized;
  }
  // What a call moves: one enter and exit when the function keeps it on
  // the device itself, else what its launches' clauses move.
  bool hoistsItself = s.numLaunches >= 2 || s.numLoopLaunches || mixed;
  s.copies = hoistsItself
                 ? (s.needsHostData || (s.deviceWrites && !s.initializes)) +
                       s.deviceWrites
                 : launchCopies;
}

const ArgSummary *OffloadHoistTransfersPass::getSummary(CallOpInterface call,
                                                        unsigned position) {
  Operation *callee = call.resolveCallableInTable(symbolTables);
  auto it = callee ? summaries.find(callee) : summaries.end();
  if (it == summaries.end() || !it->second.unknown.empty())
    return nullptr;
  auto arg = it->second.args.find(position);
  if (arg == it->second.args.end() || !arg->second.unknown.empty())
    return nullptr;
  return &arg->second;
}

bool OffloadHoistTransfersPass::callLaunches(CallOpInterface call, Value root) {
  for (auto [position, operand] : llvm::enumerate(call.getArgOperands())) {
    if (!isa<MemRefType>(operand.getType()) ||
        (root && getViewRoot(operand) != root))
      continue;
    if (const ArgSummary *summary = getSummary(call, position))
      if (summary->launches)
        return true;
  }
  return false;
}

bool OffloadHoistTransfersPass::callMayLaunch(CallOpInterface call) {
  Operation *callee = call.resolveCallableInTable(symbolTables);
  if (!callee || !summaries.count(callee))
    return false;
  llvm::SmallPtrSet<Operation *, 4> visited;
  return mayOffload(call, visited);
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

void OffloadHoistTransfersPass::processFunction(
    FunctionOpInterface fn, ArrayRef<unsigned> residentArgs,
    ArrayRef<unsigned> residentResults) {
  Block &entry = fn.getFunctionBody().front();
  // (A copy's ping-pong loops launch on the arguments it has resident.)
  if (!residentArgs.empty() || !residentResults.empty())
    planFunctionLoops(fn);
  // Constant devices, made once at the entry.
  DenseMap<int64_t, Value> constantDevices;
  // The device the caller keeps a resident buffer on: the one its launches
  // pick (the function's summary of it says which).
  auto summary = summaries.find(originals.lookup(fn));
  auto getDevice = [&](const DenseMap<unsigned, ArgSummary> &buffers,
                       unsigned position) -> Value {
    auto it = buffers.find(position);
    if (it == buffers.end())
      return Value();
    if (it->second.deviceArg)
      return entry.getArgument(*it->second.deviceArg);
    std::optional<int64_t> number = it->second.deviceConstant;
    if (!number)
      return Value();
    Value &made = constantDevices[*number];
    if (!made) {
      OpBuilder b(&entry, entry.begin());
      made = arith::ConstantIntOp::create(b, fn.getLoc(), *number, 32);
    }
    return made;
  };
  for (unsigned position : residentArgs) {
    Value arg = entry.getArgument(position);
    resident.insert({fn, arg});
    Value device = summary == summaries.end()
                       ? Value()
                       : getDevice(summary->second.args, position);
    unsigned updates = 0, launchCopies = 0;
    processResidentBlock(&entry, arg, arg, device, updates, launchCopies);
    numUpdates += updates;
  }
  // Results returned on the device: entered where it makes them (after
  // the allocation; a call making one returns it entered already), then
  // resident to the return, which leaves them entered for the caller.
  for (unsigned number : residentResults) {
    Value root = stripCasts(entry.getTerminator()->getOperand(number));
    resident.insert({fn, root});
    Value device = summary == summaries.end()
                       ? Value()
                       : getDevice(summary->second.results, number);
    unsigned updates = 0, launchCopies = 0;
    processResidentBlock(&entry, root, root, device, updates, launchCopies,
                         /*deviceNewer=*/false);
    numUpdates += updates;
    // (After the updates: their placement takes the program's own data ops
    // for explicit mapping.)
    if (auto alloc = root.getDefiningOp<memref::AllocOp>()) {
      OpBuilder b(alloc);
      b.setInsertionPointAfter(alloc);
      createDataOp(b, alloc.getLoc(), "enter", root, MapKind::alloc, device);
    }
  }
  // Buffers loops carry from one iteration to the next (ping-pong), outer
  // loops first.
  SmallVector<Operation *> carrying;
  fn->walk<WalkOrder::PreOrder>([&](Operation *loop) {
    if (isa<scf::ForOp, scf::WhileOp>(loop) &&
        llvm::any_of(loop->getOperands(), [](Value operand) {
          return isa<MemRefType>(operand.getType());
        }))
      carrying.push_back(loop);
  });
  for (Operation *loop : carrying) {
    if (auto forOp = dyn_cast<scf::ForOp>(loop))
      hoistLoopChain(forOp);
    hoistLoopCarried(loop);
  }
  // The blocks that hold launches, or calls that launch.
  llvm::SetVector<Block *> seen;
  fn->walk([&](Operation *op) {
    auto call = dyn_cast<CallOpInterface>(op);
    if (!isa<LaunchOp>(op) && !(call && callMayLaunch(call)))
      return;
    for (; op && op != fn; op = op->getParentOp())
      seen.insert(op->getBlock());
  });
  // Outer blocks first: a buffer kept on the device around a loop needs
  // nothing inside it.
  SmallVector<Block *> blocks(seen.begin(), seen.end());
  auto depth = [](Block *block) {
    unsigned d = 0;
    for (Operation *op = block->getParentOp(); op; op = op->getParentOp())
      ++d;
    return d;
  };
  llvm::stable_sort(blocks,
                    [&](Block *a, Block *b) { return depth(a) < depth(b); });
  for (Block *block : blocks)
    processBlock(block);
  // Results of loops left entered on the device that no span took in (the
  // host reads all of them next, or a loop around passes them on): they
  // come back right after the loop.
  for (auto &[result, entered] : enteredResults) {
    Operation *loop = result.getDefiningOp();
    if (exitedResults.contains(result) || !fn->isAncestor(loop))
      continue;
    OpBuilder b(loop->getContext());
    b.setInsertionPointAfter(loop);
    Value device = entered.device;
    if (entered.deviceConstant)
      device = arith::ConstantIntOp::create(b, loop->getLoc(),
                                            *entered.deviceConstant, 32);
    createDataOp(b, loop->getLoc(), "exit", result, MapKind::from, device);
    exitedResults.insert(result);
  }
  redirectCalls(fn);
}

/// How many ops one buffer's uses in a block may be split at
/// (processBlock).
static constexpr unsigned kMaxSplits = 8;

void OffloadHoistTransfersPass::processBlock(Block *block) {
  llvm::SetVector<Value> roots;
  block->walk([&](Operation *op) {
    if (auto launch = dyn_cast<LaunchOp>(op)) {
      for (Value operand : launch.getArgs())
        for (Value arg : getAggregateMembers(operand))
          if (isa<MemRefType>(arg.getType()) && launch.getMapFor(arg) &&
              !covered.contains({launch, getViewRoot(arg)}))
            roots.insert(getViewRoot(arg));
      return;
    }
    auto call = dyn_cast<CallOpInterface>(op);
    if (!call)
      return;
    if (!callMayLaunch(call))
      return;
    // Buffers its launches map (and, for the remark saying why they still
    // move, those passed to a callee that cannot be entered with them on the
    // device).
    for (auto [position, operand] : llvm::enumerate(call.getArgOperands())) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      const ArgSummary *summary = getSummary(call, position);
      if ((!summary || summary->launches) &&
          !covered.contains({call, getViewRoot(operand)}))
        roots.insert(getViewRoot(operand));
    }
    // Buffers it makes and launches on, which a copy of its callee can
    // return on the device.
    for (OpResult result : call->getResults())
      if (getResultSummary(call, result.getResultNumber(), summaries) &&
          !covered.contains({call, result}))
        roots.insert(result);
  });
  // Results of its loops left entered on the device.
  for (Operation &op : *block)
    for (Value result : op.getResults())
      if (enteredResults.count(result))
        roots.insert(result);
  for (Value root : roots) {
    if (isResident(block, root))
      continue;
    // A buffer allocated inside an op of the block (in a loop's body, or
    // by a call there) is another buffer each time that op's block runs:
    // the block making it places its data ops.
    if (Operation *def = root.getDefiningOp();
        def && def->getBlock() != block && getAncestorIn(block, def) &&
        (isa<memref::AllocOp, memref::AllocaOp>(def) ||
         (isa<CallOpInterface>(def) && hasKnownOrigin(root))))
      continue;
    // A buffer made by choosing among others (`arith.select`, an `scf.if`
    // yielding buffers, a call returning one of several) may be one of them
    // at run time, which its own data ops would not know about.
    if (!hasKnownOrigin(root) && !enteredResults.count(root)) {
      remarkPerIteration(block, root,
                         "it may be another buffer of the function at run "
                         "time (it is made by '" +
                             getOriginName(root) + "')");
      continue;
    }
    // A launch or a call the buffer cannot stay on the device across (a
    // recursive callee's, say) splits the block: the ops before it and
    // those after it may each keep it there, and it maps the buffer itself.
    SmallVector<OpRange> ranges = {OpRange()};
    SmallVector<std::pair<Operation *, std::string>> splitAt;
    size_t numCovered = covered.size();
    for (unsigned splits = 0; !ranges.empty();) {
      OpRange range = ranges.pop_back_val();
      std::string reason;
      BufferEvents buffer;
      if (!collectEvents(block, root, &covered, /*carried=*/nullptr, summaries,
                         buffer, reason, &enteredResults, range)) {
        Operation *at = buffer.failedAt;
        Operation *op = at ? getAncestorIn(block, at) : nullptr;
        if (reason == kMappedExplicitly || isMappedExplicitly(root))
          continue;
        if (!op || !range.contains(op) || !isa<LaunchOp, CallOpInterface>(at) ||
            ++splits > kMaxSplits) {
          remarkPerIteration(block, root, reason, at, range);
          continue;
        }
        if (isInProgramLoopBelow(at, op))
          remarkPerIteration(block, root, reason, at, {op, op->getNextNode()});
        else
          splitAt.push_back({at, reason});
        ranges.push_back({op->getNextNode(), range.end});
        ranges.push_back({range.begin, op});
        continue;
      }
      if (!buffer.var)
        continue;
      std::string why = hoist(block, buffer);
      if (!why.empty())
        remarkPerIteration(block, root, why, nullptr, range);
    }
    // (Where ops around it keep the buffer on the device.)
    if (covered.size() != numCovered)
      for (auto &[at, why] : splitAt)
        remarkNotAcross(root, at, why);
  }
}

/// Calls `fn` on each use of `value` and of the views of it (memref
/// views and casts), without following it into regions, results or
/// successors.
static void forEachUseOfViews(Value value, function_ref<void(OpOperand &)> fn) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if ((view && view.getViewSource() == current) ||
          isa<memref::CastOp>(user)) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      fn(use);
    }
  }
}

OffloadHoistTransfersPass::CarriedPlan OffloadHoistTransfersPass::planCarried(
    Operation *loop, const CarriedGroup &group, DominanceInfo &dom) {
  CarriedPlan plan;
  plan.loop = loop;
  ValueRange initValues = isa<scf::ForOp>(loop)
                              ? cast<scf::ForOp>(loop).getInitArgs()
                              : cast<scf::WhileOp>(loop).getInits();
  Block *block = loop->getBlock();
  std::string &why = plan.why;
  why = group.open;
  auto fail = [&](const Twine &reason) {
    if (why.empty())
      why = reason.str();
  };
  // Inside, only launches (and calls whose callees only launch on them)
  // use the buffers, all on one device, through the loop's arguments (and
  // what the body makes of them: casts, results of scf.if, inner loops).
  auto onDevice = [&](Value pick, std::optional<int64_t> constant) {
    if (!plan.device.onDevice(pick, constant))
      return fail("its launches pick different devices");
    if (pick && !dom.properlyDominates(pick, loop) &&
        !getConstantIntValue(pick))
      fail("the device its launches pick is computed in the loop");
  };
  for (Value value : group.values) {
    // (A cast of another of them is reached through that one's views.)
    if (auto cast = value.getDefiningOp<memref::CastOp>();
        cast && group.contains(cast.getSource()))
      continue;
    forEachUseOfViews(value, [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (isa<memref::DimOp, memref::RankOp>(user) ||
          (group.contains(use.get()) && passesCarriedBuffer(loop, use)))
        return;
      if (auto launch = dyn_cast<LaunchOp>(user)) {
        if (!isLaunchArgument(launch, use))
          return;
        MapAttr map = launch.getMapFor(use.get());
        if (!map)
          return;
        if (map.isAlways() || map.isPresent())
          fail("a launch maps one of them with 'always' or 'present'");
        onDevice(launch.getDevice(), std::nullopt);
        plan.deviceWrites |= map.getKind() != MapKind::to;
        plan.perIteration += map.copiesIn() + map.copiesOut();
        if (!llvm::is_contained(plan.launches, launch))
          plan.launches.push_back(launch);
        return;
      }
      if (auto call = dyn_cast<CallOpInterface>(user)) {
        std::optional<unsigned> position = getCallPosition(call, use);
        const ArgSummary *summary =
            position ? getSummary(call, *position) : nullptr;
        if (!summary)
          return fail("one of them is passed to " + getCalleeName(call) +
                      ", which cannot be entered with it on the device");
        // (One that touches single elements of it on the host: its
        // resident copy updates each.)
        if (summary->hostAccess && summary->wideHostAccess)
          return fail("one of them is passed to " + getCalleeName(call) +
                      ", which touches it on the host");
        if (summary->hostAccess && plan.hostElements.insert(call))
          plan.hostUpdates += summary->updates;
        if (!summary->launches) {
          if (summary->hostAccess)
            plan.calls.push_back({call, *position});
          return;
        }
        Value pick;
        if (summary->deviceArg)
          pick = call.getArgOperands()[*summary->deviceArg];
        onDevice(pick, summary->deviceConstant);
        plan.deviceWrites |= summary->deviceWrites;
        plan.calls.push_back({call, *position});
        unsigned &count = plan.callLaunches[call];
        count = std::max(count, summary->numLaunches);
        plan.perIteration += summary->copies;
        return;
      }
      // One element, loaded or stored.
      auto store = dyn_cast<memref::StoreOp>(user);
      if (isa<memref::LoadOp>(user) ||
          (store && store.getMemRef() == use.get())) {
        plan.hostUpdates += plan.hostElements.insert(user);
        return;
      }
      fail("the host touches one of them in the loop ('" +
           user->getName().getStringRef() + "')");
    });
  }
  plan.numLaunches = plan.launches.size();
  for (auto &entry : plan.callLaunches)
    plan.numLaunches += entry.second;
  if (plan.numLaunches == 0)
    return plan;
  // The buffers it starts with: not used inside by their own names, and
  // each one buffer or views of distinct buffers (two views of one would be
  // entered twice, overlapping).
  DenseMap<Value, Value> byRoot;
  // (When they all start with one size, every value of the group has it.)
  bool oneSize = llvm::all_of(group.inits, [&](auto &entry) {
    return haveSameSize(initValues[entry.first],
                        initValues[group.inits.front().first]);
  });
  auto isSize = [&](Value buffer) {
    return oneSize && group.contains(stripCasts(buffer));
  };
  for (auto [position, member] : group.inits) {
    Value init = initValues[position];
    Value root = getViewRoot(init);
    auto [it, inserted] = byRoot.try_emplace(root, init);
    if (it->second != init)
      fail("they start as two views of one buffer");
    // (Or the result of a loop before it that leaves it entered: a chain.)
    if (!hasKnownOrigin(root) && !enteredResults.count(root))
      fail("one of them starts as a buffer made by choosing among others "
           "('" +
           getOriginName(root) + "')");
    plan.numResident += inserted && isResident(block, root);
    forEachUseOfViews(root, [&](OpOperand &use) {
      if (use.getOwner() != loop && loop->isAncestor(use.getOwner()))
        fail("the loop also uses one of them by its own name");
    });
    // Entered without its contents when the loop surely runs and the
    // first thing it does with the argument is to overwrite all of it.
    bool overwritten = startsByOverwriting(loop, member, false, isSize);
    MapKind kind = overwritten ? MapKind::alloc : MapKind::to;
    auto [entry, added] = plan.inits.insert({init, kind});
    if (!added && kind == MapKind::to)
      entry->second = MapKind::to;
    if (!overwritten &&
        !startsByOverwriting(loop, member, /*mayNotRun=*/true, isSize))
      plan.readsContents.insert(init);
  }
  return plan;
}

bool OffloadHoistTransfersPass::startsByOverwriting(
    Operation *loop, Value member, bool mayNotRun,
    function_ref<bool(Value)> isSize) {
  auto forOp = dyn_cast<scf::ForOp>(loop);
  if (!forOp || (!mayNotRun && !surelyRuns(forOp)))
    return false;
  // A launch writing all of it (without reading it).
  Operation *first = nullptr;
  if (startsWithFullOverwrite(loop, member, member, /*oneSection=*/true,
                              &first) &&
      first->getParentOp() == loop) {
    // What it writes is all of it: itself, or a constant section of a
    // buffer of constant size that covers it.
    Value part = getMappedPart(cast<LaunchOp>(first), member);
    std::optional<std::pair<int64_t, int64_t>> section =
        getConstantSection(member, part);
    std::optional<int64_t> size = getConstantSize(member, 0);
    return part == member ||
           (section && size && section->first <= 0 &&
            section->second >= *size) ||
           (isSize && isWholeIf(part, stripCasts(member), isSize));
  }
  // A call to a function that starts so.
  if (startsWithFullOverwrite(loop, member, member, /*oneSection=*/false,
                              &first, initializes()))
    return first->getParentOp() == loop;
  // An inner loop that starts so with it.
  for (Operation &op : forOp.getBody()->without_terminator()) {
    OpOperand *use = getFirstAccess(&op, member);
    if (!use)
      continue;
    auto inner = dyn_cast<scf::ForOp>(use->getOwner());
    unsigned control = inner ? inner.getNumControlOperands() : 0;
    if (inner && inner == &op && use->getOperandNumber() >= control)
      return startsByOverwriting(
          inner, inner.getRegionIterArgs()[use->getOperandNumber() - control]);
    break;
  }
  // Host stores of single elements of it (each updates its element `to`),
  // directly in the body or in `scf.if`s holding nothing else that touches
  // it, and then a launch of the body writing all of it: none of what it
  // held before is read.
  auto storesOnly = [&](Operation *op) {
    bool stores = true;
    op->walk([&](Operation *nested) {
      if (isa<memref::DimOp, ViewLikeOpInterface>(nested))
        return;
      for (OpOperand &operand : nested->getOpOperands())
        if (isa<BaseMemRefType>(operand.get().getType()) &&
            getViewRoot(operand.get()) == member) {
          auto store = dyn_cast<memref::StoreOp>(nested);
          stores &= store && store.getMemRef() == member &&
                    operand.getOperandNumber() == 1 &&
                    (nested == op || isa<scf::IfOp>(op));
        }
    });
    return stores;
  };
  for (Operation &op : forOp.getBody()->without_terminator()) {
    if (!getFirstAccess(&op, member))
      continue;
    if (auto launch = dyn_cast<LaunchOp>(&op)) {
      MapAttr map = getMapForBuffer(launch, member);
      return map && !map.copiesIn() && map.getKind() == MapKind::from &&
             getMappedPart(launch, member) == member;
    }
    if (!storesOnly(&op))
      return false;
  }
  return false;
}

void OffloadHoistTransfersPass::planFunctionLoops(FunctionOpInterface fn) {
  DominanceInfo dom(fn);
  fn->walk<WalkOrder::PreOrder>([&](Operation *loop) {
    if (!isa<scf::ForOp, scf::WhileOp>(loop))
      return;
    for (const CarriedGroup &group : getCarriedGroups(loop)) {
      CarriedPlan plan = planCarried(loop, group, dom);
      // (Not one touching them on the host: the summary would have to say.)
      if (!plan.why.empty() || plan.numLaunches == 0 ||
          !plan.hostElements.empty())
        continue;
      // Only where nothing after the loop uses its results: the blocks
      // around see the buffers by their own names.
      bool resultsUsed = llvm::any_of(group.results, [](Value result) {
        return llvm::any_of(result.getUsers(), [](Operation *user) {
          return !isa<memref::DimOp, memref::RankOp>(user);
        });
      });
      if (!resultsUsed)
        recordCarried(plan);
    }
  });
}

void OffloadHoistTransfersPass::recordCarried(const CarriedPlan &plan) {
  unsigned callLaunches = 0;
  for (auto &entry : plan.callLaunches)
    callLaunches += entry.second;
  for (auto &[init, kind] : plan.inits) {
    Value root = getViewRoot(init);
    CarriedUse &carried = carriedLoops[{plan.loop, root}];
    carried.launches = plan.launches;
    carried.callLaunches = callLaunches;
    carried.copiesIn = plan.readsContents.contains(init);
    carried.deviceWrites = plan.deviceWrites;
    carried.device = plan.device.device;
    carried.deviceConstant = plan.device.deviceConstant;
    for (LaunchOp launch : plan.launches)
      carriedInside.insert({launch, root});
    for (auto [call, position] : plan.calls)
      carriedInside.insert({call, root});
  }
}

/// Brings back, at `b`, what the host reads of `result` (a result of the
/// ping-pong `loop`) after it: when that is a few loads of single elements
/// at indices known before the loop (`x[0]`, `x[k]`), those elements (runs
/// of constant indices of a 1-D buffer at most kRunGap apart as one
/// update), else all of it. `skip`: uses that are not the host's (launches
/// kept on the device after the loop). Returns how many updates it made.
static unsigned updateReadResult(OpBuilder &b, Operation *loop, Value result,
                                 function_ref<bool(OpOperand &)> skip,
                                 DominanceInfo &dom, Value device) {
  constexpr size_t kMaxReads = 8;
  Location loc = loop->getLoc();
  SmallVector<memref::LoadOp> loads;
  bool few = true;
  forEachUseThroughViews(result, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<memref::DeallocOp, memref::DimOp, memref::RankOp>(user) ||
        skip(use))
      return;
    auto load = dyn_cast<memref::LoadOp>(user);
    few &= load && use.get() == result &&
           llvm::all_of(load.getIndices(), [&](Value index) {
             return getConstantIntValue(index) ||
                    dom.properlyDominates(index, loop);
           });
    if (few)
      loads.push_back(load);
  });
  if (!few || loads.empty() || loads.size() > kMaxReads) {
    createDataOp(b, loc, "update", result, MapKind::from, device);
    return 1;
  }
  auto type = cast<MemRefType>(result.getType());
  unsigned updates = 0;
  auto update = [&](ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes) {
    SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
    Value part =
        memref::SubViewOp::create(b, loc, result, offsets, sizes, strides);
    createDataOp(b, loc, "update", part, MapKind::from, device);
    ++updates;
  };
  // Constant indices of a 1-D buffer: runs.
  SmallVector<int64_t> constants;
  SmallVector<memref::LoadOp> others;
  for (memref::LoadOp load : loads) {
    std::optional<int64_t> c;
    if (type.getRank() == 1 && (c = getConstantIntValue(load.getIndices()[0])))
      constants.push_back(*c);
    else
      others.push_back(load);
  }
  llvm::sort(constants);
  for (auto [begin, end] : getRuns(constants))
    update({b.getIndexAttr(constants[begin])},
           {b.getIndexAttr(constants[end - 1] - constants[begin] + 1)});
  // The others, one element each.
  for (memref::LoadOp load : others) {
    SmallVector<OpFoldResult> offsets;
    for (Value index : load.getIndices()) {
      if (std::optional<int64_t> c = getConstantIntValue(index))
        offsets.push_back(b.getIndexAttr(*c));
      else
        offsets.push_back(index);
    }
    update(offsets,
           SmallVector<OpFoldResult>(offsets.size(), b.getIndexAttr(1)));
  }
  return updates;
}

bool OffloadHoistTransfersPass::takeEnteredInit(Operation *loop, Value init,
                                                const BufferEvents &device) {
  Block *block = loop->getBlock();
  Operation *maker = init.getDefiningOp();
  if (!maker || maker->getBlock() != block)
    return false;
  // Where it comes entered, and on which device.
  auto call = dyn_cast<CallOpInterface>(maker);
  unsigned number = cast<OpResult>(init).getResultNumber();
  const ArgSummary *summary =
      call ? getResultSummary(call, number, summaries) : nullptr;
  auto entered = enteredResults.find(init);
  Value pick;
  std::optional<int64_t> constant;
  if (summary && !covered.contains({call, init})) {
    if (summary->deviceArg)
      pick = call.getArgOperands()[*summary->deviceArg];
    constant = summary->deviceConstant;
  } else if (entered != enteredResults.end()) {
    pick = entered->second.device;
    constant = entered->second.deviceConstant;
  } else {
    return false;
  }
  BufferEvents same = device;
  if (!same.onDevice(pick, constant))
    return false;
  // Between, only host loads and stores of single elements of it, each
  // with its update (the device holds all of it, the newest).
  bool usedBetween = false;
  SmallVector<Operation *> elements;
  forEachUseThroughViews(init, [&](OpOperand &use) {
    Operation *op = getAncestorIn(block, use.getOwner());
    if (!op || op == loop || !op->isBeforeInBlock(loop) ||
        isa<memref::DimOp, memref::RankOp>(op))
      return;
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    if (use.getOwner() == op && use.get() == init &&
        ((load && load.getMemRef() == init) ||
         (store && store.getMemRef() == init)))
      elements.push_back(op);
    else
      usedBetween = true;
  });
  // (Their updates name the device as a constant, or the default one.)
  if (usedBetween || (!elements.empty() && same.device && !same.deviceConstant))
    return false;
  for (Operation *op : elements) {
    auto store = dyn_cast<memref::StoreOp>(op);
    OpBuilder b(op);
    if (store)
      b.setInsertionPointAfter(op);
    ValueRange indices =
        store ? store.getIndices() : cast<memref::LoadOp>(op).getIndices();
    Value part = init;
    if (!indices.empty()) {
      SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
      SmallVector<OpFoldResult> ones(indices.size(), b.getIndexAttr(1));
      part =
          memref::SubViewOp::create(b, op->getLoc(), init, offsets, ones, ones);
    }
    Value at;
    if (same.deviceConstant)
      at = arith::ConstantIntOp::create(b, op->getLoc(), *same.deviceConstant,
                                        32);
    createDataOp(b, op->getLoc(), "update", part,
                 store ? MapKind::to : MapKind::from, at);
    ++numUpdates;
  }
  if (summary && !covered.contains({call, init})) {
    covered.insert({call, init});
    residentResults[call].insert(number);
  } else {
    enteredResults.erase(entered);
  }
  return true;
}

Operation *OffloadHoistTransfersPass::findLaunchesBefore(
    Operation *loop, const llvm::MapVector<Value, MapKind> &inits,
    BufferEvents &device,
    SmallVectorImpl<std::pair<Operation *, Value>> &covers,
    SmallVectorImpl<std::pair<CallOpInterface, unsigned>> &calls,
    DenseMap<Value, MapKind> &kinds, bool &writes) {
  // Only buffers nothing between can reach by another name: allocations,
  // buffers calls make, and the function's arguments (a caller's other
  // arguments are checked at run time; with globals in the module, no call
  // may run between), whose address is not taken.
  bool hasGlobals = false;
  if (auto module = loop->getParentOfType<ModuleOp>())
    hasGlobals = !module.getOps<memref::GlobalOp>().empty();
  bool anyArgument = false;
  DenseMap<Value, Value> roots;
  for (auto &entry : inits) {
    Value root = getViewRoot(entry.first);
    Operation *def = root.getDefiningOp();
    if (!hasKnownOrigin(root) || isa_and_nonnull<memref::GetGlobalOp>(def))
      return loop;
    anyArgument |= isa<BlockArgument>(root);
    bool escapes = false;
    forEachUseThroughViews(root, [&](OpOperand &use) {
      escapes |= isAddressEscape(use.getOwner());
    });
    if (escapes)
      return loop;
    roots[root] = entry.first;
  }
  Operation *first = loop;
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
    // (The values the enters name are made before.)
    if (llvm::any_of(op->getResults(), [&](Value result) {
          return result == device.device ||
                 llvm::any_of(inits,
                              [&](auto &entry) { return entry.first == result; });
        }))
      break;
    bool other = false;
    SmallVector<std::pair<Value, OpOperand *>> uses;
    op->walk([&](Operation *nested) {
      auto call = dyn_cast<CallOpInterface>(nested);
      if (call && (!isa_and_nonnull<FunctionOpInterface>(
                       call.resolveCallable()) ||
                   (anyArgument && hasGlobals)))
        other = true;
      for (OpOperand &operand : nested->getOpOperands()) {
        if (!isa<BaseMemRefType>(operand.get().getType()))
          continue;
        Value root = getViewRoot(stripAliases(operand.get()));
        if (!roots.count(root)) {
          // (A buffer that may be one of them at run time.)
          other |= !hasKnownOrigin(root) ||
                   isa_and_nonnull<memref::GetGlobalOp>(root.getDefiningOp());
          continue;
        }
        if (isa<ViewLikeOpInterface, memref::CastOp, memref::DimOp,
                memref::RankOp, memref::ExtractStridedMetadataOp>(nested))
          continue;
        if (nested == op && isa<LaunchOp, CallOpInterface>(op))
          uses.push_back({root, &operand});
        else
          other = true;
      }
    });
    if (other)
      break;
    if (uses.empty())
      continue;
    // Each use: a kernel argument mapped whole, or a callee's launches.
    DenseMap<Value, MapKind> needs;
    // (`to` wins over `alloc` for a buffer the op passes twice.)
    auto need = [&](Value root, MapKind kind) {
      auto [it, added] = needs.try_emplace(root, kind);
      if (!added && kind == MapKind::to)
        it->second = MapKind::to;
    };
    SmallVector<unsigned> positions;
    bool accepted = true, opWrites = false;
    for (auto [root, use] : uses) {
      Value value = use->get();
      if (auto launch = dyn_cast<LaunchOp>(op)) {
        if (!isLaunchArgument(launch, *use))
          continue; // a map clause: the argument's use counts
        MapAttr map = launch.getMapFor(value);
        if (!map)
          continue; // not accessed by the kernel
        MapKind kind = map.getKind();
        if (map.isAlways() || map.isPresent() ||
            (kind != MapKind::to && kind != MapKind::from &&
             kind != MapKind::tofrom) ||
            getMappedPart(launch, value) != value ||
            sameElements(value) != sameElements(roots.lookup(root)) ||
            !device.onDevice(launch.getDevice(), std::nullopt)) {
          accepted = false;
          break;
        }
        need(root, kind == MapKind::from ? MapKind::alloc : MapKind::to);
        opWrites |= kind != MapKind::to;
        continue;
      }
      auto call = cast<CallOpInterface>(op);
      std::optional<unsigned> position = getCallPosition(call, *use);
      const ArgSummary *summary =
          position ? getSummary(call, *position) : nullptr;
      if (!summary || !summary->touches())
        continue;
      Value pick;
      if (summary && summary->deviceArg)
        pick = call.getArgOperands()[*summary->deviceArg];
      if (!summary->launches || summary->hostAccess ||
          sameElements(value) != sameElements(roots.lookup(root)) ||
          (pick && !isa<BlockArgument>(pick) &&
           !pick.getDefiningOp()->isBeforeInBlock(first)) ||
          !device.onDevice(pick, summary->deviceConstant)) {
        accepted = false;
        break;
      }
      need(root, initializesAt(call, *position, *summary) ? MapKind::alloc
                                                           : MapKind::to);
      opWrites |= summary->deviceWrites;
      positions.push_back(*position);
    }
    if (!accepted)
      break;
    if (needs.empty())
      continue;
    for (auto &[root, kind] : needs) {
      kinds[root] = kind;
      covers.push_back({op, root});
    }
    for (unsigned position : positions)
      calls.push_back({cast<CallOpInterface>(op), position});
    writes |= opWrites;
    first = op;
  }
  return first;
}

void OffloadHoistTransfersPass::hoistLoopChain(scf::ForOp loop) {
  Block *body = loop.getBody();
  Block *block = loop->getBlock();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  DominanceInfo dom(loop->getParentOp());
  struct Link {
    unsigned index;
    Value init, arg, made;
    CallOpInterface call;
    memref::DeallocOp dealloc;
    BufferEvents events;
    unsigned launches = 0;
  };
  SmallVector<Link, 1> links;
  for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    if (!isa<MemRefType>(arg.getType()))
      continue;
    // The next iteration's buffer: made in the body by a call whose callee
    // allocates it and launches on it, used by nothing but the yield.
    Value made = yield.getOperand(index);
    auto call = made.getDefiningOp<CallOpInterface>();
    if (!call || call->getBlock() != body || !made.hasOneUse())
      continue;
    unsigned number = cast<OpResult>(made).getResultNumber();
    const ArgSummary *result = getResultSummary(call, number, summaries);
    if (!result)
      continue;
    // The first: the function's own (allocated, or made by such a call),
    // not kept on the device around the loop already, not another
    // argument's too, and not used by its own name in the loop or after it
    // (the loop frees it).
    Value init = loop.getInitArgs()[index];
    Operation *def = init.getDefiningOp();
    auto initCall = dyn_cast_or_null<CallOpInterface>(def);
    if (!def ||
        !(isa<memref::AllocOp>(def) ||
          (initCall &&
           returnsNewBuffer(initCall,
                            cast<OpResult>(init).getResultNumber()))) ||
        isResident(block, init) || llvm::count(loop.getInitArgs(), init) != 1)
      continue;
    bool usedAfter = false;
    forEachUseOfViews(init, [&](OpOperand &use) {
      Operation *op = getAncestorIn(block, use.getOwner());
      usedAfter |= op && use.getOwner() != loop &&
                   (op == loop || loop->isBeforeInBlock(op));
    });
    if (usedAfter)
      continue;
    // The argument: freed in the body (its last event), not passed on, and
    // otherwise used as a buffer kept on the device can be.
    if (isPassedOn(arg))
      continue;
    Link link{static_cast<unsigned>(index), init, arg, made, call, {}, {}};
    for (Operation *user : arg.getUsers())
      if (auto dealloc = dyn_cast<memref::DeallocOp>(user))
        link.dealloc = dealloc;
    std::string reason;
    if (!link.dealloc || link.dealloc->getBlock() != body ||
        !collectEvents(body, arg, &carriedInside, &carriedLoops, summaries,
                       link.events, reason))
      continue;
    SmallVector<Event> &events = link.events.events;
    if (events.empty() || events.back().op != link.dealloc ||
        llvm::count_if(events, std::mem_fn(&Event::frees)) != 1)
      continue;
    // One device for all: the call's result, the argument's launches.
    Value pick;
    if (result->deviceArg)
      pick = call.getArgOperands()[*result->deviceArg];
    if (!link.events.onDevice(pick, result->deviceConstant))
      continue;
    Value device = link.events.device;
    if (device && !link.events.deviceConstant &&
        !dom.properlyDominates(device, loop))
      continue;
    link.launches = result->numLaunches;
    for (const Event &event : events)
      link.launches += event.numLaunches();
    links.push_back(std::move(link));
  }
  if (links.empty())
    return;
  OpBuilder b(loop);
  SmallVector<unsigned> &positions = chained[loop];
  for (Link &link : links) {
    b.setInsertionPoint(loop);
    Value device = link.events.device;
    std::optional<int64_t> constant = link.events.deviceConstant;
    if (constant)
      device = arith::ConstantIntOp::create(b, loop.getLoc(), *constant, 32);
    // Inside, the argument is resident: its host accesses get updates, the
    // calls taking it call resident copies; it is released before it is
    // freed, and the call makes the next one entered.
    resident.insert({loop, link.arg});
    resident.insert({loop, link.made});
    unsigned updates = 0, launchCopies = 0;
    processResidentBlock(body, link.arg, link.arg, device, updates,
                         launchCopies);
    numUpdates += updates;
    for (const Event &event : link.events.events) {
      for (LaunchOp launch : event.launches)
        covered.insert({launch, link.arg});
      for (const CallUse &use : event.calls)
        covered.insert({use.call, link.arg});
    }
    covered.insert({link.call, link.made});
    residentResults[link.call].insert(
        cast<OpResult>(link.made).getResultNumber());
    // (The first, made right before by such a call, comes from it
    // entered.)
    bool initEntered = takeEnteredInit(loop, link.init, link.events);
    if (!initEntered) {
      b.setInsertionPoint(loop);
      createDataOp(b, loop.getLoc(), "enter", link.init, MapKind::to, device);
    }
    b.setInsertionPoint(link.dealloc);
    createDataOp(b, link.dealloc.getLoc(), "exit", link.arg, MapKind::release,
                 device);
    enteredResults[loop.getResult(link.index)] = {device, constant,
                                                  link.launches};
    positions.push_back(link.index);
    ++numHoisted;
    if (remarks && !inCopy)
      loop->emitRemark()
          << "buffers the loop makes anew in each iteration as iteration "
             "argument #"
          << link.index << " (from " << getCalleeName(link.call)
          << ") stay on the device: the first "
          << (initEntered ? "comes entered from the call making it"
                          : "is entered 'to' before it")
          << ", each call returns the next entered, the one it replaces is "
             "released before its dealloc; "
          << updates << " update(s) per iteration";
  }
}

/// The loop right after `loop` in its block that starts with the buffers
/// of `group` that `loop` leaves (its results), when nothing else uses
/// those results, nor the buffers `loop` starts with by their own names,
/// but shape queries and deallocations after that loop; null otherwise.
static Operation *getNextLoopTaking(Operation *loop,
                                    const CarriedGroup &group) {
  Block *block = loop->getBlock();
  ValueRange initValues = isa<scf::ForOp>(loop)
                              ? cast<scf::ForOp>(loop).getInitArgs()
                              : cast<scf::WhileOp>(loop).getInits();
  // The first op after `loop` using one of the results.
  Operation *next = nullptr;
  for (Value result : group.results)
    for (Operation *user : result.getUsers()) {
      Operation *op = getAncestorIn(block, user);
      if (op && !isa<memref::DimOp, memref::RankOp>(user) &&
          (!next || op->isBeforeInBlock(next)))
        next = op;
    }
  if (!next || !isa<scf::ForOp, scf::WhileOp>(next))
    return nullptr;
  ValueRange nextInits = isa<scf::ForOp>(next)
                             ? cast<scf::ForOp>(next).getInitArgs()
                             : cast<scf::WhileOp>(next).getInits();
  bool only = true;
  for (Value result : group.results) {
    // Each a buffer the next loop starts with, and used nowhere else.
    only &= llvm::is_contained(nextInits, result) &&
            llvm::all_of(result.getUses(), [&](OpOperand &use) {
              Operation *user = use.getOwner();
              return isa<memref::DimOp, memref::RankOp>(user) ||
                     (user == next &&
                      llvm::is_contained(nextInits, use.get()));
            });
    if (llvm::count(nextInits, result) != 1)
      only = false;
  }
  // The buffers by their own names: nothing between, nothing after but
  // freeing them after the next loop.
  for (auto [position, member] : group.inits) {
    Value root = getViewRoot(initValues[position]);
    forEachUseOfViews(root, [&](OpOperand &use) {
      Operation *user = use.getOwner();
      Operation *op = getAncestorIn(block, user);
      if (!op || op == loop || op->isBeforeInBlock(loop) ||
          isa<memref::DimOp, memref::RankOp>(user))
        return;
      only &= isa<memref::DeallocOp>(user) && next->isBeforeInBlock(op);
    });
  }
  return only ? next : nullptr;
}

void OffloadHoistTransfersPass::hoistLoopCarried(Operation *loop) {
  Block *block = loop->getBlock();
  DominanceInfo dom(loop->getParentOp());
  // "buffers the loop passes ... argument(s) #i, #j", to go on.
  auto emitGroupRemark = [&](const CarriedGroup &group) {
    InFlightDiagnostic remark = loop->emitRemark();
    remark << "buffers the loop passes between iterations as iteration "
              "argument(s) ";
    llvm::interleaveComma(group.inits, remark,
                          [&](auto &init) { remark << "#" << init.first; });
    return remark;
  };
  for (CarriedGroup &group : getCarriedGroups(loop)) {
    // (Those hoistLoopChain keeps on the device already.)
    if (llvm::any_of(group.inits, [&](auto &init) {
          return llvm::is_contained(chained.lookup(loop), init.first);
        }))
      continue;
    CarriedPlan plan = planCarried(loop, group, dom);
    if (plan.numLaunches == 0)
      continue;
    // (Kept on the device around the loop already: nothing moves.)
    if (plan.numResident && plan.numResident == plan.inits.size())
      continue;
    std::string why = plan.why;
    BufferEvents &device = plan.device;
    SmallVector<LaunchOp> &launches = plan.launches;
    SmallVector<std::pair<CallOpInterface, unsigned>> &calls = plan.calls;
    bool deviceWrites = plan.deviceWrites;
    unsigned perIteration = plan.perIteration;
    unsigned numLaunches = plan.numLaunches;
    llvm::MapVector<Value, MapKind> &inits = plan.inits;
    if (!why.empty()) {
      if (!remarks || inCopy)
        continue;
      InFlightDiagnostic remark = emitGroupRemark(group);
      remark << " still move at every launch: " << why;
      // (Said once: not again for each launch.)
      for (Value value : group.values)
        remarked.insert(value);
      continue;
    }

    // Launches after the loop on its results (or on the buffers it starts
    // with), on the same device, before anything else uses them: the
    // buffers stay on the device through them (a solver's last kernel).
    Operation *last = loop;
    DenseSet<Operation *> after;
    SmallVector<std::pair<CallOpInterface, unsigned>> afterCalls;
    SmallVector<Operation *> afterElements;
    {
      DenseSet<Operation *> users;
      auto collect = [&](Value value) {
        forEachUseThroughViews(value, [&](OpOperand &use) {
          Operation *op = getAncestorIn(block, use.getOwner());
          if (op && op != loop && loop->isBeforeInBlock(op))
            users.insert(op);
        });
      };
      for (Value result : group.results)
        collect(result);
      for (auto &entry : inits)
        collect(getViewRoot(entry.first));
      auto isGroupBuffer = [&](Value value) {
        Value root = getViewRoot(value);
        return llvm::is_contained(group.results, root) ||
               llvm::any_of(inits, [&](auto &entry) {
                 return getViewRoot(entry.first) == root;
               });
      };
      // A buffer of the group by its own name (a result, or a buffer the
      // loop starts with), not a view of it.
      auto isNamed = [&](Value memref) {
        return llvm::is_contained(group.results, memref) ||
               llvm::any_of(inits, [&](auto &entry) {
                 return getViewRoot(entry.first) == memref;
               });
      };
      // Whether `op` is a host load or store of one element of one of them
      // by its own name (not storing one of them as a value).
      auto isElementAccess = [&](Operation *op) {
        auto store = dyn_cast<memref::StoreOp>(op);
        auto load = dyn_cast<memref::LoadOp>(op);
        if (!store && !load)
          return false;
        return isNamed(store ? store.getMemRef() : load.getMemRef()) &&
               !(store && isGroupBuffer(store.getValue()));
      };
      // Whether `call` passes them as they are to a function that launches
      // on them on the loop's device or touches them on the host (its
      // resident copy can run with them on the device, updating what the
      // host touches: single elements, a host loop's range, or all of it,
      // once): records its positions in afterCalls.
      auto acceptCall = [&](CallOpInterface call) {
        if (llvm::any_of(call->getResultTypes(),
                         [](Type type) { return isa<BaseMemRefType>(type); }))
          return false;
        bool writes = false;
        SmallVector<unsigned> positions;
        for (auto [position, operand] :
             llvm::enumerate(call.getArgOperands())) {
          if (!isa<MemRefType>(operand.getType()) || !isGroupBuffer(operand))
            continue;
          // (A view of one of them is on the device with all of it.)
          const ArgSummary *summary = getSummary(call, position);
          if (!summary)
            return false;
          if (summary->launches) {
            Value pick;
            if (summary->deviceArg)
              pick = call.getArgOperands()[*summary->deviceArg];
            if (!device.onDevice(pick, summary->deviceConstant))
              return false;
            writes |= summary->deviceWrites;
          }
          if (summary->touches())
            positions.push_back(position);
        }
        if (positions.empty())
          return false;
        deviceWrites |= writes;
        for (unsigned position : positions)
          afterCalls.push_back({call, position});
        return true;
      };
      for (Operation *op = loop->getNextNode(); op; op = op->getNextNode()) {
        // (The sizes of a launch's section read only the buffers' shapes.)
        if (!users.contains(op) || isa<memref::DimOp, memref::RankOp>(op))
          continue;
        // A call passing them (as they are) to a function that launches on
        // them on that device, or touches single elements of them on the
        // host: its resident copy updates what it touches (a helper
        // reading an element of the result).
        if (auto call = dyn_cast<CallOpInterface>(op)) {
          if (!acceptCall(call))
            break;
          after.insert(call);
          last = call;
          continue;
        }
        // An scf.if whose branches only make such calls, or load or store
        // single elements of them (a check every so often).
        if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
          bool stays = llvm::none_of(ifOp->getResultTypes(), [](Type type) {
            return isa<BaseMemRefType>(type);
          });
          SmallVector<CallOpInterface> calls;
          SmallVector<Operation *> elements;
          ifOp->walk([&](Operation *nested) {
            if (!stays || nested == ifOp)
              return;
            bool uses = llvm::any_of(nested->getOperands(), [&](Value v) {
              return isa<BaseMemRefType>(v.getType()) && isGroupBuffer(v);
            });
            if (!uses)
              return;
            if (auto call = dyn_cast<CallOpInterface>(nested)) {
              calls.push_back(call);
              return;
            }
            if (isa<memref::DimOp, memref::RankOp>(nested))
              return;
            stays = isElementAccess(nested);
            elements.push_back(nested);
          });
          if (!stays || (calls.empty() && elements.empty()))
            break;
          SmallVector<std::pair<CallOpInterface, unsigned>> before(afterCalls);
          bool writesBefore = deviceWrites;
          if (!llvm::all_of(calls, acceptCall)) {
            afterCalls = std::move(before);
            deviceWrites = writesBefore;
            break;
          }
          after.insert(ifOp);
          llvm::append_range(afterElements, elements);
          last = ifOp;
          continue;
        }
        // A host load or store of one element of one of them (by the name
        // of a result, or of a buffer it starts with): an update of that
        // element, the device holding all of them.
        if (isa<memref::LoadOp, memref::StoreOp>(op)) {
          if (!isElementAccess(op))
            break;
          after.insert(op);
          afterElements.push_back(op);
          last = op;
          continue;
        }
        auto launch = dyn_cast<LaunchOp>(op);
        if (!launch || !device.onDevice(launch.getDevice(), std::nullopt))
          break;
        bool stays = true, writes = false;
        for (OpOperand &use : launch->getOpOperands()) {
          // (Its map clauses name what its arguments need.)
          if (!isa<MemRefType>(use.get().getType()) ||
              !isGroupBuffer(use.get()) || !isLaunchArgument(launch, use))
            continue;
          MapAttr map = launch.getMapFor(use.get());
          if (!map || map.isAlways() || map.isPresent()) {
            stays = false;
            break;
          }
          writes |= map.getKind() != MapKind::to;
        }
        if (!stays)
          break;
        deviceWrites |= writes;
        after.insert(launch);
        last = launch;
      }
      // Element accesses after the last launch or call leave the span: the
      // reads of the loop's results after it get their updates, runs of
      // neighbours as one.
      Operation *lastOther = loop;
      for (Operation *op : after)
        if (!isa<memref::LoadOp, memref::StoreOp>(op) &&
            lastOther->isBeforeInBlock(op))
          lastOther = op;
      while (!afterElements.empty() &&
             afterElements.back()->getBlock() == block &&
             lastOther->isBeforeInBlock(afterElements.back())) {
        after.erase(afterElements.back());
        afterElements.pop_back();
      }
      last = lastOther;
    }
    auto inAfter = [&](OpOperand &use) {
      Operation *op = getAncestorIn(block, use.getOwner());
      return op && after.contains(op);
    };
    // Launches right before the loop on the buffers it starts with (the
    // kernels initializing them), with nothing else touching them between:
    // the buffers stay on the device from the first of them.
    SmallVector<std::pair<Operation *, Value>> beforeCovers;
    SmallVector<std::pair<CallOpInterface, unsigned>> beforeCalls;
    DenseMap<Value, MapKind> beforeKinds;
    bool beforeWrites = false;
    Operation *first = findLaunchesBefore(loop, inits, device, beforeCovers,
                                          beforeCalls, beforeKinds,
                                          beforeWrites);
    deviceWrites |= beforeWrites;

    // After the loop (and those launches): the results the host may read
    // come back (each is one of the buffers, on the device); a buffer read
    // afterwards by its own name comes back whole at the exit, as do all
    // of them then.
    DenseSet<OpOperand *> throughResults;
    SmallVector<Value> readResults;
    for (Value result : group.results) {
      bool read = false;
      forEachUseThroughViews(result, [&](OpOperand &use) {
        throughResults.insert(&use);
        Operation *user = use.getOwner();
        read |= !isa<memref::DeallocOp, memref::DimOp, memref::RankOp>(user) &&
                !inAfter(use);
      });
      if (read)
        readResults.push_back(result);
    }
    // (A buffer a call allocates and returns is the function's own, as an
    // allocation is: no other name of it may be read after.)
    auto isMadeByCall = [&](Value value) {
      auto call = value.getDefiningOp<CallOpInterface>();
      return enteredResults.count(value) ||
             (call &&
              returnsNewBuffer(call, cast<OpResult>(value).getResultNumber()));
    };
    bool readByName = llvm::any_of(inits, [&](auto &entry) {
      return mayBeReadAfter(
          last, entry.first,
          [&](OpOperand &use) {
            return use.getOwner() == loop || throughResults.contains(&use) ||
                   inAfter(use);
          },
          isMadeByCall(entry.first));
    });
    Value pick = device.device;
    OpBuilder b(first);
    if (device.deviceConstant)
      pick = arith::ConstantIntOp::create(b, loop->getLoc(),
                                          *device.deviceConstant, 32);
    // Arguments a caller may have passed as other arguments the loop uses
    // too: where their bytes overlap, nothing is entered, updated or left
    // (the launches map the buffers themselves).
    Value aliased;
    for (auto &entry : inits)
      if (Value check = buildArgumentAliasCheck(
              b, block, getViewRoot(entry.first), first, last))
        aliased = aliased
                      ? arith::OrIOp::create(b, loop->getLoc(), aliased, check)
                            .getResult()
                      : check;
    Value distinct;
    if (aliased) {
      Value one = arith::ConstantIntOp::create(b, loop->getLoc(), 1, 1);
      distinct = arith::XOrIOp::create(b, loop->getLoc(), aliased, one);
      auto ifDistinct = scf::IfOp::create(b, loop->getLoc(), distinct,
                                          /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifDistinct.thenBlock());
    }
    unsigned entered = 0, enteredBefore = 0;
    for (auto &[init, loopKind] : inits) {
      Value root = getViewRoot(init);
      if (!aliased && !beforeKinds.count(root) &&
          takeEnteredInit(loop, init, plan.device)) {
        ++enteredBefore;
        continue;
      }
      // (The first launch before the loop using it decides; a new
      // allocation nothing wrote yet holds nothing to copy.)
      MapKind kind = beforeKinds.lookup_or(root, loopKind);
      if (isUnwrittenBefore(root, first))
        kind = MapKind::alloc;
      createDataOp(b, loop->getLoc(), "enter", init, kind, pick);
      entered += kind == MapKind::to;
      // (The remark's kinds.)
      loopKind = kind;
    }
    b.setInsertionPointAfter(last);
    if (distinct) {
      auto ifDistinct = scf::IfOp::create(b, loop->getLoc(), distinct,
                                          /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifDistinct.thenBlock());
    }
    unsigned updates = 0;
    bool exitFrom = deviceWrites && readByName;
    // The loop's results start the next loop of the block (a second phase
    // passing them on, ping-pong again), and nothing else uses them, or the
    // buffers by their own names, but freeing them after it: they stay
    // entered for it, which takes them for its enter (without it taking
    // them, they come back right after this loop).
    Operation *handedTo =
        distinct || !after.empty() ? nullptr : getNextLoopTaking(loop, group);
    if (handedTo) {
      for (Value result : group.results)
        enteredResults[result] = {device.device, device.deviceConstant,
                                  numLaunches};
    } else {
      if (deviceWrites && !readByName)
        for (Value result : readResults)
          updates += updateReadResult(b, loop, result, inAfter, dom, pick);
      for (auto &entry : inits)
        createDataOp(b, loop->getLoc(), "exit", entry.first,
                     exitFrom ? MapKind::from : MapKind::release, pick);
    }
    // The host's loads and stores of one element in the loop (and after
    // it, in the span): `from` before a load, `to` after a store, of that
    // element.
    SmallVector<Operation *> elements(plan.hostElements.begin(),
                                      plan.hostElements.end());
    llvm::append_range(elements, afterElements);
    for (Operation *op : elements) {
      // (A call's resident copy updates what it touches itself.)
      if (isa<CallOpInterface>(op))
        continue;
      auto store = dyn_cast<memref::StoreOp>(op);
      Value memref =
          store ? store.getMemRef() : cast<memref::LoadOp>(op).getMemRef();
      ValueRange indices =
          store ? store.getIndices() : cast<memref::LoadOp>(op).getIndices();
      OpBuilder at(op);
      if (store)
        at.setInsertionPointAfter(op);
      Value part = memref;
      if (!indices.empty()) {
        SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
        SmallVector<OpFoldResult> ones(indices.size(), at.getIndexAttr(1));
        part = memref::SubViewOp::create(at, op->getLoc(), memref, offsets,
                                         ones, ones);
      }
      createDataOp(at, op->getLoc(), "update", part,
                   store ? MapKind::to : MapKind::from, pick);
    }
    numUpdates += plan.hostUpdates;
    for (auto [op, root] : beforeCovers)
      covered.insert({op, root});
    for (auto [call, position] : beforeCalls)
      residentCalls[call].insert(position);
    for (Operation *op : after)
      if (auto launch = dyn_cast<LaunchOp>(op))
        for (Value arg : launch.getArgs())
          if (isa<MemRefType>(arg.getType()))
            covered.insert({launch, getViewRoot(arg)});
    for (auto [call, position] : afterCalls) {
      covered.insert({call, getViewRoot(call.getArgOperands()[position])});
      residentCalls[call].insert(position);
    }
    for (Value value : group.values) {
      resident.insert({loop, value});
      for (LaunchOp launch : launches)
        covered.insert({launch, value});
      for (auto [call, position] : calls) {
        covered.insert({call, value});
        residentCalls[call].insert(position);
      }
    }
    ++numHoisted;
    if (!remarks || inCopy)
      continue;
    InFlightDiagnostic remark = emitGroupRemark(group);
    remark << " kept on the device across its " << numLaunches << " launch(es)";
    if (first != loop) {
      DenseSet<Operation *> ops;
      for (auto [op, root] : beforeCovers)
        ops.insert(op);
      remark << ", " << ops.size() << " launching op(s) before it";
    }
    if (unsigned afterLaunches = llvm::count_if(
            after, [](Operation *op) { return isa<LaunchOp>(op); }))
      remark << " and " << afterLaunches << " launch(es) after it";
    DenseSet<Operation *> afterCallOps;
    for (auto [call, position] : afterCalls)
      afterCallOps.insert(call);
    if (!afterCallOps.empty())
      remark << " and " << afterCallOps.size() << " call(s) after it";
    if (!afterElements.empty())
      remark << " and " << afterElements.size()
             << " host load(s) or store(s) of one element after it";
    remark << ": enter ";
    llvm::interleaveComma(inits, remark, [&](auto &entry) {
      remark << "'" << stringifyMapKind(entry.second) << "'";
    });
    if (enteredBefore)
      remark << " (" << enteredBefore
             << " of them by the op making it, which leaves it entered)";
    if (handedTo)
      remark << ", left entered for the loop after it";
    else
      remark << ", exit " << (exitFrom ? "'from'" : "'release'");
    remark << ", " << updates << " update(s) of the loop's results";
    if (!plan.hostElements.empty())
      remark << ", " << plan.hostUpdates
             << " of one element in it (host loads and stores)";
    remark << "; "
           << entered + updates + (exitFrom && !handedTo ? inits.size() : 0)
           << " copies";
    if (!plan.hostElements.empty())
      remark << " + " << plan.hostUpdates << " per iteration";
    remark << " instead of " << perIteration << " per iteration";
  }
}

Value OffloadHoistTransfersPass::buildArgumentAliasCheck(
    OpBuilder &b, Block *block, Value root, Operation *first, Operation *last) {
  auto arg = dyn_cast<BlockArgument>(root);
  if (!arg)
    return Value();
  auto fn = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!fn || arg.getOwner() != &fn.getFunctionBody().front())
    return Value();
  auto within = [&](Operation *user) {
    Operation *op = getAncestorIn(block, user);
    return op && !op->isBeforeInBlock(first) && !last->isBeforeInBlock(op);
  };
  Type element = cast<MemRefType>(root.getType()).getElementType();
  if (!getElementSize(element))
    return Value();
  Value aliased;
  for (BlockArgument other : arg.getOwner()->getArguments()) {
    auto type = dyn_cast<MemRefType>(other.getType());
    if (other == arg || !type || type.getElementType() != element)
      continue;
    bool touched = false;
    forEachUseThroughViews(other, [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (touched || !within(user))
        return;
      // A launch mapping it: on the device, one buffer passed twice would
      // be mapped once, for whichever is entered first, and come back for
      // whichever leaves last.
      if (auto launch = dyn_cast<LaunchOp>(user)) {
        touched = isLaunchArgument(launch, use) && launch.getMapFor(use.get());
        return;
      }
      if (isa<PackOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp, DeviceCopyOp,
              memref::DimOp, memref::RankOp, memref::DeallocOp>(user))
        return;
      if (isAddressEscape(user)) {
        touched = true;
        return;
      }
      if (auto call = dyn_cast<CallOpInterface>(user)) {
        std::optional<unsigned> position = getCallPosition(call, use);
        const ArgSummary *summary =
            position ? getSummary(call, *position) : nullptr;
        touched = !summary || summary->hostAccess;
        return;
      }
      auto iface = dyn_cast<MemoryEffectOpInterface>(user);
      if (!iface) {
        touched = user->getNumRegions() == 0 &&
                  !user->hasTrait<OpTrait::IsTerminator>();
        return;
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects)
        touched |= (!effect.getValue() || effect.getValue() == use.get()) &&
                   !isa<MemoryEffects::Allocate, MemoryEffects::Free>(
                       effect.getEffect());
    });
    if (!touched)
      continue;
    Value overlaps = buildOverlaps(b, first->getLoc(), root, other);
    aliased = aliased
                  ? arith::OrIOp::create(b, first->getLoc(), aliased, overlaps)
                  : overlaps;
  }
  return aliased;
}

/// Appends " (argument #i, ...)": which operands of `where`, a launch or a
/// call, are `root` or views of it.
static void appendPositions(InFlightDiagnostic &remark, Operation *where,
                            Value root) {
  // (A launch may move several.)
  SmallVector<unsigned> positions;
  OperandRange operands = isa<LaunchOp>(where)
                              ? cast<LaunchOp>(where).getArgs()
                              : cast<CallOpInterface>(where).getArgOperands();
  for (auto [position, operand] : llvm::enumerate(operands))
    for (Value member : getAggregateMembers(operand))
      if (isa<MemRefType>(member.getType()) && getViewRoot(member) == root) {
        positions.push_back(position);
        break;
      }
  if (!positions.empty()) {
    remark << " (argument" << (positions.size() > 1 ? "s" : "") << " ";
    llvm::interleaveComma(positions, remark,
                          [&](unsigned p) { remark << "#" << p; });
    remark << ")";
  }
}

void OffloadHoistTransfersPass::remarkPerIteration(Block *block, Value root,
                                                   StringRef why, Operation *at,
                                                   const OpRange &range) {
  if (!remarks || inCopy || remarked.contains(root))
    return;
  // Inside an omp.parallel region (the host threads of a split launch, one
  // per device), a loop distributes shares among threads: it repeats no
  // launch of the program.
  Operation *parent = block->getParentOp();
  if (isa<omp::ParallelOp>(parent) ||
      parent->getParentOfType<omp::ParallelOp>())
    return;
  Operation *where = nullptr;
  if (at && isa<LaunchOp, CallOpInterface>(at) &&
      block->findAncestorOpInBlock(*at) &&
      range.contains(block->findAncestorOpInBlock(*at)) &&
      isInProgramLoopBelow(at, block->findAncestorOpInBlock(*at)))
    where = at;
  block->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (where)
      return WalkResult::interrupt();
    if (op->getBlock() == block && !range.contains(op))
      return WalkResult::skip();
    bool maps = false;
    if (auto launch = dyn_cast<LaunchOp>(op)) {
      for (Value operand : launch.getArgs())
        for (Value arg : getAggregateMembers(operand))
          maps |= isa<MemRefType>(arg.getType()) && getViewRoot(arg) == root &&
                  launch.getMapFor(arg);
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      maps = callMayLaunch(call) &&
             llvm::any_of(call.getArgOperands(), [&](Value operand) {
               return isa<MemRefType>(operand.getType()) &&
                      getViewRoot(operand) == root;
             });
    }
    if (!maps || !isInProgramLoopBelow(op, getAncestorIn(block, op)))
      return WalkResult::advance();
    where = op;
    return WalkResult::interrupt();
  });
  if (!where)
    return;
  remarked.insert(root);
  InFlightDiagnostic remark = where->emitRemark();
  remark << "buffer moved at every iteration of the loop around "
         << (isa<LaunchOp>(where) ? "this launch" : "this call") << ": " << why;
  appendPositions(remark, where, root);
}

void OffloadHoistTransfersPass::remarkNotAcross(Value root, Operation *at,
                                                StringRef why) {
  if (!remarks || inCopy || !reportedSplits.insert({at, root}).second)
    return;
  InFlightDiagnostic remark = at->emitRemark();
  remark << "buffer not kept on the device across "
         << (isa<LaunchOp>(at) ? "this launch" : "this call") << ": " << why;
  appendPositions(remark, at, root);
}

void OffloadHoistTransfersPass::processResidentBlock(Block *block, Value root,
                                                     Value var, Value device,
                                                     unsigned &updates,
                                                     unsigned &launchCopies,
                                                     bool deviceNewer) {
  std::string reason;
  BufferEvents buffer;
  if (!collectEvents(block, root, &carriedInside, &carriedLoops, summaries,
                     buffer, reason))
    return; // cannot happen: the enclosing block's walk saw the same uses
  OpBuilder b(block->getParentOp()->getContext());
  // An argument of the function that another argument of its element type
  // may be (a caller passing one buffer twice, both resident): launches on
  // that one write it too, so all of it coming back leaves the device no
  // less new.
  bool writtenElsewhere = false;
  if (auto arg = dyn_cast<BlockArgument>(root);
      arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    for (BlockArgument other : arg.getOwner()->getArguments()) {
      auto type = dyn_cast<MemRefType>(other.getType());
      writtenElsewhere |= other != arg && type &&
                          type.getElementType() ==
                              cast<MemRefType>(root.getType()).getElementType();
    }
  SmallVector<StoredElement, 4> hostStored;
  for (Event &event : buffer.events) {
    markResidentCalls(event);
    if (event.hasLaunches())
      hostStored.clear();
    addCalleeStores(event, hostStored);
    if (event.hasLaunches() && event.hasHostAccess()) {
      resident.insert({event.op, root});
      // Newer on the device inside: from before, or from its launches (in
      // an earlier iteration).
      deviceNewer |= event.deviceWrites;
      for (Region &region : event.op->getRegions())
        for (Block &nested : region)
          processResidentBlock(&nested, root, var, device, updates,
                               launchCopies, deviceNewer);
      continue;
    }
    if (event.hasLaunches()) {
      deviceNewer |= event.deviceWrites;
      for (LaunchOp launch : event.launches) {
        // The launches here may map a view of `var` (a subview the callee
        // made of its argument).
        if (MapAttr map = getMapForBuffer(launch, buffer.var))
          launchCopies += map.copiesIn() + map.copiesOut();
      }
      for (const CallUse &use : event.calls)
        launchCopies += use.summary->copies;
      continue;
    }
    updates += insertHostUpdates(b, var, device, event, deviceNewer, hostStored,
                                 writtenElsewhere);
  }
}

std::string OffloadHoistTransfersPass::hoist(Block *block,
                                             BufferEvents &buffer) {
  SmallVector<Event> &events = buffer.events;
  // A buffer a call makes (its callee's summary says nothing else there
  // keeps it), or a loop passing such buffers on from one that is its own
  // (hoistLoopChain), is the function's own, as an allocation is.
  bool made = llvm::any_of(
      events, [](const Event &event) { return event.madeBy != nullptr; });
  auto mayBeRead = [&](Operation *op, Value value) {
    return mayBeReadAfter(op, value, nullptr, made);
  };
  // The span: from the first event with launches to the last.
  auto firstIt = llvm::find_if(events, std::mem_fn(&Event::hasLaunches));
  if (firstIt == events.end())
    return "";
  auto lastIt =
      llvm::find_if(llvm::reverse(events), std::mem_fn(&Event::hasLaunches))
          .base();
  // Reads of single elements after it (or calls to functions whose host
  // accesses touch single elements), with nothing reading the buffer after
  // them (the host looks at a few elements of a result it then frees): the
  // span takes them in, and each gets an update of its element instead of
  // all of the buffer coming back at the exit.
  auto tailEnd = std::find_if(lastIt, events.end(), std::mem_fn(&Event::frees));
  constexpr ptrdiff_t kMaxTail = 8;
  bool tail =
      lastIt != tailEnd && std::distance(lastIt, tailEnd) <= kMaxTail &&
      std::all_of(lastIt, tailEnd,
                  [&](const Event &event) {
                    if (event.hasLaunches())
                      return false;
                    // A call to a function whose host accesses touch single
                    // elements (the call itself, or under scf.ifs: not a
                    // loop calling it).
                    if (!event.calls.empty())
                      return !event.hasHostAccess() &&
                             event.calls.size() == 1 &&
                             !isInLoopBelow(event.calls.front().call,
                                            event.op) &&
                             !event.calls.front().plain &&
                             !event.calls.front().summary->wideHostAccess;
                    if (!event.hostReads || event.hostWrites ||
                        !updatesOneElement(buffer.var, event))
                      return false;
                    // (Once: not in a loop.)
                    for (Operation *parent = event.element; parent != event.op;
                         parent = parent->getParentOp())
                      if (isa<LoopLikeOpInterface>(parent->getParentOp()))
                        return false;
                    return true;
                  }) &&
      !mayBeRead(std::prev(tailEnd)->op, buffer.var);
  // (Not for a buffer of as many elements as the tail reads, or fewer: all
  // of it comes back in one copy at the exit, or with the launch.)
  if (auto type = dyn_cast<MemRefType>(buffer.var.getType());
      tail && type && type.hasStaticShape() &&
      type.getNumElements() <= std::distance(lastIt, tailEnd))
    tail = false;
  Event *tailBegin = tail ? &*lastIt : nullptr;
  if (tail)
    lastIt = tailEnd;
  MutableArrayRef<Event> span(&*firstIt, std::distance(firstIt, lastIt));
  unsigned numLaunches = 0, numLoopLaunches = 0, numLaunchOps = 0;
  bool anyMixed = false;
  llvm::SetVector<StringRef> callees;
  for (Event &event : span) {
    if (event.frees)
      return "it is freed between two launches on it";
    numLaunches += event.numLaunches();
    numLoopLaunches += event.inLoop ? event.numLaunches() : 0;
    numLaunchOps += event.launches.size() + (event.madeBy != nullptr);
    if (CallOpInterface call = event.resultCall)
      if (auto ref = dyn_cast<SymbolRefAttr>(call.getCallableForCallee()))
        callees.insert(ref.getLeafReference().getValue());
    for (const CallUse &use : event.calls) {
      numLaunchOps += use.summary->launches;
      if (use.plain)
        continue;
      CallOpInterface call = use.call;
      if (auto ref = dyn_cast<SymbolRefAttr>(call.getCallableForCallee()))
        callees.insert(ref.getLeafReference().getValue());
    }
    anyMixed |= event.hasLaunches() && event.hasHostAccess();
  }
  Value var = buffer.var, root = buffer.root;
  // Worth it only when something is shared: two launches (or calls that
  // launch), or one that runs repeatedly; or a call whose launches would
  // copy back a buffer nothing reads afterwards (the callee cannot know).
  if (numLaunchOps < 2 && numLoopLaunches == 0 && !anyMixed && !tail &&
      !llvm::any_of(span, [&](const Event &event) {
        return (event.madeBy && event.deviceWrites) ||
               llvm::any_of(event.calls, [](const CallUse &use) {
                 return use.summary->deviceWrites;
               });
      }))
    return "";
  if (numLaunchOps < 2 && numLoopLaunches == 0 && !anyMixed &&
      mayBeRead(span.back().op, var))
    return "";
  Operation *first = span.front().op, *last = span.back().op;
  // A call returning the buffer made by its callee starts the span (the
  // callee's copy returns it entered), or a loop leaving it entered.
  Operation *enteredBy = span.front().madeBy;
  DominanceInfo dom(block->getParentOp());
  // (collectEvents took the buffer itself as what the launches map then.)
  // A view a loop makes of each of its rows in turn, the loop running over
  // all of them (launches, or calls to functions launching on it, row by
  // row): all of the buffer is kept on the device around the loop, one copy
  // each way instead of one per row. Only launches touch it in the span,
  // and the enter copies it (what the launches write of it is not
  // tracked).
  bool byRows = false;
  if (!enteredBy && !dom.properlyDominates(var, first) &&
      !isComputableBefore(var, first, dom) && !tail && !buffer.anyAlias &&
      dom.properlyDominates(root, first) && isRowOfLoopOverAll(var, root) &&
      llvm::all_of(span, [](const Event &event) {
        return !event.hasHostAccess() && !event.madeBy &&
               !event.resultSummary;
      })) {
    byRows = true;
    buffer.var = var = root;
    buffer.sections = false;
    buffer.section = Value();
  }
  if (!enteredBy && !dom.properlyDominates(var, first)) {
    // A view made in the span (a memref.cast in a loop) from values
    // computed before: made once before it instead.
    if (!isComputableBefore(var, first, dom))
      return "the view its launches map is defined after the first of them";
    IRMapping mapping;
    Value hoisted = cloneBefore(var, first, dom, mapping);
    Operation *def = var.getDefiningOp();
    var.replaceAllUsesWith(hoisted);
    if (def->use_empty())
      def->erase();
    if (buffer.section == var)
      buffer.section = hoisted;
    buffer.var = var = hoisted;
  }
  Value device = buffer.device;
  if (device && !dom.properlyDominates(device, first)) {
    if (!buffer.deviceConstant)
      return "the device its launches pick is computed after the first of "
             "them";
    device = Value();
  }
  // Launches that all map one section of `var` (the same view of the same
  // values, a loop over [lo, hi) say) keep that section on the device, not
  // all of `var`: the data ops name a copy of it made before the span.
  // Host accesses update it (all of it, for any element of `var`).
  Value data = var, section = buffer.section;
  if (auto launch = dyn_cast<LaunchOp>(first))
    if (Value own = getMappedPart(launch, var))
      section = own; // the same section, defined before the span
  bool oneSection = buffer.sections && buffer.sameSection && !anyMixed &&
                    !enteredBy && isComputableBefore(section, first, dom);
  if (oneSection) {
    IRMapping mapping;
    data = cloneBefore(section, first, dom, mapping);
  }
  // Whether `event` leaves all of `data` written on the device.
  auto overwritesAll = [&](const Event &event) {
    if (!oneSection)
      return event.overwritesAll();
    return !event.copiesIn && !event.inLoop && !event.calleeHostAccess &&
           !event.hasHostAccess() && isa<LaunchOp>(event.op) &&
           event.launchWritesSection;
  };

  // Walk the span: what the device holds, and the updates host code needs.
  // `written`: a launch that always runs wrote all of `var`. Until then
  // (or unless the enter copies it), only what launches on sections of it
  // wrote is valid on the device: anything that reads the device's copy
  // before needs the host's contents entered.
  bool enterTo = byRows, written = false, deviceNewer = false;
  // The sections of a 1-D `var` launches wrote so far, and its size.
  SmallVector<std::pair<int64_t, int64_t>> writtenSections;
  std::optional<int64_t> wholeSize;
  if (auto type = dyn_cast<MemRefType>(var.getType());
      type && type.getRank() == 1)
    wholeSize = getConstantSize(var, 0);
  bool anyDeviceWrite = false;
  auto deviceWhole = [&] { return enterTo || written; };
  unsigned perLaunchCopies = 0, perIterationCopies = 0, updates = 0;
  // Updates in the resident copies of the callees: once, and per iteration
  // of loops around the calls.
  unsigned calleeUpdates = 0, calleeLoopUpdates = 0;
  // In ops that launch and touch the buffer on the host: updates and
  // per-launch copies, each execution of their blocks.
  unsigned nestedUpdates = 0, nestedCopies = 0;
  OpBuilder b(block->getParentOp()->getContext());
  // A constant device (a callee's) is made before the first event.
  if (!device && buffer.deviceConstant) {
    b.setInsertionPoint(first);
    device = arith::ConstantIntOp::create(b, first->getLoc(),
                                          *buffer.deviceConstant, 32);
  }
  // The tail's reads of elements at constant indices of a 1-D buffer, a few
  // apart (x[0], x[1], x[2]): one update of the run holding them, before
  // the tail, instead of one per element.
  DenseSet<Operation *> inRuns;
  if (tailBegin && data == var)
    updates += insertTailRuns(b, var, device,
                              ArrayRef<Event>(tailBegin, span.end()), inRuns);
  // Elements the host stored since the last launch (insertHostUpdates).
  SmallVector<StoredElement, 4> hostStored;
  for (Event &event : span) {
    markResidentCalls(event);
    if (event.hasLaunches())
      hostStored.clear();
    addCalleeStores(event, hostStored);
    // What the resident copies of callees update, as far as their
    // summaries tell (for the remark).
    for (const CallUse &use : event.calls)
      if (!use.plain)
        (isInProgramLoopBelow(use.call, event.op) ? calleeLoopUpdates
                                                  : calleeUpdates) +=
            use.summary->updates;
    // Host accesses in the resident copies of callees need what the device
    // holds to be the buffer's contents, unless the callee overwrites all
    // of it first on the device (its summary says whether it needs the
    // host's data) or every path through the op starts by overwriting all
    // of it (a call to a function that launches on it first, then reads an
    // element on the host).
    bool calleeNeedsData = llvm::any_of(event.calls, [](const CallUse &use) {
      return use.summary->hostAccess &&
             needsHostDataAt(use.call, use.position, *use.summary);
    });
    if (calleeNeedsData && !deviceWhole() &&
        !startsWithFullOverwrite(event.op, root, var, oneSection,
                                 /*first=*/nullptr, initializes(),
                                 /*hostLoops=*/true))
      enterTo = true;
    if (event.hasLaunches() && event.hasHostAccess()) {
      // Launches and host accesses inside one op: the buffer stays
      // resident inside it, and its blocks get the updates they need.
      // Unless a launch overwrites it all before anything else touches it,
      // the first access may need the host's contents on the device.
      Operation *firstLaunch = nullptr;
      bool overwrites =
          startsWithFullOverwrite(event.op, root, var, false, &firstLaunch,
                                  initializes(), /*hostLoops=*/true);
      if (!deviceWhole() && !overwrites)
        enterTo = true;
      // One that surely runs leaves it all written: its first launch wrote
      // all of it, and the host's writes after went to the device.
      written |= overwrites && runsAtLeastOnce(firstLaunch, event.op);
      // Newer on the device inside: from before, or from its launches (in
      // an earlier iteration).
      deviceNewer |= event.deviceWrites;
      // (The host's writes inside are on the host already.)
      anyDeviceWrite |= event.deviceWrites;
      resident.insert({event.op, root});
      for (Region &region : event.op->getRegions())
        for (Block &nested : region)
          processResidentBlock(&nested, root, var, device, nestedUpdates,
                               nestedCopies, deviceNewer);
      continue;
    }
    if (event.hasLaunches()) {
      // A loop whose launches copy in, but whose first launch of every
      // iteration (or first call, to a function that starts by overwriting
      // all of it) overwrites all of it, reads only what the device wrote.
      Operation *firstLaunch = nullptr;
      bool loopOverwrites = event.inLoop && startsWithFullOverwrite(
                                                event.op, root, var, oneSection,
                                                &firstLaunch, initializes());
      if (event.copiesIn && !deviceWhole() && !loopOverwrites)
        enterTo = true;
      // A loop that runs at least once and whose first launch overwrites
      // all of it leaves it written.
      written |= overwritesAll(event) || callStartsFresh(event, root) ||
                 (loopOverwrites && !event.hasHostAccess() &&
                  runsAtLeastOnce(firstLaunch, event.op));
      // So do launches that always run and overwrite sections of it that
      // together cover it (constant sections of a 1-D buffer).
      if (!oneSection && wholeSize && isa<LaunchOp>(event.op) &&
          event.launchWritesSection && !event.copiesIn && !event.inLoop &&
          !event.hasHostAccess()) {
        auto launch = cast<LaunchOp>(event.op);
        if (auto section =
                getConstantSection(var, getMappedPart(launch, var))) {
          writtenSections.push_back(*section);
          llvm::sort(writtenSections);
          int64_t reached = 0;
          for (auto [begin, end] : writtenSections)
            if (begin <= reached)
              reached = std::max(reached, end);
          written |= reached >= *wholeSize;
        }
      }
      if (event.deviceWrites)
        deviceNewer = anyDeviceWrite = true;
      unsigned copies = 0;
      for (LaunchOp launch : event.launches) {
        if (MapAttr map = getMapForBuffer(launch, var)) {
          copies += map.copiesIn() + map.copiesOut();
          continue;
        }
        // (Views of it, when the launches map different ones.)
        for (Value arg : launch.getArgs())
          if (MapAttr map = launch.getMapFor(arg);
              map && arg != var && isMemRefInside(arg, var))
            copies += map.copiesIn() + map.copiesOut();
      }
      for (const CallUse &use : event.calls)
        copies += use.summary->copies;
      if (event.resultSummary)
        copies += event.resultSummary->copies;
      // (A loop leaving it entered: without a span, it comes back after it.)
      else if (event.madeBy)
        ++copies;
      (event.inLoop ? perIterationCopies : perLaunchCopies) += copies;
      continue;
    }
    // An update from the device brings back what it holds.
    if (needsUpdateFrom(data, event) && deviceNewer && !deviceWhole())
      enterTo = true;
    if (!inRuns.contains(event.op))
      updates +=
          insertHostUpdates(b, data, device, event, deviceNewer, hostStored);
    // A host loop storing all of it, or a call to a function that starts
    // so: its updates leave all of it on the device.
    written |= writesAllOnHost(event, root) || callStartsFresh(event, root);
  }
  bool exitFrom = anyDeviceWrite && mayBeRead(last, var);
  // What comes back at the exit must all be on the device.
  if (exitFrom && !deviceWhole())
    enterTo = true;
  b.setInsertionPoint(first);
  if (Value aliased = buildArgumentAliasCheck(b, block, root, first, last)) {
    // Passed twice, the host's accesses through the other argument would
    // bypass the device's copy: nothing is entered then, so the launches
    // map the buffer themselves, and the updates and the exit find nothing
    // on the device to move (libomptarget does nothing for them).
    Value one = arith::ConstantIntOp::create(b, first->getLoc(), 1, 1);
    Value distinct = arith::XOrIOp::create(b, first->getLoc(), aliased, one);
    auto ifDistinct = scf::IfOp::create(b, first->getLoc(), distinct,
                                        /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifDistinct.thenBlock());
  }
  // (A new allocation nothing wrote yet holds nothing to copy.)
  enterTo &= !isUnwrittenBefore(root, first);
  if (!enteredBy)
    createDataOp(b, first->getLoc(), "enter", data,
                 enterTo ? MapKind::to : MapKind::alloc, device);
  b.setInsertionPointAfter(last);
  createDataOp(b, last->getLoc(), "exit", data,
               exitFrom ? MapKind::from : MapKind::release, device);
  for (Event &event : span) {
    for (LaunchOp launch : event.launches)
      covered.insert({launch, root});
    for (const CallUse &use : event.calls)
      covered.insert({use.call, root});
    if (event.resultCall)
      covered.insert({event.resultCall, root});
  }
  if (enteredBy)
    exitedResults.insert(root);
  ++numHoisted;
  numUpdates += updates + nestedUpdates;
  if (remarks && !inCopy) {
    unsigned allUpdates = updates + calleeUpdates;
    unsigned loopUpdates = nestedUpdates + calleeLoopUpdates;
    unsigned copies = enterTo + exitFrom + allUpdates;
    InFlightDiagnostic remark = first->emitRemark();
    remark << "buffer kept on the device across " << numLaunches
           << " launch(es)";
    if (numLoopLaunches)
      remark << " (" << numLoopLaunches << " in loops)";
    if (oneSection)
      remark << ", the section they all map";
    if (!callees.empty()) {
      SmallVector<StringRef> names(callees.begin(), callees.end());
      llvm::sort(names);
      remark << ", through calls to ";
      llvm::interleaveComma(names, remark,
                            [&](StringRef name) { remark << "@" << name; });
    }
    if (enteredBy)
      remark << ": entered by the "
             << (isa<CallOpInterface>(enteredBy) ? "call" : "loop")
             << " that makes it";
    else
      remark << ": enter '" << (enterTo ? "to" : "alloc") << "'";
    remark << ", exit '" << (exitFrom ? "from" : "release") << "', "
           << allUpdates << " update(s)";
    if (loopUpdates)
      remark << " + " << loopUpdates << " per iteration";
    remark << "; " << copies << " copies";
    if (loopUpdates)
      remark << " + " << loopUpdates << " per iteration";
    remark << " instead of " << perLaunchCopies;
    if (perIterationCopies + nestedCopies)
      remark << " + " << perIterationCopies + nestedCopies << " per iteration";
    auto type = cast<MemRefType>(data.getType());
    if (type.hasStaticShape())
      remark << " ("
             << type.getNumElements() *
                    getElementSizeInBytes(type.getElementType())
             << " bytes each)";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Resident copies of callees
//===----------------------------------------------------------------------===//

void OffloadHoistTransfersPass::redirectCalls(FunctionOpInterface fn) {
  fn->walk([&](CallOpInterface call) {
    auto args = residentCalls.find(call);
    auto results = residentResults.find(call);
    if (args == residentCalls.end() && results == residentResults.end())
      return;
    Operation *callee = call.resolveCallableInTable(symbolTables);
    if (!callee || !pristine.count(callee))
      return; // cannot happen: only summarised callees are recorded
    std::vector<unsigned> positions, numbers;
    if (args != residentCalls.end())
      positions.assign(args->second.begin(), args->second.end());
    if (results != residentResults.end())
      numbers.assign(results->second.begin(), results->second.end());
    Operation *copy = getResidentCopy(callee, positions, numbers);
    StringAttr name = SymbolTable::getSymbolName(copy);
    call.setCalleeFromCallable(FlatSymbolRefAttr::get(name));
    // A copy's calls sit where the callee's do: say it once per place.
    if (remarks && reportedCalls.insert({call->getLoc(), name}).second) {
      InFlightDiagnostic remark = call->emitRemark();
      remark << "calls @" << name.getValue() << ", a copy of @"
             << SymbolTable::getSymbolName(callee).getValue();
      if (!positions.empty()) {
        remark << " entered with argument(s) ";
        llvm::interleaveComma(positions, remark,
                              [&](unsigned p) { remark << "#" << p; });
        remark << " on the device";
      }
      if (!numbers.empty()) {
        remark << (positions.empty() ? " returning" : ", returning")
               << " result(s) ";
        llvm::interleaveComma(numbers, remark,
                              [&](unsigned n) { remark << "#" << n; });
        remark << " on the device, entered";
      }
    }
  });
}

Operation *
OffloadHoistTransfersPass::getResidentCopy(Operation *callee,
                                           ArrayRef<unsigned> positions,
                                           ArrayRef<unsigned> results) {
  CopyKey key(callee, std::vector<unsigned>(positions.begin(), positions.end()),
              std::vector<unsigned>(results.begin(), results.end()));
  if (auto it = copies.find(key); it != copies.end())
    return it->second;
  std::string name = SymbolTable::getSymbolName(callee).str() + "_resident";
  for (unsigned position : positions)
    name += "_" + std::to_string(position);
  for (unsigned result : results)
    name += "_r" + std::to_string(result);
  Operation *copy = pristine.lookup(callee)->clone();
  SymbolTable::setSymbolName(copy, name);
  SymbolTable::setSymbolVisibility(copy, SymbolTable::Visibility::Private);
  symbolTables->getSymbolTable(callee->getParentOp())
      .insert(copy, std::next(Block::iterator(callee)));
  copies[key] = copy;
  originals[copy] = callee;
  pending.push_back(
      {copy, SmallVector<unsigned>(positions), SmallVector<unsigned>(results)});
  return copy;
}
