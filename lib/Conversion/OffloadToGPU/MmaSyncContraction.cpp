//===- MmaSyncContraction.cpp - matmuls on warp-level tensor cores -*- C++ -*-//
//
// The TensorCoreContraction strategy (KernelStrategy.h) for targets with
// warp-level tensor cores but not Hopper's warpgroup ones (NVPTX sm_80 to
// sm_89, and sm_90 in bitcode form), and for an f32 A[k][m] on every NVPTX
// target from sm_80 on (TF32 wgmma reads A only K-major): a matmul or
// batch_matmul (A[m][k] or A[k][m], B[k][n] or B[n][k]) with f16 or bf16
// inputs, or f32 ones as TF32 where offload.allow_tf32 allows it, becomes,
// in a gpu.func, a cp.async + mma.sync pipeline on the grid of
// TensorCoreTiling (MmaSyncTiling):
//
//   - 8 warps (256 threads) per block; block b (x fastest) computes the
//     128x256 output tile b, tiles counted in bands of
//     TensorCoreTiling::bandRows tile rows as the wgmma kernel counts them
//     (blocks stride over the tiles; with a batch, batch 0's tiles first).
//     Warp w computes the 64x64 part (w / 4, w % 4) of the tile as 4 x 8
//     mma.sync m16n8k16 (f16, bf16) or m16n8k8 (TF32) (f32 accumulators,
//     128 per thread).
//   - k goes in slices of 64 bytes (32 f16/bf16, 16 f32) through a ring of
//     MmaSyncTiling::stages stages in dynamic shared memory (aligned to 128
//     bytes; 24 KiB each whatever the type). A stage holds each operand as
//     it is stored: rows of m or n holding the slice's k (A[m][k], B[n][k]:
//     64-byte rows) or rows of k holding the tile's 128 m or 256 n (A[k][m],
//     B[k][n]), in 16-byte chunks placed at chunk c ^ s(row) within their
//     row: s(row) = (row / 2) % 4 for 64-byte rows and row % 8 for 16-bit
//     rows of k, so that the 8 rows an ldmatrix matrix reads fall in 8
//     different bank groups; 2 (row % 4) for f32 rows of k, so that the 32
//     lanes of a 32-bit fragment load (4 rows, 8 consecutive elements each)
//     read 32 different banks.
//   - Every thread copies 2 chunks of A and 4 of B per slice with cp.async
//     (16 bytes, `cg`), zero-filling what lies outside A and B, and commits
//     one group per slice; it waits for slice t's group, the block meets at
//     a barrier (slice t is in, and everyone is done with slice t - 1's
//     stage), then slice t + stages - 1 is issued into that stage and slice
//     t is multiplied: per k-step (16 for f16/bf16, 8 for TF32), 4
//     ldmatrix.x4 of A and 4 of B and 32 mma.sync. ldmatrix reads 16-bit
//     operands stored along k-rows transposed (`.trans`); it transposes
//     only 16-bit elements, so f32 ones stored that way (A[k][m], B[k][n])
//     are read by 32-bit shared loads (16 per k-step and operand), while
//     K-major f32 ones take the plain ldmatrix: lane i gets word i % 4 of
//     row i / 4 of each 8 x 16-byte matrix, which is their TF32 fragment.
//     TF32 registers hold the f32's bits (the tensor cores read the top 19).
//   - cp.async zero-fills the parts of a chunk outside A and B, so sizes
//     that are not multiples of the tiles need no other care in the main
//     loop. It needs A and B to start 16-byte aligned with rows (and
//     batches) a multiple of 16 bytes apart; otherwise (an odd K with
//     A[m][k], an odd M with A[k][m], ...) the kernel runs the tiled
//     contraction (a uniform test per launch).
//   - The epilogue adds the fill's value or C's old contents to each
//     accumulator, rounds once to C's type and stores it behind bounds
//     checks, through a fused elementwise op when there is one.
//   - The stages come from the launch's dynamic shared memory (the runtime
//     raises it to MmaSyncTiling::sharedBytes on compute capability 8.0 and
//     later, __offload_rt_prepare_tma). With less, and with unaligned
//     operands, the kernel runs the tiled contraction (TiledContraction.cpp)
//     on the same grid instead.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

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

