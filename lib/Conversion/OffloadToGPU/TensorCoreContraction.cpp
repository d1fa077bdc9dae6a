//===- TensorCoreContraction.cpp - matmuls on Hopper tensor cores -*- C++ -*-//
//
// The TensorCoreContraction strategy (KernelStrategy.h): a matmul or a
// batch_matmul (A[m][k] or A[k][m], B[k][n] or B[n][k]) with f16 or bf16
// inputs, or f32 ones as TF32 where offload.allow_tf32 allows it, in a
// gpu.func becomes, for targets with wgmma (NVPTX sm_90, built as sm_90a),
// a TMA + mbarrier + wgmma pipeline:
//
//   - Three warpgroups (384 threads) per block, warp-specialized: two
//     consumers and a producer (setmaxnreg moves registers from the
//     producer to the consumers). Block b (x fastest) computes
//     the 128x256 output tiles b, b + blocks, ... (the runtime makes the
//     grid one block per multiprocessor: a persistent kernel), tiles
//     counted in bands of TensorCoreTiling::bandRows tile rows, down each
//     column of a band before the next column, so that the blocks running
//     at a time share their A and B tiles in L2. With a batch, the tiles
//     of batch 0 come first, then batch 1's, ...; the batch is the tensor
//     maps' third (outermost) dimension, so one TMA box never spans two
//     batches.
//   - The k dimension goes in slices of 128 bytes (64 f16/bf16, 32 f32)
//     through a ring of 4 stages of dynamic shared memory (aligned to 1024
//     bytes), each holding A's 128 rows and B's 256 columns in TMA boxes
//     that follow the operands' layouts (TensorCoreOperands), 128-byte
//     swizzled as TMA writes them. The slices of all the block's tiles
//     are one stream: the producer's first thread waits for a stage's
//     `empty` mbarrier, arms its `full` one with the stage's byte count and
//     issues its TMA loads, running ahead into the next tile while the
//     consumers finish and store this one. The consumers wait on `full`'s
//     phase parity, multiply their 64 rows of A's slice with B's
//     (nvvm.wgmma.mma_async m64n256k16, or k8 for TF32, with matrix
//     descriptors and transpose bits for the layouts; f32 accumulators in
//     registers), and each of their warps arrives on the previous slice's
//     `empty` mbarrier once its wgmma completed. With an f32 B[k][n] the
//     product is swapped, C^T = B^T A^T (TF32 wgmma reads shared memory
//     only K-major): B's slice goes from shared memory into registers as
//     wgmma's A operand (m64n128k8, two per warpgroup), A's slice is its
//     B. An f32 A[k][m] is not built here: it gets the TF32 mma.sync
//     kernel (MmaSyncContraction.cpp) on wgmma targets too
//     (TensorCoreOperands::needsMmaSync).
//   - TMA fills the parts of a box outside the operands with zeros, so
//     sizes that are not multiples of the tiles need no other care in the
//     main loop. The epilogue stores the accumulators straight from the
//     registers, two elements at a time (one vector where C's rows run
//     along the pair, it is aligned and the pair lies inside C; one element
//     at a time behind bounds checks elsewhere), adding the fill's value or
//     C's old contents, through the fused epilogue if there is one.
//   - The tensor maps (CUtensorMap, 128 bytes in device memory) are made
//     by the runtime when the launch knows the operands' device addresses
//     (__offload_rt_prepare_tma); their addresses arrive as the kernel's two
//     last parameters. When either is 0 (no CUDA driver, addresses or
//     strides TMA cannot take) or the launch gave less dynamic shared memory
//     than the pipeline needs, the kernel runs the tiled contraction
//     (TiledContraction.cpp) on the same grid instead, on the consumers'
//     256 threads.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Choice
//===----------------------------------------------------------------------===//

/// Whether `memref` is a kernel argument of `kernel` of rank `rank` (2, or 3
/// with a batch) in the default memory space with a static unit innermost
/// stride, whose other strides (when static and `tma`) TMA can take
/// (multiples of 16 bytes).
static bool isTmaOperand(Value memref, KernelOp kernel, int64_t rank,
                         std::string &why, StringRef name, bool tma) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || arg.getOwner() != &kernel.getBody().front()) {
    why = (name + " is not a kernel argument").str();
    return false;
  }
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != rank || type.getMemorySpace() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1) {
    why = (name + " is not a " + Twine(rank) + "-D buffer with contiguous rows")
              .str();
    return false;
  }
  // (mma.sync kernels copy element by element where 16-byte copies
  // cannot be used.)
  if (!tma)
    return true;
  unsigned bytes = type.getElementTypeBitWidth() / 8;
  for (int64_t d = rank - 2; d >= 0; --d)
    if (!ShapedType::isDynamic(strides[d]) && (strides[d] * bytes) % 16 != 0) {
      why = (name + (d == rank - 2 ? "'s rows" : "'s batches") +
             " are not a multiple of 16 bytes apart (TMA)")
                .str();
      return false;
    }
  return true;
}

bool mlir::offload::allowsTF32(Operation *op) {
  for (; op; op = op->getParentOp())
    if (op->hasAttr(OffloadDialect::getAllowTF32AttrName()))
      return true;
  return false;
}

/// The dimensions of an operand stored [outer][inner] (a batch first),
/// from the loops `outer` and `inner`.
static SmallVector<unsigned, 3> operandDims(const ContractionMatch &match,
                                            unsigned outer, unsigned inner) {
  SmallVector<unsigned, 3> dims;
  if (match.batch >= 0)
    dims.push_back(match.batch);
  dims.append({outer, inner});
  return dims;
}

