//===- SplitDevices.cpp - offload-split-devices -----------------*- C++ -*-===//
//
// A launch over several devices (`devices(...)`, `devices(all)`) becomes one
// launch per device present, each running an equal share of the kernel's
// parallel loop along its outermost dimension, through a copy of the kernel
// whose loop takes its bounds from two more arguments. Map inference then
// gives each device the sections of the buffers its share reaches, so each
// device copies back only the rows it wrote.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADSPLITDEVICES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// A kernel body the split takes: pure computations, one parallel loop,
/// then (when the loop has reductions) what the kernel does with their
/// results, which the host does after combining the devices' partial
/// results.
struct KernelShape {
  scf::ParallelOp loop;
  SmallVector<Operation *> after;
};

/// The combining operation of reduction `index` of `loop` when it is one
/// arith operation with a neutral element (what the GPU lowering takes).
static Operation *getCombiner(scf::ParallelOp loop, unsigned index) {
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  Block &body = reduce.getReductions()[index].front();
  if (body.getOperations().size() != 2)
    return nullptr;
  Operation *combiner = &body.front();
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      combiner->getOperand(0) != body.getArgument(0) ||
      combiner->getOperand(1) != body.getArgument(1) ||
      !arith::getNeutralElement(combiner))
    return nullptr;
  return combiner;
}

static std::optional<KernelShape> getShape(KernelOp kernel) {
  KernelShape shape;
  for (Operation &op : kernel.getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (auto parallel = dyn_cast<scf::ParallelOp>(op);
        parallel && !shape.loop) {
      shape.loop = parallel;
      continue;
    }
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      return std::nullopt;
    if (shape.loop && shape.loop.getNumResults() != 0) {
      shape.after.push_back(&op);
      continue;
    }
    if (!isMemoryEffectFree(&op))
      return std::nullopt;
  }
  if (!shape.loop)
    return std::nullopt;
  return shape;
}

/// Why `kernel` cannot run in shares of its outermost loop dimension, or an
/// empty string when it can.
static std::string whyNotSplittable(KernelOp kernel) {
  if (kernel.getAllowRaces())
    return "it allows races (allow_races), so its iterations may not be "
           "independent";
  for (Type type : kernel.getArgumentTypes())
    if (isa<TupleType>(type))
      return "it takes aggregates";
  std::optional<KernelShape> shape = getShape(kernel);
  if (!shape)
    return "its body is not one scf.parallel loop (with computations without "
           "memory effects before it, and what it does with its reductions' "
           "results after it)";
  scf::ParallelOp loop = shape->loop;
  for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
    if (!getCombiner(loop, i))
      return "a reduction of its parallel loop does not combine with one "
             "arith operation that has a neutral element";
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[0]);
  if (!step || *step != 1)
    return "the outermost dimension of its parallel loop does not have step 1";
  return "";
}

/// Why the buffers `share` writes (among its first `numChecked` arguments,
/// the kernel's own) are not confined to the rows of its share, or an empty
/// string when they are: each device then copies back exactly the rows it
/// computed.
static std::string whyWritesOverlap(KernelOp share, unsigned numChecked) {
  KernelAccessAnalysis analysis;
  for (auto [index, type] : llvm::enumerate(share.getArgumentTypes())) {
    if (index >= numChecked)
      break;
    if (!isa<MemRefType>(type))
      continue;
    const BufferAccess &access = analysis.getAccess(share, index);
    if (!access.written)
      continue;
    const std::optional<BufferSection> &section = access.section;
    std::string what = "argument #" + std::to_string(index);
    if (!section || section->wholeBuffer)
      return what +
             " is written at rows the analysis cannot bound by the "
             "loop" +
             (access.conservative.empty() ? std::string()
                                          : " (" + access.conservative + ")");
    if (section->loopDim != 0)
      return what + " is written along another loop dimension than the "
                    "outermost";
    if (section->minOffset != 0 || section->maxOffset != 0)
      return what + " is written outside the rows of the iteration that "
                    "writes it";
  }
  return "";
}

/// `func.func private @name() -> i32` of the OpenMP runtime, declared once.
static func::FuncOp getRuntimeQuery(ModuleOp module, StringRef name) {
  if (auto func = module.lookupSymbol<func::FuncOp>(name))
    return func;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto func = func::FuncOp::create(b, module.getLoc(), name,
                                   b.getFunctionType({}, {b.getI32Type()}));
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

/// Element `index` of the device list `list`, as an i32.
static Value loadDevice(OpBuilder &b, Location loc, Value list, Value index) {
  Value device = memref::LoadOp::create(b, loc, list, index);
  if (device.getType().isInteger(32))
    return device;
  Value id = arith::IndexCastOp::create(b, loc, b.getIndexType(), device);
  return arith::IndexCastOp::create(b, loc, b.getI32Type(), id);
}

static Value callRuntimeQuery(OpBuilder &b, Location loc, func::FuncOp func) {
  Value count = func::CallOp::create(b, loc, func, ValueRange()).getResult(0);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), count);
}

