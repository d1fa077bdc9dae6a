//===- LowerLinalg.cpp - linalg ops in kernels to parallel loops -*- C++ -*-===//
//
// Lowers the linalg structured ops of kernel bodies to the loop forms the
// kernel strategies map onto the GPU: parallel dimensions on scf.parallel,
// reductions as scf.reduce (on the grid or on a block's threads) or as
// sequential loops that accumulate in registers. Contractions the tiled
// strategy computes stay whole.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERLINALG
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Reductions whose extent is known to be below this run sequentially in
/// each thread rather than over the threads of a block.
static constexpr int64_t kMinBlockReduction = 256;

//===----------------------------------------------------------------------===//
// Loop sizes shared between ops
//===----------------------------------------------------------------------===//

namespace {
/// The sizes of the loops of all linalg ops of a kernel, each read from one
/// representative (a constant, or a dimension of a kernel argument) of the
/// dimensions that a linalg op's semantics make equal: so loops of
/// different ops over the same data get the same bounds, which the loop
/// fusion of offload-split-kernels compares.
class LoopSizes {
public:
  LoopSizes(KernelOp kernel) : kernel(kernel) {
    kernel.walk([&](linalg::LinalgOp op) {
      for (Value init : op.getDpsInits())
        written.insert(init);
      for (unsigned loop = 0, e = op.getNumLoops(); loop < e; ++loop) {
        std::optional<Key> first;
        forEachOperandDim(op, loop, [&](Value buffer, unsigned dim) {
          Key key{buffer.getAsOpaquePointer(), dim};
          classes.insert(key);
          origins[key] = {buffer, dim};
          if (first)
            classes.unionSets(*first, key);
          else
            first = key;
        });
      }
    });
  }

  /// The size of loop `loop` of `op`, created at the start of the kernel
  /// (or before `op` when no representative is available there).
  Value get(OpBuilder &b, linalg::LinalgOp op, unsigned loop) {
    std::optional<Key> some;
    forEachOperandDim(op, loop, [&](Value buffer, unsigned dim) {
      if (!some)
        some = Key{buffer.getAsOpaquePointer(), dim};
    });
    Location loc = op.getLoc();
    if (!some)
      return nullptr;
    // Prefer a static size, then a dimension of a kernel argument that an
    // op writes (so that map inference sees the loops cover that buffer),
    // then of any kernel argument.
    std::optional<std::pair<Value, unsigned>> argument;
    for (auto it = classes.findLeader(*some); it != classes.member_end();
         ++it) {
      auto [buffer, dim] = origins[*it];
      auto type = cast<MemRefType>(buffer.getType());
      if (!type.isDynamicDim(dim)) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&kernel.getBody().front());
        return arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
      }
      if (isa<BlockArgument>(buffer) &&
          cast<BlockArgument>(buffer).getOwner() ==
              &kernel.getBody().front() &&
          (!argument ||
           (!written.contains(argument->first) && written.contains(buffer))))
        argument = std::make_pair(buffer, dim);
    }
    if (argument) {
      auto key = std::make_pair(argument->first.getAsOpaquePointer(),
                                argument->second);
      Value &cached = dims[key];
      if (!cached) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&kernel.getBody().front());
        cached = memref::DimOp::create(b, loc, argument->first,
                                       argument->second);
      }
      return cached;
    }
    auto [buffer, dim] = origins[*some];
    return memref::DimOp::create(b, loc, buffer, dim);
  }

  /// The classes of dimensions of kernel arguments that the linalg ops
  /// make equal (two or more each), as offload.equal_dims lists them.
  SmallVector<SmallVector<int64_t>> getEqualArgumentDims() {
    Block &body = kernel.getBody().front();
    SmallVector<SmallVector<int64_t>> result;
    for (auto it = classes.begin(); it != classes.end(); ++it) {
      if (!(*it)->isLeader())
        continue;
      SmallVector<int64_t> pairs;
      for (auto member = classes.member_begin(**it);
           member != classes.member_end(); ++member) {
        auto [buffer, dim] = origins[*member];
        auto arg = dyn_cast<BlockArgument>(buffer);
        if (arg && arg.getOwner() == &body)
          llvm::append_range(pairs, ArrayRef<int64_t>{arg.getArgNumber(),
                                                      static_cast<int64_t>(dim)});
      }
      if (pairs.size() >= 4)
        result.push_back(std::move(pairs));
    }
    return result;
  }

private:
  using Key = std::pair<void *, unsigned>;

  /// Calls `fn` with every (memref operand, dimension) of `op` indexed by
  /// exactly loop `loop`.
  static void forEachOperandDim(linalg::LinalgOp op, unsigned loop,
                                function_ref<void(Value, unsigned)> fn) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (auto [dim, expr] : llvm::enumerate(map.getResults()))
        if (auto d = dyn_cast<AffineDimExpr>(expr);
            d && d.getPosition() == loop)
          fn(operand.get(), dim);
    }
  }

  KernelOp kernel;
  llvm::EquivalenceClasses<Key> classes;
  llvm::DenseMap<Key, std::pair<Value, unsigned>> origins;
  llvm::DenseMap<Key, Value> dims;
  /// The buffers linalg ops of the kernel write.
  llvm::SmallPtrSet<Value, 4> written;
};
} // namespace

