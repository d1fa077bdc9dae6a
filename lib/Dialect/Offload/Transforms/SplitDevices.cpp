//===- SplitDevices.cpp - offload-split-devices -----------------*- C++ -*-===//
//
// A launch over several devices (`devices(...)`, `devices(all)`) becomes one
// launch per device present, each running an equal share of the kernel's
// parallel loop along its outermost dimension, through a copy of the kernel
// whose loop takes its bounds from two more arguments. Map inference then
// gives each device the sections of the buffers its share reaches, so each
// device copies back only the rows it wrote.
//
// Consecutive split launches over the same devices with the same shares (a
// run: the launches of an iterated stencil's loop, with nothing in between
// that touches their buffers on the host but loads and stores of single
// elements; loops over other rows of its buffers share the hull of all the
// loops, each running its own iterations in each share; launches on
// buffers of their own in between form groups with shares of their own
// loops) keep each
// device's sections on it: each device enters the rows
// its share reaches once before the run and copies back the rows it wrote
// once after it, and before a launch that reads rows another device wrote
// since, each device receives just those halo rows, device to device. An
// element the host loads comes from the device whose share holds its row;
// one it stores goes to every device keeping its row.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/CarriedBuffers.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/Analysis/KernelShares.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/ByteRange.h"
#include "offload/Dialect/Offload/Utils/Inlining.h"
#include "offload/Dialect/Offload/Utils/Locations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADSPLITDEVICES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// `func.func private @name` of the OpenMP runtime, of type `type` (by
/// default `() -> i32`), declared once.
static func::FuncOp getRuntimeQuery(ModuleOp module, StringRef name,
                                    FunctionType type = {}) {
  if (auto func = module.lookupSymbol<func::FuncOp>(name))
    return func;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  if (!type)
    type = b.getFunctionType({}, {b.getI32Type()});
  auto func = func::FuncOp::create(b, module.getLoc(), name, type);
  func.setPrivate();
  return func;
}

/// `device` as an index, and whether the runtime has it: 0 <= device <
/// `available`.
static std::pair<Value, Value> isDevicePresent(OpBuilder &b, Location loc,
                                               Value device, Value available) {
  Value id = device.getType().isIndex()
                 ? device
                 : arith::IndexCastOp::create(b, loc, b.getIndexType(), device)
                       .getResult();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value nonNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, id, zero);
  Value below =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id, available);
  return {id, arith::AndIOp::create(b, loc, nonNegative, below)};
}

/// The buffer of device numbers of `devices(%list : memref<?xi32>)`, or
/// null when the launch lists values (or asks for all devices).
static Value getDeviceList(LaunchOp launch) {
  if (launch.getDevices().size() == 1 &&
      isa<MemRefType>(launch.getDevices()[0].getType()))
    return launch.getDevices()[0];
  return {};
}

/// Element `index` of the device list `list`, as an i32: -1 (no device)
/// for a value of a wider type that an i32 cannot hold (4294967298 is not
/// device 2).
static Value loadDevice(OpBuilder &b, Location loc, Value list, Value index) {
  Value device = memref::LoadOp::create(b, loc, list, index);
  if (device.getType().isInteger(32))
    return device;
  Value id = device.getType().isIndex()
                 ? device
                 : arith::IndexCastOp::create(b, loc, b.getIndexType(), device)
                       .getResult();
  Value id32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), id);
  if (!device.getType().isIndex() &&
      device.getType().getIntOrFloatBitWidth() < 32)
    return id32;
  Value fits = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, id,
      arith::IndexCastOp::create(b, loc, b.getIndexType(), id32));
  return arith::SelectOp::create(b, loc, fits, id32,
                                 arith::ConstantIntOp::create(b, loc, -1, 32));
}

static Value callRuntimeQuery(OpBuilder &b, Location loc, func::FuncOp func) {
  Value count = func::CallOp::create(b, loc, func, ValueRange()).getResult(0);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), count);
}

/// The address of `buffer`'s lowest byte, as a pointer.
static Value getAddress(OpBuilder &b, Location loc, Value buffer) {
  Value begin = buildByteRange(b, loc, buffer).first;
  Value address = arith::IndexCastOp::create(b, loc, b.getI64Type(), begin);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

/// Declares `name` (an external C function) in `module` once.
static LLVM::LLVMFuncOp declareC(ModuleOp module, StringRef name,
                                 LLVM::LLVMFunctionType type) {
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// `loc` as file:line:col.
static std::string formatLocation(Location loc) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    return (fileLoc.getFilename().getValue() + ":" +
            Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()))
        .str();
  return "unknown location";
}

/// Prints `format` (a printf format taking `args`) on stderr and stops the
/// program (exit status 1).
static void buildFailure(OpBuilder &b, Location loc, StringRef format,
                         ValueRange args) {
  auto module = b.getBlock()->getParentOp()->getParentOfType<ModuleOp>();
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type(), ptr = LLVM::LLVMPointerType::get(ctx);
  std::string data = (format + Twine('\0')).str();
  OpBuilder detached(ctx);
  auto global = LLVM::GlobalOp::create(
      detached, loc, LLVM::LLVMArrayType::get(b.getI8Type(), data.size()),
      /*isConstant=*/true, LLVM::Linkage::Private, "__offload_split_message",
      b.getStringAttr(data));
  // (Renamed when the name is taken.)
  SymbolTable(module).insert(global, module.getBody()->begin());
  auto dprintf = declareC(module, "dprintf",
                          LLVM::LLVMFunctionType::get(i32, {i32, ptr},
                                                      /*isVarArg=*/true));
  auto exit = declareC(
      module, "exit",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32}));
  SmallVector<Value> operands{arith::ConstantIntOp::create(b, loc, 2, 32),
                              LLVM::AddressOfOp::create(b, loc, global)};
  operands.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, dprintf, operands);
  LLVM::CallOp::create(b, loc, exit,
                       ValueRange{arith::ConstantIntOp::create(b, loc, 1, 32)});
}

/// Whether two launches run over the same devices: the same operands, the
/// same list, or both over every device.
static bool sameDevices(LaunchOp a, LaunchOp b) {
  // The same values, or equal ones (constants of the same value).
  return a.getAllDevices() == b.getAllDevices() &&
         a.getDevices().size() == b.getDevices().size() &&
         llvm::all_of(
             llvm::zip(a.getDevices(), b.getDevices()), [&](auto pair) {
               return sameHostValue(std::get<0>(pair), std::get<1>(pair));
             });
}

/// `offset` added to a share's bound, for remarks: "lo - 1", "hi".
static std::string formatBound(StringRef name, int64_t offset) {
  std::string text = name.str();
  if (offset)
    text += (offset < 0 ? " - " : " + ") + std::to_string(std::abs(offset));
  return text;
}

/// Rows [begin, begin + length) of `buffer`, whole along its other
/// dimensions.
static Value getRows(OpBuilder &b, Location loc, Value buffer, Value begin,
                     Value length) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 0)
    return buffer;
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  offsets[0] = begin;
  sizes.push_back(length);
  for (int64_t dim = 1; dim < type.getRank(); ++dim)
    sizes.push_back(memref::getMixedSize(b, loc, buffer, dim));
  return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
}

/// `then` in an `scf.if` of `cond`, without results.
static void buildIf(OpBuilder &b, Location loc, Value cond,
                    function_ref<void(OpBuilder &)> then) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder inner = ifOp.getThenBodyBuilder();
  then(inner);
}

/// What the launches of a run do with one of their buffers, and what each
/// device keeps of it: rows around its share [lo, hi) of the loop.
struct ResidentBuffer {
  /// The first launch that passes it, and as which argument (for remarks),
  /// and the group of that launch (Run::leaders).
  LaunchOp namedBy;
  unsigned position = 0;
  unsigned group = 0;
  bool read = false, written = false;
  /// The rows the launches read: [lo + readMin, hi + readMax), or all of
  /// them.
  int64_t readMin = 0, readMax = 0;
  bool readAll = false;
  /// Entered without copying: the run's first launch writes every row of
  /// each share and no launch reads it.
  bool enterAlloc = false;
  /// Copied back at the end (the rows each device wrote).
  bool exitFrom = false;
  /// An iteration argument of a loop of the run passing buffers between
  /// iterations (ping-pong): at run time one of the buffers the loop starts
  /// with, which the run enters and exits; this entry only says which rows
  /// of it move between devices in the loop.
  bool carried = false;
  /// A buffer a ping-pong loop of the run starts with, as its iteration
  /// argument #`startsIterArg` (for remarks); -1 otherwise.
  int startsIterArg = -1;

  /// Rows are read outside the share, which other devices may write.
  bool readsHalo() const { return readAll || readMin < 0 || readMax > 0; }
};

/// Consecutive ops of a block whose split launches keep their sections on
/// their devices from the first to the last.
struct Run {
  SmallVector<Operation *> ops;
  /// Whether each op of `ops` holds split launches.
  SmallVector<bool> launchesIn;
  SmallVector<LaunchOp> launches; // in program order
  /// Launches whose shares are compared with the first's at run time.
  SmallVector<LaunchOp> checked;
  /// Launches whose loops have other bounds than the first's (all of step
  /// 1): the devices' parts of the rows are then equal shares of the hull
  /// of all their loops, and each launch runs on each device the
  /// iterations of its loop in that device's part.
  SmallVector<LaunchOp> clipped;
  /// Groups of launches that share no buffer (two stencils of other sizes
  /// in one loop): each group's devices have equal shares of its own loop
  /// (of the hull of its loops). The first launch of each group, the group
  /// of each launch, and that of each buffer the launches map.
  SmallVector<LaunchOp> leaders;
  DenseMap<Operation *, unsigned> groupOf;
  DenseMap<Value, unsigned> rootGroups;
  bool inLoop = false;
  /// The buffers the launches map on the devices (by root), with the first
  /// launch and argument passing each.
  llvm::MapVector<Value, std::pair<LaunchOp, unsigned>> deviceRoots;
  /// Those of them a launch writes (or that a ping-pong loop passes on).
  DenseSet<Value> deviceWritten;
  /// The lists of devices the launches take (read on the host).
  llvm::SetVector<Value> lists;
  /// The buffers the host touches in the run, with the first op that does,
  /// and those each op of `ops` touches.
  llvm::MapVector<Value, Operation *> hostRoots;
  SmallVector<llvm::MapVector<Value, Operation *>> hostRootsOf;
  /// The buffers the host only loads or stores single elements of (not in
  /// a loop of its own), with those loads and stores: the run keeps them,
  /// and moves each element between the host and the devices holding it.
  llvm::MapVector<Value, SmallVector<Operation *>> elements;
  /// The buffers the host reads or writes more of (in loops of its own,
  /// copies), with the ops that do: the run keeps them, each
  /// device copying back the rows of its share before such ops read them
  /// and receiving the rows it keeps after they write them.
  llvm::MapVector<Value, SmallVector<Operation *>> syncs;
  /// The calls in the run (they touch the buffers they are given, and
  /// those whose address is taken).
  SmallVector<Operation *> calls;
  /// The buffers the launches only read and the host touches in between
  /// (a reduction's result the host combines, read by the next launch):
  /// the run does not keep them; each launch maps its own section.
  llvm::SetVector<Value> perLaunch;
  /// What is kept of each buffer, once the run is accepted.
  llvm::MapVector<Value, ResidentBuffer> buffers;
  /// The buffers whose halo rows move before each launch.
  DenseMap<Operation *, llvm::SetVector<Value>> exchanges;

  bool empty() const { return ops.empty(); }
};

/// What an op of a block does, for runs: its split launches, what they map
/// and what the host touches; `why` says why it cannot be part of a run.
struct OpSummary {
  std::string why;
  SmallVector<LaunchOp> launches;
  bool inLoop = false;
  llvm::MapVector<Value, std::pair<LaunchOp, unsigned>> deviceRoots;
  DenseSet<Value> deviceWritten;
  llvm::SetVector<Value> lists;
  llvm::MapVector<Value, Operation *> hostRoots;
  /// Loads and stores of single elements, by buffer (Run::elements).
  llvm::MapVector<Value, SmallVector<Operation *>> elements;
  /// Other reads and writes of buffers by the host (Run::syncs).
  llvm::MapVector<Value, SmallVector<Operation *>> syncs;
  SmallVector<Operation *> calls;
  /// Launches whose shares are compared with the run's at run time.
  SmallVector<LaunchOp> checked;
  /// Launches whose loops have other bounds than the run's (Run::clipped).
  SmallVector<LaunchOp> clipped;
  /// The run's groups with those of these launches (Run::leaders, groupOf,
  /// rootGroups), when they join it.
  SmallVector<LaunchOp> leaders;
  DenseMap<Operation *, unsigned> groupOf;
  DenseMap<Value, unsigned> rootGroups;

  void merge(const OpSummary &other) {
    if (why.empty())
      why = other.why;
    launches.append(other.launches);
    inLoop |= other.inLoop;
    for (auto &entry : other.deviceRoots)
      deviceRoots.insert(entry);
    deviceWritten.insert(other.deviceWritten.begin(),
                         other.deviceWritten.end());
    lists.insert(other.lists.begin(), other.lists.end());
    for (auto &entry : other.hostRoots)
      hostRoots.insert(entry);
    for (auto &[root, ops] : other.elements)
      llvm::append_range(elements[root], ops);
    for (auto &[root, ops] : other.syncs)
      llvm::append_range(syncs[root], ops);
    llvm::append_range(calls, other.calls);
  }
};

/// "argument #1 of @step".
static std::string describeArgument(LaunchOp launch, unsigned position) {
  return ("argument #" + Twine(position) + " of @" + launch.getKernel()).str();
}

/// Why the host touching buffers `host` (and those of `moved`, whose
/// accesses the run moves: Run::elements, Run::syncs) conflicts with
/// launches mapping `device` on their devices (or reading the device lists
/// `lists`), or an empty string. A buffer of `host` no launch writes
/// (`written` says which they may) does not conflict: the run leaves it to
/// each launch (Run::perLaunch).
static std::string findConflict(
    const llvm::MapVector<Value, Operation *> &host,
    ArrayRef<const llvm::MapVector<Value, SmallVector<Operation *>> *> moved,
    const llvm::MapVector<Value, std::pair<LaunchOp, unsigned>> &device,
    const llvm::SetVector<Value> &lists, function_ref<bool(Value)> written,
    function_ref<bool(Value, Value)> mayAlias) {
  // Through another name (a select or an scf.if of buffers, a loop's
  // result, a transpose, the same global again), the host may touch one of
  // them in ways the run cannot follow.
  auto throughAlias = [&](Value root, Operation *op) -> std::string {
    if (device.count(root))
      return "";
    for (auto &[other, use] : device)
      if (mayAlias(root, other))
        return "the host may touch " +
               describeArgument(use.first, use.second) +
               " through another name between the launches ('" +
               op->getName().getStringRef().str() + "')";
    return "";
  };
  for (auto &[root, op] : host) {
    std::string why = throughAlias(root, op);
    if (!why.empty())
      return why;
  }
  for (const auto *accesses : moved)
    for (auto &[root, ops] : *accesses) {
      std::string why = throughAlias(root, ops.front());
      if (!why.empty())
        return why;
    }
  for (const auto *accesses : moved)
    for (auto &[root, ops] : *accesses)
      if (lists.contains(root))
        return "the host touches the list of devices between the launches "
               "('" +
               ops.front()->getName().getStringRef().str() + "')";
  for (auto &[root, op] : host) {
    auto it = device.find(root);
    if (it != device.end() && written(root))
      return "the host touches " +
             describeArgument(it->second.first, it->second.second) +
             " between the launches ('" + op->getName().getStringRef().str() +
             "')";
    if (lists.contains(root))
      return "the host touches the list of devices between the launches ('" +
             op->getName().getStringRef().str() + "')";
  }
  // A kernel may write it: the devices would change within the run.
  for (auto &[root, use] : device)
    if (lists.contains(root))
      return describeArgument(use.first, use.second) +
             " is the list of devices";
  return "";
}

/// The devices of a split launch and their shares of its loop, computed on
/// the host before the launch, or once before a run of launches.
struct ShareSpace {
  Value available; // devices the runtime reports
  Value present;   // devices of the launch that it has: one share each
  Value parts;     // max(present, 1)
  Value lb, ub;    // the loop's bounds
  int64_t step = 1; // the loop's step
  Value chunk;      // the span [lo, hi) of each share: a multiple of the step
  /// The device of each share, when the launch lists its devices.
  Value devicesOf;
};

