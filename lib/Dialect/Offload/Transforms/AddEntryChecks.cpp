//===- AddEntryChecks.cpp - offload-add-entry-checks ------------*- C++ -*-===//
//
// The run-time half of bounds and aliasing safety: for every entry point a
// checker function that evaluates, from the entry's own arguments, what each
// buffer argument must cover, and whether two buffers the function writes
// through overlap. The Python package and C callers run it before the entry
// (docs/Python.md, docs/CAPI.md).
//
// The reach of an access is computed exactly over the iteration space of
// the loops around it, so that a check never refuses a call that stays in
// bounds; an access whose reach cannot be computed that way is not checked
// (a remark says why). Each value the reach needs is cloned into the checker
// (pure ops on the arguments, memref.dim of buffer arguments); a loop
// variable becomes its first and last value; an index is a sum of terms over
// distinct loop variables, so that its extremes are the sums of its terms'
// extremes. A requirement holds only when every loop around the access runs
// (lower bound below upper bound).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Dialect/Offload/Utils/ByteRange.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADADDENTRYCHECKS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

static constexpr llvm::StringLiteral kArgNamesAttr = "offload_capi.arg_names";
static constexpr llvm::StringLiteral kLauncherPrefix = "__offload_launch_";
static constexpr llvm::StringLiteral kCheckPrefix = "__offload_check_";
static constexpr llvm::StringLiteral kEntryCheckAttr =
    "offload_capi.entry_check";
static constexpr llvm::StringLiteral kCheckerAttr = "offload_capi.checker";

namespace {
/// The values an integer takes where it is used, as checker values of type
/// index: from `min` to `max`, depending on the loop variables `vars` (each
/// independent of the others). Without loop variables it is one value,
/// `exact` (in its own type) with min == max.
struct IndexRange {
  Value min, max, exact;
  SmallVector<Value, 2> vars;
  bool isInvariant() const { return vars.empty(); }
};

/// A buffer argument of the entry point, as a value of the code walked sees
/// it; `reason` says why accesses through it are not checked (a view).
struct Tracked {
  unsigned arg = 0;
  std::string reason;
};

/// What the walk knows at one place of the code: values computed in the
/// checker, loop variables, the buffers, and the condition under which the
/// code here runs. Lookups go up to the enclosing scopes.
struct Scope {
  Scope *parent = nullptr;
  IRMapping values;
  DenseMap<Value, IndexRange> ranges;
  DenseMap<Value, Tracked> buffers;
  DenseMap<Value, std::string> unknown;
  /// Every loop around here runs at least once (null: always).
  Value guard;
  /// Why nothing here is checked (a conditional region).
  std::string blocked;

  explicit Scope(Scope *parent = nullptr) : parent(parent) {
    if (parent) {
      guard = parent->guard;
      blocked = parent->blocked;
    }
  }
  Value lookupValue(Value v) const {
    for (const Scope *s = this; s; s = s->parent)
      if (Value mapped = s->values.lookupOrNull(v))
        return mapped;
    return {};
  }
  const IndexRange *lookupRange(Value v) const {
    for (const Scope *s = this; s; s = s->parent)
      if (auto it = s->ranges.find(v); it != s->ranges.end())
        return &it->second;
    return nullptr;
  }
  const Tracked *lookupBuffer(Value v) const {
    for (const Scope *s = this; s; s = s->parent)
      if (auto it = s->buffers.find(v); it != s->buffers.end())
        return &it->second;
    return nullptr;
  }
  const std::string *lookupUnknown(Value v) const {
    for (const Scope *s = this; s; s = s->parent)
      if (auto it = s->unknown.find(v); it != s->unknown.end())
        return &it->second;
    return nullptr;
  }
};

/// What one buffer argument must satisfy along one dimension: every index
/// reached is at least `low` and below `need` (both index values of the
/// checker, 0 when no access runs).
struct Requirement {
  Value need, low;
};

/// A loop whose step an argument gives: it must be positive where the
/// loops around it run (`guard`, null when always). Zero would divide by
/// zero where the grid is computed and never end on the host.
struct StepRequirement {
  Value step, guard;
  Location loc;
};

struct Unchecked {
  unsigned arg;
  Operation *op;
  std::string reason;
};

/// Builds the checker of one entry point.
class CheckerBuilder {
public:
  CheckerBuilder(func::FuncOp entry, func::FuncOp checker,
                 SymbolTableCollection &symbols)
      : entry(entry), checker(checker), symbols(symbols),
        b(OpBuilder::atBlockBegin(&checker.getBody().front())) {}

  /// Walks the entry's body and records the requirements.
  void walkEntry();

