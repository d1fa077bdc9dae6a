//===- OffloadToGPU.h - offload kernels to gpu modules ----------*- C++ -*-===//

#ifndef OFFLOAD_CONVERSION_OFFLOADTOGPU_OFFLOADTOGPU_H
#define OFFLOAD_CONVERSION_OFFLOADTOGPU_OFFLOADTOGPU_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewriterBase;
namespace offload {
class KernelOp;
class TargetAttrInterface;
class LaunchOp;

#define GEN_PASS_DECL_CONVERTOFFLOADTOGPU
#include "offload/Conversion/Passes.h.inc"

/// Name of the device module of `target`: `__offload_<target>[_<chip>]`.
std::string getDeviceModuleName(TargetAttrInterface target);

/// Name of the host copy of kernel `kernelName`.
std::string getFallbackName(StringRef kernelName);

/// Checks what `kernel` contains against what every target can run (the
/// same verdict for all targets): at most one parallel loop at the top of
/// its body, reductions on it that a GPU can combine (getReductionKind), no
/// memory written outside it (except after a loop with reductions, where
/// the kernel runs on one thread), and linalg ops only as a tiled
/// contraction. Emits an error and fails otherwise.
LogicalResult verifyKernelContents(KernelOp kernel);

/// Checks a launch of `kernel` against the kernel's strategy: no
/// threads(...) for a tiled contraction, which runs on its own block size.
LogicalResult verifyLaunchOfKernel(LaunchOp launch, KernelOp kernel);

/// The GPU all-reduce operation of an scf.reduce region that combines its
/// two arguments with one arith operation with a neutral element, or none.
std::optional<gpu::AllReduceOperation> getReductionKind(Region &region);

/// Most blocks a kernel with reductions runs on: the launch lowering caps
/// the grid to it, each block leaves one partial result per reduction.
constexpr int64_t kMaxReductionBlocks = 2048;

/// Threads per block of a kernel whose parallel loop goes on blocks
/// (mapsParallelLoopOnBlocks).
constexpr int64_t kBlockMappingThreads = 256;

/// Chunks (of 16 bytes, see getGridVectorWidth) that each thread of such a
/// kernel runs per step of its loop over a nested loop's iterations, while
/// they are all inside the loop: their loads are in flight together.
constexpr int64_t kBlockMappingUnroll = 4;

/// True when the iterations of `kernel`'s parallel loop go on blocks and the
/// parallel loops nested in it on the threads of each block: a 1-D loop
/// without reductions whose body holds 1-D scf.parallel loops (with or
/// without reductions that getReductionKind accepts) and, outside them,
/// only code that writes no memory and allocates none (every thread of the
/// block runs it). The launch lowering then gives the kernel one block per
/// iteration of the loop and kBlockMappingThreads threads.
bool mapsParallelLoopOnBlocks(KernelOp kernel);

/// The tensor cores a target's kernels are built for.
enum class TensorCoreKind {
  /// None: tensor-core contractions become tiled contractions.
  None,
  /// Hopper's warpgroup tensor cores: TMA + wgmma pipelines (mma.sync for
  /// an f32 A[k][m], TensorCoreOperands::needsMmaSync; sm_90 has both).
  Warpgroup,
  /// Warp-level tensor cores (sm_80 on): mma.sync fed by ldmatrix and
  /// cp.async.
  WarpMma,
};

/// Builds, at the insertion point of `rewriter`, kernel `kernel` lowered to
/// the runtime's calling convention (KernelABI.h) under the name `name`: a
/// `gpu.func` marked as a kernel whose parallel loop is distributed over
/// the thread grid when `threadGrid`, else a `func.func` that keeps its
/// loops. `tensorCores`: what a tensor-core contraction becomes for this
/// target (the TMA + wgmma pipeline, the mma.sync one, or only the tiled
/// contraction). After the parameters of its arguments, the function takes
/// getNumStrategyParams(selectKernelStrategy(kernel)) i64 parameters.
/// Returns the new function.
Operation *
buildLoweredKernel(RewriterBase &rewriter, KernelOp kernel, StringRef name,
                   bool threadGrid,
                   TensorCoreKind tensorCores = TensorCoreKind::None);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_CONVERSION_OFFLOADTOGPU_OFFLOADTOGPU_H
