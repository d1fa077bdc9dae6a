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
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADHOISTTRANSFERS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// What one op of a block does with a buffer.
struct Event {
  Operation *op = nullptr; // an op of the block
  // Launches (`op` itself or nested in it) that map the buffer.
  SmallVector<LaunchOp> launches;
  bool copiesIn = false; // some launch needs the host's contents
  bool deviceWrites = false;
  bool inLoop = false; // some launch runs repeatedly inside `op`
  // Host accesses (`op` itself or nested in it).
  bool hostReads = false, hostWrites = false;
  /// The one element the host touches, when `op` is a load or store of it.
  Operation *element = nullptr;
  /// `op` frees the buffer.
  bool frees = false;

  bool hasLaunches() const { return !launches.empty(); }
  bool hasHostAccess() const { return hostReads || hostWrites; }
};

/// The events of a buffer in one block, in block order.
struct BufferEvents {
  Value root;
  Value var; // what the launches map
  /// The launches map different sections of `var`, an argument they all
  /// pass: the whole of it is kept on the device.
  bool sections = false;
  SmallVector<Event> events;
};
} // namespace

/// The op of `block` that holds `op`, or null.
static Operation *getAncestorIn(Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
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
    if (isa<LaunchOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp>(op))
      return WalkResult::interrupt();
    if (auto nested = dyn_cast<CallOpInterface>(op))
      if (mayOffload(nested, visited))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Collects the events of the buffer `root` in `block`. Fails (with a
/// reason) when the buffer must keep its per-launch clauses.
static FailureOr<BufferEvents>
collectEvents(Block *block, Value root,
              const DenseSet<std::pair<Operation *, Value>> *covered,
              std::string &reason) {
  BufferEvents result;
  result.root = root;
  llvm::MapVector<Operation *, Event> events;
  bool failed = false;
  auto fail = [&](StringRef why) {
    if (!failed)
      reason = why.str();
    failed = true;
  };
  forEachUseThroughViews(root, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    // A launch passing `arg` (the buffer, a view, or an aggregate member).
    auto addLaunch = [&](LaunchOp launch, Value arg) {
      Operation *op = getAncestorIn(block, launch);
      if (!op)
        return;
      Event &event = events[op];
      event.op = op;
      MapAttr map = launch.getMapFor(arg);
      if (!map || llvm::is_contained(event.launches, launch))
        return; // not accessed by the kernel, or passed twice
      if (covered && covered->contains({launch, root}))
        return;
      if (map.isAlways() || map.isPresent() || launch.getDevice())
        return fail("a launch maps it with 'always' or 'present' or picks "
                    "a device");
      Value var = launch.getMappedSection(arg);
      if (!result.var) {
        result.var = arg;
        result.sections = var != arg;
      } else if (result.var == arg) {
        result.sections |= var != arg;
      } else {
        return fail("launches map different views of it");
      }
      event.launches.push_back(launch);
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
        if (auto launch = dyn_cast<LaunchOp>(packUser))
          addLaunch(launch, use.get());
        else
          fail("its aggregate is used by something else than a launch");
      return;
    }
    Operation *op = getAncestorIn(block, user);
    if (!op)
      return; // elsewhere (data ops there hold the buffer around the block)
    if (isa<DataOp, EnterDataOp, ExitDataOp, UpdateOp>(user))
      return fail("the program maps it explicitly");
    Event &event = events[op];
    event.op = op;
    if (isa<memref::DeallocOp>(user)) {
      event.frees = true;
      return;
    }
    if (auto call = dyn_cast<CallOpInterface>(user)) {
      llvm::SmallPtrSet<Operation *, 4> visited;
      if (mayOffload(call, visited))
        return fail("it is passed to a function that launches kernels or "
                    "maps data itself");
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
    if (user == op && use.get() == root) {
      if (isa<memref::LoadOp>(user))
        single = true;
      else if (auto store = dyn_cast<memref::StoreOp>(user))
        single = store.getMemRef() == use.get();
    }
    bool first = !event.hasHostAccess();
    event.hostReads |= reads;
    event.hostWrites |= writes;
    event.element = first && single ? user : nullptr;
  });
  if (failed)
    return failure();
  for (auto &entry : events)
    result.events.push_back(entry.second);
  llvm::sort(result.events, [](const Event &a, const Event &b) {
    return a.op->isBeforeInBlock(b.op);
  });
  return result;
}

/// The part of `var` an update for `event` moves: one element, or all of it.
static Value getUpdatedPart(OpBuilder &b, Value var, const Event &event) {
  // The element's indices are the buffer's: they locate it in `var` only
  // when `var` is the buffer itself.
  if (!event.element || getViewRoot(var) != var)
    return var;
  ValueRange indices;
  if (auto load = dyn_cast<memref::LoadOp>(event.element))
    indices = load.getIndices();
  else
    indices = cast<memref::StoreOp>(event.element).getIndices();
  auto type = cast<MemRefType>(var.getType());
  if (type.getRank() == 0)
    return var;
  SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
  SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
  return memref::SubViewOp::create(b, event.element->getLoc(), var, offsets,
                                   ones, ones);
}

static void createDataOp(OpBuilder &b, Location loc, StringRef name,
                         Value part, MapKind kind) {
  MLIRContext *ctx = b.getContext();
  ArrayAttr kinds =
      b.getArrayAttr({MapAttr::get(ctx, kind, MapModifier::none)});
  if (name == "update")
    UpdateOp::create(b, loc, ValueRange{part}, kinds, Value());
  else if (name == "enter")
    EnterDataOp::create(b, loc, ValueRange{part}, kinds, Value());
  else
    ExitDataOp::create(b, loc, ValueRange{part}, kinds, Value());
}

/// The updates host access `event` needs: `from` before a read of data the
/// device may have written (`deviceNewer`, cleared when all of `var` came
/// back), `to` after a write. Returns how many it inserted.
static unsigned insertHostUpdates(OpBuilder &b, Value var, const Event &event,
                                  bool &deviceNewer) {
  unsigned updates = 0;
  if (event.hostReads && deviceNewer) {
    b.setInsertionPoint(event.op);
    Value part = getUpdatedPart(b, var, event);
    createDataOp(b, event.op->getLoc(), "update", part, MapKind::from);
    ++updates;
    if (part == var)
      deviceNewer = false;
  }
  if (event.hostWrites) {
    b.setInsertionPointAfter(event.op);
    Value part = getUpdatedPart(b, var, event);
    createDataOp(b, event.op->getLoc(), "update", part, MapKind::to);
    ++updates;
  }
  return updates;
}

/// Whether every path through `op` that touches `root` starts with a launch
/// that overwrites all of `var` (so the device needs none of the host's
/// contents when `op` starts).
static bool startsWithFullOverwrite(Operation *op, Value root, Value var) {
  Operation *firstAccess = nullptr;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (firstAccess)
      return WalkResult::interrupt();
    for (Value operand : nested->getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          getViewRoot(operand) == root && !isa<memref::DimOp>(nested) &&
          !isa<ViewLikeOpInterface>(nested)) {
        firstAccess = nested;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  auto launch = dyn_cast_or_null<LaunchOp>(firstAccess);
  if (!launch)
    return false;
  MapAttr map = launch.getMapFor(var);
  if (!map || map.copiesIn() || map.getKind() == MapKind::to ||
      launch.getMappedSection(var) != var)
    return false;
  // Unconditional within each iteration: only loops between it and `op`.
  for (Operation *parent = launch->getParentOp(); parent != op;
       parent = parent->getParentOp())
    if (!isa<LoopLikeOpInterface>(parent))
      return false;
  return true;
}

namespace {
struct OffloadHoistTransfersPass
    : public offload::impl::OffloadHoistTransfersBase<
          OffloadHoistTransfersPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::SetVector<Block *> seen;
    getOperation().walk([&](LaunchOp launch) {
      for (Operation *op = launch; op && op->getBlock();
           op = op->getParentOp()) {
        if (isa<ModuleOp>(op->getParentOp()))
          break;
        seen.insert(op->getBlock());
        if (isa<FunctionOpInterface>(op->getParentOp()))
          break;
      }
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
    llvm::stable_sort(blocks, [&](Block *a, Block *b) {
      return depth(a) < depth(b);
    });
    for (Block *block : blocks)
      processBlock(block);
  }

  void processBlock(Block *block);
  void hoist(Block *block, BufferEvents &buffer);
  /// Inserts the updates host accesses need in `block`, where `root` is
  /// resident (mapped as `var` by an enclosing enter_data).
  void processResidentBlock(Block *block, Value root, Value var,
                            unsigned &updates, unsigned &launchCopies);
  /// Whether an enclosing op keeps `root` on the device around `block`: one
  /// this pass made resident, or a data region of the program.
  bool isResident(Block *block, Value root) {
    for (Operation *op = block->getParentOp(); op; op = op->getParentOp()) {
      if (resident.contains({op, root}))
        return true;
      if (auto data = dyn_cast<DataOp>(op))
        if (llvm::any_of(data.getMapVars(), [&](Value var) {
              return getViewRoot(var) == root;
            }))
          return true;
    }
    return false;
  }

  /// (launch, buffer root) pairs an outer block already keeps resident.
  DenseSet<std::pair<Operation *, Value>> covered;
  /// (op, buffer root): inside op, the buffer is resident.
  DenseSet<std::pair<Operation *, Value>> resident;
};
} // namespace

void OffloadHoistTransfersPass::processBlock(Block *block) {
  llvm::SetVector<Value> roots;
  block->walk([&](LaunchOp launch) {
    for (Value operand : launch.getArgs())
      for (Value arg : getAggregateMembers(operand))
        if (isa<MemRefType>(arg.getType()) && launch.getMapFor(arg) &&
            !covered.contains({launch, getViewRoot(arg)}))
          roots.insert(getViewRoot(arg));
  });
  for (Value root : roots) {
    if (isResident(block, root))
      continue;
    std::string reason;
    FailureOr<BufferEvents> buffer =
        collectEvents(block, root, &covered, reason);
    if (succeeded(buffer) && buffer->var)
      hoist(block, *buffer);
  }
}

void OffloadHoistTransfersPass::processResidentBlock(Block *block, Value root,
                                                     Value var,
                                                     unsigned &updates,
                                                     unsigned &launchCopies) {
  std::string reason;
  FailureOr<BufferEvents> buffer =
      collectEvents(block, root, /*covered=*/nullptr, reason);
  if (failed(buffer))
    return; // cannot happen: the enclosing block's walk saw the same uses
  OpBuilder b(block->getParentOp()->getContext());
  // The device may hold newer data than the host at the block's start.
  bool deviceNewer = true;
  for (Event &event : buffer->events) {
    if (event.hasLaunches() && event.hasHostAccess()) {
      resident.insert({event.op, root});
      for (Region &region : event.op->getRegions())
        for (Block &nested : region)
          processResidentBlock(&nested, root, var, updates, launchCopies);
      deviceNewer = true;
      continue;
    }
    if (event.hasLaunches()) {
      deviceNewer |= event.deviceWrites;
      for (LaunchOp launch : event.launches) {
        MapAttr map = launch.getMapFor(var);
        launchCopies += map.copiesIn() + map.copiesOut();
      }
      continue;
    }
    updates += insertHostUpdates(b, var, event, deviceNewer);
  }
}

void OffloadHoistTransfersPass::hoist(Block *block, BufferEvents &buffer) {
  SmallVector<Event> &events = buffer.events;
  // The span: from the first event with launches to the last.
  auto firstIt = llvm::find_if(events, std::mem_fn(&Event::hasLaunches));
  if (firstIt == events.end())
    return;
  auto lastIt = llvm::find_if(llvm::reverse(events),
                              std::mem_fn(&Event::hasLaunches))
                    .base();
  MutableArrayRef<Event> span(&*firstIt, std::distance(firstIt, lastIt));
  unsigned numLaunches = 0, numLoopLaunches = 0;
  bool anyMixed = false;
  for (Event &event : span) {
    if (event.frees)
      return;
    numLaunches += event.launches.size();
    numLoopLaunches += event.inLoop ? event.launches.size() : 0;
    anyMixed |= event.hasLaunches() && event.hasHostAccess();
  }
  // Worth it only when something is shared: two launches, or one that runs
  // repeatedly.
  if (numLaunches < 2 && numLoopLaunches == 0 && !anyMixed)
    return;
  Value var = buffer.var, root = buffer.root;
  Operation *first = span.front().op, *last = span.back().op;
  DominanceInfo dom(block->getParentOp());
  if (!dom.properlyDominates(var, first))
    return;

  // Walk the span: what the device holds, and the updates host code needs.
  bool enterTo = false, deviceInit = false, deviceNewer = false;
  bool anyDeviceWrite = false, initializedByLaunch = false;
  unsigned perLaunchCopies = 0, perIterationCopies = 0, updates = 0;
  // In ops that launch and touch the buffer on the host: updates and
  // per-launch copies, each execution of their blocks.
  unsigned nestedUpdates = 0, nestedCopies = 0;
  OpBuilder b(block->getParentOp()->getContext());
  for (Event &event : span) {
    if (event.hasLaunches() && event.hasHostAccess()) {
      // Launches and host accesses inside one op: the buffer stays
      // resident inside it, and its blocks get the updates they need.
      // Unless a launch overwrites it all before anything else touches it,
      // the first access may need the host's contents on the device.
      bool needsHostData = buffer.sections ||
                           !startsWithFullOverwrite(event.op, root, var);
      if (needsHostData && !deviceInit)
        enterTo = true;
      deviceInit = true;
      deviceNewer = true;
      anyDeviceWrite |= event.deviceWrites || event.hostWrites;
      resident.insert({event.op, root});
      for (Region &region : event.op->getRegions())
        for (Block &nested : region)
          processResidentBlock(&nested, root, var, nestedUpdates,
                               nestedCopies);
      continue;
    }
    if (event.hasLaunches()) {
      if (event.copiesIn && !deviceInit)
        enterTo = true;
      if (!deviceInit && !event.copiesIn && !event.inLoop &&
          isa<LaunchOp>(event.op) && !buffer.sections)
        initializedByLaunch = true;
      deviceInit = true;
      if (event.deviceWrites)
        deviceNewer = anyDeviceWrite = true;
      for (LaunchOp launch : event.launches) {
        MapAttr map = launch.getMapFor(var);
        unsigned copies = map.copiesIn() + map.copiesOut();
        (event.inLoop ? perIterationCopies : perLaunchCopies) += copies;
      }
      continue;
    }
    updates += insertHostUpdates(b, var, event, deviceNewer);
  }
  bool exitFrom = anyDeviceWrite && mayBeReadAfter(last, var);
  // What comes back at the exit must all be on the device: copy it there
  // first unless a launch that always runs overwrote all of it.
  if (exitFrom && !initializedByLaunch)
    enterTo = true;
  b.setInsertionPoint(first);
  createDataOp(b, first->getLoc(), "enter", var,
               enterTo ? MapKind::to : MapKind::alloc);
  b.setInsertionPointAfter(last);
  createDataOp(b, last->getLoc(), "exit", var,
               exitFrom ? MapKind::from : MapKind::release);
  for (Event &event : span)
    for (LaunchOp launch : event.launches)
      covered.insert({launch, root});
  ++numHoisted;
  numUpdates += updates;
  if (remarks) {
    unsigned copies = enterTo + exitFrom + updates;
    InFlightDiagnostic remark = first->emitRemark();
    remark << "buffer kept on the device across " << numLaunches
           << " launch(es)";
    if (numLoopLaunches)
      remark << " (" << numLoopLaunches << " in loops)";
    remark << ": enter '" << (enterTo ? "to" : "alloc") << "', exit '"
           << (exitFrom ? "from" : "release") << "', " << updates
           << " update(s)";
    if (nestedUpdates)
      remark << " + " << nestedUpdates << " per iteration";
    remark << "; " << copies << " copies";
    if (nestedUpdates)
      remark << " + " << nestedUpdates << " per iteration";
    remark << " instead of " << perLaunchCopies;
    if (perIterationCopies + nestedCopies)
      remark << " + " << perIterationCopies + nestedCopies << " per iteration";
    auto type = cast<MemRefType>(var.getType());
    if (type.hasStaticShape())
      remark << " (" << type.getNumElements() *
                            getElementSizeInBytes(type.getElementType())
             << " bytes each)";
  }
}
