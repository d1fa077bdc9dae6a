//===- KernelStrategy.h - one code-generation strategy per kernel -*- C++ -*-//
//
// Every kernel is lowered for the thread grid with exactly one strategy,
// chosen by selectKernelStrategy from what the kernel holds. The device
// lowering (convert-offload-to-gpu) builds the kernel the strategy says, the
// launch lowering (convert-offload-to-omp) computes the grid the strategy
// needs, and `--offload-remarks` reports the choice.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_OFFLOADTOGPU_KERNELSTRATEGY_H
#define OFFLOAD_CONVERSION_OFFLOADTOGPU_KERNELSTRATEGY_H

#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>
#include <string>

namespace mlir {
class RewriterBase;
namespace offload {
class KernelOp;

enum class KernelStrategyKind {
  /// No parallel loop: the first thread of the grid runs the body.
  Serial,
  /// A 1-D to 3-D parallel loop without reductions on the thread grid, one
  /// iteration per thread (or a grid-stride loop when the grid is smaller).
  GridLoop,
  /// A 1-D parallel loop on blocks, the parallel loops nested in it on the
  /// threads of each block (row-wise reductions, softmax).
  BlocksAndThreads,
  /// A parallel loop with reductions: per-thread partial results combined
  /// per block, then across blocks.
  GridReduction,
  /// A 2-D parallel loop that reads a buffer transposed (at [j, i] where
  /// the loop is over (i, j)): 32x32 tiles of it are read along its rows
  /// into shared memory, then used along the loop's rows.
  TiledTranspose,
  /// A linalg contraction (matmul, batch_matmul, transposed forms, generic
  /// contractions): block tiles of the output staged through shared
  /// memory, each thread computing a register tile.
  TiledContraction,
  /// A matmul or batch_matmul (either operand transposed) with f16 or bf16
  /// inputs, or f32 ones as TF32 where `offload.allow_tf32` allows it, and
  /// f32 accumulation, in a module with a target that has Hopper's
  /// warpgroup tensor cores (NVPTX sm_90): there, 128x256 output tiles per
  /// block of two warpgroups, k-slices of 128 bytes loaded by TMA into
  /// 128-byte-swizzled shared memory through a ring of mbarrier stages and
  /// multiplied by wgmma; for targets with warp-level tensor cores only
  /// (NVPTX sm_80 to sm_89), and for an f32 A[k][m] on every NVPTX target
  /// from sm_80 on, the same tiles on 8 warps of mma.sync (m16n8k16, TF32
  /// m16n8k8) fed from cp.async stages (MmaSyncTiling); on
  /// other targets (and when the runtime gives no tensor maps or too little
  /// shared memory) the tiled contraction on the same grid.
  TensorCoreContraction,
};

/// The strategy's name as remarks print it (`grid-loop`, ...).
StringRef stringifyKernelStrategyKind(KernelStrategyKind kind);

/// Block and thread tiles of a tiled contraction.
struct ContractionTiling {
  /// Output tile of a block (tileM x tileN) and the k-slice staged in
  /// shared memory per step (two stages, within the 48 KiB of static shared
  /// memory).
  int64_t tileM = 256, tileN = 128, tileK = 8;
  /// Output tile of a thread: quads of 4 rows by quads of 4 columns, spread
  /// over the block tile (so multiples of 4). tileK * tileM and tileK *
  /// tileN must be multiples of threads().
  int64_t threadM = 16, threadN = 8;
  /// Elements per vector load of global memory, where the operand's layout
  /// and alignment allow.
  int64_t vectorWidth = 4;
  /// Threads per block (one dimension).
  int64_t threads() const { return (tileM / threadM) * (tileN / threadN); }
};

/// The tensor-core contraction (TensorCoreContraction.cpp).
struct TensorCoreTiling {
  /// Output tile of a block: two warpgroups, each computing a 64 x 256 half
  /// of the 128 x 256 tile (TensorCoreOperands::tileN: 128 where N fits) (wgmma m64n256, k in slices of 128 bytes:
  /// TensorCoreOperands::tileK).
  static constexpr int64_t tileM = 128, tileN = 256;
  static constexpr int64_t warpgroups = 2;
  static constexpr int64_t warpgroupM = tileM / warpgroups;
  /// Threads of the consumer warpgroups (the tiled contraction and the
  /// mma.sync kernel run on as many).
  static constexpr int64_t threads = 128 * warpgroups;
  /// Threads per block of the wgmma kernel: the consumers and one producer
  /// warpgroup that issues the TMA loads (warp specialization), and the
  /// registers each keeps (setmaxnreg; 128 x 48 + 256 x 224 <= 64K).
  static constexpr int64_t specializedThreads = threads + 128;
  static constexpr int32_t producerRegisters = 48, consumerRegisters = 224;
  /// TMA boxes of B[k][n] (16-bit): B's k x 256 slice in boxes of k x 64
  /// (the inner box dimension of a 128-byte swizzle holds at most 128
  /// bytes).
  static constexpr int64_t boxN = 64;
  /// Tiles are taken in bands of this many tile rows (all the columns of
  /// a band before the next band), so that the blocks running at a time
  /// share their A and B tiles in L2.
  static constexpr int64_t bandRows = 8;
  /// The tiled contraction run by the same grid of 256-thread blocks, for
  /// targets without wgmma and when no tensor maps are given: 128x128
  /// tiles (each block strides over two per 128x256 tile of the grid), 8x8
  /// per thread, so that the kernel that holds both paths needs no more
  /// registers than the wgmma path.
  static ContractionTiling simtTiling() {
    ContractionTiling tiling;
    tiling.tileM = 128;
    tiling.tileN = 128;
    tiling.threadM = 8;
    tiling.threadN = 8;
    return tiling;
  }
};

/// The warp-level tensor-core contraction (MmaSyncContraction.cpp) for
/// targets with mma.sync but not wgmma (and, on wgmma targets, for the
/// TF32 layouts wgmma cannot read: TensorCoreOperands::needsMmaSync), on
/// the grid of TensorCoreTiling: each block's 128 x 256 tile on 8 warps of
/// 64 x 64 (2 along m, 4 along n; 4 x 8 mma.sync m16n8k16 for f16/bf16, or
/// m16n8k8 for TF32, 128 f32 accumulators per thread), k in slices of 64
/// bytes (32 f16/bf16 or 16 f32) through a ring of cp.async stages in
/// dynamic shared memory.
struct MmaSyncTiling {
  static constexpr int64_t tileM = TensorCoreTiling::tileM;
  static constexpr int64_t tileN = TensorCoreTiling::tileN;
  static constexpr int64_t threads = TensorCoreTiling::threads;
  static constexpr int64_t warpsM = 2, warpsN = 4;
  static constexpr int64_t warpM = tileM / warpsM, warpN = tileN / warpsN;
  static_assert(warpsM * warpsN * 32 == threads, "one warp per warp tile");
  /// Bytes of k per slice (two mma.sync k-steps of 32 bytes) and stages of
  /// the ring.
  static constexpr int64_t sliceBytes = 64, stages = 3;
  /// k of a slice and of one mma.sync for elements of `elementBytes`
  /// bytes: 32 and 16 (m16n8k16) for f16/bf16, 16 and 8 (m16n8k8) for
  /// TF32.
  static constexpr int64_t tileK(int64_t elementBytes) {
    return sliceBytes / elementBytes;
  }
  static constexpr int64_t mmaK(int64_t elementBytes) {
    return 32 / elementBytes;
  }
  /// Bytes of A's and B's parts of a stage (the same for every element
  /// type: the k-slice is 64 bytes).
  static constexpr int64_t aStageBytes = tileM * sliceBytes;
  static constexpr int64_t stageBytes = (tileM + tileN) * sliceBytes;
  /// Dynamic shared memory a launch gives the kernel (72 KiB, with 128
  /// bytes to align the stages: within the 99 KiB sm_86 and sm_89 allow a
  /// block).
  static constexpr int64_t sharedBytes = stages * stageBytes + 128;
};

/// How the tensor-core contraction of one contraction holds its operands
/// (getTensorCoreOperands). Every layout keeps the stage of TensorCoreTiling:
/// 16 KiB of A (128 rows of m) and 32 KiB of B (256 columns of n) per
/// k-slice, each 128-byte row of a TMA box holding 128 bytes of one m, n or
/// k, 128-byte swizzled.
struct TensorCoreOperands {
  /// Bytes per element of A and B: 2 (f16, bf16) or 4 (f32, multiplied as
  /// TF32).
  int64_t elementBytes = 2;
  /// A stored A[m][k] (K-major; otherwise A[k][m], M-major) and B stored
  /// B[n][k] (K-major; otherwise B[k][n], N-major), innermost last.
  bool aKMajor = true, bKMajor = false;
  /// The k-slice of a stage: 128 bytes of k (64 f16/bf16, 32 f32).
  int64_t tileK() const { return 128 / elementBytes; }
  /// k of one wgmma instruction (16 for f16/bf16, 8 for TF32: 32 bytes).
  int64_t wgmmaK() const { return 32 / elementBytes; }
  /// TF32 wgmma reads shared-memory operands K-major only: with an f32
  /// B[k][n] (eight swizzled TMA boxes of 32 x 32, k x n) the kernel
  /// computes C^T = B^T A^T, B's slice loaded into registers as wgmma's A
  /// operand and A's K-major slice as its B.
  bool transposesB() const { return elementBytes == 4 && !bKMajor; }
  /// An f32 A stored A[k][m]: TF32 wgmma reads shared memory only
  /// K-major (wgmma with A from registers is not built), so targets with
  /// wgmma run the TF32 mma.sync kernel (MmaSyncContraction.cpp) for it.
  bool needsMmaSync() const { return elementBytes == 4 && !aKMajor; }
  /// Columns (n) of a block's output tile, chosen from the sizes:
  /// TensorCoreTiling::tileN, or half of it where N is known to fit (a
  /// static N of at most 128: wgmma m64n128, no multiplies of zeros).
  int64_t tileN = 256;
  /// Bytes of A's and of B's part of a stage, and of the stage.
  int64_t aStageBytes() const;
  int64_t bStageBytes() const { return tileN * 128; }
  int64_t stageBytes() const { return aStageBytes() + bStageBytes(); }
  /// Stages of the ring: as many as 192 KiB hold (4 of 48 KiB, 6 of
  /// 32 KiB).
  int64_t stages() const { return 4 * 48 * 1024 / stageBytes(); }
  /// Dynamic shared memory a launch gives the kernel (with 1 KiB to align).
  int64_t sharedBytes() const;
  /// A TMA box (innermost first) of A or B, how many make one operand's
  /// part of a stage (side by side along m or n), and whether it is
  /// 128-byte swizzled.
  struct Box {
    int64_t inner, outer, count;
    bool swizzled;
  };
  Box getABox() const;
  Box getBBox() const;
};

struct KernelStrategy {
  KernelStrategyKind kind = KernelStrategyKind::Serial;
  /// The kernel's parallel loop, or its contraction.
  Operation *root = nullptr;
  /// TiledContraction: the contraction, a fill of its output just before it
  /// (its value becomes the accumulators' initial value), and the tiles.
  std::optional<ContractionMatch> contraction;
  linalg::FillOp fill;
  /// The elementwise op after the contraction that its epilogue computes
  /// (getFusableEpilogue), or null.
  linalg::LinalgOp epilogue;
  ContractionTiling tiling;
  /// TensorCoreContraction with a wgmma target: the threads per block of
  /// every image of the kernel (TensorCoreTiling::specializedThreads); 0
  /// for tiling.threads().
  int64_t blockThreads = 0;
  int64_t getBlockThreads() const {
    return blockThreads ? blockThreads : tiling.threads();
  }
  /// GridLoop (and 1-D GridReduction): iterations of the innermost
  /// dimension each thread runs
  /// (1, or 2-4 so that the accesses at the innermost induction variable
  /// become 16-byte vector accesses).
  int64_t vectorWidth = 1;
  /// Why this strategy, for remarks.
  std::string reason;
};

/// The memref and indices of a memref.load or memref.store, or nothing.
std::optional<std::pair<Value, ValueRange>> getLoadStoreAccess(Operation *op);

/// Tile of the tiled transpose strategy (TiledTranspose): tile x tile
/// iterations per block, on tile x kTransposeRows threads.
constexpr int64_t kTransposeTile = 32;
constexpr int64_t kTransposeRows = 8;

/// The loads and stores of `parallel` (a 2-D loop without reductions, unit
/// steps) directly in its body that access a 2-D buffer defined outside the
/// loop at exactly [j, i] for the loop's induction variables (i, j): loads
/// of buffers the loop never writes, and the one store of buffers it never
/// reads.
SmallVector<Operation *> getTransposedLoads(scf::ParallelOp parallel);

/// The number of consecutive iterations of the innermost dimension of
/// `parallel` that one thread runs at a time so that its
/// contiguous accesses are 16 bytes wide: 16 / the widest element accessed
/// at exactly the innermost induction variable (as the last index of a
/// memref with unit innermost stride), or 1 when there is none or the step
/// is not 1.
int64_t getGridVectorWidth(scf::ParallelOp parallel);

/// Picks the strategy that lowers `kernel` for the thread grid.
KernelStrategy selectKernelStrategy(KernelOp kernel);

/// Parameters a kernel lowered with `strategy` takes after those of its
/// arguments, on every target (so that every image and the host copy keep
/// one calling convention): TensorCoreContraction takes the device
/// addresses of the tensor maps of A and B (0 when the runtime made none).
unsigned getNumStrategyParams(const KernelStrategy &strategy);

//===----------------------------------------------------------------------===//
// Tiled contraction (TiledContraction.cpp)
//===----------------------------------------------------------------------===//

/// Whether the tiled strategy can compute `match` (element types it
/// supports, operands it can read).
bool canTileContraction(const ContractionMatch &match);

/// The tiles for `match`, from its element types and the sizes known at
/// compile time.
ContractionTiling chooseContractionTiling(const ContractionMatch &match);

/// Replaces `match.op`, inside a `gpu.func` kernel, by the tiled contraction:
/// block (x, y, z) computes the output tile at columns x * tileN, rows
/// y * tileM of batch z, with tiling.threads() threads along x. With
/// `fill`, a linalg.fill of the output that precedes the op, the
/// accumulators start at the fill's value instead of the output's contents
/// and the fill is erased. Sizes that are not multiples of the tiles are
/// handled (loads outside the operands read zero, stores are guarded).
/// With `epilogue` (getFusableEpilogue), each element of C is computed,
/// stored (unless the epilogue writes C itself) and passed through the
/// epilogue's body, whose result is stored into its output; the epilogue
/// is erased.
void buildTiledContraction(RewriterBase &rewriter,
                           const ContractionMatch &match, linalg::FillOp fill,
                           const ContractionTiling &tiling,
                           linalg::LinalgOp epilogue = {});

/// The value the fused `epilogue` (getFusableEpilogue of a contraction with
/// output `c`) computes for the element of its output at `where` (C's
/// indices, which are the epilogue's loop indices) from `cValue`, C's value
/// there in C's element type: its other inputs are loaded at `where`
/// through their indexing maps and its body is cloned at the insertion
/// point.
Value buildEpilogueElement(OpBuilder &b, Location loc,
                           linalg::LinalgOp epilogue, Value c,
                           ArrayRef<Value> where, Value cValue);

/// Stores `cValue` at `where`: into C, and with a fused `epilogue` (null
/// when none) its result into the epilogue's output (C is still written when
/// that output is another buffer).
void storeContractionElement(OpBuilder &b, Location loc,
                             linalg::LinalgOp epilogue, Value c,
                             ArrayRef<Value> where, Value cValue);

/// Moves `ops` (a contraction with its fill and fused epilogue, null ones
/// skipped, in program order, memref ops without results) into an scf.if
/// before the last of them that only threads below `threads` (x) enter:
/// the contraction's builders then run on `threads` threads of a larger
/// block (TensorCoreTiling::specializedThreads), the others skip it.
void guardContractionThreads(RewriterBase &rewriter,
                             ArrayRef<Operation *> ops, int64_t threads);

/// Whether `memref` is contiguous along its last dimension and its element
/// a whole number of bytes (so pairs or vectors of it can be stored).
bool hasContiguousRows(Value memref);

/// Stores the f32 accumulator `value` of C's element at `where`: C = init
/// + value (C's old contents when `init`, an f32, is null), rounded once
/// to C's type, through storeContractionElement.
void storeContractionScalar(OpBuilder &b, Location loc,
                            const ContractionMatch &match,
                            linalg::LinalgOp epilogue, Value value,
                            ArrayRef<Value> where, Value init);

/// The same for two accumulators of consecutive elements of C's (and the
/// fused op's output's) innermost dimension, at `where` and `next`, as one
/// vector of two: the caller knows they lie inside C and are aligned.
void storeContractionPair(OpBuilder &b, Location loc,
                          const ContractionMatch &match,
                          linalg::LinalgOp epilogue, Value v0, Value v1,
                          ArrayRef<Value> where, ArrayRef<Value> next,
                          Value init);

//===----------------------------------------------------------------------===//
// Tensor-core contraction (TensorCoreContraction.cpp)
//===----------------------------------------------------------------------===//

/// Whether the tensor-core strategy can compute `match`, a contraction in
/// `kernel`: a matmul C[m, n] += A[m, k] * B[k, n] or a batched one
/// C[b, m, n] += A[b, m, k] * B[b, k, n] (C in any layout; A stored
/// A[m][k] or A[k][m], B stored B[k][n] or B[n][k], a batch outermost)
/// whose body multiplies and adds (after extensions), A and B kernel
/// arguments of equal type f16 or bf16, or f32 where `offload.allow_tf32`
/// allows TF32, with unit innermost strides (and outer strides that TMA
/// can take where they are static), C of f32, f16 or bf16 (f32 with TF32).
/// Otherwise sets `why`. With `tma` false (a module whose targets have
/// mma.sync but not wgmma), the strides TMA needs are not required.
bool canUseTensorCores(const ContractionMatch &match, KernelOp kernel,
                       std::string &why, bool tma = true);

/// Whether `op` (a contraction) may run on tensor cores as TF32: it or an
/// op around it (its kernel, function, module) has `offload.allow_tf32`.
bool allowsTF32(Operation *op);

/// The dynamic shared memory the launch gave the kernel
/// (%dynamic_smem_size, NVPTX), as an i32.
Value buildDynamicSharedSize(OpBuilder &b, Location loc);

/// Whether `memref`'s start and the strides of its outer dimensions are
/// multiples of `elements` elements (an i1; uniform across the grid).
Value buildIsAligned(OpBuilder &b, Location loc, Value memref,
                     int64_t elements);

/// How the tensor-core contraction holds the operands of `match` (one that
/// canUseTensorCores accepts).
TensorCoreOperands getTensorCoreOperands(const ContractionMatch &match);

/// Replaces `match.op`, inside a `gpu.func` kernel, by the tensor-core
/// contraction for the grid of TensorCoreTiling: when `mapA` and `mapB` (i64
/// device addresses of the tensor maps of A and B) are not 0 and the launch
/// gave TensorCoreOperands::sharedBytes() of dynamic shared memory, the TMA +
/// wgmma pipeline; otherwise the tiled contraction with
/// TensorCoreTiling::simtTiling(). `fill` and `epilogue` as for
/// buildTiledContraction.
void buildTensorCoreContraction(RewriterBase &rewriter,
                                const ContractionMatch &match,
                                linalg::FillOp fill, linalg::LinalgOp epilogue,
                                Value mapA, Value mapB);

//===----------------------------------------------------------------------===//
// Warp-level tensor-core contraction (MmaSyncContraction.cpp)
//===----------------------------------------------------------------------===//

/// Replaces `match.op` (one that canUseTensorCores accepts), inside a
/// `gpu.func` kernel, by the mma.sync contraction for the grid of
/// TensorCoreTiling: when the launch gave MmaSyncTiling::sharedBytes of
/// dynamic shared memory and A and B are 16-byte aligned (starts, rows and
/// batches), 128 x 256 tiles on 8 warps of mma.sync m16n8k16 (f16, bf16)
/// or m16n8k8 (f32 inputs, as TF32), the operands' k-slices loaded by
/// cp.async (16-byte copies, zero-filled outside A and B) through
/// MmaSyncTiling::stages stages and read by ldmatrix (transposed for a
/// 16-bit A[k][m] and B[k][n]; 32-bit shared loads for an f32 A[k][m] and
/// B[k][n]); otherwise the tiled contraction with
/// TensorCoreTiling::simtTiling().
/// `fill` and `epilogue` as for buildTiledContraction.
void buildMmaSyncContraction(RewriterBase &rewriter,
                             const ContractionMatch &match, linalg::FillOp fill,
                             linalg::LinalgOp epilogue);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_CONVERSION_OFFLOADTOGPU_KERNELSTRATEGY_H
