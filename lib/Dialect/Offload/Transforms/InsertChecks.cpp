//===- InsertChecks.cpp - offload-insert-checks -----------------*- C++ -*-===//
//
// The checking mode (offload-cc --offload-check): every launch also runs the
// kernel's host copy on the same inputs and compares what the two wrote,
// element by element, so a wrong map clause or a wrong lowering shows up as
// a message naming the kernel, the argument and the first differing index.
//
//   copy the written buffers (S = A)
//   run the host copy on S                -> S holds the host's results; every
//                                            access is bounds-checked first
//   launch on the device                  -> A holds the device's results
//   compare A with S; report the first difference and exit(1)
//
// The host copy runs first so that an access out of bounds is reported
// before the device run can corrupt anything.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"
#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Contraction.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"
#include "offload/Dialect/Offload/Utils/Loops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADINSERTCHECKS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::offload;

/// An uninitialized buffer of the type of `buffer`, and the allocation to
/// free after: the buffer itself for an identity layout; otherwise a view
/// with `buffer`'s offset, sizes and strides of new memory holding all it
/// reaches (the host copy of a kernel reconstructs its arguments' layout
/// from their type, so it must get the same one).
static std::pair<Value, Value> allocLike(OpBuilder &b, Location loc,
                                         Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity()) {
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(memref::DimOp::create(b, loc, buffer, dim));
    Value alloc = memref::AllocOp::create(b, loc, type, dynamicSizes);
    return {alloc, alloc};
  }
  // Elements: offset + 1 + sum_d max(0, (size_d - 1) * stride_d), or the
  // offset when a size is 0.
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value reach = one;
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (auto [size, stride] : llvm::zip(meta.getSizes(), meta.getStrides())) {
    Value last = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, one), stride);
    reach = arith::AddIOp::create(b, loc, reach,
                                  arith::MaxSIOp::create(b, loc, last, zero));
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero));
  }
  Value elements = arith::AddIOp::create(
      b, loc, meta.getOffset(),
      arith::SelectOp::create(b, loc, empty, zero, reach));
  Value alloc = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, type.getElementType()),
      ValueRange{elements});
  Value view = memref::ReinterpretCastOp::create(
      b, loc, type, alloc, meta.getConstifiedMixedOffset(),
      meta.getConstifiedMixedSizes(), meta.getConstifiedMixedStrides());
  return {view, alloc};
}