TensorCoreOperands
mlir::offload::getTensorCoreOperands(const ContractionMatch &match) {
  TensorCoreOperands ops;
  ops.elementBytes = match.aType.getIntOrFloatBitWidth() / 8;
  ops.aKMajor = match.aDims == operandDims(match, match.m, match.k);
  ops.bKMajor = match.bDims == operandDims(match, match.n, match.k);
  // Half-width tiles where N is known to fit one: a 256-wide tile would
  // multiply as many zeros as elements of B.
  auto [source, dim] = match.getLoopSizeSource(match.n);
  auto type = cast<MemRefType>(source.getType());
  if (!type.isDynamicDim(dim) &&
      type.getDimSize(dim) <= TensorCoreTiling::tileN / 2)
    ops.tileN = TensorCoreTiling::tileN / 2;
  return ops;
}

int64_t TensorCoreOperands::aStageBytes() const {
  return TensorCoreTiling::tileM * 128;
}

int64_t TensorCoreOperands::sharedBytes() const {
  return stages() * stageBytes() + 1024;
}

TensorCoreOperands::Box TensorCoreOperands::getABox() const {
  using T = TensorCoreTiling;
  // A[m][k]: the slice's 128 rows of m in one box; A[k][m]: k rows of 64 m
  // (128 bytes), one box per warpgroup.
  if (aKMajor)
    return {tileK(), T::tileM, 1, true};
  return {128 / elementBytes, tileK(), T::tileM / (128 / elementBytes), true};
}

TensorCoreOperands::Box TensorCoreOperands::getBBox() const {
  using T = TensorCoreTiling;
  if (bKMajor)
    return {tileK(), tileN, 1, true};
  // B[k][n] of f32: boxes of 32 n (128 bytes) by 32 k, read into
  // registers as the A operand of the swapped product (below).
  if (transposesB())
    return {32, tileK(), tileN / 32, true};
  return {T::boxN, tileK(), tileN / T::boxN, true};
}

bool mlir::offload::canUseTensorCores(const ContractionMatch &match,
                                      KernelOp kernel, std::string &why,
                                      bool tma) {
  bool tf32 = false;
  if (match.aType == match.bType && match.aType.isF32()) {
    if (!allowsTF32(match.op)) {
      why = "f32 inputs without 'offload.allow_tf32' (TF32 changes results; "
            "offload-cc --offload-tf32 allows it)";
      return false;
    }
    tf32 = true;
  } else if (match.aType != match.bType ||
             !isa<Float16Type, BFloat16Type>(match.aType)) {
    why = "inputs that are not both f16, both bf16 or both f32 (TF32)";
    return false;
  }
  if (!isa<Float32Type, Float16Type, BFloat16Type>(match.cType) ||
      (tf32 && !match.cType.isF32())) {
    why = tf32 ? "an output that is not f32 (TF32)"
               : "an output that is not f32, f16 or bf16";
    return false;
  }
  // A[m][k] or A[k][m], B[k][n] or B[n][k] (wgmma reads 16-bit operands
  // either way from the 128-byte swizzled tiles); a batch is the outermost
  // dimension of both (the tensor maps' third).
  bool batched = match.batch >= 0;
  auto either = [&](ArrayRef<unsigned> dims, unsigned x, unsigned y) {
    return dims == ArrayRef<unsigned>(operandDims(match, x, y)) ||
           dims == ArrayRef<unsigned>(operandDims(match, y, x));
  };
  if (!either(match.aDims, match.m, match.k) ||
      !either(match.bDims, match.k, match.n)) {
    why = batched ? "operands whose batch is not their outermost dimension"
                  : "operands that are not matrices of (m, k) and (k, n)";
    return false;
  }
  // The body multiplies and adds, after extensions.
  unsigned muls = 0, adds = 0;
  for (Operation &op : match.op.getBlock()->without_terminator()) {
    if (isa<arith::MulFOp>(op))
      ++muls;
    else if (isa<arith::AddFOp>(op))
      ++adds;
    else if (!isa<arith::ExtFOp>(op)) {
      why = "a body that is not a multiply-add";
      return false;
    }
  }
  if (muls != 1 || adds != 1) {
    why = "a body that is not a multiply-add";
    return false;
  }
  int64_t rank = batched ? 3 : 2;
  return isTmaOperand(match.getA(), kernel, rank, why, "A", tma) &&
         isTmaOperand(match.getB(), kernel, rank, why, "B", tma);
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

namespace {
using T = TensorCoreTiling;

class TensorCoreBuilder {
public:
  TensorCoreBuilder(RewriterBase &b, const ContractionMatch &match,
                    linalg::LinalgOp epilogue)
      : b(b), loc(match.op.getLoc()), ctx(b.getContext()), match(match),
        ops(getTensorCoreOperands(match)), epilogue(epilogue) {}

  void build(linalg::FillOp fill, Value mapA, Value mapB);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, index(y));
  }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, index(y));
  }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value le(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ceilDiv(Value x, int64_t d) {
    return arith::CeilDivUIOp::create(b, loc, x, index(d));
  }
  /// A typed view of the dynamic shared memory at byte `offset` (from the
  /// 1024-byte aligned start).
  Value view(Value offset, MemRefType type) {
    return memref::ViewOp::create(b, loc, type, shared, add(pad, offset),
                                  ValueRange{});
  }
  MemRefType sharedType(ArrayRef<int64_t> shape, Type element) {
    return MemRefType::get(
        shape, element, MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(
            ctx, gpu::GPUDialect::getWorkgroupAddressSpace()));
  }
  Value tensorMap(Value address, MemRefType box, bool swizzled);
  /// The shared-memory type of one TMA box of `box` (with the batch's 1).
  MemRefType boxType(TensorCoreOperands::Box box);
  /// A wgmma matrix descriptor for the operand at byte `offset` of the
  /// (aligned) dynamic shared memory, 128-byte swizzled, with leading and
  /// stride byte offsets `leading` and `stride`.
  Value descriptor(Value offset, int64_t leading, int64_t stride);
  /// Issues one slice's wgmma of this warpgroup (tileK / wgmmaK
  /// instructions m64n256) on the stage at byte `offset` as one group.
  Value multiply(Value acc, Value offset);
  /// The same for an f32 B[k][n], swapped: C^T = B^T A^T, B's slice read
  /// from shared memory into registers as wgmma's A operand (TF32 wgmma
  /// reads shared-memory operands only K-major), A's slice as its B.
  Value multiplySwapped(Value acc, Value offset);
  /// The tile row (n) of row `row` of a swapped wgmma's A operand or
  /// accumulator, for n-block `nb` of this warpgroup (h: 8-row half).
  Value swappedColumn(Value nb, Value h);
  /// Waits on stage g % stages of `barriers` until its phase g / stages +
  /// `round` (mod 2) completed (the slice in `full`; with round 1, the
  /// previous slice's release in `empty`); returns the stage.
  Value waitStage(Value barriers, Value g, int64_t round = 0);
  Value dynamicSharedSize() { return buildDynamicSharedSize(b, loc); }
  Value isAligned(Value memref, int64_t elements) {
    return buildIsAligned(b, loc, memref, elements);
  }
  /// The batch (or null), first row and first column of tile `tile`.
  struct TileOrigin {
    Value z, m0, n0;
  };
  TileOrigin getTileOrigin(Value tile);
  /// The indices of C at (row, col) of batch `z` (null without a batch).
  SmallVector<Value> cIndices(Value row, Value col, Value z);
  /// Arms stage `stage`'s `full` mbarrier with the stage's bytes and issues
  /// the TMA loads of k-slice `slice` of the tile at `origin` into it.
  void issueSlice(Value stage, TileOrigin origin, Value slice);
  /// The producer warpgroup: one thread streams the k-slices of all the
  /// block's tiles through the stages.
  void buildProducer();
  /// A consumer warpgroup: multiplies each tile's slices as they arrive,
  /// releases their stages, and stores the tile.
  void buildConsumer(Value fillValue);
  void buildPipeline(Value fillValue, Value mapA, Value mapB);
  /// Stores this warpgroup's accumulators straight from the registers into
  /// C (through the fused epilogue if there is one).
  void buildEpilogue(Value acc, Value fillValue);
  /// The epilogue's stores of a 16-bit C after a fill (f32 `init`) in 16
  /// bytes per lane: pairs traded between the lanes of each quad (rows from
  /// `row0`, columns from `col0`, as the pairs of wgmma's layout).
  void storeQuadTransposed(Value acc, Value init, Value row0, Value col0);

  RewriterBase &b;
  Location loc;
  MLIRContext *ctx;
  const ContractionMatch &match;
  TensorCoreOperands ops;
  /// The fused elementwise op (its output D), or null.
  linalg::LinalgOp epilogue;

  /// The stages' mbarriers: `full` completes when a stage's loads have
  /// landed, `empty` when every consumer warp is done with it.
  Value shared, pad, full, empty, descA, descB, leader, tid, warpgroup;
  Value sizeM, sizeN, sizeK, numK;
  /// The tiles (of all batches), the block's linear index and the grid's
  /// size: block b computes tiles b, b + blocks, ...
  Value tilesN, tilesM, perBatch, tiles, block, blocks;
  /// The tile a consumer multiplies now (z: its batch, or null).
  Value z, m0, n0;
  /// TMA boxes (1 x ... with a batch dimension).
  MemRefType aBox, bBox;
};
} // namespace