//===----------------------------------------------------------------------===//
// Scalar bodies
//===----------------------------------------------------------------------===//

/// The indices of the element that `map` picks at `ivs`.
static SmallVector<Value> getIndices(OpBuilder &b, Location loc,
                                     AffineMap map, ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(expr)) {
      indices.push_back(ivs[d.getPosition()]);
      continue;
    }
    indices.push_back(affine::expandAffineExpr(b, loc, expr, ivs, {}));
  }
  return indices;
}

/// Loads the element of `operand` that the iteration at `ivs` (one value per
/// loop of `op`) reads, or returns the operand itself for a scalar.
static Value loadOperand(OpBuilder &b, Location loc, linalg::LinalgOp op,
                         OpOperand &operand, ArrayRef<Value> ivs) {
  if (!isa<MemRefType>(operand.get().getType()))
    return operand.get();
  return memref::LoadOp::create(
      b, loc, operand.get(),
      getIndices(b, loc, op.getMatchingIndexingMap(&operand), ivs));
}

/// Clones the body of `op` at `b` with its block arguments bound to
/// `arguments` (inputs then outputs; null for unused ones) and linalg.index
/// to `ivs`, except the ops in `skip`; returns what it yields.
static SmallVector<Value>
cloneBody(OpBuilder &b, linalg::LinalgOp op, ArrayRef<Value> arguments,
          ArrayRef<Value> ivs, IRMapping &mapping,
          const llvm::SmallPtrSetImpl<Operation *> &skip) {
  Block *body = op.getBlock();
  for (auto [arg, value] : llvm::zip(body->getArguments(), arguments))
    if (value)
      mapping.map(arg, value);
  for (Operation &nested : body->without_terminator()) {
    if (skip.contains(&nested))
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  SmallVector<Value> yields;
  for (Value v : body->getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  return yields;
}

static SmallVector<Value> cloneBody(OpBuilder &b, linalg::LinalgOp op,
                                    ArrayRef<Value> arguments,
                                    ArrayRef<Value> ivs) {
  IRMapping mapping;
  llvm::SmallPtrSet<Operation *, 1> skip;
  return cloneBody(b, op, arguments, ivs, mapping, skip);
}

/// The arguments of `op`'s body at `ivs`: loaded inputs, and the outputs'
/// current values from `outputs` (or loaded when empty). Arguments the body
/// does not use are null.
static SmallVector<Value> loadArguments(OpBuilder &b, Location loc,
                                        linalg::LinalgOp op,
                                        ArrayRef<Value> ivs,
                                        ArrayRef<Value> outputs = {},
                                        bool loadOutputs = true) {
  SmallVector<Value> arguments;
  Block *body = op.getBlock();
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (!arg || arg.getOwner() != body)
      continue;
    if (arg.use_empty() || (!loadOutputs && op.isDpsInit(&operand))) {
      arguments.push_back(nullptr);
      continue;
    }
    if (op.isDpsInit(&operand) && !outputs.empty()) {
      arguments.push_back(
          outputs[operand.getOperandNumber() - op.getNumDpsInputs()]);
      continue;
    }
    arguments.push_back(loadOperand(b, loc, op, operand, ivs));
  }
  arguments.resize(body->getNumArguments());
  return arguments;
}

/// The value of output `k` of `op` at `ivs` before `op` runs: `initials[k]`
/// when a fill fused into `op` gives it, else loaded.
static Value getInitial(OpBuilder &b, Location loc, linalg::LinalgOp op,
                        unsigned k, ArrayRef<Value> initials,
                        ArrayRef<Value> ivs) {
  if (k < initials.size() && initials[k])
    return initials[k];
  OpOperand *operand = op.getDpsInitOperand(k);
  return memref::LoadOp::create(
      b, loc, operand->get(),
      getIndices(b, loc, op.getMatchingIndexingMap(operand), ivs));
}

static void storeOutputs(OpBuilder &b, Location loc, linalg::LinalgOp op,
                         ValueRange values, ArrayRef<Value> ivs) {
  for (auto [operand, value] : llvm::zip(op.getDpsInitsMutable(), values))
    memref::StoreOp::create(
        b, loc, value, operand.get(),
        getIndices(b, loc, op.getMatchingIndexingMap(&operand), ivs));
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The kind of each loop of `op` as its lowering treats it: its iterator
/// type, except that a reduction loop every output's indexing map has as one
/// of its dimensions is parallel (iterations at different values of it
/// write different elements of every output). Empty when a reduction loop
/// still indexes an output otherwise: its iterations must run in order.
static SmallVector<utils::IteratorType> getLoopKinds(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> kinds = op.getIteratorTypesArray();
  for (auto [loop, kind] : llvm::enumerate(kinds)) {
    if (kind != utils::IteratorType::reduction)
      continue;
    bool inAll = true, inAny = false;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      inAll &= llvm::is_contained(map.getResults(),
                                  getAffineDimExpr(loop, op.getContext()));
      inAny |= map.isFunctionOfDim(loop);
    }
    if (inAll && op.getNumDpsInits() != 0)
      kind = utils::IteratorType::parallel;
    else if (inAny)
      return {};
  }
  return kinds;
}

/// An error at `op` when one of its 'parallel' iterators indexes none of an
/// output's dimensions (`(i, j) -> (i)` with both parallel: a sum over j
/// marked parallel): the iterations along it would write the same elements
/// at the same time. Linalg accepts it; its meaning is a 'reduction'.
static LogicalResult checkParallelIterators(linalg::LinalgOp op) {
  for (auto [loop, kind] : llvm::enumerate(op.getIteratorTypesArray())) {
    if (kind != utils::IteratorType::parallel)
      continue;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (map.isFunctionOfDim(loop))
        continue;
      return op->emitError()
             << "iterator #" << loop << " is 'parallel', but output #"
             << init.getOperandNumber() - op.getNumDpsInputs()
             << " (indexed by " << AffineMapAttr::get(map)
             << ") does not depend on it: the iterations along it would "
                "write the same elements at the same time; make it a "
                "'reduction' iterator";
    }
  }
  return success();
}