  llvm::MapVector<std::pair<unsigned, unsigned>, Requirement> requirements;
  SmallVector<StepRequirement> stepRequirements;
  SmallVector<Unchecked> unchecked;
  /// Whether an addition, subtraction or multiplication of the checks
  /// overflowed 64 bits (null: none was made): the ranges they compute
  /// would be wrong, and the call is refused.
  Value overflowed;

private:
  Location loc() { return checker.getLoc(); }
  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc(), v);
  }
  /// `x + y`, `x - y` and `x * y` on index values, recording in
  /// `overflowed` whether the signed 64-bit result wrapped.
  Value add(Value x, Value y) { return checked(x, y, arith::AddIOp()); }
  Value sub(Value x, Value y) { return checked(x, y, arith::SubIOp()); }
  Value mul(Value x, Value y) { return checked(x, y, arith::MulIOp()); }
  template <typename OpTy> Value checked(Value x, Value y, OpTy);
  void recordOverflow(Value wrapped) {
    overflowed = overflowed
                     ? arith::OrIOp::create(b, loc(), overflowed, wrapped)
                     : wrapped;
  }
  Value toIndex(Value v);
  IndexRange invariant(Value exact);

  FailureOr<IndexRange> eval(Value v, Scope &scope, std::string &why);
  FailureOr<IndexRange> evalOp(Operation *def, Value v, Scope &scope,
                               std::string &why);
  FailureOr<IndexRange> evalFold(OpFoldResult v, Scope &scope,
                                 std::string &why);

  void walkBlock(Block &block, Scope &scope);
  void visit(Operation *op, Scope &scope);
  /// A loop with variables `ivs` from `lbs` to `ubs` by `steps` around
  /// `body`.
  void visitLoop(Operation *op, ValueRange ivs, ArrayRef<OpFoldResult> lbs,
                 ArrayRef<OpFoldResult> ubs, ArrayRef<OpFoldResult> steps,
                 Block &body, Scope &scope);
  /// A launch or a call: walks `callee`'s body with its arguments bound to
  /// `operands`.
  void visitCall(Operation *op, Region &body, ValueRange operands,
                 Scope &scope);
  void visitLinalg(linalg::LinalgOp op, Scope &scope);
  void visitAccess(Operation *op, Value memref, ValueRange indices,
                   ArrayRef<int64_t> trailingExtent, Scope &scope);
  void addRequirement(unsigned arg, unsigned dim, const IndexRange &range,
                      Value guard, int64_t extra = 0);
  void addUnchecked(const Tracked &tracked, Operation *op, const Twine &reason);
  /// Uses of tracked buffers by an op the walk does not understand.
  void visitOpaque(Operation *op, Scope &scope);

  func::FuncOp entry, checker;
  SymbolTableCollection &symbols;
  OpBuilder b;
  llvm::SmallPtrSet<Operation *, 4> activeCallees;
};
} // namespace

template <typename OpTy>
Value CheckerBuilder::checked(Value x, Value y, OpTy) {
  Type i64 = b.getI64Type();
  Value a = arith::IndexCastOp::create(b, loc(), i64, x);
  Value c = arith::IndexCastOp::create(b, loc(), i64, y);
  Value zero = arith::ConstantIntOp::create(b, loc(), 0, 64);
  Value result, wrapped;
  if constexpr (std::is_same_v<OpTy, arith::MulIOp>) {
    // The high half of the 128-bit product is the sign of the low half.
    auto product = arith::MulSIExtendedOp::create(b, loc(), a, c);
    result = product.getLow();
    Value sign = arith::ShRSIOp::create(
        b, loc(), result, arith::ConstantIntOp::create(b, loc(), 63, 64));
    wrapped = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::ne,
                                    product.getHigh(), sign);
  } else {
    result = OpTy::create(b, loc(), a, c);
    // Signed overflow: the result's sign differs from both operands' (an
    // addition) or from the first's, the operands' signs differing (a
    // subtraction).
    Value fromA = arith::XOrIOp::create(b, loc(), a, result);
    Value other = std::is_same_v<OpTy, arith::AddIOp>
                      ? arith::XOrIOp::create(b, loc(), c, result)
                      : arith::XOrIOp::create(b, loc(), a, c);
    wrapped = arith::CmpIOp::create(
        b, loc(), arith::CmpIPredicate::slt,
        arith::AndIOp::create(b, loc(), fromA, other), zero);
  }
  recordOverflow(wrapped);
  return arith::IndexCastOp::create(b, loc(), b.getIndexType(), result);
}

Value CheckerBuilder::toIndex(Value v) {
  if (v.getType().isIndex())
    return v;
  if (v.getType().isInteger(1))
    return arith::IndexCastUIOp::create(b, loc(), b.getIndexType(), v);
  return arith::IndexCastOp::create(b, loc(), b.getIndexType(), v);
}

IndexRange CheckerBuilder::invariant(Value exact) {
  IndexRange r;
  r.exact = exact;
  if (exact.getType().isIntOrIndex())
    r.min = r.max = toIndex(exact);
  return r;
}

static bool disjoint(ArrayRef<Value> a, ArrayRef<Value> b) {
  return llvm::none_of(a, [&](Value v) { return llvm::is_contained(b, v); });
}

static SmallVector<Value, 2> unite(ArrayRef<Value> a, ArrayRef<Value> b) {
  SmallVector<Value, 2> result(a);
  for (Value v : b)
    if (!llvm::is_contained(result, v))
      result.push_back(v);
  return result;
}

static std::string describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

FailureOr<IndexRange> CheckerBuilder::evalFold(OpFoldResult v, Scope &scope,
                                               std::string &why) {
  if (auto attr = dyn_cast<Attribute>(v))
    return invariant(constant(cast<IntegerAttr>(attr).getInt()));
  return eval(cast<Value>(v), scope, why);
}

FailureOr<IndexRange> CheckerBuilder::eval(Value v, Scope &scope,
                                           std::string &why) {
  if (const IndexRange *r = scope.lookupRange(v))
    return *r;
  if (Value mapped = scope.lookupValue(v))
    return invariant(mapped);
  if (const std::string *reason = scope.lookupUnknown(v)) {
    why = *reason;
    return failure();
  }
  Operation *def = v.getDefiningOp();
  if (!def) {
    why = "it depends on a value carried from one iteration or block to the "
          "next";
    return failure();
  }
  FailureOr<IndexRange> result = evalOp(def, v, scope, why);
  if (succeeded(result)) {
    if (result->isInvariant())
      scope.values.map(v, result->exact);
    else
      scope.ranges[v] = *result;
  }
  return result;
}

