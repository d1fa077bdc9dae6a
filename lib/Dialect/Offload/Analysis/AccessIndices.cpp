//===- AccessIndices.cpp - Which elements memory accesses touch -*- C++ -*-===//

#include "offload/Dialect/Offload/Analysis/AccessIndices.h"

#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// IndexForm
//===----------------------------------------------------------------------===//

/// Bounds that keep polynomials small: index arithmetic beyond them is
/// treated as unknown.
static constexpr size_t kMaxTerms = 32;
static constexpr size_t kMaxDegree = 4;

IndexForm IndexForm::constant(int64_t value) {
  IndexForm form;
  form.addTerm({}, value);
  return form;
}

IndexForm IndexForm::factor(Factor factor) {
  IndexForm form;
  form.addTerm({factor}, 1);
  return form;
}

IndexForm IndexForm::unknown() {
  IndexForm form;
  form.known = false;
  return form;
}

std::optional<int64_t> IndexForm::getConstant() const {
  if (!known)
    return std::nullopt;
  if (terms.empty())
    return 0;
  if (terms.size() == 1 && terms.front().factors.empty())
    return terms.front().coefficient;
  return std::nullopt;
}

int64_t IndexForm::getConstantTerm() const {
  for (const Term &term : terms)
    if (term.factors.empty())
      return term.coefficient;
  return 0;
}

void IndexForm::addTerm(ArrayRef<Factor> factors, int64_t coefficient) {
  if (!known || coefficient == 0)
    return;
  for (Term &term : terms) {
    if (!llvm::equal(term.factors, factors))
      continue;
    if (llvm::AddOverflow(term.coefficient, coefficient, term.coefficient))
      known = false;
    return;
  }
  terms.push_back({SmallVector<Factor, 2>(factors), coefficient});
}

void IndexForm::normalize() {
  if (!known) {
    terms.clear();
    return;
  }
  llvm::erase_if(terms, [](const Term &term) { return term.coefficient == 0; });
  llvm::sort(terms, [](const Term &a, const Term &b) {
    return std::lexicographical_compare(a.factors.begin(), a.factors.end(),
                                        b.factors.begin(), b.factors.end());
  });
  if (terms.size() > kMaxTerms)
    *this = unknown();
}

IndexForm IndexForm::operator+(const IndexForm &other) const {
  if (!known || !other.known)
    return unknown();
  IndexForm result = *this;
  for (const Term &term : other.terms)
    result.addTerm(term.factors, term.coefficient);
  result.normalize();
  return result;
}

IndexForm IndexForm::operator*(int64_t scale) const {
  if (!known)
    return unknown();
  IndexForm result;
  for (const Term &term : terms) {
    int64_t coefficient;
    if (llvm::MulOverflow(term.coefficient, scale, coefficient))
      return unknown();
    result.addTerm(term.factors, coefficient);
  }
  result.normalize();
  return result;
}

IndexForm IndexForm::operator-(const IndexForm &other) const {
  if (other.getConstantTerm() == std::numeric_limits<int64_t>::min())
    return unknown();
  return *this + other * -1;
}

IndexForm IndexForm::operator*(const IndexForm &other) const {
  if (!known || !other.known)
    return unknown();
  IndexForm result;
  for (const Term &a : terms) {
    for (const Term &b : other.terms) {
      int64_t coefficient;
      if (llvm::MulOverflow(a.coefficient, b.coefficient, coefficient))
        return unknown();
      SmallVector<Factor, 2> factors(a.factors);
      llvm::append_range(factors, b.factors);
      if (factors.size() > kMaxDegree)
        return unknown();
      llvm::sort(factors);
      result.addTerm(factors, coefficient);
    }
  }
  result.normalize();
  return result;
}

bool IndexForm::operator==(const IndexForm &other) const {
  if (!known || !other.known)
    return false;
  if (terms.size() != other.terms.size())
    return false;
  for (auto [a, b] : llvm::zip(terms, other.terms))
    if (a.coefficient != b.coefficient || !llvm::equal(a.factors, b.factors))
      return false;
  return true;
}