/// For each output of `op`, the operation of its body that combines the
/// output's current value with a value computed from the inputs only (an
/// arith op with a neutral element, the output's only use), or failure.
static FailureOr<SmallVector<Operation *>>
getCombiners(linalg::LinalgOp op) {
  SmallVector<Operation *> combiners;
  Block *body = op.getBlock();
  auto outputs = op.getRegionOutputArgs();
  if (static_cast<int64_t>(outputs.size()) != op.getNumDpsInits())
    return failure();
  for (auto [index, yielded] :
       llvm::enumerate(body->getTerminator()->getOperands())) {
    BlockArgument out = outputs[index];
    Operation *combiner = yielded.getDefiningOp();
    if (!combiner || combiner->getBlock() != body ||
        combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
        !out.hasOneUse() || out.getUses().begin()->getOwner() != combiner ||
        !arith::getNeutralElement(combiner) ||
        !isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::MaxSIOp, arith::MinSIOp,
             arith::MaxUIOp, arith::MinUIOp, arith::AndIOp, arith::OrIOp,
             arith::XOrIOp>(combiner))
      return failure();
    // The other operand must not depend on any output.
    Value other = combiner->getOperand(0) == out ? combiner->getOperand(1)
                                                 : combiner->getOperand(0);
    if (other == out)
      return failure();
    bool dependsOnOutput = false;
    SmallVector<Value> worklist{other};
    llvm::SmallPtrSet<Operation *, 8> seen;
    while (!worklist.empty() && !dependsOnOutput) {
      Value v = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        dependsOnOutput |= llvm::is_contained(outputs, arg);
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (def->getBlock() != body || !seen.insert(def).second)
        continue;
      llvm::append_range(worklist, def->getOperands());
    }
    if (dependsOnOutput)
      return failure();
    combiners.push_back(combiner);
  }
  return combiners;
}

/// Emits, at `b`, the scf.reduce terminator of a parallel loop over a
/// reduction: the values the body computes for each output, combined by
/// `combiners`.
static void emitReduce(OpBuilder &b, Location loc,
                       ArrayRef<Operation *> combiners, ValueRange values,
                       ArrayRef<Value> outputs) {
  auto reduce = scf::ReduceOp::create(b, loc, values);
  for (auto [k, combiner] : llvm::enumerate(combiners)) {
    Block &block = reduce.getReductions()[k].front();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&block);
    IRMapping mapping;
    Value out = outputs[k];
    // combiner(out, x): lhs plays the output, rhs the new value.
    Value lhs = block.getArgument(0), rhs = block.getArgument(1);
    if (combiner->getOperand(0) == out) {
      mapping.map(combiner->getOperand(0), lhs);
      mapping.map(combiner->getOperand(1), rhs);
    } else {
      mapping.map(combiner->getOperand(1), lhs);
      mapping.map(combiner->getOperand(0), rhs);
    }
    Value result = b.clone(*combiner, mapping)->getResult(0);
    scf::ReduceReturnOp::create(b, loc, result);
  }
}

/// Combines `partial` into `current` with `combiner` (a clone at `b`).
static Value combine(OpBuilder &b, Operation *combiner, Value out,
                     Value current, Value partial) {
  IRMapping mapping;
  if (combiner->getOperand(0) == out) {
    mapping.map(combiner->getOperand(0), current);
    mapping.map(combiner->getOperand(1), partial);
  } else {
    mapping.map(combiner->getOperand(1), current);
    mapping.map(combiner->getOperand(0), partial);
  }
  return b.clone(*combiner, mapping)->getResult(0);
}

//===----------------------------------------------------------------------===//
// Loop nests
//===----------------------------------------------------------------------===//