FailureOr<IndexRange> CheckerBuilder::evalOp(Operation *def, Value v,
                                             Scope &scope, std::string &why) {
  // Constants and pure ops on values known in the checker: cloned.
  if (def->getNumRegions() == 0 && isPure(def) &&
      llvm::all_of(def->getResultTypes(),
                   [](Type t) { return t.isIntOrIndexOrFloat(); })) {
    SmallVector<IndexRange> operands;
    bool allInvariant = true;
    std::string operandWhy;
    bool ok = true;
    for (Value operand : def->getOperands()) {
      FailureOr<IndexRange> r = eval(operand, scope, operandWhy);
      if (failed(r)) {
        ok = false;
        break;
      }
      allInvariant &= r->isInvariant();
      operands.push_back(*r);
    }
    if (!ok) {
      why = operandWhy;
      return failure();
    }
    if (allInvariant) {
      IRMapping mapping;
      for (auto [operand, r] : llvm::zip(def->getOperands(), operands))
        mapping.map(operand, r.exact);
      Operation *clone = b.clone(*def, mapping);
      return invariant(clone->getResult(cast<OpResult>(v).getResultNumber()));
    }
    // Arithmetic on loop variables: the extremes of the result.
    auto binary = [&](auto build) -> FailureOr<IndexRange> {
      const IndexRange &l = operands[0], &r = operands[1];
      if (!disjoint(l.vars, r.vars)) {
        why = "it combines a loop variable with itself";
        return failure();
      }
      IndexRange result;
      result.vars = unite(l.vars, r.vars);
      build(l, r, result);
      return result;
    };
    auto bothInvariantOrConstant = [&](const IndexRange &r, int64_t &c) {
      APInt value;
      if (!r.isInvariant() || !matchPattern(r.min, m_ConstantInt(&value)))
        return false;
      c = value.getSExtValue();
      return true;
    };
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>(def))
      return operands[0];
    if (isa<arith::AddIOp>(def))
      return binary(
          [&](const IndexRange &l, const IndexRange &r, IndexRange &out) {
            out.min = add(l.min, r.min);
            out.max = add(l.max, r.max);
          });
    if (isa<arith::SubIOp>(def))
      return binary(
          [&](const IndexRange &l, const IndexRange &r, IndexRange &out) {
            out.min = sub(l.min, r.max);
            out.max = sub(l.max, r.min);
          });
    if (isa<arith::MulIOp>(def)) {
      if (!operands[0].isInvariant() && !operands[1].isInvariant()) {
        why = "it multiplies two loop variables";
        return failure();
      }
      return binary(
          [&](const IndexRange &l, const IndexRange &r, IndexRange &out) {
            Value a = mul(l.min, r.min);
            Value c = mul(l.max, r.max);
            out.min = arith::MinSIOp::create(b, loc(), a, c);
            out.max = arith::MaxSIOp::create(b, loc(), a, c);
          });
    }
    if (isa<arith::MaxSIOp, arith::MinSIOp>(def)) {
      bool isMax = isa<arith::MaxSIOp>(def);
      return binary(
          [&](const IndexRange &l, const IndexRange &r, IndexRange &out) {
            if (isMax) {
              out.min = arith::MaxSIOp::create(b, loc(), l.min, r.min);
              out.max = arith::MaxSIOp::create(b, loc(), l.max, r.max);
            } else {
              out.min = arith::MinSIOp::create(b, loc(), l.min, r.min);
              out.max = arith::MinSIOp::create(b, loc(), l.max, r.max);
            }
          });
    }
    if (isa<arith::FloorDivSIOp, arith::DivSIOp>(def)) {
      int64_t c;
      if (!operands[0].isInvariant() &&
          bothInvariantOrConstant(operands[1], c) && c > 0) {
        IndexRange out = operands[0];
        Value divisor = constant(c);
        if (isa<arith::FloorDivSIOp>(def)) {
          out.min = arith::FloorDivSIOp::create(b, loc(), out.min, divisor);
          out.max = arith::FloorDivSIOp::create(b, loc(), out.max, divisor);
        } else {
          out.min = arith::DivSIOp::create(b, loc(), out.min, divisor);
          out.max = arith::DivSIOp::create(b, loc(), out.max, divisor);
        }
        return out;
      }
    }
    why = "it depends on " + describe(def) + " of a loop variable";
    return failure();
  }
  if (isa<memref::LoadOp, vector::LoadOp, vector::ExtractOp,
          memref::AtomicRMWOp>(def))
    why = "it is read from memory (" + describe(def) + ")";
  else
    why = "it depends on " + describe(def);
  return failure();
}

void CheckerBuilder::addRequirement(unsigned arg, unsigned dim,
                                    const IndexRange &range, Value guard,
                                    int64_t extra) {
  Value zero = constant(0);
  Value end = add(range.max, constant(1 + extra));
  Value low = range.min;
  if (guard) {
    end = arith::SelectOp::create(b, loc(), guard, end, zero);
    low = arith::SelectOp::create(b, loc(), guard, low, zero);
  }
  auto [it, inserted] = requirements.try_emplace({arg, dim});
  Requirement &req = it->second;
  if (inserted) {
    req.need = arith::MaxSIOp::create(b, loc(), end, zero);
    req.low = arith::MinSIOp::create(b, loc(), low, zero);
    return;
  }
  req.need = arith::MaxSIOp::create(b, loc(), req.need, end);
  req.low = arith::MinSIOp::create(b, loc(), req.low, low);
}

