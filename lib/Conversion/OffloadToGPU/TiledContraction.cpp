//===- TiledContraction.cpp - contractions as tiled kernels ----*- C++ -*-===//
//
// The TiledContraction strategy (KernelStrategy.h): a linalg contraction in a
// gpu.func becomes a register-tiled kernel in the style of a SIMT SGEMM.
//
//   - Block (x, y, z) computes the tileM x tileN output tile at rows
//     y * tileM, columns x * tileN of batch z (blocks stride by the grid, so
//     a smaller grid is still correct).
//   - Each k-slice of tileK is staged in shared memory as As[k][m] and
//     Bs[k][n] (A transposed), two stages: the loads of slice t + 1 are
//     issued into registers before slice t is computed and stored into the
//     other stage after it, so one barrier per slice suffices.
//   - Each thread computes threadM x threadN outputs, in quads of 4 rows and
//     4 columns spread over the tile (rows q * tileM / (threadM / 4) +
//     ty * 4 + [0, 4)), so its operands come from shared memory as
//     vectors of 4 (LDS.128 for f32); the k-slice is unrolled and the
//     accumulators are iter_args of the loop over slices (registers).
//   - Global loads are vectors along the operand's contiguous dimension when
//     its layout has a unit innermost stride, the block's tile lies inside
//     the operands and the base and strides are aligned (a uniform test per
//     slice); otherwise every element is loaded behind a bounds check (zero
//     outside). Stores to the output are guarded the same way.
//   - The multiply-accumulate is the contraction's body, cloned per output
//     element, so element conversions and integer contractions work; the
//     floating-point multiply and add may contract into an FMA.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Choice
//===----------------------------------------------------------------------===//

/// Integers and floats of whole bytes, up to 64 bits (vectors of 4 of them
/// stay within 32 bytes).
static bool isScalarElementType(Type type) {
  if (!isa<FloatType, IntegerType>(type))
    return false;
  unsigned width = type.getIntOrFloatBitWidth();
  return width % 8 == 0 && width <= 64;
}

bool mlir::offload::canTileContraction(const ContractionMatch &match) {
  if (!isScalarElementType(match.aType) || !isScalarElementType(match.bType) ||
      !isScalarElementType(match.cType))
    return false;
  // Operands in the default memory space (kernel arguments are).
  for (Value operand : {match.getA(), match.getB(), match.getC()})
    if (cast<MemRefType>(operand.getType()).getMemorySpace())
      return false;
  // The body is cloned once per output element: it must be plain
  // computation.
  for (Operation &op : match.op.getBlock()->without_terminator())
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return false;
  return true;
}