IndexForm IndexForm::mapFactors(function_ref<Factor(Factor)> fn) const {
  if (!known)
    return unknown();
  IndexForm result;
  for (const Term &term : terms) {
    SmallVector<Factor, 2> factors;
    for (Factor factor : term.factors)
      factors.push_back(fn(factor));
    llvm::sort(factors);
    result.addTerm(factors, term.coefficient);
  }
  result.normalize();
  return result;
}

bool IndexForm::anyFactor(function_ref<bool(Factor)> fn) const {
  for (const Term &term : terms)
    if (llvm::any_of(term.factors, fn))
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Index values
//===----------------------------------------------------------------------===//

static Factor getValueFactor(Value value) {
  return reinterpret_cast<Factor>(value.getAsOpaquePointer());
}

/// The polynomial of an affine expression over the polynomials of its
/// dimensions and symbols; unknown for divisions and remainders.
static IndexForm evaluateAffine(AffineExpr expr, ArrayRef<IndexForm> dims,
                                ArrayRef<IndexForm> symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return IndexForm::constant(constant.getValue());
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  auto binary = cast<AffineBinaryOpExpr>(expr);
  IndexForm lhs = evaluateAffine(binary.getLHS(), dims, symbols);
  IndexForm rhs = evaluateAffine(binary.getRHS(), dims, symbols);
  switch (binary.getKind()) {
  case AffineExprKind::Add:
    return lhs + rhs;
  case AffineExprKind::Mul:
    return lhs * rhs;
  default:
    return IndexForm::unknown();
  }
}

/// The polynomials of an affine map's operands, split into dimensions and
/// symbols.
static void getAffineOperandForms(AccessIndexAnalysis &analysis, AffineMap map,
                                  ValueRange operands,
                                  SmallVectorImpl<IndexForm> &dims,
                                  SmallVectorImpl<IndexForm> &symbols) {
  for (auto [index, operand] : llvm::enumerate(operands))
    (index < map.getNumDims() ? dims : symbols)
        .push_back(analysis.getForm(operand));
}

IndexForm AccessIndexAnalysis::getForm(Value value) {
  auto it = forms.find(value);
  if (it != forms.end())
    return it->second;
  // Deep chains of index arithmetic end in a factor rather than deep
  // recursion.
  if (depth > 64)
    return IndexForm::factor(getValueFactor(value));
  ++depth;
  IndexForm form = computeForm(value);
  --depth;
  if (form.isUnknown())
    form = IndexForm::factor(getValueFactor(value));
  forms[value] = form;
  return form;
}

IndexForm AccessIndexAnalysis::computeForm(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)) &&
      constant.getBitWidth() <= 64)
    return IndexForm::constant(constant.getSExtValue());
  if (isa<BlockArgument>(value)) {
    if (IndexVar *var = getOrCreateLoopVar(value))
      return var->lower + IndexForm::factor(reinterpret_cast<Factor>(var));
    return IndexForm::unknown();
  }
  Operation *def = value.getDefiningOp();
  if (auto add = dyn_cast<arith::AddIOp>(def))
    return getForm(add.getLhs()) + getForm(add.getRhs());
  if (auto sub = dyn_cast<arith::SubIOp>(def))
    return getForm(sub.getLhs()) - getForm(sub.getRhs());
  if (auto mul = dyn_cast<arith::MulIOp>(def))
    return getForm(mul.getLhs()) * getForm(mul.getRhs());
  // Index arithmetic is assumed not to wrap: casts keep the value.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return getForm(def->getOperand(0));
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (index && isa<MemRefType>(dim.getSource().getType()) && *index >= 0 &&
        *index < cast<MemRefType>(dim.getSource().getType()).getRank())
      return getSize(dim.getSource(), *index);
    return IndexForm::unknown();
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    SmallVector<IndexForm> dims, symbols;
    getAffineOperandForms(*this, apply.getAffineMap(), apply.getMapOperands(),
                          dims, symbols);
    return evaluateAffine(apply.getAffineMap().getResult(0), dims, symbols);
  }
  return IndexForm::unknown();
}

