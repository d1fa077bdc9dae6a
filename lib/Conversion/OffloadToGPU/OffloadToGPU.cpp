//===- OffloadToGPU.cpp - offload kernels to gpu modules --------*- C++ -*-===//
//
// Builds one device gpu.module per target from the module's offload.kernel
// ops, plus a host copy of every kernel for fallback.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::offload {
#define GEN_PASS_DEF_CONVERTOFFLOADTOGPU
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

std::string mlir::offload::getDeviceModuleName(TargetAttrInterface target) {
  std::string name = ("__offload_" + target.getTargetName()).str();
  if (auto nvptx = dyn_cast<NVPTXTargetAttr>(target))
    name += "_" + nvptx.getChip().str();
  else if (auto amdgpu = dyn_cast<AMDGPUTargetAttr>(target))
    name += "_" + amdgpu.getChip().str();
  return name;
}

std::string mlir::offload::getFallbackName(StringRef kernelName) {
  return ("__offload_fallback_" + kernelName).str();
}

//===----------------------------------------------------------------------===//
// Checks for the thread grid
//===----------------------------------------------------------------------===//

/// True when `op`, outside the kernel's parallel loop, may write memory that
/// other threads can see (anything but thread-private allocas).
static bool mayWriteSharedMemory(Operation *op) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false; // nested ops are visited on their own
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return !op->hasTrait<OpTrait::IsTerminator>();
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &it) {
    if (!isa<MemoryEffects::Write>(it.getEffect()))
      return false;
    Value value = it.getValue();
    return !value || !value.getDefiningOp<memref::AllocaOp>();
  });
}

/// The operation of an scf.reduce region that combines its two arguments
/// with one arith operation that has a neutral element, or null.
static Operation *getReductionCombiner(Region &region) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 || !llvm::hasSingleElement(
                                          block.without_terminator()))
    return nullptr;
  Operation *op = &block.front();
  auto ret = dyn_cast<scf::ReduceReturnOp>(block.getTerminator());
  if (!ret || ret.getResult() != op->getResult(0) || op->getNumOperands() != 2 ||
      op->getNumResults() != 1 ||
      !llvm::is_contained(op->getOperands(), block.getArgument(0)) ||
      !llvm::is_contained(op->getOperands(), block.getArgument(1)) ||
      !arith::getNeutralElement(op))
    return nullptr;
  return op;
}

std::optional<gpu::AllReduceOperation>
mlir::offload::getReductionKind(Region &region) {
  Operation *op = getReductionCombiner(region);
  if (!op)
    return std::nullopt;
  using K = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<K>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return K::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return K::MUL; })
      .Case<arith::MaximumFOp>([](auto) { return K::MAXIMUMF; })
      .Case<arith::MinimumFOp>([](auto) { return K::MINIMUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return K::MAXNUMF; })
      .Case<arith::MinNumFOp>([](auto) { return K::MINNUMF; })
      .Case<arith::MaxSIOp>([](auto) { return K::MAXSI; })
      .Case<arith::MinSIOp>([](auto) { return K::MINSI; })
      .Case<arith::MaxUIOp>([](auto) { return K::MAXUI; })
      .Case<arith::MinUIOp>([](auto) { return K::MINUI; })
      .Case<arith::AndIOp>([](auto) { return K::AND; })
      .Case<arith::OrIOp>([](auto) { return K::OR; })
      .Case<arith::XOrIOp>([](auto) { return K::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The checks of verifyKernelContents on the kernel's parallel loops.
static LogicalResult verifyKernelLoops(KernelOp kernel) {
  SmallVector<Operation *> loops;
  for (Operation &op : kernel.getBody().front())
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      loops.push_back(&op);
  if (loops.size() > 1) {
    InFlightDiagnostic diag =
        kernel.emitOpError()
        << "has " << loops.size()
        << " parallel loops at the top of its body; a kernel's iteration "
           "space is one loop (split it into one kernel per loop)";
    diag.attachNote(loops[1]->getLoc()) << "second parallel loop";
    return diag;
  }
  Operation *loop = loops.empty() ? nullptr : loops.front();
  bool reduces = false;
  if (auto parallel = dyn_cast_or_null<scf::ParallelOp>(loop)) {
    reduces = parallel.getNumResults() != 0;
    for (Type type : parallel.getResultTypes())
      if (!type.isIntOrFloat())
        return parallel.emitError()
               << "a kernel's parallel loop can reduce integers and floats, "
                  "not "
               << type;
    for (auto [index, region] : llvm::enumerate(
             parallel.getRegion().front().getTerminator()->getRegions()))
      if (!getReductionKind(region))
        return parallel.emitError()
               << "reduction " << index
               << " of a kernel's parallel loop must combine its two "
                  "arguments with one arith operation that has a neutral "
                  "element and a GPU counterpart (addf, addi, mulf, muli, "
                  "maximumf, minimumf, maxnumf, minnumf, maxsi, minsi, maxui, "
                  "minui, andi, ori, xori)";
    if (parallel.getNumLoops() > 3)
      return parallel.emitError()
             << "a kernel's parallel loop has 1 to 3 dimensions, this one "
             << parallel.getNumLoops();
  }
  if (auto forall = dyn_cast_or_null<scf::ForallOp>(loop)) {
    if (!forall.getOutputs().empty())
      return forall.emitError()
             << "a kernel's scf.forall cannot have shared outputs; write to "
                "memref arguments instead";
    if (forall.getRank() > 3)
      return forall.emitError()
             << "a kernel's parallel loop has 1 to 3 dimensions, this one "
             << forall.getRank();
  }
  if (!loop)
    return success();
  WalkResult result =
      kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op == loop)
          return WalkResult::skip();
        // After a loop with reductions, the kernel runs once, on one thread
        // (see distributeReductionOverGrid).
        if (reduces && loop->isBeforeInBlock(
                           kernel.getBody().front().findAncestorOpInBlock(*op)))
          return WalkResult::skip();
        if (!mayWriteSharedMemory(op))
          return WalkResult::advance();
        InFlightDiagnostic diag =
            op->emitError()
            << "kernel " << kernel.getSymNameAttr()
            << " may write memory outside its parallel loop, "
               "which every GPU thread would do; move the write "
               "into the loop or into its own kernel";
        diag.attachNote(loop->getLoc()) << "the kernel's parallel loop";
        return WalkResult::interrupt();
      });
  return failure(result.wasInterrupted());
}

LogicalResult mlir::offload::verifyKernelContents(KernelOp kernel) {
  if (failed(verifyKernelLoops(kernel)))
    return failure();
  // Kernels work on buffers: nothing bufferizes tensor values inside them.
  WalkResult tensors = kernel.walk([&](Operation *op) {
    auto isTensor = [](Type type) { return isa<TensorType>(type); };
    if (llvm::none_of(op->getResultTypes(), isTensor) &&
        llvm::none_of(op->getOperandTypes(), isTensor))
      return WalkResult::advance();
    op->emitError() << "'" << op->getName() << "' in kernel @"
                    << kernel.getSymName()
                    << " works on tensor values: kernels work on memrefs "
                       "(pass a buffer, or read a table of constants from a "
                       "memref.global)";
    return WalkResult::interrupt();
  });
  if (tensors.wasInterrupted())
    return failure();
  // Atomic updates no target has: a multiply (LLVM's atomicrmw has none),
  // a compare-and-swap loop on floats (cmpxchg takes integers), float
  // kinds on integers.
  WalkResult atomics = kernel.walk([&](Operation *op) {
    if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op)) {
      arith::AtomicRMWKind kind = rmw.getKind();
      bool isFloat = isa<FloatType>(rmw.getValue().getType());
      bool floatKind = kind == arith::AtomicRMWKind::addf ||
                       kind == arith::AtomicRMWKind::mulf ||
                       kind == arith::AtomicRMWKind::maximumf ||
                       kind == arith::AtomicRMWKind::minimumf ||
                       kind == arith::AtomicRMWKind::maxnumf ||
                       kind == arith::AtomicRMWKind::minnumf;
      if (kind == arith::AtomicRMWKind::muli ||
          kind == arith::AtomicRMWKind::mulf) {
        op->emitError() << "'memref.atomic_rmw " << stringifyEnum(kind)
                        << "' in kernel @" << kernel.getSymName()
                        << ": no target has an atomic multiply; use "
                           "memref.generic_atomic_rmw (on integers), or "
                           "reduce with scf.reduce";
        return WalkResult::interrupt();
      }
      if (floatKind != isFloat) {
        op->emitError() << "'memref.atomic_rmw " << stringifyEnum(kind)
                        << "' in kernel @" << kernel.getSymName() << " on "
                        << rmw.getValue().getType() << ": a "
                        << (floatKind ? "float" : "integer")
                        << " kind on a value of another type";
        return WalkResult::interrupt();
      }
    }
    if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op)) {
      Type type = rmw.getResult().getType();
      if (!type.isSignlessInteger()) {
        op->emitError()
            << "'memref.generic_atomic_rmw' in kernel @" << kernel.getSymName()
            << " on " << type
            << ": its compare-and-swap loop takes signless integers; for "
               "floats use memref.atomic_rmw (addf, maximumf, minimumf, "
               "maxnumf, minnumf), or reduce with scf.reduce";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (atomics.wasInterrupted())
    return failure();
  // Linalg ops stay only as a tiled or tensor-core contraction
  // (offload-lower-linalg).
  KernelStrategyKind kind = selectKernelStrategy(kernel).kind;
  if (kind == KernelStrategyKind::TiledContraction ||
      kind == KernelStrategyKind::TensorCoreContraction)
    return success();
  WalkResult result = kernel.walk([&](linalg::LinalgOp op) {
    op->emitError() << "'" << op->getName() << "' in kernel @"
                    << kernel.getSymName()
                    << " must be lowered to loops first (offload-lower-linalg)";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

LogicalResult mlir::offload::verifyLaunchOfKernel(LaunchOp launch,
                                                  KernelOp kernel) {
  // Tiled contractions and transposes are built for their block size: an
  // explicit grid (blocks(...) and threads(...) go together) cannot run a
  // contraction, nor a transpose on other threads than 32 x 8 (on those,
  // any number of blocks is correct).
  if (launch.getThreads().empty())
    return success();
  KernelStrategy strategy = selectKernelStrategy(kernel);
  if (strategy.kind == KernelStrategyKind::TiledContraction ||
      strategy.kind == KernelStrategyKind::TensorCoreContraction)
    return launch.emitOpError()
           << "gives threads(...) to kernel @" << kernel.getSymName() << ", a "
           << (strategy.kind == KernelStrategyKind::TiledContraction
                   ? "tiled"
                   : "tensor-core")
           << " contraction that runs on exactly " << strategy.getBlockThreads()
           << " threads per block; leave blocks(...) and threads(...) out";
  if (strategy.kind != KernelStrategyKind::TiledTranspose)
    return success();
  ValueRange threads = launch.getThreads();
  if (threads.size() == 2 &&
      getConstantIntValue(threads[0]) == kTransposeTile &&
      getConstantIntValue(threads[1]) == kTransposeRows)
    return success();
  return launch.emitOpError()
         << "gives threads(...) to kernel @" << kernel.getSymName()
         << ", a tiled transpose that runs on exactly " << kTransposeTile
         << " x " << kTransposeRows << " threads per block; give threads("
         << kTransposeTile << ", " << kTransposeRows
         << ") or leave blocks(...) and threads(...) out";
}

//===----------------------------------------------------------------------===//
// Lowered kernels
//===----------------------------------------------------------------------===//

/// The global id of the current thread and the number of threads of the
/// grid along `dim`.
static std::pair<Value, Value> getGlobalIdAndSize(OpBuilder &b, Location loc,
                                                  gpu::Dimension dim) {
  Value tid = gpu::ThreadIdOp::create(b, loc, dim);
  Value bid = gpu::BlockIdOp::create(b, loc, dim);
  Value bdim = gpu::BlockDimOp::create(b, loc, dim);
  Value gdim = gpu::GridDimOp::create(b, loc, dim);
  Value id = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, bid, bdim), tid);
  return {id, arith::MulIOp::create(b, loc, gdim, bdim)};
}

static gpu::Dimension hardwareDim(unsigned index) {
  return index == 0 ? gpu::Dimension::x
                    : (index == 1 ? gpu::Dimension::y : gpu::Dimension::z);
}

/// Largest constant step for which a kernel gets the one-iteration path:
/// the grid has fewer than 2^41 threads along a dimension, so `threads *
/// step` cannot overflow 64 bits.
static constexpr int64_t kMaxCoveredStep = int64_t(1) << 20;

/// An access of a vectorized loop at its innermost induction variable plus
/// a constant `offset` along the buffer's last dimension.
struct VectorAccess {
  Operation *op;
  int64_t offset;
};

/// The constant c when `index` is `iv + c`: `iv` itself, or an arith.addi
/// or arith.subi of `iv` and a constant.
static std::optional<int64_t> getOffsetFromIv(Value index, Value iv) {
  if (index == iv)
    return 0;
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == iv)
      return getConstantIntValue(add.getRhs());
    if (add.getRhs() == iv)
      return getConstantIntValue(add.getLhs());
  }
  if (auto sub = index.getDefiningOp<arith::SubIOp>())
    if (sub.getLhs() == iv)
      if (std::optional<int64_t> c = getConstantIntValue(sub.getRhs()))
        return -*c;
  return std::nullopt;
}