ContractionTiling
mlir::offload::chooseContractionTiling(const ContractionMatch &match) {
  // The defaults: 256 x 128 output tiles, 16 x 8 per thread, 256 threads
  // (one block per multiprocessor at ~240 registers). On the H100 in f32
  // they reach 0.95x cuBLAS where 128 x 128 tiles with 8 x 8 per thread (at
  // 1 or 2 blocks per multiprocessor) reach 0.81-0.87x
  // (benchmarks/results/2026-11-23-h100-sgemm).
  ContractionTiling tiling;
  unsigned width = std::max(match.cType.getIntOrFloatBitWidth(),
                            std::max(match.aType.getIntOrFloatBitWidth(),
                                     match.bType.getIntOrFloatBitWidth()));
  if (width > 32) {
    // 64-bit accumulators take two registers each: a 4 x 4 thread tile.
    tiling.tileM = tiling.tileN = 64;
    tiling.tileK = 16;
    tiling.threadM = tiling.threadN = 4;
  }
  return tiling;
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

namespace {

/// An input operand's way from global to shared memory. Its k x `inner`
/// slice (inner is m for A, n for B) is stored as [stage][k][inner + pad].
/// Each thread loads `groups` groups of `width` consecutive elements, along
/// `inner` or along k.
struct InputTile {
  Value global;
  ArrayRef<unsigned> dims; // loop of each memref dimension
  Type elementType;
  unsigned inner;
  int64_t innerTile;
  bool alongInner;
  /// The group's loop is the memref's innermost dimension with unit stride:
  /// groups are vector loads (when `aligned` holds).
  bool contiguous;
  int64_t width, groups, pad;
  Value shared;
  /// i1: the base and strides allow vector loads of `width` elements.
  Value aligned;
  /// Per group: the offsets of its first element in the slice.
  SmallVector<Value> kOffsets, innerOffsets;
};

class TiledContractionBuilder {
public:
  TiledContractionBuilder(RewriterBase &b, const ContractionMatch &match,
                          const ContractionTiling &tiling,
                          linalg::LinalgOp epilogue)
      : b(b), loc(match.op.getLoc()), match(match), tiling(tiling),
        epilogue(epilogue) {}

  void build(linalg::FillOp fill);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value le(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value zero(Type type) {
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  }
  static int64_t bytes(Type type) {
    return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
  }

  /// The indices of `memref` (dimension d indexed by loop dims[d]) for the
  /// loop values in `at` (by loop position).
  SmallVector<Value> indices(ArrayRef<unsigned> dims, ArrayRef<Value> at) {
    SmallVector<Value> result;
    for (unsigned loop : dims)
      result.push_back(at[loop]);
    return result;
  }
  /// Whether `memref`'s innermost dimension has a static unit stride.
  static bool hasUnitInnerStride(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty())
      return false;
    return strides.back() == 1;
  }
  Value isAligned(Value memref, int64_t elements, Type elementType);
  InputTile planInput(Value global, ArrayRef<unsigned> dims, Type elementType,
                      unsigned inner, int64_t innerTile, Value tid);
  Value addShared(gpu::GPUFuncOp func, const InputTile &in);
  Value loadGroup(const InputTile &in, unsigned group, Value k0, Value i0,
                  bool guarded);
  SmallVector<Value> loadSlice(Value k0, Value full);
  void storeSlice(ArrayRef<Value> groups, Value stage);
  SmallVector<Value> computeSlice(Value stage, ValueRange acc);
  Value multiplyAdd(Value a, Value b, Value acc);
  SmallVector<Value> rowOffsets(Value origin, int64_t tile, int64_t perThread,
                                Value threadIndex);
  SmallVector<Value> loadOutput(Value interior);
  void storeOutput(ValueRange acc, Value interior);
  /// Stores `value` into C at `where`, through the epilogue if there is one.
  void storeElement(Value value, ArrayRef<Value> where);

  RewriterBase &b;
  Location loc;
  const ContractionMatch &match;
  const ContractionTiling &tiling;
  linalg::LinalgOp epilogue;
  int64_t fragment = 4; // elements per vector of a thread's operands

  SmallVector<Value> loopSizes; // by loop position
  Value tx, ty;
  InputTile a, bIn;
  Value m0, n0, z;
  Value cAligned;
  bool cContiguous = false;
};

} // namespace

Value TiledContractionBuilder::isAligned(Value memref, int64_t elements,
                                         Type elementType) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value begin = add(pointer, mul(meta.getOffset(), index(bytes(elementType))));
  Value ok = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, begin,
                             index(elements * bytes(elementType))),
      index(0));
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    ok = land(ok, arith::CmpIOp::create(
                      b, loc, arith::CmpIPredicate::eq,
                      arith::RemUIOp::create(b, loc, meta.getStrides()[d],
                                             index(elements)),
                      index(0)));
  return ok;
}

