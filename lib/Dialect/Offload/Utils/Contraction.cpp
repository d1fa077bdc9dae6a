//===- Contraction.cpp - contractions the compiler recognises ---*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::offload;

std::pair<Value, unsigned>
ContractionMatch::getLoopSizeSource(unsigned loop) const {
  auto find = [&](ArrayRef<unsigned> dims) -> std::optional<unsigned> {
    for (auto [d, l] : llvm::enumerate(dims))
      if (l == loop)
        return d;
    return std::nullopt;
  };
  if (auto d = find(cDims))
    return {getC(), *d};
  if (auto d = find(aDims))
    return {getA(), *d};
  return {getB(), *find(bDims)};
}

/// The loop positions that index each dimension of `map`'s results, when
/// each is a plain loop dimension.
static std::optional<SmallVector<unsigned, 3>> getLoopDims(AffineMap map) {
  SmallVector<unsigned, 3> dims;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return std::nullopt;
    dims.push_back(dim.getPosition());
  }
  return dims;
}

std::optional<ContractionMatch>
mlir::offload::matchContraction(linalg::LinalgOp op) {
  if (!op || !op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands())
    if (!isa<MemRefType>(operand.get().getType()))
      return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() > 1)
    return std::nullopt;
  unsigned numLoops = op.getNumLoops();
  if (numLoops != 3 + dims->batch.size())
    return std::nullopt;
  // The body multiplies the (converted) inputs and adds the product to the
  // accumulator.
  auto isMulAdd = [](Operation *mul, Operation *add) {
    return (isa<arith::MulFOp>(mul) && isa<arith::AddFOp>(add)) ||
           (isa<arith::MulIOp>(mul) && isa<arith::AddIOp>(add));
  };
  if (!linalg::detail::isContractionBody(*op.getBlock(), isMulAdd))
    return std::nullopt;
  ContractionMatch match;
  match.op = op;
  match.batch = dims->batch.empty() ? -1 : int64_t(dims->batch.front());
  match.m = dims->m.front();
  match.n = dims->n.front();
  match.k = dims->k.front();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto a = getLoopDims(maps[0]), b = getLoopDims(maps[1]),
       c = getLoopDims(maps[2]);
  if (!a || !b || !c)
    return std::nullopt;
  // Every operand holds exactly its loops: A (b, m, k), B (b, k, n),
  // C (b, m, n), in any order.
  auto holds = [](ArrayRef<unsigned> have, ArrayRef<int64_t> want) {
    SmallVector<int64_t> wanted;
    for (int64_t w : want)
      if (w >= 0)
        wanted.push_back(w);
    if (have.size() != wanted.size())
      return false;
    return llvm::all_of(wanted, [&](int64_t w) {
      return llvm::is_contained(have, unsigned(w));
    });
  };
  if (!holds(*a, {match.batch, match.m, match.k}) ||
      !holds(*b, {match.batch, match.k, match.n}) ||
      !holds(*c, {match.batch, match.m, match.n}))
    return std::nullopt;
  match.aDims = *a;
  match.bDims = *b;
  match.cDims = *c;
  match.aType = cast<MemRefType>(match.getA().getType()).getElementType();
  match.bType = cast<MemRefType>(match.getB().getType()).getElementType();
  match.cType = cast<MemRefType>(match.getC().getType()).getElementType();
  return match;
}

linalg::LinalgOp
mlir::offload::getFusableEpilogue(const ContractionMatch &match) {
  Operation *next = match.op->getNextNode();
  while (next && !isa<linalg::LinalgOp>(next) && next->getNumRegions() == 0 &&
         isMemoryEffectFree(next))
    next = next->getNextNode();
  auto op = dyn_cast_or_null<linalg::LinalgOp>(next);
  if (!op || !op.hasPureBufferSemantics() || isa<linalg::FillOp>(next) ||
      !isa<FloatType>(match.cType))
    return {};
  Value c = match.getC();
  unsigned rank = match.cDims.size();
  if (op.getNumLoops() != rank || op.getNumParallelLoops() != rank ||
      op.getNumDpsInits() != 1)
    return {};
  OpOperand *init = op.getDpsInitOperand(0);
  Value d = init->get();
  if (!op.getMatchingIndexingMap(init).isIdentity())
    return {};
  bool readsC = d == c;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (input->get() == c) {
      if (!map.isIdentity())
        return {};
      readsC = true;
      continue;
    }
    Type type = input->get().getType();
    if (input->get() == d ||
        (isa<ShapedType>(type) && !isa<MemRefType>(type)) ||
        !map.isProjectedPermutation())
      return {};
  }
  if (!readsC)
    return {};
  for (Operation &nested : op.getBlock()->without_terminator())
    if (isa<linalg::IndexOp>(nested) || nested.getNumRegions() != 0 ||
        !isMemoryEffectFree(&nested))
      return {};
  return op;
}