namespace {
using W = MmaSyncTiling;

/// How A or B sits in a stage: `rows` rows of `rowElems` elements, at
/// element `offset` of the stage. K-major operands (A[m][k], B[n][k]) have
/// rows of m or n holding the slice's k; the others rows of k holding the
/// tile's m or n.
struct StageOperand {
  Value memref;
  bool kMajor;
  /// The loop of the operand's m or n, and the tile's size along it.
  unsigned loop;
  int64_t extent;
  int64_t offset;
  /// Bytes per element (2, or 4 for TF32).
  int64_t elementBytes;
  int64_t tileK() const { return W::tileK(elementBytes); }
  int64_t rows() const { return kMajor ? extent : tileK(); }
  int64_t rowElems() const { return kMajor ? tileK() : extent; }
  /// Elements per 16-byte chunk (one cp.async).
  int64_t chunkElems() const { return 16 / elementBytes; }
  int64_t chunksPerRow() const { return rowElems() / chunkElems(); }
  int64_t chunks() const { return rows() * chunksPerRow(); }
};

class MmaSyncBuilder {
public:
  MmaSyncBuilder(RewriterBase &b, const ContractionMatch &match,
                 linalg::LinalgOp epilogue)
      : b(b), loc(match.op.getLoc()), ctx(b.getContext()), match(match),
        ops(getTensorCoreOperands(match)), epilogue(epilogue),
        elementBytes(ops.elementBytes), tileK(W::tileK(elementBytes)),
        mmaK(W::mmaK(elementBytes)) {}

  void build(linalg::FillOp fill);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
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
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value ceilDiv(Value x, int64_t d) {
    return arith::CeilDivUIOp::create(b, loc, x, index(d));
  }
  Value dynamicSharedSize() { return buildDynamicSharedSize(b, loc); }
  Value isAligned(Value memref, int64_t elements) {
    return buildIsAligned(b, loc, memref, elements);
  }
  /// The element of the stages (a 1-D view of element type T) where chunk
  /// `chunk` of row `row` of `op` in stage `stage` lies (swizzled).
  Value stageIndex(const StageOperand &op, Value stage, Value row, Value chunk);
  /// Copies k-slice `t` of the tile into its stage when t < numK, then
  /// commits this thread's cp.async group (empty when nothing was copied).
  void loadSlice(Value t);
  void loadOperand(const StageOperand &op, Value stage, Value k0);
  /// The m16n8k16 (or TF32 m16n8k8) operands (4 registers of A, or 2 x 2
  /// of B for two n8 tiles) that ldmatrix.x4 reads at element `at` of the
  /// stages.
  SmallVector<Value, 4> ldmatrix(Value at, bool transpose);
  /// The TF32 register of the f32 at element `at` of the stages (a 32-bit
  /// shared load: operands stored along k-rows).
  Value loadTF32(Value at);
  /// The A and B operands of k-step `step` of the stage at `aStart` and
  /// `bStart` (A: 4 registers per m16 fragment; B: 2 per n8 fragment, in
  /// pairs of n8 fragments).
  SmallVector<Value, 4> loadA(Value aStart, int64_t step, int64_t mi);
  SmallVector<Value, 4> loadBPair(Value bStart, int64_t step, int64_t nj);
  /// The lane-dependent parts of the ldmatrix addresses (aLane, bLane).
  void computeLaneOffsets();
  /// Multiplies the slice in `stage` into the accumulators.
  void multiply(Value stage, SmallVectorImpl<Value> &acc);
  void buildPipeline(Value fillValue);
  void buildEpilogue(ArrayRef<Value> acc, Value fillValue);
  /// C[row][col] = init (f32; C's old contents when null) + value, rounded
  /// to C's type, through the fused op if there is one.
  void storeScalar(Value value, Value row, Value col, Value init);
  /// The same for columns col and col + 1 as one vector of each output.
  void storePair(Value v0, Value v1, Value row, Value col, Value init);
  /// The indices of C at (row, col) of the current tile.
  SmallVector<Value> cIndices(Value row, Value col);

