//===- ChainLaunches.cpp - offload-chain-launches ---------------*- C++ -*-===//
//
// Marks launches (and copies between devices) `nowait` and inserts an
// `offload.wait` before the first operation that may depend on their
// kernels, so that consecutive launches are queued on the device without
// the host waiting for each one.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHAINLAUNCHES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Ops whose regions run in program order on the thread that reaches them,
/// so launches queued inside stay in order with those around them.
static bool isSequentialControlFlow(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp>(op);
}

/// An `omp.parallel` region without reductions or privatization: its
/// threads' launches are queued in no particular order among them, as they
/// would run in no particular order if each thread waited for its own
/// (offload-split-devices' shares, one thread per device).
static bool isPlainParallel(Operation *op) {
  auto parallel = dyn_cast<omp::ParallelOp>(op);
  return parallel && parallel.getReductionVars().empty() &&
         parallel.getPrivateVars().empty();
}

/// A call of an OpenMP runtime function (declared, not defined here) that
/// only reads the runtime's state (which thread, how many threads or
/// devices).
static bool isRuntimeQuery(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call)
    return false;
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || !callee.isExternal())
    return false;
  return llvm::is_contained(
      {StringRef("omp_get_thread_num"), StringRef("omp_get_num_threads"),
       StringRef("omp_get_max_threads"), StringRef("omp_get_thread_limit"),
       StringRef("omp_get_num_devices"), StringRef("omp_get_initial_device"),
       StringRef("omp_get_default_device"), StringRef("omp_get_device_num")},
      call.getCallee());
}

/// Whether `buffer` is host memory no kernel can reach: allocated in this
/// function and used only by loads, stores into it, `memref.dim` and its
/// dealloc, or filled by `offload.all_devices` (never passed on, viewed or
/// stored anywhere).
static bool isHostPrivate(Value buffer) {
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
          buffer.getDefiningOp()))
    return false;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::LoadOp, memref::DimOp, memref::DeallocOp, AllDevicesOp>(
            user))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user))
      if (store.getValueToStore() != buffer)
        continue;
    return false;
  }
  return true;
}

/// Host work that no queued kernel can affect or be affected by: runtime
/// queries, and allocating, reading, writing or freeing host-private
/// buffers (offload-split-devices' list of the devices present).
static bool isIndependentOfKernels(Operation *op) {
  if (isRuntimeQuery(op) || isa<omp::BarrierOp>(op))
    return true;
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return isHostPrivate(op->getResult(0));
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return isHostPrivate(load.getMemRef());
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return isHostPrivate(store.getMemRef());
  if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
    return isHostPrivate(dealloc.getMemref());
  if (auto all = dyn_cast<AllDevicesOp>(op))
    return isHostPrivate(all.getList());
  return false;
}

/// Whether `op` does nothing but queue launches and compute values, so that
/// kernels queued before it need not have finished; sets `launches` when it
/// launches.
static bool onlyQueues(Operation *op, bool &launches) {
  // A copy between devices queues behind both devices' kernels, and what
  // is queued on either after it waits for it (the runtime library orders
  // them; where it cannot queue the copy it waits for every kernel first).
  if (isa<LaunchOp, DeviceCopyOp>(op)) {
    launches = true;
    return true;
  }
  if (isIndependentOfKernels(op))
    return true;
  if (op->getNumRegions() == 0)
    return isMemoryEffectFree(op);
  if (!isSequentialControlFlow(op) && !isPlainParallel(op))
    return false;
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (!onlyQueues(&nested, launches))
        return false;
  return true;
}

namespace {
struct OffloadChainLaunchesPass
    : public offload::impl::OffloadChainLaunchesBase<
          OffloadChainLaunchesPass> {
  using Base::Base;

  void runOnOperation() override {
    // Nothing to do without launches (most functions).
    if (getOperation()
            .walk([](LaunchOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      for (Block &block : getOperation().getBody())
        processBlock(block);
  }

private:
  /// Queues the launches of `block` and of the ops in it, waiting where
  /// something may need their kernels finished.
  void processBlock(Block &block) {
    bool pending = false;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        if (pending)
          insertWait(&op);
        pending = false;
        continue;
      }
      bool launches = false;
      if (onlyQueues(&op, launches)) {
        if (launches) {
          op.walk([&](Operation *nested) {
            if (auto launch = dyn_cast<LaunchOp>(nested)) {
              launch.setNowait(true);
              ++numNowait;
            } else if (auto copy = dyn_cast<DeviceCopyOp>(nested)) {
              copy.setNowait(true);
              ++numNowaitCopies;
            }
          });
          pending = true;
        }
        continue;
      }
      if (pending)
        insertWait(&op);
      pending = false;
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          processBlock(nested);
    }
    // A block without a terminator (offload.data's): wait at its end.
    if (pending) {
      OpBuilder builder = OpBuilder::atBlockEnd(&block);
      Location loc = block.empty() ? block.getParent()->getLoc()
                                   : block.back().getLoc();
      WaitOp::create(builder, loc);
      ++numWaits;
      if (remarks)
        emitRemark(loc) << "waits for the kernels launched before the end "
                           "of the region";
    }
  }

  void insertWait(Operation *before) {
    OpBuilder builder(before);
    WaitOp::create(builder, before->getLoc());
    ++numWaits;
    if (!remarks)
      return;
    if (isa<func::ReturnOp>(before))
      before->emitRemark() << "waits for the kernels launched before the "
                              "function returns";
    else if (before->getNumSuccessors() > 0)
      before->emitRemark() << "waits for the kernels launched before the "
                              "branch to another block";
    else if (before->hasTrait<OpTrait::IsTerminator>())
      before->emitRemark() << "waits for the kernels launched before the "
                              "end of the region";
    else
      before->emitRemark() << "waits for the kernels launched before: '"
                           << before->getName()
                           << "' may touch memory they use";
  }
};
} // namespace