struct OffloadSplitDevicesPass
    : public offload::impl::OffloadSplitDevicesBase<OffloadSplitDevicesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LaunchOp> launches;
    module.walk([&](LaunchOp launch) {
      if (launch.getAllDevices() || !launch.getDevices().empty())
        launches.push_back(launch);
    });
    if (launches.empty())
      return;
    SymbolTable symbols(module);
    for (LaunchOp launch : launches) {
      auto kernel = symbols.lookup<KernelOp>(launch.getKernel());
      if (!kernel) {
        launch.emitOpError() << "launches " << launch.getKernelAttr()
                             << ", which is not a kernel of this module";
        return signalPassFailure();
      }
      std::string reason = getShare(symbols, kernel);
      // The loop's bounds and initial values, and what the host does with
      // the reductions' results, computed from the launch's arguments.
      IRMapping mapping;
      Value lb, ub;
      SmallVector<Value> inits;
      if (reason.empty()) {
        OpBuilder b(launch);
        KernelShape shape = *getShape(kernel);
        scf::ParallelOp loop = shape.loop;
        for (auto [arg, operand] :
             llvm::zip(kernel.getArguments(), launch.getArgs()))
          mapping.map(arg, operand);
        lb = materializeOnHost(b, kernel, loop.getLowerBound()[0], mapping);
        ub = materializeOnHost(b, kernel, loop.getUpperBound()[0], mapping);
        bool computable = lb && ub;
        for (Value init : loop.getInitVals()) {
          inits.push_back(materializeOnHost(b, kernel, init, mapping));
          computable &= inits.back() != nullptr;
        }
        // What the kernel does after the loop uses values from before it.
        for (Operation *op : shape.after)
          op->walk([&](Operation *nested) {
            for (Value operand : nested->getOperands()) {
              Operation *def = operand.getDefiningOp();
              bool fromBefore =
                  isa<BlockArgument>(operand)
                      ? operand.getParentRegion() == &kernel.getBody()
                      : def->getBlock() == &kernel.getBody().front() &&
                            def->isBeforeInBlock(loop.getOperation());
              if (fromBefore && !mapping.contains(operand))
                computable &=
                    materializeOnHost(b, kernel, operand, mapping) != nullptr;
            }
          });
        if (!computable)
          reason = "the bounds or initial values of its parallel loop, or "
                   "what it uses after the loop, cannot be computed on the "
                   "host";
      }
      if (reason.empty())
        split(launch, kernel, shares[kernel], lb, ub, inits, mapping);
      else
        runOnFirstDevice(launch, kernel, reason);
      launch.erase();
    }
  }

  /// Makes (once) `@<kernel>_share`, the kernel with two more index
  /// arguments that bound the outermost dimension of its loop; returns why
  /// it cannot be used, or an empty string.
  std::string getShare(SymbolTable &symbols, KernelOp kernel) {
    auto known = reasons.find(kernel);
    if (known != reasons.end())
      return known->second;
    std::string reason = whyNotSplittable(kernel);
    if (reason.empty()) {
      OpBuilder b(kernel->getContext());
      b.setInsertionPointAfter(kernel);
      auto share = cast<KernelOp>(b.clone(*kernel));
      share.setSymName((kernel.getSymName() + "_share").str());
      symbols.insert(share); // renames it when the name is taken
      Location loc = kernel.getLoc();
      unsigned count = share.getNumArguments();
      (void)share.insertArgument(count, b.getIndexType(), {}, loc);
      (void)share.insertArgument(count + 1, b.getIndexType(), {}, loc);
      KernelShape shape = *getShape(share);
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
        TypedAttr neutral = *arith::getNeutralElement(getCombiner(loop, i));
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
      reason = whyWritesOverlap(share, count);
      if (reason.empty())
        shares[kernel] = share;
      else
        symbols.erase(share);
    }
    reasons[kernel] = reason;
    return reason;
  }

  /// Launches of `share` on each device present, one equal share of [lb,
  /// ub) each; the original launch on the host when no device is present.
  void split(LaunchOp launch, KernelOp kernel, KernelOp share, Value lb,
             Value ub, ArrayRef<Value> inits, IRMapping &mapping) {
    KernelShape shape = *getShape(kernel);
    scf::ParallelOp loop = shape.loop;
    TypeRange resultTypes = loop.getResultTypes();
    ModuleOp module = getOperation();
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value available = callRuntimeQuery(
        b, loc, getRuntimeQuery(module, "omp_get_num_devices"));

    // The devices present, in the order given: each one's position among
    // them (its share) and whether it is present.
    SmallVector<std::pair<Value, Value>> listed; // (device, present)
    Value present = available;                   // for devices(all)
    Value list = getDeviceList(launch);
    Value listSize;
    if (list) {
      listSize = memref::DimOp::create(b, loc, list, 0);
      auto count = scf::ForOp::create(
          b, loc, zero, listSize, one, ValueRange{zero},
          [&](OpBuilder &body, Location, Value iv, ValueRange iterArgs) {
            Value device = loadDevice(body, loc, list, iv);
            Value isPresent =
                isDevicePresent(body, loc, device, available).second;
            Value add =
                arith::SelectOp::create(body, loc, isPresent, one, zero);
            scf::YieldOp::create(
                body, loc,
                ValueRange{arith::AddIOp::create(body, loc, iterArgs[0], add)});
          });
      present = count.getResult(0);
    } else if (!launch.getAllDevices()) {
      present = zero;
      for (Value device : launch.getDevices()) {
        Value isPresent = isDevicePresent(b, loc, device, available).second;
        listed.push_back({device, isPresent});
        Value add = arith::SelectOp::create(b, loc, isPresent, one, zero);
        present = arith::AddIOp::create(b, loc, present, add);
      }
    }

    // Shares of ceil(n / present) iterations.
    Value span = arith::SubIOp::create(b, loc, ub, lb);
    span = arith::MaxSIOp::create(b, loc, span, zero);
    Value parts = arith::MaxSIOp::create(b, loc, present, one);
    Value chunk = arith::CeilDivSIOp::create(b, loc, span, parts);

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
      Operation *combiner = getCombiner(loop, index);
      IRMapping values;
      values.map(combiner->getOperand(0), lhs);
      values.map(combiner->getOperand(1), rhs);
      return builder.clone(*combiner, values)->getResult(0);
    };
    // The share at `position` on `device`: a launch of the share kernel
    // (when the share is not empty), its partial results combined into
    // `accs`.
    auto launchShare = [&](OpBuilder &builder, Value position, Value device,
                           ValueRange accs) {
      Value offset = arith::MulIOp::create(builder, loc, position, chunk);
      Value lo = arith::AddIOp::create(builder, loc, lb, offset);
      lo = arith::MinSIOp::create(builder, loc, lo, ub);
      Value hi = arith::AddIOp::create(builder, loc, lo, chunk);
      hi = arith::MinSIOp::create(builder, loc, hi, ub);
      Value nonEmpty = arith::CmpIOp::create(builder, loc,
                                             arith::CmpIPredicate::slt, lo, hi);
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
        LaunchOp::create(inner, loc, TypeRange(), share.getSymName(), operands,
                         ValueRange(), nullptr, device, ValueRange(),
                         ValueRange(), ValueRange(), launch.getAllowAliasing(),
                         launch.getNowait(), /*all_devices=*/false);
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
          b, loc, *arith::getNeutralElement(getCombiner(loop, i))));
    Type i32 = b.getI32Type();
    auto toI32 = [&](OpBuilder &builder, Value device) -> Value {
      if (device.getType().isInteger(32))
        return device;
      if (!device.getType().isIndex())
        device = arith::IndexCastOp::create(builder, loc,
                                            builder.getIndexType(), device);
      return arith::IndexCastOp::create(builder, loc, i32, device);
    };
    // The device of each share, when the launch lists them: the devices
    // present, in the order given.
    Value devicesOf;
    if (!launch.getAllDevices()) {
      Value size =
          list ? listSize
               : arith::ConstantIndexOp::create(b, loc, listed.size());
      size = arith::MaxSIOp::create(b, loc, size, one);
      devicesOf = memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, i32), size);
      if (list) {
        scf::ForOp::create(
            b, loc, zero, listSize, one, ValueRange{zero},
            [&](OpBuilder &body, Location, Value iv, ValueRange iterArgs) {
              Value device = loadDevice(body, loc, list, iv);
              Value isPresent =
                  isDevicePresent(body, loc, device, available).second;
              auto ifOp = scf::IfOp::create(body, loc, isPresent);
              OpBuilder then = ifOp.getThenBodyBuilder();
              memref::StoreOp::create(then, loc, device, devicesOf,
                                      iterArgs[0]);
              Value add =
                  arith::SelectOp::create(body, loc, isPresent, one, zero);
              scf::YieldOp::create(
                  body, loc,
                  ValueRange{
                      arith::AddIOp::create(body, loc, iterArgs[0], add)});
            });
      } else {
        Value position = zero;
        for (auto &[device, isPresent] : listed) {
          auto ifOp = scf::IfOp::create(b, loc, isPresent);
          OpBuilder then = ifOp.getThenBodyBuilder();
          memref::StoreOp::create(then, loc, toI32(then, device), devicesOf,
                                  position);
          Value add = arith::SelectOp::create(b, loc, isPresent, one, zero);
          position = arith::AddIOp::create(b, loc, position, add);
        }
      }
    }
    // Each share's partial results, one buffer per reduction.
    SmallVector<Value> partialsOf;
    for (Type type : resultTypes)
      partialsOf.push_back(memref::AllocOp::create(
          b, loc, MemRefType::get({ShapedType::kDynamic}, type), parts));

    // The shares run at the same time: a host thread per device present
    // (omp.parallel), each launching its share and waiting for it, so that
    // each device's copies and kernel are queued on it independently of the
    // others. Share p goes to thread p; with fewer threads (a nested
    // region, a thread limit) a thread takes every so many shares.
    // No more than the thread limit (OMP_THREAD_LIMIT), which libomp would
    // otherwise warn about; one thread without concurrency.
    omp::ParallelOperands clauses;
    if (concurrent) {
      Value limit = callRuntimeQuery(
          b, loc, getRuntimeQuery(module, "omp_get_thread_limit"));
      limit = arith::MaxSIOp::create(b, loc, limit, one);
      clauses.numThreads = arith::IndexCastOp::create(
          b, loc, i32, arith::MinSIOp::create(b, loc, parts, limit));
    } else {
      clauses.numThreads = arith::ConstantIntOp::create(b, loc, 1, 32);
    }
    auto parallel = omp::ParallelOp::create(b, loc, clauses);
    {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&parallel.getRegion());
      auto threadQuery = [&](StringRef name) -> Value {
        return callRuntimeQuery(b, loc, getRuntimeQuery(module, name));
      };
      Value thread = threadQuery("omp_get_thread_num");
      Value threads = threadQuery("omp_get_num_threads");
      scf::ForOp::create(
          b, loc, thread, present, threads, ValueRange(),
          [&](OpBuilder &body, Location, Value position, ValueRange) {
            Value device =
                devicesOf
                    ? memref::LoadOp::create(body, loc, devicesOf, position)
                          .getResult()
                    : arith::IndexCastOp::create(body, loc, i32, position)
                          .getResult();
            SmallVector<Value> results =
                launchShare(body, position, device, neutrals);
            for (auto [partials, result] : llvm::zip(partialsOf, results))
              memref::StoreOp::create(body, loc, result, partials, position);
            scf::YieldOp::create(body, loc);
          });
      omp::TerminatorOp::create(b, loc);
    }

    // After all of them finished: the partial results combined in the
    // order of the devices.
    SmallVector<Value> accs(neutrals);
    if (!resultTypes.empty()) {
      auto forOp = scf::ForOp::create(
          b, loc, zero, present, one, accs,
          [&](OpBuilder &body, Location, Value position,
              ValueRange iterArgs) {
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
    if (devicesOf)
      memref::DeallocOp::create(b, loc, devicesOf);

    // No device present: the host runs the kernel (the initial device is
    // the host, which the runtime never offloads to). Otherwise the host
    // does what the kernel did with its reductions' results.
    Value none =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, present, zero);
    auto ifNone = scf::IfOp::create(b, loc, none, /*withElseRegion=*/true);
    OpBuilder host = ifNone.getThenBodyBuilder();
    launchOn(host, launch, kernel, hostDevice(host, loc));
    OpBuilder after = ifNone.getElseBodyBuilder();
    for (auto [index, init] : llvm::enumerate(inits))
      mapping.map(loop.getResult(index),
                  combine(after, index, init, accs[index]));
    for (Operation *op : shape.after)
      after.clone(*op, mapping);

    if (remarks)
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
  }

  /// The launch on the first device present (the host when none is).
  void runOnFirstDevice(LaunchOp launch, KernelOp kernel, StringRef reason) {
    ModuleOp module = getOperation();
    OpBuilder b(launch);
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
      Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                        available, zero);
      Value device0 = arith::ConstantIntOp::create(b, loc, 0, 32);
      first = arith::SelectOp::create(b, loc, any, device0, first);
    } else {
      for (Value device : llvm::reverse(launch.getDevices())) {
        auto [id, isPresent] = isDevicePresent(b, loc, device, available);
        Value id32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), id);
        first = arith::SelectOp::create(b, loc, isPresent, id32, first);
      }
    }
    launchOn(b, launch, kernel, first);
    if (remarks)
      emitRemark(loc) << "launch of @" << kernel.getSymName()
                      << " not split over devices: " << reason
                      << "; it runs on the first device present";
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

  /// Per kernel: why it cannot be split (empty: it can), and its share.
  llvm::DenseMap<Operation *, std::string> reasons;
  llvm::DenseMap<Operation *, KernelOp> shares;
};
} // namespace
