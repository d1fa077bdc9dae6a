//===- KernelStrategy.cpp - one code-generation strategy per kernel -------===//
//
// The one place that decides how a kernel is laid out on the thread grid.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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
  case KernelStrategyKind::TiledTranspose:
    return "tiled-transpose";
  case KernelStrategyKind::TiledContraction:
    return "tiled-contraction";
  case KernelStrategyKind::TensorCoreContraction:
    return "tensor-core-contraction";
  }
  llvm_unreachable("unknown strategy");
}

/// The tensor cores of the targets of the module that holds `kernel`:
/// whether one runs wgmma kernels, and whether one runs mma.sync kernels
/// but not wgmma ones.
struct ModuleTensorCores {
  bool warpgroup = false, warpOnly = false;
};
static ModuleTensorCores getModuleTensorCores(KernelOp kernel) {
  ModuleTensorCores cores;
  auto module = kernel->getParentOfType<ModuleOp>();
  auto targets = module ? module->getAttrOfType<ArrayAttr>(
                              OffloadDialect::getTargetsAttrName())
                        : ArrayAttr();
  if (!targets)
    return cores;
  for (Attribute attr : targets) {
    auto target = dyn_cast<TargetAttrInterface>(attr);
    if (!target)
      continue;
    if (target.getWarpgroupMmaModuleTarget())
      cores.warpgroup = true;
    else if (target.getWarpMmaModuleTarget())
      cores.warpOnly = true;
  }
  return cores;
}

unsigned mlir::offload::getNumStrategyParams(const KernelStrategy &strategy) {
  return strategy.kind == KernelStrategyKind::TensorCoreContraction ? 2 : 0;
}

/// The tiled contraction strategy applies when the body holds one
/// contraction it can compute, optionally preceded by a fill of its output,
/// and otherwise only operations without memory effects.
static std::optional<KernelStrategy> matchTiledContraction(KernelOp kernel) {
  Block &body = kernel.getBody().front();
  std::optional<ContractionMatch> contraction;
  linalg::FillOp fill;
  linalg::LinalgOp epilogue;
  for (Operation &op : body.without_terminator()) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      // One elementwise op after the contraction, as its epilogue.
      if (contraction && !epilogue &&
          getFusableEpilogue(*contraction) == linalgOp) {
        epilogue = linalgOp;
        continue;
      }
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
  // Tensor cores where a target of the module has them and the contraction
  // fits them.
  std::string why;
  ModuleTensorCores cores = getModuleTensorCores(kernel);
  // Without a wgmma target, the mma.sync kernel needs no tensor maps.
  if ((cores.warpgroup || cores.warpOnly) &&
      canUseTensorCores(*contraction, kernel, why,
                        /*tma=*/cores.warpgroup)) {
    KernelStrategy strategy;
    strategy.kind = KernelStrategyKind::TensorCoreContraction;
    strategy.root = contraction->op;
    strategy.contraction = contraction;
    strategy.fill = fill;
    strategy.epilogue = epilogue;
    strategy.tiling = TensorCoreTiling::simtTiling();
    TensorCoreOperands ops = getTensorCoreOperands(*contraction);
    bool batched = contraction->batch >= 0;
    llvm::raw_string_ostream os(strategy.reason);
    os << "'" << contraction->op->getName() << "' of " << contraction->aType;
    auto layouts = [&] {
      os << "A" << (batched ? "[b]" : "") << (ops.aKMajor ? "[m][k]" : "[k][m]")
         << " and B" << (batched ? "[b]" : "")
         << (ops.bKMajor ? "[n][k]" : "[k][n]");
    };
    auto describeFillAndEpilogue = [&] {
      if (fill)
        os << "; the fill as the accumulators' initial value";
      if (epilogue)
        os << "; epilogue fused into the tensor-core contraction: '"
           << epilogue->getName() << "' computed on each element of the tile "
           << "before it is stored";
    };
    using W = MmaSyncTiling;
    bool tf32 = ops.elementBytes == 4;
    auto mmaSync = [&] {
      os << W::tileM << "x" << W::tileN << " output tiles per block of "
         << W::threads / 32 << " warps (" << W::warpM << "x" << W::warpN
         << " each, " << (tf32 ? "TF32 mma.sync m16n8k8" : "mma.sync m16n8k16")
         << "), ";
      layouts();
      os << ", k in slices of " << W::tileK(ops.elementBytes)
         << " loaded by cp.async through " << W::stages
         << " shared-memory stages and read by ";
      // ldmatrix transposes 16-bit elements only: f32 operands stored
      // along k-rows are read by 32-bit shared loads.
      const char *both = !ops.aKMajor && !ops.bKMajor ? "A and B"
                         : !ops.aKMajor               ? "A"
                                                      : "B";
      if (ops.aKMajor && ops.bKMajor)
        os << "ldmatrix";
      else if (!tf32)
        os << "ldmatrix (transposed for " << both << ")";
      else if (!ops.aKMajor && !ops.bKMajor)
        os << "32-bit shared loads";
      else
        os << "ldmatrix (" << (ops.aKMajor ? "A" : "B")
           << ") and 32-bit shared loads (" << both << ")";
    };
    if (tf32)
      os << " as TF32 ('" << OffloadDialect::getAllowTF32AttrName() << "')";
    if (!cores.warpgroup || ops.needsMmaSync()) {
      os << " on tensor cores where the target has mma.sync (sm_80 and "
            "later";
      if (cores.warpgroup)
        os << ", sm_90 included: TF32 wgmma reads A only k-contiguous";
      os << "): ";
      mmaSync();
      os << "; elsewhere, and when the launch gives too little shared "
            "memory, the tiled contraction on the same grid";
      describeFillAndEpilogue();
      return strategy;
    }
    // The wgmma kernel's producer warpgroup makes every image's blocks
    // larger: the other paths leave the extra threads idle.
    strategy.blockThreads = TensorCoreTiling::specializedThreads;
    os << " on tensor cores where the target has wgmma: "
       << TensorCoreTiling::tileM << "x" << ops.tileN
       << (ops.tileN < TensorCoreTiling::tileN ? " (N fits)" : "")
       << " output tiles per block of " << TensorCoreTiling::warpgroups
       << " consumer warpgroups and a producer warpgroup that issues the "
          "loads, ";
    layouts();
    os << ", k in slices of " << ops.tileK() << " loaded by TMA through "
       << ops.stages() << " shared-memory stages";
    if (ops.transposesB())
      os << ", computed as C^T = B^T A^T with B's slices loaded into "
            "registers (TF32 wgmma reads shared memory only k-contiguous)";
    if (cores.warpOnly) {
      os << "; where the target has mma.sync but not wgmma: ";
      mmaSync();
    }
    os << "; elsewhere, and when the runtime gives no "
          "tensor maps, the tiled contraction on the same grid";
    describeFillAndEpilogue();
    return strategy;
  }
  KernelStrategy strategy;
  strategy.kind = KernelStrategyKind::TiledContraction;
  strategy.root = contraction->op;
  strategy.contraction = contraction;
  strategy.fill = fill;
  strategy.epilogue = epilogue;
  strategy.tiling = chooseContractionTiling(*contraction);
  llvm::raw_string_ostream os(strategy.reason);
  os << "'" << contraction->op->getName() << "' in " << strategy.tiling.tileM
     << "x" << strategy.tiling.tileN << " output tiles per block, "
     << strategy.tiling.threadM << "x" << strategy.tiling.threadN
     << " per thread, k in steps of " << strategy.tiling.tileK
     << " through shared memory";
  if (fill)
    os << ", the fill as the accumulators' initial value";
  if (epilogue)
    os << ", epilogue fused into the tiled contraction: '"
       << epilogue->getName() << "' computed on each element before it is "
       << "stored";
  if (!why.empty())
    os << " (not on tensor cores: " << why << ")";
  return strategy;
}

