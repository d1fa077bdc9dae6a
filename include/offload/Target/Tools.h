//===- Tools.h - external tools the compiler runs ---------------*- C++ -*-===//
//
// Each lookup tries, in order: an environment variable, the path found when
// the project was configured, then PATH.
//
//   OFFLOAD_LLD       ld.lld (links host images)
//   OFFLOAD_CLANG     clang (links programs in offload-cc)
//   OFFLOAD_PTXAS     ptxas (NVPTX cubins); CUDA_HOME/CUDA_PATH/bin also
//   OFFLOAD_LIBDEVICE CUDA's libdevice.10.bc (NVPTX math functions); else
//                     next to ptxas, in CUDA_HOME/CUDA_PATH/CUDA_ROOT, or in
//                     /usr/local/cuda (nvvm/libdevice/)
//   OFFLOAD_ROCM_BITCODE_DIR  ROCm device libraries (ocml.bc, ockl.bc, ...)
//   OFFLOAD_LIBOMPTARGET_DIR  directory of libomptarget.so
//   OFFLOAD_RUNTIME_LIB       libOffloadRuntime.a (queued launches); also
//                             looked for next to the library or tool that
//                             runs this code
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_TOOLS_H
#define OFFLOAD_TARGET_TOOLS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace mlir::offload {

std::optional<std::string> findLld();
std::optional<std::string> findClang();
std::optional<std::string> findPtxas();
/// CUDA's libdevice.10.bc, whose __nv_* functions NVPTX kernels call for
/// math; without it they use the math dialect's approximations.
/// OFFLOAD_LIBDEVICE set to a file that does not exist means none.
std::optional<std::string> findLibdevice();
/// Directory holding the ROCm device library bitcode (ocml.bc, ...).
std::optional<std::string> findRocmBitcodeDir();
std::string getLibomptargetDir();
/// libOffloadRuntime.a, the support library programs link for queued
/// launches (include/offload/Runtime/OffloadRuntime.h), or nothing when it
/// cannot be found.
std::optional<std::string> findRuntimeLibrary();

/// A directory laid out like a ROCm installation (amdgcn/bitcode and
/// llvm/bin/ld.lld, as symbolic links), which MLIR's AMDGPU serializer
/// expects; created once per process under the system's temporary
/// directory. Fails when the device libraries or ld.lld are missing.
std::optional<std::string> getRocmToolkitDir();

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_TOOLS_H