InputTile TiledContractionBuilder::planInput(Value global,
                                             ArrayRef<unsigned> dims,
                                             Type elementType, unsigned inner,
                                             int64_t innerTile, Value tid) {
  InputTile in;
  in.global = global;
  in.dims = dims;
  in.elementType = elementType;
  in.inner = inner;
  in.innerTile = innerTile;
  unsigned last = dims.back();
  bool unit = hasUnitInnerStride(global);
  in.contiguous = unit && (last == inner || last == match.k);
  in.alongInner = !in.contiguous || last == inner;
  int64_t threads = tiling.threads();
  int64_t elements = tiling.tileK * innerTile / threads;
  int64_t along = in.alongInner ? innerTile : tiling.tileK;
  in.width = std::min<int64_t>({tiling.vectorWidth, elements, along});
  in.groups = elements / in.width;
  // Groups along k are stored transposed, one element per row: pad the rows
  // so that the threads of a warp hit different banks.
  in.pad = in.alongInner ? 0 : fragment;
  if (in.contiguous)
    in.aligned = isAligned(global, in.width, elementType);
  int64_t perLine = along / in.width;
  for (int64_t g = 0; g < in.groups; ++g) {
    Value linear = add(tid, index(g * threads));
    Value first = mul(arith::RemUIOp::create(b, loc, linear, index(perLine)),
                      index(in.width));
    Value line = arith::DivUIOp::create(b, loc, linear, index(perLine));
    in.kOffsets.push_back(in.alongInner ? line : first);
    in.innerOffsets.push_back(in.alongInner ? first : line);
  }
  return in;
}

Value TiledContractionBuilder::loadGroup(const InputTile &in, unsigned group,
                                         Value k0, Value i0, bool guarded) {
  auto vectorType = VectorType::get({in.width}, in.elementType);
  SmallVector<Value> at(loopSizes.size());
  if (match.batch >= 0)
    at[match.batch] = z;
  Value kFirst = add(k0, in.kOffsets[group]);
  Value innerFirst = add(i0, in.innerOffsets[group]);
  if (!guarded && in.contiguous) {
    at[match.k] = kFirst;
    at[in.inner] = innerFirst;
    return vector::LoadOp::create(
        b, loc, vectorType, in.global, indices(in.dims, at),
        /*nontemporal=*/false, llvm::Align(in.width * bytes(in.elementType)));
  }
  SmallVector<Value> elements;
  for (int64_t e = 0; e < in.width; ++e) {
    Value offset = index(e);
    at[match.k] = in.alongInner ? kFirst : add(kFirst, offset);
    at[in.inner] = in.alongInner ? add(innerFirst, offset) : innerFirst;
    SmallVector<Value> where = indices(in.dims, at);
    if (!guarded) {
      elements.push_back(memref::LoadOp::create(b, loc, in.global, where));
      continue;
    }
    Value inside = land(lt(at[match.k], loopSizes[match.k]),
                        lt(at[in.inner], loopSizes[in.inner]));
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{in.elementType}, inside,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(
        b, loc, ValueRange{memref::LoadOp::create(b, loc, in.global, where)});
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, ValueRange{zero(in.elementType)});
    elements.push_back(ifOp.getResult(0));
  }
  return vector::FromElementsOp::create(b, loc, vectorType, elements);
}

