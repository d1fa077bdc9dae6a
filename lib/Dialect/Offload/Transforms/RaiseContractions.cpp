//===- RaiseContractions.cpp - offload-raise-contractions -------*- C++ -*-===//
//
// Recognises, in kernels, the loop nests that compute a contraction
// (C[b, i, j] (+)= sum over k of A * B, operands in any layout, with element
// conversions) and replaces each with the linalg op it is: linalg.matmul or
// linalg.batch_matmul when the named op computes exactly the same thing,
// otherwise a linalg.generic, after a linalg.fill of C when the accumulation
// starts from a value rather than from C.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADRAISECONTRACTIONS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// The loop nest
//===----------------------------------------------------------------------===//

namespace {
/// A loop of the nest: its induction variable and bounds (values of the
/// original nest; the bounds are invariant in it).
struct NestLoop {
  Value iv, lb, ub;
};

/// A loop nest that computes, for every point of its output loops,
///   C[out] = init-or-C[out] + sum over k of f(A[..], B[..])
/// where f multiplies the (converted) elements.
struct LoopContraction {
  scf::ParallelOp root;
  /// The output loops (the parallel loop's dimensions, then nested
  /// sequential loops), outermost first, then the reduction loop k.
  SmallVector<NestLoop, 4> loops;
  /// Positions in `loops` of the batch loop (-1 without one), the loop that
  /// indexes A and C (m), the one that indexes B and C (n), and k.
  int64_t batch = -1;
  unsigned m = 0, n = 0, k = 0;
  /// The memrefs and, for each of their dimensions, the position in `loops`
  /// of the loop that indexes it.
  Value a, b, c;
  SmallVector<unsigned, 3> aLoops, bLoops, cLoops;
  /// The element of A, of B, and the accumulator, as the body reads them.
  Value aElem, bElem, acc;
  /// The new accumulator (yielded by, or stored in, the reduction loop).
  Value result;
  /// The ops that compute `result` from aElem, bElem and acc (conversions,
  /// the multiplication, the addition), in program order.
  SmallVector<Operation *> computation;
  /// The value the accumulation starts from when it is not C (filled into
  /// C first), or null.
  Value init;

  unsigned numOutputLoops() const { return loops.size() - 1; }
};

/// Matches a top-level parallel loop of a kernel as a LoopContraction, or
/// says why it is not one.
class NestMatcher {
public:
  explicit NestMatcher(scf::ParallelOp root) : root(root) {}

  FailureOr<LoopContraction> match();
  StringRef getReason() const { return reason; }

private:
  LogicalResult fail(const Twine &message) {
    reason = message.str();
    return failure();
  }
  bool isInvariant(Value value);
  LogicalResult addLoop(LoopContraction &lc, Value iv, Value lb, Value ub,
                        Value step, StringRef what);
  LogicalResult matchBody(LoopContraction &lc, scf::ForOp kLoop,
                          memref::StoreOp &store);
  LogicalResult matchIndices(LoopContraction &lc, memref::LoadOp first,
                             memref::LoadOp second, ValueRange outputIndices);

  scf::ParallelOp root;
  std::string reason;
};
} // namespace

/// The ops of `block` that may touch memory (the terminator aside).
static SmallVector<Operation *> getEffectfulOps(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    if (!isMemoryEffectFree(&op))
      ops.push_back(&op);
  return ops;
}

/// Whether `block` holds a loop (directly).
static bool holdsLoop(Block &block) {
  return llvm::any_of(block.without_terminator(), [](Operation &op) {
    return isa<LoopLikeOpInterface>(op);
  });
}

/// An element conversion the body may apply (arith.extf, extsi, sitofp,
/// ...): an arith cast with one operand and one result.
static bool isConversion(Operation *op) {
  return op && isa<CastOpInterface>(op) &&
         isa<arith::ArithDialect>(op->getDialect()) &&
         op->getNumOperands() == 1 && op->getNumResults() == 1;
}

