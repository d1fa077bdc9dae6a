//===- KernelShares.cpp - Kernels run in shares of their loop ---*- C++ -*-===//
//
// See KernelShares.h.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelShares.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::offload;

/// What the analysis says about argument `index` of a share kernel whose
/// body is one parallel loop.
ShareAccess mlir::offload::getLoopShareAccess(KernelAccessAnalysis &analysis,
                                              KernelOp share, unsigned index) {
  const BufferAccess &access = analysis.getAccess(share, index);
  ShareAccess result;
  result.read = access.read;
  result.written = access.written;
  const std::optional<BufferSection> &section = access.section;
  auto type = cast<MemRefType>(share.getArgumentTypes()[index]);
  result.allRows = !section || section->loopDim != 0 || type.getRank() == 0;
  if (!result.allRows) {
    result.rowMin = section->minOffset;
    result.rowMax = section->maxOffset;
  }
  result.overwritten = access.written && !access.read &&
                       access.overwritesSection && section && !section->isBox();
  return result;
}

/// The kernel argument `operand` is a view of (through subviews that keep
/// its rank, with a static first offset and unit first stride, and casts),
/// with the row of the argument its first row is; none for anything else.
static std::optional<std::pair<BlockArgument, int64_t>>
getRowOrigin(Value operand) {
  int64_t origin = 0;
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(operand)) {
      if (!isa<KernelOp>(arg.getOwner()->getParentOp()))
        return std::nullopt;
      return std::make_pair(arg, origin);
    }
    if (auto cast = operand.getDefiningOp<memref::CastOp>()) {
      operand = cast.getSource();
      continue;
    }
    auto subview = operand.getDefiningOp<memref::SubViewOp>();
    if (!subview ||
        subview.getSourceType().getRank() != subview.getType().getRank() ||
        subview.getStaticOffsets()[0] == ShapedType::kDynamic ||
        subview.getStaticStrides()[0] != 1)
      return std::nullopt;
    origin += subview.getStaticOffsets()[0];
    operand = subview.getSource();
  }
}

namespace {
/// How many rows a buffer operand has: a constant, a value, or the first
/// dimension of another buffer.
struct RowCount {
  std::optional<int64_t> constant;
  Value value;
  Value dimOf;

  bool operator==(const RowCount &other) const {
    if (constant || other.constant)
      return constant == other.constant;
    if (value || other.value)
      return value == other.value;
    return dimOf == other.dimOf;
  }
};

static RowCount getRowCount(Value operand) {
  auto type = cast<MemRefType>(operand.getType());
  RowCount rows;
  if (!type.isDynamicDim(0)) {
    rows.constant = type.getDimSize(0);
    return rows;
  }
  if (auto cast = operand.getDefiningOp<memref::CastOp>())
    return getRowCount(cast.getSource());
  if (auto subview = operand.getDefiningOp<memref::SubViewOp>()) {
    OpFoldResult size = subview.getMixedSizes()[0];
    if (std::optional<int64_t> constant = getConstantIntValue(size)) {
      rows.constant = constant;
      return rows;
    }
    Value value = cast<Value>(size);
    auto dim = value.getDefiningOp<memref::DimOp>();
    if (dim && dim.getConstantIndex() == 0)
      return getRowCount(dim.getSource());
    rows.value = value;
    return rows;
  }
  rows.dimOf = operand;
  return rows;
}

/// How a linalg op indexes an operand with its outermost loop dimension d0:
/// its rows (d0 is the first result of the operand's indexing map, and no
/// other), or not at all.
enum class RowIndexing { Rows, None };
} // namespace

/// How `op` indexes `operand`; none when d0 indexes it otherwise.
static std::optional<RowIndexing> getRowIndexing(linalg::LinalgOp op,
                                                 OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  AffineExpr d0 = getAffineDimExpr(0, op->getContext());
  bool rows = map.getNumResults() != 0 && map.getResult(0) == d0;
  for (unsigned i = rows ? 1 : 0, e = map.getNumResults(); i < e; ++i)
    if (map.getResult(i).isFunctionOfDim(0))
      return std::nullopt;
  if (rows && cast<MemRefType>(operand.get().getType()).getRank() == 0)
    return std::nullopt;
  return rows ? RowIndexing::Rows : RowIndexing::None;
}