IndexForm AccessIndexAnalysis::getSize(Value memref, unsigned dim) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.isDynamicDim(dim))
    return IndexForm::constant(type.getDimSize(dim));
  // A view's size is the value it was made with.
  if (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<OpFoldResult> mixed = subview.getMixedSizes();
    unsigned resultDim = 0;
    for (unsigned d = 0; d < mixed.size(); ++d) {
      if (dropped.test(d))
        continue;
      if (resultDim++ != dim)
        continue;
      if (auto size = dyn_cast<Value>(mixed[d]))
        return getForm(size);
    }
  }
  auto key = std::make_pair(memref, dim);
  auto it = sizes.find(key);
  if (it != sizes.end())
    return IndexForm::factor(it->second);
  SizeKey &size = sizeStorage.emplace_back(SizeKey{memref, dim});
  auto factor = reinterpret_cast<Factor>(&size);
  sizes[key] = factor;
  sizesByFactor[factor] = &size;
  return IndexForm::factor(factor);
}

/// The candidates for a loop's upper bound `bound`: a min gives one per
/// operand.
static void getUpperBounds(AccessIndexAnalysis &analysis, OpFoldResult bound,
                           SmallVectorImpl<IndexForm> &candidates,
                           unsigned depth = 0) {
  if (auto attr = dyn_cast<Attribute>(bound)) {
    candidates.push_back(
        IndexForm::constant(cast<IntegerAttr>(attr).getValue().getSExtValue()));
    return;
  }
  Value value = cast<Value>(bound);
  Operation *def = value.getDefiningOp();
  if (depth < 4 && isa_and_nonnull<arith::MinSIOp, arith::MinUIOp>(def)) {
    for (Value operand : def->getOperands())
      getUpperBounds(analysis, operand, candidates, depth + 1);
    return;
  }
  if (auto min = dyn_cast_or_null<affine::AffineMinOp>(def)) {
    SmallVector<IndexForm> dims, symbols;
    getAffineOperandForms(analysis, min.getAffineMap(), min.getMapOperands(),
                          dims, symbols);
    for (AffineExpr expr : min.getAffineMap().getResults()) {
      IndexForm form = evaluateAffine(expr, dims, symbols);
      if (!form.isUnknown())
        candidates.push_back(form);
    }
    if (!candidates.empty())
      return;
  }
  candidates.push_back(analysis.getForm(value));
}

IndexVar *AccessIndexAnalysis::getOrCreateLoopVar(Value iv) {
  auto it = loopVars.find(iv);
  if (it != loopVars.end())
    return it->second;
  loopVars[iv] = nullptr;
  Operation *owner = cast<BlockArgument>(iv).getOwner()->getParentOp();
  auto loop = dyn_cast_or_null<LoopLikeOpInterface>(owner);
  if (!loop)
    return nullptr;
  std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
  std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
  std::optional<SmallVector<OpFoldResult>> ubs = loop.getLoopUpperBounds();
  std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
  if (!ivs || !lbs || !ubs || !steps)
    return nullptr;
  auto pos = llvm::find(*ivs, iv);
  if (pos == ivs->end() || lbs->size() != ivs->size() ||
      ubs->size() != ivs->size() || steps->size() != ivs->size())
    return nullptr;
  unsigned dim = pos - ivs->begin();
  auto formOf = [&](OpFoldResult ofr) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return IndexForm::constant(
          cast<IntegerAttr>(attr).getValue().getSExtValue());
    return getForm(cast<Value>(ofr));
  };
  IndexVar var;
  var.owner = owner;
  var.dim = dim;
  var.lower = formOf((*lbs)[dim]);
  SmallVector<IndexForm> uppers;
  getUpperBounds(*this, (*ubs)[dim], uppers);
  for (const IndexForm &upper : uppers) {
    IndexForm width = upper - var.lower;
    if (!width.isUnknown())
      var.widths.push_back(width);
  }
  var.step = formOf((*steps)[dim]).getConstant();
  if (var.step && *var.step <= 0)
    var.step.reset();
  var.exact = var.widths.size() == 1 && uppers.size() == 1 && var.step &&
              *var.step == 1;
  IndexVar *stored = &varStorage.emplace_back(std::move(var));
  loopVars[iv] = stored;
  varsByFactor[reinterpret_cast<Factor>(stored)] = stored;
  return stored;
}

