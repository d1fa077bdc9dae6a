//===- HostCodegen.h - compile LLVM IR for the host -------------*- C++ -*-===//
//
// Host code generation shared by the driver (the program's host code) and the
// host target (kernel images for the runtime's host plugin).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOSTCODEGEN_H
#define OFFLOAD_TARGET_HOSTCODEGEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::offload {

/// Optimizes `module` at `optLevel` (0-3, like clang's -O) for the machine
/// the compiler runs on, with the generic CPU of its architecture (programs
/// and host images may run on another machine), and writes a
/// position-independent object file to `path`.
llvm::Error compileToHostObject(llvm::Module &module, llvm::StringRef path,
                                unsigned optLevel);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_HOSTCODEGEN_H
