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
/// The kernel's one parallel loop, when its body is that loop and pure
/// computations; null otherwise.
static scf::ParallelOp getOnlyLoop(KernelOp kernel) {
  scf::ParallelOp loop;
  for (Operation &op : kernel.getBody().front()) {
    if (auto parallel = dyn_cast<scf::ParallelOp>(op)) {
      if (loop)
        return {};
      loop = parallel;
      continue;
    }
    if (!op.hasTrait<OpTrait::IsTerminator>() && !isMemoryEffectFree(&op))
      return {};
  }
  return loop;
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
  scf::ParallelOp loop = getOnlyLoop(kernel);
  if (!loop)
    return "its body is not one scf.parallel loop (and computations without "
           "memory effects)";
  if (loop.getNumResults() != 0)
    return "its parallel loop has reductions, whose partial results are not "
           "combined across devices yet";
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[0]);
  if (!step || *step != 1)
    return "the outermost dimension of its parallel loop does not have step 1";
  return "";
}

/// Why the buffers `share` writes are not confined to the rows of its
/// share, or an empty string when they are: each device then copies back
/// exactly the rows it computed.
static std::string whyWritesOverlap(KernelOp share) {
  KernelAccessAnalysis analysis;
  for (auto [index, type] : llvm::enumerate(share.getArgumentTypes())) {
    if (!isa<MemRefType>(type))
      continue;
    const BufferAccess &access = analysis.getAccess(share, index);
    if (!access.written)
      continue;
    const std::optional<BufferSection> &section = access.section;
    std::string what = "argument #" + std::to_string(index);
    if (!section || section->wholeBuffer)
      return what + " is written at rows the analysis cannot bound by the "
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
  auto func = func::FuncOp::create(
      b, module.getLoc(), name,
      b.getFunctionType({}, {b.getI32Type()}));
  func.setPrivate();
  return func;
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
      Value lb, ub;
      if (reason.empty()) {
        OpBuilder b(launch);
        scf::ParallelOp loop = getOnlyLoop(kernel);
        lb = materializeOnHost(b, launch, kernel, loop.getLowerBound()[0]);
        ub = materializeOnHost(b, launch, kernel, loop.getUpperBound()[0]);
        if (!lb || !ub)
          reason = "the bounds of its parallel loop cannot be computed on "
                   "the host";
      }
      if (reason.empty())
        split(launch, kernel, shares[kernel], lb, ub);
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
      share.insertArgument(count, b.getIndexType(), {}, loc);
      share.insertArgument(count + 1, b.getIndexType(), {}, loc);
      scf::ParallelOp loop = getOnlyLoop(share);
      loop.getLowerBoundMutable()[0].set(share.getArgument(count));
      loop.getUpperBoundMutable()[0].set(share.getArgument(count + 1));
      reason = whyWritesOverlap(share);
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
             Value ub) {
    ModuleOp module = getOperation();
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value available =
        callRuntimeQuery(b, loc, getRuntimeQuery(module, "omp_get_num_devices"));

    // The devices present, in the order given: each one's position among
    // them (its share) and whether it is present.
    SmallVector<std::pair<Value, Value>> listed; // (device, present)
    Value present = available;                   // for devices(all)
    if (!launch.getAllDevices()) {
      present = zero;
      for (Value device : launch.getDevices()) {
        Value id = device.getType().isIndex()
                       ? device
                       : arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                                    device)
                             .getResult();
        Value nonNegative = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::sge, id, zero);
        Value below = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt, id, available);
        Value isPresent = arith::AndIOp::create(b, loc, nonNegative, below);
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
    auto launchShare = [&](OpBuilder &builder, Value position, Value device) {
      Value offset = arith::MulIOp::create(builder, loc, position, chunk);
      Value lo = arith::AddIOp::create(builder, loc, lb, offset);
      lo = arith::MinSIOp::create(builder, loc, lo, ub);
      Value hi = arith::AddIOp::create(builder, loc, lo, chunk);
      hi = arith::MinSIOp::create(builder, loc, hi, ub);
      Value nonEmpty = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, lo, hi);
      auto ifOp = scf::IfOp::create(builder, loc, nonEmpty);
      OpBuilder inner = ifOp.getThenBodyBuilder();
      SmallVector<Value> operands(args);
      operands.push_back(lo);
      operands.push_back(hi);
      LaunchOp::create(inner, loc, TypeRange(), share.getSymName(), operands,
                       ValueRange(), nullptr, device, ValueRange(),
                       ValueRange(), ValueRange(), launch.getAllowAliasing(),
                       launch.getNowait(), /*all_devices=*/false);
    };

    if (launch.getAllDevices()) {
      auto loop = scf::ForOp::create(b, loc, zero, present, one);
      OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
      Value device = arith::IndexCastOp::create(body, loc, body.getI32Type(),
                                                loop.getInductionVar());
      launchShare(body, loop.getInductionVar(), device);
    } else {
      Value position = zero;
      for (auto [device, isPresent] : listed) {
        auto ifOp = scf::IfOp::create(b, loc, isPresent);
        OpBuilder then = ifOp.getThenBodyBuilder();
        launchShare(then, position, device);
        Value add = arith::SelectOp::create(b, loc, isPresent, one, zero);
        position = arith::AddIOp::create(b, loc, position, add);
      }
    }

    // No device present: the host runs the kernel (the initial device is
    // the host, which the runtime never offloads to).
    Value none =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, present, zero);
    auto ifNone = scf::IfOp::create(b, loc, none);
    OpBuilder host = ifNone.getThenBodyBuilder();
    launchOn(host, launch, kernel, hostDevice(host, loc));

    if (remarks)
      emitRemark(loc) << "launch of @" << kernel.getSymName()
                      << " split over "
                      << (launch.getAllDevices()
                              ? std::string("every device present")
                              : std::to_string(launch.getDevices().size()) +
                                    " listed devices")
                      << ": each runs an equal share of the outermost loop "
                         "dimension through @"
                      << share.getSymName()
                      << " and gets the sections of the buffers its share "
                         "reaches";
  }

  /// The launch on the first device present (the host when none is).
  void runOnFirstDevice(LaunchOp launch, KernelOp kernel, StringRef reason) {
    ModuleOp module = getOperation();
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value available =
        callRuntimeQuery(b, loc, getRuntimeQuery(module, "omp_get_num_devices"));
    Value first = hostDevice(b, loc);
    if (launch.getAllDevices()) {
      Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                        available, zero);
      Value device0 = arith::ConstantIntOp::create(b, loc, 0, 32);
      first = arith::SelectOp::create(b, loc, any, device0, first);
    } else {
      for (Value device : llvm::reverse(launch.getDevices())) {
        Value id = device.getType().isIndex()
                       ? device
                       : arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                                    device)
                             .getResult();
        Value nonNegative = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::sge, id, zero);
        Value below = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt, id, available);
        Value isPresent = arith::AndIOp::create(b, loc, nonNegative, below);
        Value id32 =
            arith::IndexCastOp::create(b, loc, b.getI32Type(), id);
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
    func::FuncOp query = getRuntimeQuery(getOperation(), "omp_get_initial_device");
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
