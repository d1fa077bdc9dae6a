//===- ParserGuards.h - input MLIR 22's parser crashes on -------*- C++ -*-===//
//
// Text that makes Debian's MLIR 22 parser crash instead of reporting an
// error, found by fuzzing (docs/Fuzzing.md). Our tools check their input for
// it before parsing and report it as a parse error would be.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_PARSERGUARDS_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_PARSERGUARDS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace offload {

/// Reports (as errors at their locations, through the context's handlers)
/// what in the main buffer of `sourceMgr` MLIR 22's parser would crash on:
/// the custom forms of `linalg.reduce`, `linalg.broadcast` and
/// `linalg.transpose` with `dimensions = [...]` / `permutation = [...]`
/// lists that are not integers (the parser stores a null attribute).
LogicalResult checkParserCrashes(llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_PARSERGUARDS_H