void CheckerBuilder::addUnchecked(const Tracked &tracked, Operation *op,
                                  const Twine &reason) {
  for (const Unchecked &u : unchecked)
    if (u.arg == tracked.arg && u.op == op)
      return;
  unchecked.push_back({tracked.arg, op, reason.str()});
}

void CheckerBuilder::visitAccess(Operation *op, Value memref,
                                 ValueRange indices,
                                 ArrayRef<int64_t> trailingExtent,
                                 Scope &scope) {
  const Tracked *tracked = scope.lookupBuffer(memref);
  if (!tracked)
    return;
  if (!tracked->reason.empty())
    return addUnchecked(*tracked, op, tracked->reason);
  if (!scope.blocked.empty())
    return addUnchecked(*tracked, op, scope.blocked);
  unsigned firstTrailing = indices.size() - trailingExtent.size();
  for (auto [dim, index] : llvm::enumerate(indices)) {
    std::string why;
    FailureOr<IndexRange> range = eval(index, scope, why);
    if (failed(range)) {
      addUnchecked(*tracked, op,
                   "its index in dimension " + Twine(dim) +
                       " is not known "
                       "before the loops run: " +
                       why);
      continue;
    }
    int64_t extra =
        dim >= firstTrailing ? trailingExtent[dim - firstTrailing] - 1 : 0;
    addRequirement(tracked->arg, dim, *range, scope.guard, extra);
  }
}

void CheckerBuilder::visitLoop(Operation *op, ValueRange ivs,
                               ArrayRef<OpFoldResult> lbs,
                               ArrayRef<OpFoldResult> ubs,
                               ArrayRef<OpFoldResult> steps, Block &body,
                               Scope &scope) {
  Scope inner(&scope);
  for (auto [iv, lbFold, ubFold, stepFold] : llvm::zip(ivs, lbs, ubs, steps)) {
    std::string why;
    FailureOr<IndexRange> lb = evalFold(lbFold, scope, why);
    FailureOr<IndexRange> ub = failure(), step = failure();
    if (succeeded(lb))
      ub = evalFold(ubFold, scope, why);
    if (succeeded(ub))
      step = evalFold(stepFold, scope, why);
    if (succeeded(step) &&
        (!lb->isInvariant() || !ub->isInvariant() || !step->isInvariant()))
      why = "the bounds of an enclosing loop depend on another loop's "
            "variable";
    if (!why.empty()) {
      inner.unknown[iv] = "it depends on a loop variable whose bounds are "
                          "not known before the loops run (" +
                          why + ")";
      continue;
    }
    // A step not known at compile time must be positive.
    if (!getConstantIntValue(stepFold))
      stepRequirements.push_back({step->min, scope.guard, op->getLoc()});
    // The first and the last value of the loop variable.
    Value one = constant(1);
    Value stepValue = arith::MaxSIOp::create(b, loc(), step->min, one);
    Value span = sub(sub(ub->min, lb->min), one);
    Value last = add(
        lb->min,
        mul(arith::FloorDivSIOp::create(b, loc(), span, stepValue), stepValue));
    IndexRange range;
    range.min = lb->min;
    range.max = last;
    range.vars.push_back(iv);
    inner.ranges[iv] = range;
    Value runs = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::slt,
                                       lb->min, ub->min);
    inner.guard =
        inner.guard ? arith::AndIOp::create(b, loc(), inner.guard, runs) : runs;
  }
  (void)op;
  walkBlock(body, inner);
}

void CheckerBuilder::visitCall(Operation *op, Region &body, ValueRange operands,
                               Scope &scope) {
  Operation *callee = body.getParentOp();
  if (body.empty() || !activeCallees.insert(callee).second) {
    for (Value operand : operands)
      if (const Tracked *tracked = scope.lookupBuffer(operand))
        addUnchecked(*tracked, op, "it is passed to a recursive function");
    return;
  }
  Scope inner(&scope);
  Block &entryBlock = body.front();
  for (auto [arg, operand] : llvm::zip(entryBlock.getArguments(), operands)) {
    if (isa<BaseMemRefType>(arg.getType())) {
      if (const Tracked *tracked = scope.lookupBuffer(operand))
        inner.buffers[arg] = *tracked;
      if (Value mapped = scope.lookupValue(operand))
        inner.values.map(arg, mapped);
      else
        inner.unknown[arg] = "it depends on the size of a buffer that is "
                             "not an argument";
      continue;
    }
    if (!arg.getType().isIntOrIndexOrFloat())
      continue;
    std::string why;
    FailureOr<IndexRange> r = eval(operand, scope, why);
    if (failed(r))
      inner.unknown[arg] = why;
    else if (r->isInvariant())
      inner.values.map(arg, r->exact);
    else
      inner.ranges[arg] = *r;
  }
  walkBlock(entryBlock, inner);
  Scope rest(&inner);
  if (rest.blocked.empty())
    rest.blocked = "it is in a block that may not run";
  for (Block &block : llvm::drop_begin(body))
    walkBlock(block, rest);
  activeCallees.erase(callee);
}

