//===- TensorCoreContraction.cpp - matmuls on Hopper tensor cores -*- C++ -*-//
//
// The TensorCoreContraction strategy (KernelStrategy.h): a matmul or a
// batch_matmul with f16 or bf16 inputs in a gpu.func becomes, for targets
// with wgmma (NVPTX sm_90, built as sm_90a), a TMA + mbarrier + wgmma
// pipeline:
//
//   - Two warpgroups (256 threads) per block; block b (x fastest) computes
//     the 128x256 output tile b, tiles counted in bands of
//     TensorCoreTiling::bandRows tile rows, down each column of a band
//     before the next column, so that the blocks running at a time share
//     their A and B tiles in L2 (blocks stride over the tiles, so a
//     smaller grid is still correct). With a batch, the tiles of batch 0
//     come first, then batch 1's, ...; the batch is the tensor maps' third
//     (outermost) dimension, so one TMA box never spans two batches.
//   - The k dimension goes in slices of 64 through a ring of
//     TensorCoreTiling::stages stages of dynamic shared memory (aligned to
//     1024 bytes), each holding A's 128x64 slice and B's 64x256 slice as
//     four 64x64 boxes, all 128-byte swizzled as TMA writes them. One thread
//     issues the TMA loads of a stage and arms its mbarrier with the
//     stage's byte count; every thread waits on the mbarrier's phase parity
//     before each warpgroup multiplies its 64 rows of A's slice with B's
//     (nvgpu.warpgroup.mma: 4 x wgmma m64n256k16, f32 accumulators in
//     registers, B read N-major). The multiply of slice t leaves its wgmma
//     group in flight and waits for slice t - 1's, whose stage is then
//     refilled with slice t + stages - 1 after a barrier.
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
/// stride, whose other strides (when static) TMA can take (multiples of 16
/// bytes).
static bool isTmaOperand(Value memref, KernelOp kernel, int64_t rank,
                         std::string &why, StringRef name) {
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

bool mlir::offload::canUseTensorCores(const ContractionMatch &match,
                                      KernelOp kernel, std::string &why) {
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
  // 128-byte swizzled tiles; a batch is the outermost dimension of both (the
  // tensor maps' third).
  bool batched = match.batch >= 0;
  SmallVector<unsigned, 3> wantA, wantB;
  if (batched) {
    wantA.push_back(match.batch);
    wantB.push_back(match.batch);
  }
  wantA.append({match.m, match.k});
  wantB.append({match.k, match.n});
  if (match.aDims != wantA || match.bDims != wantB) {
    why = batched ? "operands that are not A[b][m][k] and B[b][k][n]"
                  : "operands that are not A[m][k] and B[k][n]";
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
  return isTmaOperand(match.getA(), kernel, rank, why, "A") &&
         isTmaOperand(match.getB(), kernel, rank, why, "B");
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
        epilogue(epilogue) {}

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
  Value tensorMap(Value address, MemRefType box);
  /// The dynamic shared memory size the launch gave (%dynamic_smem_size).
  Value dynamicSharedSize();
  /// Whether `memref`'s start and the strides of its outer dimensions are
  /// multiples of `elements` elements (a uniform test).
  Value isAligned(Value memref, int64_t elements);
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
  /// The fused elementwise op (its output D), or null.
  linalg::LinalgOp epilogue;

  Value shared, pad, barriers, descA, descB, leader, tid, warpgroup;
  /// The tensor maps as 2-D boxes, for the wgmma descriptors (which take
  /// the swizzle and B's leading byte offset from their type).
  Value descA2d, descB2d;
  Value sizeM, sizeN, sizeK, numK, g0, m0, n0;
  /// The batch of the tile (with a batch dimension).
  Value z;
  /// TMA boxes (1 x ... with a batch dimension), their 2-D shapes, the
  /// warpgroup's part of A's slice and B's slice.
  MemRefType aBox, bBox, aBox2d, bBox2d, aWarpgroup, bTile;
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

Value TensorCoreBuilder::isAligned(Value memref, int64_t elements) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value begin = add(pointer, mul(meta.getOffset(), index(bytes)));
  auto isZero = [&](Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, index(0));
  };
  Value ok = isZero(rem(begin, elements * bytes));
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    ok = land(ok, isZero(rem(meta.getStrides()[d], elements)));
  return ok;
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

void TensorCoreBuilder::issueSlice(Value t) {
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, land(leader, lt(t, numK)),
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  Value stage = rem(add(g0, t), T::stages);
  Value offset = mul(stage, index(T::stageBytes));
  int64_t boxBytes = T::tileK * T::boxN * 2;
  Value k0 = mul(t, index(T::tileK));
  nvgpu::MBarrierArriveExpectTxOp::create(b, loc, barriers,
                                          index(T::stageBytes), stage,
                                          /*predicate=*/Value());
  // Coordinates innermost first; the batch is the outermost.
  auto coords = [&](Value inner, Value outer) {
    SmallVector<Value, 3> at{inner, outer};
    if (z)
      at.push_back(z);
    return at;
  };
  nvgpu::TmaAsyncLoadOp::create(b, loc, view(offset, aBox), barriers, descA,
                                coords(k0, m0), stage,
                                /*multicastMask=*/Value(),
                                /*predicate=*/Value());
  for (int64_t box = 0; box < T::tileN / T::boxN; ++box)
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, view(add(offset, index(T::aStageBytes + box * boxBytes)), bBox),
        barriers, descB, coords(add(n0, index(box * T::boxN)), k0), stage,
        /*multicastMask=*/Value(), /*predicate=*/Value());
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
  // accumulator is a struct of one struct of tileN / 2 f32 after
  // convert-nvgpu-to-nvvm; the casts fold away there.
  Type f32 = b.getF32Type();
  int64_t perThread = T::warpgroupM * T::tileN / 128;
  auto fragments =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(perThread, f32));
  auto whole = LLVM::LLVMStructType::getLiteral(ctx, {fragments});
  Value registers =
      UnrealizedConversionCastOp::create(b, loc, whole, acc).getResult(0);
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
                                             ArrayRef<int64_t>{0, reg});
      Value y = LLVM::ExtractValueOp::create(b, loc, registers,
                                             ArrayRef<int64_t>{0, reg + 1});
      Value both =
          vector::FromElementsOp::create(b, loc, pair, ValueRange{x, y});
      vector::StoreOp::create(
          b, loc, both, staged,
          ValueRange{add(row0, index(8 * h)), add(col0, index(8 * j))},
          /*nontemporal=*/false, llvm::Align(8));
    }
}