/// Creates an scf.parallel over `sizes` (from 0, step 1), collapsing the
/// leading sizes into one dimension when there are more than `maxDims`;
/// calls `body` with the iteration's indices (one per size) and returns the
/// loop.
static scf::ParallelOp
createParallel(OpBuilder &b, Location loc, ArrayRef<Value> sizes,
               unsigned maxDims, ValueRange inits,
               function_ref<void(OpBuilder &, ArrayRef<Value>, ValueRange)>
                   body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  unsigned collapsed = sizes.size() > maxDims ? sizes.size() - maxDims + 1 : 1;
  SmallVector<Value> ubs;
  Value leading = sizes.front();
  for (unsigned i = 1; i < collapsed; ++i)
    leading = arith::MulIOp::create(b, loc, leading, sizes[i]);
  ubs.push_back(leading);
  for (unsigned i = collapsed; i < sizes.size(); ++i)
    ubs.push_back(sizes[i]);
  SmallVector<Value> lbs(ubs.size(), zero), steps(ubs.size(), one);
  return scf::ParallelOp::create(
      b, loc, lbs, ubs, steps, inits,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs, ValueRange iters) {
        SmallVector<Value> indices(collapsed);
        // Delinearize the leading dimension, innermost first.
        Value rest = ivs.front();
        for (int i = collapsed - 1; i > 0; --i) {
          indices[i] = arith::RemUIOp::create(nb, nloc, rest, sizes[i]);
          rest = arith::DivUIOp::create(nb, nloc, rest, sizes[i]);
        }
        indices[0] = rest;
        llvm::append_range(indices, ivs.drop_front());
        body(nb, indices, iters);
      });
}

namespace {
class Lowering {
public:
  Lowering(RewriterBase &rewriter, LoopSizes &sizes, bool nestParallel)
      : rewriter(rewriter), sizes(sizes), nestParallel(nestParallel) {}

  /// Lowers `op`; `initials` holds, per output, the value a fill fused into
  /// it gives the output's elements before `op` (null: read the output).
  LogicalResult lower(linalg::LinalgOp op, ArrayRef<Value> initials = {});

private:
  /// No reductions: every loop on scf.parallel.
  void lowerParallel(linalg::LinalgOp op, ArrayRef<Value> loopSizes);
  /// Reductions in each thread: the parallel loops on scf.parallel, the
  /// reductions as sequential loops carrying the outputs in registers.
  void lowerSequentialReduction(linalg::LinalgOp op, ArrayRef<Value> loopSizes,
                                ArrayRef<Value> initials);
  /// One reduction, innermost: the parallel loops on one scf.parallel (on
  /// blocks), the reduction on a nested scf.parallel with scf.reduce (on
  /// the block's threads).
  void lowerRowReduction(linalg::LinalgOp op, ArrayRef<Value> loopSizes,
                         ArrayRef<Operation *> combiners,
                         ArrayRef<Value> initials);
  /// Every loop sequential, in one thread, the outputs loaded and stored at
  /// each iteration (as upstream's linalg-to-loops does).
  void lowerSequential(linalg::LinalgOp op, ArrayRef<Value> loopSizes);
  /// Only reductions: one scf.parallel with scf.reduce over the grid.
  void lowerFullReduction(linalg::LinalgOp op, ArrayRef<Value> loopSizes,
                          ArrayRef<Operation *> combiners,
                          ArrayRef<Value> initials);

  RewriterBase &rewriter;
  LoopSizes &sizes;
  bool nestParallel;
};
} // namespace

void Lowering::lowerParallel(linalg::LinalgOp op, ArrayRef<Value> loopSizes) {
  Location loc = op.getLoc();
  auto emit = [&](OpBuilder &b, ArrayRef<Value> ivs) {
    SmallVector<Value> args = loadArguments(b, loc, op, ivs);
    storeOutputs(b, loc, op, cloneBody(b, op, args, ivs), ivs);
  };
  if (loopSizes.empty()) {
    // 0-d: one element, in a loop of one iteration (the kernel's only
    // iteration space, or one that offload-split-kernels splits off).
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    createParallel(rewriter, loc, {one}, 1, {},
                   [&](OpBuilder &b, ArrayRef<Value>, ValueRange) {
                     emit(b, {});
                   });
    return;
  }
  if (nestParallel && loopSizes.size() == 1) {
    // Beside row reductions, a 1-D op (a fill of their outputs) goes on a
    // loop over rows holding a loop of one iteration, so that it fuses
    // with them and the rows still go on blocks (their threads share the
    // one iteration instead of each writing).
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    createParallel(
        rewriter, loc, loopSizes, 1, {},
        [&](OpBuilder &b, ArrayRef<Value> outer, ValueRange) {
          createParallel(b, loc, {one}, 1, {},
                         [&](OpBuilder &nb, ArrayRef<Value>, ValueRange) {
                           emit(nb, outer);
                         });
        });
    return;
  }
  if (nestParallel && loopSizes.size() >= 2) {
    // Rows on an outer loop, the rest on a nested one (fuses with row-wise
    // reductions over the same rows).
    createParallel(
        rewriter, loc, loopSizes.take_front(), 1, {},
        [&](OpBuilder &b, ArrayRef<Value> outer, ValueRange) {
          createParallel(b, loc, loopSizes.drop_front(), 1, {},
                         [&](OpBuilder &nb, ArrayRef<Value> inner, ValueRange) {
                           SmallVector<Value> ivs(outer);
                           llvm::append_range(ivs, inner);
                           emit(nb, ivs);
                         });
        });
    return;
  }
  createParallel(rewriter, loc, loopSizes, 3, {},
                 [&](OpBuilder &b, ArrayRef<Value> ivs, ValueRange) {
                   emit(b, ivs);
                 });
}

