//===- AccessIndices.h - Which elements memory accesses touch ---*- C++ -*-===//
//
// The index arithmetic behind the race and bounds checks of kernels: the
// indices of memory accesses as polynomials over loop variables and values
// the analysis does not look into, the ranges of the loop variables, and the
// buffer each access reaches through views.
//
// A loop's induction variable x stands, in every polynomial, for its offset
// from the loop's lower bound: x = lower + x', x' in {0, step, 2 step, ...}
// below the loop's width (upper - lower). Polynomials keep the lower bound
// apart, so an index that only depends on iteration numbers is the same
// polynomial whatever the bounds are.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_ACCESSINDICES_H
#define OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_ACCESSINDICES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>
#include <optional>

namespace mlir::offload {

/// A factor of a polynomial: the address of an SSA value's implementation,
/// of an IndexVar or of a buffer size the analysis owns. Addresses are
/// 8-byte aligned; the two low bits are free for callers to tag copies of a
/// factor (see IndexForm::mapFactors).
using Factor = uintptr_t;

/// A polynomial with 64-bit integer coefficients over factors, or unknown
/// (too large, or a coefficient overflowed).
class IndexForm {
public:
  struct Term {
    /// Sorted; empty for the constant term.
    SmallVector<Factor, 2> factors;
    int64_t coefficient;
  };

  /// Zero.
  IndexForm() = default;
  static IndexForm constant(int64_t value);
  static IndexForm factor(Factor factor);
  static IndexForm unknown();

  bool isUnknown() const { return !known; }
  /// The value of a polynomial without factors.
  std::optional<int64_t> getConstant() const;
  /// The constant term (0 when there is none).
  int64_t getConstantTerm() const;
  ArrayRef<Term> getTerms() const { return terms; }

  IndexForm operator+(const IndexForm &other) const;
  IndexForm operator-(const IndexForm &other) const;
  IndexForm operator*(const IndexForm &other) const;
  IndexForm operator*(int64_t scale) const;
  bool operator==(const IndexForm &other) const;
  bool operator!=(const IndexForm &other) const { return !(*this == other); }

  /// The polynomial with every factor f replaced by `fn(f)`.
  IndexForm mapFactors(function_ref<Factor(Factor)> fn) const;
  /// Whether some term has a factor for which `fn` holds.
  bool anyFactor(function_ref<bool(Factor)> fn) const;

private:
  void addTerm(ArrayRef<Factor> factors, int64_t coefficient);
  void normalize();

  bool known = true;
  SmallVector<Term, 4> terms;
};

/// A variable ranging over an interval: an induction variable of a loop, or
/// a position in a vector access or in an access of a whole buffer. Its
/// factor stands for the offset from `lower`: 0, step, 2 step, ... while it
/// stays below the width (the trip range `upper - lower`).
struct IndexVar {
  /// The loop (or the access, for positions).
  Operation *owner = nullptr;
  unsigned dim = 0;
  IndexForm lower;
  /// Candidates for the width: each is an upper bound of offset + 1 (an
  /// upper bound `min(a, b)` gives two).
  SmallVector<IndexForm, 2> widths;
  /// The step when it is a constant.
  std::optional<int64_t> step;
  /// The variable reaches its last value at `widths[0] - 1` when it runs:
  /// a single width and a step of 1.
  bool exact = false;
};

/// How a memory access reaches its buffer.
struct MemoryAccess {
  Operation *op = nullptr;
  /// The memref the op accesses.
  Value memref;
  bool reads = false;
  bool writes = false;
  /// An atomic read-modify-write.
  bool atomic = false;
  /// The op names the element it accesses (a load, a store, a vector
  /// access); otherwise it accesses the whole memref.
  bool explicitIndices = false;
  /// The indices into `memref`, one per dimension (positions in vectors and
  /// whole accesses are IndexVars); none when unknown.
  std::optional<SmallVector<IndexForm>> indices;
  /// The buffer `memref` is a view of (its root, see getViewRoot), null when
  /// untraceable, and the indices into it; none when the views in between
  /// do not map indices in a way the analysis follows.
  Value root;
  std::optional<SmallVector<IndexForm>> rootIndices;
};

/// One division or remainder of index arithmetic, as in the delinearized
/// indices of a collapsed loop: `numerator / divisor` or `numerator %
/// divisor`. A pair with the same numerator, divisor and kind determines the
/// numerator.
struct DivRem {
  bool isDiv;
  /// 0: unsigned; 1: signed, rounding to zero; 2: floor (affine).
  unsigned kind;
  IndexForm numerator, divisor;
};

/// Polynomials of index values, loop variables and accesses, computed on
/// demand and cached. Valid while the IR does not change.
class AccessIndexAnalysis {
public:
  /// The polynomial of an index (or integer) value. Loop induction
  /// variables are expanded into `lower + offset`; values that are not
  /// sums, differences, products, casts or affine maps of others are
  /// factors of their own.
  IndexForm getForm(Value value);
  /// The size of dimension `dim` of `memref`: a constant, or a factor that
  /// stands for it (the same for every memref.dim of it).
  IndexForm getSize(Value memref, unsigned dim);

