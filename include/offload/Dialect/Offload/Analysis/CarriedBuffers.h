//===- CarriedBuffers.h - Buffers loops pass between iterations -*- C++ -*-===//
//
// The buffers an scf.for or scf.while passes from one iteration to the next
// in its iteration arguments, permuted (ping-pong: read one, write the
// other, swap), grouped by the values that may hold the same buffer: the
// loop's arguments, and what its body makes of them (a memref.cast, the
// results of an scf.if choosing between them, of an inner loop passing them
// on, of a call whose callee returns the argument it was given).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_CARRIEDBUFFERS_H
#define OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_CARRIEDBUFFERS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::offload {

/// Buffers a loop passes from one iteration to the next, permuted: it
/// starts with its initial values at `inits` (with the block argument
/// holding each in its first iteration) and ends with them in `results`.
struct CarriedGroup {
  SmallVector<std::pair<unsigned, Value>> inits;
  SmallVector<Value> results;
  /// Every value inside the loop that holds one of them at run time: the
  /// loop's block arguments (first), and the values its body makes of them
  /// (casts, results of scf.if and of inner loops, calls returning one).
  SmallVector<Value> values;
  /// Why one of them may be another buffer (empty when none may).
  std::string open;

  bool contains(Value value) const { return llvm::is_contained(values, value); }
};

/// The groups of memref values `loop` (an scf.for or scf.while) carries:
/// values its terminators pass to one another.
std::vector<CarriedGroup> getCarriedGroups(Operation *loop);

/// Whether `user`, inside `loop`, only passes `use`'s buffer on to other
/// values of its group (CarriedGroup::values): a terminator of `loop`, of
/// an scf.if, or of an inner scf.for or scf.while, or an inner loop taking
/// it as an initial value.
bool passesCarriedBuffer(Operation *loop, OpOperand &use);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_CARRIEDBUFFERS_H
