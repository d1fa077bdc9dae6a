//===- CheckRaces.cpp - offload-check-races ---------------------*- C++ -*-===//
//
// Proves, for every parallel loop of every kernel and of the functions
// kernels call, that no iteration writes an element that another iteration
// reads or writes; a write it cannot prove so is an error.
//
// For two accesses of one buffer, A in iteration p and B in iteration q of
// the loop, the indices are polynomials (AccessIndices.h) in which the
// loop's variables appear twice, once per iteration, and every variable of
// an inner loop (or element of a vector access) once per access. The two
// accesses meet when every index of A equals that of B. The proof works on
// the differences A_d - B_d, one per dimension d of the buffer:
//
// * a difference that cannot be 0 (its constant is not a multiple of the
//   gcd of its coefficients, or the ranges of its variables keep it away
//   from 0) means the accesses never meet;
// * a difference c * (p_m - q_m) + R, where c * step_m (the smallest
//   nonzero value of c * (p_m - q_m)) exceeds every value R can take,
//   means p_m = q_m when the accesses meet; p_m then counts as the same in
//   both iterations, and the other differences are looked at again.
//
// When every variable of the loop is the same in both iterations, the
// accesses can only meet in one iteration: no race.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/AccessIndices.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKRACES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// Why offload-inline-kernel-calls left `op`, a call, in the kernel (its
/// callee has no body, or several blocks), for messages; empty otherwise.
static std::string describeNotInlined(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call)
    return "";
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    return " (@" + call.getCallee().str() + " has no body here)";
  if (!callee.getBody().hasOneBlock())
    return " (@" + call.getCallee().str() +
           " has several blocks, so it is not inlined into the kernel: "
           "written with scf.if instead of branches, it would be)";
  return "";
}

namespace {
/// What a factor is to the iterations of one parallel loop.
enum class Role {
  /// The same in every iteration.
  Shared,
  /// A variable of the loop itself.
  Parallel,
  /// A variable of a loop nested in it, or an element of an access: ranges
  /// over its values in each iteration.
  Free,
  /// Changes from iteration to iteration in a way the analysis does not
  /// know (a value read from memory, say).
  Opaque,
};

constexpr Factor kSideMask = 3;
constexpr Factor kFirst = 1, kSecond = 2;

/// The proof for the accesses of one parallel loop.
class RaceProver {
public:
  RaceProver(AccessIndexAnalysis &analysis, Operation *loop)
      : analysis(analysis), loop(loop) {
    auto like = cast<LoopLikeOpInterface>(loop);
    std::optional<SmallVector<Value>> ivs = like.getLoopInductionVars();
    numIVs = ivs ? ivs->size() : 0;
    for (Value iv : ivs ? *ivs : SmallVector<Value>()) {
      IndexForm form = analysis.getForm(iv);
      // The factor of the variable: the form is lower + factor.
      for (const IndexForm::Term &term : form.getTerms())
        if (term.factors.size() == 1 && analysis.getVar(term.factors[0]) &&
            analysis.getVar(term.factors[0])->owner == loop)
          loopVars.push_back(term.factors[0]);
    }
  }

  /// Whether two accesses (maybe the same op) of one buffer can never touch
  /// one element in two different iterations.
  bool proveDisjoint(const MemoryAccess &a, const MemoryAccess &b);

  Role getRole(Factor factor);
  /// Whether any index of `access` depends on the loop's variables.
  bool dependsOnLoop(const MemoryAccess &access);
  /// Whether an index of `access` has a factor that changes across
  /// iterations in an unknown way.
  bool hasOpaqueIndex(const MemoryAccess &access);

private:
  IndexForm tag(const IndexForm &form, Factor side);
  bool neverZero(const IndexForm &difference);
  bool peel(const IndexForm &difference, Factor var);
  void combineDivRem(SmallVectorImpl<IndexForm> &a,
                     SmallVectorImpl<IndexForm> &b);