/// Follows `value` back through conversions defined in `block`, collecting
/// them in `chain`.
static Value stripConversions(Value value, Block *block,
                              SmallVectorImpl<Operation *> &chain) {
  Operation *def = value.getDefiningOp();
  while (isConversion(def) && def->getBlock() == block) {
    chain.push_back(def);
    value = def->getOperand(0);
    def = value.getDefiningOp();
  }
  return value;
}

static bool isScalarElementType(Type type) {
  return isa<IntegerType, FloatType, IndexType>(type);
}

/// The memref `value` is a view of (through view-like ops).
static Value getViewSource(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

bool NestMatcher::isInvariant(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return !root->isAncestor(
        cast<BlockArgument>(value).getOwner()->getParentOp());
  if (!root->isAncestor(def))
    return true;
  // Computed in the nest: it can be computed before it instead when it is
  // pure (no effects, no undefined behaviour) and invariant.
  return isPure(def) && def->getNumRegions() == 0 &&
         llvm::all_of(def->getOperands(),
                      [&](Value operand) { return isInvariant(operand); });
}

LogicalResult NestMatcher::addLoop(LoopContraction &lc, Value iv, Value lb,
                                   Value ub, Value step, StringRef what) {
  std::optional<int64_t> constantStep = getConstantIntValue(step);
  if (!constantStep || *constantStep != 1)
    return fail(Twine("the ") + what + " loop's step is not 1");
  if (!isInvariant(lb) || !isInvariant(ub))
    return fail(Twine("the ") + what +
                " loop's bounds depend on the enclosing loops or on memory");
  lc.loops.push_back({iv, lb, ub});
  return success();
}

FailureOr<LoopContraction> NestMatcher::match() {
  LoopContraction lc;
  lc.root = root;
  if (!root.getInitVals().empty())
    return fail("the parallel loop has reductions");
  for (auto [iv, lb, ub, step] :
       llvm::zip(root.getInductionVars(), root.getLowerBound(),
                 root.getUpperBound(), root.getStep()))
    if (failed(addLoop(lc, iv, lb, ub, step, "parallel")))
      return failure();

  // Sequential output loops: an scf.for that is all the loop body does and
  // that holds further loops.
  Block *body = root.getBody();
  SmallVector<Operation *> ops = getEffectfulOps(*body);
  while (ops.size() == 1) {
    auto forOp = dyn_cast<scf::ForOp>(ops.front());
    if (!forOp || forOp.getNumRegionIterArgs() != 0 ||
        !holdsLoop(*forOp.getBody()))
      break;
    if (forOp.getUnsignedCmp())
      return fail("an output loop compares its bounds unsigned");
    if (failed(addLoop(lc, forOp.getInductionVar(), forOp.getLowerBound(),
                       forOp.getUpperBound(), forOp.getStep(), "output")))
      return failure();
    body = forOp.getBody();
    ops = getEffectfulOps(*body);
  }

  // The reduction loop.
  SmallVector<Operation *> loops;
  for (Operation *op : ops)
    if (isa<LoopLikeOpInterface>(op))
      loops.push_back(op);
  if (loops.empty())
    return fail("no reduction loop inside the output loops");
  if (loops.size() > 1)
    return fail("more than one loop inside the output loops");
  auto kLoop = dyn_cast<scf::ForOp>(loops.front());
  if (!kLoop)
    return fail(Twine("the reduction loop is '") +
                loops.front()->getName().getStringRef() +
                "', not a sequential scf.for");
  unsigned numOutputs = lc.loops.size();
  if (numOutputs != 2 && numOutputs != 3)
    return fail(Twine("the output has rank ") + Twine(numOutputs) +
                ", not 2 (i, j) or 3 (b, i, j)");
  if (kLoop.getUnsignedCmp())
    return fail("the reduction loop compares its bounds unsigned");
  if (failed(addLoop(lc, kLoop.getInductionVar(), kLoop.getLowerBound(),
                     kLoop.getUpperBound(), kLoop.getStep(), "reduction")))
    return failure();
  lc.k = numOutputs;

  if (kLoop.getNumRegionIterArgs() > 1)
    return fail("the reduction loop carries more than one value");
  bool inMemory = kLoop.getNumRegionIterArgs() == 0;

  // Around the reduction loop: in registers, the load of the accumulator's
  // initial value and the store of the loop's result; in memory, a store of
  // the initial value.
  memref::StoreOp store, initStore;
  memref::LoadOp initLoad;
  for (Operation *op : ops) {
    if (op == kLoop)
      continue;
    auto storeOp = dyn_cast<memref::StoreOp>(op);
    auto loadOp = dyn_cast<memref::LoadOp>(op);
    if (!inMemory && storeOp && !store &&
        storeOp.getValue() == kLoop.getResult(0)) {
      store = storeOp;
      continue;
    }
    if (!inMemory && loadOp && !initLoad &&
        loadOp.getResult() == kLoop.getInitArgs()[0]) {
      initLoad = loadOp;
      continue;
    }
    if (inMemory && storeOp && !initStore && storeOp->isBeforeInBlock(kLoop)) {
      initStore = storeOp;
      continue;
    }
    return fail(Twine("the nest also has '") + op->getName().getStringRef() +
                "', which may touch memory, next to the reduction loop");
  }
  if (!inMemory && !store)
    return fail("the result of the reduction loop is not stored");

  if (failed(matchBody(lc, kLoop, store)))
    return failure();

  if (initLoad) {
    if (initLoad.getMemRef() != lc.c ||
        initLoad.getIndices() != store.getIndices())
      return fail("the accumulator starts from an element other than the "
                  "one it is stored to");
  } else if (initStore) {
    if (initStore.getMemRef() != lc.c ||
        initStore.getIndices() != store.getIndices())
      return fail("the nest stores to an element other than the one it "
                  "accumulates into");
    lc.init = initStore.getValue();
  } else if (!inMemory) {
    lc.init = kLoop.getInitArgs()[0];
  }
  if (lc.init && !isInvariant(lc.init))
    return fail("the accumulator's initial value varies in the nest");

  if (failed(matchIndices(lc, lc.aElem.getDefiningOp<memref::LoadOp>(),
                          lc.bElem.getDefiningOp<memref::LoadOp>(),
                          store.getIndices())))
    return failure();
  return lc;
}

LogicalResult NestMatcher::matchBody(LoopContraction &lc, scf::ForOp kLoop,
                                     memref::StoreOp &store) {
  Block *body = kLoop.getBody();
  bool inMemory = kLoop.getNumRegionIterArgs() == 0;
  SmallVector<Operation *> effects = getEffectfulOps(*body);
  if (inMemory) {
    for (Operation *op : effects) {
      auto storeOp = dyn_cast<memref::StoreOp>(op);
      if (!storeOp)
        continue;
      if (store)
        return fail("the reduction loop stores more than once");
      store = storeOp;
    }
    if (!store)
      return fail("the reduction loop neither carries nor stores a value");
    lc.result = store.getValue();
  } else {
    lc.result = body->getTerminator()->getOperand(0);
  }
  lc.c = store.getMemRef();

  // result = cu(add(cu(acc), cu(mul(cu(x), cu(y))))), `cu` being chains of
  // conversions.
  SmallVector<Operation *> computation;
  Value sum = stripConversions(lc.result, body, computation);
  Operation *add = sum.getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add) ||
      add->getBlock() != body)
    return fail("the accumulator is not updated by an addition");
  computation.push_back(add);
  Operation *mul = nullptr;
  for (unsigned i = 0; i < 2 && !mul; ++i) {
    SmallVector<Operation *> accChain, productChain;
    Value acc = stripConversions(add->getOperand(i), body, accChain);
    Value product =
        stripConversions(add->getOperand(1 - i), body, productChain);
    Operation *def = product.getDefiningOp();
    bool isProduct = def && def->getBlock() == body &&
                     (isa<arith::AddFOp>(add) ? isa<arith::MulFOp>(def)
                                              : isa<arith::MulIOp>(def));
    bool isAccumulator;
    if (inMemory) {
      auto load = acc.getDefiningOp<memref::LoadOp>();
      isAccumulator = load && load->getBlock() == body &&
                      load.getMemRef() == store.getMemRef() &&
                      load.getIndices() == store.getIndices();
    } else {
      isAccumulator = acc == kLoop.getRegionIterArg(0);
    }
    if (!isProduct || !isAccumulator)
      continue;
    mul = def;
    lc.acc = acc;
    llvm::append_range(computation, accChain);
    llvm::append_range(computation, productChain);
  }
  if (!mul)
    return fail("the accumulator is not incremented by a product");
  computation.push_back(mul);

  // The product's operands are elements loaded in the loop.
  memref::LoadOp loads[2];
  for (unsigned i = 0; i < 2; ++i) {
    Value element = stripConversions(mul->getOperand(i), body, computation);
    loads[i] = element.getDefiningOp<memref::LoadOp>();
    if (!loads[i] || loads[i]->getBlock() != body)
      return fail("an operand of the product is not an element loaded in "
                  "the reduction loop");
  }
  if (loads[0] == loads[1])
    return fail("the product multiplies an element by itself");
  lc.aElem = loads[0].getResult();
  lc.bElem = loads[1].getResult();

  // Nothing else in the loop touches memory.
  for (Operation *op : effects) {
    if (op == loads[0] || op == loads[1] || op == store ||
        (inMemory && op == lc.acc.getDefiningOp()))
      continue;
    return fail(Twine("the reduction loop also has '") +
                op->getName().getStringRef() + "', which may touch memory");
  }

  llvm::sort(computation,
             [](Operation *x, Operation *y) { return x->isBeforeInBlock(y); });
  computation.erase(llvm::unique(computation), computation.end());
  lc.computation = std::move(computation);
  return success();
}