/// Whether the accesses of `parallel` at its innermost induction variable
/// plus a constant are aligned for chunks of `width` consecutive iterations
/// starting at `origin` (and at origin plus a multiple of `width`): each
/// such memref (defined outside the loop) has its element at `origin` (at
/// outer indices 0) on a boundary of min(16, width elements), and outer
/// strides that are multiples of `width`. Null when no access qualifies.
/// Also collects those accesses with their constant offsets.
static Value buildAlignmentTest(OpBuilder &b, Location loc,
                                scf::ParallelOp parallel, int64_t width,
                                Value origin,
                                SmallVectorImpl<VectorAccess> &accesses) {
  Value iv = parallel.getInductionVars().back();
  llvm::SetVector<Value> memrefs;
  parallel.getBody()->walk([&](Operation *op) {
    auto access = getLoadStoreAccess(op);
    if (!access)
      return;
    auto [memref, indices] = *access;
    if (indices.empty() ||
        parallel->isAncestor(memref.getParentBlock()->getParentOp()))
      return;
    std::optional<int64_t> offset = getOffsetFromIv(indices.back(), iv);
    if (!offset)
      return;
    auto type = cast<MemRefType>(memref.getType());
    int64_t layoutOffset;
    SmallVector<int64_t> strides;
    if (!type.getElementType().isIntOrFloat() ||
        !llvm::isPowerOf2_64(type.getElementType().getIntOrFloatBitWidth()) ||
        type.getElementType().getIntOrFloatBitWidth() < 8 ||
        failed(type.getStridesAndOffset(strides, layoutOffset)) ||
        strides.back() != 1)
      return;
    memrefs.insert(memref);
    accesses.push_back({op, *offset});
  });
  if (memrefs.empty())
    return nullptr;
  Value aligned;
  Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto isMultiple = [&](Value v, Value of) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                 arith::RemUIOp::create(b, loc, v, of), zero);
  };
  auto conj = [&](Value c) {
    aligned = aligned ? arith::AndIOp::create(b, loc, aligned, c).getResult()
                      : c;
  };
  for (Value memref : memrefs) {
    auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
    auto type = cast<MemRefType>(memref.getType());
    int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
    Value first = arith::AddIOp::create(b, loc, meta.getOffset(), origin);
    Value address = arith::AddIOp::create(
        b, loc, pointer,
        arith::MulIOp::create(b, loc, first,
                              arith::ConstantIndexOp::create(b, loc, bytes)));
    conj(
        isMultiple(address, arith::ConstantIndexOp::create(
                                b, loc, std::min<int64_t>(16, bytes * width))));
    for (Value stride : meta.getStrides().drop_back())
      conj(isMultiple(stride, widthValue));
  }
  return aligned;
}

/// Gives the clones (in `mapping`) of `accesses`, made for iteration `lane`
/// of a chunk of `width` consecutive iterations whose first element is
/// aligned (buildAlignmentTest), the alignment their offset in the chunk
/// gives them: a chunk's whole vector (at most 16 bytes) at offsets that are
/// multiples of `width`, less at others, nothing beyond an element's own.
static void setVectorAlignment(OpBuilder &b, ArrayRef<VectorAccess> accesses,
                               IRMapping &mapping, int64_t width,
                               int64_t lane) {
  for (auto [access, offset] : accesses) {
    Operation *clone = mapping.lookupOrNull(access);
    if (!clone)
      continue;
    Value memref = getLoadStoreAccess(clone)->first;
    int64_t bytes = cast<MemRefType>(memref.getType())
                        .getElementType()
                        .getIntOrFloatBitWidth() /
                    8;
    int64_t position = ((lane + offset) % width + width) % width;
    int64_t vector = std::min<int64_t>(16, bytes * width);
    int64_t alignment =
        position == 0
            ? vector
            : std::min<int64_t>(vector, llvm::MinAlign(0, position * bytes));
    if (alignment > bytes)
      clone->setAttr("alignment", b.getI64IntegerAttr(alignment));
  }
}

/// Replaces the `mappings.size()` clones of each store of `accesses` at an
/// offset that is a multiple of their number (adjacent clones, one per
/// iteration of an aligned chunk, in the order of the iterations) by one
/// vector store of their values with the chunk's alignment. (The backend
/// would join them too, but not once the compiler's own clean-ups have
/// moved the last of them into code the chunk shares with other paths.)
static void storeVectors(RewriterBase &rewriter,
                         ArrayRef<VectorAccess> accesses,
                         ArrayRef<IRMapping> mappings) {
  int64_t width = mappings.size();
  for (auto [access, offset] : accesses) {
    if (!isa<memref::StoreOp>(access) || offset % width)
      continue;
    SmallVector<memref::StoreOp> stores;
    for (const IRMapping &mapping : mappings)
      if (auto store =
              dyn_cast_or_null<memref::StoreOp>(mapping.lookupOrNull(access)))
        stores.push_back(store);
    if ((int64_t)stores.size() != width)
      continue;
    Type element = stores.front().getValue().getType();
    int64_t bytes = element.getIntOrFloatBitWidth() / 8;
    auto type = VectorType::get({width}, element);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(stores.back());
    SmallVector<Value> values;
    for (memref::StoreOp store : stores)
      values.push_back(store.getValue());
    Location loc = stores.front().getLoc();
    Value vector = vector::FromElementsOp::create(rewriter, loc, type, values);
    vector::StoreOp::create(rewriter, loc, vector, stores.front().getMemRef(),
                            stores.front().getIndices(), /*nontemporal=*/false,
                            llvm::Align(std::min<int64_t>(16, bytes * width)));
    for (memref::StoreOp store : stores)
      rewriter.eraseOp(store);
  }
}

/// The first iteration at or below the innermost lower bound of
/// `parallel` (a unit step) at which the first buffer accessed at the
/// innermost induction variable plus a constant has its element on a
/// boundary of min(16, `width` elements), when its elements are aligned at
/// all: chunks of `width` iterations from there are aligned for it.
static Value getAlignedOrigin(OpBuilder &b, Location loc,
                              scf::ParallelOp parallel, int64_t width) {
  Value lb = parallel.getLowerBound().back();
  Value iv = parallel.getInductionVars().back();
  Value memref;
  parallel.getBody()->walk([&](Operation *op) {
    auto access = getLoadStoreAccess(op);
    if (memref || !access || access->second.empty() ||
        parallel->isAncestor(access->first.getParentBlock()->getParentOp()) ||
        !getOffsetFromIv(access->second.back(), iv))
      return;
    Type element = cast<MemRefType>(access->first.getType()).getElementType();
    if (element.isIntOrFloat() &&
        llvm::isPowerOf2_64(element.getIntOrFloatBitWidth()) &&
        element.getIntOrFloatBitWidth() >= 8)
      memref = access->first;
  });
  if (!memref)
    return lb;
  int64_t bytes = cast<MemRefType>(memref.getType())
                      .getElementType()
                      .getIntOrFloatBitWidth() /
                  8;
  int64_t vector = std::min<int64_t>(16, bytes * width);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // shift = ((pointer + (offset + lb) * bytes) mod vector) / bytes
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc,
                            arith::AddIOp::create(b, loc, meta.getOffset(), lb),
                            constant(bytes)));
  Value shift = arith::DivUIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, address, constant(vector)),
      constant(bytes));
  return arith::SubIOp::create(b, loc, lb, shift);
}