  AccessIndexAnalysis &analysis;
  Operation *loop;
  SmallVector<Factor> loopVars;
  unsigned numIVs = 0;
  /// Loop variables known to be equal in both iterations.
  llvm::SmallPtrSet<Factor, 4> same;
};
} // namespace

Role RaceProver::getRole(Factor factor) {
  if (const IndexVar *var = analysis.getVar(factor)) {
    if (var->owner == loop)
      return same.contains(factor) ? Role::Shared : Role::Parallel;
    if (loop->isProperAncestor(var->owner))
      return Role::Free;
    return Role::Shared;
  }
  if (Value memref = analysis.getSizeOf(factor).first)
    return analysis.isInvariant(memref, loop) ? Role::Shared : Role::Opaque;
  return analysis.isInvariant(analysis.getValue(factor), loop) ? Role::Shared
                                                               : Role::Opaque;
}

bool RaceProver::dependsOnLoop(const MemoryAccess &access) {
  if (!access.rootIndices)
    return true;
  for (const IndexForm &form : *access.rootIndices)
    if (form.anyFactor(
            [&](Factor f) { return getRole(f) == Role::Parallel; }) ||
        form.anyFactor([&](Factor f) { return getRole(f) == Role::Opaque; }))
      return true;
  return false;
}

bool RaceProver::hasOpaqueIndex(const MemoryAccess &access) {
  if (!access.rootIndices)
    return false;
  for (const IndexForm &form : *access.rootIndices)
    if (form.anyFactor([&](Factor f) { return getRole(f) == Role::Opaque; }))
      return true;
  return false;
}

IndexForm RaceProver::tag(const IndexForm &form, Factor side) {
  return form.mapFactors([&](Factor factor) {
    return getRole(factor) == Role::Shared ? factor : factor | side;
  });
}

/// The largest offset a variable reaches below `width`: width - 1, rounded
/// down to a multiple of the step when both are constants.
static std::optional<int64_t> getMaxOffset(const IndexVar &var, int64_t width) {
  if (width <= 0)
    return std::nullopt;
  int64_t step = var.step.value_or(1);
  return (width - 1) / step * step;
}

bool RaceProver::neverZero(const IndexForm &difference) {
  if (difference.isUnknown())
    return false;
  int64_t constant = difference.getConstantTerm();
  int64_t gcd = 0;
  int64_t low = constant, high = constant;
  bool bounded = true;
  for (const IndexForm::Term &term : difference.getTerms()) {
    if (term.factors.empty())
      continue;
    if (term.factors.size() != 1 || !(term.factors[0] & kSideMask))
      return false;
    const IndexVar *var = analysis.getVar(term.factors[0] & ~kSideMask);
    if (!var)
      return false;
    int64_t step = var->step.value_or(1), scaled;
    if (llvm::MulOverflow(term.coefficient, step, scaled) ||
        scaled == std::numeric_limits<int64_t>::min())
      return false;
    gcd = std::gcd(gcd, std::abs(scaled));
    // The smallest constant width bounds the variable.
    std::optional<int64_t> width;
    for (const IndexForm &candidate : var->widths)
      if (std::optional<int64_t> c = candidate.getConstant())
        width = width ? std::min(*width, *c) : *c;
    if (width && *width <= 0)
      return true; // the variable's loop never runs: nothing meets
    std::optional<int64_t> maxOffset =
        width ? getMaxOffset(*var, *width) : std::nullopt;
    int64_t extreme;
    if (!maxOffset ||
        llvm::MulOverflow(term.coefficient, *maxOffset, extreme)) {
      bounded = false;
      continue;
    }
    if ((extreme < 0 ? llvm::AddOverflow(low, extreme, low)
                     : llvm::AddOverflow(high, extreme, high)))
      bounded = false;
  }
  if (gcd == 0)
    return constant != 0;
  if (constant % gcd != 0)
    return true;
  return bounded && (low > 0 || high < 0);
}