void CheckerBuilder::visitLinalg(linalg::LinalgOp op, Scope &scope) {
  // The loop sizes, from the operands' sizes as linalg lowers them.
  SmallVector<Value> shapes;
  bool known = true;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      known &= !isa<ShapedType>(operand.get().getType());
      continue;
    }
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d)) {
        shapes.push_back(constant(type.getDimSize(d)));
        continue;
      }
      Value mapped = scope.lookupValue(operand.get());
      if (!mapped) {
        known = false;
        shapes.push_back({});
        continue;
      }
      shapes.push_back(memref::DimOp::create(b, loc(), mapped, d));
    }
  }
  auto report = [&](const Twine &why) {
    for (OpOperand &operand : op->getOpOperands())
      if (const Tracked *tracked = scope.lookupBuffer(operand.get()))
        addUnchecked(*tracked, op, why);
  };
  if (!known || !scope.blocked.empty())
    return report(scope.blocked.empty()
                      ? Twine("the sizes of its loops are not known")
                      : Twine(scope.blocked));
  AffineMap shapesToLoops = op.getShapesToLoopsMap();
  if (!shapesToLoops)
    return report("the sizes of its loops are not known");
  // Each loop size is one of the operands' sizes.
  SmallVector<Value> sizes;
  for (AffineExpr expr : shapesToLoops.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || !shapes[dim.getPosition()])
      return report("the sizes of its loops are not known");
    sizes.push_back(shapes[dim.getPosition()]);
  }
  Value guard = scope.guard;
  for (Value size : sizes) {
    Value runs = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::sgt,
                                       size, constant(0));
    guard = guard ? arith::AndIOp::create(b, loc(), guard, runs) : runs;
  }
  for (OpOperand &operand : op->getOpOperands()) {
    const Tracked *tracked = scope.lookupBuffer(operand.get());
    if (!tracked)
      continue;
    if (!tracked->reason.empty()) {
      addUnchecked(*tracked, op, tracked->reason);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      // Sums of c * loop + constant, each loop at most once.
      Value min = constant(0), max = constant(0);
      SmallVector<unsigned> seen;
      bool ok = true;
      std::function<void(AffineExpr, int64_t)> add = [&](AffineExpr e,
                                                         int64_t scale) {
        if (!ok)
          return;
        if (auto c = dyn_cast<AffineConstantExpr>(e)) {
          Value v = constant(c.getValue() * scale);
          min = this->add(min, v);
          max = this->add(max, v);
          return;
        }
        if (auto d = dyn_cast<AffineDimExpr>(e)) {
          if (llvm::is_contained(seen, d.getPosition())) {
            ok = false;
            return;
          }
          seen.push_back(d.getPosition());
          Value last =
              mul(sub(sizes[d.getPosition()], constant(1)), constant(scale));
          min = this->add(min,
                          arith::MinSIOp::create(b, loc(), last, constant(0)));
          max = this->add(max,
                          arith::MaxSIOp::create(b, loc(), last, constant(0)));
          return;
        }
        auto bin = dyn_cast<AffineBinaryOpExpr>(e);
        if (bin && bin.getKind() == AffineExprKind::Add) {
          add(bin.getLHS(), scale);
          add(bin.getRHS(), scale);
          return;
        }
        if (bin && bin.getKind() == AffineExprKind::Mul) {
          if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS())) {
            add(bin.getLHS(), scale * c.getValue());
            return;
          }
        }
        ok = false;
      };
      add(expr, 1);
      if (!ok) {
        addUnchecked(*tracked, op,
                     "its indexing map in dimension " + Twine(dim) +
                         " is not a sum of distinct loops");
        continue;
      }
      IndexRange range;
      range.min = min;
      range.max = max;
      addRequirement(tracked->arg, dim, range, guard);
    }
  }
  // The body: its accesses to other buffers depend on linalg.index.
  Scope inner(&scope);
  inner.blocked = "it is in the body of " + describe(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      walkBlock(block, inner);
}

void CheckerBuilder::visitOpaque(Operation *op, Scope &scope) {
  bool tracksResults = false;
  Tracked derived;
  for (Value operand : op->getOperands()) {
    const Tracked *tracked = scope.lookupBuffer(operand);
    if (!tracked)
      continue;
    // Ops that only read the buffer's metadata.
    if (isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp,
            memref::ExtractAlignedPointerAsIndexOp, memref::DeallocOp>(op))
      continue;
    if (isa<memref::CastOp>(op)) {
      for (Value result : op->getResults()) {
        scope.buffers[result] = *tracked;
        if (Value mapped = scope.lookupValue(operand))
          scope.values.map(result, mapped);
      }
      continue;
    }
    if (!tracksResults) {
      derived = *tracked;
      if (derived.reason.empty())
        derived.reason = "it is accessed through " + describe(op);
      tracksResults = true;
    }
    if (!isa<ViewLikeOpInterface>(op) && !isMemoryEffectFree(op))
      addUnchecked(*tracked, op,
                   "it is passed to " + describe(op) +
                       ", which the check cannot see through");
  }
  if (tracksResults)
    for (Value result : op->getResults())
      if (isa<BaseMemRefType>(result.getType()))
        scope.buffers[result] = derived;
  if (op->getNumRegions()) {
    Scope inner(&scope);
    if (inner.blocked.empty())
      inner.blocked = "it is inside " + describe(op) + ", which may not run it";
    for (Region &region : op->getRegions())
      for (Block &block : region)
        walkBlock(block, inner);
  }
}