/// The combining operation of reduction `index` of `loop` when it is one
/// arith operation with a neutral element on the two arguments, in either
/// order (what the GPU lowering takes).
Operation *mlir::offload::getReductionCombiner(scf::ParallelOp loop,
                                               unsigned index) {
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  Block &body = reduce.getReductions()[index].front();
  if (body.getOperations().size() != 2)
    return nullptr;
  Operation *combiner = &body.front();
  // Every arith operation with a neutral element commutes: its operands
  // may come in either order (linalg.reduce's lowering writes them
  // swapped).
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      !llvm::is_contained(combiner->getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combiner->getOperands(), body.getArgument(1)) ||
      body.getTerminator()->getOperands() != combiner->getResults() ||
      !arith::getNeutralElement(combiner))
    return nullptr;
  return combiner;
}

std::optional<KernelShape> mlir::offload::getSplitShape(KernelOp kernel) {
  KernelShape shape;
  for (Operation &op : kernel.getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (auto parallel = dyn_cast<scf::ParallelOp>(op);
        parallel && !shape.loop && shape.linalgOps.empty()) {
      shape.loop = parallel;
      continue;
    }
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        linalgOp && !shape.loop && linalgOp.hasPureBufferSemantics()) {
      shape.linalgOps.push_back(linalgOp);
      continue;
    }
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      return std::nullopt;
    if (shape.loop && shape.loop.getNumResults() != 0) {
      shape.after.push_back(&op);
      continue;
    }
    // (Before the loop: computations, and loads every share makes alike:
    // a value an earlier part of a split kernel handed on.)
    if (!isMemoryEffectFree(&op) && !(isa<memref::LoadOp>(op) && !shape.loop &&
                                       shape.linalgOps.empty()))
      return std::nullopt;
  }
  if (!shape.loop && shape.linalgOps.empty())
    return std::nullopt;
  return shape;
}

/// What the linalg ops of `shape` (of a splittable kernel) do with each
/// buffer argument of the kernel, by its position.
DenseMap<unsigned, ShareAccess>
mlir::offload::getLinalgShareAccesses(const KernelShape &shape) {
  DenseMap<unsigned, ShareAccess> accesses;
  DenseSet<unsigned> touched;
  for (linalg::LinalgOp op : shape.linalgOps)
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      auto [arg, origin] = *getRowOrigin(operand.get());
      unsigned position = arg.getArgNumber();
      bool first = touched.insert(position).second;
      ShareAccess &access = accesses[position];
      bool output = op.isDpsInit(&operand);
      bool reads = !output || op.payloadUsesValueFromOperand(&operand);
      if (getRowIndexing(op, operand) == RowIndexing::Rows) {
        if (first) {
          access.rowMin = access.rowMax = origin;
        } else {
          access.rowMin = std::min(access.rowMin, origin);
          access.rowMax = std::max(access.rowMax, origin);
        }
      } else {
        access.allRows = true;
      }
      // An output written at every row of the share before anything reads
      // it: the first op on it writes it without reading it.
      if (first)
        access.overwritten = output && !reads;
      access.read |= reads;
      access.written |= output;
    }
  return accesses;
}