  RewriterBase &b;
  Location loc;
  MLIRContext *ctx;
  const ContractionMatch &match;
  TensorCoreOperands ops;
  linalg::LinalgOp epilogue;

  StageOperand opA, opB;
  /// Bytes per element of A and B (2, or 4: TF32), k of a slice and of one
  /// mma.sync.
  int64_t elementBytes, tileK, mmaK;
  Value stages, tid, lane, warpM, warpN;
  SmallVector<Value, 4> aLane, bLane;
  Value sizeM, sizeN, sizeK, numK, m0, n0;
  /// The batch of the tile (with a batch dimension).
  Value z;
};
} // namespace

Value MmaSyncBuilder::stageIndex(const StageOperand &op, Value stage, Value row,
                                 Value chunk) {
  // 64-byte rows (K-major: two per 128 bytes): chunk c of row r at
  // c ^ ((r / 2) % 4), so that the 8 rows an ldmatrix matrix reads fall in
  // 8 bank groups. Rows of k of 16-bit elements (ldmatrix.trans reads 8 of
  // them): at c ^ (r % 8). Rows of k of f32, where the 4 rows t = lane % 4
  // of a 32-bit fragment load each give 8 consecutive elements (2 chunks,
  // the first even): at c ^ 2 (r % 4).
  int64_t rowBytes = op.rowElems() * elementBytes;
  Value sw;
  if (rowBytes < 128) {
    int64_t perLine = 128 / rowBytes;
    sw = rem(div(row, perLine), 8 / perLine);
  } else if (elementBytes == 4) {
    sw = mul(rem(row, 4), index(2));
  } else {
    sw = rem(row, 8);
  }
  Value physical = arith::XOrIOp::create(b, loc, chunk, sw);
  Value start =
      add(mul(stage, index(W::stageBytes / elementBytes)), index(op.offset));
  return add(start, add(mul(row, index(op.rowElems())),
                        mul(physical, index(op.chunkElems()))));
}

void MmaSyncBuilder::loadOperand(const StageOperand &op, Value stage,
                                 Value k0) {
  Value base = op.loop == match.m ? m0 : n0;
  Value size = op.loop == match.m ? sizeM : sizeN;
  for (int64_t i = 0; i < op.chunks() / W::threads; ++i) {
    Value q = add(tid, index(i * W::threads));
    Value row = div(q, op.chunksPerRow());
    Value chunk = rem(q, op.chunksPerRow());
    // The operand's (outer, inner) indices of the chunk's first element.
    Value outer, inner, outerSize, innerSize;
    if (op.kMajor) {
      outer = add(base, row);
      inner = add(k0, mul(chunk, index(op.chunkElems())));
      outerSize = size;
      innerSize = sizeK;
    } else {
      outer = add(k0, row);
      inner = add(base, mul(chunk, index(op.chunkElems())));
      outerSize = sizeK;
      innerSize = size;
    }
    // Elements inside the operand (the rest zero-filled); outside, no
    // bytes are read from the first element.
    Value inside = land(lt(outer, outerSize), lt(inner, innerSize));
    Value count =
        select(inside,
               arith::MinUIOp::create(
                   b, loc, sub(innerSize, select(inside, inner, innerSize)),
                   index(op.chunkElems())),
               index(0));
    SmallVector<Value, 3> at;
    if (z)
      at.push_back(z);
    at.push_back(select(inside, outer, index(0)));
    at.push_back(select(inside, inner, index(0)));
    nvgpu::DeviceAsyncCopyOp::create(
        b, loc, nvgpu::DeviceAsyncTokenType::get(ctx), stages,
        ValueRange{stageIndex(op, stage, row, chunk)}, op.memref, at,
        b.getIndexAttr(op.chunkElems()), count, b.getUnitAttr());
  }
}