bool RaceProver::peel(const IndexForm &difference, Factor var) {
  if (difference.isUnknown())
    return false;
  Factor first = var | kFirst, second = var | kSecond;
  IndexForm coefFirst, coefSecond, rest;
  for (const IndexForm::Term &term : difference.getTerms()) {
    bool hasFirst = llvm::is_contained(term.factors, first);
    bool hasSecond = llvm::is_contained(term.factors, second);
    IndexForm monomial = IndexForm::constant(term.coefficient);
    if (!hasFirst && !hasSecond) {
      for (Factor factor : term.factors)
        monomial = monomial * IndexForm::factor(factor);
      rest = rest + monomial;
      continue;
    }
    if (hasFirst && hasSecond)
      return false;
    // The rest of the monomial must be the same in both iterations.
    for (Factor factor : term.factors) {
      if (factor == first || factor == second)
        continue;
      if (factor & kSideMask)
        return false;
      monomial = monomial * IndexForm::factor(factor);
    }
    (hasFirst ? coefFirst : coefSecond) =
        (hasFirst ? coefFirst : coefSecond) + monomial;
  }
  if (coefFirst.getConstant() == std::optional<int64_t>(0) ||
      !(coefFirst + coefSecond).getConstant() ||
      *(coefFirst + coefSecond).getConstant() != 0)
    return false;
  // The smallest nonzero |c * (p - q)|: |c| * step (a step that is not a
  // constant is at least 1: loop steps are positive).
  const IndexVar *info = analysis.getVar(var);
  int64_t step = info->step.value_or(1);
  IndexForm gap;
  if (std::optional<int64_t> c = coefFirst.getConstant()) {
    int64_t scaled;
    if (*c == std::numeric_limits<int64_t>::min() ||
        llvm::MulOverflow(std::abs(*c), step, scaled))
      return false;
    gap = IndexForm::constant(scaled);
  } else if (analysis.isNonNegative(coefFirst)) {
    gap = coefFirst * step;
  } else if (analysis.isNonNegative(coefFirst * -1)) {
    gap = coefFirst * -step;
  } else {
    return false;
  }
  // R = constant + sum of a_k * x_k, with x_k in [0, width_k - 1].
  struct Bounded {
    int64_t coefficient;
    const IndexVar *var;
  };
  SmallVector<Bounded> bounded;
  for (const IndexForm::Term &term : rest.getTerms()) {
    if (term.factors.empty())
      continue;
    if (term.factors.size() != 1 || !(term.factors[0] & kSideMask))
      return false;
    const IndexVar *other = analysis.getVar(term.factors[0] & ~kSideMask);
    if (!other)
      return false;
    bounded.push_back({term.coefficient, other});
  }
  // Each variable's widths that are the same in both iterations.
  SmallVector<SmallVector<IndexForm, 2>, 4> widths;
  for (const Bounded &b : bounded) {
    SmallVector<IndexForm, 2> usable;
    for (const IndexForm &width : b.var->widths)
      if (!width.anyFactor(
              [&](Factor f) { return getRole(f) != Role::Shared; }))
        usable.push_back(width);
    if (usable.empty())
      return false;
    widths.push_back(std::move(usable));
  }
  // Try every choice of width candidates (few: min bounds are rare).
  SmallVector<unsigned> choice(bounded.size(), 0);
  for (unsigned attempt = 0; attempt < 64; ++attempt) {
    IndexForm high = IndexForm::constant(rest.getConstantTerm());
    IndexForm low = high;
    for (auto [b, w, c] : llvm::zip(bounded, widths, choice)) {
      IndexForm extreme = (w[c] - IndexForm::constant(1)) * b.coefficient;
      (b.coefficient > 0 ? high : low) =
          (b.coefficient > 0 ? high : low) + extreme;
    }
    IndexForm slack = gap - IndexForm::constant(1);
    if (analysis.isNonNegative(slack - high) &&
        analysis.isNonNegative(slack + low))
      return true;
    // Next choice.
    unsigned k = 0;
    while (k < choice.size() && ++choice[k] == widths[k].size())
      choice[k++] = 0;
    if (k == choice.size())
      break;
  }
  return false;
}