Value TensorCoreBuilder::tensorMap(Value address, MemRefType box,
                                   bool swizzled) {
  auto type = nvgpu::TensorMapDescriptorType::get(
      ctx, box,
      swizzled ? nvgpu::TensorMapSwizzleKind::SWIZZLE_128B
               : nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE,
      nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value pointer = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), address);
  return UnrealizedConversionCastOp::create(b, loc, type, pointer).getResult(0);
}

SmallVector<Value> TensorCoreBuilder::cIndices(Value row, Value col,
                                               Value z) {
  SmallVector<Value> at(match.op.getNumLoops());
  at[match.m] = row;
  at[match.n] = col;
  if (match.batch >= 0)
    at[match.batch] = z;
  SmallVector<Value> where;
  for (unsigned loop : match.cDims)
    where.push_back(at[loop]);
  return where;
}

MemRefType TensorCoreBuilder::boxType(TensorCoreOperands::Box box) {
  SmallVector<int64_t, 3> shape;
  if (match.batch >= 0)
    shape.push_back(1);
  shape.append({box.outer, box.inner});
  return sharedType(shape, match.aType);
}

void TensorCoreBuilder::issueSlice(Value stage, TileOrigin origin,
                                   Value slice) {
  Value offset = mul(stage, index(ops.stageBytes()));
  Value k0 = mul(slice, index(ops.tileK()));
  nvgpu::MBarrierArriveExpectTxOp::create(b, loc, full, index(ops.stageBytes()),
                                          stage, /*predicate=*/Value());
  // The boxes of one operand side by side along m (or n) from `start`;
  // coordinates innermost first, the batch outermost.
  auto load = [&](TensorCoreOperands::Box box, bool kMajor, Value start,
                  Value desc, MemRefType type, int64_t at) {
    int64_t boxBytes = box.inner * box.outer * ops.elementBytes;
    for (int64_t i = 0; i < box.count; ++i) {
      SmallVector<Value, 3> coords;
      if (kMajor)
        coords = {k0, add(start, index(i * box.outer))};
      else
        coords = {add(start, index(i * box.inner)), k0};
      if (origin.z)
        coords.push_back(origin.z);
      nvgpu::TmaAsyncLoadOp::create(
          b, loc, view(add(offset, index(at + i * boxBytes)), type), full,
          desc, coords, stage, /*multicastMask=*/Value(),
          /*predicate=*/Value());
    }
  };
  load(ops.getABox(), ops.aKMajor, origin.m0, descA, aBox, 0);
  load(ops.getBBox(), ops.bKMajor, origin.n0, descB, bBox, ops.aStageBytes());
}