void MmaSyncBuilder::loadSlice(Value t) {
  {
    auto inRange = scf::IfOp::create(b, loc, TypeRange{}, lt(t, numK),
                                     /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(inRange.thenBlock()->getTerminator());
    Value stage = rem(t, W::stages);
    Value k0 = mul(t, index(tileK));
    loadOperand(opA, stage, k0);
    loadOperand(opB, stage, k0);
  }
  NVVM::CpAsyncCommitGroupOp::create(b, loc);
}

SmallVector<Value, 4> MmaSyncBuilder::ldmatrix(Value at, bool transpose) {
  Type element = match.aType;
  // Each lane gets one 32-bit word of each of the 4 matrices: two 16-bit
  // elements, or one f32 (lane i: row i / 4, column i % 4 of an 8 x 4 f32
  // matrix, which is the TF32 fragment of a K-major operand).
  int64_t perWord = 4 / elementBytes;
  auto fragments = nvgpu::LdMatrixOp::create(
      b, loc, VectorType::get({4, perWord}, element), stages, ValueRange{at},
      transpose, /*numTiles=*/4);
  SmallVector<Value, 4> regs;
  for (int64_t i = 0; i < 4; ++i) {
    Value reg;
    if (perWord == 1) {
      // TF32 operands are 32-bit registers holding the f32's bits (the
      // tensor cores read the top 19).
      reg =
          vector::ExtractOp::create(b, loc, fragments, ArrayRef<int64_t>{i, 0});
      reg = arith::BitcastOp::create(b, loc, b.getI32Type(), reg);
    } else {
      reg = vector::ExtractOp::create(b, loc, fragments, i);
      // mma.sync takes bf16 pairs as 32-bit registers.
      if (element.isBF16())
        reg = LLVM::BitcastOp::create(b, loc, b.getI32Type(), reg);
    }
    regs.push_back(reg);
  }
  return regs;
}

Value MmaSyncBuilder::loadTF32(Value at) {
  Value value = memref::LoadOp::create(b, loc, stages, ValueRange{at});
  return arith::BitcastOp::create(b, loc, b.getI32Type(), value);
}

void MmaSyncBuilder::computeLaneOffsets() {
  // Where lane l's row of an ldmatrix matrix (or its 32-bit element)
  // starts, relative to its stage, as one lane-dependent term per k-step
  // (K-major operands) or per fragment (the others) plus constants, so that
  // few registers hold them. The swizzle of a row depends only on the lane:
  // the rows an ldmatrix reads start at multiples of 16 (K-major) or of 8
  // (rows of k), the f32 loads read rows kk + t and kk + t + 4.
  Value g8 = rem(lane, 8);
  Value half = rem(div(lane, 8), 2); // which of two 8-row (or column) halves
  Value quad = div(lane, 16);
  auto xorI = [&](Value x, Value y) {
    return arith::XOrIOp::create(b, loc, x, y).getResult();
  };
  int64_t chunkElems = opA.chunkElems();
  int64_t steps = tileK / mmaK;
  aLane.clear();
  bLane.clear();
  // K-major rows are 64 bytes (4 chunks): a k-step reads chunks 2s and
  // 2s + 1 of them (16 f16/bf16 or 8 f32).
  // A: lanes 8i..8i+7 give the rows of matrix i (rows 0-7 and 8-15 of the
  // step's first chunk, then of its second).
  if (opA.kMajor) {
    // Rows of m: row warpM * 64 + 16 mi + lane % 16, chunk 2 s + quad,
    // swizzled by ((lane % 16) / 2) % 4.
    Value row = add(mul(warpM, index(W::warpM)), rem(lane, 16));
    Value sw = rem(div(rem(lane, 16), 2), 4);
    for (int64_t step = 0; step < steps; ++step)
      aLane.push_back(
          add(mul(row, index(opA.rowElems())),
              mul(xorI(add(index(2 * step), quad), sw), index(chunkElems))));
  } else if (elementBytes == 4) {
    // f32 rows of k (128 m, 32 chunks), read by 32-bit loads: register
    // 2 j + h of fragment mi holds m = 16 mi + 8 h + g, k = t + 4 j
    // (g = lane / 4, t = lane % 4), at row kk + t + 4 j, chunk
    // warpM * 16 + 4 mi + 2 h + g / 4 swizzled by 2 t, element g % 4. One
    // term per (mi % 2, h); mi / 2 adds 8 chunks.
    Value g = div(lane, 4), t = rem(lane, 4);
    Value base =
        add(add(mul(t, index(opA.rowElems())), mul(warpM, index(W::warpM))),
            rem(g, 4));
    for (int64_t p = 0; p < 2; ++p)
      for (int64_t h = 0; h < 2; ++h)
        aLane.push_back(add(base, mul(xorI(add(index(4 * p + 2 * h), div(g, 4)),
                                           mul(t, index(2))),
                                      index(4))));
  } else {
    // Rows of k: row kk + 8 quad + g8, chunk warpM * 8 + 2 mi + half,
    // swizzled by g8.
    Value row = add(mul(quad, index(8)), g8);
    for (int64_t mi = 0; mi < W::warpM / 16; ++mi)
      aLane.push_back(
          add(mul(row, index(opA.rowElems())),
              mul(add(mul(warpM, index(8)), xorI(add(index(2 * mi), half), g8)),
                  index(8))));
  }
  // B: pairs of n8 x k fragments (matrices: the step's two chunks of k of
  // the first n8, then of the second).
  if (opB.kMajor) {
    // Rows of n: warpN * 64 + 16 nj + 8 quad + g8, chunk 2 s + half,
    // swizzled by g8 / 2.
    Value row = add(mul(warpN, index(W::warpN)), add(mul(quad, index(8)), g8));
    Value sw = div(g8, 2);
    for (int64_t step = 0; step < steps; ++step)
      bLane.push_back(
          add(mul(row, index(opB.rowElems())),
              mul(xorI(add(index(2 * step), half), sw), index(chunkElems))));
  } else if (elementBytes == 4) {
    // f32 rows of k (256 n, 64 chunks): register j of n8 fragment f holds
    // k = t + 4 j, n = 8 f + g, at row kk + t + 4 j, chunk
    // warpN * 16 + 2 f + g / 4 swizzled by 2 t, element g % 4. One term per
    // f % 4; f / 4 adds 8 chunks.
    Value g = div(lane, 4), t = rem(lane, 4);
    Value base =
        add(add(mul(t, index(opB.rowElems())), mul(warpN, index(W::warpN))),
            rem(g, 4));
    for (int64_t q = 0; q < 4; ++q)
      bLane.push_back(
          add(base, mul(xorI(add(index(2 * q), div(g, 4)), mul(t, index(2))),
                        index(4))));
  } else {
    // Rows of k: kk + 8 half + g8, chunk warpN * 8 + 2 nj + quad, swizzled
    // by g8.
    Value row = add(mul(half, index(8)), g8);
    for (int64_t nj = 0; nj < W::warpN / 16; ++nj)
      bLane.push_back(
          add(mul(row, index(opB.rowElems())),
              mul(add(mul(warpN, index(8)), xorI(add(index(2 * nj), quad), g8)),
                  index(8))));
  }
}

SmallVector<Value, 4> MmaSyncBuilder::loadA(Value aStart, int64_t step,
                                            int64_t mi) {
  int64_t kk = step * mmaK;
  if (opA.kMajor)
    return ldmatrix(
        add(add(aStart, aLane[step]), index(mi * 16 * opA.rowElems())),
        /*transpose=*/false);
  if (elementBytes == 2)
    return ldmatrix(add(add(aStart, aLane[mi]), index(kk * opA.rowElems())),
                    /*transpose=*/true);
  // a0 (m g, k t), a1 (m g + 8, k t), a2 (m g, k t + 4), a3 (m g + 8,
  // k t + 4).
  SmallVector<Value, 4> regs;
  for (int64_t j = 0; j < 2; ++j)
    for (int64_t h = 0; h < 2; ++h)
      regs.push_back(
          loadTF32(add(add(aStart, aLane[2 * (mi % 2) + h]),
                       index(32 * (mi / 2) + (kk + 4 * j) * opA.rowElems()))));
  return regs;
}

SmallVector<Value, 4> MmaSyncBuilder::loadBPair(Value bStart, int64_t step,
                                                int64_t nj) {
  int64_t kk = step * mmaK;
  if (opB.kMajor)
    return ldmatrix(
        add(add(bStart, bLane[step]), index(nj * 16 * opB.rowElems())),
        /*transpose=*/false);
  if (elementBytes == 2)
    return ldmatrix(add(add(bStart, bLane[nj]), index(kk * opB.rowElems())),
                    /*transpose=*/true);
  // b0 (k t, n g), b1 (k t + 4, n g) of n8 fragments 2 nj and 2 nj + 1.
  SmallVector<Value, 4> regs;
  for (int64_t f = 2 * nj; f < 2 * nj + 2; ++f)
    for (int64_t j = 0; j < 2; ++j)
      regs.push_back(
          loadTF32(add(add(bStart, bLane[f % 4]),
                       index(32 * (f / 4) + (kk + 4 * j) * opB.rowElems()))));
  return regs;
}

void MmaSyncBuilder::multiply(Value stage, SmallVectorImpl<Value> &acc) {
  Type f32 = b.getF32Type();
  auto accType = LLVM::LLVMStructType::getLiteral(ctx, {f32, f32, f32, f32});
  NVVM::MMATypes type = elementBytes == 4      ? NVVM::MMATypes::tf32
                        : match.aType.isBF16() ? NVVM::MMATypes::bf16
                                               : NVVM::MMATypes::f16;
  Value start = mul(stage, index(W::stageBytes / elementBytes));
  Value aStart = add(start, index(opA.offset));
  Value bStart = add(start, index(opB.offset));
  for (int64_t step = 0; step < tileK / mmaK; ++step) {
    SmallVector<SmallVector<Value, 4>, 4> a;
    for (int64_t mi = 0; mi < W::warpM / 16; ++mi)
      a.push_back(loadA(aStart, step, mi));
    // Each pair of B fragments is used by its 8 mma.sync as soon as it is
    // loaded (fewer live registers).
    for (int64_t nj = 0; nj < W::warpN / 16; ++nj) {
      SmallVector<Value, 4> bRegs = loadBPair(bStart, step, nj);
      for (int64_t mi = 0; mi < W::warpM / 16; ++mi)
        for (int64_t i = 0; i < 2; ++i) {
          Value &c = acc[mi * (W::warpN / 8) + 2 * nj + i];
          SmallVector<Value, 4> cs;
          for (int64_t e = 0; e < 4; ++e)
            cs.push_back(LLVM::ExtractValueOp::create(b, loc, c, e));
          c = NVVM::MmaOp::create(
              b, loc, accType, a[mi],
              ValueRange{bRegs[2 * i], bRegs[2 * i + 1]}, cs,
              ArrayRef<int64_t>{16, 8, mmaK}, std::nullopt, std::nullopt,
              std::array<NVVM::MMATypes, 2>{type, type},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
        }
    }
  }
}

SmallVector<Value> MmaSyncBuilder::cIndices(Value row, Value col) {
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

void MmaSyncBuilder::storeScalar(Value value, Value row, Value col,
                                 Value init) {
  storeContractionScalar(b, loc, match, epilogue, value, cIndices(row, col),
                         init);
}

void MmaSyncBuilder::storePair(Value v0, Value v1, Value row, Value col,
                               Value init) {
  storeContractionPair(b, loc, match, epilogue, v0, v1, cIndices(row, col),
                       cIndices(row, add(col, index(1))), init);
}

void MmaSyncBuilder::buildEpilogue(ArrayRef<Value> acc, Value fillValue) {
  // Register 2h + e of fragment (mi, ni) holds row 16 mi + lane / 4 + 8 h,
  // column 8 ni + 2 (lane % 4) + e of the warp's 64 x 64: each thread
  // stores pairs of columns, as one vector where C (and the fused op's
  // output) has contiguous rows, is aligned to the pair and the pair lies
  // inside C, one element at a time behind bounds checks elsewhere.
  Value rowBase = add(add(m0, mul(warpM, index(W::warpM))), div(lane, 4));
  Value colBase =
      add(add(n0, mul(warpN, index(W::warpN))), mul(rem(lane, 4), index(2)));
  Value init;
  if (fillValue)
    init = convertScalarToDtype(b, loc, fillValue, b.getF32Type(),
                                /*isUnsignedCast=*/false);
  Value d = epilogue ? epilogue.getDpsInitOperand(0)->get() : Value();
  bool pairs = match.cDims.back() == match.n &&
               hasContiguousRows(match.getC()) && (!d || hasContiguousRows(d));
  Value pairOk;
  if (pairs) {
    pairOk = isAligned(match.getC(), 2);
    if (d && d != match.getC())
      pairOk = land(pairOk, isAligned(d, 2));
  }
  for (int64_t mi = 0; mi < W::warpM / 16; ++mi)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(rowBase, index(mi * 16 + h * 8));
      Value rowInside = lt(row, sizeM);
      for (int64_t ni = 0; ni < W::warpN / 8; ++ni) {
        Value col = add(colBase, index(ni * 8));
        Value fragment = acc[mi * (W::warpN / 8) + ni];
        Value v0 = LLVM::ExtractValueOp::create(b, loc, fragment, 2 * h);
        Value v1 = LLVM::ExtractValueOp::create(b, loc, fragment, 2 * h + 1);
        OpBuilder::InsertionGuard guard(b);
        if (pairs) {
          auto both = scf::IfOp::create(
              b, loc, TypeRange{},
              land(land(pairOk, rowInside), lt(add(col, index(1)), sizeN)),
              /*withElseRegion=*/true);
          b.setInsertionPoint(both.thenBlock()->getTerminator());
          storePair(v0, v1, row, col, init);
          b.setInsertionPoint(both.elseBlock()->getTerminator());
        }
        for (int64_t e = 0; e < 2; ++e) {
          Value c = add(col, index(e));
          auto inside = scf::IfOp::create(b, loc, TypeRange{},
                                          land(rowInside, lt(c, sizeN)),
                                          /*withElseRegion=*/false);
          OpBuilder::InsertionGuard inner(b);
          b.setInsertionPoint(inside.thenBlock()->getTerminator());
          storeScalar(e ? v1 : v0, row, c, init);
        }
      }
    }
}

void MmaSyncBuilder::buildPipeline(Value fillValue) {
  bool batched = match.batch >= 0;
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  lane = rem(tid, 32);
  Value warp = div(tid, 32);
  warpM = div(warp, W::warpsN);
  warpN = rem(warp, W::warpsN);
  auto size = [&](unsigned loop) -> Value {
    auto [memref, dim] = match.getLoopSizeSource(loop);
    return memref::DimOp::create(b, loc, memref, dim);
  };
  sizeM = size(match.m);
  sizeN = size(match.n);
  sizeK = size(match.k);
  opA = {match.getA(), ops.aKMajor, match.m, W::tileM, 0, elementBytes};
  opB = {match.getB(),
         ops.bKMajor,
         match.n,
         W::tileN,
         W::aStageBytes / elementBytes,
         elementBytes};
  computeLaneOffsets();

  // The stages, from the first 128-byte boundary of the dynamic shared
  // memory, as one array of the operands' elements.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, loc,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, shared);
  Value pad = rem(sub(index(128), rem(base, 128)), 128);
  stages = memref::ViewOp::create(
      b, loc,
      MemRefType::get({W::stages * W::stageBytes / elementBytes}, match.aType,
                      MemRefLayoutAttrInterface(), workgroup),
      shared, pad, ValueRange{});

  // Blocks stride over the tiles (block b of the host's grid, x fastest,
  // takes tile b), in bands of bandRows tile rows as the wgmma kernel
  // takes them.
  using T = TensorCoreTiling;
  Value tilesN = ceilDiv(sizeN, W::tileN);
  Value tilesM = ceilDiv(sizeM, W::tileM);
  Value perBatch = mul(tilesN, tilesM);
  Value tiles = batched ? mul(perBatch, size(match.batch)) : perBatch;
  numK = ceilDiv(sizeK, tileK);
  Value block, blocks;
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value id = gpu::BlockIdOp::create(b, loc, dim);
    Value count = gpu::GridDimOp::create(b, loc, dim);
    block = block ? add(mul(block, count), id) : id;
    blocks = blocks ? mul(blocks, count) : count;
  }
  auto tileLoop = scf::ForOp::create(b, loc, block, tiles, blocks);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(tileLoop.getBody()->getTerminator());
  Value tileIndex = tileLoop.getInductionVar();
  if (batched) {
    z = arith::DivUIOp::create(b, loc, tileIndex, perBatch);
    tileIndex = arith::RemUIOp::create(b, loc, tileIndex, perBatch);
  }
  Value perBand = mul(index(T::bandRows), tilesN);
  Value band = arith::DivUIOp::create(b, loc, tileIndex, perBand);
  Value inBand = arith::RemUIOp::create(b, loc, tileIndex, perBand);
  Value firstRow = mul(band, index(T::bandRows));
  Value bandHeight =
      arith::MinUIOp::create(b, loc, index(T::bandRows), sub(tilesM, firstRow));
  m0 = mul(add(firstRow, arith::RemUIOp::create(b, loc, inBand, bandHeight)),
           index(W::tileM));
  n0 = mul(arith::DivUIOp::create(b, loc, inBand, bandHeight), index(W::tileN));

  // Prologue: the first stages - 1 slices, one group each.
  for (int64_t s = 0; s + 1 < W::stages; ++s)
    loadSlice(index(s));

  int64_t fragments = (W::warpM / 16) * (W::warpN / 8);
  Type f32 = b.getF32Type();
  Value zero = LLVM::ZeroOp::create(
      b, loc, LLVM::LLVMStructType::getLiteral(ctx, {f32, f32, f32, f32}));
  auto kLoop = scf::ForOp::create(b, loc, index(0), numK, index(1),
                                  SmallVector<Value>(fragments, zero));
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value t = kLoop.getInductionVar();
    // This thread's copies of slice t are in; after the barrier, everyone's
    // are, and every warp is done with slice t - 1's stage: refill it.
    NVVM::CpAsyncWaitGroupOp::create(b, loc, W::stages - 2);
    gpu::BarrierOp::create(b, loc);
    loadSlice(add(t, index(W::stages - 1)));
    SmallVector<Value> acc(kLoop.getRegionIterArgs());
    multiply(rem(t, W::stages), acc);
    scf::YieldOp::create(b, loc, acc);
  }
  SmallVector<Value> acc(kLoop.getResults());
  buildEpilogue(acc, fillValue);
  // The next tile's copies overwrite the stages this one read.
  NVVM::CpAsyncWaitGroupOp::create(b, loc, 0);
  gpu::BarrierOp::create(b, loc);
}