/// The groups of both inputs for the slice at k0: unguarded (vectors where
/// possible) when `full`, else element by element behind bounds checks.
SmallVector<Value> TiledContractionBuilder::loadSlice(Value k0, Value full) {
  SmallVector<Type> types;
  for (const InputTile *in : {&a, &bIn})
    for (int64_t g = 0; g < in->groups; ++g)
      types.push_back(VectorType::get({in->width}, in->elementType));
  auto ifOp = scf::IfOp::create(b, loc, types, full, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  for (bool guarded : {false, true}) {
    b.setInsertionPointToStart(guarded ? ifOp.elseBlock() : ifOp.thenBlock());
    SmallVector<Value> groups;
    for (int64_t g = 0; g < a.groups; ++g)
      groups.push_back(loadGroup(a, g, k0, m0, guarded));
    for (int64_t g = 0; g < bIn.groups; ++g)
      groups.push_back(loadGroup(bIn, g, k0, n0, guarded));
    scf::YieldOp::create(b, loc, groups);
  }
  return SmallVector<Value>(ifOp.getResults());
}

void TiledContractionBuilder::storeSlice(ArrayRef<Value> groups, Value stage) {
  unsigned next = 0;
  for (const InputTile *in : {&a, &bIn}) {
    for (int64_t g = 0; g < in->groups; ++g) {
      Value group = groups[next++];
      if (in->alongInner) {
        vector::StoreOp::create(
            b, loc, group, in->shared,
            ValueRange{stage, in->kOffsets[g], in->innerOffsets[g]},
            /*nontemporal=*/false,
            llvm::Align(in->width * bytes(in->elementType)));
        continue;
      }
      for (int64_t e = 0; e < in->width; ++e) {
        Value element = vector::ExtractOp::create(b, loc, group, e);
        memref::StoreOp::create(b, loc, element, in->shared,
                                ValueRange{stage,
                                           add(in->kOffsets[g], index(e)),
                                           in->innerOffsets[g]});
      }
    }
  }
}

Value TiledContractionBuilder::multiplyAdd(Value x, Value y, Value acc) {
  Block *body = match.op.getBlock();
  IRMapping mapping;
  mapping.map(body->getArgument(0), x);
  mapping.map(body->getArgument(1), y);
  mapping.map(body->getArgument(2), acc);
  for (Operation &op : body->without_terminator()) {
    Operation *clone = b.clone(op, mapping);
    // The product and the sum may round once (an FMA), as GPU BLAS
    // libraries compute them.
    if (isa<arith::MulFOp, arith::AddFOp>(clone)) {
      auto fmf = cast<arith::ArithFastMathInterface>(clone);
      auto flags = fmf.getFastMathFlagsAttr().getValue() |
                   arith::FastMathFlags::contract;
      clone->setAttr(fmf.getFastMathAttrName(),
                     arith::FastMathFlagsAttr::get(b.getContext(), flags));
    }
  }
  return mapping.lookup(body->getTerminator()->getOperand(0));
}

/// The thread's rows (or columns) of the tile at `origin`: quads of
/// `fragment` consecutive ones, one quad per tile / (perThread / fragment)
/// rows. Computed where they are used (after the loop over slices), so they
/// do not take registers through it.
SmallVector<Value> TiledContractionBuilder::rowOffsets(Value origin,
                                                       int64_t tile,
                                                       int64_t perThread,
                                                       Value threadIndex) {
  int64_t quads = perThread / fragment;
  Value base = add(origin, mul(threadIndex, index(fragment)));
  SmallVector<Value> offsets;
  for (int64_t q = 0; q < quads; ++q)
    for (int64_t e = 0; e < fragment; ++e)
      offsets.push_back(add(base, index(q * (tile / quads) + e)));
  return offsets;
}

SmallVector<Value> TiledContractionBuilder::computeSlice(Value stage,
                                                         ValueRange acc) {
  SmallVector<Value> result(acc.begin(), acc.end());
  auto fragments = [&](const InputTile &in, int64_t perThread,
                       Value threadIndex, int64_t kk) {
    auto vectorType = VectorType::get({fragment}, in.elementType);
    int64_t quads = perThread / fragment;
    Value base = mul(threadIndex, index(fragment));
    SmallVector<Value> values;
    for (int64_t q = 0; q < quads; ++q) {
      Value vec = vector::LoadOp::create(
          b, loc, vectorType, in.shared,
          ValueRange{stage, index(kk),
                     add(base, index(q * (in.innerTile / quads)))},
          /*nontemporal=*/false, llvm::Align(fragment * bytes(in.elementType)));
      for (int64_t e = 0; e < fragment; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, vec, e));
    }
    return values;
  };
  for (int64_t kk = 0; kk < tiling.tileK; ++kk) {
    SmallVector<Value> as = fragments(a, tiling.threadM, ty, kk);
    SmallVector<Value> bs = fragments(bIn, tiling.threadN, tx, kk);
    for (int64_t i = 0; i < tiling.threadM; ++i)
      for (int64_t j = 0; j < tiling.threadN; ++j) {
        Value &c = result[i * tiling.threadN + j];
        c = multiplyAdd(as[i], bs[j], c);
      }
  }
  return result;
}

