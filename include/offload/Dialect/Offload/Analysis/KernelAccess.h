//===- KernelAccess.h - What kernels do with their buffers ------*- C++ -*-===//
//
// The memory-effect analysis behind automatic data movement: for each buffer
// argument of an offload.kernel, whether the kernel reads it, writes it,
// overwrites all of it before reading any of it, and which part of it along
// the outermost dimension it can touch. Map inference, the aliasing check and
// transfer hoisting all ask it.
//
// The analysis follows a buffer through view-like ops, branches to other
// blocks and calls to functions with bodies, and reads every op's
// MemoryEffectOpInterface; an op it cannot see through makes the answer the
// safe one (read and written, whole buffer) and records why.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELACCESS_H
#define OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELACCESS_H

#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace mlir::offload {

/// The part of a buffer a kernel can touch along its outermost dimension:
/// indices [lb + minOffset, ub + maxOffset) where [lb, ub) is dimension
/// `loopDim` of the kernel's parallel loop (step 1).
struct BufferSection {
  unsigned loopDim = 0;
  int64_t minOffset = 0;
  int64_t maxOffset = 0;
  /// The loop dimension runs over the whole outermost dimension of the
  /// buffer (from 0 to its size): the section is the whole buffer.
  bool wholeBuffer = false;
  /// For a buffer of rank 2: every access indexes its second dimension at
  /// `iv + c` of loop dimension `colLoopDim` (another than `loopDim`, step
  /// 1), so the kernel touches only columns [lb + colMinOffset, ub +
  /// colMaxOffset) of the rows above: a box.
  bool hasColumns = false;
  unsigned colLoopDim = 0;
  int64_t colMinOffset = 0;
  int64_t colMaxOffset = 0;
  /// The column loop runs over the whole second dimension: whole rows.
  bool wholeColumns = false;

  /// Whether the section is a box narrower than the rows it spans.
  bool isBox() const { return hasColumns && !wholeColumns; }
};

/// What a kernel does with one buffer argument.
struct BufferAccess {
  bool read = false;
  bool written = false;
  /// Every element of the buffer is written, and none is read before the
  /// kernel wrote it (a fill before the matmul that accumulates into it, a
  /// load of the element a parallel iteration stored before): the kernel
  /// needs none of its previous contents.
  bool overwritesAll = false;
  /// Every element of `section` is written (and none read).
  bool overwritesSection = false;
  /// The part of the buffer the kernel can touch, when the analysis can
  /// bound it by the parallel loop.
  std::optional<BufferSection> section;
  /// Why the answer is the conservative one, when it is.
  std::string conservative;

  bool isAccessed() const { return read || written; }
  /// Merges the access through another argument bound to the same buffer.
  void merge(const BufferAccess &other);
};

/// Computes and caches the accesses of kernel arguments.
class KernelAccessAnalysis {
public:
  /// What `kernel` does with its argument #`index` (a memref), or with
  /// member #`member` of that argument when it is an aggregate.
  const BufferAccess &getAccess(KernelOp kernel, unsigned index,
                                int member = -1);

private:
  llvm::DenseMap<std::tuple<Operation *, unsigned, int>, BufferAccess> cache;
};

/// Clones, at `b`'s insertion point, the computation of `value`, a value
/// defined in `kernel` before its parallel loop (or an argument, or a
/// constant), reading kernel arguments from `launch`'s operands. Returns
/// null when the computation reads memory or cannot be recomputed.
Value materializeOnHost(OpBuilder &b, LaunchOp launch, KernelOp kernel,
                        OpFoldResult value);

/// The same with the caller's `mapping` (kernel arguments to host values,
/// and what was cloned before), so that several values share clones.
Value materializeOnHost(OpBuilder &b, KernelOp kernel, Value value,
                        IRMapping &mapping);

/// The buffer `value` is a view of: follows view-like ops to their source,
/// and calls whose callee returns its argument (getReturnedArgument) to it.
Value getViewRoot(Value value);

/// The argument of `call` its callee returns as result #`result` (itself,
/// or a memref.cast of it: the same indices locate the same elements), when
/// every return of the callee's body gives back the same one.
std::optional<unsigned> getReturnedArgument(CallOpInterface call,
                                            unsigned result);

/// Calls `fn` on every use of `root` and of the views of it, except the
/// uses that create views. The memref results of other ops that take it
/// (calls, region ops) count as views too: they may return it (a call's
/// result that its callee surely makes of another argument does not).
void forEachUseThroughViews(Value root, function_ref<void(OpOperand &)> fn);

/// Whether a map clause of a view of type `type` may move bytes that are
/// not its elements: its span from the first element to the last holds
/// gaps (a column, a view with strides not packed row-major), unless moved
/// row by row (a 2-D view whose rows are contiguous: a box). A kernel
/// writing every element of it leaves the gaps unwritten on the device, so
/// what maps it must copy them in before copying the span back.
bool mayHaveGaps(MemRefType type);
/// The same for `view`, whose type may say less than what it is a
/// memref.cast of.
bool mayHaveGaps(Value view);

/// Whether `user`, an op taking a buffer, hands out its address (a raw
/// pointer: memref.extract_aligned_pointer_as_index, a conversion cast):
/// what is done through it later is not a use of the buffer the passes see.
bool isAddressEscape(Operation *user);

/// Ops with OffloadDialect::getAddressQueryAttrName() hand out nothing.

/// Whether the callee of `call` returns, as its result #`result`, a buffer
/// it allocates itself (`memref.alloc`, through casts), or such a result of
/// a call it makes, on every path: no buffer its caller passed.
bool returnsNewBuffer(CallOpInterface call, unsigned result);

/// Whether anything (host code or another launch) may read `buffer` after
/// `op` (and what it nests) has run. Only a buffer the function allocates
/// itself can be proven dead afterwards: any other belongs to someone who
/// may look at it. Uses that only take its shape (memref.dim), and uses
/// whose declared memory effects on it are writes or a free (a store, a
/// dealloc), do not count.
/// Uses `ignore` returns true for do not count either (those through
/// another name the caller accounts for). `ownBuffer`: the caller knows the
/// op making `buffer`'s root makes a new buffer that nothing else refers to
/// (a call returning what its callee allocates, which nothing else there
/// keeps), as an allocation does.
bool mayBeReadAfter(Operation *op, Value buffer,
                    function_ref<bool(OpOperand &)> ignore = nullptr,
                    bool ownBuffer = false);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_ANALYSIS_KERNELACCESS_H