void CheckerBuilder::visit(Operation *op, Scope &scope) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return visitAccess(op, load.getMemRef(), load.getIndices(), {}, scope);
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (const Tracked *tracked = scope.lookupBuffer(store.getValueToStore()))
      addUnchecked(*tracked, op, "it is stored into memory");
    return visitAccess(op, store.getMemRef(), store.getIndices(), {}, scope);
  }
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
    return visitAccess(op, rmw.getMemref(), rmw.getIndices(), {}, scope);
  if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return visitAccess(op, rmw.getMemref(), rmw.getIndices(), {}, scope);
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return visitAccess(op, load.getBase(), load.getIndices(),
                       load.getVectorType().getShape(), scope);
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return visitAccess(op, store.getBase(), store.getIndices(),
                       store.getVectorType().getShape(), scope);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return visitLoop(op, loop.getInductionVar(),
                     {OpFoldResult(loop.getLowerBound())},
                     {OpFoldResult(loop.getUpperBound())},
                     {OpFoldResult(loop.getStep())}, *loop.getBody(), scope);
  if (auto loop = dyn_cast<scf::ParallelOp>(op))
    return visitLoop(op, loop.getInductionVars(),
                     getAsOpFoldResult(loop.getLowerBound()),
                     getAsOpFoldResult(loop.getUpperBound()),
                     getAsOpFoldResult(loop.getStep()), *loop.getBody(), scope);
  if (auto loop = dyn_cast<scf::ForallOp>(op))
    return visitLoop(op, loop.getInductionVars(), loop.getMixedLowerBound(),
                     loop.getMixedUpperBound(), loop.getMixedStep(),
                     *loop.getBody(), scope);
  if (isa<DataOp, memref::AllocaScopeOp>(op) ||
      (isa<scf::ExecuteRegionOp>(op) && op->getRegion(0).hasOneBlock())) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        walkBlock(block, scope);
    return;
  }
  if (auto launch = dyn_cast<LaunchOp>(op)) {
    auto kernel =
        symbols.lookupNearestSymbolFrom<KernelOp>(op, launch.getKernelAttr());
    if (kernel && llvm::none_of(kernel.getArgumentTypes(),
                                [](Type t) { return isa<TupleType>(t); }))
      return visitCall(op, kernel.getBody(), launch.getArgs(), scope);
    return visitOpaque(op, scope);
  }
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee =
        symbols.lookupNearestSymbolFrom<func::FuncOp>(op, call.getCalleeAttr());
    if (callee && !callee.isExternal())
      return visitCall(op, callee.getBody(), call.getOperands(), scope);
    return visitOpaque(op, scope);
  }
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      linalgOp && linalgOp.hasPureBufferSemantics())
    return visitLinalg(linalgOp, scope);
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    const Tracked *target = scope.lookupBuffer(copy.getTarget());
    Value source = scope.lookupValue(copy.getSource());
    auto sourceType = dyn_cast<MemRefType>(copy.getSource().getType());
    if (!target || !sourceType)
      return visitOpaque(op, scope);
    if (!target->reason.empty() || !scope.blocked.empty() ||
        (!source && !sourceType.hasStaticShape()))
      return addUnchecked(*target, op,
                          !target->reason.empty()  ? target->reason
                          : !scope.blocked.empty() ? scope.blocked
                                                   : "the size of its "
                                                     "source is not known");
    for (int64_t d = 0; d < sourceType.getRank(); ++d) {
      Value size = sourceType.isDynamicDim(d)
                       ? memref::DimOp::create(b, loc(), source, d).getResult()
                       : constant(sourceType.getDimSize(d));
      IndexRange range;
      range.min = constant(0);
      range.max = arith::SubIOp::create(b, loc(), size, constant(1));
      Value runs = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::sgt,
                                         size, constant(0));
      Value guard = scope.guard
                        ? arith::AndIOp::create(b, loc(), scope.guard, runs)
                        : runs;
      addRequirement(target->arg, d, range, guard);
    }
    return;
  }
  visitOpaque(op, scope);
}

void CheckerBuilder::walkBlock(Block &block, Scope &scope) {
  for (Operation &op : block)
    visit(&op, scope);
}

void CheckerBuilder::walkEntry() {
  Scope scope;
  Block &body = entry.getBody().front();
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    Value mapped = checker.getArgument(i);
    if (isa<MemRefType>(arg.getType()))
      scope.buffers[arg] = Tracked{static_cast<unsigned>(i), ""};
    scope.values.map(arg, mapped);
  }
  activeCallees.insert(entry);
  walkBlock(body, scope);
  Scope rest(&scope);
  rest.blocked = "it is in a block that may not run";
  for (Block &block : llvm::drop_begin(entry.getBody()))
    walkBlock(block, rest);
}

//===----------------------------------------------------------------------===//
// Aliasing
//===----------------------------------------------------------------------===//

namespace {
struct ArgumentUse {
  bool accessed = false, written = false;
};
} // namespace

template <typename OpTy> static bool copiesOut(OpTy op, Value var) {
  ArrayAttr kinds = op.getMapKindsAttr();
  if (!kinds)
    return true;
  for (auto [v, kind] : llvm::zip(op.getMapVars(), kinds))
    if (v == var && cast<MapAttr>(kind).copiesOut())
      return true;
  return false;
}