Factor AccessIndexAnalysis::getPositionVar(Operation *owner, unsigned dim,
                                           IndexForm width) {
  IndexVar var;
  var.owner = owner;
  var.dim = dim;
  var.widths.push_back(width);
  var.step = 1;
  var.exact = true;
  IndexVar *stored = &varStorage.emplace_back(std::move(var));
  auto factor = reinterpret_cast<Factor>(stored);
  varsByFactor[factor] = stored;
  return factor;
}

const IndexVar *AccessIndexAnalysis::getVar(Factor factor) const {
  return varsByFactor.lookup(factor);
}

Value AccessIndexAnalysis::getValue(Factor factor) const {
  if (varsByFactor.count(factor) || sizesByFactor.count(factor))
    return {};
  return Value::getFromOpaquePointer(reinterpret_cast<const void *>(factor));
}

std::pair<Value, unsigned> AccessIndexAnalysis::getSizeOf(Factor factor) const {
  if (SizeKey *size = sizesByFactor.lookup(factor))
    return {size->memref, size->dim};
  return {};
}

bool AccessIndexAnalysis::isNonNegative(Factor factor) const {
  return varsByFactor.count(factor) || sizesByFactor.count(factor);
}

bool AccessIndexAnalysis::isNonNegative(const IndexForm &form) const {
  if (form.isUnknown())
    return false;
  for (const IndexForm::Term &term : form.getTerms()) {
    if (term.coefficient < 0)
      return false;
    for (Factor factor : term.factors)
      if (!isNonNegative(factor))
        return false;
  }
  return true;
}

std::optional<DivRem> AccessIndexAnalysis::getDivRem(Factor factor) {
  Value value = getValue(factor);
  Operation *def = value ? value.getDefiningOp() : nullptr;
  if (!def)
    return std::nullopt;
  auto make = [&](bool isDiv, unsigned kind) {
    return DivRem{isDiv, kind, getForm(def->getOperand(0)),
                  getForm(def->getOperand(1))};
  };
  if (isa<arith::DivUIOp>(def))
    return make(true, 0);
  if (isa<arith::RemUIOp>(def))
    return make(false, 0);
  if (isa<arith::DivSIOp>(def))
    return make(true, 1);
  if (isa<arith::RemSIOp>(def))
    return make(false, 1);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    auto binary =
        dyn_cast<AffineBinaryOpExpr>(apply.getAffineMap().getResult(0));
    if (!binary || (binary.getKind() != AffineExprKind::FloorDiv &&
                    binary.getKind() != AffineExprKind::Mod))
      return std::nullopt;
    SmallVector<IndexForm> dims, symbols;
    getAffineOperandForms(*this, apply.getAffineMap(), apply.getMapOperands(),
                          dims, symbols);
    DivRem divRem{binary.getKind() == AffineExprKind::FloorDiv, 2,
                  evaluateAffine(binary.getLHS(), dims, symbols),
                  evaluateAffine(binary.getRHS(), dims, symbols)};
    if (divRem.numerator.isUnknown() || divRem.divisor.isUnknown())
      return std::nullopt;
    return divRem;
  }
  return std::nullopt;
}