void TensorCoreBuilder::buildEpilogue(Value acc, Value fillValue) {
  // This warpgroup's wgmma groups are done (buildConsumer). The
  // accumulators go straight to C: the stages already hold the next tile's
  // first slices, and these stores drain while its wgmma run.
  Value init;
  if (fillValue)
    init = convertScalarToDtype(b, loc, fillValue, b.getF32Type(),
                                /*isUnsignedCast=*/false);
  Value lane = rem(tid, 32);
  Value g = div(lane, 4), t = rem(lane, 4);
  Value warp = rem(div(tid, 32), 4);
  // Registers 2i and 2i + 1 are pair i: in wgmma's m64nNk16 layout,
  // register 4j + 2h + e holds row 16w + g + 8h of the warpgroup's 64 (w:
  // the warp in the warpgroup) and column 8j + 2t + e; in the swapped
  // product, register 64 nb + 4j + 2h + e holds n = swappedColumn(nb, h)
  // and m = 8j + 2t + e. A pair's second element is the next column, or
  // the next row when swapped.
  bool swapped = ops.transposesB();
  Value row0 = swapped ? add(m0, mul(t, index(2)))
                       : add(add(m0, mul(warpgroup, index(T::warpgroupM))),
                             add(mul(warp, index(16)), g));
  Value col0 = swapped ? n0 : add(n0, mul(t, index(2)));
  auto pairOrigin = [&](Value i) -> std::pair<Value, Value> {
    Value h = rem(i, 2);
    if (!swapped)
      return {add(row0, mul(h, index(8))), add(col0, mul(div(i, 2), index(8)))};
    Value j = div(rem(i, 32), 2);
    return {add(row0, mul(j, index(8))),
            add(col0, swappedColumn(div(i, 32), h))};
  };
  auto second = [&](Value row, Value col) -> std::pair<Value, Value> {
    if (swapped)
      return {add(row, index(1)), col};
    return {row, add(col, index(1))};
  };
  int64_t numPairs = T::warpgroupM * ops.tileN / 256;
  auto reg = [&](int64_t r) -> Value {
    return LLVM::ExtractValueOp::create(b, loc, acc, ArrayRef<int64_t>{r});
  };
  // A tile inside C (uniform per block) needs no bounds checks; there each
  // pair is one vector where C's (and the fused op's output's) rows run
  // along the pair and are aligned to it.
  unsigned pairLoop = swapped ? match.m : match.n;
  Value d = epilogue ? epilogue.getDpsInitOperand(0)->get() : Value();
  bool pairs = match.cDims.back() == pairLoop &&
               hasContiguousRows(match.getC()) && (!d || hasContiguousRows(d));
  Value inside = land(le(add(m0, index(T::tileM)), sizeM),
                      le(add(n0, index(ops.tileN)), sizeN));
  if (pairs) {
    inside = land(inside, isAligned(match.getC(), 2));
    if (d && d != match.getC())
      inside = land(inside, isAligned(d, 2));
  }
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, inside,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  // A 16-bit C after a fill, without a fused op: the four lanes of a quad
  // trade their pairs (a 4 x 4 transpose) so that each stores 16 bytes,
  // where C is aligned to 8 elements; pairs of 4 bytes would half-fill
  // every 32-byte sector they write.
  if (pairs && init && !epilogue && !swapped &&
      match.cType.getIntOrFloatBitWidth() == 16) {
    auto wide = scf::IfOp::create(b, loc, TypeRange{},
                                  isAligned(match.getC(), 8),
                                  /*withElseRegion=*/true);
    b.setInsertionPoint(wide.thenBlock()->getTerminator());
    storeQuadTransposed(acc, init, row0, col0);
    b.setInsertionPoint(wide.elseBlock()->getTerminator());
  }
  for (int64_t i = 0; i < numPairs; ++i) {
    auto [row, col] = pairOrigin(index(i));
    auto [row1, col1] = second(row, col);
    if (pairs) {
      storeContractionPair(b, loc, match, epilogue, reg(2 * i), reg(2 * i + 1),
                           cIndices(row, col, z), cIndices(row1, col1, z),
                           init);
      continue;
    }
    storeContractionScalar(b, loc, match, epilogue, reg(2 * i),
                           cIndices(row, col, z), init);
    storeContractionScalar(b, loc, match, epilogue, reg(2 * i + 1),
                           cIndices(row1, col1, z), init);
  }

  // Elsewhere (tiles at C's edges, or unaligned) one element at a time
  // where it lies inside C, in a loop over the registers copied to an array
  // (a thread's local memory), so that the code stays small.
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  auto local = memref::AllocaOp::create(
      b, loc, MemRefType::get({2 * numPairs}, b.getF32Type()));
  for (int64_t r = 0; r < 2 * numPairs; ++r)
    memref::StoreOp::create(b, loc, reg(r), local, ValueRange{index(r)});
  auto loop = scf::ForOp::create(b, loc, index(0), index(numPairs), index(1));
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value i = loop.getInductionVar();
  auto [row, col] = pairOrigin(i);
  auto [row1, col1] = second(row, col);
  for (auto [r, c, e] :
       {std::tuple(row, col, 0), std::tuple(row1, col1, 1)}) {
    auto ifInside =
        scf::IfOp::create(b, loc, TypeRange{}, land(lt(r, sizeM), lt(c, sizeN)),
                          /*withElseRegion=*/false);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPoint(ifInside.thenBlock()->getTerminator());
    Value value = memref::LoadOp::create(
        b, loc, local, ValueRange{add(mul(i, index(2)), index(e))});
    storeContractionScalar(b, loc, match, epilogue, value, cIndices(r, c, z),
                           init);
  }
}