void Lowering::lowerSequentialReduction(linalg::LinalgOp op,
                                        ArrayRef<Value> loopSizes,
                                        ArrayRef<Value> initials) {
  Location loc = op.getLoc();
  SmallVector<unsigned> parallel, reduction;
  for (auto [loop, type] : llvm::enumerate(getLoopKinds(op)))
    (type == utils::IteratorType::parallel ? parallel : reduction)
        .push_back(loop);
  SmallVector<Value> parallelSizes;
  for (unsigned loop : parallel)
    parallelSizes.push_back(loopSizes[loop]);

  auto emit = [&](OpBuilder &b, ArrayRef<Value> parallelIvs) {
    SmallVector<Value> ivs(op.getNumLoops());
    for (auto [loop, iv] : llvm::zip(parallel, parallelIvs))
      ivs[loop] = iv;
    // The outputs' elements do not depend on the reduction loops.
    SmallVector<Value> current;
    for (unsigned k = 0, e = op.getNumDpsInits(); k < e; ++k)
      current.push_back(getInitial(b, loc, op, k, initials, ivs));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    std::function<SmallVector<Value>(OpBuilder &, unsigned, ValueRange)> nest =
        [&](OpBuilder &nb, unsigned depth,
            ValueRange accs) -> SmallVector<Value> {
      if (depth == reduction.size()) {
        SmallVector<Value> accValues(accs);
        SmallVector<Value> args = loadArguments(nb, loc, op, ivs, accValues);
        return cloneBody(nb, op, args, ivs);
      }
      auto loop = scf::ForOp::create(
          nb, loc, zero, loopSizes[reduction[depth]], one, accs,
          [&](OpBuilder &fb, Location, Value iv, ValueRange iters) {
            ivs[reduction[depth]] = iv;
            scf::YieldOp::create(fb, loc, nest(fb, depth + 1, iters));
          });
      return SmallVector<Value>(loop.getResults());
    };
    SmallVector<Value> results = nest(b, 0, current);
    storeOutputs(b, loc, op, results, ivs);
  };
  if (parallel.empty()) {
    // Only reductions, sequential: one iteration of a parallel loop.
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    createParallel(rewriter, loc, {one}, 1, {},
                   [&](OpBuilder &b, ArrayRef<Value>, ValueRange) {
                     emit(b, {});
                   });
    return;
  }
  createParallel(rewriter, loc, parallelSizes, 3, {},
                 [&](OpBuilder &b, ArrayRef<Value> ivs, ValueRange) {
                   emit(b, ivs);
                 });
}

void Lowering::lowerSequential(linalg::LinalgOp op, ArrayRef<Value> loopSizes) {
  Location loc = op.getLoc();
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  createParallel(
      rewriter, loc, {one}, 1, {},
      [&](OpBuilder &b, ArrayRef<Value>, ValueRange) {
        Value zero = arith::ConstantIndexOp::create(b, loc, 0);
        SmallVector<Value> ivs(op.getNumLoops());
        std::function<void(OpBuilder &, unsigned)> nest = [&](OpBuilder &nb,
                                                              unsigned depth) {
          if (depth == ivs.size()) {
            SmallVector<Value> args = loadArguments(nb, loc, op, ivs);
            storeOutputs(nb, loc, op, cloneBody(nb, op, args, ivs), ivs);
            return;
          }
          scf::ForOp::create(nb, loc, zero, loopSizes[depth], one,
                             ValueRange(),
                             [&](OpBuilder &fb, Location, Value iv,
                                 ValueRange) {
                               ivs[depth] = iv;
                               nest(fb, depth + 1);
                               scf::YieldOp::create(fb, loc);
                             });
        };
        nest(b, 0);
      });
}

/// Clones the body of `op` at `b` for the iteration at `ivs` without its
/// combiners, and returns what each combiner would combine with its output.
static SmallVector<Value> emitPartials(OpBuilder &b, Location loc,
                                       linalg::LinalgOp op, ArrayRef<Value> ivs,
                                       ArrayRef<Operation *> combiners) {
  SmallVector<Value> args = loadArguments(b, loc, op, ivs, {},
                                          /*loadOutputs=*/false);
  llvm::SmallPtrSet<Operation *, 4> skip(combiners.begin(), combiners.end());
  IRMapping mapping;
  cloneBody(b, op, args, ivs, mapping, skip);
  SmallVector<Value> partials;
  auto outputs = op.getRegionOutputArgs();
  for (auto [k, combiner] : llvm::enumerate(combiners)) {
    Value other = combiner->getOperand(0) == outputs[k]
                      ? combiner->getOperand(1)
                      : combiner->getOperand(0);
    partials.push_back(mapping.lookupOrDefault(other));
  }
  return partials;
}