LogicalResult NestMatcher::matchIndices(LoopContraction &lc,
                                        memref::LoadOp first,
                                        memref::LoadOp second,
                                        ValueRange outputIndices) {
  DenseMap<Value, unsigned> positions;
  for (auto [position, loop] : llvm::enumerate(lc.loops))
    positions[loop.iv] = position;
  auto getLoops = [&](ValueRange indices, SmallVectorImpl<unsigned> &loops,
                      StringRef what) -> LogicalResult {
    for (Value index : indices) {
      auto it = positions.find(index);
      if (it == positions.end())
        return fail(what + " is indexed by something other than a loop's "
                           "induction variable");
      if (llvm::is_contained(loops, it->second))
        return fail(what + " is indexed twice by one loop");
      loops.push_back(it->second);
    }
    return success();
  };
  SmallVector<unsigned, 3> firstLoops, secondLoops, cLoops;
  if (failed(getLoops(outputIndices, cLoops, "the stored element")) ||
      failed(getLoops(first.getIndices(), firstLoops,
                      "the first operand of the product")) ||
      failed(getLoops(second.getIndices(), secondLoops,
                      "the second operand of the product")))
    return failure();
  if (cLoops.size() != lc.numOutputLoops() || llvm::is_contained(cLoops, lc.k))
    return fail("the stored element is not indexed by exactly the output "
                "loops");
  if (!llvm::is_contained(firstLoops, lc.k) ||
      !llvm::is_contained(secondLoops, lc.k))
    return fail("an operand of the product is not indexed by the reduction "
                "loop");

  // Each output loop indexes the first operand (a row), the second (a
  // column) or both (the batch).
  SmallVector<unsigned, 1> onlyFirst, onlySecond, both;
  for (unsigned loop : cLoops) {
    bool inFirst = llvm::is_contained(firstLoops, loop);
    bool inSecond = llvm::is_contained(secondLoops, loop);
    if (inFirst && inSecond)
      both.push_back(loop);
    else if (inFirst)
      onlyFirst.push_back(loop);
    else if (inSecond)
      onlySecond.push_back(loop);
    else
      return fail(Twine("output loop #") + Twine(loop) +
                  " indexes neither operand of the product");
  }
  if (onlyFirst.size() != 1 || onlySecond.size() != 1)
    return fail("the operands of the product are not indexed by one output "
                "loop each");
  lc.batch = both.empty() ? -1 : int64_t(both.front());

  lc.m = onlyFirst.front();
  lc.n = onlySecond.front();
  lc.a = first.getMemRef();
  lc.b = second.getMemRef();
  lc.aLoops = firstLoops;
  lc.bLoops = secondLoops;
  lc.cLoops = cLoops;

  for (Value memref : {lc.a, lc.b, lc.c}) {
    if (!isInvariant(memref))
      return fail("an operand's memref is defined in the nest");
    Type elementType = cast<MemRefType>(memref.getType()).getElementType();
    if (!isScalarElementType(elementType))
      return fail("an operand's elements are not integers or floats");
  }
  Value output = getViewSource(lc.c);
  if (getViewSource(lc.a) == output || getViewSource(lc.b) == output)
    return fail("an operand of the product is the buffer the nest writes");
  return success();
}