/// Dimensions `i` and `j` holding `x / s` and `x % s` (as a collapsed loop's
/// delinearized indices do) in both accesses are replaced by `x`: together
/// they are equal exactly when `x` is.
void RaceProver::combineDivRem(SmallVectorImpl<IndexForm> &a,
                               SmallVectorImpl<IndexForm> &b) {
  auto single = [](const IndexForm &form) -> std::optional<Factor> {
    if (form.getTerms().size() == 1 && form.getTerms()[0].factors.size() == 1 &&
        form.getTerms()[0].coefficient == 1)
      return form.getTerms()[0].factors[0];
    return std::nullopt;
  };
  auto divRemOf = [&](const IndexForm &form) -> std::optional<DivRem> {
    if (std::optional<Factor> factor = single(form))
      return analysis.getDivRem(*factor);
    return std::nullopt;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned i = 0; i < a.size() && !changed; ++i) {
      for (unsigned j = 0; j < a.size() && !changed; ++j) {
        if (i == j)
          continue;
        std::optional<DivRem> aDiv = divRemOf(a[i]), aRem = divRemOf(a[j]);
        std::optional<DivRem> bDiv = divRemOf(b[i]), bRem = divRemOf(b[j]);
        if (!aDiv || !aRem || !bDiv || !bRem || !aDiv->isDiv || aRem->isDiv ||
            !bDiv->isDiv || bRem->isDiv)
          continue;
        if (aDiv->kind != aRem->kind || bDiv->kind != aDiv->kind ||
            bRem->kind != aDiv->kind || aDiv->numerator != aRem->numerator ||
            bDiv->numerator != bRem->numerator ||
            aDiv->divisor != aRem->divisor || bDiv->divisor != aDiv->divisor ||
            bRem->divisor != aDiv->divisor ||
            aDiv->divisor.anyFactor(
                [&](Factor f) { return getRole(f) != Role::Shared; }))
          continue;
        a[i] = aDiv->numerator;
        b[i] = bDiv->numerator;
        a.erase(a.begin() + j);
        b.erase(b.begin() + j);
        changed = true;
      }
    }
  }
}

/// The first view (or cast) between `memref` and its buffer for which
/// `stops` holds, or null.
static Operation *findView(Value memref,
                           function_ref<bool(Operation *)> stops) {
  while (Operation *def = memref.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view && !isa<memref::CastOp>(def))
      return nullptr;
    if (stops(def))
      return def;
    memref =
        isa<memref::CastOp>(def) ? def->getOperand(0) : view.getViewSource();
  }
  return nullptr;
}

/// The first view between `memref` and its buffer whose indices the
/// analysis does not map to the buffer's (a collapse_shape, a
/// reinterpret_cast), or null.
static Operation *getOpaqueView(Value memref) {
  return findView(memref, [](Operation *op) {
    return !isa<memref::SubViewOp, memref::CastOp, memref::TransposeOp,
                memref::ExpandShapeOp>(op);
  });
}

/// Whether distinct indices of `memref` are distinct elements of its
/// buffer: every view in between places them so (a subview with nonzero
/// strides, a cast, a transpose, an expand_shape or a collapse_shape).
static bool isInjectiveView(Value memref) {
  return !findView(memref, [](Operation *op) {
    if (auto subview = dyn_cast<memref::SubViewOp>(op))
      return llvm::any_of(subview.getStaticStrides(), [](int64_t stride) {
        return stride == 0 || ShapedType::isDynamic(stride);
      });
    return !isa<memref::CastOp, memref::TransposeOp, memref::ExpandShapeOp,
                memref::CollapseShapeOp>(op);
  });
}