/// Stores into each output of `op` at `ivs` its initial value (see
/// getInitial) combined with `partials[k]`.
static void combineIntoOutputs(OpBuilder &b, Location loc, linalg::LinalgOp op,
                               ArrayRef<Operation *> combiners,
                               ValueRange partials, ArrayRef<Value> ivs,
                               ArrayRef<Value> initials) {
  auto outputs = op.getRegionOutputArgs();
  for (auto [k, operand] : llvm::enumerate(op.getDpsInitsMutable())) {
    Value current = getInitial(b, loc, op, k, initials, ivs);
    Value total = combine(b, combiners[k], outputs[k], current, partials[k]);
    memref::StoreOp::create(
        b, loc, total, operand.get(),
        getIndices(b, loc, op.getMatchingIndexingMap(&operand), ivs));
  }
}

static SmallVector<Value> getNeutrals(OpBuilder &b, Location loc,
                                      ArrayRef<Operation *> combiners) {
  SmallVector<Value> neutrals;
  for (Operation *combiner : combiners)
    neutrals.push_back(arith::ConstantOp::create(
        b, loc, *arith::getNeutralElement(combiner)));
  return neutrals;
}

void Lowering::lowerRowReduction(linalg::LinalgOp op, ArrayRef<Value> loopSizes,
                                 ArrayRef<Operation *> combiners,
                                 ArrayRef<Value> initials) {
  Location loc = op.getLoc();
  unsigned numLoops = op.getNumLoops();
  SmallVector<Value> outputs(op.getRegionOutputArgs());
  createParallel(
      rewriter, loc, loopSizes.drop_back(), 1, {},
      [&](OpBuilder &b, ArrayRef<Value> outer, ValueRange) {
        SmallVector<Value> ivs(outer);
        ivs.push_back(nullptr);
        auto inner = createParallel(
            b, loc, loopSizes.take_back(), 1, getNeutrals(b, loc, combiners),
            [&](OpBuilder &nb, ArrayRef<Value> reductionIv, ValueRange) {
              SmallVector<Value> all(ivs);
              all[numLoops - 1] = reductionIv.front();
              emitReduce(nb, loc, combiners,
                         emitPartials(nb, loc, op, all, combiners), outputs);
            });
        // One thread of the row's block writes the result: a loop of one
        // iteration (every thread would run code outside nested loops).
        Value one = arith::ConstantIndexOp::create(b, loc, 1);
        createParallel(b, loc, {one}, 1, {},
                       [&](OpBuilder &nb, ArrayRef<Value>, ValueRange) {
                         combineIntoOutputs(nb, loc, op, combiners,
                                            inner.getResults(), ivs, initials);
                       });
      });
}

void Lowering::lowerFullReduction(linalg::LinalgOp op,
                                  ArrayRef<Value> loopSizes,
                                  ArrayRef<Operation *> combiners,
                                  ArrayRef<Value> initials) {
  Location loc = op.getLoc();
  SmallVector<Value> outputs(op.getRegionOutputArgs());
  auto loop = createParallel(
      rewriter, loc, loopSizes, 3, getNeutrals(rewriter, loc, combiners),
      [&](OpBuilder &b, ArrayRef<Value> ivs, ValueRange) {
        emitReduce(b, loc, combiners,
                   emitPartials(b, loc, op, ivs, combiners), outputs);
      });
  rewriter.setInsertionPointAfter(loop);
  SmallVector<Value> ivs(op.getNumLoops(), nullptr);
  combineIntoOutputs(rewriter, loc, op, combiners, loop.getResults(), ivs,
                     initials);
}

/// How the loops of `op` are laid out (see Lowering).
enum class Form {
  Parallel,
  RowReduction,
  FullReduction,
  SequentialReduction,
  Sequential,
  SequentialInPlace
};

/// The buffer `v` is a view of (through view-like ops), or `v` itself.
static Value getRootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether an input of `op` is (a view of) the buffer of one of its outputs.
static bool readsAnOutput(linalg::LinalgOp op) {
  llvm::SmallPtrSet<Value, 4> outputs;
  for (OpOperand &init : op.getDpsInitsMutable())
    outputs.insert(getRootBuffer(init.get()));
  return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    return isa<MemRefType>(input->get().getType()) &&
           outputs.contains(getRootBuffer(input->get()));
  });
}

static Form chooseForm(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = getLoopKinds(op);
  if (iterators.empty() && op.getNumLoops() != 0)
    return Form::Sequential;
  unsigned numReductions =
      llvm::count(iterators, utils::IteratorType::reduction);
  if (numReductions == 0)
    return Form::Parallel;
  // The other forms carry the outputs in registers across the reduction
  // loops: an input reading an output would see none of what they add.
  if (readsAnOutput(op))
    return Form::SequentialInPlace;
  if (failed(getCombiners(op)))
    return Form::SequentialReduction;
  if (numReductions == iterators.size())
    return Form::FullReduction;
  // A contraction's outputs are many and its reductions short: one thread
  // per output.
  if (matchContraction(op))
    return Form::SequentialReduction;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (numReductions == 1 &&
      iterators.back() == utils::IteratorType::reduction &&
      (ShapedType::isDynamic(ranges.back()) ||
       ranges.back() >= kMinBlockReduction))
    return Form::RowReduction;
  return Form::SequentialReduction;
}

