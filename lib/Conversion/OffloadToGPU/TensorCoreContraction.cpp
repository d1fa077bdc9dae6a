//===- TensorCoreContraction.cpp - matmuls on Hopper tensor cores -*- C++ -*-//
//
// The TensorCoreContraction strategy (KernelStrategy.h): a matmul or a
// batch_matmul (A[m][k] or A[k][m], B[k][n] or B[n][k]) with f16 or bf16
// inputs, or f32 ones as TF32 where offload.allow_tf32 allows it, in a
// gpu.func becomes, for targets with wgmma (NVPTX sm_90, built as sm_90a),
// a TMA + mbarrier + wgmma pipeline:
//
//   - Two warpgroups (256 threads) per block; block b (x fastest) computes
//     the 128x256 output tile b, tiles counted in bands of
//     TensorCoreTiling::bandRows tile rows, down each column of a band
//     before the next column, so that the blocks running at a time share
//     their A and B tiles in L2 (blocks stride over the tiles, so a
//     smaller grid is still correct). With a batch, the tiles of batch 0
//     come first, then batch 1's, ...; the batch is the tensor maps' third
//     (outermost) dimension, so one TMA box never spans two batches.
//   - The k dimension goes in slices of 128 bytes (64 f16/bf16, 32 f32)
//     through a ring of 4 stages of dynamic shared memory (aligned to 1024
//     bytes), each holding A's 128 rows and B's 256 columns in TMA boxes
//     that follow the operands' layouts (TensorCoreOperands), 128-byte
//     swizzled as TMA writes them. One thread issues the TMA loads of a
//     stage and arms its mbarrier with the stage's byte count; every thread
//     waits on the mbarrier's phase parity before each warpgroup multiplies
//     its 64 rows of A's slice with B's (nvvm.wgmma.mma_async m64n256k16,
//     or k8 for TF32, with matrix descriptors and transpose bits for the
//     layouts; f32 accumulators in registers). With an f32 B[k][n] the
//     product is swapped, C^T = B^T A^T (TF32 wgmma reads shared memory
//     only K-major): B's slice goes from shared memory into registers as
//     wgmma's A operand (m64n128k8, two per warpgroup), A's slice is its B. The multiply of slice t leaves its wgmma group in
//     flight and waits for slice t - 1's, whose stage is then refilled with
//     slice t + stages - 1 after a barrier.
//   - TMA fills the parts of a box outside the operands with zeros, so
//     sizes that are not multiples of the tiles need no other care in the
//     main loop; the epilogue stages the accumulators through the stages'
//     shared memory (f32, rows padded against bank conflicts), then each
//     thread adds the fill's value or C's old contents to 16 bytes of C at
//     a time (a vector of C's elements) where the tile lies inside C and C
//     is aligned, one element at a time behind bounds checks elsewhere.
//   - The tensor maps (CUtensorMap, 128 bytes in device memory) are made
//     by the runtime when the launch knows the operands' device addresses
//     (__offload_rt_prepare_tma); their addresses arrive as the kernel's two
//     last parameters. When either is 0 (no CUDA driver, addresses or
//     strides TMA cannot take) or the launch gave less dynamic shared memory
//     than the pipeline needs, the kernel runs the tiled contraction
//     (TiledContraction.cpp) on the same grid instead.
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
  return ops;
}

int64_t TensorCoreOperands::sharedBytes() const {
  return stages() * TensorCoreTiling::stageBytes + 1024;
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
    return {tileK(), T::tileN, 1, true};
  // B[k][n] of f32: boxes of 32 n (128 bytes) by 32 k, read into
  // registers as the A operand of the swapped product (below).
  if (transposesB())
    return {32, tileK(), T::tileN / 32, true};
  return {T::boxN, tileK(), T::tileN / T::boxN, true};
}