/// Whether the entry uses its buffer argument `arg` and may write it.
static ArgumentUse getArgumentUse(BlockArgument arg,
                                  KernelAccessAnalysis &analysis,
                                  SymbolTableCollection &symbols) {
  ArgumentUse use;
  forEachUseThroughViews(arg, [&](OpOperand &operand) {
    Operation *user = operand.getOwner();
    if (isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp,
            memref::ExtractAlignedPointerAsIndexOp>(user))
      return;
    if (auto launch = dyn_cast<LaunchOp>(user)) {
      unsigned begin = launch.getArgs().getBeginOperandIndex();
      unsigned index = operand.getOperandNumber() - begin;
      auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
          launch, launch.getKernelAttr());
      if (operand.getOperandNumber() < begin ||
          index >= launch.getArgs().size())
        return; // a map clause: the argument's own use counts
      if (!kernel || isa<TupleType>(operand.get().getType())) {
        use.accessed = use.written = true;
        return;
      }
      const BufferAccess &access = analysis.getAccess(kernel, index);
      use.accessed |= access.isAccessed();
      use.written |= access.written;
      return;
    }
    use.accessed = true;
    if (auto data = dyn_cast<DataOp>(user))
      use.written |= copiesOut(data, operand.get());
    else if (auto exit = dyn_cast<ExitDataOp>(user))
      use.written |= copiesOut(exit, operand.get());
    else if (auto update = dyn_cast<UpdateOp>(user))
      use.written |= copiesOut(update, operand.get());
    else if (isa<EnterDataOp, memref::LoadOp, vector::LoadOp>(user))
      return;
    else if (auto iface = dyn_cast<MemoryEffectOpInterface>(user)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (auto &effect : effects)
        if ((!effect.getValue() || effect.getValue() == operand.get()) &&
            !isa<MemoryEffects::Read>(effect.getEffect()))
          use.written = true;
    } else {
      use.written = true;
    }
  });
  return use;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// `text` as a printf format that prints it as is.
static std::string escapeFormat(StringRef text) {
  std::string result;
  for (char c : text) {
    result.push_back(c);
    if (c == '%')
      result.push_back('%');
  }
  return result;
}

namespace {
struct OffloadAddEntryChecksPass
    : public offload::impl::OffloadAddEntryChecksBase<
          OffloadAddEntryChecksPass> {
  using Base::Base;

  void runOnOperation() override;
  void addChecker(func::FuncOp entry);
  /// A private constant string global holding `text` (NUL-terminated).
  Value getString(OpBuilder &b, Location loc, StringRef text);

  SymbolTable *symbolTable = nullptr;
  SymbolTableCollection *symbols = nullptr;
  KernelAccessAnalysis *analysis = nullptr;
  LLVM::LLVMFuncOp snprintfFunc;
};
} // namespace

Value OffloadAddEntryChecksPass::getString(OpBuilder &b, Location loc,
                                           StringRef text) {
  std::string data = (text + Twine('\0')).str();
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
  OpBuilder detached(b.getContext());
  auto global =
      LLVM::GlobalOp::create(detached, loc, type,
                             /*isConstant=*/true, LLVM::Linkage::Private,
                             "__offload_check_message", b.getStringAttr(data));
  auto module = cast<ModuleOp>(symbolTable->getOp());
  symbolTable->insert(global, module.getBody()->begin());
  return LLVM::AddressOfOp::create(b, loc, global);
}

void OffloadAddEntryChecksPass::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTable table(module);
  symbolTable = &table;
  SymbolTableCollection symbolCollection;
  symbols = &symbolCollection;
  KernelAccessAnalysis kernelAccess;
  analysis = &kernelAccess;
  snprintfFunc = nullptr;
  SmallVector<func::FuncOp> entries;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal() && !func->hasAttr(kCheckerAttr) &&
        !func->hasAttr(kEntryCheckAttr))
      entries.push_back(func);
  for (func::FuncOp entry : entries)
    addChecker(entry);
}