static StringRef describe(Form form) {
  switch (form) {
  case Form::Parallel:
    return "a parallel loop over all its dimensions";
  case Form::RowReduction:
    return "a parallel loop over its outputs holding a parallel reduction "
           "(each output on a block, the reduction on its threads)";
  case Form::FullReduction:
    return "a parallel reduction over the grid";
  case Form::SequentialReduction:
    return "a parallel loop over its outputs, each reducing sequentially";
  case Form::Sequential:
    return "one thread running all its loops in order (a reduction loop "
           "indexes an output)";
  case Form::SequentialInPlace:
    return "one thread running all its loops in order (an input reads an "
           "output it reduces into)";
  }
  llvm_unreachable("unknown form");
}

LogicalResult Lowering::lower(linalg::LinalgOp op, ArrayRef<Value> initials) {
  rewriter.setInsertionPoint(op);
  SmallVector<Value> loopSizes;
  for (unsigned loop = 0, e = op.getNumLoops(); loop < e; ++loop) {
    Value size = sizes.get(rewriter, op, loop);
    if (!size)
      return op->emitError()
             << "'" << op->getName() << "' in a kernel: the size of loop "
             << loop << " cannot be read from any of its operands";
    loopSizes.push_back(size);
  }
  switch (chooseForm(op)) {
  case Form::Parallel:
    lowerParallel(op, loopSizes);
    break;
  case Form::RowReduction:
    lowerRowReduction(op, loopSizes, *getCombiners(op), initials);
    break;
  case Form::FullReduction:
    lowerFullReduction(op, loopSizes, *getCombiners(op), initials);
    break;
  case Form::SequentialReduction:
    lowerSequentialReduction(op, loopSizes, initials);
    break;
  case Form::Sequential:
  case Form::SequentialInPlace:
    lowerSequential(op, loopSizes);
    break;
  }
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// The contraction at the top of `kernel`'s body that the tiled strategy
/// computes whole, if `op` is one.
static bool isKeptWhole(linalg::LinalgOp op, KernelOp kernel) {
  if (op->getBlock() != &kernel.getBody().front())
    return false;
  std::optional<ContractionMatch> match = matchContraction(op);
  return match && canTileContraction(*match);
}

/// A linalg.fill right before the contraction `op` (only ops without memory
/// effects in between) that fills its output: the tiled strategy starts
/// its accumulators from the fill's value.
static linalg::FillOp getFusedFill(linalg::LinalgOp op) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev))
      return fill.getOutputs().front() == op.getDpsInitOperand(0)->get()
                 ? fill
                 : linalg::FillOp();
    if (!isMemoryEffectFree(prev))
      return {};
  }
  return {};
}

/// For each output of `op`, an op with reduction loops, the linalg.fill
/// before it (only fills of its other outputs and ops without memory
/// effects in between) that fills that output with a value of its element
/// type, or null. `op` writes every element of each output (its indexing
/// map is a permutation of parallel loops onto the output's dimensions)
/// from the output's initial value alone, so the fill's value can be that
/// initial value, and the fill goes away: the reduction then neither reads
/// the output nor needs a loop (a launch) of its own to fill it. None when
/// an input is (a view of) the same buffer as a filled output: it would
/// read the fill.
static SmallVector<linalg::FillOp> getFusedFills(linalg::LinalgOp op) {
  SmallVector<linalg::FillOp> fills(op.getNumDpsInits());
  if (op.getNumReductionLoops() == 0)
    return fills;
  bool any = false;
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (!fill) {
      if (!isMemoryEffectFree(prev))
        break;
      continue;
    }
    if (!fill.hasPureBufferSemantics())
      break;
    Value filled = fill.getOutputs().front();
    OpOperand *init = nullptr;
    for (OpOperand &operand : op.getDpsInitsMutable())
      if (operand.get() == filled)
        init = &operand;
    if (!init)
      break;
    unsigned k = init->getOperandNumber() - op.getNumDpsInputs();
    AffineMap map = op.getMatchingIndexingMap(init);
    auto type = cast<MemRefType>(filled.getType());
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    bool covers = map.isProjectedPermutation() &&
                  map.getNumResults() == op.getNumParallelLoops() &&
                  llvm::all_of(map.getResults(), [&](AffineExpr expr) {
                    return iterators[cast<AffineDimExpr>(expr).getPosition()] ==
                           utils::IteratorType::parallel;
                  });
    if (fills[k] || !covers || fill.value().getType() != type.getElementType())
      break;
    fills[k] = fill;
    any = true;
  }
  if (!any)
    return fills;
  for (OpOperand *input : op.getDpsInputOperands())
    for (linalg::FillOp fill : fills)
      if (fill && getRootBuffer(input->get()) ==
                      getRootBuffer(fill.getOutputs().front()))
        return SmallVector<linalg::FillOp>(op.getNumDpsInits());
  return fills;
}

