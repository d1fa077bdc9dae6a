//===- TensorCoreContraction.cpp - matmuls on Hopper tensor cores -*- C++ -*-//
//
// The TensorCoreContraction strategy (KernelStrategy.h): a matmul with f16 or
// bf16 inputs in a gpu.func becomes, for targets with wgmma (NVPTX sm_90,
// built as sm_90a), a TMA + mbarrier + wgmma pipeline:
//
//   - One warpgroup (128 threads) per block; block b (x fastest) computes
//     the 128x128 output tile b, tiles counted in bands of
//     TensorCoreTiling::bandRows tile rows, down each column of a band
//     before the next column, so that the blocks running at a time share
//     their A and B tiles in L2 (blocks stride over the tiles, so a
//     smaller grid is still correct).
//   - The k dimension goes in slices of 64 through a ring of
//     TensorCoreTiling::stages stages of dynamic shared memory (aligned to
//     1024 bytes), each holding A's 128x64 slice and B's 64x128 slice as two
//     64x64 halves, all 128-byte swizzled as TMA writes them. One thread
//     issues the TMA loads of a stage and arms its mbarrier with the
//     stage's byte count; every thread waits on the mbarrier's phase parity
//     before the warpgroup multiplies the stage (nvgpu.warpgroup.mma:
//     2 x 4 wgmma m64n128k16, f32 accumulators in registers, B read
//     N-major). The multiply of slice t leaves its wgmma group in flight
//     and waits for slice t - 1's, whose stage is then refilled with slice
//     t + stages - 1 after a barrier.
//   - TMA fills the parts of a box outside the operands with zeros, so
//     sizes that are not multiples of the tiles need no other care in the
//     main loop; the epilogue stages the accumulators through shared
//     memory (f32, rows padded against bank conflicts) and each thread
//     writes one column of the tile behind bounds checks, adding the fill's
//     value or C's old contents and converting to C's element type.
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

#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Choice
//===----------------------------------------------------------------------===//

/// Whether `memref` is a 2-D kernel argument of `kernel` in the default
/// memory space with a static unit innermost stride, whose other stride
/// (when static) TMA can take (a multiple of 16 bytes).
static bool isTmaOperand(Value memref, KernelOp kernel, std::string &why,
                         StringRef name) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || arg.getOwner() != &kernel.getBody().front()) {
    why = (name + " is not a kernel argument").str();
    return false;
  }
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != 2 || type.getMemorySpace() ||
      failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1) {
    why = (name + " is not a 2-D buffer with contiguous rows").str();
    return false;
  }
  unsigned bytes = type.getElementTypeBitWidth() / 8;
  if (!ShapedType::isDynamic(strides[0]) && (strides[0] * bytes) % 16 != 0) {
    why = (name + "'s rows are not a multiple of 16 bytes apart (TMA)").str();
    return false;
  }
  return true;
}

bool mlir::offload::canUseTensorCores(const ContractionMatch &match,
                                      KernelOp kernel, std::string &why) {
  if (match.batch >= 0) {
    why = "a batch dimension";
    return false;
  }
  if (match.aType != match.bType ||
      !isa<Float16Type, BFloat16Type>(match.aType)) {
    why = "inputs that are not both f16 or both bf16";
    return false;
  }
  if (!isa<Float32Type, Float16Type, BFloat16Type>(match.cType)) {
    why = "an output that is not f32, f16 or bf16";
    return false;
  }
  // A[m][k] (K-major) and B[k][n] (N-major), as wgmma reads them from the
  // 128-byte swizzled tiles.
  if (match.aDims[0] != match.m || match.aDims[1] != match.k ||
      match.bDims[0] != match.k || match.bDims[1] != match.n) {
    why = "operands that are not A[m][k] and B[k][n]";
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
  return isTmaOperand(match.getA(), kernel, why, "A") &&
         isTmaOperand(match.getB(), kernel, why, "B");
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

namespace {
using T = TensorCoreTiling;

class TensorCoreBuilder {
public:
  TensorCoreBuilder(RewriterBase &b, const ContractionMatch &match)
      : b(b), loc(match.op.getLoc()), ctx(b.getContext()), match(match) {}

  void build(linalg::FillOp fill, Value mapA, Value mapB);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, index(y));
  }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
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
  Value tensorMap(Value address, MemRefType box);
  /// The dynamic shared memory size the launch gave (%dynamic_smem_size).
  Value dynamicSharedSize();
  /// Issues the TMA loads of k-slice `t` of the tile at (m0, n0) into its
  /// stage, from one thread, when t < numK.
  void issueSlice(Value t);
  void buildPipeline(Value fillValue, Value mapA, Value mapB);
  void buildEpilogue(Value acc, Value fillValue);

  RewriterBase &b;
  Location loc;
  MLIRContext *ctx;
  const ContractionMatch &match;

  Value shared, pad, barriers, descA, descB, leader, tid;
  Value sizeM, sizeN, sizeK, numK, g0, m0, n0;
  MemRefType aTile, bHalf, bTile;
};
} // namespace