  /// The variable a factor (untagged) stands for, or null.
  const IndexVar *getVar(Factor factor) const;
  /// The value a factor stands for, or null (variables and sizes).
  Value getValue(Factor factor) const;
  /// The memref and dimension of a size factor, or a null memref.
  std::pair<Value, unsigned> getSizeOf(Factor factor) const;
  /// Whether `factor` only takes values >= 0: a size, a variable's offset.
  bool isNonNegative(Factor factor) const;
  /// Whether `form` is >= 0 whatever its factors are: a constant >= 0, or a
  /// sum of positive multiples of products of nonnegative factors plus a
  /// nonnegative constant.
  bool isNonNegative(const IndexForm &form) const;

  /// The division or remainder a factor stands for, if any.
  std::optional<DivRem> getDivRem(Factor factor);

  /// The memory accesses nested in `op`'s regions, in order. Accesses of
  /// buffers allocated inside `scope` (private to a thread) are left out,
  /// unless `withPrivate`.
  SmallVector<MemoryAccess, 0> getAccesses(Operation *op, Operation *scope,
                                           bool withPrivate = false);

  /// Whether `value` is the same in every iteration of `loop`: defined
  /// outside it, or computed without memory from such values.
  bool isInvariant(Value value, Operation *loop);

private:
  IndexForm computeForm(Value value);
  IndexVar *getOrCreateLoopVar(Value iv);
  Factor getPositionVar(Operation *owner, unsigned dim, IndexForm width);
  bool addAccess(SmallVectorImpl<MemoryAccess> &accesses, Operation *op,
                 Value memref, ValueRange indices, bool reads, bool writes,
                 bool atomic, ArrayRef<int64_t> lanes = {});
  bool addIndexedAccess(SmallVectorImpl<MemoryAccess> &accesses,
                        Operation *op);
  void addWholeAccess(SmallVectorImpl<MemoryAccess> &accesses, Operation *op,
                      Value memref, bool reads, bool writes);
  void resolveRoot(MemoryAccess &access);

  llvm::DenseMap<Value, IndexForm> forms;
  unsigned depth = 0;
  llvm::DenseMap<Value, IndexVar *> loopVars;
  llvm::DenseMap<Factor, IndexVar *> varsByFactor;
  std::deque<IndexVar> varStorage;
  struct SizeKey {
    Value memref;
    unsigned dim;
  };
  std::deque<SizeKey> sizeStorage;
  llvm::DenseMap<std::pair<Value, unsigned>, Factor> sizes;
  llvm::DenseMap<Factor, SizeKey *> sizesByFactor;
  llvm::DenseMap<Value, Value> rootRepresentatives;
};

/// The buffer a memory access reaches, canonical over the offload.unpack
/// ops of one aggregate (each member is one buffer).
Value getCanonicalRoot(Value root);

/// How diagnostics name a buffer: "argument #1 of @k", "member #0 of
/// argument #2 of @k", "global @g", or where it is defined.
std::string describeBuffer(Value root);

/// `file:line:col` of a location (or of the first such location it holds),
/// for diagnostics that name another operation.
std::string formatLocation(Location loc);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_ACCESSINDICES_H