SmallVector<Value> TiledContractionBuilder::loadOutput(Value interior) {
  SmallVector<Value> rows = rowOffsets(m0, tiling.tileM, tiling.threadM, ty);
  SmallVector<Value> cols = rowOffsets(n0, tiling.tileN, tiling.threadN, tx);
  Value c = match.getC();
  Type type = match.cType;
  SmallVector<Type> types(tiling.threadM * tiling.threadN, type);
  Value fast = cContiguous ? land(interior, cAligned) : interior;
  auto ifOp = scf::IfOp::create(b, loc, types, fast, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  for (bool guarded : {false, true}) {
    b.setInsertionPointToStart(guarded ? ifOp.elseBlock() : ifOp.thenBlock());
    SmallVector<Value> values;
    SmallVector<Value> at(loopSizes.size());
    if (match.batch >= 0)
      at[match.batch] = z;
    for (int64_t i = 0; i < tiling.threadM; ++i) {
      at[match.m] = rows[i];
      for (int64_t j = 0; j < tiling.threadN; ++j) {
        at[match.n] = cols[j];
        if (!guarded && cContiguous && !epilogue) {
          if (j % fragment != 0)
            continue;
          Value vec = vector::LoadOp::create(
              b, loc, VectorType::get({fragment}, type), c,
              indices(match.cDims, at), /*nontemporal=*/false,
              llvm::Align(fragment * bytes(type)));
          for (int64_t e = 0; e < fragment; ++e)
            values.push_back(vector::ExtractOp::create(b, loc, vec, e));
          continue;
        }
        SmallVector<Value> where = indices(match.cDims, at);
        if (!guarded) {
          values.push_back(memref::LoadOp::create(b, loc, c, where));
          continue;
        }
        Value inside = land(lt(at[match.m], loopSizes[match.m]),
                            lt(at[match.n], loopSizes[match.n]));
        auto load = scf::IfOp::create(b, loc, TypeRange{type}, inside,
                                      /*withElseRegion=*/true);
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(load.thenBlock());
        scf::YieldOp::create(
            b, loc, ValueRange{memref::LoadOp::create(b, loc, c, where)});
        b.setInsertionPointToStart(load.elseBlock());
        scf::YieldOp::create(b, loc, ValueRange{zero(type)});
        values.push_back(load.getResult(0));
      }
    }
    scf::YieldOp::create(b, loc, values);
  }
  return SmallVector<Value>(ifOp.getResults());
}

void TiledContractionBuilder::storeOutput(ValueRange acc, Value interior) {
  SmallVector<Value> rows = rowOffsets(m0, tiling.tileM, tiling.threadM, ty);
  SmallVector<Value> cols = rowOffsets(n0, tiling.tileN, tiling.threadN, tx);
  Value c = match.getC();
  Type type = match.cType;
  Value fast = cContiguous ? land(interior, cAligned) : interior;
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, fast,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  for (bool guarded : {false, true}) {
    b.setInsertionPointToStart(guarded ? ifOp.elseBlock() : ifOp.thenBlock());
    SmallVector<Value> at(loopSizes.size());
    if (match.batch >= 0)
      at[match.batch] = z;
    for (int64_t i = 0; i < tiling.threadM; ++i) {
      at[match.m] = rows[i];
      Value rowInside = lt(at[match.m], loopSizes[match.m]);
      for (int64_t j = 0; j < tiling.threadN; ++j) {
        at[match.n] = cols[j];
        Value value = acc[i * tiling.threadN + j];
        if (!guarded && cContiguous && !epilogue) {
          if (j % fragment != 0)
            continue;
          auto quad = acc.slice(i * tiling.threadN + j, fragment);
          Value vec = vector::FromElementsOp::create(
              b, loc, VectorType::get({fragment}, type), quad);
          vector::StoreOp::create(b, loc, vec, c, indices(match.cDims, at),
                                  /*nontemporal=*/false,
                                  llvm::Align(fragment * bytes(type)));
          continue;
        }
        SmallVector<Value> where = indices(match.cDims, at);
        if (!guarded) {
          storeElement(value, where);
          continue;
        }
        Value inside = land(rowInside, lt(at[match.n], loopSizes[match.n]));
        auto store = scf::IfOp::create(b, loc, TypeRange{}, inside,
                                       /*withElseRegion=*/false);
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(store.thenBlock());
        storeElement(value, where);
      }
    }
  }
}

void TiledContractionBuilder::storeElement(Value value, ArrayRef<Value> where) {
  storeContractionElement(b, loc, epilogue, match.getC(), where, value);
}

/// Two stages of `in`'s k-slice in shared memory (a workgroup attribution of
/// `func`).
Value TiledContractionBuilder::addShared(gpu::GPUFuncOp func,
                                         const InputTile &in) {
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto type =
      MemRefType::get({2, tiling.tileK, in.innerTile + in.pad}, in.elementType,
                      MemRefLayoutAttrInterface(), workgroup);
  BlockArgument buffer = func.addWorkgroupAttribution(type, loc);
  int64_t align = std::max<int64_t>(16, fragment * bytes(in.elementType));
  func.setWorkgroupAttributionAttr(func.getNumWorkgroupAttributions() - 1,
                                   LLVM::LLVMDialect::getAlignAttrName(),
                                   b.getI64IntegerAttr(align));
  return buffer;
}

void TiledContractionBuilder::build(linalg::FillOp fill) {
  Operation *op = match.op;
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  assert(func && "the contraction must be inside a gpu.func");
  [[maybe_unused]] int64_t threads = tiling.threads();
  assert(tiling.threadM % fragment == 0 && tiling.threadN % fragment == 0 &&
         tiling.tileM % tiling.threadM == 0 &&
         tiling.tileN % tiling.threadN == 0 &&
         (tiling.tileK * tiling.tileM) % threads == 0 &&
         (tiling.tileK * tiling.tileN) % threads == 0 &&
         "tiles that the generator cannot split over the threads");

  b.setInsertionPoint(op);
  // Loop sizes.
  loopSizes.resize(match.op.getNumLoops());
  for (unsigned loop = 0; loop < loopSizes.size(); ++loop) {
    auto [memref, dim] = match.getLoopSizeSource(loop);
    loopSizes[loop] = memref::DimOp::create(b, loc, memref, dim);
  }
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  int64_t threadsN = tiling.tileN / tiling.threadN;
  tx = arith::RemUIOp::create(b, loc, tid, index(threadsN));
  ty = arith::DivUIOp::create(b, loc, tid, index(threadsN));

  a = planInput(match.getA(), match.aDims, match.aType, match.m, tiling.tileM,
                tid);
  bIn = planInput(match.getB(), match.bDims, match.bType, match.n, tiling.tileN,
                  tid);
  a.shared = addShared(func, a);
  bIn.shared = addShared(func, bIn);
  cContiguous =
      hasUnitInnerStride(match.getC()) && match.cDims.back() == match.n;
  if (cContiguous)
    cAligned = isAligned(match.getC(), fragment, match.cType);
  Value fillValue;
  if (fill)
    fillValue = convertScalarToDtype(b, loc, fill.getInputs()[0], match.cType,
                                     /*isUnsignedCast=*/false);

  // Blocks stride over the tiles, columns first, then rows, then batches,
  // in one loop: under the grid the host computes, block (x, y, z) takes the
  // tile at columns x * tileN, rows y * tileM of batch z, and any smaller
  // grid still covers every tile. (One loop, not one per dimension, so that
  // nothing the epilogue computes from a row or batch is hoisted out of an
  // inner grid loop and kept in registers through the slices.)
  auto ceilDiv = [&](Value x, int64_t d) {
    return arith::CeilDivUIOp::create(b, loc, x, index(d)).getResult();
  };
  Value one = index(1);
  Value tilesN = ceilDiv(loopSizes[match.n], tiling.tileN);
  Value tilesM = ceilDiv(loopSizes[match.m], tiling.tileM);
  Value tiles = mul(tilesN, tilesM);
  if (match.batch >= 0)
    tiles = mul(tiles, loopSizes[match.batch]);
  Value block, blocks;
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value id = gpu::BlockIdOp::create(b, loc, dim);
    Value count = gpu::GridDimOp::create(b, loc, dim);
    block = block ? add(mul(block, count), id) : id;
    blocks = blocks ? mul(blocks, count) : count;
  }
  auto tileLoop = scf::ForOp::create(b, loc, block, tiles, blocks);
  b.setInsertionPointToStart(tileLoop.getBody());
  Value tile = tileLoop.getInductionVar();
  Value bx = arith::RemUIOp::create(b, loc, tile, tilesN);
  Value rest = arith::DivUIOp::create(b, loc, tile, tilesN);
  Value by = arith::RemUIOp::create(b, loc, rest, tilesM);
  if (match.batch >= 0)
    z = arith::DivUIOp::create(b, loc, rest, tilesM);
  m0 = mul(by, index(tiling.tileM));
  n0 = mul(bx, index(tiling.tileN));
  Value interior = land(le(add(m0, index(tiling.tileM)), loopSizes[match.m]),
                        le(add(n0, index(tiling.tileN)), loopSizes[match.n]));
  Value inputsAligned = interior;
  for (const InputTile *in : {&a, &bIn})
    if (in->contiguous)
      inputsAligned = land(inputsAligned, in->aligned);

  // Accumulators: the fill's value, or the output's contents.
  SmallVector<Value> init;
  if (fill)
    init.assign(tiling.threadM * tiling.threadN, fillValue);
  else
    init = loadOutput(interior);

  // The first slice into stage 0.
  Value K = loopSizes[match.k];
  auto sliceFull = [&](Value k0) {
    return land(inputsAligned, le(add(k0, index(tiling.tileK)), K));
  };
  Value zeroIndex = index(0);
  storeSlice(loadSlice(zeroIndex, sliceFull(zeroIndex)), zeroIndex);
  gpu::BarrierOp::create(b, loc);

  // Over the slices: load slice t + 1, compute slice t, store slice t + 1
  // into the other stage, barrier.
  auto kLoop = scf::ForOp::create(b, loc, zeroIndex, ceilDiv(K, tiling.tileK),
                                  one, init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value t = kLoop.getInductionVar();
    Value stage = arith::RemUIOp::create(b, loc, t, index(2));
    Value nextStage = arith::SubIOp::create(b, loc, one, stage);
    Value k0 = mul(add(t, one), index(tiling.tileK));
    SmallVector<Value> next = loadSlice(k0, sliceFull(k0));
    SmallVector<Value> acc = computeSlice(stage, kLoop.getRegionIterArgs());
    storeSlice(next, nextStage);
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, acc);
  }
  storeOutput(kLoop.getResults(), interior);

  b.eraseOp(op);
  if (fill)
    b.eraseOp(fill);
  if (epilogue)
    b.eraseOp(epilogue);
}