namespace {
struct OffloadLowerLinalgPass
    : public offload::impl::OffloadLowerLinalgBase<OffloadLowerLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failed = false;
    for (KernelOp kernel : getOperation().getOps<KernelOp>()) {
      // A memref.copy is the linalg.copy of its operands: the same
      // parallel loops (the LLVM lowering would copy with one thread, or
      // call MLIR's runtime library for strided views).
      SmallVector<memref::CopyOp> copies;
      kernel.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
      for (memref::CopyOp copy : copies) {
        if (!isa<MemRefType>(copy.getSource().getType()) ||
            !isa<MemRefType>(copy.getTarget().getType()))
          continue;
        rewriter.setInsertionPoint(copy);
        rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                    copy.getTarget());
      }
      SmallVector<linalg::LinalgOp> ops;
      kernel.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
      if (ops.empty())
        continue;
      llvm::SmallPtrSet<Operation *, 4> kept;
      // Fills that become the initial values of the reductions after them.
      llvm::DenseMap<Operation *, SmallVector<linalg::FillOp>> fusedFills;
      llvm::SmallPtrSet<Operation *, 4> fused;
      llvm::SmallPtrSet<Operation *, 1> epilogues;
      bool rows = false;
      for (linalg::LinalgOp op : ops) {
        if (!op.hasPureBufferSemantics()) {
          op->emitError() << "'" << op->getName() << "' on tensors in kernel @"
                          << kernel.getSymName()
                          << ": kernels take memrefs; bufferize the module "
                             "first (offload-cc does for functions outside "
                             "kernels)";
          failed = true;
          continue;
        }
        if (mlir::failed(checkParallelIterators(op))) {
          failed = true;
          continue;
        }
        if (isKeptWhole(op, kernel)) {
          kept.insert(op);
          if (linalg::FillOp fill = getFusedFill(op))
            kept.insert(fill);
          // An elementwise op on its result: the contraction's epilogue.
          if (linalg::LinalgOp epilogue =
                  getFusableEpilogue(*matchContraction(op)))
            epilogues.insert(epilogue);
          continue;
        }
        if (epilogues.contains(op)) {
          kept.insert(op);
          continue;
        }
        rows |= chooseForm(op) == Form::RowReduction;
        SmallVector<linalg::FillOp> fills = getFusedFills(op);
        if (llvm::any_of(fills, [](linalg::FillOp f) { return bool(f); })) {
          for (linalg::FillOp fill : fills)
            if (fill)
              fused.insert(fill);
          fusedFills[op] = std::move(fills);
        }
      }
      if (failed)
        continue;
      LoopSizes sizes(kernel);
      // Record which argument dimensions the ops make equal before they
      // are gone (map inference relies on it).
      SmallVector<Attribute> equalDims;
      if (auto existing = kernel->getAttrOfType<ArrayAttr>(
              OffloadDialect::getEqualDimsAttrName()))
        llvm::append_range(equalDims, existing);
      for (ArrayRef<int64_t> pairs : sizes.getEqualArgumentDims())
        equalDims.push_back(rewriter.getDenseI64ArrayAttr(pairs));
      if (!equalDims.empty())
        kernel->setAttr(OffloadDialect::getEqualDimsAttrName(),
                        rewriter.getArrayAttr(equalDims));
      Lowering lowering(rewriter, sizes, /*nestParallel=*/rows);
      for (linalg::LinalgOp op : ops) {
        if (kept.contains(op)) {
          if (remarks && epilogues.contains(op))
            op->emitRemark() << "'" << op->getName()
                             << "' kept whole as the epilogue of the "
                                "contraction before it";
          else if (remarks && !isa<linalg::FillOp>(op))
            op->emitRemark() << "'" << op->getName()
                             << "' kept whole for the tiled contraction "
                                "strategy";
          continue;
        }
        if (fused.contains(op))
          continue; // erased with the reduction it fuses into
        SmallVector<Value> initials;
        auto it = fusedFills.find(op);
        if (it != fusedFills.end()) {
          for (linalg::FillOp fill : it->second) {
            initials.push_back(fill ? fill.value() : Value());
            if (fill && remarks)
              fill->emitRemark()
                  << "'linalg.fill' fused into the initial value of '"
                  << op->getName() << "'";
          }
        }
        if (remarks) {
          Form form = chooseForm(op);
          std::string text;
          llvm::raw_string_ostream os(text);
          os << "'" << op->getName() << "' lowered to ";
          if (form == Form::Parallel && rows && op.getNumLoops() >= 2)
            os << "a parallel loop over rows holding a parallel loop over "
                  "the rest (to fuse with the kernel's row reductions)";
          else if (form == Form::Parallel && rows && op.getNumLoops() == 1)
            os << "a parallel loop over rows holding a loop of one "
                  "iteration (to fuse with the kernel's row reductions)";
          else
            os << describe(form);
          op->emitRemark() << text;
        }
        failed |= mlir::failed(lowering.lower(op, initials));
        if (it != fusedFills.end())
          for (linalg::FillOp fill : it->second)
            if (fill)
              rewriter.eraseOp(fill);
      }
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