void OffloadAddEntryChecksPass::addChecker(func::FuncOp entry) {
  MLIRContext *ctx = &getContext();
  Location loc = entry.getLoc();
  StringRef publicName = entry.getSymName();
  publicName.consume_front(kLauncherPrefix);
  auto names = entry->getAttrOfType<ArrayAttr>(kArgNamesAttr);
  auto argName = [&](unsigned i) -> std::string {
    if (names && i < names.size())
      if (auto name = dyn_cast<StringAttr>(names[i]))
        return name.str();
    return "arg" + std::to_string(i);
  };

  // The checker: the entry's arguments, then (message, size) -> i32.
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  SmallVector<Type> inputs(entry.getArgumentTypes());
  inputs.push_back(ptr);
  inputs.push_back(IntegerType::get(ctx, 64));
  OpBuilder b(ctx);
  auto checker = func::FuncOp::create(
      b, loc, (kCheckPrefix + publicName).str(),
      FunctionType::get(ctx, inputs, {IntegerType::get(ctx, 32)}));
  checker->setAttr(kCheckerAttr, UnitAttr::get(ctx));
  Block *body = checker.addEntryBlock();

  CheckerBuilder builder(entry, checker, *symbols);
  builder.walkEntry();

  // The pairs of buffers that must not overlap.
  struct AliasPair {
    unsigned first, second, written;
  };
  SmallVector<AliasPair> pairs;
  SmallVector<ArgumentUse> uses(entry.getNumArguments());
  for (BlockArgument arg : entry.getArguments())
    if (isa<MemRefType>(arg.getType()))
      uses[arg.getArgNumber()] = getArgumentUse(arg, *analysis, *symbols);
  SmallVector<llvm::SmallDenseSet<Value, 4>> exempt;
  entry.walk([&](LaunchOp launch) {
    if (!launch.getAllowAliasing())
      return;
    auto &roots = exempt.emplace_back();
    for (Value operand : launch.getArgs())
      roots.insert(getViewRoot(operand));
  });
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    auto typeI = dyn_cast<MemRefType>(entry.getArgument(i).getType());
    if (!typeI || !uses[i].accessed || !getElementSize(typeI.getElementType()))
      continue;
    for (unsigned j = i + 1; j < entry.getNumArguments(); ++j) {
      auto typeJ = dyn_cast<MemRefType>(entry.getArgument(j).getType());
      if (!typeJ || !uses[j].accessed ||
          !getElementSize(typeJ.getElementType()) ||
          (!uses[i].written && !uses[j].written))
        continue;
      if (llvm::any_of(exempt, [&](auto &roots) {
            return roots.contains(entry.getArgument(i)) &&
                   roots.contains(entry.getArgument(j));
          }))
        continue;
      pairs.push_back({i, j, uses[j].written ? j : i});
    }
  }

  if (remarks)
    for (const Unchecked &u : builder.unchecked)
      u.op->emitRemark() << "@" << publicName << ": this access of argument '"
                         << argName(u.arg) << "' is not bounds-checked when @"
                         << publicName << " is called: " << u.reason;

  if (builder.requirements.empty() && builder.stepRequirements.empty() &&
      pairs.empty()) {
    checker.erase();
    return;
  }

  // The checks: one block each, failing to a block that writes the message.
  if (!snprintfFunc) {
    auto module = getOperation();
    snprintfFunc = module.lookupSymbol<LLVM::LLVMFuncOp>("snprintf");
    if (!snprintfFunc) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      snprintfFunc = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), "snprintf",
          LLVM::LLVMFunctionType::get(b.getI32Type(),
                                      {ptr, b.getI64Type(), ptr},
                                      /*isVarArg=*/true));
    }
  }
  Region &region = checker.getBody();
  Value message = body->getArgument(entry.getNumArguments());
  Value capacity = body->getArgument(entry.getNumArguments() + 1);
  Block *current = body;
  b.setInsertionPointToEnd(current);
  auto addCheck = [&](Value failed, int32_t number, StringRef format,
                      ValueRange values) {
    Block *fail = b.createBlock(&region, region.end());
    Block *next = b.createBlock(&region, region.end());
    b.setInsertionPointToEnd(current);
    cf::CondBranchOp::create(b, loc, failed, fail, next);
    b.setInsertionPointToEnd(fail);
    SmallVector<Value> args = {message, capacity, getString(b, loc, format)};
    for (Value v : values)
      args.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), v));
    LLVM::CallOp::create(b, loc, snprintfFunc, args);
    func::ReturnOp::create(
        b, loc, ValueRange{arith::ConstantIntOp::create(b, loc, number, 32)});
    current = next;
    b.setInsertionPointToEnd(current);
  };
  std::string prefix = escapeFormat(publicName) + "(): ";
  // (First: the ranges the other checks compare were computed with it.)
  if (builder.overflowed)
    addCheck(builder.overflowed, 1,
             prefix + "the indices of its accesses overflow 64-bit integers "
                      "with these arguments",
             {});
  for (auto &[key, req] : builder.requirements) {
    auto [arg, dim] = key;
    Value memref = checker.getArgument(arg);
    Value size = memref::DimOp::create(b, loc, memref, dim);
    Value tooSmall = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                           req.need, size);
    addCheck(tooSmall, 1,
             prefix + "argument '" + escapeFormat(argName(arg)) +
                 "' is too small: dimension " + std::to_string(dim) +
                 " has size %ld, but " + escapeFormat(publicName) +
                 " needs %ld",
             {size, req.need});
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, req.low, zero);
    addCheck(negative, 1,
             prefix + "argument '" + escapeFormat(argName(arg)) +
                 "' would be accessed at index %ld in dimension " +
                 std::to_string(dim),
             {req.low});
  }
  for (const StepRequirement &step : builder.stepRequirements) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                      step.step, zero);
    if (step.guard)
      bad = arith::AndIOp::create(b, loc, step.guard, bad);
    std::string where = "a loop";
    if (auto fileLoc = step.loc->findInstanceOf<FileLineColLoc>())
      where = ("the loop at " + fileLoc.getFilename().getValue() + ":" +
               Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()))
                  .str();
    addCheck(bad, 1,
             prefix + escapeFormat(where) +
                 " would run with step %ld; loop steps must be positive",
             {step.step});
  }
  for (const AliasPair &pair : pairs) {
    auto range = [&](unsigned i) {
      return buildByteRange(b, loc, checker.getArgument(i));
    };
    auto [beginA, endA] = range(pair.first);
    auto [beginB, endB] = range(pair.second);
    Value overlap = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, beginA, endB),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, beginB, endA));
    addCheck(overlap, 2,
             prefix + "arguments '" + escapeFormat(argName(pair.first)) +
                 "' and '" + escapeFormat(argName(pair.second)) +
                 "' overlap in memory, and " + escapeFormat(publicName) +
                 " writes '" + escapeFormat(argName(pair.written)) +
                 "'; pass distinct arrays",
             {});
  }
  func::ReturnOp::create(
      b, loc, ValueRange{arith::ConstantIntOp::create(b, loc, 0, 32)});

  checker->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                   UnitAttr::get(ctx));
  symbolTable->insert(checker);
  entry->setAttr(kEntryCheckAttr, FlatSymbolRefAttr::get(checker));
}