/// Whether `value` is the same for every iteration of the innermost
/// dimension of `parallel`.
static bool isInvariantToInnermost(Value value, scf::ParallelOp parallel) {
  Value iv = parallel.getInductionVars().back();
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (v == iv)
      return false;
    Operation *def = v.getDefiningOp();
    if (!def || !parallel->isAncestor(def) || !seen.insert(def).second)
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions())
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

std::optional<std::pair<Value, ValueRange>>
mlir::offload::getLoadStoreAccess(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return std::make_pair(load.getMemRef(), ValueRange(load.getIndices()));
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return std::make_pair(store.getMemRef(), ValueRange(store.getIndices()));
  return std::nullopt;
}

SmallVector<Operation *>
mlir::offload::getTransposedLoads(scf::ParallelOp parallel) {
  SmallVector<Operation *> loads;
  if (parallel.getNumResults() != 0 || parallel.getNumLoops() != 2)
    return loads;
  for (Value step : parallel.getStep())
    if (getConstantIntValue(step) != std::optional<int64_t>(1))
      return loads;
  Value i = parallel.getInductionVars()[0], j = parallel.getInductionVars()[1];
  bool nested = false;
  llvm::DenseSet<Value> written;
  parallel.getBody()->walk([&](Operation *op) {
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      nested = true;
    if (auto store = dyn_cast<memref::StoreOp>(op))
      written.insert(store.getMemRef());
    else if (!isa<memref::LoadOp>(op) && !isMemoryEffectFree(op) &&
             !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      nested = true; // unknown writes: stay with the grid loop
  });
  if (nested)
    return loads;
  llvm::DenseSet<Value> read;
  parallel.getBody()->walk([&](memref::LoadOp load) {
    read.insert(load.getMemRef());
  });
  llvm::DenseMap<Value, unsigned> stores;
  parallel.getBody()->walk([&](memref::StoreOp store) {
    ++stores[store.getMemRef()];
  });
  auto transposed = [&](ValueRange indices, Value memref) {
    return indices.size() == 2 && indices[0] == j && indices[1] == i &&
           !parallel->isAncestor(memref.getParentBlock()->getParentOp());
  };
  for (Operation &op : parallel.getBody()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (transposed(load.getIndices(), load.getMemRef()) &&
          !written.contains(load.getMemRef()))
        loads.push_back(load);
      continue;
    }
    // A buffer only written, once, at [j, i].
    if (auto store = dyn_cast<memref::StoreOp>(op))
      if (transposed(store.getIndices(), store.getMemRef()) &&
          !read.contains(store.getMemRef()) &&
          stores[store.getMemRef()] == 1)
        loads.push_back(store);
  }
  return loads;
}