void TensorCoreBuilder::storeQuadTransposed(Value acc, Value init, Value row0,
                                            Value col0) {
  // Lane t of a quad holds, per 8-column block j, the pair at columns 8j +
  // 2t (+1) of rows row0 and row0 + 8 (h). For four blocks 4q + i it packs
  // x[i] (two C elements in an i32); a 4 x 4 transpose in two butterfly
  // steps (lanes t ^ 2, then t ^ 1, trade the two values whose index bit
  // differs from theirs) leaves lane t with x_c[t] from each lane c: the 8
  // columns 8 (4q + t) ... + 7 of its row, one 16-byte store.
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto f32Pair = VectorType::get({2}, f32);
  auto cPair = VectorType::get({2}, match.cType);
  Value lane = rem(tid, 32);
  Value t = rem(lane, 4);
  auto bit = [&](int64_t m) {
    Value one = arith::AndIOp::create(b, loc, t, index(m));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, one,
                                 index(0));
  };
  Value bit0 = bit(1), bit1 = bit(2);
  Value initPair = vector::BroadcastOp::create(b, loc, f32Pair, init);
  auto pack = [&](int64_t reg) -> Value {
    Value x = LLVM::ExtractValueOp::create(b, loc, acc, ArrayRef<int64_t>{reg});
    Value y =
        LLVM::ExtractValueOp::create(b, loc, acc, ArrayRef<int64_t>{reg + 1});
    Value sum = arith::AddFOp::create(
        b, loc, initPair,
        vector::FromElementsOp::create(b, loc, f32Pair, ValueRange{x, y}));
    Value narrow = arith::TruncFOp::create(b, loc, cPair, sum);
    Value word = vector::BitCastOp::create(
        b, loc, VectorType::get({1}, i32), narrow);
    return vector::ExtractOp::create(b, loc, word, 0);
  };
  auto select = [&](Value c, Value x, Value y) -> Value {
    return arith::SelectOp::create(b, loc, c, x, y);
  };
  // One butterfly step with the lane `mask` away: a lane whose bit is 0
  // keeps x[i] where bit(i) is 0 and takes the partner's other ones.
  auto step = [&](SmallVector<Value, 4> &x, Value laneBit, int64_t mask) {
    int64_t lo0 = 0, lo1 = mask == 2 ? 1 : 2; // indices with bit 0
    int64_t hi0 = mask, hi1 = lo1 + mask;     // indices with bit 1
    Value send0 = select(laneBit, x[lo0], x[hi0]);
    Value send1 = select(laneBit, x[lo1], x[hi1]);
    auto shuffle = [&](Value v) -> Value {
      return gpu::ShuffleOp::create(b, loc, v, int32_t(mask), int32_t(32),
                                    gpu::ShuffleMode::XOR)
          .getShuffleResult();
    };
    Value got0 = shuffle(send0), got1 = shuffle(send1);
    x[lo0] = select(laneBit, got0, x[lo0]);
    x[lo1] = select(laneBit, got1, x[lo1]);
    x[hi0] = select(laneBit, x[hi0], got0);
    x[hi1] = select(laneBit, x[hi1], got1);
  };
  Value col = add(sub(col0, mul(t, index(2))), mul(t, index(8)));
  for (int64_t h = 0; h < 2; ++h)
    for (int64_t q = 0; q < ops.tileN / 32; ++q) {
      SmallVector<Value, 4> x;
      for (int64_t i = 0; i < 4; ++i)
        x.push_back(pack(4 * (4 * q + i) + 2 * h));
      step(x, bit1, 2);
      step(x, bit0, 1);
      Value words = vector::FromElementsOp::create(
          b, loc, VectorType::get({4}, i32), x);
      Value out = vector::BitCastOp::create(
          b, loc, VectorType::get({8}, match.cType), words);
      vector::StoreOp::create(
          b, loc, out, match.getC(),
          cIndices(add(row0, index(8 * h)), add(col, index(32 * q)), z),
          /*nontemporal=*/false, llvm::Align(16));
    }
}

Value TensorCoreBuilder::descriptor(Value offset, int64_t leading,
                                    int64_t stride) {
  // Bits 0-13: the start address / 16; 16-29: the leading byte offset / 16;
  // 32-45: the stride byte offset / 16; 62-63: 1, the 128-byte swizzle. The
  // stages start at a 1024-byte boundary, so the base offset (49-51) is 0.
  Type i64 = b.getI64Type();
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, shared);
  Value address = arith::IndexCastUIOp::create(
      b, loc, i64, rem(add(add(base, pad), offset), 1 << 18));
  uint64_t fields = (uint64_t(leading >> 4) << 16) |
                    (uint64_t(stride >> 4) << 32) | (uint64_t(1) << 62);
  return arith::OrIOp::create(
      b, loc,
      arith::ShRUIOp::create(b, loc, address,
                             arith::ConstantIntOp::create(b, loc, i64, 4)),
      arith::ConstantIntOp::create(b, loc, i64, int64_t(fields)));
}

Value TensorCoreBuilder::multiply(Value acc, Value offset) {
  // The operands as wgmma reads them from the 128-byte swizzled boxes:
  // K-major (rows of 128 bytes of k, 8-row groups 1024 bytes apart; the
  // next instruction's k 32 bytes further) or M/N-major (rows of 128 bytes
  // of m or n, one per k, 8-row groups 1024 bytes apart, 64-wide boxes
  // 8 KiB apart; the next instruction's k 16 rows further).
  if (ops.transposesB())
    return multiplySwapped(acc, offset);
  constexpr int64_t group = 1024, box = 8192;
  int64_t steps = ops.tileK() / ops.wgmmaK();
  auto kStep = [&](bool kMajor) -> int64_t {
    return kMajor ? 32 : ops.wgmmaK() * 128;
  };
  // This warpgroup's 64 rows of A: 8 KiB in either layout (64 rows of
  // 128 bytes, or the second 64-wide box of A[k][m]).
  Value aStart = add(offset, mul(warpgroup, index(T::warpgroupM * 128)));
  Value bStart = add(offset, index(ops.aStageBytes()));
  bool bKMajor = ops.bKMajor;
  Value descA = descriptor(aStart, ops.aKMajor ? 16 : box, group);
  Value descB = descriptor(bStart, bKMajor ? 16 : box, group);

  NVVM::WGMMATypes type = ops.elementBytes == 4 ? NVVM::WGMMATypes::tf32
                          : match.aType.isBF16() ? NVVM::WGMMATypes::bf16
                                                 : NVVM::WGMMATypes::f16;
  // layout A row: K-major (col: M-major); layout B col: K-major (row:
  // N-major).
  auto layoutA = NVVM::MMALayoutAttr::get(
      ctx, ops.aKMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col);
  auto layoutB = NVVM::MMALayoutAttr::get(
      ctx, bKMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  auto typeIn = NVVM::WGMMATypesAttr::get(ctx, type);
  auto typeOut = NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32);
  auto scaleOut = NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one);
  auto scaleIn = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, ops.tileN, ops.wgmmaK());
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  Type i64 = b.getI64Type();
  for (int64_t k = 0; k < steps; ++k) {
    auto advance = [&](Value desc, bool kMajor) -> Value {
      if (k == 0)
        return desc;
      return arith::AddIOp::create(
          b, loc, desc,
          arith::ConstantIntOp::create(b, loc, i64, k * kStep(kMajor) >> 4));
    };
    acc = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, acc.getType(), acc, advance(descA, ops.aKMajor),
        advance(descB, bKMajor), shape, typeIn, typeIn, typeOut, scaleOut,
        scaleIn, scaleIn, layoutA, layoutB, /*satfinite=*/nullptr);
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  return acc;
}