/// Declares `name` (an external C function) in `module` once.
static LLVM::LLVMFuncOp declare(OpBuilder &b, ModuleOp module, StringRef name,
                                LLVM::LLVMFunctionType type) {
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// A private constant string global holding `text` (NUL-terminated).
static Value getString(OpBuilder &b, SymbolTable &symbols, Location loc,
                       StringRef prefix, StringRef text) {
  std::string data = (text + Twine('\0')).str();
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
  OpBuilder detached(b.getContext());
  auto global = LLVM::GlobalOp::create(detached, loc, type,
                                       /*isConstant=*/true,
                                       LLVM::Linkage::Private, prefix,
                                       b.getStringAttr(data));
  // Inserted at the module's start, renamed when the name is taken.
  auto module = cast<ModuleOp>(symbols.getOp());
  symbols.insert(global, module.getBody()->begin());
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// `loc` as file:line:col.
static std::string formatLocation(Location loc) {
  std::string where;
  llvm::raw_string_ostream os(where);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    os << loc;
  return where;
}

namespace {
/// What a contraction of a kernel allows the comparison of the argument it
/// writes: the device and the host copy sum K products in different orders
/// (and TF32 rounds the products' inputs, a narrow C rounds the sums), so
/// an element may differ by up to K * eps * max|A| * max|B|.
struct ContractionSlack {
  /// The kernel arguments A and B, and A's dimension that k indexes.
  unsigned a, b, kDim;
  double eps;
};
} // namespace

/// Unit roundoff of floats of `type`.
static double getUnitRoundoff(Type type) {
  return std::ldexp(1.0, -int(cast<FloatType>(type).getFPMantissaWidth()));
}

/// The slack of each argument of `kernel` that a contraction writes (C, or
/// the output of an elementwise op that reads C, as fused epilogues do),
/// for contractions whose A and B are arguments of the kernel themselves
/// (so that K is A's size at the launch); others keep the plain tolerance.
static DenseMap<unsigned, SmallVector<ContractionSlack>>
getContractionSlacks(KernelOp kernel) {
  DenseMap<unsigned, SmallVector<ContractionSlack>> slacks;
  Block &entry = kernel.getBody().front();
  auto argument = [&](Value value) -> int {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner() == &entry ? int(arg.getArgNumber()) : -1;
  };
  kernel.walk([&](linalg::LinalgOp op) {
    std::optional<ContractionMatch> match = matchContraction(op);
    if (!match || !isa<FloatType>(match->cType) ||
        !isa<FloatType>(match->aType) || !isa<FloatType>(match->bType))
      return;
    int a = argument(match->getA()), b = argument(match->getB());
    int c = argument(getViewRoot(match->getC()));
    if (a < 0 || b < 0 || c < 0)
      return;
    unsigned kDim = llvm::find(match->aDims, match->k) - match->aDims.begin();
    // Products exact in the accumulator (two roundings of f32 sums), or of
    // TF32 inputs (10-bit mantissas); a narrow C rounds every partial sum.
    double eps = std::max(2 * getUnitRoundoff(Float32Type::get(
                                  kernel.getContext())),
                          getUnitRoundoff(match->cType));
    if (match->aType.isF64() && match->cType.isF64())
      eps = 2 * getUnitRoundoff(match->cType);
    if (match->aType.isF32() && allowsTF32(op))
      eps = std::max(eps, std::ldexp(1.0, -10));
    ContractionSlack slack{unsigned(a), unsigned(b), kDim, eps};
    slacks[c].push_back(slack);
    // Elementwise ops of C's result (a fused bias, activation, conversion)
    // carry its error to their output.
    Value cRoot = getViewRoot(match->getC());
    kernel.walk([&](linalg::LinalgOp user) {
      if (user == op || user.getNumDpsInits() != 1)
        return;
      bool readsC = llvm::any_of(user.getDpsInputs(), [&](Value input) {
        return getViewRoot(input) == cRoot;
      });
      int d = argument(getViewRoot(user.getDpsInits()[0]));
      if (readsC && d >= 0 && d != c)
        slacks[d].push_back(slack);
    });
  });
  return slacks;
}

/// The largest magnitude of the elements of `buffer` (floats), as f64.
static Value buildMaxAbs(OpBuilder &b, Location loc, Value buffer) {
  Type f64 = b.getF64Type();
  auto cell = memref::AllocaOp::create(b, loc, MemRefType::get({}, f64));
  memref::StoreOp::create(
      b, loc, arith::ConstantOp::create(b, loc, FloatAttr::get(f64, 0.0)),
      cell, ValueRange{});
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Value> ivs = buildLoopNest(b, loc, buffer);
    Value value = memref::LoadOp::create(b, loc, buffer, ivs);
    if (value.getType().isBF16()) {
      // bf16 is the upper half of an f32 (x86-64's LLVM would call a
      // conversion function that programs are not linked with).
      Value bits = arith::ExtUIOp::create(
          b, loc, b.getI32Type(),
          arith::BitcastOp::create(b, loc, b.getI16Type(), value));
      bits = arith::ShLIOp::create(
          b, loc, bits, arith::ConstantIntOp::create(b, loc, b.getI32Type(), 16));
      value = arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
    }
    if (!value.getType().isF64())
      value = arith::ExtFOp::create(b, loc, f64, value);
    Value magnitude = math::AbsFOp::create(b, loc, value);
    Value largest = memref::LoadOp::create(b, loc, cell, ValueRange{});
    memref::StoreOp::create(
        b, loc, arith::MaxNumFOp::create(b, loc, largest, magnitude), cell,
        ValueRange{});
  }
  return memref::LoadOp::create(b, loc, cell, ValueRange{});
}

namespace {
/// One scalar of an element, as the comparison sees it.
struct Component {
  Value device, host;
};
} // namespace

/// The scalars of an element (one, or a complex number's two parts).
static SmallVector<Component> getComponents(OpBuilder &b, Location loc,
                                            Value device, Value host) {
  if (auto complex = dyn_cast<ComplexType>(device.getType()))
    return {{complex::ReOp::create(b, loc, device),
             complex::ReOp::create(b, loc, host)},
            {complex::ImOp::create(b, loc, device),
             complex::ImOp::create(b, loc, host)}};
  return {{device, host}};
}

/// The relative tolerance of floats of `type`: 1e-12 (f64), 1e-5 (f32), or
/// one unit in the last place of narrower types (f16: 2^-10, bf16: 2^-7),
/// where one rounding more or less already differs by that much.
static double getRelativeTolerance(FloatType type) {
  if (type.getWidth() >= 64)
    return 1e-12;
  return std::max(1e-5, std::ldexp(1.0, 1 - int(type.getFPMantissaWidth())));
}

/// Whether two scalars differ: integers exactly; floats by more than a
/// relative tolerance (the device may contract a * b + c into an FMA) plus
/// `slack` (of the floats' type, or null), with NaN equal to NaN and an
/// infinity to itself.
static Value differ(OpBuilder &b, Location loc, Value device, Value host,
                    Value slack = Value()) {
  Type type = device.getType();
  if (!isa<FloatType>(type))
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, device,
                                 host);
  double tolerance = getRelativeTolerance(cast<FloatType>(type));
  Value diff = math::AbsFOp::create(
      b, loc, arith::SubFOp::create(b, loc, device, host));
  Value scale = arith::MaximumFOp::create(
      b, loc, math::AbsFOp::create(b, loc, device),
      math::AbsFOp::create(b, loc, host));
  Value bound = arith::MulFOp::create(
      b, loc, scale,
      arith::ConstantOp::create(b, loc, FloatAttr::get(type, tolerance)));
  if (slack)
    bound = arith::AddFOp::create(b, loc, bound, slack);
  // Not (diff <= bound): true for NaN against a number.
  Value close =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, diff, bound);
  Value bothNaN = arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, device, device),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, host, host));
  // Equal: also infinities of one sign (their difference is NaN).
  Value equal =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, device, host);
  Value same = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, close, bothNaN), equal);
  return arith::XOrIOp::create(
      b, loc, same, arith::ConstantIntOp::create(b, loc, 1, 1));
}