/// Replaces `parallel` by code that runs its iterations on the thread grid:
/// loop dimension d of an n-D loop goes to hardware dimension n-1-d.
///   - When the grid has at least as many threads as the loop has iterations
///     along every dimension (the default grid of a launch, which the host
///     computes from the loop's bounds, does), each thread runs at most one
///     iteration, at its global id, behind a bounds check.
///   - Otherwise (an explicit or capped grid) each thread starts at its
///     global id and steps by the grid size.
/// The test is uniform over the grid, so the two paths never diverge within
/// a warp; the first keeps loop set-up and strength-reduced pointers out of
/// the common case. Loops with a non-constant step (or a step above
/// kMaxCoveredStep) get the second path only. With `vectorWidth` > 1 a
/// thread of the first path runs that many consecutive iterations of the
/// innermost dimension (chunks aligned for the buffers: getAlignedOrigin).
static void distributeOverGrid(RewriterBase &rewriter,
                               scf::ParallelOp parallel,
                               int64_t vectorWidth) {
  Location loc = parallel.getLoc();
  unsigned rank = parallel.getNumLoops();
  rewriter.setInsertionPoint(parallel);
  SmallVector<Value> ids, sizes;
  for (unsigned d = 0; d < rank; ++d) {
    auto [id, size] =
        getGlobalIdAndSize(rewriter, loc, hardwareDim(rank - 1 - d));
    ids.push_back(id);
    sizes.push_back(size);
  }
  auto nuwNsw = arith::IntegerOverflowFlags::nuw |
                arith::IntegerOverflowFlags::nsw;
  Block &body = parallel.getRegion().front();
  bool constantSteps = llvm::all_of(parallel.getStep(), [](Value step) {
    std::optional<int64_t> c = getConstantIntValue(step);
    return c && *c >= 1 && *c <= kMaxCoveredStep;
  });
  Block *strideBlock = nullptr; // where the grid-stride loops go
  if (constantSteps) {
    // With vectorWidth > 1, the innermost dimension runs chunks of
    // vectorWidth consecutive iterations per thread, from `start`: the
    // lower bound moved up to where the buffers' chunks are aligned (the
    // first buffer's element at `start` on a vector boundary, at most
    // vectorWidth - 1 iterations up, and not past the upper bound), so that
    // the accesses at the induction variable plus a constant take 16-byte
    // accesses. The thread after the last whole chunk runs the iterations
    // before `start` and those after the last whole chunk one by one: the
    // grid's thread per vectorWidth iterations is enough.
    SmallVector<VectorAccess> vectorAccesses;
    Value aligned;
    Value lbInner = parallel.getLowerBound().back();
    Value ubInner = parallel.getUpperBound().back();
    Value start = lbInner;
    if (vectorWidth > 1) {
      Value shifted = getAlignedOrigin(rewriter, loc, parallel, vectorWidth);
      aligned = buildAlignmentTest(rewriter, loc, parallel, vectorWidth,
                                   shifted, vectorAccesses);
      if (aligned) {
        // shifted + width when it is below lb, else lb (= shifted).
        Value up = arith::SelectOp::create(
            rewriter, loc,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                  shifted, lbInner),
            arith::AddIOp::create(
                rewriter, loc, shifted,
                arith::ConstantIndexOp::create(rewriter, loc, vectorWidth)),
            lbInner);
        start = arith::SelectOp::create(
            rewriter, loc, aligned,
            arith::MinSIOp::create(rewriter, loc, up, ubInner), lbInner);
      }
    }
    // covered = AND_d (ub_d - lb_d <= threads_d * step_d * width_d).
    Value covered;
    for (unsigned d = 0; d < rank; ++d) {
      Value extent =
          arith::SubIOp::create(rewriter, loc, parallel.getUpperBound()[d],
                                parallel.getLowerBound()[d]);
      Value reach = arith::MulIOp::create(rewriter, loc, sizes[d],
                                          parallel.getStep()[d], nuwNsw);
      if (d == rank - 1 && vectorWidth > 1)
        reach = arith::MulIOp::create(
            rewriter, loc, reach,
            arith::ConstantIndexOp::create(rewriter, loc, vectorWidth),
            nuwNsw);
      Value fits = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sle, extent, reach);
      covered = covered ? arith::AndIOp::create(rewriter, loc, covered, fits)
                              .getResult()
                        : fits;
    }
    auto choice = scf::IfOp::create(rewriter, loc, covered,
                                    /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(choice.thenBlock());
      SmallVector<Value> ivs;
      Value inside;
      unsigned vectorDims = vectorWidth > 1 ? rank - 1 : rank;
      for (unsigned d = 0; d < rank; ++d) {
        Value offset = arith::MulIOp::create(
            rewriter, loc, ids[d], parallel.getStep()[d], nuwNsw);
        if (d >= vectorDims)
          offset = arith::MulIOp::create(
              rewriter, loc, offset,
              arith::ConstantIndexOp::create(rewriter, loc, vectorWidth),
              nuwNsw);
        Value iv = arith::AddIOp::create(
            rewriter, loc,
            d >= vectorDims ? start : parallel.getLowerBound()[d], offset);
        ivs.push_back(iv);
        if (d >= vectorDims)
          continue;
        Value below = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::slt, iv,
            parallel.getUpperBound()[d]);
        inside = inside ? arith::AndIOp::create(rewriter, loc, inside, below)
                              .getResult()
                        : below;
      }
      if (inside) {
        auto guarded = scf::IfOp::create(rewriter, loc, inside,
                                         /*withElseRegion=*/false);
        rewriter.setInsertionPointToStart(guarded.thenBlock());
      }
      if (vectorWidth == 1) {
        IRMapping mapping;
        mapping.map(body.getArguments(), ivs);
        for (Operation &op : body.without_terminator())
          rewriter.clone(op, mapping);
      } else {
        // vectorWidth consecutive iterations: unrolled when all are inside
        // (the accesses then carry the alignment of their place in the
        // chunk when the buffers are aligned, so the backend joins them
        // into vector accesses), else a loop over those inside.
        Value first = ivs.back();
        Value ub = parallel.getUpperBound().back();
        Value widthValue =
            arith::ConstantIndexOp::create(rewriter, loc, vectorWidth);
        Value end = arith::AddIOp::create(rewriter, loc, first, widthValue);
        Value full = arith::CmpIOp::create(rewriter, loc,
                                           arith::CmpIPredicate::sle, end, ub);
        auto choose = scf::IfOp::create(rewriter, loc, full,
                                        /*withElseRegion=*/true);
        // The iterations' operations interleave (each operation for every
        // iteration in turn, the iterations being independent), so that a
        // chunk's accesses of one operation are next to each other.
        auto unroll = [&](bool withAlignment) {
          SmallVector<IRMapping> mappings(vectorWidth);
          for (int64_t lane = 0; lane < vectorWidth; ++lane) {
            SmallVector<Value> laneIvs(ivs);
            if (lane)
              laneIvs.back() = arith::AddIOp::create(
                  rewriter, loc, first,
                  arith::ConstantIndexOp::create(rewriter, loc, lane));
            mappings[lane].map(body.getArguments(), laneIvs);
          }
          for (Operation &op : body.without_terminator())
            for (IRMapping &mapping : mappings)
              rewriter.clone(op, mapping);
          if (!withAlignment)
            return;
          for (int64_t lane = 0; lane < vectorWidth; ++lane)
            setVectorAlignment(rewriter, vectorAccesses, mappings[lane],
                               vectorWidth, lane);
          storeVectors(rewriter, vectorAccesses, mappings);
        };
        rewriter.setInsertionPointToStart(choose.thenBlock());
        if (aligned) {
          auto alignedIf = scf::IfOp::create(rewriter, loc, aligned,
                                             /*withElseRegion=*/true);
          rewriter.setInsertionPointToStart(alignedIf.thenBlock());
          unroll(true);
          rewriter.setInsertionPointToStart(alignedIf.elseBlock());
          unroll(false);
        } else {
          unroll(false);
        }
        // The thread after the last whole chunk (its chunk starts at or
        // before ub): the iterations before `start`, then those from its
        // chunk's start to ub.
        rewriter.setInsertionPointToStart(choose.elseBlock());
        auto last = scf::IfOp::create(
            rewriter, loc,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle,
                                  first, ub),
            /*withElseRegion=*/false);
        rewriter.setInsertionPointToStart(last.thenBlock());
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        auto runOneByOne = [&](Value from, Value to) {
          OpBuilder::InsertionGuard guard(rewriter);
          auto loop = scf::ForOp::create(rewriter, loc, from, to, one);
          rewriter.setInsertionPointToStart(loop.getBody());
          IRMapping mapping;
          SmallVector<Value> loopIvs(ivs);
          loopIvs.back() = loop.getInductionVar();
          mapping.map(body.getArguments(), loopIvs);
          for (Operation &op : body.without_terminator())
            rewriter.clone(op, mapping);
        };
        if (start != lbInner)
          runOneByOne(lbInner, start);
        runOneByOne(first, ub);
      }
    }
    strideBlock = choice.elseBlock();
    rewriter.setInsertionPointToStart(strideBlock);
  }
  SmallVector<Value> ivs;
  scf::ForOp innermost;
  for (unsigned d = 0; d < rank; ++d) {
    Value step = parallel.getStep()[d];
    Value lb = arith::AddIOp::create(
        rewriter, loc, parallel.getLowerBound()[d],
        arith::MulIOp::create(rewriter, loc, ids[d], step));
    Value stride = arith::MulIOp::create(rewriter, loc, sizes[d], step);
    innermost = scf::ForOp::create(rewriter, loc, lb,
                                   parallel.getUpperBound()[d], stride);
    ivs.push_back(innermost.getInductionVar());
    rewriter.setInsertionPointToStart(innermost.getBody());
  }
  rewriter.eraseOp(body.getTerminator()); // scf.reduce without operands
  rewriter.inlineBlockBefore(&body, innermost.getBody()->getTerminator(), ivs);
  rewriter.eraseOp(parallel);
}

