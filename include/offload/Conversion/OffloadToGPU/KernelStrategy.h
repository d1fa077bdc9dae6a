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

struct KernelStrategy {
  KernelStrategyKind kind = KernelStrategyKind::Serial;
  /// The kernel's parallel loop, or its contraction.
  Operation *root = nullptr;
  /// TiledContraction: the contraction, a fill of its output just before it
  /// (its value becomes the accumulators' initial value), and the tiles.
  std::optional<ContractionMatch> contraction;
  linalg::FillOp fill;
  ContractionTiling tiling;
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
void buildTiledContraction(RewriterBase &rewriter,
                           const ContractionMatch &match, linalg::FillOp fill,
                           const ContractionTiling &tiling);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_CONVERSION_OFFLOADTOGPU_KERNELSTRATEGY_H