/// Why the linalg ops of `shape` cannot run in shares of their outermost
/// loop dimension, or an empty string.
static std::string whyLinalgNotSplittable(const KernelShape &shape) {
  // The row counts known equal to the loops': those of the operands an op
  // indexes by rows are its loop's (the op is only defined when they
  // agree), and each op must share one with the ops before it.
  SmallVector<RowCount> rows;
  for (linalg::LinalgOp op : shape.linalgOps) {
    SmallVector<RowCount> counts;
    std::string name = "'" + op->getName().getStringRef().str() + "'";
    if (op.getNumLoops() == 0 ||
        op.getIteratorTypesArray()[0] != utils::IteratorType::parallel)
      return name + " does not have a parallel outermost loop dimension";
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      std::optional<RowIndexing> indexing = getRowIndexing(op, operand);
      if (!indexing)
        return name + " indexes operand #" +
               std::to_string(operand.getOperandNumber()) +
               " with its outermost loop dimension elsewhere than its rows";
      std::optional<std::pair<BlockArgument, int64_t>> origin =
          getRowOrigin(operand.get());
      if (!origin)
        return name + " takes operand #" +
               std::to_string(operand.getOperandNumber()) +
               ", which is not a view of a kernel argument at a constant row";
      bool output = op.isDpsInit(&operand);
      if (output && *indexing != RowIndexing::Rows)
        return name + " writes operand #" +
               std::to_string(operand.getOperandNumber()) +
               " at rows its outermost loop dimension does not index";
      if (output && origin->second != 0)
        return name + " writes operand #" +
               std::to_string(operand.getOperandNumber()) +
               " at rows offset from those of its loop";
      if (*indexing != RowIndexing::Rows)
        continue;
      counts.push_back(getRowCount(operand.get()));
    }
    if (!rows.empty() && !counts.empty() &&
        llvm::none_of(counts, [&](const RowCount &count) {
          return llvm::is_contained(rows, count);
        }))
      return "its linalg ops do not all run over the same rows";
    llvm::append_range(rows, counts);
  }
  if (rows.empty())
    return "its linalg ops index no buffer with their outermost loop "
           "dimension";
  return "";
}

/// Why `kernel` cannot run in shares of its outermost loop dimension, or an
/// empty string when it can.
std::string mlir::offload::whyNotSplittable(KernelOp kernel) {
  if (kernel.getAllowRaces())
    return "it allows races (allow_races), so its iterations may not be "
           "independent";
  for (Type type : kernel.getArgumentTypes())
    if (isa<TupleType>(type))
      return "it takes aggregates";
  std::optional<KernelShape> shape = getSplitShape(kernel);
  if (!shape)
    return "its body is not one scf.parallel loop (with computations without "
           "memory effects and loads before it, and what it does with its "
           "reductions' "
           "results after it), nor linalg ops on buffers";
  if (!shape->loop)
    return whyLinalgNotSplittable(*shape);
  scf::ParallelOp loop = shape->loop;
  for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
    if (!getReductionCombiner(loop, i))
      return "a reduction of its parallel loop does not combine with one "
             "arith operation that has a neutral element";
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[0]);
  if (!step || *step < 1)
    return "the outermost dimension of its parallel loop does not have a "
           "constant step";
  return "";
}

/// Why the buffers `share` writes (among its first `numChecked` arguments,
/// the kernel's own) are not confined to the rows of its share, or an empty
/// string when they are: each device then copies back exactly the rows it
/// computed.
std::string mlir::offload::whyShareWritesOverlap(KernelOp share,
                                                 unsigned numChecked) {
  KernelAccessAnalysis analysis;
  for (auto [index, type] : llvm::enumerate(share.getArgumentTypes())) {
    if (index >= numChecked)
      break;
    if (!isa<MemRefType>(type))
      continue;
    const BufferAccess &access = analysis.getAccess(share, index);
    if (!access.written)
      continue;
    const std::optional<BufferSection> &section = access.section;
    std::string what = "argument #" + std::to_string(index);
    if (!section || section->wholeBuffer)
      return what +
             " is written at rows the analysis cannot bound by the "
             "loop" +
             (access.conservative.empty() ? std::string()
                                          : " (" + access.conservative + ")");
    if (section->loopDim != 0)
      return what + " is written along another loop dimension than the "
                    "outermost";
    if (section->minOffset != 0 || section->maxOffset != 0)
      return what + " is written outside the rows of the iteration that "
                    "writes it";
  }
  return "";
}

/// Maps `kernel`'s arguments to `launch`'s operands.
void mlir::offload::mapKernelArguments(KernelOp kernel, LaunchOp launch,
                                       IRMapping &mapping) {
  for (auto [arg, operand] : llvm::zip(kernel.getArguments(), launch.getArgs()))
    mapping.map(arg, operand);
}