/// Replaces `parallel` (a 2-D loop over (i, j) whose `loads` read buffers at
/// [j, i] or write buffers there, see getTransposedLoads) by 32x32 tiles of
/// the iteration space, each on one block of 32 x 8 threads (4 rows per
/// thread): the block reads the tile of each buffer loaded at [j, i] along
/// the buffer's rows (consecutive threads on consecutive i) into shared
/// memory, runs the tile's iterations with consecutive threads on
/// consecutive j, taking those accesses from shared memory, then writes
/// the tiles of the buffers stored at [j, i] along their rows. Barriers
/// separate the phases.
///
/// When the grid covers the tiles (the launch's default grid does), block
/// (x, y) takes tile (y, x) and nothing else; a whole tile (every tile but
/// those on the upper edges) runs without bounds checks, so its 4 loads
/// per thread are independent and go out together. Otherwise the blocks
/// stride over the tiles, every access checked (any grid is correct).
static void distributeTiledTranspose(RewriterBase &rewriter,
                                     gpu::GPUFuncOp func,
                                     scf::ParallelOp parallel,
                                     ArrayRef<Operation *> loads) {
  Location loc = parallel.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  constexpr int64_t tile = kTransposeTile, rows = kTransposeRows;
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  SmallVector<Value> tiles;
  for (Operation *op : loads) {
    Type element = isa<memref::LoadOp>(op)
                       ? cast<memref::LoadOp>(op).getResult().getType()
                       : cast<memref::StoreOp>(op).getValue().getType();
    // One padding column: the column reads hit 32 different banks.
    auto type = MemRefType::get({tile, tile + 1}, element, nullptr, workgroup);
    tiles.push_back(func.addWorkgroupAttribution(type, loc));
  }
  bool anyLoad = llvm::any_of(loads, llvm::IsaPred<memref::LoadOp>);
  bool anyStore = llvm::any_of(loads, llvm::IsaPred<memref::StoreOp>);
  rewriter.setInsertionPoint(parallel);
  Value tx = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y);
  Value bx = gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value by = gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::y);
  Value gx = gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::x);
  Value gy = gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::y);
  auto idx = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v).getResult();
  };
  auto nuwNsw =
      arith::IntegerOverflowFlags::nuw | arith::IntegerOverflowFlags::nsw;
  auto add = [&](Value a, Value b) {
    return arith::AddIOp::create(rewriter, loc, a, b).getResult();
  };
  auto slt = [&](Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, a, b)
        .getResult();
  };
  auto sle = [&](Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, a, b)
        .getResult();
  };
  auto both = [&](Value a, Value b) {
    return arith::AndIOp::create(rewriter, loc, a, b).getResult();
  };
  Value tileValue = idx(tile);
  Value lbI = parallel.getLowerBound()[0], ubI = parallel.getUpperBound()[0];
  Value lbJ = parallel.getLowerBound()[1], ubJ = parallel.getUpperBound()[1];
  Block &body = parallel.getRegion().front();

  // The tile at (i0, j0). Calls `fn` with (r, i, j) for each of the tile's
  // 4 rows a thread takes, r = ty + 8k: along the buffers' rows
  // (i = i0 + tx, j = j0 + r), or along the loop's (i = i0 + r,
  // j = j0 + tx); under a bounds check when `guarded`.
  auto emitTile = [&](Value i0, Value j0, bool guarded) {
    auto forEachShare = [&](bool alongBuffer,
                            function_ref<void(Value, Value, Value)> fn) {
      for (int64_t k = 0; k < tile / rows; ++k) {
        Value r = k ? add(ty, idx(k * rows)) : ty;
        Value i = add(i0, alongBuffer ? tx : r);
        Value j = add(j0, alongBuffer ? r : tx);
        if (!guarded) {
          fn(r, i, j);
          continue;
        }
        auto guard =
            scf::IfOp::create(rewriter, loc, both(slt(i, ubI), slt(j, ubJ)),
                              /*withElseRegion=*/false);
        OpBuilder::InsertionGuard g(rewriter);
        rewriter.setInsertionPointToStart(guard.thenBlock());
        fn(r, i, j);
      }
    };
    // Read the tiles of the buffers loaded at [j, i] along their rows.
    if (anyLoad) {
      forEachShare(/*alongBuffer=*/true, [&](Value r, Value i, Value j) {
        for (auto [op, buffer] : llvm::zip(loads, tiles))
          if (auto load = dyn_cast<memref::LoadOp>(op)) {
            Value v = memref::LoadOp::create(rewriter, loc, load.getMemRef(),
                                             ValueRange{j, i});
            memref::StoreOp::create(rewriter, loc, v, buffer,
                                    ValueRange{r, tx});
          }
      });
      gpu::BarrierOp::create(rewriter, loc);
    }
    // Compute along the loop's rows, those accesses in the tiles.
    forEachShare(/*alongBuffer=*/false, [&](Value r, Value i, Value j) {
      IRMapping mapping;
      mapping.map(body.getArguments(), ValueRange{i, j});
      for (Operation &op : body.without_terminator()) {
        auto it = llvm::find(loads, &op);
        if (it == loads.end()) {
          rewriter.clone(op, mapping);
          continue;
        }
        Value buffer = tiles[it - loads.begin()];
        if (auto store = dyn_cast<memref::StoreOp>(op)) {
          // Kept in the tile, written out along the buffer's rows below.
          memref::StoreOp::create(rewriter, loc,
                                  mapping.lookupOrDefault(store.getValue()),
                                  buffer, ValueRange{tx, r});
          continue;
        }
        mapping.map(
            op.getResult(0),
            memref::LoadOp::create(rewriter, loc, buffer, ValueRange{tx, r}));
      }
    });
    // Write the tiles of the buffers stored at [j, i] along their rows.
    if (anyStore) {
      gpu::BarrierOp::create(rewriter, loc);
      forEachShare(/*alongBuffer=*/true, [&](Value r, Value i, Value j) {
        for (auto [op, buffer] : llvm::zip(loads, tiles))
          if (auto store = dyn_cast<memref::StoreOp>(op)) {
            Value v = memref::LoadOp::create(rewriter, loc, buffer,
                                             ValueRange{r, tx});
            memref::StoreOp::create(rewriter, loc, v, store.getMemRef(),
                                    ValueRange{j, i});
          }
      });
    }
  };

  // covered = ubI - lbI <= gy * 32 && ubJ - lbJ <= gx * 32 (tiles: i along
  // the grid's y, j along its x).
  auto reach = [&](Value blocks) {
    return arith::MulIOp::create(rewriter, loc, blocks, tileValue, nuwNsw)
        .getResult();
  };
  Value covered =
      both(sle(arith::SubIOp::create(rewriter, loc, ubI, lbI), reach(gy)),
           sle(arith::SubIOp::create(rewriter, loc, ubJ, lbJ), reach(gx)));
  auto choice = scf::IfOp::create(rewriter, loc, covered,
                                  /*withElseRegion=*/true);
  {
    // One tile per block: whole tiles unchecked, the others checked.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(choice.thenBlock());
    Value i0 = add(lbI, reach(by));
    Value j0 = add(lbJ, reach(bx));
    auto inside =
        scf::IfOp::create(rewriter, loc, both(slt(i0, ubI), slt(j0, ubJ)),
                          /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(inside.thenBlock());
    Value whole =
        both(sle(add(i0, tileValue), ubI), sle(add(j0, tileValue), ubJ));
    auto split = scf::IfOp::create(rewriter, loc, whole,
                                   /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(split.thenBlock());
    emitTile(i0, j0, /*guarded=*/false);
    rewriter.setInsertionPointToStart(split.elseBlock());
    emitTile(i0, j0, /*guarded=*/true);
  }
  // The blocks stride over the tiles, in one loop over their linear index
  // (a loop nest would keep an address per access and tile row in
  // registers across iterations, costing the other path its occupancy); a
  // barrier keeps each tile's shared memory until every thread is done
  // with it.
  rewriter.setInsertionPointToStart(choice.elseBlock());
  Value zero = idx(0);
  auto tileCount = [&](Value lb, Value ub) {
    Value extent = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, ub, lb), zero);
    return arith::CeilDivUIOp::create(rewriter, loc, extent, tileValue)
        .getResult();
  };
  Value tilesI = tileCount(lbI, ubI), tilesJ = tileCount(lbJ, ubJ);
  Value count = arith::MulIOp::create(rewriter, loc, tilesI, tilesJ);
  Value first = add(arith::MulIOp::create(rewriter, loc, by, gx), bx);
  Value stride = arith::MulIOp::create(rewriter, loc, gy, gx);
  auto loop = scf::ForOp::create(rewriter, loc, first, count, stride);
  rewriter.setInsertionPointToStart(loop.getBody());
  Value t = loop.getInductionVar();
  Value ti = arith::DivUIOp::create(rewriter, loc, t, tilesJ);
  Value tj = arith::RemUIOp::create(rewriter, loc, t, tilesJ);
  emitTile(add(lbI, reach(ti)), add(lbJ, reach(tj)), /*guarded=*/true);
  gpu::BarrierOp::create(rewriter, loc);
  rewriter.eraseOp(parallel);
}

/// The linear id of the current thread in its block (`thread`) or of the
/// current block in the grid, and the matching count.
static std::pair<Value, Value> getLinearId(OpBuilder &b, Location loc,
                                           bool thread) {
  Value id, count;
  for (int d = 2; d >= 0; --d) {
    gpu::Dimension dim = hardwareDim(d);
    Value i = thread ? gpu::ThreadIdOp::create(b, loc, dim).getResult()
                     : gpu::BlockIdOp::create(b, loc, dim).getResult();
    Value n = thread ? gpu::BlockDimOp::create(b, loc, dim).getResult()
                     : gpu::GridDimOp::create(b, loc, dim).getResult();
    id = id ? arith::AddIOp::create(b, loc,
                                    arith::MulIOp::create(b, loc, id, n), i)
                  .getResult()
            : i;
    count = count ? arith::MulIOp::create(b, loc, count, n).getResult() : n;
  }
  return {id, count};
}

/// gpu.all_reduce of `value` with `kind` over the block, through 32 bits
/// for narrower types (NVVM's warp shuffles take 32-bit values only):
/// floats extended to f32, integers to i32 (sign-extended for the signed
/// kinds, zero-extended for the others), the result truncated back. Exact
/// for max and min (the same values compare), and for integer add, mul,
/// and, or and xor (the same modulo the narrow width); an f16 or bf16 sum
/// or product accumulates in f32, which rounds once instead of at each
/// step.
static Value createBlockReduce(OpBuilder &b, Location loc, Value value,
                               gpu::AllReduceOperation kind) {
  MLIRContext *ctx = b.getContext();
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  auto reduce = [&](Value v) -> Value {
    return gpu::AllReduceOp::create(b, loc, v,
                                    gpu::AllReduceOperationAttr::get(ctx, kind),
                                    b.getUnitAttr());
  };
  if (width >= 32)
    return reduce(value);
  if (isa<FloatType>(type)) {
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return arith::TruncFOp::create(b, loc, type, reduce(wide));
  }
  using K = gpu::AllReduceOperation;
  Type i32 = b.getI32Type();
  Value wide = kind == K::MAXSI || kind == K::MINSI
                   ? arith::ExtSIOp::create(b, loc, i32, value).getResult()
                   : arith::ExtUIOp::create(b, loc, i32, value).getResult();
  return arith::TruncIOp::create(b, loc, type, reduce(wide));
}