struct OffloadSplitDevicesPass
    : public offload::impl::OffloadSplitDevicesBase<OffloadSplitDevicesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable table(module);
    symbols = &table;
    bool any = false;
    WalkResult missing = module.walk([&](LaunchOp launch) {
      if (!launch.getAllDevices() && launch.getDevices().empty())
        return WalkResult::advance();
      any = true;
      if (symbols->lookup<KernelOp>(launch.getKernel()))
        return WalkResult::advance();
      launch.emitOpError() << "launches " << launch.getKernelAttr()
                           << ", which is not a kernel of this module";
      return WalkResult::interrupt();
    });
    if (missing.wasInterrupted())
      return signalPassFailure();
    if (!any)
      return;
    if (resident)
      inlineSplitCallees();

    // Device numbers that are constants inside loops (code emitted per
    // iteration): from the function's entry, where a run around the loop
    // can use them (one copy of each).
    DenseMap<Value, Value> hoisted;
    module.walk([&](LaunchOp launch) {
      auto function = launch->getParentOfType<FunctionOpInterface>();
      if (!function || function.isExternal())
        return;
      Block &entry = function.getFunctionBody().front();
      for (OpOperand &operand : launch.getDevicesMutable()) {
        Operation *def = operand.get().getDefiningOp();
        if (!def || def->getBlock() == &entry || def->getNumOperands() ||
            !def->hasTrait<OpTrait::ConstantLike>())
          continue;
        Value &copy = hoisted[operand.get()];
        if (!copy) {
          OpBuilder b(&entry, entry.begin());
          copy = b.clone(*def)->getResult(0);
        }
        operand.set(copy);
      }
    });
    for (auto &entry : hoisted)
      if (Operation *def = entry.first.getDefiningOp(); def->use_empty())
        def->erase();

    // Runs of consecutive launches first: they keep their sections on the
    // devices.
    if (resident)
      for (auto function : module.getOps<FunctionOpInterface>()) {
        if (function.isExternal())
          continue;
        DominanceInfo dominance(function);
        for (Block &block : function.getFunctionBody())
          buildRuns(block, dominance);
      }

    // Then every other launch on its own.
    SmallVector<LaunchOp> launches;
    module.walk([&](LaunchOp launch) {
      if (launch.getAllDevices() || !launch.getDevices().empty())
        launches.push_back(launch);
    });
    for (LaunchOp launch : launches) {
      auto kernel = symbols->lookup<KernelOp>(launch.getKernel());
      std::string reason = getShare(kernel);
      if (reason.empty())
        reason = whyNotSplitWith(launch);
      // The loop's bounds and initial values, and what the host does with
      // the reductions' results, computed from the launch's arguments.
      IRMapping mapping;
      SmallVector<Value> inits;
      if (reason.empty()) {
        // A buffer already on a device (a data region around the launch
        // mapped it there) holds the current values: the launch runs whole
        // on that device, where its maps find them.
        runWholeWhereHeld(launch, kernel);
        runWholeIfOverlapping(launch, kernel);
        OpBuilder b(launch);
        mapKernelArguments(kernel, launch, mapping);
        Value lb, ub;
        std::tie(lb, ub) = materializeShareBounds(b, kernel, mapping);
        bool computable = lb && ub;
        computable &= materializeReductionInputs(b, kernel, mapping, inits);
        if (computable) {
          ShareSpace space = computeSpace(b, launch, lb, ub);
          split(launch, kernel, shares[kernel], inits, mapping, space,
                /*run=*/nullptr);
        } else {
          reason = "the bounds or initial values of its parallel loop, or "
                   "what it uses after the loop, cannot be computed on the "
                   "host";
        }
      }
      if (!reason.empty())
        runOnFirstDevice(launch, kernel, reason);
      launch.erase();
    }
    if (inlinedAny)
      restoreInlinedLocations();
  }

  //===--------------------------------------------------------------------===//
  // Shares
  //===--------------------------------------------------------------------===//

  /// Makes (once) `@<kernel>_share`, the kernel with two more index
  /// arguments that bound the outermost dimension of its loop; returns why
  /// it cannot be used, or an empty string.
  std::string getShare(KernelOp kernel) {
    auto known = reasons.find(kernel);
    if (known != reasons.end())
      return known->second;
    std::string reason = whyNotSplittable(kernel);
    if (reason.empty()) {
      OpBuilder b(kernel->getContext());
      b.setInsertionPointAfter(kernel);
      auto share = cast<KernelOp>(b.clone(*kernel));
      share.setSymName((kernel.getSymName() + "_share").str());
      symbols->insert(share); // renames it when the name is taken
      Location loc = kernel.getLoc();
      unsigned count = share.getNumArguments();
      (void)share.insertArgument(count, b.getIndexType(), {}, loc);
      (void)share.insertArgument(count + 1, b.getIndexType(), {}, loc);
      KernelShape shape = *getSplitShape(share);
      if (!shape.loop) {
        // Linalg ops: the rows [lo, hi) of each operand their outermost
        // dimension indexes.
        // One view per operand, so that ops on the same buffer still see
        // one (a fill before the contraction that accumulates into it).
        Value lo = share.getArgument(count), hi = share.getArgument(count + 1);
        b.setInsertionPoint(shape.linalgOps.front());
        Value length = arith::SubIOp::create(b, loc, hi, lo);
        DenseMap<Value, Value> rowsOf;
        for (linalg::LinalgOp op : shape.linalgOps) {
          b.setInsertionPoint(op);
          for (OpOperand &operand : op->getOpOperands()) {
            if (!isa<MemRefType>(operand.get().getType()) ||
                !indexesRows(op, operand))
              continue;
            Value &rows = rowsOf[operand.get()];
            if (!rows)
              rows = getRows(b, loc, operand.get(), lo, length);
            operand.set(rows);
          }
        }
        linalgAccesses[share] = getLinalgShareAccesses(*getSplitShape(kernel));
        shares[kernel] = share;
        reasons[kernel] = "";
        return "";
      }
      scf::ParallelOp loop = shape.loop;
      loop.getLowerBoundMutable()[0].set(share.getArgument(count));
      loop.getUpperBoundMutable()[0].set(share.getArgument(count + 1));
      // Reductions: each share starts from the neutral element and leaves
      // its partial result in a one-element buffer of its own; the host
      // combines them and does what the kernel did with the results.
      for (Operation *op : llvm::reverse(shape.after))
        op->erase();
      b.setInsertionPoint(loop);
      for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i) {
        Type type = loop.getResult(i).getType();
        (void)share.insertArgument(count + 2 + i, MemRefType::get({1}, type),
                                   {}, loc);
        TypedAttr neutral =
            *arith::getNeutralElement(getReductionCombiner(loop, i));
        loop.getInitValsMutable()[i].set(
            arith::ConstantOp::create(b, loc, neutral));
      }
      b.setInsertionPointAfter(loop);
      if (loop.getNumResults() != 0) {
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
          memref::StoreOp::create(b, loc, loop.getResult(i),
                                  share.getArgument(count + 2 + i), zero);
      }
      reason = whyShareWritesOverlap(share, count);
      if (reason.empty())
        shares[kernel] = share;
      else
        symbols->erase(share);
    }
    reasons[kernel] = reason;
    return reason;
  }

  /// The devices present among `launch`'s and equal shares of [lb, ub) for
  /// them, computed at `b`.
  ShareSpace computeSpace(OpBuilder &b, LaunchOp launch, Value lb, Value ub) {
    ModuleOp module = getOperation();
    Location loc = launch.getLoc();
    ShareSpace space;
    space.lb = lb;
    space.ub = ub;
    space.step = getShareStep(symbols->lookup<KernelOp>(launch.getKernel()));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value available = callRuntimeQuery(
        b, loc, getRuntimeQuery(module, "omp_get_num_devices"));
    space.available = available;

    if (launch.getAllDevices()) {
      // The devices the runtime says devices(all) stands for (the GPUs,
      // without the host plugin's devices, when there are GPUs).
      space.devicesOf = getAllDevices(b, loc, available);
      space.present =
          AllDevicesOp::create(b, loc, b.getIndexType(), space.devicesOf);
      return finishSpace(b, loc, space);
    }

    // The device of each share: the devices present, in the order given,
    // each once (a device listed again takes no second share: two shares
    // on one device would map overlapping sections of a buffer there).
    Value list = getDeviceList(launch);
    Type i32 = b.getI32Type();
    Value size =
        list
            ? memref::DimOp::create(b, loc, list, 0).getResult()
            : arith::ConstantIndexOp::create(b, loc, launch.getDevices().size())
                  .getResult();
    Value devicesOf = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, i32),
        ValueRange{arith::MaxSIOp::create(b, loc, size, one)});
    space.devicesOf = devicesOf;
    // Appends `device` to the first `count` devices of the shares when it
    // is present and not among them yet; returns the new count.
    auto append = [&](OpBuilder &body, Value device, Value count) -> Value {
      Value isPresent = isDevicePresent(body, loc, device, available).second;
      Value id = toI32(body, loc, device);
      Value no = arith::ConstantIntOp::create(body, loc, 0, 1);
      auto seen = scf::ForOp::create(
          body, loc, zero, count, one, ValueRange{no},
          [&](OpBuilder &inner, Location, Value j, ValueRange iterArgs) {
            Value other = memref::LoadOp::create(inner, loc, devicesOf, j);
            Value same = arith::CmpIOp::create(
                inner, loc, arith::CmpIPredicate::eq, other, id);
            scf::YieldOp::create(inner, loc,
                                 ValueRange{arith::OrIOp::create(
                                     inner, loc, iterArgs[0], same)});
          });
      Value yes = arith::ConstantIntOp::create(body, loc, 1, 1);
      Value isNew = arith::AndIOp::create(
          body, loc, isPresent,
          arith::XOrIOp::create(body, loc, seen.getResult(0), yes));
      auto ifNew = scf::IfOp::create(body, loc, isNew);
      OpBuilder then = ifNew.getThenBodyBuilder();
      memref::StoreOp::create(then, loc, id, devicesOf, count);
      Value add = arith::SelectOp::create(body, loc, isNew, one, zero);
      return arith::AddIOp::create(body, loc, count, add);
    };
    if (list) {
      auto forOp = scf::ForOp::create(
          b, loc, zero, size, one, ValueRange{zero},
          [&](OpBuilder &body, Location, Value iv, ValueRange iterArgs) {
            Value count =
                append(body, loadDevice(body, loc, list, iv), iterArgs[0]);
            scf::YieldOp::create(body, loc, count);
          });
      space.present = forOp.getResult(0);
    } else {
      Value count = zero;
      for (Value device : launch.getDevices())
        count = append(b, device, count);
      space.present = count;
    }
    return finishSpace(b, loc, space);
  }

  /// A list of the devices devices(all) stands for, with room for every
  /// device the runtime reports (`available`).
  static Value getAllDevices(OpBuilder &b, Location loc, Value available) {
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value size = arith::MaxSIOp::create(b, loc, available, one);
    return memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI32Type()), size);
  }

  /// Equal shares of ceil(n / present) of the n iterations of `space`,
  /// each starting at an iteration (lb + a multiple of the step).
  static ShareSpace &finishSpace(OpBuilder &b, Location loc,
                                 ShareSpace &space) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value span = arith::SubIOp::create(b, loc, space.ub, space.lb);
    span = arith::MaxSIOp::create(b, loc, span, zero);
    space.parts = arith::MaxSIOp::create(b, loc, space.present, one);
    if (space.step == 1) {
      space.chunk = arith::CeilDivSIOp::create(b, loc, span, space.parts);
      return space;
    }
    Value step = arith::ConstantIndexOp::create(b, loc, space.step);
    Value iterations = arith::CeilDivSIOp::create(b, loc, span, step);
    Value perShare =
        arith::CeilDivSIOp::create(b, loc, iterations, space.parts);
    space.chunk = arith::MulIOp::create(b, loc, perShare, step);
    return space;
  }

  /// The step of the dimension `kernel`'s shares divide (1 for linalg ops).
  static int64_t getShareStep(KernelOp kernel) {
    std::optional<KernelShape> shape = getSplitShape(kernel);
    if (!shape || !shape->loop)
      return 1;
    return getConstantIntValue(shape->loop.getStep()[0]).value_or(1);
  }

  static Value toI32(OpBuilder &b, Location loc, Value device) {
    if (device.getType().isInteger(32))
      return device;
    if (!device.getType().isIndex())
      device = arith::IndexCastOp::create(b, loc, b.getIndexType(), device);
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), device);
  }

  /// The device of the share at `position`.
  static Value getDeviceOf(OpBuilder &b, Location loc, const ShareSpace &space,
                           Value position) {
    if (space.devicesOf)
      return memref::LoadOp::create(b, loc, space.devicesOf, position);
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), position);
  }

  /// The iterations [lo, hi) of the share at `position`, and whether it has
  /// any.
  static std::tuple<Value, Value, Value> getShareBounds(OpBuilder &b,
                                                        Location loc,
                                                        const ShareSpace &space,
                                                        Value position) {
    Value offset = arith::MulIOp::create(b, loc, position, space.chunk);
    Value lo = arith::AddIOp::create(b, loc, space.lb, offset);
    lo = arith::MinSIOp::create(b, loc, lo, space.ub);
    Value hi = arith::AddIOp::create(b, loc, lo, space.chunk);
    hi = arith::MinSIOp::create(b, loc, hi, space.ub);
    Value nonEmpty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lo, hi);
    return {lo, hi, nonEmpty};
  }

  /// An `omp.parallel` region of one host thread per share (fewer when the
  /// runtime gives fewer: each thread then takes every so many shares),
  /// running each of `phases` for the thread's shares, with a barrier
  /// between phases. One thread without concurrency.
  using SharePhase =
      function_ref<void(OpBuilder &, Value position, Value device)>;
  void forEachShare(OpBuilder &b, Location loc, const ShareSpace &space,
                    ArrayRef<SharePhase> phases) {
    ModuleOp module = getOperation();
    // No more than the thread limit (OMP_THREAD_LIMIT), which libomp would
    // otherwise warn about.
    omp::ParallelOperands clauses;
    if (concurrent) {
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value limit = callRuntimeQuery(
          b, loc, getRuntimeQuery(module, "omp_get_thread_limit"));
      limit = arith::MaxSIOp::create(b, loc, limit, one);
      clauses.numThreads = arith::IndexCastOp::create(
          b, loc, b.getI32Type(),
          arith::MinSIOp::create(b, loc, space.parts, limit));
    } else {
      clauses.numThreads = arith::ConstantIntOp::create(b, loc, 1, 32);
    }
    auto parallel = omp::ParallelOp::create(b, loc, clauses);
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&parallel.getRegion());
    auto threadQuery = [&](StringRef name) -> Value {
      return callRuntimeQuery(b, loc, getRuntimeQuery(module, name));
    };
    Value thread = threadQuery("omp_get_thread_num");
    Value threads = threadQuery("omp_get_num_threads");
    for (unsigned index = 0, e = phases.size(); index < e; ++index) {
      SharePhase phase = phases[index];
      if (index != 0)
        omp::BarrierOp::create(b, loc);
      scf::ForOp::create(
          b, loc, thread, space.present, threads, ValueRange(),
          [&](OpBuilder &body, Location, Value position, ValueRange) {
            phase(body, position, getDeviceOf(body, loc, space, position));
            scf::YieldOp::create(body, loc);
          });
    }
    omp::TerminatorOp::create(b, loc);
  }

  /// Launches of `share` on each device present, one share of the loop
  /// each, in `space`; the original launch on the host when no device is
  /// present. In a `run`, the devices first receive the halo rows the
  /// launch reads and others wrote.
  void split(LaunchOp launch, KernelOp kernel, KernelOp share,
             ArrayRef<Value> inits, IRMapping &mapping, const ShareSpace &space,
             Run *run) {
    KernelShape shape = *getSplitShape(kernel);
    scf::ParallelOp loop = shape.loop;
    TypeRange resultTypes =
        loop ? TypeRange(loop.getResultTypes()) : TypeRange();
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);

    SmallVector<Value> args(launch.getArgs());
    // An scf.if yielding the reductions' running results (`accs` when
    // `cond` is false).
    auto makeIf = [&](OpBuilder &builder, Value cond, ValueRange accs,
                      function_ref<SmallVector<Value>(OpBuilder &)> then)
        -> SmallVector<Value> {
      auto ifOp = scf::IfOp::create(builder, loc, resultTypes, cond,
                                    /*withElseRegion=*/true);
      if (resultTypes.empty()) {
        OpBuilder inner = ifOp.getThenBodyBuilder();
        then(inner);
        return {};
      }
      OpBuilder inner = OpBuilder::atBlockEnd(ifOp.thenBlock());
      scf::YieldOp::create(inner, loc, then(inner));
      OpBuilder other = OpBuilder::atBlockEnd(ifOp.elseBlock());
      scf::YieldOp::create(other, loc, accs);
      return SmallVector<Value>(ifOp.getResults());
    };
    auto combine = [&](OpBuilder &builder, unsigned index, Value lhs,
                       Value rhs) {
      Operation *combiner = getReductionCombiner(loop, index);
      IRMapping values;
      values.map(combiner->getOperand(0), lhs);
      values.map(combiner->getOperand(1), rhs);
      return builder.clone(*combiner, values)->getResult(0);
    };
    // The share at `position` on `device`: a launch of the share kernel
    // (when the share is not empty), its partial results combined into
    // `accs`.
    // In a run of loops over other rows, each device runs the iterations
    // of this launch's loop in its part of the rows.
    Value ownLb, ownUb;
    if (run && !run->clipped.empty())
      std::tie(ownLb, ownUb) = materializeShareBounds(b, kernel, mapping);
    auto launchShare = [&](OpBuilder &builder, Value position, Value device,
                           ValueRange accs) {
      Value lo, hi, nonEmpty;
      std::tie(lo, hi, nonEmpty) =
          getShareBounds(builder, loc, space, position);
      if (ownLb) {
        lo = arith::MaxSIOp::create(builder, loc, lo, ownLb);
        hi = arith::MinSIOp::create(builder, loc, hi, ownUb);
        nonEmpty = arith::CmpIOp::create(builder, loc,
                                         arith::CmpIPredicate::slt, lo, hi);
      }
      return makeIf(builder, nonEmpty, accs, [&](OpBuilder &inner) {
        SmallVector<Value> operands(args);
        operands.push_back(lo);
        operands.push_back(hi);
        SmallVector<Value> partials;
        for (Type type : resultTypes) {
          partials.push_back(
              memref::AllocOp::create(inner, loc, MemRefType::get({1}, type)));
          operands.push_back(partials.back());
        }
        // A share of linalg ops says which rows it maps (map inference
        // cannot bound them).
        SmallVector<Value> mapVars;
        SmallVector<Attribute> mapKinds;
        if (!loop)
          for (auto [index, arg] : llvm::enumerate(args)) {
            if (!isa<MemRefType>(arg.getType()))
              continue;
            ShareAccess access = getShareAccess(share, index);
            if (!access.isAccessed())
              continue;
            Value view = arg;
            if (!access.allRows) {
              auto [begin, length] = getClampedRows(
                  inner, loc, arg, lo, hi, access.rowMin, access.rowMax);
              view = getRows(inner, loc, arg, begin, length);
            }
            // (A view whose elements leave gaps in its span copies them
            // in: what comes back holds them too.)
            bool gaps = mayHaveGaps(view);
            MapKind kind = !access.written               ? MapKind::to
                           : access.overwritten && !gaps ? MapKind::from
                                                         : MapKind::tofrom;
            mapVars.push_back(view);
            mapKinds.push_back(
                MapAttr::get(inner.getContext(), kind, MapModifier::none));
          }
        LaunchOp::create(
            inner, loc, TypeRange(), share.getSymName(), operands, mapVars,
            mapKinds.empty() ? ArrayAttr() : inner.getArrayAttr(mapKinds),
            device, ValueRange(), ValueRange(), ValueRange(),
            launch.getAllowAliasing(), launch.getNowait(),
            /*all_devices=*/false);
        SmallVector<Value> combined;
        if (!partials.empty()) {
          Value first = arith::ConstantIndexOp::create(inner, loc, 0);
          for (auto [index, partial] : llvm::enumerate(partials)) {
            Value value = memref::LoadOp::create(inner, loc, partial, first);
            memref::DeallocOp::create(inner, loc, partial);
            combined.push_back(combine(inner, index, accs[index], value));
          }
        }
        return combined;
      });
    };

    // The reductions' neutral elements: where each share starts.
    SmallVector<Value> neutrals;
    for (unsigned i = 0, e = resultTypes.size(); i < e; ++i)
      neutrals.push_back(arith::ConstantOp::create(
          b, loc, *arith::getNeutralElement(getReductionCombiner(loop, i))));
    // Each share's partial results, one buffer per reduction.
    SmallVector<Value> partialsOf;
    for (Type type : resultTypes)
      partialsOf.push_back(memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, type), space.parts));

    // The shares run at the same time: a host thread per device present
    // (omp.parallel), each launching its share and waiting for it, so that
    // each device's copies and kernel are queued on it independently of the
    // others. Share p goes to thread p; with fewer threads (a nested
    // region, a thread limit) a thread takes every so many shares.
    auto launchPhase = [&](OpBuilder &body, Value position, Value device) {
      SmallVector<Value> results =
          launchShare(body, position, device, neutrals);
      for (auto [partials, result] : llvm::zip(partialsOf, results))
        memref::StoreOp::create(body, loc, result, partials, position);
    };
    const llvm::SetVector<Value> *exchanges = nullptr;
    if (run)
      if (auto it = run->exchanges.find(launch); it != run->exchanges.end())
        exchanges = &it->second;
    if (exchanges && !exchanges->empty()) {
      // Every device first receives the halo rows it reads from the devices
      // that wrote them; none launches before all have.
      auto exchangePhase = [&](OpBuilder &body, Value position, Value device) {
        receiveHalos(body, loc, space, *run, *exchanges, position, device);
      };
      forEachShare(b, loc, space, {exchangePhase, launchPhase});
    } else {
      forEachShare(b, loc, space, {launchPhase});
    }

    // After all of them finished: the partial results combined in the
    // order of the devices.
    SmallVector<Value> accs(neutrals);
    if (!resultTypes.empty()) {
      auto forOp = scf::ForOp::create(
          b, loc, zero, space.present, one, accs,
          [&](OpBuilder &body, Location, Value position, ValueRange iterArgs) {
            SmallVector<Value> combined;
            for (auto [index, partials] : llvm::enumerate(partialsOf)) {
              Value value =
                  memref::LoadOp::create(body, loc, partials, position);
              combined.push_back(combine(body, index, iterArgs[index], value));
            }
            scf::YieldOp::create(body, loc, combined);
          });
      accs.assign(forOp.getResults().begin(), forOp.getResults().end());
    }
    for (Value partials : partialsOf)
      memref::DeallocOp::create(b, loc, partials);
    if (!run && space.devicesOf)
      memref::DeallocOp::create(b, loc, space.devicesOf);

    // No device present: the host runs the kernel (the initial device is
    // the host, which the runtime never offloads to). Otherwise the host
    // does what the kernel did with its reductions' results.
    Value none = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       space.present, zero);
    auto ifNone = scf::IfOp::create(b, loc, none, /*withElseRegion=*/true);
    OpBuilder host = ifNone.getThenBodyBuilder();
    launchOn(host, launch, kernel, hostDevice(host, loc));
    OpBuilder after = ifNone.getElseBodyBuilder();
    for (auto [index, init] : llvm::enumerate(inits))
      mapping.map(loop.getResult(index),
                  combine(after, index, init, accs[index]));
    for (Operation *op : shape.after)
      after.clone(*op, mapping);

    if (!remarks || copiesOfRuns.contains(launch))
      return;
    Value list = getDeviceList(launch);
    emitRemark(loc) << "launch of @" << kernel.getSymName() << " split over "
                    << (launch.getAllDevices()
                            ? std::string("every device present")
                        : list ? std::string("the devices its list names")
                               : std::to_string(launch.getDevices().size()) +
                                     " listed devices")
                    << ": each runs an equal share of the outermost loop "
                       "dimension through @"
                    << share.getSymName()
                    << " and gets the sections of the buffers its share "
                       "reaches; "
                    << (concurrent ? "the devices run their shares at the "
                                     "same time (a host thread each)"
                                   : "the devices run their shares one "
                                     "after the other (checking mode)");
    if (exchanges && !exchanges->empty()) {
      InFlightDiagnostic remark = emitRemark(loc);
      remark << "before this launch each device receives, device to device, "
                "the rows other devices wrote that its share reads: ";
      llvm::interleave(
          *exchanges, remark,
          [&](Value root) {
            const ResidentBuffer &buffer = run->buffers.find(root)->second;
            remark << "of argument #"
                   << getArgumentPosition(launch, root, buffer) << " "
                   << describeHalo(buffer);
          },
          "; ");
    }
  }

  /// Where `launch` passes `root` (the first time).
  static unsigned getArgumentPosition(LaunchOp launch, Value root,
                                      const ResidentBuffer &buffer) {
    for (auto [index, arg] : llvm::enumerate(launch.getArgs()))
      if (arg == root)
        return index;
    return buffer.position;
  }

  /// The halo rows of `buffer` a share [lo, hi) reads, for remarks.
  static std::string describeHalo(const ResidentBuffer &buffer) {
    if (buffer.readAll)
      return "(every row of the others' shares)";
    SmallVector<std::string> parts;
    if (buffer.readMin < 0)
      parts.push_back("[" + formatBound("lo", buffer.readMin) + ", lo)");
    if (buffer.readMax > 0)
      parts.push_back("[hi, " + formatBound("hi", buffer.readMax) + ")");
    return llvm::join(parts, " and ");
  }

  /// The rows of `buffer` (kept as `resident`) the share [lo, hi) reads
  /// (`reads`) or keeps on its device, clamped to the buffer: begin and
  /// length.
  static std::pair<Value, Value> getKeptRows(OpBuilder &b, Location loc,
                                             Value buffer,
                                             const ResidentBuffer &resident,
                                             Value lo, Value hi, bool reads) {
    auto type = cast<MemRefType>(buffer.getType());
    if (resident.readAll || type.getRank() == 0) {
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value size = type.getRank() == 0
                       ? arith::ConstantIndexOp::create(b, loc, 1).getResult()
                       : memref::DimOp::create(b, loc, buffer, 0).getResult();
      return {zero, size};
    }
    int64_t below =
        reads ? resident.readMin : std::min<int64_t>(resident.readMin, 0);
    int64_t above =
        reads ? resident.readMax : std::max<int64_t>(resident.readMax, 0);
    return getClampedRows(b, loc, buffer, lo, hi, below, above);
  }

  /// Rows [lo + below, hi + above) of `buffer`, clamped to it: begin and
  /// length.
  static std::pair<Value, Value> getClampedRows(OpBuilder &b, Location loc,
                                                Value buffer, Value lo,
                                                Value hi, int64_t below,
                                                int64_t above) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value size = memref::DimOp::create(b, loc, buffer, 0);
    Value begin = arith::AddIOp::create(
        b, loc, lo, arith::ConstantIndexOp::create(b, loc, below));
    Value end = arith::AddIOp::create(
        b, loc, hi, arith::ConstantIndexOp::create(b, loc, above));
    begin = arith::MaxSIOp::create(b, loc, begin, zero);
    begin = arith::MinSIOp::create(b, loc, begin, size);
    end = arith::MinSIOp::create(b, loc, end, size);
    end = arith::MaxSIOp::create(b, loc, end, begin);
    return {begin, arith::SubIOp::create(b, loc, end, begin)};
  }

  /// For the share at `position` on `device`: the rows of each buffer of
  /// `exchanges` it reads and other shares wrote, copied from their devices.
  void receiveHalos(OpBuilder &b, Location loc, const ShareSpace &space,
                    Run &run, const llvm::SetVector<Value> &exchanges,
                    Value position, Value device) {
    Value lo, hi, nonEmpty;
    std::tie(lo, hi, nonEmpty) = getShareBounds(b, loc, space, position);
    buildIf(b, loc, nonEmpty, [&](OpBuilder &inner) {
      Value zero = arith::ConstantIndexOp::create(inner, loc, 0);
      Value one = arith::ConstantIndexOp::create(inner, loc, 1);
      for (Value root : exchanges) {
        const ResidentBuffer &buffer = run.buffers.find(root)->second;
        Value begin, length;
        std::tie(begin, length) = getKeptRows(inner, loc, root, buffer, lo, hi,
                                              /*reads=*/true);
        Value end = arith::AddIOp::create(inner, loc, begin, length);
        // From every other share's rows, what this one reads.
        scf::ForOp::create(
            inner, loc, zero, space.present, one, ValueRange(),
            [&](OpBuilder &body, Location, Value other, ValueRange) {
              auto [otherLo, otherHi, otherAny] =
                  getShareBounds(body, loc, space, other);
              Value from = arith::MaxSIOp::create(body, loc, begin, otherLo);
              Value to = arith::MinSIOp::create(body, loc, end, otherHi);
              Value rows = arith::CmpIOp::create(
                  body, loc, arith::CmpIPredicate::slt, from, to);
              Value notSelf = arith::CmpIOp::create(
                  body, loc, arith::CmpIPredicate::ne, other, position);
              Value copy = arith::AndIOp::create(body, loc, rows, notSelf);
              buildIf(body, loc, copy, [&](OpBuilder &then) {
                Value source = getDeviceOf(then, loc, space, other);
                Value view =
                    getRows(then, loc, root, from,
                            arith::SubIOp::create(then, loc, to, from));
                DeviceCopyOp::create(then, loc, view, source, device);
              });
              scf::YieldOp::create(body, loc);
            });
      }
    });
  }

  //===--------------------------------------------------------------------===//
  // Runs of launches that keep their sections on the devices
  //===--------------------------------------------------------------------===//

  /// Inlines the calls of functions that make split launches (themselves or
  /// through the functions they call) into their callers, so that runs
  /// reach across the calls: a loop calling `step(a, b)` keeps its
  /// sections on the devices as the same loop with the launches written
  /// inline does. Not recursive functions, nor functions of several
  /// blocks or with stack allocations (which would grow the caller's stack
  /// at each iteration of a loop). A private function no call is left to
  /// is erased.
  void inlineSplitCallees() {
    ModuleOp module = getOperation();
    auto makesSplitLaunches = [](func::FuncOp func) {
      return func
          .walk([](LaunchOp launch) {
            return launch.getAllDevices() || !launch.getDevices().empty()
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
    };
    // The functions that make split launches, directly or through their
    // callees.
    CallGraphOfFuncs graph(module);
    llvm::SetVector<Operation *> splitting;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && makesSplitLaunches(func))
        splitting.insert(func);
    for (bool changed = true; changed;) {
      changed = false;
      for (auto func : module.getOps<func::FuncOp>())
        if (!splitting.contains(func) &&
            llvm::any_of(graph.getCallees(func), [&](Operation *callee) {
              return splitting.contains(callee);
            }))
          changed |= splitting.insert(func);
    }
    auto inlinable = [&](func::FuncOp callee) {
      return callee && !callee.isExternal() && splitting.contains(callee) &&
             callee.getBody().hasOneBlock() && !graph.isRecursive(callee) &&
             !callee
                  .walk([](Operation *op) {
                    return isa<memref::AllocaOp, memref::AllocaScopeOp,
                               LLVM::AllocaOp>(op)
                               ? WalkResult::interrupt()
                               : WalkResult::advance();
                  })
                  .wasInterrupted();
    };
    // Whether inlining `call` may let its launches keep their sections with
    // others: it passes buffers, and runs in a loop (each call would enter
    // and exit them again) or beside split launches (or calls making them)
    // on one of those buffers. (Not the calls of a driver calling phases
    // on buffers of their own: each inlined copy would only grow the code,
    // a copy per call site and level.)
    auto mayKeep = [&](func::CallOp call) {
      llvm::SmallPtrSet<Value, 4> buffers;
      for (Value operand : call.getArgOperands())
        if (isa<BaseMemRefType>(operand.getType()))
          buffers.insert(getViewRoot(operand));
      if (buffers.empty())
        return false;
      auto func = call->getParentOfType<func::FuncOp>();
      for (Operation *parent = call->getParentOp(); parent && parent != func;
           parent = parent->getParentOp())
        if (isa<LoopLikeOpInterface>(parent))
          return true;
      auto onBuffers = [&](ValueRange operands) {
        return llvm::any_of(operands, [&](Value operand) {
          return isa<BaseMemRefType>(operand.getType()) &&
                 buffers.contains(getViewRoot(operand));
        });
      };
      for (Operation &other : *call->getBlock()) {
        if (&other == call.getOperation())
          continue;
        WalkResult found = other.walk([&](Operation *op) {
          if (auto launch = dyn_cast<LaunchOp>(op))
            if ((launch.getAllDevices() || !launch.getDevices().empty()) &&
                onBuffers(launch.getArgs()))
              return WalkResult::interrupt();
          if (auto nested = dyn_cast<func::CallOp>(op))
            if (splitting.contains(symbols->lookup(nested.getCallee())) &&
                onBuffers(nested.getArgOperands()))
              return WalkResult::interrupt();
          return WalkResult::advance();
        });
        if (found.wasInterrupted())
          return true;
      }
      return false;
    };
    auto sizeOf = [](Operation *op) {
      int64_t size = 0;
      op->walk([&](Operation *) { ++size; });
      return size;
    };
    llvm::SetVector<Operation *> inlined;
    DenseSet<Operation *> said;
    // Callees' calls are inlined in turn (no cycles: none is recursive).
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<func::CallOp> calls;
      module.walk([&](func::CallOp call) {
        if (call->getParentOfType<func::FuncOp>() &&
            inlinable(symbols->lookup<func::FuncOp>(call.getCallee())) &&
            mayKeep(call))
          calls.push_back(call);
      });
      DenseMap<Operation *, int64_t> sizes;
      for (func::CallOp call : calls) {
        auto caller = call->getParentOfType<func::FuncOp>();
        auto callee = symbols->lookup<func::FuncOp>(call.getCallee());
        auto [it, inserted] = sizes.try_emplace(caller, 0);
        if (inserted)
          it->second = sizeOf(caller);
        // (The callee's body less its return, for the call.)
        int64_t growth = std::max<int64_t>(sizeOf(callee) - 3, 0);
        if (it->second + growth > inlineLimit) {
          if (remarks && said.insert(call).second)
            call.emitRemark()
                << "call of @" << call.getCallee() << " not inlined: @"
                << caller.getSymName() << " would grow "
                << "past " << static_cast<int64_t>(inlineLimit)
                << " operations (inline-limit); the launches of @"
                << call.getCallee() << " move their sections at each call";
          continue;
        }
        it->second += growth;
        if (remarks)
          call.emitRemark()
              << "call of @" << call.getCallee()
              << " inlined: its launches over several devices can keep "
                 "their sections on the devices with those around the call";
        // (The inlined ops are where they were, called from the call's
        // location: this pass's remarks say both; restoreInlinedLocations
        // drops the call sites after it.)
        inlineOneBlockCall(call, callee, /*callSite=*/true);
        inlined.insert(callee);
        call.erase();
        changed = true;
      }
    }
    // Then, in the functions making split launches, calls of functions that
    // only load and store single elements of buffers (get(x, i), set(x, i,
    // v)): inlined, those move alone between split launches (Run::elements)
    // instead of ending runs.
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || !makesSplitLaunches(func))
        continue;
      SmallVector<func::CallOp> calls;
      func.walk([&](func::CallOp call) {
        if (isElementHelper(symbols->lookup<func::FuncOp>(call.getCallee())))
          calls.push_back(call);
      });
      for (func::CallOp call : calls) {
        if (remarks)
          call.emitRemark() << "call of @" << call.getCallee()
                            << " inlined: it only loads and stores single "
                               "elements, which can move alone between "
                               "launches over several devices";
        auto callee = symbols->lookup<func::FuncOp>(call.getCallee());
        inlineOneBlockCall(call, callee, /*callSite=*/true);
        inlined.insert(callee);
        call.erase();
      }
    }
    for (Operation *op : inlined) {
      auto func = cast<func::FuncOp>(op);
      if (func.isPrivate() && SymbolTable::symbolKnownUseEmpty(func, module))
        symbols->erase(func);
    }
    inlinedAny = !inlined.empty();
  }

  /// Whether `func` has one block of ops without regions that only load and
  /// store elements of buffers and compute without memory effects, and
  /// touches some element.
  static bool isElementHelper(func::FuncOp func) {
    if (!func || func.isExternal() || !func.getBody().hasOneBlock())
      return false;
    bool touches = false;
    for (Operation &op : func.getBody().front()) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      if (op.getNumRegions() != 0 || isa<CallOpInterface>(op))
        return false;
      if (isa<memref::LoadOp, memref::StoreOp>(op))
        touches = true;
      else if (!isMemoryEffectFree(&op))
        return false;
    }
    return touches;
  }

  /// The locations inlineSplitCallees gave, without the call sites.
  void restoreInlinedLocations() {
    auto drop = [](Location loc) { return offload::dropCallSites(loc); };
    getOperation().walk([&](Operation *op) {
      op->setLoc(drop(op->getLoc()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setLoc(drop(arg.getLoc()));
    });
  }

  /// Whether `value` is the address of a constant LLVM global (a string
  /// literal `printf` is given): it holds no buffer.
  bool isConstantGlobalAddress(Value value) {
    auto address = value.getDefiningOp<LLVM::AddressOfOp>();
    if (!address)
      return false;
    auto global =
        dyn_cast_or_null<LLVM::GlobalOp>(SymbolTable::lookupNearestSymbolFrom(
            address, address.getGlobalNameAttr()));
    return global && global.getConstant();
  }

  /// What `op` does for runs (see OpSummary).
  OpSummary summarize(Operation *op) {
    OpSummary summary;
    auto fail = [&](const Twine &why) {
      summary.why = why.str();
      return summary;
    };
    StringRef name = op->getName().getStringRef();
    // `op` touches the buffers of `values` whole (a ping-pong loop's
    // iteration argument: those it starts with); false when one of them
    // is neither a buffer nor a scalar (it may hold buffers).
    auto touchesWhole = [&](ValueRange values) {
      for (Value value : values) {
        if (!isa<BaseMemRefType>(value.getType())) {
          if (!value.getType().isIntOrIndexOrFloat() &&
              !isConstantGlobalAddress(value))
            return false;
          continue;
        }
        Value root = getViewRoot(value);
        summary.hostRoots.insert({root, op});
        auto inits = carriedInits.find(root);
        if (inits != carriedInits.end())
          for (Value init : inits->second)
            summary.hostRoots.insert({init, op});
      }
      return true;
    };
    if (auto launch = dyn_cast<LaunchOp>(op)) {
      if (launch.getAllDevices() || !launch.getDevices().empty()) {
        summarizeLaunch(launch, summary);
        return summary;
      }
      // A launch on one device needs its buffers whole there: like a call,
      // it touches them (a run keeping one of them ends), and the buffers
      // its kernel may reach otherwise (whyCallsTouch).
      if (!touchesWhole(launch.getArgs()))
        return fail("it launches @" + launch.getKernel() +
                    " on one device, with aggregates");
      summary.calls.push_back(op);
      return summary;
    }
    if (isa<DataOp, EnterDataOp, ExitDataOp, UpdateOp, WaitOp, DeviceCopyOp>(
            op))
      return fail("'" + name + "' maps or moves data itself");
    if (isa<CallOpInterface>(op)) {
      // The callee touches the buffers it is given (whole), and those whose
      // address the program takes (whyCallsTouch).
      if (!touchesWhole(op->getOperands()))
        return fail("'" + name +
                    "' calls a function, which may touch the buffers");
      if (llvm::any_of(op->getResultTypes(),
                       [](Type type) { return !type.isIntOrIndexOrFloat(); }))
        return fail("'" + name +
                    "' calls a function, which may touch the buffers");
      summary.calls.push_back(op);
    } else if (op->getNumRegions() != 0 &&
               op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      for (Region &region : op->getRegions())
        for (Operation &nested : region.getOps())
          summary.merge(summarize(&nested));
      summary.inLoop |=
          isa<LoopLikeOpInterface>(op) && !summary.launches.empty();
      // A host loop of its own touching elements would move them one by
      // one: the run moves the rows around it instead.
      if (isa<LoopLikeOpInterface>(op) && summary.launches.empty()) {
        for (auto &[root, ops] : summary.elements)
          llvm::append_range(summary.syncs[root], ops);
        summary.elements.clear();
      }
    } else if (!isMemoryEffectFree(op)) {
      auto iface = dyn_cast<MemoryEffectOpInterface>(op);
      if (!iface)
        return fail("'" + name +
                    "' may touch memory in ways the compiler does not see");
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        Value value = effect.getValue();
        if (!value) {
          if (isa<SideEffects::DefaultResource>(effect.getResource()))
            return fail("'" + name + "' touches memory it does not name");
          continue;
        }
        if (!isa<BaseMemRefType>(value.getType()))
          return fail("'" + name + "' touches memory it does not name");
        // A buffer allocated in between is not touched before.
        if (isa<MemoryEffects::Allocate>(effect.getEffect()))
          continue;
        Value root = getViewRoot(value);
        if (isa<memref::LoadOp, memref::StoreOp>(op)) {
          summary.elements[root].push_back(op);
          continue;
        }
        if (isa<MemoryEffects::Read, MemoryEffects::Write>(
                effect.getEffect())) {
          if (!llvm::is_contained(summary.syncs[root], op))
            summary.syncs[root].push_back(op);
          continue;
        }
        summary.hostRoots.insert({root, op});
        // (A result of a ping-pong loop a run keeps on the devices is one
        // of the buffers the loop started with.)
        auto inits = carriedInits.find(root);
        if (inits != carriedInits.end())
          for (Value init : inits->second)
            summary.hostRoots.insert({init, op});
      }
    }
    if (summary.why.empty() && isa<scf::ForOp, scf::WhileOp>(op))
      acceptCarried(op, summary);
    // A buffer the op allocates cannot be entered before it.
    if (summary.why.empty() && op->getNumRegions() != 0)
      for (auto &[root, use] : summary.deviceRoots)
        if (op->isProperAncestor(root.getParentRegion()->getParentOp()) ||
            root.getParentRegion()->getParentOp() == op) {
          // (A block argument: a buffer a loop other than scf.for passes
          // between iterations, which only scf.for's ping-pong follows.)
          summary.why =
              describeArgument(use.first, use.second) +
              (isa<BlockArgument>(root)
                   ? " is an argument of a block in it (only the iteration "
                     "arguments of scf.for may pass buffers between "
                     "iterations of a run)"
                   : " is allocated in it");
          break;
        }
    if (summary.why.empty())
      summary.why = findConflict(
          summary.hostRoots, {&summary.elements, &summary.syncs},
          summary.deviceRoots, summary.lists,
          [&](Value root) { return summary.deviceWritten.contains(root); },
          aliasQuery());
    if (summary.why.empty())
      summary.why = whyCallsTouch(summary.calls, summary.deviceRoots);
    return summary;
  }

  /// Takes the iteration arguments of `loop` (an scf.for, or an scf.while:
  /// the arguments of both its regions) that its split launches map
  /// (`summary.deviceRoots`) for the buffers the loop starts with, where
  /// they pass buffers between iterations (ping-pong: `iter_args(%p = %a,
  /// %q = %b)` yielding `%q, %p`) that only split launches in the loop's
  /// body (an scf.while's "after" region) use, and that all have one shape
  /// (the shares, computed before the run, read it): a run keeps the
  /// buffers' rows on the devices across the loop, and moves the halo rows
  /// the launches read between devices in it.
  void acceptCarried(Operation *loop, OpSummary &summary) {
    auto forOp = dyn_cast<scf::ForOp>(loop);
    auto whileOp = dyn_cast<scf::WhileOp>(loop);
    Block *body = forOp ? forOp.getBody() : whileOp.getAfterBody();
    ValueRange loopInits = forOp ? ValueRange(forOp.getInitArgs())
                                 : ValueRange(whileOp.getInits());
    for (const CarriedGroup &group : getCarriedGroups(loop)) {
      // (The group's values are its block arguments only: of an scf.while,
      // one of each region per buffer.)
      if (!group.open.empty() ||
          group.values.size() != group.inits.size() * (forOp ? 1 : 2))
        continue;
      bool mapped = llvm::any_of(group.values, [&](Value value) {
        return summary.deviceRoots.contains(value);
      });
      if (!mapped)
        continue;
      auto reject = [&](const Twine &why) {
        summary.why = ("the loop passes buffers between iterations that " +
                       why)
                          .str();
      };
      SmallVector<Value, 2> inits;
      for (auto [position, member] : group.inits) {
        Value init = loopInits[position];
        if (getViewRoot(init) != init || llvm::is_contained(inits, init))
          return reject("start as views, or as one buffer twice");
        inits.push_back(init);
      }
      // Each iteration passes each of them on once (a permutation: `yield
      // %q, %q` would make two of them one buffer at run time, which the
      // run's checks before the loop do not see).
      // (Of an scf.while: its condition passes each of the "before"
      // region's arguments to one of the "after" region's once, which
      // passes each back once.)
      auto isPermutation = [&](ArrayRef<Value> passed, ValueRange to) {
        return passed.size() == group.inits.size() &&
               llvm::all_of(passed, [&](Value value) {
                 return group.contains(value) && llvm::count(passed, value) == 1 &&
                        llvm::is_contained(to, value);
               });
      };
      auto yield = cast<scf::YieldOp>(body->getTerminator());
      SmallVector<Value, 2> passed;
      for (auto [position, member] : group.inits)
        passed.push_back(yield.getOperand(position));
      bool once = isPermutation(passed, forOp ? ValueRange(forOp.getRegionIterArgs())
                                              : ValueRange(whileOp.getAfterArguments()));
      if (once && whileOp) {
        SmallVector<Value, 2> forwarded;
        for (BlockArgument arg : whileOp.getAfterArguments())
          if (group.contains(arg))
            forwarded.push_back(whileOp.getConditionOp().getArgs()[arg.getArgNumber()]);
        once = isPermutation(forwarded, whileOp.getBeforeArguments());
      }
      if (!once)
        return reject("may become one buffer (an iteration passes one of "
                      "them on twice)");
      // One shape: static, or allocations with the same sizes.
      auto sizesOf = [](Value buffer) -> std::optional<ValueRange> {
        auto type = cast<MemRefType>(buffer.getType());
        if (type.hasStaticShape())
          return ValueRange();
        if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
          return ValueRange(alloc.getDynamicSizes());
        return std::nullopt;
      };
      std::optional<ValueRange> sizes = sizesOf(inits.front());
      if (!isa<MemRefType>(inits.front().getType()) || !sizes ||
          llvm::any_of(inits, [&](Value init) {
            std::optional<ValueRange> other = sizesOf(init);
            return init.getType() != inits.front().getType() || !other ||
                   !llvm::equal(*other, *sizes);
          }))
        return reject("may have different shapes (the run computes the "
                      "shares before it from one of them)");
      // Only split launches of the body, the yield, shape queries and the
      // host's loads and stores of single elements (Run::elements) use
      // them.
      for (Value value : group.values)
        for (OpOperand &use : value.getUses()) {
          Operation *user = use.getOwner();
          if (isa<memref::DimOp, memref::RankOp>(user) ||
              (user->getParentOp() == loop && passesCarriedBuffer(loop, use)))
            continue;
          auto elements = summary.elements.find(value);
          if (elements != summary.elements.end() &&
              llvm::is_contained(elements->second, user))
            continue;
          auto syncs = summary.syncs.find(value);
          if (syncs != summary.syncs.end() &&
              llvm::is_contained(syncs->second, user))
            continue;
          auto launch = dyn_cast<LaunchOp>(user);
          bool split = launch &&
                       (launch.getAllDevices() || !launch.getDevices().empty());
          if (split && launch->getBlock() != body)
            return reject("a split launch in an 'scf.while' condition or "
                          "nested in another op uses (only split launches "
                          "directly in the loop's body keep their sections)");
          if (!split)
            return reject("'" + user->getName().getStringRef() +
                          "' uses, not only split launches of its body");
        }
      for (Value value : group.values) {
        auto it = summary.deviceRoots.find(value);
        if (it == summary.deviceRoots.end())
          continue;
        std::pair<LaunchOp, unsigned> use = it->second;
        summary.deviceRoots.erase(it);
        for (Value init : inits) {
          summary.deviceRoots.insert({init, use});
          summary.deviceWritten.insert(init);
        }
      }
      for (Value value : group.values) {
        carriedInits[value] = inits;
        carriedMembers[value] =
            SmallVector<Value, 2>(group.values.begin(), group.values.end());
      }
      for (Value result : group.results)
        carriedInits[result] = inits;
      for (auto [position, member] : group.inits)
        carriedPositions[loopInits[position]] = position;
    }
  }

  /// Maps `kernel`'s arguments to `launch`'s operands; an iteration argument
  /// of a ping-pong loop a run keeps on the devices maps to the first buffer
  /// the loop starts with, which has its shape (for the shares, computed
  /// before the run).
  void mapLaunchArguments(KernelOp kernel, LaunchOp launch,
                          IRMapping &mapping) {
    for (auto [arg, operand] :
         llvm::zip(kernel.getArguments(), launch.getArgs())) {
      auto inits = carriedInits.find(operand);
      mapping.map(arg, inits != carriedInits.end() ? inits->second.front()
                                                   : operand);
    }
  }

  /// A launch over several devices: what its share maps on the devices and
  /// what the host does after its loop.
  void summarizeLaunch(LaunchOp launch, OpSummary &summary) {
    summary.launches.push_back(launch);
    auto kernel = symbols->lookup<KernelOp>(launch.getKernel());
    std::string reason = getShare(kernel);
    if (!reason.empty()) {
      summary.why =
          "@" + launch.getKernel().str() + " cannot be split: " + reason;
      return;
    }
    reason = whyNotSplitWith(launch);
    if (!reason.empty()) {
      summary.why = "launch of @" + launch.getKernel().str() +
                    " cannot be split: " + reason;
      return;
    }
    KernelOp share = shares[kernel];
    for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
      if (!isa<MemRefType>(arg.getType()) ||
          !getShareAccess(share, index).isAccessed())
        continue;
      if (getViewRoot(arg) != arg) {
        summary.why =
            describeArgument(launch, index) + " is a view of a buffer";
        return;
      }
      summary.deviceRoots.insert({arg, {launch, unsigned(index)}});
      if (getShareAccess(share, index).written)
        summary.deviceWritten.insert(arg);
    }
    // With reductions, the host does what the kernel did after its loop.
    // The shape outlives the loop: its ops are in a vector it owns.
    KernelShape shape = *getSplitShape(kernel);
    for (Operation *op : shape.after)
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (auto arg = dyn_cast<BlockArgument>(operand);
              arg && arg.getOwner()->getParentOp() == kernel &&
              isa<MemRefType>(arg.getType()))
            summary.hostRoots.insert(
                {getViewRoot(launch.getArgs()[arg.getArgNumber()]), launch});
      });
    if (Value list = getDeviceList(launch))
      summary.lists.insert(getViewRoot(list));
  }

  /// Why the launches of `summary` (of `op`) cannot join `run` (or start
  /// one when it is empty), or an empty string.
  std::string whyNotJoining(Run &run, OpSummary &summary, Operation *op,
                            DominanceInfo &dominance) {
    summary.checked.clear();
    summary.clipped.clear();
    summary.leaders.assign(run.leaders.begin(), run.leaders.end());
    summary.groupOf.clear();
    summary.rootGroups = run.rootGroups;
    SmallVector<LaunchOp> &leaders = summary.leaders;
    DenseMap<Value, unsigned> &rootGroups = summary.rootGroups;
    LaunchOp leader =
        run.empty() ? summary.launches.front() : run.launches.front();
    Operation *start = run.empty() ? op : run.ops.front();
    // The group of the buffers `arg` may be (a ping-pong loop's iteration
    // argument: those it starts with), if any joined the run so far.
    auto groupOfArg = [&](Value arg) -> std::optional<unsigned> {
      if (auto it = rootGroups.find(arg); it != rootGroups.end())
        return it->second;
      auto inits = carriedInits.find(arg);
      if (inits != carriedInits.end())
        for (Value init : inits->second)
          if (auto it = rootGroups.find(init); it != rootGroups.end())
            return it->second;
      return std::nullopt;
    };
    // A launch whose loop has other bounds than its group's first joins the
    // group when its loop runs over the rows of one of the group's buffers
    // (not over the rows of buffers of its own).
    auto sharesRows = [&](LaunchOp launch, unsigned group) {
      KernelOp share = getShareOf(launch);
      for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
        if (!isa<MemRefType>(arg.getType()))
          continue;
        ShareAccess access = getShareAccess(share, index);
        if (access.isAccessed() && !access.allRows && groupOfArg(arg) == group)
          return true;
      }
      return false;
    };
    // Launches on buffers of their own start groups of their own where
    // they interleave with the run's (in one loop, say): an op that starts
    // the run or also launches on its buffers. (Not a later phase of the
    // program on other buffers: that ends the run, and the devices hold
    // the buffers of one phase at a time.)
    bool interleaves =
        run.empty() || llvm::any_of(summary.launches, [&](LaunchOp launch) {
          return llvm::any_of(launch.getArgs(), [&](Value arg) {
            return isa<MemRefType>(arg.getType()) &&
                   groupOfArg(arg).has_value();
          });
        });
    for (LaunchOp launch : summary.launches) {
      if (!sameDevices(launch, leader))
        return launch.getKernel() == leader.getKernel()
                   ? "a launch of @" + launch.getKernel().str() +
                         " lists other devices than the one before"
                   : "@" + launch.getKernel().str() +
                         " runs over other devices than @" +
                         leader.getKernel().str();
      bool needsCheck = false, clipped = false;
      llvm::SmallSetVector<unsigned, 2> touched;
      for (Value arg : launch.getArgs())
        if (isa<MemRefType>(arg.getType()))
          if (std::optional<unsigned> group = groupOfArg(arg))
            touched.insert(*group);
      std::optional<unsigned> group;
      std::string why;
      if (leaders.empty()) {
        why = whyOtherShares(launch, launch, start, dominance, false, false,
                             needsCheck, clipped);
        group = 0;
        if (why.empty())
          leaders.push_back(launch);
      } else if (touched.size() > 1) {
        unsigned first = std::min(touched[0], touched[1]);
        unsigned second = std::max(touched[0], touched[1]);
        why = "@" + launch.getKernel().str() +
              " maps buffers of the launches of @" +
              leaders[first].getKernel().str() + " and of those of @" +
              leaders[second].getKernel().str() +
              ", which have shares of their own loops";
      } else if (touched.size() == 1) {
        group = touched[0];
        why = whyOtherShares(leaders[*group], launch, start, dominance,
                             /*sharesBuffers=*/true, sharesRows(launch, *group),
                             needsCheck, clipped);
      } else {
        // On buffers of its own: a group whose loops have the same bounds,
        // else a group of its own.
        for (auto [index, other] : llvm::enumerate(leaders)) {
          bool check = false, clip = false;
          if (whyOtherShares(other, launch, start, dominance, false, false,
                             check, clip)
                  .empty()) {
            group = index;
            break;
          }
        }
        if (!group && interleaves) {
          why = whyOtherShares(launch, launch, start, dominance, false, false,
                               needsCheck, clipped);
          group = leaders.size();
          if (why.empty())
            leaders.push_back(launch);
        } else if (!group) {
          // (Sharing buffers with launches after it in `op`, compared at run
          // time.)
          bool sharesBuffers = llvm::any_of(launch.getArgs(), [&](Value arg) {
            return isa<MemRefType>(arg.getType()) &&
                   llvm::any_of(summary.launches, [&](LaunchOp other) {
                     return other != launch &&
                            llvm::is_contained(other.getArgs(), arg);
                   });
          });
          group = 0;
          why = whyOtherShares(leaders[0], launch, start, dominance,
                               sharesBuffers, false, needsCheck, clipped);
        }
      }
      if (!why.empty())
        return why;
      summary.groupOf[launch] = *group;
      for (Value arg : launch.getArgs())
        if (isa<MemRefType>(arg.getType()))
          rootGroups.try_emplace(arg, *group);
      if (needsCheck)
        summary.checked.push_back(launch);
      if (clipped)
        summary.clipped.push_back(launch);
    }
    for (auto &[root, use] : summary.deviceRoots)
      if (!dominance.properlyDominates(root, start))
        return describeArgument(use.first, use.second) +
               " is allocated after the first launch";
    for (Value list : summary.lists)
      if (!dominance.properlyDominates(list, start))
        return "the list of devices is allocated after the first launch";
    for (LaunchOp launch : summary.launches)
      for (Value device : launch.getDevices())
        if (!dominance.properlyDominates(device, start))
          return "the devices of @" + launch.getKernel().str() +
                 " are computed after the first launch";
    auto written = [&](Value root) {
      return run.deviceWritten.contains(root) ||
             summary.deviceWritten.contains(root);
    };
    std::string why =
        findConflict(summary.hostRoots, {&summary.elements, &summary.syncs},
                     run.deviceRoots, run.lists, written, aliasQuery());
    if (why.empty())
      why = findConflict(run.hostRoots, {&run.elements, &run.syncs},
                         summary.deviceRoots, summary.lists, written,
                         aliasQuery());
    if (why.empty())
      why = whyCallsTouch(summary.calls, run.deviceRoots);
    if (why.empty())
      why = whyCallsTouch(run.calls, summary.deviceRoots);
    return why;
  }

  /// The buffers (allocations, function arguments, globals) `value` may be
  /// at run time, through views, casts, transposes, selects, the results of
  /// scf.if and scf.for and the iteration arguments of scf.for; false when
  /// it may be anything (what a call returns, a block's other arguments).
  bool collectBases(Value value, SmallVectorImpl<Value> &bases,
                    DenseSet<Value> &seen) {
    if (!seen.insert(value).second)
      return true;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<FunctionOpInterface>(owner) && arg.getOwner()->isEntryBlock()) {
        bases.push_back(value);
        return true;
      }
      auto loop = dyn_cast<scf::ForOp>(owner);
      if (!loop || arg.getArgNumber() == 0)
        return false;
      unsigned index = arg.getArgNumber() - 1;
      return collectBases(loop.getInitArgs()[index], bases, seen) &&
             collectBases(loop.getBody()->getTerminator()->getOperand(index),
                          bases, seen);
    }
    Operation *def = value.getDefiningOp();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def)) {
      bases.push_back(value);
      return true;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      return collectBases(view.getViewSource(), bases, seen);
    if (auto cast = dyn_cast<memref::CastOp>(def))
      return collectBases(cast.getSource(), bases, seen);
    if (auto transpose = dyn_cast<memref::TransposeOp>(def))
      return collectBases(transpose.getIn(), bases, seen);
    if (auto select = dyn_cast<arith::SelectOp>(def))
      return collectBases(select.getTrueValue(), bases, seen) &&
             collectBases(select.getFalseValue(), bases, seen);
    unsigned index = cast<OpResult>(value).getResultNumber();
    if (auto ifOp = dyn_cast<scf::IfOp>(def))
      return ifOp.elseBlock() &&
             collectBases(ifOp.thenYield().getOperand(index), bases, seen) &&
             collectBases(ifOp.elseYield().getOperand(index), bases, seen);
    if (auto loop = dyn_cast<scf::ForOp>(def))
      return collectBases(loop.getInitArgs()[index], bases, seen) &&
             collectBases(loop.getBody()->getTerminator()->getOperand(index),
                          bases, seen);
    if (auto call = dyn_cast<CallOpInterface>(def)) {
      if (std::optional<unsigned> returned =
              getReturnedArgument(call, index))
        return collectBases(call.getArgOperands()[*returned], bases, seen);
      if (returnsNewBuffer(call, index)) {
        bases.push_back(value);
        return true;
      }
    }
    return false;
  }

  /// Whether `base` (of collectBases) is memory made in this function: an
  /// allocation, or a call's new buffer.
  static bool isFresh(Value base) {
    Operation *def = base.getDefiningOp();
    if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def))
      return true;
    auto call = dyn_cast_or_null<CallOpInterface>(def);
    return call && returnsNewBuffer(call, cast<OpResult>(base).getResultNumber());
  }

  /// Whether `host`, a buffer the host touches that is no buffer of the
  /// launches, may be `device` (one of theirs) at run time. Two
  /// allocations, an allocation and anything else, two different globals,
  /// and two arguments of the function are apart (the run checks the
  /// arguments the launches take, not the host's). The buffers a ping-pong
  /// loop the run keeps passes are its own business (carriedInits).
  bool mayAlias(Value host, Value device) {
    if (carriedInits.count(host))
      return false;
    SmallVector<Value> hostBases, deviceBases;
    DenseSet<Value> seenHost, seenDevice;
    if (!collectBases(host, hostBases, seenHost) ||
        !collectBases(device, deviceBases, seenDevice))
      return true;
    auto apart = [&](Value a, Value b) {
      if (a == b)
        return false;
      auto globalA = a.getDefiningOp<memref::GetGlobalOp>();
      auto globalB = b.getDefiningOp<memref::GetGlobalOp>();
      if (globalA && globalB)
        return globalA.getName() != globalB.getName();
      if (isFresh(a) || isFresh(b))
        return true;
      // Two arguments; or an argument and a global, which a caller may
      // have passed.
      return !(globalA || globalB);
    };
    for (Value a : hostBases)
      for (Value b : deviceBases)
        if (!apart(a, b))
          return true;
    return false;
  }

  function_ref<bool(Value, Value)> aliasQuery() {
    return aliasFn;
  }

  /// Why `calls` may touch buffers of `device` they are not given, or an
  /// empty string: a global's, or one whose address the program takes
  /// (a callee may reach it through that).
  std::string
  whyCallsTouch(ArrayRef<Operation *> calls,
                const llvm::MapVector<Value, std::pair<LaunchOp, unsigned>>
                    &device) {
    if (calls.empty())
      return "";
    for (auto &[root, use] : device) {
      auto [it, inserted] = reachable.try_emplace(root, false);
      if (inserted)
        it->second = isReachableElsewhere(root);
      if (!it->second)
        continue;
      std::string what = "'" +
                         calls.front()->getName().getStringRef().str() +
                         "' calls a function";
      if (auto launch = dyn_cast<LaunchOp>(calls.front()))
        what = "it launches @" + launch.getKernel().str() + " on one device";
      return what + ", which may touch " +
             describeArgument(use.first, use.second) +
             " (a global, or a buffer whose address is taken)";
    }
    return "";
  }

  /// Whether code that is not given `root` (a called function) may touch
  /// it: it is a global's, or its address (or a view's) is taken.
  static bool isReachableElsewhere(Value root) {
    if (root.getDefiningOp<memref::GetGlobalOp>())
      return true;
    SmallVector<Value> values{root};
    while (!values.empty()) {
      Value value = values.pop_back_val();
      for (Operation *user : value.getUsers()) {
        if (isAddressEscape(user))
          return true;
        if (isa<ViewLikeOpInterface, memref::CastOp>(user))
          llvm::append_range(values, user->getResults());
      }
    }
    return false;
  }

  /// Why `launch` may not have the shares of `leader`, the first launch of
  /// a run starting at `start`, or an empty string: the bounds of both
  /// loops must be computable there, and equal, or else, when the launch
  /// maps a buffer of the run (`sharesBuffers`), compared at run time
  /// before the run (`needsCheck`); bounds that differ, of loops of step 1
  /// that run over the rows of a buffer of the run (`sharesRows`), are
  /// computed before the run (`clipped`: Run::clipped).
  std::string whyOtherShares(LaunchOp leader, LaunchOp launch, Operation *start,
                             DominanceInfo &dominance, bool sharesBuffers,
                             bool sharesRows, bool &needsCheck,
                             bool &clipped) {
    // Computed in a block of their own, only to compare them.
    Block scratch;
    OpBuilder b(leader->getContext());
    b.setInsertionPointToEnd(&scratch);
    auto bounds = [&](LaunchOp of) { return launchShareBounds(b, of); };
    Value leaderLb, leaderUb;
    std::tie(leaderLb, leaderUb) = bounds(leader);
    auto computable = [&](LaunchOp of) -> std::string {
      auto kernel = symbols->lookup<KernelOp>(of.getKernel());
      Block other;
      OpBuilder ob(of->getContext());
      ob.setInsertionPointToEnd(&other);
      IRMapping mapping;
      mapLaunchArguments(kernel, of, mapping);
      Value lb, ub;
      std::tie(lb, ub) = materializeShareBounds(ob, kernel, mapping);
      SmallVector<Value> inits;
      if (!lb || !ub || !materializeReductionInputs(ob, kernel, mapping, inits))
        return "the bounds or initial values of the loop of @" +
               of.getKernel().str() +
               ", or what it uses after the loop, cannot be computed on the "
               "host";
      return "";
    };
    std::string why = computable(leader);
    if (!why.empty())
      return why;
    // Whether values computed in `scratch` from `from` on (the bounds
    // `bounds` made) can be computed before `start`.
    auto computableBefore = [&](Block::iterator from, Value lb, Value ub) {
      auto available = [&](Value value) {
        return value.getParentBlock() == &scratch ||
               dominance.properlyDominates(value, start);
      };
      for (Operation &op : llvm::make_range(from, scratch.end()))
        if (!llvm::all_of(op.getOperands(), available))
          return false;
      return available(lb) && available(ub);
    };
    // The run computes the shares once, before its first op.
    if (!computableBefore(scratch.begin(), leaderLb, leaderUb))
      return "the bounds of the loop of @" + leader.getKernel().str() +
             " are computed from values the run defines";
    if (launch == leader)
      return "";
    why = computable(launch);
    if (!why.empty())
      return why;
    Operation *last = scratch.empty() ? nullptr : &scratch.back();
    // (Two launches of one kernel: this one and the first.)
    std::string these = "the shares of @" + launch.getKernel().str();
    std::string first = "those of @" + leader.getKernel().str();
    if (launch.getKernel() == leader.getKernel()) {
      these = "the shares of this launch of @" + launch.getKernel().str();
      first = "those of its first launch";
    }
    if (getShareStep(symbols->lookup<KernelOp>(leader.getKernel())) !=
        getShareStep(symbols->lookup<KernelOp>(launch.getKernel())))
      return these + " differ from " + first +
             " (the outermost dimensions of their loops have different "
             "steps)";
    Value lb, ub;
    std::tie(lb, ub) = bounds(launch);
    if (sameHostValue(leaderLb, lb) && sameHostValue(leaderUb, ub))
      return "";
    Block::iterator launchBounds =
        last ? std::next(Block::iterator(last)) : scratch.begin();
    bool different =
        differentHostValues(leaderLb, lb) || differentHostValues(leaderUb, ub);
    // Loops of step 1 over other rows of the same buffers (a stencil's
    // interior, then a reduction over the whole buffer): each device's part
    // of the rows is its equal share of the hull of the loops, computed
    // before the run, and each launch runs there the iterations of its loop
    // in that part; every row keeps one device that writes it. (Bounds
    // that may be equal too: equal at run time, the hull is the first
    // loop's.)
    if (sharesRows &&
        getShareStep(symbols->lookup<KernelOp>(leader.getKernel())) == 1 &&
        computableBefore(launchBounds, lb, ub)) {
      clipped = true;
      return "";
    }
    std::string differ = these + " differ from " + first;
    if (different)
      return differ + (sharesBuffers ? std::string(", and its loop runs over "
                                                   "the rows of no buffer of "
                                                   "theirs")
                                     : std::string(", and it shares no "
                                                   "buffer with them"));
    // A launch that maps none of the run's buffers gains nothing from
    // joining it, and would take the rest with it if the shares differed.
    if (!sharesBuffers)
      return differ + " (the bounds of their loops cannot be shown equal, "
                      "and they share no buffer)";
    // Compared at run time, before the run, when they can be computed there.
    if (!computableBefore(launchBounds, lb, ub))
      return these + " may differ from " + first +
             ": the bounds of their loops cannot be shown equal, nor "
             "compared before the first launch";
    needsCheck = true;
    return "";
  }

  /// Adds `op` to `run`.
  static void addToRun(Run &run, Operation *op, OpSummary &summary) {
    run.ops.push_back(op);
    run.launchesIn.push_back(!summary.launches.empty());
    run.launches.append(summary.launches);
    run.checked.append(summary.checked);
    run.clipped.append(summary.clipped);
    run.leaders = summary.leaders;
    for (auto &entry : summary.groupOf)
      run.groupOf.insert(entry);
    run.rootGroups = summary.rootGroups;
    run.inLoop |= summary.inLoop;
    for (auto &entry : summary.deviceRoots)
      run.deviceRoots.insert(entry);
    run.deviceWritten.insert(summary.deviceWritten.begin(),
                             summary.deviceWritten.end());
    run.lists.insert(summary.lists.begin(), summary.lists.end());
    for (auto &entry : summary.hostRoots)
      run.hostRoots.insert(entry);
    run.hostRootsOf.push_back(summary.hostRoots);
    for (auto &[root, ops] : summary.elements)
      llvm::append_range(run.elements[root], ops);
    for (auto &[root, ops] : summary.syncs)
      llvm::append_range(run.syncs[root], ops);
    llvm::append_range(run.calls, summary.calls);
  }

  /// Groups the ops of `block` into runs, and those of the blocks of ops
  /// that cannot be part of one. `quiet`: a remark already said why the op
  /// around `block` is not part of a run.
  void buildRuns(Block &block, DominanceInfo &dominance, bool quiet = false) {
    Run run;
    // An op without split launches that ended a run, and why: said when
    // split launches follow it.
    Operation *pendingOp = nullptr;
    std::string pendingWhy;
    auto remark = [&](Operation *op, StringRef why) {
      if (remarks && !quiet && remarked.insert(op).second)
        op->emitRemark() << "split launches do not keep their sections on "
                            "the devices across this op: "
                         << why;
    };
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        break;
      OpSummary summary = summarize(&op);
      if (summary.why.empty() && summary.launches.empty() && run.empty())
        continue;
      if (!summary.launches.empty() && pendingOp) {
        remark(pendingOp, pendingWhy);
        pendingOp = nullptr;
      }
      std::string why = summary.why;
      if (why.empty())
        why = whyNotJoining(run, summary, &op, dominance);
      if (why.empty()) {
        addToRun(run, &op, summary);
        continue;
      }
      // `op` ends the run.
      if (!run.empty() && summary.launches.empty()) {
        pendingOp = &op;
        pendingWhy = why;
      } else if (!run.empty()) {
        remark(&op, why);
      }
      finishRun(run);
      run = Run();
      if (summary.why.empty() && !summary.launches.empty()) {
        why = whyNotJoining(run, summary, &op, dominance);
        if (why.empty()) {
          addToRun(run, &op, summary);
          continue;
        }
      }
      bool said = remarked.contains(&op);
      if (!summary.launches.empty() &&
          (summary.inLoop || summary.launches.size() > 1)) {
        remark(&op, why);
        said = true;
      }
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          buildRuns(nested, dominance, quiet || said);
    }
    finishRun(run);
  }

  /// Rewrites `run` when it has something to share: two launches, or one in
  /// a loop.
  void finishRun(Run &run) {
    while (!run.ops.empty() && !run.launchesIn.back()) {
      run.ops.pop_back();
      run.launchesIn.pop_back();
      run.hostRootsOf.pop_back();
    }
    if (run.launches.size() < 2 && !run.inLoop)
      return;
    // (What the host does after the last launch is not the run's.)
    llvm::SmallPtrSet<Operation *, 8> inRun(run.ops.begin(), run.ops.end());
    Block *block = run.ops.front()->getBlock();
    auto after = [&](Operation *op) {
      return !inRun.contains(block->findAncestorOpInBlock(*op));
    };
    for (auto *accesses : {&run.elements, &run.syncs}) {
      for (auto &entry : *accesses)
        llvm::erase_if(entry.second, after);
      accesses->remove_if([](auto &entry) { return entry.second.empty(); });
    }
    llvm::erase_if(run.calls, after);
    run.hostRoots.clear();
    for (auto &roots : run.hostRootsOf)
      for (auto &entry : roots)
        run.hostRoots.insert(entry);
    planRun(run);
    versionRun(run);
    rewriteRun(run);
  }

  /// The bounds of the share loop of `launch`'s kernel, computed at `b`
  /// from the launch's arguments (null where they cannot be).
  std::pair<Value, Value> launchShareBounds(OpBuilder &b, LaunchOp launch) {
    auto kernel = symbols->lookup<KernelOp>(launch.getKernel());
    IRMapping mapping;
    mapLaunchArguments(kernel, launch, mapping);
    return materializeShareBounds(b, kernel, mapping);
  }

  /// Whether, at run time, two of `buffers` (each with whether it is
  /// written) overlap in memory, one of them written, or the rows of a
  /// written one share bytes of their spans; null when nothing needs
  /// checking.
  static Value buildAnyOverlap(OpBuilder &b, Location loc,
                               ArrayRef<std::pair<Value, bool>> buffers) {
    Value any;
    // A written buffer whose rows share bytes of their spans (a transposed
    // view): the devices would copy back overlapping spans, each over the
    // rows the others wrote.
    for (auto [buffer, written] : buffers)
      if (written)
        if (Value interleave = buildRowsInterleave(b, loc, buffer))
          any = any ? arith::OrIOp::create(b, loc, any, interleave).getResult()
                    : interleave;
    for (unsigned i = 0, e = buffers.size(); i < e; ++i)
      for (unsigned j = i + 1; j < e; ++j) {
        auto [first, firstWritten] = buffers[i];
        auto [second, secondWritten] = buffers[j];
        if (first == second || (!firstWritten && !secondWritten))
          continue;
        Value overlaps = buildOverlaps(b, loc, first, second);
        any = any ? arith::OrIOp::create(b, loc, any, overlaps).getResult()
                  : overlaps;
      }
    return any;
  }
  static Value buildAnyOverlap(OpBuilder &b, Location loc, const Run &run) {
    SmallVector<std::pair<Value, bool>> buffers;
    for (auto &[root, buffer] : run.buffers)
      if (!buffer.carried)
        buffers.push_back({root, buffer.written});
    // (Those each launch maps itself, read from the host, must not be
    // written through another buffer the devices keep either.)
    for (Value root : run.perLaunch)
      buffers.push_back({root, false});
    return buildAnyOverlap(b, loc, buffers);
  }

  /// Puts `run` in the `then` branch of an `scf.if` that checks, before it,
  /// that no device holds a buffer of the run yet, that no two of its
  /// buffers overlap in memory, and that the bounds of
  /// the loops of `run.checked` equal those of the first launch of their group.
  /// The `else` branch holds two copies of the run: when a device holds one of
  /// its buffers (a data region around it), one whose launches all run whole on
  /// that device (plain launches, queued as any); else one whose launches are
  /// split one by one.
  void versionRun(Run &run) {
    LaunchOp leader = run.launches.front();
    Operation *first = run.ops.front();
    Block *block = first->getBlock();
    Location loc = leader.getLoc();
    OpBuilder b(first);
    auto bounds = [&](LaunchOp of) { return launchShareBounds(b, of); };
    Value lb, ub;
    std::tie(lb, ub) = bounds(leader);
    // No buffer of the run is on a device yet (a data region around the
    // run would hold the current values there).
    SmallVector<Value> buffers;
    for (auto &entry : run.deviceRoots)
      buffers.push_back(entry.first);
    Value holder = findHoldingDevice(b, loc, buffers);
    SmallVector<HeldBuffer> heldBuffers;
    for (auto &[root, use] : run.deviceRoots) {
      auto it = run.buffers.find(root);
      heldBuffers.push_back(
          {root, it != run.buffers.end() && it->second.written,
           describeArgument(use.first, use.second)});
    }
    checkSoleHolder(b, loc, leader, heldBuffers, holder);
    Value zero32 = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value held = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                       holder, zero32);
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                       holder, zero32);
    // No two of its buffers overlap in memory, one of them written (a
    // caller passed one buffer as two arguments): split, each device would
    // keep the rows of both, and the rows one launch wrote through one
    // would not be those the next reads through the other.
    if (Value overlap = buildAnyOverlap(b, loc, run))
      same = arith::AndIOp::create(
          b, loc, same,
          arith::XOrIOp::create(b, loc, overlap,
                                arith::ConstantIntOp::create(b, loc, 1, 1)));
    for (LaunchOp launch : run.checked) {
      Value otherLb, otherUb;
      std::tie(otherLb, otherUb) = bounds(launch);
      // (Against the first launch of its group.)
      Value firstLb = lb, firstUb = ub;
      if (LaunchOp first = run.leaders[run.groupOf.lookup(launch)];
          first != leader)
        std::tie(firstLb, firstUb) = bounds(first);
      for (auto [mine, other] :
           {std::pair(firstLb, otherLb), {firstUb, otherUb}})
        same = arith::AndIOp::create(
            b, loc, same,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mine,
                                  other));
    }
    // What the run defines and the ops after it use.
    llvm::SmallPtrSet<Operation *, 8> inRun(run.ops.begin(), run.ops.end());
    SmallVector<Value> escaping;
    for (Operation *op : run.ops)
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              Operation *top = block->findAncestorOpInBlock(*user);
              return !top || !inRun.contains(top);
            }))
          escaping.push_back(result);
    auto ifOp = scf::IfOp::create(b, loc, ValueRange(escaping).getTypes(), same,
                                  /*withElseRegion=*/true);
    auto endOf = [](Block *target) {
      return !target->empty() &&
                     target->back().hasTrait<OpTrait::IsTerminator>()
                 ? Block::iterator(&target->back())
                 : target->end();
    };
    OpBuilder other(ifOp.elseBlock(), endOf(ifOp.elseBlock()));
    auto heldIf = scf::IfOp::create(other, loc, ValueRange(escaping).getTypes(),
                                    held, /*withElseRegion=*/true);
    OpBuilder onHolder(heldIf.thenBlock(), endOf(heldIf.thenBlock()));
    IRMapping holderCopies;
    for (Operation *op : run.ops)
      onHolder.clone(*op, holderCopies);
    SmallVector<LaunchOp> wholeOnHolder;
    heldIf.thenBlock()->walk([&](LaunchOp launch) {
      if (launch.getAllDevices() || !launch.getDevices().empty())
        wholeOnHolder.push_back(launch);
    });
    for (LaunchOp launch : wholeOnHolder) {
      OpBuilder at(launch);
      launchOn(at, launch, symbols->lookup<KernelOp>(launch.getKernel()),
               holder);
      launch.erase();
    }
    OpBuilder oneByOne(heldIf.elseBlock(), endOf(heldIf.elseBlock()));
    IRMapping copies;
    for (Operation *op : run.ops)
      oneByOne.clone(*op, copies);
    Block *thenBlock = ifOp.thenBlock();
    for (Operation *op : run.ops)
      op->moveBefore(thenBlock, endOf(thenBlock));
    if (!escaping.empty()) {
      OpBuilder then = OpBuilder::atBlockEnd(thenBlock);
      scf::YieldOp::create(then, loc, escaping);
      SmallVector<Value> onHolderValues, copied;
      for (Value value : escaping) {
        onHolderValues.push_back(holderCopies.lookup(value));
        copied.push_back(copies.lookup(value));
      }
      scf::YieldOp::create(onHolder, loc, onHolderValues);
      scf::YieldOp::create(oneByOne, loc, copied);
      scf::YieldOp::create(other, loc, heldIf.getResults());
      for (auto [index, value] : llvm::enumerate(escaping))
        value.replaceUsesWithIf(ifOp.getResult(index), [&](OpOperand &use) {
          return !ifOp->isAncestor(use.getOwner());
        });
    }
    heldIf.elseBlock()->walk(
        [&](LaunchOp launch) { copiesOfRuns.insert(launch); });
  }

  /// What each device keeps of each buffer, and where halos move.
  void planRun(Run &run) {
    Block *block = run.ops.front()->getBlock();
    // Buffers the host touches in the run and the launches only read (the
    // conflict checks let no other through): each launch maps its own.
    for (auto &entry : run.deviceRoots)
      if (run.hostRoots.contains(entry.first))
        run.perLaunch.insert(entry.first);
    for (LaunchOp launch : run.launches) {
      KernelOp share = getShareOf(launch);
      for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
        if (!isa<MemRefType>(arg.getType()) || run.perLaunch.contains(arg))
          continue;
        ShareAccess access = getShareAccess(share, index);
        if (!access.isAccessed())
          continue;
        auto inserted = run.buffers.insert({arg, ResidentBuffer()});
        ResidentBuffer &buffer = inserted.first->second;
        if (inserted.second) {
          buffer.namedBy = launch;
          buffer.position = index;
          buffer.group = run.groupOf.lookup(launch);
          // The first launch on it writes every row of each share before
          // reading any, and always runs.
          // (Not a view whose elements leave gaps in its span: those come
          // back at the exit.)
          // (When the loops have other bounds, only where its loop covers
          // those of all the others, checked before the run.)
          buffer.enterAlloc = access.overwritten &&
                              launch->getBlock() == block && !mayHaveGaps(arg);
        }
        if (access.read) {
          buffer.read = true;
          if (access.allRows) {
            buffer.readAll = true;
          } else {
            buffer.readMin = std::min(buffer.readMin, access.rowMin);
            buffer.readMax = std::max(buffer.readMax, access.rowMax);
          }
        }
        buffer.written |= access.written;
      }
    }
    // Iteration arguments of ping-pong loops: each of the buffers the loop
    // starts with may be any of them, so it keeps the rows all of them
    // reach, entered with their contents.
    SmallVector<std::pair<Value, ResidentBuffer>> carried;
    for (auto &[root, buffer] : run.buffers)
      if (carriedInits.count(root) && isa<BlockArgument>(root)) {
        buffer.carried = true;
        carried.push_back({root, buffer});
      }
    for (auto &[member, from] : carried)
      for (Value init : carriedInits[member]) {
        auto [it, inserted] = run.buffers.insert({init, from});
        ResidentBuffer &buffer = it->second;
        buffer.carried = false;
        buffer.enterAlloc = false;
        if (inserted) {
          buffer.startsIterArg = carriedPositions.lookup(init);
          continue;
        }
        buffer.read |= from.read;
        buffer.written |= from.written;
        buffer.readAll |= from.readAll;
        buffer.readMin = std::min(buffer.readMin, from.readMin);
        buffer.readMax = std::max(buffer.readMax, from.readMax);
      }
    for (auto &[root, buffer] : run.buffers) {
      if (buffer.carried)
        continue;
      // Rows outside the share come from the host, and so do the elements
      // it reads before a launch wrote them.
      if (buffer.readsHalo() || run.elements.count(root) ||
          run.syncs.count(root))
        buffer.enterAlloc = false;
      buffer.exitFrom = buffer.written && mayBeReadAfter(run.ops.back(), root);
      // (Or through the results of a ping-pong loop it starts.)
      for (auto &[value, inits] : carriedInits)
        if (isa<OpResult>(value) && llvm::is_contained(inits, root) &&
            run.ops.back()->getBlock() == value.getParentBlock())
          buffer.exitFrom |=
              buffer.written && mayBeReadAfter(run.ops.back(), value);
    }
    // Halos move before a launch that reads rows outside its share of a
    // buffer some launch may have written since they last moved.
    DenseSet<Value> dirty;
    for (Operation *op : run.ops)
      planExchanges(op, dirty, run);
  }

  /// Why `launch`, whose kernel has a share, cannot be split with its
  /// arguments: two of those the kernel touches are views of one buffer
  /// and it writes one of them (each device would map it whole, and copy
  /// all of it back over what the others wrote). Views it only reads are
  /// fine: each device maps them and copies nothing back. Empty when it
  /// can.
  std::string whyNotSplitWith(LaunchOp launch) {
    KernelOp share = getShareOf(launch);
    // The first argument on each root, and whether any on it is written.
    DenseMap<Value, std::pair<unsigned, bool>> roots;
    for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
      if (!isa<MemRefType>(arg.getType()))
        continue;
      ShareAccess access = getShareAccess(share, index);
      if (!access.isAccessed())
        continue;
      auto [it, inserted] =
          roots.try_emplace(getViewRoot(arg), index, access.written);
      if (inserted)
        continue;
      if (access.written || it->second.second)
        return "arguments #" + std::to_string(it->second.first) + " and #" +
               std::to_string(index) +
               " are views of one buffer, and it writes one of them";
    }
    return "";
  }

  KernelOp getShareOf(LaunchOp launch) {
    return shares.lookup(symbols->lookup<KernelOp>(launch.getKernel()));
  }

  /// What `share` does with its argument #`index`.
  ShareAccess getShareAccess(KernelOp share, unsigned index) {
    auto it = linalgAccesses.find(share);
    if (it == linalgAccesses.end())
      return getLoopShareAccess(analysis, share, index);
    return it->second.lookup(index);
  }

  /// Walks `op` with `dirty`, the buffers some launch may have written since
  /// their halos last moved, and records where halos must move.
  void planExchanges(Operation *op, DenseSet<Value> &dirty, Run &run) {
    if (auto launch = dyn_cast<LaunchOp>(op)) {
      if (!launch.getAllDevices() && launch.getDevices().empty())
        return;
      KernelOp share = getShareOf(launch);
      llvm::SetVector<Value> &exchanges = run.exchanges[launch];
      SmallVector<Value> written;
      for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
        if (!isa<MemRefType>(arg.getType()))
          continue;
        ShareAccess access = getShareAccess(share, index);
        // (An iteration argument of a ping-pong loop is dirty when one of
        // the buffers its loop starts with is.)
        auto inits = carriedInits.find(arg);
        bool isDirty = dirty.contains(arg) ||
                       (inits != carriedInits.end() &&
                        llvm::any_of(inits->second, [&](Value init) {
                          return dirty.contains(init);
                        }));
        if (access.readsHalo() && isDirty)
          exchanges.insert(arg);
        if (access.written) {
          written.push_back(arg);
          // (Writing one makes all of them, and the buffers, dirty.)
          if (inits != carriedInits.end()) {
            llvm::append_range(written, inits->second);
            llvm::append_range(written, carriedMembers[arg]);
          }
        }
      }
      for (Value root : exchanges)
        dirty.erase(root);
      dirty.insert(written.begin(), written.end());
      return;
    }
    if (op->getNumRegions() == 0)
      return;
    // Regions may run any number of times (loops), or not at all.
    DenseSet<Value> in = dirty;
    while (true) {
      DenseSet<Value> out = in;
      for (Region &region : op->getRegions())
        for (Block &block : region) {
          DenseSet<Value> state = in;
          for (Operation &nested : block)
            planExchanges(&nested, state, run);
          out.insert(state.begin(), state.end());
        }
      if (llvm::all_of(out, [&](Value root) { return in.contains(root); }))
        break;
      in.insert(out.begin(), out.end());
    }
    dirty = std::move(in);
  }

  /// Enters each device's rows of the run's buffers before it, exits them
  /// after it, and splits its launches over the devices in between.
  void rewriteRun(Run &run) {
    LaunchOp leader = run.launches.front();
    Location loc = leader.getLoc();
    OpBuilder b(run.ops.front());
    // The loop bounds of each group: of its first launch, and of loops
    // over other rows the hull of them all (of those that run: an empty
    // loop would only widen it, giving devices rows no launch runs).
    unsigned groups = run.leaders.size();
    SmallVector<Value> lbs(groups), ubs(groups);
    for (unsigned group = 0; group < groups; ++group)
      std::tie(lbs[group], ubs[group]) =
          launchShareBounds(b, run.leaders[group]);
    for (LaunchOp launch : run.clipped) {
      unsigned group = run.groupOf.lookup(launch);
      Value &lb = lbs[group], &ub = ubs[group];
      auto [otherLb, otherUb] = launchShareBounds(b, launch);
      Value runs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         otherLb, otherUb);
      Value none =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, lb, ub);
      Value joinedLb = arith::SelectOp::create(
          b, loc, none, otherLb, arith::MinSIOp::create(b, loc, lb, otherLb));
      Value joinedUb = arith::SelectOp::create(
          b, loc, none, otherUb, arith::MaxSIOp::create(b, loc, ub, otherUb));
      lb = arith::SelectOp::create(b, loc, runs, joinedLb, lb);
      ub = arith::SelectOp::create(b, loc, runs, joinedUb, ub);
    }
    // Then a buffer the first launch on it writes whole in each share is
    // entered without copying only where that launch's loop is the hull
    // (otherwise rows of the devices' parts it does not write come from
    // the host).
    DenseMap<Value, Value> allocWhen;
    if (!run.clipped.empty())
      for (auto &[root, buffer] : run.buffers) {
        if (!buffer.enterAlloc)
          continue;
        unsigned group = buffer.group;
        auto [firstLb, firstUb] = launchShareBounds(b, buffer.namedBy);
        allocWhen[root] = arith::AndIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, firstLb,
                                  lbs[group]),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, firstUb,
                                  ubs[group]));
      }
    // The devices' shares of each group's loop (the same devices).
    SmallVector<ShareSpace> spaces{
        computeSpace(b, leader, lbs.front(), ubs.front())};
    for (unsigned group = 1; group < groups; ++group) {
      ShareSpace space = spaces.front();
      space.lb = lbs[group];
      space.ub = ubs[group];
      space.step = getShareStep(
          symbols->lookup<KernelOp>(run.leaders[group].getKernel()));
      spaces.push_back(finishSpace(b, loc, space));
    }
    const ShareSpace &space = spaces.front();

    // `fn` for each buffer of the run at the rows (begin, length) that the
    // device at `position` keeps, where it keeps any; lo and hi bound its
    // share of the buffer's group.
    auto forKeptRows =
        [&](OpBuilder &body, Value position,
            function_ref<void(OpBuilder &, Value root, const ResidentBuffer &,
                              Value begin, Value length, Value lo, Value hi)>
                fn) {
          for (unsigned group = 0; group < groups; ++group) {
            Value lo, hi, nonEmpty;
            std::tie(lo, hi, nonEmpty) =
                getShareBounds(body, loc, spaces[group], position);
            buildIf(body, loc, nonEmpty, [&](OpBuilder &inner) {
              for (auto &entry : run.buffers) {
                Value root = entry.first;
                const ResidentBuffer &buffer = entry.second;
                if (buffer.carried || buffer.group != group)
                  continue;
                Value begin, length;
                std::tie(begin, length) =
                    getKeptRows(inner, loc, root, buffer, lo, hi,
                                /*reads=*/false);
                Value zero = arith::ConstantIndexOp::create(inner, loc, 0);
                Value any = arith::CmpIOp::create(
                    inner, loc, arith::CmpIPredicate::sgt, length, zero);
                buildIf(inner, loc, any, [&](OpBuilder &then) {
                  fn(then, root, buffer, begin, length, lo, hi);
                });
              }
            });
          }
        };

    // Each device enters the rows it keeps, and at the end copies back
    // those it wrote (the rows of its share).
    auto enter = [&](OpBuilder &body, Value position, Value device) {
      forKeptRows(body, position,
                  [&](OpBuilder &then, Value root, const ResidentBuffer &buffer,
                      Value begin, Value length, Value, Value) {
                    Value rows = getRows(then, loc, root, begin, length);
                    auto enterAs = [&](OpBuilder &at, MapKind kind) {
                      EnterDataOp::create(
                          at, loc, ValueRange{rows},
                          at.getArrayAttr({MapAttr::get(
                              at.getContext(), kind, MapModifier::none)}),
                          device);
                    };
                    Value when = allocWhen.lookup(root);
                    if (!when) {
                      enterAs(then, buffer.enterAlloc ? MapKind::alloc
                                                      : MapKind::to);
                      return;
                    }
                    auto ifOp = scf::IfOp::create(then, loc, when,
                                                  /*withElseRegion=*/true);
                    OpBuilder whole = ifOp.getThenBodyBuilder();
                    enterAs(whole, MapKind::alloc);
                    OpBuilder part = ifOp.getElseBodyBuilder();
                    enterAs(part, MapKind::to);
                  });
    };
    forEachShare(b, loc, space, {enter});

    b.setInsertionPointAfter(run.ops.back());
    auto exit = [&](OpBuilder &body, Value position, Value device) {
      forKeptRows(
          body, position,
          [&](OpBuilder &then, Value root, const ResidentBuffer &buffer,
              Value begin, Value length, Value lo, Value hi) {
            Value rows;
            if (buffer.exitFrom) {
              // The rows of the share, all on this device.
              Value size = memref::DimOp::create(then, loc, root, 0);
              Value from = arith::MinSIOp::create(then, loc, lo, size);
              Value to = arith::MinSIOp::create(then, loc, hi, size);
              rows = getRows(then, loc, root, from,
                             arith::SubIOp::create(then, loc, to, from));
            } else {
              rows = getRows(then, loc, root, begin, length);
            }
            MapKind kind = buffer.exitFrom ? MapKind::from : MapKind::release;
            ExitDataOp::create(
                then, loc, ValueRange{rows},
                then.getArrayAttr({MapAttr::get(then.getContext(), kind,
                                                MapModifier::none)}),
                device);
          });
    };
    forEachShare(b, loc, space, {exit});
    if (space.devicesOf)
      memref::DeallocOp::create(b, loc, space.devicesOf);
    moveElements(run, spaces);
    syncHostAccesses(run, spaces);

    if (remarks)
      remarkRun(run);
    for (LaunchOp launch : run.launches) {
      auto kernel = symbols->lookup<KernelOp>(launch.getKernel());
      OpBuilder at(launch);
      IRMapping mapping;
      mapKernelArguments(kernel, launch, mapping);
      SmallVector<Value> inits;
      (void)materializeReductionInputs(at, kernel, mapping, inits);
      split(launch, kernel, shares[kernel], inits, mapping,
            spaces[run.groupOf.lookup(launch)], &run);
      launch.erase();
    }
  }

  /// The row of `root` that element `indices` of `memref`, a view of it,
  /// is in (0 for a buffer of rank 0).
  static Value getRootRow(OpBuilder &b, Location loc, Value root,
                          Value memref, ValueRange indices) {
    auto rootType = cast<MemRefType>(root.getType());
    if (rootType.getRank() == 0)
      return arith::ConstantIndexOp::create(b, loc, 0);
    Value view = memref;
    while (auto cast = view.getDefiningOp<memref::CastOp>())
      view = cast.getSource();
    if (view == root)
      return indices.front();
    // Through other views: the element's offset from the buffer's, in
    // rows of it.
    auto elementOffset = [&](Value of) {
      return memref::ExtractStridedMetadataOp::create(b, loc, of).getOffset();
    };
    Value element = getElementView(b, loc, memref, indices);
    auto rootMeta = memref::ExtractStridedMetadataOp::create(b, loc, root);
    Value distance = arith::SubIOp::create(b, loc, elementOffset(element),
                                           rootMeta.getOffset());
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value stride =
        arith::MaxSIOp::create(b, loc, rootMeta.getStrides().front(), one);
    return arith::FloorDivSIOp::create(b, loc, distance, stride);
  }

  /// Element `indices` of `memref`, as a view of one element (`memref`
  /// itself when it has rank 0).
  static Value getElementView(OpBuilder &b, Location loc, Value memref,
                              ValueRange indices) {
    auto type = cast<MemRefType>(memref.getType());
    if (type.getRank() == 0)
      return memref;
    SmallVector<OpFoldResult> offsets(indices.begin(), indices.end());
    SmallVector<OpFoldResult> ones(type.getRank(), b.getIndexAttr(1));
    return memref::SubViewOp::create(b, loc, memref, offsets, ones, ones);
  }

  /// The buffer whose entry of Run::buffers says what the devices keep of
  /// `root`: for an iteration argument of a ping-pong loop (or its result),
  /// the first buffer the loop starts with (all have the same rows kept).
  Value getKeptRoot(Value root) {
    auto inits = carriedInits.find(root);
    return inits != carriedInits.end() ? inits->second.front() : root;
  }

  /// Moves each element the host loads or stores in `run` (Run::elements)
  /// of a buffer the run keeps: a load of a buffer the launches write gets
  /// the element from the device whose share holds its row, which is the
  /// only one that writes it (none: the host's copy is current); a store
  /// sends it to every device that keeps its row.
  void moveElements(Run &run, ArrayRef<ShareSpace> spaces) {
    for (auto &entry : run.elements) {
      Value root = entry.first;
      auto it = run.buffers.find(getKeptRoot(root));
      if (it == run.buffers.end() || it->second.carried ||
          run.perLaunch.contains(it->first))
        continue;
      const ResidentBuffer &buffer = it->second;
      const ShareSpace &space = spaces[buffer.group];
      for (Operation *op : entry.second) {
        auto load = dyn_cast<memref::LoadOp>(op);
        if (load && !buffer.written)
          continue;
        auto store = dyn_cast<memref::StoreOp>(op);
        Value memref = load ? load.getMemRef() : store.getMemRef();
        ValueRange indices = load ? load.getIndices() : store.getIndices();
        Location loc = op->getLoc();
        OpBuilder b(op);
        if (store)
          b.setInsertionPointAfter(op);
        Value row = getRootRow(b, loc, root, memref, indices);
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        Value one = arith::ConstantIndexOp::create(b, loc, 1);
        scf::ForOp::create(
            b, loc, zero, space.present, one, ValueRange(),
            [&](OpBuilder &body, Location, Value position, ValueRange) {
              Value lo, hi, nonEmpty;
              std::tie(lo, hi, nonEmpty) =
                  getShareBounds(body, loc, space, position);
              Value begin = lo, end = hi;
              if (store) {
                Value length;
                std::tie(begin, length) =
                    getKeptRows(body, loc, root, buffer, lo, hi,
                                /*reads=*/false);
                end = arith::AddIOp::create(body, loc, begin, length);
              }
              Value holds = arith::AndIOp::create(
                  body, loc, nonEmpty,
                  arith::AndIOp::create(
                      body, loc,
                      arith::CmpIOp::create(body, loc,
                                            arith::CmpIPredicate::sle, begin,
                                            row),
                      arith::CmpIOp::create(
                          body, loc, arith::CmpIPredicate::slt, row, end)));
              buildIf(body, loc, holds, [&](OpBuilder &then) {
                Value device = getDeviceOf(then, loc, space, position);
                UpdateOp::create(
                    then, loc,
                    ValueRange{getElementView(then, loc, memref, indices)},
                    then.getArrayAttr({MapAttr::get(
                        then.getContext(),
                        store ? MapKind::to : MapKind::from,
                        MapModifier::none)}),
                    device);
              });
              scf::YieldOp::create(body, loc);
            });
      }
    }
  }

  /// Whether `op` holds a launch over several devices.
  bool holdsSplitLaunch(Operation *op) {
    auto [it, inserted] = holdsSplit.try_emplace(op, false);
    if (inserted)
      it->second = op->walk([](LaunchOp launch) {
                       return launch.getAllDevices() ||
                                      !launch.getDevices().empty()
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     })
                       .wasInterrupted();
    return it->second;
  }

  /// Around each host op of `run` that reads or writes more than single
  /// elements of a buffer the run keeps (Run::syncs; an op in a host loop
  /// stands for the outermost such loop): before it, when the launches
  /// write the buffer, each device copies back the rows of its share (the
  /// only rows it writes); after it, when it writes the buffer, each device
  /// receives the rows it keeps (all current on the host then).
  void syncHostAccesses(Run &run, ArrayRef<ShareSpace> spaces) {
    const ShareSpace &space = spaces.front();
    // What the host reads and writes around each op, by buffer.
    llvm::MapVector<Operation *, llvm::MapVector<Value, std::pair<bool, bool>>>
        around;
    for (auto &[root, ops] : run.syncs) {
      auto it = run.buffers.find(getKeptRoot(root));
      if (it == run.buffers.end() || it->second.carried ||
          run.perLaunch.contains(it->first))
        continue;
      for (Operation *op : ops) {
        Operation *at = op;
        for (Operation *parent = op->getParentOp();
             parent && !holdsSplitLaunch(parent);
             parent = parent->getParentOp())
          if (isa<LoopLikeOpInterface>(parent))
            at = parent;
        std::pair<bool, bool> &effects = around[at][root];
        SmallVector<MemoryEffects::EffectInstance> instances;
        if (auto iface = dyn_cast<MemoryEffectOpInterface>(op))
          iface.getEffects(instances);
        for (const MemoryEffects::EffectInstance &effect : instances) {
          if (!effect.getValue() || getViewRoot(effect.getValue()) != root)
            continue;
          effects.first |= isa<MemoryEffects::Read>(effect.getEffect());
          effects.second |= isa<MemoryEffects::Write>(effect.getEffect());
        }
      }
    }
    for (auto &entry : around) {
      Operation *at = entry.first;
      auto &roots = entry.second;
      Location loc = at->getLoc();
      auto phase = [&](bool after) {
        return [&, after](OpBuilder &body, Value position, Value device) {
          // (Each group's buffers in its share of the group's loop.)
          for (auto [group, groupSpace] : llvm::enumerate(spaces)) {
            Value lo, hi, nonEmpty;
            std::tie(lo, hi, nonEmpty) =
                getShareBounds(body, loc, groupSpace, position);
            buildIf(body, loc, nonEmpty, [&](OpBuilder &inner) {
              for (auto &rootEntry : roots) {
                Value root = rootEntry.first;
                std::pair<bool, bool> effects = rootEntry.second;
                const ResidentBuffer &buffer =
                    run.buffers.find(getKeptRoot(root))->second;
                if (buffer.group != group)
                  continue;
                // (Before a write too: the rows it keeps go back to each
                // device after it, the host's copy must be current.)
                if (after ? !effects.second : !buffer.written)
                  continue;
                Value begin, length;
                if (after) {
                  std::tie(begin, length) =
                      getKeptRows(inner, loc, root, buffer, lo, hi,
                                  /*reads=*/false);
                } else {
                  std::tie(begin, length) =
                      getClampedRows(inner, loc, root, lo, hi, 0, 0);
                }
                Value zero = arith::ConstantIndexOp::create(inner, loc, 0);
                Value any = arith::CmpIOp::create(
                    inner, loc, arith::CmpIPredicate::sgt, length, zero);
                buildIf(inner, loc, any, [&](OpBuilder &then) {
                  UpdateOp::create(
                      then, loc,
                      ValueRange{getRows(then, loc, root, begin, length)},
                      then.getArrayAttr(
                          {MapAttr::get(then.getContext(),
                                        after ? MapKind::to : MapKind::from,
                                        MapModifier::none)}),
                      device);
                });
              }
            });
          }
        };
      };
      bool reads = llvm::any_of(roots, [&](auto &entry) {
        return run.buffers.find(getKeptRoot(entry.first))->second.written;
      });
      bool writes = llvm::any_of(
          roots, [](auto &entry) { return entry.second.second; });
      OpBuilder b(at);
      if (reads)
        forEachShare(b, loc, space, {phase(/*after=*/false)});
      if (writes) {
        b.setInsertionPointAfter(at);
        forEachShare(b, loc, space, {phase(/*after=*/true)});
      }
    }
  }

  void remarkRun(Run &run) {
    LaunchOp leader = run.launches.front();
    llvm::SetVector<StringRef> kernels;
    unsigned inLoops = 0, exchanging = 0;
    Block *block = run.ops.front()->getBlock();
    for (LaunchOp launch : run.launches) {
      kernels.insert(launch.getKernel());
      Operation *top = block->findAncestorOpInBlock(*launch);
      bool inLoop = false;
      for (Operation *parent = launch->getParentOp();
           parent && top && parent != top->getParentOp();
           parent = parent->getParentOp())
        inLoop |= isa<LoopLikeOpInterface>(parent);
      inLoops += inLoop;
      auto it = run.exchanges.find(launch);
      exchanging += it != run.exchanges.end() && !it->second.empty();
    }
    Value list = getDeviceList(leader);
    InFlightDiagnostic remark = run.ops.front()->emitRemark();
    remark << "split launches of ";
    llvm::interleaveComma(kernels, remark,
                          [&](StringRef name) { remark << "@" << name; });
    remark << " keep their sections on "
           << (leader.getAllDevices() ? std::string("every device present")
               : list ? std::string("the devices their list names")
                      : std::to_string(leader.getDevices().size()) +
                            " listed devices")
           << " across " << run.launches.size() << " launch(es)";
    if (inLoops)
      remark << " (" << inLoops << " in loops)";
    if (run.leaders.size() > 1) {
      remark << " in " << run.leaders.size()
             << " groups that share no buffer, each device with its share of "
                "each group's loop (that of ";
      llvm::interleave(
          run.leaders, remark,
          [&](LaunchOp first) { remark << "@" << first.getKernel(); }, ", ");
      remark << ")";
    }
    remark << ": each device enters the rows its share [lo, hi) reaches "
              "once before them and copies back only the rows it wrote "
              "after them; ";
    SmallVector<const ResidentBuffer *> described;
    for (auto &entry : run.buffers)
      if (!entry.second.carried)
        described.push_back(&entry.second);
    llvm::interleave(
        described, remark,
        [&](const ResidentBuffer *kept) {
          const ResidentBuffer &buffer = *kept;
          if (buffer.startsIterArg >= 0) {
            remark << "the buffer iteration argument #" << buffer.startsIterArg
                   << " of the loop starts with: ";
          } else {
            remark << describeArgument(buffer.namedBy, buffer.position);
            // Which launch of its kernel, when it is not the first.
            unsigned nth = 1;
            LaunchOp namedBy = buffer.namedBy;
            for (LaunchOp launch : run.launches) {
              if (launch == namedBy)
                break;
              nth += launch.getKernel() == namedBy.getKernel();
            }
            if (nth > 1)
              remark << " (launch " << nth << " of it)";
            remark << ": ";
          }
          if (buffer.readAll)
            remark << "every row";
          else
            remark << "rows ["
                   << formatBound("lo", std::min<int64_t>(buffer.readMin, 0))
                   << ", "
                   << formatBound("hi", std::max<int64_t>(buffer.readMax, 0))
                   << ")";
          remark << " entered '" << (buffer.enterAlloc ? "alloc" : "to")
                 << "'";
          if (buffer.enterAlloc && !run.clipped.empty())
            remark << " (where the loop of @" << LaunchOp(buffer.namedBy).getKernel()
                   << " covers the others', else 'to')";
          remark << ", ";
          if (buffer.exitFrom)
            remark << "rows [lo, hi) copied back";
          else if (buffer.written)
            remark << "released (nothing reads it afterwards)";
          else
            remark << "released";
        },
        "; ");
    if (!run.perLaunch.empty()) {
      remark << "; each launch maps its own section of ";
      llvm::interleaveComma(run.perLaunch, remark, [&](Value root) {
        auto [launch, position] = run.deviceRoots.lookup(root);
        remark << describeArgument(launch, position);
      });
      remark << " (only read by the launches; the host touches it between "
                "them)";
    }
    // The buffers of `accesses` the run moves, by name (those of a
    // ping-pong loop counted together), with how many ops touch them.
    using Counts =
        llvm::MapVector<std::string, unsigned, llvm::StringMap<unsigned>>;
    auto countMoved =
        [&](const llvm::MapVector<Value, SmallVector<Operation *>> &accesses) {
          Counts moved;
          for (auto &[root, ops] : accesses) {
            Value kept = getKeptRoot(root);
            if (!run.buffers.count(kept) || run.buffers.lookup(kept).carried ||
                run.perLaunch.contains(kept) || !run.deviceRoots.count(kept))
              continue;
            auto [launch, position] = run.deviceRoots.lookup(kept);
            moved[kept != root || run.buffers.lookup(kept).startsIterArg >= 0
                      ? std::string(
                            "the buffers a loop passes between iterations")
                      : describeArgument(launch, position)] += ops.size();
          }
          return moved;
        };
    auto printCounts = [&](const Counts &counts) {
      llvm::interleaveComma(counts, remark, [&](auto &entry) {
        remark << entry.first << " (" << entry.second << ")";
      });
    };
    Counts elements = countMoved(run.elements);
    if (!elements.empty()) {
      remark << "; the host's loads and stores of single elements of ";
      printCounts(elements);
      remark << " move that element alone: a load from the device whose "
                "share holds its row, a store to every device keeping it";
    }
    Counts synced = countMoved(run.syncs);
    if (!synced.empty()) {
      remark << "; around the host's other reads and writes of ";
      printCounts(synced);
      remark << ", each device copies back the rows of its share before "
                "them (of what the launches write), and receives the rows it "
                "keeps after those that write";
    }
    remark << "; halo rows move device to device before " << exchanging
           << " launch(es)";
    if (!run.clipped.empty()) {
      llvm::SetVector<StringRef> clipped;
      for (LaunchOp launch : run.clipped)
        clipped.insert(launch.getKernel());
      remark << "; the loops of ";
      llvm::interleaveComma(clipped, remark,
                            [&](StringRef name) { remark << "@" << name; });
      remark << " may run over other rows than that of the first launch (@"
             << leader.getKernel()
             << "): each device's share [lo, hi) is its equal part of the "
                "rows all their loops cover, where each launch runs the "
                "iterations of its own loop";
    }
    if (!run.checked.empty()) {
      llvm::SetVector<StringRef> checked;
      for (LaunchOp launch : run.checked)
        checked.insert(launch.getKernel());
      remark << "; when the shares of ";
      llvm::interleaveComma(checked, remark,
                            [&](StringRef name) { remark << "@" << name; });
      remark << " differ from those of @" << leader.getKernel()
             << " at run time, a copy of these ops runs instead, each "
                "launch moving its own sections";
    }
  }

  //===--------------------------------------------------------------------===//
  // Launches that are not split
  //===--------------------------------------------------------------------===//

  /// A builder before the outermost loop around `launch` whose iterations
  /// all pick the same first device present: the devices are values
  /// defined outside it, or `all` (a list in a buffer may change in the
  /// loop). Choosing there gives every launch of the loop one device value,
  /// which offload-hoist-transfers can keep the buffers on across the
  /// iterations. At the launch otherwise.
  OpBuilder getFirstDeviceBuilder(LaunchOp launch) {
    Operation *point = launch;
    if (getDeviceList(launch))
      return OpBuilder(point);
    auto function = launch->getParentOfType<FunctionOpInterface>();
    for (Operation *parent = launch->getParentOp();
         parent && parent != function.getOperation();
         parent = parent->getParentOp()) {
      if (!isa<LoopLikeOpInterface>(parent))
        continue;
      bool invariant = llvm::all_of(launch.getDevices(), [&](Value device) {
        Operation *def = device.getDefiningOp();
        Region *region = def ? def->getParentRegion()
                             : cast<BlockArgument>(device).getParentRegion();
        return !parent->isAncestor(region->getParentOp()) &&
               region->getParentOp() != parent;
      });
      if (!invariant)
        break;
      point = parent;
    }
    return OpBuilder(point);
  }

  /// The launch on the first device present (the host when none is).
  void runOnFirstDevice(LaunchOp launch, KernelOp kernel, StringRef reason) {
    OpBuilder b(launch);
    OpBuilder choose = getFirstDeviceBuilder(launch);
    launchOn(b, launch, kernel, getFirstDevice(choose, launch));
    if (remarks)
      emitRemark(launch.getLoc()) << "launch of @" << kernel.getSymName()
                                  << " not split over devices: " << reason
                                  << "; it runs on the first device present";
  }

  /// Puts `launch` in the `else` branch of an `scf.if` whose `then` branch
  /// runs it whole on the first device present when two buffers its share
  /// touches, one of them written, overlap in memory at run time (a caller
  /// passed one buffer as two arguments): split, each device would map the
  /// rows of both, and copy back rows the others wrote through the other.
  void runWholeIfOverlapping(LaunchOp launch, KernelOp kernel) {
    KernelOp share = getShareOf(launch);
    SmallVector<std::pair<Value, bool>> buffers;
    for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
      if (!isa<MemRefType>(arg.getType()))
        continue;
      ShareAccess access = getShareAccess(share, index);
      if (access.isAccessed())
        buffers.push_back({arg, access.written});
    }
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value overlap = buildAnyOverlap(b, loc, buffers);
    if (!overlap)
      return;
    auto ifOverlap =
        scf::IfOp::create(b, loc, overlap, /*withElseRegion=*/true);
    OpBuilder then = ifOverlap.getThenBodyBuilder();
    launchOn(then, launch, kernel, getFirstDevice(then, launch));
    launch->moveBefore(ifOverlap.elseBlock()->getTerminator());
  }

  /// The first device of `launch`'s that is present (an i32), or the
  /// initial device (the host) when none is.
  Value getFirstDevice(OpBuilder &b, LaunchOp launch) {
    ModuleOp module = getOperation();
    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value available = callRuntimeQuery(
        b, loc, getRuntimeQuery(module, "omp_get_num_devices"));
    Value first = hostDevice(b, loc);
    if (Value list = getDeviceList(launch)) {
      // The first device of the list that is present.
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value size = memref::DimOp::create(b, loc, list, 0);
      Value none = arith::ConstantIntOp::create(b, loc, 0, 1);
      auto forOp = scf::ForOp::create(
          b, loc, zero, size, one, ValueRange{first, none},
          [&](OpBuilder &body, Location, Value iv, ValueRange iterArgs) {
            Value device = loadDevice(body, loc, list, iv);
            Value isPresent =
                isDevicePresent(body, loc, device, available).second;
            Value notFound = arith::XOrIOp::create(
                body, loc, iterArgs[1],
                arith::ConstantIntOp::create(body, loc, 1, 1));
            Value take = arith::AndIOp::create(body, loc, isPresent, notFound);
            Value pick =
                arith::SelectOp::create(body, loc, take, device, iterArgs[0]);
            Value found =
                arith::OrIOp::create(body, loc, iterArgs[1], isPresent);
            scf::YieldOp::create(body, loc, ValueRange{pick, found});
          });
      first = forOp.getResult(0);
    } else if (launch.getAllDevices()) {
      // The first of the devices devices(all) stands for.
      Value all = getAllDevices(b, loc, available);
      Value count = AllDevicesOp::create(b, loc, b.getIndexType(), all);
      Value any =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, count, zero);
      auto ifAny = scf::IfOp::create(b, loc, TypeRange{b.getI32Type()}, any,
                                     /*withElseRegion=*/true);
      OpBuilder then = ifAny.getThenBodyBuilder();
      scf::YieldOp::create(
          then, loc, ValueRange{memref::LoadOp::create(then, loc, all, zero)});
      OpBuilder otherwise = ifAny.getElseBodyBuilder();
      scf::YieldOp::create(otherwise, loc, first);
      first = ifAny.getResult(0);
      memref::DeallocOp::create(b, loc, all);
    } else {
      for (Value device : llvm::reverse(launch.getDevices())) {
        auto [id, isPresent] = isDevicePresent(b, loc, device, available);
        Value id32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), id);
        first = arith::SelectOp::create(b, loc, isPresent, id32, first);
      }
    }
    return first;
  }

  /// Whether the runtime holds `address` on `device` (an i1).
  Value buildIsHeld(OpBuilder &b, Location loc, Value address, Value device) {
    // int omp_target_is_present(const void *, int device)
    func::FuncOp isPresent = getRuntimeQuery(
        getOperation(), "omp_target_is_present",
        b.getFunctionType(
            {LLVM::LLVMPointerType::get(b.getContext()), b.getI32Type()},
            {b.getI32Type()}));
    Value answer =
        func::CallOp::create(b, loc, isPresent, ValueRange{address, device})
            .getResult(0);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, answer,
                                 arith::ConstantIntOp::create(b, loc, 0, 32));
  }

  /// The first device (as an i32) of those the runtime reports for which
  /// `test` (an i1 built for the device) holds, or -1.
  Value buildFirstDevice(OpBuilder &b, Location loc,
                         function_ref<Value(OpBuilder &, Value)> test) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value none = arith::ConstantIntOp::create(b, loc, -1, 32);
    Value available = callRuntimeQuery(
        b, loc, getRuntimeQuery(getOperation(), "omp_get_num_devices"));
    auto forOp = scf::ForOp::create(
        b, loc, zero, available, one, ValueRange{none},
        [&](OpBuilder &body, Location, Value iv, ValueRange iterArgs) {
          Value device = toI32(body, loc, iv);
          Value notYet = arith::CmpIOp::create(
              body, loc, arith::CmpIPredicate::slt, iterArgs[0],
              arith::ConstantIntOp::create(body, loc, 0, 32));
          Value take =
              arith::AndIOp::create(body, loc, test(body, device), notYet);
          scf::YieldOp::create(body, loc,
                               ValueRange{arith::SelectOp::create(
                                   body, loc, take, device, iterArgs[0])});
        });
    return forOp.getResult(0);
  }

  /// The first device (as an i32) on which the runtime holds one of
  /// `buffers` (its lowest byte), or -1.
  Value findHoldingDevice(OpBuilder &b, Location loc, ArrayRef<Value> buffers) {
    SmallVector<Value> addresses;
    for (Value buffer : buffers)
      addresses.push_back(getAddress(b, loc, buffer));
    return buildFirstDevice(b, loc, [&](OpBuilder &body, Value device) {
      Value held = arith::ConstantIntOp::create(body, loc, 0, 1);
      for (Value address : addresses)
        held = arith::OrIOp::create(body, loc, held,
                                    buildIsHeld(body, loc, address, device));
      return held;
    });
  }

  /// A buffer of split launches that a device may hold: whether they write
  /// it, and its name for messages ("argument #1 of @step").
  struct HeldBuffer {
    Value buffer;
    bool written;
    std::string name;
  };

  /// Stops the program, with a message naming `launch` and the buffer, when
  /// `holder` (the first device holding one of `buffers`, or -1) is not
  /// where all of their current values are: a buffer held on another
  /// device that the launches write (its copy there would not be theirs),
  /// or that `holder` does not hold (its values there may be newer than
  /// the host's). Running whole on `holder` would then lose results.
  void checkSoleHolder(OpBuilder &b, Location loc, LaunchOp launch,
                       ArrayRef<HeldBuffer> buffers, Value holder) {
    Value zero32 = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value held = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                       holder, zero32);
    buildIf(b, loc, held, [&](OpBuilder &then) {
      for (const HeldBuffer &buffer : buffers) {
        Value address = getAddress(then, loc, buffer.buffer);
        // Held elsewhere counts when written, or when not on the holder.
        Value counts = arith::ConstantIntOp::create(then, loc, 1, 1);
        if (!buffer.written)
          counts = arith::XOrIOp::create(
              then, loc, buildIsHeld(then, loc, address, holder), counts);
        Value elsewhere =
            buildFirstDevice(then, loc, [&](OpBuilder &body, Value device) {
              Value other = arith::CmpIOp::create(
                  body, loc, arith::CmpIPredicate::ne, device, holder);
              Value bad = arith::AndIOp::create(body, loc, other, counts);
              return arith::AndIOp::create(
                         body, loc, bad,
                         buildIsHeld(body, loc, address, device))
                  .getResult();
            });
        Value found = arith::CmpIOp::create(
            then, loc, arith::CmpIPredicate::sge, elsewhere,
            arith::ConstantIntOp::create(then, loc, 0, 32));
        buildIf(then, loc, found, [&](OpBuilder &fail) {
          std::string format =
              ("offload: launch of @" + launch.getKernel() + " at " +
               formatLocation(loc) + " over several devices: device %d holds " +
               buffer.name +
               (buffer.written ? ", which the launch writes, "
                               : ", which device %d does not, ") +
               "but the launch would run whole on device %d, the first "
               "holding one of its buffers, and its results or inputs "
               "there would not be the current ones; enter the buffers it "
               "writes, and those a device holds, on one device only (or "
               "on none, to split it)\n")
                  .str();
          SmallVector<Value> args{elsewhere};
          if (!buffer.written)
            args.push_back(holder);
          args.push_back(holder);
          buildFailure(fail, loc, format, args);
        });
      }
    });
  }

  /// The buffers `launch` maps on its devices when split (each once, with
  /// whether the kernel writes it).
  SmallVector<HeldBuffer> getHeldBuffers(LaunchOp launch) {
    KernelOp share = getShareOf(launch);
    SmallVector<HeldBuffer> held;
    for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
      if (!isa<MemRefType>(arg.getType()))
        continue;
      ShareAccess access = getShareAccess(share, index);
      if (!access.isAccessed())
        continue;
      Value buffer = arg;
      auto it = llvm::find_if(held, [&](const HeldBuffer &other) {
        return other.buffer == buffer;
      });
      if (it != held.end()) {
        it->written |= access.written;
        continue;
      }
      held.push_back({arg, access.written, describeArgument(launch, index)});
    }
    return held;
  }

  /// Puts `launch` in the `else` branch of an `scf.if` whose `then` branch
  /// runs it whole on the device holding one of the buffers it maps, when
  /// one does.
  void runWholeWhereHeld(LaunchOp launch, KernelOp kernel) {
    SmallVector<HeldBuffer> heldBuffers = getHeldBuffers(launch);
    if (heldBuffers.empty())
      return;
    SmallVector<Value> buffers;
    for (const HeldBuffer &buffer : heldBuffers)
      buffers.push_back(buffer.buffer);
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value holder = findHoldingDevice(b, loc, buffers);
    checkSoleHolder(b, loc, launch, heldBuffers, holder);
    Value held =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, holder,
                              arith::ConstantIntOp::create(b, loc, 0, 32));
    auto ifHeld = scf::IfOp::create(b, loc, held, /*withElseRegion=*/true);
    OpBuilder then = ifHeld.getThenBodyBuilder();
    launchOn(then, launch, kernel, holder);
    launch->moveBefore(ifHeld.elseBlock()->getTerminator());
  }

  /// The initial device's number: the runtime runs what is launched on it
  /// on the host.
  Value hostDevice(OpBuilder &b, Location loc) {
    func::FuncOp query =
        getRuntimeQuery(getOperation(), "omp_get_initial_device");
    return func::CallOp::create(b, loc, query, ValueRange()).getResult(0);
  }

  /// `launch` of `kernel`, unchanged but for running on `device`.
  void launchOn(OpBuilder &b, LaunchOp launch, KernelOp kernel, Value device) {
    LaunchOp::create(b, launch.getLoc(), TypeRange(), kernel.getSymName(),
                     launch.getArgs(), ValueRange(), nullptr, device,
                     ValueRange(), ValueRange(), ValueRange(),
                     launch.getAllowAliasing(), launch.getNowait(),
                     /*all_devices=*/false);
  }

  /// Whether inlineSplitCallees inlined a call.
  bool inlinedAny = false;
  /// Per kernel: why it cannot be split (empty: it can), and its share.
  llvm::DenseMap<Operation *, std::string> reasons;
  llvm::DenseMap<Operation *, KernelOp> shares;
  /// The module's, while the pass runs.
  SymbolTable *symbols = nullptr;
  KernelAccessAnalysis analysis;
  /// The accesses of the shares of kernels made of linalg ops, by argument.
  DenseMap<Operation *, DenseMap<unsigned, ShareAccess>> linalgAccesses;
  /// Ops a remark already said split launches are not resident across.
  llvm::SmallPtrSet<Operation *, 8> remarked;
  /// The launches of the copies of runs taken when their shares differ at
  /// run time: split one by one, the run's remark speaks for them.
  llvm::SmallPtrSet<Operation *, 8> copiesOfRuns;
  /// The iteration arguments (and results) of ping-pong loops whose split
  /// launches a run keeps on the devices (acceptCarried), each with the
  /// buffers its loop starts with, which it is one of at run time.
  DenseMap<Value, SmallVector<Value, 2>> carriedInits;
  /// For those iteration arguments, all of their loop's group.
  DenseMap<Value, SmallVector<Value, 2>> carriedMembers;
  /// For the buffers such loops start with, their iteration arguments.
  DenseMap<Value, unsigned> carriedPositions;
  /// Whether code not given a buffer may touch it (isReachableElsewhere).
  DenseMap<Value, bool> reachable;
  /// Whether an op holds a split launch (holdsSplitLaunch).
  DenseMap<Operation *, bool> holdsSplit;
  /// mayAlias, as a function_ref.
  std::function<bool(Value, Value)> aliasFn = [this](Value host,
                                                     Value device) {
    return mayAlias(host, device);
  };
};
} // namespace