//===----------------------------------------------------------------------===//
// The linalg ops
//===----------------------------------------------------------------------===//

/// Whether `ub` is the size of dimension `dim` of `memref`.
static bool isSizeOf(Value ub, Value memref, unsigned dim) {
  if (auto dimOp = ub.getDefiningOp<memref::DimOp>()) {
    std::optional<int64_t> index = dimOp.getConstantIndex();
    return dimOp.getSource() == memref && index && *index == dim;
  }
  auto type = cast<MemRefType>(memref.getType());
  std::optional<int64_t> size = getConstantIntValue(ub);
  return size && !type.isDynamicDim(dim) && type.getDimSize(dim) == *size;
}

static arith::FastMathFlags getFastMathFlags(Operation *op) {
  if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op))
    if (arith::FastMathFlagsAttr attr = fastMath.getFastMathFlagsAttr())
      return attr.getValue();
  return arith::FastMathFlags::none;
}

/// Whether `x` and `y` compute the same function of their operands. Integer
/// overflow flags may differ: without them the arithmetic wraps, which
/// refines the result of an op that has them.
static bool computeTheSame(Operation *x, Operation *y) {
  if (x->getName() != y->getName() ||
      x->getResultTypes() != y->getResultTypes() ||
      getFastMathFlags(x) != getFastMathFlags(y))
    return false;
  auto getOtherAttrs = [](Operation *op) {
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrDictionary())
      if (attr.getName() != "fastmath" && attr.getName() != "overflowFlags")
        attrs.push_back(attr);
    return attrs;
  };
  return getOtherAttrs(x) == getOtherAttrs(y);
}