void mlir::offload::buildTiledContraction(RewriterBase &rewriter,
                                          const ContractionMatch &match,
                                          linalg::FillOp fill,
                                          const ContractionTiling &tiling,
                                          linalg::LinalgOp epilogue) {
  OpBuilder::InsertionGuard guard(rewriter);
  TiledContractionBuilder(rewriter, match, tiling, epilogue).build(fill);
}

void mlir::offload::storeContractionElement(OpBuilder &b, Location loc,
                                            linalg::LinalgOp epilogue, Value c,
                                            ArrayRef<Value> where,
                                            Value cValue) {
  if (!epilogue) {
    memref::StoreOp::create(b, loc, cValue, c, where);
    return;
  }
  Value d = epilogue.getDpsInitOperand(0)->get();
  if (d != c)
    memref::StoreOp::create(b, loc, cValue, c, where);
  Value result = buildEpilogueElement(b, loc, epilogue, c, where, cValue);
  memref::StoreOp::create(b, loc, result, d, where);
}

void mlir::offload::guardContractionThreads(RewriterBase &rewriter,
                                            ArrayRef<Operation *> ops,
                                            int64_t threads) {
  SmallVector<Operation *> present(llvm::make_filter_range(
      ops, [](Operation *op) { return op != nullptr; }));
  if (present.empty())
    return;
  Operation *last = present.back();
  Location loc = last->getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(last);
  Value tid = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value inside = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, tid,
      arith::ConstantIndexOp::create(rewriter, loc, threads));
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, inside,
                                /*withElseRegion=*/false);
  for (Operation *op : present)
    rewriter.moveOpBefore(op, ifOp.thenBlock()->getTerminator());
}