Value TensorCoreBuilder::swappedColumn(Value nb, Value h) {
  // Warp w of the warpgroup holds rows 16w + 8h + g (g = lane / 4) of the
  // 64 of n-block nb; row r of a 32-row box stands for n = 16 (g / 4) +
  // 8 (w % 2) + 4h + g % 4 of the box (box w / 2 of the block), so that
  // the 8 n a fragment register reads, at k = lane % 4 (+ 4), lie in 16-byte
  // chunks q ^ k of the 128-byte swizzle that differ for all 32 lanes: no
  // bank conflicts.
  Value lane = rem(tid, 32);
  Value warp = rem(div(tid, 32), 4);
  Value g = div(lane, 4);
  Value inBox = add(add(mul(div(g, 4), index(16)), mul(rem(warp, 2), index(8))),
                    add(rem(g, 4), mul(h, index(4))));
  Value box = add(mul(warpgroup, index(ops.tileN / 64)),
                  add(mul(nb, index(2)), div(warp, 2)));
  return add(mul(box, index(32)), inBox);
}

Value TensorCoreBuilder::multiplySwapped(Value acc, Value offset) {
  // C^T[n][m] = sum_k B^T[n][k] A^T[k][m]: per warpgroup one m64n128k8
  // product per n-block of 64 of its tileN / 2 n, on all 128 m of the
  // tile. wgmma's
  // A (B^T) comes from registers, loaded from B's swizzled 32 x 32 boxes
  // (k rows of 128 bytes of n); its B (A^T, K-major) is A's slice as it is.
  // MLIR 22's nvvm.wgmma.mma_async takes only descriptors, so the
  // instruction is inline PTX.
  constexpr int64_t swappedN = T::tileM;
  int64_t nBlocks = ops.tileN / 128;
  Type f32 = b.getF32Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  int64_t steps = ops.tileK() / ops.wgmmaK();
  Value descA = descriptor(offset, 16, 1024);
  Value bSlice = view(add(offset, index(ops.aStageBytes())),
                      sharedType({ops.tileN * 32}, f32));
  Value lane = rem(tid, 32);
  Value t = rem(lane, 4);
  // wgmma reads its A operand's registers while it runs: the previous
  // slice's wgmma must be done before the same registers get this slice's
  // fragments.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  // Fragment register i of m64nNk8 (TF32): row g + 8 (i % 2), k = t + 4 (i
  // / 2) of the warp's 16 rows.
  SmallVector<Value> fragments;
  for (int64_t nb = 0; nb < nBlocks; ++nb)
    for (int64_t i = 0; i < 4; ++i) {
      Value n = swappedColumn(index(nb), index(i % 2));
      Value k = add(t, index(4 * (i / 2)));
      Value box = div(n, 32), inBox = rem(n, 32);
      Value chunk = arith::XOrIOp::create(b, loc, div(inBox, 4), k);
      Value base = add(add(mul(box, index(32 * 32)), mul(k, index(32))),
                       add(mul(chunk, index(4)), rem(inBox, 4)));
      for (int64_t s = 0; s < steps; ++s) {
        // k + 8s: the same swizzle chunk (k % 8 is unchanged).
        Value value = memref::LoadOp::create(
            b, loc, bSlice, ValueRange{add(base, index(s * 8 * 32))});
        fragments.push_back(arith::BitcastOp::create(b, loc, i32, value));
      }
    }
  auto fragment = [&](int64_t nb, int64_t i, int64_t s) {
    return fragments[(nb * 4 + i) * steps + s];
  };
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  int64_t perBlock = swappedN / 2;
  auto partType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(perBlock, f32));
  std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, $" +
                     std::to_string(2 * perBlock + 5) +
                     ", 0;\nwgmma.mma_async.sync.aligned.m64n" +
                     std::to_string(swappedN) + "k8.f32.tf32.tf32 {";
  std::string constraints;
  for (int64_t r = 0; r < perBlock; ++r) {
    text += (r ? ", $" : "$") + std::to_string(r);
    constraints += "=f,";
  }
  for (int64_t r = 0; r < perBlock; ++r)
    constraints += std::to_string(r) + ",";
  text += "}, {";
  for (int64_t i = 0; i < 4; ++i)
    text += (i ? ", $" : "$") + std::to_string(2 * perBlock + i);
  text += "}, $" + std::to_string(2 * perBlock + 4) + ", p, 1, 1;\n}\n";
  constraints += "r,r,r,r,l,r";
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  for (int64_t s = 0; s < steps; ++s) {
    // The next 8 k of A's K-major slice: 32 bytes further.
    Value desc = s == 0 ? descA
                        : arith::AddIOp::create(
                              b, loc, descA,
                              arith::ConstantIntOp::create(b, loc, i64, 2 * s));
    for (int64_t nb = 0; nb < nBlocks; ++nb) {
      SmallVector<Value> operands;
      for (int64_t r = 0; r < perBlock; ++r)
        operands.push_back(LLVM::ExtractValueOp::create(
            b, loc, acc, ArrayRef<int64_t>{nb * perBlock + r}));
      for (int64_t i = 0; i < 4; ++i)
        operands.push_back(fragment(nb, i, s));
      operands.push_back(desc);
      operands.push_back(one);
      auto mma = LLVM::InlineAsmOp::create(
          b, loc, partType, operands, text, constraints,
          /*has_side_effects=*/true, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr());
      for (int64_t r = 0; r < perBlock; ++r)
        acc = LLVM::InsertValueOp::create(
            b, loc, acc,
            LLVM::ExtractValueOp::create(b, loc, mma.getResult(0),
                                         ArrayRef<int64_t>{r}),
            ArrayRef<int64_t>{nb * perBlock + r});
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  return acc;
}

Value TensorCoreBuilder::waitStage(Value barriers, Value g, int64_t round) {
  Value stage = rem(g, ops.stages());
  Value rounds = div(g, ops.stages());
  if (round)
    rounds = add(rounds, index(round));
  Value phase =
      arith::IndexCastOp::create(b, loc, b.getI1Type(), rem(rounds, 2));
  nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, phase,
                                         index(10000000), stage);
  return stage;
}