/// The bounds of the outermost dimension of `kernel`'s loop, computed at
/// `b` from the values `mapping` gives its arguments; nulls when they cannot
/// be computed on the host.
std::pair<Value, Value>
mlir::offload::materializeShareBounds(OpBuilder &b, KernelOp kernel,
                                      IRMapping &mapping) {
  KernelShape shape = *getSplitShape(kernel);
  if (scf::ParallelOp loop = shape.loop) {
    Value lb = materializeOnHost(b, kernel, loop.getLowerBound()[0], mapping);
    Value ub = materializeOnHost(b, kernel, loop.getUpperBound()[0], mapping);
    return {lb, ub};
  }
  // Linalg ops: their outermost dimension runs over the rows of the first
  // operand it indexes.
  Location loc = kernel.getLoc();
  for (linalg::LinalgOp op : shape.linalgOps)
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()) ||
          getRowIndexing(op, operand) != RowIndexing::Rows)
        continue;
      RowCount rows = getRowCount(operand.get());
      Value lb = arith::ConstantIndexOp::create(b, loc, 0);
      if (rows.constant)
        return {lb, arith::ConstantIndexOp::create(b, loc, *rows.constant)};
      if (rows.value)
        return {lb, materializeOnHost(b, kernel, rows.value, mapping)};
      Value buffer = materializeOnHost(b, kernel, rows.dimOf, mapping);
      if (!buffer)
        return {};
      return {lb, memref::DimOp::create(b, loc, buffer, 0)};
    }
  return {};
}

/// The initial values of `kernel`'s reductions, and the values its code
/// after the loop uses from before it (into `mapping`), computed at `b`;
/// false when one of them cannot be computed on the host.
bool mlir::offload::materializeReductionInputs(OpBuilder &b, KernelOp kernel,
                                               IRMapping &mapping,
                                               SmallVectorImpl<Value> &inits) {
  KernelShape shape = *getSplitShape(kernel);
  if (!shape.loop)
    return true;
  scf::ParallelOp loop = shape.loop;
  bool computable = true;
  for (Value init : loop.getInitVals()) {
    inits.push_back(materializeOnHost(b, kernel, init, mapping));
    computable &= inits.back() != nullptr;
  }
  // What the kernel does after the loop uses values from before it.
  for (Operation *op : shape.after)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        bool fromBefore = isa<BlockArgument>(operand)
                              ? operand.getParentRegion() == &kernel.getBody()
                              : def->getBlock() == &kernel.getBody().front() &&
                                    def->isBeforeInBlock(loop.getOperation());
        if (fromBefore && !mapping.contains(operand))
          computable &=
              materializeOnHost(b, kernel, operand, mapping) != nullptr;
      }
    });
  return computable;
}

/// `value` as an integer when it is a constant or the size of a buffer of
/// static size along a dimension.
static std::optional<int64_t> getHostConstant(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  if (auto dim = value.getDefiningOp<memref::DimOp>())
    if (std::optional<int64_t> index = dim.getConstantIndex())
      if (auto type = dyn_cast<MemRefType>(dim.getSource().getType()))
        if (*index < type.getRank() && !type.isDynamicDim(*index))
          return type.getDimSize(*index);
  return std::nullopt;
}

/// The size a dimension of a buffer was allocated with, when `value` reads
/// it (`memref.dim` of a `memref.alloc` or `alloca`); `value` otherwise.
static Value getAllocatedSize(Value value) {
  auto dim = value.getDefiningOp<memref::DimOp>();
  if (!dim)
    return value;
  std::optional<int64_t> index = dim.getConstantIndex();
  auto type = dyn_cast<MemRefType>(dim.getSource().getType());
  if (!index || !type || *index >= type.getRank() || !type.isDynamicDim(*index))
    return value;
  unsigned position = type.getDynamicDimIndex(*index);
  if (auto alloc = dim.getSource().getDefiningOp<memref::AllocOp>())
    return alloc.getDynamicSizes()[position];
  if (auto alloca = dim.getSource().getDefiningOp<memref::AllocaOp>())
    return alloca.getDynamicSizes()[position];
  return value;
}