/// Replaces `parallel`, a loop with reductions, by a grid-stride loop nest
/// whose threads accumulate partial results from the neutral elements, and
/// runs the code after the loop (up to the function's terminator) once, on
/// one thread, with the loop's results:
///   - each block combines its threads' values (gpu.all_reduce) and thread 0
///     writes the block's value to a partials buffer (a device global, one
///     slot per block), then counts the block done with an atomic add;
///   - the block that counts last combines the partials in block order (so
///     results do not depend on timing), then its thread 0 combines the
///     loop's initial values, resets the counter and runs the rest.
/// The launch lowering keeps the grid within kMaxReductionBlocks blocks.
static void distributeReductionOverGrid(RewriterBase &rewriter,
                                        gpu::GPUFuncOp func,
                                        scf::ParallelOp parallel,
                                        int64_t vectorWidth) {
  Location loc = parallel.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  unsigned rank = parallel.getNumLoops();
  Block &body = parallel.getRegion().front();
  auto reduce = cast<scf::ReduceOp>(body.getTerminator());
  SmallVector<Operation *> combiners;
  SmallVector<gpu::AllReduceOperation> kinds;
  for (Region &region : reduce.getReductions()) {
    combiners.push_back(getReductionCombiner(region));
    kinds.push_back(*getReductionKind(region));
  }
  auto combine = [&](OpBuilder &b, unsigned k, Value lhs, Value rhs) {
    Block &block = combiners[k]->getParentRegion()->front();
    IRMapping mapping;
    mapping.map(block.getArgument(0), lhs);
    mapping.map(block.getArgument(1), rhs);
    return b.clone(*combiners[k], mapping)->getResult(0);
  };
  SmallVector<Operation *> rest;
  for (Operation *op = parallel->getNextNode();
       op && !op->hasTrait<OpTrait::IsTerminator>(); op = op->getNextNode())
    rest.push_back(op);

  // Per thread: a grid-stride loop nest that carries the accumulators.
  rewriter.setInsertionPoint(parallel);
  SmallVector<Value> neutrals;
  for (Operation *combiner : combiners)
    neutrals.push_back(arith::ConstantOp::create(
        rewriter, loc, *arith::getNeutralElement(combiner)));
  SmallVector<Value> perThread;
  SmallVector<VectorAccess> vectorAccesses;
  Value aligned;
  if (vectorWidth > 1 && rank == 1)
    aligned = buildAlignmentTest(rewriter, loc, parallel, vectorWidth,
                                 parallel.getLowerBound()[0], vectorAccesses);
  if (aligned) {
    // 1-D with contiguous accesses: when aligned, each thread takes chunks
    // of vectorWidth consecutive iterations (unrolled; the accesses carry
    // the alignment of their place in the chunk), then the iterations after
    // the last whole chunk one by one; else one by one throughout.
    // Plain values: lambdas below capture them (C++17 cannot capture
    // structured bindings).
    Value id, size;
    std::tie(id, size) = getGlobalIdAndSize(rewriter, loc, gpu::Dimension::x);
    Value lb = parallel.getLowerBound()[0], ub = parallel.getUpperBound()[0];
    // Iteration `iv`, the `lane`-th of an aligned chunk (-1: of none).
    auto cloneStep = [&](OpBuilder &b, Value iv, ValueRange accs,
                         int64_t lane) {
      IRMapping mapping;
      mapping.map(body.getArgument(0), iv);
      for (Operation &op : body.without_terminator())
        b.clone(op, mapping);
      if (lane >= 0)
        setVectorAlignment(b, vectorAccesses, mapping, vectorWidth, lane);
      SmallVector<Value> next;
      for (auto [k, operand] : llvm::enumerate(reduce.getOperands()))
        next.push_back(
            combine(b, k, accs[k], mapping.lookupOrDefault(operand)));
      return next;
    };
    auto strided = [&](OpBuilder &b, Value from, ValueRange inits) {
      auto loop = scf::ForOp::create(
          b, loc, arith::AddIOp::create(b, loc, from, id), ub, size, inits,
          [&](OpBuilder &lb2, Location, Value iv, ValueRange accs) {
            scf::YieldOp::create(lb2, loc, cloneStep(lb2, iv, accs, -1));
          });
      return SmallVector<Value>(loop.getResults());
    };
    SmallVector<Type> types;
    for (Value v : neutrals)
      types.push_back(v.getType());
    auto choice = scf::IfOp::create(rewriter, loc, types, aligned,
                                    /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(choice.thenBlock());
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value width = arith::ConstantIndexOp::create(rewriter, loc, vectorWidth);
      Value extent = arith::MaxSIOp::create(
          rewriter, loc, arith::SubIOp::create(rewriter, loc, ub, lb), zero);
      Value chunks = arith::DivUIOp::create(rewriter, loc, extent, width);
      auto loop = scf::ForOp::create(
          rewriter, loc, id, chunks, size, neutrals,
          [&](OpBuilder &b, Location, Value chunk, ValueRange accs) {
            Value first = arith::AddIOp::create(
                b, loc, lb, arith::MulIOp::create(b, loc, chunk, width));
            SmallVector<Value> current(accs);
            for (int64_t lane = 0; lane < vectorWidth; ++lane) {
              Value iv = lane ? arith::AddIOp::create(
                                    b, loc, first,
                                    arith::ConstantIndexOp::create(b, loc,
                                                                   lane))
                                    .getResult()
                              : first;
              current = cloneStep(b, iv, current, lane);
            }
            scf::YieldOp::create(b, loc, current);
          });
      Value tail = arith::AddIOp::create(
          rewriter, loc, lb, arith::MulIOp::create(rewriter, loc, chunks, width));
      scf::YieldOp::create(rewriter, loc,
                           strided(rewriter, tail, loop.getResults()));
      rewriter.setInsertionPointToStart(choice.elseBlock());
      scf::YieldOp::create(rewriter, loc, strided(rewriter, lb, neutrals));
    }
    perThread.assign(choice.getResults().begin(), choice.getResults().end());
  }
  SmallVector<scf::ForOp> loops;
  SmallVector<Value> ivs;
  ValueRange accs = neutrals;
  for (unsigned d = 0; d < rank && perThread.empty(); ++d) {
    auto [id, size] =
        getGlobalIdAndSize(rewriter, loc, hardwareDim(rank - 1 - d));
    Value step = parallel.getStep()[d];
    Value lb =
        arith::AddIOp::create(rewriter, loc, parallel.getLowerBound()[d],
                              arith::MulIOp::create(rewriter, loc, id, step));
    Value stride = arith::MulIOp::create(rewriter, loc, size, step);
    auto loop = scf::ForOp::create(rewriter, loc, lb,
                                   parallel.getUpperBound()[d], stride, accs);
    loops.push_back(loop);
    ivs.push_back(loop.getInductionVar());
    accs = loop.getRegionIterArgs();
    rewriter.setInsertionPointToStart(loop.getBody());
  }
  if (perThread.empty()) {
    Block *innermost = loops.back().getBody();
    rewriter.mergeBlocks(&body, innermost, ivs);
    rewriter.setInsertionPoint(reduce);
    SmallVector<Value> updated;
    for (auto [k, operand] : llvm::enumerate(reduce.getOperands()))
      updated.push_back(combine(rewriter, k, accs[k], operand));
    scf::YieldOp::create(rewriter, loc, updated);
    // The combiners are cloned again below: keep them until the end.
    rewriter.moveOpBefore(reduce, parallel);
    for (unsigned d = rank - 1; d > 0; --d) {
      rewriter.setInsertionPointToEnd(loops[d - 1].getBody());
      scf::YieldOp::create(rewriter, loc, loops[d].getResults());
    }
    perThread.assign(loops.front().getResults().begin(),
                     loops.front().getResults().end());
    rewriter.setInsertionPointAfter(loops.front());
  } else {
    rewriter.setInsertionPoint(parallel);
  }

  // Per block: combine, and leave the block's value in the partials.
  auto global = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
  auto makeGlobal = [&](StringRef suffix, MemRefType type, Attribute init) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(func);
    std::string name = ("__offload_" + func.getName() + "_" + suffix).str();
    auto op = memref::GlobalOp::create(rewriter, loc, name,
                                       rewriter.getStringAttr("private"), type,
                                       init, /*constant=*/false, nullptr);
    return op;
  };
  auto counterType = MemRefType::get({1}, rewriter.getI32Type(), nullptr,
                                     global);
  auto counterGlobal = makeGlobal(
      "blocks_done", counterType,
      DenseElementsAttr::get(RankedTensorType::get({1}, rewriter.getI32Type()),
                             rewriter.getI32IntegerAttr(0)));
  Value counter = memref::GetGlobalOp::create(
      rewriter, loc, counterType,
      FlatSymbolRefAttr::get(counterGlobal.getSymNameAttr()));
  SmallVector<Value> partials, blockValues;
  for (auto [k, kind] : llvm::enumerate(kinds)) {
    Type type = parallel.getResult(k).getType();
    auto partialsType =
        MemRefType::get({kMaxReductionBlocks}, type, nullptr, global);
    auto partialsGlobal = makeGlobal(("partials" + Twine(k)).str(),
                                     partialsType, rewriter.getUnitAttr());
    partials.push_back(memref::GetGlobalOp::create(
        rewriter, loc, partialsType,
        FlatSymbolRefAttr::get(partialsGlobal.getSymNameAttr())));
    blockValues.push_back(createBlockReduce(rewriter, loc, perThread[k], kind));
  }
  auto [thread, blockSize] = getLinearId(rewriter, loc, /*thread=*/true);
  auto [block, numBlocks] = getLinearId(rewriter, loc, /*thread=*/false);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value i32Zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  Value i32One = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      thread, zero);
  auto leader = scf::IfOp::create(rewriter, loc, rewriter.getI32Type(), first,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(leader.thenBlock());
    for (auto [buffer, value] : llvm::zip(partials, blockValues))
      memref::StoreOp::create(rewriter, loc, value, buffer, ValueRange{block});
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acq_rel);
    Value done = memref::AtomicRMWOp::create(
        rewriter, loc, arith::AtomicRMWKind::addi, i32One, counter,
        ValueRange{zero});
    Value lastBlock = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        arith::SubIOp::create(rewriter, loc, numBlocks, one));
    Value isLast = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, done, lastBlock);
    scf::YieldOp::create(rewriter, loc,
                         ValueRange{arith::ExtUIOp::create(
                             rewriter, loc, rewriter.getI32Type(), isLast)});
    rewriter.setInsertionPointToStart(leader.elseBlock());
    scf::YieldOp::create(rewriter, loc, ValueRange{i32Zero});
  }
  // Tell the whole block whether it is the last one.
  Value anyLast = gpu::AllReduceOp::create(
      rewriter, loc, leader.getResult(0),
      gpu::AllReduceOperationAttr::get(ctx, gpu::AllReduceOperation::MAXSI),
      rewriter.getUnitAttr());
  Value isLast = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                       anyLast, i32Zero);
  auto lastIf = scf::IfOp::create(rewriter, loc, isLast,
                                  /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(lastIf.thenBlock());
  LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acq_rel);
  auto gather = scf::ForOp::create(rewriter, loc, thread, numBlocks, blockSize,
                                   neutrals);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(gather.getBody());
    SmallVector<Value> next;
    for (auto [k, buffer] : llvm::enumerate(partials)) {
      Value v = memref::LoadOp::create(rewriter, loc, buffer,
                                       ValueRange{gather.getInductionVar()});
      next.push_back(combine(rewriter, k, gather.getRegionIterArgs()[k], v));
    }
    scf::YieldOp::create(rewriter, loc, next);
  }
  SmallVector<Value> totals;
  for (auto [k, kind] : llvm::enumerate(kinds))
    totals.push_back(
        createBlockReduce(rewriter, loc, gather.getResult(k), kind));
  auto once = scf::IfOp::create(rewriter, loc, first,
                                /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(once.thenBlock());
  memref::StoreOp::create(rewriter, loc, i32Zero, counter, ValueRange{zero});
  for (auto [k, total] : llvm::enumerate(totals))
    rewriter.replaceAllUsesWith(
        parallel.getResult(k),
        combine(rewriter, k, parallel.getInitVals()[k], total));
  Operation *yield = once.thenBlock()->getTerminator();
  for (Operation *op : rest)
    rewriter.moveOpBefore(op, yield);
  rewriter.eraseOp(reduce);
  rewriter.eraseOp(parallel);
}