bool AccessIndexAnalysis::isInvariant(Value value, Operation *loop) {
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *where = isa<BlockArgument>(v) ? v.getParentBlock()->getParentOp()
                                             : v.getDefiningOp();
    if (!where || !loop->isAncestor(where))
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return false;
    if (!seen.insert(def).second)
      continue;
    if (seen.size() > 64)
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

Value mlir::offload::getCanonicalRoot(Value root) {
  auto unpack = root.getDefiningOp<UnpackOp>();
  if (!unpack)
    return root;
  unsigned index = cast<OpResult>(root).getResultNumber();
  UnpackOp first = unpack;
  for (Operation *user : unpack.getAggregate().getUsers())
    if (auto other = dyn_cast<UnpackOp>(user))
      if (other.getOperation() < first.getOperation())
        first = other;
  return first.getMembers()[index];
}

void AccessIndexAnalysis::resolveRoot(MemoryAccess &access) {
  Value value = access.memref;
  std::optional<SmallVector<IndexForm>> indices = access.indices;
  while (Operation *def = value.getDefiningOp()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(def)) {
      if (indices) {
        llvm::SmallBitVector dropped = subview.getDroppedDims();
        SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
        SmallVector<OpFoldResult> strides = subview.getMixedStrides();
        auto formOf = [&](OpFoldResult ofr) {
          if (auto attr = dyn_cast<Attribute>(ofr))
            return IndexForm::constant(
                cast<IntegerAttr>(attr).getValue().getSExtValue());
          return getForm(cast<Value>(ofr));
        };
        SmallVector<IndexForm> source;
        unsigned next = 0;
        for (unsigned d = 0; d < offsets.size(); ++d) {
          IndexForm offset = formOf(offsets[d]);
          if (dropped.test(d) || next >= indices->size())
            source.push_back(offset);
          else
            source.push_back(offset + formOf(strides[d]) * (*indices)[next++]);
        }
        indices = std::move(source);
      }
      value = subview.getSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      value = cast.getSource();
      continue;
    }
    if (auto transpose = dyn_cast<memref::TransposeOp>(def)) {
      if (indices) {
        AffineMap permutation = transpose.getPermutation();
        SmallVector<IndexForm> source(indices->size());
        for (unsigned d = 0; d < indices->size(); ++d)
          source[permutation.getDimPosition(d)] = (*indices)[d];
        indices = std::move(source);
      }
      value = transpose.getIn();
      continue;
    }
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(def)) {
      if (indices) {
        SmallVector<OpFoldResult> shape = expand.getMixedOutputShape();
        SmallVector<IndexForm> source;
        for (ReassociationIndices group : expand.getReassociationIndices()) {
          IndexForm linear;
          for (int64_t d : group) {
            IndexForm size;
            if (auto attr = dyn_cast<Attribute>(shape[d]))
              size = IndexForm::constant(
                  cast<IntegerAttr>(attr).getValue().getSExtValue());
            else
              size = getForm(cast<Value>(shape[d]));
            linear = linear * size + (*indices)[d];
          }
          source.push_back(linear);
        }
        indices = std::move(source);
      }
      value = expand.getSrc();
      continue;
    }
    // Other views (collapse_shape, reinterpret_cast, view, ...): the
    // buffer is known, the elements are not.
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      indices.reset();
      value = view.getViewSource();
      continue;
    }
    break;
  }
  if (indices && llvm::any_of(*indices, [](const IndexForm &form) {
        return form.isUnknown();
      }))
    indices.reset();
  // A memref that comes out of a region op, a select, a call... is not
  // traced to a buffer.
  if (auto result = dyn_cast<OpResult>(value);
      result &&
      !isa<UnpackOp, memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(
          result.getOwner())) {
    access.root = {};
    access.rootIndices.reset();
    return;
  }
  if (auto arg = dyn_cast<BlockArgument>(value);
      arg && !isa<FunctionOpInterface>(arg.getOwner()->getParentOp())) {
    access.root = {};
    access.rootIndices.reset();
    return;
  }
  access.root = getCanonicalRoot(value);
  access.rootIndices = std::move(indices);
}

bool AccessIndexAnalysis::addAccess(SmallVectorImpl<MemoryAccess> &accesses,
                                    Operation *op, Value memref,
                                    ValueRange indices, bool reads, bool writes,
                                    bool atomic, ArrayRef<int64_t> lanes) {
  MemoryAccess access;
  access.op = op;
  access.memref = memref;
  access.reads = reads;
  access.writes = writes;
  access.atomic = atomic;
  access.explicitIndices = true;
  if (lanes.size() > indices.size()) {
    // A vector of more dimensions than the memref: its elements are not
    // placed.
    access.explicitIndices = false;
    resolveRoot(access);
    accesses.push_back(std::move(access));
    return true;
  }
  SmallVector<IndexForm> forms;
  for (Value index : indices)
    forms.push_back(getForm(index));
  // The elements of a vector along the trailing dimensions.
  for (auto [k, lane] : llvm::enumerate(lanes)) {
    IndexForm &form = forms[forms.size() - lanes.size() + k];
    form = form +
           IndexForm::factor(getPositionVar(op, k, IndexForm::constant(lane)));
  }
  access.indices = std::move(forms);
  resolveRoot(access);
  accesses.push_back(std::move(access));
  return true;
}