/// A scalar as printf takes it: f64 for floats, i64 for integers.
static Value forPrintf(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (isa<FloatType>(type))
    return type.isF64() ? value
                        : arith::ExtFOp::create(b, loc, b.getF64Type(), value)
                              .getResult();
  if (isa<IndexType>(type))
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  if (type.getIntOrFloatBitWidth() == 64)
    return value;
  if (type.getIntOrFloatBitWidth() == 1)
    return arith::ExtUIOp::create(b, loc, b.getI64Type(), value);
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), value);
}

namespace {
struct OffloadInsertChecksPass
    : public offload::impl::OffloadInsertChecksBase<OffloadInsertChecksPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable moduleSymbols(module);
    symbolTable = &moduleSymbols;
    SymbolTableCollection symbols;
    KernelAccessAnalysis analysis;
    SmallVector<LaunchOp> launches;
    module.walk([&](LaunchOp launch) { launches.push_back(launch); });
    for (LaunchOp launch : launches) {
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      auto fallback = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          launch, StringAttr::get(&getContext(),
                                  getFallbackName(launch.getKernel())));
      if (!kernel || !fallback) {
        launch.emitError() << "cannot be checked: kernel "
                           << launch.getKernelAttr()
                           << " has no host copy (run convert-offload-to-gpu "
                              "first)";
        return signalPassFailure();
      }
      if (checkedFallbacks.insert(fallback).second)
        checkAccesses(kernel, fallback);
      insertCheck(launch, kernel, fallback, analysis);
    }
  }

  /// Makes every access of the host copy `fallback` of `kernel` check its
  /// indices against the buffer's sizes.
  void checkAccesses(KernelOp kernel, func::FuncOp fallback);
  llvm::SmallPtrSet<Operation *, 8> checkedFallbacks;

  void insertCheck(LaunchOp launch, KernelOp kernel, func::FuncOp fallback,
                   KernelAccessAnalysis &analysis);
  /// Compares `host` (the argument) with `device` (its copy) and reports
  /// the first difference; floats may differ by their relative tolerance
  /// plus `slack` (f64, or null).
  void compare(OpBuilder &b, LaunchOp launch, unsigned index, Value host,
               Value device, Value slack);

  SymbolTable *symbolTable = nullptr;
};
} // namespace