//===----------------------------------------------------------------------===//
// Nested parallel loops: outer loop on blocks, inner loops on threads
//===----------------------------------------------------------------------===//

/// Whether the outer loop `parallel` can go on blocks and the parallel loops
/// directly in its body on the threads of each block (see
/// mapsParallelLoopOnBlocks).
static bool canMapOnBlocks(scf::ParallelOp parallel) {
  if (parallel.getNumResults() != 0 || parallel.getNumLoops() != 1)
    return false;
  bool anyNested = false;
  for (Operation &op : parallel.getRegion().front().without_terminator()) {
    if (auto inner = dyn_cast<scf::ParallelOp>(op)) {
      if (inner.getNumLoops() != 1)
        return false;
      for (Type type : inner.getResultTypes())
        if (!type.isIntOrFloat())
          return false;
      for (Region &region :
           inner.getRegion().front().getTerminator()->getRegions())
        if (!getReductionKind(region))
          return false;
      anyNested = true;
      continue;
    }
    // Every thread of the block runs this code: it must not write memory
    // others can see, nor allocate a buffer the threads would each get a
    // copy of, nor hold parallel loops of its own.
    WalkResult result = op.walk([](Operation *nested) {
      if (isa<scf::ParallelOp, scf::ForallOp, memref::AllocaOp,
              memref::AllocOp>(nested) ||
          mayWriteSharedMemory(nested))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  return anyNested;
}

bool mlir::offload::mapsParallelLoopOnBlocks(KernelOp kernel) {
  auto parallel = dyn_cast_or_null<scf::ParallelOp>(kernel.getParallelLoop());
  return parallel && canMapOnBlocks(parallel);
}

/// Builds, at the insertion point, the share of the iterations of `inner` (a
/// 1-D parallel loop) that the thread `id` of `count` threads runs, and
/// returns the thread's partial results: the values the body reduces,
/// combined with `combine` into `inits` in the order the thread runs them.
///   - The thread takes every count-th of the loop's chunks from the id-th
///     on, where a chunk is `vectorWidth` consecutive iterations when the
///     accesses at the induction variable (plus constants) are aligned for
///     vectors of that many elements (buildAlignmentTest; the accesses then
///     carry the alignment of their place in the chunk, so the backend
///     joins a chunk's accesses into 16-byte ones), else one iteration. The
///     iterations after the last whole chunk go one to each of the first
///     threads.
///   - It runs `unroll` of its chunks per step while all of them are inside
///     the loop, so that their loads are in flight together, then the rest
///     one at a time.
static SmallVector<Value> buildThreadShare(
    RewriterBase &rewriter, scf::ParallelOp inner, Value id, Value count,
    int64_t vectorWidth, int64_t unroll, ValueRange inits,
    function_ref<Value(OpBuilder &, unsigned, Value, Value)> combine) {
  Location loc = inner.getLoc();
  Block &body = inner.getRegion().front();
  auto reduce = cast<scf::ReduceOp>(body.getTerminator());
  Value lb = inner.getLowerBound()[0], ub = inner.getUpperBound()[0];
  Value step = inner.getStep()[0];
  auto constant = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };

  // The iteration at `iv`, its reduced values combined into `accs`.
  auto iteration = [&](OpBuilder &b, Value iv, ValueRange accs,
                       IRMapping &mapping) {
    mapping.map(body.getArgument(0), iv);
    for (Operation &op : body.without_terminator())
      b.clone(op, mapping);
    SmallVector<Value> next;
    for (auto [k, operand] : llvm::enumerate(reduce.getOperands()))
      next.push_back(combine(b, k, accs[k], mapping.lookupOrDefault(operand)));
    return next;
  };
  // One chunk: `width` consecutive iterations from `first` (a unit step
  // when width > 1), the `aligned` accesses marked with the alignment of
  // their place in the chunk.
  auto chunk = [&](OpBuilder &b, Value first, int64_t width, ValueRange accs,
                   ArrayRef<VectorAccess> aligned) {
    SmallVector<Value> current(accs);
    for (int64_t lane = 0; lane < width; ++lane) {
      Value iv = lane ? arith::AddIOp::create(b, loc, first, constant(b, lane))
                            .getResult()
                      : first;
      IRMapping mapping;
      current = iteration(b, iv, current, mapping);
      if (!aligned.empty())
        setVectorAlignment(b, aligned, mapping, width, lane);
    }
    return current;
  };
  // The thread's chunks among chunks [0, numChunks) of `width` iterations,
  // chunk c starting at iteration base + c * width * step.
  auto chunks = [&](OpBuilder &b, Value base, Value numChunks, int64_t width,
                    ValueRange accs, ArrayRef<VectorAccess> aligned) {
    Value chunkSpan = width == 1 ? step : constant(b, width);
    auto start = [&](OpBuilder &nb, Value c) -> Value {
      Value offset = arith::MulIOp::create(nb, loc, c, chunkSpan);
      return arith::AddIOp::create(nb, loc, base, offset);
    };
    Value from = id;
    SmallVector<Value> current(accs);
    if (unroll > 1) {
      // Chunks c, c + count, ..., c + (unroll - 1) * count, all inside
      // while c < numChunks - (unroll - 1) * count; the loop carries the
      // next c for the chunks after.
      Value groupStride =
          arith::MulIOp::create(b, loc, count, constant(b, unroll));
      Value mainEnd = arith::SubIOp::create(
          b, loc, numChunks,
          arith::MulIOp::create(b, loc, count, constant(b, unroll - 1)));
      SmallVector<Value> loopInits{id};
      llvm::append_range(loopInits, accs);
      auto loop = scf::ForOp::create(
          b, loc, id, mainEnd, groupStride, loopInits,
          [&](OpBuilder &lb2, Location, Value c, ValueRange carried) {
            SmallVector<Value> cur(carried.drop_front());
            for (int64_t u = 0; u < unroll; ++u) {
              Value cu =
                  u ? arith::AddIOp::create(
                          lb2, loc, c,
                          arith::MulIOp::create(lb2, loc, count,
                                                constant(lb2, u)))
                          .getResult()
                    : c;
              cur = chunk(lb2, start(lb2, cu), width, cur, aligned);
            }
            SmallVector<Value> yielded{
                arith::AddIOp::create(lb2, loc, c, groupStride)};
            llvm::append_range(yielded, cur);
            scf::YieldOp::create(lb2, loc, yielded);
          });
      from = loop.getResult(0);
      current.assign(loop.getResults().begin() + 1, loop.getResults().end());
    }
    auto rest = scf::ForOp::create(
        b, loc, from, numChunks, count, current,
        [&](OpBuilder &lb2, Location, Value c, ValueRange carried) {
          scf::YieldOp::create(
              lb2, loc, chunk(lb2, start(lb2, c), width, carried, aligned));
        });
    return SmallVector<Value>(rest.getResults());
  };

  Value zero = constant(rewriter, 0);
  Value extent = arith::MaxSIOp::create(
      rewriter, loc, arith::SubIOp::create(rewriter, loc, ub, lb), zero);
  // One iteration per chunk, any step.
  auto scalar = [&](OpBuilder &b, ValueRange accs) {
    Value trips = arith::CeilDivUIOp::create(b, loc, extent, step);
    return chunks(b, lb, trips, 1, accs, {});
  };
  SmallVector<VectorAccess> vectorAccesses;
  Value aligned;
  if (vectorWidth > 1)
    aligned = buildAlignmentTest(rewriter, loc, inner, vectorWidth, lb,
                                 vectorAccesses);
  if (!aligned)
    return scalar(rewriter, inits);
  SmallVector<Type> types;
  for (Value init : inits)
    types.push_back(init.getType());
  auto choice = scf::IfOp::create(rewriter, loc, types, aligned,
                                  /*withElseRegion=*/true);
  // Without results the builder gave both blocks a yield: ours replace it.
  for (Block *block : {choice.thenBlock(), choice.elseBlock()})
    if (!block->empty())
      rewriter.eraseOp(block->getTerminator());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(choice.thenBlock());
  Value width = constant(rewriter, vectorWidth);
  Value numChunks = arith::DivUIOp::create(rewriter, loc, extent, width);
  SmallVector<Value> current =
      chunks(rewriter, lb, numChunks, vectorWidth, inits, vectorAccesses);
  Value tail = arith::AddIOp::create(
      rewriter, loc, lb,
      arith::MulIOp::create(rewriter, loc, numChunks, width));
  auto tailLoop = scf::ForOp::create(
      rewriter, loc, arith::AddIOp::create(rewriter, loc, tail, id), ub, count,
      current, [&](OpBuilder &b, Location, Value iv, ValueRange accs) {
        IRMapping mapping;
        scf::YieldOp::create(b, loc, iteration(b, iv, accs, mapping));
      });
  scf::YieldOp::create(rewriter, loc, tailLoop.getResults());
  rewriter.setInsertionPointToStart(choice.elseBlock());
  scf::YieldOp::create(rewriter, loc, scalar(rewriter, inits));
  return SmallVector<Value>(choice.getResults());
}

/// Replaces `inner`, a 1-D parallel loop nested in a loop that runs on a
/// block, by the share of its iterations each thread of the block runs
/// (buildThreadShare, with the thread's linear id in the block and the
/// block size). With reductions, each thread accumulates from the neutral
/// elements, the block combines the threads' values with gpu.all_reduce
/// (which every thread of the block reaches: the loop around runs per
/// block) and combines the initial values; every thread gets the results.
/// A barrier follows a loop that writes memory, so the code after it sees
/// what other threads wrote.
static void distributeOverThreads(RewriterBase &rewriter,
                                  scf::ParallelOp inner, Value thread,
                                  Value blockSize) {
  Location loc = inner.getLoc();
  Block &body = inner.getRegion().front();
  auto reduce = cast<scf::ReduceOp>(body.getTerminator());
  bool writes = false;
  inner.walk([&](Operation *op) { writes |= mayWriteSharedMemory(op); });

  rewriter.setInsertionPoint(inner);
  SmallVector<Operation *> combiners;
  SmallVector<gpu::AllReduceOperation> kinds;
  SmallVector<Value> neutrals;
  for (Region &region : reduce.getReductions()) {
    Operation *combiner = getReductionCombiner(region);
    combiners.push_back(combiner);
    kinds.push_back(*getReductionKind(region));
    neutrals.push_back(arith::ConstantOp::create(
        rewriter, loc, *arith::getNeutralElement(combiner)));
  }
  auto combine = [&](OpBuilder &b, unsigned k, Value lhs, Value rhs) {
    Block &block = combiners[k]->getParentRegion()->front();
    IRMapping mapping;
    mapping.map(block.getArgument(0), lhs);
    mapping.map(block.getArgument(1), rhs);
    return b.clone(*combiners[k], mapping)->getResult(0);
  };
  SmallVector<Value> partials = buildThreadShare(
      rewriter, inner, thread, blockSize, getGridVectorWidth(inner),
      kBlockMappingUnroll, neutrals, combine);
  for (auto [k, kind] : llvm::enumerate(kinds)) {
    Value total = createBlockReduce(rewriter, loc, partials[k], kind);
    rewriter.replaceAllUsesWith(inner.getResult(k),
                                combine(rewriter, k, inner.getInitVals()[k],
                                        total));
  }
  if (writes)
    gpu::BarrierOp::create(rewriter, loc);
  rewriter.eraseOp(inner);
}

/// Replaces `parallel` (canMapOnBlocks) by a loop over the grid's blocks:
/// each block starts at its linear id and steps by the number of blocks (the
/// launch lowering gives one block per iteration), and the parallel loops in
/// the body go on the block's threads (distributeOverThreads). Each
/// iteration ends with a barrier, so the next one does not overwrite what
/// slower threads still read (the all-reduce buffers included).
static void distributeOverBlocks(RewriterBase &rewriter,
                                 scf::ParallelOp parallel) {
  Location loc = parallel.getLoc();
  rewriter.setInsertionPoint(parallel);
  auto [block, numBlocks] = getLinearId(rewriter, loc, /*thread=*/false);
  auto [thread, blockSize] = getLinearId(rewriter, loc, /*thread=*/true);
  Value step = parallel.getStep()[0];
  Value lb = arith::AddIOp::create(
      rewriter, loc, parallel.getLowerBound()[0],
      arith::MulIOp::create(rewriter, loc, block, step));
  Value stride = arith::MulIOp::create(rewriter, loc, numBlocks, step);
  auto loop = scf::ForOp::create(rewriter, loc, lb,
                                 parallel.getUpperBound()[0], stride);
  Block &body = parallel.getRegion().front();
  rewriter.eraseOp(body.getTerminator()); // scf.reduce without operands
  rewriter.inlineBlockBefore(&body, loop.getBody()->getTerminator(),
                             loop.getInductionVar());
  rewriter.eraseOp(parallel);
  SmallVector<scf::ParallelOp> inners;
  for (Operation &op : loop.getBody()->without_terminator())
    if (auto inner = dyn_cast<scf::ParallelOp>(op))
      inners.push_back(inner);
  for (scf::ParallelOp inner : inners)
    distributeOverThreads(rewriter, inner, thread, blockSize);
  Operation *yield = loop.getBody()->getTerminator();
  if (!isa_and_nonnull<gpu::BarrierOp>(yield->getPrevNode())) {
    rewriter.setInsertionPoint(yield);
    gpu::BarrierOp::create(rewriter, loc);
  }
}

/// Makes the code of `func`'s entry block run on the first thread of the
/// grid only (the unpacking of the parameters included: it has no effects).
static void runOnFirstThread(RewriterBase &rewriter, gpu::GPUFuncOp func) {
  Location loc = func.getLoc();
  Block *entry = &func.getBody().front();
  Block *rest = rewriter.splitBlock(entry, entry->begin());
  Block *exit = rewriter.createBlock(&func.getBody());
  gpu::ReturnOp::create(rewriter, loc);
  rewriter.setInsertionPointToEnd(entry);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  for (unsigned d = 0; d < 3; ++d) {
    Value id = getGlobalIdAndSize(rewriter, loc, hardwareDim(d)).first;
    first = arith::AndIOp::create(
        rewriter, loc, first,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, id,
                              zero));
  }
  cf::CondBranchOp::create(rewriter, loc, first, rest, exit);
}

/// Marks the buffer pointers among the parameters of lowered device kernel
/// `func`: `noalias` (a buffer a kernel writes is reachable through one
/// argument only, the rule offload-check-aliasing enforces, unless a launch
/// of it has `allow_aliasing`), `readonly` for buffers the kernel never
/// writes and `writeonly` for those it never reads. With both noalias and
/// readonly, the NVPTX backend loads through the read-only data cache
/// (ld.global.nc).
static void annotateBufferParams(Operation *func, KernelOp kernel,
                                 bool noAlias,
                                 KernelAccessAnalysis &accesses) {
  auto gpuFunc = dyn_cast<gpu::GPUFuncOp>(func);
  if (!gpuFunc)
    return;
  MLIRContext *ctx = func->getContext();
  auto unit = UnitAttr::get(ctx);
  unsigned next = 1; // parameter 0 is the runtime's pointer
  auto annotate = [&](Type type, unsigned index, int member) {
    unsigned param = next;
    next += getNumLoweredParams(type);
    if (!isa<MemRefType>(type))
      return;
    if (noAlias)
      gpuFunc.setArgAttr(param, LLVM::LLVMDialect::getNoAliasAttrName(), unit);
    const BufferAccess &access = accesses.getAccess(kernel, index, member);
    if (!access.conservative.empty())
      return;
    if (!access.written)
      gpuFunc.setArgAttr(param, LLVM::LLVMDialect::getReadonlyAttrName(),
                         unit);
    else if (!access.read)
      gpuFunc.setArgAttr(param, LLVM::LLVMDialect::getWriteOnlyAttrName(),
                         unit);
  };
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    if (auto tuple = dyn_cast<TupleType>(type)) {
      for (auto [member, memberType] : llvm::enumerate(tuple.getTypes()))
        annotate(memberType, index, member);
      continue;
    }
    annotate(type, index, -1);
  }
}