/// Whether `y` computes the same value from `leaves`' images as `x` does
/// from `leaves` (commutative ops in either operand order).
static bool isSameExpression(Value x, Value y,
                             const DenseMap<Value, Value> &leaves) {
  if (auto it = leaves.find(x); it != leaves.end())
    return it->second == y;
  Operation *xOp = x.getDefiningOp(), *yOp = y.getDefiningOp();
  if (!xOp || !yOp || xOp->getNumResults() != 1 ||
      xOp->getNumOperands() != yOp->getNumOperands() ||
      !computeTheSame(xOp, yOp))
    return false;
  auto sameOperands = [&](bool swapped) {
    for (unsigned i = 0, e = xOp->getNumOperands(); i < e; ++i)
      if (!isSameExpression(xOp->getOperand(i),
                            yOp->getOperand(swapped ? e - 1 - i : i), leaves))
        return false;
    return true;
  };
  return sameOperands(false) ||
         (xOp->hasTrait<OpTrait::IsCommutative>() &&
          xOp->getNumOperands() == 2 && sameOperands(true));
}

namespace {
/// Builds the linalg ops that replace a LoopContraction, before its nest.
class ContractionBuilder {
public:
  explicit ContractionBuilder(LoopContraction &lc)
      : lc(lc), builder(lc.root), loc(lc.root.getLoc()),
        sizes(lc.loops.size()) {}

  /// Builds the ops; returns the contraction and describes what it built
  /// in `description`.
  linalg::LinalgOp build(std::string &description);

private:
  Value hoist(Value value);
  OpFoldResult getOffset(unsigned loop);
  OpFoldResult getSize(unsigned loop);
  Value restrict(Value memref, ArrayRef<unsigned> loops, bool &restricted);
  unsigned getDim(unsigned loop) const;
  AffineMap getMap(ArrayRef<unsigned> loops) const;
  linalg::LinalgOp buildNamed(Value a, Value b, Value c);
  linalg::LinalgOp buildGeneric(Value a, Value b, Value c);