void OffloadInsertChecksPass::insertCheck(LaunchOp launch, KernelOp kernel,
                                          func::FuncOp fallback,
                                          KernelAccessAnalysis &analysis) {
  Location loc = launch.getLoc();
  MLIRContext *ctx = &getContext();
  // The host copy must see the device's inputs and the comparison the
  // device's results, also for buffers an enclosing data region keeps on
  // the device: every clause copies `always`, and dead outputs (`alloc`)
  // become `from`.
  if (ArrayAttr kinds = launch.getMapKindsAttr()) {
    SmallVector<Attribute> fixed;
    for (Attribute kind : kinds) {
      auto map = cast<MapAttr>(kind);
      MapKind newKind =
          map.getKind() == MapKind::alloc ? MapKind::from : map.getKind();
      fixed.push_back(MapAttr::get(ctx, newKind,
                                   map.getModifiers() | MapModifier::always));
    }
    launch.setMapKindsAttr(ArrayAttr::get(ctx, fixed));
  }
  SmallVector<std::pair<unsigned, Value>> written;
  llvm::SmallPtrSet<Value, 4> seen;
  for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
    if (isa<MemRefType>(arg.getType()) &&
        analysis.getAccess(kernel, index).written && seen.insert(arg).second)
      written.push_back({static_cast<unsigned>(index), arg});
    if (isa<TupleType>(arg.getType()))
      for (auto [m, member] : llvm::enumerate(getAggregateMembers(arg)))
        if (isa<MemRefType>(member.getType()) &&
            analysis.getAccess(kernel, index, m).written &&
            seen.insert(member).second)
          written.push_back({static_cast<unsigned>(index), member});
  }
  if (written.empty())
    return;

  OpBuilder b(launch);
  // The slack of the arguments contractions write, from the inputs as the
  // launch finds them: K * eps * max|A| * max|B|.
  DenseMap<unsigned, Value> slacks;
  DenseMap<Value, Value> maxAbs;
  auto getMaxAbs = [&](Value buffer) {
    Value &result = maxAbs[buffer];
    if (!result)
      result = buildMaxAbs(b, loc, buffer);
    return result;
  };
  Type f64 = b.getF64Type();
  for (auto &[index, list] : getContractionSlacks(kernel)) {
    Value total;
    for (ContractionSlack &slack : list) {
      Value a = launch.getArgs()[slack.a], bArg = launch.getArgs()[slack.b];
      if (!isa<MemRefType>(a.getType()) || !isa<MemRefType>(bArg.getType()))
        continue;
      Value k = arith::UIToFPOp::create(
          b, loc, f64,
          arith::IndexCastOp::create(
              b, loc, b.getI64Type(),
              memref::DimOp::create(b, loc, a, slack.kDim)));
      Value value = arith::MulFOp::create(
          b, loc,
          arith::MulFOp::create(
              b, loc, k,
              arith::ConstantOp::create(b, loc, FloatAttr::get(f64, slack.eps))),
          arith::MulFOp::create(b, loc, getMaxAbs(a), getMaxAbs(bArg)));
      total = total ? arith::MaximumFOp::create(b, loc, total, value) : value;
    }
    if (total)
      slacks[index] = total;
  }
  // The host copy, on copies of the buffers it writes.
  IRMapping hostBuffers;
  SmallVector<Value> host, allocations;
  for (auto [index, arg] : written) {
    auto [copy, allocation] = allocLike(b, loc, arg);
    host.push_back(copy);
    allocations.push_back(allocation);
    buildElementwiseCopy(b, loc, arg, copy);
    hostBuffers.map(arg, copy);
  }
  SmallVector<Value> args = {
      LLVM::ZeroOp::create(b, loc, LLVM::LLVMPointerType::get(ctx))};
  for (Value arg : launch.getArgs())
    for (Value member : getAggregateMembers(arg))
      llvm::append_range(
          args,
          packKernelArgument(b, loc, hostBuffers.lookupOrDefault(member)));
  // The kernel strategy's own parameters (tensor-core contractions: the
  // tensor maps' addresses), which the host copy ignores.
  while (args.size() < fallback.getNumArguments())
    args.push_back(arith::ConstantIntOp::create(
        b, loc, fallback.getArgumentTypes()[args.size()], 0));
  func::CallOp::create(b, loc, fallback, args);
  b.setInsertionPointAfter(launch);
  for (auto [i, entry] : llvm::enumerate(written)) {
    compare(b, launch, entry.first, host[i], entry.second,
            slacks.lookup(entry.first));
    memref::DeallocOp::create(b, loc, allocations[i]);
  }
}