Operation *mlir::offload::buildLoweredKernel(RewriterBase &rewriter,
                                             KernelOp kernel, StringRef name,
                                             bool threadGrid,
                                             TensorCoreKind tensorCores) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  // The strategy is chosen on the kernel, before its body is cloned; its
  // parameters follow the arguments' on every target.
  KernelStrategy strategy = selectKernelStrategy(kernel);
  SmallVector<Type> params =
      getLoweredKernelParamTypes(ctx, kernel.getArgumentTypes());
  unsigned strategyParams = getNumStrategyParams(strategy);
  params.append(strategyParams, IntegerType::get(ctx, 64));
  auto type = FunctionType::get(ctx, params, {});

  Operation *func;
  Region *body;
  if (threadGrid) {
    auto gpuFunc = gpu::GPUFuncOp::create(rewriter, loc, name, type);
    gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                     rewriter.getUnitAttr());
    func = gpuFunc;
    body = &gpuFunc.getBody();
  } else {
    auto funcOp = func::FuncOp::create(rewriter, loc, name, type);
    funcOp.addEntryBlock();
    func = funcOp;
    body = &funcOp.getBody();
  }
  Block *entry = &body->front();

  // Rebuild the kernel's arguments from the lowered parameters.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(entry);
  IRMapping mapping;
  unsigned next = 1; // parameter 0 is the runtime's pointer
  for (BlockArgument arg : kernel.getArguments()) {
    auto tuple = dyn_cast<TupleType>(arg.getType());
    if (!tuple) {
      unsigned count = getNumLoweredParams(arg.getType());
      mapping.map(arg, unpackKernelArgument(
                           rewriter, arg.getLoc(), arg.getType(),
                           entry->getArguments().slice(next, count)));
      next += count;
      continue;
    }
    // An aggregate: rebuild its members, then the aggregate; the body's
    // offload.unpack ops fold away below.
    SmallVector<Value> members;
    for (Type member : tuple.getTypes()) {
      unsigned count = getNumLoweredParams(member);
      members.push_back(unpackKernelArgument(
          rewriter, arg.getLoc(), member,
          entry->getArguments().slice(next, count)));
      next += count;
    }
    mapping.map(arg, PackOp::create(rewriter, arg.getLoc(), tuple, members)
                         .getResult());
  }

  // Clone the body after the unpacking; its entry block has no arguments
  // left (they are mapped), so merge it into ours.
  kernel.getBody().cloneInto(body, mapping);
  Block *clonedEntry = entry->getNextNode();
  rewriter.inlineBlockBefore(clonedEntry, entry, entry->end());

  // Aggregates are gone once their members are used directly.
  SmallVector<UnpackOp> unpacks;
  func->walk([&](UnpackOp op) { unpacks.push_back(op); });
  for (UnpackOp op : unpacks)
    if (auto pack = op.getAggregate().getDefiningOp<PackOp>())
      rewriter.replaceOp(op, pack.getMembers());
  SmallVector<PackOp> packs;
  func->walk([&](PackOp op) { packs.push_back(op); });
  for (PackOp op : packs)
    if (op->use_empty())
      rewriter.eraseOp(op);

  // Kernels return nothing.
  SmallVector<ReturnOp> returns;
  func->walk([&](ReturnOp op) { returns.push_back(op); });
  for (ReturnOp op : returns) {
    rewriter.setInsertionPoint(op);
    if (threadGrid)
      rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op);
    else
      rewriter.replaceOpWithNewOp<func::ReturnOp>(op);
  }
  if (!threadGrid) {
    // The host runs linalg ops (contractions kept whole for the tiled
    // strategy) as sequential loops.
    SmallVector<linalg::LinalgOp> linalgOps;
    func->walk([&](linalg::LinalgOp op) { linalgOps.push_back(op); });
    for (linalg::LinalgOp op : linalgOps) {
      rewriter.setInsertionPoint(op);
      if (succeeded(linalg::linalgOpToLoops(rewriter, op)))
        rewriter.eraseOp(op);
    }
    return func;
  }

  if (strategy.kind == KernelStrategyKind::TiledContraction ||
      strategy.kind == KernelStrategyKind::TensorCoreContraction) {
    auto op = cast<linalg::LinalgOp>(mapping.lookup(strategy.root));
    linalg::FillOp fill;
    if (strategy.fill)
      fill = cast<linalg::FillOp>(mapping.lookup(strategy.fill.getOperation()));
    linalg::LinalgOp epilogue;
    if (strategy.epilogue)
      epilogue = cast<linalg::LinalgOp>(
          mapping.lookup(strategy.epilogue.getOperation()));
    std::optional<ContractionMatch> match = matchContraction(op);
    bool onTensorCores =
        strategy.kind == KernelStrategyKind::TensorCoreContraction;
    // An f32 A[k][m] runs the TF32 mma.sync kernel on wgmma targets too
    // (TF32 wgmma reads shared memory only K-major); its tensor-map
    // parameters go unused there.
    bool wgmma = tensorCores == TensorCoreKind::Warpgroup &&
                 !getTensorCoreOperands(*match).needsMmaSync();
    // Blocks larger than the path's threads (the wgmma kernel's producer
    // warpgroup on another target of the module): the others skip it.
    int64_t blockThreads = strategy.getBlockThreads();
    if (!(onTensorCores && wgmma) && blockThreads > strategy.tiling.threads())
      guardContractionThreads(rewriter,
                              {fill.getOperation(), op.getOperation(),
                               epilogue.getOperation()},
                              strategy.tiling.threads());
    if (onTensorCores && wgmma) {
      ValueRange maps = entry->getArguments().take_back(strategyParams);
      buildTensorCoreContraction(rewriter, *match, fill, epilogue, maps[0],
                                 maps[1]);
    } else if (onTensorCores && tensorCores != TensorCoreKind::None) {
      buildMmaSyncContraction(rewriter, *match, fill, epilogue);
    } else {
      buildTiledContraction(rewriter, *match, fill, strategy.tiling, epilogue);
    }
    // The launch's block (the builders need at least their threads): ranges
    // for the thread ids and ptxas's .maxntid; a launch with another block
    // size fails rather than computing garbage.
    cast<gpu::GPUFuncOp>(func).setKnownBlockSizeAttr(
        rewriter.getDenseI32ArrayAttr({int32_t(blockThreads), 1, 1}));
    return func;
  }

  // Map the iteration space onto the grid.
  Operation *loop = nullptr;
  for (Operation &op : *entry)
    if (isa<scf::ParallelOp, scf::ForallOp>(op)) {
      loop = &op;
      break;
    }
  if (auto forall = dyn_cast_or_null<scf::ForallOp>(loop)) {
    scf::ParallelOp parallel;
    (void)scf::forallToParallelLoop(rewriter, forall, &parallel);
    loop = parallel;
  }
  if (auto parallel = dyn_cast_or_null<scf::ParallelOp>(loop)) {
    if (parallel.getNumResults() != 0)
      distributeReductionOverGrid(rewriter, cast<gpu::GPUFuncOp>(func),
                                  parallel, strategy.vectorWidth);
    else if (canMapOnBlocks(parallel))
      distributeOverBlocks(rewriter, parallel);
    else if (strategy.kind == KernelStrategyKind::TiledTranspose)
      distributeTiledTranspose(rewriter, cast<gpu::GPUFuncOp>(func), parallel,
                               getTransposedLoads(parallel));
    else
      distributeOverGrid(rewriter, parallel,
                         strategy.kind == KernelStrategyKind::GridLoop
                             ? strategy.vectorWidth
                             : 1);
  }
  else
    runOnFirstThread(rewriter, cast<gpu::GPUFuncOp>(func));
  return func;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// Private in MLIR and internal in LLVM IR, so that copies made for several