  LoopContraction &lc;
  OpBuilder builder;
  Location loc;
  IRMapping hoisted;
  SmallVector<OpFoldResult> sizes;
  Value zero;
};
} // namespace

/// `value` before the nest: itself, or a clone of the pure ops that compute
/// it in the nest.
Value ContractionBuilder::hoist(Value value) {
  if (Value mapped = hoisted.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (!def || !lc.root->isAncestor(def))
    return value;
  for (Value operand : def->getOperands())
    hoist(operand);
  builder.clone(*def, hoisted);
  return hoisted.lookup(value);
}

OpFoldResult ContractionBuilder::getOffset(unsigned loop) {
  Value lb = lc.loops[loop].lb;
  if (std::optional<int64_t> constant = getConstantIntValue(lb))
    return builder.getIndexAttr(*constant);
  return hoist(lb);
}

/// The trip count of loop `loop`: max(ub - lb, 0).
OpFoldResult ContractionBuilder::getSize(unsigned loop) {
  if (sizes[loop])
    return sizes[loop];
  const NestLoop &nestLoop = lc.loops[loop];
  std::optional<int64_t> lb = getConstantIntValue(nestLoop.lb);
  std::optional<int64_t> ub = getConstantIntValue(nestLoop.ub);
  if (lb && ub)
    return sizes[loop] = builder.getIndexAttr(std::max<int64_t>(*ub - *lb, 0));
  Value extent = hoist(nestLoop.ub);
  bool fromZero = lb && *lb == 0;
  if (!fromZero)
    extent = arith::SubIOp::create(builder, loc, extent, hoist(nestLoop.lb));
  // A memref's size is never negative.
  if (fromZero && nestLoop.ub.getDefiningOp<memref::DimOp>())
    return sizes[loop] = extent;
  if (!zero)
    zero = arith::ConstantIndexOp::create(builder, loc, 0);
  return sizes[loop] =
             arith::MaxSIOp::create(builder, loc, extent, zero).getResult();
}

/// `memref` (of the original nest), restricted to the part its loops
/// reach: itself when they run from 0 to its sizes, else a subview.
Value ContractionBuilder::restrict(Value memref, ArrayRef<unsigned> loops,
                                   bool &restricted) {
  Value result = hoist(memref);
  restricted = llvm::any_of(llvm::enumerate(loops), [&](auto dimAndLoop) {
    const NestLoop &loop = lc.loops[dimAndLoop.value()];
    return !isZeroInteger(getAsOpFoldResult(loop.lb)) ||
           !isSizeOf(loop.ub, memref, dimAndLoop.index());
  });
  if (!restricted)
    return result;
  SmallVector<OpFoldResult> offsets, subviewSizes,
      strides(loops.size(), builder.getIndexAttr(1));
  for (unsigned loop : loops) {
    offsets.push_back(getOffset(loop));
    subviewSizes.push_back(getSize(loop));
  }
  return memref::SubViewOp::create(builder, loc, result, offsets, subviewSizes,
                                   strides);
}

/// The linalg loop of nest loop `loop`: (b, m, n, k) or (m, n, k).
unsigned ContractionBuilder::getDim(unsigned loop) const {
  unsigned first = lc.batch >= 0 ? 1 : 0;
  if (int64_t(loop) == lc.batch)
    return 0;
  if (loop == lc.m)
    return first;
  if (loop == lc.n)
    return first + 1;
  return first + 2;
}

AffineMap ContractionBuilder::getMap(ArrayRef<unsigned> loops) const {
  SmallVector<AffineExpr> exprs;
  for (unsigned loop : loops)
    exprs.push_back(getAffineDimExpr(getDim(loop), lc.root.getContext()));
  return AffineMap::get(lc.loops.size(), 0, exprs, lc.root.getContext());
}

/// linalg.matmul / linalg.batch_matmul when one computes exactly what the
/// nest does, else null.
linalg::LinalgOp ContractionBuilder::buildNamed(Value a, Value b, Value c) {
  SmallVector<AffineMap> maps = {getMap(lc.aLoops), getMap(lc.bLoops),
                                 getMap(lc.cLoops)};
  MLIRContext *context = builder.getContext();
  // batch_matmul takes the batch first and C as (b, m, n).
  if (lc.batch >= 0 &&
      (int64_t(lc.aLoops[0]) != lc.batch || int64_t(lc.bLoops[0]) != lc.batch ||
       int64_t(lc.cLoops[0]) != lc.batch || lc.cLoops[1] != lc.m))
    return nullptr;
  SmallVector<NamedAttribute> attrs;
  if (llvm::any_of(lc.computation, [](Operation *op) {
        return isa<arith::ExtUIOp, arith::UIToFPOp, arith::FPToUIOp,
                   arith::IndexCastUIOp>(op);
      }))
    attrs.push_back(builder.getNamedAttr(
        "cast",
        linalg::TypeFnAttr::get(context, linalg::TypeFn::cast_unsigned)));
  linalg::LinalgOp named;
  if (lc.batch >= 0) {
    auto op = linalg::BatchMatmulOp::create(builder, loc, ValueRange{a, b},
                                            ValueRange{c}, attrs);
    if (maps != linalg::BatchMatmulOp::getDefaultIndexingMaps(context))
      op.setIndexingMapsAttr(builder.getAffineMapArrayAttr(maps));
    named = op;
  } else {
    auto op = linalg::MatmulOp::create(builder, loc, ValueRange{a, b},
                                       ValueRange{c}, attrs);
    if (maps != linalg::MatmulOp::getDefaultIndexingMaps(context))
      op.setIndexingMapsAttr(builder.getAffineMapArrayAttr(maps));
    named = op;
  }
  Block *body = named.getBlock();
  DenseMap<Value, Value> leaves = {{lc.aElem, body->getArgument(0)},
                                   {lc.bElem, body->getArgument(1)},
                                   {lc.acc, body->getArgument(2)}};
  if (isSameExpression(lc.result, body->getTerminator()->getOperand(0), leaves))
    return named;
  named->erase();
  return nullptr;
}

/// A linalg.generic whose body is the nest's computation.
linalg::LinalgOp ContractionBuilder::buildGeneric(Value a, Value b, Value c) {
  SmallVector<AffineMap> maps = {getMap(lc.aLoops), getMap(lc.bLoops),
                                 getMap(lc.cLoops)};
  SmallVector<utils::IteratorType> iterators(lc.loops.size(),
                                             utils::IteratorType::parallel);
  iterators[getDim(lc.k)] = utils::IteratorType::reduction;
  return linalg::GenericOp::create(
      builder, loc, TypeRange{}, ValueRange{a, b}, ValueRange{c}, maps,
      iterators, [&](OpBuilder &bodyBuilder, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(lc.aElem, args[0]);
        mapping.map(lc.bElem, args[1]);
        mapping.map(lc.acc, args[2]);
        for (Operation *op : lc.computation)
          bodyBuilder.clone(*op, mapping);
        linalg::YieldOp::create(bodyBuilder, loc, mapping.lookup(lc.result));
      });
}

/// The index names of `loops` in remarks: the output loops are i and j in
/// nest order, after b for the batch loop, and the reduction loop is k.
static std::string getIndexNames(const LoopContraction &lc,
                                 ArrayRef<unsigned> loops) {
  SmallVector<StringRef, 4> loopNames;
  StringRef rowAndColumn[] = {"i", "j"};
  unsigned next = 0;
  for (unsigned loop = 0, e = lc.numOutputLoops(); loop < e; ++loop)
    loopNames.push_back(int64_t(loop) == lc.batch ? "b" : rowAndColumn[next++]);
  loopNames.push_back("k");
  SmallVector<StringRef, 3> names;
  for (unsigned loop : loops)
    names.push_back(loopNames[loop]);
  return llvm::join(names, ", ");
}

linalg::LinalgOp ContractionBuilder::build(std::string &description) {
  bool aRestricted, bRestricted, cRestricted;
  Value a = restrict(lc.a, lc.aLoops, aRestricted);
  Value b = restrict(lc.b, lc.bLoops, bRestricted);
  Value c = restrict(lc.c, lc.cLoops, cRestricted);
  if (lc.init)
    linalg::FillOp::create(builder, loc, ValueRange{hoist(lc.init)},
                           ValueRange{c});
  linalg::LinalgOp op = buildNamed(a, b, c);
  if (!op)
    op = buildGeneric(a, b, c);

  llvm::raw_string_ostream os(description);
  os << (lc.init ? "linalg.fill and " : "") << op->getName() << " (";
  if (lc.init)
    os << "C = init, then ";
  os << "C[" << getIndexNames(lc, lc.cLoops) << "] += A["
     << getIndexNames(lc, lc.aLoops) << "] * B[" << getIndexNames(lc, lc.bLoops)
     << "]";
  auto getElementType = [](Value memref) {
    return cast<MemRefType>(memref.getType()).getElementType();
  };
  Type aType = getElementType(a), bType = getElementType(b),
       cType = getElementType(c);
  if (aType != cType || bType != cType)
    os << ", " << aType << " * " << bType << " -> " << cType;
  os << ")";
  SmallVector<StringRef, 3> restricted;
  if (aRestricted)
    restricted.push_back("A");
  if (bRestricted)
    restricted.push_back("B");
  if (cRestricted)
    restricted.push_back("C");
  if (!restricted.empty())
    os << " on subviews of " << llvm::join(restricted, ", ")
       << " covering the loop bounds";
  return op;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Whether the nest multiplies and accumulates (adds, subtracts, reduces) in
/// an inner loop, so that a remark saying why it was not raised is of
/// interest.
static bool looksLikeContraction(scf::ParallelOp root) {
  return root
      ->walk([&](Operation *op) {
        if (!isa<arith::MulFOp, arith::MulIOp>(op) ||
            op->getParentOfType<LoopLikeOpInterface>() == root)
          return WalkResult::advance();
        SmallVector<Value> worklist = {op->getResult(0)};
        while (!worklist.empty()) {
          Value value = worklist.pop_back_val();
          for (Operation *user : value.getUsers()) {
            if (isa<arith::AddFOp, arith::AddIOp, arith::SubFOp, arith::SubIOp,
                    scf::ReduceOp>(user))
              return WalkResult::interrupt();
            if (isConversion(user))
              worklist.push_back(user->getResult(0));
          }
        }
        return WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct OffloadRaiseContractionsPass
    : public offload::impl::OffloadRaiseContractionsBase<
          OffloadRaiseContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> roots;
    for (Block &block : getOperation().getFunctionBody())
      for (Operation &op : block)
        if (auto parallel = dyn_cast<scf::ParallelOp>(op))
          roots.push_back(parallel);
    for (scf::ParallelOp root : roots)
      raise(root);
  }

private:
  void raise(scf::ParallelOp root) {
    NestMatcher matcher(root);
    FailureOr<LoopContraction> lc = matcher.match();
    if (failed(lc)) {
      if (remarks && looksLikeContraction(root))
        root->emitRemark() << "loop nest not raised to a linalg contraction: "
                           << matcher.getReason();
      return;
    }
    // Everything built goes between `previous` and the nest.
    Operation *previous = root->getPrevNode();
    std::string description;
    linalg::LinalgOp op = ContractionBuilder(*lc).build(description);
    if (!matchContraction(op)) {
      // Not expected: the contraction matcher is the contract with the
      // passes after this one, so keep the loops rather than emit an op
      // they would not recognise.
      for (Operation *built = root->getPrevNode(); built != previous;) {
        Operation *prev = built->getPrevNode();
        built->erase();
        built = prev;
      }
      if (remarks)
        root->emitRemark() << "loop nest not raised to a linalg contraction: "
                              "the contraction matcher rejects "
                           << description;
      return;
    }
    ++numRaised;
    if (remarks)
      root->emitRemark() << "raised the loop nest to " << description;
    root->erase();
  }
};
} // namespace