/// The kernel argument (its number) whose lowered parameters `memref`, a
/// buffer the host copy rebuilt from them, comes from; -1 when it is none
/// (a buffer the kernel allocates).
static int getArgumentNumber(KernelOp kernel, Value memref) {
  auto cast = getViewRoot(memref).getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast->getNumOperands() != 1)
    return -1;
  // The descriptor's aligned pointer is the first parameter of the buffer
  // (possibly stepped back by a static offset).
  Value desc = cast->getOperand(0);
  Value pointer;
  while (auto insert = desc.getDefiningOp<LLVM::InsertValueOp>()) {
    if (insert.getPosition() == ArrayRef<int64_t>{1})
      pointer = insert.getValue();
    desc = insert.getContainer();
  }
  if (pointer)
    if (auto gep = pointer.getDefiningOp<LLVM::GEPOp>())
      pointer = gep.getBase();
  auto param = dyn_cast_or_null<BlockArgument>(pointer);
  if (!param)
    return -1;
  unsigned next = 1; // after the leading dyn_ptr
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    unsigned count = getNumLoweredParams(type);
    if (param.getArgNumber() >= next && param.getArgNumber() < next + count)
      return i;
    next += count;
  }
  return -1;
}

void OffloadInsertChecksPass::checkAccesses(KernelOp kernel,
                                            func::FuncOp fallback) {
  MLIRContext *ctx = &getContext();
  auto module = getOperation();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  fallback.walk([&](Operation *op) {
    Value memref;
    ValueRange indices;
    ArrayRef<int64_t> extent;
    StringRef what = "load";
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      indices = load.getIndices();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      indices = store.getIndices();
      what = "store";
    } else if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op)) {
      memref = rmw.getMemref();
      indices = rmw.getIndices();
      what = "atomic update";
    } else if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op)) {
      memref = rmw.getMemref();
      indices = rmw.getIndices();
      what = "atomic update";
    } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
      memref = load.getBase();
      indices = load.getIndices();
      extent = load.getVectorType().getShape();
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      memref = store.getBase();
      indices = store.getIndices();
      extent = store.getVectorType().getShape();
      what = "store";
    }
    if (!memref || indices.empty())
      return;
    Location loc = op->getLoc();
    OpBuilder b(op);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value bad = arith::ConstantIntOp::create(b, loc, 0, 1);
    SmallVector<Value> sizes;
    unsigned firstTrailing = indices.size() - extent.size();
    for (auto [dim, index] : llvm::enumerate(indices)) {
      Value size = memref::DimOp::create(b, loc, memref, dim);
      sizes.push_back(size);
      Value last = index;
      if (dim >= firstTrailing && extent[dim - firstTrailing] > 1)
        last =
            arith::AddIOp::create(b, loc, index,
                                  arith::ConstantIndexOp::create(
                                      b, loc, extent[dim - firstTrailing] - 1));
      bad = arith::OrIOp::create(
          b, loc, bad,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index,
                                zero));
      bad = arith::OrIOp::create(
          b, loc, bad,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, last, size));
    }
    auto ifOp = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifOp.thenBlock());
    // offload-check: kernel @k: the store at file:line:col is out of bounds
    // of argument #i: index [i, j], size [n, m]
    int arg = getArgumentNumber(kernel, memref);
    std::string list = "[";
    for (size_t dim = 0; dim < indices.size(); ++dim)
      list += dim ? ", %ld" : "%ld";
    list += "]";
    std::string format =
        ("offload-check: kernel @" + kernel.getSymName() + ": the " + what +
         " at " + formatLocation(loc) + " is out of bounds of " +
         (arg >= 0 ? "argument #" + Twine(arg) : Twine("a local buffer")) +
         ": index " + list + ", size " + list + "\n")
            .str();
    auto printf = declare(
        b, module, "printf",
        LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr}, /*isVarArg=*/true));
    auto fflush = declare(b, module, "fflush",
                          LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr}));
    auto exit = declare(b, module, "exit",
                        LLVM::LLVMFunctionType::get(
                            LLVM::LLVMVoidType::get(ctx), {b.getI32Type()}));
    SmallVector<Value> printArgs = {
        getString(b, *symbolTable, loc, "__offload_check_message", format)};
    for (Value index : indices)
      printArgs.push_back(forPrintf(b, loc, index));
    for (Value size : sizes)
      printArgs.push_back(forPrintf(b, loc, size));
    LLVM::CallOp::create(b, loc, printf, printArgs);
    LLVM::CallOp::create(b, loc, fflush,
                         ValueRange{LLVM::ZeroOp::create(b, loc, ptr)});
    LLVM::CallOp::create(
        b, loc, exit, ValueRange{arith::ConstantIntOp::create(b, loc, 1, 32)});
  });
}

