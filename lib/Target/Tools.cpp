//===- Tools.cpp - external tools the compiler runs -------------*- C++ -*-===//

#include "offload/Target/Tools.h"
#include "offload/Config.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace mlir;
using namespace mlir::offload;

/// `env` if set, else `configured` if it exists, else `name` on PATH.
static std::optional<std::string>
findTool(const char *env, llvm::StringRef configured, llvm::StringRef name) {
  if (std::optional<std::string> path = llvm::sys::Process::GetEnv(env))
    return llvm::sys::fs::can_execute(*path) ? path : std::nullopt;
  if (!configured.empty() && llvm::sys::fs::can_execute(configured))
    return configured.str();
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
    return *path;
  return std::nullopt;
}

std::optional<std::string> mlir::offload::findLld() {
  return findTool("OFFLOAD_LLD", OFFLOAD_LLD_PATH, "ld.lld");
}

std::optional<std::string> mlir::offload::findClang() {
  return findTool("OFFLOAD_CLANG", OFFLOAD_CLANG_PATH, "clang");
}

std::optional<std::string> mlir::offload::findPtxas() {
  if (std::optional<std::string> path =
          findTool("OFFLOAD_PTXAS", OFFLOAD_PTXAS_PATH, "ptxas"))
    return path;
  for (const char *env : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (std::optional<std::string> root = llvm::sys::Process::GetEnv(env)) {
      llvm::SmallString<256> path(*root);
      llvm::sys::path::append(path, "bin", "ptxas");
      if (llvm::sys::fs::can_execute(path))
        return std::string(path);
    }
  return std::nullopt;
}

std::optional<std::string> mlir::offload::findLibdevice() {
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("OFFLOAD_LIBDEVICE"))
    return llvm::sys::fs::exists(*env) ? env : std::nullopt;
  llvm::SmallVector<std::string> roots;
  if (std::optional<std::string> ptxas = findPtxas()) {
    llvm::SmallString<256> root(*ptxas);
    llvm::sys::path::remove_filename(root); // .../bin
    llvm::sys::path::remove_filename(root); // toolkit root
    roots.push_back(std::string(root));
  }
  for (const char *env : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (std::optional<std::string> root = llvm::sys::Process::GetEnv(env))
      roots.push_back(*root);
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}

std::optional<std::string> mlir::offload::findRocmBitcodeDir() {
  std::string dir = OFFLOAD_ROCM_BITCODE_DIR;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("OFFLOAD_ROCM_BITCODE_DIR"))
    dir = *env;
  llvm::SmallString<256> ocml(dir);
  llvm::sys::path::append(ocml, "ocml.bc");
  if (dir.empty() || !llvm::sys::fs::exists(ocml))
    return std::nullopt;
  return dir;
}

std::string mlir::offload::getLibomptargetDir() {
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("OFFLOAD_LIBOMPTARGET_DIR"))
    return *env;
  return OFFLOAD_LIBOMPTARGET_DIR;
}

std::optional<std::string> mlir::offload::findRuntimeLibrary() {
  static constexpr llvm::StringLiteral kName = "libOffloadRuntime.a";
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("OFFLOAD_RUNTIME_LIB"))
    return llvm::sys::fs::exists(*env) ? env : std::nullopt;
  // Next to the shared library or executable holding this code (the Python
  // package keeps it beside libOffloadCAPI.so), or in ../lib from a tool.
  Dl_info self;
  if (dladdr(reinterpret_cast<void *>(&findRuntimeLibrary), &self) &&
      self.dli_fname && llvm::sys::path::is_absolute(self.dli_fname)) {
    llvm::StringRef dir = llvm::sys::path::parent_path(self.dli_fname);
    llvm::SmallString<256> beside(dir), lib(dir);
    llvm::sys::path::append(beside, kName);
    llvm::sys::path::append(lib, "..", "lib", kName);
    for (llvm::StringRef path : {beside.str(), lib.str()})
      if (llvm::sys::fs::exists(path))
        return path.str();
  }
  if (llvm::sys::fs::exists(OFFLOAD_RUNTIME_LIB_PATH))
    return std::string(OFFLOAD_RUNTIME_LIB_PATH);
  return std::nullopt;
}

std::optional<std::string> mlir::offload::getRocmToolkitDir() {
  static std::mutex mutex;
  static std::optional<std::string> cached;
  std::lock_guard<std::mutex> lock(mutex);
  if (cached)
    return cached;
  std::optional<std::string> bitcode = findRocmBitcodeDir();
  std::optional<std::string> lld = findLld();
  if (!bitcode || !lld)
    return std::nullopt;
  llvm::SmallString<256> root;
  if (llvm::sys::fs::createUniqueDirectory("offload-rocm", root))
    return std::nullopt;
  llvm::SmallString<256> amdgcn(root), bin(root);
  llvm::sys::path::append(amdgcn, "amdgcn");
  llvm::sys::path::append(bin, "llvm", "bin");
  llvm::SmallString<256> bitcodeLink(amdgcn), lldLink(bin);
  llvm::sys::path::append(bitcodeLink, "bitcode");
  llvm::sys::path::append(lldLink, "ld.lld");
  if (llvm::sys::fs::create_directories(amdgcn) ||
      llvm::sys::fs::create_directories(bin) ||
      llvm::sys::fs::create_link(*bitcode, bitcodeLink) ||
      llvm::sys::fs::create_link(*lld, lldLink))
    return std::nullopt;
  cached = std::string(root);
  std::atexit([] { llvm::sys::fs::remove_directories(*cached); });
  return cached;
}