bool mlir::offload::canUseTensorCores(const ContractionMatch &match,
                                      KernelOp kernel, std::string &why,
                                      bool tma) {
  bool tf32 = false;
  if (match.aType == match.bType && match.aType.isF32()) {
    if (!tma) {
      why = "f32 inputs (TF32 is on tensor cores only with wgmma, sm_90; "
            "mma.sync takes f16 and bf16)";
      return false;
    }
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
  if (tf32 && !getTensorCoreOperands(match).aKMajor) {
    why = batched ? "an f32 A stored A[b][k][m] (TF32 wgmma reads A only "
                    "k-contiguous)"
                  : "an f32 A stored A[k][m] (TF32 wgmma reads A only "
                    "k-contiguous)";
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
  Value swappedColumn(int64_t nb, int64_t h);
  /// Waits for slice `t` (of the tile) to arrive in its stage; returns
  /// the stage's byte offset.
  Value waitSlice(Value t);
  Value dynamicSharedSize() { return buildDynamicSharedSize(b, loc); }
  Value isAligned(Value memref, int64_t elements) {
    return buildIsAligned(b, loc, memref, elements);
  }
  /// The indices of C at (row, col) of the current tile.
  SmallVector<Value> cIndices(Value row, Value col);
  /// Issues the TMA loads of k-slice `t` of the tile at (m0, n0) into its
  /// stage, from one thread, when t < numK.
  void issueSlice(Value t);
  void buildPipeline(Value fillValue, Value mapA, Value mapB);
  void buildEpilogue(Value acc, Value fillValue);
  /// Stores this warpgroup's accumulators (its 64 rows of the tile) into
  /// `staged` at rows 64 * warpgroup.
  void storeAccumulator(Value acc, Value staged);
  /// The same for the swapped product: this warpgroup's 128 columns (n)
  /// of the tile, all its rows (m).
  void storeSwappedAccumulator(Value acc, Value staged);
  /// C[row][col + j] = init + staged[r][c + j] for j < width, one element
  /// at a time behind bounds checks.
  void storeScalars(Value staged, Value r, Value c, Value row, Value col,
                    int64_t width, Value fillValue);
  /// Stores `value` (of C's type) into C at `where`, through the epilogue
  /// if there is one.
  void storeElement(Value value, ArrayRef<Value> where);

  RewriterBase &b;
  Location loc;
  MLIRContext *ctx;
  const ContractionMatch &match;
  TensorCoreOperands ops;
  /// The fused elementwise op (its output D), or null.
  linalg::LinalgOp epilogue;

  Value shared, pad, barriers, descA, descB, leader, tid, warpgroup;
  Value sizeM, sizeN, sizeK, numK, g0, m0, n0;
  /// The batch of the tile (with a batch dimension).
  Value z;
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

SmallVector<Value> TensorCoreBuilder::cIndices(Value row, Value col) {
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

void TensorCoreBuilder::issueSlice(Value t) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, land(leader, lt(t, numK)),
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  Value stage = rem(add(g0, t), ops.stages());
  Value offset = mul(stage, index(T::stageBytes));
  Value k0 = mul(t, index(ops.tileK()));
  nvgpu::MBarrierArriveExpectTxOp::create(b, loc, barriers,
                                          index(T::stageBytes), stage,
                                          /*predicate=*/Value());
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
      if (z)
        coords.push_back(z);
      nvgpu::TmaAsyncLoadOp::create(
          b, loc, view(add(offset, index(at + i * boxBytes)), type), barriers,
          desc, coords, stage, /*multicastMask=*/Value(),
          /*predicate=*/Value());
    }
  };
  load(ops.getABox(), ops.aKMajor, m0, descA, aBox, 0);
  load(ops.getBBox(), ops.bKMajor, n0, descB, bBox, T::aStageBytes);
}

void TensorCoreBuilder::storeScalars(Value staged, Value r, Value c, Value row,
                                     Value col, int64_t width,
                                     Value fillValue) {
  Value rowInside = lt(row, sizeM);
  for (int64_t j = 0; j < width; ++j) {
    Value cj = add(col, index(j));
    auto inside =
        scf::IfOp::create(b, loc, TypeRange{}, land(rowInside, lt(cj, sizeN)),
                          /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(inside.thenBlock()->getTerminator());
    Value value =
        memref::LoadOp::create(b, loc, staged, ValueRange{r, add(c, index(j))});
    SmallVector<Value> where = cIndices(row, cj);
    Value init = fillValue;
    if (!init)
      init = memref::LoadOp::create(b, loc, match.getC(), where);
    init = convertScalarToDtype(b, loc, init, b.getF32Type(),
                                /*isUnsignedCast=*/false);
    Value sum = arith::AddFOp::create(b, loc, init, value);
    Value out = convertScalarToDtype(b, loc, sum, match.cType,
                                     /*isUnsignedCast=*/false);
    storeElement(out, where);
  }
}

void TensorCoreBuilder::storeElement(Value value, ArrayRef<Value> where) {
  storeContractionElement(b, loc, epilogue, match.getC(), where, value);
}

void TensorCoreBuilder::storeAccumulator(Value acc, Value staged) {
  // nvgpu.warpgroup.mma.store (MLIR 22) places rows by the warp's index in
  // the block, not in its warpgroup, and takes no row offset, so the
  // fragments are stored here, as wgmma's m64nNk16 layout places them:
  // register 4j + 2h + e of thread t (warp w = t / 32 of its warpgroup,
  // lane l) holds row 16w + l / 4 + 8h, column 8j + 2(l % 4) + e. The
  // accumulator is the struct of tileN / 2 f32 that nvvm.wgmma.mma_async
  // returns.
  Type f32 = b.getF32Type();
  Value registers = acc;
  Value lane = rem(tid, 32);
  Value warp = rem(div(tid, 32), 4);
  Value row0 = add(mul(warpgroup, index(T::warpgroupM)),
                   add(mul(warp, index(16)), div(lane, 4)));
  Value col0 = mul(rem(lane, 4), index(2));
  auto pair = VectorType::get({2}, f32);
  for (int64_t j = 0; j < T::tileN / 8; ++j)
    for (int64_t h = 0; h < 2; ++h) {
      int64_t reg = 4 * j + 2 * h;
      Value x = LLVM::ExtractValueOp::create(b, loc, registers,
                                             ArrayRef<int64_t>{reg});
      Value y = LLVM::ExtractValueOp::create(b, loc, registers,
                                             ArrayRef<int64_t>{reg + 1});
      Value both =
          vector::FromElementsOp::create(b, loc, pair, ValueRange{x, y});
      vector::StoreOp::create(
          b, loc, both, staged,
          ValueRange{add(row0, index(8 * h)), add(col0, index(8 * j))},
          /*nontemporal=*/false, llvm::Align(8));
    }
}

void TensorCoreBuilder::storeSwappedAccumulator(Value acc, Value staged) {
  // Register 4j + 2h + e of n-block nb (m64n128: 64 per block) holds row
  // 16w + g + 8h of the block (n: swappedColumn) and column 8j + 2t + e
  // (m), t = lane % 4.
  Value t = rem(rem(tid, 32), 4);
  int64_t perBlock = T::tileM / 2;
  for (int64_t nb = 0; nb < 2; ++nb)
    for (int64_t h = 0; h < 2; ++h) {
      Value n = swappedColumn(nb, h);
      for (int64_t j = 0; j < T::tileM / 8; ++j)
        for (int64_t e = 0; e < 2; ++e) {
          Value m = add(mul(t, index(2)), index(8 * j + e));
          Value value = LLVM::ExtractValueOp::create(
              b, loc, acc,
              ArrayRef<int64_t>{nb * perBlock + 4 * j + 2 * h + e});
          memref::StoreOp::create(b, loc, value, staged, ValueRange{m, n});
        }
    }
}

void TensorCoreBuilder::buildEpilogue(Value acc, Value fillValue) {
  // Every warp's wgmma groups are done; the stages become the tile of C.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  gpu::BarrierOp::create(b, loc);
  Value staged =
      view(index(0),
           sharedType({T::tileM, T::tileN + T::epiloguePad}, b.getF32Type()));
  if (ops.transposesB())
    storeSwappedAccumulator(acc, staged);
  else
    storeAccumulator(acc, staged);
  gpu::BarrierOp::create(b, loc);

  // 16 bytes of C per thread and step: `width` elements at columns c of
  // rows r0 + k * rowsPerStep of the tile.
  // (With an epilogue, 16 bytes of the wider of C and its output D.)
  Value d = epilogue ? epilogue.getDpsInitOperand(0)->get() : Value();
  Type dType = d ? cast<MemRefType>(d.getType()).getElementType() : Type();
  int64_t cBytes = match.cType.getIntOrFloatBitWidth() / 8;
  if (dType)
    cBytes = std::max<int64_t>(cBytes, dType.getIntOrFloatBitWidth() / 8);
  int64_t width = 16 / cBytes;
  int64_t perRow = T::tileN / width;
  int64_t rowsPerStep = T::threads / perRow;
  Value c = mul(rem(tid, perRow), index(width));
  Value r0 = div(tid, perRow);
  Value col = add(n0, c);
  // Vectors where C's rows are contiguous along n and aligned and the
  // vector lies inside C (uniform per block but for the last columns).
  auto cType = cast<MemRefType>(match.getC().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  bool cContiguous = match.cDims.back() == match.n &&
                     succeeded(cType.getStridesAndOffset(strides, offset)) &&
                     strides.back() == 1;
  if (d && cContiguous) {
    auto dMemref = cast<MemRefType>(d.getType());
    cContiguous = dType.isIntOrFloat() &&
                  dType.getIntOrFloatBitWidth() % 8 == 0 &&
                  succeeded(dMemref.getStridesAndOffset(strides, offset)) &&
                  strides.back() == 1;
  }
  Value vectorOk;
  if (cContiguous) {
    vectorOk =
        land(isAligned(match.getC(), width), le(add(col, index(width)), sizeN));
    if (d && d != match.getC())
      vectorOk = land(vectorOk, isAligned(d, width));
  }
  auto rows = scf::ForOp::create(b, loc, index(0),
                                 index(T::tileM / rowsPerStep), index(1));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(rows.getBody()->getTerminator());
    Value r = add(r0, mul(rows.getInductionVar(), index(rowsPerStep)));
    Value row = add(m0, r);
    if (!vectorOk) {
      storeScalars(staged, r, c, row, col, width, fillValue);
    } else {
      auto ifOp =
          scf::IfOp::create(b, loc, TypeRange{}, land(vectorOk, lt(row, sizeM)),
                            /*withElseRegion=*/true);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      auto f32Vector = VectorType::get({width}, b.getF32Type());
      auto cVector = VectorType::get({width}, match.cType);
      Value value =
          vector::LoadOp::create(b, loc, f32Vector, staged, ValueRange{r, c},
                                 /*nontemporal=*/false, llvm::Align(4 * width));
      SmallVector<Value> where = cIndices(row, col);
      Value init;
      if (fillValue) {
        init = vector::BroadcastOp::create(
            b, loc, f32Vector,
            convertScalarToDtype(b, loc, fillValue, b.getF32Type(),
                                 /*isUnsignedCast=*/false));
      } else {
        init = vector::LoadOp::create(
            b, loc, cVector, match.getC(), where, /*nontemporal=*/false,
            llvm::Align(width * match.cType.getIntOrFloatBitWidth() / 8));
        if (!match.cType.isF32())
          init = arith::ExtFOp::create(b, loc, f32Vector, init);
      }
      Value out = arith::AddFOp::create(b, loc, init, value);
      if (!match.cType.isF32())
        out = arith::TruncFOp::create(b, loc, cVector, out);
      int64_t cAlign = width * match.cType.getIntOrFloatBitWidth() / 8;
      if (!d || d != match.getC())
        vector::StoreOp::create(b, loc, out, match.getC(), where,
                                /*nontemporal=*/false, llvm::Align(cAlign));
      if (d) {
        // The epilogue element by element, stored as one vector.
        SmallVector<Value> results;
        for (int64_t j = 0; j < width; ++j) {
          SmallVector<Value> at = cIndices(row, add(col, index(j)));
          Value element = vector::ExtractOp::create(b, loc, out, j);
          results.push_back(buildEpilogueElement(b, loc, epilogue, match.getC(),
                                                 at, element));
        }
        Value vec = vector::FromElementsOp::create(
            b, loc, VectorType::get({width}, dType), results);
        vector::StoreOp::create(
            b, loc, vec, d, where, /*nontemporal=*/false,
            llvm::Align(width * dType.getIntOrFloatBitWidth() / 8));
      }
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      storeScalars(staged, r, c, row, col, width, fillValue);
    }
  }
  // The next tile's TMA loads (async proxy) overwrite what this one read and
  // wrote (generic proxy).
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(b, loc);
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
  Value bStart = add(offset, index(T::aStageBytes));
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
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, T::tileN, ops.wgmmaK());
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

Value TensorCoreBuilder::swappedColumn(int64_t nb, int64_t h) {
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
                    add(rem(g, 4), index(4 * h)));
  Value box = add(mul(warpgroup, index(4)),
                  add(index(2 * nb), div(warp, 2)));
  return add(mul(box, index(32)), inBox);
}

Value TensorCoreBuilder::multiplySwapped(Value acc, Value offset) {
  // C^T[n][m] = sum_k B^T[n][k] A^T[k][m]: per warpgroup two m64n128k8
  // products (n-blocks of 64 of its 128 n) on all 128 m of the tile. wgmma's
  // A (B^T) comes from registers, loaded from B's swizzled 32 x 32 boxes
  // (k rows of 128 bytes of n); its B (A^T, K-major) is A's slice as it is.
  // MLIR 22's nvvm.wgmma.mma_async takes only descriptors, so the
  // instruction is inline PTX.
  constexpr int64_t swappedN = T::tileM;
  Type f32 = b.getF32Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  int64_t steps = ops.tileK() / ops.wgmmaK();
  Value descA = descriptor(offset, 16, 1024);
  Value bSlice = view(add(offset, index(T::aStageBytes)),
                      sharedType({T::tileN * 32}, f32));
  Value lane = rem(tid, 32);
  Value t = rem(lane, 4);
  // Fragment register i of m64nNk8 (TF32): row g + 8 (i % 2), k = t + 4 (i
  // / 2) of the warp's 16 rows.
  SmallVector<Value> fragments;
  for (int64_t nb = 0; nb < 2; ++nb)
    for (int64_t i = 0; i < 4; ++i) {
      Value n = swappedColumn(nb, i % 2);
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
    for (int64_t nb = 0; nb < 2; ++nb) {
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

Value TensorCoreBuilder::waitSlice(Value t) {
  Value g = add(g0, t);
  Value stage = rem(g, ops.stages());
  Value phase = arith::IndexCastOp::create(b, loc, b.getI1Type(),
                                           rem(div(g, ops.stages()), 2));
  nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, phase,
                                         index(10000000), stage);
  return mul(stage, index(T::stageBytes));
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

  // One mbarrier per stage, armed by the leader with the stage's bytes.
  barriers = nvgpu::MBarrierCreateOp::create(
      b, loc, nvgpu::MBarrierGroupType::get(ctx, workgroup, ops.stages()));
  for (int64_t s = 0; s < ops.stages(); ++s)
    nvgpu::MBarrierInitOp::create(b, loc, barriers, index(1), index(s), leader);
  gpu::BarrierOp::create(b, loc);
  descA = tensorMap(mapA, aBox, ops.getABox().swizzled);
  descB = tensorMap(mapB, bBox, ops.getBBox().swizzled);
  nvgpu::TmaPrefetchOp::create(b, loc, descA, leader);
  nvgpu::TmaPrefetchOp::create(b, loc, descB, leader);

  // Blocks stride over the tiles (block b of the host's grid, x fastest,
  // takes tile b).
  Value tilesN = ceilDiv(sizeN, T::tileN);
  Value tilesM = ceilDiv(sizeM, T::tileM);
  Value perBatch = mul(tilesN, tilesM);
  Value tiles = batched ? mul(perBatch, size(match.batch)) : perBatch;
  numK = ceilDiv(sizeK, ops.tileK());
  Value block, blocks;
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value id = gpu::BlockIdOp::create(b, loc, dim);
    Value count = gpu::GridDimOp::create(b, loc, dim);
    block = block ? add(mul(block, count), id) : id;
    blocks = blocks ? mul(blocks, count) : count;
  }
  // g0 counts the slices this block went through before the tile: slice t
  // of the tile uses stage (g0 + t) % stages, in phase (g0 + t) / stages.
  auto tileLoop =
      scf::ForOp::create(b, loc, block, tiles, blocks, ValueRange{index(0)});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(tileLoop.getBody());
  Value tileIndex = tileLoop.getInductionVar();
  g0 = tileLoop.getRegionIterArgs()[0];
  // The batches one after the other.
  if (batched) {
    z = arith::DivUIOp::create(b, loc, tileIndex, perBatch);
    tileIndex = arith::RemUIOp::create(b, loc, tileIndex, perBatch);
  }
  // Tile t in bands of bandRows tile rows: band t / (bandRows * tilesN),
  // then down the band's rows first, then across its columns.
  Value perBand = mul(index(T::bandRows), tilesN);
  Value band = arith::DivUIOp::create(b, loc, tileIndex, perBand);
  Value inBand = arith::RemUIOp::create(b, loc, tileIndex, perBand);
  Value firstRow = mul(band, index(T::bandRows));
  Value bandHeight =
      arith::MinUIOp::create(b, loc, index(T::bandRows),
                             arith::SubIOp::create(b, loc, tilesM, firstRow));
  m0 = mul(add(firstRow, arith::RemUIOp::create(b, loc, inBand, bandHeight)),
           index(T::tileM));
  n0 = mul(arith::DivUIOp::create(b, loc, inBand, bandHeight), index(T::tileN));

  // Prologue: the first stages - 1 slices.
  for (int64_t s = 0; s + 1 < ops.stages(); ++s)
    issueSlice(index(s));

  Value acc0 = LLVM::ZeroOp::create(
      b, loc,
      LLVM::LLVMStructType::getLiteral(
          ctx, SmallVector<Type>(T::warpgroupM * T::tileN / 128,
                                 b.getF32Type())));
  auto kLoop =
      scf::ForOp::create(b, loc, index(0), numK, index(1), ValueRange{acc0});
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value t = kLoop.getInductionVar();
    Value offset = waitSlice(t);
    Value acc = multiply(kLoop.getRegionIterArgs()[0], offset);
    // Leaves this slice's wgmma group in flight, waits for the previous.
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 1);
    // Every warp is done with the previous slice's stage: refill it.
    gpu::BarrierOp::create(b, loc);
    issueSlice(add(t, index(ops.stages() - 1)));
    scf::YieldOp::create(b, loc, ValueRange{acc});
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