void AccessIndexAnalysis::addWholeAccess(
    SmallVectorImpl<MemoryAccess> &accesses, Operation *op, Value memref,
    bool reads, bool writes) {
  MemoryAccess access;
  access.op = op;
  access.memref = memref;
  access.reads = reads;
  access.writes = writes;
  if (auto type = dyn_cast<MemRefType>(memref.getType())) {
    SmallVector<IndexForm> forms;
    for (unsigned d = 0; d < type.getRank(); ++d)
      forms.push_back(
          IndexForm::factor(getPositionVar(op, d, getSize(memref, d))));
    access.indices = std::move(forms);
  }
  resolveRoot(access);
  accesses.push_back(std::move(access));
}

/// Whether a function with a body reads and writes its argument #index
/// (through views); both when it cannot tell.
static std::pair<bool, bool>
getCalleeEffects(FunctionOpInterface callee, unsigned index,
                 llvm::SmallPtrSetImpl<Operation *> &active) {
  if (callee.isExternal() || index >= callee.getNumArguments() ||
      !active.insert(callee).second)
    return {true, true};
  bool reads = false, writes = false;
  SmallVector<Value> worklist = {callee.getArgument(index)};
  while (!worklist.empty() && !(reads && writes)) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto call = dyn_cast<CallOpInterface>(user)) {
        auto inner =
            dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
        unsigned begin = call.getArgOperands().getBeginOperandIndex();
        if (!inner || use.getOperandNumber() < begin) {
          reads = writes = true;
          continue;
        }
        auto [r, w] =
            getCalleeEffects(inner, use.getOperandNumber() - begin, active);
        reads |= r;
        writes |= w;
        continue;
      }
      auto iface = dyn_cast<MemoryEffectOpInterface>(user);
      if (!iface) {
        reads = writes = true;
        continue;
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (effect.getValue() && effect.getValue() != value)
          continue;
        reads |= isa<MemoryEffects::Read>(effect.getEffect());
        writes |= !isa<MemoryEffects::Read>(effect.getEffect());
      }
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()))
          worklist.push_back(result);
    }
  }
  active.erase(callee);
  return {reads, writes};
}

/// Adds the access of a load, store, atomic update or vector access, which
/// names the elements it touches; returns false for other ops.
bool AccessIndexAnalysis::addIndexedAccess(
    SmallVectorImpl<MemoryAccess> &accesses, Operation *nested) {
  if (auto load = dyn_cast<memref::LoadOp>(nested))
    return addAccess(accesses, nested, load.getMemRef(), load.getIndices(),
                     true, false, false);
  if (auto store = dyn_cast<memref::StoreOp>(nested))
    return addAccess(accesses, nested, store.getMemRef(), store.getIndices(),
                     false, true, false);
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(nested))
    return addAccess(accesses, nested, rmw.getMemref(), rmw.getIndices(), true,
                     true, true);
  if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(nested))
    return addAccess(accesses, nested, rmw.getMemref(), rmw.getIndices(), true,
                     true, true);
  if (auto load = dyn_cast<vector::LoadOp>(nested))
    return addAccess(accesses, nested, load.getBase(), load.getIndices(), true,
                     false, false, load.getVectorType().getShape());
  if (auto store = dyn_cast<vector::StoreOp>(nested))
    return addAccess(accesses, nested, store.getBase(), store.getIndices(),
                     false, true, false, store.getVectorType().getShape());
  if (auto load = dyn_cast<vector::MaskedLoadOp>(nested))
    return addAccess(accesses, nested, load.getBase(), load.getIndices(), true,
                     false, false, load.getVectorType().getShape());
  if (auto store = dyn_cast<vector::MaskedStoreOp>(nested))
    return addAccess(accesses, nested, store.getBase(), store.getIndices(),
                     false, true, false, store.getVectorType().getShape());
  if (auto transfer = dyn_cast<VectorTransferOpInterface>(nested)) {
    bool isRead = isa<vector::TransferReadOp>(nested);
    if (isa<MemRefType>(transfer.getBase().getType()) &&
        transfer.getPermutationMap().isMinorIdentity())
      return addAccess(accesses, nested, transfer.getBase(),
                       transfer.getIndices(), isRead, !isRead, false,
                       transfer.getVectorType().getShape());
  }
  return false;
}

