//===- ByteRange.h - the bytes a buffer covers, at run time -----*- C++ -*-===//
//
// The host addresses a memref's elements span, computed by the program at
// run time, and whether two buffers overlap: for the checks of entry points
// (offload-add-entry-checks) and for updates that only a caller passing one
// buffer twice needs (offload-hoist-transfers).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_BYTERANGE_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_BYTERANGE_H

#include "mlir/IR/Builders.h"

namespace mlir::offload {

/// The size in bytes of an element of type `type`, or 0 when not known
/// here.
int64_t getElementSize(Type type);

/// The bytes [begin, end) (index values) that the elements of `memref`
/// cover (end == begin when it has none), computed at `b`. Its element
/// type must have a known size.
std::pair<Value, Value> buildByteRange(OpBuilder &b, Location loc,
                                       Value memref);

/// Whether the elements of `a` and `b` share a byte (an i1), computed at
/// `builder`.
Value buildOverlaps(OpBuilder &builder, Location loc, Value a, Value b);

/// Whether the rows of `memref` (its outermost dimension) may share bytes of
/// their spans with one another (an i1, computed at `builder`): its
/// outermost stride is less than the span of a row (a transposed view, a
/// broadcast); null when its type says they cannot. Sections of different
/// rows then move overlapping bytes.
Value buildRowsInterleave(OpBuilder &builder, Location loc, Value memref);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_BYTERANGE_H