Value TensorCoreBuilder::tensorMap(Value address, MemRefType box) {
  auto type = nvgpu::TensorMapDescriptorType::get(
      ctx, box, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value pointer = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx), address);
  return UnrealizedConversionCastOp::create(b, loc, type, pointer).getResult(0);
}

Value TensorCoreBuilder::dynamicSharedSize() {
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), ValueRange{}, "mov.u32 $0, %dynamic_smem_size;",
      "=r", /*has_side_effects=*/false, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getResult(0);
}

void TensorCoreBuilder::issueSlice(Value t) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, land(leader, lt(t, numK)),
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  Value stage = rem(add(g0, t), T::stages);
  Value offset = mul(stage, index(T::stageBytes));
  int64_t aBytes = T::tileM * T::tileK * 2, halfBytes = T::tileK * 64 * 2;
  Value k0 = mul(t, index(T::tileK));
  nvgpu::MBarrierArriveExpectTxOp::create(b, loc, barriers,
                                          index(T::stageBytes), stage,
                                          /*predicate=*/Value());
  nvgpu::TmaAsyncLoadOp::create(b, loc, view(offset, aTile), barriers, descA,
                                ValueRange{k0, m0}, stage,
                                /*multicastMask=*/Value(),
                                /*predicate=*/Value());
  for (int64_t half = 0; half < T::tileN / 64; ++half)
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, view(add(offset, index(aBytes + half * halfBytes)), bHalf),
        barriers, descB, ValueRange{add(n0, index(half * 64)), k0}, stage,
        /*multicastMask=*/Value(), /*predicate=*/Value());
}

void TensorCoreBuilder::buildEpilogue(Value acc, Value fillValue) {
  // Every warp's wgmma groups are done; the stages become the tile of C.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  gpu::BarrierOp::create(b, loc);
  constexpr int64_t rowPad = 8;
  static_assert(T::tileM * (T::tileN + rowPad) * 4 <= T::stages * T::stageBytes,
                "the staged tile of C must fit in the stages");
  Value staged =
      view(index(0), sharedType({T::tileM, T::tileN + rowPad}, b.getF32Type()));
  Value tile = memref::SubViewOp::create(
      b, loc, staged,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(T::tileM),
                             b.getIndexAttr(T::tileN)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, tile);
  gpu::BarrierOp::create(b, loc);

  // Thread tid writes column n0 + tid of every row of the tile.
  Value col = add(n0, tid);
  Value colInside = lt(col, sizeN);
  auto rows = scf::ForOp::create(b, loc, index(0), index(T::tileM), index(1));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(rows.getBody()->getTerminator());
    Value r = rows.getInductionVar();
    Value row = add(m0, r);
    auto inside =
        scf::IfOp::create(b, loc, TypeRange{}, land(colInside, lt(row, sizeM)),
                          /*withElseRegion=*/false);
    b.setInsertionPoint(inside.thenBlock()->getTerminator());
    Value value = memref::LoadOp::create(b, loc, staged, ValueRange{r, tid});
    SmallVector<Value> at(match.op.getNumLoops());
    at[match.m] = row;
    at[match.n] = col;
    SmallVector<Value> where;
    for (unsigned loop : match.cDims)
      where.push_back(at[loop]);
    Value init = fillValue;
    if (!init)
      init = memref::LoadOp::create(b, loc, match.getC(), where);
    init = convertScalarToDtype(b, loc, init, b.getF32Type(),
                                /*isUnsignedCast=*/false);
    Value sum = arith::AddFOp::create(b, loc, init, value);
    Value out = convertScalarToDtype(b, loc, sum, match.cType,
                                     /*isUnsignedCast=*/false);
    memref::StoreOp::create(b, loc, out, match.getC(), where);
  }
  // The next tile's TMA loads (async proxy) overwrite what this one read and
  // wrote (generic proxy).
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(b, loc);
}