SmallVector<MemoryAccess, 0>
AccessIndexAnalysis::getAccesses(Operation *op, Operation *scope,
                                 bool withPrivate) {
  SmallVector<MemoryAccess, 0> accesses;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (nested == op)
      return;
    // Scalable vectors have a length known at run time only: their accesses
    // count as accesses of the whole buffer (below).
    auto isScalable = [](Type type) {
      auto vector = dyn_cast<VectorType>(type);
      return vector && vector.isScalable();
    };
    if (llvm::none_of(nested->getOperandTypes(), isScalable) &&
        llvm::none_of(nested->getResultTypes(), isScalable) &&
        addIndexedAccess(accesses, nested))
      return;
    if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp>(nested) ||
        nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    SmallVector<std::pair<Value, std::pair<bool, bool>>> touched;
    auto touch = [&](Value value, bool reads, bool writes) {
      if (!isa<MemRefType>(value.getType()))
        return;
      for (auto &entry : touched)
        if (entry.first == value) {
          entry.second.first |= reads;
          entry.second.second |= writes;
          return;
        }
      touched.push_back({value, {reads, writes}});
    };
    if (auto call = dyn_cast<CallOpInterface>(nested)) {
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      for (auto [index, operand] : llvm::enumerate(call.getArgOperands())) {
        if (!isa<MemRefType>(operand.getType()))
          continue;
        llvm::SmallPtrSet<Operation *, 4> active;
        auto [reads, writes] = callee ? getCalleeEffects(callee, index, active)
                                      : std::make_pair(true, true);
        touch(operand, reads, writes);
      }
    } else if (auto iface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        bool reads = isa<MemoryEffects::Read>(effect.getEffect());
        bool writes = isa<MemoryEffects::Write>(effect.getEffect());
        if (!reads && !writes)
          continue;
        if (Value value = effect.getValue()) {
          touch(value, reads, writes);
          continue;
        }
        for (Value operand : nested->getOperands())
          touch(operand, reads, writes);
      }
    } else {
      for (Value operand : nested->getOperands())
        touch(operand, true, true);
    }
    for (auto &[value, effects] : touched)
      addWholeAccess(accesses, nested, value, effects.first, effects.second);
  });
  // Buffers allocated in the scope are private to the thread that
  // allocated them.
  llvm::erase_if(accesses, [&](const MemoryAccess &access) {
    if (withPrivate)
      return false;
    Operation *def = access.root ? access.root.getDefiningOp() : nullptr;
    return def && isa<memref::AllocOp, memref::AllocaOp>(def) &&
           scope->isAncestor(def);
  });
  return accesses;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

std::string mlir::offload::formatLocation(Location loc) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  return text;
}

std::string mlir::offload::describeBuffer(Value root) {
  if (!root)
    return "a buffer";
  auto nameOf = [](Operation *op) {
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      return ("@" + symbol.getName()).str();
    return ("'" + op->getName().getStringRef() + "'").str();
  };
  if (auto arg = dyn_cast<BlockArgument>(root))
    return ("argument #" + Twine(arg.getArgNumber()) + " of " +
            nameOf(arg.getOwner()->getParentOp()))
        .str();
  Operation *def = root.getDefiningOp();
  if (auto unpack = dyn_cast<UnpackOp>(def)) {
    std::string member =
        ("member #" + Twine(cast<OpResult>(root).getResultNumber()) + " of ")
            .str();
    if (auto arg = dyn_cast<BlockArgument>(unpack.getAggregate()))
      return member + describeBuffer(arg);
    return member + "an aggregate";
  }
  if (auto global = dyn_cast<memref::GetGlobalOp>(def))
    return ("global @" + global.getName()).str();
  return "the buffer defined at " + formatLocation(def->getLoc());
}