bool RaceProver::proveDisjoint(const MemoryAccess &a, const MemoryAccess &b) {
  const std::optional<SmallVector<IndexForm>> *indicesA = &a.rootIndices,
                                              *indicesB = &b.rootIndices;
  // Two accesses through one view whose indices the analysis does not map
  // to the buffer's (a collapse_shape): they meet where that view's
  // indices do, when the view puts distinct indices at distinct elements.
  if ((!a.rootIndices || !b.rootIndices) && a.memref == b.memref && a.indices &&
      b.indices && isInjectiveView(a.memref)) {
    indicesA = &a.indices;
    indicesB = &b.indices;
  }
  // Every variable of the loop must be known (its bounds read).
  if (!*indicesA || !*indicesB || loopVars.size() != numIVs || numIVs == 0 ||
      (*indicesA)->size() != (*indicesB)->size())
    return false;
  same.clear();
  // A dimension with a single iteration (a loop from 0 to 1 that keeps a
  // write next to a reduction) is the same in both iterations.
  for (Factor var : loopVars) {
    const IndexVar *info = analysis.getVar(var);
    for (const IndexForm &width : info->widths)
      if (std::optional<int64_t> w = width.getConstant())
        if (*w <= info->step.value_or(1))
          same.insert(var);
  }
  SmallVector<IndexForm> first(**indicesA), second(**indicesB);
  combineDivRem(first, second);
  while (true) {
    bool progress = false;
    for (auto [x, y] : llvm::zip(first, second)) {
      IndexForm difference = tag(x, kFirst) - tag(y, kSecond);
      if (neverZero(difference))
        return true;
      for (Factor var : loopVars)
        if (!same.contains(var) && peel(difference, var)) {
          same.insert(var);
          progress = true;
          break;
        }
    }
    if (llvm::all_of(loopVars, [&](Factor v) { return same.contains(v); }))
      return true;
    if (!progress)
      return false;
  }
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// Whether `value` is computed from something read from memory.
static bool isReadFromMemory(Value value) {
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second || seen.size() > 64)
      continue;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(def))
      if (iface.hasEffect<MemoryEffects::Read>())
        return true;
    llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

static constexpr StringLiteral kAdvice =
    "; use memref.atomic_rmw for updates that may meet, a reduction "
    "(scf.reduce) to combine values across iterations, or a sequential loop "
    "(scf.for) when iterations depend on each other";

