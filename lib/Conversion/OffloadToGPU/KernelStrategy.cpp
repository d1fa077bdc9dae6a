//===- KernelStrategy.cpp - one code-generation strategy per kernel -------===//
//
// The one place that decides how a kernel is laid out on the thread grid.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::offload;

StringRef mlir::offload::stringifyKernelStrategyKind(KernelStrategyKind kind) {
  switch (kind) {
  case KernelStrategyKind::Serial:
    return "serial";
  case KernelStrategyKind::GridLoop:
    return "grid-loop";
  case KernelStrategyKind::BlocksAndThreads:
    return "blocks-and-threads";
  case KernelStrategyKind::GridReduction:
    return "grid-reduction";
  case KernelStrategyKind::TiledContraction:
    return "tiled-contraction";
  }
  llvm_unreachable("unknown strategy");
}

/// The tiled contraction strategy applies when the body holds one
/// contraction it can compute, optionally preceded by a fill of its output,
/// and otherwise only operations without memory effects.
static std::optional<KernelStrategy> matchTiledContraction(KernelOp kernel) {
  Block &body = kernel.getBody().front();
  std::optional<ContractionMatch> contraction;
  linalg::FillOp fill;
  for (Operation &op : body.without_terminator()) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (contraction)
        return std::nullopt;
      if (auto f = dyn_cast<linalg::FillOp>(op)) {
        if (fill)
          return std::nullopt;
        fill = f;
        continue;
      }
      contraction = matchContraction(linalgOp);
      if (!contraction || !canTileContraction(*contraction))
        return std::nullopt;
      continue;
    }
    if (!isMemoryEffectFree(&op))
      return std::nullopt;
  }
  if (!contraction)
    return std::nullopt;
  if (fill && fill.getOutputs().front() != contraction->getC())
    return std::nullopt;
  KernelStrategy strategy;
  strategy.kind = KernelStrategyKind::TiledContraction;
  strategy.root = contraction->op;
  strategy.contraction = contraction;
  strategy.fill = fill;
  strategy.tiling = chooseContractionTiling(*contraction);
  llvm::raw_string_ostream os(strategy.reason);
  os << "'" << contraction->op->getName() << "' in " << strategy.tiling.tileM
     << "x" << strategy.tiling.tileN << " output tiles per block, "
     << strategy.tiling.threadM << "x" << strategy.tiling.threadN
     << " per thread, k in steps of " << strategy.tiling.tileK
     << " through shared memory";
  if (fill)
    os << ", the fill as the accumulators' initial value";
  return strategy;
}

KernelStrategy mlir::offload::selectKernelStrategy(KernelOp kernel) {
  if (std::optional<KernelStrategy> tiled = matchTiledContraction(kernel))
    return *tiled;
  KernelStrategy strategy;
  Operation *loop = kernel.getParallelLoop();
  strategy.root = loop;
  if (!loop) {
    strategy.kind = KernelStrategyKind::Serial;
    strategy.reason = "no parallel loop: the first thread runs the body";
    return strategy;
  }
  auto parallel = dyn_cast<scf::ParallelOp>(loop);
  if (parallel && parallel.getNumResults() != 0) {
    strategy.kind = KernelStrategyKind::GridReduction;
    strategy.reason = "a parallel loop with reductions: partial results per "
                      "thread, combined per block, then across blocks";
    return strategy;
  }
  if (mapsParallelLoopOnBlocks(kernel)) {
    strategy.kind = KernelStrategyKind::BlocksAndThreads;
    strategy.reason = "a parallel loop holding parallel loops: one block per "
                      "iteration, the nested loops on its threads";
    return strategy;
  }
  strategy.kind = KernelStrategyKind::GridLoop;
  strategy.reason = "a parallel loop without reductions: one iteration per "
                    "thread";
  return strategy;
}