void TensorCoreBuilder::buildPipeline(Value fillValue, Value mapA, Value mapB) {
  Type element = match.aType;
  aTile = sharedType({T::tileM, T::tileK}, element);
  bHalf = sharedType({T::tileK, 64}, element);
  bTile = sharedType({T::tileK, T::tileN}, element);
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());

  tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
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
      b, loc, nvgpu::MBarrierGroupType::get(ctx, workgroup, T::stages));
  for (int64_t s = 0; s < T::stages; ++s)
    nvgpu::MBarrierInitOp::create(b, loc, barriers, index(1), index(s), leader);
  gpu::BarrierOp::create(b, loc);
  descA = tensorMap(mapA, aTile);
  descB = tensorMap(mapB, bHalf);
  nvgpu::TmaPrefetchOp::create(b, loc, descA, leader);
  nvgpu::TmaPrefetchOp::create(b, loc, descB, leader);

  // Blocks stride over the tiles (block b of the host's grid, x fastest,
  // takes tile b).
  Value tilesN = ceilDiv(sizeN, T::tileN);
  Value tiles = mul(tilesN, ceilDiv(sizeM, T::tileM));
  numK = ceilDiv(sizeK, T::tileK);
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
  // Tile t in bands of bandRows tile rows: band t / (bandRows * tilesN),
  // then down the band's rows first, then across its columns.
  Value perBand = mul(index(T::bandRows), tilesN);
  Value band = arith::DivUIOp::create(b, loc, tileIndex, perBand);
  Value inBand = arith::RemUIOp::create(b, loc, tileIndex, perBand);
  Value firstRow = mul(band, index(T::bandRows));
  Value bandHeight = arith::MinUIOp::create(
      b, loc, index(T::bandRows),
      arith::SubIOp::create(b, loc, ceilDiv(sizeM, T::tileM), firstRow));
  m0 = mul(add(firstRow, arith::RemUIOp::create(b, loc, inBand, bandHeight)),
           index(T::tileM));
  n0 = mul(arith::DivUIOp::create(b, loc, inBand, bandHeight), index(T::tileN));

  // Prologue: the first stages - 1 slices.
  for (int64_t s = 0; s + 1 < T::stages; ++s)
    issueSlice(index(s));

  auto accType = nvgpu::WarpgroupAccumulatorType::get(
      ctx, VectorType::get({T::tileM, T::tileN}, b.getF32Type()));
  Value acc0 = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
  auto kLoop =
      scf::ForOp::create(b, loc, index(0), numK, index(1), ValueRange{acc0});
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value t = kLoop.getInductionVar();
    Value g = add(g0, t);
    Value stage = rem(g, T::stages);
    Value phase = arith::IndexCastOp::create(
        b, loc, b.getI1Type(),
        rem(arith::DivUIOp::create(b, loc, g, index(T::stages)), 2));
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, phase,
                                           index(10000000), stage);
    Value offset = mul(stage, index(T::stageBytes));
    Value a = view(offset, aTile);
    Value bv = view(add(offset, index(T::tileM * T::tileK * 2)), bTile);
    Value dA = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, nvgpu::WarpgroupMatrixDescriptorType::get(ctx, aTile), a,
        descA);
    Value dB = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, nvgpu::WarpgroupMatrixDescriptorType::get(ctx, bTile), bv,
        descB);
    // Leaves this slice's wgmma group in flight, waits for the previous.
    Value acc = nvgpu::WarpgroupMmaOp::create(
        b, loc, accType, dA, dB, /*waitGroup=*/uint64_t(1),
        /*transposeA=*/UnitAttr(), /*transposeB=*/b.getUnitAttr(),
        kLoop.getRegionIterArgs()[0]);
    // Every warp is done with the previous slice's stage: refill it.
    gpu::BarrierOp::create(b, loc);
    issueSlice(add(t, index(T::stages - 1)));
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
      arith::ConstantIntOp::create(b, loc, T::sharedBytes, 32));
  auto ifOp =
      scf::IfOp::create(b, loc, TypeRange{}, land(haveMaps, enoughShared),
                        /*withElseRegion=*/true);

  // Without tensor maps: the tiled contraction of copies of the ops.
  b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  linalg::FillOp fillCopy;
  if (fill)
    fillCopy = cast<linalg::FillOp>(b.clone(*fill));
  auto opCopy = cast<linalg::LinalgOp>(b.clone(*op));
  std::optional<ContractionMatch> copyMatch = matchContraction(opCopy);
  assert(copyMatch && "a copy of a contraction is a contraction");
  buildTiledContraction(b, *copyMatch, fillCopy, T::simtTiling());

  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  buildPipeline(fill ? fill.getInputs()[0] : Value(), mapA, mapB);
  b.eraseOp(op);
  if (fill)
    b.eraseOp(fill);
}

void mlir::offload::buildTensorCoreContraction(RewriterBase &rewriter,
                                               const ContractionMatch &match,
                                               linalg::FillOp fill, Value mapA,
                                               Value mapB) {
  OpBuilder::InsertionGuard guard(rewriter);
  TensorCoreBuilder(rewriter, match).build(fill, mapA, mapB);
}