void OffloadInsertChecksPass::compare(OpBuilder &b, LaunchOp launch,
                                      unsigned index, Value host,
                                      Value device, Value slack) {
  Location loc = launch.getLoc();
  auto module = launch->getParentOfType<ModuleOp>();
  auto type = cast<MemRefType>(host.getType());
  Type element = type.getElementType();
  if (isa<VectorType>(element))
    return; // not compared (documented)
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> ivs = buildLoopNest(b, loc, host);
  Value hostValue = memref::LoadOp::create(b, loc, host, ivs);
  Value deviceValue = memref::LoadOp::create(b, loc, device, ivs);
  SmallVector<Component> parts =
      getComponents(b, loc, deviceValue, hostValue);
  // The slack in the elements' type (real elements only).
  if (slack && isa<FloatType>(element) && !element.isF64())
    slack = arith::TruncFOp::create(b, loc, element, slack);
  if (!isa<FloatType>(element))
    slack = Value();
  Value any = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (Component &part : parts)
    any = arith::OrIOp::create(b, loc, any,
                               differ(b, loc, part.device, part.host, slack));
  auto ifOp = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());

  // offload-check: kernel @k at file:line:col: argument #i differs at
  // [i, j]: device <v>, host <v>
  std::string where = formatLocation(loc);
  bool isFloat = isa<FloatType>(parts.front().device.getType());
  std::string indexFormat = "[";
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    indexFormat += dim ? ", %ld" : "%ld";
  indexFormat += "]";
  std::string valueFormat = isFloat ? "%.9g" : "%ld";
  if (parts.size() == 2)
    valueFormat = "(" + valueFormat + ", " + valueFormat + ")";
  std::string format =
      ("offload-check: kernel @" + launch.getKernel() + " at " + where +
       ": argument #" + Twine(index) + " differs at " + indexFormat +
       ": device " + valueFormat + ", host " + valueFormat + "\n")
          .str();
  MLIRContext *ctx = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  auto printf = declare(
      b, module, "printf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr}, /*isVarArg=*/true));
  auto fflush = declare(b, module, "fflush",
                        LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr}));
  auto exit = declare(
      b, module, "exit",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                  {b.getI32Type()}));
  SmallVector<Value> printArgs = {
      getString(b, *symbolTable, loc, "__offload_check_message", format)};
  for (Value iv : ivs)
    printArgs.push_back(forPrintf(b, loc, iv));
  for (Component &part : parts)
    printArgs.push_back(forPrintf(b, loc, part.device));
  for (Component &part : parts)
    printArgs.push_back(forPrintf(b, loc, part.host));
  LLVM::CallOp::create(b, loc, printf, printArgs);
  LLVM::CallOp::create(b, loc, fflush,
                       ValueRange{LLVM::ZeroOp::create(b, loc, ptr)});
  LLVM::CallOp::create(
      b, loc, exit,
      ValueRange{arith::ConstantIntOp::create(b, loc, 1, 32)});
}