bool mlir::offload::hasContiguousRows(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  Type element = type.getElementType();
  return element.isIntOrFloat() && element.getIntOrFloatBitWidth() % 8 == 0 &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

void mlir::offload::storeContractionScalar(OpBuilder &b, Location loc,
                                           const ContractionMatch &match,
                                           linalg::LinalgOp epilogue,
                                           Value value, ArrayRef<Value> where,
                                           Value init) {
  Value start = init;
  if (!start)
    start = convertScalarToDtype(
        b, loc, memref::LoadOp::create(b, loc, match.getC(), where),
        b.getF32Type(), /*isUnsignedCast=*/false);
  Value sum = arith::AddFOp::create(b, loc, start, value);
  Value out = convertScalarToDtype(b, loc, sum, match.cType,
                                   /*isUnsignedCast=*/false);
  storeContractionElement(b, loc, epilogue, match.getC(), where, out);
}

void mlir::offload::storeContractionPair(OpBuilder &b, Location loc,
                                         const ContractionMatch &match,
                                         linalg::LinalgOp epilogue, Value v0,
                                         Value v1, ArrayRef<Value> where,
                                         ArrayRef<Value> next, Value init) {
  Type f32 = b.getF32Type();
  auto f32Pair = VectorType::get({2}, f32);
  auto cPair = VectorType::get({2}, match.cType);
  int64_t cBytes = match.cType.getIntOrFloatBitWidth() / 8;
  Value value =
      vector::FromElementsOp::create(b, loc, f32Pair, ValueRange{v0, v1});
  Value start;
  if (init) {
    start = vector::BroadcastOp::create(b, loc, f32Pair, init);
  } else {
    start =
        vector::LoadOp::create(b, loc, cPair, match.getC(), where,
                               /*nontemporal=*/false, llvm::Align(2 * cBytes));
    if (!match.cType.isF32())
      start = arith::ExtFOp::create(b, loc, f32Pair, start);
  }
  Value out = arith::AddFOp::create(b, loc, start, value);
  if (!match.cType.isF32())
    out = arith::TruncFOp::create(b, loc, cPair, out);
  Value d = epilogue ? epilogue.getDpsInitOperand(0)->get() : Value();
  if (!d || d != match.getC())
    vector::StoreOp::create(b, loc, out, match.getC(), where,
                            /*nontemporal=*/false, llvm::Align(2 * cBytes));
  if (!d)
    return;
  // The fused op element by element, stored as one pair.
  Type dType = cast<MemRefType>(d.getType()).getElementType();
  SmallVector<Value, 2> results;
  for (int64_t j = 0; j < 2; ++j)
    results.push_back(buildEpilogueElement(
        b, loc, epilogue, match.getC(), j ? next : where,
        vector::ExtractOp::create(b, loc, out, j)));
  vector::StoreOp::create(b, loc,
                          vector::FromElementsOp::create(
                              b, loc, VectorType::get({2}, dType), results),
                          d, where, /*nontemporal=*/false,
                          llvm::Align(2 * dType.getIntOrFloatBitWidth() / 8));
}

Value mlir::offload::buildEpilogueElement(OpBuilder &b, Location loc,
                                          linalg::LinalgOp epilogue, Value c,
                                          ArrayRef<Value> where, Value cValue) {
  Block *body = epilogue.getBlock();
  IRMapping mapping;
  for (OpOperand &operand : epilogue->getOpOperands()) {
    BlockArgument arg = epilogue.getMatchingBlockArgument(&operand);
    Value value = operand.get();
    if (value == c) {
      mapping.map(arg, cValue);
      continue;
    }
    if (arg.use_empty())
      continue;
    if (!isa<MemRefType>(value.getType())) {
      mapping.map(arg, value);
      continue;
    }
    SmallVector<Value> indices;
    for (AffineExpr expr :
         epilogue.getMatchingIndexingMap(&operand).getResults())
      indices.push_back(where[cast<AffineDimExpr>(expr).getPosition()]);
    mapping.map(arg, memref::LoadOp::create(b, loc, value, indices));
  }
  for (Operation &op : body->without_terminator())
    b.clone(op, mapping);
  return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
}