namespace {
struct OffloadCheckRacesPass
    : public offload::impl::OffloadCheckRacesBase<OffloadCheckRacesPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    SymbolTableCollection symbols;
    // A write is reported once, also in a function several kernels call.
    llvm::SmallPtrSet<Operation *, 8> reported;
    for (KernelOp kernel : getOperation().getOps<KernelOp>()) {
      if (kernel.getAllowRaces())
        continue;
      AccessIndexAnalysis analysis;
      // The kernel and the functions with a body it calls, directly or
      // not: their parallel loops run on the device too.
      SmallVector<Operation *> scopes = {kernel};
      llvm::SmallPtrSet<Operation *, 8> seen = {kernel};
      for (unsigned i = 0; i < scopes.size(); ++i)
        scopes[i]->walk([&](CallOpInterface call) {
          auto callee = dyn_cast_or_null<FunctionOpInterface>(
              call.resolveCallableInTable(&symbols));
          if (callee && !callee.isExternal() && seen.insert(callee).second)
            scopes.push_back(callee);
        });
      for (Operation *scope : scopes)
        scope->walk<WalkOrder::PreOrder>([&](Operation *loop) {
          if (isa<scf::ParallelOp, scf::ForallOp>(loop))
            failed |= !checkLoop(kernel, scope, loop, analysis, reported);
        });
    }
    if (failed)
      signalPassFailure();
  }

  /// Reports every write of `loop` (in `scope`: `kernel` or a function it
  /// calls) that may meet an access of another iteration; returns whether
  /// there was none.
  bool checkLoop(KernelOp kernel, Operation *scope, Operation *loop,
                 AccessIndexAnalysis &analysis,
                 llvm::SmallPtrSetImpl<Operation *> &reported) {
    SmallVector<MemoryAccess, 0> accesses = analysis.getAccesses(loop, scope);
    RaceProver prover(analysis, loop);
    bool ok = true;
    for (const MemoryAccess &write : accesses) {
      if (!write.writes || reported.contains(write.op))
        continue;
      // The write itself (in two iterations) first, then the others.
      SmallVector<const MemoryAccess *> others = {&write};
      for (const MemoryAccess &other : accesses)
        if (&other != &write)
          others.push_back(&other);
      for (const MemoryAccess *other : others) {
        if (write.atomic && other->atomic)
          continue;
        if (write.root && other->root && write.root != other->root)
          continue;
        if (prover.proveDisjoint(write, *other))
          continue;
        report(kernel, scope, loop, write, *other, prover, analysis);
        reported.insert(write.op);
        ok = false;
        break;
      }
    }
    return ok;
  }

  void report(KernelOp kernel, Operation *scope, Operation *loop,
              const MemoryAccess &write,
              const MemoryAccess &other, RaceProver &prover,
              AccessIndexAnalysis &analysis) {
    std::string buffer = describeBuffer(write.root);
    std::string opName = ("'" + write.op->getName().getStringRef() + "'").str();
    InFlightDiagnostic diag = write.op->emitError();
    if (!write.root) {
      diag << opName
           << " writes through a memref that the compiler cannot trace to "
              "a buffer, so it cannot prove that iterations of the parallel "
              "loop write different elements";
    } else if (!write.rootIndices) {
      diag << opName << " writes " << buffer
           << " at elements the compiler cannot determine, so it cannot "
              "prove that iterations of the parallel loop write different "
              "elements";
    } else if (&other == &write) {
      if (prover.hasOpaqueIndex(write)) {
        bool fromMemory = false;
        for (const IndexForm &form : *write.rootIndices)
          fromMemory |= form.anyFactor([&](Factor f) {
            Value v = prover.getRole(f) == Role::Opaque ? analysis.getValue(f)
                                                        : Value();
            return v && isReadFromMemory(v);
          });
        diag << opName << " writes " << buffer << " at an index "
             << (fromMemory ? "read from memory"
                            : "that the compiler cannot follow")
             << ", so two iterations of the parallel loop may write the "
                "same element";
      } else if (!prover.dependsOnLoop(write)) {
        bool several = llvm::any_of(*write.rootIndices, [&](auto &form) {
          return form.anyFactor(
              [&](Factor f) { return prover.getRole(f) == Role::Free; });
        });
        if (write.explicitIndices)
          diag << "every iteration of the parallel loop writes the same "
               << (several ? "elements" : "element") << " of " << buffer
               << " with " << opName;
        else
          diag << "every iteration of the parallel loop writes " << buffer
               << " with " << opName
               << ", all of it as far as the compiler can tell"
               << describeNotInlined(write.op);
      } else {
        diag << opName << " may write the same element of " << buffer
             << " in two iterations of the parallel loop";
      }
    } else {
      diag << opName << " writes an element of " << buffer
           << " that another iteration of the parallel loop may "
           << (other.writes ? "also write" : "read") << " with '"
           << other.op->getName() << "' at "
           << formatLocation(other.op->getLoc());
    }
    if (scope != kernel.getOperation())
      diag << " (in @" << cast<SymbolOpInterface>(scope).getName()
           << ", which kernel @" << kernel.getSymName() << " calls)";
    diag << kAdvice << ", or mark kernel @" << kernel.getSymName()
         << " 'allow_races' if the accesses never meet";
    if (&other != &write)
      diag.attachNote(other.op->getLoc()) << "the other access";
    for (const MemoryAccess *access : {&write, &other})
      if (!access->rootIndices)
        if (Operation *view = getOpaqueView(access->memref)) {
          diag.attachNote(view->getLoc())
              << "the compiler does not follow indices through this '"
              << view->getName() << "' to the elements of " << buffer;
          break;
        }
    diag.attachNote(loop->getLoc())
        << "iterations of this loop may run at the same time";
  }
};
} // namespace