TensorCoreBuilder::TileOrigin TensorCoreBuilder::getTileOrigin(Value tile) {
  TileOrigin origin;
  // The batches one after the other.
  if (match.batch >= 0) {
    origin.z = arith::DivUIOp::create(b, loc, tile, perBatch);
    tile = arith::RemUIOp::create(b, loc, tile, perBatch);
  }
  // Tile t in bands of bandRows tile rows: band t / (bandRows * tilesN),
  // then down the band's rows first, then across its columns.
  Value perBand = mul(index(T::bandRows), tilesN);
  Value band = arith::DivUIOp::create(b, loc, tile, perBand);
  Value inBand = arith::RemUIOp::create(b, loc, tile, perBand);
  Value firstRow = mul(band, index(T::bandRows));
  Value bandHeight =
      arith::MinUIOp::create(b, loc, index(T::bandRows),
                             arith::SubIOp::create(b, loc, tilesM, firstRow));
  origin.m0 =
      mul(add(firstRow, arith::RemUIOp::create(b, loc, inBand, bandHeight)),
          index(T::tileM));
  origin.n0 =
      mul(arith::DivUIOp::create(b, loc, inBand, bandHeight), index(ops.tileN));
  return origin;
}

void TensorCoreBuilder::buildPipeline(Value fillValue, Value mapA, Value mapB) {
  bool batched = match.batch >= 0;
  aBox = boxType(ops.getABox());
  bBox = boxType(ops.getBBox());
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());

  tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  warpgroup = div(tid, 128);
  leader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0));
  auto size = [&](unsigned loop) -> Value {
    auto [memref, dim] = match.getLoopSizeSource(loop);
    return memref::DimOp::create(b, loc, memref, dim);
  };
  sizeM = size(match.m);
  sizeN = size(match.n);
  sizeK = size(match.k);

  // The stages, from the first 1024-byte boundary of the dynamic shared
  // memory (128-byte swizzling repeats every 1024 bytes).
  shared = gpu::DynamicSharedMemoryOp::create(
      b, loc,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, shared);
  pad = rem(arith::SubIOp::create(b, loc, index(1024), rem(base, 1024)), 1024);

  // Two mbarriers per stage: `full`, armed by the producer with the
  // stage's bytes, and `empty`, on which each of the consumers' 8 warps
  // arrives once it no longer reads the stage.
  auto group = nvgpu::MBarrierGroupType::get(ctx, workgroup, ops.stages());
  full = nvgpu::MBarrierCreateOp::create(b, loc, group);
  empty = nvgpu::MBarrierCreateOp::create(b, loc, group);
  for (int64_t s = 0; s < ops.stages(); ++s) {
    nvgpu::MBarrierInitOp::create(b, loc, full, index(1), index(s), leader);
    nvgpu::MBarrierInitOp::create(b, loc, empty, index(T::threads / 32),
                                  index(s), leader);
  }
  gpu::BarrierOp::create(b, loc);
  descA = tensorMap(mapA, aBox, ops.getABox().swizzled);
  descB = tensorMap(mapB, bBox, ops.getBBox().swizzled);

  // Blocks stride over the tiles: block b of the grid (x fastest) takes
  // tiles b, b + blocks, ... (the runtime makes the grid one block per
  // multiprocessor when it is larger).
  tilesN = ceilDiv(sizeN, ops.tileN);
  tilesM = ceilDiv(sizeM, T::tileM);
  perBatch = mul(tilesN, tilesM);
  tiles = batched ? mul(perBatch, size(match.batch)) : perBatch;
  numK = ceilDiv(sizeK, ops.tileK());
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value id = gpu::BlockIdOp::create(b, loc, dim);
    Value count = gpu::GridDimOp::create(b, loc, dim);
    block = block ? add(mul(block, count), id) : id;
    blocks = blocks ? mul(blocks, count) : count;
  }

  // Warp specialization: the last warpgroup produces, with few registers;
  // the consumers get the rest of the register file for their
  // accumulators. The producer warps that issue nothing exit (a block
  // barrier no longer waits for exited threads); nothing after this point
  // synchronizes the whole block.
  auto role = scf::IfOp::create(
      b, loc, TypeRange{},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warpgroup,
                            index(T::warpgroups)),
      /*withElseRegion=*/true);
  // Half-width tiles' 64 accumulators fit the even share (168), unless
  // the swapped product's fragments come on top.
  bool moveRegisters = ops.tileN == T::tileN || ops.transposesB();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(role.thenBlock()->getTerminator());
  if (moveRegisters)
    NVVM::SetMaxRegisterOp::create(b, loc, T::producerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
  buildProducer();
  b.setInsertionPoint(role.elseBlock()->getTerminator());
  if (moveRegisters)
    NVVM::SetMaxRegisterOp::create(b, loc, T::consumerRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
  buildConsumer(fillValue);
}

void TensorCoreBuilder::buildProducer() {
  auto one = scf::IfOp::create(
      b, loc, TypeRange{},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                            index(T::threads)),
      /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(one.thenBlock()->getTerminator());
  nvgpu::TmaPrefetchOp::create(b, loc, descA, /*predicate=*/Value());
  nvgpu::TmaPrefetchOp::create(b, loc, descB, /*predicate=*/Value());
  // Slice g of the block's stream (over all its tiles) goes to stage
  // g % stages once the consumers released the stage's previous slice, g -
  // stages: the empty mbarrier's phase (g / stages - 1) % 2 completed (for
  // the first round, the phase "before" a new mbarrier counts as
  // completed).
  auto tileLoop =
      scf::ForOp::create(b, loc, block, tiles, blocks, ValueRange{index(0)});
  b.setInsertionPointToStart(tileLoop.getBody());
  Value g0 = tileLoop.getRegionIterArgs()[0];
  TileOrigin origin = getTileOrigin(tileLoop.getInductionVar());
  auto kLoop = scf::ForOp::create(b, loc, index(0), numK, index(1));
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value g = add(g0, kLoop.getInductionVar());
    Value stage = waitStage(empty, g, /*round=*/1);
    issueSlice(stage, origin, kLoop.getInductionVar());
  }
  scf::YieldOp::create(b, loc, ValueRange{add(g0, numK)});
}