/// modules linked into one program do not clash.
static void makeInternal(func::FuncOp func) {
  func.setPrivate();
  func->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(func.getContext(),
                                       LLVM::Linkage::Internal));
}

/// Collects the functions `roots` refer to, directly or not, in
/// `symbolTable`. Fails with a diagnostic when they refer to a symbol that is
/// not a function with a body (a global, a declaration): device modules get
/// copies of functions only.
static FailureOr<SmallVector<func::FuncOp>>
collectCallees(ArrayRef<KernelOp> roots, SymbolTable &symbolTable) {
  llvm::SetVector<Operation *> worklist;
  for (KernelOp kernel : roots)
    worklist.insert(kernel);
  SmallVector<func::FuncOp> callees;
  for (size_t i = 0; i < worklist.size(); ++i) {
    WalkResult result = worklist[i]->walk([&](Operation *op) {
      if (isa<LaunchOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp,
              DeviceCopyOp>(op)) {
        op->emitError() << "kernels cannot launch kernels or move data: '"
                        << op->getName() << "' in @"
                        << cast<SymbolOpInterface>(worklist[i]).getName()
                        << ", which a kernel calls";
        return WalkResult::interrupt();
      }
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(op);
      if (!uses)
        return WalkResult::advance();
      for (const SymbolTable::SymbolUse &use : *uses) {
        StringAttr name = use.getSymbolRef().getRootReference();
        Operation *symbol = symbolTable.lookup(name);
        if (!symbol)
          continue; // not a module symbol (e.g. nested); the verifier knows
        auto callee = dyn_cast<func::FuncOp>(symbol);
        if (!callee || callee.isExternal()) {
          // (A constant the canonicalizer hoisted has lost its location:
          // the kernel's, then.)
          Location loc = op->getLoc();
          if (!loc->findInstanceOf<FileLineColLoc>())
            loc = worklist[i]->getLoc();
          emitError(loc) << "kernel code refers to @" << name.getValue()
                          << ", a '" << symbol->getName()
                          << (callee ? "' without a body" : "'")
                          << "; device code can only use functions defined "
                             "in the module (device globals and external "
                             "functions are not supported)";
          return WalkResult::interrupt();
        }
        if (worklist.insert(callee))
          callees.push_back(callee);
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return callees;
}

namespace {
struct ConvertOffloadToGPUPass
    : public offload::impl::ConvertOffloadToGPUBase<ConvertOffloadToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KernelOp> kernels(module.getOps<KernelOp>());
    if (kernels.empty())
      return;
    SymbolTable symbolTable(module);
    MLIRContext *ctx = &getContext();
    IRRewriter rewriter(ctx);

    // Resolve the targets first: every problem is reported before anything
    // is built.
    SmallVector<TargetAttrInterface> targets;
    if (auto list = module->getAttrOfType<ArrayAttr>(
            OffloadDialect::getTargetsAttrName())) {
      for (Attribute attr : list) {
        auto target = dyn_cast<TargetAttrInterface>(attr);
        if (!target) {
          module.emitError() << "target " << attr
                             << " has no implementation registered in this "
                                "tool (call offload::registerAllTargets)";
          return signalPassFailure();
        }
        targets.push_back(target);
      }
      // An empty list builds no image: a launch would find nothing to run
      // (libomptarget, with no image registered, has no device either).
      if (targets.empty()) {
        WalkResult launches = module.walk([&](LaunchOp launch) {
          launch.emitOpError()
              << "launches " << launch.getKernelAttr() << ", but the module's '"
              << OffloadDialect::getTargetsAttrName()
              << "' is empty: no image of the kernel is built (list a target; "
                 "#offload.host runs kernels on the host)";
          return WalkResult::interrupt();
        });
        if (launches.wasInterrupted())
          return signalPassFailure();
      }
    }
    // What a kernel may contain is the same for every target (the
    // pipeline checks it earlier, in offload-check-kernels).
    bool failed = false;
    for (KernelOp kernel : kernels) {
      failed |= mlir::failed(verifyKernelContents(kernel));
      if (remarks && !failed) {
        KernelStrategy strategy = selectKernelStrategy(kernel);
        kernel.emitRemark()
            << "kernel @" << kernel.getSymName() << ": strategy '"
            << stringifyKernelStrategyKind(strategy.kind)
            << "': " << strategy.reason;
      }
    }
    module.walk([&](LaunchOp launch) {
      if (auto kernel = symbolTable.lookup<KernelOp>(launch.getKernel()))
        failed |= mlir::failed(verifyLaunchOfKernel(launch, kernel));
    });
    if (failed)
      return signalPassFailure();

    FailureOr<SmallVector<func::FuncOp>> callees =
        collectCallees(kernels, symbolTable);
    if (mlir::failed(callees))
      return signalPassFailure();
    // Kernels some launch passes overlapping buffers to (allow_aliasing):
    // their buffer parameters may alias.
    llvm::DenseSet<StringAttr> aliasingKernels;
    module.walk([&](LaunchOp launch) {
      if (launch.getAllowAliasing())
        aliasingKernels.insert(launch.getKernelAttr().getAttr());
    });
    KernelAccessAnalysis accesses;
    rewriter.setInsertionPointToEnd(module.getBody());
    for (TargetAttrInterface target : targets) {
      std::string name = getDeviceModuleName(target);
      // Kernels on Hopper's tensor cores need the target's wgmma variant
      // (sm_90a for sm_90) for the whole device module; targets without
      // wgmma may have mma.sync (sm_80 on).
      Attribute moduleTarget = target.getDeviceModuleTarget();
      bool anyTensorCores = llvm::any_of(kernels, [](KernelOp kernel) {
        return selectKernelStrategy(kernel).kind ==
               KernelStrategyKind::TensorCoreContraction;
      });
      TensorCoreKind tensorCores = TensorCoreKind::None;
      if (anyTensorCores) {
        if (Attribute wgmma = target.getWarpgroupMmaModuleTarget()) {
          tensorCores = TensorCoreKind::Warpgroup;
          moduleTarget = wgmma;
        } else if (Attribute warp = target.getWarpMmaModuleTarget()) {
          tensorCores = TensorCoreKind::WarpMma;
          moduleTarget = warp;
        }
      }
      // convert-gpu-to-offload may have made the module already (kernels
      // of the gpu dialect): add to it, so that each target keeps one image.
      auto gpuModule = symbolTable.lookup<gpu::GPUModuleOp>(name);
      if (gpuModule &&
          gpuModule->getAttr(OffloadDialect::getTargetAttrName()) == target) {
        gpuModule.setTargetsAttr(rewriter.getArrayAttr({moduleTarget}));
      } else {
        gpuModule =
            gpu::GPUModuleOp::create(rewriter, module.getLoc(), name,
                                     rewriter.getArrayAttr({moduleTarget}));
        symbolTable.insert(gpuModule);
      }
      gpuModule->setAttr(OffloadDialect::getTargetAttrName(), target);
      if (Attribute bounded =
              module->getAttr(OffloadDialect::getBoundedWaitsAttrName()))
        gpuModule->setAttr(OffloadDialect::getBoundedWaitsAttrName(), bounded);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(gpuModule.getBody());
      for (KernelOp kernel : kernels) {
        Operation *lowered =
            buildLoweredKernel(rewriter, kernel, kernel.getSymName(),
                               target.usesThreadGrid(), tensorCores);
        annotateBufferParams(lowered, kernel,
                             !aliasingKernels.contains(kernel.getSymNameAttr()),
                             accesses);
        target.annotateKernel(lowered);
      }
      for (func::FuncOp callee : *callees) {
        auto copy = cast<func::FuncOp>(rewriter.clone(*callee));
        makeInternal(copy);
      }
    }

    // The host copies, next to each kernel.
    for (KernelOp kernel : kernels) {
      std::string name = getFallbackName(kernel.getSymName());
      if (symbolTable.lookup(name)) {
        kernel.emitOpError() << "cannot create its host copy: the module "
                                "already has a symbol named @"
                             << name;
        return signalPassFailure();
      }
      rewriter.setInsertionPointAfter(kernel);
      auto fallback = cast<func::FuncOp>(
          buildLoweredKernel(rewriter, kernel, name, /*threadGrid=*/false));
      makeInternal(fallback);
    }
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    rewriter.getUnitAttr());
  }
};
} // namespace