int64_t mlir::offload::getGridVectorWidth(scf::ParallelOp parallel) {
  std::optional<int64_t> step = getConstantIntValue(parallel.getStep().back());
  if (!step || *step != 1)
    return 1;
  Value iv = parallel.getInductionVars().back();
  int64_t widest = 0;
  bool ok = true;
  parallel.getBody()->walk([&](Operation *op) {
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      ok = false;
    auto access = getLoadStoreAccess(op);
    if (!access)
      return;
    auto [memref, indices] = *access;
    if (indices.empty() || indices.back() != iv)
      return;
    auto type = cast<MemRefType>(memref.getType());
    Type element = type.getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
        !llvm::isPowerOf2_64(element.getIntOrFloatBitWidth()) ||
        element.getIntOrFloatBitWidth() > 64)
      return;
    int64_t offset;
    SmallVector<int64_t> strides;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        strides.back() != 1)
      return;
    for (Value index : indices.drop_back())
      if (!isInvariantToInnermost(index, parallel))
        return;
    widest = std::max<int64_t>(widest, element.getIntOrFloatBitWidth() / 8);
  });
  if (!ok || widest == 0 || widest > 8)
    return 1;
  return 16 / widest;
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
    strategy.vectorWidth =
        parallel.getNumLoops() == 1 ? getGridVectorWidth(parallel) : 1;
    strategy.reason = "a parallel loop with reductions: partial results per "
                      "thread";
    if (strategy.vectorWidth > 1)
      strategy.reason += " (" + std::to_string(strategy.vectorWidth) +
                         " consecutive iterations at a time, 16-byte "
                         "accesses when aligned)";
    strategy.reason += ", combined per block, then across blocks";
    return strategy;
  }
  if (mapsParallelLoopOnBlocks(kernel)) {
    strategy.kind = KernelStrategyKind::BlocksAndThreads;
    strategy.reason = "a parallel loop holding parallel loops: one block per "
                      "iteration, the nested loops on its threads (" +
                      std::to_string(kBlockMappingUnroll) +
                      " chunks in flight per thread, 16-byte chunks where "
                      "the accesses are contiguous and aligned)";
    return strategy;
  }
  if (parallel && !getTransposedLoads(parallel).empty()) {
    strategy.kind = KernelStrategyKind::TiledTranspose;
    strategy.reason = "a 2-D parallel loop reading or writing a buffer "
                      "transposed: 32x32 tiles of it staged through shared "
                      "memory (blocks of 32 x 8 threads), moved along its "
                      "rows and used along the loop's";
    return strategy;
  }
  strategy.kind = KernelStrategyKind::GridLoop;
  strategy.vectorWidth = parallel ? getGridVectorWidth(parallel) : 1;
  if (strategy.vectorWidth > 1)
    strategy.reason = ("a parallel loop without reductions: " +
                       Twine(strategy.vectorWidth) +
                       " consecutive iterations per thread, its contiguous "
                       "accesses 16 bytes wide when aligned")
                          .str();
  else
    strategy.reason = "a parallel loop without reductions: one iteration "
                      "per thread";
  return strategy;
}

Value mlir::offload::buildDynamicSharedSize(OpBuilder &b, Location loc) {
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), ValueRange{}, "mov.u32 $0, %dynamic_smem_size;",
      "=r", /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

Value mlir::offload::buildIsAligned(OpBuilder &b, Location loc, Value memref,
                                    int64_t elements) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  auto isZeroModulo = [&](Value v, int64_t d) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, v, index(d)), index(0));
  };
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value begin = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, meta.getOffset(), index(bytes)));
  Value ok = isZeroModulo(begin, elements * bytes);
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    ok = arith::AndIOp::create(b, loc, ok,
                               isZeroModulo(meta.getStrides()[d], elements));
  return ok;
}