void MmaSyncBuilder::build(linalg::FillOp fill) {
  Operation *op = match.op;
  b.setInsertionPoint(op);
  // cp.async copies 16 bytes from 16-byte aligned addresses: A and B
  // start aligned and their rows (and batches) are multiples of 16 bytes
  // apart.
  Value enoughShared = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, dynamicSharedSize(),
      arith::ConstantIntOp::create(b, loc, W::sharedBytes, 32));
  int64_t chunkElems = 16 / elementBytes;
  Value aligned = land(isAligned(match.getA(), chunkElems),
                       isAligned(match.getB(), chunkElems));
  auto ifOp =
      scf::IfOp::create(b, loc, TypeRange{}, land(enoughShared, aligned),
                        /*withElseRegion=*/true);
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  // Otherwise: the tiled contraction of copies of the ops.
  linalg::FillOp fillCopy;
  if (fill)
    fillCopy = cast<linalg::FillOp>(b.clone(*fill));
  auto opCopy = cast<linalg::LinalgOp>(b.clone(*op));
  linalg::LinalgOp epilogueCopy;
  if (epilogue)
    epilogueCopy = cast<linalg::LinalgOp>(b.clone(*epilogue));
  std::optional<ContractionMatch> copyMatch = matchContraction(opCopy);
  assert(copyMatch && "a copy of a contraction is a contraction");
  buildTiledContraction(b, *copyMatch, fillCopy, TensorCoreTiling::simtTiling(),
                        epilogueCopy);

  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  buildPipeline(fill ? fill.getInputs()[0] : Value());
  b.eraseOp(op);
  if (fill)
    b.eraseOp(fill);
  if (epilogue)
    b.eraseOp(epilogue);
}

void mlir::offload::buildMmaSyncContraction(RewriterBase &rewriter,
                                            const ContractionMatch &match,
                                            linalg::FillOp fill,
                                            linalg::LinalgOp epilogue) {
  OpBuilder::InsertionGuard guard(rewriter);
  MmaSyncBuilder(rewriter, match, epilogue).build(fill);
}