void TensorCoreBuilder::buildConsumer(Value fillValue) {
  Value lane = rem(tid, 32);
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0));
  // Each consumer warp's lane 0 releases slice g's stage.
  auto release = [&](Value g) {
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, firstLane,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    nvgpu::MBarrierArriveOp::create(
        b, loc, nvgpu::MBarrierTokenType::get(ctx), empty,
        rem(g, ops.stages()));
  };
  auto tileLoop =
      scf::ForOp::create(b, loc, block, tiles, blocks, ValueRange{index(0)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(tileLoop.getBody());
  Value g0 = tileLoop.getRegionIterArgs()[0];
  TileOrigin origin = getTileOrigin(tileLoop.getInductionVar());
  z = origin.z;
  m0 = origin.m0;
  n0 = origin.n0;

  Value acc0 = LLVM::ZeroOp::create(
      b, loc,
      LLVM::LLVMStructType::getLiteral(
          ctx, SmallVector<Type>(T::warpgroupM * ops.tileN / 128,
                                 b.getF32Type())));
  auto kLoop =
      scf::ForOp::create(b, loc, index(0), numK, index(1), ValueRange{acc0});
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value g = add(g0, kLoop.getInductionVar());
    Value offset = mul(waitStage(full, g), index(ops.stageBytes()));
    Value acc = multiply(kLoop.getRegionIterArgs()[0], offset);
    // Leaves this slice's wgmma group in flight, waits for the previous,
    // whose stage the producer may then refill.
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 1);
    auto notFirst = scf::IfOp::create(
        b, loc, TypeRange{},
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                              kLoop.getInductionVar(), index(0)),
        /*withElseRegion=*/false);
    b.setInsertionPoint(notFirst.thenBlock()->getTerminator());
    release(sub(g, index(1)));
    b.setInsertionPointAfter(notFirst);
    scf::YieldOp::create(b, loc, ValueRange{acc});
  }
  // The tile's last slice is done too: its stage goes back to the producer
  // before the stores, so the next tile's loads run ahead by all stages.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  auto any = scf::IfOp::create(
      b, loc, TypeRange{},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, numK, index(0)),
      /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPoint(any.thenBlock()->getTerminator());
    release(sub(add(g0, numK), index(1)));
  }
  buildEpilogue(kLoop.getResult(0), fillValue);
  scf::YieldOp::create(b, loc, ValueRange{add(g0, numK)});
}

void TensorCoreBuilder::build(linalg::FillOp fill, Value mapA, Value mapB) {
  Operation *op = match.op;
  b.setInsertionPoint(op);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value haveMaps =
      land(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, mapA, zero),
           arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, mapB, zero));
  Value enoughShared = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, dynamicSharedSize(),
      arith::ConstantIntOp::create(b, loc, ops.sharedBytes(), 32));
  auto ifOp =
      scf::IfOp::create(b, loc, TypeRange{}, land(haveMaps, enoughShared),
                        /*withElseRegion=*/true);

  // Without tensor maps: the tiled contraction of copies of the ops.
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  linalg::FillOp fillCopy;
  if (fill)
    fillCopy = cast<linalg::FillOp>(b.clone(*fill));
  auto opCopy = cast<linalg::LinalgOp>(b.clone(*op));
  linalg::LinalgOp epilogueCopy;
  if (epilogue)
    epilogueCopy = cast<linalg::LinalgOp>(b.clone(*epilogue));
  // The tiled contraction runs on the consumers' threads.
  guardContractionThreads(b,
                          {fillCopy.getOperation(), opCopy.getOperation(),
                           epilogueCopy.getOperation()},
                          T::threads);
  std::optional<ContractionMatch> copyMatch = matchContraction(opCopy);
  assert(copyMatch && "a copy of a contraction is a contraction");
  buildTiledContraction(b, *copyMatch, fillCopy, T::simtTiling(), epilogueCopy);

  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  buildPipeline(fill ? fill.getInputs()[0] : Value(), mapA, mapB);
  b.eraseOp(op);
  if (fill)
    b.eraseOp(fill);
  if (epilogue)
    b.eraseOp(epilogue);
}

void mlir::offload::buildTensorCoreContraction(RewriterBase &rewriter,
                                               const ContractionMatch &match,
                                               linalg::FillOp fill,
                                               linalg::LinalgOp epilogue,
                                               Value mapA, Value mapB) {
  OpBuilder::InsertionGuard guard(rewriter);
  TensorCoreBuilder(rewriter, match, epilogue).build(fill, mapA, mapB);
}