/// Whether the host values `a` and `b` are equal wherever both are computed:
/// the same value, equal constants, the same size of buffers allocated with
/// it, or the same operation without memory effects of equal operands.
static std::optional<int64_t> evaluateOnHost(Value value, unsigned depth);

static bool sameHostValueAt(Value a, Value b, unsigned depth) {
  a = getAllocatedSize(a);
  b = getAllocatedSize(b);
  if (a == b)
    return true;
  if (std::optional<int64_t> constantA = evaluateOnHost(a, 0))
    if (std::optional<int64_t> constantB = evaluateOnHost(b, 0))
      return *constantA == *constantB;
  std::optional<int64_t> constantA = getHostConstant(a);
  std::optional<int64_t> constantB = getHostConstant(b);
  if (constantA || constantB)
    return constantA && constantB && *constantA == *constantB;
  Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
  if (depth > 8 || !defA || !defB || defA->getNumRegions() != 0 ||
      !isMemoryEffectFree(defA) ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      defA, defB,
      [&](Value x, Value y) {
        return success(sameHostValueAt(x, y, depth + 1));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// The value of the integer host value `value` when it is computed, without
/// memory effects, from constants and sizes of buffers allocated with
/// constant sizes.
static std::optional<int64_t> evaluateOnHost(Value value, unsigned depth) {
  value = getAllocatedSize(value);
  if (std::optional<int64_t> constant = getHostConstant(value))
    return constant;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8 || def->getNumRegions() != 0 ||
      def->getNumResults() != 1 || !isMemoryEffectFree(def))
    return std::nullopt;
  Builder b(def->getContext());
  SmallVector<Attribute> operands;
  for (Value operand : def->getOperands()) {
    if (!operand.getType().isIntOrIndex())
      return std::nullopt;
    std::optional<int64_t> constant = evaluateOnHost(operand, depth + 1);
    if (!constant)
      return std::nullopt;
    operands.push_back(b.getIntegerAttr(operand.getType(), *constant));
  }
  SmallVector<OpFoldResult> results;
  if (failed(def->fold(operands, results)) || results.size() != 1)
    return std::nullopt;
  if (auto attr = dyn_cast_if_present<IntegerAttr>(
          dyn_cast<Attribute>(results.front())))
    return attr.getInt();
  return std::nullopt;
}

/// Whether `a` is `b` plus or minus a constant other than 0 (`n - 1` and
/// `n`).
static bool isOffsetFrom(Value a, Value b) {
  Operation *def = a.getDefiningOp();
  if (!isa_and_present<arith::AddIOp, arith::SubIOp>(def))
    return false;
  for (unsigned i = 0; i < 2; ++i) {
    // (Only the first operand of a subtraction is the base.)
    if (i == 1 && isa<arith::SubIOp>(def))
      break;
    if (!sameHostValue(def->getOperand(i), b))
      continue;
    std::optional<int64_t> offset = evaluateOnHost(def->getOperand(1 - i), 0);
    if (offset && *offset != 0)
      return true;
  }
  return false;
}

/// Whether the host values `a` and `b` are computed from constants (see
/// evaluateOnHost) and differ, or one is the other plus or minus a constant
/// other than 0.
bool mlir::offload::differentHostValues(Value a, Value b) {
  std::optional<int64_t> constantA = evaluateOnHost(a, 0);
  std::optional<int64_t> constantB = evaluateOnHost(b, 0);
  if (constantA && constantB)
    return *constantA != *constantB;
  return isOffsetFrom(a, b) || isOffsetFrom(b, a);
}

bool mlir::offload::sameHostValue(Value a, Value b) {
  return sameHostValueAt(a, b, /*depth=*/0);
}

bool mlir::offload::indexesRows(linalg::LinalgOp op, OpOperand &operand) {
  return getRowIndexing(op, operand) == RowIndexing::Rows;
}