void TensorCoreBuilder::buildEpilogue(Value acc, Value fillValue) {
  // Every warp's wgmma groups are done; the stages become the tile of C.
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  gpu::BarrierOp::create(b, loc);
  Value staged =
      view(index(0),
           sharedType({T::tileM, T::tileN + T::epiloguePad}, b.getF32Type()));
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

void TensorCoreBuilder::buildPipeline(Value fillValue, Value mapA, Value mapB) {
  Type element = match.aType;
  bool batched = match.batch >= 0;
  aBox2d = sharedType({T::tileM, T::tileK}, element);
  bBox2d = sharedType({T::tileK, T::boxN}, element);
  aBox = batched ? sharedType({1, T::tileM, T::tileK}, element) : aBox2d;
  bBox = batched ? sharedType({1, T::tileK, T::boxN}, element) : bBox2d;
  aWarpgroup = sharedType({T::warpgroupM, T::tileK}, element);
  bTile = sharedType({T::tileK, T::tileN}, element);
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
      b, loc, nvgpu::MBarrierGroupType::get(ctx, workgroup, T::stages));
  for (int64_t s = 0; s < T::stages; ++s)
    nvgpu::MBarrierInitOp::create(b, loc, barriers, index(1), index(s), leader);
  gpu::BarrierOp::create(b, loc);
  descA = tensorMap(mapA, aBox);
  descB = tensorMap(mapB, bBox);
  descA2d = batched ? tensorMap(mapA, aBox2d) : descA;
  descB2d = batched ? tensorMap(mapB, bBox2d) : descB;
  nvgpu::TmaPrefetchOp::create(b, loc, descA, leader);
  nvgpu::TmaPrefetchOp::create(b, loc, descB, leader);

  // Blocks stride over the tiles (block b of the host's grid, x fastest,
  // takes tile b).
  Value tilesN = ceilDiv(sizeN, T::tileN);
  Value tilesM = ceilDiv(sizeM, T::tileM);
  Value perBatch = mul(tilesN, tilesM);
  Value tiles = batched ? mul(perBatch, size(match.batch)) : perBatch;
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
  for (int64_t s = 0; s + 1 < T::stages; ++s)
    issueSlice(index(s));

  auto accType = nvgpu::WarpgroupAccumulatorType::get(
      ctx, VectorType::get({T::warpgroupM, T::tileN}, b.getF32Type()));
  Value acc0 = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
  // This warpgroup's rows of A's slice.
  Value aOffset = mul(warpgroup, index(T::warpgroupM * T::tileK * 2));
  auto kLoop =
      scf::ForOp::create(b, loc, index(0), numK, index(1), ValueRange{acc0});
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value t = kLoop.getInductionVar();
    Value g = add(g0, t);
    Value stage = rem(g, T::stages);
    Value phase = arith::IndexCastOp::create(b, loc, b.getI1Type(),
                                             rem(div(g, T::stages), 2));
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, barriers, phase,
                                           index(10000000), stage);
    Value offset = mul(stage, index(T::stageBytes));
    Value a = view(add(offset, aOffset), aWarpgroup);
    Value bv = view(add(offset, index(T::aStageBytes)), bTile);
    Value dA = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, nvgpu::WarpgroupMatrixDescriptorType::get(ctx, aWarpgroup), a,
        descA2d);
    Value dB = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, nvgpu::WarpgroupMatrixDescriptorType::get(ctx, bTile), bv,
        descB2d);
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
